//! The topic names inside the classic consumer protocol's bytes, through a
//! [`Tenant`].
//!
//! A classic group of protocol type `consumer` carries its members'
//! subscriptions (JoinGroup's protocol metadata) and assignments
//! (SyncGroup's) as opaque bytes: a version (int16), then
//! ConsumerProtocolSubscription or ConsumerProtocolAssignment at that
//! version. The broker reads them: the offsets of a topic a group no longer
//! subscribes to may expire while the group lives, a classic member joins a
//! KIP-848 group by its subscription, and DescribeGroups shows them to
//! admin tools. So their topic names carry the prefix at the broker too.
//!
//! A version newer than this crate's is read at the newest it knows and its
//! remaining bytes kept, as Kafka's own clients read one. Bytes that do not
//! read as the protocol (a client's own protocol under the type `consumer`)
//! pass as they are.

use std::collections::HashSet;

use bytes::{BufMut, Bytes, BytesMut};
use kafka_messages::{ApiKey, ConsumerProtocolAssignment, ConsumerProtocolSubscription};
use kafka_wire::dynamic::{StructValue, Value};
use kafka_wire::{Str, Versioned};

use super::Tenant;

/// The classic group protocol type whose bytes Kafka's consumers write.
const CONSUMER: &str = "consumer";

/// What a connection has seen of classic consumer groups: a SyncGroup
/// before version 5 does not say its protocol type, and a JoinGroup or
/// SyncGroup response before version 7 or 5 neither.
#[derive(Debug, Clone, Default)]
pub(super) struct ConsumerGroups {
    /// The groups (as the client names them) this connection joined with
    /// protocol type `consumer`.
    groups: HashSet<Str>,
    /// The JoinGroup and SyncGroup requests of such groups waiting for
    /// their responses, by correlation id.
    waiting: HashSet<i32>,
}

/// Reads `bytes` as a version and a `T`, lets `rename` change it, and
/// writes it back at the same version: `None` when they do not read.
fn rewrite<T: Versioned>(bytes: &Bytes, rename: impl FnOnce(&mut T)) -> Option<Bytes> {
    let version = i16::from_be_bytes([*bytes.first()?, *bytes.get(1)?]);
    let newest = T::VERSIONS.highest()?;
    if version < 0 {
        return None;
    }
    let read_at = version.min(newest);
    let mut rest = &bytes[2..];
    let mut value = T::decode(&mut rest, read_at).ok()?;
    rename(&mut value);
    let mut out = BytesMut::with_capacity(2 + value.encoded_len(read_at) + rest.len());
    out.put_i16(version);
    value.encode(&mut out, read_at).ok()?;
    // What a newer version adds (ignorable fields, appended).
    out.extend_from_slice(rest);
    Some(out.freeze())
}

impl Tenant {
    /// A topic name of the protocol, either way.
    fn protocol_name(&self, name: &mut Str, response: bool) {
        if !response {
            self.to_broker(name);
        } else if let Some(client) = self.to_client(name) {
            *name = client;
        }
    }

    /// A subscription's bytes with its names rewritten, or `None` to keep them.
    fn subscription(&self, bytes: &Bytes, response: bool) -> Option<Bytes> {
        rewrite(bytes, |s: &mut ConsumerProtocolSubscription| {
            for topic in &mut s.topics {
                self.protocol_name(topic, response);
            }
            for owned in &mut s.owned_partitions {
                self.protocol_name(&mut owned.topic, response);
            }
        })
    }

    /// An assignment's bytes with its names rewritten, or `None` to keep them.
    fn assignment(&self, bytes: &Bytes, response: bool) -> Option<Bytes> {
        rewrite(bytes, |a: &mut ConsumerProtocolAssignment| {
            for assigned in &mut a.assigned_partitions {
                self.protocol_name(&mut assigned.topic, response);
            }
        })
    }

    /// Rewrites the `bytes` field of each struct in `array` (or of the
    /// struct itself) with `rewrite`.
    fn embedded(
        &self,
        s: &mut StructValue,
        path: &[&str],
        rewrite: impl Fn(&Self, &Bytes) -> Option<Bytes> + Copy,
    ) {
        let Some((first, rest)) = path.split_first() else {
            return;
        };
        match s.get_mut(first) {
            Some(Value::Bytes(bytes)) if rest.is_empty() => {
                if let Some(rewritten) = rewrite(self, bytes) {
                    *bytes = rewritten;
                }
            }
            Some(Value::Array(elements)) => {
                for element in elements {
                    if let Value::Struct(inner) = &mut element.value {
                        self.embedded(inner, rest, rewrite);
                    }
                }
            }
            _ => {}
        }
    }

    /// The consumer protocol's bytes in a request of a classic group.
    pub(super) fn consumer_protocol_request(
        &mut self,
        api_key: ApiKey,
        correlation_id: i32,
        body: &mut StructValue,
    ) {
        let consumer = match api_key {
            ApiKey::JoinGroup => {
                let consumer = is_consumer(body.get("protocol_type"));
                if consumer {
                    if let Some(Value::String(group)) = body.get("group_id") {
                        let group = self.to_client(group).unwrap_or_else(|| group.clone());
                        self.consumer_groups.groups.insert(group);
                    }
                    self.embedded(body, &["protocols", "metadata"], |t, b| {
                        t.subscription(b, false)
                    });
                }
                consumer
            }
            ApiKey::SyncGroup => {
                let consumer = match body.get("protocol_type") {
                    Some(Value::String(_)) => is_consumer(body.get("protocol_type")),
                    _ => match body.get("group_id") {
                        Some(Value::String(group)) => {
                            let group = self.to_client(group).unwrap_or_else(|| group.clone());
                            self.consumer_groups.groups.contains(&group)
                        }
                        _ => false,
                    },
                };
                if consumer {
                    self.embedded(body, &["assignments", "assignment"], |t, b| {
                        t.assignment(b, false)
                    });
                }
                consumer
            }
            _ => false,
        };
        if consumer {
            self.consumer_groups.waiting.insert(correlation_id);
        }
    }

    /// The consumer protocol's bytes in a response of a classic group.
    pub(super) fn consumer_protocol_response(
        &mut self,
        api_key: ApiKey,
        correlation_id: i32,
        body: &mut StructValue,
    ) {
        let waited = self.consumer_groups.waiting.remove(&correlation_id);
        match api_key {
            ApiKey::JoinGroup if waited => {
                self.embedded(body, &["members", "metadata"], |t, b| {
                    t.subscription(b, true)
                });
            }
            ApiKey::SyncGroup if waited => {
                self.embedded(body, &["assignment"], |t, b| t.assignment(b, true));
            }
            ApiKey::DescribeGroups => {
                let Some(Value::Array(groups)) = body.get_mut("groups") else {
                    return;
                };
                for group in groups {
                    let Value::Struct(group) = &mut group.value else {
                        continue;
                    };
                    if is_consumer(group.get("protocol_type")) {
                        self.embedded(group, &["members", "member_metadata"], |t, b| {
                            t.subscription(b, true)
                        });
                        self.embedded(group, &["members", "member_assignment"], |t, b| {
                            t.assignment(b, true)
                        });
                    }
                }
            }
            _ => {}
        }
    }
}

/// Whether the tenant reads this API's responses for the consumer
/// protocol's bytes (it reads all three APIs' requests for their group ids).
pub(super) fn carries(api_key: ApiKey) -> bool {
    matches!(
        api_key,
        ApiKey::JoinGroup | ApiKey::SyncGroup | ApiKey::DescribeGroups
    )
}

fn is_consumer(protocol_type: Option<&Value>) -> bool {
    matches!(protocol_type, Some(Value::String(t)) if t.as_str() == CONSUMER)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kafka_messages::consumer_protocol_subscription::TopicPartition;

    fn subscription_bytes(version: i16, s: &ConsumerProtocolSubscription, tail: &[u8]) -> Bytes {
        let mut out = BytesMut::new();
        out.put_i16(version);
        s.encode(&mut out, version.min(3)).unwrap();
        out.extend_from_slice(tail);
        out.freeze()
    }

    #[test]
    fn a_subscriptions_names_carry_the_prefix_and_a_newer_versions_rest_is_kept() {
        let tenant = Tenant::new("acme.").unwrap();
        let client = ConsumerProtocolSubscription {
            topics: vec!["orders".into(), "payments".into()],
            owned_partitions: vec![TopicPartition {
                topic: "orders".into(),
                partitions: vec![0, 2],
            }],
            rack_id: Some("rack-1".into()),
            ..Default::default()
        };
        let mut broker = client.clone();
        broker.topics = vec!["acme.orders".into(), "acme.payments".into()];
        broker.owned_partitions[0].topic = "acme.orders".into();
        for (version, tail) in [(1, &[][..]), (3, &[][..]), (7, &[0xAB, 0xCD][..])] {
            let sent = subscription_bytes(version, &client, tail);
            let at_broker = tenant.subscription(&sent, false).unwrap();
            assert_eq!(
                at_broker,
                subscription_bytes(version, &broker, tail),
                "v{version}"
            );
            assert_eq!(tenant.subscription(&at_broker, true).unwrap(), sent);
        }
    }

    #[test]
    fn bytes_that_are_not_the_protocol_pass_as_they_are() {
        let tenant = Tenant::new("acme.").unwrap();
        for bytes in [
            &b""[..],
            &b"\x00"[..],
            &b"\xff\xff\x00\x00"[..],
            &b"\x00\x00\x00\x09ab"[..],
        ] {
            assert_eq!(
                tenant.subscription(&Bytes::copy_from_slice(bytes), false),
                None
            );
            assert_eq!(
                tenant.assignment(&Bytes::copy_from_slice(bytes), false),
                None
            );
        }
    }
}
