use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+", default = "60000")]
    pub timeout_ms: i32,
}

fn main() {}
