"""The client-matrix scenario through kafka-python's KafkaAdminClient.

usage: kafka_python_driver.py BOOTSTRAP CLIENT_ID PREFIX
Prints one JSON line per step: {"step", "api", "ok", "detail"}.
"""
import json
import sys

from kafka.admin import (ACL, ACLFilter, ACLOperation, ACLPermissionType,
                         ACLResourcePatternType, KafkaAdminClient, NewPartitions,
                         NewTopic, ResourcePattern, ResourcePatternFilter, ResourceType)
from kafka.errors import (InvalidPartitionsError, InvalidReplicationFactorError,
                          TopicAlreadyExistsError, UnknownTopicOrPartitionError)

bootstrap, client_id, prefix = sys.argv[1:4]
failed = 0


def step(name, api, fn, expect=None):
    """Runs fn; ok when it returns (expect None) or raises `expect`."""
    global failed
    try:
        detail = fn()
        ok = expect is None
        detail = "returned %r" % (detail,) if expect is None else "expected %s, got success" % expect.__name__
    except Exception as e:  # noqa: BLE001 - every failure is reported
        ok = expect is not None and isinstance(e, expect)
        detail = "%s: %s" % (type(e).__name__, e)
    failed += not ok
    print(json.dumps({"step": name, "api": api, "ok": ok, "detail": detail[:300]}), flush=True)


admin = KafkaAdminClient(bootstrap_servers=bootstrap, client_id=client_id,
                         request_timeout_ms=10000)
a, missing = prefix + "-a", prefix + "-missing"
step("list topics", "Metadata", lambda: sorted(admin.list_topics()))
step("create topic", "CreateTopics",
     lambda: admin.create_topics([NewTopic(a, 3, 1)], timeout_ms=10000) and None)
step("create existing topic", "CreateTopics",
     lambda: admin.create_topics([NewTopic(a, 3, 1)], timeout_ms=10000), TopicAlreadyExistsError)
step("create with replication 3", "CreateTopics",
     lambda: admin.create_topics([NewTopic(prefix + "-rf3", 1, 3)], timeout_ms=10000),
     InvalidReplicationFactorError)


def described():
    topics = admin.describe_topics([a])
    parts = len(topics[0]["partitions"])
    if parts != 3:
        raise AssertionError("%d partitions, expected 3" % parts)
    return parts


step("describe topic", "Metadata", described)
step("add partitions", "CreatePartitions",
     lambda: admin.create_partitions({a: NewPartitions(5)}) and None)
step("shrink partitions", "CreatePartitions",
     lambda: admin.create_partitions({a: NewPartitions(2)}), InvalidPartitionsError)

acl = ACL("User:alice", "*", ACLOperation.READ, ACLPermissionType.ALLOW,
          ResourcePattern(ResourceType.TOPIC, a, ACLResourcePatternType.LITERAL))
acl_filter = ACLFilter("User:alice", "*", ACLOperation.ANY, ACLPermissionType.ANY,
                       ResourcePatternFilter(ResourceType.TOPIC, a, ACLResourcePatternType.LITERAL))


def created_acl():
    r = admin.create_acls([acl])
    if r["failed"] or len(r["succeeded"]) != 1:
        raise AssertionError(repr(r))
    return len(r["succeeded"])


def described_acls():
    acls, error = admin.describe_acls(acl_filter)
    if error.errno != 0 or len(acls) != 1:
        raise AssertionError("%r, %r" % (acls, error))
    return len(acls)


def deleted_acls():
    results = admin.delete_acls([acl_filter])
    (_, matched, error), = results
    if error.errno != 0 or len(matched) != 1:
        raise AssertionError(repr(results))
    return len(matched)


step("create acl", "CreateAcls", created_acl)
step("describe acls", "DescribeAcls", described_acls)
step("delete acls", "DeleteAcls", deleted_acls)
step("delete topic", "DeleteTopics", lambda: admin.delete_topics([a], timeout_ms=10000) and None)
step("delete missing topic", "DeleteTopics",
     lambda: admin.delete_topics([missing], timeout_ms=10000), UnknownTopicOrPartitionError)
admin.close()
sys.exit(1 if failed else 0)
