use kafka_wire::KafkaMessage;

/// `"default": "-1"` in the JSON is `default = -1` here; so for bools.
#[derive(KafkaMessage)]
#[kafka(versions = "0-3")]
pub struct Msg {
    #[kafka(versions = "0+", default = "-1")]
    pub generation_id: i32,
    #[kafka(versions = "0+", default = "0x7fffffff")]
    pub max_bytes: i32,
    #[kafka(versions = "0+", default = "true")]
    pub allow: bool,
}

fn main() {}
