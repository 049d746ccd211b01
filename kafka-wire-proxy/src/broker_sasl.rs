//! The proxy's own SASL authentication toward a broker (PLAIN, SCRAM or
//! OAUTHBEARER with a static token), as steps without I/O, so that the
//! first authentication (before any client frame, on the broker's stream,
//! or once the client has authenticated when each tenant has credentials of
//! its own) and each re-authentication (KIP-368, between the client's
//! requests, through the connection's queues) are one exchange with one set
//! of checks.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use kafka_messages::{
    SaslAuthenticateRequest, SaslAuthenticateResponse, SaslHandshakeRequest, SaslHandshakeResponse,
};
use kafka_wire::frame;
use kafka_wire::{ErrorCode, RequestHeader};

use crate::identity::SaslMechanism;
use crate::termination::ScramClient;

/// The proxy's own SASL credentials toward brokers: a mechanism and its
/// secret (a password, or an OAUTHBEARER token). Its `Debug` shows no
/// secret.
///
/// ```
/// use kafka_wire_proxy::BrokerCredentials;
///
/// let svc = BrokerCredentials::scram_sha512("svc-acme", "secret");
/// assert_eq!(svc.mechanism().name(), "SCRAM-SHA-512");
/// let token = BrokerCredentials::oauthbearer("eyJhbGciOiJub25lIn0.eyJzdWIiOiJzdmMifQ.");
/// assert_eq!(token.mechanism().name(), "OAUTHBEARER");
/// ```
#[derive(Clone)]
pub struct BrokerCredentials {
    pub(crate) mechanism: SaslMechanism,
    pub(crate) user: String,
    pub(crate) secret: Secret,
}

/// What a [`BrokerCredentials`] proves itself with.
#[derive(Clone)]
pub(crate) enum Secret {
    Password(String),
    /// An OAUTHBEARER token, sent as it is.
    Token(String),
    /// A file holding an OAUTHBEARER token, read at each (re-)authentication
    /// (so that a tool outside the proxy can renew it).
    TokenFile(PathBuf),
}

impl BrokerCredentials {
    /// SASL/PLAIN as `user`.
    pub fn plain(user: impl Into<String>, password: impl Into<String>) -> Self {
        Self::password(SaslMechanism::Plain, user, password)
    }

    /// SASL/SCRAM-SHA-512 (RFC 5802, RFC 7677) as `user`.
    pub fn scram_sha512(user: impl Into<String>, password: impl Into<String>) -> Self {
        Self::password(SaslMechanism::ScramSha512, user, password)
    }

    /// SASL/SCRAM-SHA-256 as `user`.
    pub fn scram_sha256(user: impl Into<String>, password: impl Into<String>) -> Self {
        Self::password(SaslMechanism::ScramSha256, user, password)
    }

    /// SASL/OAUTHBEARER (RFC 7628) with a static token (a JWT whose `sub`
    /// the broker takes as the principal): the client's first message is
    /// `n,,\x01auth=Bearer <token>\x01\x01`. The same token is sent at
    /// each re-authentication: a broker refuses it once it has expired.
    pub fn oauthbearer(token: impl Into<String>) -> Self {
        BrokerCredentials {
            mechanism: SaslMechanism::OAuthBearer,
            user: String::new(),
            secret: Secret::Token(token.into()),
        }
    }

    /// SASL/OAUTHBEARER with the token in file `path` (surrounding
    /// whitespace ignored), read at each authentication and
    /// re-authentication, so that a tool outside the proxy may renew it.
    pub fn oauthbearer_file(path: impl Into<PathBuf>) -> Self {
        BrokerCredentials {
            mechanism: SaslMechanism::OAuthBearer,
            user: String::new(),
            secret: Secret::TokenFile(path.into()),
        }
    }

    fn password(
        mechanism: SaslMechanism,
        user: impl Into<String>,
        password: impl Into<String>,
    ) -> Self {
        BrokerCredentials {
            mechanism,
            user: user.into(),
            secret: Secret::Password(password.into()),
        }
    }

    /// The mechanism.
    pub fn mechanism(&self) -> &SaslMechanism {
        &self.mechanism
    }

    /// The user (empty for OAUTHBEARER, whose token names the principal).
    pub fn user(&self) -> &str {
        &self.user
    }

    fn password_text(&self) -> &str {
        match &self.secret {
            Secret::Password(p) => p,
            Secret::Token(_) | Secret::TokenFile(_) => "",
        }
    }

    /// The OAUTHBEARER token, read from its file if it is in one.
    fn token(&self) -> Result<String, String> {
        match &self.secret {
            Secret::Token(token) => Ok(token.clone()),
            Secret::TokenFile(path) => std::fs::read_to_string(path)
                .map(|t| t.trim().to_owned())
                .map_err(|e| format!("the token file {}: {e}", path.display())),
            Secret::Password(_) => Err("no token".into()),
        }
    }
}

impl fmt::Debug for BrokerCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secret = match &self.secret {
            Secret::Password(_) => "password".to_owned(),
            Secret::Token(_) => "token".to_owned(),
            Secret::TokenFile(path) => format!("token file {}", path.display()),
        };
        f.debug_struct("BrokerCredentials")
            .field("mechanism", &self.mechanism.name())
            .field("user", &self.user)
            .field("secret", &secret)
            .finish()
    }
}

/// The OAUTHBEARER client's first message (RFC 7628, section 3.1): a GS2
/// header without an authorization id, and the bearer token.
pub(crate) fn oauthbearer_first_message(token: &str) -> Vec<u8> {
    format!("n,,\u{1}auth=Bearer {token}\u{1}\u{1}").into_bytes()
}

/// The SaslHandshake version the proxy sends: v1, whose tokens travel in
/// SaslAuthenticate (the only kind a broker re-authenticates with).
pub(crate) const HANDSHAKE_VERSION: i16 = 1;
/// The SaslAuthenticate version the proxy sends: v2 (flexible), whose
/// answer carries the session's lifetime (v1+).
pub(crate) const AUTHENTICATE_VERSION: i16 = 2;

/// What a broker's answer to a SaslHandshake says of its listener: a SASL
/// listener's authenticator answers it (NONE, or UNSUPPORTED_SASL_MECHANISM
/// with the mechanisms it offers); any other listener's KafkaApis answers
/// ILLEGAL_SASL_STATE. Another code says neither (`Err`).
pub(crate) fn listener_requires_sasl(
    answer: &kafka_messages::SaslHandshakeResponse,
) -> Result<bool, String> {
    use kafka_wire::ErrorCode;
    match ErrorCode::from_code(answer.error_code) {
        ErrorCode::None | ErrorCode::UnsupportedSaslMechanism => Ok(true),
        ErrorCode::IllegalSaslState => Ok(false),
        other => Err(format!(
            "a SaslHandshake answered {other:?}, which no Kafka listener answers"
        )),
    }
}

/// The client id of the proxy's own requests.
const CLIENT_ID: &str = "kafka-wire-proxy";

/// Where an exchange stands: what the proxy sent last.
enum Sent {
    Handshake,
    Plain,
    ScramFirst,
    ScramFinal,
    /// The token.
    Bearer,
    /// The `%x01` that answers a broker's error challenge (RFC 7628,
    /// section 3.2.3), with the challenge.
    BearerAbort(String),
}

/// One SASL exchange of the proxy with a broker.
pub(crate) struct BrokerSasl {
    scram: Option<ScramClient>,
    sent: Sent,
}

/// What follows a SaslAuthenticate answer.
pub(crate) enum Next {
    /// Another round.
    Send(SaslAuthenticateRequest),
    /// Authenticated; the session's lifetime when the broker limits it
    /// (`session_lifetime_ms` above 0).
    Done(Option<Duration>),
}

impl BrokerSasl {
    /// An exchange for `credentials`, and its first request.
    pub(crate) fn start(
        credentials: &BrokerCredentials,
    ) -> Result<(Self, SaslHandshakeRequest), String> {
        let scram = ScramClient::new(&credentials.mechanism, &credentials.user)?;
        let handshake = SaslHandshakeRequest {
            mechanism: credentials.mechanism.name().into(),
        };
        let exchange = BrokerSasl {
            scram,
            sent: Sent::Handshake,
        };
        Ok((exchange, handshake))
    }

    /// The broker's SaslHandshake answer: the first token, or why not.
    pub(crate) fn on_handshake(
        &mut self,
        credentials: &BrokerCredentials,
        answer: &SaslHandshakeResponse,
    ) -> Result<SaslAuthenticateRequest, String> {
        if !matches!(self.sent, Sent::Handshake) {
            return Err("a SaslHandshake answer out of turn".into());
        }
        if answer.error_code != 0 {
            return Err(format!(
                "{}: {}",
                credentials.mechanism.name(),
                ErrorCode::from_code(answer.error_code).name()
            ));
        }
        let token = match &self.scram {
            Some(scram) => {
                self.sent = Sent::ScramFirst;
                scram.client_first().into_bytes()
            }
            None if credentials.mechanism == SaslMechanism::OAuthBearer => {
                self.sent = Sent::Bearer;
                oauthbearer_first_message(&credentials.token()?)
            }
            None => {
                self.sent = Sent::Plain;
                let (user, password) = (&credentials.user, credentials.password_text());
                let mut token = Vec::with_capacity(2 + user.len() + password.len());
                token.push(0);
                token.extend_from_slice(user.as_bytes());
                token.push(0);
                token.extend_from_slice(password.as_bytes());
                token
            }
        };
        Ok(round(token))
    }

    /// The broker's SaslAuthenticate answer: another round, the end, or
    /// why not (a refusal, or a SCRAM server that does not prove it knows
    /// the credential).
    pub(crate) fn on_authenticate(
        &mut self,
        credentials: &BrokerCredentials,
        answer: &SaslAuthenticateResponse,
    ) -> Result<Next, String> {
        if answer.error_code != 0 {
            let mut reason = format!(
                "{}: {}",
                ErrorCode::from_code(answer.error_code).name(),
                answer.error_message.as_deref().unwrap_or("")
            );
            if let Sent::BearerAbort(challenge) = &self.sent {
                reason.push_str(&format!(" (challenge {challenge})"));
            }
            return Err(reason);
        }
        let done = || {
            let lifetime = u64::try_from(answer.session_lifetime_ms).unwrap_or(0);
            Next::Done((lifetime > 0).then(|| Duration::from_millis(lifetime)))
        };
        match (&self.sent, &mut self.scram) {
            (Sent::Plain, _) => Ok(done()),
            // Success is an empty answer; an error is a JSON challenge
            // under code 0, which the client answers with `%x01` to learn
            // the refusal (as Kafka's broker expects).
            (Sent::Bearer, _) if answer.auth_bytes.is_empty() => Ok(done()),
            (Sent::Bearer, _) => {
                let challenge = String::from_utf8_lossy(&answer.auth_bytes).into_owned();
                self.sent = Sent::BearerAbort(challenge);
                Ok(Next::Send(round(vec![1])))
            }
            (Sent::BearerAbort(challenge), _) => Err(format!(
                "the broker challenged the token with {challenge} and then accepted it"
            )),
            (Sent::ScramFirst, Some(scram)) => {
                let last = scram.client_final(&answer.auth_bytes, credentials.password_text())?;
                self.sent = Sent::ScramFinal;
                Ok(Next::Send(round(last.into_bytes())))
            }
            (Sent::ScramFinal, Some(scram)) => {
                scram.check_server_final(&answer.auth_bytes)?;
                Ok(done())
            }
            _ => Err("a SaslAuthenticate answer out of turn".into()),
        }
    }
}

fn round(token: Vec<u8>) -> SaslAuthenticateRequest {
    SaslAuthenticateRequest {
        auth_bytes: token.into(),
        ..Default::default()
    }
}

/// A request frame's contents (without its size) from the proxy: `body` at
/// `version` under `correlation_id`.
pub(crate) fn request_contents<M: kafka_wire::Message>(
    body: &M,
    version: i16,
    correlation_id: i32,
) -> Result<Bytes, String> {
    let header = RequestHeader::new(M::API_KEY, version, correlation_id, Some(CLIENT_ID.into()));
    let mut contents = BytesMut::new();
    frame::encode_request_contents(&mut contents, &header, body).map_err(|e| e.to_string())?;
    Ok(contents.freeze())
}

/// A response frame's contents (without its size) read as `M` at
/// `version`.
pub(crate) fn response_body<M: kafka_wire::Message>(
    contents: Bytes,
    version: i16,
) -> Result<M, String> {
    frame::decode_response::<M>(contents, version)
        .map(|(_, body)| body)
        .map_err(|e| format!("its {} answer: {e}", M::SCHEMA.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kafka_wire::Versioned;

    fn credentials(mechanism: SaslMechanism) -> BrokerCredentials {
        BrokerCredentials::password(mechanism, "svc", "svc-secret")
    }

    fn answer(error_code: i16, auth_bytes: &[u8], lifetime_ms: i64) -> SaslAuthenticateResponse {
        SaslAuthenticateResponse {
            error_code,
            auth_bytes: Bytes::copy_from_slice(auth_bytes),
            session_lifetime_ms: lifetime_ms,
            ..Default::default()
        }
    }

    #[test]
    fn plain_is_one_round_and_reports_the_sessions_lifetime() {
        let creds = credentials(SaslMechanism::Plain);
        let (mut exchange, handshake) = BrokerSasl::start(&creds).unwrap();
        assert_eq!(handshake.mechanism, "PLAIN");
        let token = exchange
            .on_handshake(&creds, &SaslHandshakeResponse::default())
            .unwrap();
        assert_eq!(&token.auth_bytes[..], b"\0svc\0svc-secret");
        match exchange.on_authenticate(&creds, &answer(0, b"", 60_000)) {
            Ok(Next::Done(lifetime)) => assert_eq!(lifetime, Some(Duration::from_secs(60))),
            _ => panic!("not done"),
        }
        // No lifetime (0, or a broker's nonsense) is no limit.
        for lifetime in [0, -5] {
            let (mut exchange, _) = BrokerSasl::start(&creds).unwrap();
            exchange
                .on_handshake(&creds, &SaslHandshakeResponse::default())
                .unwrap();
            match exchange.on_authenticate(&creds, &answer(0, b"", lifetime)) {
                Ok(Next::Done(None)) => {}
                _ => panic!("{lifetime}: a limit"),
            }
        }
    }

    #[test]
    fn refusals_and_answers_out_of_turn_end_the_exchange_with_the_reason() {
        let creds = credentials(SaslMechanism::ScramSha512);
        let (mut exchange, _) = BrokerSasl::start(&creds).unwrap();
        let refused = SaslHandshakeResponse {
            error_code: ErrorCode::UnsupportedSaslMechanism.code(),
            mechanisms: vec!["PLAIN".into()],
        };
        let error = exchange.on_handshake(&creds, &refused).unwrap_err();
        assert_eq!(error, "SCRAM-SHA-512: UNSUPPORTED_SASL_MECHANISM");

        let (mut exchange, _) = BrokerSasl::start(&creds).unwrap();
        let early = exchange.on_authenticate(&creds, &answer(0, b"", 0));
        assert_eq!(
            early.err().as_deref(),
            Some("a SaslAuthenticate answer out of turn")
        );
        exchange
            .on_handshake(&creds, &SaslHandshakeResponse::default())
            .unwrap();
        let failed = answer(ErrorCode::SaslAuthenticationFailed.code(), b"", 0);
        let failed = SaslAuthenticateResponse {
            error_message: Some("Authentication failed".into()),
            ..failed
        };
        assert_eq!(
            exchange.on_authenticate(&creds, &failed).err().as_deref(),
            Some("SASL_AUTHENTICATION_FAILED: Authentication failed")
        );
    }

    #[test]
    fn oauthbearer_sends_the_token_and_reads_a_challenge_then_the_refusal() {
        let creds = BrokerCredentials::oauthbearer("h.p.");
        let (mut exchange, handshake) = BrokerSasl::start(&creds).unwrap();
        assert_eq!(handshake.mechanism, "OAUTHBEARER");
        let first = exchange
            .on_handshake(&creds, &SaslHandshakeResponse::default())
            .unwrap();
        assert_eq!(&first.auth_bytes[..], b"n,,\x01auth=Bearer h.p.\x01\x01");
        match exchange.on_authenticate(&creds, &answer(0, b"", 30_000)) {
            Ok(Next::Done(lifetime)) => assert_eq!(lifetime, Some(Duration::from_secs(30))),
            _ => panic!("not done"),
        }

        // A refused token: Kafka's JSON challenge under code 0, the
        // client's %x01, then the error.
        let (mut exchange, _) = BrokerSasl::start(&creds).unwrap();
        exchange
            .on_handshake(&creds, &SaslHandshakeResponse::default())
            .unwrap();
        let challenge = answer(0, br#"{"status":"invalid_token"}"#, 0);
        let Ok(Next::Send(abort)) = exchange.on_authenticate(&creds, &challenge) else {
            panic!("no %x01")
        };
        assert_eq!(&abort.auth_bytes[..], b"\x01");
        let refused = SaslAuthenticateResponse {
            error_message: Some("Authentication failed".into()),
            ..answer(ErrorCode::SaslAuthenticationFailed.code(), b"", 0)
        };
        assert_eq!(
            exchange.on_authenticate(&creds, &refused).err().as_deref(),
            Some(
                r#"SASL_AUTHENTICATION_FAILED: Authentication failed (challenge {"status":"invalid_token"})"#
            )
        );

        // A token file that cannot be read fails the exchange, naming it.
        let missing = BrokerCredentials::oauthbearer_file("/nonexistent/token");
        let (mut exchange, _) = BrokerSasl::start(&missing).unwrap();
        let error = exchange
            .on_handshake(&missing, &SaslHandshakeResponse::default())
            .unwrap_err();
        assert!(
            error.starts_with("the token file /nonexistent/token: "),
            "{error}"
        );
        // No secret in Debug.
        let shown = format!("{:?}", BrokerCredentials::plain("u", "hunter2"));
        assert!(!shown.contains("hunter2"), "{shown}");
    }

    #[test]
    fn frames_carry_the_proxys_client_id_and_read_back() {
        let contents = request_contents(&SaslHandshakeRequest::default(), 1, 7).unwrap();
        let mut rest = contents.clone();
        let header = RequestHeader::decode(&mut rest, 1).unwrap();
        assert_eq!(
            (header.correlation_id, header.client_id.as_deref()),
            (7, Some(CLIENT_ID))
        );
        let error = response_body::<SaslHandshakeResponse>(Bytes::from_static(&[0, 0]), 1);
        assert!(error
            .unwrap_err()
            .starts_with("its SaslHandshakeResponse answer: "));
    }
}
