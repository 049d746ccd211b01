//! Hostile input at the message level, for CreateTopicsRequest/Response,
//! CreateAclsRequest/Response and ApiVersionsRequest/Response at every version.
//!
//! From hand-built valid instances (multi-element arrays, long and non-ASCII
//! strings, nulls where nullable, tagged fields and unknown tags set):
//!
//! - each encodes to `encoded_len` bytes and decodes back to itself from one
//!   slice, from `Bytes`, from 1-byte chunks and from random 1..=3-byte chunks;
//!   one trailing byte is `TrailingBytes(1)` for `decode_exact`;
//! - every strict prefix of a valid encoding is an error (never `Ok`, never a
//!   panic) of kind `Truncated`, with a path that starts with the message name
//!   and the version recorded, the same from a slice and from 1-byte chunks;
//! - single-byte mutations never panic; whenever one decodes, the value
//!   re-encodes (to exactly `encoded_len` bytes) and decodes to itself again;
//! - random garbage never panics, through `Message::decode`, `decode_exact`,
//!   and the frame functions, and slice and 1-byte-split decoding agree;
//! - every decode above stays within an allocation bound (see [`message_bound`]);
//! - the interpreted codec (`kafka_wire::dynamic`) reads every one of these
//!   inputs as the typed decoder does: the same values, or the same error
//!   kind at the same field path, within its own bound
//!   ([`interpreted_bound`]).

use std::fmt::Debug;
use std::mem::size_of;

use bytes::Bytes;
use kafka_messages::*;
use kafka_wire::dynamic::{DynamicMessage, Element, FieldValue};
use kafka_wire::schema::MessageSchema;
use kafka_wire::DecodeError;
use kafka_wire::{frame, DecodeErrorKind, Message, Str, UnknownTaggedFields, Uuid, Versioned};
use kafka_wire_test_support::hostile::{self, AllocBound};
use kafka_wire_test_support::typed_debug::debug_of;
use kafka_wire_test_support::{measure, Chunked, Counting, Rng};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The largest in-memory element of any array in these messages. An array
/// decoder may reserve one slot per remaining input byte (derived structs
/// declare `MIN_LEN = 0`), so this is the factor the allocation can reach.
fn largest_element() -> usize {
    [
        size_of::<CreatableTopic>(),
        size_of::<CreatableTopicConfig>(),
        size_of::<CreatableReplicaAssignment>(),
        size_of::<CreatableTopicResult>(),
        size_of::<CreatableTopicConfigs>(),
        size_of::<AclCreation>(),
        size_of::<AclCreationResult>(),
        size_of::<ApiVersion>(),
        size_of::<SupportedFeatureKey>(),
        size_of::<FinalizedFeatureKey>(),
    ]
    .into_iter()
    .max()
    .unwrap()
}

/// The bound asserted on every decode in this file, for `len` input bytes:
/// largest single allocation <= E * len + 1024 and all bytes allocated
/// <= 4 * E * len + 4096, where E = [`largest_element`] (the size of
/// `CreatableTopicResult`, 144 bytes on x86_64 at the time of writing).
///
/// The runtime's own bound (kafka-wire/tests/hostile.rs) is 64 * len + 256;
/// messages exceed it, see `bug_struct_array_preallocation_exceeds_64x_input`.
fn message_bound() -> AllocBound {
    let e = largest_element();
    AllocBound {
        largest_per_byte: e,
        largest_base: 1024,
        total_per_byte: 4 * e,
        total_base: 4096,
    }
}

/// The bound of the interpreted decoder, for `len` input bytes: largest
/// single allocation at most `T * len + 1024` and all bytes allocated at most
/// `4 * T * len + 4096`, where T is the larger of a tree's array element and
/// struct field (each holds a value and its span; every element and field
/// read takes at least one input byte, but for fieldless structs, which
/// allocate nothing).
fn interpreted_bound() -> AllocBound {
    let t = size_of::<Element>().max(size_of::<FieldValue>());
    AllocBound {
        largest_per_byte: t,
        largest_base: 1024,
        total_per_byte: 4 * t,
        total_base: 4096,
    }
}

/// The interpreted decode of `input` (all of it when `exact`) agrees with the
/// typed decoder's result, never panics and stays within its bound.
fn interpreted_agrees<M: Msg>(
    what: &str,
    input: &[u8],
    v: i16,
    exact: bool,
    typed: &Result<M, DecodeError>,
) {
    let schema = MessageSchema::of_message::<M>();
    let bytes = Bytes::copy_from_slice(input);
    let (interpreted, _) = hostile::guarded(
        format_args!("{what}: the interpreted decode"),
        input,
        &interpreted_bound(),
        || {
            if exact {
                DynamicMessage::decode_exact(schema, v, bytes)
            } else {
                DynamicMessage::decode(schema, v, &mut bytes.clone())
            }
        },
    );
    match (typed, &interpreted) {
        (Ok(m), Ok(tree)) => assert_eq!(debug_of(&tree.body), format!("{m:?}"), "{what}"),
        (Err(a), Err(b)) => assert_eq!(
            (a.kind(), a.path()),
            (b.kind(), b.path()),
            "{what}: typed and interpreted errors"
        ),
        (a, b) => panic!(
            "{what}: typed {a:?}, interpreted {:?}",
            b.as_ref().map(|_| "Ok")
        ),
    }
}

// ---------------------------------------------------------------------------
// Split buffers
// ---------------------------------------------------------------------------

/// Chunks of random sizes in `1..=3`.
fn random_chunks<'a>(data: &'a [u8], rng: &mut Rng) -> Chunked<'a> {
    Chunked::with_sizes(data, || 1 + rng.index(3))
}

// ---------------------------------------------------------------------------
// Hand-built valid instances
// ---------------------------------------------------------------------------

const LONG_ASCII: usize = 200;

fn long_text(seed: char) -> String {
    // 300+ bytes of mixed 1-, 2-, 3- and 4-byte characters.
    let mut s = String::new();
    for i in 0..80 {
        s.push(match i % 4 {
            0 => seed,
            1 => 'é',
            2 => '語',
            _ => '🦀',
        });
    }
    s
}

fn unknown(flexible: bool, tags: &[(u32, &'static [u8])]) -> UnknownTaggedFields {
    let mut u = UnknownTaggedFields::new();
    if flexible {
        for &(tag, value) in tags {
            u.insert(tag, Bytes::from_static(value));
        }
    }
    u
}

fn create_topics_requests(v: i16) -> Vec<CreateTopicsRequest> {
    let flex = v >= 5;
    let full = CreateTopicsRequest {
        topics: vec![
            CreatableTopic {
                name: "orders".into(),
                num_partitions: 6,
                replication_factor: 3,
                assignments: vec![],
                configs: vec![
                    CreatableTopicConfig::new("cleanup.policy", "compact"),
                    CreatableTopicConfig {
                        name: "retention.ms".into(),
                        value: None,
                        unknown_tagged_fields: unknown(flex, &[(4, b"\x01\x02")]),
                    },
                    CreatableTopicConfig::new("note", long_text('n')),
                ],
                unknown_tagged_fields: unknown(flex, &[(0, b""), (300, b"xyz")]),
            },
            CreatableTopic {
                name: "Заказы-注文-🚀".into(),
                num_partitions: -1,
                replication_factor: -1,
                assignments: vec![
                    CreatableReplicaAssignment {
                        partition_index: 0,
                        broker_ids: vec![1, 2, 3].into(),
                        unknown_tagged_fields: unknown(flex, &[(9, b"\xff")]),
                    },
                    CreatableReplicaAssignment {
                        partition_index: 1,
                        broker_ids: vec![2, 3, 1].into(),
                        ..Default::default()
                    },
                    CreatableReplicaAssignment {
                        partition_index: 2,
                        broker_ids: BrokerIds::new(),
                        ..Default::default()
                    },
                ],
                configs: vec![],
                ..Default::default()
            },
            CreatableTopic {
                name: "t".repeat(LONG_ASCII).into(),
                num_partitions: i32::MAX,
                replication_factor: i16::MIN,
                configs: vec![CreatableTopicConfig {
                    name: "".into(),
                    value: Some(Str::new()),
                    ..Default::default()
                }],
                ..Default::default()
            },
        ],
        timeout_ms: 30_000,
        validate_only: v >= 1, // a field of version 1 and up
        unknown_tagged_fields: unknown(flex, &[(1, b"\x00"), (127, b""), (128, b"\x80")]),
    };
    vec![full, CreateTopicsRequest::default()]
}

fn create_topics_responses(v: i16) -> Vec<CreateTopicsResponse> {
    let flex = v >= 5;
    let configs = vec![
        CreatableTopicConfigs {
            name: "cleanup.policy".into(),
            value: Some("delete".into()),
            read_only: false,
            config_source: 5,
            is_sensitive: false,
            unknown_tagged_fields: unknown(flex, &[(2, b"\x02")]),
        },
        CreatableTopicConfigs {
            name: "sasl.jaas.config".into(),
            value: None,
            read_only: true,
            config_source: -1,
            is_sensitive: true,
            ..Default::default()
        },
        CreatableTopicConfigs {
            name: long_text('c').into(),
            value: Some(long_text('v').into()),
            ..Default::default()
        },
    ];
    let mut full = CreateTopicsResponse {
        throttle_time_ms: if v >= 2 { 250 } else { 0 }, // a field of version 2 and up
        topics: vec![
            CreatableTopicResult {
                name: "orders".into(),
                topic_id: if v >= 7 {
                    "0b8f4a3c-1d2e-4f50-8a6b-7c8d9e0f1a2b".parse().unwrap()
                } else {
                    Uuid::ZERO
                },
                error_code: 0,
                error_message: None,
                topic_config_error_code: if flex { 29 } else { 0 },
                num_partitions: if flex { 6 } else { -1 },
                replication_factor: if flex { 3 } else { -1 },
                configs: if flex { Some(configs) } else { Some(vec![]) },
                unknown_tagged_fields: unknown(flex, &[(7, b"\x07\x07")]),
            },
            CreatableTopicResult {
                name: "Заказы-注文-🚀".into(),
                error_code: 36,
                error_message: Some("Topic 'Заказы' already exists. 日本語 🦀".into()),
                configs: if flex { None } else { Some(vec![]) },
                ..Default::default()
            },
            CreatableTopicResult {
                name: "t".repeat(LONG_ASCII).into(),
                error_code: -1,
                error_message: Some(long_text('m').into()),
                ..Default::default()
            },
        ],
        unknown_tagged_fields: unknown(flex, &[(0, b"\x01"), (5, b"")]),
    };
    if v == 0 {
        // Version 0 has no error messages: each reads as Kafka's default, "".
        for topic in &mut full.topics {
            topic.error_message = Some(Str::new());
        }
    }
    vec![full, CreateTopicsResponse::default()]
}

fn create_acls_requests(v: i16) -> Vec<CreateAclsRequest> {
    let flex = v >= 2;
    let full = CreateAclsRequest {
        creations: vec![
            AclCreation::new(
                ResourceType::Topic,
                "orders",
                PatternType::Literal,
                "User:alice",
                "*",
                AclOperation::Read,
                AclPermissionType::Allow,
            ),
            AclCreation {
                resource_type: 4,
                resource_name: "t".repeat(LONG_ASCII).into(),
                // Version 0 has no pattern type: literal (3), its default.
                resource_pattern_type: if v >= 1 { 4 } else { 3 },
                principal: "User:Ω-ß-語-🦀".into(),
                host: "10.0.0.1".into(),
                operation: 2,
                permission_type: 2,
                unknown_tagged_fields: unknown(flex, &[(3, b"\x03\x03\x03")]),
            },
            AclCreation {
                resource_type: -1,
                resource_name: long_text('r').into(),
                resource_pattern_type: 3,
                principal: "".into(),
                host: "".into(),
                operation: i8::MIN,
                permission_type: i8::MAX,
                ..Default::default()
            },
        ],
        unknown_tagged_fields: unknown(flex, &[(0, b""), (1000, b"\x01")]),
    };
    vec![full, CreateAclsRequest::default()]
}

fn create_acls_responses(v: i16) -> Vec<CreateAclsResponse> {
    let flex = v >= 2;
    let full = CreateAclsResponse {
        throttle_time_ms: 7,
        results: vec![
            AclCreationResult {
                error_code: 0,
                error_message: None,
                unknown_tagged_fields: unknown(flex, &[(1, b"\x01")]),
            },
            AclCreationResult {
                error_code: 31,
                error_message: Some("Cluster authorization failed — 拒否".into()),
                ..Default::default()
            },
            AclCreationResult {
                error_code: -1,
                error_message: Some(long_text('e').into()),
                ..Default::default()
            },
            AclCreationResult {
                error_code: 0,
                error_message: Some(Str::new()),
                ..Default::default()
            },
        ],
        unknown_tagged_fields: unknown(flex, &[(2, b"\x02\x02")]),
    };
    vec![full, CreateAclsResponse::default()]
}

fn api_versions_requests(v: i16) -> Vec<ApiVersionsRequest> {
    let flex = v >= 3;
    let full = ApiVersionsRequest {
        client_software_name: if flex {
            "kafka-wire".into()
        } else {
            Str::new()
        },
        client_software_version: if flex {
            "0.1.0-ß-語-🦀".into()
        } else {
            Str::new()
        },
        cluster_id: (v >= 5).then(|| "5L6g3nShT-eMCtK--X86sw".into()),
        node_id: if v >= 5 { 1 } else { -1 },
        unknown_tagged_fields: unknown(flex, &[(0, b"\x00"), (200, b"")]),
    };
    vec![full, ApiVersionsRequest::default()]
}

fn api_versions_responses(v: i16) -> Vec<ApiVersionsResponse> {
    let flex = v >= 3;
    let api_keys = (0..70)
        .map(|k| ApiVersion {
            api_key: k,
            min_version: k % 3,
            max_version: k % 3 + k % 11,
            unknown_tagged_fields: unknown(flex && k == 18, &[(0, b"\x12")]),
        })
        .collect();
    let full = ApiVersionsResponse {
        error_code: 35,
        api_keys,
        throttle_time_ms: if v >= 1 { 12 } else { 0 },
        supported_features: if flex {
            vec![
                SupportedFeatureKey {
                    name: "metadata.version".into(),
                    min_version: 1,
                    max_version: 20,
                    ..Default::default()
                },
                SupportedFeatureKey {
                    name: long_text('f').into(),
                    min_version: 0,
                    max_version: 1,
                    unknown_tagged_fields: unknown(flex, &[(1, b"\x01")]),
                },
            ]
        } else {
            vec![]
        },
        finalized_features_epoch: if flex { 42 } else { -1 },
        finalized_features: if flex {
            vec![FinalizedFeatureKey {
                name: "kraft.version".into(),
                max_version_level: 1,
                min_version_level: 1,
                ..Default::default()
            }]
        } else {
            vec![]
        },
        zk_migration_ready: flex,
        unknown_tagged_fields: unknown(flex, &[(9, b"\x09"), (4000, b"\x0f\xa0")]),
    };
    let small = ApiVersionsResponse {
        api_keys: vec![ApiVersion {
            api_key: 18,
            min_version: 0,
            max_version: 4,
            ..Default::default()
        }],
        ..Default::default()
    };
    vec![full, small, ApiVersionsResponse::default()]
}

// ---------------------------------------------------------------------------
// Running a check over every message and version
// ---------------------------------------------------------------------------

/// What the checks need of a message type.
trait Msg: Message + Clone + Debug + PartialEq {}
impl<T: Message + Clone + Debug + PartialEq> Msg for T {}

/// One message type: its builders and whether it is a request.
struct Subject<M> {
    build: fn(i16) -> Vec<M>,
    request: bool,
}

/// Calls `$check::<M>(subject, extra...)` for each of the six messages.
macro_rules! for_each_message {
    ($check:ident $(, $arg:expr)*) => {{
        $check(Subject { build: create_topics_requests, request: true } $(, $arg)*);
        $check(Subject { build: create_topics_responses, request: false } $(, $arg)*);
        $check(Subject { build: create_acls_requests, request: true } $(, $arg)*);
        $check(Subject { build: create_acls_responses, request: false } $(, $arg)*);
        $check(Subject { build: api_versions_requests, request: true } $(, $arg)*);
        $check(Subject { build: api_versions_responses, request: false } $(, $arg)*);
    }};
}

fn versions<M: Message>() -> std::ops::RangeInclusive<i16> {
    M::VERSIONS.lowest().unwrap()..=M::VERSIONS.highest().unwrap()
}

fn encode<M: Msg>(m: &M, v: i16) -> Vec<u8> {
    let mut out = Vec::new();
    m.encode(&mut out, v)
        .unwrap_or_else(|e| panic!("{} v{v}: encode failed: {e}", M::SCHEMA.name));
    assert_eq!(
        out.len(),
        m.encoded_len(v),
        "{} v{v}: encoded_len",
        M::SCHEMA.name
    );
    out
}

/// Every (version, instance, encoding) of `M`.
fn valid<M: Msg>(subject: &Subject<M>) -> Vec<(i16, M, Vec<u8>)> {
    let mut out = Vec::new();
    for v in versions::<M>() {
        for m in (subject.build)(v) {
            let bytes = encode(&m, v);
            out.push((v, m, bytes));
        }
    }
    out
}

/// [`hostile::guarded`] with this file's [`message_bound`]: decodes under
/// the allocator, catching panics; fails the test on a panic or an
/// allocation over the bound, naming `what` and the input.
#[track_caller]
fn guarded<T>(what: &str, input: &[u8], decode: impl FnOnce() -> T) -> T {
    hostile::guarded(what, input, &message_bound(), decode).0
}

// ---------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------

fn round_trips_whole_and_split<M: Msg>(subject: Subject<M>) {
    let name = M::SCHEMA.name;
    let mut rng = Rng::new(0xface);
    let cases = valid(&subject);
    assert!(cases.len() >= 2 * versions::<M>().count());
    for (v, m, bytes) in cases {
        let what = format!("{name} v{v} ({} bytes)", bytes.len());
        let from_slice = M::decode_exact(&bytes[..], v).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(from_slice, m, "{what}: from one slice");
        let from_bytes = M::decode_exact(Bytes::copy_from_slice(&bytes), v).unwrap();
        assert_eq!(from_bytes, m, "{what}: from Bytes");
        let from_bytewise = M::decode_exact(Chunked::bytewise(&bytes), v).unwrap();
        assert_eq!(from_bytewise, m, "{what}: from 1-byte chunks");
        for _ in 0..4 {
            let from_random = M::decode_exact(random_chunks(&bytes, &mut rng), v).unwrap();
            assert_eq!(from_random, m, "{what}: from 1..=3-byte chunks");
        }
        // The decoder leaves what follows the message in the buffer.
        let mut longer = bytes.clone();
        longer.push(0xab);
        let mut src = &longer[..];
        assert_eq!(M::decode(&mut src, v).unwrap(), m);
        assert_eq!(src, &[0xab]);
        let err = M::decode_exact(&longer[..], v).unwrap_err();
        assert_eq!(*err.kind(), DecodeErrorKind::TrailingBytes(1), "{what}");
        assert_eq!(err.path(), name, "{what}");
    }
}

#[test]
fn valid_messages_round_trip_whole_and_through_split_buffers() {
    for_each_message!(round_trips_whole_and_split);
}

fn prefixes_are_truncated<M: Msg>(subject: Subject<M>) {
    let name = M::SCHEMA.name;
    for (v, _, bytes) in valid(&subject) {
        for cut in 0..bytes.len() {
            let prefix = &bytes[..cut];
            let what = format!("{name} v{v}, prefix {cut} of {}", bytes.len());
            let err = guarded(&what, prefix, || M::decode(&mut &prefix[..], v))
                .expect_err(&format!("{what}: a prefix decoded Ok"));
            assert!(
                matches!(err.kind(), DecodeErrorKind::Truncated { .. }),
                "{what}: {err:?}"
            );
            assert!(
                err.path().starts_with(name),
                "{what}: path {:?}",
                err.path()
            );
            assert_eq!(err.location().version(), Some(v), "{what}");
            // The same error, path included, through 1-byte chunks and
            // through decode_exact.
            let split = M::decode(&mut Chunked::bytewise(prefix), v).unwrap_err();
            assert_eq!(format!("{split:?}"), format!("{err:?}"), "{what}: split");
            let exact = M::decode_exact(prefix, v).unwrap_err();
            assert_eq!(format!("{exact:?}"), format!("{err:?}"), "{what}: exact");
            interpreted_agrees::<M>(&what, prefix, v, true, &Err(exact));
        }
    }
}

#[test]
fn every_truncated_prefix_is_a_truncation_error_with_the_message_path() {
    for_each_message!(prefixes_are_truncated);
}

/// Replacement bytes tried at each mutated position.
fn replacements(b: u8, rng: &mut Rng) -> [u8; 6] {
    [
        b ^ 0x01,
        b ^ 0x80,
        b.wrapping_add(1),
        0x00,
        0xff,
        rng.next_u64() as u8,
    ]
}

fn mutations_are_safe<M: Msg>(subject: Subject<M>, stats: &mut [usize; 3]) {
    let name = M::SCHEMA.name;
    let mut rng = Rng::new(0x5eed);
    for (v, _, bytes) in valid(&subject) {
        // Every position of small encodings; a sample of 300 of large ones.
        let positions: Vec<usize> = if bytes.len() <= 300 {
            (0..bytes.len()).collect()
        } else {
            (0..300).map(|_| rng.index(bytes.len())).collect()
        };
        for at in positions {
            let original = bytes[at];
            for b in replacements(original, &mut rng) {
                if b == original {
                    continue;
                }
                let mut input = bytes.clone();
                input[at] = b;
                let what = format!("{name} v{v}, byte {at} {original:#04x} -> {b:#04x}");
                let decoded = guarded(&what, &input, || M::decode_exact(&input[..], v));
                interpreted_agrees(&what, &input, v, true, &decoded);
                stats[0] += 1;
                let Ok(first) = decoded else { continue };
                stats[1] += 1;
                // It must re-encode, to exactly encoded_len bytes, and decode
                // to the same value again.
                let mut again = Vec::new();
                first
                    .encode(&mut again, v)
                    .unwrap_or_else(|e| panic!("{what}: decoded {first:?} but re-encode: {e}"));
                assert_eq!(again.len(), first.encoded_len(v), "{what}: encoded_len");
                let second = M::decode_exact(&again[..], v)
                    .unwrap_or_else(|e| panic!("{what}: re-decode: {e}"));
                assert_eq!(second, first, "{what}: decode . encode . decode");
                if again == input {
                    stats[2] += 1;
                }
                // Split decoding of the mutated input agrees.
                let split = M::decode_exact(Chunked::bytewise(&input), v).unwrap();
                assert_eq!(split, first, "{what}: split");
            }
        }
    }
}

#[test]
fn single_byte_mutations_never_panic_and_reencode_consistently() {
    let mut stats = [0usize; 3];
    for_each_message!(mutations_are_safe, &mut stats);
    eprintln!(
        "mutations: {} decoded, {} Ok, {} Ok and byte-identical on re-encode",
        stats[0], stats[1], stats[2]
    );
    assert!(stats[1] > 0 && stats[1] < stats[0]);
}

const GARBAGE_CASES: u64 = 3000;

fn garbage_is_safe<M: Msg>(subject: Subject<M>, ok: &mut usize) {
    let name = M::SCHEMA.name;
    for v in versions::<M>() {
        for i in 0..GARBAGE_CASES {
            let seed = ((M::API_KEY as u64) << 40) | ((v as u64) << 32) | i;
            let mut rng = Rng::new(seed);
            // 0..96 bytes: half uniform, half from a small alphabet, so
            // that counts and lengths are often small and decoding goes deep.
            let input = hostile::garbage(&mut rng, 96);
            let what = format!("{name} v{v}, garbage seed {seed:#x}");
            let slice = guarded(&what, &input, || M::decode(&mut &input[..], v));
            interpreted_agrees(&what, &input, v, false, &slice);
            let split = guarded(&what, &input, || {
                M::decode(&mut Chunked::bytewise(&input), v)
            });
            assert_eq!(format!("{slice:?}"), format!("{split:?}"), "{what}: split");
            if let Ok(m) = &slice {
                *ok += 1;
                // Whatever decodes re-encodes and decodes to itself.
                let again = encode(m, v);
                assert_eq!(&M::decode_exact(&again[..], v).unwrap(), m, "{what}");
            }
            let _ = guarded(&what, &input, || M::decode_exact(&input[..], v));
            // As a frame body after a header.
            if subject.request {
                let mut framed = Vec::with_capacity(4 + input.len());
                framed.extend_from_slice(&M::API_KEY.to_be_bytes());
                framed.extend_from_slice(&v.to_be_bytes());
                framed.extend_from_slice(&input);
                let framed = Bytes::from(framed);
                let _ = guarded(&what, &input, || frame::decode_request::<M>(framed));
            } else {
                let framed = Bytes::copy_from_slice(&input);
                let _ = guarded(&what, &input, || frame::decode_response::<M>(framed, v));
            }
        }
    }
}

#[test]
fn random_garbage_never_panics_and_stays_within_the_allocation_bound() {
    let mut ok = 0;
    for_each_message!(garbage_is_safe, &mut ok);
    eprintln!("garbage: {ok} inputs decoded Ok");
}

// ---------------------------------------------------------------------------
// Regression: arrays of structs must not reserve memory by a claimed count
// ---------------------------------------------------------------------------

/// Once, derived structs declared `Wire::MIN_LEN = 0`, so an array decoder
/// reserved `count * size_of::<T>()` (144 bytes per claimed element for
/// `CreatableTopicResult`) before decoding anything: a 100 MiB frame could ask
/// for ~14 GiB. Now a struct's MIN_LEN sums its always-present fields, and an
/// array reserves at most 32 bytes of memory per input byte left.
///
/// Input (4104 bytes): CreateTopicsResponse v2, throttle_time_ms 0, topics
/// count 4096 (00 00 10 00), then 4096 zero bytes.
/// Bound: largest single allocation <= 64 * 4104 + 256 = 262_912 bytes.
#[test]
fn struct_array_preallocation_is_bounded_by_input() {
    let mut input = vec![0, 0, 0, 0, 0x00, 0x00, 0x10, 0x00];
    input.extend(std::iter::repeat_n(0, 4096));
    let (result, usage) = measure(|| CreateTopicsResponse::decode_exact(&input[..], 2));
    // Zeros decode as 682 empty results, then the input runs out.
    assert!(matches!(
        result.unwrap_err().kind(),
        DecodeErrorKind::Truncated { .. }
    ));
    let bound = 64 * input.len() + 256;
    assert!(
        usage.largest <= bound,
        "largest allocation {} > {bound} for {} input bytes",
        usage.largest,
        input.len()
    );

    // The same through every message and array level: a count equal to the
    // bytes that remain, followed by zeros.
    for (what, usage, len) in [
        {
            // CreateTopicsRequest v2: topics count 4096.
            let mut input = vec![0x00, 0x00, 0x10, 0x00];
            input.extend(std::iter::repeat_n(0, 4096));
            let (_, u) = measure(|| CreateTopicsRequest::decode(&mut &input[..], 2));
            ("CreateTopicsRequest.topics", u, input.len())
        },
        {
            // CreateAclsRequest v3 (flexible): creations count 4096 (uvarint 4097).
            let mut input = vec![0x81, 0x20];
            input.extend(std::iter::repeat_n(0, 4096));
            let (_, u) = measure(|| CreateAclsRequest::decode(&mut &input[..], 3));
            ("CreateAclsRequest.creations", u, input.len())
        },
    ] {
        assert!(
            usage.largest <= 64 * len + 256,
            "{what}: largest allocation {} for {len} input bytes",
            usage.largest
        );
    }
}

#[test]
fn element_sizes_behind_the_bound() {
    // Documents the factor `message_bound` uses; fails loudly if a message
    // struct grows past it, so the bound is revisited rather than silently
    // loosened.
    let e = largest_element();
    eprintln!("largest array element: {e} bytes");
    assert!(e <= 256, "largest element is {e} bytes");
}
