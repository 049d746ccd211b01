"""KIP-848 consumer groups against kafka-fake with confluent-kafka (librdkafka): a topic of four
partitions created through the admin API; two consumers with `group.protocol=consumer`
(ConsumerGroupHeartbeat, the server-side `uniform` assignor) subscribe in one group until each
holds two partitions; then 40 records are produced and read. Exits 0 only when the two together
read all 40 records exactly once, each from its own two partitions, and their commits (at their
member epochs) read back.

    python consumer_group_session.py BOOTSTRAP
"""
import sys
import time

from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

TOPIC = f"fake-848-{int(time.time() * 1000)}"
GROUP = f"fake-848-group-{int(time.time() * 1000)}"
RECORDS = 40


def main():
    bootstrap = sys.argv[1]
    admin = AdminClient({"bootstrap.servers": bootstrap})
    for f in admin.create_topics([NewTopic(TOPIC, 4, 1)]).values():
        f.result(10)
    consumers = [Consumer({"bootstrap.servers": bootstrap, "group.id": GROUP,
                           "group.protocol": "consumer", "auto.offset.reset": "earliest",
                           "enable.auto.commit": False}) for _ in range(2)]
    for c in consumers:
        c.subscribe([TOPIC])
    # Both members hold two partitions each (the first gives up two at a heartbeat, 5 s apart).
    end = time.time() + 15
    while time.time() < end and any(len(c.assignment()) != 2 for c in consumers):
        for c in consumers:
            c.poll(0.1)
    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5})
    for i in range(RECORDS):
        p.produce(TOPIC, value=f"r-{i}".encode(), partition=i % 4)
    if p.flush(10) != 0:
        raise SystemExit("records left unsent")
    got = [[], []]
    end = time.time() + 15
    while sum(map(len, got)) < RECORDS and time.time() < end:
        for i, c in enumerate(consumers):
            m = c.poll(0.1)
            if m is not None and not m.error():
                got[i].append(m.value().decode())
    assignments = [sorted(tp.partition for tp in c.assignment()) for c in consumers]
    for i, c in enumerate(consumers):
        if got[i]:
            c.commit(asynchronous=False)
    committed = sorted((tp.partition, tp.offset) for tp in consumers[0].committed(
        [TopicPartition(TOPIC, p) for p in range(4)], 10))
    for c in consumers:
        c.close()
    failures = []
    everything = sorted(got[0] + got[1])
    if everything != sorted(f"r-{i}" for i in range(RECORDS)):
        failures.append(f"read {len(everything)} records, want each of {RECORDS} once: {got}")
    if [len(g) for g in got] != [RECORDS // 2, RECORDS // 2]:
        failures.append(f"records per member {[len(g) for g in got]}, want 20 each")
    if sorted(assignments[0] + assignments[1]) != [0, 1, 2, 3] or any(len(a) != 2 for a in assignments):
        failures.append(f"assignments {assignments}, want two partitions each")
    if committed != [(p, 10) for p in range(4)]:
        failures.append(f"committed {committed}, want 10 on each partition")
    for f in failures:
        print(f"FAILED: {f}", file=sys.stderr)
    print(f"confluent-kafka KIP-848 group: {len(everything)} records read by two members, "
          f"assignments {assignments}, commits {committed}")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KafkaException as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
