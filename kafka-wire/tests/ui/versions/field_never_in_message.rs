use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "2-7", flexible = "5+")]
pub struct Msg {
    /// Fine: Kafka 4.0 removed old versions but kept the fields' ranges.
    #[kafka(versions = "0+")]
    pub kept: i32,
    #[kafka(versions = "0-1")]
    pub removed: i32,
}

fn main() {}
