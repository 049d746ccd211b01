//! Embeds Kafka's JSON schema files (`kafka-messages/schemas/*.json`): each
//! file's text, so that a page can show it, and the `about` text of every
//! field by its path of JSON names, so that a page of one of Kafka's messages
//! shows Kafka's own doc text.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use kafka_wire_spec::{FieldSpec, MessageSpec};

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let dir = manifest.join("../kafka-messages/schemas");
    println!("cargo:rerun-if-changed={}", dir.display());
    // Outside the workspace (a packaged crate) there are no schema files:
    // pages then show the schema as data and the Rust docs.
    let files = if dir.is_dir() {
        kafka_wire_spec::read_dir(&dir).unwrap_or_else(|e| panic!("{e}"))
    } else {
        Vec::new()
    };
    let mut texts =
        String::from("/// Kafka's schema files by message name, as vendored in kafka-messages.\n");
    texts.push_str("pub(crate) const SCHEMA_FILES: &[(&str, &str)] = &[\n");
    let mut abouts = String::from(
        "/// Each schema's `about` texts by field path (`Topics.Assignments.BrokerIds`).\n",
    );
    abouts.push_str("pub(crate) const ABOUTS: &[(&str, &[(&str, &str)])] = &[\n");
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.path.display());
        let name = file.stem();
        let full = file
            .path
            .canonicalize()
            .unwrap_or_else(|_| file.path.clone());
        writeln!(
            texts,
            "    ({name:?}, include_str!({:?})),",
            full.display().to_string()
        )
        .expect("writing to a String");
        let mut found = Vec::new();
        collect(&file.spec, &file.spec.fields, "", &mut found);
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

/// The `about` of every field of `fields` and of the structs they hold
/// (declared in place, or the file's common structs), by path.
fn collect(
    spec: &MessageSpec,
    fields: &[FieldSpec],
    prefix: &str,
    out: &mut Vec<(String, String)>,
) {
    for field in fields {
        let path = if prefix.is_empty() {
            field.name.clone()
        } else {
            format!("{prefix}.{}", field.name)
        };
        if let Some(about) = &field.about {
            out.push((path.clone(), about.clone()));
        }
        if let Some(nested) = field.struct_fields(spec) {
            collect(spec, nested, &path, out);
        }
    }
}
