//! DescribeClientQuotas (API key 48): versions 0-1, flexible 1+.
//!
//! Declared from Kafka's `DescribeClientQuotasRequest.json` and
//! `DescribeClientQuotasResponse.json` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by
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

/// The request of DescribeClientQuotas (API key 48), versions 0-1, flexible 1+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 48, versions = "0-1", flexible = "1+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeClientQuotasRequest {
    /// Filter components to apply to quota entities.
    #[kafka(versions = "0+")]
    pub components: Vec<ComponentData>,
    /// Whether the match is strict, i.e. should exclude entities with unspecified entity types.
    #[kafka(versions = "0+")]
    pub strict: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for DescribeClientQuotasRequest {
    type Response = DescribeClientQuotasResponse;
}

/// An element of `DescribeClientQuotasRequest.Components`: Filter components to apply to quota
/// entities.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ComponentData {
    /// The entity type that the filter component applies to.
    #[kafka(versions = "0+")]
    pub entity_type: Str,
    /// How to match the entity {0 = exact name, 1 = default name, 2 = any specified name}.
    #[kafka(versions = "0+")]
    pub match_type: i8,
    /// The string to match against, or null if unused for the match type.
    #[kafka(versions = "0+", nullable = "0+")]
    pub r#match: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of DescribeClientQuotas (API key 48), versions 0-1, flexible 1+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 48, versions = "0-1", flexible = "1+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct DescribeClientQuotasResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The error code, or `0` if the quota description succeeded.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error message, or `null` if the quota description succeeded.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// A result entry.
    #[kafka(versions = "0+", nullable = "0+")]
    pub entries: Option<Vec<EntryData>>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `DescribeClientQuotasResponse.Entries`: A result entry.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EntryData {
    /// The quota entity description.
    #[kafka(versions = "0+")]
    pub entity: Vec<EntityData>,
    /// The quota values for the entity.
    #[kafka(versions = "0+")]
    pub values: Vec<ValueData>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `EntryData.Entity`: The quota entity description.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct EntityData {
    /// The entity type.
    #[kafka(versions = "0+")]
    pub entity_type: Str,
    /// The entity name, or null if the default.
    #[kafka(versions = "0+", nullable = "0+")]
    pub entity_name: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `EntryData.Values`: The quota values for the entity.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ValueData {
    /// The quota configuration key.
    #[kafka(versions = "0+")]
    pub key: Str,
    /// The quota configuration value.
    #[kafka(versions = "0+")]
    pub value: f64,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
