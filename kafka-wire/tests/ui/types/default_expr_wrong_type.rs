use kafka_wire::KafkaMessage;

const TIMEOUT: i64 = 60000;

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+", default = TIMEOUT)]
    pub timeout_ms: i32,
}

fn main() {}
