//! Kafka's protocol error codes as a typed enum.
//!
//! Every response in the Kafka protocol carries `int16` error codes. This
//! module turns them into [`ErrorCode`], which knows each code's number, its
//! name exactly as Kafka spells it (`TOPIC_ALREADY_EXISTS`), whether Kafka's
//! own clients treat it as retriable, and a short description.
//!
//! ```text
//! ErrorCode::from_code(36)            -> ErrorCode::TopicAlreadyExists
//! ErrorCode::TopicAlreadyExists.name() -> "TOPIC_ALREADY_EXISTS"
//! ErrorCode::from_code(999)           -> ErrorCode::Unknown(999)
//! ```
//!
//! Decoding never fails: a number this crate does not know becomes
//! [`ErrorCode::Unknown`] with the raw value kept, so `from_code(x).code() == x`
//! for every `i16`.
//!
//! # Source of the table
//!
//! The numbers, names and retriable flags are those of the Apache Kafka
//! release that `kafka-messages` declares its messages from (its
//! `KAFKA_RELEASE`): the enum `org.apache.kafka.common.protocol.Errors` in
//! that release's `kafka-clients` jar, from `-1 UNKNOWN_SERVER_ERROR` up.
//! The Java differential (`kafka-messages/tests/java_differential.rs`,
//! `error_codes_are_kafkas`) checks the table against that enum, row by
//! row. "Retriable" follows the rule that generates the protocol guide's
//! Retriable column: the code's exception extends `RetriableException`. The
//! descriptions are this crate's own short summaries, not Kafka's messages.
//!
//! To add a code, add one line to the table at the bottom of this module;
//! every method and trait impl is generated from it.

use core::fmt;
use core::str::FromStr;

/// The description [`ErrorCode::description`] gives for [`ErrorCode::Unknown`].
const UNKNOWN_DESCRIPTION: &str = "error code not known to this version of kafka-wire";

/// Generates [`ErrorCode`] and everything that maps over it from one table.
///
/// Each row is `(Variant, code, "NAME", retriable, "description")`.
macro_rules! error_codes {
    ($(($variant:ident, $code:literal, $name:literal, $retriable:literal, $desc:literal)),+ $(,)?) => {
        /// A Kafka protocol error code.
        ///
        /// One variant per code that Apache Kafka defines, named in
        /// CamelCase after Kafka's `NAME` (`TOPIC_ALREADY_EXISTS` is
        /// [`ErrorCode::TopicAlreadyExists`]), plus [`ErrorCode::Unknown`] for
        /// any other number.
        ///
        /// Build values with [`ErrorCode::from_code`] (or `From<i16>`): it
        /// never returns `Unknown(k)` for a number `k` that has its own
        /// variant. A hand-built `Unknown(36)` is not equal to
        /// [`ErrorCode::TopicAlreadyExists`]; run it through
        /// `ErrorCode::from_code(e.code())` to get the canonical value.
        ///
        /// [`ErrorCode::None`] (0) means success; [`ErrorCode::into_result`]
        /// turns a code into a `Result` so callers can use `?`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum ErrorCode {
            $(
                #[doc = concat!("`", $name, "` (", stringify!($code), "): ", $desc, ".")]
                #[doc = ""]
                #[doc = concat!("Retriable: ", stringify!($retriable), ".")]
                $variant,
            )+
            /// A code this version of the crate does not know; the raw value is kept.
            ///
            /// Kafka's clients treat a code they do not know as the
            /// non-retriable `UNKNOWN_SERVER_ERROR`, so this is not retriable.
            Unknown(i16),
        }

        impl ErrorCode {
            /// Every code this crate knows, in ascending numeric order
            /// (without [`ErrorCode::Unknown`]).
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant),+];

            /// The code for a wire value. Never fails: a number with no
            /// variant of its own becomes [`ErrorCode::Unknown`].
            pub const fn from_code(code: i16) -> Self {
                match code {
                    $($code => Self::$variant,)+
                    other => Self::Unknown(other),
                }
            }

            /// The wire value of this code.
            pub const fn code(self) -> i16 {
                match self {
                    $(Self::$variant => $code,)+
                    Self::Unknown(code) => code,
                }
            }

            /// Kafka's name for this code, e.g. `"TOPIC_ALREADY_EXISTS"`;
            /// `"UNKNOWN"` for [`ErrorCode::Unknown`].
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name,)+
                    Self::Unknown(_) => "UNKNOWN",
                }
            }

            /// Whether Kafka's clients consider this error retriable (its Java
            /// exception extends `RetriableException`). `false` for
            /// [`ErrorCode::None`] and [`ErrorCode::Unknown`].
            pub const fn is_retriable(self) -> bool {
                match self {
                    $(Self::$variant => $retriable,)+
                    Self::Unknown(_) => false,
                }
            }

            /// A short description of what this code means.
            pub const fn description(self) -> &'static str {
                match self {
                    $(Self::$variant => $desc,)+
                    Self::Unknown(_) => UNKNOWN_DESCRIPTION,
                }
            }

            /// The code for Kafka's name of it, e.g. `"TOPIC_ALREADY_EXISTS"`.
            ///
            /// The match is exact and case-sensitive. `"UNKNOWN"` gives `None`,
            /// since it does not say which number was meant.
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $($name => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

impl ErrorCode {
    /// Whether this is `NONE` (code 0), i.e. no error.
    #[must_use]
    pub const fn is_ok(self) -> bool {
        self.code() == 0
    }

    /// Whether this code has a variant of its own, i.e. it is not
    /// [`ErrorCode::Unknown`].
    #[must_use]
    pub const fn is_known(self) -> bool {
        !matches!(self, Self::Unknown(_))
    }

    /// `Ok(())` for `NONE`, `Err(self)` otherwise, so callers can use `?`.
    ///
    /// # Errors
    ///
    /// Returns `Err(self)` for every code other than `NONE`, including
    /// [`ErrorCode::Unknown`].
    pub fn into_result(self) -> Result<(), ErrorCode> {
        if self.is_ok() {
            Ok(())
        } else {
            Err(self)
        }
    }
}

impl From<i16> for ErrorCode {
    fn from(code: i16) -> Self {
        Self::from_code(code)
    }
}

impl From<ErrorCode> for i16 {
    fn from(code: ErrorCode) -> Self {
        code.code()
    }
}

/// Formats as `NAME (code): description`, e.g.
/// `TOPIC_ALREADY_EXISTS (36): a topic with this name already exists`.
impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}): {}",
            self.name(),
            self.code(),
            self.description()
        )
    }
}

impl std::error::Error for ErrorCode {}

/// The error of parsing an [`ErrorCode`] from a string that is not one of
/// Kafka's error code names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseErrorCodeError {
    _private: (),
}

impl fmt::Display for ParseErrorCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a Kafka error code name known to this version of kafka-wire")
    }
}

impl std::error::Error for ParseErrorCodeError {}

/// Parses Kafka's name of a code, e.g. `"TOPIC_ALREADY_EXISTS"`; see
/// [`ErrorCode::from_name`].
impl FromStr for ErrorCode {
    type Err = ParseErrorCodeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_name(s).ok_or(ParseErrorCodeError { _private: () })
    }
}

// The table: (Variant, code, "NAME", retriable, "description").
// Numbers, names and retriable flags: Kafka's `Errors` enum, see the module docs.
// Keep the rows in ascending numeric order.
error_codes! {
    (UnknownServerError, -1, "UNKNOWN_SERVER_ERROR", false, "the server hit an unexpected error while handling the request"),
    (None, 0, "NONE", false, "no error"),
    (OffsetOutOfRange, 1, "OFFSET_OUT_OF_RANGE", false, "the requested offset is outside the range of offsets the server holds"),
    (CorruptMessage, 2, "CORRUPT_MESSAGE", true, "the message failed its CRC check, is too large, has a null key on a compacted topic, or is otherwise corrupt"),
    (UnknownTopicOrPartition, 3, "UNKNOWN_TOPIC_OR_PARTITION", true, "this server does not host the requested topic-partition"),
    (InvalidFetchSize, 4, "INVALID_FETCH_SIZE", false, "the requested fetch size is not valid"),
    (LeaderNotAvailable, 5, "LEADER_NOT_AVAILABLE", true, "the partition has no leader right now, e.g. during a leader election"),
    (NotLeaderOrFollower, 6, "NOT_LEADER_OR_FOLLOWER", true, "this broker is not the leader of the partition (or, for requests to any replica, not a replica of it)"),
    (RequestTimedOut, 7, "REQUEST_TIMED_OUT", true, "the request timed out"),
    (BrokerNotAvailable, 8, "BROKER_NOT_AVAILABLE", false, "the broker is not available"),
    (ReplicaNotAvailable, 9, "REPLICA_NOT_AVAILABLE", true, "the replica for the requested topic-partition is not available"),
    (MessageTooLarge, 10, "MESSAGE_TOO_LARGE", false, "the request contained a message larger than the server's maximum message size"),
    (StaleControllerEpoch, 11, "STALE_CONTROLLER_EPOCH", false, "the controller has moved to another broker"),
    (OffsetMetadataTooLarge, 12, "OFFSET_METADATA_TOO_LARGE", false, "the metadata attached to the committed offset is too large"),
    (NetworkException, 13, "NETWORK_EXCEPTION", true, "the server disconnected before a response was received"),
    (CoordinatorLoadInProgress, 14, "COORDINATOR_LOAD_IN_PROGRESS", true, "the coordinator is still loading and cannot serve requests yet"),
    (CoordinatorNotAvailable, 15, "COORDINATOR_NOT_AVAILABLE", true, "the coordinator is not available"),
    (NotCoordinator, 16, "NOT_COORDINATOR", true, "this broker is not the right coordinator"),
    (InvalidTopicException, 17, "INVALID_TOPIC_EXCEPTION", false, "the request names a topic that is not valid"),
    (RecordListTooLarge, 18, "RECORD_LIST_TOO_LARGE", false, "a record batch is larger than the configured segment size on the server"),
    (NotEnoughReplicas, 19, "NOT_ENOUGH_REPLICAS", true, "the records were rejected because there are fewer in-sync replicas than required"),
    (NotEnoughReplicasAfterAppend, 20, "NOT_ENOUGH_REPLICAS_AFTER_APPEND", true, "the records were written, but to fewer in-sync replicas than required"),
    (InvalidRequiredAcks, 21, "INVALID_REQUIRED_ACKS", false, "the produce request gave an invalid value for required acks"),
    (IllegalGeneration, 22, "ILLEGAL_GENERATION", false, "the group generation id is not valid"),
    (InconsistentGroupProtocol, 23, "INCONSISTENT_GROUP_PROTOCOL", false, "the member's protocols do not match the group's, or the first member offered an empty protocol type or list"),
    (InvalidGroupId, 24, "INVALID_GROUP_ID", false, "the group id is not valid"),
    (UnknownMemberId, 25, "UNKNOWN_MEMBER_ID", false, "the coordinator does not know this member"),
    (InvalidSessionTimeout, 26, "INVALID_SESSION_TIMEOUT", false, "the session timeout is outside the range the broker allows"),
    (RebalanceInProgress, 27, "REBALANCE_IN_PROGRESS", false, "the group is rebalancing, so the member must rejoin"),
    (InvalidCommitOffsetSize, 28, "INVALID_COMMIT_OFFSET_SIZE", false, "the size of the offset commit data is not valid"),
    (TopicAuthorizationFailed, 29, "TOPIC_AUTHORIZATION_FAILED", false, "not authorized to access the topic"),
    (GroupAuthorizationFailed, 30, "GROUP_AUTHORIZATION_FAILED", false, "not authorized to access the group"),
    (ClusterAuthorizationFailed, 31, "CLUSTER_AUTHORIZATION_FAILED", false, "not authorized to perform the cluster operation"),
    (InvalidTimestamp, 32, "INVALID_TIMESTAMP", false, "the message timestamp is outside the accepted range"),
    (UnsupportedSaslMechanism, 33, "UNSUPPORTED_SASL_MECHANISM", false, "the broker does not support the requested SASL mechanism"),
    (IllegalSaslState, 34, "ILLEGAL_SASL_STATE", false, "the request is not valid in the current SASL state"),
    (UnsupportedVersion, 35, "UNSUPPORTED_VERSION", false, "this version of the API is not supported"),
    (TopicAlreadyExists, 36, "TOPIC_ALREADY_EXISTS", false, "a topic with this name already exists"),
    (InvalidPartitions, 37, "INVALID_PARTITIONS", false, "the number of partitions is not valid"),
    (InvalidReplicationFactor, 38, "INVALID_REPLICATION_FACTOR", false, "the replication factor is below 1 or exceeds the number of available brokers"),
    (InvalidReplicaAssignment, 39, "INVALID_REPLICA_ASSIGNMENT", false, "the replica assignment is not valid"),
    (InvalidConfig, 40, "INVALID_CONFIG", false, "the configuration is not valid"),
    (NotController, 41, "NOT_CONTROLLER", true, "this node is not the active controller of the cluster"),
    (InvalidRequest, 42, "INVALID_REQUEST", false, "the request is malformed or was sent to an incompatible broker; the broker logs have details"),
    (UnsupportedForMessageFormat, 43, "UNSUPPORTED_FOR_MESSAGE_FORMAT", false, "the broker's message format version does not support the request"),
    (PolicyViolation, 44, "POLICY_VIOLATION", false, "the request parameters violate the configured policy"),
    (OutOfOrderSequenceNumber, 45, "OUT_OF_ORDER_SEQUENCE_NUMBER", false, "the broker received an out-of-order sequence number"),
    (DuplicateSequenceNumber, 46, "DUPLICATE_SEQUENCE_NUMBER", false, "the broker received a duplicate sequence number"),
    (InvalidProducerEpoch, 47, "INVALID_PRODUCER_EPOCH", false, "the producer used an old epoch"),
    (InvalidTxnState, 48, "INVALID_TXN_STATE", false, "the producer attempted a transactional operation in an invalid state"),
    (InvalidProducerIdMapping, 49, "INVALID_PRODUCER_ID_MAPPING", false, "the producer id is not the one currently assigned to its transactional id"),
    (InvalidTransactionTimeout, 50, "INVALID_TRANSACTION_TIMEOUT", false, "the transaction timeout exceeds the broker's maximum (transaction.max.timeout.ms)"),
    (ConcurrentTransactions, 51, "CONCURRENT_TRANSACTIONS", true, "another operation on the same transaction is still in progress"),
    (TransactionCoordinatorFenced, 52, "TRANSACTION_COORDINATOR_FENCED", false, "the transaction coordinator that sent the marker is no longer the producer's current coordinator"),
    (TransactionalIdAuthorizationFailed, 53, "TRANSACTIONAL_ID_AUTHORIZATION_FAILED", false, "not authorized to use the transactional id"),
    (SecurityDisabled, 54, "SECURITY_DISABLED", false, "security features are disabled on the broker"),
    (OperationNotAttempted, 55, "OPERATION_NOT_ATTEMPTED", false, "the broker did not attempt the operation, typically because another operation in the same batch failed"),
    (KafkaStorageError, 56, "KAFKA_STORAGE_ERROR", true, "a disk error occurred while accessing a log file"),
    (LogDirNotFound, 57, "LOG_DIR_NOT_FOUND", false, "the requested log directory is not in the broker's configuration"),
    (SaslAuthenticationFailed, 58, "SASL_AUTHENTICATION_FAILED", false, "SASL authentication failed"),
    (UnknownProducerId, 59, "UNKNOWN_PRODUCER_ID", false, "the broker has no metadata for this producer id, e.g. because retention removed all its records"),
    (ReassignmentInProgress, 60, "REASSIGNMENT_IN_PROGRESS", false, "a partition reassignment is in progress"),
    (DelegationTokenAuthDisabled, 61, "DELEGATION_TOKEN_AUTH_DISABLED", false, "delegation token support is not enabled"),
    (DelegationTokenNotFound, 62, "DELEGATION_TOKEN_NOT_FOUND", false, "the delegation token was not found on the server"),
    (DelegationTokenOwnerMismatch, 63, "DELEGATION_TOKEN_OWNER_MISMATCH", false, "the principal is not a valid owner or renewer of the token"),
    (DelegationTokenRequestNotAllowed, 64, "DELEGATION_TOKEN_REQUEST_NOT_ALLOWED", false, "delegation token requests are not allowed on PLAINTEXT, 1-way SSL or token-authenticated connections"),
    (DelegationTokenAuthorizationFailed, 65, "DELEGATION_TOKEN_AUTHORIZATION_FAILED", false, "delegation token authorization failed"),
    (DelegationTokenExpired, 66, "DELEGATION_TOKEN_EXPIRED", false, "the delegation token has expired"),
    (InvalidPrincipalType, 67, "INVALID_PRINCIPAL_TYPE", false, "the principal type is not supported"),
    (NonEmptyGroup, 68, "NON_EMPTY_GROUP", false, "the group is not empty"),
    (GroupIdNotFound, 69, "GROUP_ID_NOT_FOUND", false, "the group id does not exist"),
    (FetchSessionIdNotFound, 70, "FETCH_SESSION_ID_NOT_FOUND", true, "the fetch session id was not found"),
    (InvalidFetchSessionEpoch, 71, "INVALID_FETCH_SESSION_EPOCH", true, "the fetch session epoch is not valid"),
    (ListenerNotFound, 72, "LISTENER_NOT_FOUND", true, "the leader has no listener matching the one the metadata request arrived on"),
    (TopicDeletionDisabled, 73, "TOPIC_DELETION_DISABLED", false, "topic deletion is disabled"),
    (FencedLeaderEpoch, 74, "FENCED_LEADER_EPOCH", true, "the leader epoch in the request is older than the broker's"),
    (UnknownLeaderEpoch, 75, "UNKNOWN_LEADER_EPOCH", true, "the leader epoch in the request is newer than the broker's"),
    (UnsupportedCompressionType, 76, "UNSUPPORTED_COMPRESSION_TYPE", false, "the client does not support the partition's compression type"),
    (StaleBrokerEpoch, 77, "STALE_BROKER_EPOCH", false, "the broker epoch has changed"),
    (OffsetNotAvailable, 78, "OFFSET_NOT_AVAILABLE", true, "the leader's high watermark has not caught up after a recent election, so offsets are not yet reliable"),
    (MemberIdRequired, 79, "MEMBER_ID_REQUIRED", false, "the member must obtain a member id before it can join the group"),
    (PreferredLeaderNotAvailable, 80, "PREFERRED_LEADER_NOT_AVAILABLE", true, "the preferred leader is not available"),
    (GroupMaxSizeReached, 81, "GROUP_MAX_SIZE_REACHED", false, "the group has reached its maximum size"),
    (FencedInstanceId, 82, "FENCED_INSTANCE_ID", false, "another member with the same group.instance.id has registered with a different member id"),
    (EligibleLeadersNotAvailable, 83, "ELIGIBLE_LEADERS_NOT_AVAILABLE", true, "no eligible leader is available for the partition"),
    (ElectionNotNeeded, 84, "ELECTION_NOT_NEEDED", true, "no leader election is needed for the partition"),
    (NoReassignmentInProgress, 85, "NO_REASSIGNMENT_IN_PROGRESS", false, "no partition reassignment is in progress"),
    (GroupSubscribedToTopic, 86, "GROUP_SUBSCRIBED_TO_TOPIC", false, "a topic's offsets cannot be deleted while the group is subscribed to it"),
    (InvalidRecord, 87, "INVALID_RECORD", false, "the record failed validation on the broker and was rejected"),
    (UnstableOffsetCommit, 88, "UNSTABLE_OFFSET_COMMIT", true, "there are pending offsets that must be cleared first"),
    (ThrottlingQuotaExceeded, 89, "THROTTLING_QUOTA_EXCEEDED", true, "the throttling quota has been exceeded"),
    (ProducerFenced, 90, "PRODUCER_FENCED", false, "a newer producer with the same transactional id has fenced this one"),
    (ResourceNotFound, 91, "RESOURCE_NOT_FOUND", false, "the request refers to a resource that does not exist"),
    (DuplicateResource, 92, "DUPLICATE_RESOURCE", false, "the request refers to the same resource twice"),
    (UnacceptableCredential, 93, "UNACCEPTABLE_CREDENTIAL", false, "the requested credential does not meet the acceptance criteria"),
    (InconsistentVoterSet, 94, "INCONSISTENT_VOTER_SET", false, "the sender or receiver of a voter-only request is not one of the expected voters"),
    (InvalidUpdateVersion, 95, "INVALID_UPDATE_VERSION", false, "the update version is not valid"),
    (FeatureUpdateFailed, 96, "FEATURE_UPDATE_FAILED", false, "the finalized features could not be updated because of an unexpected server error"),
    (PrincipalDeserializationFailure, 97, "PRINCIPAL_DESERIALIZATION_FAILURE", false, "the request principal could not be deserialized while forwarding"),
    (SnapshotNotFound, 98, "SNAPSHOT_NOT_FOUND", false, "the requested snapshot was not found"),
    (PositionOutOfRange, 99, "POSITION_OUT_OF_RANGE", false, "the requested position is negative or not below the size of the snapshot"),
    (UnknownTopicId, 100, "UNKNOWN_TOPIC_ID", true, "this server does not host a topic with this id"),
    (DuplicateBrokerRegistration, 101, "DUPLICATE_BROKER_REGISTRATION", false, "this broker id is already in use"),
    (BrokerIdNotRegistered, 102, "BROKER_ID_NOT_REGISTERED", false, "the broker id is not registered"),
    (InconsistentTopicId, 103, "INCONSISTENT_TOPIC_ID", true, "the topic id of the log does not match the one in the request"),
    (InconsistentClusterId, 104, "INCONSISTENT_CLUSTER_ID", false, "the cluster id in the request does not match the server's"),
    (TransactionalIdNotFound, 105, "TRANSACTIONAL_ID_NOT_FOUND", false, "the transactional id was not found"),
    (FetchSessionTopicIdError, 106, "FETCH_SESSION_TOPIC_ID_ERROR", true, "the fetch session used topic ids inconsistently"),
    (IneligibleReplica, 107, "INELIGIBLE_REPLICA", false, "the new ISR contains at least one ineligible replica"),
    (NewLeaderElected, 108, "NEW_LEADER_ELECTED", false, "the partition state was updated, but the leader has changed"),
    (OffsetMovedToTieredStorage, 109, "OFFSET_MOVED_TO_TIERED_STORAGE", false, "the requested offset has moved to tiered storage"),
    (FencedMemberEpoch, 110, "FENCED_MEMBER_EPOCH", false, "the coordinator fenced the member epoch; the member must give up its partitions and rejoin"),
    (UnreleasedInstanceId, 111, "UNRELEASED_INSTANCE_ID", false, "the instance id is still held by another member, which must leave first"),
    (UnsupportedAssignor, 112, "UNSUPPORTED_ASSIGNOR", false, "the group does not support the assignor or its version range"),
    (StaleMemberEpoch, 113, "STALE_MEMBER_EPOCH", false, "the member epoch is stale; retry with the epoch from the latest heartbeat response"),
    (MismatchedEndpointType, 114, "MISMATCHED_ENDPOINT_TYPE", false, "the request was sent to the wrong type of endpoint"),
    (UnsupportedEndpointType, 115, "UNSUPPORTED_ENDPOINT_TYPE", false, "this endpoint type is not supported yet"),
    (UnknownControllerId, 116, "UNKNOWN_CONTROLLER_ID", false, "the controller id is not known"),
    (UnknownSubscriptionId, 117, "UNKNOWN_SUBSCRIPTION_ID", false, "the telemetry subscription id is invalid or outdated"),
    (TelemetryTooLarge, 118, "TELEMETRY_TOO_LARGE", false, "the pushed telemetry is larger than the broker accepts"),
    (InvalidRegistration, 119, "INVALID_REGISTRATION", false, "the controller considers the broker registration invalid"),
    (TransactionAbortable, 120, "TRANSACTION_ABORTABLE", false, "the transaction failed; abort it to keep using the transactional id"),
    (InvalidRecordState, 121, "INVALID_RECORD_STATE", false, "the record state is not valid, so the delivery acknowledgement failed"),
    (ShareSessionNotFound, 122, "SHARE_SESSION_NOT_FOUND", true, "the share session was not found"),
    (InvalidShareSessionEpoch, 123, "INVALID_SHARE_SESSION_EPOCH", true, "the share session epoch is not valid"),
    (FencedStateEpoch, 124, "FENCED_STATE_EPOCH", false, "the coordinator rejected the request because the state epoch did not match"),
    (InvalidVoterKey, 125, "INVALID_VOTER_KEY", false, "the voter key does not match the receiving replica's key"),
    (DuplicateVoter, 126, "DUPLICATE_VOTER", false, "the voter is already in the voter set"),
    (VoterNotFound, 127, "VOTER_NOT_FOUND", false, "the voter is not in the voter set"),
    (InvalidRegularExpression, 128, "INVALID_REGULAR_EXPRESSION", false, "the regular expression is not valid"),
    (RebootstrapRequired, 129, "REBOOTSTRAP_REQUIRED", false, "the client's metadata is stale and it should rebootstrap"),
    (StreamsInvalidTopology, 130, "STREAMS_INVALID_TOPOLOGY", false, "the supplied streams topology is not valid"),
    (StreamsInvalidTopologyEpoch, 131, "STREAMS_INVALID_TOPOLOGY_EPOCH", false, "the supplied streams topology epoch is not valid"),
    (StreamsTopologyFenced, 132, "STREAMS_TOPOLOGY_FENCED", false, "the supplied streams topology epoch is outdated"),
    (ShareSessionLimitReached, 133, "SHARE_SESSION_LIMIT_REACHED", true, "the maximum number of share sessions has been reached"),
    (GroupDeletionFailed, 134, "GROUP_DELETION_FAILED", false, "the group could not be deleted; the per-group error message has details"),
    (StreamsTopologyDescriptionUpdateFailed, 135, "STREAMS_TOPOLOGY_DESCRIPTION_UPDATE_FAILED", false, "the broker could not process the streams topology description update"),
    (ControllerIdNotRegistered, 136, "CONTROLLER_ID_NOT_REGISTERED", false, "the controller id is not registered"),
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn from_code_then_code_is_identity_for_every_i16() {
        for x in i16::MIN..=i16::MAX {
            assert_eq!(ErrorCode::from_code(x).code(), x);
            assert_eq!(i16::from(ErrorCode::from(x)), x);
        }
    }

    #[test]
    fn unknown_is_only_produced_for_numbers_without_a_variant() {
        let known: HashSet<i16> = ErrorCode::ALL.iter().map(|e| e.code()).collect();
        for x in i16::MIN..=i16::MAX {
            let e = ErrorCode::from_code(x);
            assert_eq!(e.is_known(), known.contains(&x), "code {x}");
            assert_eq!(matches!(e, ErrorCode::Unknown(_)), !known.contains(&x));
        }
    }

    #[test]
    fn table_covers_minus_one_to_its_last_code_in_order() {
        let codes: Vec<i16> = ErrorCode::ALL.iter().map(|e| e.code()).collect();
        let last = *codes.last().expect("a table");
        let expected: Vec<i16> = (-1..=last).collect();
        assert_eq!(codes, expected);
        for e in ErrorCode::ALL {
            assert_eq!(ErrorCode::from_code(e.code()), *e);
        }
    }

    #[test]
    fn numbers_are_unique() {
        let mut seen = HashSet::new();
        for e in ErrorCode::ALL {
            assert!(seen.insert(e.code()), "duplicate code {}", e.code());
        }
    }

    #[test]
    fn names_are_unique_and_well_formed() {
        let mut seen = HashSet::new();
        for e in ErrorCode::ALL {
            let name = e.name();
            assert!(seen.insert(name), "duplicate name {name}");
            assert_ne!(name, "UNKNOWN");
            assert!(!name.is_empty());
            assert!(
                name.bytes().all(|b| b.is_ascii_uppercase() || b == b'_'),
                "{name}"
            );
            assert!(!e.description().is_empty(), "{name}");
        }
    }

    #[test]
    fn variant_is_camel_case_of_name() {
        for e in ErrorCode::ALL {
            let camel: String = e
                .name()
                .split('_')
                .map(|w| {
                    let mut cs = w.chars();
                    let first = cs.next().unwrap();
                    first.to_string() + &cs.as_str().to_ascii_lowercase()
                })
                .collect();
            assert_eq!(format!("{e:?}"), camel);
        }
    }

    #[test]
    fn spot_checks() {
        use ErrorCode as E;
        let cases: [(i16, ErrorCode, &str, bool); 14] = [
            (-1, E::UnknownServerError, "UNKNOWN_SERVER_ERROR", false),
            (0, E::None, "NONE", false),
            (1, E::OffsetOutOfRange, "OFFSET_OUT_OF_RANGE", false),
            (
                3,
                E::UnknownTopicOrPartition,
                "UNKNOWN_TOPIC_OR_PARTITION",
                true,
            ),
            (6, E::NotLeaderOrFollower, "NOT_LEADER_OR_FOLLOWER", true),
            (7, E::RequestTimedOut, "REQUEST_TIMED_OUT", true),
            (36, E::TopicAlreadyExists, "TOPIC_ALREADY_EXISTS", false),
            (37, E::InvalidPartitions, "INVALID_PARTITIONS", false),
            (
                38,
                E::InvalidReplicationFactor,
                "INVALID_REPLICATION_FACTOR",
                false,
            ),
            (40, E::InvalidConfig, "INVALID_CONFIG", false),
            (41, E::NotController, "NOT_CONTROLLER", true),
            (90, E::ProducerFenced, "PRODUCER_FENCED", false),
            (
                133,
                E::ShareSessionLimitReached,
                "SHARE_SESSION_LIMIT_REACHED",
                true,
            ),
            (
                136,
                E::ControllerIdNotRegistered,
                "CONTROLLER_ID_NOT_REGISTERED",
                false,
            ),
        ];
        for (code, variant, name, retriable) in cases {
            let e = ErrorCode::from_code(code);
            assert_eq!(e, variant, "{code}");
            assert_eq!(e.code(), code);
            assert_eq!(e.name(), name);
            assert_eq!(e.is_retriable(), retriable, "{name}");
        }
    }

    #[test]
    fn retriable_set_matches_kafka() {
        let retriable: Vec<i16> = ErrorCode::ALL
            .iter()
            .filter(|e| e.is_retriable())
            .map(|e| e.code())
            .collect();
        assert_eq!(
            retriable,
            [
                2, 3, 5, 6, 7, 9, 13, 14, 15, 16, 19, 20, 41, 51, 56, 70, 71, 72, 74, 75, 78, 80,
                83, 84, 88, 89, 100, 103, 106, 122, 123, 133
            ]
        );
    }

    #[test]
    fn unknown_codes() {
        let e = ErrorCode::from_code(999);
        assert_eq!(e, ErrorCode::Unknown(999));
        assert_eq!(e.code(), 999);
        assert_eq!(e.name(), "UNKNOWN");
        assert!(!e.is_retriable());
        assert!(!e.is_ok());
        assert!(!e.is_known());
        assert_eq!(ErrorCode::from_code(-2), ErrorCode::Unknown(-2));
        assert_eq!(ErrorCode::from_code(137), ErrorCode::Unknown(137));
    }

    fn check(code: i16) -> Result<u8, ErrorCode> {
        ErrorCode::from_code(code).into_result()?;
        Ok(1)
    }

    #[test]
    fn ok_and_into_result() {
        assert!(ErrorCode::None.is_ok());
        assert_eq!(ErrorCode::None.into_result(), Ok(()));
        assert!(!ErrorCode::UnknownServerError.is_ok());
        assert_eq!(
            ErrorCode::TopicAlreadyExists.into_result(),
            Err(ErrorCode::TopicAlreadyExists)
        );
        for e in ErrorCode::ALL {
            assert_eq!(e.is_ok(), e.code() == 0);
            assert_eq!(e.into_result().is_ok(), e.code() == 0);
        }
        assert_eq!(check(0), Ok(1));
        assert_eq!(check(7), Err(ErrorCode::RequestTimedOut));
    }

    #[test]
    fn display() {
        assert_eq!(
            ErrorCode::TopicAlreadyExists.to_string(),
            "TOPIC_ALREADY_EXISTS (36): a topic with this name already exists"
        );
        assert_eq!(ErrorCode::None.to_string(), "NONE (0): no error");
        assert_eq!(
            ErrorCode::from_code(999).to_string(),
            "UNKNOWN (999): error code not known to this version of kafka-wire"
        );
        assert_eq!(
            ErrorCode::from_code(-1).to_string(),
            "UNKNOWN_SERVER_ERROR (-1): the server hit an unexpected error while handling the request"
        );
    }

    #[test]
    fn works_as_std_error() {
        let err: Box<dyn std::error::Error> = Box::new(ErrorCode::RequestTimedOut);
        assert_eq!(
            err.to_string(),
            "REQUEST_TIMED_OUT (7): the request timed out"
        );
        let parse: Box<dyn std::error::Error> = "nope".parse::<ErrorCode>().unwrap_err().into();
        assert!(!parse.to_string().is_empty());
    }

    #[test]
    fn from_str_round_trips_every_known_code() {
        for e in ErrorCode::ALL {
            assert_eq!(e.name().parse::<ErrorCode>(), Ok(*e));
            assert_eq!(ErrorCode::from_name(e.name()), Some(*e));
        }
        assert_eq!(
            "TOPIC_ALREADY_EXISTS".parse::<ErrorCode>(),
            Ok(ErrorCode::TopicAlreadyExists)
        );
        assert!("UNKNOWN".parse::<ErrorCode>().is_err());
        assert!("topic_already_exists".parse::<ErrorCode>().is_err());
        assert!("".parse::<ErrorCode>().is_err());
        assert_eq!(ErrorCode::from_name("36"), None);
    }

    #[test]
    fn usable_in_const_context() {
        const E: ErrorCode = ErrorCode::from_code(36);
        const NAME: &str = E.name();
        const RETRY: bool = E.is_retriable();
        const CODE: i16 = E.code();
        const OK: bool = E.is_ok();
        assert_eq!(
            (NAME, RETRY, CODE, OK),
            ("TOPIC_ALREADY_EXISTS", false, 36, false)
        );
        assert!(!E.description().is_empty());
    }
}
