//! A partition's broker ids (replicas, ISR, offline replicas: every `[]int32`
//! field of entity type `brokerId`) are `BrokerIds`, which hold up to four
//! in line: reading a partition's lists of up to four ids, from its bytes
//! or from Kafka's JSON, allocates nothing for them; a fifth id spills.

use bytes::Bytes;
use kafka_messages::metadata::{MetadataResponsePartition, MetadataResponseTopic};
use kafka_messages::{BrokerIds, MetadataResponse};
use kafka_wire::json::{self, RecordsAs};
use kafka_wire::Versioned;
use kafka_wire_test_support::{measure, Counting};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A Metadata response of one topic of ten partitions, each with `replicas`
/// as its replicas and its ISR.
fn response(replicas: &[i32]) -> MetadataResponse {
    MetadataResponse {
        topics: vec![MetadataResponseTopic {
            name: Some("orders".into()),
            partitions: (0..10)
                .map(|p| MetadataResponsePartition {
                    partition_index: p,
                    replica_nodes: BrokerIds::from_slice(replicas),
                    isr_nodes: BrokerIds::from_slice(replicas),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// How many allocations decoding the response's bytes and reading its JSON
/// text take, at version 12.
fn allocations(replicas: &[i32]) -> (usize, usize) {
    let message = response(replicas);
    let bytes = Bytes::from(message.encode_to_vec(12).unwrap());
    let text = json::to_string(&message, 12, RecordsAs::Empty).unwrap();
    let (decoded, decoding) = measure(|| MetadataResponse::decode_exact(bytes.clone(), 12));
    assert_eq!(decoded.unwrap(), message);
    let (read, reading) = measure(|| json::from_str::<MetadataResponse>(&text, 12));
    assert_eq!(read.unwrap(), message);
    (decoding.count, reading.count)
}

#[test]
fn replica_lists_of_up_to_four_allocate_nothing() {
    let none = allocations(&[]);
    assert_eq!(allocations(&[1, 2, 3]), none, "three replicas");
    assert_eq!(allocations(&[1, 2, 3, 4]), none, "four replicas");
    // A fifth spills: one allocation per list, two lists per partition.
    let (decoding, reading) = allocations(&[1, 2, 3, 4, 5]);
    assert_eq!(decoding, none.0 + 20, "five replicas, decoded");
    assert!(
        reading >= none.1 + 20,
        "five replicas, read: {reading} vs {none:?}"
    );
}
