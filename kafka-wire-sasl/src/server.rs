//! The server side of SASL: a [`Terminator`] authenticates a connection's
//! client against a [`Credentials`] table (PLAIN, SCRAM-SHA-256,
//! SCRAM-SHA-512; RFC 4616, RFC 5802, RFC 7677) with RustCrypto's HMAC,
//! SHA-2 and PBKDF2, and OAUTHBEARER tokens with a [`JwtValidator`]; the
//! proxy terminates its clients' SASL with it, and the fake cluster's
//! listener requires it. [`ScramClient`] is SCRAM's client side.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use base64::Engine;
use bytes::Bytes;
use hmac::{Hmac, Mac};
use kafka_messages::{
    SaslAuthenticateRequest, SaslAuthenticateResponse, SaslHandshakeRequest, SaslHandshakeResponse,
};
use kafka_wire::ErrorCode;
use sha2::{Digest, Sha256, Sha512};
use subtle::ConstantTimeEq;

use crate::identity::{AuthenticationFailure, Principal, PrincipalSource, SaslMechanism};
use crate::inspect::{oauthbearer_token, scram_username, Outcome};
use crate::oauthbearer::JwtValidator;

/// The iterations of the SCRAM credentials [`Credentials::user`] derives
/// (Kafka's minimum and default is 4096).
pub const SCRAM_ITERATIONS: u32 = 4096;

/// How long a server keeps a connection open after refusing its
/// authentication before it closes it: Kafka's default
/// `connection.failed.authentication.delay.ms`, which slows a peer that
/// tries password after password on new connections.
pub const FAILED_AUTHENTICATION_DELAY: std::time::Duration = std::time::Duration::from_millis(100);

/// The largest frame a server reads from a client before and during its
/// first SASL authentication, without the 4-byte size: Kafka's default
/// `sasl.server.max.receive.size` (512 KiB). A larger one closes the
/// connection as soon as its size arrives, so that a peer who has not
/// authenticated cannot make the server hold more (CVE-2022-34917); once
/// authenticated, the server's own frame limit applies.
pub const MAX_RECEIVE_SIZE: usize = 512 * 1024;

const B64: base64::engine::GeneralPurpose = base64::engine::general_purpose::STANDARD;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Alg {
    Sha256,
    Sha512,
}

impl Alg {
    fn hmac(self, key: &[u8], data: &[u8]) -> Vec<u8> {
        match self {
            Alg::Sha256 => {
                let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key");
                mac.update(data);
                mac.finalize().into_bytes().to_vec()
            }
            Alg::Sha512 => {
                let mut mac = Hmac::<Sha512>::new_from_slice(key).expect("HMAC takes any key");
                mac.update(data);
                mac.finalize().into_bytes().to_vec()
            }
        }
    }

    fn hash(self, data: &[u8]) -> Vec<u8> {
        match self {
            Alg::Sha256 => Sha256::digest(data).to_vec(),
            Alg::Sha512 => Sha512::digest(data).to_vec(),
        }
    }

    fn salted_password(self, password: &[u8], salt: &[u8], iterations: u32) -> Vec<u8> {
        match self {
            Alg::Sha256 => {
                pbkdf2::pbkdf2_hmac_array::<Sha256, 32>(password, salt, iterations).to_vec()
            }
            Alg::Sha512 => {
                pbkdf2::pbkdf2_hmac_array::<Sha512, 64>(password, salt, iterations).to_vec()
            }
        }
    }

    fn mechanism(self) -> SaslMechanism {
        match self {
            Alg::Sha256 => SaslMechanism::ScramSha256,
            Alg::Sha512 => SaslMechanism::ScramSha512,
        }
    }
}

/// A user's salted SCRAM credential of one hash (RFC 5802's StoredKey and
/// ServerKey): the password itself is not kept.
#[derive(Clone)]
struct ScramCredential {
    salt: Vec<u8>,
    iterations: u32,
    stored_key: Vec<u8>,
    server_key: Vec<u8>,
}

impl ScramCredential {
    fn derive(alg: Alg, password: &str, salt: Vec<u8>, iterations: u32) -> Self {
        let salted = alg.salted_password(password.as_bytes(), &salt, iterations);
        ScramCredential {
            stored_key: alg.hash(&alg.hmac(&salted, b"Client Key")),
            server_key: alg.hmac(&salted, b"Server Key"),
            salt,
            iterations,
        }
    }

    /// Whether `password` is the one this credential was derived from.
    fn matches(&self, alg: Alg, password: &str) -> bool {
        let other = ScramCredential::derive(alg, password, self.salt.clone(), self.iterations);
        bool::from(other.stored_key.ct_eq(&self.stored_key))
    }
}

#[derive(Clone)]
struct UserCredentials {
    sha256: ScramCredential,
    sha512: ScramCredential,
}

/// The users a SASL server (the proxy terminating SASL, the fake cluster's
/// listener) authenticates, each with salted
/// SCRAM-SHA-256 and SCRAM-SHA-512 credentials (PLAIN is checked against
/// the SHA-256 one): no password is kept. With a [`JwtValidator`]
/// ([`Credentials::oauthbearer`]), OAUTHBEARER tokens too.
#[derive(Clone, Default)]
pub struct Credentials {
    users: HashMap<String, UserCredentials>,
    oauthbearer: Option<JwtValidator>,
    max_session: Option<Duration>,
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut users: Vec<&String> = self.users.keys().collect();
        users.sort();
        let mut f = f.debug_struct("Credentials");
        f.field("users", &users);
        if let Some(validator) = &self.oauthbearer {
            f.field("oauthbearer", validator);
        }
        if let Some(max) = &self.max_session {
            f.field("max_session", max);
        }
        f.finish()
    }
}

impl Credentials {
    /// A table without users.
    pub fn new() -> Self {
        Credentials::default()
    }

    /// Adds user `name` with `password`, salted at random with
    /// [`SCRAM_ITERATIONS`] iterations; an error when the operating system
    /// gives no random numbers.
    pub fn user(mut self, name: &str, password: &str) -> std::io::Result<Self> {
        let mut salts = [[0u8; 24]; 2];
        for salt in &mut salts {
            getrandom::getrandom(salt)
                .map_err(|e| std::io::Error::other(format!("random salt: {e}")))?;
        }
        let [s256, s512] = salts;
        self.users.insert(
            name.to_owned(),
            UserCredentials {
                sha256: ScramCredential::derive(
                    Alg::Sha256,
                    password,
                    s256.to_vec(),
                    SCRAM_ITERATIONS,
                ),
                sha512: ScramCredential::derive(
                    Alg::Sha512,
                    password,
                    s512.to_vec(),
                    SCRAM_ITERATIONS,
                ),
            },
        );
        Ok(self)
    }

    /// Authenticates OAUTHBEARER clients by their tokens, checked by
    /// `validator`; the principal is the token's (`sub`, or the claim the
    /// validator names).
    pub fn oauthbearer(mut self, validator: JwtValidator) -> Self {
        self.oauthbearer = Some(validator);
        self
    }

    /// Sessions last at most `max` (Kafka's `connections.max.reauth.ms`,
    /// KIP-368): SaslAuthenticate v1+ tells the client the session's
    /// lifetime (`max`, or less when an OAUTHBEARER token expires sooner),
    /// and a connection whose session has ended may send only SaslHandshake
    /// and SaslAuthenticate (a re-authentication under the same principal);
    /// any other request closes it (the proxy's
    /// `ConnectionError::SessionExpired`), as a broker closes it. Without it (Kafka's default, 0) sessions do not end.
    pub fn max_session(mut self, max: Duration) -> Self {
        self.max_session = Some(max).filter(|max| !max.is_zero());
        self
    }

    /// The mechanisms these credentials authenticate.
    fn mechanisms(&self) -> Vec<&'static str> {
        let mut mechanisms = Vec::new();
        if !self.users.is_empty() {
            mechanisms.extend(["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"]);
        }
        if self.oauthbearer.is_some() {
            mechanisms.push("OAUTHBEARER");
        }
        mechanisms
    }

    /// The number of users.
    pub fn len(&self) -> usize {
        self.users.len()
    }

    /// Whether there is no user.
    pub fn is_empty(&self) -> bool {
        self.users.is_empty()
    }
}

/// A SCRAM exchange between its first and its final message.
struct ScramExchange {
    alg: Alg,
    user: String,
    credential: ScramCredential,
    client_first_bare: String,
    server_first: String,
    nonce: String,
}

/// One connection's SASL exchange with a server holding [`Credentials`]:
/// the answers to its SaslHandshake and SaslAuthenticate requests, as
/// Kafka's `SaslServerAuthenticator` gives them, and its session
/// (KIP-368).
///
/// Time: a session's end is an [`Instant`]; [`Terminator::authenticate`]
/// reads the system's clock, [`Terminator::authenticate_at`] takes the
/// clock's reading (the fake cluster passes tokio's, which its tests
/// pause).
pub struct Terminator {
    credentials: Arc<Credentials>,
    mechanism: Option<SaslMechanism>,
    scram: Option<ScramExchange>,
    /// The JSON error an OAUTHBEARER token was answered with, until the
    /// client acknowledges it (RFC 7628's `%x01`).
    oauthbearer_error: Option<String>,
    /// The last exchange that succeeded.
    session: Option<Session>,
    /// Why the next SaslAuthenticate closes the connection unanswered: a
    /// re-authentication's handshake named another mechanism than the
    /// session's (Kafka's `REAUTH_BAD_MECHANISM`).
    unanswered: Option<String>,
    /// The clock's reading of the round being answered.
    now: Instant,
}

/// The last exchange that succeeded on a connection.
struct Session {
    /// Its principal's name.
    principal: String,
    /// Its mechanism, which a re-authentication must keep.
    mechanism: SaslMechanism,
    /// When it ends (with [`Credentials::max_session`]).
    ends: Option<Instant>,
}

/// Kafka's answer to a token it refuses (`OAuthBearerSaslServer`).
const INVALID_TOKEN: &str = r#"{"status":"invalid_token"}"#;

impl Terminator {
    /// A connection's exchange, before any request.
    pub fn new(credentials: Arc<Credentials>) -> Self {
        Terminator {
            credentials,
            mechanism: None,
            scram: None,
            oauthbearer_error: None,
            session: None,
            unanswered: None,
            now: Instant::now(),
        }
    }

    /// Whether the session of the last exchange that succeeded has ended at
    /// `now` (KIP-368).
    pub fn session_ended(&self, now: Instant) -> bool {
        matches!(&self.session, Some(Session { ends: Some(end), .. }) if now >= *end)
    }

    /// Why the next SaslAuthenticate is to close the connection unanswered,
    /// as Kafka's `SaslServerAuthenticator` closes it: the handshake of a
    /// re-authentication (KIP-368) named a mechanism other than the
    /// session's. The handshake itself was answered as usual; Kafka's
    /// message is returned. [`Terminator::authenticate`] refuses that round
    /// with SASL_AUTHENTICATION_FAILED and the same message, for a caller
    /// that answers it.
    pub fn unanswered(&self) -> Option<&str> {
        self.unanswered.as_deref()
    }

    /// The answer to a SaslHandshake, and its outcome: [`Outcome::Started`]
    /// for a mechanism the credentials authenticate, else
    /// [`Outcome::Failed`] with UNSUPPORTED_SASL_MECHANISM (the answer lists
    /// the mechanisms offered).
    pub fn handshake(
        &mut self,
        request: &SaslHandshakeRequest,
    ) -> (SaslHandshakeResponse, Outcome) {
        let offered = self.credentials.mechanisms();
        let mechanisms = offered.iter().map(|&m| m.into()).collect();
        self.scram = None;
        self.oauthbearer_error = None;
        let mechanism = SaslMechanism::from_name(&request.mechanism);
        self.unanswered = None;
        if !offered.contains(&mechanism.name()) {
            self.mechanism = None;
            let answer = SaslHandshakeResponse {
                error_code: ErrorCode::UnsupportedSaslMechanism.code(),
                mechanisms,
            };
            let failure = AuthenticationFailure {
                mechanism: Some(mechanism),
                claimed: None,
                error: ErrorCode::UnsupportedSaslMechanism,
                message: None,
            };
            return (answer, Outcome::Failed(failure));
        }
        match &self.session {
            Some(session) if session.mechanism != mechanism => {
                self.unanswered = Some(format!(
                    "SASL mechanism '{}' requested by client is not supported for re-authentication of mechanism '{}'",
                    request.mechanism,
                    session.mechanism.name()
                ));
                self.mechanism = None;
            }
            _ => self.mechanism = Some(mechanism),
        }
        (
            SaslHandshakeResponse {
                error_code: 0,
                mechanisms,
            },
            Outcome::Started,
        )
    }

    /// The answer to a SaslAuthenticate round, and its outcome once the
    /// exchange ends; a session that starts is timed from the system's
    /// clock (see [`Terminator::authenticate_at`]).
    pub fn authenticate(
        &mut self,
        request: &SaslAuthenticateRequest,
    ) -> (SaslAuthenticateResponse, Option<Outcome>) {
        self.authenticate_at(request, Instant::now())
    }

    /// [`Terminator::authenticate`] at `now`: a session that starts ends
    /// [`Credentials::max_session`] after it.
    pub fn authenticate_at(
        &mut self,
        request: &SaslAuthenticateRequest,
        now: Instant,
    ) -> (SaslAuthenticateResponse, Option<Outcome>) {
        self.now = now;
        let token = &request.auth_bytes[..];
        if let Some(why) = self.unanswered.take() {
            let mechanism = self.session.as_ref().map(|s| s.mechanism.clone());
            return self.refuse(mechanism, None, ErrorCode::SaslAuthenticationFailed, &why);
        }
        match self.mechanism.clone() {
            None => self.refuse(
                None,
                None,
                ErrorCode::IllegalSaslState,
                "SaslAuthenticate without SaslHandshake",
            ),
            Some(SaslMechanism::Plain) => self.plain(token),
            Some(SaslMechanism::OAuthBearer) => self.oauthbearer(token),
            Some(mechanism) => {
                let alg = match mechanism {
                    SaslMechanism::ScramSha512 => Alg::Sha512,
                    _ => Alg::Sha256,
                };
                match self.scram.take() {
                    None => self.scram_first(alg, token),
                    Some(exchange) => self.scram_final(exchange, token),
                }
            }
        }
    }

    /// An OAUTHBEARER round (RFC 7628, as Kafka's `OAuthBearerSaslServer`
    /// answers it): a token accepted ends the exchange with an empty answer;
    /// one refused is answered with Kafka's JSON error under no error code,
    /// and the client's acknowledgement (`%x01`) with
    /// SASL_AUTHENTICATION_FAILED and that JSON as the message.
    fn oauthbearer(&mut self, token: &[u8]) -> (SaslAuthenticateResponse, Option<Outcome>) {
        let mechanism = SaslMechanism::OAuthBearer;
        if let Some(error) = self.oauthbearer_error.take() {
            let (answer, _) = self.refuse(
                Some(mechanism),
                None,
                ErrorCode::SaslAuthenticationFailed,
                &error,
            );
            // The refusal was told at the token's round.
            return (answer, None);
        }
        let Some(validator) = self.credentials.oauthbearer.clone() else {
            return self.refuse(
                Some(mechanism),
                None,
                ErrorCode::IllegalSaslState,
                "OAUTHBEARER is not enabled",
            );
        };
        let verified = match oauthbearer_token(token) {
            None => Err("not an OAUTHBEARER initial response with a bearer token".to_owned()),
            Some((authzid, jwt)) => validator.verify(jwt).and_then(|verified| {
                match authzid.is_empty() || authzid == verified.principal {
                    true => Ok(verified),
                    false => Err(format!(
                        "an authorization id ({authzid}) other than the token's principal ({})",
                        verified.principal
                    )),
                }
            }),
        };
        match verified {
            Ok(verified) => {
                let expires_at = Some(verified.expires_at);
                self.succeed(mechanism, verified.principal, Bytes::new(), expires_at)
            }
            Err(reason) => {
                self.oauthbearer_error = Some(INVALID_TOKEN.to_owned());
                let claimed =
                    oauthbearer_token(token).and_then(|(_, jwt)| crate::inspect::jwt_subject(jwt));
                let answer = SaslAuthenticateResponse {
                    auth_bytes: Bytes::from_static(INVALID_TOKEN.as_bytes()),
                    ..Default::default()
                };
                let failure = AuthenticationFailure {
                    mechanism: Some(mechanism),
                    claimed,
                    error: ErrorCode::SaslAuthenticationFailed,
                    message: Some(reason),
                };
                (answer, Some(Outcome::Failed(failure)))
            }
        }
    }

    fn refuse(
        &mut self,
        mechanism: Option<SaslMechanism>,
        claimed: Option<String>,
        error: ErrorCode,
        message: &str,
    ) -> (SaslAuthenticateResponse, Option<Outcome>) {
        self.mechanism = None;
        self.scram = None;
        let answer = SaslAuthenticateResponse {
            error_code: error.code(),
            error_message: Some(message.into()),
            ..Default::default()
        };
        let failure = AuthenticationFailure {
            mechanism,
            claimed,
            error,
            message: Some(message.to_owned()),
        };
        (answer, Some(Outcome::Failed(failure)))
    }

    /// Ends the exchange with success for `name`. With a maximum session
    /// (KIP-368), the session lasts it, or until `expires_at` (a token's
    /// `exp`, seconds since the Unix epoch) when that comes sooner; a
    /// re-authentication must name the same principal, as Kafka's
    /// `SaslServerAuthenticator` requires.
    fn succeed(
        &mut self,
        mechanism: SaslMechanism,
        name: String,
        answer: Bytes,
        expires_at: Option<u64>,
    ) -> (SaslAuthenticateResponse, Option<Outcome>) {
        if let Some(Session {
            principal: before, ..
        }) = &self.session
        {
            if *before != name {
                // Kafka's `ReauthInfo.ensurePrincipalUnchanged`: type and
                // name joined by a dot.
                let message = format!(
                    "Cannot change principals during re-authentication from User.{before}: User.{name}"
                );
                return self.refuse(
                    Some(mechanism),
                    Some(name),
                    ErrorCode::SaslAuthenticationFailed,
                    &message,
                );
            }
        }
        self.mechanism = None;
        let lifetime = self.credentials.max_session.map(|max| match expires_at {
            Some(exp) => {
                let now = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .unwrap_or_default();
                max.min(Duration::from_secs(exp).saturating_sub(now))
            }
            None => max,
        });
        self.session = Some(Session {
            principal: name.clone(),
            mechanism: mechanism.clone(),
            ends: lifetime.map(|l| self.now + l),
        });
        let principal = Principal {
            name,
            source: PrincipalSource::SaslTermination(mechanism),
        };
        let answer = SaslAuthenticateResponse {
            auth_bytes: answer,
            session_lifetime_ms: lifetime
                .map_or(0, |l| i64::try_from(l.as_millis()).unwrap_or(i64::MAX)),
            ..Default::default()
        };
        (answer, Some(Outcome::Succeeded(principal)))
    }

    fn plain(&mut self, token: &[u8]) -> (SaslAuthenticateResponse, Option<Outcome>) {
        const INVALID: &str = "Authentication failed: Invalid username or password";
        let mut parts = token.split(|&b| b == 0);
        let fields = (parts.next(), parts.next(), parts.next(), parts.next());
        let (Some(authzid), Some(authcid), Some(password), None) = fields else {
            return self.refuse(
                Some(SaslMechanism::Plain),
                None,
                ErrorCode::SaslAuthenticationFailed,
                "Invalid SASL/PLAIN response: expected 3 tokens",
            );
        };
        let (Ok(user), Ok(password)) =
            (std::str::from_utf8(authcid), std::str::from_utf8(password))
        else {
            return self.refuse(
                Some(SaslMechanism::Plain),
                None,
                ErrorCode::SaslAuthenticationFailed,
                INVALID,
            );
        };
        let claimed = Some(user.to_owned());
        if !authzid.is_empty() && authzid != authcid {
            return self.refuse(Some(SaslMechanism::Plain), claimed, ErrorCode::SaslAuthenticationFailed, "Authentication failed: Client requested an authorization id that is different from username");
        }
        let known = self.credentials.users.get(user);
        match known {
            Some(c) if c.sha256.matches(Alg::Sha256, password) => {
                self.succeed(SaslMechanism::Plain, user.to_owned(), Bytes::new(), None)
            }
            _ => self.refuse(
                Some(SaslMechanism::Plain),
                claimed,
                ErrorCode::SaslAuthenticationFailed,
                INVALID,
            ),
        }
    }

    fn scram_first(
        &mut self,
        alg: Alg,
        token: &[u8],
    ) -> (SaslAuthenticateResponse, Option<Outcome>) {
        let mechanism = alg.mechanism();
        let invalid = format!("Authentication failed during authentication due to invalid credentials with SASL mechanism {}", mechanism.name());
        let message = std::str::from_utf8(token).ok();
        let user = message.and_then(|m| scram_username(m.as_bytes()));
        // Only `n,,`: no channel binding, no authorization id other than
        // the user, no extensions (delegation tokens are the broker's).
        let bare = message.and_then(|m| m.strip_prefix("n,,"));
        let (Some(user), Some(bare)) = (user, bare) else {
            return self.refuse(
                Some(mechanism),
                None,
                ErrorCode::SaslAuthenticationFailed,
                &invalid,
            );
        };
        let client_nonce = bare
            .split(',')
            .find_map(|a| a.strip_prefix("r="))
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_graphic() && b != b','));
        let extensions = bare
            .split(',')
            .any(|a| !(a.starts_with("n=") || a.starts_with("r=")));
        let credential = self.credentials.users.get(&user).map(|c| match alg {
            Alg::Sha256 => c.sha256.clone(),
            Alg::Sha512 => c.sha512.clone(),
        });
        let (Some(client_nonce), false, Some(credential)) = (client_nonce, extensions, credential)
        else {
            return self.refuse(
                Some(mechanism),
                Some(user),
                ErrorCode::SaslAuthenticationFailed,
                &invalid,
            );
        };
        let mut random = [0u8; 18];
        if getrandom::getrandom(&mut random).is_err() {
            return self.refuse(
                Some(mechanism),
                Some(user),
                ErrorCode::SaslAuthenticationFailed,
                "no random numbers for a nonce",
            );
        }
        let nonce = format!("{client_nonce}{}", B64.encode(random));
        let server_first = format!(
            "r={nonce},s={},i={}",
            B64.encode(&credential.salt),
            credential.iterations
        );
        let answer = SaslAuthenticateResponse {
            auth_bytes: Bytes::from(server_first.clone().into_bytes()),
            ..Default::default()
        };
        self.scram = Some(ScramExchange {
            alg,
            user,
            credential,
            client_first_bare: bare.to_owned(),
            server_first,
            nonce,
        });
        (answer, None)
    }

    fn scram_final(
        &mut self,
        exchange: ScramExchange,
        token: &[u8],
    ) -> (SaslAuthenticateResponse, Option<Outcome>) {
        let ScramExchange {
            alg,
            user,
            credential,
            client_first_bare,
            server_first,
            nonce,
        } = exchange;
        let mechanism = alg.mechanism();
        let invalid = format!("Authentication failed during authentication due to invalid credentials with SASL mechanism {}", mechanism.name());
        let verified = (|| {
            let message = std::str::from_utf8(token).ok()?;
            let (without_proof, proof) = message.rsplit_once(",p=")?;
            let mut attributes = without_proof.split(',');
            // `biws` is base64 of the GS2 header `n,,`.
            if attributes.next()? != "c=biws" || attributes.next()?.strip_prefix("r=")? != nonce {
                return None;
            }
            let proof = B64.decode(proof).ok()?;
            let auth_message = format!("{client_first_bare},{server_first},{without_proof}");
            let signature = alg.hmac(&credential.stored_key, auth_message.as_bytes());
            if proof.len() != signature.len() {
                return None;
            }
            let client_key: Vec<u8> = proof.iter().zip(&signature).map(|(p, s)| p ^ s).collect();
            let stored: bool = alg.hash(&client_key).ct_eq(&credential.stored_key).into();
            stored.then(|| alg.hmac(&credential.server_key, auth_message.as_bytes()))
        })();
        match verified {
            Some(server_signature) => {
                let server_final = format!("v={}", B64.encode(server_signature));
                self.succeed(
                    mechanism,
                    user,
                    Bytes::from(server_final.into_bytes()),
                    None,
                )
            }
            None => self.refuse(
                Some(mechanism),
                Some(user),
                ErrorCode::SaslAuthenticationFailed,
                &invalid,
            ),
        }
    }
}

/// Kafka's bounds on SCRAM iterations (`ScramMechanism`): a broker that
/// asks for more could make the client spend its CPU.
const SCRAM_MAX_ITERATIONS: u32 = 16384;

/// The client's side of a SCRAM exchange (RFC 5802), as the proxy speaks
/// it toward a broker: the client-first and client-final messages, and the
/// check of the server's signature.
pub struct ScramClient {
    alg: Alg,
    client_first_bare: String,
    nonce: String,
    server_signature: Option<Vec<u8>>,
}

impl ScramClient {
    /// A SCRAM exchange for `user` when `mechanism` is SCRAM; `None` for
    /// another mechanism; an error naming why when the operating system
    /// gives no random nonce.
    pub fn new(mechanism: &SaslMechanism, user: &str) -> Result<Option<Self>, String> {
        let alg = match mechanism {
            SaslMechanism::ScramSha256 => Alg::Sha256,
            SaslMechanism::ScramSha512 => Alg::Sha512,
            _ => return Ok(None),
        };
        let mut random = [0u8; 18];
        getrandom::getrandom(&mut random).map_err(|e| format!("no random nonce: {e}"))?;
        let nonce = B64.encode(random);
        let name = user.replace('=', "=3D").replace(',', "=2C");
        Ok(Some(ScramClient {
            alg,
            client_first_bare: format!("n={name},r={nonce}"),
            nonce,
            server_signature: None,
        }))
    }

    /// The client-first message.
    pub fn client_first(&self) -> String {
        format!("n,,{}", self.client_first_bare)
    }

    /// The client-final message answering the broker's server-first: its
    /// nonce must extend the client's, its iterations lie within Kafka's
    /// bounds; an error saying which does not.
    pub fn client_final(&mut self, server_first: &[u8], password: &str) -> Result<String, String> {
        let server_first = std::str::from_utf8(server_first)
            .map_err(|_| "a server-first message that is not UTF-8".to_owned())?;
        let attribute = |key: &str| {
            server_first
                .split(',')
                .find_map(|a| a.strip_prefix(key))
                .ok_or_else(|| format!("a server-first message without {key}: {server_first}"))
        };
        let nonce = attribute("r=")?;
        if !nonce.starts_with(&self.nonce) || nonce.len() == self.nonce.len() {
            return Err("the broker's nonce does not extend the proxy's".into());
        }
        let iterations: u32 = attribute("i=")?
            .parse()
            .map_err(|_| "a server-first message whose i= is not a number".to_owned())?;
        if !(SCRAM_ITERATIONS..=SCRAM_MAX_ITERATIONS).contains(&iterations) {
            return Err(format!(
                "{iterations} iterations, outside Kafka's {SCRAM_ITERATIONS} to {SCRAM_MAX_ITERATIONS}"
            ));
        }
        let (client_final, server_signature) =
            scram_client_final(self.alg, password, &self.client_first_bare, server_first)
                .ok_or_else(|| {
                    format!("a server-first message that does not read: {server_first}")
                })?;
        self.server_signature = Some(server_signature);
        Ok(client_final)
    }

    /// Checks the broker's server-final message: its signature proves it
    /// knows the credential; an error when it does not.
    pub fn check_server_final(&self, server_final: &[u8]) -> Result<(), String> {
        let expected = self
            .server_signature
            .as_ref()
            .ok_or("a server-final message before the client-final one")?;
        let signature = std::str::from_utf8(server_final)
            .ok()
            .and_then(|m| m.strip_prefix("v="))
            .and_then(|v| B64.decode(v).ok());
        match signature {
            Some(signature) if bool::from(signature.ct_eq(expected)) => Ok(()),
            _ => Err("the broker's server signature is not the credential's".into()),
        }
    }
}

/// A SCRAM client's messages, for tests and the proxy's own
/// authentication toward brokers: the client-final message for
/// `server_first`, and the server signature it expects.
fn scram_client_final(
    alg: Alg,
    password: &str,
    client_first_bare: &str,
    server_first: &str,
) -> Option<(String, Vec<u8>)> {
    let mut nonce = None;
    let mut salt = None;
    let mut iterations = None;
    for attribute in server_first.split(',') {
        match attribute.split_at_checked(2)? {
            ("r=", v) => nonce = Some(v),
            ("s=", v) => salt = B64.decode(v).ok(),
            ("i=", v) => iterations = v.parse().ok(),
            _ => {}
        }
    }
    let salted = alg.salted_password(password.as_bytes(), &salt?, iterations?);
    let client_key = alg.hmac(&salted, b"Client Key");
    let stored_key = alg.hash(&client_key);
    let without_proof = format!("c=biws,r={}", nonce?);
    let auth_message = format!("{client_first_bare},{server_first},{without_proof}");
    let signature = alg.hmac(&stored_key, auth_message.as_bytes());
    let proof: Vec<u8> = client_key
        .iter()
        .zip(&signature)
        .map(|(k, s)| k ^ s)
        .collect();
    let server_signature = alg.hmac(&alg.hmac(&salted, b"Server Key"), auth_message.as_bytes());
    Some((
        format!("{without_proof},p={}", B64.encode(proof)),
        server_signature,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terminator() -> Terminator {
        let credentials = Credentials::new().user("alice", "alice-secret").unwrap();
        Terminator::new(Arc::new(credentials))
    }

    fn handshake(t: &mut Terminator, mechanism: &str) -> i16 {
        let request = SaslHandshakeRequest {
            mechanism: mechanism.into(),
        };
        t.handshake(&request).0.error_code
    }

    fn round(t: &mut Terminator, token: &[u8]) -> (SaslAuthenticateResponse, Option<Outcome>) {
        t.authenticate(&SaslAuthenticateRequest {
            auth_bytes: Bytes::copy_from_slice(token),
            ..Default::default()
        })
    }

    #[test]
    fn rfc_7677s_example_exchange_verifies() {
        // RFC 7677 section 3: user, password "pencil", salt and nonces.
        let alg = Alg::Sha256;
        let salt = B64.decode("W22ZaJ0SNY7soEsUEjb6gQ==").unwrap();
        let credential = ScramCredential::derive(alg, "pencil", salt, 4096);
        let mut t = Terminator::new(Arc::new(Credentials {
            users: HashMap::from([(
                "user".to_owned(),
                UserCredentials {
                    sha256: credential.clone(),
                    sha512: credential,
                },
            )]),
            oauthbearer: None,
            max_session: None,
        }));
        t.mechanism = Some(SaslMechanism::ScramSha256);
        t.scram = Some(ScramExchange {
            alg,
            user: "user".into(),
            credential: t.credentials.users["user"].sha256.clone(),
            client_first_bare: "n=user,r=rOprNGfwEbeRWgbNEkqO".into(),
            server_first: "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096".into(),
            nonce: "rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0".into(),
        });
        let (answer, outcome) = round(&mut t, b"c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=");
        assert_eq!(
            &answer.auth_bytes[..],
            b"v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="
        );
        assert!(matches!(outcome, Some(Outcome::Succeeded(p)) if p.name == "user"));
    }

    #[test]
    fn scram_sha_512_authenticates_with_the_password_and_refuses_without() {
        for (password, accepted) in [("alice-secret", true), ("guess", false)] {
            let mut t = terminator();
            assert_eq!(handshake(&mut t, "SCRAM-SHA-512"), 0);
            let first = "n,,n=alice,r=client-nonce";
            let (server_first, outcome) = round(&mut t, first.as_bytes());
            assert_eq!(outcome, None);
            let server_first = String::from_utf8(server_first.auth_bytes.to_vec()).unwrap();
            assert!(
                server_first.starts_with("r=client-nonce") && server_first.ends_with(",i=4096")
            );
            let (last, signature) =
                scram_client_final(Alg::Sha512, password, &first[3..], &server_first).unwrap();
            let (answer, outcome) = round(&mut t, last.as_bytes());
            match accepted {
                true => {
                    assert_eq!(answer.error_code, 0);
                    assert_eq!(
                        answer.auth_bytes,
                        format!("v={}", B64.encode(signature)).as_bytes()
                    );
                    assert!(matches!(outcome, Some(Outcome::Succeeded(p))
                        if p.name == "alice" && p.source == PrincipalSource::SaslTermination(SaslMechanism::ScramSha512)));
                }
                false => {
                    assert_eq!(
                        answer.error_code,
                        ErrorCode::SaslAuthenticationFailed.code()
                    );
                    assert!(
                        matches!(outcome, Some(Outcome::Failed(f)) if f.claimed.as_deref() == Some("alice"))
                    );
                }
            }
        }
    }

    #[test]
    fn a_replayed_or_altered_scram_exchange_is_refused() {
        let mut t = terminator();
        handshake(&mut t, "SCRAM-SHA-256");
        let first = "n,,n=alice,r=abc";
        let (server_first, _) = round(&mut t, first.as_bytes());
        let server_first = String::from_utf8(server_first.auth_bytes.to_vec()).unwrap();
        let (last, _) =
            scram_client_final(Alg::Sha256, "alice-secret", &first[3..], &server_first).unwrap();
        // Altered: another nonce in the final message.
        let altered = last.replacen("r=abc", "r=abd", 1);
        let (answer, _) = round(&mut t, altered.as_bytes());
        assert_eq!(
            answer.error_code,
            ErrorCode::SaslAuthenticationFailed.code()
        );
        // Replayed: the final message of an earlier exchange, whose server
        // nonce this one does not have.
        handshake(&mut t, "SCRAM-SHA-256");
        round(&mut t, first.as_bytes());
        let (answer, _) = round(&mut t, last.as_bytes());
        assert_eq!(
            answer.error_code,
            ErrorCode::SaslAuthenticationFailed.code()
        );
    }

    #[test]
    fn plain_unknown_users_extensions_and_rounds_without_handshake_are_refused() {
        let mut t = terminator();
        let (answer, _) = round(&mut t, b"\0alice\0alice-secret");
        assert_eq!(answer.error_code, ErrorCode::IllegalSaslState.code());
        assert_eq!(
            handshake(&mut t, "GSSAPI"),
            ErrorCode::UnsupportedSaslMechanism.code()
        );
        assert_eq!(handshake(&mut t, "PLAIN"), 0);
        let (answer, outcome) = round(&mut t, b"\0alice\0alice-secret");
        assert_eq!(answer.error_code, 0);
        assert!(matches!(outcome, Some(Outcome::Succeeded(p)) if p.name == "alice"));
        for token in [
            &b"\0alice\0wrong"[..],
            b"\0mallory\0alice-secret",
            b"bob\0alice\0alice-secret",
            b"\0alice",
            b"",
        ] {
            handshake(&mut t, "PLAIN");
            let (answer, _) = round(&mut t, token);
            assert_eq!(
                answer.error_code,
                ErrorCode::SaslAuthenticationFailed.code(),
                "{token:?}"
            );
        }
        for first in [
            "n,,n=mallory,r=x",
            "n,,n=alice,r=x,tokenauth=true",
            "y,,n=alice,r=x",
            "n,,n=alice,r=",
        ] {
            handshake(&mut t, "SCRAM-SHA-256");
            let (answer, _) = round(&mut t, first.as_bytes());
            assert_eq!(
                answer.error_code,
                ErrorCode::SaslAuthenticationFailed.code(),
                "{first}"
            );
        }
    }

    #[test]
    fn oauthbearer_accepts_a_valid_token_and_refuses_others_as_kafka_does() {
        use crate::oauthbearer::tests::{es256, es256_validator, now};
        let (der, validator) = es256_validator();
        // OAUTHBEARER alone: PLAIN and SCRAM are not offered without users.
        let mut t = Terminator::new(Arc::new(Credentials::new().oauthbearer(validator)));
        let request = SaslHandshakeRequest {
            mechanism: "PLAIN".into(),
        };
        let (answer, _) = t.handshake(&request);
        assert_eq!(
            answer.error_code,
            ErrorCode::UnsupportedSaslMechanism.code()
        );
        assert_eq!(answer.mechanisms, ["OAUTHBEARER"]);

        let token = |sub: &str, exp: u64| {
            let claims = serde_json::json!({ "sub": sub, "exp": exp });
            format!(
                "n,,\u{1}auth=Bearer {}\u{1}\u{1}",
                es256(&der, "k", &claims)
            )
        };
        assert_eq!(handshake(&mut t, "OAUTHBEARER"), 0);
        let (answer, outcome) = round(&mut t, token("alice", now() + 60).as_bytes());
        assert_eq!((answer.error_code, answer.auth_bytes.len()), (0, 0));
        assert!(matches!(outcome, Some(Outcome::Succeeded(p))
            if p.name == "alice" && p.source == PrincipalSource::SaslTermination(SaslMechanism::OAuthBearer)));

        // Expired: Kafka's JSON error under no error code, the failure
        // told now with why; the client's %x01 then gets the error.
        assert_eq!(handshake(&mut t, "OAUTHBEARER"), 0);
        let (answer, outcome) = round(&mut t, token("alice", now() - 3600).as_bytes());
        assert_eq!(answer.error_code, 0);
        assert_eq!(&answer.auth_bytes[..], br#"{"status":"invalid_token"}"#);
        let Some(Outcome::Failed(failure)) = outcome else {
            panic!("{outcome:?}");
        };
        assert_eq!(failure.claimed.as_deref(), Some("alice"));
        assert!(failure.message.unwrap().contains("ExpiredSignature"));
        let (answer, outcome) = round(&mut t, b"\x01");
        assert_eq!(
            answer.error_code,
            ErrorCode::SaslAuthenticationFailed.code()
        );
        assert_eq!(
            answer.error_message.as_deref(),
            Some(r#"{"status":"invalid_token"}"#)
        );
        assert_eq!(outcome, None);

        // An authorization id other than the token's principal; not a token.
        for message in [
            format!("n,a=bob,\u{1}auth=Bearer {}\u{1}\u{1}", {
                let claims = serde_json::json!({ "sub": "alice", "exp": now() + 60 });
                es256(&der, "k", &claims)
            }),
            "n,,\u{1}auth=Basic abc\u{1}\u{1}".to_owned(),
        ] {
            assert_eq!(handshake(&mut t, "OAUTHBEARER"), 0);
            let (answer, outcome) = round(&mut t, message.as_bytes());
            assert_eq!(
                &answer.auth_bytes[..],
                br#"{"status":"invalid_token"}"#,
                "{message}"
            );
            assert!(matches!(outcome, Some(Outcome::Failed(_))), "{message}");
        }
    }

    #[test]
    fn sessions_last_the_maximum_or_the_tokens_lifetime_and_keep_their_principal() {
        use crate::oauthbearer::tests::{es256, es256_validator, now};
        let (der, validator) = es256_validator();
        let hour = Duration::from_secs(3600);
        let credentials = Credentials::new()
            .user("alice", "alice-secret")
            .unwrap()
            .user("bob", "bob-secret")
            .unwrap()
            .oauthbearer(validator)
            .max_session(hour);
        let mut t = Terminator::new(Arc::new(credentials.clone()));
        assert!(
            !t.session_ended(Instant::now() + 2 * hour),
            "no session yet"
        );

        // PLAIN: the whole maximum, then the session ends.
        assert_eq!(handshake(&mut t, "PLAIN"), 0);
        let before = Instant::now();
        let (answer, outcome) = round(&mut t, b"\0alice\0alice-secret");
        assert!(matches!(outcome, Some(Outcome::Succeeded(_))));
        assert_eq!(answer.session_lifetime_ms, 3_600_000);
        assert!(!t.session_ended(before + hour - Duration::from_secs(1)));
        assert!(t.session_ended(Instant::now() + hour));

        // Re-authenticating as alice starts a new session; as bob, with his
        // own right password, is refused as Kafka refuses it.
        assert_eq!(handshake(&mut t, "PLAIN"), 0);
        let (answer, outcome) = round(&mut t, b"\0alice\0alice-secret");
        assert!(matches!(outcome, Some(Outcome::Succeeded(_))));
        assert_eq!(answer.session_lifetime_ms, 3_600_000);
        assert_eq!(handshake(&mut t, "PLAIN"), 0);
        let (answer, outcome) = round(&mut t, b"\0bob\0bob-secret");
        assert_eq!(
            answer.error_code,
            ErrorCode::SaslAuthenticationFailed.code()
        );
        assert_eq!(
            answer.error_message.as_deref(),
            Some("Cannot change principals during re-authentication from User.alice: User.bob")
        );
        assert!(matches!(outcome, Some(Outcome::Failed(f)) if f.claimed.as_deref() == Some("bob")));

        // Re-authenticating with another mechanism: the handshake is
        // answered, the round after it closes the connection unanswered
        // (Kafka's REAUTH_BAD_MECHANISM), or is refused for a caller that
        // answers it.
        assert_eq!(handshake(&mut t, "SCRAM-SHA-256"), 0);
        let why = "SASL mechanism 'SCRAM-SHA-256' requested by client is not supported for re-authentication of mechanism 'PLAIN'";
        assert_eq!(t.unanswered(), Some(why));
        let (answer, outcome) = round(&mut t, b"n,,n=alice,r=abc");
        assert_eq!(
            answer.error_code,
            ErrorCode::SaslAuthenticationFailed.code()
        );
        assert_eq!(answer.error_message.as_deref(), Some(why));
        assert!(matches!(outcome, Some(Outcome::Failed(_))));
        assert_eq!(t.unanswered(), None);
        // The same mechanism again re-authenticates.
        assert_eq!(handshake(&mut t, "PLAIN"), 0);
        assert_eq!(t.unanswered(), None);
        let (_, outcome) = round(&mut t, b"\0alice\0alice-secret");
        assert!(matches!(outcome, Some(Outcome::Succeeded(_))));

        // OAUTHBEARER: a token that expires in ten minutes makes a session of
        // ten minutes (less the time the test takes).
        let mut t = Terminator::new(Arc::new(credentials.clone()));
        let claims = serde_json::json!({ "sub": "alice", "exp": now() + 600 });
        let token = format!(
            "n,,\u{1}auth=Bearer {}\u{1}\u{1}",
            es256(&der, "k", &claims)
        );
        assert_eq!(handshake(&mut t, "OAUTHBEARER"), 0);
        let (answer, outcome) = round(&mut t, token.as_bytes());
        assert!(matches!(outcome, Some(Outcome::Succeeded(_))));
        assert!(
            (598_000..=600_000).contains(&answer.session_lifetime_ms),
            "{}",
            answer.session_lifetime_ms
        );
        assert!(t.session_ended(Instant::now() + Duration::from_secs(601)));

        // Without a maximum (Kafka's default), no lifetime and no end.
        let mut t = terminator();
        assert_eq!(handshake(&mut t, "PLAIN"), 0);
        let (answer, _) = round(&mut t, b"\0alice\0alice-secret");
        assert_eq!((answer.error_code, answer.session_lifetime_ms), (0, 0));
        assert!(!t.session_ended(Instant::now() + 100 * hour));
    }

    #[test]
    fn the_proxys_scram_client_authenticates_to_a_scram_server_and_checks_it() {
        for (password, accepted) in [("alice-secret", true), ("guess", false)] {
            let mut server = terminator();
            assert_eq!(handshake(&mut server, "SCRAM-SHA-512"), 0);
            let mut client = ScramClient::new(&SaslMechanism::ScramSha512, "alice")
                .unwrap()
                .unwrap();
            let (server_first, _) = round(&mut server, client.client_first().as_bytes());
            let last = client
                .client_final(&server_first.auth_bytes, password)
                .unwrap();
            let (server_final, outcome) = round(&mut server, last.as_bytes());
            assert_eq!(matches!(outcome, Some(Outcome::Succeeded(_))), accepted);
            if accepted {
                client.check_server_final(&server_final.auth_bytes).unwrap();
            }
        }
        assert!(ScramClient::new(&SaslMechanism::Plain, "a")
            .unwrap()
            .is_none());
        // A user name's `,` and `=` are escaped.
        let client = ScramClient::new(&SaslMechanism::ScramSha256, "a,b=c")
            .unwrap()
            .unwrap();
        assert!(client.client_first().starts_with("n,,n=a=2Cb=3Dc,r="));
    }

    #[test]
    fn a_hostile_scram_server_is_refused() {
        let mut client = ScramClient::new(&SaslMechanism::ScramSha512, "alice")
            .unwrap()
            .unwrap();
        let nonce = client.nonce.clone();
        let first = |r: &str, i: u32| format!("r={r},s=c2FsdA==,i={i}");
        for (server_first, why) in [
            (first("another-nonce", 4096), "does not extend"),
            (first(&nonce, 4096), "does not extend"),
            (first(&format!("{nonce}x"), 1_000_000), "outside Kafka's"),
            (first(&format!("{nonce}x"), 1), "outside Kafka's"),
            (format!("r={nonce}x,i=4096"), "does not read"),
            ("garbage".to_owned(), "without r="),
        ] {
            let refused = client
                .client_final(server_first.as_bytes(), "p")
                .unwrap_err();
            assert!(refused.contains(why), "{server_first}: {refused}");
        }
        client
            .client_final(first(&format!("{nonce}x"), 4096).as_bytes(), "p")
            .unwrap();
        // A server signature not the credential's: the broker does not know
        // the password.
        let refused = client.check_server_final(b"v=c2lnbmF0dXJl").unwrap_err();
        assert!(refused.contains("not the credential's"), "{refused}");
    }

    #[test]
    fn credentials_keep_no_password() {
        let credentials = Credentials::new().user("alice", "alice-secret").unwrap();
        assert_eq!(
            format!("{credentials:?}"),
            r#"Credentials { users: ["alice"] }"#
        );
        let user = &credentials.users["alice"];
        assert!(user.sha256.matches(Alg::Sha256, "alice-secret"));
        assert!(!user.sha256.matches(Alg::Sha256, "alice-secreT"));
    }
}
