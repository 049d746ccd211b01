//! Who a client is: the SASL identity types are kafka-wire-sasl's
//! (re-exported here and at the crate's root); the certificate's name a
//! client's [`Principal`] is taken from is the proxy's own.

pub use kafka_wire_sasl::identity::{
    Authentication, AuthenticationFailure, Principal, PrincipalSource, SaslMechanism,
};

/// Which name of a client's certificate is its [`Principal`] when the proxy
/// speaks TLS to clients and their certificates are checked
/// ([`ProxyBuilder::certificate_principal`](crate::ProxyBuilder::certificate_principal)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum CertificateName {
    /// The subject's common name (CN), Kafka's default principal for a
    /// client certificate without mapping rules.
    #[default]
    SubjectCommonName,
    /// The first DNS name among the subject alternative names.
    DnsSan,
    /// The first e-mail address (RFC 822 name) among them.
    EmailSan,
    /// The first URI among them (a SPIFFE id, for one).
    UriSan,
}
