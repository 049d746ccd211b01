use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(versions = "0-3", flexible = "2+")]
pub struct Nested {
    pub a: i32,
}

fn main() {}
