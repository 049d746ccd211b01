//! The generated files: a module per API and per data schema, a module per
//! schema of Kafka's own records, and the tables (`api_table.rs`,
//! `internal/table.rs`) that the hand-written code is written over.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use kafka_wire_spec::{FieldSpec, MessageSpec, SpecType};

use crate::catalog::{curated_module, role_of, COORDINATORS, METADATA_ARTIFACT};
use crate::module::{api_key, primitive, Module};
use crate::names::{doc_escape, snake};
use crate::releases::Schema;
use crate::wrap::Wrap;
use crate::{Error, GENERATOR};

/// One API: its name, request and response.
pub struct Api<'a> {
    /// The API's name (`Metadata`).
    pub name: &'a str,
    /// Its request schema.
    pub request: &'a Schema,
    /// Its response schema.
    pub response: &'a Schema,
}

/// The module of an API: curated (written by hand) or its name in snake case.
pub fn module_name(api: &str) -> String {
    curated_module(api).map_or_else(|| snake(api), str::to_owned)
}

/// The history lines of a schema as module doc lines.
fn history_lines(history: &[String]) -> Vec<String> {
    history
        .iter()
        .map(|line| format!("//! {}", doc_escape(line)).trim_end().to_owned())
        .collect()
}

/// The names of the structs nested in `spec`, at any depth.
fn nested_names(spec: &MessageSpec) -> Result<BTreeSet<String>, Error> {
    fn walk(
        spec: &MessageSpec,
        fields: &[FieldSpec],
        names: &mut BTreeSet<String>,
    ) -> Result<(), Error> {
        for f in fields {
            let t = f.element_type();
            if primitive(t).is_none() {
                names.insert(t.to_owned());
                let nested = match &f.fields {
                    Some(fields) if !fields.is_empty() => fields,
                    _ => {
                        &spec
                            .common_struct(t)
                            .ok_or_else(|| format!("{}: no struct {t} for {}", spec.name, f.name))?
                            .fields
                    }
                };
                walk(spec, nested, names)?;
            }
        }
        Ok(())
    }
    let mut names = BTreeSet::new();
    walk(spec, &spec.fields, &mut names)?;
    Ok(names)
}

/// `<api>.rs`: an API's request and response, and their nested structs.
pub fn api_module(api: &Api<'_>) -> Result<String, Error> {
    let (request, response) = (api.request, api.response);
    let mut module = Module::new(&["Request"]);
    // Request and response are one module; a nested name both use is the
    // request's, and the response's gets a `Response` prefix (its JSON name kept).
    let clash = &nested_names(&request.spec)? & &nested_names(&response.spec)?;
    module.add_message(request, &HashMap::new())?;
    let rename = clash
        .into_iter()
        .map(|n| (n.clone(), format!("Response{n}")))
        .collect();
    module.add_message(response, &rename)?;
    let implementation = vec![
        format!("impl Request for {} {{", request.name()),
        format!("    type Response = {};", response.name()),
        "}".to_owned(),
    ];
    module.items.insert(1, implementation);
    let mut header = vec![format!(
        "//! {} (API key {}): versions {}, flexible {}.",
        api.name,
        api_key(request)?,
        request.spec.valid_versions,
        request.spec.flexible_versions
    )];
    header.extend(releases_doc(request, response));
    for (label, s) in [("Request", request), ("Response", response)] {
        if !s.history.is_empty() {
            header.push("//!".to_owned());
            header.push(format!("//! # {label} versions"));
            header.push("//!".to_owned());
            header.extend(history_lines(&s.history));
        }
    }
    Ok(module.render(&header))
}

/// The module doc's account of which release each version and field comes from.
fn releases_doc(request: &Schema, response: &Schema) -> Vec<String> {
    let [(newest, mine), (older, theirs)] = &request.releases[..] else {
        unreachable!("a request of two releases")
    };
    let generator = format!("by `{GENERATOR}`; regenerate rather than edit.");
    let mut paragraphs = Vec::new();
    if mine.is_empty() {
        paragraphs.push(format!(
            "A ZooKeeper-era inter-broker API, which Kafka 4.0 removed: Kafka {older} accepts \
             versions {theirs}, Kafka {newest} none (so \
             [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) is empty)."
        ));
        paragraphs.push(format!(
            "Declared from Kafka {older}'s `{}` and `{}` {generator}",
            request.file, response.file
        ));
    } else {
        if request.spec.valid_versions != *mine {
            paragraphs.push(format!(
                "Kafka {newest} accepts versions {mine}, Kafka {older} versions {theirs}: both are read \
                 and written here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says {newest}'s \
                 and [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's."
            ));
        }
        let taken: Vec<String> = [request, response]
            .iter()
            .flat_map(|s| {
                s.taken
                    .iter()
                    .map(move |path| format!("`{}.{path}`", s.name()))
            })
            .collect();
        let also = if taken.is_empty() {
            String::new()
        } else {
            format!(
                ", with {} from Kafka {older}'s (only its versions have them),",
                taken.join(" and ")
            )
        };
        paragraphs.push(format!(
            "Declared from Kafka's `{}` and `{}` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)){also} {generator}",
            request.file, response.file
        ));
    }
    let wrap = Wrap {
        width: 92,
        initial_indent: "//! ",
        subsequent_indent: "//! ",
        break_long_words: false,
        break_on_hyphens: false,
    };
    let mut out = Vec::new();
    for text in paragraphs {
        out.push("//!".to_owned());
        out.extend(wrap.lines(&text));
    }
    out
}

/// `<data>.rs`: a data schema's struct and its nested structs.
pub fn data_module(schema: &Schema) -> Result<String, Error> {
    let mut module = Module::new(&[]);
    module.add_message(schema, &HashMap::new())?;
    let spec = &schema.spec;
    let mut header = vec![
        format!(
            "//! Kafka's `{}` {} schema: versions {}, flexible {}.",
            spec.name, spec.kind, spec.valid_versions, spec.flexible_versions
        ),
        "//!".to_owned(),
        format!(
            "//! Declared from Kafka's `{}` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))",
            schema.file
        ),
        format!("//! by `{GENERATOR}`; regenerate rather than edit."),
    ];
    if !schema.history.is_empty() {
        header.push("//!".to_owned());
        header.extend(history_lines(&schema.history));
    }
    Ok(module.render(&header))
}

/// `internal/<schema>.rs`: one of Kafka's own records (or its quorum-state file).
pub fn internal_module(schema: &Schema, artifact: &str) -> Result<String, Error> {
    let mut module = Module::new(&[]);
    module.add_message(schema, &HashMap::new())?;
    let spec = &schema.spec;
    let mut header = vec![
        format!(
            "//! Kafka's `{}` {} schema: versions {}, flexible {}.",
            spec.name, spec.kind, spec.valid_versions, spec.flexible_versions
        ),
        "//!".to_owned(),
    ];
    let key = spec
        .api_key
        .map_or_else(|| "None".to_owned(), |k| k.to_string());
    match spec.kind {
        SpecType::CoordinatorKey | SpecType::CoordinatorValue => {
            let (_, _, topic) = coordinator(artifact)?;
            let what = if spec.kind == SpecType::CoordinatorKey {
                "The key"
            } else {
                "The value"
            };
            header.push(format!("//! {what} of record type {key} in `{topic}`."));
        }
        SpecType::Metadata => header.push(format!(
            "//! A KRaft metadata log record, API key {key} (`__cluster_metadata`)."
        )),
        kind => header.push(format!(
            "//! A `{kind}` schema of `{artifact}` (not a log record)."
        )),
    }
    header.push("//!".to_owned());
    header.push(format!(
        "//! Declared from `{}` of `org.apache.kafka:{artifact}` (release",
        schema.file
    ));
    header.push(format!(
        "//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `{GENERATOR}`;"
    ));
    header.push("//! regenerate rather than edit.".to_owned());
    if !schema.history.is_empty() {
        header.push("//!".to_owned());
        header.extend(history_lines(&schema.history));
    }
    Ok(module.render(&header))
}

fn coordinator(artifact: &str) -> Result<(&'static str, &'static str, &'static str), Error> {
    COORDINATORS
        .iter()
        .find(|(a, _, _)| *a == artifact)
        .copied()
        .ok_or_else(|| format!("{artifact}: coordinator records of no known coordinator").into())
}

/// A record's variant name in its family's enum: its name without Key,
/// Value or Record.
fn record_variant(name: &str) -> &str {
    ["Key", "Value", "Record"]
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .unwrap_or(name)
}

/// `internal/table.rs`: one `macro_rules!` per family of Kafka's own
/// records, handing its rows to a callback (after the callback's own
/// leading arguments). `by_artifact`: each artifact's schemas.
pub fn internal_table(by_artifact: &BTreeMap<String, Vec<Schema>>) -> Result<String, Error> {
    let mut out: Vec<String> = [
        "//! The tables of Kafka's own records that `internal` is written over: each",
        "//! coordinator's record types (a key and a value schema each) and the KRaft",
        "//! metadata log's records, as Kafka numbers them.",
        "//!",
    ]
    .map(str::to_owned)
    .into();
    out.push(format!(
        "//! Written by `{GENERATOR}` from `kafka-messages/internal-schemas`;"
    ));
    out.push("//! regenerate rather than edit.".to_owned());
    let no_schemas = Vec::new();
    for (artifact, table, topic) in COORDINATORS {
        let schemas = by_artifact.get(*artifact).unwrap_or(&no_schemas);
        let by_type = |kind| -> BTreeMap<i16, &Schema> {
            schemas
                .iter()
                .filter(|s| s.spec.kind == kind)
                .filter_map(|s| Some((s.spec.api_key?, s)))
                .collect()
        };
        let (keys, values) = (
            by_type(SpecType::CoordinatorKey),
            by_type(SpecType::CoordinatorValue),
        );
        let key_types: BTreeSet<i16> = keys.keys().copied().collect();
        let value_types: BTreeSet<i16> = values.keys().copied().collect();
        if key_types != value_types {
            let odd: Vec<i16> = key_types
                .symmetric_difference(&value_types)
                .copied()
                .collect();
            return Err(format!(
                "{artifact}: record types with a key but no value, or the reverse: {odd:?}"
            )
            .into());
        }
        out.extend([
            String::new(),
            format!("/// Calls `$callback! {{ [args]; rows }}` with the record types of `{topic}`"),
            format!("/// (`org.apache.kafka:{artifact}`), one row each, in type order:"),
            "/// `(type, Variant, key_module, Key, value_module, Value)`.".to_owned(),
            format!("macro_rules! {table} {{"),
            "    ($callback:ident $(, $arg:tt)*) => {".to_owned(),
            "        $callback! {".to_owned(),
            "            [$($arg),*];".to_owned(),
        ]);
        for (t, k) in &keys {
            let v = values[t];
            if record_variant(k.name()) != record_variant(v.name()) {
                return Err(format!(
                    "{artifact} type {t}: key {} and value {} differ",
                    k.name(),
                    v.name()
                )
                .into());
            }
            out.push(format!(
                "            ({t}, {}, {}, {}, {}, {}),",
                record_variant(k.name()),
                snake(k.name()),
                k.name(),
                snake(v.name()),
                v.name()
            ));
        }
        out.extend(["        }", "    };", "}"].map(str::to_owned));
    }
    let mut metadata: Vec<&Schema> = by_artifact
        .get(METADATA_ARTIFACT)
        .unwrap_or(&no_schemas)
        .iter()
        .filter(|s| s.spec.kind == SpecType::Metadata)
        .collect();
    metadata.sort_by_key(|s| s.spec.api_key);
    out.extend(
        [
            "",
            "/// Calls `$callback! { [args]; rows }` with the records of the KRaft metadata log",
            "/// (`__cluster_metadata`, `org.apache.kafka:kafka-metadata`), in API key order:",
            "/// `(key, Variant, module, Record)`.",
            "macro_rules! metadata_records {",
            "    ($callback:ident $(, $arg:tt)*) => {",
            "        $callback! {",
            "            [$($arg),*];",
        ]
        .map(str::to_owned),
    );
    for s in metadata {
        out.push(format!(
            "            ({}, {}, {}, {}),",
            api_key(s)?,
            record_variant(s.name()),
            snake(s.name()),
            s.name()
        ));
    }
    out.extend(["        }", "    };", "}"].map(str::to_owned));
    let mut rest: Vec<&Schema> = by_artifact
        .values()
        .flatten()
        .filter(|s| s.spec.kind == SpecType::Data)
        .collect();
    rest.sort_by(|a, b| a.name().cmp(b.name()));
    out.extend(
        [
            "",
            "/// Calls `$callback! { (Name, module), ... }` with the other schemas of Kafka's own",
            "/// (the KRaft quorum-state file's), by name.",
            "macro_rules! internal_data_schemas {",
            "    ($callback:ident) => {",
            "        $callback! {",
        ]
        .map(str::to_owned),
    );
    for s in rest {
        out.push(format!("            ({}, {}),", s.name(), snake(s.name())));
    }
    out.extend(["        }", "    };", "}"].map(str::to_owned));
    Ok(out.join("\n") + "\n")
}

/// `api_table.rs`: the releases and the tables of APIs and data schemas, as
/// `macro_rules!` that hand their rows to a callback. What is written over
/// them (`ApiKey`, `RequestKind`, ..., the module list) is hand-written
/// Rust: `apis.rs` and `lib.rs`.
pub fn api_table(
    apis: &[Api<'_>],
    data: &[&Schema],
    release: &str,
    older_release: &str,
) -> Result<String, Error> {
    let mut out: Vec<String> = [
        "//! The tables every API-wide item of this crate is written over: Kafka's APIs",
        "//! ([`for_each_api!`]) and `data` schemas ([`for_each_data_schema!`]), and the",
        "//! release they are declared from.",
        "//!",
    ]
    .map(str::to_owned)
    .into();
    out.push(format!(
        "//! Written by `{GENERATOR}` from the JSON schemas; regenerate rather"
    ));
    out.extend(
        [
            "//! than edit. The code over the tables is hand-written: the module list in `lib.rs`,",
            "//! and `ApiKey`, `RequestKind`, `ResponseKind` and their views in `apis.rs`.",
            "",
            "/// The Apache Kafka release whose JSON schemas every message here is declared from",
            "/// (`kafka-messages/schemas/RELEASE`, beside the schemas).",
        ]
        .map(str::to_owned),
    );
    out.push(format!("pub const KAFKA_RELEASE: &str = \"{release}\";"));
    out.extend(
        [
            "",
            "/// The older Apache Kafka release whose versions are declared beside [`KAFKA_RELEASE`]'s:",
            "/// those Kafka 4.0 removed (KIP-896), which brokers of its line still accept",
            "/// (`kafka-messages/schemas-*/RELEASE`).",
        ]
        .map(str::to_owned),
    );
    out.push(format!(
        "pub const OLDER_KAFKA_RELEASE: &str = \"{older_release}\";"
    ));
    out.extend(
        [
            "",
            "/// Calls `$callback! { row, ... }` with one row per API of [`KAFKA_RELEASE`], in key order:",
            "///",
            "/// ```text",
            "/// (key, Name, module, generated | curated, Request, Response, RequestView, ResponseView,",
            "///  [cfg of its feature], \"all versions\", \"KAFKA_RELEASE's\", \"OLDER_KAFKA_RELEASE's\",",
            "///  \"flexible versions\", \"listeners\")",
            "/// ```",
            "///",
            "/// A `generated` module is written by the generator, a `curated` one by hand (lib.rs",
            "/// declares those itself). The cfg is `all()` for the APIs always compiled. Versions are",
            "/// Kafka's notation (`\"3-13\"`, `\"9+\"`, `\"none\"`), the request's: all that are declared,",
            "/// then those each release accepts by default; listeners, those its schema names.",
            "macro_rules! for_each_api {",
            "    ($callback:ident) => {",
            "        $callback! {",
        ]
        .map(str::to_owned),
    );
    for api in apis {
        let req = api.request;
        let feature = role_of(api.name).ok_or_else(|| format!("no role for {}", api.name))?;
        let cfg = if feature == "core" {
            "all()".to_owned()
        } else {
            format!("feature = \"{feature}\"")
        };
        let origin = if curated_module(api.name).is_some() {
            "curated"
        } else {
            "generated"
        };
        out.push(format!(
            "            ({}, {}, {}, {origin}, {}, {}, {}View, {}View, [{cfg}], \"{}\", \"{}\", \"{}\", \"{}\", \"{}\"),",
            api_key(req)?,
            api.name,
            module_name(api.name),
            req.name(),
            api.response.name(),
            req.name(),
            api.response.name(),
            req.spec.valid_versions,
            req.releases[0].1,
            req.releases[1].1,
            req.spec.flexible_versions,
            req.spec.listeners.join(", ")
        ));
    }
    out.extend(
        [
            "        }",
            "    };",
            "}",
            "",
            "/// Calls `$callback! { (Name, module), ... }` with every `data` schema of",
            "/// [`KAFKA_RELEASE`] (versioned, no API key), by name; all are always compiled.",
            "macro_rules! for_each_data_schema {",
            "    ($callback:ident) => {",
            "        $callback! {",
        ]
        .map(str::to_owned),
    );
    for schema in data {
        out.push(format!(
            "            ({}, {}),",
            schema.name(),
            snake(schema.name())
        ));
    }
    out.extend(["        }", "    };", "}"].map(str::to_owned));
    Ok(out.join("\n") + "\n")
}
