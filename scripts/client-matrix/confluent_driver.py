"""The client-matrix scenario through confluent-kafka's AdminClient (librdkafka).

usage: confluent_driver.py BOOTSTRAP CLIENT_ID PREFIX
Prints one JSON line per step: {"step", "api", "ok", "detail"}.
"""
import json
import sys

from confluent_kafka import KafkaError, KafkaException
from confluent_kafka.admin import (AclBinding, AclBindingFilter, AclOperation,
                                   AclPermissionType, AdminClient, NewPartitions,
                                   NewTopic, ResourcePatternType, ResourceType)

bootstrap, client_id, prefix = sys.argv[1:4]
TIMEOUT = 10
failed = 0


def code_of(e):
    err = e.args[0] if isinstance(e, KafkaException) and e.args else None
    return err.code() if isinstance(err, KafkaError) else None


def step(name, api, fn, expect=None):
    """Runs fn; ok when it returns (expect None) or fails with KafkaError `expect`."""
    global failed
    try:
        detail = fn()
        ok = expect is None
        detail = "returned %r" % (detail,) if ok else "expected error %s, got success" % expect
    except Exception as e:  # noqa: BLE001 - every failure is reported
        ok = expect is not None and code_of(e) == expect
        detail = "%s: %s" % (type(e).__name__, e)
    failed += not ok
    print(json.dumps({"step": name, "api": api, "ok": ok, "detail": detail[:300]}), flush=True)


admin = AdminClient({"bootstrap.servers": bootstrap, "client.id": client_id,
                     "socket.timeout.ms": TIMEOUT * 1000})
a, missing = prefix + "-a", prefix + "-missing"


def one(futures):
    """The single result of a dict of futures; raises its error."""
    (f,) = futures.values()
    return f.result(timeout=TIMEOUT)


step("list topics", "Metadata", lambda: sorted(admin.list_topics(timeout=TIMEOUT).topics))
step("create topic", "CreateTopics", lambda: one(admin.create_topics([NewTopic(a, 3, 1)])))
step("create existing topic", "CreateTopics",
     lambda: one(admin.create_topics([NewTopic(a, 3, 1)])), KafkaError.TOPIC_ALREADY_EXISTS)
step("create with replication 3", "CreateTopics",
     lambda: one(admin.create_topics([NewTopic(prefix + "-rf3", 1, 3)])),
     KafkaError.INVALID_REPLICATION_FACTOR)


def described():
    parts = len(admin.list_topics(a, timeout=TIMEOUT).topics[a].partitions)
    if parts != 3:
        raise AssertionError("%d partitions, expected 3" % parts)
    return parts


step("describe topic", "Metadata", described)
step("add partitions", "CreatePartitions", lambda: one(admin.create_partitions([NewPartitions(a, 5)])))
step("shrink partitions", "CreatePartitions",
     lambda: one(admin.create_partitions([NewPartitions(a, 2)])), KafkaError.INVALID_PARTITIONS)

acl = AclBinding(ResourceType.TOPIC, a, ResourcePatternType.LITERAL, "User:alice", "*",
                 AclOperation.READ, AclPermissionType.ALLOW)
acl_filter = AclBindingFilter(ResourceType.TOPIC, a, ResourcePatternType.LITERAL, "User:alice",
                              "*", AclOperation.ANY, AclPermissionType.ANY)


def counted(result, n=1):
    if len(result) != n:
        raise AssertionError("%d bindings, expected %d: %r" % (len(result), n, result))
    return len(result)


step("create acl", "CreateAcls", lambda: one(admin.create_acls([acl])))
step("describe acls", "DescribeAcls",
     lambda: counted(admin.describe_acls(acl_filter).result(timeout=TIMEOUT)))
step("delete acls", "DeleteAcls", lambda: counted(one(admin.delete_acls([acl_filter]))))
step("delete topic", "DeleteTopics", lambda: one(admin.delete_topics([a])))
step("delete missing topic", "DeleteTopics", lambda: one(admin.delete_topics([missing])),
     KafkaError.UNKNOWN_TOPIC_OR_PART)
sys.exit(1 if failed else 0)
