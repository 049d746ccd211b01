//! Typed encode and decode errors that say what went wrong, where, and at which version.
//!
//! Both error types are one pointer wide (the details live in a box), so a
//! `Result<T, DecodeError>` costs the success path nothing. The location is built
//! on the way out, one field at a time, the way prost's errors are: a decoder that
//! fails deep inside a message reports
//! `CreateTopicsRequest.topics[3].configs[0].value: truncated input: ...`.

use core::fmt;

use crate::VersionRange;

/// One step of the path to the value that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathSegment {
    /// The top-level message, e.g. `CreateTopicsRequest`.
    Message(&'static str),
    /// A named field, e.g. `topics`.
    Field(&'static str),
    /// An element of an array.
    Index(usize),
    /// A tagged field that the struct does not declare.
    Tag(u32),
}

/// The place an error happened: a field path such as
/// `CreateTopicsRequest.topics[3].configs[0].value`, and the version in use.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Location {
    // Innermost first: segments are pushed while the error travels outwards.
    segments: Vec<PathSegment>,
    version: Option<i16>,
}

impl Location {
    /// The path segments, outermost first.
    pub fn segments(&self) -> impl Iterator<Item = &PathSegment> {
        self.segments.iter().rev()
    }

    /// The version the message was being encoded or decoded at, when known.
    pub fn version(&self) -> Option<i16> {
        self.version
    }

    /// The path as text, e.g. `CreateTopicsRequest.topics[3].name`; empty at the top.
    pub fn path(&self) -> String {
        let mut out = String::new();
        for segment in self.segments() {
            match segment {
                // A message inside a field (a record's key or value, read
                // whole) follows it as a field does.
                PathSegment::Message(name) | PathSegment::Field(name) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(name);
                }
                PathSegment::Index(i) => {
                    out.push('[');
                    out.push_str(&i.to_string());
                    out.push(']');
                }
                PathSegment::Tag(tag) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str("<tag ");
                    out.push_str(&tag.to_string());
                    out.push('>');
                }
            }
        }
        out
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path();
        match (path.is_empty(), self.version) {
            (true, None) => Ok(()),
            (true, Some(v)) => write!(f, "at version {v}"),
            (false, None) => f.write_str(&path),
            (false, Some(v)) => write!(f, "{path} (version {v})"),
        }
    }
}

/// What went wrong while decoding.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// The input ended before the value did.
    #[error("truncated input: needed {needed} bytes, {remaining} remain")]
    Truncated {
        /// Bytes the value needs at least.
        needed: usize,
        /// Bytes that were left.
        remaining: usize,
    },
    /// A length prefix below -1 (or a null marker where a length must be present).
    #[error("invalid length {0}")]
    InvalidLength(i64),
    /// A length larger than the form allows (a string over 32767 bytes).
    #[error("length {length} exceeds the maximum of {max}")]
    LengthTooLarge {
        /// The length read.
        length: u64,
        /// The largest allowed.
        max: u64,
    },
    /// A varint ran over 5 (int32) or 10 (int64) bytes.
    #[error("varint longer than {max_bytes} bytes")]
    VarintTooLong {
        /// 5 or 10.
        max_bytes: u8,
    },
    /// A varint's value does not fit its type.
    #[error("varint overflows {bits} bits")]
    VarintOverflow {
        /// 32 or 64.
        bits: u8,
    },
    /// A string was not valid UTF-8.
    #[error("invalid UTF-8 at byte {valid_up_to}")]
    InvalidUtf8 {
        /// Length of the valid prefix.
        valid_up_to: usize,
    },
    /// A null value in a version where the field is not nullable.
    #[error("null is not allowed here in this version")]
    UnexpectedNull,
    /// The version is not one the message supports.
    #[error("unsupported version {version} (supported: {supported})")]
    UnsupportedVersion {
        /// The version asked for.
        version: i16,
        /// The versions the message supports.
        supported: VersionRange,
    },
    /// Tags must be strictly ascending.
    #[error("tag {tag} follows tag {previous}: tags must be strictly ascending")]
    TagOutOfOrder {
        /// The tag read.
        tag: u32,
        /// The tag before it.
        previous: u32,
    },
    /// A known tagged field did not fill exactly the size its header declared.
    #[error("tagged field {tag} declares {declared} bytes but its value used {used}")]
    TagSizeMismatch {
        /// The tag.
        tag: u32,
        /// Size from the tag header.
        declared: usize,
        /// Bytes the value took.
        used: usize,
    },
    /// Bytes were left after the message (or frame) ended.
    #[error("{0} trailing bytes after the end of the message")]
    TrailingBytes(usize),
    /// A frame's size prefix is negative or over the reader's limit.
    #[error("frame size {size} is outside 0..={limit}")]
    FrameSize {
        /// The size prefix.
        size: i64,
        /// The configured limit.
        limit: usize,
    },
    /// A header names another API than the message being decoded.
    #[error("header is for API key {found}, expected {expected}")]
    ApiKeyMismatch {
        /// The key the message has.
        expected: i16,
        /// The key in the header.
        found: i16,
    },
    /// An API key with no message to decode it (unknown, or not compiled in).
    #[error("unknown API key {0}")]
    UnknownApiKey(i16),
    /// A record type (of one of Kafka's own topics: a coordinator's record, a
    /// metadata log record) with no schema to decode it.
    #[error("unknown record type {0}")]
    UnknownRecordType(i16),
}

impl DecodeErrorKind {
    /// The kind's stable name in snake_case (`truncated`): for logs,
    /// metrics, JSON reports and tests, which should not match on messages.
    pub const fn name(&self) -> &'static str {
        match self {
            DecodeErrorKind::Truncated { .. } => "truncated",
            DecodeErrorKind::InvalidLength(..) => "invalid_length",
            DecodeErrorKind::LengthTooLarge { .. } => "length_too_large",
            DecodeErrorKind::VarintTooLong { .. } => "varint_too_long",
            DecodeErrorKind::VarintOverflow { .. } => "varint_overflow",
            DecodeErrorKind::InvalidUtf8 { .. } => "invalid_utf8",
            DecodeErrorKind::UnexpectedNull => "unexpected_null",
            DecodeErrorKind::UnsupportedVersion { .. } => "unsupported_version",
            DecodeErrorKind::TagOutOfOrder { .. } => "tag_out_of_order",
            DecodeErrorKind::TagSizeMismatch { .. } => "tag_size_mismatch",
            DecodeErrorKind::TrailingBytes(..) => "trailing_bytes",
            DecodeErrorKind::FrameSize { .. } => "frame_size",
            DecodeErrorKind::ApiKeyMismatch { .. } => "api_key_mismatch",
            DecodeErrorKind::UnknownApiKey(..) => "unknown_api_key",
            DecodeErrorKind::UnknownRecordType(..) => "unknown_record_type",
        }
    }
}

/// What went wrong while encoding.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeErrorKind {
    /// The version is not one the message supports.
    #[error("unsupported version {version} (supported: {supported})")]
    UnsupportedVersion {
        /// The version asked for.
        version: i16,
        /// The versions the message supports.
        supported: VersionRange,
    },
    /// The field does not exist in this version, its value is not the default,
    /// and the schema does not mark it ignorable: encoding would lose it.
    #[error(
        "field is absent in this version but holds a non-default value (and is not ignorable)"
    )]
    NonDefaultAbsent,
    /// `None` in a version where the field is not nullable.
    #[error("null is not allowed here in this version")]
    UnexpectedNull,
    /// A value is longer than its length prefix allows.
    #[error("length {length} exceeds the maximum of {max}")]
    TooLong {
        /// The value's length.
        length: usize,
        /// The largest allowed.
        max: usize,
    },
    /// A kept unknown tag has the number of a tag the struct knows in this version.
    #[error("unknown tagged field {tag} collides with a declared tagged field")]
    TagCollision {
        /// The tag.
        tag: u32,
    },
    /// A field is tagged in this version but the struct is encoded non-flexibly,
    /// or unknown tagged fields are kept for a non-flexible version.
    #[error("tagged field {tag} cannot be written in a non-flexible version")]
    TagInNonFlexible {
        /// The tag.
        tag: u32,
    },
    /// A type of its own `Wire` impl, which writes no JSON text of itself
    /// (the default of `Wire::write_json`, feature `json`).
    #[error("the type writes no JSON form of its own")]
    NoJsonForm,
    /// The buffer has no room for the message or frame.
    #[error("buffer too small: needed {needed} bytes, {remaining} available")]
    BufferTooSmall {
        /// Bytes the message or frame needs.
        needed: usize,
        /// Room left in the buffer.
        remaining: usize,
    },
    /// Encoding wrote another number of bytes than the size computed for it.
    /// This is a bug in a hand-written [`Wire`](crate::Wire) implementation
    /// (derived ones are exact). Nothing was committed to a buffer that had
    /// room for the computed size; one without (see
    /// [`Versioned::encode`](crate::Versioned::encode)) holds what was written.
    #[error("size computed as {computed} bytes but encoding wrote {written}")]
    LengthMismatch {
        /// What `wire_len` said.
        computed: usize,
        /// What `encode_wire` wrote.
        written: usize,
    },
    /// Encoding wrote past the room it was given, more than the size computed
    /// for it. A bug in a hand-written [`Wire`](crate::Wire) implementation;
    /// nothing was committed to the buffer.
    #[error("encoding wrote more than the {computed} bytes computed for it")]
    Overrun {
        /// What `wire_len` said.
        computed: usize,
    },
    /// The header names another API than the message being encoded.
    #[error("header is for API key {found}, expected {expected}")]
    ApiKeyMismatch {
        /// The key the message has.
        expected: i16,
        /// The key in the header.
        found: i16,
    },
    /// A value of another type than its field's, in a tree of the
    /// interpreted codec ([`dynamic`](crate::dynamic)).
    #[error("a {found} value where the schema has {expected}")]
    WrongType {
        /// The schema's type.
        expected: crate::schema::KafkaType,
        /// The value's kind.
        found: &'static str,
    },
}

impl EncodeErrorKind {
    /// The kind's stable name in snake_case (`unsupported_version`): for logs,
    /// metrics, JSON reports and tests, which should not match on messages.
    pub const fn name(&self) -> &'static str {
        match self {
            EncodeErrorKind::UnsupportedVersion { .. } => "unsupported_version",
            EncodeErrorKind::NoJsonForm => "no_json_form",
            EncodeErrorKind::NonDefaultAbsent => "non_default_absent",
            EncodeErrorKind::UnexpectedNull => "unexpected_null",
            EncodeErrorKind::TooLong { .. } => "too_long",
            EncodeErrorKind::TagCollision { .. } => "tag_collision",
            EncodeErrorKind::TagInNonFlexible { .. } => "tag_in_non_flexible",
            EncodeErrorKind::BufferTooSmall { .. } => "buffer_too_small",
            EncodeErrorKind::LengthMismatch { .. } => "length_mismatch",
            EncodeErrorKind::Overrun { .. } => "overrun",
            EncodeErrorKind::ApiKeyMismatch { .. } => "api_key_mismatch",
            EncodeErrorKind::WrongType { .. } => "wrong_type",
        }
    }
}

/// What an error holds, behind one pointer.
struct Repr<K> {
    location: Location,
    kind: K,
    /// Set only by [`short_of_room`]: the writer stopped at a room check of
    /// this crate's, which in a one-pass window means "the body does not fit
    /// here; size it and write it again", and nothing else does (a user's
    /// own `BufferTooSmall` is reported as it is).
    out_of_room: bool,
}

/// `result`'s value, or a return of its error located in field `name`:
/// what generated code writes around each field's read and write. A
/// `match` rather than `?`, whose trait calls (`Try::branch`,
/// `FromResidual`) the compiler would resolve at every field of every
/// struct.
#[doc(hidden)]
#[macro_export]
macro_rules! __field {
    ($result:expr, $name:expr) => {
        // Prefixed names: a pattern's name is resolved where the macro is
        // used, and a user's `const value` would turn it into a constant.
        match $result {
            ::core::result::Result::Ok(__kw_ok) => __kw_ok,
            ::core::result::Result::Err(__kw_error) => {
                return ::core::result::Result::Err($crate::__private::Located::in_field(
                    __kw_error, $name,
                ))
            }
        }
    };
}

/// An error that carries a field path: [`EncodeError`] and [`DecodeError`].
pub trait Located {
    /// See [`DecodeError::in_field`].
    fn in_field(self, name: &'static str) -> Self;
}

/// What encode and decode errors have in common, for the code that checks a
/// message's version once for both.
pub(crate) trait MessageError {
    /// The error for `version`, which is not in `supported`.
    fn unsupported_version(version: i16, supported: VersionRange) -> Self;
    /// See [`EncodeError::in_message`].
    fn in_message(self, name: &'static str, version: i16) -> Self;
}

macro_rules! located_error {
    ($(#[$doc:meta])* $name:ident, $kind:ident) => {
        $(#[$doc])*
        pub struct $name(Box<Repr<$kind>>);

        impl Located for $name {
            #[inline(always)]
            fn in_field(self, name: &'static str) -> Self {
                $name::in_field(self, name)
            }
        }

        impl $name {
            /// An error of `kind` with an empty location.
            #[cold]
            pub fn new(kind: $kind) -> Self {
                Self(Box::new(Repr {
                    location: Location::default(),
                    kind,
                    out_of_room: false,
                }))
            }

            /// What went wrong.
            pub fn kind(&self) -> &$kind {
                &self.0.kind
            }

            /// Where it went wrong.
            pub fn location(&self) -> &Location {
                &self.0.location
            }

            /// The field path as text, e.g. `CreateTopicsRequest.topics[3].name`.
            pub fn path(&self) -> String {
                self.0.location.path()
            }

            /// Adds the field the error travelled out of.
            #[cold]
            #[inline(never)]
            pub fn in_field(mut self, name: &'static str) -> Self {
                self.0.location.segments.push(PathSegment::Field(name));
                self
            }

            /// Adds the array element the error travelled out of.
            #[cold]
            #[inline(never)]
            pub fn at_index(mut self, index: usize) -> Self {
                self.0.location.segments.push(PathSegment::Index(index));
                self
            }

            /// Adds the tag of an undeclared tagged field.
            #[cold]
            #[inline(never)]
            pub fn in_tag(mut self, tag: u32) -> Self {
                self.0.location.segments.push(PathSegment::Tag(tag));
                self
            }

            /// Adds the top-level message name and the version, once.
            #[cold]
            #[inline(never)]
            pub fn in_message(mut self, name: &'static str, version: i16) -> Self {
                self.0.location.segments.push(PathSegment::Message(name));
                self.0.location.version.get_or_insert(version);
                self
            }

        }

        impl MessageError for $name {
            #[cold]
            #[inline(never)]
            fn unsupported_version(version: i16, supported: VersionRange) -> Self {
                Self::new($kind::UnsupportedVersion { version, supported })
            }

            fn in_message(self, name: &'static str, version: i16) -> Self {
                $name::in_message(self, name, version)
            }
        }

        impl From<$kind> for $name {
            #[cold]
            fn from(kind: $kind) -> Self {
                Self::new(kind)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let location = &self.0.location;
                if location.segments.is_empty() && location.version.is_none() {
                    write!(f, "{}", self.0.kind)
                } else {
                    write!(f, "{}: {}", location, self.0.kind)
                }
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("path", &self.path())
                    .field("version", &self.0.location.version)
                    .field("kind", &self.0.kind)
                    .finish()
            }
        }

        impl std::error::Error for $name {
            fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
                Some(&self.0.kind)
            }
        }
    };
}

located_error!(
    /// Decoding failed: [`kind`](DecodeError::kind) says what, [`location`](DecodeError::location)
    /// says where (the field path) and at which version.
    ///
    /// ```
    /// use kafka_wire::{DecodeErrorKind, codec};
    ///
    /// let mut input: &[u8] = &[0x00, 0x05, b'a']; // says 5 bytes, holds 1
    /// let err = codec::get_str(&mut input, false).unwrap_err().in_field("name");
    /// assert_eq!(err.path(), "name");
    /// assert!(matches!(err.kind(), DecodeErrorKind::Truncated { needed: 5, remaining: 1 }));
    /// ```
    DecodeError,
    DecodeErrorKind
);

located_error!(
    /// Encoding failed: [`kind`](EncodeError::kind) says what, [`location`](EncodeError::location)
    /// says where (the field path) and at which version.
    EncodeError,
    EncodeErrorKind
);

/// The error of a room check of this crate's: a derived struct or an array
/// about to write at least `at_least` bytes into a buffer with `remaining`.
/// A [`BufferTooSmall`](EncodeErrorKind::BufferTooSmall) that the one-pass
/// window also recognises as its own signal to size and retry.
#[cold]
#[inline(never)]
pub fn short_of_room(at_least: usize, remaining: usize) -> EncodeError {
    let mut e = EncodeError::new(EncodeErrorKind::BufferTooSmall {
        needed: at_least,
        remaining,
    });
    e.0.out_of_room = true;
    e
}

impl EncodeError {
    /// True for an error of [`short_of_room`], wherever it travelled from.
    #[inline]
    pub(crate) fn is_out_of_room(&self) -> bool {
        self.0.out_of_room
    }
}

/// The error for a non-default value of `field` in a version that lacks it.
#[cold]
#[inline(never)]
pub fn non_default_absent(field: &'static str) -> EncodeError {
    EncodeError::new(EncodeErrorKind::NonDefaultAbsent).in_field(field)
}

/// The error for a null in a version where the field is not nullable.
#[cold]
#[inline(never)]
pub fn unexpected_null() -> EncodeError {
    EncodeError::new(EncodeErrorKind::UnexpectedNull)
}

impl DecodeError {
    /// Shorthand for a truncation error.
    #[cold]
    #[inline(never)]
    pub fn truncated(needed: usize, remaining: usize) -> Self {
        Self::new(DecodeErrorKind::Truncated { needed, remaining })
    }
}

impl From<bytes::TryGetError> for DecodeError {
    #[cold]
    fn from(e: bytes::TryGetError) -> Self {
        Self::truncated(e.requested, e.available)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_reads_outermost_first() {
        let e = DecodeError::truncated(4, 1)
            .in_field("value")
            .at_index(0)
            .in_field("configs")
            .at_index(3)
            .in_field("topics")
            .in_message("CreateTopicsRequest", 5);
        assert_eq!(e.path(), "CreateTopicsRequest.topics[3].configs[0].value");
        assert_eq!(
            e.to_string(),
            "CreateTopicsRequest.topics[3].configs[0].value (version 5): \
             truncated input: needed 4 bytes, 1 remain"
        );
        assert_eq!(e.location().version(), Some(5));
        // A message read whole as the value of a field.
        let e = DecodeError::truncated(4, 1)
            .in_field("offset")
            .in_message("OffsetCommitValue", 3)
            .in_field("value");
        assert_eq!(e.path(), "value.OffsetCommitValue.offset");
    }

    #[test]
    fn errors_are_one_pointer_wide() {
        assert_eq!(
            core::mem::size_of::<DecodeError>(),
            core::mem::size_of::<usize>()
        );
        assert_eq!(
            core::mem::size_of::<EncodeError>(),
            core::mem::size_of::<usize>()
        );
    }

    #[test]
    fn kinds_have_stable_snake_case_names() {
        let decode = DecodeErrorKind::UnsupportedVersion {
            version: 9,
            supported: VersionRange::new(0, 3),
        };
        assert_eq!(decode.name(), "unsupported_version");
        assert_eq!(DecodeErrorKind::TrailingBytes(1).name(), "trailing_bytes");
        assert_eq!(
            EncodeErrorKind::NonDefaultAbsent.name(),
            "non_default_absent"
        );
        assert_eq!(
            DecodeError::new(DecodeErrorKind::UnknownApiKey(99))
                .kind()
                .name(),
            "unknown_api_key"
        );
    }

    #[test]
    fn bare_error_displays_kind_only() {
        let e = EncodeError::new(EncodeErrorKind::TagCollision { tag: 3 });
        assert_eq!(
            e.to_string(),
            "unknown tagged field 3 collides with a declared tagged field"
        );
        let e = e.in_tag(3);
        assert_eq!(e.path(), "<tag 3>");
    }
}
