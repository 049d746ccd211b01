use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
pub union Msg {
    a: i32,
    b: u32,
}

fn main() {}
