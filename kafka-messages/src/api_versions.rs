//! ApiVersions (API key 18, versions 0-5, flexible 3+): which APIs and versions
//! a broker speaks. A client sends it first; its response header is always v0.
//!
//! A broker that does not support the version asked for answers at version 0
//! (UNSUPPORTED_VERSION and its own range for key 18), whatever the version
//! of the request: [`read_response`] is that rule, for every reader of
//! responses (typed, views, interpreted trees); a server writes that answer
//! with [`serve::encode_api_versions_unsupported`](crate::serve::encode_api_versions_unsupported).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields, VersionRange};

/// Asks a broker which API versions it supports.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 18, versions = "0-5", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ApiVersionsRequest {
    /// The client library's name (v3+).
    #[kafka(versions = "3+", ignorable)]
    pub client_software_name: Str,
    /// The client library's version (v3+).
    #[kafka(versions = "3+", ignorable)]
    pub client_software_version: Str,
    /// The cluster the client means to connect to, if it knows it (v5+; KIP-1242:
    /// a broker of another cluster answers REBOOTSTRAP_REQUIRED). Give both this
    /// and `node_id`, or neither.
    #[kafka(versions = "5+", nullable = "5+", default = None, ignorable)]
    pub cluster_id: Option<Str>,
    /// The node the client means to connect to, if it knows it (v5+).
    #[kafka(versions = "5+", default = -1, ignorable)]
    pub node_id: i32,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for ApiVersionsRequest {
    type Response = ApiVersionsResponse;
}

/// The APIs a broker supports, with version ranges and feature levels.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 18, versions = "0-5", flexible = "3+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ApiVersionsResponse {
    /// The top-level error code; UNSUPPORTED_VERSION means "retry at v0".
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// Every API the broker supports.
    #[kafka(versions = "0+")]
    pub api_keys: Vec<ApiVersion>,
    /// How long the request was throttled for a quota violation, in milliseconds (v1+).
    #[kafka(versions = "1+", ignorable)]
    pub throttle_time_ms: i32,
    /// Features the broker supports (tag 0, v3+).
    #[kafka(versions = "3+", tag = 0, tagged = "3+", ignorable)]
    pub supported_features: Vec<SupportedFeatureKey>,
    /// The epoch of the finalized features, -1 when unknown (tag 1, v3+).
    #[kafka(versions = "3+", tag = 1, tagged = "3+", default = -1, ignorable)]
    pub finalized_features_epoch: i64,
    /// The cluster-wide finalized feature levels (tag 2, v3+).
    #[kafka(versions = "3+", tag = 2, tagged = "3+", ignorable)]
    pub finalized_features: Vec<FinalizedFeatureKey>,
    /// Whether the controller is ready for a ZooKeeper migration (tag 3, v3+).
    #[kafka(versions = "3+", tag = 3, tagged = "3+", default = false, ignorable)]
    pub zk_migration_ready: bool,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// Reads an ApiVersions response to a request at `version` as Kafka's
/// clients do: `read` at `version`, and when that fails at a version above 0,
/// at version 0, which is how a broker answers a version it does not support.
/// Returns what `read` gave and the version it read at; the error is the one
/// at `version`.
///
/// `read` is any reader of the response at a version: a typed decode, a view,
/// an interpreted tree.
///
/// ```
/// use bytes::Bytes;
/// use kafka_messages::api_versions::read_response;
/// use kafka_messages::ApiVersionsResponse;
/// use kafka_wire::frame;
///
/// // A broker that speaks ApiVersions 0-2 answers a v3 request at v0.
/// let contents = Bytes::from_static(&[0, 0, 0, 1, 0, 35, 0, 0, 0, 1, 0, 18, 0, 0, 0, 2]);
/// let ((_, response), at) = read_response(3, |v| {
///     frame::decode_response::<ApiVersionsResponse>(contents.clone(), v)
/// })?;
/// assert_eq!((at, response.error_code), (0, 35));
/// # Ok::<(), kafka_wire::DecodeError>(())
/// ```
pub fn read_response<T, E>(
    version: i16,
    mut read: impl FnMut(i16) -> Result<T, E>,
) -> Result<(T, i16), E> {
    match read(version) {
        Ok(read) => Ok((read, version)),
        Err(e) if version > 0 => read(0).map(|read| (read, 0)).map_err(|_| e),
        Err(e) => Err(e),
    }
}

impl ApiVersionsResponse {
    /// The versions the broker supports for `api_key`, or `None` if it lacks the API.
    pub fn versions_of(&self, api_key: i16) -> Option<VersionRange> {
        self.api_keys
            .iter()
            .find(|a| a.api_key == api_key)
            .map(|a| VersionRange::new(a.min_version, a.max_version))
    }

    /// The highest version of message `M` that both this crate and the broker
    /// speak, or `None` when they share none.
    pub fn negotiate<M: kafka_wire::Message>(&self) -> Option<i16> {
        self.versions_of(M::API_KEY)?
            .intersect(M::VERSIONS)
            .highest()
    }
}

/// One API and the versions the broker supports for it.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct ApiVersion {
    /// The API key.
    #[kafka(versions = "0+", map_key)]
    pub api_key: i16,
    /// The lowest supported version.
    #[kafka(versions = "0+")]
    pub min_version: i16,
    /// The highest supported version.
    #[kafka(versions = "0+")]
    pub max_version: i16,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// A feature and the range of levels the broker supports.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct SupportedFeatureKey {
    /// The feature's name.
    #[kafka(versions = "3+", map_key)]
    pub name: Str,
    /// The lowest supported level.
    #[kafka(versions = "3+")]
    pub min_version: i16,
    /// The highest supported level.
    #[kafka(versions = "3+")]
    pub max_version: i16,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// A feature's finalized, cluster-wide level range.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct FinalizedFeatureKey {
    /// The feature's name.
    #[kafka(versions = "3+", map_key)]
    pub name: Str,
    /// The highest finalized level.
    #[kafka(versions = "3+")]
    pub max_version_level: i16,
    /// The lowest finalized level.
    #[kafka(versions = "3+")]
    pub min_version_level: i16,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}
