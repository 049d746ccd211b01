use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, flexible = "2+")]
pub struct Msg {
    pub a: i32,
}

fn main() {}
