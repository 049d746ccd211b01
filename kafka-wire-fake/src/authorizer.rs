//! ACLs enforced, as Kafka's `StandardAuthorizer` enforces them, when
//! `ClusterBuilder::authorizer` switches it on: each request is checked
//! against the ACLs the cluster holds (those CreateAcls made) for the
//! connection's principal and host before it is handled.
//!
//! The rule of one check is `StandardAuthorizerData.findResult` and
//! `checkSection`: a super user is allowed everything; else the ACLs of
//! the resource's type whose pattern covers the name (LITERAL equal, the
//! LITERAL wildcard `*`, PREFIXED a prefix of it), whose principal is the
//! connection's or `User:*` and whose host is the client's address or `*`,
//! and whose operation is the one asked, ALL, or (ALLOW ACLs only) one
//! implying it (READ, WRITE, DELETE and ALTER imply DESCRIBE; ALTER_CONFIGS
//! implies DESCRIBE_CONFIGS); any DENY among them denies, else any ALLOW
//! allows, else it is denied (`allow.everyone.if.no.acl.found` is false).
//! Which request asks what is `KafkaApis`' (see [`gate`]); a refused
//! resource gets Kafka's code in the request's shape, the rest of the
//! request is handled.

use std::net::SocketAddr;
use std::sync::Arc;

use bytes::BytesMut;
use kafka_messages::metadata::MetadataResponseTopic;
use kafka_messages::*;
use kafka_wire::{frame, ErrorCode, Request, RequestHeader, Str, Uuid};

use crate::broker::{Acl, State};
use crate::error_answer::error_answer;

/// The principal of every connection without SASL, as Kafka's PLAINTEXT
/// listener names it.
pub(crate) const ANONYMOUS: &str = "User:ANONYMOUS";

/// The name Kafka's authorizer checks CLUSTER operations on.
const CLUSTER_NAME: &str = "kafka-cluster";

/// What the principal of a connection is, from its client's address.
pub(crate) type PrincipalOf = Arc<dyn Fn(SocketAddr) -> String + Send + Sync>;

/// `ClusterBuilder::authorizer`'s settings.
pub(crate) struct Settings {
    /// Principals allowed everything (Kafka's `super.users`).
    pub(crate) super_users: Vec<String>,
}

/// Who sends a connection's requests, and from where.
#[derive(Debug, Clone)]
pub(crate) struct Session {
    pub(crate) principal: String,
    /// The client's address as Kafka's ACL hosts name it (`127.0.0.1`).
    host: String,
}

impl Session {
    /// The session of a connection from `peer`, its principal
    /// `principal_of` says (asked once, at the connection's first request
    /// that needs it).
    pub(crate) fn new(principal_of: &PrincipalOf, peer: SocketAddr) -> Self {
        Session {
            principal: principal_of(peer),
            host: peer.ip().to_string(),
        }
    }

    /// The session of a connection from `peer` whose principal is
    /// `principal` (the name a SASL exchange authenticated).
    pub(crate) fn named(principal: String, peer: SocketAddr) -> Self {
        Session {
            principal,
            host: peer.ip().to_string(),
        }
    }
}

/// The checks of one request: the cluster's ACLs, for one session.
pub(crate) struct Check<'a> {
    acls: &'a [Acl],
    settings: &'a Settings,
    session: &'a Session,
}

impl<'a> Check<'a> {
    /// The checks of `session`'s requests against `acls`.
    pub(crate) fn new(acls: &'a [Acl], settings: &'a Settings, session: &'a Session) -> Self {
        Check {
            acls,
            settings,
            session,
        }
    }

    fn super_user(&self) -> bool {
        self.settings.super_users.contains(&self.session.principal)
    }

    /// Whether the ACL is for this session's principal and host.
    fn applies(&self, acl: &Acl) -> bool {
        (acl.principal == self.session.principal || acl.principal == "User:*")
            && (acl.host == "*" || acl.host == self.session.host.as_str())
    }

    /// Whether `op` on the resource `kind` named `name` is allowed.
    pub(crate) fn allows(&self, op: AclOperation, kind: ResourceType, name: &str) -> bool {
        if self.super_user() {
            return true;
        }
        let mut allowed = false;
        for acl in self.acls {
            if acl.resource_type != kind.code() || !covers(acl, name) || !self.applies(acl) {
                continue;
            }
            match grants(acl, op) {
                Some(false) => return false,
                Some(true) => allowed = true,
                None => {}
            }
        }
        allowed
    }

    /// Kafka's `Authorizer.authorizeByResourceType`: whether `op` is
    /// allowed on some resource of `kind`, an ALLOW not covered by a DENY
    /// (a literal one of the same name, a prefixed one of a prefix of it,
    /// the literal wildcard). InitProducerId without a transactional id
    /// asks it of WRITE on topics.
    fn allows_some(&self, op: AclOperation, kind: ResourceType) -> bool {
        // Kafka checks a made-up name first, which lets super users and
        // wildcard ALLOWs through.
        if self.allows(op, kind, "hardcode") {
            return true;
        }
        let literal = PatternType::Literal.code();
        let mine = self.acls.iter().filter(|a| {
            a.resource_type == kind.code()
                && self.applies(a)
                && (a.operation == op.code() || a.operation == AclOperation::All.code())
        });
        let (mut deny, mut allow) = (Vec::new(), Vec::new());
        for acl in mine {
            if acl.permission == AclPermissionType::Deny.code() {
                if acl.pattern == literal && acl.name == "*" {
                    return false;
                }
                deny.push(acl);
            } else if acl.permission == AclPermissionType::Allow.code() {
                if acl.pattern == literal && acl.name == "*" {
                    return true;
                }
                allow.push(acl);
            }
        }
        allow.iter().any(|a| {
            let denied_literal = a.pattern == literal
                && deny
                    .iter()
                    .any(|d| d.pattern == literal && d.name == a.name);
            let denied_prefix = deny.iter().any(|d| {
                d.pattern == PatternType::Prefixed.code() && a.name.starts_with(d.name.as_str())
            });
            !denied_literal && !denied_prefix
        })
    }

    fn topic(&self, op: AclOperation, name: &str) -> bool {
        self.allows(op, ResourceType::Topic, name)
    }

    fn group(&self, op: AclOperation, name: &str) -> bool {
        self.allows(op, ResourceType::Group, name)
    }

    pub(crate) fn cluster(&self, op: AclOperation) -> bool {
        self.allows(op, ResourceType::Cluster, CLUSTER_NAME)
    }

    fn transactional_id(&self, op: AclOperation, name: &str) -> bool {
        self.allows(op, ResourceType::TransactionalId, name)
    }
}

/// Whether the ACL's pattern covers the resource `name`.
fn covers(acl: &Acl, name: &str) -> bool {
    if acl.pattern == PatternType::Literal.code() {
        acl.name == name || acl.name == "*"
    } else if acl.pattern == PatternType::Prefixed.code() {
        name.starts_with(acl.name.as_str())
    } else {
        false
    }
}

/// What the ACL says of `op` (its resource and session matched): `None`
/// when it says nothing, else whether it allows (Kafka's `findResult`).
fn grants(acl: &Acl, op: AclOperation) -> Option<bool> {
    let allow = acl.permission == AclPermissionType::Allow.code();
    if acl.operation != AclOperation::All.code() {
        let theirs = AclOperation::from(acl.operation);
        let matched = match op {
            AclOperation::Describe if allow => matches!(
                theirs,
                AclOperation::Describe
                    | AclOperation::Read
                    | AclOperation::Write
                    | AclOperation::Delete
                    | AclOperation::Alter
            ),
            AclOperation::DescribeConfigs if allow => matches!(
                theirs,
                AclOperation::DescribeConfigs | AclOperation::AlterConfigs
            ),
            _ => theirs == op,
        };
        if !matched {
            return None;
        }
    }
    Some(allow)
}

/// The answer refusing a whole request, or why it did not build.
pub(crate) type Refused = Box<Result<ResponseKind, String>>;

/// What a checked request comes to.
// A request is moved through once, so its size beside `Refuse` costs
// nothing that a box per request would not cost more.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Gate {
    /// Handled as it is (or narrowed to what is allowed), its answer then
    /// completed by [`Finish::apply`].
    Pass(RequestKind, Finish),
    /// Answered whole with this code, in the request's shape, unhandled.
    Refuse(ErrorCode),
    /// Answered with this, unhandled.
    Answer(Box<ResponseKind>),
}

/// What is done to the answer of a request that passed.
#[derive(Default)]
pub(crate) struct Finish {
    /// The answers to the refused parts of the request: their elements are
    /// added after the handled ones.
    denied: Vec<ResponseKind>,
    /// Whether the answer lists resources the principal may not DESCRIBE
    /// unless filtered (Metadata of every topic, ListGroups,
    /// ListTransactions, OffsetFetch of every topic).
    filter: bool,
    /// Whether the answer carries authorized operations, which the
    /// handler filled as without an authorizer (every supported one) and
    /// the ACLs decide (Metadata, DescribeCluster, DescribeGroups,
    /// ConsumerGroupDescribe when asked).
    operations: bool,
}

impl Finish {
    fn filter() -> Self {
        Finish {
            denied: Vec::new(),
            filter: true,
            operations: false,
        }
    }

    /// Completes `answer`: what the principal may not see left out, the
    /// authorized operations its ACLs allow, then the refused parts'
    /// elements added (which carry none).
    pub(crate) fn apply(self, answer: &mut ResponseKind, check: &Check<'_>) {
        if self.filter {
            hide(answer, check);
        }
        if self.operations {
            authorize_operations(answer, check);
        }
        for denied in self.denied {
            merge(answer, denied);
        }
    }

    /// Whether the answer needs [`apply`](Finish::apply).
    pub(crate) fn is_empty(&self) -> bool {
        self.denied.is_empty() && !self.filter && !self.operations
    }
}

/// Kafka's `AclEntry.supportedOperations` of the resource types whose
/// authorized operations are answered.
fn supported(kind: ResourceType) -> &'static [AclOperation] {
    use AclOperation::*;
    match kind {
        ResourceType::Topic => &[
            Read,
            Write,
            Create,
            Describe,
            Delete,
            Alter,
            DescribeConfigs,
            AlterConfigs,
        ],
        ResourceType::Group => &[Read, Describe, Delete, DescribeConfigs, AlterConfigs],
        ResourceType::Cluster => &[
            Create,
            ClusterAction,
            DescribeConfigs,
            AlterConfigs,
            IdempotentWrite,
            Alter,
            Describe,
        ],
        _ => &[],
    }
}

/// Kafka's `AuthHelper.authorizedOperations`: the bit field (bit `code`
/// of each operation, `Utils.to32BitField`) of the operations supported on
/// the resource `kind` named `name` that `check` allows, or all of them
/// without an authorizer (`None`): 3576 for a topic, 3400 for a group,
/// 8096 for the cluster, as a Kafka 4.4 broker without an authorizer
/// answers.
pub(crate) fn authorized_operations(
    check: Option<&Check<'_>>,
    kind: ResourceType,
    name: &str,
) -> i32 {
    supported(kind)
        .iter()
        .filter(|&&op| check.is_none_or(|c| c.allows(op, kind, name)))
        .fold(0, |bits, op| bits | (1 << op.code()))
}

/// The cluster's authorized operations as Metadata (v8-10) and
/// DescribeCluster answer them: 0 without DESCRIBE on the cluster.
pub(crate) fn cluster_operations(check: Option<&Check<'_>>) -> i32 {
    if check.is_some_and(|c| !c.cluster(AclOperation::Describe)) {
        return 0;
    }
    authorized_operations(check, ResourceType::Cluster, CLUSTER_NAME)
}

/// Whether `request` asks for authorized operations.
fn asks_operations(request: &RequestKind) -> bool {
    match request {
        RequestKind::Metadata(r) => {
            r.include_topic_authorized_operations || r.include_cluster_authorized_operations
        }
        RequestKind::DescribeCluster(r) => r.include_cluster_authorized_operations,
        RequestKind::DescribeGroups(r) => r.include_authorized_operations,
        RequestKind::ConsumerGroupDescribe(r) => r.include_authorized_operations,
        _ => false,
    }
}

/// The authorized operations of an answer whose handler filled them as
/// without an authorizer, by the ACLs: each value the handler set (not
/// `i32::MIN`, the schema's default for "not asked").
fn authorize_operations(answer: &mut ResponseKind, check: &Check<'_>) {
    let set = |v: &mut i32, to: i32| {
        if *v != i32::MIN {
            *v = to;
        }
    };
    match answer {
        ResponseKind::Metadata(m) => {
            for t in &mut m.topics {
                if let Some(name) = &t.name {
                    let ops = authorized_operations(Some(check), ResourceType::Topic, name);
                    set(&mut t.topic_authorized_operations, ops);
                }
            }
            set(
                &mut m.cluster_authorized_operations,
                cluster_operations(Some(check)),
            );
        }
        ResponseKind::DescribeCluster(d) => {
            set(
                &mut d.cluster_authorized_operations,
                cluster_operations(Some(check)),
            );
        }
        ResponseKind::DescribeGroups(d) => {
            for g in &mut d.groups {
                let ops = authorized_operations(Some(check), ResourceType::Group, &g.group_id);
                set(&mut g.authorized_operations, ops);
            }
        }
        ResponseKind::ConsumerGroupDescribe(d) => {
            for g in &mut d.groups {
                let ops = authorized_operations(Some(check), ResourceType::Group, &g.group_id);
                set(&mut g.authorized_operations, ops);
            }
        }
        _ => {}
    }
}

/// Moves the elements of `items` that `allowed` refuses to the returned
/// list.
fn split<T>(items: &mut Vec<T>, mut allowed: impl FnMut(&T) -> bool) -> Vec<T> {
    let (kept, refused) = std::mem::take(items).into_iter().partition(|t| allowed(t));
    *items = kept;
    refused
}

/// The error answer to `request` (the refused part of a request, under the
/// request's header): every error field `code`.
fn answer_of<R: Request>(
    header: &RequestHeader,
    request: &R,
    code: ErrorCode,
) -> Option<ResponseKind> {
    let mut out = BytesMut::new();
    frame::encode_request_contents(&mut out, header, request).ok()?;
    error_answer(out.freeze(), code).ok()
}

/// `request` passed, with the answers of its refused parts (each a
/// request of the refused elements and their code); `Refuse` with the
/// first code when one does not build.
fn pass_with<R: Request>(
    request: RequestKind,
    header: &RequestHeader,
    refused: Vec<(R, ErrorCode)>,
) -> Gate {
    let mut finish = Finish::default();
    for (part, code) in refused {
        match answer_of(header, &part, code) {
            Some(denied) => finish.denied.push(denied),
            None => return Gate::Refuse(code),
        }
    }
    Gate::Pass(request, finish)
}

/// The name of a topic a request names by name (held or not: a missing
/// topic's ACLs are checked too), or by id from `by_id`; `None` for an id
/// no topic has (the handler answers it).
fn topic_name(state: &State, name: &Str, id: Uuid, by_id: bool) -> Option<Str> {
    if by_id {
        crate::groups::topic_name(state, name, id, true)
    } else {
        Some(name.clone())
    }
}

/// Whether `check` allows `op` on the topic a request names, by name or by
/// id (an unknown id passes, for the handler to answer).
fn topic_allowed(
    check: &Check<'_>,
    state: &State,
    op: AclOperation,
    name: &Str,
    id: Uuid,
    by_id: bool,
) -> bool {
    topic_name(state, name, id, by_id).is_none_or(|n| check.topic(op, &n))
}

const TOPIC_DENIED: ErrorCode = ErrorCode::TopicAuthorizationFailed;
const GROUP_DENIED: ErrorCode = ErrorCode::GroupAuthorizationFailed;
const CLUSTER_DENIED: ErrorCode = ErrorCode::ClusterAuthorizationFailed;
const TXN_DENIED: ErrorCode = ErrorCode::TransactionalIdAuthorizationFailed;

/// Kafka's resource codes of DescribeConfigs and AlterConfigs
/// (`ConfigResource.Type`).
const CONFIG_TOPIC: i8 = 2;

/// The checks `KafkaApis` makes of `request` (each `handle...Request`'s
/// `authorize` calls), and what they leave of it; the authorized
/// operations it asks for are computed from the ACLs once it is answered.
pub(crate) fn gate(
    check: &Check<'_>,
    state: &State,
    header: &RequestHeader,
    request: RequestKind,
    auto_create_topics: bool,
) -> Gate {
    let operations = asks_operations(&request);
    match gate_request(check, state, header, request, auto_create_topics) {
        Gate::Pass(request, mut finish) => {
            finish.operations = operations;
            Gate::Pass(request, finish)
        }
        other => other,
    }
}

fn gate_request(
    check: &Check<'_>,
    state: &State,
    header: &RequestHeader,
    request: RequestKind,
    auto_create_topics: bool,
) -> Gate {
    use AclOperation::{
        Alter, AlterConfigs as AlterCfg, ClusterAction, Create, Delete, Describe,
        DescribeConfigs as DescribeCfg, IdempotentWrite, Read, Write,
    };
    let version = header.api_version;
    macro_rules! narrow {
        ($variant:ident, $r:ident, $field:ident, $allowed:expr, $code:expr) => {{
            let mut $r = $r;
            let refused = split(&mut $r.$field, $allowed);
            let mut parts = Vec::new();
            if !refused.is_empty() {
                let mut only = $r.clone();
                only.$field = refused;
                parts.push((only, $code));
            }
            pass_with(RequestKind::$variant($r), header, parts)
        }};
    }
    // A config resource: a topic's, or the cluster's (a broker, its loggers).
    macro_rules! configs {
        ($variant:ident, $r:ident, $op:expr) => {{
            let mut $r = $r;
            let refused = split(&mut $r.resources, |c| {
                if c.resource_type == CONFIG_TOPIC {
                    check.topic($op, &c.resource_name)
                } else {
                    check.cluster($op)
                }
            });
            let (topics, brokers): (Vec<_>, Vec<_>) = refused
                .into_iter()
                .partition(|c| c.resource_type == CONFIG_TOPIC);
            let mut parts = Vec::new();
            for (resources, code) in [(topics, TOPIC_DENIED), (brokers, CLUSTER_DENIED)] {
                if !resources.is_empty() {
                    let mut only = $r.clone();
                    only.resources = resources;
                    parts.push((only, code));
                }
            }
            pass_with(RequestKind::$variant($r), header, parts)
        }};
    }
    let whole = |allowed: bool, code: ErrorCode, request: RequestKind| {
        if allowed {
            Gate::Pass(request, Finish::default())
        } else {
            Gate::Refuse(code)
        }
    };
    match request {
        // Kafka's handleTopicMetadataRequest.
        RequestKind::Metadata(r) => metadata(check, state, r, version, auto_create_topics),
        // handleProduceRequest: WRITE on the transactional id of a
        // transactional produce, WRITE on each topic.
        RequestKind::Produce(r) => {
            // Transactional records without a transactional id: refused
            // whole, before any ACL, by `data::produce`.
            if crate::txn::transactional_without_id(&r) {
                return Gate::Pass(RequestKind::Produce(r), Finish::default());
            }
            if let Some(id) = &r.transactional_id {
                if !check.transactional_id(Write, id) {
                    return Gate::Refuse(TXN_DENIED);
                }
            }
            let by_id = version >= 13;
            narrow!(
                Produce,
                r,
                topic_data,
                |t: &produce::TopicProduceData| topic_allowed(
                    check, state, Write, &t.name, t.topic_id, by_id
                ),
                TOPIC_DENIED
            )
        }
        // handleFetchRequest: READ on each topic (a follower's fetch, which
        // asks CLUSTER_ACTION, the fake answers as a leader answers an
        // unknown follower).
        RequestKind::Fetch(r) => {
            let by_id = version >= 13;
            narrow!(
                Fetch,
                r,
                topics,
                |t: &fetch::FetchTopic| topic_allowed(
                    check, state, Read, &t.topic, t.topic_id, by_id
                ),
                TOPIC_DENIED
            )
        }
        RequestKind::ListOffsets(r) => narrow!(
            ListOffsets,
            r,
            topics,
            |t: &list_offsets::ListOffsetsTopic| check.topic(Describe, &t.name),
            TOPIC_DENIED
        ),
        // handleCreateTopicsRequest: CREATE on the cluster, or on each topic.
        RequestKind::CreateTopics(r) => {
            if check.cluster(Create) {
                return Gate::Pass(RequestKind::CreateTopics(r), Finish::default());
            }
            narrow!(
                CreateTopics,
                r,
                topics,
                |t: &CreatableTopic| check.topic(Create, &t.name),
                TOPIC_DENIED
            )
        }
        // handleDeleteTopicsRequest: DELETE on each topic (by name before
        // v6, by name or id from v6).
        RequestKind::DeleteTopics(r) => {
            if version < 6 {
                narrow!(
                    DeleteTopics,
                    r,
                    topic_names,
                    |n: &Str| check.topic(Delete, n),
                    TOPIC_DENIED
                )
            } else {
                narrow!(
                    DeleteTopics,
                    r,
                    topics,
                    |t: &delete_topics::DeleteTopicState| match &t.name {
                        Some(n) => check.topic(Delete, n),
                        None =>
                            topic_allowed(check, state, Delete, &Str::default(), t.topic_id, true),
                    },
                    TOPIC_DENIED
                )
            }
        }
        RequestKind::CreatePartitions(r) => narrow!(
            CreatePartitions,
            r,
            topics,
            |t: &create_partitions::CreatePartitionsTopic| check.topic(Alter, &t.name),
            TOPIC_DENIED
        ),
        RequestKind::DeleteRecords(r) => narrow!(
            DeleteRecords,
            r,
            topics,
            |t: &delete_records::DeleteRecordsTopic| check.topic(Delete, &t.name),
            TOPIC_DENIED
        ),
        // handleDescribeConfigsRequest (ConfigHelper): DESCRIBE_CONFIGS on
        // a topic (TOPIC_AUTHORIZATION_FAILED) or on the cluster for a
        // broker or its loggers (CLUSTER_AUTHORIZATION_FAILED).
        RequestKind::DescribeConfigs(r) => {
            configs!(DescribeConfigs, r, DescribeCfg)
        }
        RequestKind::AlterConfigs(r) => configs!(AlterConfigs, r, AlterCfg),
        RequestKind::IncrementalAlterConfigs(r) => configs!(IncrementalAlterConfigs, r, AlterCfg),
        // The ACL APIs: ALTER on the cluster to change them, DESCRIBE to
        // read them.
        RequestKind::CreateAcls(_) | RequestKind::DeleteAcls(_) => {
            whole(check.cluster(Alter), CLUSTER_DENIED, request)
        }
        RequestKind::DescribeAcls(_) => whole(check.cluster(Describe), CLUSTER_DENIED, request),
        // The client quota APIs: DESCRIBE_CONFIGS on the cluster to read
        // them, ALTER_CONFIGS to change them.
        RequestKind::DescribeClientQuotas(_) => {
            whole(check.cluster(DescribeCfg), CLUSTER_DENIED, request)
        }
        RequestKind::AlterClientQuotas(_) => {
            whole(check.cluster(AlterCfg), CLUSTER_DENIED, request)
        }
        // FindCoordinator: DESCRIBE on the group or transactional id.
        RequestKind::FindCoordinator(r) => {
            let (op_ok, code): (&dyn Fn(&Str) -> bool, ErrorCode) = if r.key_type == 1 {
                (&|k: &Str| check.transactional_id(Describe, k), TXN_DENIED)
            } else {
                (&|k: &Str| check.group(Describe, k), GROUP_DENIED)
            };
            if version < 4 {
                let allowed = op_ok(&r.key);
                whole(allowed, code, RequestKind::FindCoordinator(r))
            } else {
                narrow!(
                    FindCoordinator,
                    r,
                    coordinator_keys,
                    |k: &Str| op_ok(k),
                    code
                )
            }
        }
        // The classic group's APIs: READ on the group.
        RequestKind::JoinGroup(ref r) => {
            whole(check.group(Read, &r.group_id), GROUP_DENIED, request)
        }
        RequestKind::SyncGroup(ref r) => {
            whole(check.group(Read, &r.group_id), GROUP_DENIED, request)
        }
        RequestKind::Heartbeat(ref r) => {
            whole(check.group(Read, &r.group_id), GROUP_DENIED, request)
        }
        RequestKind::LeaveGroup(ref r) => {
            whole(check.group(Read, &r.group_id), GROUP_DENIED, request)
        }
        // handleOffsetCommitRequest: READ on the group, then on each topic.
        RequestKind::OffsetCommit(r) => {
            if !check.group(Read, &r.group_id) {
                return Gate::Refuse(GROUP_DENIED);
            }
            let by_id = version >= 10;
            narrow!(
                OffsetCommit,
                r,
                topics,
                |t: &offset_commit::OffsetCommitRequestTopic| topic_allowed(
                    check, state, Read, &t.name, t.topic_id, by_id
                ),
                TOPIC_DENIED
            )
        }
        // handleOffsetFetchRequest: DESCRIBE on each group; the topics the
        // principal may not DESCRIBE are TOPIC_AUTHORIZATION_FAILED when
        // named, left out when every topic is asked.
        RequestKind::OffsetFetch(r) => {
            if version < 8 {
                if !check.group(Describe, &r.group_id) {
                    return Gate::Refuse(GROUP_DENIED);
                }
                let mut r = r;
                let mut parts = Vec::new();
                if let Some(topics) = &mut r.topics {
                    let refused = split(topics, |t| check.topic(Describe, &t.name));
                    if !refused.is_empty() {
                        let mut only = r.clone();
                        only.topics = Some(refused);
                        parts.push((only, TOPIC_DENIED));
                    }
                }
                match pass_with(RequestKind::OffsetFetch(r), header, parts) {
                    Gate::Pass(r, mut finish) => {
                        finish.filter = true;
                        Gate::Pass(r, finish)
                    }
                    refused => refused,
                }
            } else {
                let mut r = r;
                let refused = split(&mut r.groups, |g| check.group(Describe, &g.group_id));
                let mut parts = Vec::new();
                if !refused.is_empty() {
                    let mut only = r.clone();
                    only.groups = refused;
                    parts.push((only, GROUP_DENIED));
                }
                match pass_with(RequestKind::OffsetFetch(r), header, parts) {
                    Gate::Pass(r, mut finish) => {
                        finish.filter = true;
                        Gate::Pass(r, finish)
                    }
                    refused => refused,
                }
            }
        }
        RequestKind::OffsetDelete(r) => {
            if !check.group(Delete, &r.group_id) {
                return Gate::Refuse(GROUP_DENIED);
            }
            narrow!(
                OffsetDelete,
                r,
                topics,
                |t: &offset_delete::OffsetDeleteRequestTopic| check.topic(Read, &t.name),
                TOPIC_DENIED
            )
        }
        RequestKind::DescribeGroups(r) => narrow!(
            DescribeGroups,
            r,
            groups,
            |g: &Str| check.group(Describe, g),
            GROUP_DENIED
        ),
        RequestKind::DeleteGroups(r) => narrow!(
            DeleteGroups,
            r,
            groups_names,
            |g: &Str| check.group(Delete, g),
            GROUP_DENIED
        ),
        // handleListGroupsRequest: every group with DESCRIBE on the
        // cluster, else those the principal may DESCRIBE.
        RequestKind::ListGroups(_) => {
            if check.cluster(Describe) {
                Gate::Pass(request, Finish::default())
            } else {
                Gate::Pass(request, Finish::filter())
            }
        }
        // KIP-848: READ on the group, DESCRIBE on every topic subscribed
        // to by name.
        RequestKind::ConsumerGroupHeartbeat(ref r) => {
            if !check.group(Read, &r.group_id) {
                return Gate::Refuse(GROUP_DENIED);
            }
            let topics_ok = r
                .subscribed_topic_names
                .iter()
                .flatten()
                .all(|t| check.topic(Describe, t));
            whole(topics_ok, TOPIC_DENIED, request)
        }
        RequestKind::ConsumerGroupDescribe(r) => narrow!(
            ConsumerGroupDescribe,
            r,
            group_ids,
            |g: &Str| check.group(Describe, g),
            GROUP_DENIED
        ),
        // handleInitProducerIdRequest: WRITE on the transactional id; an
        // idempotent producer needs IDEMPOTENT_WRITE on the cluster or
        // WRITE on some topic.
        RequestKind::InitProducerId(ref r) => match &r.transactional_id {
            Some(id) => whole(check.transactional_id(Write, id), TXN_DENIED, request),
            None => {
                let allowed =
                    check.cluster(IdempotentWrite) || check.allows_some(Write, ResourceType::Topic);
                whole(allowed, CLUSTER_DENIED, request)
            }
        },
        // handleAddPartitionsToTxnRequest: a broker's batch (v4+) asks
        // CLUSTER_ACTION; a client's asks WRITE on the transactional id,
        // then on each topic: with one refused, the refused topics are
        // TOPIC_AUTHORIZATION_FAILED, the others OPERATION_NOT_ATTEMPTED,
        // nothing added.
        RequestKind::AddPartitionsToTxn(r) => {
            if version >= 4 {
                return whole(
                    check.cluster(ClusterAction),
                    CLUSTER_DENIED,
                    RequestKind::AddPartitionsToTxn(r),
                );
            }
            if !check.transactional_id(Write, &r.v3_and_below_transactional_id) {
                return Gate::Refuse(TXN_DENIED);
            }
            let refused: Vec<Str> = r
                .v3_and_below_topics
                .iter()
                .filter(|t| !check.topic(Write, &t.name))
                .map(|t| t.name.clone())
                .collect();
            if refused.is_empty() {
                return Gate::Pass(RequestKind::AddPartitionsToTxn(r), Finish::default());
            }
            match answer_of(header, &r, ErrorCode::OperationNotAttempted) {
                Some(ResponseKind::AddPartitionsToTxn(mut answer)) => {
                    for t in &mut answer.results_by_topic_v3_and_below {
                        if refused.contains(&t.name) {
                            for p in &mut t.results_by_partition {
                                p.partition_error_code = TOPIC_DENIED.code();
                            }
                        }
                    }
                    answer.error_code = 0;
                    Gate::Answer(Box::new(ResponseKind::AddPartitionsToTxn(answer)))
                }
                _ => Gate::Refuse(TOPIC_DENIED),
            }
        }
        // AddOffsetsToTxn: WRITE on the transactional id, READ on the group.
        RequestKind::AddOffsetsToTxn(ref r) => {
            if !check.transactional_id(Write, &r.transactional_id) {
                Gate::Refuse(TXN_DENIED)
            } else {
                whole(check.group(Read, &r.group_id), GROUP_DENIED, request)
            }
        }
        // TxnOffsetCommit: WRITE on the transactional id, READ on the
        // group, then on each topic.
        RequestKind::TxnOffsetCommit(r) => {
            if !check.transactional_id(Write, &r.transactional_id) {
                return Gate::Refuse(TXN_DENIED);
            }
            if !check.group(Read, &r.group_id) {
                return Gate::Refuse(GROUP_DENIED);
            }
            narrow!(
                TxnOffsetCommit,
                r,
                topics,
                |t: &txn_offset_commit::TxnOffsetCommitRequestTopic| check.topic(Read, &t.name),
                TOPIC_DENIED
            )
        }
        RequestKind::EndTxn(ref r) => whole(
            check.transactional_id(Write, &r.transactional_id),
            TXN_DENIED,
            request,
        ),
        RequestKind::DescribeTransactions(r) => narrow!(
            DescribeTransactions,
            r,
            transactional_ids,
            |id: &Str| check.transactional_id(Describe, id),
            TXN_DENIED
        ),
        RequestKind::ListTransactions(_) => Gate::Pass(request, Finish::filter()),
        // DescribeTopicPartitionsRequestHandler: DESCRIBE per topic, which
        // the handler (`topic_partitions`) checks as it pages, since the
        // topics refused count in no limit and take no cursor.
        RequestKind::DescribeTopicPartitions(_) => Gate::Pass(request, Finish::default()),
        // ApiVersions and DescribeCluster ask nothing.
        request => Gate::Pass(request, Finish::default()),
    }
}

/// Kafka's handleTopicMetadataRequest: every topic asked for needs
/// DESCRIBE (TOPIC_AUTHORIZATION_FAILED, without saying whether it
/// exists); one Metadata would create needs CREATE on the cluster or on
/// it; a list of every topic leaves out those the principal may not
/// DESCRIBE.
fn metadata(
    check: &Check<'_>,
    state: &State,
    r: MetadataRequest,
    version: i16,
    auto_create_topics: bool,
) -> Gate {
    let every_topic = match &r.topics {
        None => true,
        Some(t) => t.is_empty() && version == 0,
    };
    if every_topic {
        return Gate::Pass(RequestKind::Metadata(r), Finish::filter());
    }
    let creates = auto_create_topics && (version < 4 || r.allow_auto_topic_creation);
    let mut r = r;
    let mut refused = Vec::new();
    if let Some(topics) = &mut r.topics {
        refused = split(topics, |t| match &t.name {
            Some(name) => {
                check.topic(AclOperation::Describe, name)
                    && (!creates
                        || state.topics.contains_key(name)
                        || check.cluster(AclOperation::Create)
                        || check.topic(AclOperation::Create, name))
            }
            None => topic_allowed(
                check,
                state,
                AclOperation::Describe,
                &Str::default(),
                t.topic_id,
                true,
            ),
        });
        // v0 reads an empty list as every topic.
        if topics.is_empty() && version == 0 && !refused.is_empty() {
            return Gate::Refuse(TOPIC_DENIED);
        }
    }
    if refused.is_empty() {
        return Gate::Pass(RequestKind::Metadata(r), Finish::default());
    }
    let topics = refused
        .into_iter()
        .map(|t| MetadataResponseTopic {
            error_code: TOPIC_DENIED.code(),
            name: t.name,
            topic_id: t.topic_id,
            ..Default::default()
        })
        .collect();
    let denied = ResponseKind::Metadata(MetadataResponse {
        topics,
        ..Default::default()
    });
    Gate::Pass(
        RequestKind::Metadata(r),
        Finish {
            denied: vec![denied],
            filter: false,
            operations: false,
        },
    )
}

/// Adds the elements of `denied`, the answer to a request's refused part,
/// to `answer`, the answer to the rest.
fn merge(answer: &mut ResponseKind, denied: ResponseKind) {
    use ResponseKind as K;
    match (answer, denied) {
        (K::Produce(a), K::Produce(d)) => a.responses.extend(d.responses),
        (K::Fetch(a), K::Fetch(d)) => a.responses.extend(d.responses),
        (K::ListOffsets(a), K::ListOffsets(d)) => a.topics.extend(d.topics),
        (K::Metadata(a), K::Metadata(d)) => a.topics.extend(d.topics),
        (K::CreateTopics(a), K::CreateTopics(d)) => a.topics.extend(d.topics),
        (K::DeleteTopics(a), K::DeleteTopics(d)) => a.responses.extend(d.responses),
        (K::CreatePartitions(a), K::CreatePartitions(d)) => a.results.extend(d.results),
        (K::DeleteRecords(a), K::DeleteRecords(d)) => a.topics.extend(d.topics),
        (K::DescribeConfigs(a), K::DescribeConfigs(d)) => a.results.extend(d.results),
        (K::AlterConfigs(a), K::AlterConfigs(d)) => a.responses.extend(d.responses),
        (K::IncrementalAlterConfigs(a), K::IncrementalAlterConfigs(d)) => {
            a.responses.extend(d.responses)
        }
        (K::FindCoordinator(a), K::FindCoordinator(d)) => a.coordinators.extend(d.coordinators),
        (K::OffsetCommit(a), K::OffsetCommit(d)) => a.topics.extend(d.topics),
        (K::OffsetFetch(a), K::OffsetFetch(d)) => {
            a.topics.extend(d.topics);
            a.groups.extend(d.groups);
        }
        (K::OffsetDelete(a), K::OffsetDelete(d)) => a.topics.extend(d.topics),
        (K::DescribeGroups(a), K::DescribeGroups(d)) => a.groups.extend(d.groups),
        (K::DeleteGroups(a), K::DeleteGroups(d)) => a.results.extend(d.results),
        (K::ConsumerGroupDescribe(a), K::ConsumerGroupDescribe(d)) => a.groups.extend(d.groups),
        (K::TxnOffsetCommit(a), K::TxnOffsetCommit(d)) => a.topics.extend(d.topics),
        (K::DescribeTransactions(a), K::DescribeTransactions(d)) => {
            a.transaction_states.extend(d.transaction_states)
        }
        // `gate` refuses parts of these APIs only.
        _ => {}
    }
}

/// Leaves out of `answer` what the principal may not DESCRIBE: topics of
/// Metadata and OffsetFetch, groups of ListGroups, transactional ids of
/// ListTransactions.
fn hide(answer: &mut ResponseKind, check: &Check<'_>) {
    let topic = |name: &str| check.topic(AclOperation::Describe, name);
    match answer {
        ResponseKind::Metadata(a) => a.topics.retain(|t| t.name.as_deref().is_none_or(topic)),
        ResponseKind::OffsetFetch(a) => {
            a.topics.retain(|t| topic(&t.name));
            // A topic named by id only (v10+) is kept: its name is not
            // in the answer to check.
            for g in &mut a.groups {
                g.topics.retain(|t| t.name.is_empty() || topic(&t.name));
            }
        }
        ResponseKind::ListGroups(a) => a
            .groups
            .retain(|g| check.group(AclOperation::Describe, &g.group_id)),
        ResponseKind::ListTransactions(a) => a
            .transaction_states
            .retain(|t| check.transactional_id(AclOperation::Describe, &t.transactional_id)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acl(
        kind: ResourceType,
        name: &str,
        pattern: PatternType,
        who: &str,
        op: AclOperation,
        allow: bool,
    ) -> Acl {
        let permission = if allow {
            AclPermissionType::Allow
        } else {
            AclPermissionType::Deny
        };
        Acl {
            resource_type: kind.code(),
            name: name.into(),
            pattern: pattern.code(),
            principal: who.into(),
            host: "*".into(),
            operation: op.code(),
            permission: permission.code(),
        }
    }

    fn settings(super_users: &[&str]) -> Settings {
        Settings {
            super_users: super_users.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn alice() -> Session {
        Session {
            principal: "User:alice".into(),
            host: "127.0.0.1".into(),
        }
    }

    use AclOperation::*;
    use PatternType::{Literal, Prefixed};
    use ResourceType::{Group, Topic};

    #[test]
    fn literal_prefixed_and_wildcard_patterns_cover_names_as_kafka_matches_them() {
        let s = settings(&[]);
        let session = alice();
        let acls = [
            acl(Topic, "orders", Literal, "User:alice", Read, true),
            acl(Topic, "pay", Prefixed, "User:alice", Write, true),
            acl(Group, "*", Literal, "User:alice", Read, true),
        ];
        let c = Check::new(&acls, &s, &session);
        assert!(c.allows(Read, Topic, "orders"));
        // A literal name is not a prefix.
        assert!(!c.allows(Read, Topic, "orders-eu"));
        assert!(!c.allows(Read, Topic, "order"));
        assert!(c.allows(Write, Topic, "payments"));
        assert!(c.allows(Write, Topic, "pay"));
        assert!(!c.allows(Write, Topic, "pa"));
        assert!(!c.allows(Write, Topic, "orders"));
        assert!(c.allows(Read, Group, "any-group"));
        // Another resource type is not covered.
        assert!(!c.allows(Read, ResourceType::TransactionalId, "orders"));
    }

    #[test]
    fn deny_wins_and_only_allow_acls_imply_describe() {
        let s = settings(&[]);
        let session = alice();
        let acls = [
            acl(Topic, "*", Literal, "User:*", All, true),
            acl(Topic, "secret", Prefixed, "User:alice", Read, false),
            acl(Topic, "audit", Literal, "User:alice", All, false),
            acl(Topic, "cfg", Literal, "User:bob", AlterConfigs, true),
        ];
        let c = Check::new(&acls, &s, &session);
        assert!(c.allows(Write, Topic, "orders"));
        assert!(!c.allows(Read, Topic, "secret-1"));
        // A DENY of READ does not deny DESCRIBE.
        assert!(c.allows(Describe, Topic, "secret-1"));
        // A DENY of ALL denies everything.
        assert!(!c.allows(Describe, Topic, "audit"));
        // bob's ALTER_CONFIGS implies DESCRIBE_CONFIGS, not DESCRIBE.
        let bob = Session {
            principal: "User:bob".into(),
            host: "127.0.0.1".into(),
        };
        let mine = [acls[3].clone()];
        let c = Check::new(&mine, &s, &bob);
        assert!(c.allows(DescribeConfigs, Topic, "cfg"));
        assert!(!c.allows(Describe, Topic, "cfg"));
        assert!(!c.allows(AlterConfigs, Topic, "cfgx"));
    }

    #[test]
    fn read_write_delete_and_alter_imply_describe() {
        let s = settings(&[]);
        let session = alice();
        for op in [Read, Write, Delete, Alter, Describe] {
            let acls = [acl(Topic, "t", Literal, "User:alice", op, true)];
            assert!(
                Check::new(&acls, &s, &session).allows(Describe, Topic, "t"),
                "{op}"
            );
        }
        for op in [Create, ClusterAction, DescribeConfigs, IdempotentWrite] {
            let acls = [acl(Topic, "t", Literal, "User:alice", op, true)];
            assert!(
                !Check::new(&acls, &s, &session).allows(Describe, Topic, "t"),
                "{op}"
            );
        }
    }

    #[test]
    fn hosts_principals_and_super_users() {
        let session = alice();
        let mut from_elsewhere = acl(Topic, "t", Literal, "User:alice", Read, true);
        from_elsewhere.host = "10.0.0.1".into();
        let s = settings(&[]);
        assert!(!Check::new(&[from_elsewhere.clone()], &s, &session).allows(Read, Topic, "t"));
        let mut from_here = from_elsewhere;
        from_here.host = "127.0.0.1".into();
        assert!(Check::new(&[from_here], &s, &session).allows(Read, Topic, "t"));
        let bobs = [acl(Topic, "t", Literal, "User:bob", Read, true)];
        assert!(!Check::new(&bobs, &s, &session).allows(Read, Topic, "t"));
        // No ACL at all: denied, unless a super user, whom no DENY stops.
        assert!(!Check::new(&[], &s, &session).allows(Read, Topic, "t"));
        let supers = settings(&["User:alice"]);
        let denied = [acl(Topic, "t", Literal, "User:alice", All, false)];
        assert!(Check::new(&denied, &supers, &session).allows(Read, Topic, "t"));
    }

    #[test]
    fn some_topic_writable_unless_a_deny_covers_every_allow() {
        let s = settings(&[]);
        let session = alice();
        let check = |acls: &[Acl]| Check::new(acls, &s, &session).allows_some(Write, Topic);
        assert!(!check(&[]));
        assert!(check(&[acl(
            Topic,
            "a",
            Literal,
            "User:alice",
            Write,
            true
        )]));
        assert!(!check(&[
            acl(Topic, "a", Literal, "User:alice", Write, true),
            acl(Topic, "a", Literal, "User:alice", Write, false),
        ]));
        assert!(!check(&[
            acl(Topic, "abc", Prefixed, "User:alice", Write, true),
            acl(Topic, "ab", Prefixed, "User:alice", Write, false),
        ]));
        assert!(check(&[
            acl(Topic, "abc", Prefixed, "User:alice", Write, true),
            acl(Topic, "abd", Prefixed, "User:alice", Write, false),
        ]));
        assert!(!check(&[
            acl(Topic, "a", Literal, "User:alice", Write, true),
            acl(Topic, "*", Literal, "User:*", All, false),
        ]));
        assert!(!check(&[acl(
            Topic,
            "a",
            Literal,
            "User:alice",
            Read,
            true
        )]));
    }
}
