//! `Message::encode` and `encode_to_vec` into every kind of buffer: what is
//! written, what is committed, and which error a buffer or a value gets.
//!
//! - Hand-written `Wire` types that get their size wrong, or that write less
//!   in compact form than `MIN_LEN` says, next to derived structs: a wrong
//!   size is an `Overrun`, never a `BufferTooSmall` about a buffer the
//!   library sized itself, and `MIN_LEN` bounds decoding only.
//! - A derived struct with every kind of field encodes into a buffer of
//!   exactly its size in every version.
//! - An empty body is still checked.

use bytes::{Buf, BufMut, Bytes};
use kafka_wire::schema::KafkaType;
use kafka_wire::{
    Ctx, DecodeError, EncodeError, EncodeErrorKind, KafkaMessage, Message, Records, Str, Wire,
};

/// Writes three bytes and says it writes one.
#[derive(Debug, Clone, PartialEq, Default)]
struct Understated;

impl Wire for Understated {
    const TYPE: KafkaType = KafkaType::Int8;
    const MIN_LEN: usize = 1;
    fn encode_wire<B: BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
        buf.put_slice(&[1, 2, 3]);
        Ok(())
    }
    fn wire_len(&self, _: Ctx) -> usize {
        1
    }
    fn decode_wire<B: Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
        buf.advance(3);
        Ok(Understated)
    }
    fn is_default_value(&self) -> bool {
        false
    }
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
struct Inner {
    #[kafka(versions = "0+")]
    x: i32,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1000, versions = "0", flexible = "none")]
struct Outer {
    #[kafka(versions = "0+")]
    a: Understated,
    #[kafka(versions = "0+")]
    inner: Inner,
}

#[test]
fn an_understated_size_is_an_overrun() {
    let msg = Outer {
        a: Understated,
        inner: Inner { x: 7 },
    };
    assert_eq!(msg.encoded_len(0), 5);
    // `encode_to_vec` sizes its own buffer.
    let err = msg.encode_to_vec(0).unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::Overrun { computed: 5 });
    // So does `encode` into a fixed buffer of exactly the size it computed.
    let mut fixed = [0u8; 5];
    let err = msg.encode(&mut &mut fixed[..], 0).unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::Overrun { computed: 5 });
    // With room to spare the one-pass write runs over its computed size and
    // writes the bytes it produced: the size is what was written.
    let mut roomy = Vec::with_capacity(1024);
    assert_eq!(msg.encode(&mut roomy, 0).unwrap(), 7);
    assert_eq!(roomy, [1, 2, 3, 0, 0, 0, 7]);
}

/// Four bytes in classic versions, one in flexible ones; `MIN_LEN` says 4.
#[derive(Debug, Clone, PartialEq, Default)]
struct Tiny(u8);

impl Wire for Tiny {
    const TYPE: KafkaType = KafkaType::Int32;
    const MIN_LEN: usize = 4;
    fn encode_wire<B: BufMut>(&self, buf: &mut B, ctx: Ctx) -> Result<(), EncodeError> {
        if ctx.flexible {
            buf.put_u8(self.0)
        } else {
            buf.put_u32(self.0.into())
        }
        Ok(())
    }
    fn wire_len(&self, ctx: Ctx) -> usize {
        if ctx.flexible {
            1
        } else {
            4
        }
    }
    fn decode_wire<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Self, DecodeError> {
        Ok(Tiny(if ctx.flexible {
            buf.try_get_u8()?
        } else {
            buf.try_get_u32()? as u8
        }))
    }
    fn is_default_value(&self) -> bool {
        self.0 == 0
    }
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
struct HoldsTiny {
    #[kafka(versions = "0+")]
    t: Tiny,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1001, versions = "0-1", flexible = "1+")]
struct WithTiny {
    #[kafka(versions = "0+")]
    h: HoldsTiny,
}

#[test]
fn a_user_types_min_len_bounds_decoding_only() {
    let msg = WithTiny {
        h: HoldsTiny { t: Tiny(5) },
    };
    // Tiny's byte and the two tagged sections.
    assert_eq!(msg.encoded_len(1), 3);
    assert_eq!(msg.encode_to_vec(1).unwrap(), [5, 0, 0]);
    let mut fixed = [0u8; 3];
    assert_eq!(msg.encode(&mut &mut fixed[..], 1).unwrap(), 3);
    assert_eq!(fixed, [5, 0, 0]);
    assert_eq!(msg.encode_to_vec(0).unwrap(), [0, 0, 0, 5]);
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
struct Named {
    #[kafka(versions = "0+")]
    x: i32,
    #[kafka(versions = "0+")]
    s: Str,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1002, versions = "0-3", flexible = "2+")]
struct Mixed {
    #[kafka(versions = "0+", nullable = "0+")]
    a: Option<Str>,
    #[kafka(versions = "0+", nullable = "0+")]
    b: Option<Vec<i32>>,
    #[kafka(versions = "0+", nullable = "0+")]
    c: Option<Named>,
    #[kafka(versions = "0+")]
    d: Vec<Named>,
    #[kafka(versions = "0+", flexible = "none", nullable = "0+")]
    fs: Option<Str>,
    #[kafka(versions = "0+", flexible = "none")]
    fb: Bytes,
    #[kafka(versions = "1+", ignorable)]
    e: i64,
    #[kafka(versions = "2+", tag = 0, tagged = "2+", ignorable)]
    f: i32,
    #[kafka(versions = "0+", nullable = "0+")]
    g: Option<Bytes>,
    #[kafka(versions = "0+", nullable = "1+")]
    h: Option<Named>,
    #[kafka(versions = "0+", nullable = "0+")]
    r: Option<Records>,
    #[kafka(versions = "0+")]
    i: Named,
}

#[test]
fn every_kind_of_field_encodes_into_exactly_its_size() {
    let named = Named {
        x: 0,
        s: Str::new(),
    };
    let smallest = Mixed {
        a: None,
        b: None,
        c: None,
        d: vec![],
        fs: None,
        fb: Bytes::new(),
        e: 0,
        f: 0,
        g: None,
        h: Some(named.clone()),
        r: None,
        i: named,
    };
    let more = Mixed {
        a: Some("x".into()),
        e: 1,
        f: 9,
        ..smallest.clone()
    };
    // Nulls, empty arrays and strings, fields absent in some versions,
    // tagged ones and `flexible = "none"`: the struct's writer checks its
    // room up front against the fewest bytes it can write, which must never
    // exceed what it writes.
    for msg in [smallest, more] {
        for version in 0..=3 {
            let ctx = Mixed::context(version).unwrap();
            let n = msg.wire_len(ctx);
            let mut exact = vec![0u8; n];
            let mut room = &mut exact[..];
            msg.encode_wire(&mut room, ctx).unwrap();
            assert!(room.is_empty(), "v{version}");
            let mut again = vec![0u8; n];
            assert_eq!(msg.encode(&mut &mut again[..], version).unwrap(), n);
            assert_eq!(again, exact, "v{version}");
        }
    }
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1003, versions = "0-1", flexible = "1+")]
struct AddedInV1 {
    #[kafka(versions = "1+")]
    x: i32,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1004, versions = "0-1", flexible = "1+")]
struct OnlyTags {
    #[kafka(unknown_tagged_fields)]
    unknown: kafka_wire::UnknownTaggedFields,
}

/// An empty body is still written by `encode_to_vec`, so that its checks
/// run: it once returned `Ok(vec![])` where `encode` failed, dropping the
/// value (found by a review's corpus harness).
#[test]
fn an_empty_body_is_checked_by_encode_to_vec_too() {
    let msg = AddedInV1 { x: 5 };
    assert_eq!(msg.encoded_len(0), 0);
    let err = msg.encode(&mut Vec::new(), 0).unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::NonDefaultAbsent);
    let err = msg.encode_to_vec(0).unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::NonDefaultAbsent);
    assert_eq!(err.path(), "AddedInV1.x");
    // Absent and default: nothing to write, and nothing allocated.
    let empty = AddedInV1 { x: 0 }.encode_to_vec(0).unwrap();
    assert_eq!((empty.len(), empty.capacity()), (0, 0));

    let mut tags = OnlyTags {
        unknown: Default::default(),
    };
    tags.unknown.insert(9, Bytes::from_static(b"x"));
    let err = tags.encode(&mut Vec::new(), 0).unwrap_err();
    assert!(matches!(
        err.kind(),
        EncodeErrorKind::TagInNonFlexible { .. }
    ));
    let err = tags.encode_to_vec(0).unwrap_err();
    assert!(matches!(
        err.kind(),
        EncodeErrorKind::TagInNonFlexible { .. }
    ));
    assert_eq!(tags.encode_to_vec(1).unwrap(), [1, 9, 1, b'x']);
}
