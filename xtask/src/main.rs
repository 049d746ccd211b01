//! The workspace's tasks, run as `cargo xtask TASK` (an alias of
//! `.cargo/config.toml`).
//!
//! ```text
//! cargo xtask generate                  # write kafka-messages' generated modules
//! cargo xtask generate --check          # fail if the committed files differ
//! cargo xtask generate --schemas DIR    # another Kafka release, or a fork
//! ```
//!
//! `generate` writes kafka-messages' declarations from Apache Kafka's JSON
//! message schemas, read by `kafka-wire-spec`:
//!
//! - `kafka-messages/schemas/` holds the `common/message/*.json` of
//!   `org.apache.kafka:kafka-clients` at the release that `schemas/RELEASE`
//!   names (copied out of the jar by
//!   `bash scripts/java-oracle.sh schemas kafka-messages/schemas`); that file
//!   is the one place the release is written, and `api_table.rs`'s
//!   `KAFKA_RELEASE` is generated from it;
//! - `kafka-messages/schemas-3.9.1/` holds the older release whose versions
//!   Kafka 4 removed (KIP-896) and brokers of its line still accept: each
//!   schema gets the versions of both releases (see `releases`);
//! - `kafka-messages/internal-schemas/<artifact>/` holds Kafka's own records
//!   (feature `internal`), copied out of the jars beside kafka-clients by
//!   `bash scripts/java-oracle.sh internal-schemas kafka-messages/internal-schemas`.
//!
//! Each JSON key becomes the attribute of the same meaning, one to one (see
//! `kafka_wire::attributes`); nothing is edited by hand. Written into
//! `kafka-messages/src/generated/`, which holds nothing else (kafka-messages'
//! `lib.rs` and `internal/mod.rs` declare the modules from the tables):
//!
//! - a module per API that is not curated (its request and response, and
//!   their nested structs) and a module per data schema;
//! - `api_table.rs`: the releases and two tables as `macro_rules!`,
//!   `for_each_api!` (each API's key, names, module, feature, versions and
//!   listeners) and `for_each_data_schema!`. The code over them is
//!   hand-written Rust, once: the module list in `lib.rs`, and `ApiKey`,
//!   `RequestKind` / `ResponseKind` and their views in `apis.rs`;
//! - `internal/`: a module per schema of Kafka's own records, and
//!   `internal/table.rs`, a `macro_rules!` table per family (each
//!   coordinator's record types, the metadata log's records) over which
//!   kafka-messages' `internal/mod.rs` writes the enums by hand;
//! - `generated.txt`: the list of the files, so that a listed file the
//!   generator does not write is removed.
//!
//! Every file is formatted by rustfmt, as `cargo fmt` would leave it.
//! Curated modules (`catalog::CURATED`) are written by hand and only listed
//! in the table; the schema-conformance test checks them against the JSON
//! like the rest.

mod catalog;
mod files;
mod module;
mod names;
mod output;
mod releases;
mod wrap;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use kafka_wire_spec::{Release, SpecType};

use crate::catalog::{ROLES, RUNTIME};
use crate::files::{
    api_module, api_table, data_module, internal_module, internal_table, module_name, Api,
};
use crate::module::api_name;
use crate::names::snake;
use crate::releases::{schemas, widen, Schema};

/// What a task reports when it fails: a message for the user.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// How the generated files name what wrote them.
pub const GENERATOR: &str = "cargo xtask generate";

const USAGE: &str = "usage: cargo xtask generate [--check] [--schemas DIR] [--older-schemas DIR]
                            [--internal-schemas DIR] [--out DIR]

Writes kafka-messages' declarations from Apache Kafka's JSON message schemas.

  --check                  write nothing; fail if a generated file differs from the committed one
  --schemas DIR            Kafka's JSON message schemas (default: kafka-messages/schemas)
  --older-schemas DIR      an older release's schemas whose versions are added
                           (default: kafka-messages/schemas-3.9.1)
  --internal-schemas DIR   Kafka's own records' schemas, one directory per artifact
                           (default: kafka-messages/internal-schemas)
  --out DIR                the directory of the generated modules, which holds nothing else
                           (default: kafka-messages/src/generated)";

/// The options of `generate`.
struct Options {
    check: bool,
    schemas: PathBuf,
    older_schemas: PathBuf,
    internal_schemas: PathBuf,
    out: PathBuf,
}

impl Options {
    fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, Error> {
        let root = workspace_root();
        let messages = root.join("kafka-messages");
        let mut options = Options {
            check: false,
            schemas: messages.join("schemas"),
            older_schemas: messages.join("schemas-3.9.1"),
            internal_schemas: messages.join("internal-schemas"),
            out: messages.join("src/generated"),
        };
        while let Some(arg) = args.next() {
            let mut value = || {
                args.next()
                    .map(PathBuf::from)
                    .ok_or_else(|| format!("{arg} needs a directory"))
            };
            match arg.as_str() {
                "--check" => options.check = true,
                "--schemas" => options.schemas = value()?,
                "--older-schemas" => options.older_schemas = value()?,
                "--internal-schemas" => options.internal_schemas = value()?,
                "--out" => options.out = value()?,
                other => return Err(format!("unknown option {other:?}\n\n{USAGE}").into()),
            }
        }
        Ok(options)
    }
}

/// The workspace's root directory: the one above `xtask/`.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ is inside the workspace")
        .to_path_buf()
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let result = match args.next().as_deref() {
        Some("generate") => Options::parse(args).and_then(|o| run_generate(&o)),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown task {other:?}\n\n{USAGE}").into()),
        None => Err(USAGE.into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_generate(options: &Options) -> Result<(), Error> {
    let files = generate(options)?;
    let files = output::rustfmt_all(files, &workspace_root().join("target/xtask-rustfmt"))?;
    if options.check {
        output::check(&options.out, &files)
    } else {
        output::write(&options.out, &files)
    }
}

/// Every generated file, by its path under the output directory, as
/// written before rustfmt.
fn generate(options: &Options) -> Result<Vec<(String, String)>, Error> {
    let newer = Release::read(&options.schemas)?;
    let older = Release::read(&options.older_schemas)?;
    let schemas = widen(&newer, &older)?;
    let live: Vec<&Schema> = schemas
        .iter()
        .filter(|s| !s.spec.valid_versions.is_empty())
        .collect();
    let by_api = |kind| -> BTreeMap<&str, &Schema> {
        live.iter()
            .filter(|s| s.spec.kind == kind)
            .map(|s| (api_name(s.name()), *s))
            .collect()
    };
    let (requests, responses) = (by_api(SpecType::Request), by_api(SpecType::Response));
    let mut data: Vec<&Schema> = live
        .iter()
        .copied()
        .filter(|s| s.spec.kind == SpecType::Data)
        .collect();
    data.sort_by(|a, b| a.name().cmp(b.name()));
    let headers: BTreeSet<&str> = live
        .iter()
        .filter(|s| s.spec.kind == SpecType::Header)
        .map(|s| s.name())
        .collect();
    if headers != RUNTIME.iter().copied().collect() {
        return Err(format!("headers {headers:?}, the runtime declares {RUNTIME:?}").into());
    }
    let api_names: BTreeSet<&str> = requests.keys().copied().collect();
    let response_names: BTreeSet<&str> = responses.keys().copied().collect();
    if api_names != response_names {
        let odd: Vec<_> = api_names.symmetric_difference(&response_names).collect();
        return Err(format!("APIs with a request but no response, or the reverse: {odd:?}").into());
    }
    let with_role: BTreeSet<&str> = ROLES
        .iter()
        .flat_map(|(_, apis)| apis.iter().copied())
        .collect();
    let missing: Vec<_> = api_names.difference(&with_role).collect();
    let stale: Vec<_> = with_role.difference(&api_names).collect();
    if !missing.is_empty() || !stale.is_empty() {
        return Err(format!(
            "catalog::ROLES is out of date: no role for {missing:?}; gone: {stale:?}"
        )
        .into());
    }
    let mut apis: Vec<Api<'_>> = requests
        .iter()
        .map(|(name, request)| Api {
            name,
            request,
            response: responses[name],
        })
        .collect();
    apis.sort_by_key(|a| a.request.spec.api_key);
    let mut files = Vec::new();
    for api in &apis {
        if catalog::curated_module(api.name).is_none() {
            files.push((format!("{}.rs", module_name(api.name)), api_module(api)?));
        }
    }
    for schema in &data {
        files.push((format!("{}.rs", snake(schema.name())), data_module(schema)?));
    }
    files.push((
        "api_table.rs".to_owned(),
        api_table(&apis, &data, &newer.name, &older.name)?,
    ));
    files.extend(internal_files(&options.internal_schemas, &newer.name)?);
    Ok(files)
}

/// Every file of `internal/`: a module per schema, and the tables.
fn internal_files(dir: &Path, release: &str) -> Result<Vec<(String, String)>, Error> {
    let mut artifacts: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    artifacts.retain(|p| p.is_dir());
    artifacts.sort();
    let mut files = Vec::new();
    let mut by_artifact = BTreeMap::new();
    for path in artifacts {
        let artifact = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let release = Release {
            name: release.to_owned(),
            files: kafka_wire_spec::read_dir(&path)?,
        };
        let schemas = schemas(&release);
        for schema in &schemas {
            files.push((
                format!("internal/{}.rs", snake(schema.name())),
                internal_module(schema, &artifact)?,
            ));
        }
        by_artifact.insert(artifact, schemas);
    }
    files.push((
        "internal/table.rs".to_owned(),
        internal_table(&by_artifact)?,
    ));
    Ok(files)
}
