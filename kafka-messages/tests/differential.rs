//! Differential test against the `kafka-protocol` crate (0.18).
//!
//! For every version of the six message types, seeded pseudo-random instances
//! that are valid for that version are converted field by field into
//! kafka-protocol's equivalent, and both crates must agree:
//!
//! 1. both encode byte-identical bodies, and our `encoded_len` == their
//!    `compute_size` == the bytes written;
//! 2. our decode of their bytes equals our instance, and their decode of our
//!    bytes equals their converted instance (and converts back to ours);
//! 3. our decode consumes the whole buffer (`decode_exact`).
//!
//! Only valid data is fed to kafka-protocol: it aborts the process on huge
//! array lengths and does not enforce the 32767-byte limit of compact strings.
//!
//! Replaying: a failure prints the instance's seed. Run one instance with
//! `DIFF_REPLAY=<Type>:<version>:<seed> cargo test -p kafka-messages --test differential`
//! (e.g. `DIFF_REPLAY=CreateTopicsResponse:5:0x1234abcd`); the other instances are
//! then skipped. `DIFF_SEED=<u64>` changes the base seed of every instance and
//! `DIFF_COUNT=<n>` the number of instances per version (default 1000).

use std::collections::BTreeMap;
use std::fmt::{Debug, Write as _};
use std::panic::{catch_unwind, AssertUnwindSafe};

use bytes::Bytes;
use kafka_messages as ours;
use kafka_protocol::messages as kp;
use kafka_protocol::protocol::{Decodable, Encodable, StrBytes};
use kafka_wire::{Message, Str, UnknownTaggedFields, Uuid, Versioned};
use kafka_wire_test_support::Rng as Seeded;

/// Instances per version unless `DIFF_COUNT` says otherwise.
const DEFAULT_COUNT: u64 = 1000;
/// The base seed unless `DIFF_SEED` says otherwise.
const DEFAULT_BASE_SEED: u64 = 0x6b61_666b_612d_7769;
/// Detailed reports printed per (type, version); the rest are only counted.
const MAX_REPORTS: usize = 3;

// ---------------------------------------------------------------------------
// The generator: the workspace's, counting what it produced
// ---------------------------------------------------------------------------

/// One step of the workspace's generator from `state`: a mixing function.
fn mix(state: u64) -> u64 {
    Seeded::new(state).next_u64()
}

/// What the generator produced, to show that the edges are reached.
#[derive(Debug, Default, Clone, Copy)]
struct Stats {
    strings: usize,
    empty_strings: usize,
    non_ascii_strings: usize,
    /// 127 bytes or more: a 2-byte compact length varint.
    strings_ge_127: usize,
    strings_ge_1000: usize,
    longest_string: usize,
    nulls: usize,
    arrays_empty: usize,
    arrays_one: usize,
    arrays_many: usize,
    /// 127 elements or more: a 2-byte compact length varint.
    arrays_ge_127: usize,
    /// MIN or MAX of the integer's width.
    extremes: usize,
    negatives: usize,
    unknown_field_sets: usize,
    unknown_fields: usize,
    unknown_tags_ge_128: usize,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.strings += o.strings;
        self.empty_strings += o.empty_strings;
        self.non_ascii_strings += o.non_ascii_strings;
        self.strings_ge_127 += o.strings_ge_127;
        self.strings_ge_1000 += o.strings_ge_1000;
        self.longest_string = self.longest_string.max(o.longest_string);
        self.nulls += o.nulls;
        self.arrays_empty += o.arrays_empty;
        self.arrays_one += o.arrays_one;
        self.arrays_many += o.arrays_many;
        self.arrays_ge_127 += o.arrays_ge_127;
        self.extremes += o.extremes;
        self.negatives += o.negatives;
        self.unknown_field_sets += o.unknown_field_sets;
        self.unknown_fields += o.unknown_fields;
        self.unknown_tags_ge_128 += o.unknown_tags_ge_128;
    }
}

/// Deterministic pseudo-random source; one per instance, built from its seed.
struct Rng {
    seeded: Seeded,
    stats: Stats,
}

impl Rng {
    fn new(seed: u64) -> Self {
        Rng {
            seeded: Seeded::new(seed),
            stats: Stats::default(),
        }
    }

    fn next(&mut self) -> u64 {
        self.seeded.next_u64()
    }

    /// Uniform in `0..n` (n > 0; the modulo bias is irrelevant here).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `num / den`.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    fn bool(&mut self) -> bool {
        self.next() & 1 == 1
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// An integer of `bits` bits: an extreme or edge value, a small value, or
    /// anything, each about a third of the time.
    fn int(&mut self, bits: u32) -> i64 {
        let min = i64::MIN >> (64 - bits);
        let max = i64::MAX >> (64 - bits);
        let v = match self.below(3) {
            0 => self.pick(&[min, min + 1, -2, -1, 0, 1, 2, max - 1, max]),
            1 => self.range(0, 20) as i64 - 10,
            _ => {
                let raw = self.next();
                if bits == 64 {
                    raw as i64
                } else {
                    // Sign-extend the low `bits` bits.
                    ((raw << (64 - bits)) as i64) >> (64 - bits)
                }
            }
        };
        self.stats.extremes += usize::from(v == min || v == max);
        self.stats.negatives += usize::from(v < 0);
        v
    }

    fn i8(&mut self) -> i8 {
        self.int(8) as i8
    }

    fn i16(&mut self) -> i16 {
        self.int(16) as i16
    }

    fn i32(&mut self) -> i32 {
        self.int(32) as i32
    }

    fn i64(&mut self) -> i64 {
        self.int(64)
    }

    /// An array length: 0, 1 or several (up to `many`); rarely around the
    /// compact-length varint boundary when `boundary` is set (cheap elements).
    fn count(&mut self, many: u64, boundary: bool) -> usize {
        let n = match self.below(100) {
            0..=24 => 0,
            25..=59 => 1,
            60..=97 => self.range(2, many) as usize,
            _ if boundary => self.pick(&[126usize, 127, 128, 200]),
            _ => self.range(2, many) as usize,
        };
        let st = &mut self.stats;
        match n {
            0 => st.arrays_empty += 1,
            1 => st.arrays_one += 1,
            _ => st.arrays_many += 1,
        }
        st.arrays_ge_127 += usize::from(n >= 127);
        n
    }

    fn vec<T>(&mut self, many: u64, boundary: bool, mut f: impl FnMut(&mut Rng) -> T) -> Vec<T> {
        let n = self.count(many, boundary);
        (0..n).map(|_| f(self)).collect()
    }

    /// A string of at most 32767 bytes: empty, short ASCII, non-ASCII, at the
    /// varint/length boundaries, and occasionally a few thousand bytes.
    fn string(&mut self) -> String {
        const FIXED: &[&str] = &[
            "tópico-Ω-日本",
            "orders",
            "cleanup.policy",
            "User:alice",
            "*",
            "🦀 crab",
            "nul\u{0}inside",
            "\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}",
        ];
        match self.below(1000) {
            0..=149 => String::new(),
            150..=499 => {
                let len = self.range(1, 24) as usize;
                self.ascii(len)
            }
            500..=699 => FIXED[self.below(FIXED.len() as u64) as usize].to_owned(),
            700..=899 => {
                let len = self.range(1, 40) as usize;
                self.unicode(len)
            }
            900..=979 => {
                // Around the 1-byte/2-byte compact-length varint boundary
                // (compact length = len + 1, so 126/127 and 127/128) and others.
                let len = self.pick(&[126usize, 127, 128, 129, 255, 256, 300]);
                if self.bool() {
                    self.ascii(len)
                } else {
                    self.unicode(len)
                }
            }
            980..=997 => {
                let len = self.range(1000, 4000) as usize;
                self.unicode(len)
            }
            _ => {
                // The largest length both int16 and compact forms allow.
                let len = self.pick(&[16383usize, 16384, 32767]);
                self.ascii(len)
            }
        }
    }

    /// Exactly `len` bytes of printable ASCII.
    fn ascii(&mut self, len: usize) -> String {
        (0..len)
            .map(|_| (b' ' + self.below(95) as u8) as char)
            .collect()
    }

    /// Exactly `len` bytes of mixed 1- to 4-byte UTF-8.
    fn unicode(&mut self, len: usize) -> String {
        const CHARS: &[char] = &[
            'a', 'Z', '-', '.', 'ó', 'Ω', 'ß', '日', '本', '€', '🦀', '𝄞',
        ];
        let mut s = String::with_capacity(len);
        while s.len() < len {
            let c = self.pick(CHARS);
            if s.len() + c.len_utf8() <= len {
                s.push(c);
            } else {
                s.push('x');
            }
        }
        s
    }

    fn str(&mut self) -> Str {
        let s = self.string();
        let st = &mut self.stats;
        st.strings += 1;
        st.empty_strings += usize::from(s.is_empty());
        st.non_ascii_strings += usize::from(!s.is_ascii());
        st.strings_ge_127 += usize::from(s.len() >= 127);
        st.strings_ge_1000 += usize::from(s.len() >= 1000);
        st.longest_string = st.longest_string.max(s.len());
        Str::from(s)
    }

    /// A nullable string: null about a fifth of the time.
    fn opt_str(&mut self) -> Option<Str> {
        if self.chance(1, 5) {
            self.stats.nulls += 1;
            None
        } else {
            Some(self.str())
        }
    }

    fn uuid(&mut self) -> Uuid {
        match self.below(10) {
            0 => Uuid::ZERO,
            1 => Uuid::from_bytes([0xff; 16]),
            _ => Uuid::from_u64_pair(self.next(), self.next()),
        }
    }

    /// Random undeclared tagged fields for a struct at a flexible version (on
    /// about a third of the structs), with tags ascending, unique and at least
    /// `first_free`, the first tag above the struct's declared ones (0 when it
    /// declares none), so that none collides with a declared tag. Mostly 1 to 4
    /// tags below 200 with 0 to 8 bytes (sometimes 128 to 300: a 2-byte size);
    /// sometimes also one large tag (3- to 5-byte varint); rarely 130 tags (a
    /// 2-byte count).
    fn unknown_tags(&mut self, flexible: bool, first_free: u32) -> UnknownTaggedFields {
        let mut fields = UnknownTaggedFields::new();
        if !flexible || !self.chance(1, 3) {
            return fields;
        }
        let mut tags = Vec::new();
        if self.chance(1, 100) {
            tags.extend(first_free..first_free + 130);
        } else {
            let mut tag = first_free + self.range(0, 15) as u32;
            for _ in 0..self.range(1, 4) {
                if tag >= 200 {
                    break;
                }
                tags.push(tag);
                tag += self.range(1, 60) as u32;
            }
            if self.chance(1, 10) {
                tags.push(self.pick(&[16383, 16384, 2_097_151, 2_097_152, i32::MAX as u32]));
            }
        }
        for tag in tags {
            let len = match self.below(20) {
                0 => self.range(128, 300),
                _ => self.range(0, 8),
            } as usize;
            let value: Vec<u8> = (0..len).map(|_| self.next() as u8).collect();
            fields.insert(tag, Bytes::from(value));
            self.stats.unknown_fields += 1;
            self.stats.unknown_tags_ge_128 += usize::from(tag >= 128);
        }
        self.stats.unknown_field_sets += 1;
        fields
    }
}

// ---------------------------------------------------------------------------
// Shared conversions
// ---------------------------------------------------------------------------

fn sb(s: &Str) -> StrBytes {
    // Shares the buffer; cannot fail since `Str` is UTF-8.
    StrBytes::from_utf8(s.clone().into_bytes()).expect("Str is UTF-8")
}

fn st(s: &StrBytes) -> Str {
    Str::from_utf8(s.clone().into_bytes()).expect("StrBytes is UTF-8")
}

fn osb(s: &Option<Str>) -> Option<StrBytes> {
    s.as_ref().map(sb)
}

fn ost(s: &Option<StrBytes>) -> Option<Str> {
    s.as_ref().map(st)
}

fn tags_to(t: &UnknownTaggedFields) -> BTreeMap<i32, Bytes> {
    t.iter()
        .map(|(tag, v)| (i32::try_from(tag).expect("tag fits i32"), v.clone()))
        .collect()
}

fn tags_from(t: &BTreeMap<i32, Bytes>) -> UnknownTaggedFields {
    let mut out = UnknownTaggedFields::new();
    for (tag, v) in t {
        out.insert(u32::try_from(*tag).expect("tag >= 0"), v.clone());
    }
    out
}

fn uuid_to(u: &Uuid) -> uuid::Uuid {
    uuid::Uuid::from_bytes(*u.as_bytes())
}

fn uuid_from(u: &uuid::Uuid) -> Uuid {
    Uuid::from_bytes(*u.as_bytes())
}

// Ours -> theirs destructures our structs exhaustively (no `..`), and theirs ->
// ours builds our structs with literals, so a field added to one of our structs
// fails to compile here until it is converted. kafka-protocol's structs are
// `#[non_exhaustive]`: we start from `Default` and assign every field.

// ---------------------------------------------------------------------------
// CreateTopics
// ---------------------------------------------------------------------------

mod create_topics {
    use super::*;
    use kp::create_topics_request as kq;
    use kp::create_topics_response as ks;

    pub fn gen_request(rng: &mut Rng, version: i16) -> ours::CreateTopicsRequest {
        let flex = version >= 5;
        ours::CreateTopicsRequest {
            topics: rng.vec(5, false, |rng| ours::CreatableTopic {
                name: rng.str(),
                num_partitions: rng.i32(),
                replication_factor: rng.i16(),
                assignments: rng.vec(5, false, |rng| ours::CreatableReplicaAssignment {
                    partition_index: rng.i32(),
                    broker_ids: rng.vec(6, true, Rng::i32).into(),
                    unknown_tagged_fields: rng.unknown_tags(flex, 0),
                }),
                configs: rng.vec(5, false, |rng| ours::CreatableTopicConfig {
                    name: rng.str(),
                    value: rng.opt_str(),
                    unknown_tagged_fields: rng.unknown_tags(flex, 0),
                }),
                unknown_tagged_fields: rng.unknown_tags(flex, 0),
            }),
            timeout_ms: if rng.chance(1, 5) { 60000 } else { rng.i32() },
            validate_only: rng.bool(),
            unknown_tagged_fields: rng.unknown_tags(flex, 0),
        }
    }

    pub fn request_to(o: &ours::CreateTopicsRequest) -> kp::CreateTopicsRequest {
        let ours::CreateTopicsRequest {
            topics,
            timeout_ms,
            validate_only,
            unknown_tagged_fields,
        } = o;
        let mut t = kp::CreateTopicsRequest::default();
        t.topics = topics.iter().map(topic_to).collect();
        t.timeout_ms = *timeout_ms;
        t.validate_only = *validate_only;
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    fn topic_to(o: &ours::CreatableTopic) -> kq::CreatableTopic {
        let ours::CreatableTopic {
            name,
            num_partitions,
            replication_factor,
            assignments,
            configs,
            unknown_tagged_fields,
        } = o;
        let mut t = kq::CreatableTopic::default();
        t.name = kp::TopicName(sb(name));
        t.num_partitions = *num_partitions;
        t.replication_factor = *replication_factor;
        t.assignments = assignments.iter().map(assignment_to).collect();
        t.configs = configs.iter().map(config_to).collect();
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    fn assignment_to(o: &ours::CreatableReplicaAssignment) -> kq::CreatableReplicaAssignment {
        let ours::CreatableReplicaAssignment {
            partition_index,
            broker_ids,
            unknown_tagged_fields,
        } = o;
        let mut t = kq::CreatableReplicaAssignment::default();
        t.partition_index = *partition_index;
        t.broker_ids = broker_ids.iter().map(|&b| kp::BrokerId(b)).collect();
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    fn config_to(o: &ours::CreatableTopicConfig) -> kq::CreatableTopicConfig {
        let ours::CreatableTopicConfig {
            name,
            value,
            unknown_tagged_fields,
        } = o;
        let mut t = kq::CreatableTopicConfig::default();
        t.name = sb(name);
        t.value = osb(value);
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    pub fn request_from(t: &kp::CreateTopicsRequest) -> ours::CreateTopicsRequest {
        ours::CreateTopicsRequest {
            topics: t
                .topics
                .iter()
                .map(|t| ours::CreatableTopic {
                    name: st(&t.name.0),
                    num_partitions: t.num_partitions,
                    replication_factor: t.replication_factor,
                    assignments: t
                        .assignments
                        .iter()
                        .map(|a| ours::CreatableReplicaAssignment {
                            partition_index: a.partition_index,
                            broker_ids: a.broker_ids.iter().map(|b| b.0).collect(),
                            unknown_tagged_fields: tags_from(&a.unknown_tagged_fields),
                        })
                        .collect(),
                    configs: t
                        .configs
                        .iter()
                        .map(|c| ours::CreatableTopicConfig {
                            name: st(&c.name),
                            value: ost(&c.value),
                            unknown_tagged_fields: tags_from(&c.unknown_tagged_fields),
                        })
                        .collect(),
                    unknown_tagged_fields: tags_from(&t.unknown_tagged_fields),
                })
                .collect(),
            timeout_ms: t.timeout_ms,
            validate_only: t.validate_only,
            unknown_tagged_fields: tags_from(&t.unknown_tagged_fields),
        }
    }

    pub fn gen_response(rng: &mut Rng, version: i16) -> ours::CreateTopicsResponse {
        let flex = version >= 5;
        ours::CreateTopicsResponse {
            throttle_time_ms: rng.i32(),
            topics: rng.vec(5, false, |rng| {
                // Start from the defaults: fields absent in `version` keep them.
                let mut r = ours::CreatableTopicResult {
                    name: rng.str(),
                    error_code: rng.i16(),
                    error_message: rng.opt_str(),
                    ..Default::default()
                };
                if version >= 7 {
                    r.topic_id = rng.uuid();
                }
                if version >= 5 {
                    r.topic_config_error_code = if rng.chance(2, 5) { 0 } else { rng.i16() };
                    r.num_partitions = rng.i32();
                    r.replication_factor = rng.i16();
                    r.configs = if rng.chance(1, 5) {
                        rng.stats.nulls += 1;
                        None
                    } else {
                        Some(rng.vec(5, false, |rng| ours::CreatableTopicConfigs {
                            name: rng.str(),
                            value: rng.opt_str(),
                            read_only: rng.bool(),
                            config_source: rng.i8(),
                            is_sensitive: rng.bool(),
                            unknown_tagged_fields: rng.unknown_tags(flex, 0),
                        }))
                    };
                }
                // Tag 0 is topic_config_error_code.
                r.unknown_tagged_fields = rng.unknown_tags(flex, 1);
                r
            }),
            unknown_tagged_fields: rng.unknown_tags(flex, 0),
        }
    }

    pub fn response_to(o: &ours::CreateTopicsResponse) -> kp::CreateTopicsResponse {
        let ours::CreateTopicsResponse {
            throttle_time_ms,
            topics,
            unknown_tagged_fields,
        } = o;
        let mut t = kp::CreateTopicsResponse::default();
        t.throttle_time_ms = *throttle_time_ms;
        t.topics = topics.iter().map(result_to).collect();
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    pub fn result_to(o: &ours::CreatableTopicResult) -> ks::CreatableTopicResult {
        let ours::CreatableTopicResult {
            name,
            topic_id,
            error_code,
            error_message,
            topic_config_error_code,
            num_partitions,
            replication_factor,
            configs,
            unknown_tagged_fields,
        } = o;
        let mut t = ks::CreatableTopicResult::default();
        t.name = kp::TopicName(sb(name));
        t.topic_id = uuid_to(topic_id);
        t.error_code = *error_code;
        t.error_message = osb(error_message);
        t.topic_config_error_code = *topic_config_error_code;
        t.num_partitions = *num_partitions;
        t.replication_factor = *replication_factor;
        t.configs = configs
            .as_ref()
            .map(|cs| cs.iter().map(configs_to).collect());
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    fn configs_to(o: &ours::CreatableTopicConfigs) -> ks::CreatableTopicConfigs {
        let ours::CreatableTopicConfigs {
            name,
            value,
            read_only,
            config_source,
            is_sensitive,
            unknown_tagged_fields,
        } = o;
        let mut t = ks::CreatableTopicConfigs::default();
        t.name = sb(name);
        t.value = osb(value);
        t.read_only = *read_only;
        t.config_source = *config_source;
        t.is_sensitive = *is_sensitive;
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    pub fn response_from(t: &kp::CreateTopicsResponse) -> ours::CreateTopicsResponse {
        ours::CreateTopicsResponse {
            throttle_time_ms: t.throttle_time_ms,
            topics: t
                .topics
                .iter()
                .map(|r| ours::CreatableTopicResult {
                    name: st(&r.name.0),
                    topic_id: uuid_from(&r.topic_id),
                    error_code: r.error_code,
                    error_message: ost(&r.error_message),
                    topic_config_error_code: r.topic_config_error_code,
                    num_partitions: r.num_partitions,
                    replication_factor: r.replication_factor,
                    configs: r.configs.as_ref().map(|cs| {
                        cs.iter()
                            .map(|c| ours::CreatableTopicConfigs {
                                name: st(&c.name),
                                value: ost(&c.value),
                                read_only: c.read_only,
                                config_source: c.config_source,
                                is_sensitive: c.is_sensitive,
                                unknown_tagged_fields: tags_from(&c.unknown_tagged_fields),
                            })
                            .collect()
                    }),
                    unknown_tagged_fields: tags_from(&r.unknown_tagged_fields),
                })
                .collect(),
            unknown_tagged_fields: tags_from(&t.unknown_tagged_fields),
        }
    }
}

// ---------------------------------------------------------------------------
// CreateAcls
// ---------------------------------------------------------------------------

mod create_acls {
    use super::*;
    use kp::create_acls_request as kq;
    use kp::create_acls_response as ks;

    pub fn gen_request(rng: &mut Rng, version: i16) -> ours::CreateAclsRequest {
        let flex = version >= 2;
        ours::CreateAclsRequest {
            creations: rng.vec(6, false, |rng| ours::AclCreation {
                resource_type: rng.i8(),
                resource_name: rng.str(),
                resource_pattern_type: if rng.chance(1, 4) { 3 } else { rng.i8() },
                principal: rng.str(),
                host: rng.str(),
                operation: rng.i8(),
                permission_type: rng.i8(),
                unknown_tagged_fields: rng.unknown_tags(flex, 0),
            }),
            unknown_tagged_fields: rng.unknown_tags(flex, 0),
        }
    }

    pub fn request_to(o: &ours::CreateAclsRequest) -> kp::CreateAclsRequest {
        let ours::CreateAclsRequest {
            creations,
            unknown_tagged_fields,
        } = o;
        let mut t = kp::CreateAclsRequest::default();
        t.creations = creations.iter().map(creation_to).collect();
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    fn creation_to(o: &ours::AclCreation) -> kq::AclCreation {
        let ours::AclCreation {
            resource_type,
            resource_name,
            resource_pattern_type,
            principal,
            host,
            operation,
            permission_type,
            unknown_tagged_fields,
        } = o;
        let mut t = kq::AclCreation::default();
        t.resource_type = *resource_type;
        t.resource_name = sb(resource_name);
        t.resource_pattern_type = *resource_pattern_type;
        t.principal = sb(principal);
        t.host = sb(host);
        t.operation = *operation;
        t.permission_type = *permission_type;
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    pub fn request_from(t: &kp::CreateAclsRequest) -> ours::CreateAclsRequest {
        ours::CreateAclsRequest {
            creations: t
                .creations
                .iter()
                .map(|c| ours::AclCreation {
                    resource_type: c.resource_type,
                    resource_name: st(&c.resource_name),
                    resource_pattern_type: c.resource_pattern_type,
                    principal: st(&c.principal),
                    host: st(&c.host),
                    operation: c.operation,
                    permission_type: c.permission_type,
                    unknown_tagged_fields: tags_from(&c.unknown_tagged_fields),
                })
                .collect(),
            unknown_tagged_fields: tags_from(&t.unknown_tagged_fields),
        }
    }

    pub fn gen_response(rng: &mut Rng, version: i16) -> ours::CreateAclsResponse {
        let flex = version >= 2;
        ours::CreateAclsResponse {
            throttle_time_ms: rng.i32(),
            results: rng.vec(6, false, |rng| ours::AclCreationResult {
                error_code: rng.i16(),
                error_message: rng.opt_str(),
                unknown_tagged_fields: rng.unknown_tags(flex, 0),
            }),
            unknown_tagged_fields: rng.unknown_tags(flex, 0),
        }
    }

    pub fn response_to(o: &ours::CreateAclsResponse) -> kp::CreateAclsResponse {
        let ours::CreateAclsResponse {
            throttle_time_ms,
            results,
            unknown_tagged_fields,
        } = o;
        let mut t = kp::CreateAclsResponse::default();
        t.throttle_time_ms = *throttle_time_ms;
        t.results = results.iter().map(result_to).collect();
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    fn result_to(o: &ours::AclCreationResult) -> ks::AclCreationResult {
        let ours::AclCreationResult {
            error_code,
            error_message,
            unknown_tagged_fields,
        } = o;
        let mut t = ks::AclCreationResult::default();
        t.error_code = *error_code;
        t.error_message = osb(error_message);
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    pub fn response_from(t: &kp::CreateAclsResponse) -> ours::CreateAclsResponse {
        ours::CreateAclsResponse {
            throttle_time_ms: t.throttle_time_ms,
            results: t
                .results
                .iter()
                .map(|r| ours::AclCreationResult {
                    error_code: r.error_code,
                    error_message: ost(&r.error_message),
                    unknown_tagged_fields: tags_from(&r.unknown_tagged_fields),
                })
                .collect(),
            unknown_tagged_fields: tags_from(&t.unknown_tagged_fields),
        }
    }
}

// ---------------------------------------------------------------------------
// ApiVersions
// ---------------------------------------------------------------------------

mod api_versions {
    use super::*;
    use kp::api_versions_response as ks;

    pub fn gen_request(rng: &mut Rng, version: i16) -> ours::ApiVersionsRequest {
        let flex = version >= 3;
        let mut r = ours::ApiVersionsRequest::default();
        if version >= 3 {
            r.client_software_name = rng.str();
            r.client_software_version = rng.str();
        }
        r.unknown_tagged_fields = rng.unknown_tags(flex, 0);
        r
    }

    pub fn request_to(o: &ours::ApiVersionsRequest) -> kp::ApiVersionsRequest {
        // `cluster_id` and `node_id` are v5+, past kafka-protocol's versions.
        let ours::ApiVersionsRequest {
            client_software_name,
            client_software_version,
            cluster_id: _,
            node_id: _,
            unknown_tagged_fields,
        } = o;
        let mut t = kp::ApiVersionsRequest::default();
        t.client_software_name = sb(client_software_name);
        t.client_software_version = sb(client_software_version);
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    pub fn request_from(t: &kp::ApiVersionsRequest) -> ours::ApiVersionsRequest {
        ours::ApiVersionsRequest {
            client_software_name: st(&t.client_software_name),
            client_software_version: st(&t.client_software_version),
            unknown_tagged_fields: tags_from(&t.unknown_tagged_fields),
            ..Default::default()
        }
    }

    pub fn gen_response(rng: &mut Rng, version: i16) -> ours::ApiVersionsResponse {
        let flex = version >= 3;
        let mut r = ours::ApiVersionsResponse {
            error_code: rng.i16(),
            api_keys: rng.vec(8, true, |rng| ours::ApiVersion {
                api_key: rng.i16(),
                min_version: rng.i16(),
                max_version: rng.i16(),
                unknown_tagged_fields: rng.unknown_tags(flex, 0),
            }),
            ..Default::default()
        };
        if version >= 1 {
            r.throttle_time_ms = rng.i32();
        }
        if version >= 3 {
            r.supported_features = rng.vec(4, false, |rng| ours::SupportedFeatureKey {
                name: rng.str(),
                min_version: rng.i16(),
                max_version: rng.i16(),
                unknown_tagged_fields: rng.unknown_tags(flex, 0),
            });
            r.finalized_features_epoch = if rng.chance(1, 3) { -1 } else { rng.i64() };
            r.finalized_features = rng.vec(4, false, |rng| ours::FinalizedFeatureKey {
                name: rng.str(),
                max_version_level: rng.i16(),
                min_version_level: rng.i16(),
                unknown_tagged_fields: rng.unknown_tags(flex, 0),
            });
            r.zk_migration_ready = rng.bool();
        }
        // Tags 0 to 3 are declared.
        r.unknown_tagged_fields = rng.unknown_tags(flex, 4);
        r
    }

    pub fn response_to(o: &ours::ApiVersionsResponse) -> kp::ApiVersionsResponse {
        let ours::ApiVersionsResponse {
            error_code,
            api_keys,
            throttle_time_ms,
            supported_features,
            finalized_features_epoch,
            finalized_features,
            zk_migration_ready,
            unknown_tagged_fields,
        } = o;
        let mut t = kp::ApiVersionsResponse::default();
        t.error_code = *error_code;
        t.api_keys = api_keys.iter().map(api_version_to).collect();
        t.throttle_time_ms = *throttle_time_ms;
        t.supported_features = supported_features.iter().map(supported_to).collect();
        t.finalized_features_epoch = *finalized_features_epoch;
        t.finalized_features = finalized_features.iter().map(finalized_to).collect();
        t.zk_migration_ready = *zk_migration_ready;
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    fn api_version_to(o: &ours::ApiVersion) -> ks::ApiVersion {
        let ours::ApiVersion {
            api_key,
            min_version,
            max_version,
            unknown_tagged_fields,
        } = o;
        let mut t = ks::ApiVersion::default();
        t.api_key = *api_key;
        t.min_version = *min_version;
        t.max_version = *max_version;
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    fn supported_to(o: &ours::SupportedFeatureKey) -> ks::SupportedFeatureKey {
        let ours::SupportedFeatureKey {
            name,
            min_version,
            max_version,
            unknown_tagged_fields,
        } = o;
        let mut t = ks::SupportedFeatureKey::default();
        t.name = sb(name);
        t.min_version = *min_version;
        t.max_version = *max_version;
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    fn finalized_to(o: &ours::FinalizedFeatureKey) -> ks::FinalizedFeatureKey {
        let ours::FinalizedFeatureKey {
            name,
            max_version_level,
            min_version_level,
            unknown_tagged_fields,
        } = o;
        let mut t = ks::FinalizedFeatureKey::default();
        t.name = sb(name);
        t.max_version_level = *max_version_level;
        t.min_version_level = *min_version_level;
        t.unknown_tagged_fields = tags_to(unknown_tagged_fields);
        t
    }

    pub fn response_from(t: &kp::ApiVersionsResponse) -> ours::ApiVersionsResponse {
        ours::ApiVersionsResponse {
            error_code: t.error_code,
            api_keys: t
                .api_keys
                .iter()
                .map(|a| ours::ApiVersion {
                    api_key: a.api_key,
                    min_version: a.min_version,
                    max_version: a.max_version,
                    unknown_tagged_fields: tags_from(&a.unknown_tagged_fields),
                })
                .collect(),
            throttle_time_ms: t.throttle_time_ms,
            supported_features: t
                .supported_features
                .iter()
                .map(|f| ours::SupportedFeatureKey {
                    name: st(&f.name),
                    min_version: f.min_version,
                    max_version: f.max_version,
                    unknown_tagged_fields: tags_from(&f.unknown_tagged_fields),
                })
                .collect(),
            finalized_features_epoch: t.finalized_features_epoch,
            finalized_features: t
                .finalized_features
                .iter()
                .map(|f| ours::FinalizedFeatureKey {
                    name: st(&f.name),
                    max_version_level: f.max_version_level,
                    min_version_level: f.min_version_level,
                    unknown_tagged_fields: tags_from(&f.unknown_tagged_fields),
                })
                .collect(),
            zk_migration_ready: t.zk_migration_ready,
            unknown_tagged_fields: tags_from(&t.unknown_tagged_fields),
        }
    }
}

// ---------------------------------------------------------------------------
// The harness
// ---------------------------------------------------------------------------

/// One message type: how to generate it and convert it both ways.
struct Spec<O, T> {
    name: &'static str,
    gen: fn(&mut Rng, i16) -> O,
    to: fn(&O) -> T,
    from: fn(&T) -> O,
    /// What the instances of a version must have covered (checked on full runs).
    expect: fn(i16) -> Expect,
}

/// The kinds of values a version's instances must include.
#[derive(Debug, Clone, Copy)]
struct Expect {
    /// Empty, non-ASCII, >= 127-byte and >= 1000-byte strings.
    strings: bool,
    /// Nulls in nullable fields.
    nulls: bool,
    /// Arrays of 0, 1 and several elements.
    arrays: bool,
    /// Negative numbers and MIN/MAX extremes.
    numbers: bool,
}

impl Expect {
    const ALL: Expect = Expect {
        strings: true,
        nulls: true,
        arrays: true,
        numbers: true,
    };

    /// The coverage that `stats` lacks; unknown tagged fields (some with tags
    /// >= 128) are required exactly in flexible versions.
    fn missing(self, stats: &Stats, flexible: bool) -> Vec<&'static str> {
        let mut missing = Vec::new();
        let mut need = |ok: bool, what| {
            if !ok {
                missing.push(what);
            }
        };
        if self.strings {
            need(stats.empty_strings > 0, "empty strings");
            need(stats.non_ascii_strings > 0, "non-ASCII strings");
            need(stats.strings_ge_127 > 0, "strings >= 127 bytes");
            need(stats.strings_ge_1000 > 0, "strings >= 1000 bytes");
        }
        if self.nulls {
            need(stats.nulls > 0, "nulls");
        }
        if self.arrays {
            need(stats.arrays_empty > 0, "empty arrays");
            need(stats.arrays_one > 0, "1-element arrays");
            need(stats.arrays_many > 0, "multi-element arrays");
        }
        if self.numbers {
            need(stats.negatives > 0, "negative numbers");
            need(stats.extremes > 0, "MIN/MAX numbers");
        }
        if flexible {
            need(stats.unknown_field_sets > 0, "unknown tagged fields");
            need(stats.unknown_tags_ge_128 > 0, "unknown tags >= 128");
        } else {
            need(
                stats.unknown_fields == 0,
                "no unknown tagged fields (non-flexible)",
            );
        }
        missing
    }
}

/// Hex dump, 32 bytes a line with offsets; long dumps keep the head and the
/// lines around `focus`.
fn hex_dump(bytes: &[u8], focus: Option<usize>) -> String {
    const LINE: usize = 32;
    let mut out = String::new();
    let lines = bytes.len().div_ceil(LINE).max(1);
    let keep = |line: usize| {
        lines <= 64
            || line < 8
            || line + 2 >= lines
            || focus.is_some_and(|f| line + 4 >= f / LINE && line <= f / LINE + 4)
    };
    let mut skipped = false;
    for line in 0..lines {
        if !keep(line) {
            skipped = true;
            continue;
        }
        if skipped {
            out.push_str("      ...\n");
            skipped = false;
        }
        let start = line * LINE;
        let end = (start + LINE).min(bytes.len());
        let _ = write!(out, "  {start:06x}:");
        for b in &bytes[start..end] {
            let _ = write!(out, " {b:02x}");
        }
        out.push('\n');
    }
    out
}

/// `Debug` text, cut after a few thousand characters (instances may hold
/// strings of up to 32767 bytes).
fn debug_cut(value: &dyn Debug) -> String {
    const MAX: usize = 4000;
    let mut text = format!("{value:?}");
    if text.len() > MAX {
        let mut end = MAX;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let total = text.len();
        text.truncate(end);
        let _ = write!(text, "... ({total} characters in all)");
    }
    text
}

fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .or_else(|| (a.len() != b.len()).then(|| a.len().min(b.len())))
}

/// The whole comparison for one instance. `tamper` may alter our encoding
/// before it is compared and decoded (identity in the real test).
fn check<O, T>(
    spec: &Spec<O, T>,
    ours_msg: &O,
    version: i16,
    tamper: &dyn Fn(&mut Vec<u8>),
) -> Result<(), String>
where
    O: Message + PartialEq + Debug,
    T: Encodable + Decodable + PartialEq + Debug,
{
    let theirs_msg = (spec.to)(ours_msg);
    let mut problems: Vec<String> = Vec::new();

    // Sanity of the conversion itself: converting back must give the instance.
    let back = (spec.from)(&theirs_msg);
    if &back != ours_msg {
        problems.push("conversion ours -> theirs -> ours is not the identity".into());
    }

    // 1. Encodings and sizes.
    let failed = |what: String| {
        format!(
            "  - {what}\n  instance: {}\n",
            debug_cut(ours_msg as &dyn Debug)
        )
    };
    let mut ours_bytes = Vec::new();
    if let Err(e) = ours_msg.encode(&mut ours_bytes, version) {
        return Err(failed(format!("our encode failed: {e}")));
    }
    let ours_written = ours_bytes.len();
    // With room to spare the body is written in one pass, without sizing it
    // first: the same bytes.
    let mut one_pass = Vec::with_capacity(ours_written + 256);
    match ours_msg.encode(&mut one_pass, version) {
        Ok(n) if n == ours_written && one_pass == ours_bytes => {}
        Ok(n) => problems.push(format!(
            "one-pass encode wrote {n} bytes, {}",
            if one_pass == ours_bytes {
                "the same"
            } else {
                "different ones"
            }
        )),
        Err(e) => problems.push(format!("one-pass encode failed: {e}")),
    }
    // Sized first, into a buffer of exactly that length: the same bytes.
    match ours_msg.encode_to_vec(version) {
        Ok(exact) if exact == ours_bytes => {}
        Ok(_) => problems.push("encode_to_vec wrote different bytes".into()),
        Err(e) => problems.push(format!("encode_to_vec failed: {e}")),
    }
    tamper(&mut ours_bytes);
    let ours_len = ours_msg.encoded_len(version);
    let mut theirs_bytes = Vec::new();
    if let Err(e) = theirs_msg.encode(&mut theirs_bytes, version) {
        return Err(failed(format!("kafka-protocol encode failed: {e:#}")));
    }
    let theirs_size = match theirs_msg.compute_size(version) {
        Ok(n) => n,
        Err(e) => return Err(failed(format!("kafka-protocol compute_size failed: {e:#}"))),
    };
    if ours_len != ours_written || theirs_size != theirs_bytes.len() || ours_len != theirs_size {
        problems.push(format!(
            "sizes differ: our encoded_len {ours_len}, our bytes written {ours_written}, \
             their compute_size {theirs_size}, their bytes written {}",
            theirs_bytes.len()
        ));
    }
    let diff = first_difference(&ours_bytes, &theirs_bytes);
    if let Some(at) = diff {
        problems.push(format!(
            "bodies differ (first difference at byte {at}; ours {} bytes, theirs {} bytes)",
            ours_bytes.len(),
            theirs_bytes.len()
        ));
    }

    // 2 + 3. Our decode of their bytes, whole buffer.
    match O::decode_exact(Bytes::from(theirs_bytes.clone()), version) {
        Ok(decoded) if &decoded == ours_msg => {}
        Ok(decoded) => problems.push(format!(
            "our decode of their bytes differs from the instance:\n    decoded:  {}",
            debug_cut(&decoded)
        )),
        Err(e) => problems.push(format!("our decode_exact of their bytes failed: {e}")),
    }

    // 2. Their decode of our bytes.
    let mut input = Bytes::from(ours_bytes.clone());
    match T::decode(&mut input, version) {
        Ok(decoded) => {
            if decoded != theirs_msg {
                problems.push(format!(
                    "their decode of our bytes differs from the converted instance:\n    \
                     decoded:   {}\n    converted: {}",
                    debug_cut(&decoded),
                    debug_cut(&theirs_msg)
                ));
            } else if &(spec.from)(&decoded) != ours_msg {
                problems.push("their decode of our bytes converts back to something else".into());
            }
            if !input.is_empty() {
                problems.push(format!(
                    "their decode of our bytes left {} bytes",
                    input.len()
                ));
            }
        }
        Err(e) => problems.push(format!("their decode of our bytes failed: {e:#}")),
    }

    if problems.is_empty() {
        return Ok(());
    }
    let mut report = String::new();
    for p in &problems {
        let _ = writeln!(report, "  - {p}");
    }
    let _ = writeln!(report, "  instance: {}", debug_cut(ours_msg as &dyn Debug));
    let _ = writeln!(report, "  ours ({} bytes):", ours_bytes.len());
    report.push_str(&hex_dump(&ours_bytes, diff));
    let _ = writeln!(report, "  theirs ({} bytes):", theirs_bytes.len());
    report.push_str(&hex_dump(&theirs_bytes, diff));
    Err(report)
}

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    let parsed = match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => v.parse(),
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name}={v:?} is not a u64")))
}

/// The seed of instance `index` of `name` at `version`.
fn instance_seed(base: u64, name: &str, version: i16, index: u64) -> u64 {
    let mut h = base;
    for b in name.bytes() {
        h = mix(h) ^ u64::from(b);
    }
    h ^= (version as u64) << 48;
    h = mix(h);
    h.wrapping_add(index.wrapping_mul(0x2545_f491_4f6c_dd1d))
}

/// `DIFF_REPLAY=<Type>:<version>:<seed>`, if set.
fn replay() -> Option<(String, i16, u64)> {
    let v = std::env::var("DIFF_REPLAY").ok()?;
    let mut parts = v.trim().splitn(3, ':');
    let (Some(name), Some(version), Some(seed)) = (parts.next(), parts.next(), parts.next()) else {
        panic!("DIFF_REPLAY={v:?}: expected <Type>:<version>:<seed>");
    };
    let version = version.parse().expect("DIFF_REPLAY version");
    let seed = match seed.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => seed.parse(),
    }
    .expect("DIFF_REPLAY seed");
    Some((name.to_owned(), version, seed))
}

/// Runs the differential for every version of one type; panics at the end
/// with a summary if any instance failed.
fn run<O, T>(spec: Spec<O, T>)
where
    O: Message + PartialEq + Debug,
    T: Encodable + Decodable + kafka_protocol::protocol::Message + PartialEq + Debug,
{
    let base = env_u64("DIFF_SEED").unwrap_or(DEFAULT_BASE_SEED);
    let count = env_u64("DIFF_COUNT").unwrap_or(DEFAULT_COUNT);
    // The versions both crates have: kafka-protocol 0.18 is Kafka 4.1's
    // schemas (ApiVersions stops at 4 there, and the versions Kafka 4.0
    // removed are not there).
    let versions = O::VERSIONS
        .lowest()
        .expect("some version")
        .max(T::VERSIONS.min)
        ..=O::VERSIONS
            .highest()
            .expect("a highest version")
            .min(T::VERSIONS.max);

    let cases: Vec<(i16, u64, u64)> = match replay() {
        Some((name, version, seed)) if name == spec.name => vec![(version, 0, seed)],
        Some(_) => return,
        None => versions
            .flat_map(|v| (0..count).map(move |i| (v, i, instance_seed(base, spec.name, v, i))))
            .collect(),
    };

    let mut failures: BTreeMap<i16, (usize, Vec<String>)> = BTreeMap::new();
    let mut stats: BTreeMap<i16, Stats> = BTreeMap::new();
    let mut bytes_compared = 0usize;
    for &(version, index, seed) in &cases {
        let mut rng = Rng::new(seed);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let msg = (spec.gen)(&mut rng, version);
            let n = msg.encoded_len(version);
            check(&spec, &msg, version, &|_| {}).map(|()| n)
        }))
        .unwrap_or_else(|panic| {
            let text = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("  - panicked: {text}\n"))
        });
        stats.entry(version).or_default().add(&rng.stats);
        match outcome {
            Ok(n) => bytes_compared += n,
            Err(report) => {
                let entry = failures.entry(version).or_default();
                entry.0 += 1;
                if entry.1.len() < MAX_REPORTS {
                    entry.1.push(format!(
                        "{} v{version} index {index} seed {seed:#018x} \
                         (replay: DIFF_REPLAY={}:{version}:{seed:#x})\n{report}",
                        spec.name, spec.name
                    ));
                }
            }
        }
    }

    eprintln!(
        "{}: {} instances over versions {}, {} body bytes compared, {} failed",
        spec.name,
        cases.len(),
        O::VERSIONS,
        bytes_compared,
        failures.values().map(|f| f.0).sum::<usize>()
    );
    let mut summary = String::new();
    for (version, st) in &stats {
        eprintln!("  v{version}: {st:?}");
        if cases.len() > 1 && count >= DEFAULT_COUNT {
            let missing = (spec.expect)(*version).missing(st, O::FLEXIBLE.contains(*version));
            if !missing.is_empty() {
                let _ = writeln!(
                    summary,
                    "=== {} v{version}: the generator did not cover {missing:?}",
                    spec.name
                );
            }
        }
    }
    if failures.is_empty() && summary.is_empty() {
        return;
    }
    for (version, (n, reports)) in &failures {
        let _ = writeln!(
            summary,
            "=== {} v{version}: {n} failing instances",
            spec.name
        );
        for r in reports {
            let _ = writeln!(summary, "{r}");
        }
    }
    panic!("differential failed (base seed {base:#x}):\n{summary}");
}

#[test]
fn create_topics_request() {
    run(Spec {
        name: "CreateTopicsRequest",
        gen: create_topics::gen_request,
        to: create_topics::request_to,
        from: create_topics::request_from,
        expect: |_| Expect::ALL,
    });
}

#[test]
fn create_topics_response() {
    run(Spec {
        name: "CreateTopicsResponse",
        gen: create_topics::gen_response,
        to: create_topics::response_to,
        from: create_topics::response_from,
        expect: |_| Expect::ALL,
    });
}

#[test]
fn create_acls_request() {
    run(Spec {
        name: "CreateAclsRequest",
        gen: create_acls::gen_request,
        to: create_acls::request_to,
        from: create_acls::request_from,
        expect: |_| Expect {
            nulls: false,
            ..Expect::ALL
        },
    });
}

#[test]
fn create_acls_response() {
    run(Spec {
        name: "CreateAclsResponse",
        gen: create_acls::gen_response,
        to: create_acls::response_to,
        from: create_acls::response_from,
        expect: |_| Expect::ALL,
    });
}

#[test]
fn api_versions_request() {
    run(Spec {
        name: "ApiVersionsRequest",
        gen: api_versions::gen_request,
        to: api_versions::request_to,
        from: api_versions::request_from,
        expect: |v| Expect {
            strings: v >= 3,
            nulls: false,
            arrays: false,
            numbers: false,
        },
    });
}

#[test]
fn api_versions_response() {
    run(Spec {
        name: "ApiVersionsResponse",
        gen: api_versions::gen_response,
        to: api_versions::response_to,
        from: api_versions::response_from,
        expect: |v| Expect {
            strings: v >= 3,
            nulls: false,
            ..Expect::ALL
        },
    });
}

/// The comparison is not vacuous: an instance that passes fails once one byte
/// of our encoding is altered, or once the conversion drops a field.
#[test]
fn differential_catches_a_mistake() {
    let spec = Spec {
        name: "CreateTopicsResponse",
        gen: create_topics::gen_response,
        to: create_topics::response_to,
        from: create_topics::response_from,
        expect: |_| Expect::ALL,
    };
    let msg = ours::CreateTopicsResponse {
        throttle_time_ms: 0,
        topics: vec![ours::CreatableTopicResult {
            name: "tópico-Ω-日本".into(),
            topic_config_error_code: 0x0123,
            ..Default::default()
        }],
        ..Default::default()
    };
    check(&spec, &msg, 5, &|_| {}).expect("the untouched instance passes");

    // v5 body: throttle(4) topics(1) name(1+17) error_code(2) error_message(1)
    // num_partitions(4) replication_factor(2) configs(1), then the topic's tagged
    // section: count 01, tag 00, size 02, value 01 23; then 00 for the message.
    let mut body = Vec::new();
    msg.encode(&mut body, 5).unwrap();
    let tail = &body[body.len() - 6..];
    assert_eq!(tail, [0x01, 0x00, 0x02, 0x01, 0x23, 0x00], "{body:02x?}");
    let at = body.len() - 2; // the low byte of topic_config_error_code
    let err = check(&spec, &msg, 5, &|b: &mut Vec<u8>| b[at] ^= 0x01)
        .expect_err("a flipped byte must be caught");
    assert!(err.contains("bodies differ"), "{err}");
    assert!(err.contains("their decode of our bytes differs"), "{err}");

    // A conversion that forgets topic_config_error_code is caught too.
    let forgetful = Spec {
        to: |o: &ours::CreateTopicsResponse| {
            let mut t = create_topics::response_to(o);
            for r in &mut t.topics {
                r.topic_config_error_code = 0;
            }
            t
        },
        ..spec
    };
    let err = check(&forgetful, &msg, 5, &|_| {}).expect_err("a lossy conversion must be caught");
    assert!(err.contains("bodies differ"), "{err}");
}

/// The declared tagged fields take non-default values in the instances of the
/// versions that have them (and only there), so the differential compares them.
#[test]
fn declared_tagged_fields_are_exercised() {
    if replay().is_some() {
        return;
    }
    let base = env_u64("DIFF_SEED").unwrap_or(DEFAULT_BASE_SEED);
    let count = env_u64("DIFF_COUNT").unwrap_or(DEFAULT_COUNT);
    let instances = |name: &'static str, version: i16| {
        (0..count).map(move |i| Rng::new(instance_seed(base, name, version, i)))
    };

    for version in 2..=7 {
        let (mut tagged, mut null_configs, mut topic_ids) = (0, 0, 0);
        for mut rng in instances("CreateTopicsResponse", version) {
            let msg = create_topics::gen_response(&mut rng, version);
            for r in &msg.topics {
                tagged += usize::from(r.topic_config_error_code != 0);
                null_configs += usize::from(r.configs.is_none());
                topic_ids += usize::from(!r.topic_id.is_zero());
            }
        }
        assert_eq!(
            tagged > 0,
            version >= 5,
            "topic_config_error_code at v{version}"
        );
        assert_eq!(null_configs > 0, version >= 5, "null configs at v{version}");
        assert_eq!(topic_ids > 0, version >= 7, "topic ids at v{version}");
    }

    for version in 0..=4 {
        let mut seen = [0usize; 4];
        for mut rng in instances("ApiVersionsResponse", version) {
            let msg = api_versions::gen_response(&mut rng, version);
            seen[0] += usize::from(!msg.supported_features.is_empty());
            seen[1] += usize::from(msg.finalized_features_epoch != -1);
            seen[2] += usize::from(!msg.finalized_features.is_empty());
            seen[3] += usize::from(msg.zk_migration_ready);
        }
        for (tag, n) in seen.iter().enumerate() {
            assert_eq!(
                *n > 0,
                version >= 3,
                "ApiVersionsResponse tag {tag} at v{version}"
            );
        }
    }
}
