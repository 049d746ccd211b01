//! The served APIs, driven by this workspace's own blocking client
//! (`kafka_messages::client`): every served API at every version, the errors
//! Kafka gives, and both ways of refusing a version (ApiVersions' v0 answer,
//! and closing the connection).

use std::net::SocketAddr;

use kafka_messages::client::{Client, ClientError};
use kafka_messages::create_partitions::CreatePartitionsTopic;
use kafka_messages::delete_acls::DeleteAclsFilter;
use kafka_messages::delete_topics::DeleteTopicState;
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::*;
use kafka_wire::{ErrorCode, Message, Str, VersionRange};
use kafka_wire_fake::{Cluster, SERVED_APIS};

/// A running cluster on a runtime of its own, for the blocking client;
/// dropping it stops both.
struct Fake {
    addr: SocketAddr,
    _cluster: Cluster,
    _runtime: tokio::runtime::Runtime,
}

fn start(max_versions: &[(ApiKey, i16)]) -> Fake {
    start_as(Release::Latest, max_versions)
}

/// A cluster that serves `release`'s versions (capped by `max_versions`).
fn start_as(release: Release, max_versions: &[(ApiKey, i16)]) -> Fake {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let mut builder = Cluster::builder().release(release);
    for &(api, max) in max_versions {
        builder = builder.max_version(api, max);
    }
    let cluster = runtime.block_on(builder.start()).unwrap();
    Fake {
        addr: cluster.bootstrap_addrs()[0],
        _cluster: cluster,
        _runtime: runtime,
    }
}

fn client(fake: &Fake) -> Client {
    Client::connect(fake.addr, "served-apis-test").unwrap()
}

/// The versions a cluster of `release` serves of `M`'s API, as a broker of
/// that release does.
fn versions<M: Message>(release: Release) -> std::ops::RangeInclusive<i16> {
    let served = ApiKey::from_i16(M::API_KEY).unwrap().versions_in(release);
    served.lowest().unwrap()..=served.highest().unwrap()
}

fn topic(name: &str, partitions: i32, replication: i16) -> CreatableTopic {
    CreatableTopic {
        name: name.into(),
        num_partitions: partitions,
        replication_factor: replication,
        ..Default::default()
    }
}

fn create(c: &mut Client, version: i16, topics: Vec<CreatableTopic>) -> Vec<CreatableTopicResult> {
    let request = CreateTopicsRequest {
        topics,
        timeout_ms: 5_000,
        ..Default::default()
    };
    c.send(&request, version).unwrap().topics
}

fn metadata(c: &mut Client, version: i16, names: &[&str]) -> MetadataResponse {
    let request = MetadataRequest {
        topics: Some(
            names
                .iter()
                .map(|&n| MetadataRequestTopic {
                    name: Some(n.into()),
                    ..Default::default()
                })
                .collect(),
        ),
        ..Default::default()
    };
    c.send(&request, version).unwrap()
}

#[test]
fn api_versions_advertises_what_is_served_and_falls_back_by_kafkas_rule() {
    let fake = start(&[]);
    let mut c = client(&fake);
    let advertised = c.api_versions().unwrap().clone();
    assert_eq!(advertised.api_keys.len(), SERVED_APIS.len());
    for key in SERVED_APIS {
        let valid = key.valid_versions();
        let expected = match key {
            // As Kafka 4.4 advertises them (the side-by-side test,
            // tests/live_fake_vs_kafka.rs): Produce from v0 (KAFKA-18659),
            // InitProducerId without its unstable v6.
            ApiKey::Produce => kafka_wire::VersionRange::new(0, valid.highest().unwrap()),
            ApiKey::InitProducerId => valid.intersect(kafka_wire::VersionRange::new(0, 5)),
            _ => valid,
        };
        assert_eq!(advertised.versions_of(key.key()), Some(expected), "{key:?}");
    }
    // As Kafka 4.4, the fake closes the connection on Produce v0-2 and on
    // InitProducerId v6.
    assert!(client(&fake).send(&ProduceRequest::default(), 2).is_err());
    assert!(client(&fake)
        .send(&InitProducerIdRequest::default(), 6)
        .is_err());
    assert!(client(&fake)
        .send(&InitProducerIdRequest::default(), 5)
        .is_ok());
    // Capped at v3: the client opens with v5, gets the v0 UNSUPPORTED_VERSION
    // answer listing 0-3, and retries at v3.
    let fake = start(&[(ApiKey::ApiVersions, 3), (ApiKey::CreateTopics, 4)]);
    let mut c = client(&fake);
    let advertised = c.api_versions().unwrap().clone();
    assert_eq!(advertised.error_code, 0);
    assert_eq!(advertised.versions_of(18), Some(VersionRange::new(0, 3)));
    assert_eq!(advertised.versions_of(19), Some(VersionRange::new(2, 4)));
    assert_eq!(c.negotiate::<CreateTopicsRequest>().unwrap(), 4);
    // A cluster of Kafka 3.9 advertises its versions, which a 4.4 broker lacks.
    let fake = start_as(Release::Older, &[(ApiKey::CreateTopics, 1)]);
    let mut c = client(&fake);
    let advertised = c.api_versions().unwrap().clone();
    assert_eq!(advertised.versions_of(18), Some(VersionRange::new(0, 4)));
    assert_eq!(advertised.versions_of(3), Some(VersionRange::new(0, 12)));
    assert_eq!(advertised.versions_of(19), Some(VersionRange::new(0, 1)));
    assert_eq!(c.negotiate::<CreateTopicsRequest>().unwrap(), 1);
}

#[test]
fn an_unsupported_api_versions_version_gets_the_v0_error_35_answer() {
    use std::io::{Read, Write};
    let fake = start(&[(ApiKey::ApiVersions, 2)]);
    let mut s = std::net::TcpStream::connect(fake.addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    // ApiVersions v5, header v2, correlation id 0x0a0b0c0d, null client id,
    // empty tagged section, then a v5 body.
    let body = [
        0, 18, 0, 5, 10, 11, 12, 13, 0xff, 0xff, 0, 1, 1, 0, 0xff, 0xff, 0xff, 0xff, 0,
    ];
    let mut frame = (body.len() as i32).to_be_bytes().to_vec();
    frame.extend_from_slice(&body);
    s.write_all(&frame).unwrap();
    let mut answer = [0u8; 20];
    s.read_exact(&mut answer).unwrap();
    assert_eq!(
        answer,
        [0, 0, 0, 16, 10, 11, 12, 13, 0, 35, 0, 0, 0, 1, 0, 18, 0, 0, 0, 2]
    );
}

#[test]
fn a_version_above_the_served_one_closes_the_connection() {
    let fake = start(&[(ApiKey::CreateTopics, 4)]);
    let mut c = client(&fake);
    let err = c.send(&CreateTopicsRequest::default(), 7).unwrap_err();
    assert!(matches!(err, ClientError::Closed), "{err}");
    // An API the cluster does not serve: the same.
    let mut c = client(&fake);
    let err = c
        .send(&kafka_messages::DescribeLogDirsRequest::default(), 4)
        .unwrap_err();
    assert!(matches!(err, ClientError::Closed), "{err}");
}

#[test]
fn topics_at_every_version_with_kafkas_errors() {
    for &release in Release::ALL {
        topics_at_every_version_of(release);
    }
}

fn topics_at_every_version_of(release: Release) {
    let fake = start_as(release, &[]);
    let mut c = client(&fake);
    for version in versions::<CreateTopicsRequest>(release) {
        let name = format!("t{version}");
        let ok = create(&mut c, version, vec![topic(&name, 3, 1)]);
        assert_eq!(
            ok[0].error(),
            ErrorCode::None,
            "v{version}: {:?}",
            ok[0].error_message
        );
        if version >= 5 {
            assert_eq!((ok[0].num_partitions, ok[0].replication_factor), (3, 1));
        }
        assert_eq!(!ok[0].topic_id.is_zero(), version >= 7, "v{version}");
        let errors: Vec<ErrorCode> = create(
            &mut c,
            version,
            vec![
                topic(&name, 3, 1),
                topic("zero", 0, 1),
                topic("rf3", 1, 3),
                topic("bad/name", 1, 1),
            ],
        )
        .iter()
        .map(CreatableTopicResult::error)
        .collect();
        assert_eq!(
            errors,
            [
                ErrorCode::TopicAlreadyExists,
                ErrorCode::InvalidPartitions,
                ErrorCode::InvalidReplicationFactor,
                ErrorCode::InvalidTopicException
            ],
            "v{version}"
        );
    }
    // Defaults (-1, -1) and validate_only.
    let request = CreateTopicsRequest {
        topics: vec![topic("dry", -1, -1)],
        validate_only: true,
        ..Default::default()
    };
    let r = c.send(&request, 7).unwrap();
    assert_eq!((r.topics[0].error_code, r.topics[0].num_partitions), (0, 1));

    for version in versions::<MetadataRequest>(release).filter(|v| *v >= 1) {
        let m = metadata(&mut c, version, &["t7", "dry", "missing"]);
        assert_eq!(m.controller_id, 1, "v{version}");
        assert_eq!(m.brokers[0].port, i32::from(fake.addr.port()));
        let found: Vec<(Option<&str>, i16, usize)> = m
            .topics
            .iter()
            .map(|t| (t.name.as_deref(), t.error_code, t.partitions.len()))
            .collect();
        assert_eq!(
            found,
            [
                (Some("t7"), 0, 3),
                (Some("dry"), 3, 0),
                (Some("missing"), 3, 0)
            ],
            "v{version}"
        );
    }

    for version in versions::<CreatePartitionsRequest>(release) {
        let request = CreatePartitionsRequest {
            topics: vec![
                CreatePartitionsTopic {
                    name: "t2".into(),
                    count: 4 + i32::from(version),
                    assignments: None,
                    ..Default::default()
                },
                CreatePartitionsTopic {
                    name: "t3".into(),
                    count: 2,
                    assignments: None,
                    ..Default::default()
                },
                CreatePartitionsTopic {
                    name: "missing".into(),
                    count: 2,
                    assignments: None,
                    ..Default::default()
                },
            ],
            timeout_ms: 5_000,
            ..Default::default()
        };
        let codes: Vec<i16> = c
            .send(&request, version)
            .unwrap()
            .results
            .iter()
            .map(|r| r.error_code)
            .collect();
        assert_eq!(codes, [0, 37, 3], "v{version}");
    }
    assert_eq!(metadata(&mut c, 12, &["t2"]).topics[0].partitions.len(), 7);

    // Each version deletes t<version + 1>; the lowest also those created below
    // it (Kafka 3.9 has CreateTopics v0, DeleteTopics v0: t0 and t1).
    let lowest_created = *versions::<CreateTopicsRequest>(release).start();
    for version in versions::<DeleteTopicsRequest>(release) {
        let first = if version == *versions::<DeleteTopicsRequest>(release).start() {
            lowest_created
        } else {
            version + 1
        };
        let mut names: Vec<String> = (first..=version + 1).map(|v| format!("t{v}")).collect();
        names.push("missing".into());
        let request = if version >= 6 {
            DeleteTopicsRequest {
                topics: names
                    .iter()
                    .map(|n| DeleteTopicState {
                        name: Some(n.as_str().into()),
                        ..Default::default()
                    })
                    .collect(),
                timeout_ms: 5_000,
                ..Default::default()
            }
        } else {
            DeleteTopicsRequest {
                topic_names: names.iter().map(|n| n.as_str().into()).collect(),
                timeout_ms: 5_000,
                ..Default::default()
            }
        };
        let codes: Vec<i16> = c
            .send(&request, version)
            .unwrap()
            .responses
            .iter()
            .map(|r| r.error_code)
            .collect();
        let mut expected = vec![0; names.len() - 1];
        expected.push(3);
        assert_eq!(codes, expected, "v{version}");
    }
    let left: Vec<Option<Str>> = c
        .send(
            &MetadataRequest {
                topics: None,
                ..Default::default()
            },
            12,
        )
        .unwrap()
        .topics
        .into_iter()
        .map(|t| t.name)
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn acls_at_every_version_with_kafkas_errors() {
    for &release in Release::ALL {
        acls_at_every_version_of(release);
    }
}

fn acls_at_every_version_of(release: Release) {
    let fake = start_as(release, &[]);
    let mut c = client(&fake);
    let acl = |name: &str, principal: &str, pattern: PatternType| {
        AclCreation::new(
            ResourceType::Topic,
            name,
            pattern,
            principal,
            "*",
            AclOperation::Read,
            AclPermissionType::Allow,
        )
    };
    // Version 0 of the ACL APIs has no pattern types (every ACL is literal).
    if versions::<CreateAclsRequest>(release).contains(&0) {
        acls_at_version_0(&mut c);
    }
    for version in versions::<CreateAclsRequest>(release).filter(|&v| v >= 1) {
        let request = CreateAclsRequest {
            creations: vec![
                acl(
                    &format!("orders{version}"),
                    "User:alice",
                    PatternType::Literal,
                ),
                acl("logs-", "User:bob", PatternType::Prefixed),
                acl("x", "alice", PatternType::Literal),
                acl("x", "User:alice", PatternType::Match),
            ],
            ..Default::default()
        };
        let codes: Vec<ErrorCode> = c
            .send(&request, version)
            .unwrap()
            .results
            .iter()
            .map(|r| r.error())
            .collect();
        assert_eq!(
            codes,
            [
                ErrorCode::None,
                ErrorCode::None,
                ErrorCode::InvalidRequest,
                ErrorCode::InvalidRequest
            ],
            "v{version}"
        );
    }
    for version in versions::<DescribeAclsRequest>(release).filter(|&v| v >= 1) {
        // MATCH on a name: the literal ACL of that name and the prefix that covers it.
        let request = DescribeAclsRequest {
            resource_type_filter: ResourceType::Topic.code(),
            resource_name_filter: Some("logs-app".into()),
            pattern_type_filter: PatternType::Match.code(),
            principal_filter: None,
            host_filter: None,
            operation: AclOperation::Any.code(),
            permission_type: AclPermissionType::Any.code(),
            ..Default::default()
        };
        let r = c.send(&request, version).unwrap();
        assert_eq!(r.error_code, 0);
        let names: Vec<&str> = r
            .resources
            .iter()
            .map(|r| r.resource_name.as_str())
            .collect();
        assert_eq!(names, ["logs-"], "v{version}");
        let all = DescribeAclsRequest {
            resource_name_filter: None,
            pattern_type_filter: PatternType::Any.code(),
            ..request
        };
        assert_eq!(
            c.send(&all, version).unwrap().resources.len(),
            4,
            "v{version}"
        );
    }
    for version in versions::<DeleteAclsRequest>(release).filter(|&v| v >= 1) {
        let filter = DeleteAclsFilter {
            resource_type_filter: ResourceType::Topic.code(),
            resource_name_filter: Some(format!("orders{version}").as_str().into()),
            pattern_type_filter: PatternType::Literal.code(),
            principal_filter: None,
            host_filter: None,
            operation: AclOperation::Any.code(),
            permission_type: AclPermissionType::Any.code(),
            ..Default::default()
        };
        let r = c
            .send(
                &DeleteAclsRequest {
                    filters: vec![filter],
                    ..Default::default()
                },
                version,
            )
            .unwrap();
        assert_eq!(r.filter_results[0].error_code, 0);
        assert_eq!(r.filter_results[0].matching_acls.len(), 1, "v{version}");
        assert_eq!(r.filter_results[0].matching_acls[0].principal, "User:alice");
    }
}

/// Kafka 3.9's ACL APIs at version 0, where every ACL is literal: one
/// created (and one refused), found, and deleted again.
fn acls_at_version_0(c: &mut Client) {
    let acl = |principal: &str| {
        AclCreation::new(
            ResourceType::Topic,
            "v0-topic",
            PatternType::Literal,
            principal,
            "*",
            AclOperation::Write,
            AclPermissionType::Allow,
        )
    };
    let request = CreateAclsRequest {
        creations: vec![acl("User:carol"), acl("carol")],
        ..Default::default()
    };
    let codes: Vec<ErrorCode> = c
        .send(&request, 0)
        .unwrap()
        .results
        .iter()
        .map(|r| r.error())
        .collect();
    assert_eq!(codes, [ErrorCode::None, ErrorCode::InvalidRequest]);
    let describe = DescribeAclsRequest {
        resource_type_filter: ResourceType::Topic.code(),
        resource_name_filter: Some("v0-topic".into()),
        principal_filter: None,
        host_filter: None,
        operation: AclOperation::Any.code(),
        permission_type: AclPermissionType::Any.code(),
        ..Default::default()
    };
    let r = c.send(&describe, 0).unwrap();
    assert_eq!(r.error_code, 0);
    assert_eq!(r.resources.len(), 1);
    assert_eq!(r.resources[0].acls[0].principal, "User:carol");
    let filter = DeleteAclsFilter {
        resource_type_filter: ResourceType::Topic.code(),
        resource_name_filter: Some("v0-topic".into()),
        principal_filter: None,
        host_filter: None,
        operation: AclOperation::Any.code(),
        permission_type: AclPermissionType::Any.code(),
        ..Default::default()
    };
    let r = c
        .send(
            &DeleteAclsRequest {
                filters: vec![filter],
                ..Default::default()
            },
            0,
        )
        .unwrap();
    assert_eq!(r.filter_results[0].matching_acls.len(), 1);
    assert!(c.send(&describe, 0).unwrap().resources.is_empty());
}

#[test]
fn more_than_ten_thousand_partitions_in_one_request_are_refused_whole() {
    let fake = start(&[]);
    let mut c = client(&fake);
    let excessive = Some("Excessively large number of partitions per request.");
    let request = CreateTopicsRequest {
        topics: vec![topic("a", 1, 1), topic("b", i32::MAX, 1)],
        timeout_ms: 5_000,
        ..Default::default()
    };
    let r = c.send(&request, 7).unwrap();
    for t in &r.topics {
        assert_eq!(t.error(), ErrorCode::PolicyViolation);
        assert_eq!(t.error_message.as_deref(), excessive);
    }
    // 10,000 in all is taken.
    let request = CreateTopicsRequest {
        topics: vec![topic("a", 9_999, 1), topic("b", 1, 1)],
        timeout_ms: 5_000,
        ..Default::default()
    };
    let r = c.send(&request, 7).unwrap();
    assert!(r.topics.iter().all(|t| t.error() == ErrorCode::None));
    let grow = CreatePartitionsRequest {
        topics: vec![CreatePartitionsTopic {
            name: "b".into(),
            count: 10_001,
            assignments: None,
            ..Default::default()
        }],
        timeout_ms: 5_000,
        ..Default::default()
    };
    let r = c.send(&grow, 3).unwrap();
    assert_eq!(r.results[0].error_code, ErrorCode::PolicyViolation.code());
    assert_eq!(r.results[0].error_message.as_deref(), excessive);
}
