use kafka_wire::{KafkaMessage, Str};

/// `"default": "null"` in the JSON is `default = None` here.
#[derive(KafkaMessage)]
#[kafka(versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+", nullable = "0+", default = "null")]
    pub rack: Option<Str>,
}

fn main() {}
