//! Client quotas: a table of quota entities (a user, a client id, both, or
//! an IP; each name or the default) and their values, set by the builder
//! (`ClusterBuilder::client_quota`) and by AlterClientQuotas, read by
//! DescribeClientQuotas, as Kafka 4.4's controller keeps them
//! (`ClientQuotaControlManager`, `ClientQuotasImage`). Produce and fetch
//! byte rates are measured and answered with a throttle time as Kafka's
//! `ClientQuotaManager` does: the quota that holds for a user's client id
//! is found as its `DefaultQuotaCallback` finds it (the user and client id,
//! the user and the default client id, the user, the default user and the
//! client id, the default user and client id, the default user, the client
//! id, the default client id), the clients it covers sharing one rate; each
//! request's bytes are recorded in a `Rate` of 11 one-second samples
//! (`quota.window.num`, `quota.window.size.seconds`), and a rate over the
//! bound is throttled for `(rate - bound) / bound * window` ms
//! (`QuotaUtils.throttleTime`), the window being `Rate.windowSize`'s. A
//! quota altered takes effect at the next request it covers; the rates
//! measured so far are kept, as Kafka keeps its sensors.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use kafka_messages::{
    alter_client_quotas, describe_client_quotas, AlterClientQuotasRequest,
    AlterClientQuotasResponse, DescribeClientQuotasRequest, DescribeClientQuotasResponse,
};
use kafka_wire::{ErrorCode, Str};
use tokio::time::Instant;

use crate::java::hash_order;

/// Kafka's `quota.window.num` and `quota.window.size.seconds`.
const SAMPLES: i64 = 11;
const WINDOW_MS: i64 = 1_000;

/// The quota keys (`QuotaConfig`).
const PRODUCER_BYTE_RATE: &str = "producer_byte_rate";
const CONSUMER_BYTE_RATE: &str = "consumer_byte_rate";
const REQUEST_PERCENTAGE: &str = "request_percentage";
const CONTROLLER_MUTATION_RATE: &str = "controller_mutation_rate";
const CONNECTION_CREATION_RATE: &str = "connection_creation_rate";

/// The entity types (`ClientQuotaEntity`).
const USER: &str = "user";
const CLIENT_ID: &str = "client-id";
const IP: &str = "ip";

/// The `ConfigDef` type of a quota key, which decides its value's checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ValueType {
    Int,
    Long,
    Double,
}

/// `QuotaConfig.userAndClientQuotaConfigs()`: the keys of a user, a client
/// id, or both.
const USER_AND_CLIENT_KEYS: &[(&str, ValueType)] = &[
    (PRODUCER_BYTE_RATE, ValueType::Long),
    (CONSUMER_BYTE_RATE, ValueType::Long),
    (REQUEST_PERCENTAGE, ValueType::Double),
    (CONTROLLER_MUTATION_RATE, ValueType::Double),
];

/// `QuotaConfig.ipConfigs()`: the keys of an IP.
const IP_KEYS: &[(&str, ValueType)] = &[(CONNECTION_CREATION_RATE, ValueType::Int)];

/// A component's name: `Some(name)`, or `None` for the default entity.
type Name = Option<String>;

/// A quota entity: each type absent (`None`), the default (`Some(None)`)
/// or a name. Ordered by client id, then user, then IP: the order in which
/// Kafka's `HashMap` lists an entity's types, and the fake lists entities.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Entity {
    client_id: Option<Name>,
    user: Option<Name>,
    ip: Option<Name>,
}

impl Entity {
    fn new(user: Option<Name>, client_id: Option<Name>) -> Self {
        Entity {
            client_id,
            user,
            ip: None,
        }
    }

    /// Its (type, name) pairs, client id first, as Kafka lists them.
    fn components(&self) -> impl Iterator<Item = (&'static str, &Name)> {
        [
            (CLIENT_ID, &self.client_id),
            (USER, &self.user),
            (IP, &self.ip),
        ]
        .into_iter()
        .filter_map(|(t, n)| n.as_ref().map(|n| (t, n)))
    }

    fn component(&self, ty: &str) -> Option<&Name> {
        match ty {
            USER => self.user.as_ref(),
            CLIENT_ID => self.client_id.as_ref(),
            IP => self.ip.as_ref(),
            _ => None,
        }
    }
}

/// A byte-rate quota for the clients a user, a client id, or both name
/// (each a name or the default), as Kafka's `kafka-configs --alter
/// --entity-type users/clients` sets one (`producer_byte_rate`,
/// `consumer_byte_rate`). The quota that holds for a request is found as
/// Kafka finds it (most specific first: user and client id, user and
/// default client id, user, default user and client id, default user and
/// client id, default user, client id, default client id); the clients it
/// matches by name share its rate, and a default covers each user or
/// client id with a rate of its own, as in Kafka. The same table is read
/// and written by DescribeClientQuotas and AlterClientQuotas.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientQuota {
    entity: Entity,
    produce: Option<f64>,
    fetch: Option<f64>,
}

impl ClientQuota {
    fn of(entity: Entity) -> Self {
        ClientQuota {
            entity,
            produce: None,
            fetch: None,
        }
    }

    /// A quota for the connections of `user` (a principal's name:
    /// `alice` for `User:alice`; `ANONYMOUS` without SASL).
    pub fn user(user: impl Into<String>) -> Self {
        Self::of(Entity::new(Some(Some(user.into())), None))
    }

    /// A quota for the requests whose header names `client_id`.
    pub fn client_id(client_id: impl Into<String>) -> Self {
        Self::of(Entity::new(None, Some(Some(client_id.into()))))
    }

    /// A quota for `client_id`'s requests on `user`'s connections.
    pub fn user_and_client_id(user: impl Into<String>, client_id: impl Into<String>) -> Self {
        Self::of(Entity::new(
            Some(Some(user.into())),
            Some(Some(client_id.into())),
        ))
    }

    /// The default user's quota (`--entity-type users --entity-default`):
    /// each user without a quota of its own gets this one, measured apart.
    pub fn default_user() -> Self {
        Self::of(Entity::new(Some(None), None))
    }

    /// The default client id's quota (`--entity-type clients
    /// --entity-default`): each client id without a quota of its own gets
    /// this one, measured apart.
    pub fn default_client_id() -> Self {
        Self::of(Entity::new(None, Some(None)))
    }

    /// The produce bytes per second allowed (`producer_byte_rate`): the
    /// size of each Produce request (its header and body) counts.
    pub fn produce_bytes_per_sec(mut self, rate: f64) -> Self {
        self.produce = Some(rate);
        self
    }

    /// The fetch bytes per second allowed (`consumer_byte_rate`): the size
    /// of each consumer's Fetch answer (its header and body) counts.
    pub fn fetch_bytes_per_sec(mut self, rate: f64) -> Self {
        self.fetch = Some(rate);
        self
    }

    /// A rate that is not a positive number, which no quota can be.
    pub(crate) fn invalid_rate(&self) -> Option<f64> {
        [self.produce, self.fetch]
            .into_iter()
            .flatten()
            .find(|r| !(r.is_finite() && *r > 0.0))
    }
}

/// Which rate a request counts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Produce,
    Fetch,
}

/// One sample of a rate: the bytes recorded from its start.
#[derive(Debug, Clone, Copy)]
struct Sample {
    start_ms: i64,
    total: f64,
}

/// Kafka's `Rate` over a `SampledStat` of [`SAMPLES`] samples of
/// [`WINDOW_MS`].
#[derive(Debug, Default)]
struct Rate {
    samples: VecDeque<Sample>,
}

impl Rate {
    /// Samples older than every window are gone (`purgeObsoleteSamples`).
    fn purge(&mut self, now_ms: i64) {
        self.samples
            .retain(|s| now_ms - s.start_ms < SAMPLES * WINDOW_MS);
    }

    /// Adds `value` at `now_ms` to the current sample, or to a new one
    /// when the current one's window is over (the oldest going when there
    /// are [`SAMPLES`]).
    fn record(&mut self, value: f64, now_ms: i64) {
        self.purge(now_ms);
        match self.samples.back_mut() {
            Some(s) if now_ms - s.start_ms < WINDOW_MS => s.total += value,
            _ => {
                if self.samples.len() as i64 == SAMPLES {
                    self.samples.pop_front();
                }
                self.samples.push_back(Sample {
                    start_ms: now_ms,
                    total: value,
                });
            }
        }
    }

    /// `Rate.windowSize`: from the oldest sample's start, at least
    /// `SAMPLES - 1` whole windows, at least 1 ms.
    fn window_ms(&self, now_ms: i64) -> i64 {
        let oldest = self.samples.front().map_or(now_ms, |s| s.start_ms);
        let mut elapsed = now_ms - oldest;
        let full = elapsed / WINDOW_MS;
        if full < SAMPLES - 1 {
            elapsed += (SAMPLES - 1 - full) * WINDOW_MS;
        }
        elapsed.max(1)
    }

    /// Bytes per second at `now_ms`.
    fn measure(&mut self, now_ms: i64) -> f64 {
        self.purge(now_ms);
        let total: f64 = self.samples.iter().map(|s| s.total).sum();
        total / (self.window_ms(now_ms) as f64 / 1000.0)
    }
}

/// The quota table: each entity's values by key.
type Table = BTreeMap<Entity, BTreeMap<String, f64>>;

/// An alteration's keys, each with its value or `None` for a removal.
type Ops = Vec<(String, Option<f64>)>;

/// The tags a rate is measured under (`quotaMetricTags`): a user (or
/// `""`) and a client id (or `""`).
type Tags = (String, String);

/// The quotas and the rates measured against them.
#[derive(Debug, Default)]
struct Inner {
    table: Table,
    rates: HashMap<(Kind, Tags), Rate>,
}

/// The cluster's quotas and their rates.
#[derive(Debug)]
pub(crate) struct Quotas {
    inner: Mutex<Inner>,
    /// Whether any entity has a produce (0) or fetch (1) byte rate: a
    /// cluster without one measures nothing.
    active: [AtomicBool; 2],
    start: Instant,
}

impl Kind {
    fn key(self) -> &'static str {
        match self {
            Kind::Produce => PRODUCER_BYTE_RATE,
            Kind::Fetch => CONSUMER_BYTE_RATE,
        }
    }

    fn index(self) -> usize {
        match self {
            Kind::Produce => 0,
            Kind::Fetch => 1,
        }
    }
}

impl Quotas {
    /// The quotas `rules` set (a later rule's value for the same entity
    /// and key replaces an earlier one's, as a later `kafka-configs
    /// --alter` does).
    pub(crate) fn new(rules: Vec<ClientQuota>) -> Self {
        let mut table = Table::new();
        for q in rules {
            let values = table.entry(q.entity).or_default();
            if let Some(rate) = q.produce {
                values.insert(PRODUCER_BYTE_RATE.into(), rate);
            }
            if let Some(rate) = q.fetch {
                values.insert(CONSUMER_BYTE_RATE.into(), rate);
            }
        }
        table.retain(|_, v| !v.is_empty());
        let quotas = Quotas {
            inner: Mutex::new(Inner {
                table,
                rates: HashMap::new(),
            }),
            active: [AtomicBool::new(false), AtomicBool::new(false)],
            start: Instant::now(),
        };
        quotas.note_active(&quotas.lock().table);
        quotas
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn note_active(&self, table: &Table) {
        for kind in [Kind::Produce, Kind::Fetch] {
            let any = table.values().any(|v| v.contains_key(kind.key()));
            self.active[kind.index()].store(any, Ordering::Relaxed);
        }
    }

    /// Whether any entity has a byte rate of `kind`: without one, no
    /// request of that kind is measured.
    pub(crate) fn active(&self, kind: Kind) -> bool {
        self.active[kind.index()].load(Ordering::Relaxed)
    }

    fn now_ms(&self) -> i64 {
        i64::try_from(self.start.elapsed().as_millis()).unwrap_or(i64::MAX)
    }

    /// Records `bytes` of `kind` for `user`'s `client_id`: the throttle time
    /// Kafka answers (0 within the quota, or with no quota). A throttled
    /// fetch is answered empty, so its bytes are taken back
    /// (`unrecordQuotaSensor`) when `keep_throttled` is false.
    pub(crate) fn record(
        &self,
        kind: Kind,
        user: &str,
        client_id: &str,
        bytes: usize,
        keep_throttled: bool,
    ) -> i32 {
        if !self.active(kind) {
            return 0;
        }
        let now_ms = self.now_ms();
        let mut inner = self.lock();
        let tags = metric_tags(&inner.table, kind.key(), user, client_id);
        let Some(bound) = limit(&inner.table, kind.key(), &tags) else {
            return 0;
        };
        let rate = inner.rates.entry((kind, tags)).or_default();
        let value = bytes as f64;
        rate.record(value, now_ms);
        let measured = rate.measure(now_ms);
        if measured <= bound {
            return 0;
        }
        let throttle = throttle_ms(measured, bound, rate.window_ms(now_ms));
        if !keep_throttled {
            rate.record(-value, now_ms);
        }
        throttle
    }

    /// DescribeClientQuotas: the entities its filter matches, with their
    /// values, as Kafka 4.4's `ClientQuotasImage.describe` answers; a bad
    /// filter is the whole answer's error.
    pub(crate) fn describe(&self, r: &DescribeClientQuotasRequest) -> DescribeClientQuotasResponse {
        let filter = match Filter::read(r) {
            Ok(filter) => filter,
            Err((code, message)) => {
                return DescribeClientQuotasResponse {
                    error_code: code.code(),
                    error_message: Some(message.into()),
                    entries: None,
                    ..Default::default()
                }
            }
        };
        let inner = self.lock();
        let entries = inner
            .table
            .iter()
            .filter(|(entity, _)| filter.matches(entity))
            .map(|(entity, values)| describe_client_quotas::EntryData {
                entity: entity
                    .components()
                    .map(|(ty, name)| describe_client_quotas::EntityData {
                        entity_type: ty.into(),
                        entity_name: name.as_deref().map(Str::from),
                        ..Default::default()
                    })
                    .collect(),
                // As Kafka 4.4's broker lists them (read from its answers):
                // the order of a `HashMap` of the entity's size filled in
                // the order of one of the default size.
                values: hash_order(
                    hash_order(values.keys().map(String::as_str), 16).into_iter(),
                    values.len(),
                )
                .into_iter()
                .map(|key| describe_client_quotas::ValueData {
                    key: key.into(),
                    value: values[key],
                    ..Default::default()
                })
                .collect(),
                ..Default::default()
            })
            .collect();
        // Kafka 4.4 answers an empty message, not null (its broker's answer).
        DescribeClientQuotasResponse {
            error_code: 0,
            error_message: Some(Str::default()),
            entries: Some(entries),
            ..Default::default()
        }
    }

    /// AlterClientQuotas, as Kafka 4.4's `ClientQuotaControlManager` alters
    /// the table: each entity checked (its types, their combination, each
    /// key and value set) and, unless `validate_only`, its values set or
    /// removed; an entity that fails is left as it was, with its error. One
    /// answer per entity, in the order they came.
    pub(crate) fn alter(&self, r: &AlterClientQuotasRequest) -> AlterClientQuotasResponse {
        let mut inner = self.lock();
        // The results by entity (as the request's map names it), in the
        // order the entities came, and the changes to make.
        let mut results: Vec<(RawEntity, Option<String>)> = Vec::new();
        let mut changes: Vec<(Entity, Ops)> = Vec::new();
        for entry in &r.entries {
            let raw = RawEntity::read(&entry.entity);
            // `AlterClientQuotasRequest.entries`: a removal's value is null.
            let mut ops: Ops = Vec::new();
            let mut duplicate_key = false;
            for op in &entry.ops {
                if ops.iter().any(|(k, _)| *k == *op.key) {
                    duplicate_key = true;
                } else {
                    ops.push((op.key.to_string(), (!op.remove).then_some(op.value)));
                }
            }
            let seen = results.iter().position(|(e, _)| *e == raw);
            if duplicate_key || seen.is_some() {
                // Kafka's result for the entity becomes this, whatever it
                // was (a first entry's changes still stand).
                let message = format!("Ignoring duplicate entity {}", raw.java_string());
                match seen {
                    Some(i) => results[i].1 = Some(message),
                    None => results.push((raw, Some(message))),
                }
                continue;
            }
            let checked = check_alteration(&raw, &ops);
            match checked {
                Ok(entity) => {
                    changes.push((entity, ops));
                    results.push((raw, None));
                }
                Err(message) => results.push((raw, Some(message))),
            }
        }
        if !r.validate_only {
            for (entity, ops) in changes {
                let values = inner.table.entry(entity.clone()).or_default();
                for (key, value) in ops {
                    match value {
                        Some(v) => {
                            values.insert(key, v);
                        }
                        None => {
                            values.remove(&key);
                        }
                    }
                }
                if values.is_empty() {
                    inner.table.remove(&entity);
                }
            }
            self.note_active(&inner.table);
        }
        AlterClientQuotasResponse {
            entries: results
                .into_iter()
                .map(|(raw, error)| alter_client_quotas::ResponseEntryData {
                    error_code: if error.is_some() {
                        ErrorCode::InvalidRequest.code()
                    } else {
                        0
                    },
                    error_message: error.map(Str::from),
                    entity: raw
                        .java_ordered()
                        .into_iter()
                        .map(|(ty, name)| alter_client_quotas::ResponseEntityData {
                            entity_type: ty.into(),
                            entity_name: name.map(Str::from),
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }
}

/// An entity as a request names it: its types (any string) and names (or
/// null), each type once, a later one replacing an earlier one's name (the
/// `HashMap` Kafka reads it into), and the request's count of components
/// (that map's initial capacity, which orders it).
#[derive(Debug, Clone)]
struct RawEntity {
    components: Vec<(String, Option<String>)>,
    given: usize,
}

impl PartialEq for RawEntity {
    fn eq(&self, other: &Self) -> bool {
        let sorted = |e: &RawEntity| {
            let mut c = e.components.clone();
            c.sort();
            c
        };
        sorted(self) == sorted(other)
    }
}

impl RawEntity {
    fn read(given: &[alter_client_quotas::EntityData]) -> Self {
        let mut components: Vec<(String, Option<String>)> = Vec::new();
        for e in given {
            let name = e.entity_name.as_deref().map(str::to_owned);
            match components.iter_mut().find(|(t, _)| *t == *e.entity_type) {
                Some(c) => c.1 = name,
                None => components.push((e.entity_type.to_string(), name)),
            }
        }
        RawEntity {
            components,
            given: given.len(),
        }
    }

    /// Its components in the order Kafka's `HashMap` iterates them.
    fn java_ordered(&self) -> Vec<(&str, Option<&str>)> {
        hash_order(self.components.iter().map(|(t, _)| t.as_str()), self.given)
            .into_iter()
            .map(|t| {
                let name = self
                    .components
                    .iter()
                    .find(|(c, _)| c == t)
                    .and_then(|(_, n)| n.as_deref());
                (t, name)
            })
            .collect()
    }

    /// Java's `ClientQuotaEntity.toString`:
    /// `ClientQuotaEntity(entries={client-id=app, user=null})`.
    fn java_string(&self) -> String {
        let entries: Vec<String> = self
            .java_ordered()
            .into_iter()
            .map(|(t, n)| format!("{t}={}", n.unwrap_or("null")))
            .collect();
        format!("ClientQuotaEntity(entries={{{}}})", entries.join(", "))
    }
}

/// Kafka's checks of one entity's alteration (`validateEntity`,
/// `configKeysForEntityType`, `validateQuotaKeyValue`, in its order): the
/// entity it names, or the INVALID_REQUEST message.
fn check_alteration(raw: &RawEntity, ops: &[(String, Option<f64>)]) -> Result<Entity, String> {
    if raw.components.is_empty() {
        return Err("Invalid empty client quota entity".into());
    }
    let mut entity = Entity::default();
    for (ty, name) in raw.java_ordered() {
        let slot = match ty {
            USER => &mut entity.user,
            CLIENT_ID => &mut entity.client_id,
            IP => &mut entity.ip,
            _ => return Err(format!("Unhandled client quota entity type: {ty}")),
        };
        *slot = Some(name.map(str::to_owned));
        if name == Some("") {
            return Err(format!("Empty {ty} not supported"));
        }
    }
    let keys = if let Some(ip) = &entity.ip {
        if entity.user.is_some() || entity.client_id.is_some() {
            // Kafka's message, its missing space and all.
            return Err(
                "Invalid quota entity combination, IP entity shouldnot be combined with User or ClientId"
                    .into(),
            );
        }
        if let Some(ip) = ip {
            // `InetAddress.getByName`: the fake takes addresses, not host
            // names it would have to resolve.
            if ip.parse::<std::net::IpAddr>().is_err() {
                return Err(format!("{ip} is not a valid IP or resolvable host."));
            }
        }
        IP_KEYS
    } else {
        USER_AND_CLIENT_KEYS
    };
    // Kafka checks the values in its `HashMap`'s order.
    for key in hash_order(ops.iter().map(|(k, _)| k.as_str()), ops.len()) {
        let Some((_, Some(value))) = ops.iter().find(|(k, _)| k == key) else {
            continue;
        };
        check_value(keys, key, *value)?;
    }
    Ok(entity)
}

/// `validateQuotaKeyValue`: a key the entity takes, a value above 0, and an
/// integral one within its type for the INT and LONG keys.
fn check_value(keys: &[(&str, ValueType)], key: &str, value: f64) -> Result<(), String> {
    let Some(&(_, ty)) = keys.iter().find(|(k, _)| *k == key) else {
        return Err(format!("Invalid configuration key {key}"));
    };
    if value <= 0.0 {
        return Err(format!("Quota {key} must be greater than 0"));
    }
    let (max, what) = match ty {
        ValueType::Double => return Ok(()),
        ValueType::Int => (f64::from(i32::MAX), "an INT"),
        // `Long.MAX_VALUE` widened to a double: 2^63.
        ValueType::Long => (9_223_372_036_854_775_808.0, "a LONG"),
    };
    if value > max {
        return Err(format!("Proposed value for {key} is too large for {what}."));
    }
    // `getErrorForIntegralQuotaValue`: Java's `%` is Rust's.
    if (value % 1.0).abs() > 1e-6 {
        return Err(format!("{key} cannot be a fractional value."));
    }
    Ok(())
}

/// A DescribeClientQuotas filter: the types whose name must be exactly one
/// (or the default, `None`), the types that must be there, and whether an
/// entity may have others.
struct Filter {
    exact: Vec<(String, Name)>,
    present: Vec<String>,
    strict: bool,
}

impl Filter {
    /// Kafka's checks of the components, in its order, with its errors.
    fn read(r: &DescribeClientQuotasRequest) -> Result<Filter, (ErrorCode, String)> {
        let invalid = |m: String| Err((ErrorCode::InvalidRequest, m));
        let mut f = Filter {
            exact: Vec::new(),
            present: Vec::new(),
            strict: r.strict,
        };
        for c in &r.components {
            let ty = c.entity_type.as_str();
            if ty.is_empty() {
                return invalid("Invalid empty entity type.".into());
            }
            if f.exact.iter().any(|(t, _)| t == ty) || f.present.iter().any(|t| t == ty) {
                return invalid(format!(
                    "Entity type {ty} cannot appear more than once in the filter."
                ));
            }
            if ![IP, USER, CLIENT_ID].contains(&ty) {
                return Err((
                    ErrorCode::UnsupportedVersion,
                    format!("Unsupported entity type {ty}"),
                ));
            }
            match (c.match_type, c.r#match.as_deref()) {
                (0, None) => {
                    return invalid(
                        "Request specified MATCH_TYPE_EXACT, but set match string to null.".into(),
                    )
                }
                (0, Some(name)) => f.exact.push((ty.into(), Some(name.into()))),
                (1, Some(_)) => {
                    return invalid(
                        "Request specified MATCH_TYPE_DEFAULT, but also specified a match string."
                            .into(),
                    )
                }
                (1, None) => f.exact.push((ty.into(), None)),
                (2, Some(_)) => return invalid(
                    "Request specified MATCH_TYPE_SPECIFIED, but also specified a match string."
                        .into(),
                ),
                (2, None) => f.present.push(ty.into()),
                (other, _) => return invalid(format!("Unknown match type {other}")),
            }
        }
        let has = |t: &str| f.exact.iter().any(|(x, _)| x == t) || f.present.iter().any(|x| x == t);
        if has(IP) && (has(USER) || has(CLIENT_ID)) {
            return invalid(
                "Invalid entity filter component combination. IP filter component should not be used with user or clientId filter component."
                    .into(),
            );
        }
        Ok(f)
    }

    fn matches(&self, entity: &Entity) -> bool {
        if self.strict && entity.components().count() != self.exact.len() + self.present.len() {
            return false;
        }
        if self.exact.is_empty() && self.present.is_empty() {
            // Every entity when not strict; none when strict (Kafka's
            // third case).
            return !self.strict;
        }
        self.exact
            .iter()
            .all(|(ty, name)| entity.component(ty) == Some(name))
            && self.present.iter().all(|ty| entity.component(ty).is_some())
    }
}

/// Whether `entity` has a value for `key`.
fn overridden(table: &Table, key: &str, entity: &Entity) -> bool {
    table.get(entity).is_some_and(|v| v.contains_key(key))
}

/// `DefaultQuotaCallback.quotaMetricTags`: the tags `user`'s `client_id` is
/// measured under, from the most specific entity with a value for `key`.
fn metric_tags(table: &Table, key: &str, user: &str, client_id: &str) -> Tags {
    let (u, c) = (
        Some(Some(user.to_owned())),
        Some(Some(client_id.to_owned())),
    );
    let has = |user: &Option<Name>, client: &Option<Name>| {
        overridden(table, key, &Entity::new(user.clone(), client.clone()))
    };
    let both = (user.to_owned(), client_id.to_owned());
    let user_only = (user.to_owned(), String::new());
    if has(&u, &c) || has(&u, &Some(None)) {
        both
    } else if has(&u, &None) {
        user_only
    } else if has(&Some(None), &c) || has(&Some(None), &Some(None)) {
        both
    } else if has(&Some(None), &None) {
        user_only
    } else {
        (String::new(), client_id.to_owned())
    }
}

/// `DefaultQuotaCallback.quotaLimit`: the bound of `key` for `tags`.
fn limit(table: &Table, key: &str, (user, client_id): &Tags) -> Option<f64> {
    let named = |s: &str| Some(Some(s.to_owned()));
    let candidates: Vec<Entity> = match (user.is_empty(), client_id.is_empty()) {
        (false, false) => vec![
            Entity::new(named(user), named(client_id)),
            Entity::new(named(user), Some(None)),
            Entity::new(Some(None), named(client_id)),
            Entity::new(Some(None), Some(None)),
        ],
        (false, true) => vec![
            Entity::new(named(user), None),
            Entity::new(Some(None), None),
        ],
        (true, false) => vec![
            Entity::new(None, named(client_id)),
            Entity::new(None, Some(None)),
        ],
        (true, true) => return None,
    };
    candidates
        .iter()
        .find_map(|e| table.get(e).and_then(|v| v.get(key)).copied())
}

/// `QuotaUtils.throttleTime`: how long until the rate is back at the bound
/// with nothing more recorded.
fn throttle_ms(rate: f64, bound: f64, window_ms: i64) -> i32 {
    let ms = (rate - bound) / bound * window_ms as f64;
    // Java's Math.round, then the int Kafka answers.
    let rounded = (ms + 0.5).floor();
    if rounded >= f64::from(i32::MAX) {
        i32::MAX
    } else {
        rounded as i32
    }
}

/// The user name of a principal, as Kafka's quotas name it (`alice` for
/// `User:alice`).
pub(crate) fn user_of(principal: &str) -> &str {
    principal
        .split_once(':')
        .map_or(principal, |(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_is_ten_seconds_until_eleven_have_passed() {
        let mut rate = Rate::default();
        rate.record(1000.0, 0);
        assert_eq!(rate.window_ms(0), 10_000);
        assert_eq!(rate.measure(0), 100.0);
        // 2.5 s in: two whole windows, and eight more assumed.
        assert_eq!(rate.window_ms(2_500), 10_500);
        rate.record(1000.0, 10_500);
        assert_eq!(rate.window_ms(10_500), 10_500);
        assert_eq!(rate.measure(10_500), 2000.0 / 10.5);
        // At 11 s the first sample is obsolete.
        assert_eq!(rate.measure(11_000), 1000.0 / 10.5);
        assert_eq!(rate.window_ms(11_000), 10_500);
    }

    #[test]
    fn throttle_time_is_kafkas() {
        // 2,000 B in a 10 s window against 100 B/s: 200 B/s, throttled
        // (200 - 100) / 100 * 10,000 ms.
        assert_eq!(throttle_ms(200.0, 100.0, 10_000), 10_000);
        assert_eq!(throttle_ms(100.04, 100.0, 10_000), 4);
        assert_eq!(throttle_ms(1e300, 1.0, 10_000), i32::MAX);
    }

    #[test]
    fn the_quota_that_holds_is_kafkas() {
        let quotas = Quotas::new(vec![
            ClientQuota::client_id("app").produce_bytes_per_sec(100.0),
            ClientQuota::user("alice").produce_bytes_per_sec(1e9),
            ClientQuota::client_id("app").fetch_bytes_per_sec(100.0),
            ClientQuota::default_client_id().fetch_bytes_per_sec(5.0),
        ]);
        let table = &quotas.lock().table;
        let holds = |key: &str, user: &str, client: &str| {
            let tags = metric_tags(table, key, user, client);
            (tags.0.clone(), tags.1.clone(), limit(table, key, &tags))
        };
        let p = PRODUCER_BYTE_RATE;
        assert_eq!(
            holds(p, "bob", "app"),
            ("".into(), "app".into(), Some(100.0))
        );
        assert_eq!(
            holds(p, "alice", "app"),
            ("alice".into(), "".into(), Some(1e9))
        );
        assert_eq!(holds(p, "bob", "other"), ("".into(), "other".into(), None));
        let f = CONSUMER_BYTE_RATE;
        assert_eq!(
            holds(f, "alice", "app"),
            ("".into(), "app".into(), Some(100.0))
        );
        assert_eq!(holds(f, "alice", "x"), ("".into(), "x".into(), Some(5.0)));
        assert_eq!(user_of("User:alice"), "alice");
    }

    #[test]
    fn java_orders_a_hash_map_by_bucket() {
        // Kafka lists an entity's client id before its user.
        assert_eq!(
            hash_order(["user", "client-id"].into_iter(), 2),
            ["client-id", "user"]
        );
        assert_eq!(
            hash_order(
                [PRODUCER_BYTE_RATE, CONSUMER_BYTE_RATE, REQUEST_PERCENTAGE].into_iter(),
                16
            ),
            [REQUEST_PERCENTAGE, PRODUCER_BYTE_RATE, CONSUMER_BYTE_RATE]
        );
    }
}
