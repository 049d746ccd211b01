//! CreateAcls (API key 30, versions 0-3, flexible 2+): add access-control entries.
//! Kafka 4.4.0 accepts versions 1-3, Kafka 3.9.1 0-3 (see
//! [`ApiKey::versions_in`](crate::ApiKey::versions_in)).

use kafka_wire::{KafkaMessage, Request, Str, UnknownTaggedFields};

use crate::{AclOperation, AclPermissionType, PatternType, ResourceType};

/// Asks the cluster to add ACLs.
///
/// ```
/// use kafka_messages::{AclCreation, AclOperation, AclPermissionType, CreateAclsRequest, PatternType, ResourceType};
/// use kafka_wire::{Message, Versioned};
///
/// let request = CreateAclsRequest {
///     creations: vec![AclCreation::new(
///         ResourceType::Topic, "orders", PatternType::Literal,
///         "User:alice", "*", AclOperation::Read, AclPermissionType::Allow,
///     )],
///     ..Default::default()
/// };
/// let mut body = Vec::new();
/// request.encode(&mut body, 3)?;
/// assert_eq!(CreateAclsRequest::decode(&mut &body[..], 3)?, request);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 30, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreateAclsRequest {
    /// The ACLs to create.
    #[kafka(versions = "0+")]
    pub creations: Vec<AclCreation>,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl Request for CreateAclsRequest {
    type Response = CreateAclsResponse;
}

/// One ACL to create. The i8 codes keep their raw values; the methods give
/// typed views.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AclCreation {
    /// The resource type; see [`AclCreation::resource_type`].
    #[kafka(versions = "0+")]
    pub resource_type: i8,
    /// The resource's name (or prefix, for a prefixed pattern).
    #[kafka(versions = "0+")]
    pub resource_name: Str,
    /// How `resource_name` matches (v1+); see [`AclCreation::pattern_type`].
    #[kafka(versions = "1+", default = 3)]
    pub resource_pattern_type: i8,
    /// The principal, e.g. `User:alice`.
    #[kafka(versions = "0+")]
    pub principal: Str,
    /// The host the principal connects from, or `*`.
    #[kafka(versions = "0+")]
    pub host: Str,
    /// The operation; see [`AclCreation::operation`].
    #[kafka(versions = "0+")]
    pub operation: i8,
    /// Allow or deny; see [`AclCreation::permission_type`].
    #[kafka(versions = "0+")]
    pub permission_type: i8,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl AclCreation {
    /// An ACL from typed parts.
    pub fn new(
        resource_type: ResourceType,
        resource_name: impl Into<Str>,
        pattern_type: PatternType,
        principal: impl Into<Str>,
        host: impl Into<Str>,
        operation: AclOperation,
        permission_type: AclPermissionType,
    ) -> Self {
        AclCreation {
            resource_type: resource_type.into(),
            resource_name: resource_name.into(),
            resource_pattern_type: pattern_type.into(),
            principal: principal.into(),
            host: host.into(),
            operation: operation.into(),
            permission_type: permission_type.into(),
            unknown_tagged_fields: UnknownTaggedFields::new(),
        }
    }

    /// The resource type, typed.
    pub fn resource_type(&self) -> ResourceType {
        self.resource_type.into()
    }

    /// The pattern type, typed.
    pub fn pattern_type(&self) -> PatternType {
        self.resource_pattern_type.into()
    }

    /// The operation, typed.
    pub fn operation(&self) -> AclOperation {
        self.operation.into()
    }

    /// The permission type, typed.
    pub fn permission_type(&self) -> AclPermissionType {
        self.permission_type.into()
    }
}

/// The answer to [`CreateAclsRequest`].
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 30, versions = "0-3", flexible = "2+")]
#[cfg_attr(feature = "view", kafka(view))]
pub struct CreateAclsResponse {
    /// How long the request was throttled for a quota violation, in milliseconds.
    #[kafka(versions = "0+")]
    pub throttle_time_ms: i32,
    /// One result per creation, in request order.
    #[kafka(versions = "0+")]
    pub results: Vec<AclCreationResult>,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// The outcome of one ACL creation.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[cfg_attr(feature = "view", kafka(view))]
pub struct AclCreationResult {
    /// The error code, 0 for success; see [`AclCreationResult::error`].
    #[kafka(versions = "0+")]
    pub error_code: i16,
    /// The error's message, or null when there was none.
    #[kafka(versions = "0+", nullable = "0+")]
    pub error_message: Option<Str>,
    /// Tagged fields this crate does not declare, kept for round trips.
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

impl AclCreationResult {
    /// The error code as a typed value.
    pub fn error(&self) -> kafka_wire::ErrorCode {
        kafka_wire::ErrorCode::from_code(self.error_code)
    }
}
