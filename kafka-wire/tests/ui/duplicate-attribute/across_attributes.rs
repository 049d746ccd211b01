use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+", default = 1)]
    #[kafka(default = 2)]
    pub a: i32,
}

fn main() {}
