//! Typed views of the i8 codes in ACL, config and transaction messages, with
//! Kafka's numeric values. Messages keep the raw `i8`, so a code this crate does not know is
//! never lost: it converts to `Unknown(raw)` and back to the same number.

use core::fmt;

macro_rules! i8_code {
    (
        $(#[$doc:meta])*
        $name:ident { $($(#[$vdoc:meta])* $variant:ident = $value:literal => $text:literal,)* }
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[$vdoc])* $variant,)*
            /// A value this crate does not know, kept as it is.
            Unknown(i8),
        }

        impl $name {
            /// Every known value, in numeric order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The numeric value.
            pub const fn code(self) -> i8 {
                match self {
                    $($name::$variant => $value,)*
                    $name::Unknown(raw) => raw,
                }
            }

            /// Kafka's name for it, e.g. `"TOPIC"`; `"UNKNOWN"` for an unknown code.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                    $name::Unknown(_) => "UNKNOWN",
                }
            }
        }

        impl From<i8> for $name {
            fn from(raw: i8) -> Self {
                match raw {
                    $($value => $name::$variant,)*
                    other => $name::Unknown(other),
                }
            }
        }

        impl From<$name> for i8 {
            fn from(v: $name) -> i8 {
                v.code()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $name::Unknown(raw) => write!(f, "UNKNOWN({raw})"),
                    known => f.write_str(known.name()),
                }
            }
        }
    };
}

i8_code! {
    /// The kind of resource an ACL protects (Kafka's `ResourceType`).
    ResourceType {
        /// Kafka's own "unknown" value, 0.
        UnknownType = 0 => "UNKNOWN",
        /// Matches any type, in filters.
        Any = 1 => "ANY",
        /// A topic.
        Topic = 2 => "TOPIC",
        /// A consumer group.
        Group = 3 => "GROUP",
        /// The cluster.
        Cluster = 4 => "CLUSTER",
        /// A transactional id.
        TransactionalId = 5 => "TRANSACTIONAL_ID",
        /// A delegation token.
        DelegationToken = 6 => "DELEGATION_TOKEN",
        /// A user (CreateAcls v3+).
        User = 7 => "USER",
    }
}

i8_code! {
    /// How an ACL's resource name matches (Kafka's `PatternType`).
    PatternType {
        /// Kafka's own "unknown" value, 0.
        UnknownType = 0 => "UNKNOWN",
        /// Any pattern, in filters.
        Any = 1 => "ANY",
        /// Any ACL that would match, in filters.
        Match = 2 => "MATCH",
        /// The name is matched exactly (or `*` for all).
        Literal = 3 => "LITERAL",
        /// The name is a prefix.
        Prefixed = 4 => "PREFIXED",
    }
}

i8_code! {
    /// The operation an ACL allows or denies (Kafka's `AclOperation`).
    AclOperation {
        /// Kafka's own "unknown" value, 0.
        UnknownType = 0 => "UNKNOWN",
        /// Any operation, in filters.
        Any = 1 => "ANY",
        /// Every operation.
        All = 2 => "ALL",
        /// Read.
        Read = 3 => "READ",
        /// Write.
        Write = 4 => "WRITE",
        /// Create.
        Create = 5 => "CREATE",
        /// Delete.
        Delete = 6 => "DELETE",
        /// Alter.
        Alter = 7 => "ALTER",
        /// Describe.
        Describe = 8 => "DESCRIBE",
        /// Inter-broker cluster actions.
        ClusterAction = 9 => "CLUSTER_ACTION",
        /// Describe configs.
        DescribeConfigs = 10 => "DESCRIBE_CONFIGS",
        /// Alter configs.
        AlterConfigs = 11 => "ALTER_CONFIGS",
        /// Idempotent produce.
        IdempotentWrite = 12 => "IDEMPOTENT_WRITE",
        /// Create delegation tokens.
        CreateTokens = 13 => "CREATE_TOKENS",
        /// Describe delegation tokens.
        DescribeTokens = 14 => "DESCRIBE_TOKENS",
        /// Two-phase commit of transactions.
        TwoPhaseCommit = 15 => "TWO_PHASE_COMMIT",
    }
}

i8_code! {
    /// Whether an ACL allows or denies (Kafka's `AclPermissionType`).
    AclPermissionType {
        /// Kafka's own "unknown" value, 0.
        UnknownType = 0 => "UNKNOWN",
        /// Any permission, in filters.
        Any = 1 => "ANY",
        /// Deny.
        Deny = 2 => "DENY",
        /// Allow.
        Allow = 3 => "ALLOW",
    }
}

i8_code! {
    /// Where a config value comes from (Kafka's `DescribeConfigsResponse.ConfigSource`).
    ConfigSource {
        /// Not reported (the field's default, -1).
        NotReported = -1 => "NOT_REPORTED",
        /// Kafka's own "unknown" value, 0.
        UnknownConfig = 0 => "UNKNOWN",
        /// Set on the topic.
        DynamicTopicConfig = 1 => "DYNAMIC_TOPIC_CONFIG",
        /// Set dynamically for one broker.
        DynamicBrokerConfig = 2 => "DYNAMIC_BROKER_CONFIG",
        /// Set dynamically as the default of all brokers.
        DynamicDefaultBrokerConfig = 3 => "DYNAMIC_DEFAULT_BROKER_CONFIG",
        /// From the broker's properties file.
        StaticBrokerConfig = 4 => "STATIC_BROKER_CONFIG",
        /// Kafka's built-in default.
        DefaultConfig = 5 => "DEFAULT_CONFIG",
        /// A dynamic broker logger level.
        DynamicBrokerLoggerConfig = 6 => "DYNAMIC_BROKER_LOGGER_CONFIG",
        /// A client-metrics subscription.
        ClientMetricsConfig = 7 => "CLIENT_METRICS_CONFIG",
        /// Set on a group.
        GroupConfig = 8 => "GROUP_CONFIG",
    }
}

i8_code! {
    /// The kind of resource a config belongs to (Kafka's `ConfigResource.Type`), as
    /// DescribeConfigs, AlterConfigs and IncrementalAlterConfigs carry it.
    ConfigResourceType {
        /// Kafka's own "unknown" value, 0.
        UnknownType = 0 => "UNKNOWN",
        /// A topic.
        Topic = 2 => "TOPIC",
        /// A broker (or, with an empty name, every broker's default).
        Broker = 4 => "BROKER",
        /// A broker's loggers.
        BrokerLogger = 8 => "BROKER_LOGGER",
        /// A client-metrics subscription (KIP-714).
        ClientMetrics = 16 => "CLIENT_METRICS",
        /// A group (KIP-848).
        Group = 32 => "GROUP",
    }
}

i8_code! {
    /// What IncrementalAlterConfigs does with a config (Kafka's `AlterConfigOp.OpType`).
    AlterConfigOp {
        /// Set the value.
        Set = 0 => "SET",
        /// Remove the value: the default applies again.
        Delete = 1 => "DELETE",
        /// Add to a list value.
        Append = 2 => "APPEND",
        /// Remove from a list value.
        Subtract = 3 => "SUBTRACT",
    }
}

i8_code! {
    /// A transaction's state (Kafka's `TransactionState`): its id as the transaction log's
    /// `TransactionLogValue.transactionStatus` stores it, its name as ListTransactions' filters
    /// and DescribeTransactions spell it.
    TransactionState {
        /// A producer id, no transaction.
        Empty = 0 => "Empty",
        /// Partitions or offsets added, not ended.
        Ongoing = 1 => "Ongoing",
        /// EndTxn(commit) received, markers being written.
        PrepareCommit = 2 => "PrepareCommit",
        /// EndTxn(abort) or a timeout received, markers being written.
        PrepareAbort = 3 => "PrepareAbort",
        /// The last transaction committed.
        CompleteCommit = 4 => "CompleteCommit",
        /// The last transaction aborted.
        CompleteAbort = 5 => "CompleteAbort",
        /// The transactional id expired.
        Dead = 6 => "Dead",
        /// The producer is being fenced by an epoch bump.
        PrepareEpochFence = 7 => "PrepareEpochFence",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_i8_round_trips() {
        for raw in i8::MIN..=i8::MAX {
            assert_eq!(ResourceType::from(raw).code(), raw);
            assert_eq!(PatternType::from(raw).code(), raw);
            assert_eq!(AclOperation::from(raw).code(), raw);
            assert_eq!(AclPermissionType::from(raw).code(), raw);
            assert_eq!(ConfigSource::from(raw).code(), raw);
            assert_eq!(ConfigResourceType::from(raw).code(), raw);
            assert_eq!(AlterConfigOp::from(raw).code(), raw);
            assert_eq!(TransactionState::from(raw).code(), raw);
        }
    }

    #[test]
    fn kafka_numbers() {
        assert_eq!(ResourceType::from(2), ResourceType::Topic);
        assert_eq!(ResourceType::User.code(), 7);
        assert_eq!(PatternType::Literal.code(), 3);
        assert_eq!(AclOperation::All.code(), 2);
        assert_eq!(AclOperation::from(15).name(), "TWO_PHASE_COMMIT");
        assert_eq!(AclPermissionType::Allow.code(), 3);
        assert_eq!(ConfigSource::from(5), ConfigSource::DefaultConfig);
        assert_eq!(ResourceType::from(42).to_string(), "UNKNOWN(42)");
        assert_eq!(AclOperation::Read.to_string(), "READ");
        assert_eq!(ConfigResourceType::from(32).name(), "GROUP");
        assert_eq!(ConfigResourceType::from(1).to_string(), "UNKNOWN(1)");
        assert_eq!(AlterConfigOp::Subtract.code(), 3);
        assert_eq!(TransactionState::from(7).name(), "PrepareEpochFence");
    }
}
