use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3", crate = kafka_wire)]
pub struct Msg {
    pub a: i32,
}

fn main() {}
