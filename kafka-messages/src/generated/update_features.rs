//! UpdateFeatures (API key 57): versions 0-2, flexible 0+.
//!
//! Declared from Kafka's `UpdateFeaturesRequest.json` and `UpdateFeaturesResponse.json`
//! (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `cargo xtask generate`; regenerate
//! rather than edit.
//!
//! # Request versions
//!
//! Version 1 adds validate only field.
//!
//! Version 2 changes the response to not return feature level results.

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

/// The request of UpdateFeatures (API key 57), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 57, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdateFeaturesRequest {
    /// How long to wait in milliseconds before timing out the request.
    #[kafka(versions = "0+", default = 60000, name = "timeoutMs")]
    pub timeout_ms: i32,
    /// The list of updates to finalized features.
    #[kafka(versions = "0+")]
    pub feature_updates: Vec<FeatureUpdateKey>,
    /// True if we should validate the request, but not perform the upgrade or downgrade.
    #[kafka(versions = "1+", default = false)]
    pub validate_only: bool,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for UpdateFeaturesRequest {
    type Response = UpdateFeaturesResponse;
}

/// An element of `UpdateFeaturesRequest.FeatureUpdates`: The list of updates to finalized
/// features.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FeatureUpdateKey {
    /// The name of the finalized feature to be updated.
    #[kafka(versions = "0+", map_key)]
    pub feature: Str,
    /// The new maximum version level for the finalized feature. A value \>= 1 is valid. A value
    /// \< 1, is special, and can be used to request the deletion of the finalized feature.
    #[kafka(versions = "0+")]
    pub max_version_level: i16,
    /// DEPRECATED in version 1 (see DowngradeType). When set to true, the finalized feature
    /// version level is allowed to be downgraded/deleted. The downgrade request will fail if
    /// the new maximum version level is a value that's not lower than the existing maximum
    /// finalized version level.
    #[kafka(versions = "0")]
    pub allow_downgrade: bool,
    /// Determine which type of upgrade will be performed: 1 will perform an upgrade only
    /// (default), 2 is safe downgrades only (lossless), 3 is unsafe downgrades (lossy).
    #[kafka(versions = "1+", default = 1)]
    pub upgrade_type: i8,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The response of UpdateFeatures (API key 57), versions 0-2, flexible 0+.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 57, versions = "0-2", flexible = "0+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdateFeaturesResponse {
    /// The duration in milliseconds for which the request was throttled due to a quota
    /// violation, or zero if the request did not violate any quota.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// The top-level error code, or `0` if there was no top-level error.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The top-level error message, or `null` if there was no top-level error.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// Results for each feature update.
    #[kafka(versions = "0-1", ignorable)]
    pub results: Vec<UpdatableFeatureResult>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// An element of `UpdateFeaturesResponse.Results`: Results for each feature update.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct UpdatableFeatureResult {
    /// The name of the finalized feature.
    #[kafka(versions = "0+", map_key)]
    pub feature: Str,
    /// The feature update error code or `0` if the feature update succeeded.
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The feature update error, or `null` if the feature update succeeded.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// Tagged fields this declaration does not know, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
