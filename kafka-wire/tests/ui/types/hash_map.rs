use std::collections::HashMap;

use kafka_wire::{KafkaMessage, Str};

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+")]
    pub configs: HashMap<Str, Str>,
}

fn main() {}
