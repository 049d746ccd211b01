//! The SASL listener (`ClusterBuilder::sasl`): each connection authenticates
//! before anything but ApiVersions, SaslHandshake and SaslAuthenticate, as
//! a broker's SASL_PLAINTEXT listener requires it. The exchange itself is
//! kafka-wire-sasl's [`Terminator`] (the proxy's SASL server); this module
//! is what Kafka's `SaslServerAuthenticator` and `SocketServer` do around
//! it: which request may come when, and when the connection is closed.
//!
//! - Before a handshake, a request other than ApiVersions and SaslHandshake
//!   (SaslAuthenticate included) closes the connection unanswered
//!   (Kafka's "Unexpected Kafka request of type ... during SASL
//!   handshake.").
//! - A handshake naming a mechanism not offered is answered with
//!   UNSUPPORTED_SASL_MECHANISM and the connection closed.
//! - Between the handshake and the exchange's end, a request other than
//!   SaslAuthenticate is answered with ILLEGAL_SASL_STATE and the
//!   connection closed.
//! - A SaslAuthenticate answered with an error (SASL_AUTHENTICATION_FAILED
//!   and Kafka's message) closes the connection after the answer.
//! - Each refusal answered is answered after 100 ms, Kafka's default
//!   `connection.failed.authentication.delay.ms`.
//! - Until the first authentication has succeeded, a frame over 512 KiB
//!   (Kafka's default `sasl.server.max.receive.size`) closes the connection
//!   as soon as its size arrives (the connection's reader, in broker.rs).
//! - Once authenticated, `User:<name>` is the connection's principal. With
//!   a session lifetime (KIP-368, Kafka's `connections.max.reauth.ms`) a
//!   SaslHandshake starts a re-authentication (same principal required),
//!   and any other request after the session's end closes the connection.
//! - A re-authentication's handshake naming another mechanism than the
//!   session's is answered, and the request after it closes the connection
//!   unanswered (Kafka's `REAUTH_BAD_MECHANISM`).

use std::sync::Arc;
use std::time::Instant;

use kafka_messages::{ApiKey, RequestKind, ResponseKind};
use kafka_wire::ErrorCode;
use kafka_wire_sasl::{Credentials, Outcome, Terminator};

/// Where a connection's authentication stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before a handshake (or after ApiVersions).
    Handshake,
    /// A handshake accepted a mechanism; SaslAuthenticate rounds follow.
    Authenticate,
    /// Authenticated: requests are served.
    Authenticated,
}

/// One connection's SASL listener.
pub(crate) struct Listener {
    terminator: Terminator,
    state: State,
}

/// What a request the SASL listener does not pass on comes to.
pub(crate) enum Step {
    /// Answered here; the connection is closed after the answer when
    /// `close`, and its principal is `principal` when one is given.
    Answer {
        /// The answer (boxed: a `ResponseKind` is large).
        response: Box<ResponseKind>,
        /// Whether the connection closes after it.
        close: bool,
        /// The connection's new principal, `User:<name>`.
        principal: Option<String>,
    },
    /// Answered with `code` (the request's own error answer), then the
    /// connection is closed: Kafka's ILLEGAL_SASL_STATE.
    Refuse(ErrorCode, String),
    /// The connection is closed unanswered, for the reason given.
    Close(String),
}

impl Listener {
    /// A connection's listener, before any request.
    pub(crate) fn new(credentials: Arc<Credentials>) -> Self {
        Listener {
            terminator: Terminator::new(credentials),
            state: State::Handshake,
        }
    }

    /// What `request` comes to at `now`, on tokio's clock:
    /// `Ok` with it when it is served as on any listener.
    pub(crate) fn step(&mut self, request: RequestKind, now: Instant) -> Result<RequestKind, Step> {
        let key = request.api_key();
        Err(match (self.state, request) {
            (State::Authenticated, RequestKind::SaslHandshake(h)) => self.handshake(&h),
            (State::Authenticated, _) if self.terminator.session_ended(now) => {
                Step::Close(format!(
                    "{} after the SASL session expired (connections.max.reauth.ms)",
                    kafka_name(key)
                ))
            }
            (State::Authenticated, request) => return Ok(request),
            (State::Handshake, request @ RequestKind::ApiVersions(_)) => return Ok(request),
            (State::Handshake, RequestKind::SaslHandshake(h)) => self.handshake(&h),
            (State::Handshake, _) => Step::Close(format!(
                "Unexpected Kafka request of type {} during SASL handshake.",
                kafka_name(key)
            )),
            (State::Authenticate, _) if self.terminator.unanswered().is_some() => {
                Step::Close(self.terminator.unanswered().unwrap_or_default().to_owned())
            }
            (State::Authenticate, RequestKind::SaslAuthenticate(r)) => {
                let (answer, outcome) = self.terminator.authenticate_at(&r, now);
                let close = answer.error_code != 0;
                let principal = match outcome {
                    Some(Outcome::Succeeded(p)) if !close => {
                        self.state = State::Authenticated;
                        Some(p.to_string())
                    }
                    _ => None,
                };
                Step::Answer {
                    response: Box::new(ResponseKind::SaslAuthenticate(answer)),
                    close,
                    principal,
                }
            }
            (State::Authenticate, _) => Step::Refuse(
                ErrorCode::IllegalSaslState,
                format!(
                    "Unexpected Kafka request of type {} during SASL authentication.",
                    kafka_name(key)
                ),
            ),
        })
    }

    /// A SaslHandshake: the mechanism accepted (SaslAuthenticate rounds
    /// follow), or refused and the connection closed.
    fn handshake(&mut self, request: &kafka_messages::SaslHandshakeRequest) -> Step {
        let (answer, outcome) = self.terminator.handshake(request);
        let close = !matches!(outcome, Outcome::Started);
        if !close {
            self.state = State::Authenticate;
        }
        Step::Answer {
            response: Box::new(ResponseKind::SaslHandshake(answer)),
            close,
            principal: None,
        }
    }
}

/// An API's name as Kafka's `ApiKeys` spells it (`SASL_AUTHENTICATE`).
fn kafka_name(key: ApiKey) -> String {
    let mut name = String::new();
    for (i, c) in key.name().chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            name.push('_');
        }
        name.push(c.to_ascii_uppercase());
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_names_are_kafkas() {
        assert_eq!(kafka_name(ApiKey::SaslAuthenticate), "SASL_AUTHENTICATE");
        assert_eq!(kafka_name(ApiKey::Metadata), "METADATA");
        assert_eq!(kafka_name(ApiKey::ApiVersions), "API_VERSIONS");
    }
}
