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
//! - A buffer that does not own the room past its cursor (a slice, a chain,
//!   a `Limit`) gets exactly the body: nothing past it, nothing at all when
//!   it is too small, the same result whatever room is left over; a frame
//!   too.
//! - A user type's own `BufferTooSmall` is its error: never taken for the
//!   one-pass window running out of room, never retried.

use bytes::{Buf, BufMut, Bytes};
use kafka_wire::schema::KafkaType;
use kafka_wire::{
    Ctx, DecodeError, EncodeError, EncodeErrorKind, KafkaMessage, Records, Str, Versioned, Wire,
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

// ---------------------------------------------------------------------------
// Buffers that do not own the room past their cursor
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
struct Topic {
    #[kafka(versions = "0+")]
    name: Str,
    #[kafka(versions = "0+")]
    partitions: Vec<i32>,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1005, versions = "0-1", flexible = "1+")]
struct Topics {
    #[kafka(versions = "0+")]
    topics: Vec<Topic>,
    /// Absent in version 0: a value there cannot be encoded.
    #[kafka(versions = "1+")]
    extra: i32,
}

/// Short names (stored inline, which a `Vec` gets with padding) and a
/// fixed-size array in each topic.
fn topics(n: usize, extra: i32) -> Topics {
    Topics {
        topics: (0..n)
            .map(|i| Topic {
                name: format!("t{i}").into(),
                partitions: vec![1, 2, 3],
            })
            .collect(),
        extra,
    }
}

/// A byte no encoding of these messages ends its room with.
const UNTOUCHED: u8 = 0xa5;

#[test]
fn a_slice_gets_exactly_the_body_and_nothing_past_it() {
    for version in [0, 1] {
        for n in [0, 1, 2, 10] {
            let msg = topics(n, 0);
            let want = msg.encode_to_vec(version).unwrap();
            // Any room from exactly the body to far more: the same bytes,
            // the same length, and the rest of the slice as it was.
            for spare in [0, 1, 7, 23, 64, 512] {
                let mut room = vec![UNTOUCHED; want.len() + spare];
                let mut cursor = &mut room[..];
                assert_eq!(msg.encode(&mut cursor, version).unwrap(), want.len());
                assert_eq!(cursor.len(), spare, "the cursor moved by the body");
                assert_eq!(&room[..want.len()], &want[..], "v{version} n {n}");
                assert!(
                    room[want.len()..].iter().all(|&b| b == UNTOUCHED),
                    "v{version} n {n} spare {spare}: written past the body"
                );
            }
        }
    }
}

#[test]
fn a_slice_too_small_is_refused_untouched() {
    let msg = topics(10, 0);
    let len = msg.encoded_len(1);
    for room in [0, 1, len / 2, len - 1] {
        let mut bytes = vec![UNTOUCHED; room];
        let mut cursor = &mut bytes[..];
        let err = msg.encode(&mut cursor, 1).unwrap_err();
        assert_eq!(
            err.kind(),
            &EncodeErrorKind::BufferTooSmall {
                needed: len,
                remaining: room
            }
        );
        assert_eq!(cursor.len(), room, "nothing committed");
        assert!(
            bytes.iter().all(|&b| b == UNTOUCHED),
            "room {room}: written into"
        );
    }
}

#[test]
fn a_value_a_version_cannot_carry_moves_no_cursor_and_writes_nothing_past_the_body() {
    // `extra` is found last, after the topics were written.
    let msg = topics(3, 5);
    let len = msg.encoded_len(0);
    for spare in [0, 40] {
        let mut bytes = vec![UNTOUCHED; len + spare];
        let mut cursor = &mut bytes[..];
        let err = msg.encode(&mut cursor, 0).unwrap_err();
        assert_eq!(err.kind(), &EncodeErrorKind::NonDefaultAbsent);
        assert_eq!(err.path(), "Topics.extra");
        assert_eq!(cursor.len(), len + spare, "nothing committed");
        assert!(bytes[len..].iter().all(|&b| b == UNTOUCHED));
    }
    // Into a `Vec`, nothing committed either.
    let mut buf = vec![0xee];
    buf.reserve(4096);
    assert!(msg.encode(&mut buf, 0).is_err());
    assert_eq!(buf, [0xee]);
}

#[test]
fn a_chain_and_a_limit_get_exactly_the_body() {
    let msg = topics(4, 0);
    let want = msg.encode_to_vec(1).unwrap();
    // A chunk smaller than the body: written piece by piece, exactly.
    let mut head = [UNTOUCHED; 5];
    let mut tail = [UNTOUCHED; 256];
    let mut chain = (&mut head[..]).chain_mut(&mut tail[..]);
    assert_eq!(msg.encode(&mut chain, 1).unwrap(), want.len());
    let joined = [&head[..], &tail[..]].concat();
    assert_eq!(&joined[..want.len()], &want[..]);
    assert!(joined[want.len()..].iter().all(|&b| b == UNTOUCHED));
    // A `Vec` behind a limit is not a `Vec`: no padding past the body.
    let mut vec = Vec::with_capacity(1024);
    let mut limited = (&mut vec).limit(want.len());
    assert_eq!(msg.encode(&mut limited, 1).unwrap(), want.len());
    assert_eq!(vec, want);
}

#[test]
fn a_frame_into_a_slice_is_exact_too() {
    let msg = topics(2, 0);
    let header = kafka_wire::RequestHeader::new(1005, 1, 7, Some("me".into()));
    let mut want = bytes::BytesMut::new();
    let n = kafka_wire::frame::encode_request(&mut want, &header, &msg).unwrap();
    let mut room = vec![UNTOUCHED; n + 30];
    let mut cursor = &mut room[..];
    assert_eq!(
        kafka_wire::frame::encode_request(&mut cursor, &header, &msg).unwrap(),
        n
    );
    assert_eq!(&room[..n], &want[..]);
    assert!(room[n..].iter().all(|&b| b == UNTOUCHED));
    let mut short = vec![UNTOUCHED; n - 1];
    let err = kafka_wire::frame::encode_request(&mut &mut short[..], &header, &msg).unwrap_err();
    assert!(matches!(err.kind(), EncodeErrorKind::BufferTooSmall { .. }));
    assert!(short.iter().all(|&b| b == UNTOUCHED));
}

#[test]
fn a_frames_contents_are_the_frame_after_its_size() {
    use kafka_wire::frame;
    let msg = topics(2, 0);
    let header = kafka_wire::RequestHeader::new(1005, 1, 7, Some("me".into()));
    let mut sized = bytes::BytesMut::new();
    let n = frame::encode_request(&mut sized, &header, &msg).unwrap();
    // Into a reused buffer (one pass), a fresh `Vec` and a slice alike.
    let mut reused = bytes::BytesMut::with_capacity(1024);
    let mut fresh = Vec::new();
    let mut room = vec![UNTOUCHED; n];
    assert_eq!(
        frame::encode_request_contents(&mut reused, &header, &msg).unwrap(),
        n - 4
    );
    frame::encode_request_contents(&mut fresh, &header, &msg).unwrap();
    frame::encode_request_contents(&mut &mut room[..], &header, &msg).unwrap();
    for contents in [&reused[..], &fresh[..], &room[..n - 4]] {
        assert_eq!(contents, &sized[4..]);
    }
    let response = kafka_wire::ResponseHeader::new(7);
    sized.clear();
    let n = frame::encode_response(&mut sized, &response, 1, &msg).unwrap();
    let mut contents = Vec::new();
    assert_eq!(
        frame::encode_response_contents(&mut contents, &response, 1, &msg).unwrap(),
        n - 4
    );
    assert_eq!(&contents[..], &sized[4..]);
}

#[test]
fn an_understated_size_is_an_overrun_in_any_slice() {
    let msg = Outer {
        a: Understated,
        inner: Inner { x: 7 },
    };
    // Whatever room the slice has past the computed 5 bytes.
    for room in [5, 6, 7, 64, 1024] {
        let mut bytes = vec![UNTOUCHED; room];
        let err = msg.encode(&mut &mut bytes[..], 0).unwrap_err();
        assert_eq!(
            err.kind(),
            &EncodeErrorKind::Overrun { computed: 5 },
            "room {room}"
        );
        assert!(bytes[5..].iter().all(|&b| b == UNTOUCHED), "room {room}");
    }
}

/// A hand-written type that refuses to encode with a `BufferTooSmall` of its
/// own (a value it cannot fit in a format of its own, say), counting tries.
#[derive(Debug, Clone, PartialEq, Default)]
struct Refuses;

static REFUSALS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Wire for Refuses {
    const TYPE: KafkaType = KafkaType::Int8;
    fn encode_wire<B: BufMut>(&self, _: &mut B, _: Ctx) -> Result<(), EncodeError> {
        REFUSALS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Err(EncodeErrorKind::BufferTooSmall {
            needed: 1234,
            remaining: 0,
        }
        .into())
    }
    fn wire_len(&self, _: Ctx) -> usize {
        1
    }
    fn decode_wire<B: Buf>(_: &mut B, _: Ctx) -> Result<Self, DecodeError> {
        Ok(Refuses)
    }
    fn is_default_value(&self) -> bool {
        false
    }
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1006, versions = "0", flexible = "none")]
struct HoldsRefuses {
    #[kafka(versions = "0+")]
    name: Str,
    #[kafka(versions = "0+")]
    r: Refuses,
}

#[test]
fn a_user_types_buffer_too_small_is_its_error_not_a_retry() {
    let msg = HoldsRefuses {
        name: "n".into(),
        r: Refuses,
    };
    let want = EncodeErrorKind::BufferTooSmall {
        needed: 1234,
        remaining: 0,
    };
    let tries = |f: &mut dyn FnMut() -> EncodeError| {
        let before = REFUSALS.load(std::sync::atomic::Ordering::Relaxed);
        let err = f();
        (
            err,
            REFUSALS.load(std::sync::atomic::Ordering::Relaxed) - before,
        )
    };
    let mut roomy = Vec::with_capacity(1024);
    let (err, n) = tries(&mut || msg.encode(&mut roomy, 0).unwrap_err());
    assert_eq!((err.kind(), n), (&want, 1), "into a Vec with room");
    assert_eq!(err.path(), "HoldsRefuses.r");
    assert!(roomy.is_empty());
    let (err, n) = tries(&mut || msg.encode(&mut Vec::new(), 0).unwrap_err());
    assert_eq!((err.kind(), n), (&want, 1), "into an empty Vec");
    let (err, n) = tries(&mut || msg.encode_to_vec(0).unwrap_err());
    assert_eq!((err.kind(), n), (&want, 1), "encode_to_vec");
    let mut fixed = [0u8; 64];
    let (err, n) = tries(&mut || msg.encode(&mut &mut fixed[..], 0).unwrap_err());
    assert_eq!((err.kind(), n), (&want, 1), "into a slice");
}
