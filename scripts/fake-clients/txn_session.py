"""A transactional session against kafka-fake with confluent-kafka (librdkafka): a topic of two
partitions created through the admin API; a transactional producer commits a transaction of 10
records with its consumer group's offsets (AddOffsetsToTxn, TxnOffsetCommit), aborts one of 10,
and commits one more of 10. A read_committed consumer must read exactly the 20 committed records,
in order per partition, and a read_uncommitted one all 30 (the aborted ones were written, then
marked); the group's offsets must be those of the committed transaction, not the aborted one's.

    python txn_session.py BOOTSTRAP
"""
import sys
import time

from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

TOPIC = f"fake-txn-{int(time.time() * 1000)}"
GROUP = "fake-txn-group"
PER_TXN = 10


def run_transaction(p, consumer, label, commit, offset):
    p.begin_transaction()
    for i in range(PER_TXN):
        p.produce(TOPIC, value=f"{label}-{i}".encode(), partition=i % 2)
    offsets = [TopicPartition(TOPIC, 0, offset), TopicPartition(TOPIC, 1, offset)]
    p.send_offsets_to_transaction(offsets, consumer.consumer_group_metadata(), 10)
    if commit:
        p.commit_transaction(10)
    else:
        # Sent first, so that the abort has records to mark (librdkafka purges unsent ones).
        if p.flush(10) != 0:
            raise SystemExit(f"{label}: records left unsent")
        p.abort_transaction(10)


def read_all(bootstrap, isolation, want):
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": f"fake-txn-reader-{isolation}",
                  "enable.auto.commit": False, "isolation.level": isolation})
    c.assign([TopicPartition(TOPIC, 0, 0), TopicPartition(TOPIC, 1, 0)])
    got = {0: [], 1: []}
    end = time.time() + 10
    while sum(map(len, got.values())) < want and time.time() < end:
        m = c.poll(0.2)
        if m is not None and not m.error():
            got[m.partition()].append(m.value().decode())
    # A little longer, so that a record the consumer must not see would show.
    end = time.time() + 0.5
    while time.time() < end:
        m = c.poll(0.1)
        if m is not None and not m.error():
            got[m.partition()].append(m.value().decode())
    c.close()
    return got


def main():
    bootstrap = sys.argv[1]
    admin = AdminClient({"bootstrap.servers": bootstrap})
    for f in admin.create_topics([NewTopic(TOPIC, 2, 1)]).values():
        f.result(10)
    group_member = Consumer({"bootstrap.servers": bootstrap, "group.id": GROUP})
    p = Producer({"bootstrap.servers": bootstrap, "transactional.id": "fake-txn-session",
                  "transaction.timeout.ms": 10000, "linger.ms": 5})
    p.init_transactions(10)
    run_transaction(p, group_member, "first", True, 5)
    run_transaction(p, group_member, "aborted", False, 99)
    run_transaction(p, group_member, "second", True, 10)

    def values(label):
        return {part: [f"{label}-{i}" for i in range(PER_TXN) if i % 2 == part] for part in (0, 1)}
    first, aborted, second = values("first"), values("aborted"), values("second")
    committed_want = {part: first[part] + second[part] for part in (0, 1)}
    all_want = {part: first[part] + aborted[part] + second[part] for part in (0, 1)}

    failures = []
    got = read_all(bootstrap, "read_committed", 2 * PER_TXN)
    if got != committed_want:
        failures.append(f"read_committed got {got}, want {committed_want}")
    got = read_all(bootstrap, "read_uncommitted", 3 * PER_TXN)
    if got != all_want:
        failures.append(f"read_uncommitted got {got}, want {all_want}")
    committed = group_member.committed([TopicPartition(TOPIC, 0), TopicPartition(TOPIC, 1)], 10)
    offsets = [tp.offset for tp in committed]
    if offsets != [10, 10]:
        failures.append(f"group offsets {offsets}, want [10, 10]")
    group_member.close()
    for f in failures:
        print(f"FAILED: {f}", file=sys.stderr)
    print(f"confluent-kafka transactions: 2 committed, 1 aborted; read_committed "
          f"{sum(map(len, committed_want.values()))} records, offsets {offsets}")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KafkaException as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
