use kafka_wire::{KafkaMessage, UnknownTaggedFields};

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3", flexible = "2+")]
pub struct Msg {
    pub a: i32,
    #[kafka(unknown_tagged_fields)]
    pub unknown: UnknownTaggedFields,
    #[kafka(unknown_tagged_fields)]
    pub more_unknown: UnknownTaggedFields,
}

fn main() {}
