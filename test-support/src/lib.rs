//! Helpers shared by the tests of every crate in the workspace, so that each
//! exists once:
//!
//! - [`Chunked`]: a [`Buf`] that hands out short chunks (one byte each, or
//!   sizes of the caller's choosing), so that decoders take their slow paths;
//! - [`Counting`] and [`measure`]: a global allocator that counts what one
//!   scope allocates on its thread, for the tests that bound the memory a
//!   hostile input can cost;
//! - [`Rng`]: the seeded generator of the workspace's randomised tests (what
//!   each test draws with it stays in the test);
//! - [`hostile`]: what the hostile-input tests share: garbage that decodes
//!   deep, allocation bounds linear in the input, and a decode run under
//!   both rules (no panic, within the bound);
//! - [`seeds`]: the seed documents of `shared/seeds/` (where they are, their
//!   frames, their README's table) and, with the `messages` feature, the
//!   minimal instances those frames encode;
//! - [`hex`]: bytes as lowercase hex, both ways;
//! - with the `schema` feature, `wire_instances`: random legal instances of
//!   any schema the runtime describes, and `typed_debug`: a value tree of the
//!   interpreted codec written as the typed struct's `Debug`, and `tail`:
//!   a body's own tagged fields found by the view and by the tail scanner.
//!
//! A test binary that measures allocations installs the allocator itself:
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: kafka_wire_test_support::Counting = kafka_wire_test_support::Counting;
//! ```
#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use bytes::Buf;

pub mod hex;
pub mod hostile;
pub mod seeds;
#[cfg(feature = "schema")]
pub mod tail;
#[cfg(feature = "schema")]
pub mod typed_debug;
#[cfg(feature = "schema")]
pub mod wire_instances;

/// A small seeded generator (SplitMix64): a seed gives the same stream on
/// every machine and run, so a failing case is found again from its seed.
/// Only the draws every test needs are here; a test's own distributions
/// (its strings, its integers at their edges) are its own.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// The stream of `seed`.
    pub const fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`; the modulo's bias is too small to matter
    /// to a test).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// Uniform in `0..len` (`len > 0`): an index, a length.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }
}

/// A [`Buf`] over one byte slice that returns one short chunk at a time. The
/// chunk boundaries are fixed up front, so `chunk()` never spans two.
#[derive(Clone)]
pub struct Chunked<'a> {
    data: &'a [u8],
    /// Strictly ascending chunk ends; the last one is `data.len()`.
    ends: Vec<usize>,
    /// Index of the first end beyond `pos`.
    next: usize,
    pos: usize,
}

impl<'a> Chunked<'a> {
    /// Chunks of the sizes `size` returns in turn (each at least 1).
    pub fn with_sizes(data: &'a [u8], mut size: impl FnMut() -> usize) -> Self {
        let mut ends = Vec::new();
        let mut at = 0;
        while at < data.len() {
            at = (at + size().max(1)).min(data.len());
            ends.push(at);
        }
        Chunked {
            data,
            ends,
            next: 0,
            pos: 0,
        }
    }

    /// One byte per chunk: every multi-byte read crosses a boundary.
    pub fn bytewise(data: &'a [u8]) -> Self {
        Self::with_sizes(data, || 1)
    }
}

impl Buf for Chunked<'_> {
    fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    fn chunk(&self) -> &[u8] {
        match self.ends.get(self.next) {
            Some(&end) => &self.data[self.pos..end],
            None => &[],
        }
    }

    fn advance(&mut self, cnt: usize) {
        assert!(cnt <= self.remaining(), "advance past the end");
        self.pos += cnt;
        while self.next < self.ends.len() && self.ends[self.next] <= self.pos {
            self.next += 1;
        }
    }
}

/// A global allocator that forwards to [`System`] and, inside [`measure`],
/// counts the allocations of the thread that called it.
pub struct Counting;

thread_local! {
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
    static LARGEST: Cell<usize> = const { Cell::new(0) };
    static TOTAL: Cell<usize> = const { Cell::new(0) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

fn record(size: usize) {
    // `try_with`: the allocator may run while a thread's locals are torn down.
    let _ = ACTIVE.try_with(|active| {
        if active.get() {
            let _ = LARGEST.try_with(|l| l.set(l.get().max(size)));
            let _ = TOTAL.try_with(|t| t.set(t.get() + size));
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        }
    });
}

// SAFETY: every method forwards to `System` with the caller's arguments, so
// `System`'s guarantees are this allocator's; the counting beside it touches
// only thread-locals and never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: the caller's contract for `alloc`, passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: the caller's contract for `alloc_zeroed`, passed on unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A growth counts as an allocation of the new size.
        record(new_size);
        // SAFETY: `ptr` came from this allocator, which is `System`'s; the
        // rest of the caller's contract is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, which is `System`'s.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// What one scope allocated on its thread.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// The largest single allocation (or reallocation's new size), in bytes.
    pub largest: usize,
    /// The sum of all allocation sizes, in bytes.
    pub total: usize,
    /// How many allocations.
    pub count: usize,
}

/// Runs `f` and reports what it allocated on this thread; all zeros unless
/// the test binary's global allocator is [`Counting`].
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, Usage) {
    LARGEST.with(|c| c.set(0));
    TOTAL.with(|c| c.set(0));
    COUNT.with(|c| c.set(0));
    ACTIVE.with(|a| a.set(true));
    let r = f();
    ACTIVE.with(|a| a.set(false));
    let usage = Usage {
        largest: LARGEST.with(Cell::get),
        total: TOTAL.with(Cell::get),
        count: COUNT.with(Cell::get),
    };
    (r, usage)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[global_allocator]
    static GLOBAL: Counting = Counting;

    #[test]
    fn the_allocator_counts() {
        let (v, usage) = measure(|| Vec::<u8>::with_capacity(4096));
        assert!(usage.largest >= 4096 && usage.total >= 4096 && usage.count >= 1);
        drop(v);
        let (_, usage) = measure(|| 1 + 1);
        assert_eq!((usage.largest, usage.total, usage.count), (0, 0, 0));
        let (v, usage) = measure(|| {
            let mut v = Vec::<u64>::new();
            v.extend(0..100);
            v
        });
        assert!(usage.largest >= 800, "{usage:?}");
        drop(v);
    }

    #[test]
    fn chunked_is_a_faithful_buf() {
        let data: Vec<u8> = (0..40).collect();
        let mut sizes = [1, 3, 2].into_iter().cycle();
        let mut c = Chunked::with_sizes(&data, || sizes.next().unwrap());
        let mut seen = Vec::new();
        while c.has_remaining() {
            let n = c.chunk().len();
            assert!((1..=3).contains(&n), "chunk of {n} bytes");
            seen.extend_from_slice(c.chunk());
            c.advance(n);
        }
        assert_eq!(seen, data);
        assert!(c.chunk().is_empty());
        // Advancing across chunk boundaries keeps the view consistent.
        let mut c = Chunked::bytewise(&data);
        c.advance(5);
        assert_eq!(c.chunk(), &data[5..6]);
        assert_eq!(c.remaining(), 35);
    }
}
