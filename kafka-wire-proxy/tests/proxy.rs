//! The proxy between a client and scripted brokers on the loopback: bytes
//! through, correlation ids, acks=0, ApiVersions, broker addresses, filters,
//! and hostile peers.

use std::io;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::{BufMut, Bytes, BytesMut};
use kafka_messages::delete_acls::{
    DeleteAclsFilter, DeleteAclsFilterResult, DeleteAclsMatchingAcl,
};
use kafka_messages::delete_topics::{DeletableTopicResult, DeleteTopicState};
use kafka_messages::describe_acls::{AclDescription, DescribeAclsResource};
use kafka_messages::describe_groups::{DescribedGroup, DescribedGroupMember};
use kafka_messages::fetch::{FetchPartition, FetchTopic, FetchableTopicResponse, PartitionData};
use kafka_messages::find_coordinator::Coordinator;
use kafka_messages::join_group::{JoinGroupRequestProtocol, JoinGroupResponseMember};
use kafka_messages::metadata::{
    MetadataRequestTopic, MetadataResponseBroker, MetadataResponseTopic,
};
use kafka_messages::produce::{
    PartitionProduceData, PartitionProduceResponse, TopicProduceData, TopicProduceResponse,
};
use kafka_messages::sync_group::SyncGroupRequestAssignment;
use kafka_messages::{
    AclCreation, AclCreationResult, AclOperation, AclPermissionType, ApiKey, ApiVersion,
    ApiVersionsRequest, ApiVersionsResponse, ConsumerProtocolAssignment,
    ConsumerProtocolSubscription, CreatableTopic, CreateAclsRequest, CreateAclsResponse,
    CreateTopicsRequest, CreateTopicsResponse, DeleteAclsRequest, DeleteAclsResponse,
    DescribeAclsRequest, DescribeAclsResponse, DescribeGroupsRequest, DescribeGroupsResponse,
    FindCoordinatorRequest, FindCoordinatorResponse, JoinGroupRequest, JoinGroupResponse,
    MetadataRequest, MetadataResponse, PatternType, ProduceRequest, ProduceResponse, RequestKind,
    ResourceType, ResponseKind, SyncGroupRequest, SyncGroupResponse,
};
use kafka_messages::{DeleteTopicsRequest, DeleteTopicsResponse, FetchRequest, FetchResponse};
use kafka_wire::frame;
use kafka_wire::{ErrorCode, Message, RequestHeader, Str, Uuid, Versioned};
use kafka_wire_proxy::{
    filters::Tenant, ClientConnection, ConnectionError, Filter, FilterError, Listener, Peer, Proxy,
    ProxyBuilder, ProxyEvent, RequestFrame, Verdict,
};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

/// An API key no Kafka release has: the proxy passes it through unread.
const UNKNOWN_API: i16 = 999;
/// Makes the scripted broker close the connection.
const CLOSE_API: i16 = 998;
/// Makes the scripted broker answer with a body of `LARGE` bytes.
const LARGE_API: i16 = 997;
const LARGE: usize = 8 << 20;
/// Makes the scripted broker answer with a body of `LARGE` bytes, half of
/// it at once and the rest only once it has read the client's next
/// request (which it then serves; `CLOSE_API` closes the connection
/// without the rest).
const HALTING_API: i16 = 996;
/// Makes the scripted broker answer with a body of `LARGE` bytes, half of
/// it at once and the rest 300 ms later.
const PAUSING_API: i16 = 995;

/// Fetch's API key.
const FETCH_API: i16 = 1;

/// The records of [`large_fetch`]'s partition: 1 MiB, 16 parts' worth.
const FETCHED: usize = 1 << 20;

/// The Fetch response a scripted broker sends half of, holding the rest
/// until the next request, for a Fetch whose rack is `halting:HOST`: a
/// partition of `FETCHED` bytes of records, moved to node 1 at `host:port`
/// (KIP-951's endpoints).
fn large_fetch(host: &str, port: u16) -> ResponseKind {
    use kafka_messages::fetch::{LeaderIdAndEpoch, NodeEndpoint};
    ResponseKind::Fetch(FetchResponse {
        responses: vec![FetchableTopicResponse {
            topic_id: topic_id_of("acme.orders"),
            partitions: vec![PartitionData {
                error_code: ErrorCode::NotLeaderOrFollower.code(),
                current_leader: LeaderIdAndEpoch {
                    leader_id: 1,
                    leader_epoch: 3,
                    ..Default::default()
                },
                records: Some(kafka_wire::Records(Bytes::from(
                    (0..FETCHED).map(|i| i as u8).collect::<Vec<_>>(),
                ))),
                ..Default::default()
            }],
            ..Default::default()
        }],
        node_endpoints: vec![NodeEndpoint {
            node_id: 1,
            host: host.into(),
            port: i32::from(port),
            rack: Some("rack-a".into()),
            ..Default::default()
        }],
        ..Default::default()
    })
}

async fn read_frame(s: &mut (impl AsyncRead + Unpin)) -> io::Result<Bytes> {
    let size = s.read_i32().await?;
    let mut body = vec![0; size as usize];
    s.read_exact(&mut body).await?;
    Ok(body.into())
}

async fn write_frame(s: &mut (impl AsyncWrite + Unpin), contents: &[u8]) -> io::Result<()> {
    let mut out = BytesMut::new();
    out.put_i32(contents.len() as i32);
    out.extend_from_slice(contents);
    s.write_all(&out).await
}

fn request<M: Message>(version: i16, correlation_id: i32, body: &M) -> Bytes {
    let mut out = BytesMut::new();
    let header = RequestHeader::new(
        M::API_KEY,
        version,
        correlation_id,
        Some("test-client".into()),
    );
    frame::encode_request_contents(&mut out, &header, body).unwrap();
    out.freeze()
}

/// Sends `body` at `version` and reads its response's body.
async fn exchange<Q: Message, R: Message>(
    client: &mut (impl AsyncRead + AsyncWrite + Unpin),
    version: i16,
    correlation_id: i32,
    body: &Q,
) -> R {
    write_frame(client, &request(version, correlation_id, body))
        .await
        .unwrap();
    response::<R>(read_frame(client).await.unwrap(), version).1
}

fn response<M: Message>(frame: Bytes, version: i16) -> (i32, M) {
    let (header, body) = frame::decode_response::<M>(frame, version).unwrap();
    (header.correlation_id, body)
}

/// What a scripted broker was sent.
#[derive(Debug, Clone)]
struct Seen {
    api_key: i16,
    version: i16,
    correlation_id: i32,
    frame: Bytes,
}

/// The ACLs a scripted broker describes: two tenants' and the operator's.
const BROKER_ACLS: [(ResourceType, PatternType, &str); 7] = [
    (ResourceType::Topic, PatternType::Literal, "acme.orders"),
    (ResourceType::Topic, PatternType::Literal, "other.payments"),
    (ResourceType::Topic, PatternType::Prefixed, "acme."),
    (ResourceType::Topic, PatternType::Literal, "*"),
    (ResourceType::Cluster, PatternType::Literal, "kafka-cluster"),
    (ResourceType::Group, PatternType::Prefixed, "acme.app-"),
    (ResourceType::Group, PatternType::Prefixed, "acm"),
];

/// The topics a scripted broker knows by id: two tenants' and Kafka's own.
const TOPIC_IDS: [(&str, u64); 3] = [
    ("acme.orders", 0xa),
    ("other.payments", 0xb),
    ("__consumer_offsets", 0xc),
];

/// A scripted broker's id for topic `name` (zero for a topic it does not
/// have).
fn topic_id_of(name: &str) -> Uuid {
    TOPIC_IDS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(Uuid::ZERO, |&(_, id)| Uuid::from_u64_pair(id, id))
}

/// The topic a scripted broker's id names.
fn topic_name_of(id: Uuid) -> Option<&'static str> {
    TOPIC_IDS
        .iter()
        .find(|&&(_, n)| Uuid::from_u64_pair(n, n) == id)
        .map(|&(name, _)| name)
}

/// A scripted broker's error code for a topic id: none for a topic it has
/// (or no id), UNKNOWN_TOPIC_ID for another.
fn known_code(id: Uuid) -> i16 {
    if id.is_zero() || topic_name_of(id).is_some() {
        0
    } else {
        ErrorCode::UnknownTopicId.code()
    }
}

/// What accepts a scripted broker's TLS connections.
#[cfg(feature = "tls")]
type Acceptor = tokio_rustls::TlsAcceptor;
#[cfg(not(feature = "tls"))]
type Acceptor = std::convert::Infallible;

/// A broker that answers from a script: ApiVersions (every API, with
/// Metadata and CreateTopics advertised to v99 and an unknown API 999),
/// Metadata (the brokers it is given; every topic asked for, or three when
/// all are), Produce (no answer with acks=0), CreateTopics, DeleteTopics,
/// DeleteRecords, (Incremental)AlterConfigs, CreatePartitions,
/// DeleteGroups and OffsetDelete (each item done),
/// FindCoordinator, CreateAcls, DescribeAcls (every ACL of `BROKER_ACLS`),
/// DeleteAcls (an ACL like each filter), JoinGroup and SyncGroup (the first
/// member's metadata and assignment echoed), DescribeGroups (each group a
/// `consumer` group whose member holds `acme.orders`), API 999 (its body
/// echoed), API 998 (the connection closed) and API 997 (a body of 8 MiB).
struct Broker {
    address: SocketAddr,
    seen: Arc<Mutex<Vec<Seen>>>,
    brokers: Arc<Mutex<Vec<(i32, SocketAddr)>>>,
}

impl Broker {
    async fn start() -> Broker {
        Broker::start_with(None).await
    }

    /// A broker whose connections speak TLS with `tls`'s configuration.
    #[cfg(feature = "tls")]
    async fn start_tls(tls: Arc<kafka_wire_proxy::rustls::ServerConfig>) -> Broker {
        Broker::start_with(Some(tokio_rustls::TlsAcceptor::from(tls))).await
    }

    async fn start_with(tls: Option<Acceptor>) -> Broker {
        let (listener, address, seen, brokers) = Broker::bind().await;
        let (s, b) = (Arc::clone(&seen), Arc::clone(&brokers));
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (s, b) = (Arc::clone(&s), Arc::clone(&b));
                let Some(tls) = &tls else {
                    tokio::spawn(Broker::serve(stream, s, b));
                    continue;
                };
                #[cfg(feature = "tls")]
                {
                    let tls = tls.clone();
                    tokio::spawn(async move {
                        if let Ok(stream) = tls.accept(stream).await {
                            Broker::serve(stream, s, b).await;
                        }
                    });
                }
                #[cfg(not(feature = "tls"))]
                match *tls {}
            }
        });
        Broker {
            address,
            seen,
            brokers,
        }
    }

    #[allow(clippy::type_complexity)]
    async fn bind() -> (
        TcpListener,
        SocketAddr,
        Arc<Mutex<Vec<Seen>>>,
        Arc<Mutex<Vec<(i32, SocketAddr)>>>,
    ) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        (listener, address, Arc::default(), Arc::default())
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }

    /// The `at`-th request the broker was sent, decoded.
    fn sent(&self, at: usize) -> RequestKind {
        RequestKind::decode_frame(self.seen()[at].frame.clone())
            .unwrap()
            .1
    }

    async fn serve(
        mut stream: impl AsyncRead + AsyncWrite + Unpin,
        seen: Arc<Mutex<Vec<Seen>>>,
        brokers: Arc<Mutex<Vec<(i32, SocketAddr)>>>,
    ) {
        let mut next: Option<Bytes> = None;
        loop {
            let frame = match next.take() {
                Some(frame) => frame,
                None => match read_frame(&mut stream).await {
                    Ok(frame) => frame,
                    Err(_) => return,
                },
            };
            let header = frame::peek_request_header(&frame).unwrap();
            seen.lock().unwrap().push(Seen {
                api_key: header.api_key,
                version: header.api_version,
                correlation_id: header.correlation_id,
                frame: frame.clone(),
            });
            let (corr, version) = (header.correlation_id, header.api_version);
            let mut out = BytesMut::new();
            match header.api_key {
                UNKNOWN_API => {
                    let body = &frame[frame.len() - 4..];
                    out.put_i32(4 + body.len() as i32);
                    out.put_i32(corr);
                    out.extend_from_slice(body);
                }
                CLOSE_API => return,
                LARGE_API => {
                    out.put_i32(4 + LARGE as i32);
                    out.put_i32(corr);
                    out.extend((0..LARGE).map(|i| i as u8));
                }
                PAUSING_API => {
                    out.put_i32(4 + LARGE as i32);
                    out.put_i32(corr);
                    out.extend((0..LARGE / 2).map(|i| i as u8));
                    if stream.write_all(&out).await.is_err() {
                        return;
                    }
                    out.clear();
                    tokio::time::sleep(Duration::from_millis(300)).await;
                    out.extend((LARGE / 2..LARGE).map(|i| i as u8));
                }
                HALTING_API => {
                    out.put_i32(4 + LARGE as i32);
                    out.put_i32(corr);
                    out.extend((0..LARGE / 2).map(|i| i as u8));
                    if stream.write_all(&out).await.is_err() {
                        return;
                    }
                    out.clear();
                    let Ok(frame) = read_frame(&mut stream).await else {
                        return;
                    };
                    // CLOSE_API next: closed without the rest.
                    if frame::peek_request_header(&frame).unwrap().api_key == CLOSE_API {
                        return;
                    }
                    next = Some(frame);
                    out.extend((LARGE / 2..LARGE).map(|i| i as u8));
                }
                FETCH_API => match RequestKind::decode_frame(frame.clone()).unwrap().1 {
                    RequestKind::Fetch(f) if f.rack_id.starts_with("halting:") => {
                        let host = &f.rack_id["halting:".len()..];
                        let port = brokers.lock().unwrap()[0].1.port();
                        large_fetch(host, port)
                            .encode_frame(&mut out, corr, version)
                            .unwrap();
                        let half = out.split_to(out.len() / 2);
                        if stream.write_all(&half).await.is_err() {
                            return;
                        }
                        let Ok(frame) = read_frame(&mut stream).await else {
                            return;
                        };
                        next = Some(frame);
                    }
                    body => {
                        let brokers = brokers.lock().unwrap();
                        let answer = Broker::answer(body, version, &brokers).unwrap();
                        answer.encode_frame(&mut out, corr, version).unwrap();
                    }
                },
                _ => {
                    let (_, body) = RequestKind::decode_frame(frame).unwrap();
                    let Some(answer) = Broker::answer(body, version, &brokers.lock().unwrap())
                    else {
                        continue;
                    };
                    answer.encode_frame(&mut out, corr, version).unwrap();
                }
            }
            if stream.write_all(&out).await.is_err() {
                return;
            }
        }
    }

    fn answer(
        body: RequestKind,
        version: i16,
        brokers: &[(i32, SocketAddr)],
    ) -> Option<ResponseKind> {
        let topic = |name: &str| MetadataResponseTopic {
            name: Some(name.into()),
            topic_id: topic_id_of(name),
            ..Default::default()
        };
        Some(match body {
            RequestKind::ApiVersions(_) => {
                let mut api_keys: Vec<ApiVersion> = ApiKey::ALL
                    .iter()
                    .filter_map(|k| {
                        let v = k.valid_versions();
                        let max = match k {
                            ApiKey::Metadata | ApiKey::CreateTopics => 99,
                            _ => v.highest()?,
                        };
                        Some(ApiVersion {
                            api_key: k.key(),
                            min_version: v.lowest()?,
                            max_version: max,
                            ..Default::default()
                        })
                    })
                    .collect();
                api_keys.push(ApiVersion {
                    api_key: UNKNOWN_API,
                    min_version: 0,
                    max_version: 5,
                    ..Default::default()
                });
                ResponseKind::ApiVersions(ApiVersionsResponse {
                    api_keys,
                    ..Default::default()
                })
            }
            RequestKind::Metadata(m) => ResponseKind::Metadata(MetadataResponse {
                brokers: brokers
                    .iter()
                    .map(|(id, address)| MetadataResponseBroker {
                        node_id: *id,
                        host: address.ip().to_string().into(),
                        port: i32::from(address.port()),
                        ..Default::default()
                    })
                    .collect(),
                topics: match m.topics {
                    None => ["acme.orders", "other.payments", "__consumer_offsets"]
                        .map(topic)
                        .to_vec(),
                    Some(topics) => topics
                        .iter()
                        .map(|t| match (&t.name, topic_name_of(t.topic_id)) {
                            (Some(name), _) => topic(name),
                            (None, Some(name)) => topic(name),
                            (None, None) => MetadataResponseTopic {
                                error_code: ErrorCode::UnknownTopicId.code(),
                                name: None,
                                topic_id: t.topic_id,
                                topic_authorized_operations: i32::MIN,
                                ..Default::default()
                            },
                        })
                        .collect(),
                },
                ..Default::default()
            }),
            RequestKind::Produce(p) if p.acks == 0 => return None,
            RequestKind::Produce(p) => ResponseKind::Produce(ProduceResponse {
                responses: p
                    .topic_data
                    .iter()
                    .map(|t| TopicProduceResponse {
                        name: t.name.clone(),
                        topic_id: t.topic_id,
                        partition_responses: t
                            .partition_data
                            .iter()
                            .map(|p| PartitionProduceResponse {
                                index: p.index,
                                error_code: known_code(t.topic_id),
                                base_offset: 42,
                                ..Default::default()
                            })
                            .collect(),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            }),
            RequestKind::Fetch(f) => ResponseKind::Fetch(FetchResponse {
                responses: f
                    .topics
                    .iter()
                    .map(|t| FetchableTopicResponse {
                        topic: t.topic.clone(),
                        topic_id: t.topic_id,
                        partitions: vec![PartitionData {
                            error_code: known_code(t.topic_id),
                            ..Default::default()
                        }],
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            }),
            RequestKind::DeleteTopics(d) => ResponseKind::DeleteTopics(DeleteTopicsResponse {
                responses: d
                    .topic_names
                    .iter()
                    .map(|name| DeletableTopicResult {
                        name: Some(name.clone()),
                        ..Default::default()
                    })
                    .chain(d.topics.iter().map(|t| DeletableTopicResult {
                        name: t
                            .name
                            .clone()
                            .or_else(|| topic_name_of(t.topic_id).map(Str::from)),
                        topic_id: t.topic_id,
                        error_code: known_code(t.topic_id),
                        ..Default::default()
                    }))
                    .collect(),
                ..Default::default()
            }),
            RequestKind::DeleteRecords(d) => {
                use kafka_messages::delete_records::{
                    DeleteRecordsPartitionResult, DeleteRecordsTopicResult,
                };
                ResponseKind::DeleteRecords(kafka_messages::DeleteRecordsResponse {
                    topics: d
                        .topics
                        .iter()
                        .map(|t| DeleteRecordsTopicResult {
                            name: t.name.clone(),
                            partitions: t
                                .partitions
                                .iter()
                                .map(|p| DeleteRecordsPartitionResult {
                                    partition_index: p.partition_index,
                                    low_watermark: p.offset,
                                    ..Default::default()
                                })
                                .collect(),
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                })
            }
            RequestKind::AlterConfigs(a) => {
                ResponseKind::AlterConfigs(kafka_messages::AlterConfigsResponse {
                    responses: a
                        .resources
                        .iter()
                        .map(|r| kafka_messages::alter_configs::AlterConfigsResourceResponse {
                            resource_type: r.resource_type,
                            resource_name: r.resource_name.clone(),
                            error_message: None,
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                })
            }
            RequestKind::IncrementalAlterConfigs(a) => ResponseKind::IncrementalAlterConfigs(
                kafka_messages::IncrementalAlterConfigsResponse {
                    responses: a
                        .resources
                        .iter()
                        .map(
                            |r| kafka_messages::incremental_alter_configs::AlterConfigsResourceResponse {
                                resource_type: r.resource_type,
                                resource_name: r.resource_name.clone(),
                                error_message: None,
                                ..Default::default()
                            },
                        )
                        .collect(),
                    ..Default::default()
                },
            ),
            RequestKind::CreatePartitions(c) => {
                ResponseKind::CreatePartitions(kafka_messages::CreatePartitionsResponse {
                    results: c
                        .topics
                        .iter()
                        .map(|t| kafka_messages::create_partitions::CreatePartitionsTopicResult {
                            name: t.name.clone(),
                            error_message: None,
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                })
            }
            RequestKind::DeleteGroups(d) => {
                ResponseKind::DeleteGroups(kafka_messages::DeleteGroupsResponse {
                    results: d
                        .groups_names
                        .iter()
                        .map(|g| kafka_messages::delete_groups::DeletableGroupResult {
                            group_id: g.clone(),
                            error_message: None,
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                })
            }
            RequestKind::OffsetDelete(d) => {
                use kafka_messages::offset_delete::{
                    OffsetDeleteResponsePartition, OffsetDeleteResponseTopic,
                };
                ResponseKind::OffsetDelete(kafka_messages::OffsetDeleteResponse {
                    topics: d
                        .topics
                        .iter()
                        .map(|t| OffsetDeleteResponseTopic {
                            name: t.name.clone(),
                            partitions: t
                                .partitions
                                .iter()
                                .map(|p| OffsetDeleteResponsePartition {
                                    partition_index: p.partition_index,
                                    error_code: 0,
                                })
                                .collect(),
                        })
                        .collect(),
                    ..Default::default()
                })
            }
            RequestKind::CreateTopics(c) => ResponseKind::CreateTopics(CreateTopicsResponse {
                topics: c
                    .topics
                    .iter()
                    .map(|t| kafka_messages::CreatableTopicResult {
                        name: t.name.clone(),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            }),
            RequestKind::FindCoordinator(f) => {
                let (node, address) = brokers[brokers.len() - 1];
                let (host, port) = (address.ip().to_string(), i32::from(address.port()));
                ResponseKind::FindCoordinator(match version {
                    0..=3 => FindCoordinatorResponse {
                        node_id: node,
                        host: host.into(),
                        port,
                        ..Default::default()
                    },
                    _ => FindCoordinatorResponse {
                        coordinators: f
                            .coordinator_keys
                            .iter()
                            .map(|k| Coordinator {
                                key: k.clone(),
                                node_id: node,
                                host: host.as_str().into(),
                                port,
                                ..Default::default()
                            })
                            .collect(),
                        ..Default::default()
                    },
                })
            }
            RequestKind::CreateAcls(c) => ResponseKind::CreateAcls(CreateAclsResponse {
                results: c
                    .creations
                    .iter()
                    .map(|_| AclCreationResult::default())
                    .collect(),
                ..Default::default()
            }),
            RequestKind::DescribeAcls(_) => ResponseKind::DescribeAcls(DescribeAclsResponse {
                resources: BROKER_ACLS
                    .iter()
                    .map(
                        |&(resource_type, pattern_type, name)| DescribeAclsResource {
                            resource_type: resource_type.code(),
                            pattern_type: pattern_type.code(),
                            resource_name: name.into(),
                            acls: vec![AclDescription {
                                principal: "User:alice".into(),
                                host: "*".into(),
                                operation: AclOperation::Read.code(),
                                permission_type: AclPermissionType::Allow.code(),
                                ..Default::default()
                            }],
                            ..Default::default()
                        },
                    )
                    .collect(),
                ..Default::default()
            }),
            RequestKind::DeleteAcls(d) => ResponseKind::DeleteAcls(DeleteAclsResponse {
                filter_results: d
                    .filters
                    .iter()
                    .map(|f| DeleteAclsFilterResult {
                        matching_acls: vec![DeleteAclsMatchingAcl {
                            resource_type: f.resource_type_filter,
                            resource_name: f.resource_name_filter.clone().unwrap_or_default(),
                            pattern_type: f.pattern_type_filter,
                            principal: "User:alice".into(),
                            host: "*".into(),
                            operation: AclOperation::Read.code(),
                            permission_type: AclPermissionType::Allow.code(),
                            ..Default::default()
                        }],
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            }),
            RequestKind::JoinGroup(j) => ResponseKind::JoinGroup(JoinGroupResponse {
                protocol_type: Some(j.protocol_type.clone()),
                members: vec![JoinGroupResponseMember {
                    member_id: "m-1".into(),
                    metadata: j.protocols[0].metadata.clone(),
                    ..Default::default()
                }],
                ..Default::default()
            }),
            RequestKind::SyncGroup(g) => ResponseKind::SyncGroup(SyncGroupResponse {
                assignment: g.assignments[0].assignment.clone(),
                ..Default::default()
            }),
            RequestKind::ConsumerGroupHeartbeat(_) => ResponseKind::ConsumerGroupHeartbeat(
                kafka_messages::ConsumerGroupHeartbeatResponse::default(),
            ),
            RequestKind::ListTransactions(_) => {
                ResponseKind::ListTransactions(kafka_messages::ListTransactionsResponse::default())
            }
            RequestKind::DescribeGroups(d) => {
                ResponseKind::DescribeGroups(DescribeGroupsResponse {
                    groups: d
                        .groups
                        .iter()
                        .map(|group| DescribedGroup {
                            group_id: group.clone(),
                            protocol_type: "consumer".into(),
                            members: vec![DescribedGroupMember {
                                member_id: "m-1".into(),
                                member_metadata: subscription(&["acme.orders"]),
                                member_assignment: assignment("acme.orders"),
                                ..Default::default()
                            }],
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                })
            }
            RequestKind::SaslHandshake(handshake) => {
                ResponseKind::SaslHandshake(kafka_messages::SaslHandshakeResponse {
                    error_code: match SASL_MECHANISMS.contains(&&*handshake.mechanism) {
                        true => 0,
                        false => ErrorCode::UnsupportedSaslMechanism.code(),
                    },
                    mechanisms: SASL_MECHANISMS.iter().map(|&m| m.into()).collect(),
                })
            }
            RequestKind::SaslAuthenticate(round) => {
                ResponseKind::SaslAuthenticate(scripted_sasl(&round.auth_bytes))
            }
            other => panic!("the scripted broker has no answer to {other:?}"),
        })
    }
}

/// The SASL mechanisms a scripted broker accepts.
const SASL_MECHANISMS: [&str; 3] = ["PLAIN", "SCRAM-SHA-512", "OAUTHBEARER"];

/// A scripted broker's answer to one SaslAuthenticate round, from the
/// token alone: PLAIN with password `right`; SCRAM's client-first answered
/// with a server-first, its client-final with proof `good` answered with a
/// server-final; an OAUTHBEARER token accepted unless its payload is `e30`
/// (`{}`), which is answered with Kafka's JSON challenge; anything else
/// (the client's `\x01` after a challenge, for one) refused.
fn scripted_sasl(token: &[u8]) -> kafka_messages::SaslAuthenticateResponse {
    let accept = |answer: &'static [u8]| kafka_messages::SaslAuthenticateResponse {
        auth_bytes: Bytes::from_static(answer),
        ..Default::default()
    };
    let text = String::from_utf8_lossy(token);
    if text.starts_with("n,,n=") {
        accept(b"r=client-nonce-server-nonce,s=c2FsdA==,i=4096")
    } else if text.starts_with("c=") && text.ends_with(",p=good") {
        accept(b"v=c2lnbmF0dXJl")
    } else if text.starts_with("n,,\u{1}auth=Bearer ") && !text.contains(".e30.") {
        accept(b"")
    } else if text.starts_with("n,,\u{1}auth=Bearer ") {
        accept(br#"{"status":"invalid_token"}"#)
    } else if token.contains(&0) && token.ends_with(b"\0right") {
        accept(b"")
    } else {
        kafka_messages::SaslAuthenticateResponse {
            error_code: ErrorCode::SaslAuthenticationFailed.code(),
            error_message: Some("Authentication failed: Invalid username or password".into()),
            ..Default::default()
        }
    }
}

/// What the proxy's events said, as text, and the errors connections ended with.
#[derive(Clone, Default)]
struct Events(Arc<Mutex<Vec<String>>>);

impl Events {
    fn builder(&self, builder: ProxyBuilder) -> ProxyBuilder {
        self.builder_and(builder, |_| {})
    }

    /// Records the proxy's events, and hands each to `also` too.
    fn builder_and(
        &self,
        builder: ProxyBuilder,
        also: impl Fn(&ProxyEvent<'_>) + Send + Sync + 'static,
    ) -> ProxyBuilder {
        let events = self.clone();
        builder.on_event(move |e| {
            also(e);
            let line = match e {
                ProxyEvent::Closed {
                    error: Some(error), ..
                } => format!("closed: {error}"),
                ProxyEvent::Closed { error: None, .. } => "closed cleanly".to_owned(),
                ProxyEvent::Listening { listener, .. } => format!("listening: {listener}"),
                other => format!("{other:?}"),
            };
            events.0.lock().unwrap().push(line);
        })
    }

    /// Waits until an event holds `text`.
    async fn wait_for(&self, text: &str) -> String {
        for _ in 0..500 {
            if let Some(line) = self.0.lock().unwrap().iter().find(|l| l.contains(text)) {
                return line.clone();
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("no event with {text:?} in {:?}", self.0.lock().unwrap());
    }
}

async fn proxy(
    broker: &Broker,
    configure: impl FnOnce(ProxyBuilder) -> ProxyBuilder,
) -> (Proxy, Events) {
    let events = Events::default();
    // The scripted broker answers SaslHandshake on any connection, as no
    // Kafka listener does: told, the proxy does not ask it.
    let builder = Proxy::builder(broker.address.to_string())
        .listen("127.0.0.1:0".parse().unwrap())
        .client_sasl_required(false);
    let proxy = events.builder(configure(builder)).start().await.unwrap();
    (proxy, events)
}

#[tokio::test]
async fn frames_nobody_reads_pass_as_their_bytes_under_the_proxys_correlation_ids() {
    let broker = Broker::start().await;
    let (proxy, _) = proxy(&broker, |b| b).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();

    // An API no release has, then CreateTopics, pipelined, under the client's ids.
    let mut unknown = BytesMut::new();
    unknown.put_i16(UNKNOWN_API);
    unknown.put_i16(7);
    unknown.put_i32(-5);
    unknown.put_i16(-1); // no client id
    unknown.put_slice(&[0xde, 0xad, 0xbe, 0xef]);
    let create = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "orders".into(),
            num_partitions: 3,
            ..Default::default()
        }],
        ..Default::default()
    };
    let create = request(7, 1_000_000, &create);
    write_frame(&mut client, &unknown).await.unwrap();
    write_frame(&mut client, &create).await.unwrap();

    let echoed = read_frame(&mut client).await.unwrap();
    assert_eq!(
        &echoed[..],
        &[0xff, 0xff, 0xff, 0xfb, 0xde, 0xad, 0xbe, 0xef]
    );
    let (corr, created) =
        response::<CreateTopicsResponse>(read_frame(&mut client).await.unwrap(), 7);
    assert_eq!(
        (corr, created.topics[0].name.as_str()),
        (1_000_000, "orders")
    );

    // The broker saw the same bytes under ids 0 and 1.
    let seen = broker.seen();
    assert_eq!(
        seen.iter().map(|s| s.correlation_id).collect::<Vec<_>>(),
        [0, 1]
    );
    for (s, sent) in seen.iter().zip([&unknown.freeze(), &create]) {
        assert_eq!((&s.frame[..4], &s.frame[8..]), (&sent[..4], &sent[8..]));
    }
}

#[tokio::test]
async fn a_produce_with_acks_0_waits_for_no_response() {
    let broker = Broker::start().await;
    let (proxy, _) = proxy(&broker, |b| b).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    for version in [3, 9, 11] {
        for (corr, acks) in [(10, 0), (11, 1), (12, 0), (13, -1)] {
            let produce = ProduceRequest {
                acks,
                timeout_ms: 1000,
                ..Default::default()
            };
            write_frame(&mut client, &request(version, corr, &produce))
                .await
                .unwrap();
        }
        let metadata = MetadataRequest {
            topics: Some(vec![]),
            ..Default::default()
        };
        write_frame(&mut client, &request(12, 14, &metadata))
            .await
            .unwrap();
        let mut got = Vec::new();
        for _ in 0..3 {
            let frame = read_frame(&mut client).await.unwrap();
            got.push(i32::from_be_bytes(frame[..4].try_into().unwrap()));
        }
        assert_eq!(got, [11, 13, 14], "Produce v{version}");
    }
}

fn api_versions(frame: Bytes, version: i16) -> Vec<(i16, i16, i16)> {
    let (_, body) = response::<ApiVersionsResponse>(frame, version);
    body.api_keys
        .iter()
        .map(|a| (a.api_key, a.min_version, a.max_version))
        .collect()
}

fn range_of(versions: &[(i16, i16, i16)], key: i16) -> Option<(i16, i16)> {
    versions.iter().find(|v| v.0 == key).map(|v| (v.1, v.2))
}

#[tokio::test]
async fn api_versions_are_narrowed_for_the_apis_the_proxy_and_its_filters_read() {
    let broker = Broker::start().await;
    let highest = |k: ApiKey| k.all_versions().highest().unwrap();

    // No filter: the proxy reads Metadata; CreateTopics and API 999 pass as the broker says.
    let (plain, _) = proxy(&broker, |b| b).await;
    let mut client = TcpStream::connect(plain.local_addr()).await.unwrap();
    write_frame(&mut client, &request(3, 1, &ApiVersionsRequest::default()))
        .await
        .unwrap();
    let versions = api_versions(read_frame(&mut client).await.unwrap(), 3);
    assert_eq!(range_of(&versions, 3), Some((0, highest(ApiKey::Metadata))));
    assert_eq!(range_of(&versions, 19), Some((2, 99)));
    assert_eq!(range_of(&versions, UNKNOWN_API), Some((0, 5)));

    // The tenant filter reads CreateTopics too.
    let (tenant, _) = proxy(&broker, |b| {
        b.filters(|_: &ClientConnection| {
            vec![Box::new(Tenant::new("acme.").unwrap()) as Box<dyn Filter>]
        })
    })
    .await;
    let mut client = TcpStream::connect(tenant.local_addr()).await.unwrap();
    write_frame(&mut client, &request(4, 1, &ApiVersionsRequest::default()))
        .await
        .unwrap();
    let versions = api_versions(read_frame(&mut client).await.unwrap(), 4);
    assert_eq!(
        range_of(&versions, 19),
        Some((2, highest(ApiKey::CreateTopics)))
    );
    assert_eq!(range_of(&versions, UNKNOWN_API), Some((0, 5)));

    // An ApiVersions newer than this crate's is answered by the proxy, as Kafka answers it.
    let mut newer = BytesMut::new();
    newer.put_i16(18);
    newer.put_i16(99);
    newer.put_i32(77);
    newer.put_i16(-1);
    newer.put_u8(0); // header v2's tagged fields
    newer.put_u8(0); // and the body's
    write_frame(&mut client, &newer).await.unwrap();
    let frame = read_frame(&mut client).await.unwrap();
    let (_, body) = response::<ApiVersionsResponse>(frame, 0);
    assert_eq!(body.error_code, 35);
    let ours = ApiKey::ApiVersions.all_versions();
    assert_eq!(
        (body.api_keys[0].min_version, body.api_keys[0].max_version),
        (ours.lowest().unwrap(), ours.highest().unwrap())
    );
    assert_eq!(broker.seen().iter().filter(|s| s.version == 99).count(), 0);
}

#[tokio::test]
async fn every_broker_is_reached_through_a_listener_of_its_own() {
    let first = Broker::start().await;
    let second = Broker::start().await;
    let cluster = vec![(1, first.address), (2, second.address)];
    *first.brokers.lock().unwrap() = cluster.clone();
    *second.brokers.lock().unwrap() = cluster;
    let (proxy, events) = proxy(&first, |b| b).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();

    let metadata = MetadataRequest {
        topics: Some(vec![]),
        ..Default::default()
    };
    let body: MetadataResponse = exchange(&mut client, 12, 1, &metadata).await;
    let named: Vec<(i32, String, i32)> = body
        .brokers
        .iter()
        .map(|b| (b.node_id, b.host.to_string(), b.port))
        .collect();
    let listener = |id| proxy.node_addr(id).unwrap();
    assert_eq!(
        named,
        [
            (1, "127.0.0.1".to_owned(), i32::from(listener(1).port())),
            (2, "127.0.0.1".to_owned(), i32::from(listener(2).port())),
        ]
    );
    events.wait_for("listening: node 2").await;

    // Node 2's listener reaches the second broker, whose FindCoordinator
    // answer (v3, and v4's batch) names node 2 by its listener too.
    let mut to_second = TcpStream::connect(listener(2)).await.unwrap();
    for version in [3, 4] {
        let find = match version {
            3 => FindCoordinatorRequest {
                key: "group-a".into(),
                ..Default::default()
            },
            _ => FindCoordinatorRequest {
                coordinator_keys: vec!["group-a".into()],
                ..Default::default()
            },
        };
        write_frame(&mut to_second, &request(version, 2, &find))
            .await
            .unwrap();
        let (_, found) =
            response::<FindCoordinatorResponse>(read_frame(&mut to_second).await.unwrap(), version);
        let port = i32::from(listener(2).port());
        match version {
            3 => assert_eq!(
                (found.node_id, found.host.as_str(), found.port),
                (2, "127.0.0.1", port)
            ),
            _ => assert_eq!(
                (found.coordinators[0].node_id, found.coordinators[0].port),
                (2, port)
            ),
        }
    }
    assert_eq!(second.seen().len(), 2);
}

/// Answers every Metadata request from the proxy.
struct AnswerMetadata;

impl Filter for AnswerMetadata {
    fn wants_request(&self, api_key: ApiKey, _: i16) -> bool {
        api_key == ApiKey::Metadata
    }

    fn on_request(
        &mut self,
        _: &ClientConnection,
        request: &mut RequestFrame,
    ) -> Result<Verdict, FilterError> {
        let RequestKind::Metadata(m) = request.decode()? else {
            return Err(FilterError::new("not Metadata"));
        };
        let topics = m.topics.clone().unwrap_or_default();
        Ok(Verdict::respond(ResponseKind::Metadata(MetadataResponse {
            cluster_id: Some("from-the-proxy".into()),
            topics: topics
                .iter()
                .map(|t| MetadataResponseTopic {
                    name: t.name.clone(),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        })))
    }
}

/// Counts the Metadata responses it sees.
struct CountMetadata(Arc<std::sync::atomic::AtomicUsize>);

impl Filter for CountMetadata {
    fn wants_response(&self, api_key: ApiKey, _: i16) -> bool {
        api_key == ApiKey::Metadata
    }

    fn on_response(
        &mut self,
        _: &ClientConnection,
        _: &kafka_wire_proxy::RequestInfo,
        response: &mut kafka_wire_proxy::ResponseFrame,
    ) -> Result<(), FilterError> {
        let ResponseKind::Metadata(m) = response.decode()? else {
            return Err(FilterError::new("not Metadata"));
        };
        assert_eq!(m.cluster_id.as_deref(), Some("from-the-proxy"));
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(())
    }
}

#[tokio::test]
async fn an_answer_from_a_filter_waits_for_the_responses_before_it() {
    let broker = Broker::start().await;
    let seen = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = Arc::clone(&seen);
    let (proxy, _) = proxy(&broker, move |b| {
        b.filters(move |_: &ClientConnection| {
            vec![
                Box::new(CountMetadata(Arc::clone(&counter))) as Box<dyn Filter>,
                Box::new(AnswerMetadata),
            ]
        })
    })
    .await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let create = CreateTopicsRequest::default();
    let metadata = MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: Some("t".into()),
            ..Default::default()
        }]),
        ..Default::default()
    };
    write_frame(&mut client, &request(7, 1, &create))
        .await
        .unwrap();
    write_frame(&mut client, &request(12, 2, &metadata))
        .await
        .unwrap();
    write_frame(&mut client, &request(7, 3, &create))
        .await
        .unwrap();
    let mut order = Vec::new();
    for _ in 0..3 {
        let frame = read_frame(&mut client).await.unwrap();
        order.push(i32::from_be_bytes(frame[..4].try_into().unwrap()));
        if order.last() == Some(&2) {
            let (_, body) = response::<MetadataResponse>(frame, 12);
            assert_eq!(body.cluster_id.as_deref(), Some("from-the-proxy"));
        }
    }
    assert_eq!(order, [1, 2, 3]);
    assert!(
        broker.seen().iter().all(|s| s.api_key != 3),
        "the broker saw no Metadata"
    );
    // The filter before the answering one saw the answer, as it would the broker's.
    assert_eq!(seen.load(std::sync::atomic::Ordering::SeqCst), 1);
}

/// A proxy to `broker` with the tenant `acme.`, and a client connected to it.
async fn tenant_client(broker: &Broker) -> (Proxy, TcpStream) {
    let (proxy, _) = proxy(broker, |b| {
        b.filters(|_: &ClientConnection| {
            vec![Box::new(Tenant::new("acme.").unwrap()) as Box<dyn Filter>]
        })
    })
    .await;
    let client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    (proxy, client)
}

#[tokio::test]
async fn a_tenant_sees_its_names_and_the_broker_holds_them_prefixed() {
    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let (_proxy, mut client) = tenant_client(&broker).await;

    let create = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "orders".into(),
            num_partitions: 1,
            ..Default::default()
        }],
        ..Default::default()
    };
    let created: CreateTopicsResponse = exchange(&mut client, 7, 1, &create).await;
    assert_eq!(created.topics[0].name.as_str(), "orders");

    // All topics: the tenant's only, without the prefix.
    let all = MetadataRequest {
        topics: None,
        ..Default::default()
    };
    let listed: MetadataResponse = exchange(&mut client, 12, 2, &all).await;
    let names: Vec<_> = listed
        .topics
        .iter()
        .filter_map(|t| t.name.as_deref())
        .collect();
    assert_eq!(names, ["orders"]);

    // FindCoordinator's keys carry the prefix to the broker.
    let find = FindCoordinatorRequest {
        coordinator_keys: vec!["group-a".into()],
        ..Default::default()
    };
    let found: FindCoordinatorResponse = exchange(&mut client, 4, 3, &find).await;
    assert_eq!(found.coordinators[0].key.as_str(), "group-a");

    let seen = broker.seen();
    let (_, RequestKind::CreateTopics(c)) =
        RequestKind::decode_frame(seen[0].frame.clone()).unwrap()
    else {
        panic!("{seen:?}")
    };
    assert_eq!(c.topics[0].name.as_str(), "acme.orders");
    let (_, RequestKind::FindCoordinator(f)) =
        RequestKind::decode_frame(seen[2].frame.clone()).unwrap()
    else {
        panic!("{seen:?}")
    };
    assert_eq!(f.coordinator_keys[0].as_str(), "acme.group-a");
}

/// The topic ids a scripted broker's Fetch, Produce and DeleteTopics
/// requests named, in order.
fn ids_sent(broker: &Broker) -> Vec<Uuid> {
    let mut ids = Vec::new();
    for seen in broker.seen() {
        match RequestKind::decode_frame(seen.frame).unwrap().1 {
            RequestKind::Fetch(f) => ids.extend(f.topics.iter().map(|t| t.topic_id)),
            RequestKind::Produce(p) => ids.extend(p.topic_data.iter().map(|t| t.topic_id)),
            RequestKind::DeleteTopics(d) => ids.extend(d.topics.iter().map(|t| t.topic_id)),
            RequestKind::Metadata(m) => {
                ids.extend(m.topics.iter().flatten().map(|t| t.topic_id));
            }
            _ => {}
        }
    }
    ids
}

fn fetch_by_ids(ids: &[Uuid]) -> FetchRequest {
    FetchRequest {
        topics: ids
            .iter()
            .map(|&topic_id| FetchTopic {
                topic_id,
                partitions: vec![FetchPartition::default()],
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

#[tokio::test]
async fn a_tenant_reaches_its_own_topics_by_id_and_no_other_tenants() {
    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let (_proxy, mut client) = tenant_client(&broker).await;
    let ours = topic_id_of("acme.orders");
    let theirs = topic_id_of("other.payments");
    let nobodys = Uuid::from_u64_pair(0xdead, 0xbeef);

    // Before the proxy has seen an id, no id is the tenant's: Fetch by its
    // own id meets UNKNOWN_TOPIC_ID, as after a proxy restart.
    let fetched: FetchResponse = exchange(&mut client, 17, 1, &fetch_by_ids(&[ours])).await;
    assert_eq!(fetched.responses[0].topic_id, ours);
    assert_eq!(
        fetched.responses[0].partitions[0].error_code,
        ErrorCode::UnknownTopicId.code()
    );

    // Metadata by name teaches the proxy the tenant's id.
    let by_name = MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: Some("orders".into()),
            ..Default::default()
        }]),
        ..Default::default()
    };
    let named: MetadataResponse = exchange(&mut client, 12, 2, &by_name).await;
    assert_eq!(named.topics[0].name.as_deref(), Some("orders"));
    assert_eq!(named.topics[0].topic_id, ours);

    // Fetch: the tenant's id passes; another tenant's and an unknown one
    // reach the broker as ids that name nothing, and come back as sent.
    let before = ids_sent(&broker).len();
    let fetch = fetch_by_ids(&[ours, theirs, nobodys]);
    let fetched: FetchResponse = exchange(&mut client, 17, 3, &fetch).await;
    let answered: Vec<_> = fetched
        .responses
        .iter()
        .map(|t| (t.topic_id, t.partitions[0].error_code))
        .collect();
    let unknown = ErrorCode::UnknownTopicId.code();
    assert_eq!(answered, [(ours, 0), (theirs, unknown), (nobodys, unknown)]);
    let sent = ids_sent(&broker)[before..].to_vec();
    assert_eq!(sent[0], ours);
    for stand_in in &sent[1..] {
        assert!(topic_name_of(*stand_in).is_none(), "{sent:?}");
        assert!(
            ![theirs, nobodys, Uuid::ZERO].contains(stand_in),
            "{sent:?}"
        );
    }
    // The same id, the same stand-in: fetch sessions stay consistent.
    let again: FetchResponse = exchange(&mut client, 17, 4, &fetch_by_ids(&[theirs])).await;
    assert_eq!(again.responses[0].topic_id, theirs);
    assert_eq!(*ids_sent(&broker).last().unwrap(), sent[1]);

    // Produce by id to another tenant's topic.
    let produce = ProduceRequest {
        acks: -1,
        timeout_ms: 1000,
        topic_data: vec![TopicProduceData {
            topic_id: theirs,
            partition_data: vec![PartitionProduceData::default()],
            ..Default::default()
        }],
        ..Default::default()
    };
    let produced: ProduceResponse = exchange(&mut client, 13, 5, &produce).await;
    assert_eq!(produced.responses[0].topic_id, theirs);
    assert_eq!(
        produced.responses[0].partition_responses[0].error_code,
        unknown
    );
    assert_ne!(*ids_sent(&broker).last().unwrap(), theirs);

    // DeleteTopics by id of another tenant's topic: never deleted.
    let delete = DeleteTopicsRequest {
        topics: vec![DeleteTopicState {
            name: None,
            topic_id: theirs,
            ..Default::default()
        }],
        timeout_ms: 1000,
        ..Default::default()
    };
    let deleted: DeleteTopicsResponse = exchange(&mut client, 6, 6, &delete).await;
    assert_eq!(deleted.responses[0].topic_id, theirs);
    assert_eq!(deleted.responses[0].name, None);
    assert_eq!(deleted.responses[0].error_code, unknown);
    assert!(!ids_sent(&broker).contains(&theirs));

    // Metadata by id: the tenant's own comes back named; another tenant's,
    // which the broker is asked to look up (the proxy had not seen it), is
    // answered as Kafka answers an unknown id.
    let by_id = |id| MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: None,
            topic_id: id,
            ..Default::default()
        }]),
        ..Default::default()
    };
    let mine: MetadataResponse = exchange(&mut client, 12, 7, &by_id(ours)).await;
    assert_eq!(mine.topics[0].name.as_deref(), Some("orders"));
    for corr in [8, 9] {
        let other: MetadataResponse = exchange(&mut client, 12, corr, &by_id(theirs)).await;
        let t = &other.topics[0];
        assert_eq!(
            (t.error_code, t.name.as_deref(), t.topic_id),
            (unknown, None, theirs),
            "lookup {corr}"
        );
        assert_eq!(t.partitions.len(), 0);
        assert_eq!(t.topic_authorized_operations, i32::MIN);
    }
    // The first lookup reached the broker; the second, with the id now
    // known to be another tenant's, went as a stand-in.
    let sent = ids_sent(&broker);
    assert_eq!(
        sent.iter().filter(|&&id| id == theirs).count(),
        1,
        "{sent:?}"
    );
}

#[tokio::test]
async fn a_tenants_anchored_regex_and_transaction_pattern_match_its_names() {
    use kafka_messages::{
        ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse, ListTransactionsRequest,
        ListTransactionsResponse,
    };
    let broker = Broker::start().await;
    let (_proxy, mut client) = tenant_client(&broker).await;
    let heartbeat = |regex: &str| ConsumerGroupHeartbeatRequest {
        group_id: "g".into(),
        member_epoch: 0,
        subscribed_topic_regex: Some(regex.into()),
        ..Default::default()
    };
    let answered: ConsumerGroupHeartbeatResponse =
        exchange(&mut client, 1, 1, &heartbeat("^orders$")).await;
    assert_eq!(answered.error_code, 0);
    let list = ListTransactionsRequest {
        transactional_id_pattern: Some("^tx-.*".into()),
        ..Default::default()
    };
    let _: ListTransactionsResponse = exchange(&mut client, 2, 2, &list).await;
    let (_, RequestKind::ConsumerGroupHeartbeat(h)) =
        RequestKind::decode_frame(broker.seen()[0].frame.clone()).unwrap()
    else {
        panic!()
    };
    assert_eq!(
        h.subscribed_topic_regex.as_deref(),
        Some("acme\\.(?:orders$)")
    );
    let (_, RequestKind::ListTransactions(l)) =
        RequestKind::decode_frame(broker.seen()[1].frame.clone()).unwrap()
    else {
        panic!()
    };
    assert_eq!(
        l.transactional_id_pattern.as_deref(),
        Some("acme\\.(?:tx-.*)")
    );

    // One that would leave the tenant's group is answered by the proxy.
    let refused: ConsumerGroupHeartbeatResponse =
        exchange(&mut client, 1, 3, &heartbeat("x)|(?:.*")).await;
    assert_eq!(
        refused.error_code,
        ErrorCode::InvalidRegularExpression.code()
    );
    assert!(refused.error_message.unwrap().contains("parentheses"));
    assert_eq!(broker.seen().len(), 2);
}

/// A writer whose bytes a test reads back.
#[derive(Clone, Default)]
struct Written(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Written {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn the_request_log_names_the_clients_software_and_principal() {
    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let written = Written::default();
    let logger = kafka_wire_proxy::filters::Logger::new(written.clone()).json();
    let (proxy, _) = proxy(&broker, |b| {
        b.filters(move |_: &ClientConnection| vec![Box::new(logger.clone()) as Box<dyn Filter>])
    })
    .await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let hello = ApiVersionsRequest {
        client_software_name: "kafka-wire-test".into(),
        client_software_version: "1.2.3".into(),
        ..Default::default()
    };
    let _: ApiVersionsResponse = exchange(&mut client, 3, 1, &hello).await;
    let metadata = MetadataRequest {
        topics: Some(vec![]),
        ..Default::default()
    };
    let _: MetadataResponse = exchange(&mut client, 12, 2, &metadata).await;
    let text = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
    let last = text.lines().last().unwrap();
    for expected in [
        r#""requestApiKeyName":"METADATA""#,
        r#""securityProtocol":"PLAINTEXT""#,
        r#""principal":"User:ANONYMOUS""#,
        r#""clientInformation":{"softwareName":"kafka-wire-test","softwareVersion":"1.2.3"}"#,
    ] {
        assert!(last.contains(expected), "{expected} in {last}");
    }
}

/// An ACL pattern as a test writes it: type, pattern type and name.
fn pattern(resource_type: i8, pattern_type: i8, name: &str) -> (ResourceType, PatternType, String) {
    (resource_type.into(), pattern_type.into(), name.to_owned())
}

fn creation(resource_type: ResourceType, pattern_type: PatternType, name: &str) -> AclCreation {
    AclCreation::new(
        resource_type,
        name,
        pattern_type,
        "User:alice",
        "*",
        AclOperation::Read,
        AclPermissionType::Allow,
    )
}

fn deletion(
    resource_type: ResourceType,
    pattern_type: PatternType,
    name: Option<&str>,
) -> DeleteAclsFilter {
    DeleteAclsFilter {
        resource_type_filter: resource_type.code(),
        resource_name_filter: name.map(Into::into),
        pattern_type_filter: pattern_type.code(),
        operation: AclOperation::Any.code(),
        permission_type: AclPermissionType::Any.code(),
        ..Default::default()
    }
}

#[tokio::test]
async fn a_tenants_acls_are_its_names_and_deletions_stay_among_them() {
    use PatternType::{Any, Literal, Match, Prefixed};
    use ResourceType::{Cluster, Group, Topic};
    let broker = Broker::start().await;
    let (_proxy, mut client) = tenant_client(&broker).await;

    // Created: the tenant's names prefixed and its wildcard a prefix; the cluster's is not the
    // tenant's to make, and is refused in its place.
    let create = CreateAclsRequest {
        creations: vec![
            creation(Topic, Literal, "orders"),
            creation(Topic, Literal, "*"),
            creation(Cluster, Literal, "kafka-cluster"),
            creation(Group, Prefixed, "app-"),
        ],
        ..Default::default()
    };
    let created: CreateAclsResponse = exchange(&mut client, 3, 1, &create).await;
    let codes: Vec<_> = created.results.iter().map(|r| r.error_code).collect();
    assert_eq!(codes, [0, 0, 31, 0], "{created:?}");
    let RequestKind::CreateAcls(at_broker) = broker.sent(0) else {
        panic!()
    };
    let patterns: Vec<_> = at_broker
        .creations
        .iter()
        .map(|c| pattern(c.resource_type, c.resource_pattern_type, &c.resource_name))
        .collect();
    assert_eq!(
        patterns,
        [
            pattern(2, 3, "acme.orders"),
            pattern(2, 4, "acme."),
            pattern(3, 4, "acme.app-"),
        ]
    );

    // Described: the tenant's alone, not another tenant's, the operator's `*` or the cluster's.
    let describe = DescribeAclsRequest {
        resource_type_filter: ResourceType::Any.code(),
        resource_name_filter: None,
        pattern_type_filter: Any.code(),
        operation: AclOperation::Any.code(),
        permission_type: AclPermissionType::Any.code(),
        ..Default::default()
    };
    let described: DescribeAclsResponse = exchange(&mut client, 3, 2, &describe).await;
    let patterns: Vec<_> = described
        .resources
        .iter()
        .map(|r| pattern(r.resource_type, r.pattern_type, &r.resource_name))
        .collect();
    assert_eq!(
        patterns,
        [
            pattern(2, 3, "orders"),
            pattern(2, 3, "*"),
            pattern(3, 4, "app-"),
        ]
    );

    // Deleted: named filters go on; those that would reach other tenants' ACLs are
    // refused in their places.
    let delete = DeleteAclsRequest {
        filters: vec![
            deletion(Topic, Literal, Some("orders")),
            deletion(Topic, Any, None),
            deletion(Group, Match, Some("app-1")),
            deletion(Topic, Literal, Some("*")),
            deletion(ResourceType::Any, Literal, Some("orders")),
            deletion(Cluster, Any, None),
        ],
        ..Default::default()
    };
    let deleted: DeleteAclsResponse = exchange(&mut client, 3, 3, &delete).await;
    let codes: Vec<_> = deleted
        .filter_results
        .iter()
        .map(|r| r.error_code)
        .collect();
    assert_eq!(codes, [0, 42, 42, 0, 42, 31]);
    assert!(deleted.filter_results[1]
        .error_message
        .as_deref()
        .unwrap()
        .contains("names its resource"));
    assert!(deleted.filter_results[2]
        .error_message
        .as_deref()
        .unwrap()
        .contains("MATCH"));
    assert!(deleted.filter_results[4]
        .error_message
        .as_deref()
        .unwrap()
        .contains("names its resource type"));
    let matched: Vec<_> = [0, 3]
        .map(|at| {
            let m = &deleted.filter_results[at].matching_acls[0];
            pattern(m.resource_type, m.pattern_type, &m.resource_name)
        })
        .to_vec();
    assert_eq!(matched, [pattern(2, 3, "orders"), pattern(2, 3, "*")]);
    let RequestKind::DeleteAcls(at_broker) = broker.sent(2) else {
        panic!()
    };
    let filters: Vec<_> = at_broker
        .filters
        .iter()
        .map(|f| {
            pattern(
                f.resource_type_filter,
                f.pattern_type_filter,
                f.resource_name_filter.as_deref().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        filters,
        [pattern(2, 3, "acme.orders"), pattern(2, 4, "acme.")]
    );

    // Nothing left to forward: the proxy answers, and version 0 cannot carry the wildcard.
    let refused = DeleteAclsRequest {
        filters: vec![deletion(Group, Any, None)],
        ..Default::default()
    };
    let answered: DeleteAclsResponse = exchange(&mut client, 3, 4, &refused).await;
    assert_eq!(answered.filter_results.len(), 1);
    assert_eq!(answered.filter_results[0].error_code, 42);
    let wildcard_v0 = CreateAclsRequest {
        creations: vec![creation(Topic, Literal, "*")],
        ..Default::default()
    };
    let answered: CreateAclsResponse = exchange(&mut client, 0, 5, &wildcard_v0).await;
    assert_eq!(answered.results[0].error_code, 42);
    assert!(answered.results[0]
        .error_message
        .as_deref()
        .unwrap()
        .contains("version 0"));
    assert_eq!(broker.seen().len(), 3, "the broker saw neither");
}

/// A classic consumer's subscription bytes: version 1, the topics, and the
/// first one's partition 0 owned.
fn subscription(topics: &[&str]) -> Bytes {
    let s = ConsumerProtocolSubscription {
        topics: topics.iter().map(|&t| t.into()).collect(),
        owned_partitions: vec![
            kafka_messages::consumer_protocol_subscription::TopicPartition {
                topic: topics[0].into(),
                partitions: vec![0],
            },
        ],
        ..Default::default()
    };
    let mut out = BytesMut::new();
    out.put_i16(1);
    s.encode(&mut out, 1).unwrap();
    out.freeze()
}

/// A classic consumer's assignment bytes: version 0, partitions 0 and 1 of `topic`.
fn assignment(topic: &str) -> Bytes {
    let a = ConsumerProtocolAssignment {
        assigned_partitions: vec![
            kafka_messages::consumer_protocol_assignment::TopicPartition {
                topic: topic.into(),
                partitions: vec![0, 1],
            },
        ],
        ..Default::default()
    };
    let mut out = BytesMut::new();
    out.put_i16(0);
    a.encode(&mut out, 0).unwrap();
    out.freeze()
}

#[tokio::test]
async fn a_classic_consumers_subscription_and_assignment_name_the_tenants_topics() {
    let broker = Broker::start().await;
    let (_proxy, mut client) = tenant_client(&broker).await;

    // JoinGroup v5: its response does not say the protocol type; the request did.
    let join = JoinGroupRequest {
        group_id: "billing".into(),
        protocol_type: "consumer".into(),
        protocols: vec![JoinGroupRequestProtocol {
            name: "range".into(),
            metadata: subscription(&["orders", "payments"]),
            ..Default::default()
        }],
        ..Default::default()
    };
    let joined: JoinGroupResponse = exchange(&mut client, 5, 1, &join).await;
    assert_eq!(
        joined.members[0].metadata,
        subscription(&["orders", "payments"])
    );
    let RequestKind::JoinGroup(at_broker) = broker.sent(0) else {
        panic!()
    };
    assert_eq!(at_broker.group_id.as_str(), "acme.billing");
    assert_eq!(
        at_broker.protocols[0].metadata,
        subscription(&["acme.orders", "acme.payments"])
    );

    // SyncGroup v3 says no protocol type: the group's JoinGroup did.
    let sync = SyncGroupRequest {
        group_id: "billing".into(),
        assignments: vec![SyncGroupRequestAssignment {
            member_id: "m-1".into(),
            assignment: assignment("orders"),
            ..Default::default()
        }],
        ..Default::default()
    };
    let synced: SyncGroupResponse = exchange(&mut client, 3, 2, &sync).await;
    assert_eq!(synced.assignment, assignment("orders"));
    let RequestKind::SyncGroup(at_broker) = broker.sent(1) else {
        panic!()
    };
    assert_eq!(
        at_broker.assignments[0].assignment,
        assignment("acme.orders")
    );

    // DescribeGroups shows the members' bytes as the client wrote them.
    let describe = DescribeGroupsRequest {
        groups: vec!["billing".into()],
        ..Default::default()
    };
    let described: DescribeGroupsResponse = exchange(&mut client, 5, 3, &describe).await;
    let member = &described.groups[0].members[0];
    assert_eq!(described.groups[0].group_id.as_str(), "billing");
    assert_eq!(member.member_metadata, subscription(&["orders"]));
    assert_eq!(member.member_assignment, assignment("orders"));
}

#[tokio::test]
async fn a_frame_over_the_limit_ends_the_connection_when_its_size_arrives() {
    let broker = Broker::start().await;
    let (proxy, events) = proxy(&broker, |b| b.max_frame_size(1024)).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    client
        .write_all(&(2_000_000_000i32).to_be_bytes())
        .await
        .unwrap();
    let mut rest = Vec::new();
    assert_eq!(client.read_to_end(&mut rest).await.unwrap(), 0);
    let closed = events.wait_for("closed:").await;
    assert!(
        closed.contains("client: frame size 2000000000 is outside 0..=1024"),
        "{closed}"
    );
    assert!(broker.seen().is_empty());
}

#[tokio::test]
async fn garbage_ends_the_connection_with_what_did_not_read() {
    let broker = Broker::start().await;
    let (proxy, events) = proxy(&broker, |b| b).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    write_frame(&mut client, &[0x00, 0x03]).await.unwrap();
    let mut rest = Vec::new();
    assert_eq!(client.read_to_end(&mut rest).await.unwrap(), 0);
    let closed = events.wait_for("closed:").await;
    assert!(closed.contains("request header"), "{closed}");

    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    client.write_all(&(-7i32).to_be_bytes()).await.unwrap();
    assert_eq!(client.read_to_end(&mut rest).await.unwrap(), 0);
    assert!(broker.seen().is_empty());
}

#[tokio::test]
async fn a_client_that_stalls_inside_a_frame_is_let_go() {
    let broker = Broker::start().await;
    let (proxy, events) = proxy(&broker, |b| {
        b.stall_timeout(Some(Duration::from_millis(200)))
    })
    .await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    client.write_all(&[0, 0, 0, 40, 0, 3, 0]).await.unwrap();
    let mut rest = Vec::new();
    assert_eq!(client.read_to_end(&mut rest).await.unwrap(), 0);
    let closed = events.wait_for("closed:").await;
    assert!(closed.contains("client sent part of a frame"), "{closed}");
}

#[tokio::test]
async fn a_broker_that_goes_away_ends_its_clients_connection() {
    let broker = Broker::start().await;
    let (proxy, events) = proxy(&broker, |b| b).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let mut close = BytesMut::new();
    close.put_i16(CLOSE_API);
    close.put_i16(0);
    close.put_i32(1);
    close.put_i16(-1);
    write_frame(&mut client, &close).await.unwrap();
    let mut rest = Vec::new();
    assert_eq!(client.read_to_end(&mut rest).await.unwrap(), 0);
    let closed = events.wait_for("closed:").await;
    assert!(closed.contains("1 request(s) unanswered"), "{closed}");
    // And the proxy takes the next connection.
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    write_frame(&mut client, &request(3, 5, &ApiVersionsRequest::default()))
        .await
        .unwrap();
    assert!(!api_versions(read_frame(&mut client).await.unwrap(), 3).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_clients_at_once() {
    let broker = Broker::start().await;
    let (proxy, _) = proxy(&broker, |b| b).await;
    let address = proxy.local_addr();
    let (done, mut finished) = mpsc::channel(200);
    for i in 0..200 {
        let done = done.clone();
        tokio::spawn(async move {
            let mut client = TcpStream::connect(address).await.unwrap();
            for corr in 0..5 {
                write_frame(
                    &mut client,
                    &request(3, i * 10 + corr, &ApiVersionsRequest::default()),
                )
                .await
                .unwrap();
            }
            for corr in 0..5 {
                let frame = read_frame(&mut client).await.unwrap();
                assert_eq!(response::<ApiVersionsResponse>(frame, 3).0, i * 10 + corr);
            }
            done.send(i).await.unwrap();
        });
    }
    drop(done);
    let mut count = 0;
    while tokio::time::timeout(Duration::from_secs(30), finished.recv())
        .await
        .expect("every client answered within 30 s")
        .is_some()
    {
        count += 1;
    }
    assert_eq!(count, 200);
    assert_eq!(broker.seen().len(), 1000);
}

#[tokio::test]
async fn a_broker_that_cannot_be_reached_is_reported() {
    let unused = TcpListener::bind("127.0.0.1:0")
        .await
        .unwrap()
        .local_addr()
        .unwrap();
    let events = Events::default();
    let proxy = events
        .builder(Proxy::builder(unused.to_string()).listen("127.0.0.1:0".parse().unwrap()))
        .start()
        .await
        .unwrap();
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let mut rest = Vec::new();
    assert_eq!(client.read_to_end(&mut rest).await.unwrap(), 0);
    let closed = events.wait_for("closed:").await;
    assert!(
        closed.contains(&format!("connecting to the broker at {unused}")),
        "{closed}"
    );
}

#[tokio::test]
async fn listening_everywhere_needs_an_advertised_host() {
    let error = Proxy::builder("127.0.0.1:9092")
        .listen("0.0.0.0:0".parse().unwrap())
        .start()
        .await
        .err()
        .expect("refused");
    assert_eq!(error.kind(), io::ErrorKind::InvalidInput);
    assert!(
        error.to_string().contains("needs an advertised host"),
        "{error}"
    );
    let proxy = Proxy::builder("127.0.0.1:9092")
        .listen("0.0.0.0:0".parse().unwrap())
        .advertised_host("127.0.0.1")
        .start()
        .await
        .unwrap();
    assert!(proxy.local_addr().ip().is_unspecified());
}

/// Certificates for the TLS tests: an authority, and certificates it signs.
#[cfg(feature = "tls")]
mod pki {
    use std::sync::Arc;

    use kafka_wire_proxy::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
    use kafka_wire_proxy::rustls::server::WebPkiClientVerifier;
    use kafka_wire_proxy::rustls::{ClientConfig, RootCertStore, ServerConfig};
    pub use rcgen::SanType;
    use rcgen::{
        BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer, KeyPair,
    };

    /// A certificate authority of a test's own.
    pub struct Authority {
        certificate: CertificateDer<'static>,
        issuer: Issuer<'static, KeyPair>,
    }

    impl Authority {
        pub fn new() -> Authority {
            let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
            params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
            let key = KeyPair::generate().unwrap();
            let certificate = params.self_signed(&key).unwrap().der().clone();
            Authority {
                certificate,
                issuer: Issuer::new(params, key),
            }
        }

        /// A server's configuration, with a certificate for `names` that
        /// this authority signs.
        pub fn server(&self, names: &[&str]) -> Arc<ServerConfig> {
            let names: Vec<String> = names.iter().map(|&n| n.to_owned()).collect();
            let key = KeyPair::generate().unwrap();
            let certificate = CertificateParams::new(names)
                .unwrap()
                .signed_by(&key, &self.issuer)
                .unwrap();
            let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
            let config = ServerConfig::builder()
                .with_no_client_auth()
                .with_single_cert(vec![certificate.der().clone()], key)
                .unwrap();
            Arc::new(config)
        }

        /// A server's configuration for `names` that asks every client for
        /// a certificate this authority signed.
        pub fn server_checking_clients(&self, names: &[&str]) -> Arc<ServerConfig> {
            let names: Vec<String> = names.iter().map(|&n| n.to_owned()).collect();
            let key = KeyPair::generate().unwrap();
            let certificate = CertificateParams::new(names)
                .unwrap()
                .signed_by(&key, &self.issuer)
                .unwrap();
            let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
            let mut roots = RootCertStore::empty();
            roots.add(self.certificate.clone()).unwrap();
            let verifier = WebPkiClientVerifier::builder(Arc::new(roots))
                .build()
                .unwrap();
            let config = ServerConfig::builder()
                .with_client_cert_verifier(verifier)
                .with_single_cert(vec![certificate.der().clone()], key)
                .unwrap();
            Arc::new(config)
        }

        /// A client's configuration that trusts this authority and presents
        /// a certificate it signed for subject `common_name` with `sans`.
        pub fn client_with_certificate(
            &self,
            common_name: &str,
            sans: Vec<SanType>,
        ) -> Arc<ClientConfig> {
            let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
            params
                .distinguished_name
                .push(DnType::CommonName, common_name);
            params.subject_alt_names = sans;
            params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ClientAuth];
            let key = KeyPair::generate().unwrap();
            let certificate = params.signed_by(&key, &self.issuer).unwrap();
            let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
            let mut roots = RootCertStore::empty();
            roots.add(self.certificate.clone()).unwrap();
            Arc::new(
                ClientConfig::builder()
                    .with_root_certificates(roots)
                    .with_client_auth_cert(vec![certificate.der().clone()], key)
                    .unwrap(),
            )
        }

        /// A client's configuration that trusts this authority alone.
        pub fn client(&self) -> Arc<ClientConfig> {
            let mut roots = RootCertStore::empty();
            roots.add(self.certificate.clone()).unwrap();
            Arc::new(
                ClientConfig::builder()
                    .with_root_certificates(roots)
                    .with_no_client_auth(),
            )
        }
    }
}

#[cfg(feature = "tls")]
#[tokio::test]
async fn tls_toward_clients_and_brokers_ends_at_the_proxy() {
    let authority = pki::Authority::new();
    let broker = Broker::start_tls(authority.server(&["127.0.0.1"])).await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let (proxy, events) = proxy(&broker, |b| {
        b.client_tls(authority.server(&["127.0.0.1"]))
            .broker_tls(authority.client())
    })
    .await;
    let connector = tokio_rustls::TlsConnector::from(authority.client());
    let name = kafka_wire_proxy::rustls::pki_types::ServerName::try_from("127.0.0.1").unwrap();
    let tcp = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let mut client = connector.connect(name.clone(), tcp).await.unwrap();

    // The broker is named as the proxy's listener, and reached through it over TLS too.
    let metadata: MetadataResponse =
        exchange(&mut client, 12, 1, &MetadataRequest::default()).await;
    let node = proxy.node_addr(1).unwrap();
    assert_eq!(metadata.brokers[0].port, i32::from(node.port()));
    let tcp = TcpStream::connect(node).await.unwrap();
    let mut to_node = connector.connect(name, tcp).await.unwrap();
    let create = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "orders".into(),
            num_partitions: 1,
            ..Default::default()
        }],
        ..Default::default()
    };
    let created: CreateTopicsResponse = exchange(&mut to_node, 7, 2, &create).await;
    assert_eq!(created.topics[0].name.as_str(), "orders");
    let seen = broker.seen();
    assert_eq!(
        seen.iter().map(|s| s.api_key).collect::<Vec<_>>(),
        [3, 19],
        "the broker read both requests, decrypted"
    );

    // Clients that close without TLS's close_notify (Kafka's do) end cleanly.
    drop((client, to_node));
    events.wait_for("closed cleanly").await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let lines = events.0.lock().unwrap().clone();
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("closed"))
            .collect::<Vec<_>>(),
        ["closed cleanly", "closed cleanly"],
        "{lines:?}"
    );
}

#[cfg(feature = "tls")]
#[tokio::test]
async fn a_large_response_reaches_a_slow_tls_client_whole() {
    let authority = pki::Authority::new();
    let broker = Broker::start().await;
    let (proxy, _) = proxy(&broker, |b| b.client_tls(authority.server(&["127.0.0.1"]))).await;
    let connector = tokio_rustls::TlsConnector::from(authority.client());
    let name = kafka_wire_proxy::rustls::pki_types::ServerName::try_from("127.0.0.1").unwrap();
    let tcp = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let mut client = connector.connect(name, tcp).await.unwrap();
    let mut large = BytesMut::new();
    large.put_i16(LARGE_API);
    large.put_i16(0);
    large.put_i32(7);
    large.put_i16(-1); // no client id
    write_frame(&mut client, &large).await.unwrap();
    // Not read until the sockets between are full, so that the proxy's
    // writes wait on the client's reading.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let frame = tokio::time::timeout(Duration::from_secs(10), read_frame(&mut client))
        .await
        .expect("the whole response within 10 s")
        .unwrap();
    assert_eq!(frame.len(), 4 + LARGE);
    assert_eq!(&frame[..4], &7i32.to_be_bytes());
    assert!(frame[4..].iter().enumerate().all(|(i, &b)| b == i as u8));
}

#[tokio::test]
async fn a_large_response_nobody_reads_is_passed_on_as_it_arrives() {
    let broker = Broker::start().await;
    let (proxy, events) = proxy(&broker, |b| b).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let request = |api_key: i16, correlation_id: i32| {
        let mut r = BytesMut::new();
        r.put_i16(api_key);
        r.put_i16(0);
        r.put_i32(correlation_id);
        r.put_i16(-1); // no client id
        r.put_slice(&[0xde, 0xad, 0xbe, 0xef]);
        r
    };
    write_frame(&mut client, &request(HALTING_API, 7))
        .await
        .unwrap();
    // The broker sends half and waits for the next request: the client
    // gets that half under its own correlation id (all but the last part,
    // which waits for a part's worth of bytes) before the proxy has the
    // rest.
    let early = LARGE / 2 - 64 * 1024;
    let mut first = vec![0; 8 + early];
    tokio::time::timeout(Duration::from_secs(10), client.read_exact(&mut first))
        .await
        .expect("half the response before the broker sends the rest")
        .unwrap();
    assert_eq!(&first[..4], &(4 + LARGE as u32).to_be_bytes());
    assert_eq!(&first[4..8], &7i32.to_be_bytes());
    assert!(first[8..].iter().enumerate().all(|(i, &b)| b == i as u8));
    // The next request releases the rest, then is answered in its turn.
    write_frame(&mut client, &request(UNKNOWN_API, 8))
        .await
        .unwrap();
    let mut rest = vec![0; LARGE - early];
    client.read_exact(&mut rest).await.unwrap();
    assert!(rest
        .iter()
        .enumerate()
        .all(|(i, &b)| b == (early + i) as u8));
    let echo = read_frame(&mut client).await.unwrap();
    assert_eq!(&echo[..], &[0, 0, 0, 8, 0xde, 0xad, 0xbe, 0xef]);
    // A broker that ends inside a response passed on ends the connection
    // with an error that says so.
    write_frame(&mut client, &request(HALTING_API, 9))
        .await
        .unwrap();
    client.read_exact(&mut first).await.unwrap();
    write_frame(&mut client, &request(CLOSE_API, 10))
        .await
        .unwrap();
    let mut after = Vec::new();
    let _ = client.read_to_end(&mut after).await;
    assert!(after.len() < LARGE / 2, "not the rest: {}", after.len());
    let closed = events.wait_for("closed:").await;
    assert!(
        closed.contains("the broker ended its stream inside a frame"),
        "{closed}"
    );
}

#[tokio::test]
async fn a_large_fetch_is_passed_on_as_it_arrives_its_leader_endpoints_renamed_in_place() {
    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let (proxy, _) = proxy(&broker, |b| b).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let metadata: MetadataResponse =
        exchange(&mut client, 12, 1, &MetadataRequest::default()).await;
    let node_1 = (
        metadata.brokers[0].host.to_string(),
        metadata.brokers[0].port,
    );
    assert_eq!(node_1.0, "127.0.0.1");
    // The broker's name for node 1 as long as the proxy's, longer, and
    // shorter or 1 byte longer (where the proxy's name does not fit, or
    // leaves too little to fill: the endpoint is left out, and the client
    // asks Metadata, as before KIP-951).
    let cases = [
        ("127.0.0.1", Some(node_1.clone()), false),
        ("kafka-1.brokers.internal", Some(node_1.clone()), true),
        ("k1", None, true),
        ("kafka-1.io", None, true),
    ];
    for (at, (host, renamed, padded)) in cases.into_iter().enumerate() {
        let fetch = FetchRequest {
            rack_id: format!("halting:{host}").into(),
            ..fetch_by_ids(&[topic_id_of("acme.orders")])
        };
        let got = halting_fetch(&mut client, 10 + 2 * at as i32, &fetch, &broker, true, 0).await;
        let endpoints: Vec<_> = got
            .node_endpoints
            .iter()
            .map(|e| (e.host.to_string(), e.port))
            .collect();
        assert_eq!(endpoints, Vec::from_iter(renamed), "{host}");
        assert_eq!(!got.unknown_tagged_fields.is_empty(), padded, "{host}");
    }
}

/// Sends `fetch` (rack `halting:HOST`: the scripted broker sends half its
/// answer and holds the rest until the next request) as request `id` at
/// v17, then an ApiVersions that releases the rest, and returns the response,
/// checked to be the broker's frame but for its endpoints and its
/// `throttle_time_ms`, which must say `throttle_ms` (the broker's says 0).
/// With `early`, its first half (all but the last part, which waits for a
/// part's worth) must come before the rest is released; without, it must
/// not (a response read whole).
async fn halting_fetch(
    client: &mut TcpStream,
    id: i32,
    fetch: &FetchRequest,
    broker: &Broker,
    early: bool,
    throttle_ms: i32,
) -> FetchResponse {
    let host = fetch.rack_id["halting:".len()..].to_owned();
    write_frame(client, &request(17, id, fetch)).await.unwrap();
    // The broker's frame: its size is the client's too.
    let mut theirs = BytesMut::new();
    large_fetch(&host, broker.address.port())
        .encode_frame(&mut theirs, id, 17)
        .unwrap();
    // After the size, the correlation id and the header's empty tagged
    // fields, the body begins with throttle_time_ms.
    theirs[9..13].copy_from_slice(&throttle_ms.to_be_bytes());
    let mut first = vec![0; theirs.len() / 2 - 64 * 1024];
    let half = tokio::time::timeout(
        Duration::from_millis(if early { 10_000 } else { 500 }),
        client.read_exact(&mut first),
    )
    .await;
    match early {
        true => {
            half.unwrap_or_else(|_| panic!("{host}: half the fetch before the rest"))
                .unwrap();
        }
        false => assert!(half.is_err(), "{host}: part of a fetch read whole"),
    }
    // ApiVersions, which every filter lets through.
    let versions = request(3, id + 1, &ApiVersionsRequest::default());
    write_frame(client, &versions).await.unwrap();
    if !early {
        client.read_exact(&mut first).await.unwrap();
    }
    assert_eq!(first, theirs[..first.len()], "{host}");
    let mut rest = vec![0; theirs.len() - first.len()];
    client.read_exact(&mut rest).await.unwrap();
    let frame = Bytes::from([first, rest].concat()).slice(4..);
    let (correlation_id, got) = response::<FetchResponse>(frame, 17);
    assert_eq!(correlation_id, id);
    assert_eq!(got.throttle_time_ms, throttle_ms);
    let partition = &got.responses[0].partitions[0];
    assert_eq!(partition.records.as_ref().map(|r| r.0.len()), Some(FETCHED));
    assert_eq!(partition.current_leader.leader_id, 1);
    let (answered, _) = response::<ApiVersionsResponse>(read_frame(client).await.unwrap(), 3);
    assert_eq!(answered, id + 1);
    got
}

#[tokio::test]
async fn a_tenant_s_own_fetch_passes_on_as_it_arrives_until_it_sends_another_s_id() {
    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let (_proxy, mut client) = tenant_client(&broker).await;
    let orders = topic_id_of("acme.orders");
    // Metadata teaches the proxy the tenant's id.
    let by_name = MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: Some("orders".into()),
            ..Default::default()
        }]),
        ..Default::default()
    };
    let _: MetadataResponse = exchange(&mut client, 12, 1, &by_name).await;
    let fetch = FetchRequest {
        rack_id: "halting:127.0.0.1".into(),
        ..fetch_by_ids(&[orders])
    };
    let got = halting_fetch(&mut client, 2, &fetch, &broker, true, 0).await;
    assert_eq!(got.responses[0].topic_id, orders);
    // Another tenant's id: a stand-in goes to the broker, and from then on
    // the tenant's fetches are read whole, for stand-ins to turn back.
    let theirs = topic_id_of("other.payments");
    let crossing: FetchResponse = exchange(&mut client, 17, 4, &fetch_by_ids(&[theirs])).await;
    assert_eq!(crossing.responses[0].topic_id, theirs);
    let got = halting_fetch(&mut client, 5, &fetch, &broker, false, 0).await;
    assert_eq!(got.responses[0].topic_id, orders);
}

#[tokio::test]
async fn a_refusal_while_a_response_is_passed_on_comes_after_it() {
    use kafka_wire_proxy::Credentials;

    let broker = Broker::start().await;
    let credentials = Credentials::new().user("alice", "alice-secret").unwrap();
    let (proxy, events) = proxy(&broker, |b| {
        b.sasl_termination(credentials)
            .failed_authentication_delay(Duration::ZERO)
    })
    .await;
    let (mut client, code) = plain_client(&proxy, "alice", "alice-secret").await;
    assert_eq!(code, 0);
    let mut large = BytesMut::new();
    large.put_i16(PAUSING_API);
    large.put_i16(0);
    large.put_i32(7);
    large.put_i16(-1); // no client id
    write_frame(&mut client, &large).await.unwrap();
    let mut head = [0; 8];
    client.read_exact(&mut head).await.unwrap();
    assert_eq!(&head[4..], &7i32.to_be_bytes());
    // A re-authentication naming a mechanism not offered, while the rest
    // of the response is on its way: refused, after the response's last
    // byte, not inside it.
    let handshake = kafka_messages::SaslHandshakeRequest {
        mechanism: "GSSAPI".into(),
    };
    write_frame(&mut client, &request(1, 8, &handshake))
        .await
        .unwrap();
    let mut body = vec![0; LARGE];
    client.read_exact(&mut body).await.unwrap();
    assert!(body.iter().enumerate().all(|(i, &b)| b == i as u8));
    let refusal = read_frame(&mut client).await.unwrap();
    let answer: kafka_messages::SaslHandshakeResponse = response(refusal, 1).1;
    assert_eq!(
        ErrorCode::from_code(answer.error_code),
        ErrorCode::UnsupportedSaslMechanism
    );
    assert!(read_frame(&mut client).await.is_err());
    events.wait_for("Unsupported SASL mechanism GSSAPI").await;
}

#[cfg(feature = "tls")]
#[tokio::test]
async fn a_broker_whose_certificate_is_not_trusted_is_a_tls_error() {
    let (trusted, other) = (pki::Authority::new(), pki::Authority::new());
    let broker = Broker::start_tls(other.server(&["127.0.0.1"])).await;
    let (proxy, events) = proxy(&broker, |b| b.broker_tls(trusted.client())).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let mut rest = Vec::new();
    assert_eq!(client.read_to_end(&mut rest).await.unwrap(), 0);
    let closed = events.wait_for("closed:").await;
    let expected = format!(
        "TLS with the broker at {}: invalid peer certificate",
        broker.address
    );
    assert!(closed.contains(&expected), "{closed}");
    assert!(broker.seen().is_empty());
}

#[cfg(feature = "tls")]
#[tokio::test]
async fn a_client_that_does_not_speak_tls_is_let_go() {
    let authority = pki::Authority::new();
    let broker = Broker::start().await;
    let (proxy, events) = proxy(&broker, |b| b.client_tls(authority.server(&["127.0.0.1"]))).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    write_frame(&mut client, &request(7, 1, &CreateTopicsRequest::default()))
        .await
        .unwrap();
    let mut rest = Vec::new();
    let _ = client.read_to_end(&mut rest).await;
    let closed = events.wait_for("closed:").await;
    assert!(
        closed.contains("TLS with the client at 127.0.0.1:"),
        "{closed}"
    );
    assert!(
        broker.seen().is_empty(),
        "the broker was not even connected to"
    );
}

#[test]
fn errors_name_the_side_and_what_happened() {
    let e = ConnectionError::Io {
        peer: Peer::Broker,
        source: io::Error::new(io::ErrorKind::UnexpectedEof, "cut"),
    };
    assert_eq!(e.to_string(), "broker: cut");
    assert_eq!(Listener::Node(3).to_string(), "node 3");
}

/// Each Metadata request's connection principal, as a filter sees it.
#[derive(Clone, Default)]
struct Principals(Arc<Mutex<Vec<Option<String>>>>);

impl Filter for Principals {
    fn wants_request(&self, api_key: ApiKey, _: i16) -> bool {
        api_key == ApiKey::Metadata
    }

    fn on_request(
        &mut self,
        connection: &ClientConnection,
        _: &mut RequestFrame,
    ) -> Result<Verdict, FilterError> {
        let name = connection.principal.as_ref().map(|p| p.name.clone());
        self.0.lock().unwrap().push(name);
        Ok(Verdict::Forward)
    }
}

/// A proxy whose connections' Metadata requests record their principal.
async fn principal_proxy(broker: &Broker) -> (Proxy, Events, Principals) {
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let principals = Principals::default();
    let seen = principals.clone();
    let (proxy, events) = proxy(broker, |b| {
        b.filters(move |_: &ClientConnection| vec![Box::new(seen.clone()) as Box<dyn Filter>])
    })
    .await;
    (proxy, events, principals)
}

/// Sends a Metadata request; its filter records the principal.
async fn metadata(client: &mut TcpStream, correlation_id: i32) {
    let metadata = MetadataRequest {
        topics: Some(vec![]),
        ..Default::default()
    };
    let _: MetadataResponse = exchange(client, 12, correlation_id, &metadata).await;
}

async fn sasl_handshake(client: &mut TcpStream, mechanism: &str) -> i16 {
    let handshake = kafka_messages::SaslHandshakeRequest {
        mechanism: mechanism.into(),
    };
    let answer: kafka_messages::SaslHandshakeResponse = exchange(client, 1, 100, &handshake).await;
    answer.error_code
}

async fn sasl_round(
    client: &mut TcpStream,
    token: &[u8],
) -> kafka_messages::SaslAuthenticateResponse {
    let round = kafka_messages::SaslAuthenticateRequest {
        auth_bytes: Bytes::copy_from_slice(token),
        ..Default::default()
    };
    exchange(client, 2, 101, &round).await
}

fn unsigned_jwt(claims: &str) -> String {
    use base64::Engine;
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    format!(
        "{}.{}.",
        b64.encode(br#"{"alg":"none"}"#),
        b64.encode(claims)
    )
}

#[tokio::test]
async fn a_scram_exchange_names_the_connection_only_once_the_broker_accepts_it() {
    let broker = Broker::start().await;
    let (proxy, events, principals) = principal_proxy(&broker).await;

    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let versions = api_versions(
        {
            write_frame(&mut client, &request(3, 1, &ApiVersionsRequest::default()))
                .await
                .unwrap();
            read_frame(&mut client).await.unwrap()
        },
        3,
    );
    // The proxy reads the SASL exchange: only versions it reads are offered.
    assert_eq!(range_of(&versions, 17), Some((0, 1)));
    assert_eq!(range_of(&versions, 36), Some((0, 2)));
    assert_eq!(sasl_handshake(&mut client, "SCRAM-SHA-512").await, 0);
    let first = sasl_round(&mut client, b"n,,n=b=3Dob,r=client-nonce").await;
    assert_eq!(first.error_code, 0);
    metadata(&mut client, 2).await;
    let last = sasl_round(&mut client, b"c=biws,r=client-nonce-server-nonce,p=good").await;
    assert_eq!(&last.auth_bytes[..], b"v=c2lnbmF0dXJl");
    let authenticated = events.wait_for("Authenticated(").await;
    assert!(authenticated.contains("ScramSha512"), "{authenticated}");
    metadata(&mut client, 3).await;
    assert_eq!(
        *principals.0.lock().unwrap(),
        vec![None, Some("b=ob".to_owned())],
        "no name between the rounds, the user's once the broker accepted it"
    );

    // The same exchange with a wrong proof: refused, recorded, no name.
    let mut other = TcpStream::connect(proxy.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut other, "SCRAM-SHA-512").await, 0);
    sasl_round(&mut other, b"n,,n=bob,r=client-nonce").await;
    let refused = sasl_round(&mut other, b"c=biws,r=client-nonce-server-nonce,p=bad").await;
    assert_eq!(
        refused.error_code,
        ErrorCode::SaslAuthenticationFailed.code()
    );
    let failed = events.wait_for("AuthenticationFailed(").await;
    for expected in [
        "claimed: Some(\"bob\")",
        "SaslAuthenticationFailed",
        "Invalid username or password",
    ] {
        assert!(failed.contains(expected), "{expected} in {failed}");
    }
    metadata(&mut other, 4).await;
    assert_eq!(principals.0.lock().unwrap().last(), Some(&None));
}

#[tokio::test]
async fn plain_and_oauthbearer_name_the_connection_and_their_refusals_are_recorded() {
    let broker = Broker::start().await;
    let (proxy, events, principals) = principal_proxy(&broker).await;

    let mut plain = TcpStream::connect(proxy.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut plain, "PLAIN").await, 0);
    assert_eq!(
        sasl_round(&mut plain, b"\0alice\0right").await.error_code,
        0
    );
    metadata(&mut plain, 1).await;

    let mut wrong = TcpStream::connect(proxy.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut wrong, "PLAIN").await, 0);
    let refused = sasl_round(&mut wrong, b"\0mallory\0guess").await;
    assert_eq!(
        refused.error_code,
        ErrorCode::SaslAuthenticationFailed.code()
    );
    metadata(&mut wrong, 1).await;

    let mut bearer = TcpStream::connect(proxy.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut bearer, "OAUTHBEARER").await, 0);
    let token = unsigned_jwt(r#"{"sub":"svc-orders","exp":4102444800}"#);
    let first = format!("n,,\u{1}auth=Bearer {token}\u{1}\u{1}");
    assert_eq!(
        sasl_round(&mut bearer, first.as_bytes()).await.error_code,
        0
    );
    metadata(&mut bearer, 1).await;

    // A token the broker answers with a challenge, then refuses.
    let mut challenged = TcpStream::connect(proxy.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut challenged, "OAUTHBEARER").await, 0);
    let first = "n,,\u{1}auth=Bearer x.e30.y\u{1}\u{1}";
    let challenge = sasl_round(&mut challenged, first.as_bytes()).await;
    assert_eq!(&challenge.auth_bytes[..], br#"{"status":"invalid_token"}"#);
    metadata(&mut challenged, 1).await;
    let refused = sasl_round(&mut challenged, b"\x01").await;
    assert_eq!(
        refused.error_code,
        ErrorCode::SaslAuthenticationFailed.code()
    );

    // A mechanism the broker does not have.
    let mut unsupported = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let error = sasl_handshake(&mut unsupported, "GSSAPI").await;
    assert_eq!(error, ErrorCode::UnsupportedSaslMechanism.code());

    assert_eq!(
        *principals.0.lock().unwrap(),
        vec![
            Some("alice".to_owned()),
            None,
            Some("svc-orders".to_owned()),
            None
        ]
    );
    let lines = events.0.lock().unwrap().clone();
    let failures: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("AuthenticationFailed("))
        .collect();
    assert_eq!(failures.len(), 3, "{lines:?}");
    assert!(failures[0].contains("claimed: Some(\"mallory\")"));
    assert!(failures[1].contains("OAuthBearer") && failures[1].contains("claimed: None"));
    assert!(failures[2].contains("UnsupportedSaslMechanism") && failures[2].contains("GSSAPI"));
    let successes = lines
        .iter()
        .filter(|l| l.starts_with("Authenticated("))
        .count();
    assert_eq!(successes, 2, "{lines:?}");
}

#[tokio::test]
async fn a_sasl_request_that_does_not_read_ends_the_connection() {
    let broker = Broker::start().await;
    let (proxy, events, _) = principal_proxy(&broker).await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    // SaslAuthenticate v2 whose compact bytes claim more than the frame holds.
    let header = RequestHeader::new(ApiKey::SaslAuthenticate.key(), 2, 7, Some("c".into()));
    let mut contents = BytesMut::new();
    header.encode(&mut contents, 2).unwrap();
    contents.extend_from_slice(&[0xff, 0xff, 0x03, b'x', 0]);
    write_frame(&mut client, &contents).await.unwrap();
    let closed = events.wait_for("closed: ").await;
    assert!(closed.contains("SaslAuthenticate v2 request"), "{closed}");
    assert!(broker.seen().is_empty(), "nothing reached the broker");
}

#[cfg(feature = "tls")]
#[tokio::test]
async fn a_client_certificates_chosen_name_is_the_connections_principal() {
    use kafka_wire_proxy::CertificateName;
    use pki::SanType;

    let authority = pki::Authority::new();
    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let client = authority.client_with_certificate(
        "alice",
        vec![
            SanType::DnsName("orders.example.org".try_into().unwrap()),
            SanType::Rfc822Name("alice@example.org".try_into().unwrap()),
            SanType::URI("spiffe://example.org/orders".try_into().unwrap()),
        ],
    );
    let anonymous = authority.client();
    let name = kafka_wire_proxy::rustls::pki_types::ServerName::try_from("127.0.0.1").unwrap();
    for (choice, expected) in [
        (None, "alice"),
        (Some(CertificateName::DnsSan), "orders.example.org"),
        (Some(CertificateName::EmailSan), "alice@example.org"),
        (Some(CertificateName::UriSan), "spiffe://example.org/orders"),
    ] {
        let principals = Principals::default();
        let seen = principals.clone();
        let server = authority.server_checking_clients(&["127.0.0.1"]);
        let (proxy, events) = proxy(&broker, |b| {
            let b = b.client_tls(server).filters(move |_: &ClientConnection| {
                vec![Box::new(seen.clone()) as Box<dyn Filter>]
            });
            match choice {
                Some(choice) => b.certificate_principal(choice),
                None => b,
            }
        })
        .await;
        let connector = tokio_rustls::TlsConnector::from(Arc::clone(&client));
        let tcp = TcpStream::connect(proxy.local_addr()).await.unwrap();
        let mut tls = connector.connect(name.clone(), tcp).await.unwrap();
        let _: MetadataResponse = exchange(&mut tls, 12, 1, &MetadataRequest::default()).await;
        assert_eq!(
            *principals.0.lock().unwrap(),
            vec![Some(expected.to_owned())],
            "{choice:?}"
        );

        // A client without a certificate does not get through the handshake.
        let connector = tokio_rustls::TlsConnector::from(Arc::clone(&anonymous));
        let tcp = TcpStream::connect(proxy.local_addr()).await.unwrap();
        if let Ok(mut tls) = connector.connect(name.clone(), tcp).await {
            // TLS 1.3: the server's refusal arrives with the first read.
            let _ = write_frame(&mut tls, &request(12, 1, &MetadataRequest::default())).await;
            assert!(read_frame(&mut tls).await.is_err());
        }
        let refused = events.wait_for("closed: TLS with the client").await;
        assert!(refused.contains("certificate"), "{refused}");
        assert_eq!(principals.0.lock().unwrap().len(), 1);
    }
}

/// Creates topic `name` through `client` and says what the client was
/// answered.
async fn create_topic(client: &mut TcpStream, name: &str) -> String {
    let create = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: name.into(),
            num_partitions: 1,
            ..Default::default()
        }],
        ..Default::default()
    };
    let created: CreateTopicsResponse = exchange(client, 7, 9, &create).await;
    created.topics[0].name.to_string()
}

/// The names of the topics the broker was asked to create.
fn created_at_broker(broker: &Broker) -> Vec<String> {
    broker
        .seen()
        .iter()
        .filter_map(
            |s| match RequestKind::decode_frame(s.frame.clone()).unwrap().1 {
                RequestKind::CreateTopics(c) => Some(c.topics[0].name.to_string()),
                _ => None,
            },
        )
        .collect()
}

#[tokio::test]
async fn each_connections_tenant_is_its_principals_and_no_principal_is_served_unprefixed() {
    use kafka_wire_proxy::filters::TenantsByPrincipal;
    use kafka_wire_proxy::AuditLog;

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let written = Written::default();
    let audit = AuditLog::new(written.clone());
    let tenants = TenantsByPrincipal::new([("alice", "acme."), ("bob", "other.")])
        .unwrap()
        .audit(audit.clone());
    let events = Events::default();
    let log = events.clone();
    let proxy = Proxy::builder(broker.address.to_string())
        .listen("127.0.0.1:0".parse().unwrap())
        .client_sasl_required(false)
        .filters(move |_: &ClientConnection| vec![Box::new(tenants.clone()) as Box<dyn Filter>])
        .on_event(move |e| {
            audit.on_event(e);
            if let ProxyEvent::Closed {
                error: Some(error), ..
            } = e
            {
                log.0.lock().unwrap().push(format!("closed: {error}"));
            }
        })
        .start()
        .await
        .unwrap();
    let connect = || TcpStream::connect(proxy.local_addr());
    let plain = |user: &str| format!("\0{user}\0right").into_bytes();

    // Before authentication: ApiVersions and SASL only.
    let mut early = connect().await.unwrap();
    let _: ApiVersionsResponse = exchange(&mut early, 3, 1, &ApiVersionsRequest::default()).await;
    write_frame(&mut early, &request(7, 2, &CreateTopicsRequest::default()))
        .await
        .unwrap();
    assert!(read_frame(&mut early).await.is_err(), "closed, unanswered");
    let closed = events.wait_for("before the client authenticated").await;
    assert!(closed.contains("CreateTopics"), "{closed}");
    // And its frames are held as a SASL listener holds them: a token a
    // byte over 512 KiB is refused at its size.
    let mut big = connect().await.unwrap();
    a_token_over_sasl_max_receive_size_is_refused(&mut big).await;
    events.wait_for("a frame of 524289 bytes").await;

    // Two tenants at once, each by its principal.
    let mut alice = connect().await.unwrap();
    let mut bob = connect().await.unwrap();
    for (client, user) in [(&mut alice, "alice"), (&mut bob, "bob")] {
        assert_eq!(sasl_handshake(client, "PLAIN").await, 0);
        assert_eq!(sasl_round(client, &plain(user)).await.error_code, 0);
    }
    assert_eq!(create_topic(&mut alice, "orders").await, "orders");
    assert_eq!(create_topic(&mut bob, "orders").await, "orders");
    assert_eq!(created_at_broker(&broker), ["acme.orders", "other.orders"]);

    // A principal the broker accepts but no tenant has: never served.
    let mut mallory = connect().await.unwrap();
    assert_eq!(sasl_handshake(&mut mallory, "PLAIN").await, 0);
    assert_eq!(
        sasl_round(&mut mallory, &plain("mallory")).await.error_code,
        0
    );
    write_frame(
        &mut mallory,
        &request(7, 3, &CreateTopicsRequest::default()),
    )
    .await
    .unwrap();
    assert!(read_frame(&mut mallory).await.is_err());
    events.wait_for("User:mallory has no tenant").await;
    assert_eq!(created_at_broker(&broker).len(), 2, "nothing of mallory's");

    let text = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary: Vec<String> = lines
        .iter()
        .map(|l| {
            let field = |k: &str| l.get(k).and_then(|v| v.as_str()).unwrap_or("-").to_owned();
            [
                "event",
                "outcome",
                "principal",
                "mechanism",
                "tenant",
                "api",
            ]
            .map(field)
            .join(" ")
        })
        .collect();
    assert_eq!(
        summary,
        [
            "tenant refused User:ANONYMOUS - - CreateTopics",
            "authentication refused User:ANONYMOUS PLAIN - -",
            "authentication success User:alice PLAIN - -",
            "authentication success User:bob PLAIN - -",
            "tenant chosen User:alice PLAIN acme. -",
            "tenant chosen User:bob PLAIN other. -",
            "authentication success User:mallory PLAIN - -",
            "tenant refused User:mallory PLAIN - CreateTopics",
        ],
        "{text}"
    );
    assert!(lines.iter().all(|l| l["time"].as_u64().unwrap() > 0
        && l["client"].as_str().unwrap().starts_with("127.0.0.1:")));
    assert_eq!(lines[7]["reason"], "User:mallory has no tenant");
}

/// A topic to produce to: name, id, and each partition's index and records' size.
type ProduceTo<'a> = (&'a str, Uuid, &'a [(i32, usize)]);

fn produce_of(acks: i16, topics: &[ProduceTo<'_>]) -> ProduceRequest {
    ProduceRequest {
        acks,
        timeout_ms: 1000,
        topic_data: topics
            .iter()
            .map(|&(name, topic_id, partitions)| TopicProduceData {
                name: name.into(),
                topic_id,
                partition_data: partitions
                    .iter()
                    .map(|&(index, size)| PartitionProduceData {
                        index,
                        records: Some(kafka_wire::Records(Bytes::from(vec![7; size]))),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

/// A Produce response's partitions as (topic, partition, error, base offset).
fn produced(response: &ProduceResponse) -> Vec<(String, i32, i16, i64)> {
    response
        .responses
        .iter()
        .flat_map(|t| {
            t.partition_responses.iter().map(move |p| {
                let topic = match t.name.is_empty() {
                    true => format!("{:?}", t.topic_id),
                    false => t.name.to_string(),
                };
                (topic, p.index, p.error_code, p.base_offset)
            })
        })
        .collect()
}

#[tokio::test]
async fn a_policy_refuses_as_kafka_refuses_and_audits_each_refusal() {
    use kafka_wire_proxy::filters::Policy;
    use kafka_wire_proxy::AuditLog;

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let written = Written::default();
    let policy = Policy::new()
        .deny_api(ApiKey::DeleteTopics)
        .read_only_topic("audit")
        .read_only_topic("acme.orders")
        .max_batch_bytes(100)
        .refuse_acks_zero()
        .audit(AuditLog::new(written.clone()));
    let (proxy, events) = proxy(&broker, |b| {
        b.filters(move |_: &ClientConnection| vec![Box::new(policy.clone()) as Box<dyn Filter>])
    })
    .await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();

    // A denied API is not offered.
    write_frame(&mut client, &request(3, 1, &ApiVersionsRequest::default()))
        .await
        .unwrap();
    let versions = api_versions(read_frame(&mut client).await.unwrap(), 3);
    assert_eq!(range_of(&versions, ApiKey::DeleteTopics.key()), None);
    assert!(range_of(&versions, ApiKey::Produce.key()).is_some());

    // Each refused partition answered with Kafka's error; the rest forwarded.
    let mixed = produce_of(
        1,
        &[
            ("orders", Uuid::ZERO, &[(0, 10), (1, 101)]),
            ("audit", Uuid::ZERO, &[(0, 10)]),
        ],
    );
    let answer: ProduceResponse = exchange(&mut client, 9, 2, &mixed).await;
    let too_large = ErrorCode::MessageTooLarge.code();
    let unauthorized = ErrorCode::TopicAuthorizationFailed.code();
    assert_eq!(
        produced(&answer),
        [
            ("orders".to_owned(), 0, 0, 42),
            ("orders".to_owned(), 1, too_large, -1),
            ("audit".to_owned(), 0, unauthorized, -1),
        ]
    );
    let partitions_at_broker = |at: usize| match broker.sent(at) {
        RequestKind::Produce(p) => p
            .topic_data
            .iter()
            .flat_map(|t| {
                t.partition_data
                    .iter()
                    .map(|p| (t.name.to_string(), p.index))
            })
            .collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    assert_eq!(partitions_at_broker(1), [("orders".to_owned(), 0)]);

    // All refused: answered by the proxy, the broker sees nothing.
    let only_audit = produce_of(1, &[("audit", Uuid::ZERO, &[(3, 1)])]);
    let answer: ProduceResponse = exchange(&mut client, 9, 3, &only_audit).await;
    assert_eq!(
        produced(&answer),
        [("audit".to_owned(), 3, unauthorized, -1)]
    );
    assert_eq!(broker.seen().len(), 2);

    // By topic id (v13): an id not yet seen, then one Metadata named.
    let orders_id = Uuid::from_u64_pair(0xa, 0xa);
    let by_id = produce_of(1, &[("", orders_id, &[(0, 1)])]);
    let answer: ProduceResponse = exchange(&mut client, 13, 4, &by_id).await;
    let unknown = ErrorCode::UnknownTopicId.code();
    assert_eq!(answer.responses[0].topic_id, orders_id);
    assert_eq!(
        answer.responses[0].partition_responses[0].error_code,
        unknown
    );
    let metadata = MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: Some("acme.orders".into()),
            ..Default::default()
        }]),
        ..Default::default()
    };
    let _: MetadataResponse = exchange(&mut client, 12, 5, &metadata).await;
    let answer: ProduceResponse = exchange(&mut client, 13, 6, &by_id).await;
    assert_eq!(
        answer.responses[0].partition_responses[0].error_code,
        unauthorized
    );

    // A denied API closes the connection unforwarded.
    let seen = broker.seen().len();
    write_frame(&mut client, &request(6, 7, &DeleteTopicsRequest::default()))
        .await
        .unwrap();
    assert!(read_frame(&mut client).await.is_err());
    events.wait_for("DeleteTopics is denied").await;

    // acks=0: the connection closes, as a broker tells such a producer.
    let mut fire_and_forget = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let acks_zero = produce_of(0, &[("orders", Uuid::ZERO, &[(0, 1)])]);
    write_frame(&mut fire_and_forget, &request(9, 1, &acks_zero))
        .await
        .unwrap();
    assert!(read_frame(&mut fire_and_forget).await.is_err());
    events.wait_for("acks=0 is refused").await;
    assert_eq!(broker.seen().len(), seen, "neither reached the broker");

    let text = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
    let summary: Vec<String> = text
        .lines()
        .map(|l| {
            let l: serde_json::Value = serde_json::from_str(l).unwrap();
            let field = |k: &str| l.get(k).and_then(|v| v.as_str()).unwrap_or("-").to_owned();
            ["event", "outcome", "api", "resource", "error"]
                .map(field)
                .join(" ")
        })
        .collect();
    let id = format!("{orders_id}");
    assert_eq!(
        summary,
        [
            "policy refused Produce orders MESSAGE_TOO_LARGE".to_owned(),
            "policy refused Produce audit TOPIC_AUTHORIZATION_FAILED".to_owned(),
            "policy refused Produce audit TOPIC_AUTHORIZATION_FAILED".to_owned(),
            format!("policy refused Produce {id} UNKNOWN_TOPIC_ID"),
            "policy refused Produce acme.orders TOPIC_AUTHORIZATION_FAILED".to_owned(),
            "policy refused DeleteTopics - -".to_owned(),
            "policy refused Produce - -".to_owned(),
        ],
        "{text}"
    );
}

#[tokio::test]
async fn a_proxy_that_terminates_sasl_authenticates_clients_itself_and_brokers_as_itself() {
    use kafka_wire_proxy::{AuditLog, Credentials};

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let credentials = Credentials::new().user("alice", "alice-secret").unwrap();
    let principals = Principals::default();
    let seen = principals.clone();
    let delay = Duration::from_millis(300);
    let (terminating, events) = proxy(&broker, |b| {
        b.sasl_termination(credentials)
            .failed_authentication_delay(delay)
            .broker_sasl_plain("proxy", "right")
            .filters(move |_: &ClientConnection| vec![Box::new(seen.clone()) as Box<dyn Filter>])
    })
    .await;

    let mut alice = TcpStream::connect(terminating.local_addr()).await.unwrap();
    let _: ApiVersionsResponse = exchange(&mut alice, 3, 1, &ApiVersionsRequest::default()).await;
    assert_eq!(sasl_handshake(&mut alice, "SCRAM-SHA-512").await, 0);
    assert_eq!(sasl_handshake(&mut alice, "PLAIN").await, 0);
    assert_eq!(
        sasl_round(&mut alice, b"\0alice\0alice-secret")
            .await
            .error_code,
        0
    );
    events.wait_for("Authenticated(").await;
    metadata(&mut alice, 2).await;
    assert_eq!(*principals.0.lock().unwrap(), [Some("alice".to_owned())]);
    // The broker saw the proxy's own authentication, then the client's
    // requests but none of its SASL.
    let keys: Vec<i16> = broker.seen().iter().map(|s| s.api_key).collect();
    assert_eq!(keys, [17, 36, 18, 3]);
    let RequestKind::SaslAuthenticate(own) = broker.sent(1) else {
        panic!()
    };
    assert_eq!(&own.auth_bytes[..], b"\0proxy\0right");

    // A wrong password: Kafka's answer, late, then the connection is
    // closed, as Kafka closes it (a guess per connection, not a guess per
    // round, and each slowed by the delay).
    let mut wrong = TcpStream::connect(terminating.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut wrong, "PLAIN").await, 0);
    let guessed = std::time::Instant::now();
    let refused = sasl_round(&mut wrong, b"\0alice\0guess").await;
    assert!(
        guessed.elapsed() >= delay,
        "answered after {:?}",
        guessed.elapsed()
    );
    assert_eq!(
        refused.error_code,
        ErrorCode::SaslAuthenticationFailed.code()
    );
    assert_eq!(
        refused.error_message.as_deref(),
        Some("Authentication failed: Invalid username or password")
    );
    assert!(read_frame(&mut wrong).await.is_err());
    events
        .wait_for(
            "the client's SASL authentication: Authentication failed: Invalid username or password",
        )
        .await;
    // A mechanism not offered: answered with the ones that are, then closed.
    let mut other = TcpStream::connect(terminating.local_addr()).await.unwrap();
    assert_eq!(
        ErrorCode::from_code(sasl_handshake(&mut other, "GSSAPI").await),
        ErrorCode::UnsupportedSaslMechanism
    );
    assert!(read_frame(&mut other).await.is_err());
    events
        .wait_for("the client's SASL authentication: Unsupported SASL mechanism GSSAPI")
        .await;
    assert_eq!(
        broker.seen().len(),
        8,
        "the proxy's own SASL for each refused connection, nothing of theirs"
    );

    // A broker that refuses the proxy's own credentials: the client's
    // connection ends, and an audit line names it.
    let written = Written::default();
    let audit = AuditLog::new(written.clone());
    let events = Events::default();
    let builder = Proxy::builder(broker.address.to_string())
        .listen("127.0.0.1:0".parse().unwrap())
        .broker_sasl_plain("proxy", "wrong");
    let refusing = events
        .builder_and(builder, move |e| audit.on_event(e))
        .start()
        .await
        .unwrap();
    let mut client = TcpStream::connect(refusing.local_addr()).await.unwrap();
    let local = client.local_addr().unwrap();
    assert!(read_frame(&mut client).await.is_err());
    let closed = events.wait_for("authenticating to the broker").await;
    assert!(closed.contains("SASL_AUTHENTICATION_FAILED"), "{closed}");
    let lines = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
    let line: serde_json::Value = serde_json::from_str(lines.trim()).unwrap();
    assert_eq!(line["event"], "broker_authentication", "{lines}");
    assert_eq!(line["outcome"], "failure");
    assert_eq!(line["client"], local.to_string());
    assert_eq!(line["principal"], "User:ANONYMOUS");
    let reason = line["reason"].as_str().unwrap();
    assert!(
        reason.contains("with PLAIN: SASL_AUTHENTICATION_FAILED"),
        "{reason}"
    );
}

/// CVE-2022-34917 for a proxy terminating SASL: until a client has
/// authenticated, its frames are held to Kafka's
/// `sasl.server.max.receive.size` (512 KiB), so that a peer without
/// credentials makes the proxy hold at most that, not the 100 MiB frame
/// limit; once it has, the frame limit applies.
#[tokio::test]
async fn an_unauthenticated_frame_over_sasl_max_receive_size_closes_the_connection_audited() {
    use kafka_wire_proxy::{AuditLog, Credentials, MAX_RECEIVE_SIZE};

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let credentials = Credentials::new().user("alice", "alice-secret").unwrap();
    let written = Written::default();
    let audit = AuditLog::new(written.clone());
    let events = Events::default();
    let builder = Proxy::builder(broker.address.to_string())
        .listen("127.0.0.1:0".parse().unwrap())
        .sasl_termination(credentials)
        .failed_authentication_delay(Duration::ZERO)
        .broker_sasl_plain("proxy", "right");
    let proxy = events
        .builder_and(builder, move |e| audit.on_event(e))
        .start()
        .await
        .unwrap();

    // A token of a byte over the limit: its size and 1 KiB of it sent, and
    // the connection is closed at the size.
    let mut big = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let local = big.local_addr().unwrap();
    a_token_over_sasl_max_receive_size_is_refused(&mut big).await;
    let closed = events.wait_for("before the client authenticated").await;
    assert!(closed.contains("a frame of 524289 bytes"), "{closed}");
    let lines = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
    let line: serde_json::Value = serde_json::from_str(lines.trim()).unwrap();
    assert_eq!(
        (&line["event"], &line["outcome"], &line["client"]),
        (
            &serde_json::json!("authentication"),
            &serde_json::json!("refused"),
            &serde_json::json!(local.to_string())
        ),
        "{lines}"
    );
    assert_eq!(
        line["reason"],
        "a frame of 524289 bytes before the client authenticated, over the limit of \
         524288 (sasl.server.max.receive.size)"
    );

    // A frame of exactly the limit is read: a PLAIN token as long as fits,
    // refused as a wrong password is.
    let mut long = TcpStream::connect(proxy.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut long, "PLAIN").await, 0);
    let mut fits = MAX_RECEIVE_SIZE - sasl_authenticate_frame_len(0);
    fits -= sasl_authenticate_frame_len(fits) - MAX_RECEIVE_SIZE; // the length's varint
    assert_eq!(sasl_authenticate_frame_len(fits), MAX_RECEIVE_SIZE);
    let mut token = b"\0alice\0".to_vec();
    token.resize(fits, b'x');
    assert_eq!(
        sasl_round(&mut long, &token).await.error_code,
        ErrorCode::SaslAuthenticationFailed.code()
    );

    // Once authenticated, a frame over it passes on to the broker.
    alices_mib_frame_reaches_the_broker(&proxy, &broker).await;
}

/// The same with SASL inspection, where the broker's listener requires SASL
/// (`client_sasl_required`): until the broker has accepted a client's
/// exchange, its frames are held to 512 KiB and only ApiVersions and the
/// SASL APIs pass, so that the proxy refuses what the broker would refuse
/// before holding more. The "broker" is a proxy terminating SASL in front
/// of a scripted one.
#[tokio::test]
async fn with_sasl_required_an_unauthenticated_client_is_held_as_the_broker_would_hold_it() {
    an_unauthenticated_client_is_held_as_the_broker_would_hold_it(true).await;
}

/// The same without being told: the proxy asks the listener, which answers
/// that it requires SASL.
#[tokio::test]
async fn a_listener_that_answers_it_requires_sasl_holds_an_unauthenticated_client_as_if_told() {
    an_unauthenticated_client_is_held_as_the_broker_would_hold_it(false).await;
}

/// [`with_sasl_required_an_unauthenticated_client_is_held_as_the_broker_would_hold_it`],
/// with `client_sasl_required` when `told`, else as the listener answers.
async fn an_unauthenticated_client_is_held_as_the_broker_would_hold_it(told: bool) {
    use kafka_wire_proxy::{AuditLog, Credentials};

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let users = Credentials::new().user("alice", "alice-secret").unwrap();
    let (sasl_broker, _) = proxy(&broker, |b| {
        b.sasl_termination(users)
            .failed_authentication_delay(Duration::ZERO)
    })
    .await;
    let written = Written::default();
    let audit = AuditLog::new(written.clone());
    let events = Events::default();
    let mut builder =
        Proxy::builder(sasl_broker.local_addr().to_string()).listen("127.0.0.1:0".parse().unwrap());
    if told {
        builder = builder.client_sasl_required(true);
    }
    let inspecting = events
        .builder_and(builder, move |e| audit.on_event(e))
        .start()
        .await
        .unwrap();
    if !told {
        events.wait_for("ListenerSasl { requires: Ok(true) }").await;
    }
    let audited = |event: &str| {
        let lines = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
        lines
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|l| l["event"] == event)
            .map(|l| (l["outcome"].to_string(), l["reason"].to_string()))
            .collect::<Vec<_>>()
    };

    // A request before authenticating closes the connection at the proxy.
    let mut early = TcpStream::connect(inspecting.local_addr()).await.unwrap();
    let metadata = MetadataRequest {
        topics: Some(vec![]),
        ..Default::default()
    };
    write_frame(&mut early, &request(3, 7, &metadata))
        .await
        .unwrap();
    assert!(read_frame(&mut early).await.is_err());
    events
        .wait_for("a request of API 3 before the client authenticated")
        .await;

    // A token a byte over the limit, after a handshake the broker accepted:
    // closed at its size, with 1 KiB of it sent.
    let mut big = TcpStream::connect(inspecting.local_addr()).await.unwrap();
    a_token_over_sasl_max_receive_size_is_refused(&mut big).await;
    let closed = events.wait_for("a frame of 524289 bytes").await;
    assert!(
        closed.contains("before the client authenticated"),
        "{closed}"
    );
    let refused = audited("authentication");
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert!(refused.iter().all(|(outcome, _)| outcome == "\"refused\""));
    assert!(
        refused[1].1.contains("over the limit of 524288"),
        "{refused:?}"
    );

    // Once the broker has accepted the client, the frame limit applies: a
    // 1 MiB frame reaches the broker.
    alices_mib_frame_reaches_the_broker(&inspecting, &broker).await;
    assert!(broker.seen().iter().all(|s| s.api_key != 3));
    // Told, the proxy does not ask.
    let asked = events
        .0
        .lock()
        .unwrap()
        .iter()
        .any(|e| e.contains("ListenerSasl"));
    assert_eq!(asked, !told);
}

/// Asked while no broker listens, the proxy asks again until one answers;
/// a listener without SASL (Kafka's answer, ILLEGAL_SASL_STATE) leaves
/// clients as they are: a frame over 512 KiB of a client that never
/// authenticated reaches the broker.
#[tokio::test]
async fn the_proxy_asks_the_listener_again_until_it_answers_and_holds_no_one_where_it_has_no_sasl()
{
    use tokio::io::AsyncWriteExt;

    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let events = Events::default();
    let builder = Proxy::builder(port.to_string()).listen("127.0.0.1:0".parse().unwrap());
    let inspecting = events.builder(builder).start().await.unwrap();
    events.wait_for("ListenerSasl { requires: Err(").await;

    // A listener without SASL comes up where the proxy asks: the fake's,
    // which answers as Kafka's does.
    let cluster = kafka_wire_fake::Cluster::builder()
        .listen(port)
        .start()
        .await
        .unwrap();
    events
        .wait_for("ListenerSasl { requires: Ok(false) }")
        .await;
    let mut client = TcpStream::connect(inspecting.local_addr()).await.unwrap();
    client
        .write_all(&mib_frame_of_an_unknown_api())
        .await
        .unwrap();
    // The fake closes the connection at an API it does not serve; the
    // proxy read the frame whole and passed it on.
    assert!(read_frame(&mut client).await.is_err());
    let closed = events.wait_for("closed").await;
    assert!(
        !closed.contains("before the client authenticated"),
        "{closed}"
    );
    drop(cluster);
}

/// After a handshake for PLAIN, a SaslAuthenticate frame claiming a byte
/// over `MAX_RECEIVE_SIZE`, its size and 1 KiB of it sent: the connection
/// must close at the size.
async fn a_token_over_sasl_max_receive_size_is_refused(client: &mut TcpStream) {
    use tokio::io::AsyncWriteExt;

    assert_eq!(sasl_handshake(client, "PLAIN").await, 0);
    let claimed = kafka_wire_proxy::MAX_RECEIVE_SIZE as u32 + 1;
    client.write_all(&claimed.to_be_bytes()).await.unwrap();
    client.write_all(&[0; 1024]).await.unwrap();
    assert!(read_frame(client).await.is_err());
}

/// alice authenticates with PLAIN through `proxy`, then sends a 1 MiB
/// frame of an API no release has: it must reach `broker` whole.
async fn alices_mib_frame_reaches_the_broker(proxy: &Proxy, broker: &Broker) {
    use tokio::io::AsyncWriteExt;

    let mut alice = TcpStream::connect(proxy.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut alice, "PLAIN").await, 0);
    let ok = sasl_round(&mut alice, b"\0alice\0alice-secret").await;
    assert_eq!(ok.error_code, 0);
    alice
        .write_all(&mib_frame_of_an_unknown_api())
        .await
        .unwrap();
    let _answer = read_frame(&mut alice).await.unwrap();
    assert!(broker
        .seen()
        .iter()
        .any(|s| s.api_key == UNKNOWN_API && s.frame.len() == 1 << 20));
}

/// A request frame of 1 MiB (its size first) of an API no release has.
fn mib_frame_of_an_unknown_api() -> BytesMut {
    let mut frame = BytesMut::new();
    frame.put_i32(1 << 20);
    frame.put_i16(UNKNOWN_API);
    frame.put_i16(0);
    frame.put_i32(5);
    frame.put_i16(-1);
    frame.resize(4 + (1 << 20), 0);
    frame
}

/// The size of the SaslAuthenticate request frame `sasl_round` sends with a
/// token of `token` bytes, without its 4-byte size.
fn sasl_authenticate_frame_len(token: usize) -> usize {
    let round = kafka_messages::SaslAuthenticateRequest {
        auth_bytes: Bytes::from(vec![0; token]),
        ..Default::default()
    };
    request(2, 101, &round).len()
}

#[tokio::test]
async fn a_terminated_session_ends_and_only_a_re_authentication_renews_it() {
    use kafka_wire_proxy::Credentials;

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let lifetime = Duration::from_millis(400);
    let credentials = Credentials::new()
        .user("alice", "alice-secret")
        .unwrap()
        .max_session(lifetime);
    let (terminating, events) = proxy(&broker, |b| b.sasl_termination(credentials)).await;

    let mut alice = TcpStream::connect(terminating.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut alice, "PLAIN").await, 0);
    let answer = sasl_round(&mut alice, b"\0alice\0alice-secret").await;
    assert_eq!((answer.error_code, answer.session_lifetime_ms), (0, 400));
    metadata(&mut alice, 2).await;
    // Past the session's end, a re-authentication (KIP-368) is served and
    // starts a new session.
    tokio::time::sleep(lifetime + Duration::from_millis(100)).await;
    assert_eq!(sasl_handshake(&mut alice, "PLAIN").await, 0);
    let answer = sasl_round(&mut alice, b"\0alice\0alice-secret").await;
    assert_eq!((answer.error_code, answer.session_lifetime_ms), (0, 400));
    metadata(&mut alice, 3).await;
    // Past its end again, any other request closes the connection unforwarded.
    tokio::time::sleep(lifetime + Duration::from_millis(100)).await;
    let before = broker.seen().len();
    write_frame(&mut alice, &request(12, 4, &MetadataRequest::default()))
        .await
        .unwrap();
    assert!(read_frame(&mut alice).await.is_err());
    events
        .wait_for("a request of API 3 after the client's SASL session ended")
        .await;
    assert_eq!(broker.seen().len(), before);
}

#[tokio::test]
async fn a_re_authentication_keeps_its_sessions_mechanism_and_principal_as_kafka_requires() {
    use kafka_wire_proxy::Credentials;

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let credentials = Credentials::new()
        .user("alice", "alice-secret")
        .unwrap()
        .user("bob", "bob-secret")
        .unwrap()
        .max_session(Duration::from_secs(3600));
    let (terminating, events) = proxy(&broker, |b| b.sasl_termination(credentials)).await;

    // Another mechanism: the handshake is answered, the round after it
    // closes the connection unanswered (Kafka's REAUTH_BAD_MECHANISM).
    let mut alice = TcpStream::connect(terminating.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut alice, "PLAIN").await, 0);
    assert_eq!(
        sasl_round(&mut alice, b"\0alice\0alice-secret")
            .await
            .error_code,
        0
    );
    assert_eq!(sasl_handshake(&mut alice, "SCRAM-SHA-256").await, 0);
    let round = kafka_messages::SaslAuthenticateRequest {
        auth_bytes: Bytes::from_static(b"n,,n=alice,r=fyko+d2lbbFgONRv9qkxdawL"),
        ..Default::default()
    };
    write_frame(&mut alice, &request(2, 9, &round))
        .await
        .unwrap();
    assert!(read_frame(&mut alice).await.is_err());
    events
        .wait_for("SASL mechanism 'SCRAM-SHA-256' requested by client is not supported for re-authentication of mechanism 'PLAIN'")
        .await;

    // Another principal, with its own right password: refused with Kafka's
    // message, and the connection serves nothing more.
    let mut alice = TcpStream::connect(terminating.local_addr()).await.unwrap();
    assert_eq!(sasl_handshake(&mut alice, "PLAIN").await, 0);
    assert_eq!(
        sasl_round(&mut alice, b"\0alice\0alice-secret")
            .await
            .error_code,
        0
    );
    assert_eq!(sasl_handshake(&mut alice, "PLAIN").await, 0);
    let answer = sasl_round(&mut alice, b"\0bob\0bob-secret").await;
    assert_eq!(
        ErrorCode::from_code(answer.error_code),
        ErrorCode::SaslAuthenticationFailed
    );
    assert_eq!(
        answer.error_message.as_deref(),
        Some("Cannot change principals during re-authentication from User.alice: User.bob")
    );
    assert!(read_frame(&mut alice).await.is_err());
}

#[tokio::test]
async fn a_proxy_renews_its_own_session_with_the_broker_before_it_ends() {
    use kafka_wire_proxy::Credentials;

    // The "broker" is a proxy that terminates SASL with sessions of 1 s
    // and closes a connection whose session has ended at its next request
    // (as Kafka does with `connections.max.reauth.ms`), in front of a
    // scripted broker.
    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    // Long enough that the renewal, due at 850 ms, is on time beside the
    // other tests on a loaded machine.
    let lifetime = Duration::from_secs(1);
    let users = Credentials::new()
        .user("svc", "svc-secret")
        .unwrap()
        .max_session(lifetime);
    let (sasl_broker, inner) = proxy(&broker, |b| b.sasl_termination(users)).await;
    let upstream = Broker {
        address: sasl_broker.local_addr(),
        seen: Arc::default(),
        brokers: Arc::default(),
    };
    for (mechanism, name) in [("PLAIN", "Plain"), ("SCRAM-SHA-512", "ScramSha512")] {
        inner.0.lock().unwrap().clear();
        let (outer, events) = proxy(&upstream, |b| match mechanism {
            "PLAIN" => b.broker_sasl_plain("svc", "svc-secret"),
            _ => b.broker_sasl_scram_sha512("svc", "svc-secret"),
        })
        .await;
        let mut client = TcpStream::connect(outer.local_addr()).await.unwrap();
        // Requests across three of the broker's sessions: each renewed by
        // the proxy between two of them, unseen by the client.
        for correlation_id in 1..=3 {
            metadata(&mut client, correlation_id).await;
            tokio::time::sleep(lifetime + Duration::from_millis(100)).await;
        }
        metadata(&mut client, 4).await;
        let authenticated = inner
            .0
            .lock()
            .unwrap()
            .iter()
            .filter(|e| e.starts_with("Authenticated(") && e.contains(name))
            .count();
        assert!(authenticated >= 4, "{mechanism}: {authenticated} sessions");
        let closed = events
            .0
            .lock()
            .unwrap()
            .iter()
            .any(|e| e.starts_with("closed"));
        assert!(!closed, "{mechanism}: {:?}", events.0.lock().unwrap());
    }
    // The scripted broker saw the client's Metadata requests only.
    assert!(broker.seen().iter().all(|s| s.api_key == 3));
    assert_eq!(broker.seen().len(), 8);
}

#[tokio::test]
async fn a_request_the_proxy_cannot_read_does_not_pass_a_tenant() {
    let broker = Broker::start().await;
    let (proxy, events) = proxy(&broker, |b| {
        b.filters(|_: &ClientConnection| {
            vec![Box::new(Tenant::new("acme.").unwrap()) as Box<dyn Filter>]
        })
    })
    .await;
    // Metadata at a version newer than this crate's, which could name
    // another tenant's topics: closed, never forwarded.
    for (api_key, version) in [(ApiKey::Metadata.key(), 99), (UNKNOWN_API, 0)] {
        let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
        let mut contents = BytesMut::new();
        RequestHeader::new(api_key, version, 1, Some("c".into()))
            .encode(&mut contents, 1)
            .unwrap();
        contents.extend_from_slice(&[0, 0, 0, 0]);
        write_frame(&mut client, &contents).await.unwrap();
        assert!(read_frame(&mut client).await.is_err());
        events
            .wait_for(&format!(
                "a request of API {api_key} v{version}, which the proxy cannot read"
            ))
            .await;
    }
    assert!(broker.seen().is_empty());
}

#[cfg(feature = "tls")]
#[tokio::test]
async fn one_tls_port_reaches_every_broker_by_its_server_name() {
    let authority = pki::Authority::new();
    let bootstrap = Broker::start().await;
    let second = Broker::start().await;
    *bootstrap.brokers.lock().unwrap() = vec![(1, bootstrap.address), (2, second.address)];
    let (proxy, events) = proxy(&bootstrap, |b| {
        b.client_tls(authority.server(&["bootstrap.kafka.test", "*.kafka.test"]))
            .sni_routing("kafka.test")
    })
    .await;
    let connector = tokio_rustls::TlsConnector::from(authority.client());
    let connect = |name: &'static str| {
        let connector = connector.clone();
        let address = proxy.local_addr();
        async move {
            let name = kafka_wire_proxy::rustls::pki_types::ServerName::try_from(name).unwrap();
            let tcp = TcpStream::connect(address).await.unwrap();
            connector.connect(name, tcp).await.unwrap()
        }
    };

    // Every broker is named at the bootstrap port, by a name of its own.
    let mut client = connect("bootstrap.kafka.test").await;
    let metadata: MetadataResponse =
        exchange(&mut client, 12, 1, &MetadataRequest::default()).await;
    let named: Vec<(i32, String, i32)> = metadata
        .brokers
        .iter()
        .map(|b| (b.node_id, b.host.to_string(), b.port))
        .collect();
    let port = i32::from(proxy.local_addr().port());
    assert_eq!(
        named,
        [
            (1, "broker-1.kafka.test".to_owned(), port),
            (2, "broker-2.kafka.test".to_owned(), port)
        ]
    );
    assert_eq!(
        proxy.node_addr(2),
        Some(proxy.local_addr()),
        "no port of its own"
    );

    // The server name broker-2 reaches the second broker.
    let mut to_second = connect("broker-2.kafka.test").await;
    let _: MetadataResponse = exchange(&mut to_second, 12, 2, &MetadataRequest::default()).await;
    assert_eq!(second.seen().len(), 1);
    assert_eq!(bootstrap.seen().len(), 1);

    // A broker the proxy has not seen named: no address to reach.
    let mut unknown = connect("broker-7.kafka.test").await;
    let _ = write_frame(&mut unknown, &request(12, 3, &MetadataRequest::default())).await;
    assert!(read_frame(&mut unknown).await.is_err());
    events.wait_for("closed: connecting to the broker").await;
}

#[tokio::test]
async fn cve_2018_1288_a_policy_refuses_a_client_fetch_that_claims_a_replica_id() {
    use kafka_wire_proxy::filters::Policy;

    let broker = Broker::start().await;
    let policy = Policy::new().refuse_replica_fetches();
    let (proxy, _) = proxy(&broker, |b| {
        b.filters(move |_: &ClientConnection| vec![Box::new(policy.clone()) as Box<dyn Filter>])
    })
    .await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let orders = Uuid::from_u64_pair(0xa, 0xa);
    for (version, claim) in [(12, 1), (16, 2)] {
        let mut fetch = fetch_by_ids(&[orders]);
        fetch.topics[0].topic = "acme.orders".into();
        match version {
            12 => fetch.replica_id = claim,
            _ => fetch.replica_state.replica_id = claim,
        }
        let answer: FetchResponse = exchange(&mut client, version, 1, &fetch).await;
        assert_eq!(answer.error_code, 0);
        let partition = &answer.responses[0].partitions[0];
        assert_eq!(
            (
                partition.partition_index,
                ErrorCode::from_code(partition.error_code),
                partition.high_watermark,
                partition.log_start_offset,
                partition.preferred_read_replica,
            ),
            (0, ErrorCode::TopicAuthorizationFailed, -1, -1, -1),
            "v{version}"
        );
    }
    // A consumer's Fetch (replica id -1) goes on.
    let _: FetchResponse = exchange(&mut client, 16, 2, &fetch_by_ids(&[orders])).await;
    assert_eq!(
        broker.seen().len(),
        1,
        "only the consumer's reached the broker"
    );
}

/// Each audit line of `written` as `event outcome api resource_type
/// resource error tenant`.
fn audit_summary(written: &Written) -> Vec<String> {
    let text = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
    text.lines()
        .map(|l| {
            let l: serde_json::Value = serde_json::from_str(l).unwrap();
            let field = |k: &str| l.get(k).and_then(|v| v.as_str()).unwrap_or("-").to_owned();
            [
                "event",
                "outcome",
                "api",
                "resource_type",
                "resource",
                "error",
                "tenant",
            ]
            .map(field)
            .join(" ")
        })
        .collect()
}

#[tokio::test]
async fn a_read_only_topic_is_refused_by_every_admin_api_and_every_change_is_audited() {
    use kafka_messages::alter_configs::{AlterConfigsResource, AlterConfigsResourceResponse};
    use kafka_messages::create_partitions::{CreatePartitionsTopic, CreatePartitionsTopicResult};
    use kafka_messages::delete_records::{
        DeleteRecordsPartition, DeleteRecordsPartitionResult, DeleteRecordsTopic,
        DeleteRecordsTopicResult,
    };
    use kafka_messages::incremental_alter_configs as incremental;
    use kafka_messages::offset_delete::{OffsetDeleteRequestPartition, OffsetDeleteRequestTopic};
    use kafka_messages::{
        AlterConfigsRequest, AlterConfigsResponse, CreatePartitionsRequest,
        CreatePartitionsResponse, DeleteGroupsRequest, DeleteGroupsResponse, DeleteRecordsRequest,
        DeleteRecordsResponse, IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse,
        OffsetDeleteRequest, OffsetDeleteResponse,
    };
    use kafka_wire_proxy::filters::Policy;
    use kafka_wire_proxy::AuditLog;

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let written = Written::default();
    let policy = Policy::new()
        .read_only_topic("acme.audit")
        .audit(AuditLog::new(written.clone()))
        .audit_tenant(|_| Some("acme.".to_owned()));
    let (proxy, _) = proxy(&broker, |b| {
        b.filters(move |_: &ClientConnection| vec![Box::new(policy.clone()) as Box<dyn Filter>])
    })
    .await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let denied = ErrorCode::TopicAuthorizationFailed.code();

    // DeleteTopics by name (v5, the first with messages): the read-only
    // topic answered by the proxy, the other deleted by the broker, both in
    // one response.
    let delete = DeleteTopicsRequest {
        topic_names: vec!["acme.audit".into(), "acme.orders".into()],
        ..Default::default()
    };
    let answer: DeleteTopicsResponse = exchange(&mut client, 5, 1, &delete).await;
    let by_name = |name: &str, error_code: i16, message: Option<&str>| DeletableTopicResult {
        name: Some(name.into()),
        error_code,
        error_message: message.map(Str::from),
        ..Default::default()
    };
    assert_eq!(
        answer.responses,
        [
            by_name("acme.orders", 0, None),
            by_name("acme.audit", denied, Some("Topic authorization failed.")),
        ]
    );
    match broker.sent(0) {
        RequestKind::DeleteTopics(d) => assert_eq!(d.topic_names, ["acme.orders"]),
        other => panic!("{other:?}"),
    }

    // DeleteTopics by an id the proxy has not seen named: answered as
    // Kafka answers an unknown id, the broker asked nothing.
    let audit_id = Uuid::from_u64_pair(0xd, 0xd);
    let by_id = DeleteTopicsRequest {
        topics: vec![DeleteTopicState {
            name: None,
            topic_id: audit_id,
            ..Default::default()
        }],
        ..Default::default()
    };
    let answer: DeleteTopicsResponse = exchange(&mut client, 6, 2, &by_id).await;
    assert_eq!(
        answer.responses,
        [DeletableTopicResult {
            name: None,
            topic_id: audit_id,
            error_code: ErrorCode::UnknownTopicId.code(),
            error_message: Some("This server does not host this topic ID.".into()),
            ..Default::default()
        }]
    );
    assert_eq!(broker.seen().len(), 1);

    // DeleteRecords: the read-only topic's partitions refused, low
    // watermark -1; the other's records deleted.
    let records = |name: &str| DeleteRecordsTopic {
        name: name.into(),
        partitions: vec![DeleteRecordsPartition {
            partition_index: 0,
            offset: 7,
            ..Default::default()
        }],
        ..Default::default()
    };
    let delete = DeleteRecordsRequest {
        topics: vec![records("acme.audit"), records("acme.orders")],
        ..Default::default()
    };
    let answer: DeleteRecordsResponse = exchange(&mut client, 2, 3, &delete).await;
    let result = |name: &str, low_watermark: i64, error_code: i16| DeleteRecordsTopicResult {
        name: name.into(),
        partitions: vec![DeleteRecordsPartitionResult {
            partition_index: 0,
            low_watermark,
            error_code,
            ..Default::default()
        }],
        ..Default::default()
    };
    assert_eq!(
        answer.topics,
        [
            result("acme.orders", 7, 0),
            result("acme.audit", -1, denied)
        ]
    );

    // AlterConfigs: the read-only topic refused without a message, as
    // Kafka does; a broker's config goes on.
    let alter = AlterConfigsRequest {
        resources: vec![
            AlterConfigsResource {
                resource_type: 2,
                resource_name: "acme.audit".into(),
                ..Default::default()
            },
            AlterConfigsResource {
                resource_type: 4,
                resource_name: "1".into(),
                ..Default::default()
            },
        ],
        ..Default::default()
    };
    let answer: AlterConfigsResponse = exchange(&mut client, 2, 4, &alter).await;
    let altered = |resource_type: i8, name: &str, error_code: i16| AlterConfigsResourceResponse {
        error_code,
        error_message: None,
        resource_type,
        resource_name: name.into(),
        ..Default::default()
    };
    assert_eq!(
        answer.responses,
        [altered(4, "1", 0), altered(2, "acme.audit", denied)]
    );

    // IncrementalAlterConfigs and CreatePartitions of the read-only topic
    // alone: answered by the proxy.
    let seen = broker.seen().len();
    let alter = IncrementalAlterConfigsRequest {
        resources: vec![incremental::AlterConfigsResource {
            resource_type: 2,
            resource_name: "acme.audit".into(),
            configs: vec![incremental::AlterableConfig {
                name: "retention.ms".into(),
                value: Some("1".into()),
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let answer: IncrementalAlterConfigsResponse = exchange(&mut client, 1, 5, &alter).await;
    assert_eq!(
        answer.responses,
        [incremental::AlterConfigsResourceResponse {
            error_code: denied,
            error_message: None,
            resource_type: 2,
            resource_name: "acme.audit".into(),
            ..Default::default()
        }]
    );
    let grow = CreatePartitionsRequest {
        topics: vec![CreatePartitionsTopic {
            name: "acme.audit".into(),
            count: 6,
            assignments: None,
            ..Default::default()
        }],
        ..Default::default()
    };
    let answer: CreatePartitionsResponse = exchange(&mut client, 3, 6, &grow).await;
    assert_eq!(
        answer.results,
        [CreatePartitionsTopicResult {
            name: "acme.audit".into(),
            error_code: denied,
            error_message: None,
            ..Default::default()
        }]
    );
    assert_eq!(broker.seen().len(), seen, "neither reached the broker");

    // Changes the broker makes are audited with its outcome.
    let create = CreateTopicsRequest {
        topics: vec![CreatableTopic {
            name: "acme.new".into(),
            num_partitions: 1,
            replication_factor: 1,
            ..Default::default()
        }],
        ..Default::default()
    };
    let _: CreateTopicsResponse = exchange(&mut client, 7, 7, &create).await;
    let groups = DeleteGroupsRequest {
        groups_names: vec!["acme.app".into()],
        ..Default::default()
    };
    let _: DeleteGroupsResponse = exchange(&mut client, 2, 8, &groups).await;
    let offsets = OffsetDeleteRequest {
        group_id: "acme.app".into(),
        topics: vec![OffsetDeleteRequestTopic {
            name: "acme.orders".into(),
            partitions: vec![OffsetDeleteRequestPartition { partition_index: 2 }],
        }],
    };
    let _: OffsetDeleteResponse = exchange(&mut client, 0, 9, &offsets).await;
    let acls = CreateAclsRequest {
        creations: vec![creation(
            ResourceType::Topic,
            PatternType::Literal,
            "acme.orders",
        )],
        ..Default::default()
    };
    let _: CreateAclsResponse = exchange(&mut client, 3, 10, &acls).await;

    assert_eq!(
        audit_summary(&written),
        [
            "policy refused DeleteTopics TOPIC acme.audit TOPIC_AUTHORIZATION_FAILED acme.",
            "change success DeleteTopics TOPIC acme.orders - acme.",
            &format!("policy refused DeleteTopics TOPIC {audit_id} UNKNOWN_TOPIC_ID acme."),
            "policy refused DeleteRecords TOPIC acme.audit TOPIC_AUTHORIZATION_FAILED acme.",
            "policy refused AlterConfigs TOPIC acme.audit TOPIC_AUTHORIZATION_FAILED acme.",
            "change success AlterConfigs BROKER 1 - acme.",
            "policy refused IncrementalAlterConfigs TOPIC acme.audit TOPIC_AUTHORIZATION_FAILED acme.",
            "policy refused CreatePartitions TOPIC acme.audit TOPIC_AUTHORIZATION_FAILED acme.",
            "change success CreateTopics TOPIC acme.new - acme.",
            "change success DeleteGroups GROUP acme.app - acme.",
            "change success OffsetDelete GROUP acme.app - acme.",
            "change success CreateAcls ACL TOPIC LITERAL acme.orders: User:alice ALLOW READ from * - acme.",
        ]
    );
}

#[tokio::test]
async fn a_tenant_over_its_quota_is_held_back_or_muted_for_its_throttle() {
    use kafka_wire_proxy::filters::{ByteRates, Quotas};
    use std::time::Instant;

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    // 1,000 bytes a second over 4 windows of 100 ms: any produce of a few
    // kilobytes is throttled the cap, 400 ms.
    let quotas = Quotas::new(|_| Some("acme.".to_owned()))
        .tenant(
            "acme.",
            ByteRates {
                produce: Some(1_000),
                fetch: None,
            },
        )
        .window(Duration::from_millis(100), 4);
    let (proxy, _) = proxy(&broker, |b| {
        b.filters(move |_: &ClientConnection| vec![Box::new(quotas.clone()) as Box<dyn Filter>])
    })
    .await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let throttle = Duration::from_millis(400);
    let produce = produce_of(1, &[("acme.orders", Uuid::ZERO, &[(0, 4_000)])]);

    // Produce v5, before KIP-219: the response says the throttle and is
    // held back for it.
    let sent = Instant::now();
    let answer: ProduceResponse = exchange(&mut client, 5, 1, &produce).await;
    assert_eq!(answer.throttle_time_ms, 400);
    assert!(sent.elapsed() >= throttle, "{:?}", sent.elapsed());
    assert_eq!(answer.responses[0].partition_responses[0].base_offset, 42);

    // Produce v9: the response says it, and the client's next request is
    // not read until the throttle has passed (Kafka's muted channel).
    let answer: ProduceResponse = exchange(&mut client, 9, 2, &produce).await;
    assert_eq!(answer.throttle_time_ms, 400);
    let received = Instant::now();
    let _: MetadataResponse = exchange(&mut client, 12, 3, &MetadataRequest::default()).await;
    let waited = received.elapsed();
    // The mute began as the response was queued, a moment before the
    // client read it.
    assert!(waited >= throttle - Duration::from_millis(50), "{waited:?}");
}

#[tokio::test]
async fn a_fetch_over_its_quota_passes_on_as_it_arrives_its_throttle_written_in_place() {
    use kafka_wire_proxy::filters::{ByteRates, Quotas};
    use std::time::Instant;

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    // 1 MiB a second over 4 windows of 100 ms: a fetch of 1 MiB is over by
    // (1 MiB / 0.3 s - 1 MiB/s) / (1 MiB/s) * 300 ms = 700 ms, capped at
    // the samples' 400 ms.
    let quotas = Quotas::new(|_| Some("acme.".to_owned()))
        .tenant(
            "acme.",
            ByteRates {
                produce: None,
                fetch: Some(1 << 20),
            },
        )
        .window(Duration::from_millis(100), 4);
    let (proxy, _) = proxy(&broker, |b| {
        b.filters(move |_: &ClientConnection| vec![Box::new(quotas.clone()) as Box<dyn Filter>])
    })
    .await;
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let fetch = FetchRequest {
        rack_id: "halting:127.0.0.1".into(),
        ..fetch_by_ids(&[topic_id_of("acme.orders")])
    };
    // Its first half arrives before the broker sends the rest, saying the
    // throttle; the client, a Fetch v17 one, waits it out itself, and the
    // proxy reads none of its requests meanwhile (the ApiVersions that
    // releases the rest is read at once: it was sent before the last part
    // went).
    let got = halting_fetch(&mut client, 1, &fetch, &broker, true, 400).await;
    assert_eq!(got.throttle_time_ms, 400);
    let received = Instant::now();
    let _: MetadataResponse = exchange(&mut client, 12, 3, &MetadataRequest::default()).await;
    let waited = received.elapsed();
    assert!(waited >= Duration::from_millis(350), "{waited:?}");
}

#[tokio::test]
async fn a_proxy_authenticates_to_its_broker_with_scram_sha_512() {
    use kafka_wire_proxy::Credentials;

    // The "broker" with SCRAM is a proxy that terminates it (user `svc`),
    // in front of a scripted broker.
    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    let users = Credentials::new().user("svc", "svc-secret").unwrap();
    let (scram_broker, inner) = proxy(&broker, |b| b.sasl_termination(users)).await;
    let upstream = Broker {
        address: scram_broker.local_addr(),
        seen: Arc::default(),
        brokers: Arc::default(),
    };

    let (outer, _) = proxy(&upstream, |b| {
        b.broker_sasl_scram_sha512("svc", "svc-secret")
    })
    .await;
    let mut client = TcpStream::connect(outer.local_addr()).await.unwrap();
    metadata(&mut client, 1).await;
    let authenticated = inner.wait_for("Authenticated(").await;
    assert!(authenticated.contains("ScramSha512"), "{authenticated}");
    // The scripted broker saw the client's Metadata, none of the SASL.
    let keys: Vec<i16> = broker.seen().iter().map(|s| s.api_key).collect();
    assert_eq!(keys, [3]);

    // A wrong password: the connection fails with the broker's refusal.
    let (refused, events) = proxy(&upstream, |b| b.broker_sasl_scram_sha512("svc", "guess")).await;
    let mut client = TcpStream::connect(refused.local_addr()).await.unwrap();
    assert!(read_frame(&mut client).await.is_err());
    let closed = events.wait_for("authenticating to the broker").await;
    assert!(closed.contains("SASL_AUTHENTICATION_FAILED"), "{closed}");
}

/// A client through a proxy that terminates SASL: ApiVersions (which the
/// proxy passes to the broker before any SASL), then PLAIN as `user`.
async fn plain_client(proxy: &Proxy, user: &str, password: &str) -> (TcpStream, i16) {
    let mut client = TcpStream::connect(proxy.local_addr()).await.unwrap();
    let _: ApiVersionsResponse = exchange(&mut client, 3, 1, &ApiVersionsRequest::default()).await;
    assert_eq!(sasl_handshake(&mut client, "PLAIN").await, 0);
    let token = format!("\0{user}\0{password}");
    let answer = sasl_round(&mut client, token.as_bytes()).await;
    (client, answer.error_code)
}

#[tokio::test]
async fn each_tenant_reaches_the_broker_under_its_own_principal_and_renews_with_it() {
    use kafka_wire_proxy::filters::TenantsByPrincipal;
    use kafka_wire_proxy::{BrokerCredentials, Credentials};

    // The "broker" is a proxy that terminates SASL for the service
    // accounts, with sessions of 600 ms (closing a connection whose session
    // ended at its next request, as Kafka does), and records each
    // Metadata's principal; a scripted broker behind it.
    let broker = Broker::start().await;
    let (sasl_broker, inner, principals) = {
        *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
        let principals = Principals::default();
        let seen = principals.clone();
        let users = Credentials::new()
            .user("svc-a", "a-secret")
            .unwrap()
            .user("svc-b", "b-secret")
            .unwrap()
            .user("svc-default", "default-secret")
            .unwrap()
            .max_session(Duration::from_millis(600));
        let (proxy, events) = proxy(&broker, |b| {
            b.sasl_termination(users)
                .filters(
                    move |_: &ClientConnection| vec![Box::new(seen.clone()) as Box<dyn Filter>],
                )
        })
        .await;
        (proxy, events, principals)
    };
    let upstream = Broker {
        address: sasl_broker.local_addr(),
        seen: Arc::default(),
        brokers: Arc::default(),
    };
    // alice is tenant a. (SCRAM-SHA-512 as svc-a), bob b. (PLAIN as
    // svc-b), carol c., which has no credentials of its own: the default.
    let tenants =
        TenantsByPrincipal::new([("alice", "a."), ("bob", "b."), ("carol", "c.")]).unwrap();
    let clients = Credentials::new()
        .user("alice", "alice-secret")
        .unwrap()
        .user("bob", "bob-secret")
        .unwrap()
        .user("carol", "carol-secret")
        .unwrap();
    let (outer, events) = proxy(&upstream, |b| {
        b.sasl_termination(clients)
            .broker_sasl_scram_sha512("svc-default", "default-secret")
            .tenant_broker_sasl(
                tenants,
                [
                    (
                        "a.".to_owned(),
                        BrokerCredentials::scram_sha512("svc-a", "a-secret"),
                    ),
                    (
                        "b.".to_owned(),
                        BrokerCredentials::plain("svc-b", "b-secret"),
                    ),
                ],
            )
    })
    .await;

    // All three at once through one proxy: no broker SASL until each has
    // authenticated, and then each under its tenant's principal.
    let (mut alice, a) = plain_client(&outer, "alice", "alice-secret").await;
    let (mut bob, b) = plain_client(&outer, "bob", "bob-secret").await;
    let (mut carol, c) = plain_client(&outer, "carol", "carol-secret").await;
    assert_eq!((a, b, c), (0, 0, 0));
    metadata(&mut alice, 10).await;
    metadata(&mut bob, 11).await;
    metadata(&mut carol, 12).await;
    metadata(&mut alice, 13).await;
    let seen = |p: &Principals| -> Vec<String> {
        p.0.lock()
            .unwrap()
            .iter()
            .map(|n| n.clone().unwrap_or_default())
            .collect()
    };
    assert_eq!(
        seen(&principals),
        ["svc-a", "svc-b", "svc-default", "svc-a"],
        "each connection's broker session is its tenant's"
    );
    // Past the broker's sessions, the proxy has renewed each with the same
    // credentials (the broker refuses another principal on a session).
    tokio::time::sleep(Duration::from_millis(700)).await;
    for (at, client) in [&mut bob, &mut carol, &mut alice].into_iter().enumerate() {
        metadata(client, 20 + at as i32).await;
    }
    assert_eq!(
        seen(&principals)[4..],
        ["svc-b", "svc-default", "svc-a"],
        "renewed with the tenant's credentials"
    );
    let authenticated = |name: &str| {
        inner
            .0
            .lock()
            .unwrap()
            .iter()
            .filter(|e| e.starts_with("Authenticated(") && e.contains(&format!("\"{name}\"")))
            .count()
    };
    let renewed = (authenticated("svc-a"), authenticated("svc-b"));
    assert!(
        renewed.0 >= 2 && renewed.1 >= 2,
        "{renewed:?}: {:?}",
        inner.0.lock().unwrap()
    );
    assert!(
        !events
            .0
            .lock()
            .unwrap()
            .iter()
            .any(|e| e.starts_with("closed")),
        "{:?}",
        events.0.lock().unwrap()
    );
    // The scripted broker behind saw the clients' ApiVersions and
    // Metadata, none of the SASL.
    assert!(broker.seen().iter().all(|s| [18, 3].contains(&s.api_key)));

    // Before it has authenticated, a client may send no other request: the
    // broker connection has no session yet.
    let mut early = TcpStream::connect(outer.local_addr()).await.unwrap();
    write_frame(&mut early, &request(12, 1, &MetadataRequest::default()))
        .await
        .unwrap();
    assert!(read_frame(&mut early).await.is_err());
    events
        .wait_for("a request of API 3 before the client authenticated")
        .await;

    // Credentials per tenant need termination: the principal must be known
    // before the broker connection is used.
    let tenants = TenantsByPrincipal::new([("alice", "a.")]).unwrap();
    let refused = Proxy::builder(broker.address.to_string())
        .listen("127.0.0.1:0".parse().unwrap())
        .tenant_broker_sasl(tenants, [])
        .start()
        .await;
    assert_eq!(
        refused.err().map(|e| e.kind()),
        Some(io::ErrorKind::InvalidInput)
    );
}

#[tokio::test]
async fn a_tenants_oauthbearer_token_reaches_the_broker_and_a_refusal_is_answered_and_named() {
    use kafka_wire_proxy::filters::TenantsByPrincipal;
    use kafka_wire_proxy::{BrokerCredentials, Credentials};

    let broker = Broker::start().await;
    *broker.brokers.lock().unwrap() = vec![(1, broker.address)];
    // The scripted broker accepts a bearer token unless its claims are `{}`,
    // which it challenges, then refuses.
    let good = unsigned_jwt(r#"{"sub":"svc-a"}"#);
    let refused_token = unsigned_jwt("{}");
    let dir = std::env::temp_dir().join(format!("kafka-wire-proxy-token-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let token_file = dir.join("b.jwt");
    std::fs::write(&token_file, format!("{refused_token}\n")).unwrap();
    let tenants = TenantsByPrincipal::new([("alice", "a."), ("bob", "b.")]).unwrap();
    let clients = Credentials::new()
        .user("alice", "alice-secret")
        .unwrap()
        .user("bob", "bob-secret")
        .unwrap();
    // The audit log beside the test's events: the refusal is a line there.
    let written = Written::default();
    let audit = kafka_wire_proxy::AuditLog::new(written.clone());
    let events = Events::default();
    let builder = Proxy::builder(broker.address.to_string())
        .listen("127.0.0.1:0".parse().unwrap())
        .sasl_termination(clients)
        .tenant_broker_sasl(
            tenants,
            [
                (
                    "a.".to_owned(),
                    BrokerCredentials::oauthbearer(good.clone()),
                ),
                (
                    "b.".to_owned(),
                    BrokerCredentials::oauthbearer_file(&token_file),
                ),
            ],
        );
    let outer = builder
        .on_event({
            let events = events.clone();
            move |e| {
                audit.on_event(e);
                if let ProxyEvent::Closed {
                    error: Some(error), ..
                } = e
                {
                    events.0.lock().unwrap().push(format!("closed: {error}"));
                }
            }
        })
        .start()
        .await
        .unwrap();

    let (mut alice, code) = plain_client(&outer, "alice", "alice-secret").await;
    assert_eq!(code, 0);
    metadata(&mut alice, 5).await;
    // ApiVersions passed before the proxy's own SASL, then the token in
    // RFC 7628's client first message, then the client's request.
    let keys: Vec<i16> = broker.seen().iter().map(|s| s.api_key).collect();
    assert_eq!(keys, [18, 17, 36, 3]);
    let RequestKind::SaslHandshake(handshake) = broker.sent(1) else {
        panic!()
    };
    assert_eq!(handshake.mechanism, "OAUTHBEARER");
    let RequestKind::SaslAuthenticate(first) = broker.sent(2) else {
        panic!()
    };
    assert_eq!(
        &first.auth_bytes[..],
        format!("n,,\u{1}auth=Bearer {good}\u{1}\u{1}").as_bytes()
    );

    // bob's tenant's token is refused: bob is answered as Kafka answers
    // refused credentials, the connection ends, and the error names the
    // tenant and the mechanism.
    let (mut bob, code) = plain_client(&outer, "bob", "bob-secret").await;
    assert_eq!(
        ErrorCode::from_code(code),
        ErrorCode::SaslAuthenticationFailed
    );
    assert!(read_frame(&mut bob).await.is_err());
    let closed = events.wait_for("for tenant b.").await;
    assert!(
        closed.contains("with OAUTHBEARER for tenant b.: SASL_AUTHENTICATION_FAILED")
            && closed.contains(r#"challenge {"status":"invalid_token"}"#),
        "{closed}"
    );
    // The token file read, then `%x01` after the challenge.
    let RequestKind::SaslAuthenticate(sent) = broker.sent(6) else {
        panic!()
    };
    assert_eq!(
        &sent.auth_bytes[..],
        format!("n,,\u{1}auth=Bearer {refused_token}\u{1}\u{1}").as_bytes()
    );
    let RequestKind::SaslAuthenticate(abort) = broker.sent(7) else {
        panic!()
    };
    assert_eq!(&abort.auth_bytes[..], b"\x01");
    // One audit line for the refusal, naming bob, his tenant and why.
    let lines = String::from_utf8(written.0.lock().unwrap().clone()).unwrap();
    let refused: Vec<serde_json::Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|l: &serde_json::Value| l["event"] == "broker_authentication")
        .collect();
    assert_eq!(refused.len(), 1, "{lines}");
    let line = &refused[0];
    assert_eq!(line["outcome"], "failure");
    assert_eq!(line["principal"], "User:bob");
    assert_eq!(line["tenant"], "b.");
    let reason = line["reason"].as_str().unwrap();
    assert!(
        reason.contains("with OAUTHBEARER for tenant b.: SASL_AUTHENTICATION_FAILED"),
        "{reason}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
