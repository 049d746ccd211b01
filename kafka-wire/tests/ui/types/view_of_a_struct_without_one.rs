use kafka_wire::{KafkaMessage, Str};

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
struct Inner {
    #[kafka(versions = "0+")]
    name: Str,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none", view)]
struct Outer {
    #[kafka(versions = "0+")]
    inner: Vec<Inner>,
}

fn main() {}
