use kafka_wire::KafkaMessage;

/// `flexible` alone: a nested struct inherits both from its message, and a
/// versioned struct says both.
#[derive(KafkaMessage)]
#[kafka(flexible = "2+")]
pub struct Part {
    pub id: i32,
}

fn main() {}
