//! `#[derive(KafkaMessage)]` for the `kafka-wire` crate.
//!
//! Use it through `kafka_wire::KafkaMessage`; the `kafka_wire::attributes` page
//! documents every attribute. The macro works in three steps, each in its own
//! module: `internals::ast` (with `attr`) parses the struct and its attributes,
//! `internals::check` applies the rules that need the whole struct, and `gen`
//! writes the code.
//! All mistakes are collected and reported together, each at its token.

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

mod fallback;
mod gen;
mod internals;

/// Derives exact Kafka encode / decode / size code, `Default`, the schema as
/// data, and (with `api_key`) the `Message` trait. See `kafka_wire::attributes`.
#[proc_macro_derive(KafkaMessage, attributes(kafka))]
pub fn derive_kafka_message(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    gen::expand(&input).into()
}
