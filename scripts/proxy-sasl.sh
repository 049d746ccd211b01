#!/usr/bin/env bash
# SASL inspection and tenants by principal through kafka-wire-proxy, against a live Kafka 4.4
# broker with a SASL_PLAINTEXT listener (PLAIN users alice and bob; SCRAM-SHA-512 enabled):
# starts the broker on $KAFKA_PORT (9492; controller $KAFKA_CONTROLLER_PORT, 9493; SASL $SASL_PORT,
# 9494; a second SASL_PLAINTEXT listener on SASL_PORT + 1 whose sessions last 2 s,
# `connections.max.reauth.ms`), runs tests/live_proxy.rs's sasl_* tests (inspection with tenants
# by principal; termination, with the proxy renewing its own session), stops it.
#   bash scripts/proxy-sasl.sh
#   KAFKA_PORT=9892 KAFKA_CONTROLLER_PORT=9893 SASL_PORT=9894 bash scripts/proxy-sasl.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export KAFKA_PORT="${KAFKA_PORT:-9492}" KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9493}"
SASL_PORT="${SASL_PORT:-9494}"
REAUTH_PORT=$((SASL_PORT + 1))
export KAFKA_EXTRA_CONFIG="listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT,SASL_PLAINTEXT://127.0.0.1:$SASL_PORT,REAUTH://127.0.0.1:$REAUTH_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT,SASL_PLAINTEXT://127.0.0.1:$SASL_PORT,REAUTH://127.0.0.1:$REAUTH_PORT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,REAUTH:SASL_PLAINTEXT
sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-512
listener.name.sasl_plaintext.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_alice=\"alice-secret\" user_bob=\"bob-secret\";
listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.reauth.sasl.enabled.mechanisms=PLAIN
listener.name.reauth.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_alice=\"alice-secret\";
listener.name.reauth.connections.max.reauth.ms=2000
super.users=User:ANONYMOUS;User:alice;User:bob"
started=0
if ! (exec 3<>"/dev/tcp/127.0.0.1/$SASL_PORT") 2>/dev/null; then
    bash scripts/kafka-broker.sh start
    started=1
fi
stop() { if ((started)); then bash scripts/kafka-broker.sh stop || true; fi; }
trap stop EXIT
KAFKA_BOOTSTRAP="127.0.0.1:$KAFKA_PORT" KAFKA_SASL_BOOTSTRAP="127.0.0.1:$SASL_PORT" \
    KAFKA_SASL_REAUTH_BOOTSTRAP="127.0.0.1:$REAUTH_PORT" \
    cargo test --workspace --test live_proxy -- --ignored --test-threads=1 --nocapture \
    sasl_
