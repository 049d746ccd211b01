use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3", flexible = "2+")]
pub struct Msg {
    #[kafka(versions = "1+", tag = 0, tagged = "1+")]
    pub a: i32,
}

fn main() {}
