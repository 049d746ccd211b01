use kafka_wire::KafkaMessage;

/// Forgot `#[derive(KafkaMessage)]`.
#[derive(Default)]
pub struct Leader {
    pub id: i32,
}

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+", nullable = "0+")]
    pub leader: Option<Leader>,
}

fn main() {}
