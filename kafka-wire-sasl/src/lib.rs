//! Kafka's SASL, both sides of a broker's listener, shared by
//! `kafka-wire-proxy` (which terminates or follows its clients' SASL) and
//! `kafka-wire-fake` (whose listener can require it): one implementation
//! of each rule.
//!
//! - **The server side** ([`server`]): a [`Credentials`] table of users
//!   (salted SCRAM-SHA-256 and SCRAM-SHA-512 credentials, PLAIN checked
//!   against them, no password kept) and OAUTHBEARER tokens checked by a
//!   [`JwtValidator`]; a [`Terminator`] answers one connection's
//!   SaslHandshake and SaslAuthenticate requests as Kafka's
//!   `SaslServerAuthenticator` answers them, with KIP-368 session
//!   lifetimes ([`Credentials::max_session`]).
//! - **The client side of SCRAM** ([`ScramClient`]): RFC 5802's messages
//!   toward a broker, checking the broker's signature.
//! - **Inspection** ([`inspect`]): following an exchange between a client
//!   and a broker, and the name it authenticates.
//! - **Identity** ([`identity`]): the [`Principal`] a SASL exchange names,
//!   the [`SaslMechanism`]s, and what a failed exchange was
//!   ([`AuthenticationFailure`]).
//!
//! ```
//! use std::sync::Arc;
//! use kafka_messages::{SaslAuthenticateRequest, SaslHandshakeRequest};
//! use kafka_wire_sasl::{Credentials, Outcome, Terminator};
//!
//! let credentials = Credentials::new().user("alice", "alice-secret")?;
//! let mut terminator = Terminator::new(Arc::new(credentials));
//! let handshake = SaslHandshakeRequest { mechanism: "PLAIN".into() };
//! assert_eq!(terminator.handshake(&handshake).0.error_code, 0);
//! let round = SaslAuthenticateRequest {
//!     auth_bytes: bytes::Bytes::from_static(b"\0alice\0alice-secret"),
//!     ..Default::default()
//! };
//! let (answer, outcome) = terminator.authenticate(&round);
//! assert_eq!(answer.error_code, 0);
//! assert!(matches!(outcome, Some(Outcome::Succeeded(p)) if p.to_string() == "User:alice"));
//! # Ok::<(), std::io::Error>(())
//! ```

#![warn(missing_docs)]

pub mod identity;
pub mod inspect;
pub mod oauthbearer;
pub mod server;

pub use identity::{
    Authentication, AuthenticationFailure, Principal, PrincipalSource, SaslMechanism,
};
pub use inspect::{Outcome, SaslInspector};
pub use oauthbearer::{JwksError, JwtValidator};
pub use server::{
    Credentials, ScramClient, Terminator, FAILED_AUTHENTICATION_DELAY, MAX_RECEIVE_SIZE,
    SCRAM_ITERATIONS,
};
