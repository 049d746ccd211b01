//! The fast paths of arrays and derived structs, kept out of the public
//! [`Wire`] trait.
//!
//! Two facts about a type make encoding and decoding faster, and neither is
//! something a user's own `Wire` impl should have to state or could get
//! wrong in a way that matters:
//!
//! - the fewest bytes it writes in any form ([`FastPath::writes_at_least`]): a
//!   derived struct checks its buffer's room against the sum of its fields'
//!   once, and the writes that sum covers then need no check of their own;
//! - a fixed size with a plain big-endian form (the integers, `bool`,
//!   [`Uuid`](crate::Uuid)): an array of them is sized by a multiplication,
//!   read from one bounds-checked slice and written after one room check;
//! - a derived struct that is flat ([`StructSchema::is_flat`]): its only
//!   arrays, at any depth, are of fixed-size values, so its encoder is
//!   short. An array of one (a partition's replica assignment, a topic's
//!   config) is written, and read as a view, by one loop per form, flexible
//!   or not, each with the struct's encoder (or view reader) in line, so
//!   that the form's tests fold away inside the loop.
//!
//! # Why a constant of `Wire` and not a trait of its own
//!
//! `Vec<T>` must find these facts for any `T: Wire`. Without specialization
//! a separate trait cannot supply them: a blanket impl cannot be overridden
//! for `i32`, and a bound `T: Fixed` would keep user types out of arrays.
//! So [`Wire`] carries an item, `FAST`, whose default claims
//! nothing, and whose type, [`FastPath`], cannot be named or built outside
//! this crate except through `__private`, which only generated code uses. A
//! user's impl therefore cannot override it: the hooks are sealed in
//! practice, and `Wire` is, for its users, its four methods, `TYPE` and a
//! defaulted `MIN_LEN`. The fixed-size hooks themselves are on [`Fixed`], a
//! trait in this private module, so only this crate can implement it; a
//! `FastPath` holds them as typed function pointers, which a constant makes
//! direct, inlined calls.
//!
//! `Wire` has one more such item, `encode_in_line` (and `WireView` its
//! twin, `view_in_line`): `encode_wire`, always inlined. A derived struct's
//! encoder lives there and its `encode_wire` calls it; an array calls it
//! directly only for the elements whose `FAST` says they are flat derived
//! structs, which a user's impl cannot claim. It is not sealed, but a
//! user's override of it is never called by this crate.
//!
//! Nothing unsafe relies on these facts: a wrong `WRITES_AT_LEAST` costs a
//! spurious room error or a room check, and the fixed-size hooks are safe
//! functions of the right type.

use crate::schema::StructSchema;
use crate::{Ctx, Uuid, Wire};

/// What generic code may assume of a [`Wire`] type beyond its methods: see
/// the docs of `kafka-wire/src/fast.rs`. Not a public API.
pub struct FastPath<T> {
    writes_at_least: usize,
    fixed: Option<FixedForm<T>>,
    /// A flat derived struct: arrays of it are written by one loop per
    /// form, through [`Wire::encode_in_line`], and their views read through
    /// `WireView::view_in_line`.
    in_line: bool,
}

/// The fixed-size form of a [`Fixed`] type, as function pointers, so that
/// generic code over any `T: Wire` can call them.
pub(crate) struct FixedForm<T> {
    /// Bytes per value, 1 to 16.
    pub(crate) len: usize,
    /// [`Fixed::from_be`].
    pub(crate) read: fn(&[u8]) -> Option<T>,
    /// [`Fixed::to_be`].
    pub(crate) write: fn(&T) -> [u8; 16],
}

impl<T> FastPath<T> {
    /// Claims nothing: no room is checked for the type up front, and arrays of
    /// it take the general paths. The default of every `Wire` impl.
    pub const NONE: Self = FastPath {
        writes_at_least: 0,
        fixed: None,
        in_line: false,
    };

    /// A type that writes at least `n` bytes in any form: a string, an
    /// array.
    pub const fn at_least(n: usize) -> Self {
        FastPath {
            writes_at_least: n,
            fixed: None,
            in_line: false,
        }
    }

    /// A derived struct of `schema`, which writes at least `n` bytes in any
    /// form (the sum over the fields it always writes); arrays of it are
    /// written in line when it is flat.
    pub const fn derived(n: usize, schema: &StructSchema) -> Self {
        FastPath {
            writes_at_least: n,
            fixed: None,
            in_line: schema.is_flat(),
        }
    }

    /// The fewest bytes the type writes in any form; 0 claims nothing.
    #[inline(always)]
    pub const fn writes_at_least(&self) -> usize {
        self.writes_at_least
    }

    /// A type of fixed size with a plain big-endian form.
    pub(crate) const fn fixed() -> Self
    where
        T: Fixed,
    {
        FastPath {
            writes_at_least: T::LEN,
            fixed: Some(FixedForm {
                len: T::LEN,
                read: T::from_be,
                write: T::to_be,
            }),
            in_line: false,
        }
    }
}

/// The fast-path facts of every `Wire` type, as constants for this crate's
/// generic code. Implemented for all of them and for nothing else.
pub(crate) trait Fast: Wire {
    /// The fewest bytes [`Wire::encode_wire`] writes in any form; 0 claims
    /// nothing.
    const WRITES_AT_LEAST: usize = Self::FAST.writes_at_least;
    /// The exact size of every value, for the fixed-size types.
    const FIXED_LEN: Option<usize> = match &Self::FAST.fixed {
        Some(form) => Some(form.len),
        None => None,
    };
    /// A flat derived struct, whose arrays are written (and their views
    /// read) by one loop per form.
    const IN_LINE: bool = Self::FAST.in_line;
}

impl<T: Wire> Fast for T {}

/// A loop over an array's elements, run by [`each_form`] with the
/// elements' kind as a constant: `IN_LINE` for flat derived structs, read
/// or written through their in-line twin (`encode_in_line`, `view_in_line`).
pub(crate) trait ElementLoop {
    /// What the loop returns.
    type Output;
    /// Runs the loop in `ctx`, whose form is a constant when `IN_LINE`.
    fn run<const IN_LINE: bool>(self, ctx: Ctx) -> Self::Output;
}

/// Runs `elements` over an array of `T`: once, if `T` is not flat; else in
/// one of two copies, one per form, each with `ctx.flexible` a constant,
/// so that the form's tests (an array's length prefix, the tagged section)
/// fold away in the inlined element and the loop keeps the flag out of its
/// registers.
#[inline(always)]
pub(crate) fn each_form<T: Fast, L: ElementLoop>(elements: L, ctx: Ctx) -> L::Output {
    if !T::IN_LINE {
        elements.run::<false>(ctx)
    } else if ctx.flexible {
        elements.run::<true>(Ctx {
            flexible: true,
            ..ctx
        })
    } else {
        elements.run::<true>(Ctx {
            flexible: false,
            ..ctx
        })
    }
}

/// The fixed-size form of `T`, if it has one.
#[inline(always)]
pub(crate) const fn fixed_form<T: Wire>() -> Option<FixedForm<T>> {
    T::FAST.fixed
}

/// A type whose every value is `LEN` bytes (at most 16) in big-endian order,
/// every `LEN`-byte input being a valid value. Implemented in this crate only.
pub trait Fixed: Sized {
    /// Bytes per value.
    const LEN: usize;
    /// The value in the first `LEN` bytes of `bytes`; `None` when there are fewer.
    fn from_be(bytes: &[u8]) -> Option<Self>;
    /// The value's `LEN` bytes, then zeros.
    fn to_be(&self) -> [u8; 16];
}

/// `src` (at most 16 bytes), then zeros.
#[inline(always)]
fn padded(src: &[u8]) -> [u8; 16] {
    let mut out = [0; 16];
    out[..src.len()].copy_from_slice(src);
    out
}

macro_rules! fixed_ints {
    ($($ty:ty),*) => {$(
        impl Fixed for $ty {
            const LEN: usize = core::mem::size_of::<$ty>();

            #[inline(always)]
            fn from_be(bytes: &[u8]) -> Option<Self> {
                bytes.first_chunk().map(|b| <$ty>::from_be_bytes(*b))
            }

            #[inline(always)]
            fn to_be(&self) -> [u8; 16] {
                padded(&self.to_be_bytes())
            }
        }
    )*};
}

fixed_ints!(i8, i16, u16, i32, u32, i64, f64);

impl Fixed for bool {
    const LEN: usize = 1;

    /// Any non-zero byte is `true`, as Kafka's Java reader has it.
    #[inline(always)]
    fn from_be(bytes: &[u8]) -> Option<Self> {
        bytes.first().map(|&b| b != 0)
    }

    #[inline(always)]
    fn to_be(&self) -> [u8; 16] {
        padded(&[u8::from(*self)])
    }
}

impl Fixed for Uuid {
    const LEN: usize = 16;

    #[inline(always)]
    fn from_be(bytes: &[u8]) -> Option<Self> {
        bytes.first_chunk().map(|b| Uuid(*b))
    }

    #[inline(always)]
    fn to_be(&self) -> [u8; 16] {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use bytes::{Bytes, BytesMut};

    use super::Fast;
    use crate::{Ctx, EncodeError, EncodeErrorKind, KafkaMessage, Str, Versioned, Wire, WireView};

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    #[kafka(view)]
    struct Assignment {
        #[kafka(versions = "0+")]
        partition: i32,
        #[kafka(versions = "0+")]
        brokers: Vec<i32>,
        #[kafka(versions = "1+", nullable = "1+", default = None)]
        note: Option<Str>,
    }

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    #[kafka(versions = "0-2", flexible = "2+", view)]
    struct Topic {
        #[kafka(versions = "0+")]
        name: Str,
        #[kafka(versions = "0+")]
        assignments: Vec<Assignment>,
    }

    #[derive(Debug, Clone, PartialEq, KafkaMessage)]
    struct Wrapper {
        #[kafka(versions = "0+")]
        inner: Assignment,
        #[kafka(versions = "0+")]
        names: Vec<Str>,
    }

    /// A user's own type: its `FAST` claims nothing.
    #[derive(Debug, Clone, Default, PartialEq)]
    struct Port(u16);

    impl Wire for Port {
        const TYPE: crate::schema::KafkaType = crate::schema::KafkaType::Uint16;
        fn encode_wire<B: bytes::BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
            buf.put_u16(self.0);
            Ok(())
        }
        fn wire_len(&self, _: Ctx) -> usize {
            2
        }
        fn decode_wire<B: bytes::Buf>(buf: &mut B, _: Ctx) -> Result<Self, crate::DecodeError> {
            Ok(Port(u16::decode_wire(buf, Ctx::new(0, false))?))
        }
        fn is_default_value(&self) -> bool {
            self.0 == 0
        }
    }

    fn flat<T: Wire>() -> bool {
        T::TYPE.is_flat()
    }

    #[test]
    fn flat_types_hold_no_array_but_of_fixed_size_values() {
        assert!(flat::<i32>() && flat::<bool>() && flat::<crate::Uuid>());
        assert!(flat::<Str>() && flat::<String>() && flat::<Bytes>());
        assert!(flat::<Vec<i32>>() && flat::<Vec<crate::Uuid>>());
        let assignment = "scalars, a run of ints, a nullable string";
        assert!(flat::<Assignment>(), "{assignment}");
        assert!(!flat::<Vec<Str>>(), "a loop over strings");
        let topic = "a loop over structs";
        assert!(!flat::<Vec<Assignment>>() && !flat::<Topic>(), "{topic}");
        assert!(
            !flat::<Wrapper>(),
            "a flat struct beside a loop over strings"
        );
    }

    fn in_line<T: Wire>() -> bool {
        <T as Fast>::IN_LINE
    }

    #[test]
    fn only_flat_derived_structs_are_written_in_line() {
        assert!(in_line::<Assignment>());
        assert!(!in_line::<Topic>() && !in_line::<Wrapper>());
        assert!(!in_line::<i32>() && !in_line::<Str>() && !in_line::<Port>());
    }

    /// Runs of every straight-written count (0 to 3) and a longer one.
    const ASSIGNMENTS: &[(i32, &[i32], Option<&str>)] = &[
        (1, &[7], None),
        (2, &[], Some("n")),
        (3, &[9, 10, 11], None),
        (4, &[1, 2], Some("")),
        (5, &[1, 2, 3, 4, 5], None),
    ];

    fn topic() -> Topic {
        let assignment = |partition, brokers: &[i32], note: Option<&'static str>| Assignment {
            partition,
            brokers: brokers.to_vec(),
            note: note.map(Str::from_static),
        };
        Topic {
            name: "t".into(),
            assignments: ASSIGNMENTS
                .iter()
                .map(|&(partition, brokers, note)| assignment(partition, brokers, note))
                .collect(),
        }
    }

    /// The body of `topic()`, classic (int32 counts, int16 string lengths)
    /// or `flexible` (compact lengths, a tagged section per struct).
    fn topic_bytes(flexible: bool) -> Vec<u8> {
        let count = |n: usize| match flexible {
            true => vec![n as u8 + 1],
            false => (n as i32).to_be_bytes().to_vec(),
        };
        let string = |s: &str| match flexible {
            true => [&[s.len() as u8 + 1][..], s.as_bytes()].concat(),
            false => [&(s.len() as i16).to_be_bytes()[..], s.as_bytes()].concat(),
        };
        let mut out = Vec::new();
        out.extend(string("t"));
        out.extend(count(ASSIGNMENTS.len()));
        for &(partition, brokers, note) in ASSIGNMENTS {
            out.extend(i32::to_be_bytes(partition));
            out.extend(count(brokers.len()));
            brokers
                .iter()
                .for_each(|b: &i32| out.extend(b.to_be_bytes()));
            match (note, flexible) {
                (Some(note), _) => out.extend(string(note)),
                (None, true) => out.push(0),
                (None, false) => out.extend([0xff, 0xff]),
            }
            if flexible {
                out.push(0);
            }
        }
        if flexible {
            out.push(0);
        }
        out
    }

    #[test]
    fn arrays_of_flat_structs_exact_bytes_in_both_forms_and_every_buffer() {
        for (version, flexible) in [(1, false), (2, true)] {
            let expected = topic_bytes(flexible);
            // One pass into a buffer's spare room, and sized first when the
            // room is too small.
            assert_eq!(
                topic().encode_to_vec(version).unwrap(),
                expected,
                "v{version}"
            );
            let mut small = Vec::with_capacity(8);
            topic().encode(&mut small, version).unwrap();
            assert_eq!(small, expected, "v{version}, sized");
            // Exactly the body's bytes into a slice, and straight into a
            // buffer without a window.
            let mut exact = vec![0u8; expected.len()];
            topic().encode(&mut &mut exact[..], version).unwrap();
            assert_eq!(exact, expected, "v{version}, slice");
            let mut direct = Vec::new();
            let ctx = Topic::context(version).unwrap();
            topic().encode_wire(&mut direct, ctx).unwrap();
            assert_eq!(direct, expected, "v{version}, direct");
            assert_eq!(
                Topic::decode_wire(&mut &expected[..], ctx).unwrap(),
                topic()
            );
            let view = Topic::view_exact(&expected, version).unwrap();
            assert_eq!(Topic::from_view(view), topic(), "v{version}, view");
            let mut into = BytesMut::new();
            topic().encode(&mut into, version).unwrap();
            assert_eq!(into, expected, "v{version}, BytesMut");
        }
    }

    #[test]
    fn an_error_in_a_flat_struct_names_its_element() {
        // A note cannot be written in version 0, where it does not exist.
        let err = topic().encode_to_vec(0).unwrap_err();
        assert_eq!(err.kind(), &EncodeErrorKind::NonDefaultAbsent);
        assert_eq!(err.path(), "Topic.assignments[1].note");
    }
}
