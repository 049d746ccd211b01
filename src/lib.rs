//! Support code for the workspace's examples, benchmarks and live tests.
//!
//! The crates users depend on are `kafka-wire` and `kafka-messages`; this
//! package only owns `examples/`, `benches/` and the live-broker tests.

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub mod client;
