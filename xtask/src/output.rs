//! The generated files on disk: formatted by rustfmt, then written, or
//! compared with what is there (`--check`).

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;

use crate::Error;

/// The listing of the generated files, beside them, so that a file the
/// generator no longer writes is found and removed.
const LISTING: &str = "generated.txt";

/// Every file as `cargo fmt` leaves it, so that the check and the format
/// agree: rustfmt (`$RUSTFMT`, else the toolchain's) over each, on every
/// core.
pub fn rustfmt_all(files: Vec<(String, String)>) -> Result<Vec<(String, String)>, Error> {
    let queue = Mutex::new(files.into_iter().enumerate().collect::<Vec<_>>());
    let done = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let Some((i, (name, text))) = queue.lock().expect("the queue").pop() else {
                    break;
                };
                let formatted = rustfmt(&text).map_err(|e| format!("rustfmt on {name}: {e}"));
                done.lock().expect("the results").push((i, name, formatted));
            });
        }
    });
    let mut done = done.into_inner().expect("the results");
    done.sort_by_key(|(i, ..)| *i);
    done.into_iter()
        .map(|(_, name, text)| Ok((name, text?)))
        .collect()
}

fn rustfmt(text: &str) -> Result<String, Error> {
    let program = std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into());
    let mut child = Command::new(&program)
        .args(["--edition", "2021", "--emit", "stdout", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", program.to_string_lossy()))?;
    let mut stdin = child.stdin.take().expect("piped");
    let output = std::thread::scope(|scope| {
        let writer = scope.spawn(move || stdin.write_all(text.as_bytes()));
        let output = child.wait_with_output();
        (writer.join().expect("the writer"), output)
    });
    let output = match output {
        (Ok(()), Ok(output)) => output,
        (Err(e), _) | (_, Err(e)) => return Err(e.into()),
    };
    if !output.status.success() {
        return Err(format!("failed:\n{}", String::from_utf8_lossy(&output.stderr)).into());
    }
    Ok(String::from_utf8(output.stdout)?)
}

/// The listing's text: each name on a line, sorted.
fn listing(files: &[(String, String)]) -> String {
    let mut names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    names.sort_unstable();
    names.iter().map(|n| format!("{n}\n")).collect()
}

/// The files the committed listing names that are no longer generated.
fn stale(out: &Path, files: &[(String, String)]) -> Vec<String> {
    let committed = std::fs::read_to_string(out.join(LISTING)).unwrap_or_default();
    committed
        .split_whitespace()
        .filter(|n| !files.iter().any(|(f, _)| f == n))
        .map(str::to_owned)
        .collect()
}

/// Fails, naming them and showing where, when a file differs from the one
/// under `out`, or the listing does, or a listed file is no longer
/// generated.
pub fn check(out: &Path, files: &[(String, String)]) -> Result<(), Error> {
    let mut bad = Vec::new();
    for (name, text) in files {
        let have = std::fs::read_to_string(out.join(name)).unwrap_or_default();
        if have != *text {
            eprint!("{}", first_difference(name, &have, text));
            bad.push(name.clone());
        }
    }
    let have_listing = std::fs::read_to_string(out.join(LISTING)).unwrap_or_default();
    if have_listing != listing(files) {
        bad.push(LISTING.to_owned());
    }
    bad.extend(stale(out, files));
    if !bad.is_empty() {
        return Err(format!(
            "generated files differ from the committed ones: {bad:?}; run `cargo xtask generate` and commit"
        )
        .into());
    }
    println!("{} generated files match", files.len());
    Ok(())
}

/// Where `have` (committed) and `want` (generated) first differ, with a
/// few lines of each from there.
fn first_difference(name: &str, have: &str, want: &str) -> String {
    let (have, want): (Vec<&str>, Vec<&str>) = (have.lines().collect(), want.lines().collect());
    let line = have
        .iter()
        .zip(&want)
        .position(|(a, b)| a != b)
        .unwrap_or(have.len().min(want.len()));
    let mut out = format!(
        "--- committed/{name}\n+++ generated/{name}\n@@ line {} @@\n",
        line + 1
    );
    for l in have.iter().skip(line).take(5) {
        out.push_str(&format!("-{l}\n"));
    }
    for l in want.iter().skip(line).take(5) {
        out.push_str(&format!("+{l}\n"));
    }
    out
}

/// Writes every file under `out`, removes the listed files no longer
/// generated, and writes the listing.
pub fn write(out: &Path, files: &[(String, String)]) -> Result<(), Error> {
    for name in stale(out, files) {
        let path = out.join(&name);
        std::fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    for (name, text) in files {
        let path = out.join(name);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let path = out.join(LISTING);
    std::fs::write(&path, listing(files)).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("wrote {} files into {}", files.len(), out.display());
    Ok(())
}
