//! Examples and benchmarks for the kafka-wire workspace live in `examples/` and `benches/`.
