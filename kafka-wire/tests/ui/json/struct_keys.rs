use kafka_wire::KafkaMessage;

#[derive(KafkaMessage)]
#[kafka(apiKey = 1000, validVersions = "0-3", flexibleVersions = "2+")]
pub struct Msg {
    pub a: i32,
}

fn main() {}
