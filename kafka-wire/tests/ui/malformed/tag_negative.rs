use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3", flexible = "2+")]
pub struct Msg {
    #[kafka(versions = "2+", tag = -1, tagged = "2+")]
    pub a: i32,
}

fn main() {}
