use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+")]
    pub topic_id: [u8; 16],
}

fn main() {}
