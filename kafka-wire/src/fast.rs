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
//!   read from one bounds-checked slice and written after one room check.
//!
//! # Why a hidden constant and not a trait of its own
//!
//! `Vec<T>` must find these facts for any `T: Wire`. Without specialization
//! a separate trait cannot supply them: a blanket impl cannot be overridden
//! for `i32`, and a bound `T: Fixed` would keep user types out of arrays.
//! So [`Wire`] carries one hidden item, `FAST`, whose default claims
//! nothing, and whose type, [`FastPath`], cannot be named or built outside
//! this crate except through `__private`, which only generated code uses. A
//! user's impl therefore cannot override it: the hooks are sealed in
//! practice, and `Wire` is, for its users, its four methods, `TYPE` and a
//! defaulted `MIN_LEN`. The fixed-size hooks themselves are on [`Fixed`], a
//! trait in this private module, so only this crate can implement it; a
//! `FastPath` holds them as typed function pointers, which a constant makes
//! direct, inlined calls.
//!
//! Nothing unsafe relies on these facts: a wrong `WRITES_AT_LEAST` costs a
//! spurious room error or a room check, and the fixed-size hooks are safe
//! functions of the right type.

use crate::{Uuid, Wire};

/// What generic code may assume of a [`Wire`] type beyond its methods: see
/// the docs of `kafka-wire/src/fast.rs`. Not a public API.
pub struct FastPath<T> {
    writes_at_least: usize,
    fixed: Option<FixedForm<T>>,
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
    };

    /// A type that writes at least `n` bytes in any form: a derived struct
    /// (the sum over the fields it always writes), a string, an array.
    pub const fn at_least(n: usize) -> Self {
        FastPath {
            writes_at_least: n,
            fixed: None,
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
}

impl<T: Wire> Fast for T {}

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
