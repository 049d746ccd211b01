"""One client library's data session against kafka-fake: a topic of two partitions created through
the admin API, 50 records per codec (none, gzip, snappy, lz4, zstd) produced by an idempotent
producer with acks=all, and all 250 read back by a consumer assigned both partitions, which then commits its position in a
group without members and reads the commit back; then a consumer that subscribes in a classic
group (JoinGroup, SyncGroup, heartbeats) reads all 250 again. Exits 0 only when every record came
back, in order, per partition, the commits read back and the group consumer got all 250.

    python data_session.py kafka-python|confluent BOOTSTRAP
"""
import sys
import time

CODECS = ["none", "gzip", "snappy", "lz4", "zstd"]
PER_CODEC = 50


def expected():
    want = {0: [], 1: []}
    for codec in CODECS:
        for i in range(PER_CODEC):
            want[i % 2].append(f"{codec}-{i}")
    return want


def kafka_python(bootstrap, topic):
    from kafka import KafkaConsumer, KafkaProducer, TopicPartition
    from kafka.admin import KafkaAdminClient, NewTopic

    KafkaAdminClient(bootstrap_servers=bootstrap).create_topics([NewTopic(topic, 2, 1)])
    for codec in CODECS:
        p = KafkaProducer(bootstrap_servers=bootstrap, acks="all", enable_idempotence=True,
                          compression_type=None if codec == "none" else codec)
        for i in range(PER_CODEC):
            p.send(topic, value=f"{codec}-{i}".encode(), partition=i % 2)
        p.flush(10)
        p.close()
    c = KafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False, group_id="fake-data-session",
                      consumer_timeout_ms=3000, auto_offset_reset="earliest")
    tps = [TopicPartition(topic, 0), TopicPartition(topic, 1)]
    c.assign(tps)
    got = {0: [], 1: []}
    for m in c:
        got[m.partition].append(m.value.decode())
    c.commit()
    committed = [c.committed(tp) for tp in tps]
    c.close()
    g = KafkaConsumer(topic, bootstrap_servers=bootstrap, group_id="fake-subscriber",
                      auto_offset_reset="earliest", consumer_timeout_ms=5000)
    in_group = sum(1 for _ in g)
    g.close()
    return got, committed, in_group


def confluent(bootstrap, topic):
    from confluent_kafka import Consumer, Producer, TopicPartition
    from confluent_kafka.admin import AdminClient, NewTopic

    admin = AdminClient({"bootstrap.servers": bootstrap})  # held until its futures end
    for f in admin.create_topics([NewTopic(topic, 2, 1)]).values():
        f.result(10)
    for codec in CODECS:
        p = Producer({"bootstrap.servers": bootstrap, "compression.type": codec,
                      "enable.idempotence": True, "linger.ms": 5})
        for i in range(PER_CODEC):
            p.produce(topic, value=f"{codec}-{i}".encode(), partition=i % 2)
        if p.flush(10) != 0:
            raise SystemExit(f"{codec}: records left unsent")
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": "fake-data-session",
                  "enable.auto.commit": False})
    c.assign([TopicPartition(topic, 0, 0), TopicPartition(topic, 1, 0)])
    got = {0: [], 1: []}
    end = time.time() + 15
    while sum(map(len, got.values())) < len(CODECS) * PER_CODEC and time.time() < end:
        m = c.poll(0.5)
        if m is not None and not m.error():
            got[m.partition()].append(m.value().decode())
    c.commit(asynchronous=False)
    committed = [tp.offset for tp in c.committed([TopicPartition(topic, 0), TopicPartition(topic, 1)], 10)]
    c.close()
    g = Consumer({"bootstrap.servers": bootstrap, "group.id": "fake-subscriber",
                  "auto.offset.reset": "earliest"})
    g.subscribe([topic])
    in_group = 0
    end = time.time() + 20
    while in_group < len(CODECS) * PER_CODEC and time.time() < end:
        m = g.poll(0.5)
        if m is not None and not m.error():
            in_group += 1
    g.close()
    return got, committed, in_group


def main():
    client, bootstrap = sys.argv[1], sys.argv[2]
    run = {"kafka-python": kafka_python, "confluent": confluent}[client]
    got, committed, in_group = run(bootstrap, f"data-{client}")
    if got != expected():
        print(f"{client}: got {sum(map(len, got.values()))} records, not the 250 produced, in order")
        sys.exit(1)
    if committed != [125, 125]:
        print(f"{client}: committed offsets read back as {committed}, not [125, 125]")
        sys.exit(1)
    if in_group != 250:
        print(f"{client}: a consumer in a group read {in_group} records, not 250")
        sys.exit(1)
    print(f"{client}: 250 records in 5 codecs produced (idempotent, acks=all), fetched back in order, "
          "positions committed and read back, and read again by a consumer in a group")


main()
