//! Every seed of the fuzz targets, and every input that ever failed one
//! (kept beside the seeds, named after what it found), replayed on stable
//! through the same property the target checks, so that `cargo test`
//! covers them without the fuzzer. The properties are the fuzz crate's
//! (`fuzz/src/lib.rs`), included here as a module.
//!
//! Memory: under the counting allocator, no seed may cause an allocation
//! over [`LARGEST_ALLOCATION`], a ceiling that an allocation sized by an
//! untrusted length (a claimed 100 MiB frame, a 4 GiB snappy length) passes.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use kafka_wire_test_support::{measure, Counting};

#[path = "../fuzz/src/lib.rs"]
mod properties;

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The largest allocation a seed may cause: the pcap reader's own 8 MB
/// buffer (pcap-file's) and the 1 MiB decompression limit fit under it.
const LARGEST_ALLOCATION: usize = 16 << 20;

/// The seeds of `target`, by file name, in name order.
fn seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/seeds")
        .join(target);
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_seed_of_every_target_holds_its_property() {
    let mut failed = Vec::new();
    let mut count = 0;
    for &(target, property) in properties::TARGETS {
        let seeds = seeds(target);
        assert!(!seeds.is_empty(), "{target}: no seeds");
        for (name, data) in seeds {
            count += 1;
            let (r, usage) = measure(|| catch_unwind(AssertUnwindSafe(|| property(&data))));
            if r.is_err() {
                failed.push(format!("{target}/{name}: the property failed"));
            } else if usage.largest > LARGEST_ALLOCATION {
                failed.push(format!(
                    "{target}/{name}: an allocation of {} bytes",
                    usage.largest
                ));
            }
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {count} seeds:\n{}",
        failed.len(),
        failed.join("\n")
    );
    println!("{count} seeds replayed");
}

#[test]
fn every_target_of_the_fuzz_crate_has_a_property_and_seeds_here() {
    // A target added to fuzz/Cargo.toml without a property in TARGETS (or
    // one of the older targets, whose properties live in their own files
    // and whose seeds are the JSON documents) fails here.
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/Cargo.toml"))
            .unwrap();
    let older = ["roundtrip", "agree", "json"];
    for line in manifest.lines() {
        let Some(name) = line.strip_prefix("name = \"") else {
            continue;
        };
        let name = name.trim_end_matches('"');
        if name == "kafka-wire-fuzz" || name == "kafka_wire_fuzz" || older.contains(&name) {
            continue;
        }
        assert!(
            properties::TARGETS.iter().any(|(t, _)| *t == name),
            "target {name} has no property in fuzz/src/lib.rs"
        );
    }
}
