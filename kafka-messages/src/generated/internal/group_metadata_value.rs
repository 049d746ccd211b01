//! Kafka's `GroupMetadataValue` coordinator-value schema: versions 0-4, flexible 4+.
//!
//! The value of record type 2 in `__consumer_offsets`.
//!
//! Declared from `GroupMetadataValue.json` of `org.apache.kafka:kafka-group-coordinator` (release
//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`;
//! regenerate rather than edit.
//!
//! Version 4 is the first flexible version.
//! KIP-915: bumping the version will no longer make this record backward compatible.
//! We suggest to add/remove only tagged fields to maintain backward compatibility.

use kafka_wire::bytes::Bytes;
use kafka_wire::{KafkaMessage, Str, UnknownTaggedFields};

/// Kafka's `GroupMetadataValue` coordinator-value schema, versions 0-4, flexible 4+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(versions = "0-4", flexible = "4+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct GroupMetadataValue {
    /// The protocol type.
    #[kafka(versions = "0+", name = "protocolType")]
    pub protocol_type: Str,
    /// The generation id.
    #[kafka(versions = "0+", name = "generation")]
    pub generation: i32,
    /// The protocol name.
    #[kafka(versions = "0+", nullable = "0+", name = "protocol")]
    pub protocol: Option<Str>,
    /// The leader id.
    #[kafka(versions = "0+", nullable = "0+", name = "leader")]
    pub leader: Option<Str>,
    /// The timestamp of the last state change.
    #[kafka(versions = "2+", default = -1, ignorable, name = "currentStateTimestamp")]
    pub current_state_timestamp: i64,
    /// The group members.
    #[kafka(versions = "0+", name = "members")]
    pub members: Vec<MemberMetadata>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `GroupMetadataValue.members`: The group members.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct MemberMetadata {
    /// The member id.
    #[kafka(versions = "0+", name = "memberId")]
    pub member_id: Str,
    /// The group instance id.
    #[kafka(versions = "3+", nullable = "3+", default = None, ignorable, name = "groupInstanceId")]
    pub group_instance_id: Option<Str>,
    /// The client id.
    #[kafka(versions = "0+", name = "clientId")]
    pub client_id: Str,
    /// The client host.
    #[kafka(versions = "0+", name = "clientHost")]
    pub client_host: Str,
    /// The rebalance timeout.
    #[kafka(versions = "1+", default = -1, ignorable, name = "rebalanceTimeout")]
    pub rebalance_timeout: i32,
    /// The session timeout.
    #[kafka(versions = "0+", name = "sessionTimeout")]
    pub session_timeout: i32,
    /// The subscription.
    #[kafka(versions = "0+", name = "subscription")]
    pub subscription: Bytes,
    /// The assignment.
    #[kafka(versions = "0+", name = "assignment")]
    pub assignment: Bytes,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
