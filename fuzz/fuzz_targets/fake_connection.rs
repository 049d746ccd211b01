//! The `fake_connection` target under the property `kafka_wire_fuzz::fake_connection` states
//! (fuzz/src/lib.rs); its seeds are in `seeds/fake_connection`, replayed on stable by
//! the workspace's `fuzz_replay` test.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kafka_wire_fuzz::fake_connection(data));
