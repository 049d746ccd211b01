use kafka_wire::{KafkaMessage, Str};

#[derive(KafkaMessage)]
#[kafka(api_key = 1000, versions = "2-7", flexible = "5+")]
pub struct Msg {
    #[kafka(versions = "0+", nullable = "0+")]
    pub name: Str,
    #[kafka(version = "1+")]
    pub count: i32,
    #[kafka(versions = "5+", tag = 0, tagged = "5+")]
    pub a: i32,
    #[kafka(versions = "4+", tag = 0, tagged = "4+")]
    pub b: i32,
    #[kafka(versions = "0-1")]
    pub old: i32,
    #[kafka(versions = "0+", default = 300)]
    pub small: i8,
    #[kafka(versions = "9-")]
    pub bad_range: i32,
    pub offset: u64,
}

fn main() {}
