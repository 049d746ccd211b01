#!/usr/bin/env python3
"""Writes kafka-messages' declarations from Apache Kafka's JSON message schemas.

    python3 scripts/generate-messages.py            # regenerate kafka-messages/src/
    python3 scripts/generate-messages.py --check    # fail if the committed files differ
    python3 scripts/generate-messages.py --schemas DIR   # another Kafka release, or a fork

The schemas are read from kafka-messages/schemas/ (the common/message/*.json of
org.apache.kafka:kafka-clients at the release that schemas/RELEASE names, copied out of
the jar by `bash scripts/java-oracle.sh schemas kafka-messages/schemas`); that file is
the one place the release is written, and api_table.rs's `KAFKA_RELEASE` is generated from it.
Each JSON key becomes the attribute of the same meaning, one to one (see
kafka_wire::attributes); nothing is edited by hand. Written:

- kafka-messages/src/<api>.rs for every API that is not curated (one module per API:
  its request and response, and their nested structs), and
  kafka-messages/src/<data>.rs for every data schema;
- kafka-messages/src/api_table.rs: the release and two tables as `macro_rules!`,
  `for_each_api!` (each API's key, names, module, feature, versions and listeners)
  and `for_each_data_schema!`. The code over them is hand-written Rust, once: the
  module list in lib.rs, and `ApiKey`, `RequestKind` / `ResponseKind` and their
  views in apis.rs.

- kafka-messages/src/internal/: Kafka's own records (feature `internal`), one module per
  schema of kafka-messages/internal-schemas/<artifact>/, and internal/table.rs, a
  `macro_rules!` table per family (each coordinator's record types, the metadata log's
  records) over which internal/mod.rs writes the enums by hand.

Each schema gets the versions of both SCHEMAS' release and OLDER_SCHEMAS' (see `union`).

Curated modules (CURATED below) are written by hand and only listed here; the
schema-conformance test checks them against the JSON like the rest.
"""

import argparse
import copy
import difflib
import json
import os
import re
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMAS = os.path.join(ROOT, "kafka-messages", "schemas")
# The older release whose versions Kafka 4 removed (KIP-896) and brokers of its line still
# accept: generated beside SCHEMAS' (see `union` below).
OLDER_SCHEMAS = os.path.join(ROOT, "kafka-messages", "schemas-3.9.1")
OUT = os.path.join(ROOT, "kafka-messages", "src")

# APIs whose modules are written by hand (typed views, constructors, docs).
CURATED = {"CreateTopics": "create_topics", "CreateAcls": "create_acls", "ApiVersions": "api_versions"}

# Kafka's own records (feature `internal`): the schemas Kafka ships outside kafka-clients,
# one directory per artifact, copied out of the jars by
# `bash scripts/java-oracle.sh internal-schemas kafka-messages/internal-schemas`.
INTERNAL_SCHEMAS = os.path.join(ROOT, "kafka-messages", "internal-schemas")
# The coordinators whose records are a key and a value, by artifact: the table macro
# the generator writes for each (internal/table.rs), and its topic.
COORDINATORS = {
    "kafka-group-coordinator": ("group_coordinator_records", "__consumer_offsets"),
    "kafka-transaction-coordinator": ("transaction_coordinator_records", "__transaction_state"),
    "kafka-share-coordinator": ("share_coordinator_records", "__share_group_state"),
}

# Headers live in the runtime (kafka_wire::RequestHeader / ResponseHeader).
RUNTIME = {"RequestHeader", "ResponseHeader"}

# The Cargo feature of each API: who needs it. Every live API must be here.
ROLES = {
    # Always compiled: what every client sends, and the curated messages.
    "core": ["ApiVersions", "Metadata", "SaslHandshake", "SaslAuthenticate", "CreateTopics", "CreateAcls"],
    "producer": ["Produce", "InitProducerId", "AddPartitionsToTxn", "AddOffsetsToTxn", "EndTxn",
                 "TxnOffsetCommit", "DescribeProducers", "DescribeTransactions", "ListTransactions"],
    "consumer": ["Fetch", "ListOffsets", "OffsetCommit", "OffsetFetch", "OffsetForLeaderEpoch",
                 "ConsumerGroupHeartbeat", "ConsumerGroupDescribe", "GetTelemetrySubscriptions",
                 "PushTelemetry"],
    "group": ["FindCoordinator", "JoinGroup", "Heartbeat", "LeaveGroup", "SyncGroup", "DescribeGroups",
              "ListGroups", "DeleteGroups", "OffsetDelete"],
    "share": ["ShareGroupHeartbeat", "ShareGroupDescribe", "ShareFetch", "ShareAcknowledge",
              "InitializeShareGroupState", "ReadShareGroupState", "WriteShareGroupState",
              "DeleteShareGroupState", "ReadShareGroupStateSummary", "DescribeShareGroupOffsets",
              "AlterShareGroupOffsets", "DeleteShareGroupOffsets"],
    "streams": ["StreamsGroupHeartbeat", "StreamsGroupDescribe", "StreamsGroupTopologyDescriptionUpdate"],
    "admin": ["DeleteTopics", "DeleteRecords", "DescribeAcls", "DeleteAcls",
              "DescribeConfigs", "AlterConfigs", "AlterReplicaLogDirs", "DescribeLogDirs",
              "CreatePartitions", "CreateDelegationToken", "RenewDelegationToken",
              "ExpireDelegationToken", "DescribeDelegationToken", "ElectLeaders",
              "IncrementalAlterConfigs", "AlterPartitionReassignments", "ListPartitionReassignments",
              "DescribeClientQuotas", "AlterClientQuotas", "DescribeUserScramCredentials",
              "AlterUserScramCredentials", "DescribeCluster", "UpdateFeatures", "DescribeQuorum",
              "UnregisterBroker", "DescribeTopicPartitions", "ListConfigResources"],
    "controller": ["Vote", "BeginQuorumEpoch", "EndQuorumEpoch", "AlterPartition", "Envelope",
                   "FetchSnapshot", "BrokerRegistration", "BrokerHeartbeat", "AllocateProducerIds",
                   "ControllerRegistration", "AssignReplicasToDirs", "AddRaftVoter", "RemoveRaftVoter",
                   "UpdateRaftVoter", "WriteTxnMarkers", "UnregisterController",
                   # Kafka 3.9's ZooKeeper-era inter-broker APIs.
                   "LeaderAndIsr", "StopReplica", "UpdateMetadata", "ControlledShutdown"],
}
ROLE_OF = {api: role for role, apis in ROLES.items() for api in apis}

RUST_KEYWORDS = {
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while",
    "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro", "override",
    "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
}

SCALARS = {
    "bool": "bool", "int8": "i8", "int16": "i16", "uint16": "u16", "int32": "i32",
    "uint32": "u32", "int64": "i64", "float64": "f64", "string": "Str", "bytes": "Bytes",
    "records": "Records", "uuid": "Uuid",
}


def strip_comments(text):
    """The JSON without its // comments (none are inside strings)."""
    out, i, n, in_string = [], 0, len(text), False
    while i < n:
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 2
                continue
            if c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out)


def history(text):
    """The schema's own comments (its version history), without the license."""
    lines, started = [], False
    for line in text.splitlines():
        stripped = line.strip()
        if not started:
            started = stripped.startswith("{")
            continue
        if stripped.startswith("{"):  # the first field: the history is above it
            break
        if stripped.startswith("//"):
            lines.append(stripped[2:].strip())
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def snake(name):
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s)
    return s.lower()


def upper_camel(snake_name):
    """The derive's default JSON name of a field (kafka-wire-derive's `upper_camel`)."""
    return "".join(w[:1].upper() + w[1:] for w in snake_name.split("_"))


def rust_field(json_name):
    name = snake(json_name)
    return ("r#" + name) if name in RUST_KEYWORDS else name


def doc_escape(text):
    """Schema text safe in a doc comment: no links or HTML tags by accident."""
    escaped = re.sub(r"([\[\]<>])", r"\\\1", text.strip())
    return re.sub(r"(https?://[^\s)\\]+)", r"<\1>", escaped)


def doc_lines(text, indent, width=96):
    """A doc comment of `text` (already escaped), wrapped."""
    prefix = " " * indent + "/// "
    return [prefix + line for line in textwrap.wrap(text, width - len(prefix))] or [prefix.rstrip()]


class Schema:
    def __init__(self, path):
        raw = open(path, encoding="utf-8").read()
        self.file = os.path.basename(path)
        self.json = json.loads(strip_comments(raw))
        self.history = history(raw)
        self.name = self.json["name"]
        self.kind = self.json["type"]
        self.valid = self.json["validVersions"]
        self.flexible = self.json.get("flexibleVersions", "none")
        self.api_key = self.json.get("apiKey")
        self.common = {c["name"]: c for c in self.json.get("commonStructs", [])}
        # Each release's versions of this schema, newest first (set by `widen`), and the
        # fields taken from the older release's JSON (set by `union`).
        self.releases = []
        self.taken = []


# ---------------------------------------------------------------- two releases
#
# Kafka 4.0 removed the oldest versions of many APIs (KIP-896) and the ZooKeeper-era
# inter-broker APIs; brokers of the 3.x line still accept them. Each schema is generated
# with the union of the versions both releases accept by default: the newer release's
# valid versions and the older one's stable ones (a release's latest version is not
# accepted by default when its request schema says `latestVersionUnstable`). Kafka never
# changes a released version, so where both have a version they agree (checked below,
# and field by field in tests/schema_releases.rs); the newer JSON still declares most
# fields of the removed versions, and the few it dropped are taken from the older one.


def parse_range(text):
    """A range in Kafka's notation as (low, high), high None for `N+`; None for `none`."""
    if text == "none":
        return None
    if text.endswith("+"):
        return int(text[:-1]), None
    low, _, high = text.partition("-")
    return int(low), int(high or low)


def in_range(text, version):
    bounds = parse_range(text) if text is not None else None
    return bounds is not None and bounds[0] <= version and (bounds[1] is None or version <= bounds[1])


def version_list(text):
    bounds = parse_range(text)
    if bounds is None:
        return []
    return list(range(bounds[0], (bounds[1] if bounds[1] is not None else bounds[0]) + 1))


def range_text(versions):
    """Kafka's notation for a contiguous list of versions."""
    if not versions:
        return "none"
    low, high = min(versions), max(versions)
    if sorted(versions) != list(range(low, high + 1)):
        raise SystemExit(f"versions {sorted(versions)} are not one range")
    return str(low) if low == high else f"{low}-{high}"


def stable_versions(schema, request):
    """The versions of `schema` its release accepts by default (`request` is its API's
    request schema, which says whether the latest version is unstable)."""
    versions = version_list(schema.valid)
    if request is not None and request.json.get("latestVersionUnstable") and versions:
        versions.pop()
    return versions


def layout(fields, version, common):
    """What `fields` lay on the wire at `version`: each present field's type (a struct's
    layout in its place), nullability, tag and flexible override."""
    out = []
    for f in fields:
        if not in_range(f["versions"], version):
            continue
        element = f["type"].removeprefix("[]")
        nested = f.get("fields") or (common[element]["fields"] if element in common else None)
        shape = f["type"] if nested is None else (f["type"][:-len(element)], layout(nested, version, common))
        tagged = in_range(f.get("taggedVersions"), version)
        out.append((shape, in_range(f.get("nullableVersions"), version), tagged,
                    str(f.get("tag")) if tagged else None,
                    None if "flexibleVersions" not in f else in_range(f["flexibleVersions"], version)))
    return out


def wire(schema, version):
    return in_range(schema.flexible, version), layout(schema.json["fields"], version, schema.common)


def merge_fields(newer, older, newer_versions, taken, path):
    """`newer`'s fields, with the fields of `older` that the newer release dropped (no
    version the newer schema has) put back after the field they followed; their paths
    are added to `taken`. A field ignorable in either release is ignorable."""
    out = [dict(f) for f in newer]
    names = [f["name"] for f in out]
    for i, field in enumerate(older):
        if field["name"] in names:
            mine = out[names.index(field["name"])]
            if field.get("ignorable"):  # the newer release may drop it with the versions that needed it
                mine["ignorable"] = True
            if "fields" in mine and "fields" in field:
                mine["fields"] = merge_fields(mine["fields"], field["fields"], newer_versions, taken,
                                              f"{path}{field['name']}.")
            continue
        if any(in_range(field["versions"], v) for v in newer_versions):
            continue  # renamed, not dropped: the newer schema has it under its new name
        after = next((names.index(f["name"]) for f in reversed(older[:i]) if f["name"] in names), -1)
        out.insert(after + 1, field)
        names.insert(after + 1, field["name"])
        taken.append(path + field["name"])
    return out


def union(newer, older, newer_request, older_request):
    """The schema of every version `newer` (or, where it has none, `older`) is valid
    in and `older` accepts by default, or None when `older` adds nothing."""
    mine = version_list(newer.valid) if newer is not None else []
    theirs = stable_versions(older, older_request) if older is not None else []
    for v in set(mine) & set(theirs):
        if wire(newer, v) != wire(older, v):
            raise SystemExit(f"{newer.name} v{v} differs between {newer.release} and {older.release}")
    extra = [v for v in theirs if v not in mine]
    if not extra:
        return None
    if not mine:
        merged = copy.copy(older)
        merged.valid = range_text(theirs)
        merged.json = dict(older.json, validVersions=merged.valid)
        return merged
    if older.flexible != newer.flexible:
        raise SystemExit(f"{newer.name}: flexible {newer.flexible}, {older.release} says {older.flexible}")
    merged = copy.copy(newer)
    merged.valid = range_text(sorted(set(mine) | set(extra)))
    merged.taken = []
    merged.json = dict(newer.json, validVersions=merged.valid,
                       fields=merge_fields(newer.json["fields"], older.json["fields"], mine, merged.taken, ""))
    common = dict(newer.common)
    for name, struct in older.common.items():
        common[name] = (dict(struct, fields=merge_fields(common[name]["fields"], struct["fields"], mine,
                                                         merged.taken, name + "."))
                        if name in common else struct)
    merged.common = common
    merged.json["commonStructs"] = list(common.values())
    for v in version_list(merged.valid):
        source = newer if v in mine else older
        if wire(merged, v) != wire(source, v):
            raise SystemExit(f"{merged.name} v{v}: the union does not lay out {source.release}'s version")
    return merged


def load(schemas_dir):
    """The release named in `schemas_dir`/RELEASE and its schemas."""
    with open(os.path.join(schemas_dir, "RELEASE"), encoding="utf-8") as f:
        release = f.read().strip()
    schemas = [Schema(os.path.join(schemas_dir, f)) for f in sorted(os.listdir(schemas_dir)) if f.endswith(".json")]
    for s in schemas:
        s.release = release
        s.releases = [(release, s.valid)]
    return release, schemas


def widen(schemas, older):
    """`schemas` (the newer release's) with `older`'s versions added: the union of
    each schema, matched by API key and type (a name may change: 3.9's
    ListClientMetricsResources is 4.4's ListConfigResources), else by name."""
    def ident(s):
        return (s.api_key, s.kind) if s.api_key is not None else (s.name, s.kind)

    def requests(schemas):
        return {s.api_key: s for s in schemas if s.kind == "request"}

    newer_requests, older_requests = requests(schemas), requests(older)
    by_ident = {ident(s): s for s in older}
    out = []
    for s in schemas:
        old = by_ident.pop(ident(s), None)
        if s.kind == "header":
            out.append(s)
            continue
        older_request = older_requests.get(s.api_key)
        merged = (old and union(s, old, newer_requests.get(s.api_key), older_request)) or s
        merged.releases = [(s.release, s.valid),
                           (older[0].release, range_text(stable_versions(old, older_request)) if old else "none")]
        out.append(merged)
    leftover = [s for s in by_ident.values() if s.kind != "header"]
    if leftover:
        raise SystemExit(f"schemas only the older release has: {[s.name for s in leftover]}")
    return out


class Module:
    """One Rust file: the structs of one or two schemas."""

    def __init__(self, uses):
        self.structs = []  # (rust name, lines)
        self.names = set()
        self.uses = set(uses)

    def add_message(self, schema, rename=None):
        rename = rename or {}
        doc = []
        if schema.kind in ("request", "response"):
            doc.append(f"The {schema.kind} of {api_name(schema)} (API key {schema.api_key}), "
                       f"versions {schema.valid}{release_ranges(schema)}, flexible {schema.flexible}.")
        else:
            doc.append(f"Kafka's `{schema.name}` {schema.kind} schema, versions {schema.valid}, "
                       f"flexible {schema.flexible}.")
        attrs = []
        if schema.kind in ("request", "response"):  # a record's `apiKey` is its type, in the tables
            attrs.append(f"api_key = {schema.api_key}")
        attrs.append(f'versions = "{schema.valid}"')
        attrs.append(f'flexible = "{schema.flexible}"')
        self.add_struct(schema, schema.name, schema.name, schema.json["fields"], doc, attrs, rename)

    def add_struct(self, schema, rust_name, json_name, fields, doc, attrs, rename):
        # A struct goes before the structs nested in it: reserve its place.
        self.names.add(rust_name)
        slot = len(self.structs)
        self.structs.append((rust_name, None))
        lines = []
        for d in doc:
            lines += doc_lines(d, 0)
        lines.append("#[derive(Debug, Clone, PartialEq, KafkaMessage)]")
        if rust_name != json_name:
            attrs = attrs + [f'name = "{json_name}"']
        if attrs:
            lines.append(f"#[kafka({', '.join(attrs)})]")
        # The borrowed view (`<Name>View<'a>`), for routers and proxies,
        # behind a feature: checking the views' code is a fifth of the build.
        lines.append('#[cfg_attr(feature = "view", kafka(view))]')
        lines.append(f"pub struct {rust_name} {{")
        for field in fields:
            lines += self.field(schema, rust_name, field, rename)
        if schema.flexible != "none":
            lines.append("    /// Tagged fields this declaration does not know, kept for round trips.")
            lines.append("    #[kafka(unknown_tagged_fields)]")
            lines.append("    pub unknown_tagged_fields: UnknownTaggedFields,")
            self.uses.add("UnknownTaggedFields")
        lines.append("}")
        self.structs[slot] = (rust_name, lines)

    def field(self, schema, parent, field, rename):
        json_name, ftype = field["name"], field["type"]
        is_array = ftype.startswith("[]")
        inner = ftype[2:] if is_array else ftype
        if inner in SCALARS:
            rust_inner = SCALARS[inner]
            if rust_inner in ("Str", "Records", "Uuid"):
                self.uses.add(rust_inner)
            if rust_inner == "Bytes":
                self.uses.add("Bytes")
        else:
            rust_inner = rename.get(inner, inner)
            if rust_inner not in self.names:
                nested = field.get("fields")
                if nested is None:
                    nested = schema.common[inner]["fields"]
                about = doc_escape(field.get("about", ""))
                self.add_struct(schema, rust_inner, inner, nested,
                                [f"An element of `{parent}.{json_name}`: {about}" if is_array
                                 else f"`{parent}.{json_name}`: {about}"], [], rename)
        rust_type = f"Vec<{rust_inner}>" if is_array else rust_inner
        nullable = field.get("nullableVersions")
        if nullable:
            rust_type = f"Option<{rust_type}>"
        # A tagged field may leave its versions out: they are its tagged versions,
        # as Kafka's generator reads it (TransactionLogValue's).
        attrs = [f'versions = "{field.get("versions") or field["taggedVersions"]}"']
        if nullable:
            attrs.append(f'nullable = "{nullable}"')
        if "tag" in field:
            attrs.append(f'tag = {field["tag"]}')
        if "taggedVersions" in field:
            attrs.append(f'tagged = "{field["taggedVersions"]}"')
        if "flexibleVersions" in field:
            attrs.append(f'flexible = "{field["flexibleVersions"]}"')
        # A JSON null default is no default, as Kafka's generator reads it (an empty
        # array or struct); the string "null" is a null default.
        if field.get("default") is not None:
            attrs.append("default = " + default_value(field["default"], inner, is_array, nullable))
        if field.get("ignorable"):
            attrs.append("ignorable")
        rname = rust_field(json_name)
        if upper_camel(rname.removeprefix("r#")) != json_name:
            attrs.append(f'name = "{json_name}"')
        if field.get("mapKey"):
            attrs.append("map_key")
        if "entityType" in field:
            attrs.append(f'entity_type = "{field["entityType"]}"')
        lines = doc_lines(doc_escape(field.get("about", json_name)), 4)
        lines.append(f"    #[kafka({', '.join(attrs)})]")
        lines.append(f"    pub {rname}: {rust_type},")
        return lines

    def render(self, header):
        uses = sorted(u for u in self.uses if u != "Bytes")
        out = list(header)
        out.append("")
        if "Bytes" in self.uses:
            out.append("use kafka_wire::bytes::Bytes;")
        names = ['KafkaMessage'] + uses
        out.append(f"use kafka_wire::{{{', '.join(names)}}};" if len(names) > 1 else "use kafka_wire::KafkaMessage;")
        for _, lines in self.structs:
            out.append("")
            out += lines
        return "\n".join(out) + "\n"


def release_ranges(schema):
    """` (Kafka 4.4.0: 3-13; Kafka 3.9.1: 0-11)` where the versions are not all the newest release's."""
    if not schema.releases or schema.releases[0][1] == schema.valid:
        return ""
    return " (" + "; ".join(f"Kafka {r}: {v}" for r, v in schema.releases) + ")"


def default_value(value, kafka_type, is_array, nullable):
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if text == "null" and nullable:
        return "None"
    if is_array or kafka_type not in SCALARS:
        raise SystemExit(f"no default form for {value!r} of type {kafka_type}")
    rust = SCALARS[kafka_type]
    if rust in ("Str",):
        return json.dumps(text)
    if rust == "bool":
        return text.lower()
    return text


def api_name(schema):
    for suffix in ("Request", "Response"):
        if schema.name.endswith(suffix):
            return schema.name[: -len(suffix)]
    return schema.name


def nested_names(schema):
    names = set()

    def walk(fields):
        for f in fields:
            t = f["type"].removeprefix("[]")
            if t not in SCALARS:
                names.add(t)
                walk(f.get("fields") or schema.common[t]["fields"])

    walk(schema.json["fields"])
    return names


def api_module(api, request, response):
    uses = {"Request"}
    module = Module(uses)
    # Request and response are one module; a nested name both use is the
    # request's, and the response's gets a `Response` prefix (its JSON name kept).
    clash = nested_names(request) & nested_names(response)
    module.add_message(request)
    module.add_message(response, {n: "Response" + n for n in clash})
    impl = [f"impl Request for {request.name} {{", f"    type Response = {response.name};", "}"]
    module.structs.insert(1, (None, impl))
    header = [f"//! {api} (API key {request.api_key}): versions {request.valid}, "
              f"flexible {request.flexible}."]
    header += releases_doc(request, response)
    for label, s in (("Request", request), ("Response", response)):
        if s.history:
            header.append("//!")
            header.append(f"//! # {label} versions")
            header.append("//!")
            for line in s.history:
                header.append(("//! " + doc_escape(line)).rstrip())
    return module.render(header)


def releases_doc(request, response):
    """The module doc's account of which release each version and field comes from."""
    (newest, mine), (older, theirs) = request.releases
    generator = "by `scripts/generate-messages.py`; regenerate rather than edit."
    if mine == "none":
        paragraphs = [f"A ZooKeeper-era inter-broker API, which Kafka 4.0 removed: Kafka {older} accepts "
                      f"versions {theirs}, Kafka {newest} none (so "
                      "[`ApiKey::valid_versions`](crate::ApiKey::valid_versions) is empty).",
                      f"Declared from Kafka {older}'s `{request.file}` and `{response.file}` {generator}"]
    else:
        paragraphs = []
        if request.valid != mine:
            paragraphs.append(
                f"Kafka {newest} accepts versions {mine}, Kafka {older} versions {theirs}: both are read "
                f"and written here; [`ApiKey::valid_versions`](crate::ApiKey::valid_versions) says {newest}'s "
                "and [`ApiKey::versions_in`](crate::ApiKey::versions_in) either release's.")
        taken = [f"`{s.name}.{path}`" for s in (request, response) for path in s.taken]
        also = f", with {' and '.join(taken)} from Kafka {older}'s (only its versions have them)," if taken else ""
        paragraphs.append(f"Declared from Kafka's `{request.file}` and `{response.file}` (release "
                          f"[`KAFKA_RELEASE`](crate::KAFKA_RELEASE)){also} {generator}")
    out = []
    for text in paragraphs:
        out.append("//!")
        out += textwrap.wrap(text, 92, initial_indent="//! ", subsequent_indent="//! ",
                             break_long_words=False, break_on_hyphens=False)
    return out


def data_module(schema):
    module = Module(set())
    module.add_message(schema)
    header = [f"//! Kafka's `{schema.name}` {schema.kind} schema: versions {schema.valid}, "
              f"flexible {schema.flexible}."]
    header.append("//!")
    header.append(f"//! Declared from Kafka's `{schema.file}` (release [`KAFKA_RELEASE`](crate::KAFKA_RELEASE))")
    header.append("//! by `scripts/generate-messages.py`; regenerate rather than edit.")
    if schema.history:
        header.append("//!")
        for line in schema.history:
            header.append(("//! " + doc_escape(line)).rstrip())
    return module.render(header)


def internal_module(schema, artifact):
    """internal/<schema>.rs: one of Kafka's own records (or its quorum-state file)."""
    module = Module(set())
    module.add_message(schema)
    what = {"coordinator-key": "the key", "coordinator-value": "the value",
            "metadata": "a KRaft metadata log record"}.get(schema.kind)
    header = [f"//! Kafka's `{schema.name}` {schema.kind} schema: versions {schema.valid}, "
              f"flexible {schema.flexible}."]
    header.append("//!")
    if schema.kind in ("coordinator-key", "coordinator-value"):
        table, topic = COORDINATORS[artifact]
        header.append(f"//! {what[0].upper() + what[1:]} of record type {schema.api_key} in `{topic}`.")
    elif schema.kind == "metadata":
        header.append(f"//! {what[0].upper() + what[1:]}, API key {schema.api_key} (`__cluster_metadata`).")
    else:
        header.append(f"//! A `{schema.kind}` schema of `{artifact}` (not a log record).")
    header.append("//!")
    header.append(f"//! Declared from `{schema.file}` of `org.apache.kafka:{artifact}` (release")
    header.append("//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `scripts/generate-messages.py`;")
    header.append("//! regenerate rather than edit.")
    if schema.history:
        header.append("//!")
        for line in schema.history:
            header.append(("//! " + doc_escape(line)).rstrip())
    return module.render(header)


def record_variant(schema):
    """A record's variant name in its family's enum: its name without Key, Value or Record."""
    for suffix in ("Key", "Value", "Record"):
        if schema.name.endswith(suffix):
            return schema.name[: -len(suffix)]
    return schema.name


def internal_table(by_artifact):
    """internal/table.rs: one `macro_rules!` per family of Kafka's own records, handing
    its rows to a callback (after the callback's own leading arguments)."""
    out = [
        "//! The tables of Kafka's own records that `internal` is written over: each",
        "//! coordinator's record types (a key and a value schema each) and the KRaft",
        "//! metadata log's records, as Kafka numbers them.",
        "//!",
        "//! Written by `scripts/generate-messages.py` from `kafka-messages/internal-schemas`;",
        "//! regenerate rather than edit.",
    ]
    for artifact, (table, topic) in COORDINATORS.items():
        schemas = by_artifact[artifact]
        keys = {s.api_key: s for s in schemas if s.kind == "coordinator-key"}
        values = {s.api_key: s for s in schemas if s.kind == "coordinator-value"}
        if keys.keys() != values.keys():
            raise SystemExit(f"{artifact}: record types with a key but no value, or the reverse: "
                             f"{sorted(keys.keys() ^ values.keys())}")
        out += ["",
                f"/// Calls `$callback! {{ [args]; rows }}` with the record types of `{topic}`",
                f"/// (`org.apache.kafka:{artifact}`), one row each, in type order:",
                "/// `(type, Variant, key_module, Key, value_module, Value)`.",
                f"macro_rules! {table} {{",
                "    ($callback:ident $(, $arg:tt)*) => {",
                "        $callback! {",
                "            [$($arg),*];"]
        for t in sorted(keys):
            k, v = keys[t], values[t]
            if record_variant(k) != record_variant(v):
                raise SystemExit(f"{artifact} type {t}: key {k.name} and value {v.name} differ")
            out.append(f"            ({t}, {record_variant(k)}, {snake(k.name)}, {k.name}, "
                       f"{snake(v.name)}, {v.name}),")
        out += ["        }", "    };", "}"]
    metadata = sorted((s for s in by_artifact["kafka-metadata"] if s.kind == "metadata"), key=lambda s: s.api_key)
    out += ["",
            "/// Calls `$callback! { [args]; rows }` with the records of the KRaft metadata log",
            "/// (`__cluster_metadata`, `org.apache.kafka:kafka-metadata`), in API key order:",
            "/// `(key, Variant, module, Record)`.",
            "macro_rules! metadata_records {",
            "    ($callback:ident $(, $arg:tt)*) => {",
            "        $callback! {",
            "            [$($arg),*];"]
    for s in metadata:
        out.append(f"            ({s.api_key}, {record_variant(s)}, {snake(s.name)}, {s.name}),")
    out += ["        }", "    };", "}"]
    rest = sorted((s for schemas in by_artifact.values() for s in schemas if s.kind == "data"), key=lambda s: s.name)
    out += ["",
            "/// Calls `$callback! { (Name, module), ... }` with the other schemas of Kafka's own",
            "/// (the KRaft quorum-state file's), by name.",
            "macro_rules! internal_data_schemas {",
            "    ($callback:ident) => {",
            "        $callback! {"]
    for s in rest:
        out.append(f"            ({s.name}, {snake(s.name)}),")
    out += ["        }", "    };", "}"]
    return "\n".join(out) + "\n"


def internal_files(internal_dir, release):
    """Every file of `internal/`: a module per schema, and the tables."""
    files, by_artifact = {}, {}
    for artifact in sorted(os.listdir(internal_dir)):
        path = os.path.join(internal_dir, artifact)
        if not os.path.isdir(path):
            continue
        schemas = [Schema(os.path.join(path, f)) for f in sorted(os.listdir(path)) if f.endswith(".json")]
        for schema in schemas:
            schema.release = release
            files[f"internal/{snake(schema.name)}.rs"] = internal_module(schema, artifact)
        by_artifact[artifact] = schemas
    files["internal/table.rs"] = internal_table(by_artifact)
    return files


def api_table(apis, data, release, older_release):
    """api_table.rs: the release and the tables of APIs and data schemas, as
    `macro_rules!` that hand their rows to a callback. What is written over
    them (ApiKey, RequestKind, ..., the module list) is hand-written Rust:
    apis.rs and lib.rs."""
    out = [
        "//! The tables every API-wide item of this crate is written over: Kafka's APIs",
        "//! ([`for_each_api!`]) and `data` schemas ([`for_each_data_schema!`]), and the",
        "//! release they are declared from.",
        "//!",
        "//! Written by `scripts/generate-messages.py` from the JSON schemas; regenerate rather",
        "//! than edit. The code over the tables is hand-written: the module list in `lib.rs`,",
        "//! and `ApiKey`, `RequestKind`, `ResponseKind` and their views in `apis.rs`.",
        "",
        "/// The Apache Kafka release whose JSON schemas every message here is declared from",
        "/// (`kafka-messages/schemas/RELEASE`, beside the schemas).",
        f'pub const KAFKA_RELEASE: &str = "{release}";',
        "",
        "/// The older Apache Kafka release whose versions are declared beside [`KAFKA_RELEASE`]'s:",
        "/// those Kafka 4.0 removed (KIP-896), which brokers of its line still accept",
        "/// (`kafka-messages/schemas-*/RELEASE`).",
        f'pub const OLDER_KAFKA_RELEASE: &str = "{older_release}";',
        "",
        "/// Calls `$callback! { row, ... }` with one row per API of [`KAFKA_RELEASE`], in key order:",
        "///",
        "/// ```text",
        "/// (key, Name, module, generated | curated, Request, Response, RequestView, ResponseView,",
        '///  [cfg of its feature], "all versions", "KAFKA_RELEASE\'s", "OLDER_KAFKA_RELEASE\'s",',
        '///  "flexible versions", "listeners")',
        "/// ```",
        "///",
        "/// A `generated` module is written by the generator, a `curated` one by hand (lib.rs",
        "/// declares those itself). The cfg is `all()` for the APIs always compiled. Versions are",
        "/// Kafka's notation (`\"3-13\"`, `\"9+\"`, `\"none\"`), the request's: all that are declared,",
        "/// then those each release accepts by default; listeners, those its schema names.",
        "macro_rules! for_each_api {",
        "    ($callback:ident) => {",
        "        $callback! {",
    ]
    for api, req, resp in apis:
        feature = ROLE_OF[api]
        cfg = "all()" if feature == "core" else f'feature = "{feature}"'
        listeners = ", ".join(req.json.get("listeners", []))
        origin = "curated" if api in CURATED else "generated"
        out.append(f"            ({req.api_key}, {api}, {module_name(api)}, {origin}, {req.name}, {resp.name}, "
                   f"{req.name}View, {resp.name}View, [{cfg}], \"{req.valid}\", "
                   f"\"{req.releases[0][1]}\", \"{req.releases[1][1]}\", \"{req.flexible}\", "
                   f"\"{listeners}\"),")
    out += [
        "        }",
        "    };",
        "}",
        "",
        "/// Calls `$callback! { (Name, module), ... }` with every `data` schema of",
        "/// [`KAFKA_RELEASE`] (versioned, no API key), by name; all are always compiled.",
        "macro_rules! for_each_data_schema {",
        "    ($callback:ident) => {",
        "        $callback! {",
    ]
    for schema in data:
        out.append(f"            ({schema.name}, {snake(schema.name)}),")
    out += ["        }", "    };", "}"]
    return "\n".join(out) + "\n"


def module_name(api):
    return CURATED.get(api) or snake(api)


def rustfmt(text):
    """The file as `cargo fmt` leaves it, so that the check and the format agree."""
    done = subprocess.run(["rustfmt", "--edition", "2021", "--emit", "stdout", "--quiet"],
                          input=text, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("rustfmt failed:\n" + done.stderr)
    return done.stdout


def generate(schemas_dir, older_dir, internal_dir):
    release, schemas = load(schemas_dir)
    older_release, older = load(older_dir)
    schemas = widen(schemas, older)
    live = [s for s in schemas if s.valid != "none"]
    requests = {api_name(s): s for s in live if s.kind == "request"}
    responses = {api_name(s): s for s in live if s.kind == "response"}
    data = sorted((s for s in live if s.kind == "data"), key=lambda s: s.name)
    headers = [s for s in live if s.kind == "header"]
    assert {h.name for h in headers} == RUNTIME, [h.name for h in headers]
    assert requests.keys() == responses.keys(), requests.keys() ^ responses.keys()
    missing = set(requests) - set(ROLE_OF)
    stale = set(ROLE_OF) - set(requests)
    if missing or stale:
        raise SystemExit(f"ROLES is out of date: no role for {sorted(missing)}; gone: {sorted(stale)}")
    apis = sorted(((a, requests[a], responses[a]) for a in requests), key=lambda e: e[1].api_key)
    files = {}
    for api, req, resp in apis:
        if api in CURATED:
            continue
        files[module_name(api) + ".rs"] = api_module(api, req, resp)
    for schema in data:
        files[snake(schema.name) + ".rs"] = data_module(schema)
    files["api_table.rs"] = api_table(apis, data, release, older_release)
    files.update(internal_files(internal_dir, release))
    return {name: rustfmt(text) for name, text in files.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schemas", default=SCHEMAS, help="directory of Kafka's JSON message schemas")
    parser.add_argument("--older-schemas", default=OLDER_SCHEMAS,
                        help="directory of an older release's schemas whose versions are added")
    parser.add_argument("--internal-schemas", default=INTERNAL_SCHEMAS,
                        help="directory of Kafka's own records' schemas, one directory per artifact")
    parser.add_argument("--out", default=OUT, help="kafka-messages' src directory")
    parser.add_argument("--check", action="store_true", help="write nothing; fail if a file differs")
    args = parser.parse_args()
    files = generate(args.schemas, args.older_schemas, args.internal_schemas)
    listing = os.path.join(args.out, "generated.txt")
    names = sorted(files)
    expected = "".join(n + "\n" for n in names)
    stale = []
    if os.path.exists(listing):
        stale = [n for n in open(listing).read().split() if n not in files]
    if args.check:
        bad = []
        for name, text in sorted(files.items()):
            path = os.path.join(args.out, name)
            have = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            if have != text:
                bad.append(name)
                sys.stderr.writelines(list(difflib.unified_diff(
                    have.splitlines(True), text.splitlines(True), "committed/" + name, "generated/" + name))[:40])
        have_listing = open(listing).read() if os.path.exists(listing) else ""
        if have_listing != expected:
            bad.append("generated.txt")
        if bad or stale:
            raise SystemExit(f"generated files differ from the committed ones: {bad + stale}; "
                             "run `python3 scripts/generate-messages.py` and commit")
        print(f"{len(files)} generated files match")
        return
    for name in stale:
        os.remove(os.path.join(args.out, name))
    for name, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(args.out, name)), exist_ok=True)
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(text)
    with open(listing, "w") as f:
        f.write(expected)
    print(f"wrote {len(files)} files into {os.path.relpath(args.out, ROOT)}")


if __name__ == "__main__":
    main()
