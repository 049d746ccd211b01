use kafka_wire::{KafkaMessage, Versioned};

/// One mistake here...
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct Part {
    #[kafka(versions = "0+", tag = 0)]
    pub id: i32,
}

/// ...and none reported where `Part` is used: in another derived struct, as a
/// message, or through the traits.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-3", flexible = "2+")]
pub struct Msg {
    #[kafka(versions = "0+")]
    pub parts: Vec<Part>,
    #[kafka(versions = "2+", nullable = "2+")]
    pub part: Option<Part>,
}

/// A broken message is still a `Message`.
#[derive(Debug, KafkaMessage)]
#[kafka(api_key = 1001, versions = "0-3", flexible = "2+")]
pub struct Broken {
    #[kafka(versions = "0-1", nullable = "0+")]
    pub a: i32,
}

fn main() {
    let msg = Msg {
        parts: vec![Part::default()],
        ..Default::default()
    };
    let mut buf = Vec::new();
    msg.encode(&mut buf, 3).unwrap();
    let _ = Broken::decode(&mut &buf[..], Broken::VERSIONS.highest().unwrap_or(0));
}
