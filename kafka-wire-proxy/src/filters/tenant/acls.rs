//! ACLs through a [`Tenant`]: the resource patterns of the tenant's topics,
//! groups and transactional ids carry its prefix at the broker.
//!
//! The client's pattern `LITERAL orders` is the broker's `LITERAL
//! acme.orders`, `PREFIXED ord` is `PREFIXED acme.ord`, and the client's
//! wildcard `LITERAL *` is `PREFIXED acme.`: every name of the tenant's, and
//! no other tenant's. Patterns of the cluster, users and delegation tokens
//! name nothing of a tenant's and pass as they are, as broker configs do.
//!
//! Reading is confined by the responses: what DescribeAcls and DeleteAcls
//! answer of other tenants' names (and of the operator's `*` over every
//! name) is left out. Deleting is confined by the request: a DeleteAcls
//! filter that would match other tenants' ACLs at the broker (no resource
//! name, or pattern type MATCH, over topics, groups or transactional ids) is
//! refused with INVALID_REQUEST in its place, and the request's other filters
//! go on. Version 0 cannot carry the PREFIXED pattern of the wildcard, so a
//! wildcard there is refused the same way.

use kafka_messages::delete_acls::{DeleteAclsFilter, DeleteAclsFilterResult};
use kafka_messages::{
    AclCreationResult, ApiKey, CreateAclsResponse, DeleteAclsResponse, DescribeAclsResponse,
    PatternType, RequestKind, ResourceType, ResponseKind,
};
use kafka_wire::{ErrorCode, Str};

use super::Tenant;
use crate::filter::{FilterError, Verdict};
use crate::message::{Request, Response};

/// Why a tenant does not forward an item of an ACL request.
type Refusal = &'static str;

const WILDCARD_AT_V0: Refusal = "a tenant's wildcard `*` is a PREFIXED pattern at the broker, \
     which version 0 of the ACL APIs cannot carry";
const DELETE_UNNAMED: Refusal = "an ACL deletion through a tenant names its resource: one over \
     every topic, group or transactional id would reach other tenants' ACLs";
const DELETE_MATCH: Refusal = "an ACL deletion through a tenant cannot use pattern type MATCH, \
     which matches other tenants' prefixed and wildcard ACLs; use LITERAL, PREFIXED or ANY";

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
    /// the wildcard `*` (LITERAL, or ANY in a filter) as PREFIXED by the
    /// prefix.
    fn pattern_to_broker(
        &self,
        version: i16,
        pattern: &mut i8,
        name: &mut Str,
    ) -> Result<(), Refusal> {
        let wildcard = name.as_str() == "*"
            && matches!(
                PatternType::from(*pattern),
                PatternType::Literal | PatternType::Any
            );
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
    /// the tenant's (another tenant's name, or the operator's `*`).
    fn binding_to_client(&self, resource_type: i8, pattern: &mut i8, name: &mut Str) -> bool {
        if !tenant_named(resource_type) {
            return true;
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

    /// A DescribeAcls or DeleteAcls filter's resource as the broker's.
    fn filter_to_broker(
        &self,
        version: i16,
        resource_type: i8,
        pattern: &mut i8,
        name: &mut Option<Str>,
    ) -> Result<(), Refusal> {
        let any_type = ResourceType::from(resource_type) == ResourceType::Any;
        match name {
            Some(name) if tenant_named(resource_type) || any_type => {
                self.pattern_to_broker(version, pattern, name)
            }
            _ => Ok(()),
        }
    }

    /// A DeleteAcls filter as the broker's, or why it would reach beyond
    /// the tenant's ACLs.
    fn deletion_to_broker(
        &self,
        version: i16,
        filter: &mut DeleteAclsFilter,
    ) -> Result<(), Refusal> {
        let resource_type = filter.resource_type_filter;
        if tenant_named(resource_type) || ResourceType::from(resource_type) == ResourceType::Any {
            if filter.resource_name_filter.is_none() {
                return Err(DELETE_UNNAMED);
            }
            if PatternType::from(filter.pattern_type_filter) == PatternType::Match {
                return Err(DELETE_MATCH);
            }
        }
        self.filter_to_broker(
            version,
            resource_type,
            &mut filter.pattern_type_filter,
            &mut filter.resource_name_filter,
        )
    }

    /// CreateAcls, DescribeAcls and DeleteAcls on their way to the broker.
    pub(super) fn acl_request(&mut self, request: &mut Request) -> Result<Verdict, FilterError> {
        let (version, correlation_id) = (request.version(), request.correlation_id());
        let refused = match request.decode_mut()? {
            RequestKind::CreateAcls(body) => {
                let count = body.creations.len();
                let refused = split(&mut body.creations, |c| {
                    if tenant_named(c.resource_type) {
                        self.pattern_to_broker(
                            version,
                            &mut c.resource_pattern_type,
                            &mut c.resource_name,
                        )?;
                    }
                    Ok(())
                });
                if count > 0 && body.creations.is_empty() {
                    let mut response = CreateAclsResponse::default();
                    merge(&mut response.results, &refused, creation_refused);
                    return Ok(Verdict::respond(ResponseKind::CreateAcls(response)));
                }
                refused
            }
            RequestKind::DescribeAcls(body) => {
                let filtered = self.filter_to_broker(
                    version,
                    body.resource_type_filter,
                    &mut body.pattern_type_filter,
                    &mut body.resource_name_filter,
                );
                if let Err(why) = filtered {
                    return Ok(Verdict::respond(ResponseKind::DescribeAcls(
                        DescribeAclsResponse {
                            error_code: ErrorCode::InvalidRequest.code(),
                            error_message: Some(Str::from(why)),
                            ..Default::default()
                        },
                    )));
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
        if !refused.is_empty() {
            self.refused.insert(correlation_id, refused);
        }
        Ok(Verdict::Forward)
    }

    /// The broker's answers to CreateAcls, DescribeAcls and DeleteAcls, as
    /// the client's: other tenants' ACLs left out, refused items' results
    /// back in their places.
    pub(super) fn acl_response(
        &mut self,
        correlation_id: i32,
        response: &mut Response,
    ) -> Result<(), FilterError> {
        let refused = self.refused.remove(&correlation_id).unwrap_or_default();
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
        error_code: ErrorCode::InvalidRequest.code(),
        error_message: Some(Str::from(why)),
        ..Default::default()
    }
}

fn deletion_refused(why: Refusal) -> DeleteAclsFilterResult {
    DeleteAclsFilterResult {
        error_code: ErrorCode::InvalidRequest.code(),
        error_message: Some(Str::from(why)),
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
        tenant.pattern_to_broker(version, &mut pattern, &mut name)?;
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
        // The cluster's ACLs are nobody's names.
        assert_eq!(
            to_client(4, LITERAL, "kafka-cluster"),
            Some((LITERAL, "kafka-cluster".into()))
        );
    }

    #[test]
    fn refused_items_go_back_in_their_places() {
        let mut items = vec![1, 2, 3, 4, 5];
        let refused = split(
            &mut items,
            |i| if *i % 2 == 0 { Err("even") } else { Ok(()) },
        );
        assert_eq!(items, [1, 3, 5]);
        let mut results: Vec<String> = items.iter().map(|i| i.to_string()).collect();
        merge(&mut results, &refused, |why| why.to_owned());
        assert_eq!(results, ["1", "even", "3", "even", "5"]);
    }
}
