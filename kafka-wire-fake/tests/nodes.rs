//! A cluster of several nodes: leaders spread, Metadata and DescribeCluster
//! true to the layout, NOT_LEADER_OR_FOLLOWER with KIP-951's hints from the
//! wrong node, and the test hooks that move a leader and stop a node.

use std::net::{SocketAddr, TcpStream};

use bytes::Bytes;
use kafka_messages::client::Client;
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records};
use kafka_wire_fake::{Cluster, StartError};

struct Fake {
    addrs: Vec<SocketAddr>,
    cluster: Cluster,
    runtime: tokio::runtime::Runtime,
}

fn start(nodes: i32) -> Fake {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let cluster = runtime
        .block_on(Cluster::builder().nodes(nodes).start())
        .unwrap();
    Fake {
        addrs: cluster.bootstrap_addrs(),
        cluster,
        runtime,
    }
}

fn client(fake: &Fake, node: i32) -> Client {
    Client::connect(fake.addrs[node as usize - 1], "nodes-test").unwrap()
}

fn create(c: &mut Client, partitions: i32, replication: i16) -> CreatableTopicResult {
    create_named(c, "t", partitions, replication)
}

fn create_named(
    c: &mut Client,
    name: &str,
    partitions: i32,
    replication: i16,
) -> CreatableTopicResult {
    let request = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: name.into(),
            num_partitions: partitions,
            replication_factor: replication,
            ..Default::default()
        }],
        timeout_ms: 5_000,
        ..Default::default()
    };
    c.send(&request, 7).unwrap().topics.remove(0)
}

/// Each partition's (leader, epoch, replicas, isr), and the brokers' ids.
/// A partition as Metadata shows it: leader, leader epoch, replicas, ISR.
type Row = (i32, i32, Vec<i32>, Vec<i32>);

fn layout(c: &mut Client) -> (Vec<Row>, Vec<i32>) {
    let m = c.send(&all_topics(), 12).unwrap();
    let partitions = m
        .topics
        .iter()
        .flat_map(|t| &t.partitions)
        .map(|p| {
            (
                p.leader_id,
                p.leader_epoch,
                p.replica_nodes.to_vec(),
                p.isr_nodes.to_vec(),
            )
        })
        .collect();
    (partitions, m.brokers.iter().map(|b| b.node_id).collect())
}

/// Metadata of every topic: a null list.
fn all_topics() -> MetadataRequest {
    MetadataRequest {
        topics: None,
        ..Default::default()
    }
}

fn records(value: &str) -> Bytes {
    let mut b = RecordBatchBuilder::new();
    b.append(NewRecord::new(1).value(value.as_bytes())).unwrap();
    b.build().unwrap().into_bytes()
}

fn produce(c: &mut Client, partition: i32, value: &str) -> ProduceResponse {
    let request = ProduceRequest {
        transactional_id: None,
        acks: -1,
        timeout_ms: 5_000,
        topic_data: vec![TopicProduceData {
            name: "t".into(),
            partition_data: vec![PartitionProduceData {
                index: partition,
                records: Some(Records(records(value))),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    c.send(&request, 12).unwrap()
}

#[test]
fn leaders_are_spread_and_metadata_says_so_from_every_node() {
    let fake = start(3);
    let mut c = client(&fake, 2);
    assert_eq!(create(&mut c, 3, 2).error(), ErrorCode::None);
    let expected = vec![
        (1, 0, vec![1, 2], vec![1, 2]),
        (2, 0, vec![2, 3], vec![2, 3]),
        (3, 0, vec![3, 1], vec![3, 1]),
    ];
    for node in 1..=3 {
        assert_eq!(
            layout(&mut client(&fake, node)),
            (expected.clone(), vec![1, 2, 3])
        );
    }
    let m = c.send(&all_topics(), 12).unwrap();
    let ports: Vec<u16> = m.brokers.iter().map(|b| b.port as u16).collect();
    let listening: Vec<u16> = fake.addrs.iter().map(SocketAddr::port).collect();
    assert_eq!(ports, listening);
    let described = c.send(&DescribeClusterRequest::default(), 1).unwrap();
    let ids: Vec<(i32, i32, bool)> = described
        .brokers
        .iter()
        .map(|b| (b.broker_id, b.port, b.is_fenced))
        .collect();
    let want: Vec<(i32, i32, bool)> = (1..=3)
        .map(|i| (i, i32::from(listening[i as usize - 1]), false))
        .collect();
    assert_eq!(ids, want);
    assert_eq!(described.controller_id, 1);
    // A replication factor above the node count.
    let refused = create_named(&mut c, "u", 1, 4);
    assert_eq!(refused.error(), ErrorCode::InvalidReplicationFactor);
    assert!(refused
        .error_message
        .unwrap()
        .ends_with("only 3 broker(s) are registered."));
}

#[test]
fn the_wrong_node_answers_not_leader_with_the_leader_to_try() {
    let fake = start(3);
    let mut one = client(&fake, 1);
    create(&mut one, 3, 1);
    let r = produce(&mut one, 1, "x");
    let p = &r.responses[0].partition_responses[0];
    assert_eq!(p.error_code, ErrorCode::NotLeaderOrFollower.code());
    assert_eq!(
        (p.current_leader.leader_id, p.current_leader.leader_epoch),
        (2, 0)
    );
    assert_eq!(r.node_endpoints.len(), 1);
    assert_eq!(r.node_endpoints[0].node_id, 2);
    assert_eq!(r.node_endpoints[0].port, i32::from(fake.addrs[1].port()));
    let mut two = client(&fake, 2);
    let r = produce(&mut two, 1, "x");
    assert_eq!(r.responses[0].partition_responses[0].error_code, 0);
    assert!(r.node_endpoints.is_empty());

    // The leader moves to node 3: node 2 refuses, node 3 has the log.
    fake.cluster.move_leader("t", 1, 3).unwrap();
    let r = produce(&mut two, 1, "y");
    let p = &r.responses[0].partition_responses[0];
    assert_eq!(p.error_code, ErrorCode::NotLeaderOrFollower.code());
    assert_eq!(
        (p.current_leader.leader_id, p.current_leader.leader_epoch),
        (3, 1)
    );
    let mut three = client(&fake, 3);
    let r = produce(&mut three, 1, "y");
    assert_eq!(r.responses[0].partition_responses[0].base_offset, 1);
    let fetch = |current_leader_epoch| FetchRequest {
        max_bytes: i32::MAX,
        session_epoch: -1,
        topics: vec![FetchTopic {
            topic: "t".into(),
            partitions: vec![FetchPartition {
                partition: 1,
                current_leader_epoch,
                partition_max_bytes: 1 << 20,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = three.send(&fetch(1), 12).unwrap();
    let records = r.responses[0].partitions[0].records.clone().unwrap();
    let epochs: Vec<(i64, i32)> = records
        .batches()
        .map(|b| {
            let b = b.unwrap();
            (b.base_offset(), b.partition_leader_epoch())
        })
        .collect();
    assert_eq!(epochs, [(0, 0), (1, 1)]);
    // A client that has not heard of the move is fenced; one ahead of the
    // leader is told the epoch is unknown.
    let stale = three.send(&fetch(0), 12).unwrap();
    assert_eq!(
        stale.responses[0].partitions[0].error_code,
        ErrorCode::FencedLeaderEpoch.code()
    );
    let ahead = three.send(&fetch(2), 12).unwrap();
    assert_eq!(
        ahead.responses[0].partitions[0].error_code,
        ErrorCode::UnknownLeaderEpoch.code()
    );
    assert!(fake.cluster.move_leader("t", 7, 1).is_err());
    assert!(fake.cluster.move_leader("t", 1, 4).is_err());
}

#[test]
fn a_stopped_node_is_gone_until_restarted_and_its_partitions_move() {
    let mut fake = start(3);
    let mut one = client(&fake, 1);
    create(&mut one, 3, 2);
    fake.runtime.block_on(fake.cluster.stop_node(3)).unwrap();
    assert!(TcpStream::connect(fake.addrs[2]).is_err());
    let (partitions, brokers) = layout(&mut one);
    assert_eq!(brokers, [1, 2]);
    assert_eq!(
        partitions,
        [
            (1, 0, vec![1, 2], vec![1, 2]),
            (2, 0, vec![2, 3], vec![2]),
            (1, 1, vec![3, 1], vec![1]),
        ]
    );
    // Node 3's replicas are offline, as a fenced broker's are in Kafka's
    // Metadata.
    let m = one.send(&all_topics(), 12).unwrap();
    let offline: Vec<Vec<i32>> = m.topics[0]
        .partitions
        .iter()
        .map(|p| p.offline_replicas.to_vec())
        .collect();
    assert_eq!(offline, [vec![], vec![3], vec![3]]);
    fake.runtime.block_on(fake.cluster.restart_node(3)).unwrap();
    let m = client(&fake, 3).send(&all_topics(), 12).unwrap();
    assert!(m.topics[0]
        .partitions
        .iter()
        .all(|p| p.offline_replicas.is_empty()));
    let (_, brokers) = layout(&mut client(&fake, 3));
    assert_eq!(brokers, [1, 2, 3]);
    assert!(fake.runtime.block_on(fake.cluster.stop_node(9)).is_err());
}

#[test]
fn node_counts_outside_1_to_64_are_refused() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for n in [0, 65] {
        let err = runtime
            .block_on(Cluster::builder().nodes(n).start())
            .unwrap_err();
        assert!(
            matches!(err, StartError::Nodes { nodes } if nodes == n),
            "{err}"
        );
    }
}

#[test]
fn injected_faults_drop_or_delay_the_chosen_requests_a_bounded_number_of_times() {
    use kafka_wire_fake::Fault;
    let fake = start(1);
    let mut c = client(&fake, 1);
    create(&mut c, 1, 1);
    fake.cluster.inject(ApiKey::Produce, 2, Fault::Disconnect);
    // Twice the connection closes unanswered, and nothing is stored ...
    for _ in 0..2 {
        let mut c = client(&fake, 1);
        let request = ProduceRequest {
            acks: 1,
            topic_data: vec![TopicProduceData {
                name: "t".into(),
                partition_data: vec![PartitionProduceData {
                    index: 0,
                    records: Some(Records(records("lost"))),
                    ..Default::default()
                }],
                ..Default::default()
            }],
            ..Default::default()
        };
        assert!(c.send(&request, 12).is_err());
    }
    // ... then the produce goes through, at offset 0; other APIs never failed.
    let r = produce(&mut client(&fake, 1), 0, "kept");
    assert_eq!(r.responses[0].partition_responses[0].error_code, 0);
    assert_eq!(r.responses[0].partition_responses[0].base_offset, 0);

    // A delay of ten minutes: a client that waits 200 ms hears nothing.
    fake.cluster.inject(
        ApiKey::Metadata,
        1,
        Fault::Delay(std::time::Duration::from_secs(600)),
    );
    let mut raw = TcpStream::connect(fake.addrs[0]).unwrap();
    raw.set_read_timeout(Some(std::time::Duration::from_millis(200)))
        .unwrap();
    let header = kafka_wire::RequestHeader::new(ApiKey::Metadata.key(), 12, 1, None);
    let mut out = bytes::BytesMut::new();
    kafka_wire::frame::encode_request(&mut out, &header, &all_topics()).unwrap();
    std::io::Write::write_all(&mut raw, &out).unwrap();
    let mut byte = [0u8; 1];
    let waited = std::io::Read::read(&mut raw, &mut byte);
    assert!(waited.is_err(), "{waited:?}");
    // The fault was used up: the next Metadata is answered at once.
    assert_eq!(layout(&mut client(&fake, 1)).1, [1]);
}

#[test]
fn every_version_of_produce_and_fetch_is_answered_on_the_leader_and_off_it() {
    let fake = start(2);
    let mut one = client(&fake, 1);
    create(&mut one, 2, 1);
    // Partition 0 is led by node 1, partition 1 by node 2: node 1 answers
    // one with data and the other with NOT_LEADER_OR_FOLLOWER.
    for version in 3..=12 {
        for (partition, code) in [(0, ErrorCode::None), (1, ErrorCode::NotLeaderOrFollower)] {
            let request = ProduceRequest {
                acks: 1,
                timeout_ms: 5_000,
                topic_data: vec![TopicProduceData {
                    name: "t".into(),
                    partition_data: vec![PartitionProduceData {
                        index: partition,
                        records: Some(Records(records("v"))),
                        ..Default::default()
                    }],
                    ..Default::default()
                }],
                ..Default::default()
            };
            let r = one
                .send(&request, version)
                .unwrap_or_else(|e| panic!("Produce v{version}: {e}"));
            let p = &r.responses[0].partition_responses[0];
            assert_eq!(p.error_code, code.code(), "Produce v{version}");
        }
    }
    for version in 4..=12 {
        for (partition, code) in [(0, ErrorCode::None), (1, ErrorCode::NotLeaderOrFollower)] {
            let request = FetchRequest {
                max_bytes: i32::MAX,
                session_epoch: -1,
                topics: vec![FetchTopic {
                    topic: "t".into(),
                    partitions: vec![FetchPartition {
                        partition,
                        partition_max_bytes: 1 << 20,
                        ..Default::default()
                    }],
                    ..Default::default()
                }],
                ..Default::default()
            };
            let r = one
                .send(&request, version)
                .unwrap_or_else(|e| panic!("Fetch v{version}: {e}"));
            let p = &r.responses[0].partitions[0];
            assert_eq!(p.error_code, code.code(), "Fetch v{version}");
        }
    }
}
