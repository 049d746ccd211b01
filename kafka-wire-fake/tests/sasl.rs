//! The SASL listener (`ClusterBuilder::sasl`): PLAIN and SCRAM exchanges
//! from the client's side (kafka-wire-sasl's `ScramClient`, RFC 5802), the
//! refusals and closes Kafka's `SaslServerAuthenticator` makes, the
//! authenticated user as the authorizer's principal, and KIP-368 sessions
//! (re-authentication, expiry) on tokio's paused clock.

mod common;

use std::time::Duration;

use common::send;
use kafka_messages::metadata::MetadataRequestTopic;
use kafka_messages::*;
use kafka_wire::ErrorCode;
use kafka_wire_fake::{Cluster, ClusterBuilder, Credentials, StartError};
use kafka_wire_sasl::{SaslMechanism, ScramClient};
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;

fn code(raw: i16) -> ErrorCode {
    ErrorCode::from(raw)
}

fn users() -> Credentials {
    Credentials::new()
        .user("alice", "alice-secret")
        .unwrap()
        .user("admin", "admin-secret")
        .unwrap()
}

async fn start(more: impl FnOnce(ClusterBuilder) -> ClusterBuilder) -> Cluster {
    more(Cluster::builder().sasl(users()))
        .start()
        .await
        .unwrap()
}

async fn connect(cluster: &Cluster) -> TcpStream {
    TcpStream::connect(cluster.bootstrap()).await.unwrap()
}

/// Sends `request` at `version` without reading an answer.
async fn write<R: kafka_wire::Request>(stream: &mut TcpStream, request: &R, version: i16) {
    let header = kafka_wire::RequestHeader::new(R::API_KEY, version, 7, None);
    let mut out = bytes::BytesMut::new();
    kafka_wire::frame::encode_request(&mut out, &header, request).unwrap();
    tokio::io::AsyncWriteExt::write_all(stream, &out)
        .await
        .unwrap();
}

/// Whether the fake closed `stream` without another answer.
async fn closed(stream: &mut TcpStream) -> bool {
    let mut byte = [0u8; 1];
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut byte)).await;
    matches!(read, Ok(Ok(0)) | Ok(Err(_)))
}

async fn handshake(stream: &mut TcpStream, mechanism: &str) -> SaslHandshakeResponse {
    let request = SaslHandshakeRequest {
        mechanism: mechanism.into(),
    };
    send(stream, &request, 1).await
}

async fn round(stream: &mut TcpStream, token: &[u8]) -> SaslAuthenticateResponse {
    let request = SaslAuthenticateRequest {
        auth_bytes: bytes::Bytes::copy_from_slice(token),
        ..Default::default()
    };
    send(stream, &request, 2).await
}

/// A PLAIN exchange: the last answer.
async fn plain(stream: &mut TcpStream, user: &str, password: &str) -> SaslAuthenticateResponse {
    let answer = handshake(stream, "PLAIN").await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    round(stream, format!("\0{user}\0{password}").as_bytes()).await
}

/// A SCRAM exchange of `mechanism`: the last answer, its server signature
/// checked when it succeeds.
async fn scram(
    stream: &mut TcpStream,
    mechanism: SaslMechanism,
    user: &str,
    password: &str,
) -> SaslAuthenticateResponse {
    let answer = handshake(stream, mechanism.name()).await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    let mut client = ScramClient::new(&mechanism, user).unwrap().unwrap();
    let first = round(stream, client.client_first().as_bytes()).await;
    if first.error_code != 0 {
        return first;
    }
    let last = client.client_final(&first.auth_bytes, password).unwrap();
    let answer = round(stream, last.as_bytes()).await;
    if answer.error_code == 0 {
        client.check_server_final(&answer.auth_bytes).unwrap();
    }
    answer
}

fn metadata(topics: &[&str]) -> MetadataRequest {
    MetadataRequest {
        topics: Some(
            topics
                .iter()
                .map(|&t| MetadataRequestTopic {
                    name: Some(t.into()),
                    ..Default::default()
                })
                .collect(),
        ),
        ..Default::default()
    }
}

/// A request served: Metadata names the cluster's node.
async fn served(stream: &mut TcpStream) -> bool {
    let answer = send(stream, &metadata(&[]), 12).await;
    answer.brokers.len() == 1
}

#[tokio::test]
async fn plain_and_scram_authenticate_then_requests_are_served() {
    let cluster = start(|b| b).await;
    for mechanism in ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] {
        let mut stream = connect(&cluster).await;
        // ApiVersions first, as clients do, lists the SASL APIs.
        let versions = send(&mut stream, &ApiVersionsRequest::default(), 3).await;
        let listed = |key: ApiKey| versions.api_keys.iter().any(|k| k.api_key == key.key());
        assert!(listed(ApiKey::SaslHandshake) && listed(ApiKey::SaslAuthenticate));
        let answer = match mechanism {
            "PLAIN" => plain(&mut stream, "alice", "alice-secret").await,
            other => {
                let mechanism = SaslMechanism::from_name(other);
                scram(&mut stream, mechanism, "alice", "alice-secret").await
            }
        };
        assert_eq!(code(answer.error_code), ErrorCode::None, "{mechanism}");
        // No session lifetime without connections_max_reauth (Kafka's 0).
        assert_eq!(answer.session_lifetime_ms, 0);
        assert!(served(&mut stream).await, "{mechanism}");
    }
}

#[tokio::test]
async fn a_listener_without_sasl_lists_the_sasl_apis_and_answers_them_illegal_sasl_state() {
    let plain_cluster = Cluster::builder().start().await.unwrap();
    let mut stream = connect(&plain_cluster).await;
    let versions = send(&mut stream, &ApiVersionsRequest::default(), 3).await;
    let listed = |key: ApiKey| versions.api_keys.iter().any(|k| k.api_key == key.key());
    assert!(listed(ApiKey::SaslHandshake) && listed(ApiKey::SaslAuthenticate));
    let answer = handshake(&mut stream, "PLAIN").await;
    assert_eq!(code(answer.error_code), ErrorCode::IllegalSaslState);
    assert!(answer.mechanisms.is_empty());
    let authenticate = SaslAuthenticateRequest {
        auth_bytes: bytes::Bytes::from_static(b"\0alice\0alice-secret"),
        ..Default::default()
    };
    let answer: SaslAuthenticateResponse = send(&mut stream, &authenticate, 2).await;
    assert_eq!(code(answer.error_code), ErrorCode::IllegalSaslState);
    assert_eq!(
        answer.error_message.as_deref(),
        Some("SaslAuthenticate request received after successful authentication")
    );
    // The connection goes on, as Kafka's does.
    assert!(served(&mut stream).await);
}

#[tokio::test]
async fn wrong_passwords_and_unknown_users_are_refused_and_the_connection_closed() {
    let cluster = start(|b| b).await;
    let cases = [
        ("PLAIN", "alice", "guess", "Authentication failed: Invalid username or password"),
        ("PLAIN", "mallory", "alice-secret", "Authentication failed: Invalid username or password"),
        ("SCRAM-SHA-256", "alice", "guess", "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-256"),
        ("SCRAM-SHA-512", "alice", "guess", "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512"),
        ("SCRAM-SHA-512", "mallory", "x", "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512"),
    ];
    for (mechanism, user, password, message) in cases {
        let mut stream = connect(&cluster).await;
        let answer = match mechanism {
            "PLAIN" => plain(&mut stream, user, password).await,
            other => scram(&mut stream, SaslMechanism::from_name(other), user, password).await,
        };
        let case = format!("{mechanism} {user}:{password}");
        assert_eq!(
            code(answer.error_code),
            ErrorCode::SaslAuthenticationFailed,
            "{case}"
        );
        assert_eq!(answer.error_message.as_deref(), Some(message), "{case}");
        assert!(closed(&mut stream).await, "{case}");
    }
}

#[tokio::test]
async fn a_request_before_authentication_closes_the_connection_unanswered() {
    let cluster = start(|b| b).await;
    // First thing on the connection.
    let mut stream = connect(&cluster).await;
    let request = common::create_topic("t", 1, &[]);
    write(&mut stream, &request, 7).await;
    assert!(closed(&mut stream).await);
    // After ApiVersions, Metadata: closed too.
    let mut stream = connect(&cluster).await;
    send(&mut stream, &ApiVersionsRequest::default(), 3).await;
    write(&mut stream, &metadata(&[]), 12).await;
    assert!(closed(&mut stream).await);
    // Nothing was created.
    let mut stream = connect(&cluster).await;
    assert_eq!(
        code(plain(&mut stream, "admin", "admin-secret").await.error_code),
        ErrorCode::None
    );
    let answer = send(&mut stream, &metadata(&["t"]), 12).await;
    assert_eq!(
        code(answer.topics[0].error_code),
        ErrorCode::UnknownTopicOrPartition
    );
}

/// CVE-2022-34917: until a connection has authenticated, its frames are
/// held to Kafka's `sasl.server.max.receive.size` (512 KiB), not the frame
/// limit (100 MiB); once it has, the frame limit applies.
#[tokio::test]
async fn a_frame_over_sasl_max_receive_size_before_authentication_closes_the_connection() {
    use kafka_wire_sasl::MAX_RECEIVE_SIZE;
    use tokio::io::AsyncWriteExt;

    let cluster = start(|b| b).await;
    // A byte over: its size and 1 KiB of it sent, and closed at the size.
    let mut stream = connect(&cluster).await;
    assert_eq!(
        code(handshake(&mut stream, "PLAIN").await.error_code),
        ErrorCode::None
    );
    stream
        .write_all(&((MAX_RECEIVE_SIZE + 1) as u32).to_be_bytes())
        .await
        .unwrap();
    stream.write_all(&[0; 1024]).await.unwrap();
    assert!(closed(&mut stream).await);
    // A token just under it is read, and refused as a wrong password is.
    let mut stream = connect(&cluster).await;
    assert_eq!(
        code(handshake(&mut stream, "PLAIN").await.error_code),
        ErrorCode::None
    );
    let mut token = b"\0alice\0".to_vec();
    token.resize(MAX_RECEIVE_SIZE - 64, b'x');
    assert_eq!(
        code(round(&mut stream, &token).await.error_code),
        ErrorCode::SaslAuthenticationFailed
    );
    // Authenticated, a request of over 1 MiB is served.
    let mut stream = connect(&cluster).await;
    assert_eq!(
        code(plain(&mut stream, "alice", "alice-secret").await.error_code),
        ErrorCode::None
    );
    let long = "t".repeat(30_000);
    let names: Vec<String> = (0..40).map(|i| format!("{long}{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let answer = send(&mut stream, &metadata(&names), 12).await;
    assert_eq!(answer.topics.len(), 40);
}

#[tokio::test]
async fn sasl_authenticate_without_a_handshake_closes_the_connection() {
    let cluster = start(|b| b).await;
    let mut stream = connect(&cluster).await;
    let request = SaslAuthenticateRequest {
        auth_bytes: bytes::Bytes::from_static(b"\0alice\0alice-secret"),
        ..Default::default()
    };
    write(&mut stream, &request, 2).await;
    assert!(closed(&mut stream).await);
}

#[tokio::test]
async fn an_unsupported_mechanism_is_refused_with_the_mechanisms_offered() {
    let cluster = start(|b| b).await;
    let mut stream = connect(&cluster).await;
    let answer = handshake(&mut stream, "GSSAPI").await;
    assert_eq!(code(answer.error_code), ErrorCode::UnsupportedSaslMechanism);
    let offered: Vec<&str> = answer.mechanisms.iter().map(|m| &**m).collect();
    assert_eq!(offered, ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"]);
    assert!(closed(&mut stream).await);
}

#[tokio::test]
async fn another_request_during_the_exchange_gets_illegal_sasl_state_and_a_close() {
    let cluster = start(|b| b).await;
    let mut stream = connect(&cluster).await;
    assert_eq!(
        code(handshake(&mut stream, "SCRAM-SHA-256").await.error_code),
        ErrorCode::None
    );
    let answer = send(&mut stream, &metadata(&["t"]), 12).await;
    assert_eq!(
        code(answer.topics[0].error_code),
        ErrorCode::IllegalSaslState
    );
    assert!(closed(&mut stream).await);
}

#[tokio::test]
async fn the_authenticated_user_is_the_authorizers_principal() {
    // The builder's principal is the super user's: a SASL connection is the
    // user it authenticated as instead.
    let cluster = start(|b| {
        b.authorizer(true)
            .super_users(["User:admin"])
            .principal("User:admin")
    })
    .await;
    let mut admin = connect(&cluster).await;
    let answer = scram(
        &mut admin,
        SaslMechanism::ScramSha512,
        "admin",
        "admin-secret",
    )
    .await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    let created = send(&mut admin, &common::create_topic("orders", 1, &[]), 7).await;
    assert_eq!(code(created.topics[0].error_code), ErrorCode::None);

    let mut alice = connect(&cluster).await;
    assert_eq!(
        code(plain(&mut alice, "alice", "alice-secret").await.error_code),
        ErrorCode::None
    );
    let created = send(&mut alice, &common::create_topic("mine", 1, &[]), 7).await;
    assert_eq!(
        code(created.topics[0].error_code),
        ErrorCode::TopicAuthorizationFailed
    );
    let answer = send(&mut alice, &metadata(&["orders"]), 12).await;
    assert_eq!(
        code(answer.topics[0].error_code),
        ErrorCode::TopicAuthorizationFailed
    );

    // An ACL for User:alice lets her describe it.
    let acl = CreateAclsRequest {
        creations: vec![AclCreation::new(
            ResourceType::Topic,
            "orders",
            PatternType::Literal,
            "User:alice",
            "*",
            AclOperation::Describe,
            AclPermissionType::Allow,
        )],
        ..Default::default()
    };
    let granted = send(&mut admin, &acl, 3).await;
    assert!(granted.results.iter().all(|r| r.error_code == 0));
    let answer = send(&mut alice, &metadata(&["orders"]), 12).await;
    assert_eq!(code(answer.topics[0].error_code), ErrorCode::None);
}

#[tokio::test(start_paused = true)]
async fn sessions_last_the_reauth_maximum_and_re_authentication_renews_them() {
    let minute = Duration::from_secs(60);
    let cluster = start(|b| b.connections_max_reauth(minute)).await;
    let mut stream = connect(&cluster).await;
    let answer = plain(&mut stream, "alice", "alice-secret").await;
    assert_eq!(answer.session_lifetime_ms, 60_000);
    tokio::time::advance(Duration::from_secs(40)).await;
    assert!(served(&mut stream).await);
    // Re-authentication on the same connection renews the session from now.
    let answer = plain(&mut stream, "alice", "alice-secret").await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    assert_eq!(answer.session_lifetime_ms, 60_000);
    tokio::time::advance(Duration::from_secs(40)).await;
    assert!(
        served(&mut stream).await,
        "80 s in, 40 s after re-authenticating"
    );
    // Re-authenticating as another user is refused as Kafka refuses it.
    let answer = plain(&mut stream, "admin", "admin-secret").await;
    assert_eq!(code(answer.error_code), ErrorCode::SaslAuthenticationFailed);
    assert_eq!(
        answer.error_message.as_deref(),
        Some("Cannot change principals during re-authentication from User.alice: User.admin")
    );
    assert!(closed(&mut stream).await);

    // A request after the session's end closes the connection.
    let mut stream = connect(&cluster).await;
    plain(&mut stream, "alice", "alice-secret").await;
    tokio::time::advance(minute - Duration::from_millis(1)).await;
    assert!(served(&mut stream).await);
    tokio::time::advance(Duration::from_millis(1)).await;
    write(&mut stream, &metadata(&[]), 12).await;
    assert!(closed(&mut stream).await);

    // Re-authenticating with another mechanism: the handshake is answered,
    // and the round after it closes the connection unanswered, as Kafka's
    // REAUTH_BAD_MECHANISM does.
    let mut stream = connect(&cluster).await;
    plain(&mut stream, "alice", "alice-secret").await;
    let answer = handshake(&mut stream, "SCRAM-SHA-256").await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    let client = ScramClient::new(&SaslMechanism::ScramSha256, "alice")
        .unwrap()
        .unwrap();
    let first = SaslAuthenticateRequest {
        auth_bytes: client.client_first().into_bytes().into(),
        ..Default::default()
    };
    write(&mut stream, &first, 2).await;
    assert!(closed(&mut stream).await);

    // A handshake after the end still re-authenticates, as Kafka allows.
    let mut stream = connect(&cluster).await;
    plain(&mut stream, "alice", "alice-secret").await;
    tokio::time::advance(2 * minute).await;
    let answer = plain(&mut stream, "alice", "alice-secret").await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    assert!(served(&mut stream).await);
}

/// An EC P-256 key made for the test: a validator of its JWKS, and an
/// OAUTHBEARER initial response carrying a token for `sub` that expires at
/// `exp` (seconds since the epoch), signed with it.
fn oauthbearer() -> (kafka_wire_fake::JwtValidator, impl Fn(&str, u64) -> Vec<u8>) {
    use base64::Engine;
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let pair = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).unwrap();
    let point = pair.public_key_raw();
    let (x, y) = point[1..].split_at(32);
    let jwk = serde_json::json!({"kty": "EC", "crv": "P-256", "kid": "k", "alg": "ES256",
        "x": b64.encode(x), "y": b64.encode(y)});
    let jwks = serde_json::json!({ "keys": [jwk] }).to_string();
    let validator = kafka_wire_fake::JwtValidator::from_jwks(&jwks).unwrap();
    let der = pair.serialize_der();
    let token = move |sub: &str, exp: u64| {
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
        header.kid = Some("k".into());
        let claims = serde_json::json!({ "sub": sub, "exp": exp });
        let key = jsonwebtoken::EncodingKey::from_ec_der(&der);
        let jwt = jsonwebtoken::encode(&header, &claims, &key).unwrap();
        format!("n,,\u{1}auth=Bearer {jwt}\u{1}\u{1}").into_bytes()
    };
    (validator, token)
}

#[tokio::test]
async fn oauthbearer_tokens_authenticate_and_a_refused_one_closes_after_its_acknowledgement() {
    let (validator, token) = oauthbearer();
    let now = jsonwebtoken::get_current_timestamp();
    let cluster = Cluster::builder()
        .sasl(Credentials::new().oauthbearer(validator))
        .authorizer(true)
        .super_users(["User:carol"])
        .start()
        .await
        .unwrap();
    let mut stream = connect(&cluster).await;
    let answer = handshake(&mut stream, "OAUTHBEARER").await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    let offered: Vec<&str> = answer.mechanisms.iter().map(|m| &**m).collect();
    assert_eq!(offered, ["OAUTHBEARER"], "no users: no PLAIN or SCRAM");
    let answer = round(&mut stream, &token("carol", now + 600)).await;
    assert_eq!(
        (code(answer.error_code), answer.auth_bytes.len()),
        (ErrorCode::None, 0)
    );
    // User:carol, the token's `sub`, is the super user: CreateTopics passes.
    let created = send(&mut stream, &common::create_topic("t", 1, &[]), 7).await;
    assert_eq!(code(created.topics[0].error_code), ErrorCode::None);

    // An expired token: Kafka's JSON challenge under no error, the
    // connection open until the client's %x01, then the failure and a close.
    let mut stream = connect(&cluster).await;
    handshake(&mut stream, "OAUTHBEARER").await;
    let answer = round(&mut stream, &token("carol", now - 3600)).await;
    assert_eq!(code(answer.error_code), ErrorCode::None);
    assert_eq!(&answer.auth_bytes[..], br#"{"status":"invalid_token"}"#);
    let answer = round(&mut stream, b"\x01").await;
    assert_eq!(code(answer.error_code), ErrorCode::SaslAuthenticationFailed);
    assert!(closed(&mut stream).await);
}

#[tokio::test]
async fn a_session_lifetime_needs_a_sasl_listener() {
    let refused = Cluster::builder()
        .connections_max_reauth(Duration::from_secs(1))
        .start()
        .await
        .unwrap_err();
    assert!(
        matches!(refused, StartError::ReauthWithoutSasl),
        "{refused}"
    );
}
