//! ACLs through a [`Tenant`]: the resource patterns of the tenant's topics,
//! groups and transactional ids carry its prefix at the broker, and a
//! tenant reaches no other ACL.
//!
//! The client's pattern `LITERAL orders` is the broker's `LITERAL
//! acme.orders`, `PREFIXED ord` is `PREFIXED acme.ord`, and the client's
//! wildcard `LITERAL *` is `PREFIXED acme.`: every name of the tenant's, and
//! no other tenant's.
//!
//! - Creating: an ACL over the cluster, a user or a delegation token (or a
//!   type Kafka does not define) is not a tenant's to make, and is refused
//!   with CLUSTER_AUTHORIZATION_FAILED in its place; one without a name with
//!   INVALID_REQUEST. The request's other creations go on.
//! - Reading: what DescribeAcls answers of other tenants' names, the
//!   operator's `*` over every name, and the cluster's, users' and tokens'
//!   ACLs is left out.
//! - Deleting: a DeleteAcls filter reaches the tenant's ACLs only when it
//!   names a topic, group or transactional id, a name, and a pattern type
//!   other than MATCH (which matches anyone's prefixes and `*`); any other
//!   is refused in its place, with INVALID_REQUEST or, over the cluster's
//!   types, CLUSTER_AUTHORIZATION_FAILED, and the request's other filters go
//!   on.
//!
//! Version 0 of the ACL APIs cannot carry the PREFIXED pattern of the
//! wildcard, so a wildcard there is refused the same way. When nothing of a
//! request is left to forward, the proxy answers it.

use kafka_messages::delete_acls::{DeleteAclsFilter, DeleteAclsFilterResult};
use kafka_messages::{
    AclCreation, AclCreationResult, ApiKey, CreateAclsResponse, DeleteAclsResponse,
    DescribeAclsResponse, PatternType, RequestKind, ResourceType, ResponseKind,
};
use kafka_wire::{ErrorCode, Str};

use super::Tenant;
use crate::filter::{FilterError, Verdict};
use crate::frame::{RequestFrame, ResponseFrame};

/// Why a tenant does not forward an item of an ACL request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Refusal {
    code: ErrorCode,
    message: &'static str,
}

const WILDCARD_AT_V0: Refusal = Refusal {
    code: ErrorCode::InvalidRequest,
    message: "a tenant's wildcard `*` is a PREFIXED pattern at the broker, which version 0 of \
              the ACL APIs cannot carry",
};
const NOT_THE_TENANTS: Refusal = Refusal {
    code: ErrorCode::ClusterAuthorizationFailed,
    message: "through a tenant, ACLs are over the tenant's topics, groups and transactional ids \
              only, not the cluster, users or delegation tokens",
};
const UNNAMED: Refusal = Refusal {
    code: ErrorCode::InvalidRequest,
    message: "an ACL through a tenant names its resource: one over every name would reach other \
              tenants' ACLs",
};
const DELETE_ANY_TYPE: Refusal = Refusal {
    code: ErrorCode::InvalidRequest,
    message: "an ACL deletion through a tenant names its resource type (TOPIC, GROUP or \
              TRANSACTIONAL_ID): one over any type would reach ACLs that are not the tenant's",
};
const DELETE_MATCH: Refusal = Refusal {
    code: ErrorCode::InvalidRequest,
    message: "an ACL deletion through a tenant cannot use pattern type MATCH, which matches other \
              tenants' prefixed and wildcard ACLs; use LITERAL, PREFIXED or ANY",
};

/// Whether resources of this type are named by tenants: topics, groups and
/// transactional ids.
fn tenant_named(resource_type: i8) -> bool {
    matches!(
        ResourceType::from(resource_type),
        ResourceType::Topic | ResourceType::Group | ResourceType::TransactionalId
    )
}

/// A refused item's place in its request, and why.
pub(super) type Refused = Vec<(usize, Refusal)>;

/// Keeps the items `forward` accepts (as it changed them) and returns the
/// places of those it refused.
fn split<T>(items: &mut Vec<T>, mut forward: impl FnMut(&mut T) -> Result<(), Refusal>) -> Refused {
    let mut refused = Vec::new();
    let all = std::mem::take(items);
    for (at, mut item) in all.into_iter().enumerate() {
        match forward(&mut item) {
            Ok(()) => items.push(item),
            Err(why) => refused.push((at, why)),
        }
    }
    refused
}

/// Puts a result for each refused item back in its place among the
/// broker's results.
fn merge<R>(results: &mut Vec<R>, refused: &Refused, result: impl Fn(Refusal) -> R) {
    for &(at, why) in refused {
        results.insert(at.min(results.len()), result(why));
    }
}

impl Tenant {
    /// A pattern of the client's as the broker's: the name prefixed, and
    /// the wildcard as PREFIXED by the prefix. The wildcard is `LITERAL *`,
    /// and in a filter (`filter`) `ANY *` too.
    fn pattern_to_broker(
        &self,
        version: i16,
        filter: bool,
        pattern: &mut i8,
        name: &mut Str,
    ) -> Result<(), Refusal> {
        if name.is_empty() {
            return Err(UNNAMED);
        }
        let wildcard = name.as_str() == "*"
            && match PatternType::from(*pattern) {
                PatternType::Literal => true,
                PatternType::Any => filter,
                _ => false,
            };
        if !wildcard {
            self.to_broker(name);
            return Ok(());
        }
        if version == 0 {
            return Err(WILDCARD_AT_V0);
        }
        *pattern = PatternType::Prefixed.code();
        *name = self.prefix.clone();
        Ok(())
    }

    /// A binding's pattern as the client's, or `false` for one that is not
    /// the tenant's: another tenant's name, the operator's `*`, or an ACL
    /// of the cluster, a user or a delegation token.
    fn binding_to_client(&self, resource_type: i8, pattern: &mut i8, name: &mut Str) -> bool {
        if !tenant_named(resource_type) {
            return false;
        }
        let Some(rest) = self.to_client(name) else {
            return false;
        };
        match PatternType::from(*pattern) {
            PatternType::Prefixed if rest.is_empty() => {
                *pattern = PatternType::Literal.code();
                *name = Str::from("*");
            }
            PatternType::Literal if !rest.is_empty() && rest.as_str() != "*" => *name = rest,
            PatternType::Prefixed => *name = rest,
            _ => return false,
        }
        true
    }

    /// A creation as the broker's, or why it is not the tenant's to make.
    fn creation_to_broker(&self, version: i16, c: &mut AclCreation) -> Result<(), Refusal> {
        if !tenant_named(c.resource_type) {
            return Err(NOT_THE_TENANTS);
        }
        self.pattern_to_broker(
            version,
            false,
            &mut c.resource_pattern_type,
            &mut c.resource_name,
        )
    }

    /// A DeleteAcls filter as the broker's, or why it would reach beyond
    /// the tenant's ACLs.
    fn deletion_to_broker(&self, version: i16, f: &mut DeleteAclsFilter) -> Result<(), Refusal> {
        match ResourceType::from(f.resource_type_filter) {
            _ if tenant_named(f.resource_type_filter) => {}
            ResourceType::Any => return Err(DELETE_ANY_TYPE),
            _ => return Err(NOT_THE_TENANTS),
        }
        if PatternType::from(f.pattern_type_filter) == PatternType::Match {
            return Err(DELETE_MATCH);
        }
        let Some(name) = &mut f.resource_name_filter else {
            return Err(UNNAMED);
        };
        self.pattern_to_broker(version, true, &mut f.pattern_type_filter, name)
    }

    /// CreateAcls, DescribeAcls and DeleteAcls on their way to the broker.
    pub(super) fn acl_request(
        &mut self,
        request: &mut RequestFrame,
    ) -> Result<Verdict, FilterError> {
        let version = request.version();
        let refused = match request.decode_mut()? {
            RequestKind::CreateAcls(body) => {
                let count = body.creations.len();
                let refused = split(&mut body.creations, |c| self.creation_to_broker(version, c));
                if count > 0 && body.creations.is_empty() {
                    let mut response = CreateAclsResponse::default();
                    merge(&mut response.results, &refused, creation_refused);
                    return Ok(Verdict::respond(ResponseKind::CreateAcls(response)));
                }
                refused
            }
            RequestKind::DescribeAcls(body) => {
                // Read-only: what the broker answers is filtered, so any
                // filter may go; a name is the broker's.
                let named = tenant_named(body.resource_type_filter)
                    || ResourceType::from(body.resource_type_filter) == ResourceType::Any;
                if let (true, Some(name)) = (named, &mut body.resource_name_filter) {
                    let pattern = &mut body.pattern_type_filter;
                    if let Err(why) = self.pattern_to_broker(version, true, pattern, name) {
                        return Ok(Verdict::respond(ResponseKind::DescribeAcls(
                            DescribeAclsResponse {
                                error_code: why.code.code(),
                                error_message: Some(Str::from(why.message)),
                                ..Default::default()
                            },
                        )));
                    }
                }
                Vec::new()
            }
            RequestKind::DeleteAcls(body) => {
                let count = body.filters.len();
                let refused = split(&mut body.filters, |f| self.deletion_to_broker(version, f));
                if count > 0 && body.filters.is_empty() {
                    let mut response = DeleteAclsResponse::default();
                    merge(&mut response.filter_results, &refused, deletion_refused);
                    return Ok(Verdict::respond(ResponseKind::DeleteAcls(response)));
                }
                refused
            }
            _ => return Ok(Verdict::Forward),
        };
        // Responses come back in request order: this request's is the
        // first ACL response not yet seen after those before it.
        self.refused.push_back(refused);
        Ok(Verdict::Forward)
    }

    /// The broker's answers to CreateAcls, DescribeAcls and DeleteAcls, as
    /// the client's: ACLs not the tenant's left out, refused items' results
    /// back in their places.
    pub(super) fn acl_response(&mut self, response: &mut ResponseFrame) -> Result<(), FilterError> {
        let refused = self.refused.pop_front().unwrap_or_default();
        match response.decode_mut()? {
            ResponseKind::CreateAcls(body) => merge(&mut body.results, &refused, creation_refused),
            ResponseKind::DescribeAcls(body) => body.resources.retain_mut(|r| {
                self.binding_to_client(r.resource_type, &mut r.pattern_type, &mut r.resource_name)
            }),
            ResponseKind::DeleteAcls(body) => {
                for result in &mut body.filter_results {
                    result.matching_acls.retain_mut(|m| {
                        self.binding_to_client(
                            m.resource_type,
                            &mut m.pattern_type,
                            &mut m.resource_name,
                        )
                    });
                }
                merge(&mut body.filter_results, &refused, deletion_refused);
            }
            _ => {}
        }
        Ok(())
    }
}

/// Whether the tenant reads this API: the ACL APIs.
pub(super) fn is_acl_api(api_key: ApiKey) -> bool {
    matches!(
        api_key,
        ApiKey::CreateAcls | ApiKey::DescribeAcls | ApiKey::DeleteAcls
    )
}

fn creation_refused(why: Refusal) -> AclCreationResult {
    AclCreationResult {
        error_code: why.code.code(),
        error_message: Some(Str::from(why.message)),
        ..Default::default()
    }
}

fn deletion_refused(why: Refusal) -> DeleteAclsFilterResult {
    DeleteAclsFilterResult {
        error_code: why.code.code(),
        error_message: Some(Str::from(why.message)),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOPIC: i8 = 2;
    const LITERAL: i8 = 3;
    const PREFIXED: i8 = 4;

    fn to_client(resource_type: i8, pattern: i8, name: &str) -> Option<(i8, String)> {
        let tenant = Tenant::new("acme.").unwrap();
        let (mut pattern, mut name) = (pattern, Str::from(name));
        tenant
            .binding_to_client(resource_type, &mut pattern, &mut name)
            .then(|| (pattern, name.to_string()))
    }

    fn to_broker(version: i16, pattern: i8, name: &str) -> Result<(i8, String), Refusal> {
        let tenant = Tenant::new("acme.").unwrap();
        let (mut pattern, mut name) = (pattern, Str::from(name));
        tenant.pattern_to_broker(version, false, &mut pattern, &mut name)?;
        Ok((pattern, name.to_string()))
    }

    #[test]
    fn the_wildcard_is_the_prefix_both_ways_and_nothing_else_maps_to_it() {
        assert_eq!(to_broker(1, LITERAL, "*"), Ok((PREFIXED, "acme.".into())));
        assert_eq!(
            to_client(TOPIC, PREFIXED, "acme."),
            Some((LITERAL, "*".into()))
        );
        // A literal `acme.*` or `acme.` is no pattern the tenant wrote.
        assert_eq!(to_client(TOPIC, LITERAL, "acme.*"), None);
        assert_eq!(to_client(TOPIC, LITERAL, "acme."), None);
        assert_eq!(to_broker(0, LITERAL, "*"), Err(WILDCARD_AT_V0));
    }

    #[test]
    fn names_carry_the_prefix_and_others_are_not_the_tenants() {
        assert_eq!(
            to_broker(3, PREFIXED, "ord"),
            Ok((PREFIXED, "acme.ord".into()))
        );
        assert_eq!(
            to_client(TOPIC, PREFIXED, "acme.ord"),
            Some((PREFIXED, "ord".into()))
        );
        assert_eq!(
            to_client(TOPIC, LITERAL, "acme.orders"),
            Some((LITERAL, "orders".into()))
        );
        assert_eq!(to_client(TOPIC, LITERAL, "*"), None);
        assert_eq!(to_client(TOPIC, PREFIXED, "acm"), None);
        assert_eq!(to_client(TOPIC, LITERAL, "other.orders"), None);
        // The cluster's ACLs are not a tenant's.
        assert_eq!(to_client(4, LITERAL, "kafka-cluster"), None);
        // Nor is a resource without a name.
        assert_eq!(to_broker(3, LITERAL, ""), Err(UNNAMED));
    }

    #[test]
    fn refused_items_go_back_in_their_places() {
        let mut items = vec![1, 2, 3, 4, 5];
        let even = Refusal {
            code: ErrorCode::InvalidRequest,
            message: "even",
        };
        let refused = split(&mut items, |i| if *i % 2 == 0 { Err(even) } else { Ok(()) });
        assert_eq!(items, [1, 3, 5]);
        let mut results: Vec<String> = items.iter().map(|i| i.to_string()).collect();
        merge(&mut results, &refused, |why| why.message.to_owned());
        assert_eq!(results, ["1", "even", "3", "even", "5"]);
    }
}
