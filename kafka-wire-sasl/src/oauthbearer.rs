//! OAUTHBEARER's check of a client's token by a SASL server: a JWT whose
//! signature a key of a JWKS verifies, with an algorithm of an allow-list,
//! not expired, not before its `nbf`, for the expected audience and issuer
//! (with the `jsonwebtoken` crate: no JWT is parsed or verified by hand).

use std::fmt;
use std::sync::Arc;

use jsonwebtoken::jwk::{Jwk, JwkSet};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};

/// A JWKS or an allow-list that cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JwksError {
    /// The text is not a JSON Web Key Set.
    #[error("the JWKS does not read: {0}")]
    Syntax(#[from] serde_json::Error),
    /// A key the proxy cannot verify with.
    #[error("JWKS key {kid:?}: {reason}")]
    Key {
        /// The key's `kid`, if it has one.
        kid: Option<String>,
        /// Why.
        reason: String,
    },
    /// A set without keys verifies nothing.
    #[error("the JWKS holds no key")]
    Empty,
    /// An algorithm the allow-list cannot hold: `none`, a symmetric one
    /// (`HS256`: a JWKS of public keys cannot check it), or one not known.
    #[error(
        "algorithm {0:?} cannot be allowed: only RS256/384/512, PS256/384/512, ES256/384 and EdDSA"
    )]
    Algorithm(String),
}

/// A key of the set, with what it may verify.
struct Key {
    kid: Option<String>,
    /// The algorithm the JWK says it is for, if it says.
    algorithm: Option<Algorithm>,
    key: DecodingKey,
}

/// How a SASL server (the proxy terminating SASL, the fake cluster's
/// listener) checks OAUTHBEARER tokens: the
/// JWT's signature against the keys of a JWKS (the key its `kid` names, or
/// each key of its algorithm's family), its algorithm against an allow-list
/// (RS256 and ES256 by default; `alg: none` and symmetric algorithms are
/// never allowed), `exp` (required) and `nbf` with a clock skew (30 s, as
/// Kafka's `sasl.oauthbearer.clock.skew.seconds`), and, when given, `aud`
/// and `iss`. The principal is the `sub` claim (Kafka's
/// `sasl.oauthbearer.sub.claim.name`), or another claim named.
///
/// ```
/// use kafka_wire_sasl::JwtValidator;
///
/// let jwks = r#"{"keys":[{"kty":"EC","crv":"P-256","kid":"k1","alg":"ES256",
///   "x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
///   "y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}"#;
/// let validator = JwtValidator::from_jwks(jwks)?
///     .algorithms(&["ES256"])?
///     .audience(&["kafka"])
///     .issuer(&["https://idp.example.com"]);
/// # Ok::<(), kafka_wire_sasl::JwksError>(())
/// ```
#[derive(Clone)]
pub struct JwtValidator {
    keys: Arc<Vec<Key>>,
    validation: Validation,
    principal_claim: String,
}

impl fmt::Debug for JwtValidator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kids: Vec<_> = self.keys.iter().map(|k| k.kid.as_deref()).collect();
        f.debug_struct("JwtValidator")
            .field("kids", &kids)
            .field("algorithms", &self.validation.algorithms)
            .field("audience", &self.validation.aud)
            .field("issuer", &self.validation.iss)
            .field("principal_claim", &self.principal_claim)
            .finish()
    }
}

/// A token the validator accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedToken {
    /// The principal's name.
    pub principal: String,
    /// When the token expires, in seconds since the Unix epoch.
    pub expires_at: u64,
}

/// The asymmetric algorithms a JWKS of public keys can verify.
fn allowable(name: &str) -> Option<Algorithm> {
    Some(match name {
        "RS256" => Algorithm::RS256,
        "RS384" => Algorithm::RS384,
        "RS512" => Algorithm::RS512,
        "PS256" => Algorithm::PS256,
        "PS384" => Algorithm::PS384,
        "PS512" => Algorithm::PS512,
        "ES256" => Algorithm::ES256,
        "ES384" => Algorithm::ES384,
        "EdDSA" => Algorithm::EdDSA,
        _ => return None,
    })
}

/// An allow-list of algorithms by name: each one a JWKS can verify, and at
/// least one; [`JwksError::Algorithm`] names one that is not.
pub fn allowed_algorithms(names: &[&str]) -> Result<Vec<Algorithm>, JwksError> {
    let algorithms = names
        .iter()
        .map(|&name| allowable(name).ok_or_else(|| JwksError::Algorithm(name.to_owned())))
        .collect::<Result<Vec<_>, _>>()?;
    if algorithms.is_empty() {
        return Err(JwksError::Algorithm(String::new()));
    }
    Ok(algorithms)
}

impl JwtValidator {
    /// A validator of the keys of a JSON Web Key Set (`{"keys": [...]}`),
    /// allowing RS256 and ES256, with no audience or issuer required.
    /// Symmetric (`oct`) keys are refused: the set is of public keys.
    pub fn from_jwks(json: &str) -> Result<Self, JwksError> {
        let set: JwkSet = serde_json::from_str(json)?;
        let keys = set.keys.iter().map(key_of).collect::<Result<Vec<_>, _>>()?;
        if keys.is_empty() {
            return Err(JwksError::Empty);
        }
        let mut validation = Validation::new(Algorithm::RS256);
        validation.algorithms = vec![Algorithm::RS256, Algorithm::ES256];
        validation.validate_exp = true;
        validation.validate_nbf = true;
        validation.validate_aud = false;
        validation.leeway = 30;
        validation.set_required_spec_claims(&["exp"]);
        Ok(JwtValidator {
            keys: Arc::new(keys),
            validation,
            principal_claim: "sub".to_owned(),
        })
    }

    /// Allows only these algorithms (as JWT headers name them).
    pub fn algorithms(mut self, names: &[&str]) -> Result<Self, JwksError> {
        self.validation.algorithms = allowed_algorithms(names)?;
        Ok(self)
    }

    /// Requires `aud` to name one of `audience`.
    pub fn audience(mut self, audience: &[&str]) -> Self {
        self.validation.set_audience(audience);
        self.validation.validate_aud = true;
        self.validation
            .required_spec_claims
            .insert("aud".to_owned());
        self
    }

    /// Requires `iss` to be one of `issuers`.
    pub fn issuer(mut self, issuers: &[&str]) -> Self {
        self.validation.set_issuer(issuers);
        self.validation
            .required_spec_claims
            .insert("iss".to_owned());
        self
    }

    /// The clock skew allowed on `exp` and `nbf`, in seconds.
    pub fn clock_skew(mut self, seconds: u64) -> Self {
        self.validation.leeway = seconds;
        self
    }

    /// Takes the principal's name from claim `claim` rather than `sub`.
    pub fn principal_claim(mut self, claim: impl Into<String>) -> Self {
        self.principal_claim = claim.into();
        self
    }

    /// Checks `token`: the principal and expiry, or why it is refused.
    pub fn verify(&self, token: &str) -> Result<VerifiedToken, String> {
        let header = jsonwebtoken::decode_header(token)
            .map_err(|e| format!("the token does not read as a JWT: {e}"))?;
        if !self.validation.algorithms.contains(&header.alg) {
            return Err(format!("algorithm {:?} is not allowed", header.alg));
        }
        let candidates: Vec<&Key> = match &header.kid {
            Some(kid) => self
                .keys
                .iter()
                .filter(|k| k.kid.as_deref() == Some(kid))
                .collect(),
            None => self.keys.iter().collect(),
        };
        let candidates: Vec<&Key> = candidates
            .into_iter()
            .filter(|k| k.algorithm.is_none_or(|a| a == header.alg))
            .collect();
        if candidates.is_empty() {
            return Err(match &header.kid {
                Some(kid) => format!("no key {kid:?} for {:?} in the JWKS", header.alg),
                None => format!("no key for {:?} in the JWKS", header.alg),
            });
        }
        // The allowed algorithm the header names, alone: the crate wants
        // every algorithm it is given of the key's family.
        let mut validation = self.validation.clone();
        validation.algorithms = vec![header.alg];
        let mut last = String::new();
        for key in candidates {
            match jsonwebtoken::decode::<serde_json::Map<String, serde_json::Value>>(
                token,
                &key.key,
                &validation,
            ) {
                Ok(data) => return self.accepted(&data.claims),
                Err(e) => last = e.to_string(),
            }
        }
        Err(format!("the token is refused: {last}"))
    }

    fn accepted(
        &self,
        claims: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<VerifiedToken, String> {
        let principal = match claims.get(&self.principal_claim) {
            Some(serde_json::Value::String(name)) if !name.is_empty() => name.clone(),
            _ => return Err(format!("no {:?} claim", self.principal_claim)),
        };
        // Required and checked above; a number.
        let expires_at = claims
            .get("exp")
            .and_then(serde_json::Value::as_u64)
            .ok_or("an exp claim that is not a whole number")?;
        Ok(VerifiedToken {
            principal,
            expires_at,
        })
    }
}

fn key_of(jwk: &Jwk) -> Result<Key, JwksError> {
    use jsonwebtoken::jwk::AlgorithmParameters;
    let kid = jwk.common.key_id.clone();
    let refuse = |reason: String| JwksError::Key {
        kid: kid.clone(),
        reason,
    };
    if matches!(jwk.algorithm, AlgorithmParameters::OctetKey(_)) {
        return Err(refuse(
            "a symmetric (oct) key: the set is of public keys".into(),
        ));
    }
    let algorithm = match &jwk.common.key_algorithm {
        None => None,
        Some(a) => {
            let name = format!("{a:?}");
            Some(allowable(&name).ok_or_else(|| refuse(format!("algorithm {name}")))?)
        }
    };
    let key = DecodingKey::from_jwk(jwk).map_err(|e| refuse(e.to_string()))?;
    Ok(Key {
        kid,
        algorithm,
        key,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use base64::Engine;
    use jsonwebtoken::{EncodingKey, Header};
    use serde_json::json;

    /// A 2048-bit RSA key made for these tests alone (PKCS#1 DER, base64),
    /// and its modulus (base64url); the exponent is 65537.
    const RSA_PKCS1_DER: &str = "MIIEogIBAAKCAQEAxV5T35UPkOw+qqmQwTTS9S///Zxwhog7FBSvRRBQf5w94rYLdTsyExG4Eiaqzfo9Hq2fHTAc8TV/Q7GHosdQZ6VxzIYOflQTxd/9ZJaWOg6M5Lx8bZnQLF4BcLl+y0cciIGi2qJNq1FYnSTvXB8pT+3JNzVxZ6SF4vkL/mCKZxdFK1vXezWgGP627n16UB2POKoxXza/FMjRRwkq8BzAeIJAzpM+1Sb9haA9Rqj8+DRNDprMIVvbwFMtm0iz0ObqcZn60A/y0YEAtowcRjbdib8BjO7KpTTtLM5VEfVRMQ0wE7xOvOH6Lk4S9skmhXmhZ6EDI4kf70PezWQTxK9IgQIDAQABAoIBACvM0zA7FElFJGMbXlSCNI7VKCpQHWi9st6x+HOLO1IWimVVoRVTHbm9pOviSOWNMyMrxLPliYa+KJANRdyJ/v4BaU/KME04u2qeWs2H3a7kq7/XVIW+LMSr2AX8JHdYQKzKmCmM+0+ZreCx4ay//ZsPWig2ZARsLopAWrkJE63syCVa9TGLhKJGHQaVbBqtVgzUf6PbUKznvXjG5un5gidAeh46dRb3FDjO/9bd1eMAM6Rs3+9Ptn2ffa9i0Xos1t3AYgDwvSBzZGq+GwQgllmnfdE/blG8lcp/i/9N85OmmZAbxui4/z6l1e7I+3F6/tTNRo2KG3eYjp637gNj5EECgYEA72tWjjEf371cR2h3jOBl1DEn1LCsyO2lDKqRJYCip/hX3FzpoV3A6yJif0bzzyhh8Qu05QoPy2hMC64yG7VY/N372HEokMJbfbuJuW73dd2jvcv+Km914aTx7oRiMFNO2zXuNDv+x33YuaX2NRAUn5CfSEp5uLT4ceRS4/0Fy4MCgYEA0wl4kXKgfD4n8JE+xOFUTZQjO92o3GFJ4wSYId1N8r/EaznR1Fvd2TgYakCF7C1/KYS4M8LQm8v0EHwlgVlCtwk176eEAJhKUbp42aYKRkKIr768QCd5EZoSo/fa5JHObvCUhyH6/wRLTkA6HuXut8Z1j5GD1rj02y47fQdGyKsCgYBLNVG0SxQzKX3SZKuhUmBKfsJ/Wpx8ZcKCLxZ3TGhMEYQwEfPGH/hZJK0CRFyUR6A0ozPI+xcpE3NH/Al7kMUKcgUJ4coXZyZsYbwKxyPvH5evKGSIGglSv4jMH0Pk4FaWH+Pa/rmzGwI4lzy3QHzp/vk6MUL5VcfxpwKu4a2vVwKBgDopbA859j0HrF5CyXfdWiyfXS6MopNKRODKTVtX8LmsXGfo4YmTYAsTyLbP3Zj/2QIKT/IECRZHGZbJgFSr0xU69qB8HIdFcYYgzFm/xykiASXefWd4+Yb+XZDPKIbCIJC2wViU5uYNuutwDBSj7iy8B35v7lPpWaJmlYKZ1MpNAoGAEhTSPWXAw9fbxaQLXCljEDSfbZsvSENS0rO61xFV31pOajPw4h2PviUBkfU1BElQOYfquFqXBqQRHPqnj+CZBHebzklA750hwRA0eKNHid+1QmEW1hcbLpSFT9Pn5vUr3UX7KSRnDsFKRT/yaN2bLCmPXkry8UWTKNPABc/PX18=";
    const RSA_N: &str = "xV5T35UPkOw-qqmQwTTS9S___Zxwhog7FBSvRRBQf5w94rYLdTsyExG4Eiaqzfo9Hq2fHTAc8TV_Q7GHosdQZ6VxzIYOflQTxd_9ZJaWOg6M5Lx8bZnQLF4BcLl-y0cciIGi2qJNq1FYnSTvXB8pT-3JNzVxZ6SF4vkL_mCKZxdFK1vXezWgGP627n16UB2POKoxXza_FMjRRwkq8BzAeIJAzpM-1Sb9haA9Rqj8-DRNDprMIVvbwFMtm0iz0ObqcZn60A_y0YEAtowcRjbdib8BjO7KpTTtLM5VEfVRMQ0wE7xOvOH6Lk4S9skmhXmhZ6EDI4kf70PezWQTxK9IgQ";

    const B64URL: base64::engine::GeneralPurpose = base64::engine::general_purpose::URL_SAFE_NO_PAD;

    /// An EC P-256 key: its PKCS#8 DER and its JWK.
    pub(crate) fn ec_key(kid: &str) -> (Vec<u8>, serde_json::Value) {
        let pair = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).unwrap();
        let point = pair.public_key_raw();
        let (x, y) = point[1..].split_at(32);
        let jwk = json!({"kty": "EC", "crv": "P-256", "kid": kid, "alg": "ES256",
            "x": B64URL.encode(x), "y": B64URL.encode(y)});
        (pair.serialize_der(), jwk)
    }

    fn rsa_jwk(kid: &str) -> serde_json::Value {
        json!({"kty": "RSA", "kid": kid, "alg": "RS256", "n": RSA_N, "e": "AQAB"})
    }

    fn rsa_key() -> EncodingKey {
        let der = base64::engine::general_purpose::STANDARD
            .decode(RSA_PKCS1_DER)
            .unwrap();
        EncodingKey::from_rsa_der(&der)
    }

    pub(crate) fn now() -> u64 {
        jsonwebtoken::get_current_timestamp()
    }

    /// A token of `claims`, signed with ES256 by `der` under `kid`.
    pub(crate) fn es256(der: &[u8], kid: &str, claims: &serde_json::Value) -> String {
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(kid.into());
        jsonwebtoken::encode(&header, claims, &EncodingKey::from_ec_der(der)).unwrap()
    }

    /// A validator of ES256 tokens alone, trusting one key made for the
    /// test under kid `k`, and that key's DER (to sign with [`es256`]).
    pub(crate) fn es256_validator() -> (Vec<u8>, JwtValidator) {
        let (der, jwk) = ec_key("k");
        let jwks = json!({ "keys": [jwk] }).to_string();
        let validator = JwtValidator::from_jwks(&jwks)
            .unwrap()
            .algorithms(&["ES256"])
            .unwrap();
        (der, validator)
    }

    fn validator(keys: &[serde_json::Value]) -> JwtValidator {
        let jwks = json!({ "keys": keys }).to_string();
        JwtValidator::from_jwks(&jwks)
            .unwrap()
            .audience(&["kafka"])
            .issuer(&["https://idp.example.com"])
    }

    fn claims(sub: &str) -> serde_json::Value {
        json!({"sub": sub, "aud": "kafka", "iss": "https://idp.example.com",
            "exp": now() + 600, "nbf": now() - 10})
    }

    #[test]
    fn a_token_signed_by_a_key_of_the_set_names_its_principal() {
        let (der, jwk) = ec_key("ec-1");
        let v = validator(&[jwk, rsa_jwk("rsa-1")]);
        let c = claims("alice");
        let verified = v.verify(&es256(&der, "ec-1", &c)).unwrap();
        assert_eq!(verified.principal, "alice");
        assert_eq!(verified.expires_at, c["exp"].as_u64().unwrap());
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some("rsa-1".into());
        let rs = jsonwebtoken::encode(&header, &claims("bob"), &rsa_key()).unwrap();
        assert_eq!(v.verify(&rs).unwrap().principal, "bob");
        // Without a kid, each key of the algorithm's family is tried.
        let rs = jsonwebtoken::encode(&Header::new(Algorithm::RS256), &claims("bob"), &rsa_key());
        assert_eq!(v.verify(&rs.unwrap()).unwrap().principal, "bob");
        // Another claim as the principal.
        let mut c = claims("alice");
        c["preferred_username"] = json!("alice@example.com");
        let v = v.principal_claim("preferred_username");
        let verified = v.verify(&es256(&der, "ec-1", &c)).unwrap();
        assert_eq!(verified.principal, "alice@example.com");
    }

    #[test]
    fn hostile_tokens_are_refused_each_saying_why() {
        let (der, jwk) = ec_key("ec-1");
        let (foreign, _) = ec_key("ec-1");
        let v = validator(&[jwk, rsa_jwk("rsa-1")]);
        let good = es256(&der, "ec-1", &claims("alice"));
        let with = |f: &dyn Fn(&mut serde_json::Value)| {
            let mut c = claims("alice");
            f(&mut c);
            es256(&der, "ec-1", &c)
        };
        let (header, rest) = good.split_once('.').unwrap();
        let (_, signature) = rest.split_once('.').unwrap();
        let mallory = B64URL.encode(claims("mallory").to_string());
        let none_header = B64URL.encode(r#"{"alg":"none","typ":"JWT"}"#);
        let payload = B64URL.encode(claims("alice").to_string());
        let hs256 = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims("alice"),
            &EncodingKey::from_secret(b"secret").unwrap(),
        )
        .unwrap();
        let cases: Vec<(&str, String, &str)> = vec![
            (
                "expired",
                with(&|c| c["exp"] = json!(now() - 120)),
                "ExpiredSignature",
            ),
            (
                "not yet valid",
                with(&|c| c["nbf"] = json!(now() + 120)),
                "ImmatureSignature",
            ),
            // CVE-2026-25537: a claim of the wrong type is not a missing one.
            (
                "nbf a string",
                with(&|c| c["nbf"] = json!("99999999999")),
                "refused",
            ),
            (
                "exp a string",
                with(&|c| c["exp"] = json!("never")),
                "refused",
            ),
            (
                "no exp",
                with(&|c| {
                    c.as_object_mut().unwrap().remove("exp");
                }),
                "exp",
            ),
            (
                "another audience",
                with(&|c| c["aud"] = json!("billing")),
                "InvalidAudience",
            ),
            (
                "another issuer",
                with(&|c| c["iss"] = json!("https://evil")),
                "InvalidIssuer",
            ),
            (
                "no sub",
                with(&|c| {
                    c.as_object_mut().unwrap().remove("sub");
                }),
                "sub",
            ),
            (
                "a foreign key",
                es256(&foreign, "ec-1", &claims("alice")),
                "InvalidSignature",
            ),
            (
                "an unknown kid",
                es256(&der, "ec-9", &claims("alice")),
                "no key \"ec-9\"",
            ),
            (
                "altered",
                format!("{header}.{mallory}.{signature}"),
                "InvalidSignature",
            ),
            (
                "alg none",
                format!("{none_header}.{payload}."),
                "does not read",
            ),
            ("HS256", hs256, "not allowed"),
            ("garbage", "a.b.c".to_owned(), "does not read"),
        ];
        for (what, token, why) in cases {
            let refused = v.verify(&token).expect_err(what);
            assert!(refused.contains(why), "{what}: {refused}");
        }
        // RS256 refused when only ES256 is allowed.
        let v = v.algorithms(&["ES256"]).unwrap();
        let rs = jsonwebtoken::encode(&Header::new(Algorithm::RS256), &claims("bob"), &rsa_key());
        assert!(v.verify(&rs.unwrap()).unwrap_err().contains("not allowed"));
        assert!(v.verify(&good).is_ok());
    }

    #[test]
    fn a_jwks_or_allow_list_that_cannot_be_used_is_an_error() {
        let err = |text: &str| JwtValidator::from_jwks(text).unwrap_err().to_string();
        assert!(err("{").starts_with("the JWKS does not read"));
        assert_eq!(err(r#"{"keys":[]}"#), "the JWKS holds no key");
        let oct = r#"{"keys":[{"kty":"oct","kid":"s","k":"c2VjcmV0"}]}"#;
        assert_eq!(
            err(oct),
            "JWKS key Some(\"s\"): a symmetric (oct) key: the set is of public keys"
        );
        let v = validator(&[rsa_jwk("rsa-1")]);
        for name in ["none", "HS256", "rs256"] {
            let refused = v.clone().algorithms(&[name]).unwrap_err();
            assert!(matches!(refused, JwksError::Algorithm(n) if n == name));
        }
    }
}
