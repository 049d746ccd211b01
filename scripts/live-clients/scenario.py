"""A client library's session against a live Kafka broker, for captures of real traffic
(scripts/kafka-captures.sh live-clients): a topic created, records produced in batches of every
codec the library has, consumed back by a consumer group that commits, the topic deleted.

    python scenario.py kafka-python|confluent BOOTSTRAP

With LIVE_CLIENTS_CA set (a PEM file of certificate authorities), the clients speak TLS, trusting
those authorities. Every wait is bounded; the exit code is 1 when a step does not finish.
"""

import os
import sys
import time

CA = os.environ.get("LIVE_CLIENTS_CA")

CODECS = ["none", "gzip", "snappy", "lz4", "zstd"]
PER_CODEC = 4


def kafka_python(bootstrap, topic, group):
    from kafka import KafkaConsumer, KafkaProducer
    from kafka.admin import KafkaAdminClient, NewTopic

    tls = {"security_protocol": "SSL", "ssl_cafile": CA} if CA else {}
    admin = KafkaAdminClient(bootstrap_servers=bootstrap, client_id="live-kafka-python", **tls)
    admin.create_topics([NewTopic(topic, 1, 1)])
    for codec in CODECS:
        producer = KafkaProducer(bootstrap_servers=bootstrap, client_id="live-kafka-python",
                                 compression_type=None if codec == "none" else codec, **tls)
        for i in range(PER_CODEC):
            producer.send(topic, key=b"k", value=("%s-%d" % (codec, i)).encode()).get(timeout=30)
        producer.close()
    consumer = KafkaConsumer(topic, bootstrap_servers=bootstrap, group_id=group, client_id="live-kafka-python",
                             auto_offset_reset="earliest", enable_auto_commit=False, **tls)
    read, deadline = 0, time.time() + 60
    while read < len(CODECS) * PER_CODEC and time.time() < deadline:
        read += sum(len(r) for r in consumer.poll(timeout_ms=500).values())
    consumer.commit()
    consumer.close()
    admin.delete_topics([topic])
    admin.close()
    return read


def confluent(bootstrap, topic, group):
    from confluent_kafka import Consumer, Producer
    from confluent_kafka.admin import AdminClient, NewTopic

    tls = {"security.protocol": "ssl", "ssl.ca.location": CA} if CA else {}
    admin = AdminClient({"bootstrap.servers": bootstrap, "client.id": "live-confluent", **tls})
    for f in admin.create_topics([NewTopic(topic, 1, 1)]).values():
        f.result(30)
    for codec in CODECS:
        producer = Producer({"bootstrap.servers": bootstrap, "client.id": "live-confluent",
                             "compression.type": codec, "linger.ms": 5, **tls})
        for i in range(PER_CODEC):
            producer.produce(topic, key=b"k", value=("%s-%d" % (codec, i)).encode())
        if producer.flush(30) != 0:
            raise SystemExit("confluent: records not delivered")
    consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "client.id": "live-confluent",
                         "auto.offset.reset": "earliest", "enable.auto.commit": False, **tls})
    consumer.subscribe([topic])
    read, deadline = 0, time.time() + 60
    while read < len(CODECS) * PER_CODEC and time.time() < deadline:
        m = consumer.poll(0.5)
        if m is not None and m.error() is None:
            read += 1
    consumer.commit(asynchronous=False)
    consumer.close()
    for f in admin.delete_topics([topic]).values():
        f.result(30)
    return read


def main():
    client, bootstrap = sys.argv[1], sys.argv[2]
    run = {"kafka-python": kafka_python, "confluent": confluent}[client]
    read = run(bootstrap, "live-%s" % client, "live-%s-group" % client)
    want = len(CODECS) * PER_CODEC
    print("%s: produced %d records in batches of %s, read %d back in a group" % (client, want, ", ".join(CODECS), read))
    if read < want:
        sys.exit(1)


if __name__ == "__main__":
    main()
