"""A client library's SASL_SSL session through kafka-wire-proxy (scripts/proxy-sasl-clients.sh):
a topic created, records produced, consumed back by a group that commits, then the topics and
groups the client is shown listed.

    python session.py kafka-python|confluent BOOTSTRAP CA MECHANISM USER SECRET TOPIC GROUP

MECHANISM is PLAIN, SCRAM-SHA-512 or OAUTHBEARER; SECRET is the password, or for OAUTHBEARER a file
holding the signed JWT. Prints one JSON line: {"topics": [...], "groups": [...], "read": N}. Every
wait is bounded; the exit code is 1 when a step does not finish.
"""

import json
import sys
import time

RECORDS = 10


def token_of(path):
    with open(path) as f:
        return f.read().strip()


def kafka_python(bootstrap, ca, mechanism, user, secret, topic, group):
    from kafka import KafkaConsumer, KafkaProducer
    from kafka.admin import KafkaAdminClient, NewTopic
    from kafka.errors import TopicAlreadyExistsError
    from kafka.net.sasl.oauth import AbstractTokenProvider

    class FileToken(AbstractTokenProvider):
        def token(self):
            return token_of(secret)

    sec = {"security_protocol": "SASL_SSL", "ssl_cafile": ca, "sasl_mechanism": mechanism,
           "client_id": "sasl-kafka-python"}
    if mechanism == "OAUTHBEARER":
        sec["sasl_oauth_token_provider"] = FileToken()
    else:
        sec.update(sasl_plain_username=user, sasl_plain_password=secret)
    admin = KafkaAdminClient(bootstrap_servers=bootstrap, **sec)
    try:
        admin.create_topics([NewTopic(topic, 1, 1)])
    except TopicAlreadyExistsError:
        pass
    producer = KafkaProducer(bootstrap_servers=bootstrap, **sec)
    for i in range(RECORDS):
        producer.send(topic, value=b"r%d" % i).get(timeout=30)
    producer.close()
    consumer = KafkaConsumer(topic, bootstrap_servers=bootstrap, group_id=group,
                             auto_offset_reset="earliest", enable_auto_commit=False, **sec)
    read, deadline = 0, time.time() + 30
    while read < RECORDS and time.time() < deadline:
        read += sum(len(r) for r in consumer.poll(timeout_ms=500).values())
    consumer.commit()
    consumer.close()
    topics = admin.list_topics()
    groups = [g["group_id"] for g in admin.list_groups()]
    admin.close()
    return topics, groups, read


def confluent(bootstrap, ca, mechanism, user, secret, topic, group):
    from confluent_kafka import Consumer, KafkaError, Producer
    from confluent_kafka.admin import AdminClient, NewTopic

    sec = {"bootstrap.servers": bootstrap, "client.id": "sasl-confluent", "security.protocol": "SASL_SSL",
           "ssl.ca.location": ca, "sasl.mechanism": mechanism}
    if mechanism == "OAUTHBEARER":
        # (token, expiry in seconds since the epoch, principal): the token's own expiry is an hour.
        sec["oauth_cb"] = lambda _config: (token_of(secret), time.time() + 3600, user)
    else:
        sec.update({"sasl.username": user, "sasl.password": secret})
    admin = AdminClient(dict(sec))
    for f in admin.create_topics([NewTopic(topic, 1, 1)]).values():
        try:
            f.result(30)
        except Exception as e:  # noqa: BLE001 - an existing topic is fine
            if e.args[0].code() != KafkaError.TOPIC_ALREADY_EXISTS:
                raise
    producer = Producer(dict(sec, **{"linger.ms": 5}))
    for i in range(RECORDS):
        producer.produce(topic, value=b"r%d" % i)
    if producer.flush(30) != 0:
        raise SystemExit("confluent: records not delivered")
    consumer = Consumer(dict(sec, **{"group.id": group, "auto.offset.reset": "earliest",
                                     "enable.auto.commit": False}))
    consumer.subscribe([topic])
    read, deadline = 0, time.time() + 30
    while read < RECORDS and time.time() < deadline:
        m = consumer.poll(0.5)
        if m is not None and m.error() is None:
            read += 1
    consumer.commit(asynchronous=False)
    consumer.close()
    topics = sorted(admin.list_topics(timeout=30).topics)
    listed = admin.list_consumer_groups(request_timeout=30).result(30)
    groups = sorted(g.group_id for g in listed.valid)
    return topics, groups, read


def main():
    client, rest = sys.argv[1], sys.argv[2:]
    if len(rest) != 7:
        raise SystemExit(__doc__)
    run = {"kafka-python": kafka_python, "confluent": confluent}[client]
    topics, groups, read = run(*rest)
    print(json.dumps({"topics": sorted(topics), "groups": sorted(groups), "read": read}))
    if read < RECORDS:
        print("%s: read %d of %d records" % (client, read, RECORDS), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
