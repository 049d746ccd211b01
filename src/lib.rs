//! Support code for the workspace's examples, benchmarks and live tests.
//!
//! The crates users depend on are `kafka-wire` and `kafka-messages`; this
//! package only owns `examples/`, `benches/` and the live-broker and
//! mock-broker tests, and has no code of its own: every example builds from
//! the published crates alone (the blocking client is
//! `kafka_messages::client`, feature `client`).

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
