use kafka_wire::{KafkaMessage, Str};

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3")]
pub struct Msg {
    /// Null cannot be the default: v0 and v1 have no null.
    #[kafka(versions = "0+", nullable = "2+", default = None)]
    pub name: Option<Str>,
}

fn main() {}
