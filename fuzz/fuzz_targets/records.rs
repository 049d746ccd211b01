//! The `records` reader under the property `kafka_wire_fuzz::records` states
//! (fuzz/src/lib.rs); its seeds are in `seeds/records`, replayed on stable by
//! the workspace's `fuzz_replay` test.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kafka_wire_fuzz::records(data));
