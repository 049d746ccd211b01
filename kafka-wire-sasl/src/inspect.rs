//! SASL inspection: following the SaslHandshake and SaslAuthenticate
//! exchanges a client has with its broker (as the proxy does), reads the name
//! the client's first token claims, and holds it as the connection's
//! principal once the broker answers success.
//!
//! The names read: PLAIN's authentication identity (RFC 4616), SCRAM's
//! `n=` user name in the client-first message (RFC 5802, with `=2C` and
//! `=3D` unescaped), OAUTHBEARER's `sub` claim of the JWT in the client's
//! initial response (RFC 7628), read without checking the token (the broker
//! checks it).
//!
//! When an exchange ends: PLAIN after its one round, SCRAM after its second
//! (the broker's server-final message), OAUTHBEARER after a round the broker
//! answers with no bytes (an error comes back as a JSON challenge with
//! error code 0, and the client's next round is refused). Any round the
//! broker answers with an error code is a failure. Other mechanisms pass
//! through with no name learnt.

use base64::Engine;
use kafka_messages::{
    SaslAuthenticateRequest, SaslAuthenticateResponse, SaslHandshakeRequest, SaslHandshakeResponse,
};
use kafka_wire::ErrorCode;

use crate::identity::{
    Authentication, AuthenticationFailure, Principal, PrincipalSource, SaslMechanism,
};

/// What an exchange came to, when a response ends it (or a handshake
/// starts it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The broker accepted a mechanism.
    Started,
    /// The broker answered the exchange with success.
    Succeeded(Principal),
    /// The broker refused.
    Failed(AuthenticationFailure),
}

/// The state of one connection's SASL exchange between a client and a
/// broker, as a proxy between them follows it.
#[derive(Debug, Default)]
pub struct SaslInspector {
    /// The mechanism of a handshake sent and not yet answered.
    asked: Option<SaslMechanism>,
    /// The mechanism the broker accepted.
    mechanism: Option<SaslMechanism>,
    /// The name the client's first token claimed.
    claimed: Option<String>,
    /// SaslAuthenticate requests sent since the handshake.
    rounds: u32,
    /// Those answered.
    answered: u32,
}

impl SaslInspector {
    /// A SaslHandshake request on its way to the broker.
    pub fn handshake_request(&mut self, request: &SaslHandshakeRequest) {
        self.asked = Some(SaslMechanism::from_name(&request.mechanism));
    }

    /// The broker's answer to the handshake.
    pub fn handshake_response(&mut self, response: &SaslHandshakeResponse) -> Outcome {
        let asked = self.asked.take();
        *self = SaslInspector::default();
        match ErrorCode::from_code(response.error_code) {
            ErrorCode::None => {
                self.mechanism = asked;
                Outcome::Started
            }
            error => Outcome::Failed(AuthenticationFailure {
                mechanism: asked,
                claimed: None,
                error,
                message: None,
            }),
        }
    }

    /// A SaslAuthenticate request on its way to the broker: its first token
    /// names the client.
    pub fn authenticate_request(&mut self, request: &SaslAuthenticateRequest) {
        self.rounds = self.rounds.saturating_add(1);
        if self.rounds == 1 {
            self.claimed = match &self.mechanism {
                Some(mechanism) => claimed_name(mechanism, &request.auth_bytes),
                None => None,
            };
        }
    }

    /// The broker's answer to a SaslAuthenticate request: an outcome when
    /// it ends the exchange.
    pub fn authenticate_response(
        &mut self,
        response: &SaslAuthenticateResponse,
    ) -> Option<Outcome> {
        self.answered = self.answered.saturating_add(1);
        let error = ErrorCode::from_code(response.error_code);
        if error != ErrorCode::None {
            let failure = AuthenticationFailure {
                mechanism: self.mechanism.take(),
                claimed: self.claimed.take(),
                error,
                message: response.error_message.as_deref().map(str::to_owned),
            };
            *self = SaslInspector::default();
            return Some(Outcome::Failed(failure));
        }
        let mechanism = self.mechanism.clone()?;
        let done = match mechanism {
            SaslMechanism::Plain => self.answered == 1,
            SaslMechanism::ScramSha256 | SaslMechanism::ScramSha512 => self.answered == 2,
            SaslMechanism::OAuthBearer => self.answered == 1 && response.auth_bytes.is_empty(),
            SaslMechanism::Other(_) => false,
        };
        if !done {
            return None;
        }
        let name = self.claimed.take();
        *self = SaslInspector::default();
        match name {
            Some(name) => Some(Outcome::Succeeded(Principal {
                name,
                source: PrincipalSource::SaslInspection(mechanism),
            })),
            // The broker accepted a token the proxy could not read a name
            // from: no principal, and said so.
            None => Some(Outcome::Failed(AuthenticationFailure {
                mechanism: Some(mechanism),
                claimed: None,
                error: ErrorCode::SaslAuthenticationFailed,
                message: Some("the proxy read no name from the client's token".to_owned()),
            })),
        }
    }

    /// Where the exchange stands after a request, for the connection's
    /// [`Authentication`].
    pub fn in_progress(&self) -> Option<Authentication> {
        self.mechanism
            .as_ref()
            .map(|mechanism| Authentication::InProgress {
                mechanism: mechanism.clone(),
                claimed: self.claimed.clone(),
            })
    }
}

/// The name a client's first token under `mechanism` claims, if it reads.
pub fn claimed_name(mechanism: &SaslMechanism, token: &[u8]) -> Option<String> {
    match mechanism {
        SaslMechanism::Plain => plain_authcid(token),
        SaslMechanism::ScramSha256 | SaslMechanism::ScramSha512 => scram_username(token),
        SaslMechanism::OAuthBearer => oauthbearer_subject(token),
        SaslMechanism::Other(_) => None,
    }
}

/// PLAIN: `[authzid] NUL authcid NUL passwd`; the authentication identity,
/// as Kafka's PlainSaslServer reads it (an authorization identity other
/// than it is refused by the broker).
fn plain_authcid(token: &[u8]) -> Option<String> {
    let mut parts = token.split(|&b| b == 0);
    let (_authzid, authcid, _password) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || authcid.is_empty() {
        return None;
    }
    String::from_utf8(authcid.to_vec()).ok()
}

/// The GS2 header of SCRAM's and OAUTHBEARER's first message (`n,,`,
/// `y,,`, `n,a=authzid,`): what follows it.
fn after_gs2_header(message: &str) -> Option<&str> {
    let (flag, rest) = message.split_once(',')?;
    if !(flag == "n" || flag == "y" || flag.starts_with("p=")) {
        return None;
    }
    let (authzid, rest) = rest.split_once(',')?;
    if !(authzid.is_empty() || authzid.starts_with("a=")) {
        return None;
    }
    Some(rest)
}

/// SCRAM's client-first message, `gs2-header n=user,r=nonce[,ext]`: the
/// user name, `=2C` and `=3D` unescaped (any other `=` is not a name).
pub fn scram_username(token: &[u8]) -> Option<String> {
    let message = std::str::from_utf8(token).ok()?;
    let bare = after_gs2_header(message)?;
    let (attribute, _rest) = bare.split_once(',')?;
    let escaped = attribute.strip_prefix("n=")?;
    let mut name = String::with_capacity(escaped.len());
    let mut rest = escaped;
    while let Some(at) = rest.find('=') {
        name.push_str(&rest[..at]);
        match rest.get(at..at + 3)? {
            "=2C" => name.push(','),
            "=3D" => name.push('='),
            _ => return None,
        }
        rest = &rest[at + 3..];
    }
    name.push_str(rest);
    (!name.is_empty()).then_some(name)
}

/// OAUTHBEARER's initial response, `gs2-header ^A auth=Bearer <jwt> ^A
/// [key=value ^A]* ^A`: the JWT's `sub` claim, unverified.
fn oauthbearer_subject(token: &[u8]) -> Option<String> {
    jwt_subject(oauthbearer_token(token)?.1)
}

/// OAUTHBEARER's initial response (RFC 7628): the authorization id of its
/// GS2 header (empty without one) and the bearer token.
pub fn oauthbearer_token(token: &[u8]) -> Option<(&str, &str)> {
    let message = std::str::from_utf8(token).ok()?;
    let pairs = after_gs2_header(message)?;
    let authzid = message.split(',').nth(1)?;
    let authzid = authzid.strip_prefix("a=").unwrap_or_default();
    let auth = pairs
        .split('\u{1}')
        .find_map(|pair| pair.strip_prefix("auth="))?;
    let (scheme, jwt) = auth.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return None;
    }
    Some((authzid, jwt.trim_start_matches(' ')))
}

/// A compact JWT's `sub` claim (header.payload.signature, base64url), read
/// without checking the signature.
pub fn jwt_subject(jwt: &str) -> Option<String> {
    let mut parts = jwt.split('.');
    let (_header, payload, _signature) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let json = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .ok()?;
    let claims: serde_json::Value = serde_json::from_slice(&json).ok()?;
    match claims.get("sub")? {
        serde_json::Value::String(sub) if !sub.is_empty() => Some(sub.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jwt(claims: &str) -> String {
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        format!(
            "{}.{}.sig",
            b64.encode(br#"{"alg":"none"}"#),
            b64.encode(claims.as_bytes())
        )
    }

    #[test]
    fn plain_names_the_authentication_identity() {
        assert_eq!(plain_authcid(b"\0alice\0secret").as_deref(), Some("alice"));
        assert_eq!(
            plain_authcid(b"admin\0alice\0secret").as_deref(),
            Some("alice")
        );
        assert_eq!(plain_authcid(b"\0\0secret"), None);
        assert_eq!(plain_authcid(b"alice\0secret"), None);
        assert_eq!(plain_authcid(b"\0alice\0secret\0more"), None);
        assert_eq!(plain_authcid(b"\0al\xffice\0secret"), None);
        assert_eq!(plain_authcid(b""), None);
    }

    #[test]
    fn scram_names_the_user_unescaped() {
        assert_eq!(
            scram_username(b"n,,n=alice,r=fyko+d2lbbFgONRv9qkxdawL").as_deref(),
            Some("alice")
        );
        assert_eq!(
            scram_username(b"n,a=alice,n=a=2Cb=3Dc,r=nonce,tokenauth=true").as_deref(),
            Some("a,b=c")
        );
        assert_eq!(scram_username(b"n,,n=a=2xb,r=x"), None, "a bad escape");
        assert_eq!(scram_username(b"n,,n=a=2,r=x"), None, "a cut escape");
        assert_eq!(scram_username(b"n,,n=,r=x"), None);
        assert_eq!(scram_username(b"x,,n=alice,r=x"), None, "a bad GS2 flag");
        assert_eq!(scram_username(b"n,,r=x,n=alice"), None);
        assert_eq!(scram_username(b"n,,n=alice"), None, "no nonce");
        assert_eq!(scram_username(b"c=biws,r=x,p=proof"), None, "client-final");
    }

    #[test]
    fn oauthbearer_names_the_tokens_subject() {
        let token = jwt(r#"{"sub":"svc-orders","exp":1}"#);
        let message = format!("n,,\u{1}auth=Bearer {token}\u{1}\u{1}");
        assert_eq!(
            oauthbearer_subject(message.as_bytes()).as_deref(),
            Some("svc-orders")
        );
        let with_extension = format!("n,a=x,\u{1}ext=1\u{1}auth=bearer {token}\u{1}\u{1}");
        assert_eq!(
            oauthbearer_subject(with_extension.as_bytes()).as_deref(),
            Some("svc-orders")
        );
        for claims in [
            r#"{"exp":1}"#,
            r#"{"sub":7}"#,
            r#"{"sub":""}"#,
            "[1]",
            "not json",
        ] {
            let message = format!("n,,\u{1}auth=Bearer {}\u{1}\u{1}", jwt(claims));
            assert_eq!(oauthbearer_subject(message.as_bytes()), None, "{claims}");
        }
        assert_eq!(oauthbearer_subject(b"n,,\x01auth=Basic abc\x01\x01"), None);
        assert_eq!(oauthbearer_subject(b"n,,\x01auth=Bearer a.b\x01\x01"), None);
        assert_eq!(
            oauthbearer_subject(b"n,,\x01auth=Bearer a.!!.c\x01\x01"),
            None
        );
        assert_eq!(oauthbearer_subject(b"\x01"), None);
    }

    fn handshake(inspector: &mut SaslInspector, mechanism: &str, error: ErrorCode) -> Outcome {
        inspector.handshake_request(&SaslHandshakeRequest {
            mechanism: mechanism.into(),
        });
        inspector.handshake_response(&SaslHandshakeResponse {
            error_code: error.code(),
            ..Default::default()
        })
    }

    fn round(
        inspector: &mut SaslInspector,
        token: &[u8],
        error: ErrorCode,
        answer: &'static [u8],
    ) -> Option<Outcome> {
        inspector.authenticate_request(&SaslAuthenticateRequest {
            auth_bytes: bytes::Bytes::copy_from_slice(token),
            ..Default::default()
        });
        inspector.authenticate_response(&SaslAuthenticateResponse {
            error_code: error.code(),
            error_message: (error != ErrorCode::None).then(|| "refused".into()),
            auth_bytes: bytes::Bytes::from_static(answer),
            ..Default::default()
        })
    }

    #[test]
    fn scram_holds_the_name_only_after_the_server_final_message() {
        let mut inspector = SaslInspector::default();
        assert_eq!(
            handshake(&mut inspector, "SCRAM-SHA-512", ErrorCode::None),
            Outcome::Started
        );
        let first = round(
            &mut inspector,
            b"n,,n=bob,r=abc",
            ErrorCode::None,
            b"r=abcdef,s=c2FsdA==,i=4096",
        );
        assert_eq!(first, None);
        assert_eq!(
            inspector.in_progress(),
            Some(Authentication::InProgress {
                mechanism: SaslMechanism::ScramSha512,
                claimed: Some("bob".into())
            })
        );
        let last = round(
            &mut inspector,
            b"c=biws,r=abcdef,p=cHJvb2Y=",
            ErrorCode::None,
            b"v=c2ln",
        );
        assert_eq!(
            last,
            Some(Outcome::Succeeded(Principal {
                name: "bob".into(),
                source: PrincipalSource::SaslInspection(SaslMechanism::ScramSha512)
            }))
        );
    }

    #[test]
    fn a_refused_round_is_a_failure_with_the_claimed_name() {
        let mut inspector = SaslInspector::default();
        handshake(&mut inspector, "SCRAM-SHA-256", ErrorCode::None);
        round(
            &mut inspector,
            b"n,,n=bob,r=abc",
            ErrorCode::None,
            b"r=abcdef,s=c2FsdA==,i=4096",
        );
        let refused = round(
            &mut inspector,
            b"c=biws,r=abcdef,p=bad",
            ErrorCode::SaslAuthenticationFailed,
            b"",
        );
        assert_eq!(
            refused,
            Some(Outcome::Failed(AuthenticationFailure {
                mechanism: Some(SaslMechanism::ScramSha256),
                claimed: Some("bob".into()),
                error: ErrorCode::SaslAuthenticationFailed,
                message: Some("refused".into()),
            }))
        );
        assert_eq!(inspector.in_progress(), None);
    }

    #[test]
    fn plain_oauthbearer_and_other_mechanisms_end_where_kafka_ends_them() {
        let mut inspector = SaslInspector::default();
        handshake(&mut inspector, "PLAIN", ErrorCode::None);
        let plain = round(&mut inspector, b"\0alice\0pw", ErrorCode::None, b"");
        assert!(matches!(plain, Some(Outcome::Succeeded(p)) if p.name == "alice"));

        // OAUTHBEARER's refusal: a JSON challenge under error code 0, then
        // the error on the client's next round.
        let token = format!("n,,\u{1}auth=Bearer {}\u{1}\u{1}", jwt(r#"{"sub":"svc"}"#));
        handshake(&mut inspector, "OAUTHBEARER", ErrorCode::None);
        let challenge = round(
            &mut inspector,
            token.as_bytes(),
            ErrorCode::None,
            br#"{"status":"invalid_token"}"#,
        );
        assert_eq!(challenge, None);
        let refused = round(
            &mut inspector,
            b"\x01",
            ErrorCode::SaslAuthenticationFailed,
            b"",
        );
        assert!(matches!(refused, Some(Outcome::Failed(f)) if f.claimed.as_deref() == Some("svc")));
        handshake(&mut inspector, "OAUTHBEARER", ErrorCode::None);
        let accepted = round(&mut inspector, token.as_bytes(), ErrorCode::None, b"");
        assert!(matches!(accepted, Some(Outcome::Succeeded(p)) if p.name == "svc"));

        handshake(&mut inspector, "GSSAPI", ErrorCode::None);
        assert_eq!(round(&mut inspector, b"krb", ErrorCode::None, b""), None);

        let unsupported = handshake(
            &mut inspector,
            "DIGEST-MD5",
            ErrorCode::UnsupportedSaslMechanism,
        );
        assert!(matches!(unsupported, Outcome::Failed(f)
            if f.mechanism == Some(SaslMechanism::Other("DIGEST-MD5".into()))
            && f.error == ErrorCode::UnsupportedSaslMechanism));
    }

    #[test]
    fn an_accepted_token_without_a_readable_name_is_no_principal() {
        let mut inspector = SaslInspector::default();
        handshake(&mut inspector, "PLAIN", ErrorCode::None);
        let accepted = round(&mut inspector, b"no nul here", ErrorCode::None, b"");
        assert!(matches!(accepted, Some(Outcome::Failed(f)) if f.claimed.is_none()));
    }

    #[test]
    fn authenticate_without_a_handshake_is_refused_by_the_broker_and_recorded() {
        let mut inspector = SaslInspector::default();
        let refused = round(
            &mut inspector,
            b"\0alice\0pw",
            ErrorCode::IllegalSaslState,
            b"",
        );
        assert!(matches!(refused, Some(Outcome::Failed(f))
            if f.mechanism.is_none() && f.error == ErrorCode::IllegalSaslState));
        // Error 0 without a handshake: no outcome, no name.
        assert_eq!(
            round(&mut inspector, b"\0alice\0pw", ErrorCode::None, b""),
            None
        );
    }
}
