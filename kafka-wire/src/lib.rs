//! # kafka-wire
//!
//! The runtime of Kafka's binary protocol, and `#[derive(KafkaMessage)]`, which
//! turns a plain struct carrying Kafka's schema facts into exact encode, decode
//! and size code for every version.
//!
//! ```
//! use kafka_wire::{KafkaMessage, Str, Versioned};
//!
//! /// A message of our own, declared like Kafka's JSON schemas declare theirs.
//! #[derive(Debug, Clone, PartialEq, KafkaMessage)]
//! #[kafka(api_key = 1000, versions = "0-2", flexible = "2+")]
//! pub struct Greeting {
//!     #[kafka(versions = "0+")]
//!     pub name: Str,
//!     /// Absent in v0: decoding v0 yields the default, 3.
//!     #[kafka(versions = "1+", default = 3)]
//!     pub repeat: i32,
//!     #[kafka(versions = "2+", tag = 0, tagged = "2+")]
//!     pub note: Str,
//! }
//!
//! let hello = Greeting { name: "kafka".into(), repeat: 3, note: Str::new() };
//! for version in 0..=2 {
//!     let mut buf = Vec::new();
//!     hello.encode(&mut buf, version)?;
//!     assert_eq!(buf.len(), hello.encoded_len(version));
//!     assert_eq!(Greeting::decode(&mut &buf[..], version)?, hello);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Where to go next:
//! - [`attributes`]: every `#[kafka(...)]` key, with an example each.
//! - [`Versioned`]: encode, decode and size a message (or a header or data
//!   schema) at a version; [`Message`] adds its API key.
//! - [`view`]: borrowed views (`#[kafka(view)]`), read in place from the
//!   bytes without allocating, for routers and proxies.
//! - [`frame`]: size-prefixed frames with request and response headers.
//! - [`dynamic`]: the interpreted codec: any message read and written by its
//!   schema alone, as a tree of values with the byte span of each.
//! - `json` (feature `json`): Kafka's own JSON form of every message, both
//!   ways, as its generated Java converters and the broker's request log
//!   write it.
//! - [`codec`]: the primitive codecs (varints, strings, bytes, lengths).
//! - [`DecodeError`] / [`EncodeError`]: what failed, at which field path and version.
//! - [`ErrorCode`]: Kafka's error codes by name.
//! - [`records`]: record batches (the data of Produce and Fetch), read from and
//!   built into a [`Records`] field; codecs behind the `gzip`, `snappy`, `lz4`
//!   and `zstd` features.
//!
//! # Stability
//!
//! The public API is what these docs show: every module, type, trait, and
//! function listed here. Two items exist only for the code that
//! `#[derive(KafkaMessage)]` writes, and are hidden because no user calls
//! them: the module `__private` and the macro `__field!`. They may change
//! in any release, in step with the derive that calls them; code outside
//! the derive's output that names them is unsupported.
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks)]

// Lets generated code use `::kafka_wire::...` inside this crate too.
extern crate self as kafka_wire;

pub mod attributes;
pub mod codec;
pub mod dynamic;
mod encode;
mod error;
pub mod error_code;
mod fast;
pub mod frame;
mod header;
#[cfg(feature = "json")]
pub mod json;
mod message;
pub mod records;
pub mod schema;
mod str;
mod tagged;
mod uuid;
pub mod view;
mod wire;

pub use crate::error::{
    DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Location, PathSegment,
};
pub use crate::error_code::ErrorCode;
pub use crate::header::{RequestHeader, RequestHeaderView, ResponseHeader, ResponseHeaderView};
pub use crate::message::{
    request_header_version, response_header_version, KafkaStruct, Message, Request, Versioned,
    API_VERSIONS_KEY, CONTROLLED_SHUTDOWN_KEY,
};
pub use crate::str::Str;
pub use crate::tagged::UnknownTaggedFields;
pub use crate::uuid::{ParseUuidError, Uuid};
pub use crate::view::{ArrayView, NullableView, UnknownTagsView, ViewOf, WireView};
pub use crate::wire::{Ctx, Nullable, Records, Wire};
pub use bytes;
pub use kafka_wire_version::{ParseVersionRangeError, VersionRange};
/// The `smallvec` crate, for `SmallVec` array fields (feature `smallvec`).
#[cfg(feature = "smallvec")]
pub use smallvec;

/// `#[derive(KafkaMessage)]`: see the [`attributes`] page for every key.
/// (Always here: the runtime derives its own headers with it.)
pub use kafka_wire_derive::KafkaMessage;

/// What generated code calls: re-exports only, of items whose homes are the
/// runtime's own modules. Not a public API: it may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use crate::codec::{put_uvarint, uvarint_len};
    pub use crate::error::{non_default_absent, short_of_room, unexpected_null, Located};
    pub use crate::fast::FastPath;
    #[cfg(feature = "json")]
    pub use crate::json::text::close_object;
    pub use crate::schema::{FieldSchema, KafkaType, StructSchema};
    pub use crate::tagged::{
        decode_value, field_len, get_count, get_header, keep_unknown, put_header,
        read_unknown_section, tag_in_non_flexible, TagWriter, UnknownTagsField,
    };
    pub use crate::view::fields::{
        option_from_view, tagged_count, tagged_header, unknown_tags_view, view_option,
        view_tagged_option, view_unknown_section, view_value, TextDefault,
    };
    pub use crate::wire::{
        decode_nullable_struct, decode_nullable_struct_in_place, decode_option,
        decode_option_in_place, decode_tagged_option, encode_nullable_struct, encode_option,
        encode_tagged_option, nullable_struct_len, option_is_default, option_len,
    };
    pub use bytes::{Buf, BufMut};
    pub use core::default::Default;
    pub use core::option::Option::{self, None, Some};
    pub use core::result::Result::{self, Err, Ok};
}

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
