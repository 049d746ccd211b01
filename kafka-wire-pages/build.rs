//! Embeds Kafka's JSON schema files (`kafka-messages/schemas/*.json`): each
//! file's text, so that a page can show it, and the `about` text of every
//! field by its path of JSON names, so that a page of one of Kafka's messages
//! shows Kafka's own doc text.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

#[path = "json_comments.rs"]
mod json;

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let dir = manifest.join("../kafka-messages/schemas");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = match fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect(),
        // Outside the workspace (a packaged crate) there are no schema files:
        // pages then show the schema as data and the Rust docs.
        Err(_) => Vec::new(),
    };
    files.sort();
    let mut texts =
        String::from("/// Kafka's schema files by message name, as vendored in kafka-messages.\n");
    texts.push_str("pub(crate) const SCHEMA_FILES: &[(&str, &str)] = &[\n");
    let mut abouts = String::from(
        "/// Each schema's `about` texts by field path (`Topics.Assignments.BrokerIds`).\n",
    );
    abouts.push_str("pub(crate) const ABOUTS: &[(&str, &[(&str, &str)])] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = stem(path);
        let full = path.canonicalize().unwrap_or_else(|_| path.clone());
        writeln!(
            texts,
            "    ({name:?}, include_str!({:?})),",
            full.display().to_string()
        )
        .expect("writing to a String");
        let text = fs::read_to_string(path).expect("a readable schema file");
        let json: Value = serde_json::from_str(&json::strip_json_comments(&text))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut found = Vec::new();
        let common = json.get("commonStructs").and_then(Value::as_array);
        collect(&json, "", common, &mut found);
        writeln!(abouts, "    ({name:?}, &[").expect("writing to a String");
        for (field, about) in found {
            writeln!(abouts, "        ({field:?}, {about:?}),").expect("writing to a String");
        }
        abouts.push_str("    ]),\n");
    }
    texts.push_str("];\n");
    abouts.push_str("];\n");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo"));
    fs::write(out.join("schema_files.rs"), texts + &abouts).expect("OUT_DIR is writable");
}

/// The `about` of every field below `node`, by path; a field whose type is
/// one of the file's common structs takes that struct's fields.
fn collect(
    node: &Value,
    prefix: &str,
    common: Option<&Vec<Value>>,
    out: &mut Vec<(String, String)>,
) {
    let Some(fields) = node.get("fields").and_then(Value::as_array) else {
        return;
    };
    for field in fields {
        let Some(name) = field.get("name").and_then(Value::as_str) else {
            continue;
        };
        let path = if prefix.is_empty() {
            name.to_string()
        } else {
            format!("{prefix}.{name}")
        };
        if let Some(about) = field.get("about").and_then(Value::as_str) {
            out.push((path.clone(), about.to_string()));
        }
        if field.get("fields").is_some() {
            collect(field, &path, common, out);
        } else if let Some(ty) = field.get("type").and_then(Value::as_str) {
            let ty = ty.trim_start_matches("[]");
            let shared = common
                .into_iter()
                .flatten()
                .find(|s| s.get("name").and_then(Value::as_str) == Some(ty));
            if let Some(shared) = shared {
                collect(shared, &path, common, out);
            }
        }
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
