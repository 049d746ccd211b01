//! ACLs enforced (`ClusterBuilder::authorizer`): each API allowed and
//! refused with Kafka's code, literal and prefixed patterns, DENY over
//! ALLOW, super users, Metadata hiding what a principal may not describe,
//! and a refused part of a request left unhandled while the rest is.
//! Each connection acts as the principal a test names for it.

mod common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use common::send;
use kafka_messages::add_partitions_to_txn::AddPartitionsToTxnTopic;
use kafka_messages::describe_configs::DescribeConfigsResource;
use kafka_messages::fetch::{FetchPartition, FetchTopic};
use kafka_messages::list_offsets::{ListOffsetsPartition, ListOffsetsTopic};
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::offset_commit::{OffsetCommitRequestPartition, OffsetCommitRequestTopic};
use kafka_messages::offset_fetch::OffsetFetchRequestTopic;
use kafka_messages::produce::{PartitionProduceData, TopicProduceData};
use kafka_messages::*;
use kafka_wire::records::{NewRecord, RecordBatchBuilder};
use kafka_wire::{ErrorCode, Records, Str, Uuid};
use kafka_wire_fake::{Cluster, ClusterBuilder};
use tokio::net::TcpStream;

/// An answer's error code, typed.
fn code(raw: i16) -> ErrorCode {
    ErrorCode::from(raw)
}

const ADMIN: &str = "User:admin";
const ALICE: &str = "User:alice";

/// A cluster enforcing ACLs, `User:admin` its super user, with topics
/// `orders`, `payments` and `secret`; each connection is the principal
/// [`Acting::connect`] names.
struct Acting {
    cluster: Cluster,
    principals: Arc<Mutex<HashMap<u16, String>>>,
}

impl Acting {
    async fn start() -> Acting {
        Acting::start_with(|b| b).await
    }

    /// [`Acting::start`] with more settings.
    async fn start_with(more: impl FnOnce(ClusterBuilder) -> ClusterBuilder) -> Acting {
        let principals: Arc<Mutex<HashMap<u16, String>>> = Arc::default();
        let cluster = more(Cluster::builder())
            .authorizer(true)
            .super_users([ADMIN])
            .principal_of({
                let principals = Arc::clone(&principals);
                move |peer| {
                    let known = principals.lock().unwrap().get(&peer.port()).cloned();
                    known.unwrap_or_else(|| "User:ANONYMOUS".into())
                }
            })
            .start()
            .await
            .unwrap();
        let acting = Acting {
            cluster,
            principals,
        };
        let mut admin = acting.connect(ADMIN).await;
        for name in ["orders", "payments", "secret"] {
            let created = send(&mut admin, &common::create_topic(name, 1, &[]), 7).await;
            assert_eq!(
                code(created.topics[0].error_code),
                ErrorCode::None,
                "{name}"
            );
        }
        acting
    }

    /// A connection acting as `principal`.
    async fn connect(&self, principal: &str) -> TcpStream {
        let stream = TcpStream::connect(self.cluster.bootstrap()).await.unwrap();
        let port = stream.local_addr().unwrap().port();
        self.principals
            .lock()
            .unwrap()
            .insert(port, principal.into());
        stream
    }

    /// The admin creates `acls`.
    async fn grant(&self, acls: Vec<AclCreation>) {
        let mut admin = self.connect(ADMIN).await;
        let request = CreateAclsRequest {
            creations: acls,
            ..Default::default()
        };
        let answer = send(&mut admin, &request, 3).await;
        assert!(answer.results.iter().all(|r| r.error_code == 0));
    }
}

fn allow(kind: ResourceType, name: &str, pattern: PatternType, op: AclOperation) -> AclCreation {
    AclCreation::new(
        kind,
        name,
        pattern,
        ALICE,
        "*",
        op,
        AclPermissionType::Allow,
    )
}

fn deny(kind: ResourceType, name: &str, pattern: PatternType, op: AclOperation) -> AclCreation {
    AclCreation::new(kind, name, pattern, ALICE, "*", op, AclPermissionType::Deny)
}

use AclOperation as Op;
use PatternType::{Literal, Prefixed};
use ResourceType as Res;

fn records() -> Records {
    let mut b = RecordBatchBuilder::new();
    b.append(NewRecord::new(0).value(b"v")).unwrap();
    Records(b.build().unwrap().into_bytes())
}

fn produce(topics: &[&str]) -> ProduceRequest {
    ProduceRequest {
        acks: -1,
        timeout_ms: 5_000,
        topic_data: topics
            .iter()
            .map(|t| TopicProduceData {
                name: (*t).into(),
                partition_data: vec![PartitionProduceData {
                    index: 0,
                    records: Some(records()),
                    ..Default::default()
                }],
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

/// Each topic's first partition's error in a Produce answer, by name.
fn produce_errors(r: &ProduceResponse) -> Vec<(String, ErrorCode)> {
    let mut errors: Vec<(String, ErrorCode)> = r
        .responses
        .iter()
        .map(|t| {
            (
                t.name.to_string(),
                code(t.partition_responses[0].error_code),
            )
        })
        .collect();
    errors.sort_by(|a, b| a.0.cmp(&b.0));
    errors
}

fn named(names: &[&str]) -> Vec<(String, ErrorCode)> {
    names
        .iter()
        .map(|n| (n.to_string(), ErrorCode::None))
        .collect()
}

#[tokio::test]
async fn produce_is_written_only_where_write_is_allowed_literal_or_prefixed() {
    let fake = Acting::start().await;
    fake.grant(vec![
        allow(Res::Topic, "orders", Literal, Op::Write),
        allow(Res::Topic, "pay", Prefixed, Op::Write),
        // A literal ACL of a prefix covers nothing else.
        allow(Res::Topic, "secre", Literal, Op::Write),
    ])
    .await;
    let mut alice = fake.connect(ALICE).await;
    let answer = send(&mut alice, &produce(&["orders", "payments", "secret"]), 9).await;
    let mut expected = named(&["orders", "payments"]);
    expected.push(("secret".into(), ErrorCode::TopicAuthorizationFailed));
    assert_eq!(produce_errors(&answer), expected);
    let refused = answer
        .responses
        .iter()
        .find(|t| t.name == "secret")
        .unwrap();
    assert_eq!(refused.partition_responses[0].base_offset, -1);
    // The refused topic was not written, the others were.
    assert_eq!(fake.cluster.stored_bytes("secret", 0), Some(0));
    assert!(fake.cluster.stored_bytes("orders", 0).unwrap() > 0);
    // Someone else, with no ACL, may write nowhere.
    let mut bob = fake.connect("User:bob").await;
    let answer = send(&mut bob, &produce(&["orders"]), 9).await;
    assert_eq!(
        produce_errors(&answer),
        [("orders".into(), ErrorCode::TopicAuthorizationFailed)]
    );
}

#[tokio::test]
async fn deny_wins_over_allow_and_super_users_pass_every_deny() {
    let fake = Acting::start().await;
    fake.grant(vec![
        AclCreation::new(
            Res::Topic,
            "*",
            Literal,
            "User:*",
            "*",
            Op::All,
            AclPermissionType::Allow,
        ),
        deny(Res::Topic, "pay", Prefixed, Op::Write),
        AclCreation::new(
            Res::Topic,
            "orders",
            Literal,
            ADMIN,
            "*",
            Op::All,
            AclPermissionType::Deny,
        ),
    ])
    .await;
    let mut alice = fake.connect(ALICE).await;
    let answer = send(&mut alice, &produce(&["orders", "payments"]), 9).await;
    assert_eq!(
        produce_errors(&answer),
        [
            ("orders".into(), ErrorCode::None),
            ("payments".into(), ErrorCode::TopicAuthorizationFailed)
        ]
    );
    let mut admin = fake.connect(ADMIN).await;
    let answer = send(&mut admin, &produce(&["orders", "payments"]), 9).await;
    assert_eq!(produce_errors(&answer), named(&["orders", "payments"]));
}

/// Metadata's topics as (name, error), sorted.
fn metadata_topics(r: &MetadataResponse) -> Vec<(String, ErrorCode)> {
    let mut topics: Vec<(String, ErrorCode)> = r
        .topics
        .iter()
        .map(|t| {
            (
                t.name.as_deref().unwrap_or("").to_string(),
                code(t.error_code),
            )
        })
        .collect();
    topics.sort_by(|a, b| a.0.cmp(&b.0));
    topics
}

#[tokio::test]
async fn metadata_hides_what_may_not_be_described_and_refuses_it_by_name() {
    let fake = Acting::start().await;
    fake.grant(vec![
        allow(Res::Topic, "orders", Literal, Op::Read),
        allow(Res::Topic, "pay", Prefixed, Op::Describe),
    ])
    .await;
    let mut alice = fake.connect(ALICE).await;
    let all = MetadataRequest {
        topics: None,
        ..Default::default()
    };
    let answer = send(&mut alice, &all, 12).await;
    assert_eq!(metadata_topics(&answer), named(&["orders", "payments"]));
    assert_eq!(answer.brokers.len(), 1);
    let by_name = MetadataRequest {
        topics: Some(
            ["orders", "secret", "missing"]
                .map(|n| MetadataRequestTopic {
                    name: Some(n.into()),
                    ..Default::default()
                })
                .to_vec(),
        ),
        ..Default::default()
    };
    let answer = send(&mut alice, &by_name, 12).await;
    // Whether `missing` exists is not said: it is refused as `secret` is.
    assert_eq!(
        metadata_topics(&answer),
        [
            ("missing".into(), ErrorCode::TopicAuthorizationFailed),
            ("orders".into(), ErrorCode::None),
            ("secret".into(), ErrorCode::TopicAuthorizationFailed),
        ]
    );
    // The anonymous principal sees no topic.
    let mut anonymous = TcpStream::connect(fake.cluster.bootstrap()).await.unwrap();
    let answer = send(&mut anonymous, &all, 12).await;
    assert!(answer.topics.is_empty());
}

/// DescribeTopicPartitions of `names` (every topic when none), at most
/// `limit` partitions, from `cursor`.
fn describe_topic_partitions(
    names: &[&str],
    limit: i32,
    cursor: Option<&str>,
) -> DescribeTopicPartitionsRequest {
    use kafka_messages::describe_topic_partitions::{Cursor, TopicRequest};
    DescribeTopicPartitionsRequest {
        topics: names
            .iter()
            .map(|&n| TopicRequest {
                name: n.into(),
                ..Default::default()
            })
            .collect(),
        response_partition_limit: limit,
        cursor: cursor.map(|topic| Cursor {
            topic_name: topic.into(),
            partition_index: 0,
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// Each topic's (name, error, partitions, authorized operations), and the
/// next cursor's topic.
type Described = (Vec<(String, ErrorCode, usize, i32)>, Option<String>);

fn described(r: &DescribeTopicPartitionsResponse) -> Described {
    let topics = r
        .topics
        .iter()
        .map(|t| {
            (
                t.name.as_deref().unwrap_or("").to_string(),
                code(t.error_code),
                t.partitions.len(),
                t.topic_authorized_operations,
            )
        })
        .collect();
    let next = r.next_cursor.as_ref().map(|c| {
        assert_eq!(c.partition_index, 0);
        c.topic_name.to_string()
    });
    (topics, next)
}

#[tokio::test]
async fn describe_topic_partitions_pages_through_what_may_be_described() {
    let fake = Acting::start().await;
    fake.grant(vec![
        allow(Res::Topic, "orders", Literal, Op::Describe),
        allow(Res::Topic, "secret", Literal, Op::Read),
    ])
    .await;
    let mut alice = fake.connect(ALICE).await;
    // DESCRIBE alone, and READ implying it: the topic's operations are
    // those bits (1 << 8; 1 << 3 | 1 << 8).
    let (orders, secret) = (256, 264);
    let ok = ErrorCode::None;
    // Every topic: `payments` left out, unsaid.
    let r = send(&mut alice, &describe_topic_partitions(&[], 2000, None), 0).await;
    assert_eq!(
        described(&r),
        (
            vec![
                ("orders".into(), ok, 1, orders),
                ("secret".into(), ok, 1, secret),
            ],
            None
        )
    );
    // One partition a page: the cursor goes from `orders` to `secret`, past
    // `payments`, which takes no place in the limit.
    let r = send(&mut alice, &describe_topic_partitions(&[], 1, None), 0).await;
    assert_eq!(
        described(&r),
        (
            vec![("orders".into(), ok, 1, orders)],
            Some("secret".into())
        )
    );
    let page = describe_topic_partitions(&[], 1, Some("secret"));
    let r = send(&mut alice, &page, 0).await;
    assert_eq!(
        described(&r),
        (vec![("secret".into(), ok, 1, secret)], None)
    );
    // By name: the refused ones (whether they exist is not said) after
    // the others, their id zero, in the order of Kafka's HashSet of them
    // (String.hashCode's buckets of 16: hidden 4, nope 5, payments 7,
    // missing 8), neither the request's nor by name.
    let names = ["missing", "orders", "nope", "payments", "hidden"];
    let r = send(
        &mut alice,
        &describe_topic_partitions(&names, 2000, None),
        0,
    )
    .await;
    let denied = |n: &str| {
        (
            n.to_string(),
            ErrorCode::TopicAuthorizationFailed,
            0,
            i32::MIN,
        )
    };
    assert_eq!(
        described(&r),
        (
            vec![
                ("orders".into(), ok, 1, orders),
                denied("hidden"),
                denied("nope"),
                denied("payments"),
                denied("missing"),
            ],
            None
        )
    );
    assert!(r.topics[1..].iter().all(|t| t.topic_id == Uuid::default()));
    // Named and paged: the refused topic is answered on the page that
    // reaches it, and the cursor skips it.
    let names = ["secret", "payments", "orders"];
    let r = send(&mut alice, &describe_topic_partitions(&names, 1, None), 0).await;
    assert_eq!(
        described(&r),
        (
            vec![("orders".into(), ok, 1, orders), denied("payments")],
            Some("secret".into())
        )
    );
    let page = describe_topic_partitions(&names, 1, Some("secret"));
    let r = send(&mut alice, &page, 0).await;
    assert_eq!(
        described(&r),
        (vec![("secret".into(), ok, 1, secret)], None)
    );
    // A super user is shown everything, with every operation.
    let mut admin = fake.connect(ADMIN).await;
    let r = send(&mut admin, &describe_topic_partitions(&[], 2000, None), 0).await;
    let all = |n: &str| (n.to_string(), ok, 1, 3576);
    assert_eq!(
        described(&r),
        (vec![all("orders"), all("payments"), all("secret")], None)
    );
}

#[tokio::test]
async fn fetch_and_list_offsets_need_read_and_describe() {
    let fake = Acting::start().await;
    fake.grant(vec![allow(Res::Topic, "orders", Literal, Op::Read)])
        .await;
    let mut alice = fake.connect(ALICE).await;
    let fetch = FetchRequest {
        replica_id: -1,
        max_wait_ms: 0,
        max_bytes: 1 << 20,
        topics: ["orders", "secret"]
            .map(|t| FetchTopic {
                topic: t.into(),
                partitions: vec![FetchPartition {
                    partition: 0,
                    partition_max_bytes: 1 << 20,
                    ..Default::default()
                }],
                ..Default::default()
            })
            .to_vec(),
        ..Default::default()
    };
    let answer = send(&mut alice, &fetch, 12).await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    let errors: Vec<(String, ErrorCode)> = answer
        .responses
        .iter()
        .map(|t| (t.topic.to_string(), code(t.partitions[0].error_code)))
        .collect();
    assert_eq!(
        errors,
        [
            ("orders".into(), ErrorCode::None),
            ("secret".into(), ErrorCode::TopicAuthorizationFailed)
        ]
    );
    let list = ListOffsetsRequest {
        replica_id: -1,
        topics: ["orders", "secret"]
            .map(|t| ListOffsetsTopic {
                name: t.into(),
                partitions: vec![ListOffsetsPartition {
                    partition_index: 0,
                    timestamp: -1,
                    ..Default::default()
                }],
                ..Default::default()
            })
            .to_vec(),
        ..Default::default()
    };
    let answer = send(&mut alice, &list, 7).await;
    let errors: Vec<(String, ErrorCode)> = answer
        .topics
        .iter()
        .map(|t| (t.name.to_string(), code(t.partitions[0].error_code)))
        .collect();
    assert_eq!(
        errors,
        [
            ("orders".into(), ErrorCode::None),
            ("secret".into(), ErrorCode::TopicAuthorizationFailed)
        ]
    );
}

#[tokio::test]
async fn create_and_delete_topics_need_create_and_delete() {
    let fake = Acting::start().await;
    let mut alice = fake.connect(ALICE).await;
    let answer = send(&mut alice, &common::create_topic("new-1", 1, &[]), 7).await;
    assert_eq!(
        code(answer.topics[0].error_code),
        ErrorCode::TopicAuthorizationFailed
    );
    fake.grant(vec![
        allow(Res::Topic, "new-", Prefixed, Op::Create),
        allow(Res::Topic, "orders", Literal, Op::Delete),
    ])
    .await;
    let answer = send(&mut alice, &common::create_topic("new-1", 1, &[]), 7).await;
    assert_eq!(code(answer.topics[0].error_code), ErrorCode::None);
    let answer = send(&mut alice, &common::create_topic("other", 1, &[]), 7).await;
    assert_eq!(
        code(answer.topics[0].error_code),
        ErrorCode::TopicAuthorizationFailed
    );
    // CREATE on the cluster allows any topic.
    fake.grant(vec![allow(
        Res::Cluster,
        "kafka-cluster",
        Literal,
        Op::Create,
    )])
    .await;
    let answer = send(&mut alice, &common::create_topic("other", 1, &[]), 7).await;
    assert_eq!(code(answer.topics[0].error_code), ErrorCode::None);
    let delete = DeleteTopicsRequest {
        topic_names: vec!["orders".into(), "secret".into()],
        timeout_ms: 5_000,
        ..Default::default()
    };
    let answer = send(&mut alice, &delete, 5).await;
    let errors: Vec<(Option<Str>, ErrorCode)> = answer
        .responses
        .iter()
        .map(|r| (r.name.clone(), code(r.error_code)))
        .collect();
    assert_eq!(
        errors,
        [
            (Some("orders".into()), ErrorCode::None),
            (Some("secret".into()), ErrorCode::TopicAuthorizationFailed)
        ]
    );
    assert_eq!(fake.cluster.stored_bytes("secret", 0), Some(0));
    assert_eq!(fake.cluster.stored_bytes("orders", 0), None);
}

#[tokio::test]
async fn configs_need_describe_configs_and_alter_configs() {
    let fake = Acting::start().await;
    fake.grant(vec![allow(Res::Topic, "orders", Literal, Op::AlterConfigs)])
        .await;
    let mut alice = fake.connect(ALICE).await;
    let describe = DescribeConfigsRequest {
        resources: [(2, "orders"), (2, "secret"), (4, "1")]
            .map(|(kind, name)| DescribeConfigsResource {
                resource_type: kind,
                resource_name: name.into(),
                configuration_keys: Some(vec!["retention.ms".into()]),
                ..Default::default()
            })
            .to_vec(),
        ..Default::default()
    };
    let answer = send(&mut alice, &describe, 4).await;
    let errors: Vec<(String, ErrorCode)> = answer
        .results
        .iter()
        .map(|r| (r.resource_name.to_string(), code(r.error_code)))
        .collect();
    // ALTER_CONFIGS implies DESCRIBE_CONFIGS; a broker's needs the cluster.
    assert_eq!(
        errors,
        [
            ("orders".into(), ErrorCode::None),
            ("secret".into(), ErrorCode::TopicAuthorizationFailed),
            ("1".into(), ErrorCode::ClusterAuthorizationFailed),
        ]
    );
    let alter = |name: &str| AlterConfigsRequest {
        resources: vec![alter_configs::AlterConfigsResource {
            resource_type: 2,
            resource_name: name.into(),
            configs: vec![alter_configs::AlterableConfig {
                name: "retention.ms".into(),
                value: Some("1000".into()),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let answer = send(&mut alice, &alter("orders"), 2).await;
    assert_eq!(code(answer.responses[0].error_code), ErrorCode::None);
    let answer = send(&mut alice, &alter("secret"), 2).await;
    assert_eq!(
        code(answer.responses[0].error_code),
        ErrorCode::TopicAuthorizationFailed
    );
}

#[tokio::test]
async fn the_acl_apis_need_alter_and_describe_on_the_cluster() {
    let fake = Acting::start().await;
    let mut alice = fake.connect(ALICE).await;
    let create = CreateAclsRequest {
        creations: vec![allow(Res::Topic, "orders", Literal, Op::All)],
        ..Default::default()
    };
    let answer = send(&mut alice, &create, 3).await;
    assert_eq!(
        code(answer.results[0].error_code),
        ErrorCode::ClusterAuthorizationFailed
    );
    let describe = DescribeAclsRequest {
        resource_type_filter: 1,
        resource_name_filter: None,
        principal_filter: None,
        host_filter: None,
        pattern_type_filter: 1,
        operation: 1,
        permission_type: 1,
        ..Default::default()
    };
    let answer = send(&mut alice, &describe, 3).await;
    assert_eq!(
        code(answer.error_code),
        ErrorCode::ClusterAuthorizationFailed
    );
    let delete = DeleteAclsRequest {
        filters: vec![delete_acls::DeleteAclsFilter {
            resource_type_filter: 1,
            pattern_type_filter: 1,
            operation: 1,
            permission_type: 1,
            ..Default::default()
        }],
        ..Default::default()
    };
    let answer = send(&mut alice, &delete, 3).await;
    assert_eq!(
        code(answer.filter_results[0].error_code),
        ErrorCode::ClusterAuthorizationFailed
    );
    fake.grant(vec![allow(
        Res::Cluster,
        "kafka-cluster",
        Literal,
        Op::Alter,
    )])
    .await;
    // ALTER implies DESCRIBE.
    let answer = send(&mut alice, &describe, 3).await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    assert_eq!(answer.resources.len(), 1);
    let answer = send(&mut alice, &create, 3).await;
    assert_eq!(code(answer.results[0].error_code), ErrorCode::None);
}

fn join(group: &str) -> JoinGroupRequest {
    JoinGroupRequest {
        group_id: group.into(),
        session_timeout_ms: 10_000,
        rebalance_timeout_ms: 10_000,
        protocol_type: "consumer".into(),
        protocols: vec![join_group::JoinGroupRequestProtocol {
            name: "range".into(),
            metadata: bytes::Bytes::from_static(b"m"),
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[tokio::test]
async fn group_apis_need_read_on_the_group() {
    let fake = Acting::start().await;
    fake.grant(vec![allow(Res::Group, "app-", Prefixed, Op::Read)])
        .await;
    let mut alice = fake.connect(ALICE).await;
    let find = |key: &str| FindCoordinatorRequest {
        key: key.into(),
        ..Default::default()
    };
    // READ implies DESCRIBE, which FindCoordinator asks.
    assert_eq!(
        code(send(&mut alice, &find("app-1"), 3).await.error_code),
        ErrorCode::None
    );
    assert_eq!(
        code(send(&mut alice, &find("other"), 3).await.error_code),
        ErrorCode::GroupAuthorizationFailed
    );
    let answer = send(&mut alice, &join("app-1"), 9).await;
    assert_eq!(code(answer.error_code), ErrorCode::MemberIdRequired);
    let answer = send(&mut alice, &join("other"), 9).await;
    assert_eq!(code(answer.error_code), ErrorCode::GroupAuthorizationFailed);
    let heartbeat = HeartbeatRequest {
        group_id: "other".into(),
        member_id: "m".into(),
        ..Default::default()
    };
    assert_eq!(
        code(send(&mut alice, &heartbeat, 4).await.error_code),
        ErrorCode::GroupAuthorizationFailed
    );
    let sync = SyncGroupRequest {
        group_id: "other".into(),
        member_id: "m".into(),
        ..Default::default()
    };
    assert_eq!(
        code(send(&mut alice, &sync, 5).await.error_code),
        ErrorCode::GroupAuthorizationFailed
    );
    let leave = LeaveGroupRequest {
        group_id: "other".into(),
        members: vec![leave_group::MemberIdentity {
            member_id: "m".into(),
            ..Default::default()
        }],
        ..Default::default()
    };
    assert_eq!(
        code(send(&mut alice, &leave, 5).await.error_code),
        ErrorCode::GroupAuthorizationFailed
    );
    // The same heartbeat in a group alice may read gets the group's answer.
    let heartbeat = HeartbeatRequest {
        group_id: "app-1".into(),
        member_id: "m".into(),
        ..Default::default()
    };
    assert_eq!(
        code(send(&mut alice, &heartbeat, 4).await.error_code),
        ErrorCode::UnknownMemberId
    );
}

fn commit(group: &str, topics: &[&str]) -> OffsetCommitRequest {
    OffsetCommitRequest {
        group_id: group.into(),
        generation_id_or_member_epoch: -1,
        topics: topics
            .iter()
            .map(|t| OffsetCommitRequestTopic {
                name: (*t).into(),
                partitions: vec![OffsetCommitRequestPartition {
                    partition_index: 0,
                    committed_offset: 5,
                    ..Default::default()
                }],
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

#[tokio::test]
async fn offsets_need_the_group_and_each_topic() {
    let fake = Acting::start().await;
    fake.grant(vec![
        allow(Res::Group, "app", Literal, Op::Read),
        allow(Res::Topic, "orders", Literal, Op::Read),
    ])
    .await;
    let mut alice = fake.connect(ALICE).await;
    let errors = |r: &OffsetCommitResponse| -> Vec<(String, ErrorCode)> {
        r.topics
            .iter()
            .map(|t| (t.name.to_string(), code(t.partitions[0].error_code)))
            .collect()
    };
    let answer = send(&mut alice, &commit("other", &["orders"]), 8).await;
    assert_eq!(
        errors(&answer),
        [("orders".into(), ErrorCode::GroupAuthorizationFailed)]
    );
    let answer = send(&mut alice, &commit("app", &["orders", "secret"]), 8).await;
    assert_eq!(
        errors(&answer),
        [
            ("orders".into(), ErrorCode::None),
            ("secret".into(), ErrorCode::TopicAuthorizationFailed)
        ]
    );
    let fetch = |group: &str, topics: Option<&[&str]>| OffsetFetchRequest {
        group_id: group.into(),
        topics: topics.map(|ts| {
            ts.iter()
                .map(|t| OffsetFetchRequestTopic {
                    name: (*t).into(),
                    partition_indexes: vec![0],
                    ..Default::default()
                })
                .collect()
        }),
        ..Default::default()
    };
    let answer = send(&mut alice, &fetch("other", Some(&["orders"])), 7).await;
    assert_eq!(code(answer.error_code), ErrorCode::GroupAuthorizationFailed);
    let answer = send(&mut alice, &fetch("app", Some(&["orders", "secret"])), 7).await;
    let rows: Vec<(String, ErrorCode, i64)> = answer
        .topics
        .iter()
        .map(|t| {
            let p = &t.partitions[0];
            (t.name.to_string(), code(p.error_code), p.committed_offset)
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("orders".into(), ErrorCode::None, 5),
            ("secret".into(), ErrorCode::TopicAuthorizationFailed, -1)
        ]
    );
    // The admin commits to `secret` too; alice's list of every topic leaves it out.
    let mut admin = fake.connect(ADMIN).await;
    send(&mut admin, &commit("app", &["secret"]), 8).await;
    let answer = send(&mut alice, &fetch("app", None), 7).await;
    let names: Vec<&str> = answer.topics.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["orders"]);
}

#[tokio::test]
async fn transactions_need_write_on_the_transactional_id() {
    let fake = Acting::start().await;
    fake.grant(vec![
        allow(Res::TransactionalId, "tx-", Prefixed, Op::Write),
        allow(Res::Topic, "orders", Literal, Op::Write),
    ])
    .await;
    let mut alice = fake.connect(ALICE).await;
    let init = |id: Option<&str>| InitProducerIdRequest {
        transactional_id: id.map(Str::from),
        transaction_timeout_ms: 60_000,
        producer_id: -1,
        producer_epoch: -1,
        ..Default::default()
    };
    let refused = send(&mut alice, &init(Some("other")), 4).await;
    assert_eq!(
        code(refused.error_code),
        ErrorCode::TransactionalIdAuthorizationFailed
    );
    let given = send(&mut alice, &init(Some("tx-1")), 4).await;
    assert_eq!(code(given.error_code), ErrorCode::None);
    // Idempotent: WRITE on some topic is enough; without it, the cluster refuses.
    assert_eq!(
        code(send(&mut alice, &init(None), 4).await.error_code),
        ErrorCode::None
    );
    let mut bob = fake.connect("User:bob").await;
    assert_eq!(
        code(send(&mut bob, &init(None), 4).await.error_code),
        ErrorCode::ClusterAuthorizationFailed
    );
    let add = |id: &str| AddPartitionsToTxnRequest {
        v3_and_below_transactional_id: id.into(),
        v3_and_below_producer_id: given.producer_id,
        v3_and_below_producer_epoch: given.producer_epoch,
        v3_and_below_topics: ["orders", "secret"]
            .map(|t| AddPartitionsToTxnTopic {
                name: t.into(),
                partitions: vec![0],
                ..Default::default()
            })
            .to_vec(),
        ..Default::default()
    };
    let rows = |r: &AddPartitionsToTxnResponse| -> Vec<(String, ErrorCode)> {
        r.results_by_topic_v3_and_below
            .iter()
            .map(|t| {
                (
                    t.name.to_string(),
                    ErrorCode::from(t.results_by_partition[0].partition_error_code),
                )
            })
            .collect()
    };
    let answer = send(&mut alice, &add("other"), 3).await;
    assert!(rows(&answer)
        .iter()
        .all(|(_, e)| *e == ErrorCode::TransactionalIdAuthorizationFailed));
    let answer = send(&mut alice, &add("tx-1"), 3).await;
    assert_eq!(
        rows(&answer),
        [
            ("orders".into(), ErrorCode::OperationNotAttempted),
            ("secret".into(), ErrorCode::TopicAuthorizationFailed)
        ]
    );
    let end = |id: &str| EndTxnRequest {
        transactional_id: id.into(),
        producer_id: given.producer_id,
        producer_epoch: given.producer_epoch,
        committed: false,
        ..Default::default()
    };
    assert_eq!(
        code(send(&mut alice, &end("other"), 3).await.error_code),
        ErrorCode::TransactionalIdAuthorizationFailed
    );
    // Nothing was added, so there is no transaction to end.
    assert_eq!(
        code(send(&mut alice, &end("tx-1"), 3).await.error_code),
        ErrorCode::InvalidTxnState
    );
}

#[tokio::test]
async fn without_the_authorizer_anyone_may_do_anything() {
    let cluster = Cluster::builder().start().await.unwrap();
    let mut anonymous = TcpStream::connect(cluster.bootstrap()).await.unwrap();
    let created = send(&mut anonymous, &common::create_topic("orders", 1, &[]), 7).await;
    assert_eq!(code(created.topics[0].error_code), ErrorCode::None);
    let answer = send(&mut anonymous, &produce(&["orders"]), 9).await;
    assert_eq!(produce_errors(&answer), named(&["orders"]));
}

#[tokio::test]
async fn group_admin_and_partition_apis_are_checked_per_group_and_topic() {
    let fake = Acting::start().await;
    fake.grant(vec![
        allow(Res::Group, "app", Literal, Op::Delete),
        allow(Res::Topic, "orders", Literal, Op::Alter),
        allow(Res::Topic, "orders", Literal, Op::Delete),
    ])
    .await;
    // Two groups with committed offsets, made by the admin.
    let mut admin = fake.connect(ADMIN).await;
    for group in ["app", "other"] {
        send(&mut admin, &commit(group, &["orders"]), 8).await;
    }
    let mut alice = fake.connect(ALICE).await;
    // ListGroups lists what alice may describe (DELETE implies DESCRIBE).
    let listed = send(&mut alice, &ListGroupsRequest::default(), 4).await;
    let names: Vec<&str> = listed.groups.iter().map(|g| g.group_id.as_str()).collect();
    assert_eq!(names, ["app"]);
    let listed = send(&mut admin, &ListGroupsRequest::default(), 4).await;
    assert_eq!(listed.groups.len(), 2);
    let describe = DescribeGroupsRequest {
        groups: vec!["app".into(), "other".into()],
        ..Default::default()
    };
    let described = send(&mut alice, &describe, 5).await;
    let errors: Vec<(String, ErrorCode)> = described
        .groups
        .iter()
        .map(|g| (g.group_id.to_string(), code(g.error_code)))
        .collect();
    assert_eq!(
        errors,
        [
            ("app".into(), ErrorCode::None),
            ("other".into(), ErrorCode::GroupAuthorizationFailed)
        ]
    );
    let delete = DeleteGroupsRequest {
        groups_names: vec!["app".into(), "other".into()],
        ..Default::default()
    };
    let deleted = send(&mut alice, &delete, 2).await;
    let errors: Vec<ErrorCode> = deleted.results.iter().map(|r| code(r.error_code)).collect();
    assert_eq!(
        errors,
        [ErrorCode::None, ErrorCode::GroupAuthorizationFailed]
    );
    let listed = send(&mut admin, &ListGroupsRequest::default(), 4).await;
    let names: Vec<&str> = listed.groups.iter().map(|g| g.group_id.as_str()).collect();
    assert_eq!(names, ["other"]);
    // CreatePartitions needs ALTER, DeleteRecords DELETE, per topic.
    let grow = CreatePartitionsRequest {
        topics: ["orders", "secret"]
            .map(|t| create_partitions::CreatePartitionsTopic {
                name: t.into(),
                count: 2,
                assignments: None,
                ..Default::default()
            })
            .to_vec(),
        timeout_ms: 5_000,
        ..Default::default()
    };
    let grown = send(&mut alice, &grow, 3).await;
    let errors: Vec<ErrorCode> = grown.results.iter().map(|r| code(r.error_code)).collect();
    assert_eq!(
        errors,
        [ErrorCode::None, ErrorCode::TopicAuthorizationFailed]
    );
    let trim = DeleteRecordsRequest {
        topics: ["orders", "secret"]
            .map(|t| delete_records::DeleteRecordsTopic {
                name: t.into(),
                partitions: vec![delete_records::DeleteRecordsPartition {
                    partition_index: 0,
                    offset: 0,
                    ..Default::default()
                }],
                ..Default::default()
            })
            .to_vec(),
        timeout_ms: 5_000,
        ..Default::default()
    };
    let trimmed = send(&mut alice, &trim, 2).await;
    let errors: Vec<ErrorCode> = trimmed
        .topics
        .iter()
        .map(|t| code(t.partitions[0].error_code))
        .collect();
    assert_eq!(
        errors,
        [ErrorCode::None, ErrorCode::TopicAuthorizationFailed]
    );
}

#[tokio::test]
async fn transaction_admin_apis_show_only_describable_ids() {
    let fake = Acting::start().await;
    fake.grant(vec![allow(
        Res::TransactionalId,
        "tx-a",
        Literal,
        Op::Write,
    )])
    .await;
    let mut admin = fake.connect(ADMIN).await;
    for id in ["tx-a", "tx-b"] {
        let init = InitProducerIdRequest {
            transactional_id: Some(id.into()),
            transaction_timeout_ms: 60_000,
            producer_id: -1,
            producer_epoch: -1,
            ..Default::default()
        };
        assert_eq!(
            code(send(&mut admin, &init, 4).await.error_code),
            ErrorCode::None
        );
    }
    let mut alice = fake.connect(ALICE).await;
    let listed = send(&mut alice, &ListTransactionsRequest::default(), 1).await;
    let ids: Vec<&str> = listed
        .transaction_states
        .iter()
        .map(|t| t.transactional_id.as_str())
        .collect();
    assert_eq!(ids, ["tx-a"]);
    let describe = DescribeTransactionsRequest {
        transactional_ids: vec!["tx-a".into(), "tx-b".into()],
        ..Default::default()
    };
    let described = send(&mut alice, &describe, 0).await;
    let errors: Vec<(String, ErrorCode)> = described
        .transaction_states
        .iter()
        .map(|t| (t.transactional_id.to_string(), code(t.error_code)))
        .collect();
    assert_eq!(
        errors,
        [
            ("tx-a".into(), ErrorCode::None),
            ("tx-b".into(), ErrorCode::TransactionalIdAuthorizationFailed)
        ]
    );
    // AddOffsetsToTxn needs WRITE on the id, then READ on the group.
    let add = |id: &str| AddOffsetsToTxnRequest {
        transactional_id: id.into(),
        producer_id: 1,
        producer_epoch: 0,
        group_id: "app".into(),
        ..Default::default()
    };
    let answer = send(&mut alice, &add("tx-b"), 3).await;
    assert_eq!(
        code(answer.error_code),
        ErrorCode::TransactionalIdAuthorizationFailed
    );
    let answer = send(&mut alice, &add("tx-a"), 3).await;
    assert_eq!(code(answer.error_code), ErrorCode::GroupAuthorizationFailed);
}

#[tokio::test]
async fn metadata_creates_a_topic_only_for_who_may_create_it() {
    let fake = Acting::start_with(|b| b.auto_create_topics(true)).await;
    fake.grant(vec![
        allow(Res::Topic, "auto-", Prefixed, Op::Describe),
        allow(Res::Topic, "auto-ok", Literal, Op::Create),
    ])
    .await;
    let mut alice = fake.connect(ALICE).await;
    let ask = |name: &str| MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: Some(name.into()),
            ..Default::default()
        }]),
        allow_auto_topic_creation: true,
        ..Default::default()
    };
    // DESCRIBE alone does not create.
    let refused = send(&mut alice, &ask("auto-1"), 12).await;
    assert_eq!(
        metadata_topics(&refused),
        [("auto-1".into(), ErrorCode::TopicAuthorizationFailed)]
    );
    assert_eq!(fake.cluster.stored_bytes("auto-1", 0), None);
    let created = send(&mut alice, &ask("auto-ok"), 12).await;
    assert_eq!(
        metadata_topics(&created),
        [("auto-ok".into(), ErrorCode::None)]
    );
    assert_eq!(fake.cluster.stored_bytes("auto-ok", 0), Some(0));
}

/// Authorized operations (KIP-430) under the authorizer: the operations of
/// the resource type's supported ones the principal's ACLs allow (Kafka's
/// `AuthHelper.authorizedOperations`, each a bit at its code), with the
/// implied ones (READ implies DESCRIBE); the cluster's 0 without DESCRIBE on
/// it; a resource refused keeps none (`i32::MIN`); a super user gets all.
#[tokio::test]
async fn authorized_operations_are_the_ones_the_acls_allow() {
    let acting = Acting::start().await;
    acting
        .grant(vec![
            allow(ResourceType::Topic, "orders", Literal, Op::All),
            deny(ResourceType::Topic, "ord", Prefixed, Op::Delete),
            allow(ResourceType::Topic, "no", Prefixed, Op::Describe),
            allow(
                ResourceType::Cluster,
                "kafka-cluster",
                Literal,
                Op::IdempotentWrite,
            ),
            allow(ResourceType::Group, "g", Literal, Op::Read),
            allow(ResourceType::Group, "cg", Literal, Op::Describe),
        ])
        .await;
    let mut alice = acting.connect(ALICE).await;
    let request = MetadataRequest {
        topics: Some(
            ["orders", "secret", "nope"]
                .iter()
                .map(|&n| MetadataRequestTopic {
                    name: Some(n.into()),
                    ..Default::default()
                })
                .collect(),
        ),
        allow_auto_topic_creation: false,
        include_cluster_authorized_operations: true,
        include_topic_authorized_operations: true,
        ..Default::default()
    };
    let topics = |m: &MetadataResponse| -> Vec<(String, ErrorCode, i32)> {
        let mut t: Vec<(String, ErrorCode, i32)> = m
            .topics
            .iter()
            .map(|t| {
                (
                    t.name.as_deref().unwrap_or("").to_owned(),
                    code(t.error_code),
                    t.topic_authorized_operations,
                )
            })
            .collect();
        t.sort_by(|a, b| a.0.cmp(&b.0));
        t
    };
    let bits = |ops: &[Op]| ops.iter().fold(0, |b, op| b | (1 << op.code()));
    let m = send(&mut alice, &request, 10).await;
    assert_eq!(
        topics(&m),
        vec![
            // DESCRIBE by the prefixed ACL only.
            (
                "nope".into(),
                ErrorCode::UnknownTopicOrPartition,
                bits(&[Op::Describe])
            ),
            // ALL but the DELETE a prefixed DENY takes away: 3512.
            ("orders".into(), ErrorCode::None, 3576 - (1 << 6)),
            (
                "secret".into(),
                ErrorCode::TopicAuthorizationFailed,
                i32::MIN
            ),
        ]
    );
    // No DESCRIBE on the cluster: 0, whatever else is allowed.
    assert_eq!(m.cluster_authorized_operations, 0);
    let cluster = DescribeClusterRequest {
        include_cluster_authorized_operations: true,
        ..Default::default()
    };
    assert_eq!(
        send(&mut alice, &cluster, 1)
            .await
            .cluster_authorized_operations,
        0
    );
    acting
        .grant(vec![allow(
            ResourceType::Cluster,
            "kafka-cluster",
            Literal,
            Op::Describe,
        )])
        .await;
    assert_eq!(
        send(&mut alice, &cluster, 1)
            .await
            .cluster_authorized_operations,
        bits(&[Op::Describe, Op::IdempotentWrite])
    );
    // Groups: READ implies DESCRIBE; a refused group keeps none.
    let describe = DescribeGroupsRequest {
        groups: vec!["g".into(), "h".into()],
        include_authorized_operations: true,
        ..Default::default()
    };
    let groups: Vec<(ErrorCode, i32)> = send(&mut alice, &describe, 5)
        .await
        .groups
        .iter()
        .map(|g| (code(g.error_code), g.authorized_operations))
        .collect();
    assert_eq!(
        groups,
        vec![
            (ErrorCode::None, bits(&[Op::Read, Op::Describe])),
            (ErrorCode::GroupAuthorizationFailed, i32::MIN)
        ]
    );
    // A KIP-848 group the admin made, described by alice.
    let mut admin = acting.connect(ADMIN).await;
    let join = ConsumerGroupHeartbeatRequest {
        group_id: "cg".into(),
        member_id: "m".into(),
        member_epoch: 0,
        rebalance_timeout_ms: 30_000,
        subscribed_topic_names: Some(vec![Str::from("orders")]),
        topic_partitions: Some(Vec::new()),
        ..Default::default()
    };
    assert_eq!(send(&mut admin, &join, 1).await.error_code, 0);
    let cgd = ConsumerGroupDescribeRequest {
        group_ids: vec!["cg".into()],
        include_authorized_operations: true,
        ..Default::default()
    };
    let d = send(&mut alice, &cgd, 0).await;
    assert_eq!(
        (
            code(d.groups[0].error_code),
            d.groups[0].authorized_operations
        ),
        (ErrorCode::None, bits(&[Op::Describe]))
    );
    // The super user: every supported operation.
    let m = send(&mut admin, &request, 10).await;
    assert_eq!(m.cluster_authorized_operations, 8096);
    assert_eq!(topics(&m)[1], ("orders".into(), ErrorCode::None, 3576));
    assert_eq!(
        send(&mut admin, &cgd, 0).await.groups[0].authorized_operations,
        3400
    );
}
