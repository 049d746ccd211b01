//! # kafka-wire-pages
//!
//! Wire pages: the byte layout and object tree of any Kafka message, for any
//! version, as text, as a self-contained HTML page and as JSON. What a
//! protocol dissector shows, for every message a `#[derive(KafkaMessage)]`
//! declares, from its schema as data ([`kafka_wire::KafkaStruct::SCHEMA`]).
//!
//! The crate is a renderer with no decoder of its own. kafka-wire's
//! interpreted codec ([`kafka_wire::dynamic`]) reads the header and the body
//! into value trees, each value with its span in the input; record batches
//! are read by [`kafka_wire::records`]. The renderer turns those trees into
//! [`Node`]s, each with its offset, size, wire type, value and doc text;
//! what a tree holds between values (length prefixes, a tagged field's tag
//! and size, a nullable struct's marker, a tagged section's count) it places
//! from the spans and shows as the input has it:
//!
//! - [`Layout::decode_request`] / [`Layout::decode_response`]: a captured
//!   frame (with or without its size prefix) of any of Kafka's APIs; the
//!   header is read first and the API key picks the body.
//! - [`Layout::of_request`] / [`Layout::of_response`]: a value of any derived
//!   message, encoded by the typed codec, then read back.
//! - [`Layout::sample`] / [`Page::sample`]: the smallest legal instance of a
//!   message at a version, [`DynamicMessage::sample`](kafka_wire::dynamic::DynamicMessage::sample)
//!   (numbers zero, strings and bytes empty, one element per array, one empty
//!   61-byte RecordBatch v2 for records), as the seed pages show it.
//!
//! An error in the bytes never panics: the layout keeps the tree the codec
//! read up to the failing value, marks the failing node and its ancestors,
//! and [`Layout::error`] says where, with the field path.
//!
//! ```
//! use kafka_messages::ApiKey;
//! use kafka_wire_pages::Page;
//!
//! let page = Page::sample(ApiKey::CreateAcls, 3)?;
//! let response = &page.sections[1].layout;
//! let text = response.to_text();
//! assert!(text.starts_with("CreateAclsResponse message v3 [0x0000, 19B]\n"));
//! assert!(text.contains("|   +-- length uvarint = 2 (compact, n+1) [0x000d, 1B] one sample element follows"));
//! std::fs::write(std::env::temp_dir().join("create-acls-v3.html"), page.to_html())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The text format
//!
//! One node a line, `name type = value [0xOFFSET, SIZEB] doc`, drawn as a
//! tree with `+--` and `|`; body fields by their JSON names, header fields in
//! the protocol's snake_case (`request_api_key int16 = 19 (CreateTopics)`),
//! array elements as `Type[i]`, a flexible struct's `tagged_fields uvarint`
//! count last; strings as `"" (compact, len+1=1)` or `"" (int16 len=0)`,
//! array lengths as `2 (compact, n+1)`; docs cut at [`DOC_WIDTH`] characters.
//! A tagged section with fields holds one node per field (its tag, its size
//! and its value), a tag the struct does not declare is `unknown_tag_N`, and
//! a records field holds `RecordBatch[i]` nodes with their header fields and
//! `Record[i]` nodes.
//!
//! ## The command line
//!
//! The crate's `wire_page` example drives [`cli`]:
//!
//! ```text
//! cargo run -p kafka-wire-pages --example wire_page -- sample CreateTopics --version 7 [--response] [--html out.html] [--json]
//! cargo run -p kafka-wire-pages --example wire_page -- decode --hex 0000002900130007... [--html out.html] [--json]
//! cargo run -p kafka-wire-pages --example wire_page -- decode --response --api-key 19 --version 7 --file capture.bin
//! cargo run -p kafka-wire-pages --example wire_page -- list
//! ```
//!
//! `--html` writes a self-contained page ([`Page::to_html`]): the summary, a
//! legend, then per frame the byte grid (16 a row, each byte coloured by what
//! it belongs to: frame, rpc header, request body, RecordBatch, Record,
//! response body, tagged_fields) beside the object tree, and the message's
//! JSON schema (Kafka's file for Kafka's messages, the schema as data for
//! one's own). Hovering a byte highlights its field; `page.html#s0b16` opens
//! with byte 16 of the first frame shown so. A screenshot of the CreateTopics
//! v7 page is `docs/wire-page-create-topics-v7.png` in the repository
//! (`scripts/wire-page-screenshot.sh` makes it again).
//!
//! ## JSON
//!
//! [`Layout::to_json`] writes `{message, api_key, version, header_version,
//! direction, size, hex, error, codec, tree}`; each tree node is `{name, type,
//! value, offset, size, category, doc, failed, children}`. [`Page::to_json`]
//! wraps layouts in `{title, summary, sections: [{heading, caption,
//! layout}]}`. Keys come in these orders; serde_json writes the documents.
//! [`schema_json`] writes the schema of a message that is not Kafka's own in
//! the keys and the layout of Kafka's schema files (the build script reads
//! the `about` texts out of Kafka's own files, which the pages of Kafka's
//! messages show as their doc text).
#![deny(missing_docs)]

mod batch;
pub mod cli;
mod html;
mod json;
mod layout;
mod page;
mod render;
mod sample;
mod text;

pub use crate::batch::{empty_record_batch, BATCH_HEADER_LEN};
pub use crate::html::escape as html_escape;
pub use crate::json::schema_json;
pub use crate::layout::{Category, Direction, Layout, LayoutError, MessageSpec, Node, SizePrefix};
pub use crate::page::{kafka_schema_file, schema_text, Page, Section};
pub use crate::sample::{sample_body, sample_frame};
pub use crate::text::{node_line, shorten_doc, tree_lines, tree_text, DOC_WIDTH};

use kafka_messages::ApiKey;
use kafka_wire::{EncodeError, VersionRange};

/// Why a page could not be made (errors in the bytes themselves are not
/// these: they are a [`Layout::error`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PageError {
    /// No API of that name or key.
    #[error("no API {0:?}: give a name such as CreateTopics or a key such as 19")]
    UnknownApi(String),
    /// The API's messages are not compiled into this build of kafka-messages.
    #[error("{0}'s messages are not compiled into this build of kafka-messages")]
    NotCompiled(&'static str),
    /// The message has no such version.
    #[error("{message} has no version {version} (versions {supported})")]
    UnsupportedVersion {
        /// The message.
        message: &'static str,
        /// The version asked for.
        version: i16,
        /// Its versions.
        supported: VersionRange,
    },
    /// A value could not be encoded.
    #[error("encoding failed: {0}")]
    Encode(EncodeError),
    /// A frame larger than an int32 size can say.
    #[error("a frame of {0} bytes is over the int32 size limit")]
    TooLarge(usize),
    /// Hex text that is not hex.
    #[error("not hex: {0}")]
    Hex(String),
}

/// The API named `name` (`CreateTopics`, `createtopics`, `CreateTopicsRequest`)
/// or numbered `name` (`19`).
///
/// ```
/// use kafka_messages::ApiKey;
///
/// assert_eq!(kafka_wire_pages::find_api("19")?, ApiKey::CreateTopics);
/// assert_eq!(kafka_wire_pages::find_api("createAclsResponse")?, ApiKey::CreateAcls);
/// assert!(kafka_wire_pages::find_api("Nope").is_err());
/// # Ok::<(), kafka_wire_pages::PageError>(())
/// ```
pub fn find_api(name: &str) -> Result<ApiKey, PageError> {
    if let Ok(key) = name.parse::<i16>() {
        return ApiKey::from_i16(key).ok_or_else(|| PageError::UnknownApi(name.into()));
    }
    let lower = name.to_ascii_lowercase();
    let bare = lower
        .strip_suffix("request")
        .or_else(|| lower.strip_suffix("response"))
        .unwrap_or(&lower);
    ApiKey::from_name(bare).ok_or_else(|| PageError::UnknownApi(name.into()))
}

/// Bytes from hex text: whitespace, `:` and a leading `0x` are ignored.
///
/// ```
/// assert_eq!(kafka_wire_pages::parse_hex("0x00 1e:ff\n")?, [0x00, 0x1e, 0xff]);
/// assert!(kafka_wire_pages::parse_hex("abc").is_err());
/// # Ok::<(), kafka_wire_pages::PageError>(())
/// ```
pub fn parse_hex(text: &str) -> Result<Vec<u8>, PageError> {
    let text = text.trim();
    let text = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    let digits: Vec<u8> = text
        .bytes()
        .filter(|b| !b.is_ascii_whitespace() && *b != b':')
        .collect();
    if let Some(bad) = digits.iter().find(|b| !b.is_ascii_hexdigit()) {
        return Err(PageError::Hex(format!(
            "{:?} is not a hex digit",
            *bad as char
        )));
    }
    if digits.len() % 2 != 0 {
        return Err(PageError::Hex(format!(
            "{} digits: an odd count",
            digits.len()
        )));
    }
    Ok(digits
        .chunks(2)
        .map(|pair| (hex_value(pair[0]) << 4) | hex_value(pair[1]))
        .collect())
}

fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        b'a'..=b'f' => digit - b'a' + 10,
        _ => digit - b'A' + 10,
    }
}
