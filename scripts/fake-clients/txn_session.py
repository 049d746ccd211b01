"""A transactional session against kafka-fake with confluent-kafka (librdkafka) or kafka-python: a
topic of two partitions created through the admin API; a transactional producer commits a
transaction of 10 records with its consumer group's offsets (AddOffsetsToTxn, TxnOffsetCommit),
aborts one of 10, and commits one more of 10. A read_committed consumer must read exactly the 20
committed records, in order per partition, and a read_uncommitted one all 30 (the aborted ones
were written, then marked); the group's offsets must be those of the committed transaction, not
the aborted one's.

    python txn_session.py [--client confluent|kafka-python] BOOTSTRAP   (confluent by default)
"""
import sys
import time


TOPIC = f"fake-txn-{int(time.time() * 1000)}"
GROUP = "fake-txn-group"
PER_TXN = 10


def run_transaction(p, consumer, label, commit, offset):
    from confluent_kafka import TopicPartition

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
    from confluent_kafka import Consumer, TopicPartition
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


def confluent(bootstrap):
    """The session with confluent-kafka: what each consumer read, and the group's offsets."""
    from confluent_kafka import Consumer, Producer, TopicPartition
    from confluent_kafka.admin import AdminClient, NewTopic

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
    committed = read_all(bootstrap, "read_committed", 2 * PER_TXN)
    uncommitted = read_all(bootstrap, "read_uncommitted", 3 * PER_TXN)
    offsets = group_member.committed([TopicPartition(TOPIC, 0), TopicPartition(TOPIC, 1)], 10)
    group_member.close()
    return committed, uncommitted, [tp.offset for tp in offsets]


def kafka_python(bootstrap):
    """The session with kafka-python."""
    from kafka import KafkaConsumer, KafkaProducer, TopicPartition
    from kafka.admin import KafkaAdminClient, NewTopic
    from kafka.structs import OffsetAndMetadata

    KafkaAdminClient(bootstrap_servers=bootstrap).create_topics([NewTopic(TOPIC, 2, 1)])
    p = KafkaProducer(bootstrap_servers=bootstrap, transactional_id="fake-txn-session-kp",
                      transaction_timeout_ms=10000)
    p.init_transactions()
    for label, commit, offset in [("first", True, 5), ("aborted", False, 99), ("second", True, 10)]:
        p.begin_transaction()
        for i in range(PER_TXN):
            p.send(TOPIC, value=f"{label}-{i}".encode(), partition=i % 2)
        offsets = {TopicPartition(TOPIC, part): OffsetAndMetadata(offset, "", -1) for part in (0, 1)}
        p.send_offsets_to_transaction(offsets, GROUP)
        if commit:
            p.commit_transaction()
        else:
            p.flush()
            p.abort_transaction()
    p.close()
    tps = [TopicPartition(TOPIC, 0), TopicPartition(TOPIC, 1)]

    def read(isolation):
        c = KafkaConsumer(bootstrap_servers=bootstrap, isolation_level=isolation,
                          enable_auto_commit=False, auto_offset_reset="earliest",
                          consumer_timeout_ms=1000)
        c.assign(tps)
        got = {0: [], 1: []}
        for m in c:
            got[m.partition].append(m.value.decode())
        c.close()
        return got
    g = KafkaConsumer(bootstrap_servers=bootstrap, group_id=GROUP, enable_auto_commit=False)
    offsets = [g.committed(tp) for tp in tps]
    g.close()
    return read("read_committed"), read("read_uncommitted"), offsets


def main():
    args = sys.argv[1:]
    client = args[1] if len(args) == 3 and args[0] == "--client" else "confluent"
    bootstrap = args[-1]
    committed, uncommitted, offsets = {"confluent": confluent, "kafka-python": kafka_python}[client](bootstrap)

    def values(label):
        return {part: [f"{label}-{i}" for i in range(PER_TXN) if i % 2 == part] for part in (0, 1)}
    first, aborted, second = values("first"), values("aborted"), values("second")
    committed_want = {part: first[part] + second[part] for part in (0, 1)}
    all_want = {part: first[part] + aborted[part] + second[part] for part in (0, 1)}

    failures = []
    if committed != committed_want:
        failures.append(f"read_committed got {committed}, want {committed_want}")
    if uncommitted != all_want:
        failures.append(f"read_uncommitted got {uncommitted}, want {all_want}")
    if offsets != [10, 10]:
        failures.append(f"group offsets {offsets}, want [10, 10]")
    for f in failures:
        print(f"FAILED: {f}", file=sys.stderr)
    print(f"{client} transactions: 2 committed, 1 aborted; read_committed "
          f"{sum(map(len, committed_want.values()))} records, offsets {offsets}")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:  # a client's own error is the session's failure
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
