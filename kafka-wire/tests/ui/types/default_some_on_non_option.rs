use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+", default = Some(3))]
    pub count: i32,
}

fn main() {}
