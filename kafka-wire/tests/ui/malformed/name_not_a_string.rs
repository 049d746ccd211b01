use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(versions = "0-3", name = Msg)]
pub struct Msg {
    #[kafka(versions = "0+", name = "")]
    pub count: i32,
    #[kafka(versions = "0+", entity_type = 3)]
    pub id: i32,
}

fn main() {}
