use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3")]
pub struct Msg {
    #[kafka = "0+"]
    pub a: i32,
}

fn main() {}
