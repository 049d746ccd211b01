use kafka_wire::{KafkaMessage, UnknownTaggedFields};

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3", flexible = "2+")]
pub struct Msg {
    pub a: i32,
    #[kafka(unknown_tagged_fields, versions = "2+")]
    pub unknown: UnknownTaggedFields,
}

fn main() {}
