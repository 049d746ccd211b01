//! The Java side of the records differentials: `scripts/java-records.sh`
//! (Kafka's `MemoryRecordsBuilder` and `MemoryRecords`), and the comparison
//! of its lines with ours.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Whether a `java` runs here (`JAVA_HOME`'s, or on the path).
pub fn java_available() -> bool {
    let java = std::env::var_os("JAVA_HOME")
        .map(|h| Path::new(&h).join("bin/java"))
        .unwrap_or_else(|| "java".into());
    Command::new(java).arg("-version").output().is_ok()
}

/// The older Kafka release (`kafka-messages/schemas-*/RELEASE`), the last
/// whose `MemoryRecordsBuilder` writes magic 0 and 1.
pub fn older_release() -> String {
    let dir = std::fs::read_dir(repo().join("kafka-messages"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("schemas-"))
        })
        .expect("the older release's schemas");
    std::fs::read_to_string(dir.join("RELEASE"))
        .unwrap()
        .trim()
        .to_owned()
}

/// Runs `java-records.sh` with `args`, against Kafka `release` (`None`: the
/// release of `kafka-messages/schemas/RELEASE`).
pub fn oracle(release: Option<&str>, args: &[&Path]) {
    let script = repo().join("scripts/java-records.sh");
    let mut command = Command::new("bash");
    command.arg(&script).args(args);
    if let Some(release) = release {
        command.env("KAFKA_VERSION", release);
    }
    let status = command.status().expect("bash runs");
    assert!(status.success(), "{} {args:?} failed", script.display());
}

/// Bytes as the oracle writes them: lowercase hex, `-` for null.
pub fn hex(b: Option<&[u8]>) -> String {
    match b {
        None => "-".into(),
        Some(b) => b
            .iter()
            .fold(String::with_capacity(2 * b.len()), |mut s, x| {
                let _ = write!(s, "{x:02x}");
                s
            }),
    }
}

/// Our lines against Java's, line by line, showing where they part (with
/// some context: values can be long).
pub fn compare(ours: &[String], java: &[&str], what: &str) {
    for (i, (o, j)) in ours.iter().zip(java).enumerate() {
        if o != j {
            let at = o.bytes().zip(j.bytes()).take_while(|(a, b)| a == b).count();
            let from = at.saturating_sub(60);
            let cut = |s: &str| {
                s.get(from..(at + 60).min(s.len()))
                    .unwrap_or("")
                    .to_string()
            };
            panic!(
                "{what}, line {}, from byte {from}:\n  ours: {}\n  java: {}",
                i + 1,
                cut(o),
                cut(j)
            );
        }
    }
    assert_eq!(ours.len(), java.len(), "{what}: line count");
}
