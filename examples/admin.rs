//! A small admin client for any Kafka broker: asks ApiVersions, picks the highest
//! CreateTopics and CreateAcls versions both sides speak, then creates the topics
//! and ACLs given on the command line and prints each result with its error name.
//!
//! ```text
//! cargo run --example admin -- --bootstrap 127.0.0.1:9092 \
//!     --topic orders:6:1 --config cleanup.policy=compact \
//!     --topic audit --validate-only \
//!     --acl topic,orders,User:alice,*,read,allow
//! ```

use std::process::ExitCode;

use kafka_messages::client::Client;
use kafka_messages::{
    AclCreation, AclOperation, AclPermissionType, CreatableTopic, CreatableTopicConfig,
    CreateAclsRequest, CreateTopicsRequest, PatternType, ResourceType,
};
use kafka_wire::{ErrorCode, Versioned};

const USAGE: &str = "\
usage: admin [--bootstrap HOST:PORT] [--timeout-ms N] [--validate-only]
             [--topic NAME[:PARTITIONS[:REPLICATION]] [--config KEY=VALUE]...]...
             [--acl RESOURCE_TYPE,NAME,PRINCIPAL,HOST,OPERATION,PERMISSION[,PATTERN]]...

  --topic       a topic to create; PARTITIONS and REPLICATION default to -1 (broker default)
  --config      a config for the topic named before it
  --acl         an ACL, e.g. topic,orders,User:alice,*,read,allow (PATTERN defaults to literal)
  --validate-only   check the topics, create nothing";

#[derive(Default)]
struct Args {
    bootstrap: String,
    timeout_ms: i32,
    validate_only: bool,
    topics: Vec<CreatableTopic>,
    acls: Vec<AclCreation>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        bootstrap: "127.0.0.1:9092".into(),
        timeout_ms: 30_000,
        ..Default::default()
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--bootstrap" => args.bootstrap = value()?,
            "--timeout-ms" => {
                args.timeout_ms = value()?.parse().map_err(|e| format!("--timeout-ms: {e}"))?
            }
            "--validate-only" => args.validate_only = true,
            "--topic" => args.topics.push(parse_topic(&value()?)?),
            "--config" => {
                let v = value()?;
                let (key, val) = v
                    .split_once('=')
                    .ok_or(format!("--config {v}: expected KEY=VALUE"))?;
                let topic = args
                    .topics
                    .last_mut()
                    .ok_or("--config must follow a --topic")?;
                topic.configs.push(CreatableTopicConfig::new(key, val));
            }
            "--acl" => args.acls.push(parse_acl(&value()?)?),
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if args.topics.is_empty() && args.acls.is_empty() {
        return Err("nothing to do: give at least one --topic or --acl".into());
    }
    Ok(args)
}

fn parse_topic(spec: &str) -> Result<CreatableTopic, String> {
    let mut parts = spec.split(':');
    let name = parts
        .next()
        .filter(|n| !n.is_empty())
        .ok_or("--topic needs a name")?;
    let num = |p: Option<&str>, what: &str| -> Result<i64, String> {
        p.map_or(Ok(-1), |s| {
            s.parse()
                .map_err(|e| format!("--topic {spec}: {what}: {e}"))
        })
    };
    let partitions = num(parts.next(), "partitions")?;
    let replication = num(parts.next(), "replication")?;
    Ok(CreatableTopic {
        name: name.into(),
        num_partitions: i32::try_from(partitions).map_err(|e| e.to_string())?,
        replication_factor: i16::try_from(replication).map_err(|e| e.to_string())?,
        ..Default::default()
    })
}

/// Finds a code by Kafka's name, case-insensitively (`read`, `TRANSACTIONAL_ID`).
fn by_name<T: Copy>(
    all: &[T],
    name: impl Fn(T) -> &'static str,
    text: &str,
    what: &str,
) -> Result<T, String> {
    all.iter()
        .copied()
        .find(|v| name(*v).eq_ignore_ascii_case(text))
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|v| name(*v)).collect();
            format!("unknown {what} {text:?}; one of: {}", names.join(", "))
        })
}

fn parse_acl(spec: &str) -> Result<AclCreation, String> {
    let parts: Vec<&str> = spec.split(',').collect();
    if !(6..=7).contains(&parts.len()) {
        return Err(format!(
            "--acl {spec}: expected 6 or 7 comma-separated parts"
        ));
    }
    Ok(AclCreation::new(
        by_name(
            ResourceType::ALL,
            ResourceType::name,
            parts[0],
            "resource type",
        )?,
        parts[1],
        by_name(
            PatternType::ALL,
            PatternType::name,
            parts.get(6).unwrap_or(&"literal"),
            "pattern type",
        )?,
        parts[2],
        parts[3],
        by_name(AclOperation::ALL, AclOperation::name, parts[4], "operation")?,
        by_name(
            AclPermissionType::ALL,
            AclPermissionType::name,
            parts[5],
            "permission",
        )?,
    ))
}

fn describe(code: i16, message: Option<&str>) -> String {
    match ErrorCode::from_code(code) {
        ErrorCode::None => "ok".to_owned(),
        e => format!(
            "{} ({}){}",
            e.name(),
            code,
            message.map(|m| format!(": {m}")).unwrap_or_default()
        ),
    }
}

fn run(args: Args) -> Result<bool, Box<dyn std::error::Error>> {
    let mut client = Client::connect(args.bootstrap.as_str(), "kafka-wire-admin")?;
    let versions = client.api_versions()?;
    println!(
        "broker at {} speaks {} APIs",
        args.bootstrap,
        versions.api_keys.len()
    );
    let mut all_ok = true;

    if !args.topics.is_empty() {
        let version = client.negotiate::<CreateTopicsRequest>()?;
        println!(
            "CreateTopics v{version} (this crate: {})",
            CreateTopicsRequest::VERSIONS
        );
        let request = CreateTopicsRequest {
            topics: args.topics,
            timeout_ms: args.timeout_ms,
            validate_only: args.validate_only,
            ..Default::default()
        };
        for topic in client.send(&request, version)?.topics {
            all_ok &= topic.error_code == 0;
            let detail = if topic.error_code == 0 && version >= 5 {
                format!(
                    " ({} partitions x {} replicas)",
                    topic.num_partitions, topic.replication_factor
                )
            } else {
                String::new()
            };
            println!(
                "  topic {}: {}{detail}",
                topic.name,
                describe(topic.error_code, topic.error_message.as_deref())
            );
        }
    }

    if !args.acls.is_empty() {
        let version = client.negotiate::<CreateAclsRequest>()?;
        println!(
            "CreateAcls v{version} (this crate: {})",
            CreateAclsRequest::VERSIONS
        );
        let request = CreateAclsRequest {
            creations: args.acls.clone(),
            ..Default::default()
        };
        let response = client.send(&request, version)?;
        for (acl, result) in args.acls.iter().zip(&response.results) {
            all_ok &= result.error_code == 0;
            println!(
                "  acl {} {} {} {} on {} {:?}: {}",
                acl.permission_type(),
                acl.principal,
                acl.operation(),
                acl.host,
                acl.resource_type(),
                acl.resource_name.as_str(),
                describe(result.error_code, result.error_message.as_deref())
            );
        }
    }
    Ok(all_ok)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
