use kafka_wire::KafkaMessage;

/// Fine on its own: a nested struct does not know its message's versions.
#[derive(KafkaMessage)]
pub struct OldPart {
    #[kafka(versions = "0+")]
    pub id: i32,
    #[kafka(versions = "0-1")]
    pub removed: i32,
}

/// The message does: `OldPart.removed` can never appear in 2-7.
#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "2-7", flexible = "5+")]
pub struct Msg {
    #[kafka(versions = "0+")]
    pub parts: Vec<OldPart>,
}

fn main() {}
