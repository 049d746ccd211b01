use kafka_wire::KafkaMessage;

/// Forgot `#[derive(KafkaMessage)]`.
pub struct Partition {
    pub index: i32,
}

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+")]
    pub partition: Partition,
}

fn main() {}
