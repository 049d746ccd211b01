//! Borrowed views beside the owned decode, under the property
//! `kafka_wire_fuzz::views` states (fuzz/src/lib.rs); its seeds are in
//! `seeds/views`, replayed on stable by the workspace's `fuzz_replay` test.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kafka_wire_fuzz::views(data));
