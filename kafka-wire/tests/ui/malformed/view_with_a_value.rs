use kafka_wire::{KafkaMessage, Str};

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0", flexible = "none", view = true)]
struct Named {
    #[kafka(versions = "0+")]
    name: Str,
}

fn main() {
    // The view still resolves, so its uses report nothing more.
    let _ = std::mem::size_of::<NamedView<'static>>();
}
