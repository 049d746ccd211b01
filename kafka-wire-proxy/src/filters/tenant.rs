//! [`Tenant`]: topic, group and transactional-id multi-tenancy.

use std::collections::{HashSet, VecDeque};
use std::sync::OnceLock;

use kafka_messages::ApiKey;
use kafka_wire::dynamic::{StructValue, Value};
use kafka_wire::schema::{FieldSchema, KafkaType, StructSchema};
use kafka_wire::Str;

use crate::filter::{Connection, Filter, FilterError, RequestInfo, Verdict};
use crate::message::{Request, Response};

mod acls;
mod consumer_protocol;

/// Multi-tenancy by name: the client's topics, groups and transactional
/// ids are the broker's with a tenant prefix. Every name going to the broker
/// gets the prefix, and every name coming back loses it; what the broker
/// lists that is not the tenant's (other tenants' topics and groups, and
/// Kafka's internal topics) is left out of the responses.
///
/// It works from the schemas, not from a list of APIs: every field Kafka
/// marks as a topic name, group id or transactional id (its JSON's
/// `entityType`), at any depth of any request and response of any version
/// this crate knows, plus the coordinator keys of FindCoordinator and the
/// topic and group resources of the config APIs (DescribeConfigs,
/// AlterConfigs, IncrementalAlterConfigs, ListConfigResources). Messages
/// without such fields pass through unread. Topic ids (Fetch from v13,
/// OffsetCommit from v10, ...) need nothing: the broker gives each
/// tenant's topics their own.
///
/// Regular-expression subscriptions (KIP-848's `SubscribedTopicRegex`,
/// KIP-1071's `SourceTopicRegex`) are wrapped so that the broker, which
/// matches whole names, matches the tenant's topics only: `orders-.*`
/// becomes `acme\.(?:orders-.*)`; one whose parentheses would leave that
/// group is refused (the connection closes).
///
/// ACLs follow the names: the patterns of the tenant's topics, groups and
/// transactional ids carry the prefix at the broker (the client's wildcard
/// `LITERAL *` is the broker's `PREFIXED acme.`), and a tenant reaches no
/// other ACL. Creations over the cluster, users or delegation tokens are
/// refused, descriptions show the tenant's ACLs only, and a deletion that
/// could match others' (without a resource type of the tenant's, without a
/// name, or with pattern type MATCH) is refused; each refusal takes the
/// item's place in the response while the request's other items go on.
///
/// Prefixes must not overlap: with tenants `acme.` and `acme.eu.`, the first
/// reaches the second's names (its `eu.orders` is the broker's
/// `acme.eu.orders`), ACLs included. An ACL the operator puts inside a
/// tenant's prefix is the tenant's to see and delete.
///
/// The classic consumer protocol's subscriptions and assignments, which
/// groups of protocol type `consumer` carry as opaque bytes in JoinGroup,
/// SyncGroup and DescribeGroups, have their topic names rewritten too: the
/// broker reads them.
#[derive(Debug, Clone)]
pub struct Tenant {
    prefix: Str,
    /// The items refused of each ACL request forwarded and not yet
    /// answered, in request order, for their results to go back in their
    /// places.
    refused: VecDeque<acls::Refused>,
    /// The classic consumer groups this connection joined, and their
    /// exchanges waiting for a response.
    consumer_groups: consumer_protocol::ConsumerGroups,
}

/// A prefix a topic name cannot hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a tenant prefix holds ASCII letters, digits, '.', '_' and '-' only, and 1 to 200 of them: {0:?}")]
pub struct InvalidPrefix(pub String);

impl Tenant {
    /// The tenant whose names begin with `prefix` at the broker (`acme.`).
    pub fn new(prefix: &str) -> Result<Self, InvalidPrefix> {
        let valid = (1..=200).contains(&prefix.len())
            && prefix
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
        if !valid {
            return Err(InvalidPrefix(prefix.to_owned()));
        }
        Ok(Tenant {
            prefix: Str::from(prefix),
            refused: VecDeque::new(),
            consumer_groups: Default::default(),
        })
    }

    /// The prefix.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    fn to_broker(&self, name: &mut Str) {
        if !name.is_empty() {
            *name = Str::from(format!("{}{}", self.prefix, name));
        }
    }

    /// The client's name for a broker's name, or `None` for a name that is
    /// not the tenant's.
    fn to_client(&self, name: &Str) -> Option<Str> {
        name.strip_prefix(self.prefix.as_str()).map(Str::from)
    }

    /// Whether a struct in a response names something that is not the
    /// tenant's (a topic of another tenant in a Metadata response, say).
    fn foreign(&self, api_key: ApiKey, s: &StructValue) -> bool {
        let resource_named = resource_is_named(s);
        s.fields().iter().any(|f| {
            let named = names(api_key, f.field) || (is_resource_name(f.field) && resource_named);
            named
                && matches!(&f.value, Value::String(name) if !name.is_empty() && self.to_client(name).is_none())
        })
    }

    /// A regular expression over the client's topic names, as one over
    /// the broker's: `acme\.(?:orders-.*)` for `orders-.*`. The broker
    /// matches a whole name, so it matches the tenant's topics only. An
    /// empty one (no regular expression: KIP-848 clears a subscription so)
    /// stays empty, and one whose parentheses would close the tenant's group
    /// (`x)|(?:.*`, which would match every tenant's topics) is refused.
    fn regex_to_broker(&self, regex: &mut Str) -> Result<(), FilterError> {
        if regex.is_empty() {
            return Ok(());
        }
        if !stays_grouped(regex) {
            return Err(FilterError::new(format!(
                "a topic regular expression whose parentheses do not balance: {:?}",
                regex.as_str()
            )));
        }
        *regex = Str::from(format!("{}(?:{})", self.prefix.replace('.', "\\."), regex));
        Ok(())
    }

    /// The client's regular expression back, as the broker describes it.
    fn regex_to_client(&self, regex: &Str) -> Option<Str> {
        let escaped = self.prefix.replace('.', "\\.");
        regex
            .strip_prefix(escaped.as_str())
            .and_then(|r| r.strip_prefix("(?:"))
            .and_then(|r| r.strip_suffix(')'))
            .map(Str::from)
    }

    /// One string of a field that holds names or expressions.
    fn string(&self, kind: Held, value: &mut Str, response: bool) -> Result<(), FilterError> {
        let client = match (kind, response) {
            (Held::Name, false) => {
                self.to_broker(value);
                return Ok(());
            }
            (Held::Regex, false) => return self.regex_to_broker(value),
            (Held::Name, true) => self.to_client(value),
            (Held::Regex, true) => self.regex_to_client(value),
        };
        if let Some(client) = client {
            *value = client;
        }
        Ok(())
    }

    fn rewrite(
        &self,
        api_key: ApiKey,
        version: i16,
        s: &mut StructValue,
        response: bool,
    ) -> Result<(), FilterError> {
        let resource_named = resource_is_named(s);
        let schema = s.schema();
        for field in schema.fields {
            let held = if names(api_key, field) || (is_resource_name(field) && resource_named) {
                Some(Held::Name)
            } else {
                is_regex(field).then_some(Held::Regex)
            };
            let Some(value) = s.get_mut(field.name) else {
                continue;
            };
            match value {
                Value::String(text) => {
                    if let Some(kind) = held {
                        self.string(kind, text, response)?;
                    }
                }
                Value::Array(elements) => {
                    if response {
                        elements.retain(|e| match &e.value {
                            Value::String(name) if held == Some(Held::Name) => {
                                name.is_empty() || self.to_client(name).is_some()
                            }
                            Value::Struct(s) => !self.foreign(api_key, s),
                            _ => true,
                        });
                    }
                    for e in elements.iter_mut() {
                        match &mut e.value {
                            Value::String(text) => {
                                if let Some(kind) = held {
                                    self.string(kind, text, response)?;
                                }
                            }
                            Value::Struct(s) => self.rewrite(api_key, version, s, response)?,
                            _ => {}
                        }
                    }
                }
                // A nullable struct naming another tenant's (a paging
                // cursor at another tenant's topic) is as if absent.
                Value::Struct(inner)
                    if response
                        && field.nullable.contains(version)
                        && self.foreign(api_key, inner) =>
                {
                    *value = Value::Null
                }
                Value::Struct(inner) => self.rewrite(api_key, version, inner, response)?,
                _ => {}
            }
        }
        Ok(())
    }
}

/// Whether a regular expression's parentheses balance, never closing more
/// than it opened (escapes, `\Q...\E` quotes and character classes read as
/// RE2/J reads them), so that wrapped in a group it stays inside it.
fn stays_grouped(regex: &str) -> bool {
    let mut depth = 0usize;
    let mut chars = regex.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('Q') => {
                    // Quoted up to \E, or to the end.
                    let mut last = ' ';
                    for q in chars.by_ref() {
                        if last == '\\' && q == 'E' {
                            break;
                        }
                        last = q;
                    }
                }
                Some(_) => {}
                None => return false,
            },
            '[' => {
                // A class: `]` first (after an optional `^`) is literal.
                if chars.peek() == Some(&'^') {
                    chars.next();
                }
                if chars.peek() == Some(&']') {
                    chars.next();
                }
                let mut closed = false;
                while let Some(k) = chars.next() {
                    match k {
                        '\\' => {
                            chars.next();
                        }
                        ']' => {
                            closed = true;
                            break;
                        }
                        _ => {}
                    }
                }
                if !closed {
                    return false;
                }
            }
            '(' => depth += 1,
            ')' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0
}

/// What a string field holds that the tenant changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Held {
    Name,
    Regex,
}

/// Whether `field` holds regular expressions over topic names (KIP-848's
/// and KIP-1071's subscriptions).
fn is_regex(field: &FieldSchema) -> bool {
    matches!(field.name, "subscribed_topic_regex" | "source_topic_regex")
        && matches!(
            field.kafka_type,
            KafkaType::String | KafkaType::Array(KafkaType::String)
        )
}

/// Whether `field` of an `api_key` message holds a name of the tenant's.
fn names(api_key: ApiKey, field: &FieldSchema) -> bool {
    matches!(field.entity_type, Some("topicName" | "groupId" | "transactionalId"))
        // The key of a group, transactional or share coordinator.
        || (api_key == ApiKey::FindCoordinator && matches!(field.name, "key" | "coordinator_keys"))
}

/// A config API's resource name, named by its sibling resource type.
fn is_resource_name(field: &FieldSchema) -> bool {
    field.name == "resource_name"
}

/// Whether a struct's resource is a topic (2) or a group (32), as
/// `ConfigResource.Type` numbers them.
fn resource_is_named(s: &StructValue) -> bool {
    s.schema().fields.iter().any(|f| f.name == "resource_type")
        && matches!(
            s.value_or_default("resource_type")
                .ok()
                .and_then(|v| v.as_i64()),
            Some(2 | 32)
        )
}

/// The (API, version, response?) whose messages hold a name of the
/// tenant's at that version.
fn rewritten() -> &'static HashSet<(ApiKey, i16, bool)> {
    static TABLE: OnceLock<HashSet<(ApiKey, i16, bool)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = HashSet::new();
        for &api_key in ApiKey::ALL {
            if controllers_only(api_key) {
                continue;
            }
            let all = api_key.all_versions();
            let (Some(low), Some(high)) = (all.lowest(), all.highest()) else {
                continue;
            };
            let config = matches!(
                api_key,
                ApiKey::DescribeConfigs
                    | ApiKey::AlterConfigs
                    | ApiKey::IncrementalAlterConfigs
                    | ApiKey::ListConfigResources
            );
            let sides = [
                (api_key.request_schema(), false),
                (api_key.response_schema(), true),
            ];
            for (schema, response) in sides {
                let Some(schema) = schema else { continue };
                for version in low..=high {
                    if holds_names(api_key, schema, version, config) {
                        table.insert((api_key, version, response));
                    }
                }
            }
        }
        table
    })
}

/// The quorum's APIs, which name `__cluster_metadata` and no tenant's
/// topic (`kafka-metadata-quorum describe` sends DescribeQuorum).
fn controllers_only(api_key: ApiKey) -> bool {
    matches!(
        api_key,
        ApiKey::DescribeQuorum
            | ApiKey::Vote
            | ApiKey::BeginQuorumEpoch
            | ApiKey::EndQuorumEpoch
            | ApiKey::FetchSnapshot
    )
}

fn holds_names(api_key: ApiKey, schema: &StructSchema, version: i16, config: bool) -> bool {
    schema
        .fields
        .iter()
        .filter(|f| f.versions.contains(version))
        .any(|f| {
            names(api_key, f)
                || is_regex(f)
                || (config && is_resource_name(f))
                || match f.kafka_type {
                    KafkaType::Struct(s) => holds_names(api_key, s, version, config),
                    KafkaType::Array(KafkaType::Struct(s)) => {
                        holds_names(api_key, s, version, config)
                    }
                    _ => false,
                }
        })
}

impl Filter for Tenant {
    fn wants_request(&self, api_key: ApiKey, version: i16) -> bool {
        acls::is_acl_api(api_key) || rewritten().contains(&(api_key, version, false))
    }

    fn wants_response(&self, api_key: ApiKey, version: i16) -> bool {
        acls::is_acl_api(api_key)
            || consumer_protocol::carries(api_key)
            || rewritten().contains(&(api_key, version, true))
    }

    fn on_request(
        &mut self,
        _: &Connection,
        request: &mut Request,
    ) -> Result<Verdict, FilterError> {
        let api_key = request.api_key();
        if acls::is_acl_api(api_key) {
            return self.acl_request(request);
        }
        let tree = request.dynamic_mut()?;
        let version = tree.version;
        self.rewrite(api_key, version, &mut tree.body, false)?;
        self.consumer_protocol_request(api_key, &mut tree.body)?;
        Ok(Verdict::Forward)
    }

    fn on_response(
        &mut self,
        _: &Connection,
        _: &RequestInfo,
        response: &mut Response,
    ) -> Result<(), FilterError> {
        let api_key = response.api_key();
        if acls::is_acl_api(api_key) {
            return self.acl_response(response);
        }
        let tree = response.dynamic_mut()?;
        let version = tree.version;
        self.rewrite(api_key, version, &mut tree.body, true)?;
        self.consumer_protocol_response(api_key, &mut tree.body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_are_topic_name_characters() {
        assert!(Tenant::new("acme.").is_ok());
        assert!(Tenant::new("team_1-a").is_ok());
        for bad in ["", "a/b", "tenant ", "é", &"x".repeat(201)] {
            assert_eq!(Tenant::new(bad).unwrap_err(), InvalidPrefix(bad.to_owned()));
        }
    }

    #[test]
    fn regular_expressions_that_would_leave_the_group_are_refused() {
        for fine in [
            "orders-.*",
            "(a|b)+",
            "[)]x",
            "[^)(]",
            "\\)",
            "\\Q)\\E",
            "a(?:b(c))",
        ] {
            assert!(stays_grouped(fine), "{fine}");
        }
        for escaping in ["x)|(?:.*", ")", "a)(", "(", "\\", "[a", "a\\Q)"] {
            let closes = escaping != "a\\Q)";
            assert_eq!(stays_grouped(escaping), !closes, "{escaping}");
        }
        let t = Tenant::new("acme.").unwrap();
        let mut hostile = Str::from("x)|(?:.*");
        assert!(t.regex_to_broker(&mut hostile).is_err());
        let mut cleared = Str::from("");
        t.regex_to_broker(&mut cleared).unwrap();
        assert_eq!(cleared.as_str(), "");
    }

    #[test]
    fn regular_expressions_match_the_tenants_topics_only() {
        let t = Tenant::new("acme.").unwrap();
        let mut regex = Str::from("orders-.*");
        t.regex_to_broker(&mut regex).unwrap();
        assert_eq!(regex.as_str(), "acme\\.(?:orders-.*)");
        assert_eq!(t.regex_to_client(&regex).as_deref(), Some("orders-.*"));
        assert_eq!(t.regex_to_client(&Str::from("orders-.*")), None);
    }

    #[test]
    fn the_apis_that_name_topics_groups_and_transactions_are_read() {
        let t = rewritten();
        for (api, version, response) in [
            (ApiKey::Metadata, 12, false),
            (ApiKey::Metadata, 12, true),
            (ApiKey::Produce, 11, false),
            (ApiKey::Produce, 11, true),
            (ApiKey::Fetch, 12, true),
            (ApiKey::FindCoordinator, 4, false),
            (ApiKey::FindCoordinator, 4, true),
            (ApiKey::JoinGroup, 9, false),
            (ApiKey::ListGroups, 5, true),
            (ApiKey::InitProducerId, 5, false),
            (ApiKey::CreateTopics, 7, true),
            (ApiKey::DescribeConfigs, 4, false),
            (ApiKey::ConsumerGroupHeartbeat, 0, false),
        ] {
            assert!(
                t.contains(&(api, version, response)),
                "{api:?} v{version} response={response}"
            );
        }
        // Topic ids only, or no names at all.
        for (api, version, response) in [
            (ApiKey::Fetch, 13, true),
            (ApiKey::ApiVersions, 3, false),
            (ApiKey::ApiVersions, 3, true),
            (ApiKey::SaslAuthenticate, 2, false),
            (ApiKey::InitProducerId, 5, true),
            (ApiKey::DescribeQuorum, 2, false),
            (ApiKey::DescribeQuorum, 2, true),
        ] {
            assert!(
                !t.contains(&(api, version, response)),
                "{api:?} v{version} response={response}"
            );
        }
    }
}
