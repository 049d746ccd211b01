//! The generated files on disk: formatted by rustfmt, then written, or
//! compared with what is there (`--check`).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::Error;

/// The listing of the generated files, beside them, so that a listed file
/// the generator does not write (its schema gone) is found and removed.
const LISTING: &str = "generated.txt";

/// Every file as `cargo fmt` leaves it, so that the check and the format
/// agree: written under `scratch` (a directory of the workspace, so that
/// rustfmt finds the workspace's configuration, if it has one), formatted
/// there by one rustfmt (`$RUSTFMT`, else the toolchain's) per core, and
/// read back. One process for many files: a process per file spends about
/// 20 ms starting each, 5 s for the 263 files.
pub fn rustfmt_all(
    files: Vec<(String, String)>,
    scratch: &Path,
) -> Result<Vec<(String, String)>, Error> {
    let _ = std::fs::remove_dir_all(scratch);
    let mut paths = Vec::with_capacity(files.len());
    for (name, text) in &files {
        let path = scratch.join(name);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        paths.push(path);
    }
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let batch = paths.len().div_ceil(workers).max(1);
    std::thread::scope(|scope| {
        let runs: Vec<_> = paths
            .chunks(batch)
            .map(|batch| scope.spawn(move || rustfmt(batch)))
            .collect();
        runs.into_iter()
            .try_for_each(|run| run.join().expect("a rustfmt run"))
    })?;
    let formatted = files
        .into_iter()
        .zip(&paths)
        .map(|((name, _), path)| {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok((name, text))
        })
        .collect();
    let _ = std::fs::remove_dir_all(scratch);
    formatted
}

/// Formats `paths` in place.
fn rustfmt(paths: &[PathBuf]) -> Result<(), Error> {
    let program = std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into());
    let output = Command::new(&program)
        .args(["--edition", "2021", "--quiet"])
        .args(paths)
        .output()
        .map_err(|e| format!("{}: {e}", program.to_string_lossy()))?;
    if !output.status.success() {
        return Err(format!(
            "rustfmt failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
        .into());
    }
    Ok(())
}

/// The listing's text: each name on a line, sorted.
fn listing(files: &[(String, String)]) -> String {
    let mut names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    names.sort_unstable();
    names.iter().map(|n| format!("{n}\n")).collect()
}

/// The files the committed listing names that are not generated.
fn stale(out: &Path, files: &[(String, String)]) -> Vec<String> {
    let committed = std::fs::read_to_string(out.join(LISTING)).unwrap_or_default();
    committed
        .split_whitespace()
        .filter(|n| !files.iter().any(|(f, _)| f == n))
        .map(str::to_owned)
        .collect()
}

/// Fails, naming them and showing where, when a file differs from the one
/// under `out`, or the listing does, or a listed file is not generated.
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

/// The lines where `have` (committed) and `want` (generated) differ: from
/// the first that differs to the last, ten at most of each.
fn first_difference(name: &str, have: &str, want: &str) -> String {
    let (have, want): (Vec<&str>, Vec<&str>) = (have.lines().collect(), want.lines().collect());
    let start = have.iter().zip(&want).take_while(|(a, b)| a == b).count();
    let end = have[start..]
        .iter()
        .rev()
        .zip(want[start..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = format!(
        "--- committed/{name}\n+++ generated/{name}\n@@ line {} @@\n",
        start + 1
    );
    for l in have[start..have.len() - end].iter().take(10) {
        out.push_str(&format!("-{l}\n"));
    }
    for l in want[start..want.len() - end].iter().take(10) {
        out.push_str(&format!("+{l}\n"));
    }
    out
}

/// Writes every file under `out`, removes the listed files not generated,
/// and writes the listing.
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
