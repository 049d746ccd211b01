//! What the hostile-input tests share (kafka-wire's for the runtime's
//! decoders, kafka-messages' for whole messages): random garbage that
//! decodes deep, allocation bounds linear in the input's length, and
//! [`guarded`], which runs one decode under both rules at once: it must not
//! panic, and it must stay within its bound.
//!
//! A test binary that uses [`guarded`] installs [`Counting`](crate::Counting)
//! as its global allocator; under any other, every decode allocates "nothing"
//! and the bounds hold trivially.

use std::fmt::{self, Display};
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::{measure, Rng, Usage};

/// The bytes garbage is drawn from half of the time: mostly small values,
/// so that lengths and counts read from the garbage are often small enough
/// for decoding to go deep, and the edges of a byte (0x7f, 0x80, 0xff).
pub const ALPHABET: [u8; 12] = [0, 0, 0, 1, 1, 2, 3, 5, 0x7f, 0x80, 0xff, 0x01];

/// Garbage of `0..max_len` bytes (`max_len > 0`): half of the inputs
/// uniform bytes, half drawn from [`ALPHABET`]. The same generator state
/// gives the same garbage, so a failure is found again from its seed.
pub fn garbage(rng: &mut Rng, max_len: usize) -> Vec<u8> {
    let len = rng.index(max_len);
    let uniform = rng.next_u64() & 1 == 0;
    (0..len)
        .map(|_| {
            let r = rng.next_u64();
            if uniform {
                r as u8
            } else {
                ALPHABET[(r % ALPHABET.len() as u64) as usize]
            }
        })
        .collect()
}

/// An allocation bound linear in the input's length `len`: the largest
/// single allocation at most `largest_per_byte * len + largest_base` bytes,
/// and all bytes allocated at most `total_per_byte * len + total_base`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllocBound {
    /// Bytes of the largest allocation per input byte.
    pub largest_per_byte: usize,
    /// Bytes of the largest allocation allowed for any input, even empty.
    pub largest_base: usize,
    /// Bytes allocated in all per input byte.
    pub total_per_byte: usize,
    /// Bytes allocated in all allowed for any input, even empty.
    pub total_base: usize,
}

impl AllocBound {
    /// The largest single allocation allowed for `len` input bytes.
    pub const fn largest(&self, len: usize) -> usize {
        self.largest_per_byte * len + self.largest_base
    }

    /// All bytes allowed to be allocated for `len` input bytes.
    pub const fn total(&self, len: usize) -> usize {
        self.total_per_byte * len + self.total_base
    }

    /// Whether `usage`, for `len` input bytes, is within the bound.
    pub const fn allows(&self, len: usize, usage: Usage) -> bool {
        usage.largest <= self.largest(len) && usage.total <= self.total(len)
    }
}

/// `largest <= 64*len + 256, total <= 96*len + 1024`.
impl Display for AllocBound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "largest <= {}*len + {}, total <= {}*len + {}",
            self.largest_per_byte, self.largest_base, self.total_per_byte, self.total_base
        )
    }
}

/// Runs `decode` of `input` under the counting allocator, catching a panic,
/// and returns its result and what it allocated. Fails the test, naming
/// `what` and the input's bytes, if the decode panicked or allocated more
/// than `bound` allows for `input.len()` bytes.
///
/// `what` is only formatted on failure: pass `format_args!(…)` in hot loops.
#[track_caller]
pub fn guarded<T>(
    what: impl Display,
    input: &[u8],
    bound: &AllocBound,
    decode: impl FnOnce() -> T,
) -> (T, Usage) {
    let (result, usage) = measure(|| catch_unwind(AssertUnwindSafe(decode)));
    let Ok(value) = result else {
        panic!("{what}: panicked on input {input:02x?}");
    };
    let len = input.len();
    assert!(
        bound.allows(len, usage),
        "{what}: allocated {usage:?} for {len} input bytes {input:02x?}; bound {bound}: \
         largest <= {}, total <= {}",
        bound.largest(len),
        bound.total(len)
    );
    (value, usage)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garbage_is_reproducible_and_within_its_length() {
        let mut lens = [false; 8];
        let mut alphabet_only = 0;
        for seed in 0..200 {
            let a = garbage(&mut Rng::new(seed), 8);
            assert_eq!(a, garbage(&mut Rng::new(seed), 8), "seed {seed}");
            lens[a.len()] = true;
            if a.len() > 4 && a.iter().all(|b| ALPHABET.contains(b)) {
                alphabet_only += 1;
            }
        }
        assert!(lens.iter().all(|&seen| seen), "every length 0..8: {lens:?}");
        assert!(alphabet_only > 20, "half of the inputs from the alphabet");
    }

    #[test]
    fn a_bound_is_linear_in_the_input_and_says_so() {
        let bound = AllocBound {
            largest_per_byte: 64,
            largest_base: 256,
            total_per_byte: 96,
            total_base: 1024,
        };
        assert_eq!((bound.largest(0), bound.total(0)), (256, 1024));
        assert_eq!((bound.largest(10), bound.total(10)), (896, 1984));
        let usage = |largest, total| Usage {
            largest,
            total,
            count: 1,
        };
        assert!(bound.allows(10, usage(896, 1984)));
        assert!(!bound.allows(10, usage(897, 1)));
        assert!(!bound.allows(10, usage(1, 1985)));
        assert_eq!(
            bound.to_string(),
            "largest <= 64*len + 256, total <= 96*len + 1024"
        );
    }

    #[test]
    fn guarded_returns_what_the_decode_returned() {
        let bound = AllocBound {
            largest_per_byte: 0,
            largest_base: 0,
            total_per_byte: 0,
            total_base: 0,
        };
        let (value, usage) = guarded("sum", &[1, 2], &bound, || 1 + 2);
        assert_eq!(value, 3);
        assert_eq!(usage, Usage::default());
    }

    #[test]
    #[should_panic(expected = "decoding: panicked on input [ab]")]
    fn guarded_names_the_input_of_a_panic() {
        let bound = AllocBound {
            largest_per_byte: 1,
            largest_base: 0,
            total_per_byte: 1,
            total_base: 0,
        };
        guarded("decoding", &[0xab], &bound, || panic!("boom"));
    }

    #[test]
    #[should_panic(expected = "allocated Usage")]
    fn guarded_fails_a_decode_over_its_bound() {
        let bound = AllocBound {
            largest_per_byte: 1,
            largest_base: 0,
            total_per_byte: 1,
            total_base: 0,
        };
        guarded("growing", &[0; 4], &bound, || {
            Vec::<u8>::with_capacity(4096)
        });
    }
}
