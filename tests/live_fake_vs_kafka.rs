//! kafka-wire-fake side by side with a Kafka 4.4 broker (`--ignored`): one
//! scripted sequence of requests (admin, configs, produce, fetch, offsets,
//! classic and KIP-848 groups, transactions, deletions, error answers), each
//! at a stated version, is sent to the broker at `KAFKA_BOOTSTRAP` and to a
//! one-node fake started in-process; every answer is turned into Kafka's
//! JSON form (`kafka_wire::json`, records read into their batches) and the
//! two trees are compared field by field. [`ALLOWED`] is the one list of
//! the fields that may differ, each with its reason; any other difference
//! fails the test with the step, API, version, path and both values.
//!
//! `scripts/fake-vs-kafka.sh` starts a broker of its own, runs this and
//! stops it; docs/fake.md (Proof) lists what the sequence covers.

mod live_common;

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use bytes::Bytes;
use kafka_messages::add_partitions_to_txn::AddPartitionsToTxnTopic;
use kafka_messages::client::Client;
use kafka_messages::consumer_group_heartbeat::TopicPartitions;
use kafka_messages::create_topics::CreatableTopicConfig;
use kafka_messages::delete_records::{DeleteRecordsPartition, DeleteRecordsTopic};
use kafka_messages::delete_topics::DeleteTopicState;
use kafka_messages::describe_configs::DescribeConfigsResource;
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::incremental_alter_configs::{AlterConfigsResource, AlterableConfig};
use kafka_messages::join_group::JoinGroupRequestProtocol;
use kafka_messages::leave_group::MemberIdentity;
use kafka_messages::list_offsets::{ListOffsetsPartition, ListOffsetsTopic};
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::offset_fetch::{
    OffsetFetchRequestGroup, OffsetFetchRequestTopic, OffsetFetchRequestTopics,
};
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::sync_group::SyncGroupRequestAssignment;
use kafka_messages::*;
use kafka_wire::json::RecordsAs;
use kafka_wire::records::{ControlRecordType, NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records, Request, Str, Uuid};
use kafka_wire_fake::Cluster;
use live_common::{bootstrap, unique};
use serde_json::{json, Value};

/// The fields whose values may differ between the broker and the fake: a
/// path pattern (`[]` for any index, matched against the end of the field's
/// path) and why. Nothing else may differ.
const ALLOWED: &[(&str, &str)] = &[
    (".throttleTimeMs", "Kafka's quota manager may throttle; the fake has no quotas"),
    (".clusterId", "each cluster has its own id"),
    (".port", "each listens on its own port (brokers, coordinators, leader endpoints)"),
    (".topicId", "topic ids are random UUIDs"),
    (".producerId", "producer ids are handed out by each cluster (Kafka's blocks of ids, the fake's from 1)"),
    (".memberId", "the coordinator names classic members (client id and a random UUID) and KIP-848 members at v0"),
    (".leader", "a classic group's leader is a member id"),
    (".sessionId", "a fetch session's id is drawn at random"),
    (".markerTimestamp", "a transaction marker is stamped with the clock of the broker that writes it"),
    (".supportedFeatures", "the fake has no feature levels: it serves transaction version 1 only, which clients use without the transaction.version feature"),
    (".finalizedFeatures", "as supportedFeatures"),
    (".finalizedFeaturesEpoch", "as supportedFeatures"),
];

/// The arrays whose order carries no meaning, and Kafka's order is that of
/// a Java hash map: an array whose path ends with the pattern is compared
/// sorted by the field named.
const UNORDERED: &[(&str, &str)] = &[
    ("DescribeConfigsResponse.results[].configs", "name"),
    ("AlterClientQuotasResponse.entries", "entity"),
    ("DescribeClientQuotasResponse.entries", "entity"),
    ("DescribeClientQuotasResponse.entries[].values", "key"),
    ("DescribeGroupsResponse.groups", "groupId"),
    ("DeleteTopicsResponse.responses", "name"),
    (
        "AddPartitionsToTxnResponse.resultsByTopicV3AndBelow[].resultsByPartition",
        "partitionIndex",
    ),
    ("ListOffsetsResponse.topics[].partitions", "partitionIndex"),
    (
        "DeleteRecordsResponse.topics[].partitions",
        "partitionIndex",
    ),
];

/// The APIs a Kafka 4.4 broker advertises and the fake does not serve
/// (docs/fake.md, "What it serves"): replicas and their logs,
/// delegation tokens, SCRAM, the quorum, features, share and
/// streams groups. ApiVersions' lists are compared without them; any other
/// API missing from the fake's list fails the test.
const NOT_SERVED: &[ApiKey] = &[
    ApiKey::OffsetForLeaderEpoch,
    ApiKey::WriteTxnMarkers,
    ApiKey::AlterReplicaLogDirs,
    ApiKey::DescribeLogDirs,
    ApiKey::CreateDelegationToken,
    ApiKey::RenewDelegationToken,
    ApiKey::ExpireDelegationToken,
    ApiKey::DescribeDelegationToken,
    ApiKey::ElectLeaders,
    ApiKey::AlterPartitionReassignments,
    ApiKey::ListPartitionReassignments,
    ApiKey::DescribeUserScramCredentials,
    ApiKey::AlterUserScramCredentials,
    ApiKey::DescribeQuorum,
    ApiKey::UpdateFeatures,
    ApiKey::DescribeProducers,
    ApiKey::UnregisterBroker,
    ApiKey::ListConfigResources,
    ApiKey::ShareGroupHeartbeat,
    ApiKey::ShareGroupDescribe,
    ApiKey::ShareFetch,
    ApiKey::ShareAcknowledge,
    ApiKey::AddRaftVoter,
    ApiKey::RemoveRaftVoter,
    ApiKey::InitializeShareGroupState,
    ApiKey::ReadShareGroupState,
    ApiKey::WriteShareGroupState,
    ApiKey::DeleteShareGroupState,
    ApiKey::ReadShareGroupStateSummary,
    ApiKey::StreamsGroupHeartbeat,
    ApiKey::StreamsGroupDescribe,
    ApiKey::DescribeShareGroupOffsets,
    ApiKey::AlterShareGroupOffsets,
    ApiKey::DeleteShareGroupOffsets,
    ApiKey::StreamsGroupTopologyDescriptionUpdate,
    ApiKey::UnregisterController,
];

/// The versions a Java client of Kafka 4.x sends, and older ones where the
/// shape differs; each step below names the one it uses.
mod v {
    pub const API_VERSIONS: i16 = 4;
    pub const API_VERSIONS_OLD: i16 = 0;
    pub const SASL_HANDSHAKE: i16 = 1;
    pub const SASL_AUTHENTICATE: i16 = 2;
    pub const METADATA: i16 = 13;
    pub const METADATA_NAMES: i16 = 9;
    pub const DESCRIBE_TOPIC_PARTITIONS: i16 = 0;
    pub const CREATE_TOPICS: i16 = 7;
    pub const CREATE_TOPICS_OLD: i16 = 4;
    pub const DESCRIBE_CONFIGS: i16 = 4;
    pub const INCREMENTAL_ALTER_CONFIGS: i16 = 1;
    pub const CLIENT_QUOTAS: i16 = 1;
    pub const INIT_PRODUCER_ID: i16 = 5;
    pub const PRODUCE: i16 = 13;
    pub const PRODUCE_NAMES: i16 = 9;
    pub const FETCH: i16 = 18;
    pub const FETCH_NAMES: i16 = 12;
    pub const LIST_OFFSETS: i16 = 10;
    pub const LIST_OFFSETS_OLD: i16 = 4;
    pub const FIND_COORDINATOR: i16 = 6;
    pub const FIND_COORDINATOR_ONE_KEY: i16 = 3;
    pub const JOIN_GROUP: i16 = 9;
    pub const SYNC_GROUP: i16 = 5;
    pub const HEARTBEAT: i16 = 4;
    pub const OFFSET_COMMIT: i16 = 10;
    pub const OFFSET_COMMIT_NAMES: i16 = 9;
    pub const OFFSET_FETCH: i16 = 10;
    pub const OFFSET_FETCH_ONE_GROUP: i16 = 7;
    pub const LEAVE_GROUP: i16 = 5;
    pub const CONSUMER_GROUP_HEARTBEAT: i16 = 1;
    pub const CONSUMER_GROUP_HEARTBEAT_OLD: i16 = 0;
    pub const DESCRIBE_GROUPS: i16 = 6;
    pub const DESCRIBE_GROUPS_OLD: i16 = 5;
    pub const LIST_GROUPS: i16 = 5;
    pub const ADD_PARTITIONS_TO_TXN: i16 = 3;
    /// EndTxn v4: transaction version 1's; v5 is KIP-890 part 2's, which
    /// the fake does not serve.
    pub const END_TXN: i16 = 4;
    pub const DELETE_RECORDS: i16 = 2;
    pub const DELETE_TOPICS: i16 = 6;
}

/// One answer of the script: its step, API, version and JSON form.
struct Exchange {
    step: String,
    api: &'static str,
    version: i16,
    answer: Value,
}

/// One side of the comparison: a client of the broker or the fake, and
/// every answer it got.
struct Side {
    name: &'static str,
    client: Client,
    exchanges: Vec<Exchange>,
}

/// A retry's bound: a client retries a coordinator that is not ready for
/// this long at most.
const RETRY: Duration = Duration::from_secs(30);

impl Side {
    fn new(name: &'static str, addr: &str) -> Side {
        let client = Client::connect(addr, "fake-vs-kafka")
            .unwrap_or_else(|e| panic!("{name}: cannot connect to {addr}: {e}"));
        Side {
            name,
            client,
            exchanges: Vec::new(),
        }
    }

    /// Sends `request` at `version` and keeps its answer as step `step`.
    fn send<R: Request>(&mut self, step: &str, request: &R, version: i16) -> R::Response {
        self.send_until(step, request, version, |_| true)
    }

    /// Sends `request` at `version` until `done` holds of the answer (a
    /// client's retries of a coordinator that is loading, a rebalance that
    /// has not settled), for at most [`RETRY`], and keeps the last answer.
    fn send_until<R: Request>(
        &mut self,
        step: &str,
        request: &R,
        version: i16,
        done: impl Fn(&R::Response) -> bool,
    ) -> R::Response {
        let deadline = Instant::now() + RETRY;
        let response = loop {
            let response = self.client.send(request, version).unwrap_or_else(|e| {
                panic!("{}: {step}: {} v{version}: {e}", self.name, R::SCHEMA.name)
            });
            if done(&response) || Instant::now() > deadline {
                break response;
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let answer = kafka_wire::json::to_value(&response, version, RecordsAs::Base64)
            .unwrap_or_else(|e| panic!("{}: {step}: JSON of the answer: {e}", self.name));
        self.exchanges.push(Exchange {
            step: step.into(),
            api: R::SCHEMA.name,
            version,
            answer,
        });
        response
    }

    /// Fetches as [`send`](Self::send) does, with each partition's records
    /// read into their batches in the answer kept ([`batches_json`]).
    fn fetch(&mut self, step: &str, request: &FetchRequest, version: i16) -> FetchResponse {
        self.fetch_until(step, request, version, |_| true)
    }

    /// Reads partition 0 of topic `id` from offset 0 as a consumer does, at
    /// `isolation`: each fetch (Fetch v[`v::FETCH`]) from the offset after
    /// the last batch it got, until it gets none (at most 20 fetches), and
    /// keeps as step `step` the last answer's offsets with every batch and
    /// aborted transaction read.
    fn consume(&mut self, step: &str, id: Uuid, isolation: i8) {
        let (mut offset, mut batches, mut aborted) = (0, Vec::new(), Vec::new());
        let mut last = Value::Null;
        for _ in 0..20 {
            let request = fetch_request("", id, &[(0, offset)], isolation, (0, -1));
            let r = self
                .client
                .send(&request, v::FETCH)
                .unwrap_or_else(|e| panic!("{}: {step}: {e}", self.name));
            let p = &r.responses[0].partitions[0];
            let read = batches_json(p.records.as_ref());
            let got = read.as_array().map_or(0, Vec::len);
            last = json!({
                "errorCode": p.error_code,
                "highWatermark": p.high_watermark,
                "lastStableOffset": p.last_stable_offset,
                "logStartOffset": p.log_start_offset,
            });
            for a in p.aborted_transactions.iter().flatten() {
                let a = json!({"producerId": a.producer_id, "firstOffset": a.first_offset});
                if !aborted.contains(&a) {
                    aborted.push(a);
                }
            }
            if let Some(b) = p
                .records
                .as_ref()
                .and_then(|rs| rs.batches().filter_map(Result::ok).last())
            {
                offset = b.last_offset() + 1;
            }
            batches.extend(read.as_array().cloned().unwrap_or_default());
            if got == 0 || p.error_code != 0 {
                break;
            }
        }
        last["abortedTransactions"] = Value::Array(aborted);
        last["records"] = Value::Array(batches);
        self.exchanges.push(Exchange {
            step: step.into(),
            api: "FetchRequest",
            version: v::FETCH,
            answer: last,
        });
    }

    /// Fetches as [`send_until`](Self::send_until) does, with each
    /// partition's records read into their batches ([`batches_json`]).
    fn fetch_until(
        &mut self,
        step: &str,
        request: &FetchRequest,
        version: i16,
        done: impl Fn(&FetchResponse) -> bool,
    ) -> FetchResponse {
        let response = self.send_until(step, request, version, done);
        let answer = &mut self.exchanges.last_mut().unwrap().answer;
        for (t, topic) in response.responses.iter().enumerate() {
            for (p, partition) in topic.partitions.iter().enumerate() {
                answer["responses"][t]["partitions"][p]["records"] =
                    batches_json(partition.records.as_ref());
            }
        }
        response
    }
}

/// A record set as JSON: each batch's header fields (not its CRC, which is
/// checked) and records; a control batch's timestamps under
/// `markerTimestamp`, and its records as their control type and value.
fn batches_json(records: Option<&Records>) -> Value {
    let Some(records) = records else {
        return Value::Null;
    };
    let mut batches = Vec::new();
    let mut iter = records.batches();
    for batch in iter.by_ref() {
        let batch = batch.expect("a batch that reads");
        batch.verify_crc().expect("the batch's CRC");
        let mut rs = Vec::new();
        for record in batch.records().expect("the batch's records") {
            let record = record.expect("a record");
            rs.push(if batch.is_control() {
                json!({
                    "offsetDelta": record.offset_delta(),
                    "controlType": format!("{:?}", ControlRecordType::decode_key(record.key().unwrap_or_default()).expect("a control key")),
                    "value": record.value().map(|v| format!("{v:?}")),
                })
            } else {
                json!({
                    "offsetDelta": record.offset_delta(),
                    "timestampDelta": record.timestamp_delta(),
                    "attributes": record.attributes(),
                    "key": record.key().map(|k| String::from_utf8_lossy(k).into_owned()),
                    "value": record.value().map(|v| String::from_utf8_lossy(v).into_owned()),
                    "headers": record.header_count(),
                })
            });
        }
        let mut b = json!({
            "baseOffset": batch.base_offset(),
            "batchLength": batch.batch_length(),
            "partitionLeaderEpoch": batch.partition_leader_epoch(),
            "magic": batch.magic(),
            "attributes": batch.attributes(),
            "lastOffsetDelta": batch.last_offset_delta(),
            "producerId": batch.producer_id(),
            "producerEpoch": batch.producer_epoch(),
            "baseSequence": batch.base_sequence(),
            "records": rs,
        });
        if batch.is_control() {
            b["markerTimestamp"] = json!([batch.base_timestamp(), batch.max_timestamp()]);
        } else {
            b["baseTimestamp"] = json!(batch.base_timestamp());
            b["maxTimestamp"] = json!(batch.max_timestamp());
        }
        batches.push(b);
    }
    assert!(iter.remainder().is_empty(), "a partial batch at the end");
    Value::Array(batches)
}

/// The names one run uses on both sides: the broker may be used again, so
/// they are new each run.
struct Names {
    topic: String,
    other: String,
    missing: String,
    group: String,
    group848: String,
    txn: String,
}

const RECORD_TIME: i64 = 1_700_000_000_000;

/// A batch of `values` at [`RECORD_TIME`] + 10 ms each, of `producer` (id,
/// epoch, first sequence) if any, transactional or not.
fn batch(values: &[&str], producer: Option<(i64, i16, i32)>, transactional: bool) -> Records {
    let mut b = RecordBatchBuilder::new();
    if let Some((id, epoch, sequence)) = producer {
        b = b.producer(id, epoch, sequence).transactional(transactional);
    }
    for (i, v) in values.iter().enumerate() {
        b.append(
            NewRecord::new(RECORD_TIME + 10 * i as i64)
                .key(format!("k{i}").as_bytes())
                .value(v.as_bytes()),
        )
        .unwrap();
    }
    Records(b.build().unwrap().into_bytes())
}

/// Produce of `records` to `partition` of a topic by name (before v13) or
/// id, at `acks`, in transaction `txn` if any.
fn produce(
    names: &str,
    id: Uuid,
    partition: i32,
    records: Records,
    acks: i16,
    txn: Option<&str>,
) -> ProduceRequest {
    ProduceRequest {
        transactional_id: txn.map(Str::from),
        acks,
        timeout_ms: 10_000,
        topic_data: vec![TopicProduceData {
            name: names.into(),
            topic_id: id,
            partition_data: vec![PartitionProduceData {
                index: partition,
                records: Some(records),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// Fetch of `partitions` (index, offset) of a topic by name (before v13) or
/// id, at `isolation`, in fetch session `session` (id, epoch).
fn fetch_request(
    topic: &str,
    id: Uuid,
    partitions: &[(i32, i64)],
    isolation: i8,
    session: (i32, i32),
) -> FetchRequest {
    FetchRequest {
        replica_id: -1,
        max_wait_ms: 10,
        min_bytes: 0,
        max_bytes: 1 << 20,
        isolation_level: isolation,
        session_id: session.0,
        session_epoch: session.1,
        topics: vec![FetchTopic {
            topic: topic.into(),
            topic_id: id,
            partitions: partitions
                .iter()
                .map(|&(partition, offset)| FetchPartition {
                    partition,
                    fetch_offset: offset,
                    partition_max_bytes: 1 << 20,
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// ListOffsets of `timestamps` (partition, timestamp or -1, -2, -3) of
/// `topic`, at `isolation`.
fn list_offsets(topic: &str, timestamps: &[(i32, i64)], isolation: i8) -> ListOffsetsRequest {
    ListOffsetsRequest {
        replica_id: -1,
        isolation_level: isolation,
        topics: vec![ListOffsetsTopic {
            name: topic.into(),
            partitions: timestamps
                .iter()
                .map(|&(partition_index, timestamp)| ListOffsetsPartition {
                    partition_index,
                    timestamp,
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }],
        timeout_ms: 10_000,
        ..Default::default()
    }
}

/// Metadata of `topics` (name, or id when the name is empty), creating none.
fn metadata(topics: &[(&str, Uuid)]) -> MetadataRequest {
    MetadataRequest {
        topics: Some(
            topics
                .iter()
                .map(|&(name, id)| MetadataRequestTopic {
                    name: (!name.is_empty()).then(|| name.into()),
                    topic_id: id,
                    ..Default::default()
                })
                .collect(),
        ),
        allow_auto_topic_creation: false,
        ..Default::default()
    }
}

/// DescribeTopicPartitions of `names` (every topic when none), at most
/// `limit` partitions, from `cursor` (topic, partition).
fn topic_partitions(
    names: &[&str],
    limit: i32,
    cursor: Option<(&str, i32)>,
) -> DescribeTopicPartitionsRequest {
    DescribeTopicPartitionsRequest {
        topics: names
            .iter()
            .map(|&name| describe_topic_partitions::TopicRequest {
                name: name.into(),
                ..Default::default()
            })
            .collect(),
        response_partition_limit: limit,
        cursor: cursor.map(|(topic, partition)| describe_topic_partitions::Cursor {
            topic_name: topic.into(),
            partition_index: partition,
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// DescribeTopicPartitions (KIP-966), as Kafka 4.4's Java admin describes
/// topics: every topic, names with an unknown one, pages of one partition
/// followed by their cursor, and Kafka's answers to hostile requests.
fn describe_topic_partitions(s: &mut Side, n: &Names) {
    const V: i16 = v::DESCRIBE_TOPIC_PARTITIONS;
    let (topic, other) = (n.topic.as_str(), n.other.as_str());
    let mut every = s.send(
        "DescribeTopicPartitions: every topic",
        &topic_partitions(&[], 2000, None),
        V,
    );
    // The broker may hold other runs' topics: only this run's are compared.
    every.topics.retain(|t| {
        t.name
            .as_deref()
            .is_some_and(|name| name == topic || name == other)
    });
    s.exchanges.last_mut().unwrap().answer =
        kafka_wire::json::to_value(&every, V, RecordsAs::Base64).unwrap();
    s.send(
        "DescribeTopicPartitions: names, an unknown, an invalid and an internal one",
        &topic_partitions(
            &[
                topic,
                &n.missing,
                other,
                "bad/name",
                "__share_group_state",
                topic,
            ],
            2000,
            None,
        ),
        V,
    );
    // Pages of one partition, each from the last one's cursor, until none.
    let mut cursor: Option<(String, i32)> = None;
    for page in 1..=5 {
        let at = cursor.as_ref().map(|(t, p)| (t.as_str(), *p));
        let r = s.send(
            &format!("DescribeTopicPartitions: limit 1, page {page}"),
            &topic_partitions(&[topic, other], 1, at),
            V,
        );
        cursor = r
            .next_cursor
            .map(|c| (c.topic_name.to_string(), c.partition_index));
        if cursor.is_none() {
            break;
        }
    }
    s.send(
        "DescribeTopicPartitions: limit 0",
        &topic_partitions(&[topic], 0, None),
        V,
    );
    s.send(
        "DescribeTopicPartitions: a negative cursor partition",
        &topic_partitions(&[topic, other], 5, Some((topic, -1))),
        V,
    );
    s.send(
        "DescribeTopicPartitions: a cursor naming a topic not asked for",
        &topic_partitions(&[other], 5, Some((topic, 0))),
        V,
    );
    s.send(
        "DescribeTopicPartitions: the name \"\" without a cursor",
        &topic_partitions(&[other, ""], 5, None),
        V,
    );
    s.send(
        "DescribeTopicPartitions: a cursor past the last partition",
        &topic_partitions(&[topic], 5, Some((topic, 7))),
        V,
    );
    s.send(
        "DescribeTopicPartitions: a cursor at i32::MAX",
        &topic_partitions(&[topic], 2000, Some((topic, i32::MAX))),
        V,
    );
}

/// DescribeConfigs of `topic`, its `keys` or all, with synonyms if asked.
fn describe_configs(topic: &str, keys: Option<&[&str]>, synonyms: bool) -> DescribeConfigsRequest {
    DescribeConfigsRequest {
        resources: vec![DescribeConfigsResource {
            resource_type: 2,
            resource_name: topic.into(),
            configuration_keys: keys.map(|k| k.iter().map(|&k| Str::from(k)).collect()),
            ..Default::default()
        }],
        include_synonyms: synonyms,
        include_documentation: false,
        ..Default::default()
    }
}

/// FindCoordinator of `key`: v0-3's one key, v4+'s list.
fn find_coordinator(key: &str, key_type: i8, version: i16) -> FindCoordinatorRequest {
    let mut request = FindCoordinatorRequest {
        key_type,
        ..Default::default()
    };
    if version >= 4 {
        request.coordinator_keys = vec![key.into()];
    } else {
        request.key = key.into();
    }
    request
}

/// Whether FindCoordinator named a coordinator (in either shape).
fn coordinator_ready(r: &FindCoordinatorResponse) -> bool {
    r.coordinators.iter().all(|c| c.error_code == 0) && r.error_code == 0
}

/// JoinGroup of `member` (`""` for a new one) to `group`, protocol `range`.
fn join(group: &str, member: &str) -> JoinGroupRequest {
    JoinGroupRequest {
        group_id: group.into(),
        session_timeout_ms: 30_000,
        rebalance_timeout_ms: 10_000,
        member_id: member.into(),
        protocol_type: "consumer".into(),
        protocols: vec![JoinGroupRequestProtocol {
            name: "range".into(),
            metadata: Bytes::from_static(b"subscription"),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// OffsetCommit of partition 0: the topic by name before v10, by id from it.
fn commit(
    group: &str,
    member: &str,
    generation: i32,
    topic: (&str, Uuid),
    offset: i64,
    version: i16,
) -> OffsetCommitRequest {
    let topic = if version >= 10 {
        ("", topic.1)
    } else {
        (topic.0, Uuid::default())
    };
    OffsetCommitRequest {
        group_id: group.into(),
        generation_id_or_member_epoch: generation,
        member_id: member.into(),
        topics: vec![OffsetCommitRequestTopic {
            name: topic.0.into(),
            topic_id: topic.1,
            partitions: vec![OffsetCommitRequestPartition {
                partition_index: 0,
                committed_offset: offset,
                committed_leader_epoch: -1,
                committed_metadata: Some("m".into()),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// OffsetFetch of partitions 0 and 1: one group before v8, a list from it;
/// the topic by name before v10, by id from it.
fn offset_fetch(group: &str, topic: (&str, Uuid), version: i16) -> OffsetFetchRequest {
    if version < 8 {
        return OffsetFetchRequest {
            group_id: group.into(),
            topics: Some(vec![OffsetFetchRequestTopic {
                name: topic.0.into(),
                partition_indexes: vec![0, 1],
                ..Default::default()
            }]),
            ..Default::default()
        };
    }
    let topic = if version >= 10 {
        ("", topic.1)
    } else {
        (topic.0, Uuid::default())
    };
    OffsetFetchRequest {
        groups: vec![OffsetFetchRequestGroup {
            group_id: group.into(),
            topics: Some(vec![OffsetFetchRequestTopics {
                name: topic.0.into(),
                topic_id: topic.1,
                partition_indexes: vec![0, 1],
                ..Default::default()
            }]),
            member_epoch: -1,
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// Whether a client would take `code` as it is rather than retry: not a
/// coordinator that is loading, moving or busy with a transaction.
fn not_retriable(code: i16) -> bool {
    !matches!(
        ErrorCode::from_code(code),
        ErrorCode::CoordinatorNotAvailable
            | ErrorCode::CoordinatorLoadInProgress
            | ErrorCode::NotCoordinator
            | ErrorCode::ConcurrentTransactions
    )
}

/// The whole sequence, on one side.
fn script(s: &mut Side, n: &Names) {
    // Cluster.
    s.send(
        "ApiVersions",
        &ApiVersionsRequest {
            client_software_name: "fake-vs-kafka".into(),
            client_software_version: "1".into(),
            ..Default::default()
        },
        v::API_VERSIONS,
    );
    s.send(
        "ApiVersions, old",
        &ApiVersionsRequest::default(),
        v::API_VERSIONS_OLD,
    );
    // The SASL APIs on a listener without SASL: refused, the connection
    // kept (what kafka-wire-proxy asks a listener to learn whether it
    // requires SASL).
    s.send(
        "SaslHandshake, no SASL listener",
        &SaslHandshakeRequest {
            mechanism: "PLAIN".into(),
        },
        v::SASL_HANDSHAKE,
    );
    s.send(
        "SaslAuthenticate, no SASL listener",
        &SaslAuthenticateRequest {
            auth_bytes: Bytes::from_static(b"\0alice\0alice-secret"),
            ..Default::default()
        },
        v::SASL_AUTHENTICATE,
    );

    // Topics: two created, one refused because it exists, one for its
    // partitions; the configs of the one asked for.
    let created = s.send(
        "CreateTopics",
        &CreateTopicsRequest {
            topics: vec![
                CreatableTopic {
                    name: n.topic.as_str().into(),
                    num_partitions: 2,
                    replication_factor: 1,
                    configs: vec![CreatableTopicConfig {
                        name: "retention.ms".into(),
                        value: Some("86400000".into()),
                        ..Default::default()
                    }],
                    ..Default::default()
                },
                CreatableTopic {
                    name: n.other.as_str().into(),
                    num_partitions: 1,
                    replication_factor: 1,
                    ..Default::default()
                },
            ],
            timeout_ms: 30_000,
            ..Default::default()
        },
        v::CREATE_TOPICS,
    );
    let id = created.topics[0].topic_id;
    let other_id = created.topics[1].topic_id;
    let topic = (n.topic.as_str(), id);
    s.send(
        "CreateTopics: exists, bad partitions, bad replication",
        &CreateTopicsRequest {
            topics: vec![
                CreatableTopic {
                    name: n.topic.as_str().into(),
                    num_partitions: 1,
                    replication_factor: 1,
                    ..Default::default()
                },
                CreatableTopic {
                    name: format!("{}-bad", n.topic).into(),
                    num_partitions: 0,
                    replication_factor: 1,
                    ..Default::default()
                },
                CreatableTopic {
                    name: format!("{}-bad-config", n.topic).into(),
                    num_partitions: 1,
                    replication_factor: 1,
                    configs: vec![CreatableTopicConfig {
                        name: "retention.ms".into(),
                        value: Some("-5".into()),
                        ..Default::default()
                    }],
                    ..Default::default()
                },
            ],
            timeout_ms: 30_000,
            ..Default::default()
        },
        v::CREATE_TOPICS,
    );
    s.send(
        "CreateTopics, old: exists",
        &CreateTopicsRequest {
            topics: vec![CreatableTopic {
                name: n.other.as_str().into(),
                num_partitions: 1,
                replication_factor: 1,
                ..Default::default()
            }],
            timeout_ms: 30_000,
            ..Default::default()
        },
        v::CREATE_TOPICS_OLD,
    );
    // A client waits for the leaders the broker elects a moment after it
    // answers.
    let leaders = |m: &MetadataResponse| {
        m.topics
            .iter()
            .all(|t| t.error_code == 0 && t.partitions.iter().all(|p| p.leader_id >= 0))
    };
    s.send_until(
        "Metadata",
        &metadata(&[
            (n.topic.as_str(), Uuid::default()),
            (n.other.as_str(), Uuid::default()),
        ]),
        v::METADATA,
        leaders,
    );
    s.send(
        "Metadata, names",
        &metadata(&[(n.topic.as_str(), Uuid::default())]),
        v::METADATA_NAMES,
    );
    s.send(
        "Metadata: unknown topic",
        &metadata(&[(n.missing.as_str(), Uuid::default())]),
        v::METADATA,
    );

    describe_topic_partitions(s, n);

    // Configs.
    s.send(
        "DescribeConfigs",
        &describe_configs(&n.topic, None, false),
        v::DESCRIBE_CONFIGS,
    );
    s.send(
        "DescribeConfigs: keys, synonyms",
        &describe_configs(
            &n.topic,
            Some(&["retention.ms", "cleanup.policy", "max.message.bytes"]),
            true,
        ),
        v::DESCRIBE_CONFIGS,
    );
    s.send(
        "DescribeConfigs: unknown topic",
        &describe_configs(&n.missing, None, false),
        v::DESCRIBE_CONFIGS,
    );
    let alter = |configs: Vec<(&str, i8, Option<&str>)>| IncrementalAlterConfigsRequest {
        resources: vec![AlterConfigsResource {
            resource_type: 2,
            resource_name: n.topic.as_str().into(),
            configs: configs
                .into_iter()
                .map(|(name, op, value)| AlterableConfig {
                    name: name.into(),
                    config_operation: op,
                    value: value.map(Str::from),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }],
        validate_only: false,
        ..Default::default()
    };
    s.send(
        "IncrementalAlterConfigs: set, delete, append",
        &alter(vec![
            ("retention.bytes", 0, Some("1048576")),
            ("retention.ms", 1, None),
            ("cleanup.policy", 2, Some("compact")),
        ]),
        v::INCREMENTAL_ALTER_CONFIGS,
    );
    s.send(
        "IncrementalAlterConfigs: unknown config",
        &alter(vec![("no.such.config", 0, Some("1"))]),
        v::INCREMENTAL_ALTER_CONFIGS,
    );
    // Kafka applies a change a moment after it answers: wait for it.
    s.send_until(
        "DescribeConfigs after the change",
        &describe_configs(
            &n.topic,
            Some(&["retention.ms", "retention.bytes", "cleanup.policy"]),
            true,
        ),
        v::DESCRIBE_CONFIGS,
        |r| {
            r.results[0].configs.iter().any(|c| {
                c.name.as_str() == "retention.bytes" && c.value.as_deref() == Some("1048576")
            })
        },
    );
    s.send(
        "IncrementalAlterConfigs: back to delete",
        &alter(vec![("cleanup.policy", 0, Some("delete"))]),
        v::INCREMENTAL_ALTER_CONFIGS,
    );

    // Broker configs: a broker's own value and every broker's default,
    // described with their synonyms; another broker's id refused.
    let alter_broker = |name: &str, configs: Vec<(&str, i8, Option<&str>)>| {
        let mut r = alter(configs);
        r.resources[0].resource_type = 4;
        r.resources[0].resource_name = name.into();
        r
    };
    s.send(
        "IncrementalAlterConfigs: a broker's own value",
        &alter_broker("1", vec![("log.retention.ms", 0, Some("604800000"))]),
        v::INCREMENTAL_ALTER_CONFIGS,
    );
    s.send(
        "IncrementalAlterConfigs: every broker's default",
        &alter_broker("", vec![("log.retention.bytes", 0, Some("1073741824"))]),
        v::INCREMENTAL_ALTER_CONFIGS,
    );
    s.send(
        "IncrementalAlterConfigs: another broker, a config not dynamic",
        &IncrementalAlterConfigsRequest {
            resources: [
                ("7", "log.retention.ms"),
                ("abc", "log.retention.ms"),
                ("1", "num.partitions"),
            ]
            .iter()
            .map(|&(broker, config)| AlterConfigsResource {
                resource_type: 4,
                resource_name: broker.into(),
                configs: vec![AlterableConfig {
                    name: config.into(),
                    config_operation: 0,
                    value: Some("3".into()),
                    ..Default::default()
                }],
                ..Default::default()
            })
            .collect(),
            validate_only: false,
            ..Default::default()
        },
        v::INCREMENTAL_ALTER_CONFIGS,
    );
    let describe_broker = |name: &str, keys: &[&str]| {
        let mut r = describe_configs("", Some(keys), true);
        r.resources[0].resource_type = 4;
        r.resources[0].resource_name = name.into();
        r
    };
    let broker_keys = [
        "log.retention.ms",
        "log.retention.hours",
        "log.retention.bytes",
        "message.max.bytes",
        "log.segment.bytes",
    ];
    s.send_until(
        "DescribeConfigs: a broker",
        &describe_broker("1", &broker_keys),
        v::DESCRIBE_CONFIGS,
        |r| {
            r.results[0].configs.iter().any(|c| {
                c.name.as_str() == "log.retention.bytes" && c.value.as_deref() == Some("1073741824")
            }) && r.results[0]
                .configs
                .iter()
                .any(|c| c.name.as_str() == "log.retention.ms" && c.value.is_some())
        },
    );
    s.send(
        "DescribeConfigs: every broker's defaults",
        &describe_broker("", &["log.retention.bytes", "min.insync.replicas"]),
        v::DESCRIBE_CONFIGS,
    );
    s.send(
        "DescribeConfigs: another broker",
        &describe_broker("7", &broker_keys),
        v::DESCRIBE_CONFIGS,
    );
    s.send(
        "DescribeConfigs: a broker id that is no number",
        &describe_broker("abc", &broker_keys),
        v::DESCRIBE_CONFIGS,
    );
    s.send(
        "IncrementalAlterConfigs: a broker's own value deleted",
        &alter_broker("1", vec![("log.retention.ms", 1, None)]),
        v::INCREMENTAL_ALTER_CONFIGS,
    );
    s.send(
        "IncrementalAlterConfigs: every broker's default deleted",
        &alter_broker("", vec![("log.retention.bytes", 1, None)]),
        v::INCREMENTAL_ALTER_CONFIGS,
    );

    // Client quotas: set, read back (strictly, this run's entities), each
    // refusal, removed.
    {
        use kafka_messages::alter_client_quotas::{EntityData, EntryData, OpData};
        use kafka_messages::describe_client_quotas::ComponentData;
        let user = format!("{}-user", n.group);
        let client = format!("{}-client", n.group);
        let entity = |parts: &[(&str, Option<&str>)]| -> Vec<EntityData> {
            parts
                .iter()
                .map(|&(t, name)| EntityData {
                    entity_type: t.into(),
                    entity_name: name.map(Str::from),
                    ..Default::default()
                })
                .collect()
        };
        let entry = |e: Vec<EntityData>, ops: &[(&str, Option<f64>)]| EntryData {
            entity: e,
            ops: ops
                .iter()
                .map(|&(k, v)| OpData {
                    key: k.into(),
                    value: v.unwrap_or(0.0),
                    remove: v.is_none(),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        };
        let quotas = |entries: Vec<EntryData>, validate_only: bool| AlterClientQuotasRequest {
            entries,
            validate_only,
            ..Default::default()
        };
        let mine = || {
            vec![
                entry(
                    entity(&[("user", Some(&user))]),
                    &[
                        ("producer_byte_rate", Some(1024.0)),
                        ("consumer_byte_rate", Some(2048.0)),
                    ],
                ),
                entry(
                    entity(&[("user", Some(&user)), ("client-id", Some(&client))]),
                    &[("request_percentage", Some(12.5))],
                ),
            ]
        };
        s.send(
            "AlterClientQuotas: validate only",
            &quotas(mine(), true),
            v::CLIENT_QUOTAS,
        );
        s.send(
            "AlterClientQuotas",
            &quotas(mine(), false),
            v::CLIENT_QUOTAS,
        );
        s.send(
            "AlterClientQuotas: refusals",
            &quotas(
                vec![
                    entry(entity(&[]), &[("producer_byte_rate", Some(1.0))]),
                    entry(
                        entity(&[("foo", Some("x"))]),
                        &[("producer_byte_rate", Some(1.0))],
                    ),
                    entry(
                        entity(&[("user", Some(""))]),
                        &[("producer_byte_rate", Some(1.0))],
                    ),
                    entry(
                        entity(&[("ip", Some("10.0.0.1")), ("user", Some(&user))]),
                        &[("connection_creation_rate", Some(1.0))],
                    ),
                    entry(
                        entity(&[("client-id", Some(&client))]),
                        &[("producer_byte_ratex", Some(1.0))],
                    ),
                    entry(
                        entity(&[("client-id", Some("b"))]),
                        &[("producer_byte_rate", Some(0.0))],
                    ),
                    entry(
                        entity(&[("client-id", Some("c"))]),
                        &[("producer_byte_rate", Some(1.5))],
                    ),
                    entry(
                        entity(&[("client-id", Some("d"))]),
                        &[("consumer_byte_rate", Some(1e19))],
                    ),
                    entry(
                        entity(&[("client-id", Some("e"))]),
                        &[
                            ("producer_byte_rate", Some(1.0)),
                            ("producer_byte_rate", Some(2.0)),
                        ],
                    ),
                ],
                false,
            ),
            v::CLIENT_QUOTAS,
        );
        let component = |t: &str, match_type: i8, name: Option<&str>| ComponentData {
            entity_type: t.into(),
            match_type,
            r#match: name.map(Str::from),
            ..Default::default()
        };
        let describe = |components: Vec<ComponentData>, strict: bool| DescribeClientQuotasRequest {
            components,
            strict,
            ..Default::default()
        };
        // Kafka's broker sees a change a moment after its controller: wait.
        s.send_until(
            "DescribeClientQuotas: a user's, not strict",
            &describe(vec![component("user", 0, Some(&user))], false),
            v::CLIENT_QUOTAS,
            |r| r.entries.as_ref().is_some_and(|e| e.len() == 2),
        );
        s.send(
            "DescribeClientQuotas: a user's, strict",
            &describe(vec![component("user", 0, Some(&user))], true),
            v::CLIENT_QUOTAS,
        );
        s.send(
            "DescribeClientQuotas: a user's with any client id, strict",
            &describe(
                vec![
                    component("user", 0, Some(&user)),
                    component("client-id", 2, None),
                ],
                true,
            ),
            v::CLIENT_QUOTAS,
        );
        for (step, components) in [
            (
                "DescribeClientQuotas: an empty type",
                vec![component("", 0, Some("x"))],
            ),
            (
                "DescribeClientQuotas: an unknown type",
                vec![component("foo", 0, Some("x"))],
            ),
            (
                "DescribeClientQuotas: exact without a name",
                vec![component("user", 0, None)],
            ),
            (
                "DescribeClientQuotas: an unknown match type",
                vec![component("user", 7, None)],
            ),
            (
                "DescribeClientQuotas: an IP with a user",
                vec![component("ip", 2, None), component("user", 2, None)],
            ),
        ] {
            s.send(step, &describe(components, false), v::CLIENT_QUOTAS);
        }
        s.send(
            "AlterClientQuotas: removed",
            &quotas(
                vec![
                    entry(
                        entity(&[("user", Some(&user))]),
                        &[("producer_byte_rate", None), ("consumer_byte_rate", None)],
                    ),
                    entry(
                        entity(&[("user", Some(&user)), ("client-id", Some(&client))]),
                        &[("request_percentage", None)],
                    ),
                ],
                false,
            ),
            v::CLIENT_QUOTAS,
        );
        s.send_until(
            "DescribeClientQuotas: removed",
            &describe(vec![component("user", 0, Some(&user))], false),
            v::CLIENT_QUOTAS,
            |r| r.entries.as_ref().is_some_and(|e| e.is_empty()),
        );
    }

    // Produce at acks 1, by id and by name; an idempotent producer and its
    // duplicate.
    s.send(
        "Produce acks 1",
        &produce("", id, 0, batch(&["a", "b", "c"], None, false), 1, None),
        v::PRODUCE,
    );
    s.send(
        "Produce acks 1, names",
        &produce(
            &n.topic,
            Uuid::default(),
            0,
            batch(&["d", "e"], None, false),
            1,
            None,
        ),
        v::PRODUCE_NAMES,
    );
    // A broker that has just started is still loading its producer ids
    // (COORDINATOR_LOAD_IN_PROGRESS): a client retries.
    let idempotent = s.send_until(
        "InitProducerId, idempotent",
        &InitProducerIdRequest {
            transactional_id: None,
            transaction_timeout_ms: -1,
            producer_id: -1,
            producer_epoch: -1,
            ..Default::default()
        },
        v::INIT_PRODUCER_ID,
        |r| not_retriable(r.error_code),
    );
    let pid = (idempotent.producer_id, idempotent.producer_epoch);
    let first = batch(&["f", "g"], Some((pid.0, pid.1, 0)), false);
    s.send(
        "Produce idempotent",
        &produce("", id, 1, first.clone(), -1, None),
        v::PRODUCE,
    );
    s.send(
        "Produce idempotent: the duplicate",
        &produce("", id, 1, first, -1, None),
        v::PRODUCE,
    );
    s.send(
        "Produce idempotent: a gap",
        &produce(
            "",
            id,
            1,
            batch(&["h"], Some((pid.0, pid.1, 5)), false),
            -1,
            None,
        ),
        v::PRODUCE,
    );
    s.send(
        "Produce idempotent: next",
        &produce(
            "",
            id,
            1,
            batch(&["h"], Some((pid.0, pid.1, 2)), false),
            -1,
            None,
        ),
        v::PRODUCE,
    );
    s.send(
        "Produce: unknown topic id",
        &produce(
            "",
            Uuid::from_bytes([7; 16]),
            0,
            batch(&["x"], None, false),
            1,
            None,
        ),
        v::PRODUCE,
    );
    s.send(
        "Produce: unknown topic name",
        &produce(
            &n.missing,
            Uuid::default(),
            0,
            batch(&["x"], None, false),
            1,
            None,
        ),
        v::PRODUCE_NAMES,
    );
    s.send(
        "Produce: unknown partition",
        &produce("", id, 9, batch(&["x"], None, false), 1, None),
        v::PRODUCE,
    );

    // Fetch: sessionless by id and by name, a session opened and used, an
    // offset out of range, an unknown topic.
    s.fetch(
        "Fetch",
        &fetch_request("", id, &[(0, 0), (1, 0)], 0, (0, -1)),
        v::FETCH,
    );
    s.fetch(
        "Fetch, names",
        &fetch_request(&n.topic, Uuid::default(), &[(0, 2)], 0, (0, -1)),
        v::FETCH_NAMES,
    );
    let opened = s.fetch(
        "Fetch: open a session",
        &fetch_request("", id, &[(0, 5), (1, 3)], 0, (0, 0)),
        v::FETCH,
    );
    let mut next = fetch_request("", id, &[], 0, (opened.session_id, 1));
    next.topics.clear();
    s.fetch("Fetch: the session, nothing changed", &next, v::FETCH);
    s.fetch(
        "Fetch: offset out of range",
        &fetch_request("", id, &[(0, 99)], 0, (0, -1)),
        v::FETCH,
    );
    s.fetch(
        "Fetch: unknown topic id",
        &fetch_request("", Uuid::from_bytes([7; 16]), &[(0, 0)], 0, (0, -1)),
        v::FETCH,
    );

    // ListOffsets: earliest, latest, max timestamp, by timestamp, one past
    // every record, an unknown partition.
    let stamps = [(0, -2), (1, -1)];
    s.send(
        "ListOffsets earliest, latest",
        &list_offsets(&n.topic, &stamps, 0),
        v::LIST_OFFSETS,
    );
    s.send(
        "ListOffsets by timestamp",
        &list_offsets(
            &n.topic,
            &[(0, RECORD_TIME + 10), (1, RECORD_TIME + 1_000)],
            0,
        ),
        v::LIST_OFFSETS,
    );
    s.send(
        "ListOffsets max timestamp",
        &list_offsets(&n.topic, &[(0, -3)], 0),
        v::LIST_OFFSETS,
    );
    s.send(
        "ListOffsets, old",
        &list_offsets(&n.topic, &[(0, -1), (1, RECORD_TIME)], 0),
        v::LIST_OFFSETS_OLD,
    );
    s.send(
        "ListOffsets: unknown partition",
        &list_offsets(&n.topic, &[(7, -1)], 0),
        v::LIST_OFFSETS,
    );
    s.send(
        "ListOffsets: unknown topic",
        &list_offsets(&n.missing, &[(0, -1)], 0),
        v::LIST_OFFSETS,
    );

    // A classic group of one member: coordinator, join (the member id
    // required first), sync, heartbeat, commits, offsets, describe, leave.
    s.send_until(
        "FindCoordinator, group",
        &find_coordinator(&n.group, 0, v::FIND_COORDINATOR),
        v::FIND_COORDINATOR,
        coordinator_ready,
    );
    s.send_until(
        "FindCoordinator, group, one key",
        &find_coordinator(&n.group, 0, v::FIND_COORDINATOR_ONE_KEY),
        v::FIND_COORDINATOR_ONE_KEY,
        coordinator_ready,
    );
    let required = s.send_until(
        "JoinGroup: member id required",
        &join(&n.group, ""),
        v::JOIN_GROUP,
        |r| not_retriable(r.error_code),
    );
    let member = required.member_id.to_string();
    let joined = s.send("JoinGroup", &join(&n.group, &member), v::JOIN_GROUP);
    let generation = joined.generation_id;
    s.send(
        "SyncGroup",
        &SyncGroupRequest {
            group_id: n.group.as_str().into(),
            generation_id: generation,
            member_id: member.as_str().into(),
            protocol_type: Some("consumer".into()),
            protocol_name: Some("range".into()),
            assignments: vec![SyncGroupRequestAssignment {
                member_id: member.as_str().into(),
                assignment: Bytes::from_static(b"assignment"),
                ..Default::default()
            }],
            ..Default::default()
        },
        v::SYNC_GROUP,
    );
    let heartbeat = |member: &str, generation: i32| HeartbeatRequest {
        group_id: n.group.as_str().into(),
        generation_id: generation,
        member_id: member.into(),
        ..Default::default()
    };
    s.send("Heartbeat", &heartbeat(&member, generation), v::HEARTBEAT);
    s.send(
        "Heartbeat: old generation",
        &heartbeat(&member, generation - 1),
        v::HEARTBEAT,
    );
    s.send(
        "OffsetCommit",
        &commit(&n.group, &member, generation, topic, 3, v::OFFSET_COMMIT),
        v::OFFSET_COMMIT,
    );
    s.send(
        "OffsetCommit, names",
        &commit(
            &n.group,
            &member,
            generation,
            topic,
            4,
            v::OFFSET_COMMIT_NAMES,
        ),
        v::OFFSET_COMMIT_NAMES,
    );
    s.send(
        "OffsetCommit: old generation",
        &commit(
            &n.group,
            &member,
            generation + 5,
            topic,
            5,
            v::OFFSET_COMMIT,
        ),
        v::OFFSET_COMMIT,
    );
    s.send(
        "OffsetCommit: unknown member",
        &commit(&n.group, "stranger", generation, topic, 5, v::OFFSET_COMMIT),
        v::OFFSET_COMMIT,
    );
    s.send(
        "OffsetFetch",
        &offset_fetch(&n.group, topic, v::OFFSET_FETCH),
        v::OFFSET_FETCH,
    );
    s.send(
        "OffsetFetch, one group",
        &offset_fetch(&n.group, topic, v::OFFSET_FETCH_ONE_GROUP),
        v::OFFSET_FETCH_ONE_GROUP,
    );
    let groups = vec![n.group.as_str().into(), format!("{}-none", n.group).into()];
    let describe = DescribeGroupsRequest {
        groups,
        ..Default::default()
    };
    s.send("DescribeGroups", &describe, v::DESCRIBE_GROUPS);
    s.send("DescribeGroups, old", &describe, v::DESCRIBE_GROUPS_OLD);
    s.send(
        "LeaveGroup",
        &LeaveGroupRequest {
            group_id: n.group.as_str().into(),
            members: vec![
                MemberIdentity {
                    member_id: member.as_str().into(),
                    reason: Some("done".into()),
                    ..Default::default()
                },
                MemberIdentity {
                    member_id: "stranger".into(),
                    ..Default::default()
                },
            ],
            ..Default::default()
        },
        v::LEAVE_GROUP,
    );
    s.send(
        "Heartbeat: left",
        &heartbeat(&member, generation),
        v::HEARTBEAT,
    );
    s.send("DescribeGroups: empty", &describe, v::DESCRIBE_GROUPS);

    // A KIP-848 group of one member: it joins, is assigned both
    // partitions, commits at its epoch and leaves; and a v0 member the
    // coordinator names.
    s.send_until(
        "FindCoordinator, KIP-848 group",
        &find_coordinator(&n.group848, 0, v::FIND_COORDINATOR),
        v::FIND_COORDINATOR,
        coordinator_ready,
    );
    let member848 = Uuid::from_bytes([9; 16]).to_string();
    let hb = |member: &str, epoch: i32, owned: Option<Vec<i32>>| ConsumerGroupHeartbeatRequest {
        group_id: n.group848.as_str().into(),
        member_id: member.into(),
        member_epoch: epoch,
        rebalance_timeout_ms: if epoch == 0 { 30_000 } else { -1 },
        subscribed_topic_names: (epoch == 0).then(|| vec![Str::from(n.topic.as_str())]),
        topic_partitions: owned.map(|ps| {
            if ps.is_empty() {
                Vec::new()
            } else {
                vec![TopicPartitions {
                    topic_id: id,
                    partitions: ps,
                    ..Default::default()
                }]
            }
        }),
        ..Default::default()
    };
    s.send_until(
        "ConsumerGroupHeartbeat: a join that owns partitions",
        &hb(&member848, 0, Some(vec![0])),
        v::CONSUMER_GROUP_HEARTBEAT,
        |r| not_retriable(r.error_code),
    );
    let joined = s.send_until(
        "ConsumerGroupHeartbeat: join",
        &hb(&member848, 0, Some(Vec::new())),
        v::CONSUMER_GROUP_HEARTBEAT,
        |r| not_retriable(r.error_code),
    );
    let epoch = joined.member_epoch;
    s.send_until(
        "ConsumerGroupHeartbeat: owns its assignment",
        &hb(&member848, epoch, Some(vec![0, 1])),
        v::CONSUMER_GROUP_HEARTBEAT,
        |r| r.error_code != 0 || r.member_epoch == epoch,
    );
    s.send(
        "OffsetCommit at the member epoch",
        &commit(&n.group848, &member848, epoch, topic, 6, v::OFFSET_COMMIT),
        v::OFFSET_COMMIT,
    );
    s.send(
        "OffsetCommit at a stale epoch",
        &commit(
            &n.group848,
            &member848,
            epoch + 1,
            topic,
            7,
            v::OFFSET_COMMIT,
        ),
        v::OFFSET_COMMIT,
    );
    s.send(
        "ConsumerGroupHeartbeat: fenced epoch",
        &hb(&member848, epoch + 7, Some(vec![0, 1])),
        v::CONSUMER_GROUP_HEARTBEAT,
    );
    s.send(
        "ConsumerGroupHeartbeat: leave",
        &hb(&member848, -1, None),
        v::CONSUMER_GROUP_HEARTBEAT,
    );
    let v0 = s.send(
        "ConsumerGroupHeartbeat v0: join",
        &hb("", 0, Some(Vec::new())),
        v::CONSUMER_GROUP_HEARTBEAT_OLD,
    );
    s.send(
        "ConsumerGroupHeartbeat v0: leave",
        &hb(&v0.member_id.clone().unwrap_or_default(), -1, None),
        v::CONSUMER_GROUP_HEARTBEAT_OLD,
    );
    s.send(
        "ConsumerGroupHeartbeat: no subscription",
        &ConsumerGroupHeartbeatRequest {
            group_id: n.group848.as_str().into(),
            member_id: member848.as_str().into(),
            member_epoch: 0,
            rebalance_timeout_ms: 30_000,
            ..Default::default()
        },
        v::CONSUMER_GROUP_HEARTBEAT,
    );
    s.send(
        "ConsumerGroupHeartbeat: unknown group",
        &ConsumerGroupHeartbeatRequest {
            group_id: format!("{}-none", n.group848).into(),
            member_id: member848.as_str().into(),
            member_epoch: 3,
            ..Default::default()
        },
        v::CONSUMER_GROUP_HEARTBEAT,
    );
    let mut listed = s.send("ListGroups", &ListGroupsRequest::default(), v::LIST_GROUPS);
    // The broker may hold other runs' groups: only this run's are compared.
    listed
        .groups
        .retain(|g| g.group_id.as_str() == n.group || g.group_id.as_str() == n.group848);
    listed.groups.sort_by(|a, b| a.group_id.cmp(&b.group_id));
    s.exchanges.last_mut().unwrap().answer =
        kafka_wire::json::to_value(&listed, v::LIST_GROUPS, RecordsAs::Base64).unwrap();

    // A transaction: coordinator, producer, partition added, produced,
    // committed; read_committed reads it; an abort after it.
    s.send_until(
        "FindCoordinator, transaction",
        &find_coordinator(&n.txn, 1, v::FIND_COORDINATOR),
        v::FIND_COORDINATOR,
        coordinator_ready,
    );
    let init = InitProducerIdRequest {
        transactional_id: Some(n.txn.as_str().into()),
        transaction_timeout_ms: 60_000,
        producer_id: -1,
        producer_epoch: -1,
        ..Default::default()
    };
    let txp = s.send_until(
        "InitProducerId, transactional",
        &init,
        v::INIT_PRODUCER_ID,
        |r| not_retriable(r.error_code),
    );
    let txp = (txp.producer_id, txp.producer_epoch);
    let add = |partitions: Vec<i32>| AddPartitionsToTxnRequest {
        v3_and_below_transactional_id: n.txn.as_str().into(),
        v3_and_below_producer_id: txp.0,
        v3_and_below_producer_epoch: txp.1,
        v3_and_below_topics: vec![AddPartitionsToTxnTopic {
            name: n.other.as_str().into(),
            partitions,
            ..Default::default()
        }],
        ..Default::default()
    };
    // Every partition added, or refused for good (not a coordinator still
    // loading).
    let partitions_added = |r: &kafka_messages::AddPartitionsToTxnResponse| {
        r.results_by_topic_v3_and_below
            .iter()
            .flat_map(|t| &t.results_by_partition)
            .all(|p| not_retriable(p.partition_error_code))
    };
    s.send_until(
        "AddPartitionsToTxn",
        &add(vec![0]),
        v::ADD_PARTITIONS_TO_TXN,
        partitions_added,
    );
    s.send(
        "Produce, transactional",
        &produce(
            "",
            other_id,
            0,
            batch(&["t1", "t2"], Some((txp.0, txp.1, 0)), true),
            -1,
            Some(&n.txn),
        ),
        v::PRODUCE,
    );
    let other = (n.other.as_str(), other_id);
    s.fetch(
        "Fetch read_committed, open",
        &fetch_request("", other_id, &[(0, 0)], 1, (0, -1)),
        v::FETCH,
    );
    s.send(
        "ListOffsets read_committed, open",
        &list_offsets(other.0, &[(0, -1)], 1),
        v::LIST_OFFSETS,
    );
    let end = |committed: bool| EndTxnRequest {
        transactional_id: n.txn.as_str().into(),
        producer_id: txp.0,
        producer_epoch: txp.1,
        committed,
        ..Default::default()
    };
    s.send_until("EndTxn commit", &end(true), v::END_TXN, |r| {
        not_retriable(r.error_code)
    });
    // Kafka completes a commit after it answers (markers written, then
    // CompleteCommit): a retry meanwhile is CONCURRENT_TRANSACTIONS, and
    // a client retries.
    s.send_until("EndTxn commit, retried", &end(true), v::END_TXN, |r| {
        not_retriable(r.error_code)
    });
    s.send_until(
        "EndTxn abort of no transaction",
        &end(false),
        v::END_TXN,
        |r| not_retriable(r.error_code),
    );
    s.send_until(
        "AddPartitionsToTxn again",
        &add(vec![0]),
        v::ADD_PARTITIONS_TO_TXN,
        partitions_added,
    );
    s.send(
        "Produce, transactional, to abort",
        &produce(
            "",
            other_id,
            0,
            batch(&["t3"], Some((txp.0, txp.1, 2)), true),
            -1,
            Some(&n.txn),
        ),
        v::PRODUCE,
    );
    s.send_until("EndTxn abort", &end(false), v::END_TXN, |r| {
        not_retriable(r.error_code)
    });
    s.send(
        "AddPartitionsToTxn: unknown partition",
        &add(vec![0, 5]),
        v::ADD_PARTITIONS_TO_TXN,
    );
    // Kafka writes the abort marker after it answers: wait for it. And
    // Kafka may end a fetch before what fits (it answers a fetch from 0
    // here with the first batch only, one from 2 with the rest), so what a
    // consumer reads by fetching on to the end is compared.
    s.fetch_until(
        "Fetch read_committed, the transactions ended",
        &fetch_request("", other_id, &[(0, 2)], 1, (0, -1)),
        v::FETCH,
        |r| {
            let p = &r.responses[0].partitions[0];
            p.high_watermark == 5 && p.last_stable_offset == 5
        },
    );
    s.consume("Fetch read_committed to the end", other_id, 1);
    s.consume("Fetch read_uncommitted to the end", other_id, 0);
    s.send(
        "ListOffsets read_committed",
        &list_offsets(other.0, &[(0, -1)], 1),
        v::LIST_OFFSETS,
    );

    // Deletions: records below an offset, then the topics.
    let delete_records = |partitions: Vec<(i32, i64)>| DeleteRecordsRequest {
        topics: vec![DeleteRecordsTopic {
            name: n.topic.as_str().into(),
            partitions: partitions
                .into_iter()
                .map(|(partition_index, offset)| DeleteRecordsPartition {
                    partition_index,
                    offset,
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }],
        timeout_ms: 10_000,
        ..Default::default()
    };
    s.send(
        "DeleteRecords",
        &delete_records(vec![(0, 2), (1, -1)]),
        v::DELETE_RECORDS,
    );
    s.send(
        "DeleteRecords: past the end",
        &delete_records(vec![(0, 99)]),
        v::DELETE_RECORDS,
    );
    s.send(
        "ListOffsets after DeleteRecords",
        &list_offsets(&n.topic, &stamps, 0),
        v::LIST_OFFSETS,
    );
    s.send(
        "DeleteTopics",
        &DeleteTopicsRequest {
            topics: vec![
                DeleteTopicState {
                    name: Some(n.topic.as_str().into()),
                    ..Default::default()
                },
                DeleteTopicState {
                    name: None,
                    topic_id: other_id,
                    ..Default::default()
                },
                DeleteTopicState {
                    name: Some(n.missing.as_str().into()),
                    ..Default::default()
                },
            ],
            timeout_ms: 30_000,
            ..Default::default()
        },
        v::DELETE_TOPICS,
    );
    s.send_until(
        "Metadata after DeleteTopics",
        &metadata(&[(n.topic.as_str(), Uuid::default())]),
        v::METADATA,
        |m| m.topics.iter().all(|t| t.error_code != 0),
    );
}

/// `path` with every index written `[]`.
fn pattern_of(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push_str("[]");
            }
            ']' => in_index = false,
            _ if in_index => {}
            _ => out.push(c),
        }
    }
    out
}

/// The reason `path` may differ, if [`ALLOWED`] names it.
fn allowed(path: &str) -> Option<&'static str> {
    let pattern = pattern_of(path);
    ALLOWED
        .iter()
        .find(|(field, _)| {
            pattern.ends_with(field)
                || pattern.contains(&format!("{field}."))
                || pattern.contains(&format!("{field}["))
        })
        .map(|(_, why)| *why)
}

/// Sorts the arrays [`UNORDERED`] names, in `value` at `path`.
fn sort_unordered(path: &str, value: &mut Value) {
    match value {
        Value::Object(fields) => {
            for (key, field) in fields.iter_mut() {
                sort_unordered(&format!("{path}.{key}"), field);
            }
        }
        Value::Array(items) => {
            let pattern = pattern_of(path);
            if let Some((_, key)) = UNORDERED.iter().find(|(end, _)| pattern.ends_with(end)) {
                items.sort_by_key(|item| item[*key].to_string());
            }
            for (i, item) in items.iter_mut().enumerate() {
                sort_unordered(&format!("{path}[{i}]"), item);
            }
        }
        _ => {}
    }
}

/// Takes from Kafka's ApiVersions answer the APIs the fake does not serve,
/// and returns those of them that [`NOT_SERVED`] does not name.
fn take_not_served(kafka: &mut Value, fake: &Value) -> Vec<i64> {
    let served: Vec<&Value> = fake["apiKeys"]
        .as_array()
        .map(|keys| keys.iter().map(|k| &k["apiKey"]).collect())
        .unwrap_or_default();
    let mut unexpected = Vec::new();
    if let Some(keys) = kafka["apiKeys"].as_array_mut() {
        keys.retain(|k| {
            if served.contains(&&k["apiKey"]) {
                return true;
            }
            let key = k["apiKey"].as_i64().unwrap_or(-1);
            if !NOT_SERVED.iter().any(|n| i64::from(n.key()) == key) {
                unexpected.push(key);
            }
            false
        });
    }
    unexpected
}

/// Every leaf where `a` and `b` differ: its path and both values (an array
/// of another length is one difference, at the array).
fn differences(path: &str, a: &Value, b: &Value, out: &mut Vec<(String, Value, Value)>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (key, value) in x {
                let at = format!("{path}.{key}");
                differences(&at, value, y.get(key).unwrap_or(&Value::Null), out);
            }
            for (key, value) in y {
                if !x.contains_key(key) {
                    out.push((format!("{path}.{key}"), Value::Null, value.clone()));
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (a, b)) in x.iter().zip(y).enumerate() {
                differences(&format!("{path}[{i}]"), a, b, out);
            }
        }
        _ if a != b => out.push((path.into(), a.clone(), b.clone())),
        _ => {}
    }
}

#[test]
#[ignore = "needs a Kafka 4.4 broker at KAFKA_BOOTSTRAP (scripts/fake-vs-kafka.sh starts one)"]
fn the_fake_answers_the_script_as_kafka_does() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let cluster = runtime.block_on(Cluster::builder().start()).unwrap();
    let run = unique("vs");
    let names = Names {
        topic: format!("{run}-t"),
        other: format!("{run}-o"),
        missing: format!("{run}-missing"),
        group: format!("{run}-g"),
        group848: format!("{run}-g848"),
        txn: format!("{run}-tx"),
    };

    let mut kafka = Side::new("kafka", &bootstrap());
    let mut fake = Side::new("fake", &cluster.bootstrap());
    script(&mut kafka, &names);
    script(&mut fake, &names);

    // FAKE_VS_KAFKA_DUMP=DIR: both sides' answers, one JSON line each, for a
    // closer look at a difference.
    if let Ok(dir) = std::env::var("FAKE_VS_KAFKA_DUMP") {
        for side in [&kafka, &fake] {
            let lines: String = side
                .exchanges
                .iter()
                .map(|e| format!("{}\t{} v{}\t{}\n", e.step, e.api, e.version, e.answer))
                .collect();
            std::fs::write(format!("{dir}/{}.jsonl", side.name), lines).unwrap();
        }
    }
    assert_eq!(kafka.exchanges.len(), fake.exchanges.len());
    let mut report = String::new();
    let mut used: Vec<&str> = Vec::new();
    for (k, f) in kafka.exchanges.iter().zip(&fake.exchanges) {
        assert_eq!((&k.step, k.api, k.version), (&f.step, f.api, f.version));
        let (mut a, mut b) = (k.answer.clone(), f.answer.clone());
        let root = k.api.replace("Request", "Response");
        sort_unordered(&root, &mut a);
        sort_unordered(&root, &mut b);
        if k.api == "ApiVersionsRequest" {
            for key in take_not_served(&mut a, &b) {
                let name = i16::try_from(key)
                    .ok()
                    .and_then(ApiKey::from_i16)
                    .map_or("?", ApiKey::name);
                writeln!(
                    report,
                    "{} v{} ({}): Kafka serves API {key} ({name}), the fake does not",
                    k.api, k.version, k.step
                )
                .unwrap();
            }
        }
        let mut found = Vec::new();
        differences(&root, &a, &b, &mut found);
        for (path, a, b) in found {
            match allowed(&path) {
                Some(why) => {
                    if !used.contains(&why) {
                        used.push(why);
                    }
                }
                None => writeln!(
                    report,
                    "{} v{} ({}): {path}: kafka {a}, fake {b}",
                    k.api, k.version, k.step
                )
                .unwrap(),
            }
        }
    }
    let apis: std::collections::BTreeSet<String> = kafka
        .exchanges
        .iter()
        .map(|e| format!("{} v{}", e.api, e.version))
        .collect();
    eprintln!(
        "{} exchanges compared ({} API versions: {})",
        kafka.exchanges.len(),
        apis.len(),
        apis.into_iter().collect::<Vec<_>>().join(", ")
    );
    eprintln!("allowed differences met: {used:?}");
    assert!(
        report.is_empty(),
        "the fake's answers differ from Kafka's:\n{report}"
    );
    runtime.block_on(cluster.shutdown());
}
