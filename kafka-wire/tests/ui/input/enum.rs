use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3")]
pub enum Msg {
    A { a: i32 },
    B,
}

fn main() {}
