//! The `wire_page` command line: print a message's tree, write its page.
//!
//! ```text
//! wire_page sample API [--version N] [--response] [--html FILE] [--json]
//! wire_page decode (--hex HEX | --file FILE) [--response --api-key K --version N]
//!                  [--size-prefix | --no-size-prefix] [--html FILE] [--json]
//!                  [--kafka-json [--records base64|empty|size]]
//! wire_page encode --file ENTRY.json [--out FILE] [--no-size-prefix]
//! wire_page list
//! ```
//!
//! `sample` lays out the sample instance of API (a name such as `CreateTopics`
//! or a key such as `19`) at version N (its latest by default) and prints the
//! request's tree, or the response's with `--response`; `--html` writes the
//! page of both, as the seed documents show them. `decode` lays out a captured
//! frame given as hex or as a file (binary, or hex text); a request names its
//! API in its header, a response needs `--api-key` and `--version`. The size
//! prefix is detected unless one of its flags says. `--json` prints JSON in
//! place of the tree.
//!
//! `--kafka-json` prints the frame as Kafka's JSON instead: one line in the
//! form of the broker's request log (`isForwarded`, `requestHeader`, and
//! `request` or `response`; see [`kafka_messages::json::RequestLog`]), records
//! in base64 unless `--records` says (`size` is the request log's form for
//! Produce and Fetch, `empty` Java's default). A response does not carry its
//! request's header: its entry's `requestHeader` is made of `--api-key`,
//! `--version` and the response's correlation id, its `clientId` null.
//! `encode` reads such an entry (as `decode --kafka-json` prints it, or as
//! the broker logs it with its records in base64) and writes the frame it
//! holds: the request's, or without a request the response's; as hex on
//! standard output, or its bytes into `--out`, with its size prefix unless
//! `--no-size-prefix`. `list` prints every API with its versions.
//!
//! [`run`] returns [`Outcome::Stopped`] when the bytes did not decode (the
//! tree up to the error and the error are printed all the same).

use std::io::Write;

use bytes::Bytes;
use kafka_messages::dynamic::FrameView;
use kafka_messages::json::{frame_from_json, java_name, RequestLog};
use kafka_messages::ApiKey;
use kafka_wire::json::RecordsAs;

use crate::{find_api, parse_hex, Direction, Layout, MessageSpec, Page, PageError, SizePrefix};

/// The usage text.
pub const USAGE: &str = "\
usage: wire_page sample API [--version N] [--response] [--html FILE] [--json]
       wire_page decode (--hex HEX | --file FILE) [--response --api-key K --version N]
                        [--size-prefix | --no-size-prefix] [--html FILE] [--json]
                        [--kafka-json [--records base64|empty|size]]
       wire_page encode --file ENTRY.json [--out FILE] [--no-size-prefix]
       wire_page list";

/// How a run ended, when its arguments were good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every byte laid out.
    Clean,
    /// The bytes did not decode; the tree up to the error was printed.
    Stopped,
}

/// What stops a run before anything is laid out.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CliError {
    /// Arguments that do not make a command.
    #[error("{0}")]
    Usage(String),
    /// No page for what was asked.
    #[error(transparent)]
    Page(#[from] PageError),
    /// A file could not be read or written, or output not printed.
    #[error("{0}")]
    Io(String),
}

/// The parsed flags of a command.
#[derive(Default)]
struct Flags {
    positional: Vec<String>,
    version: Option<i16>,
    api_key: Option<i16>,
    response: bool,
    json: bool,
    kafka_json: bool,
    records: Option<RecordsAs>,
    out: Option<String>,
    html: Option<String>,
    hex: Option<String>,
    file: Option<String>,
    prefix: Option<SizePrefix>,
}

fn parse(args: &[String]) -> Result<Flags, CliError> {
    let mut f = Flags::default();
    let mut it = args.iter();
    let usage = |m: String| CliError::Usage(m);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| usage(format!("{name} needs a value")))
        };
        let number = |name: &str, text: String| {
            text.parse::<i16>()
                .map_err(|_| usage(format!("{name} takes a number, not {text:?}")))
        };
        match arg.as_str() {
            "--version" | "-v" => f.version = Some(number("--version", value("--version")?)?),
            "--api-key" => f.api_key = Some(number("--api-key", value("--api-key")?)?),
            "--response" => f.response = true,
            "--json" => f.json = true,
            "--kafka-json" => f.kafka_json = true,
            "--records" => {
                f.records = Some(match value("--records")?.as_str() {
                    "base64" => RecordsAs::Base64,
                    "empty" => RecordsAs::Empty,
                    "size" => RecordsAs::SizeInBytes,
                    other => {
                        return Err(usage(format!(
                            "--records takes base64, empty or size, not {other:?}"
                        )))
                    }
                })
            }
            "--out" => f.out = Some(value("--out")?),
            "--html" => f.html = Some(value("--html")?),
            "--hex" => f.hex = Some(value("--hex")?),
            "--file" => f.file = Some(value("--file")?),
            "--size-prefix" => f.prefix = Some(SizePrefix::Present),
            "--no-size-prefix" => f.prefix = Some(SizePrefix::Absent),
            flag if flag.starts_with("--") => return Err(usage(format!("unknown flag {flag}"))),
            _ => f.positional.push(arg.clone()),
        }
    }
    Ok(f)
}

/// Runs the command `args` (without the program name), printing to `out`
/// and saying what it wrote to `log`.
pub fn run(args: &[String], out: &mut dyn Write, log: &mut dyn Write) -> Result<Outcome, CliError> {
    let Some((command, rest)) = args.split_first() else {
        return Err(CliError::Usage("no command".into()));
    };
    let flags = parse(rest)?;
    match command.as_str() {
        "sample" => sample(flags, out, log),
        "decode" => decode(flags, out, log),
        "encode" => encode(flags, out, log),
        "list" => list(out),
        "help" | "--help" | "-h" => print(out, &format!("{USAGE}\n")).map(|()| Outcome::Clean),
        other => Err(CliError::Usage(format!("unknown command {other:?}"))),
    }
}

fn sample(flags: Flags, out: &mut dyn Write, log: &mut dyn Write) -> Result<Outcome, CliError> {
    let [name] = &flags.positional[..] else {
        return Err(CliError::Usage("sample takes one API name or key".into()));
    };
    if flags.hex.is_some() || flags.file.is_some() || flags.api_key.is_some() {
        return Err(CliError::Usage(
            "sample takes no --hex, --file or --api-key".into(),
        ));
    }
    let api = find_api(name)?;
    let version = match flags.version {
        Some(v) => v,
        None => api
            .valid_versions()
            .highest()
            .ok_or(PageError::UnknownApi(name.clone()))?,
    };
    let page = Page::sample(api, version)?;
    let shown = &page.sections[usize::from(flags.response)].layout;
    show(shown, flags.json, out)?;
    if let Some(path) = &flags.html {
        write_page(&page, path, log)?;
    }
    Ok(Outcome::Clean)
}

fn decode(flags: Flags, out: &mut dyn Write, log: &mut dyn Write) -> Result<Outcome, CliError> {
    if !flags.positional.is_empty() {
        return Err(CliError::Usage(format!(
            "decode takes its bytes from --hex or --file, not {:?}",
            flags.positional[0]
        )));
    }
    let bytes = input_bytes(&flags)?;
    let prefix = flags.prefix.unwrap_or_default();
    if flags.kafka_json {
        return kafka_json(&flags, bytes, out);
    }
    let layout = match (flags.response, flags.api_key, flags.version) {
        (true, Some(key), Some(version)) => {
            let api = ApiKey::from_i16(key)
                .ok_or_else(|| PageError::UnknownApi(key.to_string()))?;
            MessageSpec::kafka(api, Direction::Response).ok_or(PageError::NotCompiled(api.name()))?;
            Layout::decode_response(&bytes, prefix, key, version)
        }
        (true, _, _) => {
            return Err(CliError::Usage(
                "a response does not name its API: give --api-key and --version".into(),
            ))
        }
        (false, None, None) => Layout::decode_request(&bytes, prefix),
        (false, _, _) => {
            return Err(CliError::Usage(
                "a request names its API and version in its header: --api-key and --version go with --response".into(),
            ))
        }
    };
    show(&layout, flags.json, out)?;
    let outcome = match layout.error {
        None => Outcome::Clean,
        Some(_) => Outcome::Stopped,
    };
    if let Some(path) = &flags.html {
        write_page(&Page::of_layout(layout), path, log)?;
    }
    Ok(outcome)
}

/// The bytes of `--hex`, or of `--file` (binary, or hex text).
fn input_bytes(flags: &Flags) -> Result<Vec<u8>, CliError> {
    Ok(match (&flags.hex, &flags.file) {
        (Some(hex), None) => parse_hex(hex)?,
        (None, Some(path)) => {
            let data = std::fs::read(path).map_err(|e| CliError::Io(format!("{path}: {e}")))?;
            let is_hex = !data.is_empty()
                && data
                    .iter()
                    .all(|b| b.is_ascii_hexdigit() || b.is_ascii_whitespace() || *b == b':');
            match is_hex {
                true => parse_hex(&String::from_utf8_lossy(&data))?,
                false => data,
            }
        }
        _ => {
            return Err(CliError::Usage(
                "decode takes one of --hex or --file".into(),
            ))
        }
    })
}

/// `decode --kafka-json`: the frame as one request-log entry.
fn kafka_json(flags: &Flags, bytes: Vec<u8>, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let prefix = flags.prefix.unwrap_or_default();
    let request = !flags.response;
    let frame = match prefix.applies(&bytes, request) {
        true => Bytes::from(bytes).slice(4..),
        false => Bytes::from(bytes),
    };
    let records = flags.records.unwrap_or(RecordsAs::Base64);
    let failed =
        |e: kafka_wire::DecodeError| CliError::Io(format!("the frame does not decode: {e}"));
    let mut text = Vec::new();
    match (flags.response, flags.api_key, flags.version) {
        (false, None, None) => {
            let view = FrameView::decode_request(frame).map_err(failed)?;
            let entry = RequestLog::new(&view).records(records);
            kafka_wire::json::to_writer(&mut text, &entry)
        }
        (true, Some(key), Some(version)) => {
            let view = FrameView::decode_response(frame, key, version).map_err(failed)?;
            let correlation_id = view
                .header
                .body()
                .get("CorrelationId")
                .and_then(|v| v.as_i64())
                .unwrap_or_default();
            let entry = ResponseEntry {
                is_forwarded: false,
                request_header: MadeHeader {
                    request_api_key: key,
                    request_api_version: version,
                    correlation_id,
                    client_id: None,
                    request_api_key_name: java_name(view.api_key.name()),
                },
                response: view.body.to_json().records(records),
            };
            kafka_wire::json::to_writer(&mut text, &entry)
        }
        _ => {
            return Err(CliError::Usage(
                "a response needs --response, --api-key and --version; a request none of them"
                    .into(),
            ))
        }
    }
    .map_err(|e| CliError::Io(format!("writing output: {e}")))?;
    text.push(b'\n');
    out.write_all(&text)
        .map_err(|e| CliError::Io(format!("writing output: {e}")))?;
    Ok(Outcome::Clean)
}

/// A response's request-log entry, its request header made of what the
/// command was told.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ResponseEntry<'a> {
    is_forwarded: bool,
    request_header: MadeHeader,
    response: kafka_wire::json::Json<'a>,
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct MadeHeader {
    request_api_key: i16,
    request_api_version: i16,
    correlation_id: i64,
    client_id: Option<String>,
    request_api_key_name: String,
}

/// `encode`: the frame a request-log entry holds.
fn encode(flags: Flags, out: &mut dyn Write, log: &mut dyn Write) -> Result<Outcome, CliError> {
    let Some(path) = &flags.file else {
        return Err(CliError::Usage("encode reads its entry from --file".into()));
    };
    let text = std::fs::read_to_string(path).map_err(|e| CliError::Io(format!("{path}: {e}")))?;
    let document: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| CliError::Io(format!("{path}: not JSON: {e}")))?;
    let frame = frame_from_json(&document).map_err(|e| CliError::Io(format!("{path}: {e}")))?;
    let mut bytes = Vec::with_capacity(4 + frame.len());
    if flags.prefix != Some(crate::SizePrefix::Absent) {
        let size = i32::try_from(frame.len())
            .map_err(|_| CliError::Io(format!("{path}: a frame of {} bytes", frame.len())))?;
        bytes.extend_from_slice(&size.to_be_bytes());
    }
    bytes.extend_from_slice(&frame);
    match &flags.out {
        Some(file) => {
            std::fs::write(file, &bytes).map_err(|e| CliError::Io(format!("{file}: {e}")))?;
            print(log, &format!("wrote {} bytes to {file}\n", bytes.len()))?;
        }
        None => {
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            print(out, &format!("{hex}\n"))?;
        }
    }
    Ok(Outcome::Clean)
}

fn list(out: &mut dyn Write) -> Result<Outcome, CliError> {
    let mut text = String::new();
    for api in ApiKey::ALL {
        let compiled = if api.is_compiled() {
            ""
        } else {
            "  (not compiled)"
        };
        text.push_str(&format!(
            "{:>3} {:<40} versions {:<6} flexible {}{compiled}\n",
            api.key(),
            api.name(),
            api.all_versions().to_string(),
            api.flexible_versions()
        ));
    }
    print(out, &text).map(|()| Outcome::Clean)
}

fn show(layout: &Layout, json: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let text = if json {
        layout.to_json()
    } else {
        layout.to_text()
    };
    print(out, &text)
}

fn write_page(page: &Page, path: &str, log: &mut dyn Write) -> Result<(), CliError> {
    std::fs::write(path, page.to_html()).map_err(|e| CliError::Io(format!("{path}: {e}")))?;
    print(log, &format!("wrote {path}\n"))
}

fn print(out: &mut dyn Write, text: &str) -> Result<(), CliError> {
    out.write_all(text.as_bytes())
        .map_err(|e| CliError::Io(format!("writing output: {e}")))
}
