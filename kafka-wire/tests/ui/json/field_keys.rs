use kafka_wire::KafkaMessage;

/// Kafka's JSON keys, written by habit: each error names the attribute to use.
#[derive(KafkaMessage)]
#[kafka(versions = "0-3", flexible = "2+")]
pub struct Msg {
    #[kafka(versions = "0+", nullableVersions = "0+")]
    pub a: Option<kafka_wire::Str>,
    #[kafka(versions = "2+", tag = 0, taggedVersions = "2+")]
    pub b: i32,
    #[kafka(versions = "0+", flexibleVersions = "none")]
    pub c: kafka_wire::Str,
    #[kafka(versions = "0+", mapKey, entityType = "topicName")]
    pub d: kafka_wire::Str,
    #[kafka(versions = "0+", about = "The e.")]
    pub e: i32,
}

fn main() {}
