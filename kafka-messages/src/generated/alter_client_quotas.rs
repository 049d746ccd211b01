//! AlterClientQuotas (API key 49): versions 0-1, flexible 1+.
//!
//! Declared from Kafka's `AlterClientQuotasRequest.json` and
//! `AlterClientQuotasResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
//! `cargo xtask generate`; regenerate rather than edit.
//!
//! # Request versions
//!
//! Version 1 enables flexible versions.
//!
//! # Response versions
//!
//! Version 1 enables flexible versions.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of AlterClientQuotas (API key 49), versions 0-1, flexible 1+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 49, versions = "0-1", flexible = "1+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterClientQuotasRequest {
    /// The quota configuration entries to alter.
    #[kafka(versions = "0+")]
    pub entries: Vec<EntryData>,
    /// Whether the alteration should be validated, but not performed.
    #[kafka(versions = "0+")]
    pub validate_only: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for AlterClientQuotasRequest {
    type Response = AlterClientQuotasResponse;
}

/// An element of `AlterClientQuotasRequest.Entries`: The quota configuration entries to alter.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EntryData {
    /// The quota entity to alter.
    #[kafka(versions = "0+")]
    pub entity: Vec<EntityData>,
    /// An individual quota configuration entry to alter.
    #[kafka(versions = "0+")]
    pub ops: Vec<OpData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `EntryData.Entity`: The quota entity to alter.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EntityData {
    /// The entity type.
    #[kafka(versions = "0+")]
    pub entity_type: Str,
    /// The name of the entity, or null if the default.
    #[kafka(versions = "0+", nullable = "0+")]
    pub entity_name: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `EntryData.Ops`: An individual quota configuration entry to alter.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct OpData {
    /// The quota configuration key.
    #[kafka(versions = "0+")]
    pub key: Str,
    /// The value to set, otherwise ignored if the value is to be removed.
    #[kafka(versions = "0+")]
    pub value: f64,
    /// Whether the quota configuration value should be removed, otherwise set.
    #[kafka(versions = "0+")]
    pub remove: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of AlterClientQuotas (API key 49), versions 0-1, flexible 1+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 49, versions = "0-1", flexible = "1+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AlterClientQuotasResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The quota configuration entries to alter.
    #[kafka(versions = "0+")]
    pub entries: Vec<ResponseEntryData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `AlterClientQuotasResponse.Entries`: The quota configuration entries to alter.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "EntryData")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponseEntryData {
    /// The error code, or `0` if the quota alteration succeeded.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or `null` if the quota alteration succeeded.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// The quota entity to alter.
    #[kafka(versions = "0+")]
    pub entity: Vec<ResponseEntityData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `ResponseEntryData.Entity`: The quota entity to alter.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(name = "EntityData")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ResponseEntityData {
    /// The entity type.
    #[kafka(versions = "0+")]
    pub entity_type: Str,
    /// The name of the entity, or null if the default.
    #[kafka(versions = "0+", nullable = "0+")]
    pub entity_name: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
