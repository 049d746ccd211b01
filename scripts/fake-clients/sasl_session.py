"""One client library's SASL session against `kafka-fake --sasl-user alice:alice-secret --sasl-user
bob:bob-secret --authorizer --super-user User:alice`, for each of PLAIN and SCRAM-SHA-512: alice
creates a topic of two partitions through the admin API, produces 100 records (acks=all) and reads
them all back in a classic consumer group; bob, authenticated but no super user and without ACLs,
is not shown the topic (the principal the authorizer checks is the SASL user's); a wrong password
is refused (SASL_AUTHENTICATION_FAILED); with SCRAM-SHA-512, a producer (client id
reauth-CLIENT) sends a record, waits 3.5 s and sends another, so that against a kafka-fake with
`--sasl-max-reauth-ms 3000` (KIP-368) its connection re-authenticates in between (which
fake-clients.sh checks in kafka-fake's log). Exits 0 only when every record came back in order per
partition, bob saw no topic of alice's, the wrong password failed and both of the re-authenticating
producer's records were acknowledged.

    python sasl_session.py kafka-python|confluent BOOTSTRAP
"""
import sys
import time

MECHANISMS = ["PLAIN", "SCRAM-SHA-512"]
RECORDS = 100


def expected():
    return {p: [f"r-{i}" for i in range(RECORDS) if i % 2 == p] for p in (0, 1)}


def kafka_python(bootstrap, topic, mechanism):
    from kafka import KafkaConsumer, KafkaProducer
    from kafka.admin import KafkaAdminClient, NewTopic
    from kafka.errors import KafkaError

    def sasl(user, password):
        return {"bootstrap_servers": bootstrap, "security_protocol": "SASL_PLAINTEXT",
                "sasl_mechanism": mechanism, "sasl_plain_username": user,
                "sasl_plain_password": password}

    alice = sasl("alice", "alice-secret")
    KafkaAdminClient(**alice).create_topics([NewTopic(topic, 2, 1)])
    p = KafkaProducer(acks="all", **alice)
    for i in range(RECORDS):
        p.send(topic, value=f"r-{i}".encode(), partition=i % 2)
    p.flush(10)
    p.close()
    c = KafkaConsumer(topic, group_id=f"{topic}-group", auto_offset_reset="earliest",
                      consumer_timeout_ms=10000, **alice)
    got = {0: [], 1: []}
    for m in c:
        got[m.partition].append(m.value.decode())
        if sum(map(len, got.values())) == RECORDS:
            break
    c.close()
    bob = KafkaConsumer(**sasl("bob", "bob-secret"))
    bob_sees = topic in bob.topics()
    bob.close()
    # kafka-python retries a refused bootstrap until bootstrap_timeout_ms and then says only that
    # it timed out: the refusal itself is in its log. (With SCRAM, kafka-python 3.0.12 often
    # reads the broker's close before the SASL_AUTHENTICATION_FAILED answer that precedes it, and
    # logs "socket disconnected": the bootstrap failing is then the refusal.)
    import logging
    seen = []
    handler = logging.Handler()
    handler.emit = lambda record: seen.append(record.getMessage())
    logging.getLogger("kafka").addHandler(handler)
    try:
        KafkaConsumer(bootstrap_timeout_ms=2000, **sasl("alice", "guess")).close()
        failed = None
    except KafkaError as e:
        failed = "bootstrap failed: %s" % e
    finally:
        logging.getLogger("kafka").removeHandler(handler)
    told = next((m for m in seen if "Authentication failed" in m), None)
    refused = told or failed
    return got, bob_sees, refused


def kafka_python_reauth(bootstrap, topic, mechanism):
    from kafka import KafkaProducer

    p = KafkaProducer(bootstrap_servers=bootstrap, security_protocol="SASL_PLAINTEXT",
                      sasl_mechanism=mechanism, sasl_plain_username="alice",
                      sasl_plain_password="alice-secret", client_id="reauth-kafka-python", acks="all")
    sent = [p.send(topic, value=b"before", partition=0).get(10)]
    time.sleep(3.5)
    sent.append(p.send(topic, value=b"after", partition=0).get(10))
    p.close()
    return len(sent)


def confluent(bootstrap, topic, mechanism):
    from confluent_kafka import Consumer, KafkaError, Producer
    from confluent_kafka.admin import AdminClient, NewTopic

    def sasl(user, password, **more):
        return {"bootstrap.servers": bootstrap, "security.protocol": "SASL_PLAINTEXT",
                "sasl.mechanism": mechanism, "sasl.username": user, "sasl.password": password,
                **more}

    alice = sasl("alice", "alice-secret")
    admin = AdminClient(alice)  # held until its futures end
    for f in admin.create_topics([NewTopic(topic, 2, 1)]).values():
        f.result(10)
    p = Producer({**alice, "acks": "all", "linger.ms": 5})
    for i in range(RECORDS):
        p.produce(topic, value=f"r-{i}".encode(), partition=i % 2)
    if p.flush(10) != 0:
        raise SystemExit(f"{mechanism}: records left unsent")
    c = Consumer({**alice, "group.id": f"{topic}-group", "auto.offset.reset": "earliest"})
    c.subscribe([topic])
    got = {0: [], 1: []}
    end = time.time() + 20
    while sum(map(len, got.values())) < RECORDS and time.time() < end:
        m = c.poll(0.5)
        if m is not None and not m.error():
            got[m.partition()].append(m.value().decode())
    c.close()
    bob = AdminClient(sasl("bob", "bob-secret"))
    bob_sees = topic in bob.list_topics(timeout=10).topics
    errors = []
    wrong = Producer(sasl("alice", "guess", error_cb=errors.append))
    end = time.time() + 10
    while not errors and time.time() < end:
        wrong.poll(0.2)
    refused = next((f"{e.name()}: {e.str()}" for e in errors
                    if e.code() == KafkaError._AUTHENTICATION), None)
    return got, bob_sees, refused


def confluent_reauth(bootstrap, topic, mechanism):
    from confluent_kafka import Producer

    p = Producer({"bootstrap.servers": bootstrap, "security.protocol": "SASL_PLAINTEXT",
                  "sasl.mechanism": mechanism, "sasl.username": "alice",
                  "sasl.password": "alice-secret", "client.id": "reauth-confluent", "acks": "all"})
    delivered = []
    for value, pause in ((b"before", 3.5), (b"after", 0)):
        p.produce(topic, value=value, partition=0,
                  on_delivery=lambda e, m: delivered.append(m) if e is None else None)
        p.flush(10)
        time.sleep(pause)
    return len(delivered)


def main():
    client, bootstrap = sys.argv[1], sys.argv[2]
    run = {"kafka-python": kafka_python, "confluent": confluent}[client]
    reauth = {"kafka-python": kafka_python_reauth, "confluent": confluent_reauth}[client]
    failed = False
    for mechanism in MECHANISMS:
        topic = f"sasl-{client}-{mechanism.lower()}"
        got, bob_sees, refused = run(bootstrap, topic, mechanism)
        if got != expected():
            print(f"{client} {mechanism}: got {sum(map(len, got.values()))} records, not the "
                  f"{RECORDS} produced, in order")
            failed = True
        if bob_sees:
            print(f"{client} {mechanism}: bob (no ACL) was shown alice's topic")
            failed = True
        if refused is None:
            print(f"{client} {mechanism}: a wrong password was not refused")
            failed = True
        if not failed:
            print(f"{client} {mechanism}: {RECORDS} records produced and read back in a group as "
                  f"User:alice, not shown to User:bob, a wrong password refused ({refused})")
        if mechanism == "SCRAM-SHA-512":
            acknowledged = reauth(bootstrap, topic, mechanism)
            if acknowledged != 2:
                print(f"{client} {mechanism}: {acknowledged} of the 2 records sent 3.5 s apart acknowledged")
                failed = True
            else:
                print(f"{client} {mechanism}: 2 records sent 3.5 s apart, both acknowledged")
    sys.exit(1 if failed else 0)


main()
