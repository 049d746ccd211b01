//! Live tests of the generated messages against a real Apache Kafka 4.4
//! broker, beyond the admin APIs of `live.rs`: each API at every version the
//! broker offers (its ApiVersions range, met with ours). Ignored by default;
//! with a broker running:
//!
//! ```text
//! bash scripts/kafka-broker.sh start
//! cargo test --test live_apis -- --ignored --test-threads=1 --nocapture
//! ```

use kafka_messages::client::Client;
use kafka_messages::create_partitions::CreatePartitionsTopic;
use kafka_messages::delete_acls::DeleteAclsFilter;
use kafka_messages::delete_topics::DeleteTopicState;
use kafka_messages::describe_configs::DescribeConfigsResource;
use kafka_messages::incremental_alter_configs::{AlterConfigsResource, AlterableConfig};
use kafka_messages::list_offsets::{ListOffsetsPartition, ListOffsetsTopic};
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str, Uuid};

mod live_common;
use live_common::{bootstrap_port, create_topic, eventually, ok, send, unique, versions};

fn client() -> Client {
    live_common::client("kafka-wire-live-apis")
}

fn metadata(c: &mut Client, topic: &str, version: i16) -> MetadataResponse {
    let mut request = MetadataRequest {
        topics: Some(vec![MetadataRequestTopic {
            name: Some(topic.into()),
            ..Default::default()
        }]),
        ..Default::default()
    };
    // Before v4 a broker may always auto-create: the field is absent there,
    // and must hold its default (true) to be encoded at all.
    if version >= 4 {
        request.allow_auto_topic_creation = false;
    }
    send(c, &request, version)
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn metadata_at_every_version() {
    let mut c = client();
    let topic = unique("meta");
    create_topic(&mut c, &topic, 3);
    for version in versions::<MetadataRequest>(&mut c) {
        let response = metadata(&mut c, &topic, version);
        assert!(!response.brokers.is_empty(), "v{version}: brokers");
        let t = &response.topics[0];
        ok(t.error_code, &format!("Metadata v{version}"));
        assert_eq!(t.name.as_deref(), Some(topic.as_str()), "v{version}");
        assert_eq!(t.partitions.len(), 3, "v{version}: partitions");
        assert!(
            t.partitions.iter().all(|p| p.leader_id >= 0),
            "v{version}: leaders"
        );
        if version >= 10 {
            assert_ne!(t.topic_id, Uuid::ZERO, "v{version}: topic id");
        }
        if version >= 2 {
            assert!(
                response
                    .cluster_id
                    .as_deref()
                    .is_some_and(|id| !id.is_empty()),
                "v{version}"
            );
        }
    }
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn describe_cluster_at_every_version() {
    let mut c = client();
    for version in versions::<DescribeClusterRequest>(&mut c) {
        let response = send(&mut c, &DescribeClusterRequest::default(), version);
        ok(response.error_code, &format!("DescribeCluster v{version}"));
        assert!(!response.cluster_id.is_empty(), "v{version}");
        assert_eq!(response.brokers.len(), 1, "v{version}: one broker");
        assert_eq!(response.brokers[0].port, bootstrap_port(), "v{version}");
    }
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn create_partitions_at_every_version() {
    let mut c = client();
    for version in versions::<CreatePartitionsRequest>(&mut c) {
        let topic = unique(&format!("grow-v{version}"));
        create_topic(&mut c, &topic, 1);
        let request = CreatePartitionsRequest {
            topics: vec![CreatePartitionsTopic {
                name: topic.as_str().into(),
                count: 3,
                assignments: None,
                ..Default::default()
            }],
            timeout_ms: 30_000,
            validate_only: false,
            ..Default::default()
        };
        let response = send(&mut c, &request, version);
        ok(
            response.results[0].error_code,
            &format!("CreatePartitions v{version}"),
        );
        // Fewer partitions than it has: Kafka's INVALID_PARTITIONS.
        let mut shrink = request.clone();
        shrink.topics[0].count = 2;
        let refused = send(&mut c, &shrink, version);
        assert_eq!(
            ErrorCode::from_code(refused.results[0].error_code),
            ErrorCode::InvalidPartitions,
            "v{version}"
        );
        // The metadata shows the new partitions a moment after the answer.
        let v = c.negotiate::<MetadataRequest>().unwrap();
        let grown = eventually(
            20,
            || metadata(&mut c, &topic, v),
            |m| m.topics[0].partitions.len() == 3,
        );
        assert_eq!(grown.topics[0].partitions.len(), 3, "v{version}");
    }
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn delete_topics_at_every_version() {
    let mut c = client();
    for version in versions::<DeleteTopicsRequest>(&mut c) {
        let topic = unique(&format!("gone-v{version}"));
        create_topic(&mut c, &topic, 1);
        let mut request = DeleteTopicsRequest {
            timeout_ms: 30_000,
            ..Default::default()
        };
        if version >= 6 {
            request.topics = vec![DeleteTopicState {
                name: Some(topic.as_str().into()),
                ..Default::default()
            }];
        } else {
            request.topic_names = vec![topic.as_str().into()];
        }
        let response = send(&mut c, &request, version);
        let result = &response.responses[0];
        ok(result.error_code, &format!("DeleteTopics v{version}"));
        assert_eq!(result.name.as_deref(), Some(topic.as_str()));
        // Deleting it again: UNKNOWN_TOPIC_OR_PARTITION.
        let again = send(&mut c, &request, version);
        assert_eq!(
            ErrorCode::from_code(again.responses[0].error_code),
            ErrorCode::UnknownTopicOrPartition,
            "v{version}"
        );
    }
}

const TOPIC_RESOURCE: i8 = 2;

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn describe_and_incrementally_alter_configs_at_every_version() {
    let mut c = client();
    let topic = unique("configs");
    create_topic(&mut c, &topic, 1);
    for version in versions::<IncrementalAlterConfigsRequest>(&mut c) {
        let retention = format!("{}", 3_600_000 + i64::from(version));
        let request = IncrementalAlterConfigsRequest {
            resources: vec![AlterConfigsResource {
                resource_type: TOPIC_RESOURCE,
                resource_name: topic.as_str().into(),
                configs: vec![AlterableConfig {
                    name: "retention.ms".into(),
                    config_operation: 0, // SET
                    value: Some(retention.as_str().into()),
                    ..Default::default()
                }],
                ..Default::default()
            }],
            validate_only: false,
            ..Default::default()
        };
        let response = send(&mut c, &request, version);
        ok(
            response.responses[0].error_code,
            &format!("IncrementalAlterConfigs v{version}"),
        );
        // The broker shows the new value a moment after the answer.
        let v = c.negotiate::<DescribeConfigsRequest>().unwrap();
        let shown = eventually(
            20,
            || config(&mut c, &topic, "retention.ms", v),
            |value| value.as_deref() == Some(retention.as_str()),
        );
        assert_eq!(shown.as_deref(), Some(retention.as_str()), "v{version}");
    }
    for version in versions::<DescribeConfigsRequest>(&mut c) {
        let value = config(&mut c, &topic, "cleanup.policy", version);
        assert_eq!(
            value.as_deref(),
            Some("delete"),
            "DescribeConfigs v{version}"
        );
    }
}

/// The value of one topic config, by DescribeConfigs at `version`.
fn config(c: &mut Client, topic: &str, name: &str, version: i16) -> Option<String> {
    let request = DescribeConfigsRequest {
        resources: vec![DescribeConfigsResource {
            resource_type: TOPIC_RESOURCE,
            resource_name: topic.into(),
            configuration_keys: Some(vec![name.into()]),
            ..Default::default()
        }],
        include_synonyms: version >= 1,
        include_documentation: version >= 3,
        ..Default::default()
    };
    let response = send(c, &request, version);
    let result = &response.results[0];
    ok(result.error_code, &format!("DescribeConfigs v{version}"));
    assert_eq!(result.configs.len(), 1, "v{version}: {:?}", result.configs);
    let entry = &result.configs[0];
    assert_eq!(entry.name.as_str(), name);
    if version >= 3 {
        assert!(
            entry
                .documentation
                .as_deref()
                .is_some_and(|d| !d.is_empty()),
            "v{version}: docs"
        );
    }
    entry.value.as_deref().map(str::to_owned)
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn describe_and_delete_acls_at_every_version() {
    let mut c = client();
    let describe_versions = versions::<DescribeAclsRequest>(&mut c);
    for version in versions::<DeleteAclsRequest>(&mut c) {
        let topic = unique(&format!("acl-v{version}"));
        let principal = "User:alice";
        let create = CreateAclsRequest {
            creations: vec![AclCreation {
                resource_type: TOPIC_RESOURCE,
                resource_name: topic.as_str().into(),
                resource_pattern_type: 3, // LITERAL
                principal: principal.into(),
                host: "*".into(),
                operation: 3,       // READ
                permission_type: 3, // ALLOW
                ..Default::default()
            }],
            ..Default::default()
        };
        let v = c.negotiate::<CreateAclsRequest>().unwrap();
        ok(send(&mut c, &create, v).results[0].error_code, "CreateAcls");

        // The StandardAuthorizer applies new ACLs asynchronously: wait for it.
        let dv = describe_versions[(version as usize).min(describe_versions.len() - 1)];
        let filter = DescribeAclsRequest {
            resource_type_filter: TOPIC_RESOURCE,
            resource_name_filter: Some(topic.as_str().into()),
            pattern_type_filter: 3,
            principal_filter: Some(principal.into()),
            host_filter: None,
            operation: 1,       // ANY
            permission_type: 1, // ANY
            ..Default::default()
        };
        let described = eventually(
            20,
            || send(&mut c, &filter, dv),
            |r| r.error_code != 0 || !r.resources.is_empty(),
        );
        ok(described.error_code, &format!("DescribeAcls v{dv}"));
        assert_eq!(described.resources.len(), 1, "DescribeAcls v{dv}");
        let acl = &described.resources[0].acls[0];
        assert_eq!((acl.principal.as_str(), acl.operation), (principal, 3));

        let delete = DeleteAclsRequest {
            filters: vec![DeleteAclsFilter {
                resource_type_filter: TOPIC_RESOURCE,
                resource_name_filter: Some(topic.as_str().into()),
                pattern_type_filter: 3,
                principal_filter: None,
                host_filter: None,
                operation: 1,
                permission_type: 1,
                ..Default::default()
            }],
            ..Default::default()
        };
        let response = send(&mut c, &delete, version);
        let result = &response.filter_results[0];
        ok(result.error_code, &format!("DeleteAcls v{version}"));
        assert_eq!(result.matching_acls.len(), 1, "DeleteAcls v{version}");
        assert_eq!(result.matching_acls[0].resource_name.as_str(), topic);
    }
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn list_offsets_at_every_version() {
    let mut c = client();
    let topic = unique("offsets");
    create_topic(&mut c, &topic, 2);
    for version in versions::<ListOffsetsRequest>(&mut c) {
        for timestamp in [-1, -2] {
            let request = ListOffsetsRequest {
                replica_id: -1,
                topics: vec![ListOffsetsTopic {
                    name: topic.as_str().into(),
                    partitions: (0..2)
                        .map(|p| ListOffsetsPartition {
                            partition_index: p,
                            timestamp,
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                }],
                ..Default::default()
            };
            // The leaders may need a moment after the topic is created.
            let response = eventually(
                20,
                || send(&mut c, &request, version),
                |r| r.topics[0].partitions.iter().all(|p| p.error_code == 0),
            );
            let partitions = &response.topics[0].partitions;
            assert_eq!(partitions.len(), 2, "v{version}");
            for p in partitions {
                ok(
                    p.error_code,
                    &format!("ListOffsets v{version} partition {}", p.partition_index),
                );
                assert_eq!(
                    p.offset, 0,
                    "v{version}: an empty partition's offsets are 0"
                );
            }
        }
    }
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn find_coordinator_at_every_version() {
    let mut c = client();
    for version in versions::<FindCoordinatorRequest>(&mut c) {
        let group = unique("group");
        let mut request = FindCoordinatorRequest {
            key_type: 0,
            ..Default::default()
        };
        if version >= 4 {
            request.coordinator_keys = vec![group.as_str().into()];
        } else {
            request.key = group.as_str().into();
        }
        // The first lookup creates __consumer_offsets; until it is ready
        // the answer is COORDINATOR_NOT_AVAILABLE.
        let (code, port) = eventually(
            60,
            || {
                let r = send(&mut c, &request, version);
                match r.coordinators.first() {
                    Some(k) if version >= 4 => (k.error_code, k.port),
                    _ => (r.error_code, r.port),
                }
            },
            |&(code, _)| ErrorCode::from_code(code) != ErrorCode::CoordinatorNotAvailable,
        );
        ok(code, &format!("FindCoordinator v{version}"));
        assert_eq!(port, bootstrap_port(), "v{version}");
    }
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn list_and_describe_groups_at_every_version() {
    let mut c = client();
    for version in versions::<ListGroupsRequest>(&mut c) {
        // COORDINATOR_LOAD_IN_PROGRESS while __consumer_offsets loads.
        let response = eventually(
            60,
            || send(&mut c, &ListGroupsRequest::default(), version),
            |r| !ErrorCode::from_code(r.error_code).is_retriable(),
        );
        ok(response.error_code, &format!("ListGroups v{version}"));
    }
    for version in versions::<DescribeGroupsRequest>(&mut c) {
        let group = unique("nobody");
        let request = DescribeGroupsRequest {
            groups: vec![Str::from(group.as_str())],
            include_authorized_operations: version >= 3,
            ..Default::default()
        };
        // COORDINATOR_LOAD_IN_PROGRESS while the group's partition of
        // __consumer_offsets loads (each group has its own).
        let response = eventually(
            60,
            || send(&mut c, &request, version),
            |r| !ErrorCode::from_code(r.groups[0].error_code).is_retriable(),
        );
        let g = &response.groups[0];
        assert_eq!(g.group_id.as_str(), group, "v{version}");
        // An unknown group is Dead (v0-5) or GROUP_ID_NOT_FOUND (v6+, KIP-1043).
        let code = ErrorCode::from_code(g.error_code);
        if version >= 6 {
            assert_eq!(code, ErrorCode::GroupIdNotFound, "v{version}");
        } else {
            assert_eq!(
                (code, g.group_state.as_str()),
                (ErrorCode::None, "Dead"),
                "v{version}"
            );
        }
    }
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn api_versions_v5_checks_the_cluster_and_node_it_was_meant_for() {
    let mut c = client();
    let cluster = {
        let v = c.negotiate::<DescribeClusterRequest>().unwrap();
        send(&mut c, &DescribeClusterRequest::default(), v).cluster_id
    };
    let meant = ApiVersionsRequest {
        client_software_name: "kafka-wire".into(),
        client_software_version: "0.1.0".into(),
        cluster_id: Some(cluster.clone()),
        node_id: 1,
        ..Default::default()
    };
    let response = send(&mut c, &meant, 5);
    ok(
        response.error_code,
        "ApiVersions v5 to the right cluster and node",
    );
    assert!(response.api_keys.len() > 30);
    let elsewhere = ApiVersionsRequest {
        cluster_id: Some("AAAAAAAAAAAAAAAAAAAAAA".into()),
        ..meant
    };
    let refused = send(&mut c, &elsewhere, 5);
    assert_ne!(
        refused.error_code, 0,
        "ApiVersions v5 to another cluster is refused"
    );
    eprintln!(
        "ApiVersions v5 to another cluster: error {} ({:?})",
        refused.error_code,
        ErrorCode::from_code(refused.error_code)
    );
}
