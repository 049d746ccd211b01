use kafka_wire::KafkaMessage;

/// The derive writes `Default` itself (it honours `default = …`).
#[derive(Default, KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+", default = 5)]
    pub a: i32,
}

fn main() {}
