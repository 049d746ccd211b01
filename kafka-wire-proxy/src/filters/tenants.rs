//! [`TenantsByPrincipal`]: many tenants on one proxy, each connection's
//! chosen from who authenticated.

use std::collections::HashMap;
use std::sync::Arc;

use kafka_messages::ApiKey;

use super::tenant::{InvalidPrefix, Tenant, TopicIds};
use crate::audit::{AuditEvent, AuditKind, AuditLog};
use crate::filter::{ClientConnection, Filter, FilterError, RequestInfo, Verdict};
use crate::frame::{RequestFrame, ResponseFrame};

/// A tenant map that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TenantMapError {
    /// A prefix a topic name cannot hold.
    #[error("principal {principal:?}: {source}")]
    InvalidPrefix {
        /// The principal it is given for.
        principal: String,
        /// Why.
        source: InvalidPrefix,
    },
    /// One tenant's prefix begins another's, so the first would reach the
    /// second's names.
    #[error("tenant prefix {outer:?} begins tenant prefix {inner:?}: the first would reach the second's names")]
    Overlapping {
        /// The shorter prefix.
        outer: String,
        /// The one it begins.
        inner: String,
    },
}

/// Many tenants on one proxy: each connection's tenant (a [`Tenant`]
/// prefix) is chosen from its principal (a name a SASL exchange or a
/// client certificate gave, [`ClientConnection::principal`]) once it is
/// known, and kept for the connection's life.
///
/// Before a principal is known, a connection may send only ApiVersions and
/// the SASL APIs; any other request closes it, as Kafka's broker closes a
/// connection that sends one during authentication. A connection whose
/// principal has no tenant is closed at its first other request too,
/// never served unprefixed; so is one whose principal changes to another
/// tenant's (a re-authentication under another name). Each choice and
/// refusal is audited when an [`AuditLog`] is given.
///
/// The tenants share one [`TopicIds`], so that a topic id is only ever its
/// own tenant's. Prefixes must not begin one another.
///
/// ```
/// use kafka_wire_proxy::filters::TenantsByPrincipal;
///
/// let tenants = TenantsByPrincipal::new([("alice", "acme."), ("svc-orders", "acme."), ("bob", "globex.")])?;
/// assert_eq!(tenants.prefix_of("bob"), Some("globex."));
/// # Ok::<(), kafka_wire_proxy::filters::TenantMapError>(())
/// ```
#[derive(Debug, Clone)]
pub struct TenantsByPrincipal {
    /// Each principal's tenant, not yet used (cloned for a connection).
    tenants: Arc<HashMap<String, Tenant>>,
    /// A tenant standing for all: which APIs a tenant reads.
    model: Tenant,
    /// The connection's tenant, once chosen.
    chosen: Option<(String, Tenant)>,
    audit: Option<AuditLog>,
}

impl TenantsByPrincipal {
    /// The map of principal names (without `User:`) to tenant prefixes.
    pub fn new<'a>(
        map: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, TenantMapError> {
        let ids = Arc::new(TopicIds::new());
        let mut by_prefix: HashMap<String, Tenant> = HashMap::new();
        let mut tenants = HashMap::new();
        for (principal, prefix) in map {
            let tenant = match by_prefix.get(prefix) {
                Some(tenant) => tenant.clone(),
                None => {
                    let tenant = Tenant::new(prefix)
                        .map_err(|source| TenantMapError::InvalidPrefix {
                            principal: principal.to_owned(),
                            source,
                        })?
                        .with_topic_ids(Arc::clone(&ids));
                    by_prefix.insert(prefix.to_owned(), tenant.clone());
                    tenant
                }
            };
            tenants.insert(principal.to_owned(), tenant);
        }
        let mut prefixes: Vec<&String> = by_prefix.keys().collect();
        prefixes.sort();
        for pair in prefixes.windows(2) {
            if pair[1].starts_with(pair[0].as_str()) {
                return Err(TenantMapError::Overlapping {
                    outer: pair[0].clone(),
                    inner: pair[1].clone(),
                });
            }
        }
        Ok(TenantsByPrincipal {
            tenants: Arc::new(tenants),
            model: Tenant::new("model.").expect("a valid prefix"),
            chosen: None,
            audit: None,
        })
    }

    /// The same, auditing each connection's tenant choice and refusal.
    pub fn audit(mut self, log: AuditLog) -> Self {
        self.audit = Some(log);
        self
    }

    /// The prefix of `principal`'s tenant, if it has one.
    pub fn prefix_of(&self, principal: &str) -> Option<&str> {
        self.tenants.get(principal).map(Tenant::prefix)
    }

    fn record(&self, event: AuditEvent<'_>) {
        if let Some(log) = &self.audit {
            log.record(&event);
        }
    }

    /// The connection's tenant, chosen now if its principal has just
    /// become known; an error (the connection closes) without one.
    fn tenant(
        &mut self,
        connection: &ClientConnection,
        api_key: ApiKey,
    ) -> Result<&mut Tenant, FilterError> {
        let refuse = |this: &Self, why: String| {
            let mut event = AuditEvent::new(AuditKind::TenantRefused, connection);
            event.api = Some(api_key);
            event.reason = Some(&why);
            this.record(event);
            Err(FilterError::new(why))
        };
        let Some(principal) = &connection.principal else {
            return refuse(
                self,
                format!("{} before the client authenticated", api_key.name()),
            );
        };
        let Some(tenant) = self.tenants.get(&principal.name) else {
            return refuse(self, format!("{principal} has no tenant"));
        };
        match &self.chosen {
            Some((_, chosen)) if chosen.prefix() == tenant.prefix() => {}
            Some((by, chosen)) => {
                let why = format!(
                    "{principal} is tenant {:?}'s, but the connection is tenant {:?}'s (as User:{by})",
                    tenant.prefix(),
                    chosen.prefix()
                );
                return refuse(self, why);
            }
            None => {
                let mut event = AuditEvent::new(AuditKind::TenantChosen, connection);
                event.tenant = Some(tenant.prefix());
                self.record(event);
                self.chosen = Some((principal.name.clone(), tenant.clone()));
            }
        }
        Ok(&mut self.chosen.as_mut().expect("chosen above").1)
    }
}

/// The APIs a connection may send before its tenant is known.
fn before_tenant(api_key: ApiKey) -> bool {
    matches!(
        api_key,
        ApiKey::ApiVersions | ApiKey::SaslHandshake | ApiKey::SaslAuthenticate
    )
}

impl Filter for TenantsByPrincipal {
    fn wants_request(&self, api_key: ApiKey, _: i16) -> bool {
        !before_tenant(api_key)
    }

    /// As the connection's tenant wants it, once it is chosen.
    fn wants_response(&self, api_key: ApiKey, version: i16) -> bool {
        match &self.chosen {
            Some((_, tenant)) => tenant.wants_response(api_key, version),
            None => self.model.wants_response(api_key, version),
        }
    }

    /// A request the proxy cannot read could carry names unprefixed, or
    /// come before authentication.
    fn refuses_unread(&self) -> bool {
        true
    }

    fn needs_principal(&self) -> bool {
        true
    }

    fn on_request(
        &mut self,
        connection: &ClientConnection,
        request: &mut RequestFrame,
    ) -> Result<Verdict, FilterError> {
        let (api_key, version) = (request.api_key(), request.version());
        let tenant = self.tenant(connection, api_key)?;
        match tenant.wants_request(api_key, version) {
            true => tenant.on_request(connection, request),
            false => Ok(Verdict::Forward),
        }
    }

    fn on_response(
        &mut self,
        connection: &ClientConnection,
        request: &RequestInfo,
        response: &mut ResponseFrame,
    ) -> Result<(), FilterError> {
        // Only a request the tenant forwarded has a response to rewrite.
        match &mut self.chosen {
            Some((_, tenant)) => tenant.on_response(connection, request, response),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_with_overlapping_or_invalid_prefixes_is_refused() {
        assert_eq!(
            TenantsByPrincipal::new([("a", "acme."), ("b", "acme.eu.")]).unwrap_err(),
            TenantMapError::Overlapping {
                outer: "acme.".into(),
                inner: "acme.eu.".into()
            }
        );
        let bad = TenantsByPrincipal::new([("a", "acme/")]).unwrap_err();
        assert!(matches!(bad, TenantMapError::InvalidPrefix { principal, .. } if principal == "a"));
        let shared = TenantsByPrincipal::new([("a", "acme."), ("b", "acme."), ("c", "acmf.")]);
        assert_eq!(shared.unwrap().prefix_of("b"), Some("acme."));
    }
}
