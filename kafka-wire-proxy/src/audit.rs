//! [`AuditLog`]: one JSON line per security-relevant event, for a SIEM.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use kafka_messages::ApiKey;
use kafka_wire::ErrorCode;
use serde_json::{json, Map, Value};

use crate::error::ConnectionError;
use crate::filter::ClientConnection;
use crate::identity::{Authentication, PrincipalSource};
use crate::proxy::ProxyEvent;

/// What an audit line is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AuditKind {
    /// The broker accepted a client's SASL exchange (`"authentication"`,
    /// outcome `"success"`), or a certificate named it at connection.
    Authenticated,
    /// The broker refused a client's SASL mechanism or credentials
    /// (`"authentication"`, outcome `"failure"`).
    AuthenticationFailed,
    /// A connection's tenant was chosen from its principal (`"tenant"`,
    /// outcome `"chosen"`).
    TenantChosen,
    /// A connection was refused a tenant: no principal yet, or one no
    /// tenant has (`"tenant"`, outcome `"refused"`).
    TenantRefused,
    /// A policy refused a request or part of one (`"policy"`, outcome
    /// `"refused"`).
    PolicyRefused,
    /// The broker made a change a client asked for: a topic, ACL, config or
    /// group created, altered or deleted (`"change"`, outcome `"success"`).
    Changed,
    /// The broker refused a change a client asked for (`"change"`, outcome
    /// `"failure"`, with the broker's error).
    ChangeFailed,
    /// A proxy terminating SASL closed the connection of a client that had
    /// not authenticated: it sent a request other than ApiVersions and the
    /// SASL APIs, or a frame over the limit before authentication
    /// (`"authentication"`, outcome `"refused"`, with the reason).
    Unauthenticated,
    /// The broker refused the proxy's own SASL authentication on a
    /// client's connection: the credentials of the client's tenant, or a
    /// renewal of the proxy's session (`"broker_authentication"`, outcome
    /// `"failure"`, with the tenant and the reason naming the mechanism).
    BrokerAuthenticationFailed,
}

impl AuditKind {
    /// The line's `event` and `outcome`.
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            AuditKind::Authenticated => ("authentication", "success"),
            AuditKind::AuthenticationFailed => ("authentication", "failure"),
            AuditKind::TenantChosen => ("tenant", "chosen"),
            AuditKind::TenantRefused => ("tenant", "refused"),
            AuditKind::PolicyRefused => ("policy", "refused"),
            AuditKind::Changed => ("change", "success"),
            AuditKind::ChangeFailed => ("change", "failure"),
            AuditKind::BrokerAuthenticationFailed => ("broker_authentication", "failure"),
            AuditKind::Unauthenticated => ("authentication", "refused"),
        }
    }
}

/// One security-relevant event, as a filter or the proxy reports it.
#[derive(Debug, Clone)]
pub struct AuditEvent<'a> {
    /// What it is about.
    pub kind: AuditKind,
    /// The connection.
    pub connection: &'a ClientConnection,
    /// The tenant's prefix, where one is chosen.
    pub tenant: Option<&'a str>,
    /// The API of the request, where one is concerned.
    pub api: Option<ApiKey>,
    /// The kind of resource, where one is concerned: Kafka's name for it
    /// (`TOPIC`, `GROUP`, `BROKER`, ..., `ACL` for an access control entry).
    pub resource_type: Option<&'a str>,
    /// The resource (a topic name, for one), where one is concerned.
    pub resource: Option<&'a str>,
    /// Kafka's error the client was (or will be) answered with.
    pub error: Option<ErrorCode>,
    /// Why, in words.
    pub reason: Option<&'a str>,
}

impl<'a> AuditEvent<'a> {
    /// An event of `kind` on `connection`, with nothing else said.
    pub fn new(kind: AuditKind, connection: &'a ClientConnection) -> Self {
        AuditEvent {
            kind,
            connection,
            tenant: None,
            api: None,
            resource_type: None,
            resource: None,
            error: None,
            reason: None,
        }
    }
}

/// Where audit lines go: a writer the user gives (a file, a pipe to a
/// collector), shared by every connection; one JSON object per line,
/// written whole under a lock and flushed.
///
/// Each line (its keys in alphabetical order) holds `time` (Unix milliseconds), `event` and `outcome` (see
/// [`AuditKind`]), `connection` (the proxy's number), `client` (address),
/// `listener`, `tls`, `principal` (`User:name`, `User:ANONYMOUS` before
/// one is known), and, where known, `mechanism`, `claimed` (the name a
/// refused exchange claimed), `tenant`, `api` (as Kafka's schemas name it,
/// `Produce`), `resource_type`, `resource`, `error` (Kafka's error name)
/// and `reason`.
///
/// A write that fails is counted ([`AuditLog::failed_writes`]), never
/// retried, and never stops the proxy.
#[derive(Clone)]
pub struct AuditLog {
    out: Arc<Mutex<Box<dyn Write + Send>>>,
    failed: Arc<AtomicU64>,
}

impl std::fmt::Debug for AuditLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuditLog")
            .field("failed_writes", &self.failed_writes())
            .finish_non_exhaustive()
    }
}

impl AuditLog {
    /// An audit log writing to `out`.
    pub fn new(out: impl Write + Send + 'static) -> Self {
        AuditLog {
            out: Arc::new(Mutex::new(Box::new(out))),
            failed: Arc::default(),
        }
    }

    /// The lines that could not be written.
    pub fn failed_writes(&self) -> u64 {
        self.failed.load(Ordering::Relaxed)
    }

    /// Writes `event`'s line.
    pub fn record(&self, event: &AuditEvent<'_>) {
        let mut line = line(event).to_string();
        line.push('\n');
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        if out
            .write_all(line.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            self.failed.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Writes the line of a [`ProxyEvent`] that is security-relevant (an
    /// authentication's outcome; a connection a certificate names; a
    /// connection closed before its client authenticated to a proxy
    /// terminating SASL; the broker refusing the proxy's own credentials on
    /// a client's connection, when it connects for it or later); for
    /// [`ProxyBuilder::on_event`](crate::ProxyBuilder::on_event).
    pub fn on_event(&self, event: &ProxyEvent<'_>) {
        match event {
            ProxyEvent::Authenticated(connection) => {
                self.record(&AuditEvent::new(AuditKind::Authenticated, connection))
            }
            ProxyEvent::AuthenticationFailed(connection) => {
                let mut event = AuditEvent::new(AuditKind::AuthenticationFailed, connection);
                if let Authentication::Failed(failure) = &connection.authentication {
                    event.error = Some(failure.error);
                    event.reason = failure.message.as_deref();
                }
                self.record(&event)
            }
            ProxyEvent::Opened(connection)
                if matches!(
                    connection.principal.as_ref().map(|p| &p.source),
                    Some(PrincipalSource::Certificate)
                ) =>
            {
                self.record(&AuditEvent::new(AuditKind::Authenticated, connection))
            }
            ProxyEvent::Closed {
                connection: Some(connection),
                error: Some(error @ ConnectionError::BrokerAuthentication { tenant, .. }),
                ..
            } => {
                let reason = error.to_string();
                let mut event = AuditEvent::new(AuditKind::BrokerAuthenticationFailed, connection);
                event.tenant = tenant.as_deref();
                event.reason = Some(&reason);
                self.record(&event)
            }
            ProxyEvent::Closed {
                connection: Some(connection),
                error:
                    Some(
                        error @ (ConnectionError::NotAuthenticated { .. }
                        | ConnectionError::UnauthenticatedFrameSize { .. }),
                    ),
                ..
            } => {
                let reason = error.to_string();
                let mut event = AuditEvent::new(AuditKind::Unauthenticated, connection);
                event.reason = Some(&reason);
                self.record(&event)
            }
            _ => {}
        }
    }
}

fn line(event: &AuditEvent<'_>) -> Value {
    let connection = event.connection;
    let (name, outcome) = event.kind.names();
    let time = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let mut line = Map::new();
    line.insert("time".into(), json!(time));
    line.insert("event".into(), json!(name));
    line.insert("outcome".into(), json!(outcome));
    line.insert("connection".into(), json!(connection.id));
    line.insert("client".into(), json!(connection.client.to_string()));
    line.insert("listener".into(), json!(connection.listener.to_string()));
    line.insert("tls".into(), json!(connection.tls));
    let principal = match &connection.principal {
        Some(principal) => principal.to_string(),
        None => "User:ANONYMOUS".to_owned(),
    };
    line.insert("principal".into(), json!(principal));
    let mechanism = match (&connection.principal, &connection.authentication) {
        (_, Authentication::Failed(failure)) => failure.mechanism.as_ref().map(|m| m.name()),
        (_, Authentication::InProgress { mechanism, .. }) => Some(mechanism.name()),
        (Some(principal), _) => match &principal.source {
            PrincipalSource::SaslInspection(mechanism)
            | PrincipalSource::SaslTermination(mechanism) => Some(mechanism.name()),
            PrincipalSource::Certificate => Some("TLS"),
            // `PrincipalSource` is kafka-wire-sasl's, non-exhaustive.
            _ => None,
        },
        (None, _) => None,
    };
    let mut put = |key: &str, value: Option<&str>| {
        if let Some(value) = value {
            line.insert(key.into(), json!(value));
        }
    };
    put("mechanism", mechanism);
    if let (AuditKind::AuthenticationFailed, Authentication::Failed(failure)) =
        (event.kind, &connection.authentication)
    {
        put("claimed", failure.claimed.as_deref());
    }
    put("tenant", event.tenant);
    put("api", event.api.map(ApiKey::name));
    put("resource_type", event.resource_type);
    put("resource", event.resource);
    put("error", event.error.map(ErrorCode::name));
    put("reason", event.reason);
    Value::Object(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::Listener;
    use crate::identity::{AuthenticationFailure, SaslMechanism};

    #[derive(Clone, Default)]
    struct Lines(Arc<Mutex<Vec<u8>>>);

    impl Write for Lines {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    struct Broken;

    impl Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn connection(authentication: Authentication) -> ClientConnection {
        ClientConnection {
            id: 7,
            client: "127.0.0.1:5000".parse().unwrap(),
            listener: Listener::Node(2),
            upstream: "127.0.0.1:9092".parse().unwrap(),
            tls: true,
            principal: None,
            authentication,
        }
    }

    #[test]
    fn a_refused_authentication_is_one_line_with_what_was_claimed() {
        let lines = Lines::default();
        let log = AuditLog::new(lines.clone());
        let refused = connection(Authentication::Failed(AuthenticationFailure {
            mechanism: Some(SaslMechanism::ScramSha512),
            claimed: Some("bob".into()),
            error: ErrorCode::SaslAuthenticationFailed,
            message: Some("Authentication failed".into()),
        }));
        log.on_event(&ProxyEvent::AuthenticationFailed(&refused));
        // Events that are not about security write nothing.
        log.on_event(&ProxyEvent::Opened(&connection(Authentication::None)));
        let text = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        let mut line: Value = serde_json::from_str(&text).unwrap();
        assert!(line["time"].as_u64().unwrap() > 1_700_000_000_000);
        line.as_object_mut().unwrap().remove("time");
        assert_eq!(
            line.to_string(),
            r#"{"claimed":"bob","client":"127.0.0.1:5000","connection":7,"error":"SASL_AUTHENTICATION_FAILED","event":"authentication","listener":"node 2","mechanism":"SCRAM-SHA-512","outcome":"failure","principal":"User:ANONYMOUS","reason":"Authentication failed","tls":true}"#
        );
    }

    #[test]
    fn a_connection_a_certificate_names_is_an_authentication() {
        use crate::identity::Principal;
        let lines = Lines::default();
        let log = AuditLog::new(lines.clone());
        let mut named = connection(Authentication::None);
        named.principal = Some(Principal {
            name: "orders.example.org".into(),
            source: PrincipalSource::Certificate,
        });
        log.on_event(&ProxyEvent::Opened(&named));
        let text = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
        let line: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            (
                &line["event"],
                &line["outcome"],
                &line["principal"],
                &line["mechanism"]
            ),
            (
                &json!("authentication"),
                &json!("success"),
                &json!("User:orders.example.org"),
                &json!("TLS")
            )
        );
    }

    #[test]
    fn a_connection_closed_before_its_client_authenticated_is_refused_with_why() {
        let lines = Lines::default();
        let log = AuditLog::new(lines.clone());
        let c = connection(Authentication::None);
        for error in [
            ConnectionError::UnauthenticatedFrameSize {
                size: 1 << 20,
                limit: 512 * 1024,
            },
            ConnectionError::NotAuthenticated { api_key: 19 },
        ] {
            log.on_event(&ProxyEvent::Closed {
                id: 7,
                connection: Some(&c),
                error: Some(&error),
                requests: 1,
                responses: 0,
            });
        }
        // Another connection error is no security event.
        log.on_event(&ProxyEvent::Closed {
            id: 7,
            connection: Some(&c),
            error: Some(&ConnectionError::SessionExpired { api_key: 0 }),
            requests: 1,
            responses: 0,
        });
        let text = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let seen: Vec<_> = lines
            .iter()
            .map(|l| {
                (
                    l["event"].clone(),
                    l["outcome"].clone(),
                    l["reason"].clone(),
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                (
                    json!("authentication"),
                    json!("refused"),
                    json!(
                        "a frame of 1048576 bytes before the client authenticated, \
                         over the limit of 524288 (sasl.server.max.receive.size)"
                    )
                ),
                (
                    json!("authentication"),
                    json!("refused"),
                    json!("a request of API 19 before the client authenticated")
                ),
            ]
        );
    }

    #[test]
    fn a_line_that_cannot_be_written_is_counted() {
        let log = AuditLog::new(Broken);
        let c = connection(Authentication::None);
        log.record(&AuditEvent::new(AuditKind::TenantRefused, &c));
        log.record(&AuditEvent::new(AuditKind::PolicyRefused, &c));
        assert_eq!(log.failed_writes(), 2);
    }
}
