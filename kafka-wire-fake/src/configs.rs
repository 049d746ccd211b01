//! Topic and broker configs as Kafka 4.4 keeps them: every topic config of
//! Kafka's `LogConfig` with its type, default and check (values read as
//! Kafka's `ConfigDef` reads them: trimmed, with its messages), the broker
//! config each falls back to, and the answers of DescribeConfigs,
//! AlterConfigs and IncrementalAlterConfigs. The configs that change how a
//! log behaves are read by [`LogSettings::of`].

use std::collections::BTreeMap;

use kafka_messages::alter_configs::AlterConfigsResourceResponse;
use kafka_messages::describe_configs::{
    DescribeConfigsResourceResult, DescribeConfigsResult, DescribeConfigsSynonym,
};
use kafka_messages::{
    incremental_alter_configs, AlterConfigsRequest, AlterConfigsResponse, ConfigSource,
    DescribeConfigsRequest, DescribeConfigsResponse, IncrementalAlterConfigsRequest,
    IncrementalAlterConfigsResponse,
};
use kafka_wire::{ErrorCode, Str};

use crate::broker::{State, Topic};

/// A config resource's type (Kafka's `ConfigResource.Type`).
pub(crate) const TOPIC: i8 = 2;
/// A broker, named by its id, or `""` for the default of every broker.
pub(crate) const BROKER: i8 = 4;

/// IncrementalAlterConfigs' operations (Kafka's `AlterConfigOp.OpType`).
const SET: i8 = 0;
const DELETE: i8 = 1;
const APPEND: i8 = 2;
const SUBTRACT: i8 = 3;

/// A config's type, with DescribeConfigs' code for it (v3+).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Type {
    Boolean,
    String,
    Int,
    Long,
    Double,
    List,
}

impl Type {
    fn code(self) -> i8 {
        match self {
            Type::Boolean => 1,
            Type::String => 2,
            Type::Int => 3,
            Type::Long => 5,
            Type::Double => 6,
            Type::List => 7,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Type::Boolean => "BOOLEAN",
            Type::String => "STRING",
            Type::Int => "INT",
            Type::Long => "LONG",
            Type::Double => "DOUBLE",
            Type::List => "LIST",
        }
    }
}

/// What a value must be beyond its type (Kafka's validators).
#[derive(Debug, Clone, Copy)]
enum Check {
    None,
    AtLeast(i64),
    Between(i64, i64),
    /// `compression.gzip.level`: 1 to 9, or -1.
    GzipLevel,
    /// One of these strings, as written.
    OneOf(&'static [&'static str]),
    /// A list of these strings.
    ListOf(&'static [&'static str]),
    /// A list of `partition:broker` pairs, or `*`.
    Replicas,
}

/// A topic config: its name, type, default (as DescribeConfigs shows it),
/// check, and the broker configs that set its default (Kafka's
/// `ServerTopicConfigSynonyms`), the first the one an alter of a broker
/// sets, the last holding Kafka's default.
struct TopicConfig {
    name: &'static str,
    ty: Type,
    default: &'static str,
    check: Check,
    broker: &'static [(&'static str, Option<&'static str>)],
}

const MAX_LONG: &str = "9223372036854775807";
const TIMESTAMP_TYPES: &[&str] = &["CreateTime", "LogAppendTime"];

/// Kafka 4.4's topic configs, in `LogConfig`'s order (its internal
/// `internal.segment.bytes` left out, as DescribeConfigs leaves it out).
const TOPIC_CONFIGS: &[TopicConfig] = &[
    TopicConfig {
        name: "segment.bytes",
        ty: Type::Int,
        default: "1073741824",
        check: Check::AtLeast(1 << 20),
        broker: &[("log.segment.bytes", Some("1073741824"))],
    },
    TopicConfig {
        name: "segment.ms",
        ty: Type::Long,
        default: "604800000",
        check: Check::AtLeast(1),
        broker: &[("log.roll.ms", None), ("log.roll.hours", Some("168"))],
    },
    TopicConfig {
        name: "segment.jitter.ms",
        ty: Type::Long,
        default: "0",
        check: Check::AtLeast(0),
        broker: &[
            ("log.roll.jitter.ms", None),
            ("log.roll.jitter.hours", Some("0")),
        ],
    },
    TopicConfig {
        name: "segment.index.bytes",
        ty: Type::Int,
        default: "10485760",
        check: Check::AtLeast(4),
        broker: &[("log.index.size.max.bytes", Some("10485760"))],
    },
    TopicConfig {
        name: "flush.messages",
        ty: Type::Long,
        default: MAX_LONG,
        check: Check::AtLeast(1),
        broker: &[("log.flush.interval.messages", Some(MAX_LONG))],
    },
    TopicConfig {
        name: "flush.ms",
        ty: Type::Long,
        default: MAX_LONG,
        check: Check::AtLeast(0),
        broker: &[
            ("log.flush.interval.ms", None),
            ("log.flush.scheduler.interval.ms", Some(MAX_LONG)),
        ],
    },
    TopicConfig {
        name: "retention.bytes",
        ty: Type::Long,
        default: "-1",
        check: Check::None,
        broker: &[("log.retention.bytes", Some("-1"))],
    },
    TopicConfig {
        name: "retention.ms",
        ty: Type::Long,
        default: "604800000",
        check: Check::AtLeast(-1),
        broker: &[
            ("log.retention.ms", None),
            ("log.retention.minutes", None),
            ("log.retention.hours", Some("168")),
        ],
    },
    TopicConfig {
        name: "max.message.bytes",
        ty: Type::Int,
        default: "1048588",
        check: Check::AtLeast(0),
        broker: &[("message.max.bytes", Some("1048588"))],
    },
    TopicConfig {
        name: "max.decompressed.message.bytes",
        ty: Type::Int,
        default: "2147483639",
        check: Check::Between(1, 2_147_483_639),
        broker: &[("max.decompressed.message.bytes", Some("2147483639"))],
    },
    TopicConfig {
        name: "index.interval.bytes",
        ty: Type::Int,
        default: "4096",
        check: Check::AtLeast(0),
        broker: &[("log.index.interval.bytes", Some("4096"))],
    },
    TopicConfig {
        name: "delete.retention.ms",
        ty: Type::Long,
        default: "86400000",
        check: Check::AtLeast(0),
        broker: &[("log.cleaner.delete.retention.ms", Some("86400000"))],
    },
    TopicConfig {
        name: "min.compaction.lag.ms",
        ty: Type::Long,
        default: "0",
        check: Check::AtLeast(0),
        broker: &[("log.cleaner.min.compaction.lag.ms", Some("0"))],
    },
    TopicConfig {
        name: "max.compaction.lag.ms",
        ty: Type::Long,
        default: MAX_LONG,
        check: Check::AtLeast(1),
        broker: &[("log.cleaner.max.compaction.lag.ms", Some(MAX_LONG))],
    },
    TopicConfig {
        name: "file.delete.delay.ms",
        ty: Type::Long,
        default: "60000",
        check: Check::AtLeast(0),
        broker: &[("log.segment.delete.delay.ms", Some("60000"))],
    },
    TopicConfig {
        name: "min.cleanable.dirty.ratio",
        ty: Type::Double,
        default: "0.5",
        check: Check::Between(0, 1),
        broker: &[("log.cleaner.min.cleanable.ratio", Some("0.5"))],
    },
    TopicConfig {
        name: "cleanup.policy",
        ty: Type::List,
        default: "delete",
        check: Check::ListOf(&["compact", "delete"]),
        broker: &[("log.cleanup.policy", Some("delete"))],
    },
    TopicConfig {
        name: "unclean.leader.election.enable",
        ty: Type::Boolean,
        default: "false",
        check: Check::None,
        broker: &[("unclean.leader.election.enable", Some("false"))],
    },
    TopicConfig {
        name: "min.insync.replicas",
        ty: Type::Int,
        default: "1",
        check: Check::AtLeast(1),
        broker: &[("min.insync.replicas", Some("1"))],
    },
    TopicConfig {
        name: "compression.type",
        ty: Type::String,
        default: "producer",
        check: Check::OneOf(&["uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"]),
        broker: &[("compression.type", Some("producer"))],
    },
    TopicConfig {
        name: "compression.gzip.level",
        ty: Type::Int,
        default: "-1",
        check: Check::GzipLevel,
        broker: &[("compression.gzip.level", Some("-1"))],
    },
    TopicConfig {
        name: "compression.lz4.level",
        ty: Type::Int,
        default: "9",
        check: Check::Between(1, 17),
        broker: &[("compression.lz4.level", Some("9"))],
    },
    TopicConfig {
        name: "compression.zstd.level",
        ty: Type::Int,
        default: "3",
        check: Check::Between(-131_072, 22),
        broker: &[("compression.zstd.level", Some("3"))],
    },
    TopicConfig {
        name: "preallocate",
        ty: Type::Boolean,
        default: "false",
        check: Check::None,
        broker: &[("log.preallocate", Some("false"))],
    },
    TopicConfig {
        name: "message.timestamp.type",
        ty: Type::String,
        default: "CreateTime",
        check: Check::OneOf(TIMESTAMP_TYPES),
        broker: &[("log.message.timestamp.type", Some("CreateTime"))],
    },
    TopicConfig {
        name: "message.timestamp.before.max.ms",
        ty: Type::Long,
        default: MAX_LONG,
        check: Check::AtLeast(0),
        broker: &[("log.message.timestamp.before.max.ms", Some(MAX_LONG))],
    },
    TopicConfig {
        name: "message.timestamp.after.max.ms",
        ty: Type::Long,
        default: "3600000",
        check: Check::AtLeast(0),
        broker: &[("log.message.timestamp.after.max.ms", Some("3600000"))],
    },
    TopicConfig {
        name: "leader.replication.throttled.replicas",
        ty: Type::List,
        default: "",
        check: Check::Replicas,
        broker: &[],
    },
    TopicConfig {
        name: "follower.replication.throttled.replicas",
        ty: Type::List,
        default: "",
        check: Check::Replicas,
        broker: &[],
    },
    TopicConfig {
        name: "remote.storage.enable",
        ty: Type::Boolean,
        default: "false",
        check: Check::None,
        broker: &[],
    },
    TopicConfig {
        name: "local.retention.ms",
        ty: Type::Long,
        default: "-2",
        check: Check::AtLeast(-2),
        broker: &[("log.local.retention.ms", Some("-2"))],
    },
    TopicConfig {
        name: "local.retention.bytes",
        ty: Type::Long,
        default: "-2",
        check: Check::AtLeast(-2),
        broker: &[("log.local.retention.bytes", Some("-2"))],
    },
    TopicConfig {
        name: "remote.log.copy.disable",
        ty: Type::Boolean,
        default: "false",
        check: Check::None,
        broker: &[],
    },
    TopicConfig {
        name: "remote.copy.lag.ms",
        ty: Type::Long,
        default: "0",
        check: Check::AtLeast(-1),
        broker: &[("log.remote.copy.lag.ms", Some("0"))],
    },
    TopicConfig {
        name: "remote.copy.lag.bytes",
        ty: Type::Long,
        default: "-1",
        check: Check::AtLeast(-1),
        broker: &[("log.remote.copy.lag.bytes", Some("-1"))],
    },
    TopicConfig {
        name: "remote.log.delete.on.disable",
        ty: Type::Boolean,
        default: "false",
        check: Check::None,
        broker: &[],
    },
    TopicConfig {
        name: "errors.deadletterqueue.group.enable",
        ty: Type::Boolean,
        default: "false",
        check: Check::None,
        broker: &[],
    },
];

/// The broker configs that are not a topic config's default, which
/// DescribeConfigs lists for a broker: read only, as they are in Kafka
/// while the broker runs (`auto.create.topics.enable` is the builder's).
fn static_broker_configs(
    node: i32,
    auto_create_topics: bool,
) -> Vec<(&'static str, String, Type, bool)> {
    // (name, value, type, whether the fake sets it unlike Kafka's default)
    vec![
        ("broker.id", node.to_string(), Type::Int, true),
        ("node.id", node.to_string(), Type::Int, true),
        ("num.partitions", "1".into(), Type::Int, false),
        ("default.replication.factor", "1".into(), Type::Int, false),
        (
            "auto.create.topics.enable",
            auto_create_topics.to_string(),
            Type::Boolean,
            !auto_create_topics,
        ),
        (
            "transaction.max.timeout.ms",
            "900000".into(),
            Type::Int,
            false,
        ),
        (
            "group.consumer.session.timeout.ms",
            "45000".into(),
            Type::Int,
            false,
        ),
        (
            "group.initial.rebalance.delay.ms",
            "0".into(),
            Type::Int,
            true,
        ),
    ]
}

fn topic_config(name: &str) -> Option<&'static TopicConfig> {
    TOPIC_CONFIGS.iter().find(|c| c.name == name)
}

/// The topic config whose default broker config `name` sets (the first of
/// its synonyms: `log.retention.ms`, not `log.retention.hours`).
fn topic_config_of_broker(name: &str) -> Option<&'static TopicConfig> {
    TOPIC_CONFIGS
        .iter()
        .find(|c| c.broker.first().is_some_and(|(b, _)| *b == name))
}

/// Kafka's `ConfigException` message for `value` of `name`.
fn invalid(name: &str, value: impl std::fmt::Display, why: impl std::fmt::Display) -> String {
    format!("Invalid value {value} for configuration {name}: {why}")
}

/// Checks `value` of `config` (called `name`: the topic config's, or its
/// broker synonym's) as Kafka's `ConfigDef` parses and validates
/// it: `Err` is Kafka's message.
fn check_value(name: &str, config: &TopicConfig, value: &str) -> Result<(), String> {
    let trimmed = value.trim();
    let not_a = || {
        invalid(
            name,
            value,
            format_args!("Not a number of type {}", config.ty.name()),
        )
    };
    let number = match config.ty {
        Type::Int => Some(trimmed.parse::<i32>().map_err(|_| not_a())?.into()),
        Type::Long => Some(trimmed.parse::<i64>().map_err(|_| not_a())?),
        Type::Double => {
            let d = trimmed.parse::<f64>().map_err(|_| not_a())?;
            if let Check::Between(min, max) = config.check {
                if d < min as f64 {
                    return Err(invalid(
                        name,
                        format_args!("{d:?}"),
                        format_args!("Value must be at least {min}"),
                    ));
                }
                if d > max as f64 {
                    return Err(invalid(
                        name,
                        format_args!("{d:?}"),
                        format_args!("Value must be no more than {max}"),
                    ));
                }
            }
            None
        }
        Type::Boolean => {
            if !trimmed.eq_ignore_ascii_case("true") && !trimmed.eq_ignore_ascii_case("false") {
                return Err(invalid(
                    name,
                    value,
                    "Expected value to be either true or false",
                ));
            }
            None
        }
        Type::String | Type::List => None,
    };
    match (config.check, number) {
        (Check::AtLeast(min), Some(n)) if n < min => Err(invalid(
            name,
            n,
            format_args!("Value must be at least {min}"),
        )),
        (Check::Between(min, _), Some(n)) if n < min => Err(invalid(
            name,
            n,
            format_args!("Value must be at least {min}"),
        )),
        (Check::Between(_, max), Some(n)) if n > max => Err(invalid(
            name,
            n,
            format_args!("Value must be no more than {max}"),
        )),
        (Check::GzipLevel, Some(n)) if !(1..=9).contains(&n) && n != -1 => Err(invalid(
            name,
            n,
            "Value must be between 1 and 9 or equal to -1",
        )),
        (Check::OneOf(allowed), _) if !allowed.contains(&trimmed) => Err(invalid(
            name,
            trimmed,
            format_args!("String must be one of: {}", allowed.join(", ")),
        )),
        (Check::ListOf(allowed), _) => match list(trimmed).find(|item| !allowed.contains(item)) {
            Some(item) => Err(invalid(
                name,
                item,
                format_args!("String must be one of: {}", allowed.join(", ")),
            )),
            None => Ok(()),
        },
        (Check::Replicas, _) => {
            let items: Vec<&str> = list(trimmed).collect();
            let pair = |item: &str| {
                item.split_once(':').is_some_and(|(p, b)| {
                    [p, b]
                        .iter()
                        .all(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()))
                })
            };
            if items == ["*"] || items.iter().all(|i| pair(i)) {
                Ok(())
            } else {
                Err(invalid(
                    name,
                    format_args!("[{}]", items.join(", ")),
                    format_args!("{name} must be the literal '*' or a list of replicas in the following format: [partitionId]:[brokerId],[partitionId]:[brokerId],..."),
                ))
            }
        }
        _ => Ok(()),
    }
}

/// A list config's items, as Kafka splits them: on commas, trimmed; an
/// empty value is an empty list.
fn list(value: &str) -> impl Iterator<Item = &str> {
    let value = value.trim();
    value
        .split(',')
        .map(str::trim)
        .filter(move |_| !value.is_empty())
}

/// Checks one topic config, by name and value, as Kafka's `LogConfig`
/// does: INVALID_CONFIG with Kafka's message.
pub(crate) fn check_topic_config(
    name: &str,
    value: Option<&str>,
) -> Result<(), (ErrorCode, String)> {
    let Some(config) = topic_config(name) else {
        return Err((
            ErrorCode::InvalidConfig,
            format!("Unknown topic config name: {name}"),
        ));
    };
    let Some(value) = value else {
        return Err((
            ErrorCode::InvalidConfig,
            format!("Null value not supported for topic configs: {name}"),
        ));
    };
    check_value(name, config, value).map_err(|m| (ErrorCode::InvalidConfig, m))
}

/// The brokers' dynamic configs of the topic configs' broker synonyms, by
/// broker config name: the defaults set on every broker (`""`), and the
/// values set on one broker (its id).
#[derive(Debug, Clone)]
pub(crate) struct BrokerConfigs {
    /// Dynamic defaults for every broker, by broker config name.
    pub(crate) defaults: BTreeMap<String, String>,
    /// Each broker's own dynamic values (`DYNAMIC_BROKER_CONFIG`), by node
    /// id, then by broker config name.
    pub(crate) per_broker: BTreeMap<i32, BTreeMap<String, String>>,
    /// In a view for one broker (`for_node`), that broker's values: what
    /// it resolves first. Empty in the cluster's state, whose views are
    /// the cluster's (CreateTopics' answer, as Kafka's controller has no
    /// broker's own values).
    node: BTreeMap<String, String>,
}

/// A cluster's dynamic defaults when it starts: Kafka 4.4's controller
/// writes `min.insync.replicas` (its static value, 1) as a cluster-wide
/// default when it bootstraps with eligible leader replicas (KIP-966), so
/// every topic's `min.insync.replicas` comes from there (source 3).
impl Default for BrokerConfigs {
    fn default() -> Self {
        BrokerConfigs {
            defaults: BTreeMap::from([("min.insync.replicas".to_owned(), "1".to_owned())]),
            per_broker: BTreeMap::new(),
            node: BTreeMap::new(),
        }
    }
}

impl BrokerConfigs {
    /// The configs as broker `node` sees them: its own values first, then
    /// every broker's defaults (a topic's configs described by that node,
    /// and the logs it leads).
    pub(crate) fn for_node(&self, node: i32) -> BrokerConfigs {
        BrokerConfigs {
            defaults: self.defaults.clone(),
            per_broker: BTreeMap::new(),
            node: self.per_broker.get(&node).cloned().unwrap_or_default(),
        }
    }

    /// The dynamic value of broker config `name` and its source: the
    /// broker's own, then every broker's default.
    fn dynamic(&self, name: &str) -> Option<(&String, ConfigSource)> {
        self.node
            .get(name)
            .map(|v| (v, ConfigSource::DynamicBrokerConfig))
            .or_else(|| {
                self.defaults
                    .get(name)
                    .map(|v| (v, ConfigSource::DynamicDefaultBrokerConfig))
            })
    }
}

/// A topic config's value and where it comes from.
fn resolve(
    config: &TopicConfig,
    overrides: &BTreeMap<String, String>,
    brokers: &BrokerConfigs,
) -> (String, ConfigSource) {
    if let Some(v) = overrides.get(config.name) {
        return (v.clone(), ConfigSource::DynamicTopicConfig);
    }
    if let Some((b, _)) = config.broker.first() {
        if let Some((v, source)) = brokers.dynamic(b) {
            return (v.clone(), source);
        }
    }
    (config.default.to_owned(), ConfigSource::DefaultConfig)
}

/// What a topic's configs make of its logs: over every broker's defaults,
/// and over the own values of each broker that has some (a partition's
/// leader's hold for it, as each Kafka broker's log manager applies its
/// own).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TopicSettings {
    every: LogSettings,
    by_node: BTreeMap<i32, LogSettings>,
}

impl TopicSettings {
    /// The settings of a topic with `overrides`.
    pub(crate) fn of(overrides: &BTreeMap<String, String>, brokers: &BrokerConfigs) -> Self {
        TopicSettings {
            every: LogSettings::of(overrides, brokers),
            by_node: brokers
                .per_broker
                .keys()
                .map(|&n| (n, LogSettings::of(overrides, &brokers.for_node(n))))
                .collect(),
        }
    }

    /// The settings of the topic's logs that `node` leads.
    pub(crate) fn on(&self, node: i32) -> LogSettings {
        self.by_node.get(&node).copied().unwrap_or(self.every)
    }
}

/// The values of a topic's configs that change how its logs behave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LogSettings {
    /// `max.message.bytes`: the largest batch a produce may append.
    pub(crate) max_message_bytes: i64,
    /// `message.timestamp.type=LogAppendTime`: batches stamped when appended.
    pub(crate) log_append_time: bool,
    /// `retention.ms`: how old a batch's max timestamp may be; -1 no limit.
    pub(crate) retention_ms: i64,
    /// `retention.bytes`: the size the log is cut back to; -1 no limit.
    pub(crate) retention_bytes: i64,
}

impl LogSettings {
    /// The settings of a topic with `overrides`, over the brokers' defaults.
    pub(crate) fn of(overrides: &BTreeMap<String, String>, brokers: &BrokerConfigs) -> Self {
        let value = |name: &str| {
            let config = topic_config(name).expect("a config of the table");
            resolve(config, overrides, brokers).0
        };
        // Every stored value passed its check, so it parses.
        let number = |name: &str| value(name).trim().parse::<i64>().unwrap_or(-1);
        LogSettings {
            max_message_bytes: number("max.message.bytes"),
            log_append_time: value("message.timestamp.type").trim() == "LogAppendTime",
            retention_ms: number("retention.ms"),
            retention_bytes: number("retention.bytes"),
        }
    }
}

/// A topic's configs as DescribeConfigs and CreateTopics (v5+) list them:
/// (name, value, source, type code, synonyms when asked for).
pub(crate) struct Described {
    pub(crate) name: &'static str,
    pub(crate) value: String,
    pub(crate) source: ConfigSource,
    pub(crate) type_code: i8,
    pub(crate) synonyms: Vec<(String, String, ConfigSource)>,
}

/// Every config of a topic with `overrides`, in `LogConfig`'s order.
pub(crate) fn describe_topic(
    overrides: &BTreeMap<String, String>,
    brokers: &BrokerConfigs,
) -> Vec<Described> {
    TOPIC_CONFIGS
        .iter()
        .map(|c| {
            let (value, source) = resolve(c, overrides, brokers);
            let mut synonyms = Vec::new();
            if let Some(v) = overrides.get(c.name) {
                synonyms.push((
                    c.name.to_owned(),
                    v.clone(),
                    ConfigSource::DynamicTopicConfig,
                ));
            }
            synonyms.extend(broker_synonyms(c, brokers));
            Described {
                name: c.name,
                value,
                source,
                type_code: c.ty.code(),
                synonyms,
            }
        })
        .collect()
}

/// The broker configs behind a topic config, as Kafka lists its synonyms:
/// a dynamic default set on the brokers, then Kafka's defaults; and, as
/// Kafka's `ConfigHelper.configSynonyms` drops every synonym before the
/// first of the topic config's own broker config, none at all when that
/// one has no value (`retention.ms`: `log.retention.ms` has no default, so
/// `log.retention.hours`' 168 is not listed).
fn broker_synonyms(
    c: &TopicConfig,
    brokers: &BrokerConfigs,
) -> Vec<(String, String, ConfigSource)> {
    let primary = c.broker.first().map_or("", |(b, _)| *b);
    synonyms_from(every_broker_synonym(c, brokers), primary)
}

/// `synonyms` from the first named `name` on (Kafka's `dropWhile`): none
/// when `name` has no value.
fn synonyms_from(
    mut synonyms: Vec<(String, String, ConfigSource)>,
    name: &str,
) -> Vec<(String, String, ConfigSource)> {
    let start = synonyms
        .iter()
        .position(|(n, _, _)| n == name)
        .unwrap_or(synonyms.len());
    synonyms.drain(..start);
    synonyms
}

/// Every broker config behind a topic config that has a value, in Kafka's
/// order of sources.
fn every_broker_synonym(
    c: &TopicConfig,
    brokers: &BrokerConfigs,
) -> Vec<(String, String, ConfigSource)> {
    let mut out = Vec::new();
    if let Some((b, _)) = c.broker.first() {
        if let Some(v) = brokers.node.get(*b) {
            out.push((
                (*b).to_owned(),
                v.clone(),
                ConfigSource::DynamicBrokerConfig,
            ));
        }
        if let Some(v) = brokers.defaults.get(*b) {
            out.push((
                (*b).to_owned(),
                v.clone(),
                ConfigSource::DynamicDefaultBrokerConfig,
            ));
        }
    }
    for (b, default) in c.broker {
        if let Some(d) = default {
            out.push((
                (*b).to_owned(),
                (*d).to_owned(),
                ConfigSource::DefaultConfig,
            ));
        }
    }
    out
}

/// What a DescribeConfigs asks for beyond the values: synonyms (v1+), at
/// which version.
#[derive(Debug, Clone, Copy)]
struct Asked {
    synonyms: bool,
    version: i16,
}

/// One DescribeConfigs entry.
fn entry(d: Described, read_only: bool, asked: Asked) -> DescribeConfigsResourceResult {
    DescribeConfigsResourceResult {
        name: d.name.into(),
        value: Some(d.value.into()),
        read_only,
        // A v0 field only (Kafka 3.9 serves v0).
        is_default: asked.version == 0 && d.source == ConfigSource::DefaultConfig,
        // Fields of later versions stay at their defaults before them.
        config_source: if asked.version >= 1 {
            d.source.code()
        } else {
            ConfigSource::NotReported.code()
        },
        is_sensitive: false,
        synonyms: if asked.synonyms && asked.version >= 1 {
            d.synonyms
                .into_iter()
                .map(|(name, value, source)| DescribeConfigsSynonym {
                    name: name.into(),
                    value: Some(value.into()),
                    source: source.code(),
                    ..Default::default()
                })
                .collect()
        } else {
            Vec::new()
        },
        config_type: if asked.version >= 3 { d.type_code } else { 0 },
        documentation: None,
        ..Default::default()
    }
}

/// What DescribeConfigs and the alters need of the cluster.
pub(crate) struct View<'a> {
    /// Every topic, by name.
    pub(crate) topics: &'a BTreeMap<Str, Topic>,
    /// The brokers' dynamic defaults.
    pub(crate) brokers: &'a BrokerConfigs,
    /// The node answering.
    pub(crate) node: i32,
    /// `ClusterBuilder::auto_create_topics`.
    pub(crate) auto_create_topics: bool,
}

/// Kafka's check of a broker resource's name in DescribeConfigs
/// (`ConfigHelper`): the answering node's id, or `""` for every broker's
/// defaults.
fn check_broker_name(name: &str, node: i32) -> Result<(), (ErrorCode, String)> {
    if name.is_empty() {
        return Ok(());
    }
    let invalid = |m: String| Err((ErrorCode::InvalidRequest, m));
    match name.parse::<i32>() {
        Err(_) => invalid(format!("Broker id must be an integer, but it is: {name}")),
        Ok(id) if id != node => invalid(format!(
            "Unexpected broker id, expected {node} or empty string, but received {name}"
        )),
        Ok(_) => Ok(()),
    }
}

/// Kafka's check of a broker resource's name in the alters
/// (`ConfigAdminManager.validateResourceNameIsCurrentNodeId`): `""`, or the
/// answering node's id; its id when it names one.
fn check_alter_broker_name(name: &str, node: i32) -> Result<Option<i32>, (ErrorCode, String)> {
    if name.is_empty() {
        return Ok(None);
    }
    let invalid = |m: String| Err((ErrorCode::InvalidRequest, m));
    match name.parse::<i32>() {
        Err(_) => invalid(format!("Node id must be an integer, but it is: {name}")),
        Ok(id) if id != node => invalid(format!(
            "Unexpected broker id, expected {node}, but received {name}"
        )),
        Ok(id) => Ok(Some(id)),
    }
}

/// DescribeConfigs: topics (UNKNOWN_TOPIC_OR_PARTITION when missing) and
/// brokers; other resource types INVALID_REQUEST.
pub(crate) fn describe_configs(
    view: &View<'_>,
    r: &DescribeConfigsRequest,
    version: i16,
) -> DescribeConfigsResponse {
    let asked = Asked {
        synonyms: r.include_synonyms,
        version,
    };
    // The answering broker's view: its own values first.
    let scoped = view.brokers.for_node(view.node);
    let results = r
        .resources
        .iter()
        .map(|res| {
            let mut result = DescribeConfigsResult {
                resource_type: res.resource_type,
                resource_name: res.resource_name.clone(),
                ..Default::default()
            };
            let wanted = |name: &str| {
                res.configuration_keys
                    .as_ref()
                    .is_none_or(|keys| keys.iter().any(|k| &**k == name))
            };
            let configs = match res.resource_type {
                TOPIC => match crate::broker::check_topic_name(&res.resource_name)
                    .map(|()| view.topics.get(&*res.resource_name).map(|t| &t.configs))
                {
                    Err(e) => Err(e),
                    Ok(None) => Err((ErrorCode::UnknownTopicOrPartition, String::new())),
                    Ok(Some(overrides)) => Ok(describe_topic(overrides, &scoped)
                        .into_iter()
                        .filter(|d| wanted(d.name))
                        .map(|d| entry(d, false, asked))
                        .collect()),
                },
                BROKER => check_broker_name(&res.resource_name, view.node).map(|()| {
                    describe_broker(view, &scoped, res.resource_name.is_empty(), asked)
                        .into_iter()
                        .filter(|e| wanted(&e.name))
                        .collect()
                }),
                other => Err((
                    ErrorCode::InvalidRequest,
                    format!("Unsupported resource type: {other}"),
                )),
            };
            match configs {
                Ok(configs) => result.configs = configs,
                Err((code, message)) => {
                    result.error_code = code.code();
                    // Kafka's `ApiError` carries its exception's message:
                    // an unknown topic's is empty, not null.
                    result.error_message = Some(message.into());
                }
            }
            result
        })
        .collect();
    DescribeConfigsResponse {
        results,
        ..Default::default()
    }
}

/// A broker's configs: for `""` (every broker) only the dynamic defaults
/// set, each its own only synonym, as Kafka lists them; for a node, the
/// topic configs' broker synonyms (the first alterable, the others read
/// only, as only the first is a dynamic config in Kafka) and the read-only
/// static ones. `brokers` is the node's view.
fn describe_broker(
    view: &View<'_>,
    brokers: &BrokerConfigs,
    defaults_only: bool,
    asked: Asked,
) -> Vec<DescribeConfigsResourceResult> {
    let mut out = Vec::new();
    for c in TOPIC_CONFIGS {
        let Some((name, _)) = c.broker.first() else {
            continue;
        };
        if defaults_only {
            if let Some(v) = brokers.defaults.get(*name) {
                let source = ConfigSource::DynamicDefaultBrokerConfig;
                let d = Described {
                    name,
                    value: v.clone(),
                    source,
                    type_code: c.ty.code(),
                    synonyms: vec![((*name).to_owned(), v.clone(), source)],
                };
                out.push(entry(d, false, asked));
            }
            continue;
        }
        let synonyms = every_broker_synonym(c, brokers);
        let dynamic = brokers.dynamic(name);
        // Each broker config under its own name: the first as set on this
        // broker or every broker, the others (`log.retention.hours`) as
        // Kafka's defaults; one that has neither is left out.
        for (i, (b, default)) in c.broker.iter().enumerate() {
            let (value, source) = match (i, dynamic, default) {
                (0, Some((v, source)), _) => (v.clone(), source),
                (_, _, Some(d)) => ((*d).to_owned(), ConfigSource::DefaultConfig),
                _ => continue,
            };
            // The others are coarser units (`log.retention.hours`,
            // `log.roll.jitter.hours`, `log.retention.minutes`): INT in
            // Kafka's broker config, as its broker answers.
            let ty = if i > 0 { Type::Int } else { c.ty };
            let d = Described {
                name: b,
                value,
                source,
                type_code: ty.code(),
                synonyms: synonyms_from(synonyms.clone(), b),
            };
            out.push(entry(d, i > 0, asked));
        }
    }
    if !defaults_only {
        for (name, value, ty, set) in static_broker_configs(view.node, view.auto_create_topics) {
            let source = if set {
                ConfigSource::StaticBrokerConfig
            } else {
                ConfigSource::DefaultConfig
            };
            let synonyms = vec![(name.to_owned(), value.clone(), source)];
            let d = Described {
                name,
                value,
                source,
                type_code: ty.code(),
                synonyms,
            };
            out.push(entry(d, true, asked));
        }
    }
    out
}

/// One resource's alter: the new overrides of a topic, or the brokers'
/// new defaults, to store when the request is not `validate_only`.
pub(crate) enum Altered {
    /// The topic's whole set of overrides.
    Topic(Str, BTreeMap<String, String>),
    /// The whole set of dynamic values of one broker (its id), or of
    /// every broker's defaults (`None`).
    Brokers(Option<i32>, BTreeMap<String, String>),
}

/// One alteration: a config's name, the operation (AlterConfigs' is a
/// SET of every config given, the others dropped) and its value.
pub(crate) struct Change<'a> {
    pub(crate) name: &'a str,
    pub(crate) op: i8,
    pub(crate) value: Option<&'a str>,
}

/// Computes one resource's alter, checked as Kafka checks it: `replace`
/// for AlterConfigs (the configs given are the whole set), else
/// IncrementalAlterConfigs' operations one by one.
fn alter(
    topics: &BTreeMap<Str, Topic>,
    brokers: &BrokerConfigs,
    node: i32,
    resource_type: i8,
    resource_name: &Str,
    changes: &[Change<'_>],
    replace: bool,
) -> Result<Altered, (ErrorCode, String)> {
    // A config named twice in one resource is refused (Kafka's
    // `ConfigAdminManager`, "Error due to duplicate config keys").
    let mut seen = std::collections::HashSet::new();
    if changes.iter().any(|c| !seen.insert(c.name)) {
        return Err((
            ErrorCode::InvalidRequest,
            "Error due to duplicate config keys".into(),
        ));
    }
    match resource_type {
        TOPIC => {
            crate::broker::check_topic_name(resource_name)?;
            let Some(current) = topics.get(&**resource_name).map(|t| &t.configs) else {
                return Err((
                    ErrorCode::UnknownTopicOrPartition,
                    format!("The topic '{}' does not exist.", &**resource_name),
                ));
            };
            let mut next = if replace {
                BTreeMap::new()
            } else {
                current.clone()
            };
            for c in changes {
                let Some(config) = topic_config(c.name) else {
                    return Err((
                        ErrorCode::InvalidConfig,
                        format!("Unknown topic config name: {}", c.name),
                    ));
                };
                apply(config.ty, c, &mut next, |v| {
                    resolve(config, &BTreeMap::new(), brokers).0.clone_into(v);
                })?;
                if let Some(v) = next.get(c.name) {
                    check_value(c.name, config, v).map_err(|m| (ErrorCode::InvalidConfig, m))?;
                }
            }
            Ok(Altered::Topic(resource_name.clone(), next))
        }
        BROKER => {
            let id = check_alter_broker_name(resource_name, node)?;
            let current = match id {
                Some(id) => brokers.per_broker.get(&id).cloned().unwrap_or_default(),
                None => brokers.defaults.clone(),
            };
            let mut next = if replace { BTreeMap::new() } else { current };
            // Kafka's `DynamicBrokerConfig.validate` names every config
            // that is not dynamic at once, and wraps its `ConfigException`s
            // in INVALID_REQUEST (KAFKA-13609).
            let fixed: Vec<&str> = changes
                .iter()
                .filter(|c| topic_config_of_broker(c.name).is_none())
                .map(|c| c.name)
                .collect();
            if !fixed.is_empty() {
                return Err((
                    ErrorCode::InvalidRequest,
                    format!(
                        "Cannot update these configs dynamically: [{}]",
                        fixed.join(", ")
                    ),
                ));
            }
            for c in changes {
                let Some(config) = topic_config_of_broker(c.name) else {
                    continue;
                };
                apply(config.ty, c, &mut next, |v| {
                    config.default.clone_into(v);
                })?;
                if let Some(v) = next.get(c.name) {
                    check_value(c.name, config, v).map_err(|m| (ErrorCode::InvalidRequest, m))?;
                }
            }
            Ok(Altered::Brokers(id, next))
        }
        other => Err((
            ErrorCode::InvalidRequest,
            format!("Unsupported resource type: {other}"),
        )),
    }
}

/// One operation on a set of overrides; `default` writes the value a
/// list's APPEND or SUBTRACT starts from when none is set.
fn apply(
    ty: Type,
    c: &Change<'_>,
    next: &mut BTreeMap<String, String>,
    default: impl FnOnce(&mut String),
) -> Result<(), (ErrorCode, String)> {
    match c.op {
        SET => match c.value {
            Some(v) => {
                next.insert(c.name.to_owned(), v.to_owned());
            }
            None => {
                return Err((
                    ErrorCode::InvalidRequest,
                    format!("Null value not supported for : {}", c.name),
                ))
            }
        },
        DELETE => {
            next.remove(c.name);
        }
        APPEND | SUBTRACT => {
            if ty != Type::List {
                let op = if c.op == APPEND { "APPEND" } else { "SUBTRACT" };
                return Err((
                    ErrorCode::InvalidConfig,
                    format!("Can't {op} to key {} because its type is not LIST.", c.name),
                ));
            }
            let mut current = match next.get(c.name) {
                Some(v) => v.clone(),
                None => {
                    let mut d = String::new();
                    default(&mut d);
                    d
                }
            };
            let mut items: Vec<String> = list(&current).map(str::to_owned).collect();
            let given: Vec<&str> = c.value.map(|v| list(v).collect()).unwrap_or_default();
            if c.op == APPEND {
                for g in given {
                    if !items.iter().any(|i| i == g) {
                        items.push(g.to_owned());
                    }
                }
            } else {
                items.retain(|i| !given.contains(&i.as_str()));
            }
            current = items.join(",");
            next.insert(c.name.to_owned(), current);
        }
        other => {
            return Err((
                ErrorCode::InvalidRequest,
                format!("Unknown operation type {other} for config {}", c.name),
            ))
        }
    }
    Ok(())
}

/// Stores one resource's alter.
fn store(state: &mut State, altered: Altered) {
    match altered {
        Altered::Topic(name, overrides) => {
            if let Some(t) = state.topics.get_mut(&name) {
                t.configs = overrides;
            }
        }
        Altered::Brokers(None, defaults) => state.broker_configs.defaults = defaults,
        Altered::Brokers(Some(id), values) => {
            if values.is_empty() {
                state.broker_configs.per_broker.remove(&id);
            } else {
                state.broker_configs.per_broker.insert(id, values);
            }
        }
    }
    // The brokers' values reach every topic.
    let brokers = &state.broker_configs;
    for t in state.topics.values_mut() {
        t.settings = TopicSettings::of(&t.configs, brokers);
    }
}

/// Runs one resource's alter against the state, storing it unless
/// `validate_only`: the error code and message of its answer.
fn alter_resource(
    state: &mut State,
    node: i32,
    resource_type: i8,
    resource_name: &Str,
    changes: &[Change<'_>],
    replace: bool,
    validate_only: bool,
) -> (i16, Option<Str>) {
    let checked = alter(
        &state.topics,
        &state.broker_configs,
        node,
        resource_type,
        resource_name,
        changes,
        replace,
    );
    match checked {
        Ok(altered) => {
            if !validate_only {
                store(state, altered);
            }
            (ErrorCode::None.code(), None)
        }
        Err((code, message)) => (code.code(), Some(message.into())),
    }
}

/// AlterConfigs: each resource's configs replaced by those given.
pub(crate) fn alter_configs(
    state: &mut State,
    node: i32,
    r: &AlterConfigsRequest,
) -> AlterConfigsResponse {
    let responses = r
        .resources
        .iter()
        .map(|res| {
            let changes: Vec<Change<'_>> = res
                .configs
                .iter()
                .map(|c| Change {
                    name: &c.name,
                    op: SET,
                    value: c.value.as_deref(),
                })
                .collect();
            let (error_code, error_message) = alter_resource(
                state,
                node,
                res.resource_type,
                &res.resource_name,
                &changes,
                true,
                r.validate_only,
            );
            AlterConfigsResourceResponse {
                error_code,
                error_message,
                resource_type: res.resource_type,
                resource_name: res.resource_name.clone(),
                ..Default::default()
            }
        })
        .collect();
    AlterConfigsResponse {
        responses,
        ..Default::default()
    }
}

/// IncrementalAlterConfigs: each resource's operations (SET, DELETE,
/// APPEND, SUBTRACT) applied in order, all or none.
pub(crate) fn incremental_alter_configs(
    state: &mut State,
    node: i32,
    r: &IncrementalAlterConfigsRequest,
) -> IncrementalAlterConfigsResponse {
    let responses = r
        .resources
        .iter()
        .map(|res| {
            let changes: Vec<Change<'_>> = res
                .configs
                .iter()
                .map(|c| Change {
                    name: &c.name,
                    op: c.config_operation,
                    value: c.value.as_deref(),
                })
                .collect();
            let (error_code, error_message) = alter_resource(
                state,
                node,
                res.resource_type,
                &res.resource_name,
                &changes,
                false,
                r.validate_only,
            );
            incremental_alter_configs::AlterConfigsResourceResponse {
                error_code,
                error_message,
                resource_type: res.resource_type,
                resource_name: res.resource_name.clone(),
                ..Default::default()
            }
        })
        .collect();
    IncrementalAlterConfigsResponse {
        responses,
        ..Default::default()
    }
}
