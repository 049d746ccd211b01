//! [`Tenant`]: topic, group and transactional-id multi-tenancy.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use kafka_messages::{ApiKey, ResponseKind};
use kafka_wire::dynamic::{DynamicMessage, StructValue, Value};
use kafka_wire::schema::{FieldSchema, KafkaType, StructSchema};
use kafka_wire::{ErrorCode, Str, Uuid};

use crate::filter::{ClientConnection, Filter, FilterError, RequestInfo, Verdict};
use crate::frame::{RequestFrame, ResponseFrame};

mod acls;
mod consumer_protocol;
mod regex;
mod topic_ids;

use regex::Flavor;
pub use topic_ids::TopicIds;

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
/// without such fields pass through unread.
///
/// Topic ids (Fetch and Produce from v13, DeleteTopics from v6, Metadata,
/// OffsetCommit and OffsetFetch from v10, TxnOffsetCommit from v6, the
/// share-group APIs, KIP-848's owned partitions: every field Kafka names
/// `TopicId`) reach only the tenant's own topics. An id is the tenant's when
/// the broker has paired it with one of the tenant's names in a response
/// the proxy read; any other goes to the broker as an id that names nothing,
/// so that Kafka answers it as an unknown topic id, at every version, and
/// the answer goes back under the id the client sent. [`TopicIds`] says
/// how, and what clients see.
///
/// Regular expressions over names (KIP-848's `SubscribedTopicRegex`,
/// KIP-1071's `SourceTopicRegex`, ListTransactions' `TransactionalIdPattern`)
/// are wrapped so that the broker, which matches whole names, matches the
/// tenant's names only: `orders-.*` becomes `acme\.(?:orders-.*)`, and
/// `^orders$` becomes `acme\.(?:orders$)` (a leading `^` or `\A` holds at
/// the start of the client's name, which is where the wrapper puts it).
/// One the wrapper cannot keep inside its group (parentheses that leave
/// it, an anchor that is not leading) is answered with
/// `INVALID_REGULAR_EXPRESSION`, as the broker answers a regular
/// expression it cannot read. The broker's descriptions of a wrapped
/// expression go back to the client as the client wrote it.
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
    /// The broker's topic ids and the stand-ins for others' (shared by the
    /// clones of a tenant, and by the tenants given the same).
    ids: Arc<TopicIds>,
    /// The client's regular expressions, by what the broker was sent for
    /// them (shared by the clones).
    regexes: Arc<Mutex<HashMap<Str, Str>>>,
    /// Whether a connection of the tenant sent another's topic id (a
    /// stand-in went to the broker for it; shared by the clones, as a
    /// fetch session outlives its connection): until then, the tenant's
    /// responses that name topics by id alone hold only its own ids, and
    /// are not read ([`ids_only`]).
    stood_in: Arc<AtomicBool>,
    /// The ids of each Metadata request forwarded and not yet answered that
    /// the broker was asked to look up, in request order.
    lookups: VecDeque<Vec<Uuid>>,
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
            ids: Arc::new(TopicIds::new()),
            regexes: Arc::default(),
            stood_in: Arc::default(),
            lookups: VecDeque::new(),
            refused: VecDeque::new(),
            consumer_groups: Default::default(),
        })
    }

    /// The tenant, learning and looking up topic ids in `ids`: give every
    /// tenant of a proxy the same, so that what one's responses teach serves
    /// all. (Each [`Tenant::new`] has its own.)
    pub fn with_topic_ids(mut self, ids: Arc<TopicIds>) -> Self {
        self.ids = ids;
        self
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

    /// Whether a name at the broker is the tenant's.
    fn owns(&self, broker_name: &str) -> bool {
        broker_name.starts_with(self.prefix.as_str())
    }

    /// Whether a struct in a response names something that is not the
    /// tenant's (a topic of another tenant in a Metadata response, say): by
    /// name, or, in a struct that carries no name (Fetch from v13), by a
    /// topic id the broker paired with a name not the tenant's.
    fn foreign(&self, api_key: ApiKey, s: &StructValue) -> bool {
        let resource_named = resource_is_named(s);
        let named = |f: &FieldSchema| names(api_key, f) || (is_resource_name(f) && resource_named);
        let by_name = s.fields().iter().any(|f| named(f.field));
        s.fields().iter().any(|f| match &f.value {
            Value::String(name) => named(f.field) && !name.is_empty() && !self.owns(name),
            Value::Uuid(id) => {
                !by_name
                    && is_topic_id(f.field)
                    && !id.is_zero()
                    && self.ids.original(*id).is_none()
                    && self.ids.name(*id).is_some_and(|name| !self.owns(&name))
            }
            _ => false,
        })
    }

    /// A regular expression over the client's names, as one over the
    /// broker's (see [`regex`]), or why it cannot be. An empty one (no
    /// regular expression: KIP-848 clears a subscription so, and
    /// ListTransactions lists everything) stays empty.
    fn regex_to_broker(&self, regex: &mut Str, flavor: Flavor) -> Result<bool, String> {
        if regex.is_empty() {
            return Ok(false);
        }
        let wrapped = regex::wrap(&self.prefix, regex, flavor)
            .map_err(|why| format!("the regular expression {:?}: {why}", regex.as_str()))?;
        if regex::unwrap(&self.prefix, &wrapped) != Some(regex.as_str()) {
            let mut regexes = self.regexes.lock().unwrap_or_else(|e| e.into_inner());
            if regexes.len() >= MAX_REGEXES {
                regexes.clear();
            }
            regexes.insert(Str::from(wrapped.as_str()), regex.clone());
        }
        *regex = Str::from(wrapped);
        Ok(true)
    }

    /// The client's regular expression back, as the broker describes it.
    fn regex_to_client(&self, regex: &Str) -> Option<Str> {
        let regexes = self.regexes.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(client) = regexes.get(regex) {
            return Some(client.clone());
        }
        regex::unwrap(&self.prefix, regex).map(Str::from)
    }

    /// Learns every topic id a response pairs with a name.
    fn learn(&self, s: &StructValue) {
        let (mut name, mut id) = (None, None);
        for f in s.fields() {
            match &f.value {
                Value::String(n) if f.field.entity_type == Some("topicName") => name = Some(n),
                Value::Uuid(u) if is_topic_id(f.field) => id = Some(*u),
                Value::Struct(inner) => self.learn(inner),
                Value::Array(elements) => {
                    for e in elements {
                        if let Value::Struct(inner) = &e.value {
                            self.learn(inner);
                        }
                    }
                }
                _ => {}
            }
        }
        if let (Some(name), Some(id)) = (name, id) {
            if self.ids.original(id).is_none() {
                self.ids.learn(id, name);
            }
        }
    }

    /// In a Metadata response, each topic the client looked up by an id the
    /// proxy had not seen that turns out not to be the tenant's, answered as
    /// Kafka answers an unknown topic id. Whether any was.
    fn unknown_looked_up(
        &self,
        body: &mut StructValue,
        version: i16,
        looked_up: &[Uuid],
    ) -> Result<bool, FilterError> {
        let mut changed = false;
        let Some(Value::Array(topics)) = body.get_mut("topics") else {
            return Ok(false);
        };
        for element in topics {
            let Value::Struct(topic) = &mut element.value else {
                continue;
            };
            let Some(&Value::Uuid(id)) = topic.get("topic_id") else {
                continue;
            };
            let foreign = matches!(topic.get("name"), Some(Value::String(n)) if !self.owns(n));
            if foreign && looked_up.contains(&id) {
                *topic = unknown_topic(topic.schema(), version, id)?;
                changed = true;
            }
        }
        Ok(changed)
    }
}

/// How many of the client's regular expressions a tenant remembers by what
/// the broker was sent for them (those that lost a leading anchor).
const MAX_REGEXES: usize = 4096;

/// A Metadata response's topic as Kafka answers a topic id it does not
/// know: `UNKNOWN_TOPIC_ID`, the id, no name, no partitions, and no
/// authorized operations.
fn unknown_topic(
    schema: &'static StructSchema,
    version: i16,
    id: Uuid,
) -> Result<StructValue, FilterError> {
    let mut topic = StructValue::new(schema);
    let at_version = |name: &str| {
        schema
            .fields
            .iter()
            .any(|f| f.name == name && f.versions.contains(version))
    };
    topic.set("error_code", Value::Int16(ErrorCode::UnknownTopicId.code()))?;
    topic.set("name", Value::Null)?;
    topic.set("topic_id", Value::Uuid(id))?;
    if at_version("topic_authorized_operations") {
        topic.set("topic_authorized_operations", Value::Int32(i32::MIN))?;
    }
    Ok(topic)
}

/// A response from the proxy to a request whose regular expression a
/// tenant cannot wrap: `INVALID_REGULAR_EXPRESSION`, as the broker answers
/// an expression it cannot read, with why in the error message.
fn invalid_regex(api_key: ApiKey, version: i16, why: String) -> Result<Verdict, FilterError> {
    let schema = api_key
        .response_message_schema()
        .ok_or(crate::FrameError::NotCompiled(api_key))?;
    let mut answer = DynamicMessage::new(schema, version);
    answer.body.set(
        "error_code",
        Value::Int16(ErrorCode::InvalidRegularExpression.code()),
    )?;
    if schema
        .body
        .fields
        .iter()
        .any(|f| f.name == "error_message" && f.versions.contains(version))
    {
        answer
            .body
            .set("error_message", Value::String(why.into()))?;
    }
    let bytes = answer.encode_to_vec()?;
    let body = ResponseKind::decode(api_key.key(), version, &mut &bytes[..])?;
    Ok(Verdict::respond(body))
}

/// One pass of a tenant over a message's body.
struct Walk<'t> {
    tenant: &'t Tenant,
    api_key: ApiKey,
    version: i16,
    response: bool,
    /// Whether the pass changed anything.
    changed: bool,
    /// A Metadata request's ids the proxy has not seen, which the broker is
    /// asked to look up.
    lookups: Vec<Uuid>,
    /// A regular expression the tenant cannot wrap, and why.
    bad_regex: Option<String>,
}

impl<'t> Walk<'t> {
    fn new(tenant: &'t Tenant, api_key: ApiKey, version: i16, response: bool) -> Self {
        Walk {
            tenant,
            api_key,
            version,
            response,
            changed: false,
            lookups: Vec::new(),
            bad_regex: None,
        }
    }

    /// One string of a field that holds names or expressions.
    fn string(&mut self, kind: Held, value: &mut Str) {
        let t = self.tenant;
        match (kind, self.response) {
            (Held::Name, false) => {
                self.changed |= !value.is_empty();
                t.to_broker(value);
            }
            (Held::Regex(flavor), false) => match t.regex_to_broker(value, flavor) {
                Ok(changed) => self.changed |= changed,
                Err(why) => self.bad_regex = Some(why),
            },
            (Held::Name, true) => {
                if let Some(client) = t.to_client(value) {
                    *value = client;
                    self.changed = true;
                }
            }
            (Held::Regex(_), true) => {
                if let Some(client) = t.regex_to_client(value) {
                    *value = client;
                    self.changed = true;
                }
            }
        }
    }

    /// One topic id: toward the broker, the tenant's passes, a Metadata
    /// lookup of one the proxy has not seen passes, and any other becomes
    /// its stand-in; back from it, a stand-in becomes the id it stands for.
    fn topic_id(&mut self, id: &mut Uuid) {
        if id.is_zero() {
            return;
        }
        let ids = &self.tenant.ids;
        if self.response {
            if let Some(original) = ids.original(*id) {
                *id = original;
                self.changed = true;
            }
            return;
        }
        match ids.name(*id) {
            Some(name) if self.tenant.owns(&name) => {}
            None if self.api_key == ApiKey::Metadata && self.version >= 12 => {
                self.lookups.push(*id)
            }
            _ => {
                *id = ids.stand_in(*id);
                self.tenant.stood_in.store(true, Ordering::Relaxed);
                self.changed = true;
            }
        }
    }

    fn value(&mut self, held: Option<Held>, topic_id: bool, value: &mut Value) {
        match value {
            Value::String(text) => {
                if let Some(kind) = held {
                    self.string(kind, text);
                }
            }
            Value::Uuid(id) if topic_id => self.topic_id(id),
            Value::Struct(inner) => self.structure(inner),
            _ => {}
        }
    }

    fn structure(&mut self, s: &mut StructValue) {
        let (t, api_key, version) = (self.tenant, self.api_key, self.version);
        let resource_named = resource_is_named(s);
        let schema = s.schema();
        for field in schema.fields {
            let held = if names(api_key, field) || (is_resource_name(field) && resource_named) {
                Some(Held::Name)
            } else {
                regex_flavor(field).map(Held::Regex)
            };
            let topic_id = is_topic_id(field);
            let Some(value) = s.get_mut(field.name) else {
                continue;
            };
            match value {
                Value::Array(elements) => {
                    if self.response {
                        let before = elements.len();
                        elements.retain(|e| match &e.value {
                            Value::String(name) if held == Some(Held::Name) => {
                                name.is_empty() || t.owns(name)
                            }
                            Value::Struct(s) => !t.foreign(api_key, s),
                            _ => true,
                        });
                        self.changed |= elements.len() != before;
                    }
                    for e in elements.iter_mut() {
                        self.value(held, topic_id, &mut e.value);
                    }
                }
                // A nullable struct naming another tenant's (a paging
                // cursor at another tenant's topic) is as if absent.
                Value::Struct(inner)
                    if self.response
                        && field.nullable.contains(version)
                        && t.foreign(api_key, inner) =>
                {
                    *value = Value::Null;
                    self.changed = true;
                }
                other => self.value(held, topic_id, other),
            }
        }
    }
}

/// What a string field holds that the tenant changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Held {
    Name,
    Regex(Flavor),
}

/// The engine that reads `field`'s regular expressions at the broker, when
/// it holds expressions over names: KIP-848's and KIP-1071's subscriptions
/// (over topic names), and ListTransactions' pattern (over transactional
/// ids).
fn regex_flavor(field: &FieldSchema) -> Option<Flavor> {
    let strings = matches!(
        field.kafka_type,
        KafkaType::String | KafkaType::Array(KafkaType::String)
    );
    match field.name {
        "subscribed_topic_regex" | "source_topic_regex" if strings => Some(Flavor::Re2),
        "transactional_id_pattern" if strings => Some(Flavor::Java),
        _ => None,
    }
}

/// Whether `field` holds a topic id (Kafka's `TopicId` fields).
fn is_topic_id(field: &FieldSchema) -> bool {
    field.name == "topic_id" && matches!(field.kafka_type, KafkaType::Uuid)
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
/// tenant's, an expression over names or a topic id at that version.
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

/// Whether a response of `api_key` at `version` names topics by id alone
/// (a Fetch from v13, whose records a consumer waits for): it holds a
/// stand-in only where its tenant sent another's id, and is read only then,
/// so that a tenant's own fetches pass on as they arrive.
fn ids_only(api_key: ApiKey, version: i16) -> bool {
    api_key == ApiKey::Fetch && version >= 13
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
                || regex_flavor(f).is_some()
                || is_topic_id(f)
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
        if ids_only(api_key, version) {
            return self.stood_in.load(Ordering::Relaxed);
        }
        acls::is_acl_api(api_key)
            || consumer_protocol::carries(api_key)
            || rewritten().contains(&(api_key, version, true))
    }

    /// A request the proxy cannot read (a version newer than this crate's,
    /// for one) could carry another tenant's names unprefixed.
    fn refuses_unread(&self) -> bool {
        true
    }

    fn on_request(
        &mut self,
        _: &ClientConnection,
        request: &mut RequestFrame,
    ) -> Result<Verdict, FilterError> {
        let api_key = request.api_key();
        if acls::is_acl_api(api_key) {
            return self.acl_request(request);
        }
        let tree = request.dynamic_mut()?;
        let version = tree.version;
        let mut walk = Walk::new(self, api_key, version, false);
        walk.structure(&mut tree.body);
        let Walk {
            changed,
            lookups,
            bad_regex,
            ..
        } = walk;
        if let Some(why) = bad_regex {
            return invalid_regex(api_key, version, why);
        }
        if api_key == ApiKey::Metadata && version >= 12 {
            self.lookups.push_back(lookups);
        }
        if consumer_protocol::carries(api_key) {
            self.consumer_protocol_request(api_key, &mut tree.body)?;
        } else if !changed {
            request.unchanged();
        }
        Ok(Verdict::Forward)
    }

    fn on_response(
        &mut self,
        _: &ClientConnection,
        _: &RequestInfo,
        response: &mut ResponseFrame,
    ) -> Result<(), FilterError> {
        let api_key = response.api_key();
        if acls::is_acl_api(api_key) {
            return self.acl_response(response);
        }
        let tree = response.dynamic_mut()?;
        let version = tree.version;
        self.learn(&tree.body);
        let mut changed = false;
        if api_key == ApiKey::Metadata && version >= 12 {
            let looked_up = self.lookups.pop_front().unwrap_or_default();
            changed |= self.unknown_looked_up(&mut tree.body, version, &looked_up)?;
        }
        let mut walk = Walk::new(self, api_key, version, true);
        walk.structure(&mut tree.body);
        changed |= walk.changed;
        if consumer_protocol::carries(api_key) {
            self.consumer_protocol_response(api_key, &mut tree.body)?;
        } else if !changed {
            response.unchanged();
        }
        Ok(())
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
    fn regular_expressions_match_the_tenants_names_only() {
        let t = Tenant::new("acme.").unwrap();
        let mut regex = Str::from("orders-.*");
        assert!(t.regex_to_broker(&mut regex, Flavor::Re2).unwrap());
        assert_eq!(regex.as_str(), "acme\\.(?:orders-.*)");
        assert_eq!(t.regex_to_client(&regex).as_deref(), Some("orders-.*"));
        assert_eq!(t.regex_to_client(&Str::from("orders-.*")), None);
        // An anchored one comes back as the client wrote it.
        let mut anchored = Str::from("^orders$");
        t.regex_to_broker(&mut anchored, Flavor::Re2).unwrap();
        assert_eq!(anchored.as_str(), "acme\\.(?:orders$)");
        assert_eq!(t.regex_to_client(&anchored).as_deref(), Some("^orders$"));
        let mut hostile = Str::from("x)|(?:.*");
        assert!(t.regex_to_broker(&mut hostile, Flavor::Re2).is_err());
        let mut cleared = Str::from("");
        assert!(!t.regex_to_broker(&mut cleared, Flavor::Re2).unwrap());
        assert_eq!(cleared.as_str(), "");
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
        // Topic ids, in requests and responses.
        for (api, version, response) in [
            (ApiKey::Fetch, 13, false),
            (ApiKey::Fetch, 13, true),
            (ApiKey::Produce, 13, false),
            (ApiKey::DeleteTopics, 6, false),
            (ApiKey::OffsetCommit, 10, false),
            (ApiKey::ShareFetch, 1, false),
            (ApiKey::ListTransactions, 2, false),
        ] {
            assert!(
                t.contains(&(api, version, response)),
                "{api:?} v{version} response={response}"
            );
        }
        // No names, expressions or topic ids at all.
        for (api, version, response) in [
            (ApiKey::ApiVersions, 3, false),
            (ApiKey::ApiVersions, 3, true),
            (ApiKey::SaslAuthenticate, 2, false),
            (ApiKey::InitProducerId, 5, true),
            (ApiKey::ListTransactions, 1, false),
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
