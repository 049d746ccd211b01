use kafka_wire::KafkaMessage;

/// An alias is seen through: the override is refused for what it names.
type Count = i32;

#[derive(KafkaMessage)]
#[kafka(versions = "0-3", flexible = "2+")]
pub struct Msg {
    #[kafka(versions = "0+", flexible = "none")]
    pub count: Count,
}

fn main() {}
