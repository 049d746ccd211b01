//! Topic and broker configs: CreateTopics' configs checked and answered,
//! DescribeConfigs, AlterConfigs and IncrementalAlterConfigs with Kafka
//! 4.4's defaults, checks and messages, and the configs that change a log:
//! max.message.bytes, message.timestamp.type=LogAppendTime, retention.bytes
//! and retention.ms (on tokio's paused clock).

mod common;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use common::{create_topic, send};
use kafka_messages::describe_configs::{DescribeConfigsResource, DescribeConfigsResourceResult};
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{NewRecord, RecordBatchBuilder, TimestampType};
use kafka_wire::{ErrorCode, Records};
use kafka_wire_fake::Cluster;
use tokio::net::TcpStream;

const TOPIC: i8 = 2;
const BROKER: i8 = 4;
const SET: i8 = 0;
const DELETE: i8 = 1;
const APPEND: i8 = 2;
const SUBTRACT: i8 = 3;

/// An IncrementalAlterConfigs operation: config, operation, value.
type Op<'a> = (&'a str, i8, Option<&'a str>);

async fn start() -> (Cluster, TcpStream) {
    let cluster = Cluster::builder().start().await.unwrap();
    let stream = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    (cluster, stream)
}

/// Creates `name` (one partition) with `configs`; its error must be none.
async fn create(s: &mut TcpStream, name: &str, configs: &[(&str, &str)]) {
    let r = send(s, &create_topic(name, 1, configs), 7).await;
    assert_eq!(r.topics[0].error(), ErrorCode::None, "{:?}", r.topics[0]);
}

fn describe_request(
    resource_type: i8,
    name: &str,
    keys: Option<&[&str]>,
) -> DescribeConfigsRequest {
    DescribeConfigsRequest {
        resources: vec![DescribeConfigsResource {
            resource_type,
            resource_name: name.into(),
            configuration_keys: keys.map(|k| k.iter().map(|&k| k.into()).collect()),
            ..Default::default()
        }],
        include_synonyms: true,
        ..Default::default()
    }
}

/// One resource's configs at DescribeConfigs v4: (name, value, source).
async fn described(
    s: &mut TcpStream,
    resource_type: i8,
    name: &str,
    keys: Option<&[&str]>,
) -> Vec<(String, String, i8)> {
    let r = send(s, &describe_request(resource_type, name, keys), 4).await;
    assert_eq!(r.results[0].error_code, 0, "{:?}", r.results[0]);
    r.results[0]
        .configs
        .iter()
        .map(|c| {
            (
                c.name.to_string(),
                c.value.as_deref().unwrap_or("").to_owned(),
                c.config_source,
            )
        })
        .collect()
}

/// A topic config's value and source.
async fn value_of(s: &mut TcpStream, topic: &str, key: &str) -> (String, i8) {
    let d = described(s, TOPIC, topic, Some(&[key])).await;
    assert_eq!(d.len(), 1);
    (d[0].1.clone(), d[0].2)
}

fn incremental(
    resource_type: i8,
    name: &str,
    ops: &[(&str, i8, Option<&str>)],
) -> IncrementalAlterConfigsRequest {
    IncrementalAlterConfigsRequest {
        resources: vec![incremental_alter_configs::AlterConfigsResource {
            resource_type,
            resource_name: name.into(),
            configs: ops
                .iter()
                .map(
                    |&(name, op, value)| incremental_alter_configs::AlterableConfig {
                        name: name.into(),
                        config_operation: op,
                        value: value.map(Into::into),
                        ..Default::default()
                    },
                )
                .collect(),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// An IncrementalAlterConfigs' one answer: code and message.
async fn alter(
    s: &mut TcpStream,
    resource_type: i8,
    name: &str,
    ops: &[(&str, i8, Option<&str>)],
) -> (ErrorCode, Option<String>) {
    let r = send(s, &incremental(resource_type, name, ops), 1).await;
    let a = &r.responses[0];
    (
        ErrorCode::from_code(a.error_code),
        a.error_message.as_deref().map(str::to_owned),
    )
}

#[tokio::test]
async fn create_topics_keeps_its_configs_and_answers_every_config() {
    let (cluster, mut s) = start().await;
    let r = send(
        &mut s,
        &create_topic(
            "t",
            1,
            &[
                ("retention.ms", "1000"),
                ("cleanup.policy", "compact,delete"),
            ],
        ),
        7,
    )
    .await;
    let t = &r.topics[0];
    assert_eq!(t.error(), ErrorCode::None);
    let configs = t.configs.as_ref().unwrap();
    // Every topic config of Kafka 4.4's LogConfig but its internal one.
    assert_eq!(configs.len(), 37);
    let find = |n: &str| configs.iter().find(|c| &*c.name == n).unwrap();
    assert_eq!(
        (
            find("retention.ms").value.as_deref(),
            find("retention.ms").config_source
        ),
        (Some("1000"), 1)
    );
    assert_eq!(
        find("cleanup.policy").value.as_deref(),
        Some("compact,delete")
    );
    assert_eq!(
        (
            find("max.message.bytes").value.as_deref(),
            find("max.message.bytes").config_source
        ),
        (Some("1048588"), 5)
    );
    assert_eq!(
        find("message.timestamp.after.max.ms").value.as_deref(),
        Some("3600000")
    );
    // Before v5 the answer has no configs.
    let r = send(
        &mut s,
        &create_topic("u", 1, &[("retention.ms", "1000")]),
        4,
    )
    .await;
    assert_eq!(r.topics[0].error(), ErrorCode::None);
    // The configs are kept: DescribeConfigs reads them back.
    assert_eq!(
        value_of(&mut s, "u", "retention.ms").await,
        ("1000".into(), 1)
    );
    cluster.shutdown().await;
}

#[tokio::test]
async fn create_topics_refuses_configs_with_kafkas_messages() {
    let (cluster, mut s) = start().await;
    let cases: &[(&str, &str, &str)] = &[
        ("foo", "1", "Unknown topic config name: foo"),
        ("retention.ms", "-5", "Invalid value -5 for configuration retention.ms: Value must be at least -1"),
        ("retention.ms", "abc", "Invalid value abc for configuration retention.ms: Not a number of type LONG"),
        ("max.message.bytes", "99999999999", "Invalid value 99999999999 for configuration max.message.bytes: Not a number of type INT"),
        ("message.timestamp.type", "logappendtime", "Invalid value logappendtime for configuration message.timestamp.type: String must be one of: CreateTime, LogAppendTime"),
        ("cleanup.policy", "compact,foo", "Invalid value foo for configuration cleanup.policy: String must be one of: compact, delete"),
        ("min.cleanable.dirty.ratio", "2", "Invalid value 2.0 for configuration min.cleanable.dirty.ratio: Value must be no more than 1"),
        ("preallocate", "yes", "Invalid value yes for configuration preallocate: Expected value to be either true or false"),
        ("compression.gzip.level", "0", "Invalid value 0 for configuration compression.gzip.level: Value must be between 1 and 9 or equal to -1"),
        ("segment.bytes", "5", "Invalid value 5 for configuration segment.bytes: Value must be at least 1048576"),
        ("compression.type", "ZSTD", "Invalid value ZSTD for configuration compression.type: String must be one of: uncompressed, zstd, lz4, snappy, gzip, producer"),
        ("leader.replication.throttled.replicas", "x", "Invalid value [x] for configuration leader.replication.throttled.replicas: leader.replication.throttled.replicas must be the literal '*' or a list of replicas in the following format: [partitionId]:[brokerId],[partitionId]:[brokerId],..."),
    ];
    for &(name, value, message) in cases {
        let r = send(&mut s, &create_topic("t", 1, &[(name, value)]), 7).await;
        let t = &r.topics[0];
        assert_eq!(
            (t.error(), t.error_message.as_deref()),
            (ErrorCode::InvalidConfig, Some(message)),
            "{name}={value}"
        );
    }
    // Values Kafka takes: trimmed numbers, booleans in any case, an empty
    // list, `*` and replica pairs.
    let fine = [
        ("retention.ms", " 5 "),
        ("preallocate", "TRUE"),
        ("cleanup.policy", ""),
        ("follower.replication.throttled.replicas", "0:1,1:2"),
        ("retention.bytes", "-7"),
    ];
    for (i, (name, value)) in fine.into_iter().enumerate() {
        create(&mut s, &format!("ok{i}"), &[(name, value)]).await;
    }
    let mut null = create_topic("t", 1, &[]);
    null.topics[0]
        .configs
        .push(create_topics::CreatableTopicConfig {
            name: "retention.ms".into(),
            value: None,
            ..Default::default()
        });
    let r = send(&mut s, &null, 7).await;
    assert_eq!(
        (r.topics[0].error(), r.topics[0].error_message.as_deref()),
        (
            ErrorCode::InvalidConfig,
            Some("Null value not supported for topic configs: retention.ms")
        )
    );
    // No refused topic was made.
    let r = send(&mut s, &describe_request(TOPIC, "t", None), 4).await;
    assert_eq!(
        (
            r.results[0].error_code,
            r.results[0].error_message.as_deref()
        ),
        (3, Some(""))
    );
    cluster.shutdown().await;
}

#[tokio::test]
async fn describe_configs_gives_values_sources_types_and_synonyms() {
    let (cluster, mut s) = start().await;
    create(&mut s, "t", &[("retention.ms", "1000")]).await;
    let r = send(
        &mut s,
        &describe_request(
            TOPIC,
            "t",
            Some(&["retention.ms", "max.message.bytes", "nope"]),
        ),
        4,
    )
    .await;
    let entry = |name: &str, value: &str, source: i8, ty: i8, synonyms: &[(&str, &str, i8)]| {
        DescribeConfigsResourceResult {
            name: name.into(),
            value: Some(value.into()),
            read_only: false,
            is_default: false,
            config_source: source,
            is_sensitive: false,
            synonyms: synonyms
                .iter()
                .map(|&(n, v, s)| describe_configs::DescribeConfigsSynonym {
                    name: n.into(),
                    value: Some(v.into()),
                    source: s,
                    ..Default::default()
                })
                .collect(),
            config_type: ty,
            documentation: None,
            ..Default::default()
        }
    };
    assert_eq!(
        r.results[0].configs,
        vec![
            entry(
                "retention.ms",
                "1000",
                1,
                5,
                // Not `log.retention.hours`' 168: Kafka lists the
                // synonyms from `log.retention.ms` on, which has no value.
                &[("retention.ms", "1000", 1)]
            ),
            entry(
                "max.message.bytes",
                "1048588",
                5,
                3,
                &[("message.max.bytes", "1048588", 5)]
            ),
        ]
    );
    // Every config without a key list (v1, the first Kafka 4.4 serves).
    let r = send(&mut s, &describe_request(TOPIC, "t", None), 1).await;
    let configs = &r.results[0].configs;
    assert_eq!(configs.len(), 37);
    let source = |n: &str| {
        configs
            .iter()
            .find(|c| &*c.name == n)
            .unwrap()
            .config_source
    };
    assert_eq!((source("retention.ms"), source("segment.bytes")), (1, 5));
    // An unknown topic (an empty message, not null, as Kafka 4.4 answers), a
    // name Kafka refuses, a type it does not describe.
    for (resource_type, name, code, message) in [
        (TOPIC, "nope", 3, Some("")),
        (TOPIC, "a/b", 17, Some("Topic name \"a/b\" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'")),
        (3, "g", 42, Some("Unsupported resource type: 3")),
        (BROKER, "7", 42, Some("Unexpected broker id, expected 1 or empty string, but received 7")),
    ] {
        let r = send(&mut s, &describe_request(resource_type, name, None), 4).await;
        assert_eq!((r.results[0].error_code, r.results[0].error_message.as_deref()), (code, message), "{name}");
    }
    // The broker: the topic configs' defaults, then what it is.
    let broker = described(&mut s, BROKER, "1", None).await;
    assert!(broker.contains(&("log.retention.bytes".into(), "-1".into(), 5)));
    assert!(broker.contains(&("log.roll.hours".into(), "168".into(), 5)));
    assert!(broker.contains(&("broker.id".into(), "1".into(), 4)));
    assert!(broker.contains(&("auto.create.topics.enable".into(), "false".into(), 4)));
    // Every broker's defaults: only the one Kafka 4.4's controller sets
    // when it bootstraps (KIP-966).
    assert_eq!(
        described(&mut s, BROKER, "", None).await,
        vec![("min.insync.replicas".into(), "1".into(), 3)]
    );
    cluster.shutdown().await;
}

#[tokio::test]
async fn alter_configs_replaces_and_incremental_alter_edits() {
    let (cluster, mut s) = start().await;
    create(&mut s, "t", &[("retention.ms", "1000")]).await;
    // AlterConfigs: the configs given are the topic's whole set.
    let replace = AlterConfigsRequest {
        resources: vec![alter_configs::AlterConfigsResource {
            resource_type: TOPIC,
            resource_name: "t".into(),
            configs: vec![alter_configs::AlterableConfig {
                name: "retention.bytes".into(),
                value: Some("100".into()),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = send(&mut s, &replace, 2).await;
    assert_eq!(
        (r.responses[0].error_code, &*r.responses[0].resource_name),
        (0, "t")
    );
    assert_eq!(
        value_of(&mut s, "t", "retention.bytes").await,
        ("100".into(), 1)
    );
    assert_eq!(
        value_of(&mut s, "t", "retention.ms").await,
        ("604800000".into(), 5)
    );

    // IncrementalAlterConfigs: each operation in order.
    let ok = (ErrorCode::None, None);
    assert_eq!(
        alter(
            &mut s,
            TOPIC,
            "t",
            &[("cleanup.policy", APPEND, Some("compact"))]
        )
        .await,
        ok
    );
    assert_eq!(
        value_of(&mut s, "t", "cleanup.policy").await,
        ("delete,compact".into(), 1)
    );
    assert_eq!(
        alter(
            &mut s,
            TOPIC,
            "t",
            &[("cleanup.policy", SUBTRACT, Some("delete"))]
        )
        .await,
        ok
    );
    assert_eq!(
        value_of(&mut s, "t", "cleanup.policy").await,
        ("compact".into(), 1)
    );
    assert_eq!(
        alter(
            &mut s,
            TOPIC,
            "t",
            &[
                ("retention.bytes", DELETE, None),
                ("max.message.bytes", SET, Some("2000"))
            ]
        )
        .await,
        ok
    );
    assert_eq!(
        value_of(&mut s, "t", "retention.bytes").await,
        ("-1".into(), 5)
    );
    assert_eq!(
        value_of(&mut s, "t", "max.message.bytes").await,
        ("2000".into(), 1)
    );

    // Refusals, each leaving the topic as it was.
    let refusals: &[(&str, &[Op], ErrorCode, &str)] = &[
        (
            "t",
            &[("retention.ms", APPEND, Some("5"))],
            ErrorCode::InvalidConfig,
            "Can't APPEND to key retention.ms because its type is not LIST.",
        ),
        (
            "t",
            &[("max.message.bytes", SET, Some("-1"))],
            ErrorCode::InvalidConfig,
            "Invalid value -1 for configuration max.message.bytes: Value must be at least 0",
        ),
        (
            "t",
            &[("foo", SET, Some("1"))],
            ErrorCode::InvalidConfig,
            "Unknown topic config name: foo",
        ),
        (
            "t",
            &[
                ("max.message.bytes", SET, Some("1")),
                ("max.message.bytes", DELETE, None),
            ],
            ErrorCode::InvalidRequest,
            "Error due to duplicate config keys",
        ),
        (
            "t",
            &[("max.message.bytes", SET, None)],
            ErrorCode::InvalidRequest,
            "Null value not supported for : max.message.bytes",
        ),
        (
            "t",
            &[("max.message.bytes", 9, Some("1"))],
            ErrorCode::InvalidRequest,
            "Unknown operation type 9 for config max.message.bytes",
        ),
        (
            "nope",
            &[("retention.ms", SET, Some("1"))],
            ErrorCode::UnknownTopicOrPartition,
            "The topic 'nope' does not exist.",
        ),
    ];
    for &(topic, ops, code, message) in refusals {
        assert_eq!(
            alter(&mut s, TOPIC, topic, ops).await,
            (code, Some(message.into())),
            "{ops:?}"
        );
    }
    assert_eq!(
        value_of(&mut s, "t", "max.message.bytes").await,
        ("2000".into(), 1)
    );

    // validate_only checks and keeps nothing.
    let mut dry = incremental(TOPIC, "t", &[("max.message.bytes", SET, Some("3000"))]);
    dry.validate_only = true;
    assert_eq!(send(&mut s, &dry, 1).await.responses[0].error_code, 0);
    assert_eq!(
        value_of(&mut s, "t", "max.message.bytes").await,
        ("2000".into(), 1)
    );

    // Every broker's default: topics without an override follow it.
    assert_eq!(
        alter(
            &mut s,
            BROKER,
            "",
            &[("log.retention.bytes", SET, Some("500"))]
        )
        .await,
        ok
    );
    let r = send(
        &mut s,
        &describe_request(TOPIC, "t", Some(&["retention.bytes"])),
        4,
    )
    .await;
    let c = &r.results[0].configs[0];
    assert_eq!((c.value.as_deref(), c.config_source), (Some("500"), 3));
    let synonyms: Vec<(&str, i8)> = c.synonyms.iter().map(|s| (&*s.name, s.source)).collect();
    assert_eq!(
        synonyms,
        [("log.retention.bytes", 3), ("log.retention.bytes", 5)]
    );
    assert_eq!(
        described(&mut s, BROKER, "", None).await,
        vec![
            ("log.retention.bytes".into(), "500".into(), 3),
            ("min.insync.replicas".into(), "1".into(), 3)
        ]
    );
    // Kafka 4.4's answers (a live broker's, to the same requests): a broker
    // config's refusals are INVALID_REQUEST (`ConfigAdminManager` wraps the
    // `ConfigException`s, KAFKA-13609), and a broker resource of another
    // id than the node's is refused by the node.
    for (name, ops, code, message) in [
        (
            "",
            &[("num.partitions", SET, Some("3"))][..],
            ErrorCode::InvalidRequest,
            "Cannot update these configs dynamically: [num.partitions]",
        ),
        (
            "1",
            &[("num.partitions", SET, Some("3"))][..],
            ErrorCode::InvalidRequest,
            "Cannot update these configs dynamically: [num.partitions]",
        ),
        (
            "",
            &[("log.retention.bytes", SET, Some("x"))][..],
            ErrorCode::InvalidRequest,
            "Invalid value x for configuration log.retention.bytes: Not a number of type LONG",
        ),
        (
            "9",
            &[("log.retention.bytes", SET, Some("5"))][..],
            ErrorCode::InvalidRequest,
            "Unexpected broker id, expected 1, but received 9",
        ),
        (
            "-3",
            &[("log.retention.bytes", SET, Some("5"))][..],
            ErrorCode::InvalidRequest,
            "Unexpected broker id, expected 1, but received -3",
        ),
        (
            "abc",
            &[("log.retention.bytes", SET, Some("5"))][..],
            ErrorCode::InvalidRequest,
            "Node id must be an integer, but it is: abc",
        ),
    ] {
        assert_eq!(
            alter(&mut s, BROKER, name, ops).await,
            (code, Some(message.into())),
            "{ops:?}"
        );
    }
    cluster.shutdown().await;
}

/// One uncompressed batch of `values`, created at `timestamp`.
fn batch(values: &[&str], timestamp: i64) -> Bytes {
    let mut b = RecordBatchBuilder::new();
    for v in values {
        b.append(NewRecord::new(timestamp).value(v.as_bytes()))
            .unwrap();
    }
    b.build().unwrap().into_bytes()
}

fn produce_request(topic: &str, records: Bytes) -> ProduceRequest {
    ProduceRequest {
        acks: -1,
        timeout_ms: 5_000,
        topic_data: vec![TopicProduceData {
            name: topic.into(),
            partition_data: vec![PartitionProduceData {
                index: 0,
                records: Some(Records(records)),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// Partition 0's answer at Produce v12: code, message, base offset, log
/// append time, log start offset.
async fn produce(
    s: &mut TcpStream,
    topic: &str,
    records: Bytes,
) -> (ErrorCode, Option<String>, i64, i64, i64) {
    let r = send(s, &produce_request(topic, records), 12).await;
    let p = &r.responses[0].partition_responses[0];
    (
        ErrorCode::from_code(p.error_code),
        p.error_message.as_deref().map(str::to_owned),
        p.base_offset,
        p.log_append_time_ms,
        p.log_start_offset,
    )
}

/// Partition 0's answer to a fetch from `offset` at Fetch v12: code, log
/// start offset, records.
async fn fetch(s: &mut TcpStream, topic: &str, offset: i64) -> (ErrorCode, i64, Bytes) {
    let request = FetchRequest {
        max_wait_ms: 0,
        min_bytes: 0,
        max_bytes: i32::MAX,
        session_epoch: -1,
        topics: vec![FetchTopic {
            topic: topic.into(),
            partitions: vec![FetchPartition {
                partition: 0,
                fetch_offset: offset,
                partition_max_bytes: 1 << 20,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = send(s, &request, 12).await;
    let p = &r.responses[0].partitions[0];
    (
        ErrorCode::from_code(p.error_code),
        p.log_start_offset,
        p.records.clone().map(|r| r.0).unwrap_or_default(),
    )
}

#[tokio::test]
async fn max_message_bytes_refuses_a_larger_batch() {
    let (cluster, mut s) = start().await;
    let small = batch(&["v"], 1_000);
    let large = batch(&["0123456789"; 10], 1_000);
    let limit = small.len() + 1;
    create(&mut s, "t", &[("max.message.bytes", &limit.to_string())]).await;
    let message = format!(
        "The record batch size in the append to t-0 is {} bytes which exceeds the maximum configured value of {limit}.",
        large.len()
    );
    assert_eq!(
        produce(&mut s, "t", large).await,
        (ErrorCode::MessageTooLarge, Some(message), -1, -1, -1)
    );
    assert_eq!(
        produce(&mut s, "t", small.clone()).await,
        (ErrorCode::None, None, 0, -1, 0)
    );
    assert_eq!(cluster.stored_bytes("t", 0), Some(small.len()));
    cluster.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn log_append_time_stamps_each_batch_when_it_is_appended() {
    let (cluster, mut s) = start().await;
    create(&mut s, "t", &[("message.timestamp.type", "LogAppendTime")]).await;
    let (code, _, base, first_time, _) = produce(&mut s, "t", batch(&["a", "b"], 1_000)).await;
    assert_eq!((code, base), (ErrorCode::None, 0));
    let wall = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    assert!(
        (wall - 60_000..=wall).contains(&first_time),
        "{first_time} against {wall}"
    );
    // The logs' clock is tokio's: five seconds on, five seconds later.
    tokio::time::advance(Duration::from_secs(5)).await;
    let (_, _, base, second_time, _) = produce(&mut s, "t", batch(&["c"], 1_000)).await;
    assert_eq!((base, second_time), (2, first_time + 5_000));
    let (code, _, records) = fetch(&mut s, "t", 0).await;
    assert_eq!(code, ErrorCode::None);
    let mut seen = Vec::new();
    for b in Records(records).batches() {
        // Parsed with its CRC checked: the stamp is covered.
        let b = b.unwrap();
        assert_eq!(b.timestamp_type(), TimestampType::LogAppendTime);
        for r in b.records().unwrap() {
            let r = r.unwrap();
            seen.push((r.offset(), r.timestamp()));
        }
    }
    assert_eq!(seen, [(0, first_time), (1, first_time), (2, second_time)]);
    cluster.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn retention_drops_whole_batches_from_the_front_by_size_and_by_time() {
    let (cluster, mut s) = start().await;
    let one = batch(&["v"], 1_000).len();
    // By size: what is left stays at least two batches, less than three.
    create(
        &mut s,
        "sized",
        &[
            ("retention.bytes", &(2 * one).to_string()),
            ("retention.ms", "-1"),
        ],
    )
    .await;
    for (i, start) in [(0, 0), (1, 0), (2, 1), (3, 2)] {
        let (code, _, base, _, log_start) = produce(&mut s, "sized", batch(&["v"], 1_000)).await;
        assert_eq!((code, base, log_start), (ErrorCode::None, i, start));
    }
    assert_eq!(cluster.stored_bytes("sized", 0), Some(2 * one));
    assert_eq!(
        fetch(&mut s, "sized", 1).await.0,
        ErrorCode::OffsetOutOfRange
    );
    let (code, log_start, records) = fetch(&mut s, "sized", 2).await;
    assert_eq!(
        (code, log_start, records.len()),
        (ErrorCode::None, 2, 2 * one)
    );

    // By time, at Kafka's retention checks (30 s after the start, then
    // every 5 min, on tokio's clock): a batch whose max timestamp is older
    // than retention.ms goes, the log start moving to the high watermark.
    create(&mut s, "timed", &[("retention.ms", "60000")]).await;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    assert_eq!(
        produce(&mut s, "timed", batch(&["v"], now)).await.0,
        ErrorCode::None
    );
    tokio::time::advance(Duration::from_secs(61)).await;
    // Past retention.ms, but the check at 30 s found it 30 s old.
    assert_eq!(fetch(&mut s, "timed", 0).await.1, 0);
    tokio::time::advance(Duration::from_secs(270)).await;
    let (code, log_start, records) = fetch(&mut s, "timed", 1).await;
    assert_eq!((code, log_start, records.len()), (ErrorCode::None, 1, 0));
    assert_eq!(cluster.stored_bytes("timed", 0), Some(0));
    // retention.ms -1 kept the sized topic's batches of 1970.
    assert_eq!(fetch(&mut s, "sized", 2).await.1, 2);

    // An alter that lowers retention.bytes holds from the next append.
    let shrink = incremental(TOPIC, "sized", &[("retention.bytes", SET, Some("0"))]);
    assert_eq!(send(&mut s, &shrink, 1).await.responses[0].error_code, 0);
    let (code, _, base, _, log_start) = produce(&mut s, "sized", batch(&["v"], 1_000)).await;
    assert_eq!((code, base, log_start), (ErrorCode::None, 4, 4));
    assert_eq!(cluster.stored_bytes("sized", 0), Some(one));
    cluster.shutdown().await;
}

/// Synonyms as (name, value, source).
type Synonyms = Vec<(String, String, i8)>;

/// A broker config: (name, value, source, read only, synonyms).
type BrokerRow = (String, String, i8, bool, Synonyms);

/// A broker's configs with synonyms, sorted by name.
type BrokerRows = Vec<BrokerRow>;

async fn broker_rows(s: &mut TcpStream, name: &str, keys: Option<&[&str]>) -> BrokerRows {
    let r = send(s, &describe_request(BROKER, name, keys), 4).await;
    let res = &r.results[0];
    assert_eq!(
        (res.error_code, res.error_message.as_deref()),
        (0, Some("")),
        "{res:?}"
    );
    let mut rows: BrokerRows = res
        .configs
        .iter()
        .map(|c| {
            (
                c.name.to_string(),
                c.value.as_deref().unwrap_or("").to_owned(),
                c.config_source,
                c.read_only,
                c.synonyms
                    .iter()
                    .map(|y| {
                        (
                            y.name.to_string(),
                            y.value.as_deref().unwrap_or("").to_owned(),
                            y.source,
                        )
                    })
                    .collect(),
            )
        })
        .collect();
    rows.sort();
    rows
}

fn row(
    name: &str,
    value: &str,
    source: i8,
    read_only: bool,
    synonyms: &[(&str, &str, i8)],
) -> BrokerRow {
    (
        name.into(),
        value.into(),
        source,
        read_only,
        synonyms
            .iter()
            .map(|&(n, v, s)| (n.into(), v.into(), s))
            .collect(),
    )
}

/// A broker's own dynamic values (resource name: its id) over every
/// broker's defaults (`""`), as a Kafka 4.4 broker answered the same
/// requests: sources 2 (DYNAMIC_BROKER_CONFIG), 3
/// (DYNAMIC_DEFAULT_BROKER_CONFIG) and 5 (DEFAULT_CONFIG) in that order of
/// synonyms, `log.retention.hours` read only, the defaults' resource
/// listing only what is set there; a topic described by the broker sees
/// its values; AlterConfigs replaces the broker's whole set.
#[tokio::test]
async fn a_brokers_own_configs_come_before_every_brokers() {
    let (cluster, mut s) = start().await;
    create(&mut s, "t", &[]).await;
    let ok = (ErrorCode::None, None);
    assert_eq!(
        alter(
            &mut s,
            BROKER,
            "1",
            &[("log.retention.ms", SET, Some("1000"))]
        )
        .await,
        ok
    );
    assert_eq!(
        alter(
            &mut s,
            BROKER,
            "",
            &[
                ("log.retention.ms", SET, Some("2000")),
                ("message.max.bytes", SET, Some("2000000"))
            ]
        )
        .await,
        ok
    );
    assert_eq!(
        alter(
            &mut s,
            BROKER,
            "1",
            &[("log.retention.bytes", SET, Some("4096"))]
        )
        .await,
        ok
    );
    let keys = [
        "log.retention.ms",
        "log.retention.hours",
        "log.retention.bytes",
        "message.max.bytes",
        "num.partitions",
        "log.segment.bytes",
    ];
    assert_eq!(
        broker_rows(&mut s, "1", Some(&keys)).await,
        vec![
            row(
                "log.retention.bytes",
                "4096",
                2,
                false,
                &[
                    ("log.retention.bytes", "4096", 2),
                    ("log.retention.bytes", "-1", 5)
                ]
            ),
            row(
                "log.retention.hours",
                "168",
                5,
                true,
                &[("log.retention.hours", "168", 5)]
            ),
            row(
                "log.retention.ms",
                "1000",
                2,
                false,
                &[
                    ("log.retention.ms", "1000", 2),
                    ("log.retention.ms", "2000", 3),
                    ("log.retention.hours", "168", 5)
                ]
            ),
            row(
                "log.segment.bytes",
                "1073741824",
                5,
                false,
                &[("log.segment.bytes", "1073741824", 5)]
            ),
            row(
                "message.max.bytes",
                "2000000",
                3,
                false,
                &[
                    ("message.max.bytes", "2000000", 3),
                    ("message.max.bytes", "1048588", 5)
                ]
            ),
            row(
                "num.partitions",
                "1",
                5,
                true,
                &[("num.partitions", "1", 5)]
            ),
        ]
    );
    assert_eq!(
        broker_rows(&mut s, "", None).await,
        vec![
            row(
                "log.retention.ms",
                "2000",
                3,
                false,
                &[("log.retention.ms", "2000", 3)]
            ),
            row(
                "message.max.bytes",
                "2000000",
                3,
                false,
                &[("message.max.bytes", "2000000", 3)]
            ),
            row(
                "min.insync.replicas",
                "1",
                3,
                false,
                &[("min.insync.replicas", "1", 3)]
            ),
        ]
    );
    // The topic, described by broker 1.
    let r = send(
        &mut s,
        &describe_request(
            TOPIC,
            "t",
            Some(&["retention.ms", "retention.bytes", "max.message.bytes"]),
        ),
        4,
    )
    .await;
    let topic: Vec<(String, String, i8, Synonyms)> = r.results[0]
        .configs
        .iter()
        .map(|c| {
            (
                c.name.to_string(),
                c.value.as_deref().unwrap_or("").to_owned(),
                c.config_source,
                c.synonyms
                    .iter()
                    .map(|y| {
                        (
                            y.name.to_string(),
                            y.value.as_deref().unwrap_or("").to_owned(),
                            y.source,
                        )
                    })
                    .collect(),
            )
        })
        .collect();
    let syn = |rows: &[(&str, &str, i8)]| -> Vec<(String, String, i8)> {
        rows.iter()
            .map(|&(n, v, s)| (n.into(), v.into(), s))
            .collect()
    };
    // In `LogConfig`'s order (Kafka's comes from a hash map).
    assert_eq!(
        topic,
        vec![
            (
                "retention.bytes".into(),
                "4096".into(),
                2,
                syn(&[
                    ("log.retention.bytes", "4096", 2),
                    ("log.retention.bytes", "-1", 5)
                ])
            ),
            (
                "retention.ms".into(),
                "1000".into(),
                2,
                syn(&[
                    ("log.retention.ms", "1000", 2),
                    ("log.retention.ms", "2000", 3),
                    ("log.retention.hours", "168", 5)
                ])
            ),
            (
                "max.message.bytes".into(),
                "2000000".into(),
                3,
                syn(&[
                    ("message.max.bytes", "2000000", 3),
                    ("message.max.bytes", "1048588", 5)
                ])
            ),
        ]
    );
    // AlterConfigs: the broker's whole set, log.retention.ms no longer its.
    let replace = AlterConfigsRequest {
        resources: vec![alter_configs::AlterConfigsResource {
            resource_type: BROKER,
            resource_name: "1".into(),
            configs: vec![alter_configs::AlterableConfig {
                name: "log.retention.bytes".into(),
                value: Some("8192".into()),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let r = send(&mut s, &replace, 2).await;
    assert_eq!(
        (
            r.responses[0].error_code,
            r.responses[0].error_message.as_deref()
        ),
        (0, None)
    );
    assert_eq!(
        broker_rows(
            &mut s,
            "1",
            Some(&["log.retention.ms", "log.retention.bytes"])
        )
        .await,
        vec![
            row(
                "log.retention.bytes",
                "8192",
                2,
                false,
                &[
                    ("log.retention.bytes", "8192", 2),
                    ("log.retention.bytes", "-1", 5)
                ]
            ),
            row(
                "log.retention.ms",
                "2000",
                3,
                false,
                &[
                    ("log.retention.ms", "2000", 3),
                    ("log.retention.hours", "168", 5)
                ]
            ),
        ]
    );
    // DELETE takes a broker's value away; validate_only keeps it.
    let mut only = incremental(BROKER, "1", &[("log.retention.bytes", DELETE, None)]);
    only.validate_only = true;
    assert_eq!(send(&mut s, &only, 1).await.responses[0].error_code, 0);
    assert_eq!(
        described(&mut s, BROKER, "1", Some(&["log.retention.bytes"])).await,
        vec![("log.retention.bytes".into(), "8192".into(), 2)]
    );
    assert_eq!(
        alter(
            &mut s,
            BROKER,
            "1",
            &[("log.retention.bytes", DELETE, None)]
        )
        .await,
        ok
    );
    assert_eq!(
        described(&mut s, BROKER, "1", Some(&["log.retention.bytes"])).await,
        vec![("log.retention.bytes".into(), "-1".into(), 5)]
    );
    // Another broker's id, or no number: Kafka's refusals.
    for (name, message) in [
        (
            "7",
            "Unexpected broker id, expected 1 or empty string, but received 7",
        ),
        ("abc", "Broker id must be an integer, but it is: abc"),
    ] {
        let r = send(&mut s, &describe_request(BROKER, name, None), 4).await;
        let res = &r.results[0];
        assert_eq!(
            (
                ErrorCode::from_code(res.error_code),
                res.error_message.as_deref(),
                res.configs.len()
            ),
            (ErrorCode::InvalidRequest, Some(message), 0)
        );
    }
    cluster.shutdown().await;
}

/// A broker's own `max.message.bytes` holds for the partitions it leads,
/// and only there (each Kafka broker's log manager applies its own).
#[tokio::test]
async fn a_brokers_own_value_holds_for_the_partitions_it_leads() {
    let cluster = Cluster::builder().nodes(2).start().await.unwrap();
    let addrs = cluster.bootstrap_addrs();
    let mut one = TcpStream::connect(addrs[0]).await.unwrap();
    let mut two = TcpStream::connect(addrs[1]).await.unwrap();
    let r = send(&mut one, &create_topic("m", 2, &[]), 7).await;
    assert_eq!(r.topics[0].error(), ErrorCode::None);
    let meta = send(
        &mut one,
        &MetadataRequest {
            topics: None,
            ..Default::default()
        },
        12,
    )
    .await;
    let t = meta
        .topics
        .iter()
        .find(|t| t.name.as_deref() == Some("m"))
        .unwrap();
    let leader_of = |p: i32| {
        t.partitions
            .iter()
            .find(|x| x.partition_index == p)
            .unwrap()
            .leader_id
    };
    let (p_two, p_one) = if leader_of(0) == 2 { (0, 1) } else { (1, 0) };
    assert_eq!((leader_of(p_two), leader_of(p_one)), (2, 1));
    // Node 2 takes batches of at most 100 bytes; node 1 keeps Kafka's default.
    assert_eq!(
        alter(
            &mut two,
            BROKER,
            "2",
            &[("message.max.bytes", SET, Some("100"))]
        )
        .await,
        (ErrorCode::None, None)
    );
    let big = batch(&["x".repeat(200).as_str()], 0);
    let to = |p: i32| {
        let mut r = produce_request("m", big.clone());
        r.topic_data[0].partition_data[0].index = p;
        r
    };
    let refused = send(&mut two, &to(p_two), 12).await;
    let p = &refused.responses[0].partition_responses[0];
    assert_eq!(
        ErrorCode::from_code(p.error_code),
        ErrorCode::MessageTooLarge
    );
    let taken = send(&mut one, &to(p_one), 12).await;
    let p = &taken.responses[0].partition_responses[0];
    assert_eq!(ErrorCode::from_code(p.error_code), ErrorCode::None);
    // Node 1's view of the topic has no such value; node 2's has.
    assert_eq!(
        value_of(&mut one, "m", "max.message.bytes").await,
        ("1048588".into(), 5)
    );
    assert_eq!(
        value_of(&mut two, "m", "max.message.bytes").await,
        ("100".into(), 2)
    );
    cluster.shutdown().await;
}
