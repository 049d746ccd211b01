//! Who a client is: the [`Principal`] a SASL exchange (or a client's
//! certificate) names, the SASL mechanisms, and where a connection's SASL
//! authentication stands ([`Authentication`]).

use std::fmt;

use kafka_wire::ErrorCode;

/// A client's identity, as a SASL exchange or a certificate names it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Principal {
    /// The name: PLAIN's authentication identity, SCRAM's user name,
    /// OAUTHBEARER's `sub` claim, or a certificate's subject common name
    /// or chosen alternative name.
    pub name: String,
    /// Where the name comes from.
    pub source: PrincipalSource,
}

impl fmt::Display for Principal {
    /// Kafka's form, `User:name`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "User:{}", self.name)
    }
}

/// Where a [`Principal`] comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PrincipalSource {
    /// A SASL exchange between the client and the broker that the proxy
    /// followed, which the broker answered with success. The broker checked
    /// the credentials; with OAUTHBEARER the proxy read the token's `sub`
    /// without checking the token's signature.
    SaslInspection(SaslMechanism),
    /// A SASL exchange authenticated against a [`Credentials`](crate::Credentials)
    /// table by a [`Terminator`](crate::Terminator) (the proxy's SASL
    /// termination, the fake cluster's SASL listener).
    SaslTermination(SaslMechanism),
    /// The certificate the client presented on the proxy's TLS, checked
    /// against the proxy's client certificate authorities.
    Certificate,
}

/// A SASL mechanism, by its name in SaslHandshake.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SaslMechanism {
    /// `PLAIN` (RFC 4616).
    Plain,
    /// `SCRAM-SHA-256` (RFC 5802, RFC 7677).
    ScramSha256,
    /// `SCRAM-SHA-512`.
    ScramSha512,
    /// `OAUTHBEARER` (RFC 7628).
    OAuthBearer,
    /// Another mechanism (`GSSAPI`, for one), which the proxy passes
    /// through without learning a name from it.
    Other(String),
}

impl SaslMechanism {
    /// The mechanism named `name` (as Kafka's names are, case-sensitive).
    pub fn from_name(name: &str) -> Self {
        match name {
            "PLAIN" => SaslMechanism::Plain,
            "SCRAM-SHA-256" => SaslMechanism::ScramSha256,
            "SCRAM-SHA-512" => SaslMechanism::ScramSha512,
            "OAUTHBEARER" => SaslMechanism::OAuthBearer,
            other => SaslMechanism::Other(other.to_owned()),
        }
    }

    /// Its name in SaslHandshake.
    pub fn name(&self) -> &str {
        match self {
            SaslMechanism::Plain => "PLAIN",
            SaslMechanism::ScramSha256 => "SCRAM-SHA-256",
            SaslMechanism::ScramSha512 => "SCRAM-SHA-512",
            SaslMechanism::OAuthBearer => "OAUTHBEARER",
            SaslMechanism::Other(name) => name,
        }
    }
}

impl fmt::Display for SaslMechanism {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a connection's SASL authentication stands, as the proxy followed
/// it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Authentication {
    /// No SASL exchange yet.
    #[default]
    None,
    /// The broker accepted a mechanism; the exchange goes on. `claimed` is
    /// the name the client's first token gave, once read (not yet
    /// accepted).
    InProgress {
        /// The mechanism.
        mechanism: SaslMechanism,
        /// The name the client claims.
        claimed: Option<String>,
    },
    /// The broker answered the exchange with success: the connection's
    /// principal is set (the proxy's `ClientConnection::principal`).
    Succeeded(Principal),
    /// The broker refused the mechanism or the credentials.
    Failed(AuthenticationFailure),
}

/// A SASL exchange the broker refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthenticationFailure {
    /// The mechanism, if a handshake named one.
    pub mechanism: Option<SaslMechanism>,
    /// The name the client claimed, if the proxy read one.
    pub claimed: Option<String>,
    /// The broker's error (`SASL_AUTHENTICATION_FAILED`,
    /// `UNSUPPORTED_SASL_MECHANISM`, `ILLEGAL_SASL_STATE`, ...).
    pub error: ErrorCode,
    /// The broker's message, if it gave one.
    pub message: Option<String>,
}
