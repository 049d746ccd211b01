//! The derive's output uses only absolute paths: it compiles next to local
//! items that shadow the prelude and common crate names, inside a
//! `#![no_implicit_prelude]` module, and through a renamed `crate = "…"` path.

/// Local items named like everything generated code might otherwise reach by
/// a relative path.
#[allow(dead_code, non_upper_case_globals, non_camel_case_types)]
mod shadowed {
    pub struct Result;
    pub struct Option;
    pub struct Vec;
    pub struct String;
    pub struct Box;
    pub struct Default;
    pub struct Wire;
    pub struct Ctx;
    pub struct Buf;
    pub struct BufMut;
    pub const Some: () = ();
    pub const None: () = ();
    pub const Ok: () = ();
    pub const Err: () = ();

    /// A local `bytes`, unlike the crate of that name.
    pub mod bytes {}

    /// A local `core`: `::core` is absolute and must still reach the real one.
    pub mod core {
        pub mod option {}
        pub mod result {}
        pub mod default {}
        pub mod convert {}
    }

    /// A local `kafka_wire`: `::kafka_wire` is absolute.
    pub mod kafka_wire {}

    #[derive(Debug, Clone, PartialEq, ::kafka_wire::KafkaMessage)]
    #[kafka(api_key = 2000, versions = "0-2", flexible = "1+")]
    pub struct Shadowed {
        #[kafka(versions = "0+", default = 5)]
        pub count: i32,
        #[kafka(versions = "0+", default = "name")]
        pub name: ::kafka_wire::Str,
        #[kafka(versions = "0+", nullable = "0+", default = None)]
        pub maybe: ::std::option::Option<::std::string::String>,
        #[kafka(versions = "1+", nullable = "1+")]
        pub list: ::std::option::Option<::std::vec::Vec<Part>>,
        #[kafka(versions = "0+")]
        pub blob: ::kafka_wire::bytes::Bytes,
        #[kafka(versions = "1+", tag = 0, tagged = "1+")]
        pub tagged: Part,
        #[kafka(unknown_tagged_fields)]
        pub unknown: ::kafka_wire::UnknownTaggedFields,
    }

    #[derive(Debug, Clone, PartialEq, ::kafka_wire::KafkaMessage)]
    pub struct Part {
        #[kafka(versions = "0+")]
        pub id: i16,
        #[kafka(versions = "2+", tag = 3, tagged = "2+", ignorable)]
        pub note: ::std::string::String,
        #[kafka(unknown_tagged_fields)]
        pub unknown: ::kafka_wire::UnknownTaggedFields,
    }
}

/// No prelude at all: every name below is written out in full.
mod no_prelude {
    #![no_implicit_prelude]

    #[derive(
        ::core::fmt::Debug, ::core::clone::Clone, ::core::cmp::PartialEq, ::kafka_wire::KafkaMessage,
    )]
    #[kafka(api_key = 2001, versions = "0-3", flexible = "2+")]
    pub struct Bare {
        #[kafka(versions = "0+", default = -1)]
        pub id: i32,
        #[kafka(versions = "0+", default = "bare")]
        pub name: ::std::string::String,
        #[kafka(versions = "1+", nullable = "1+", default = None)]
        pub inner: ::std::option::Option<Inner>,
        #[kafka(versions = "0+")]
        pub inners: ::std::vec::Vec<Inner>,
        #[kafka(versions = "3+", tag = 0, tagged = "3+")]
        pub tagged: i64,
        #[kafka(unknown_tagged_fields)]
        pub unknown: ::kafka_wire::UnknownTaggedFields,
    }

    #[derive(
        ::core::fmt::Debug, ::core::clone::Clone, ::core::cmp::PartialEq, ::kafka_wire::KafkaMessage,
    )]
    pub struct Inner {
        #[kafka(versions = "0+", flexible = "none")]
        pub key: ::kafka_wire::Str,
        #[kafka(versions = "0+", nullable = "0+")]
        pub value: ::std::option::Option<::kafka_wire::bytes::Bytes>,
    }
}

/// `crate = "…"` through a path that is not `::kafka_wire`. The shim shadows
/// one runtime function with a counting wrapper, so the test can tell that
/// generated code really went through the given path.
pub mod shim {
    use std::sync::atomic::{AtomicUsize, Ordering};

    pub use ::kafka_wire::*;

    pub static ABSENT_ERRORS: AtomicUsize = AtomicUsize::new(0);

    pub mod __private {
        pub use ::kafka_wire::__private::*;

        pub fn non_default_absent(field: &'static str) -> ::kafka_wire::EncodeError {
            super::ABSENT_ERRORS.fetch_add(1, super::Ordering::SeqCst);
            ::kafka_wire::__private::non_default_absent(field)
        }
    }
}

pub mod reexport {
    pub use crate::shim as kw;
}

#[derive(Debug, Clone, PartialEq, kafka_wire::KafkaMessage)]
#[kafka(
    crate = "crate::reexport::kw",
    api_key = 2002,
    versions = "0-1",
    flexible = "1+"
)]
pub struct ThroughShim {
    #[kafka(versions = "0+")]
    pub id: i32,
    #[kafka(versions = "1+")]
    pub added: i32,
}

extern crate kafka_wire as kw;

#[derive(Debug, Clone, PartialEq, kw::KafkaMessage)]
#[kafka(crate = "kw", api_key = 2003, versions = "0-1", flexible = "1+")]
pub struct Renamed {
    #[kafka(versions = "0+")]
    pub id: kw::Str,
}

use kafka_wire::{Message, Versioned};

fn round_trip<M: Message + PartialEq + std::fmt::Debug>(msg: &M, version: i16) {
    let mut buf = Vec::new();
    msg.encode(&mut buf, version).unwrap();
    assert_eq!(buf.len(), msg.encoded_len(version));
    assert_eq!(&M::decode_exact(&buf[..], version).unwrap(), msg);
}

#[test]
fn shadowed_names_compile_and_round_trip() {
    use shadowed::{Part, Shadowed};
    let d = Shadowed::default();
    assert_eq!((d.count, d.name.as_str(), &d.maybe), (5, "name", &None));
    assert_eq!(d.list, Some(vec![]));
    for version in 0..=2 {
        round_trip(&d, version);
    }
    let msg = Shadowed {
        maybe: Some("x".into()),
        list: Some(vec![Part {
            id: 9,
            ..Default::default()
        }]),
        tagged: Part {
            id: 1,
            note: "n".into(),
            ..Default::default()
        },
        ..Default::default()
    };
    round_trip(&msg, 2);
}

#[test]
fn no_implicit_prelude_compiles_and_round_trips() {
    use no_prelude::{Bare, Inner};
    let d = Bare::default();
    assert_eq!((d.id, d.name.as_str(), &d.inner), (-1, "bare", &None));
    let msg = Bare {
        inner: Some(Inner {
            key: "k".into(),
            value: None,
        }),
        inners: vec![Inner::default()],
        tagged: 3,
        ..Default::default()
    };
    round_trip(&d, 0);
    round_trip(&msg, 3);
    // The `flexible = "none"` key stays classic: int16 length 1, "k".
    let mut buf = Vec::new();
    msg.encode(&mut buf, 3).unwrap();
    assert!(buf.windows(3).any(|w| w == [0x00, 0x01, b'k']));
}

#[test]
fn crate_path_is_used_by_generated_code() {
    use std::sync::atomic::Ordering;
    round_trip(&ThroughShim { id: 1, added: 2 }, 1);
    let before = shim::ABSENT_ERRORS.load(Ordering::SeqCst);
    let err = ThroughShim { id: 1, added: 2 }
        .encode(&mut Vec::new(), 0)
        .unwrap_err();
    assert_eq!(err.path(), "ThroughShim.added");
    // Called through the shim (once by the one-pass attempt, once by the
    // sized write that then decides the error).
    assert!(shim::ABSENT_ERRORS.load(Ordering::SeqCst) > before);

    round_trip(&Renamed { id: "r".into() }, 0);
    round_trip(&Renamed { id: "r".into() }, 1);
}

/// Field names that match the generated code's own names (parameters `buf` and
/// `ctx`, closure argument `e`, decoder locals such as the tag, size and count
/// of the tagged section, the kept unknown tags) and a raw identifier.
mod field_names {
    use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    #[kafka(api_key = 1000, versions = "0-1", flexible = "1+")]
    pub struct Clash {
        #[kafka(versions = "0+")]
        pub buf: i32,
        #[kafka(versions = "0+")]
        pub ctx: Str,
        #[kafka(versions = "0+")]
        pub e: i8,
        #[kafka(versions = "1+", tag = 0, tagged = "1+")]
        pub tag: i32,
        #[kafka(versions = "1+", tag = 1, tagged = "1+")]
        pub count: i32,
        #[kafka(versions = "1+", tag = 2, tagged = "1+")]
        pub size: Str,
        #[kafka(versions = "0+")]
        pub unknown: i16,
        #[kafka(versions = "0+")]
        pub r#type: i8,
        #[kafka(unknown_tagged_fields)]
        pub tags: UnknownTaggedFields,
    }
}

#[test]
fn fields_named_like_generated_locals_round_trip() {
    use kafka_wire::KafkaStruct;
    let msg = field_names::Clash {
        buf: 1,
        ctx: "c".into(),
        e: 2,
        tag: 3,
        count: 4,
        size: "s".into(),
        unknown: 5,
        r#type: 6,
        tags: kafka_wire::UnknownTaggedFields::new(),
    };
    round_trip(&msg, 1);
    let names: Vec<&str> = field_names::Clash::SCHEMA
        .fields
        .iter()
        .map(|f| f.name)
        .collect();
    assert_eq!(
        names,
        ["buf", "ctx", "e", "tag", "count", "size", "unknown", "type", "tags"][..8]
    );
}

/// Lowercase constants named like plain identifiers (`buf`, `ctx`, `e`,
/// `value`) would turn a generated parameter into a pattern if the generated
/// code used those names.
#[allow(non_upper_case_globals, dead_code)]
mod lowercase_constants {
    use kafka_wire::{KafkaMessage, Str};

    const buf: u8 = 0;
    const ctx: u8 = 0;
    const e: u8 = 0;
    const value: u8 = 0;

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    #[kafka(api_key = 1000, versions = "0-1", flexible = "1+")]
    pub struct WithConstants {
        #[kafka(versions = "0+")]
        pub name: Str,
        #[kafka(versions = "1+", tag = 0, tagged = "1+")]
        pub t: i32,
        #[kafka(versions = "0+", nullable = "0+")]
        pub inner: Option<Inner>,
    }

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    pub struct Inner {
        #[kafka(versions = "0+")]
        pub x: i32,
    }
}

#[test]
fn lowercase_constants_do_not_break_generated_code() {
    let msg = lowercase_constants::WithConstants {
        name: "n".into(),
        t: 7,
        inner: Some(lowercase_constants::Inner { x: 1 }),
    };
    round_trip(&msg, 1);
    round_trip(
        &lowercase_constants::WithConstants {
            inner: None,
            t: 0,
            ..msg
        },
        0,
    );
}
