use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(api_key = 40000, versions = "0-3")]
pub struct Msg {
    pub a: i32,
}

fn main() {}
