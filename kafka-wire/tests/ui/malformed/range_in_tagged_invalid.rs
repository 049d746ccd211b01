use kafka_wire::{KafkaMessage, Str};

/// Each bad value is reported once; the keys it belongs with are not then
/// reported as missing.
#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3", flexible = "2+")]
pub struct Msg {
    #[kafka(versions = "2+", tag = 0, tagged = "2-")]
    pub a: i32,
    #[kafka(versions = "0+", nullable = "all")]
    pub b: Option<Str>,
}

fn main() {}
