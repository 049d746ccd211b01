//! The workspace's examples.
//!
//! The crates users depend on are `kafka-wire` and `kafka-messages`; this
//! package only owns `examples/` (and the README's doc tests), and has no
//! code of its own: every example builds from the published crates alone
//! (the blocking client is `kafka_messages::client`, feature `client`). The
//! benchmarks are the package `kafka-wire-benches` (`benches/`), the tests
//! against a broker `kafka-wire-tests` (`tests/`).

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
