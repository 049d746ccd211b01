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

Curated modules (CURATED below) are written by hand and only listed here; the
schema-conformance test checks them against the JSON like the rest.
"""

import argparse
import difflib
import json
import os
import re
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMAS = os.path.join(ROOT, "kafka-messages", "schemas")
OUT = os.path.join(ROOT, "kafka-messages", "src")

# APIs whose modules are written by hand (typed views, constructors, docs).
CURATED = {"CreateTopics": "create_topics", "CreateAcls": "create_acls", "ApiVersions": "api_versions"}

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
                   "UpdateRaftVoter", "WriteTxnMarkers", "UnregisterController"],
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
                       f"versions {schema.valid}, flexible {schema.flexible}.")
        else:
            doc.append(f"Kafka's `{schema.name}` {schema.kind} schema, versions {schema.valid}, "
                       f"flexible {schema.flexible}.")
        attrs = []
        if schema.api_key is not None:
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
        attrs = [f'versions = "{field["versions"]}"']
        if nullable:
            attrs.append(f'nullable = "{nullable}"')
        if "tag" in field:
            attrs.append(f'tag = {field["tag"]}')
        if "taggedVersions" in field:
            attrs.append(f'tagged = "{field["taggedVersions"]}"')
        if "flexibleVersions" in field:
            attrs.append(f'flexible = "{field["flexibleVersions"]}"')
        if "default" in field:
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
    header.append("//!")
    header.append(f"//! Declared from Kafka's `{request.file}` and `{response.file}` (release")
    header.append("//! [`KAFKA_RELEASE`](crate::KAFKA_RELEASE)) by `scripts/generate-messages.py`;")
    header.append("//! regenerate rather than edit.")
    for label, s in (("Request", request), ("Response", response)):
        if s.history:
            header.append("//!")
            header.append(f"//! # {label} versions")
            header.append("//!")
            for line in s.history:
                header.append(("//! " + doc_escape(line)).rstrip())
    return module.render(header)


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


def api_table(apis, data, release):
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
        "/// Calls `$callback! { row, ... }` with one row per API of [`KAFKA_RELEASE`], in key order:",
        "///",
        "/// ```text",
        "/// (key, Name, module, generated | curated, Request, Response, RequestView, ResponseView,",
        '///  [cfg of its feature], "valid versions", "flexible versions", "listeners")',
        "/// ```",
        "///",
        "/// A `generated` module is written by the generator, a `curated` one by hand (lib.rs",
        "/// declares those itself). The cfg is `all()` for the APIs always compiled. Versions are Kafka's notation",
        "/// (`\"3-13\"`, `\"9+\"`, `\"none\"`), the request's; listeners, those its schema names.",
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
                   f"{req.name}View, {resp.name}View, [{cfg}], \"{req.valid}\", \"{req.flexible}\", "
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


def generate(schemas_dir):
    with open(os.path.join(schemas_dir, "RELEASE"), encoding="utf-8") as f:
        release = f.read().strip()
    schemas = [Schema(os.path.join(schemas_dir, f)) for f in sorted(os.listdir(schemas_dir)) if f.endswith(".json")]
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
    files["api_table.rs"] = api_table(apis, data, release)
    return {name: rustfmt(text) for name, text in files.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schemas", default=SCHEMAS, help="directory of Kafka's JSON message schemas")
    parser.add_argument("--out", default=OUT, help="kafka-messages' src directory")
    parser.add_argument("--check", action="store_true", help="write nothing; fail if a file differs")
    args = parser.parse_args()
    files = generate(args.schemas)
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
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(text)
    with open(listing, "w") as f:
        f.write(expected)
    print(f"wrote {len(files)} files into {os.path.relpath(args.out, ROOT)}")


if __name__ == "__main__":
    main()
