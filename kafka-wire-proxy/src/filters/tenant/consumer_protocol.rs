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
//! admin tools. So their topic names carry the prefix at the broker too, and
//! what comes back names the tenant's topics only.
//!
//! A version newer than this crate's is read at the newest it knows and its
//! remaining bytes kept, as Kafka's own clients read one. A request whose
//! bytes do not read as the protocol is refused (the connection closes):
//! its names could not be given the prefix. Bytes from the broker that do
//! not read pass as they are.

use std::collections::{HashSet, VecDeque};

use bytes::Bytes;
use kafka_messages::consumer_protocol::ConsumerProtocol;
use kafka_messages::{ApiKey, ConsumerProtocolAssignment, ConsumerProtocolSubscription};
use kafka_wire::dynamic::{StructValue, Value};
use kafka_wire::{Str, Versioned};

use super::Tenant;
use crate::filter::FilterError;

/// The classic group protocol type whose bytes Kafka's consumers write.
const CONSUMER: &str = "consumer";

/// The most bytes of group ids a connection remembers (a client joins one
/// group or a few); past it, the memory starts over.
const MAX_GROUP_BYTES: usize = 64 * 1024;

/// What a connection has seen of classic consumer groups: a SyncGroup
/// before version 5 does not say its protocol type, and a JoinGroup or
/// SyncGroup response before version 7 or 5 neither.
#[derive(Debug, Clone, Default)]
pub(super) struct ConsumerGroups {
    /// The groups (as the client names them) this connection joined with
    /// protocol type `consumer`.
    groups: HashSet<Str>,
    /// Their ids' bytes, at most [`MAX_GROUP_BYTES`].
    group_bytes: usize,
    /// For each JoinGroup and SyncGroup forwarded and not yet answered, in
    /// request order: whether its group is a `consumer` one.
    waiting: VecDeque<bool>,
}

impl ConsumerGroups {
    fn remember(&mut self, group: Str) {
        if self.group_bytes + group.len() > MAX_GROUP_BYTES {
            self.groups.clear();
            self.group_bytes = 0;
        }
        self.group_bytes += group.len();
        if !self.groups.insert(group.clone()) {
            self.group_bytes -= group.len();
        }
    }
}

/// Reads `bytes` as Kafka's clients read the consumer protocol, lets
/// `rename` change the struct, and writes it back at the same version with
/// what a newer version added: `None` when they do not read.
fn rewrite<T: Versioned>(bytes: &Bytes, rename: impl FnOnce(&mut T)) -> Option<Bytes> {
    let mut read = ConsumerProtocol::<T>::decode(bytes).ok()?;
    rename(&mut read.value);
    read.encode().ok()
}

impl Tenant {
    /// Topic names of the protocol as the other side's: each given the
    /// prefix toward the broker; toward the client, those of the tenant's
    /// without it, and the others left out.
    fn protocol_names<T>(
        &self,
        items: &mut Vec<T>,
        response: bool,
        name: impl Fn(&mut T) -> &mut Str,
    ) {
        if !response {
            items.iter_mut().for_each(|item| self.to_broker(name(item)));
            return;
        }
        items.retain_mut(|item| {
            let name = name(item);
            match self.to_client(name) {
                Some(client) => {
                    *name = client;
                    true
                }
                None => false,
            }
        });
    }

    /// A subscription's bytes with its names rewritten, or `None` when they
    /// do not read.
    fn subscription(&self, bytes: &Bytes, response: bool) -> Option<Bytes> {
        rewrite(bytes, |s: &mut ConsumerProtocolSubscription| {
            self.protocol_names(&mut s.topics, response, |t| t);
            self.protocol_names(&mut s.owned_partitions, response, |p| &mut p.topic);
        })
    }

    /// An assignment's bytes with its names rewritten, or `None` when they
    /// do not read.
    fn assignment(&self, bytes: &Bytes, response: bool) -> Option<Bytes> {
        rewrite(bytes, |a: &mut ConsumerProtocolAssignment| {
            self.protocol_names(&mut a.assigned_partitions, response, |p| &mut p.topic);
        })
    }

    /// Rewrites the bytes at `path` (through arrays of structs) with
    /// `rewrite`: what does not read passes as it is from the broker, and is
    /// an error from the client.
    fn embedded(
        &self,
        s: &mut StructValue,
        path: &[&str],
        response: bool,
        rewrite: impl Fn(&Self, &Bytes) -> Option<Bytes> + Copy,
    ) -> Result<(), FilterError> {
        let Some((first, rest)) = path.split_first() else {
            return Ok(());
        };
        match s.get_mut(first) {
            Some(Value::Bytes(bytes)) if rest.is_empty() => match rewrite(self, bytes) {
                Some(rewritten) => *bytes = rewritten,
                None if response => {}
                None => {
                    return Err(FilterError::new(format!(
                        "a consumer group's {first} that does not read as Kafka's consumer protocol"
                    )))
                }
            },
            Some(Value::Array(elements)) => {
                for element in elements {
                    if let Value::Struct(inner) = &mut element.value {
                        self.embedded(inner, rest, response, rewrite)?;
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The group of a JoinGroup or SyncGroup request (already rewritten
    /// toward the broker), as the client names it.
    fn client_group(&self, body: &StructValue) -> Option<Str> {
        match body.get("group_id") {
            Some(Value::String(group)) => {
                Some(self.to_client(group).unwrap_or_else(|| group.clone()))
            }
            _ => None,
        }
    }

    /// The consumer protocol's bytes in a request of a classic group.
    pub(super) fn consumer_protocol_request(
        &mut self,
        api_key: ApiKey,
        body: &mut StructValue,
    ) -> Result<(), FilterError> {
        let consumer = match api_key {
            ApiKey::JoinGroup => {
                let consumer = is_consumer(body.get("protocol_type"));
                if consumer {
                    if let Some(group) = self.client_group(body) {
                        self.consumer_groups.remember(group);
                    }
                    self.embedded(body, &["protocols", "metadata"], false, |t, b| {
                        t.subscription(b, false)
                    })?;
                }
                consumer
            }
            ApiKey::SyncGroup => {
                let consumer = match body.get("protocol_type") {
                    Some(Value::String(_)) => is_consumer(body.get("protocol_type")),
                    _ => self
                        .client_group(body)
                        .is_some_and(|group| self.consumer_groups.groups.contains(&group)),
                };
                if consumer {
                    self.embedded(body, &["assignments", "assignment"], false, |t, b| {
                        t.assignment(b, false)
                    })?;
                }
                consumer
            }
            _ => return Ok(()),
        };
        // Responses come back in request order.
        self.consumer_groups.waiting.push_back(consumer);
        Ok(())
    }

    /// The consumer protocol's bytes in a response of a classic group.
    pub(super) fn consumer_protocol_response(
        &mut self,
        api_key: ApiKey,
        body: &mut StructValue,
    ) -> Result<(), FilterError> {
        match api_key {
            ApiKey::JoinGroup | ApiKey::SyncGroup => {
                if !self.consumer_groups.waiting.pop_front().unwrap_or(false) {
                    return Ok(());
                }
                if api_key == ApiKey::JoinGroup {
                    self.embedded(body, &["members", "metadata"], true, |t, b| {
                        t.subscription(b, true)
                    })
                } else {
                    self.embedded(body, &["assignment"], true, |t, b| t.assignment(b, true))
                }
            }
            ApiKey::DescribeGroups => {
                let Some(Value::Array(groups)) = body.get_mut("groups") else {
                    return Ok(());
                };
                for group in groups {
                    let Value::Struct(group) = &mut group.value else {
                        continue;
                    };
                    if is_consumer(group.get("protocol_type")) {
                        self.embedded(group, &["members", "member_metadata"], true, |t, b| {
                            t.subscription(b, true)
                        })?;
                        self.embedded(group, &["members", "member_assignment"], true, |t, b| {
                            t.assignment(b, true)
                        })?;
                    }
                }
                Ok(())
            }
            _ => Ok(()),
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
    use bytes::{BufMut, BytesMut};
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
    fn names_from_the_broker_that_are_not_the_tenants_are_left_out() {
        let tenant = Tenant::new("acme.").unwrap();
        let mut from_broker = ConsumerProtocolSubscription {
            topics: vec!["acme.orders".into(), "other.orders".into()],
            ..Default::default()
        };
        let bytes = subscription_bytes(0, &from_broker, &[]);
        from_broker.topics = vec!["orders".into()];
        let client = tenant.subscription(&bytes, true).unwrap();
        assert_eq!(client, subscription_bytes(0, &from_broker, &[]));
    }

    #[test]
    fn bytes_that_are_not_the_protocol_do_not_read() {
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
