//! Live tests against a real Apache Kafka broker (4.4, single-node KRaft, with
//! the StandardAuthorizer). Ignored by default; with a broker running:
//!
//! ```text
//! bash scripts/kafka-broker.sh start
//! cargo test --test live -- --ignored --test-threads=1 --nocapture
//! ```
//!
//! The address comes from `KAFKA_BOOTSTRAP` (default `127.0.0.1:9092`).

use kafka_messages::client::Client;
use kafka_messages::*;
use kafka_wire::{ErrorCode, Str, Versioned};

mod live_common;
use live_common::unique;

fn client() -> Client {
    live_common::client("kafka-wire-live-test")
}

fn topic(name: &str, partitions: i32, replication: i16) -> CreatableTopic {
    CreatableTopic {
        name: name.into(),
        num_partitions: partitions,
        replication_factor: replication,
        ..Default::default()
    }
}

fn create(
    client: &mut Client,
    version: i16,
    topics: Vec<CreatableTopic>,
    validate_only: bool,
) -> CreateTopicsResponse {
    let request = CreateTopicsRequest {
        topics,
        timeout_ms: 30_000,
        validate_only,
        ..Default::default()
    };
    let response = client
        .send(&request, version)
        .unwrap_or_else(|e| panic!("CreateTopics v{version}: {e}"));
    assert_eq!(response.topics.len(), request.topics.len());
    response
}

fn error_of(r: &CreatableTopicResult) -> ErrorCode {
    r.error()
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn api_versions_decodes_at_every_version_and_negotiates() {
    let mut c = client();
    for version in ApiVersionsRequest::VERSIONS.lowest().unwrap()
        ..=ApiVersionsRequest::VERSIONS.highest().unwrap()
    {
        let request = ApiVersionsRequest {
            client_software_name: "kafka-wire".into(),
            client_software_version: "0.1.0".into(),
            ..Default::default()
        };
        let response = c
            .send(&request, version)
            .unwrap_or_else(|e| panic!("ApiVersions v{version}: {e}"));
        assert_eq!(response.error_code, 0, "v{version}");
        assert!(
            response.api_keys.len() > 30,
            "v{version}: only {} APIs",
            response.api_keys.len()
        );
        let mut line = format!("ApiVersions v{version}: {} APIs", response.api_keys.len());
        for key in [18, 19, 30] {
            let r = response
                .versions_of(key)
                .unwrap_or_else(|| panic!("v{version}: broker lacks API {key}"));
            line.push_str(&format!(", api {key}: {r}"));
        }
        if version >= 3 {
            assert!(
                !response.supported_features.is_empty(),
                "v{version}: supported features (tag 0) decoded"
            );
            assert!(
                !response.finalized_features.is_empty(),
                "v{version}: finalized features (tag 2) decoded"
            );
            assert!(
                response.finalized_features_epoch >= 0,
                "v{version}: finalized epoch (tag 1) decoded"
            );
            let features: Vec<String> = response
                .supported_features
                .iter()
                .map(|f| format!("{} {}-{}", f.name, f.min_version, f.max_version))
                .collect();
            line.push_str(&format!("; supported features: {}", features.join(", ")));
            let finalized: Vec<String> = response
                .finalized_features
                .iter()
                .map(|f| format!("{}={}", f.name, f.max_version_level))
                .collect();
            line.push_str(&format!(
                "; finalized (epoch {}): {}",
                response.finalized_features_epoch,
                finalized.join(", ")
            ));
        } else {
            assert!(response.supported_features.is_empty());
        }
        // Recorded so that a broker that adds versions is noticed.
        println!("{line}");
    }

    let advertised = c.api_versions().unwrap().clone();
    let create_topics = c.negotiate::<CreateTopicsRequest>().unwrap();
    let create_acls = c.negotiate::<CreateAclsRequest>().unwrap();
    let broker_ct = advertised.versions_of(19).unwrap();
    let broker_ca = advertised.versions_of(30).unwrap();
    println!("broker advertises CreateTopics {broker_ct}, CreateAcls {broker_ca}; negotiated v{create_topics} and v{create_acls}");
    assert_eq!(
        Some(create_topics),
        broker_ct.intersect(CreateTopicsRequest::VERSIONS).highest()
    );
    assert_eq!(
        Some(create_acls),
        broker_ca.intersect(CreateAclsRequest::VERSIONS).highest()
    );
    assert_eq!(create_topics, 7, "Kafka 4.4 speaks CreateTopics up to v7");
    assert_eq!(create_acls, 3, "Kafka 4.4 speaks CreateAcls up to v3");
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn create_topics_in_every_version() {
    let mut c = client();
    for version in 2..=7 {
        let name = unique(&format!("kw-live-v{version}"));
        let mut t = topic(&name, 2, 1);
        t.configs
            .push(CreatableTopicConfig::new("cleanup.policy", "compact"));
        t.configs
            .push(CreatableTopicConfig::new("retention.ms", "3600000"));
        let response = create(&mut c, version, vec![t], false);
        let r = &response.topics[0];
        assert_eq!(r.name, name.as_str());
        assert_eq!(
            error_of(r),
            ErrorCode::None,
            "v{version}: {:?}",
            r.error_message
        );
        if version >= 7 {
            assert!(!r.topic_id.is_zero(), "v7 returns the topic id");
        } else {
            assert!(r.topic_id.is_zero());
        }
        if version >= 5 {
            assert_eq!(
                (r.num_partitions, r.replication_factor),
                (2, 1),
                "v{version}"
            );
            let configs = r.configs.as_ref().expect("v5+ returns configs");
            let policy = configs
                .iter()
                .find(|c| c.name == "cleanup.policy")
                .expect("cleanup.policy returned");
            assert_eq!(policy.value.as_deref(), Some("compact"));
            assert_eq!(policy.source(), ConfigSource::DynamicTopicConfig);
            assert!(configs.len() > 10, "v{version}: {} configs", configs.len());
        } else {
            assert_eq!(
                (r.num_partitions, r.replication_factor),
                (-1, -1),
                "absent before v5: defaults"
            );
        }
        println!(
            "CreateTopics v{version}: created {name} id={} partitions={} rf={} configs={}",
            r.topic_id,
            r.num_partitions,
            r.replication_factor,
            r.configs.as_ref().map_or(0, Vec::len)
        );
    }
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn create_topics_errors_come_back_typed_and_named() {
    let mut c = client();
    for version in [2, 4, 5, 7] {
        let existing = unique(&format!("kw-exists-v{version}"));
        let first = create(&mut c, version, vec![topic(&existing, 1, 1)], false);
        assert_eq!(error_of(&first.topics[0]), ErrorCode::None);

        let mut bad_config = topic(&unique("kw-badconfig"), 1, 1);
        bad_config
            .configs
            .push(CreatableTopicConfig::new("no.such.config", "1"));
        let response = create(
            &mut c,
            version,
            vec![
                topic(&existing, 1, 1),
                topic(&unique("kw-zero"), 0, 1),
                topic(&unique("kw-rf3"), 1, 3),
                bad_config,
            ],
            false,
        );
        let codes: Vec<ErrorCode> = response.topics.iter().map(error_of).collect();
        assert_eq!(
            codes,
            [
                ErrorCode::TopicAlreadyExists,
                ErrorCode::InvalidPartitions,
                ErrorCode::InvalidReplicationFactor,
                ErrorCode::InvalidConfig
            ],
            "v{version}: {:?}",
            response.topics
        );
        for r in &response.topics {
            let message = r.error_message.as_deref().unwrap_or("");
            assert!(
                !message.is_empty(),
                "v{version}: {} has an error message",
                r.error().name()
            );
            println!(
                "CreateTopics v{version}: {} -> {} ({}): {message}",
                r.name,
                r.error().name(),
                r.error_code
            );
        }
        assert!(response.topics[0]
            .error_message
            .as_deref()
            .unwrap()
            .contains("already exists"));
    }
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn validate_only_creates_nothing() {
    let mut c = client();
    for version in 2..=7 {
        let name = unique(&format!("kw-validate-v{version}"));
        let dry = create(&mut c, version, vec![topic(&name, 3, 1)], true);
        assert_eq!(
            error_of(&dry.topics[0]),
            ErrorCode::None,
            "v{version}: {:?}",
            dry.topics[0].error_message
        );
        // The real create succeeds: the dry run left nothing behind.
        let real = create(&mut c, version, vec![topic(&name, 3, 1)], false);
        assert_eq!(
            error_of(&real.topics[0]),
            ErrorCode::None,
            "v{version}: {:?}",
            real.topics[0].error_message
        );
        let again = create(&mut c, version, vec![topic(&name, 3, 1)], true);
        assert_eq!(
            error_of(&again.topics[0]),
            ErrorCode::TopicAlreadyExists,
            "v{version}"
        );
    }
}

fn acl(
    resource_type: ResourceType,
    name: &str,
    pattern: PatternType,
    op: AclOperation,
) -> AclCreation {
    AclCreation::new(
        resource_type,
        name,
        pattern,
        "User:alice",
        "*",
        op,
        AclPermissionType::Allow,
    )
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn create_acls_in_every_version_with_per_creation_results() {
    let mut c = client();
    for version in 1..=3 {
        let topic_name = unique(&format!("kw-acl-v{version}"));
        let creations = vec![
            acl(
                ResourceType::Topic,
                &topic_name,
                PatternType::Literal,
                AclOperation::Read,
            ),
            acl(
                ResourceType::Group,
                &unique("kw-group"),
                PatternType::Prefixed,
                AclOperation::All,
            ),
            // Refused: a principal must be `Type:name`.
            AclCreation::new(
                ResourceType::Topic,
                topic_name.as_str(),
                PatternType::Literal,
                "alice",
                "*",
                AclOperation::Write,
                AclPermissionType::Allow,
            ),
            // Refused: the cluster resource has one name only.
            acl(
                ResourceType::Cluster,
                "not-the-cluster",
                PatternType::Literal,
                AclOperation::Alter,
            ),
        ];
        let request = CreateAclsRequest {
            creations,
            ..Default::default()
        };
        let response = c
            .send(&request, version)
            .unwrap_or_else(|e| panic!("CreateAcls v{version}: {e}"));
        assert_eq!(response.results.len(), 4, "v{version}");
        for (i, r) in response.results.iter().enumerate() {
            println!(
                "CreateAcls v{version} [{i}]: {} ({}) {:?}",
                r.error().name(),
                r.error_code,
                r.error_message.as_deref()
            );
        }
        let [ok1, ok2, bad_principal, bad_cluster] = &response.results[..] else {
            unreachable!()
        };
        for ok in [ok1, ok2] {
            assert_eq!(
                ok.error(),
                ErrorCode::None,
                "v{version}: {:?}",
                ok.error_message
            );
            // Kafka 4.4 answers success with an empty (not null) message.
            assert!(
                ok.error_message.as_deref().unwrap_or("").is_empty(),
                "v{version}: {:?}",
                ok.error_message
            );
        }
        assert_eq!(
            bad_principal.error(),
            ErrorCode::InvalidRequest,
            "v{version}"
        );
        assert_eq!(
            bad_principal.error_message.as_deref(),
            Some("Could not parse principal from `alice` (no colon is present separating the principal type from the principal name)"),
            "v{version}"
        );
        assert_eq!(bad_cluster.error(), ErrorCode::InvalidRequest, "v{version}");
        assert_eq!(
            bad_cluster.error_message.as_deref(),
            Some("The only valid name for the CLUSTER resource is kafka-cluster"),
            "v{version}"
        );
    }
    // USER resources exist from v3 on.
    let request = CreateAclsRequest {
        creations: vec![acl(
            ResourceType::User,
            "User:bob",
            PatternType::Literal,
            AclOperation::CreateTokens,
        )],
        ..Default::default()
    };
    let response = c.send(&request, 3).unwrap();
    assert_eq!(
        response.results[0].error(),
        ErrorCode::None,
        "{:?}",
        response.results[0].error_message
    );
}

#[test]
#[ignore = "needs a live broker: scripts/kafka-broker.sh start"]
fn correlation_ids_and_client_negotiation_hold_over_many_requests() {
    let mut c = client();
    let version = c.negotiate::<CreateTopicsRequest>().unwrap();
    // Bounded: 20 requests on one connection, each answered in order.
    for i in 0..20 {
        let name: Str = unique(&format!("kw-seq-{i}")).into();
        let response = create(
            &mut c,
            version,
            vec![CreatableTopic {
                name: name.clone(),
                ..topic("", 1, 1)
            }],
            true,
        );
        assert_eq!(response.topics[0].name, name);
    }
}
