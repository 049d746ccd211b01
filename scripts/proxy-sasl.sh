#!/usr/bin/env bash
# SASL inspection, termination and tenants by principal through kafka-wire-proxy, against a live
# Kafka 4.4 broker with a SASL_PLAINTEXT listener (PLAIN users alice and bob in its JAAS;
# SCRAM-SHA-512; OAUTHBEARER with Kafka's default validator of unsecured JWTs) and the standard
# authorizer: starts the broker on $KAFKA_PORT (9492; controller $KAFKA_CONTROLLER_PORT, 9493; SASL
# $SASL_PORT, 9494; a second SASL_PLAINTEXT listener on SASL_PORT + 1 whose sessions last 2 s,
# `connections.max.reauth.ms`), makes the tenants' service accounts with Kafka's own tools
# (kafka-configs' ConfigCommand, kafka-acls' AclCommand, on the PLAINTEXT listener as the super
# user ANONYMOUS): svc-ta and svc-tb, SCRAM-SHA-512, allowed everything over names prefixed `ta.`
# and `tb.` respectively, and svc-tc, allowed `tc.`, which reaches the broker with an OAUTHBEARER
# token the script writes (an unsecured JWT: `alg` none, `sub` svc-tc, `exp` an hour on); then
# runs tests/live_proxy.rs's sasl_* tests (inspection with tenants by principal; termination, with
# the proxy renewing its own session; each tenant's own service account, two at the same time
# through one proxy, one with OAUTHBEARER, and the ACLs refusing a tenant's names on another's
# account) and stops the broker.
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
sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-512,OAUTHBEARER
listener.name.sasl_plaintext.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_alice=\"alice-secret\" user_bob=\"bob-secret\";
listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_plaintext.oauthbearer.sasl.jaas.config=org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required unsecuredLoginStringClaim_sub=\"broker\";
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

# The tenants' service accounts and their ACLs, with Kafka's tools (five JVMs at once).
LIBS=".cache/kafka-${KAFKA_VERSION:-$(cat kafka-messages/schemas/RELEASE)}/libs"
tool() { "${JAVA_HOME:+$JAVA_HOME/bin/}java" -Xmx128m -cp "$LIBS/*" "org.apache.kafka.tools.$1" --bootstrap-server "127.0.0.1:$KAFKA_PORT" "${@:2}" >/dev/null; }
t0=$SECONDS
pids=()
for t in ta tb; do
    tool ConfigCommand --alter --entity-type users --entity-name "svc-$t" \
        --add-config "SCRAM-SHA-512=[iterations=4096,password=svc-$t-secret]" &
    pids+=($!)
done
for t in ta tb tc; do
    tool AclCommand --add --allow-principal "User:svc-$t" --operation All \
        --topic "$t." --group "$t." --resource-pattern-type prefixed &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
echo "proxy-sasl: service accounts and ACLs made in $((SECONDS - t0)) s" >&2
# svc-tc's token: an unsecured JWT (Kafka's default OAUTHBEARER validator takes `alg` none, an
# empty signature, `sub` as the principal and requires `exp`), in base64 without `-`, `_` or `+`,
# `/` (spaces added to the claims until so), which any Base64 decoder reads.
KAFKA_SASL_TENANT_TOKEN="$(python3 - <<'PY'
import base64, json, time
def b64(text):
    for pad in range(8):
        out = base64.b64encode((text + " " * pad).encode()).decode().rstrip("=")
        if not set(out) & set("+/-_"):
            return out
    raise SystemExit("no plain base64 form")
now = int(time.time())
print(b64(json.dumps({"alg": "none"})) + "." +
      b64(json.dumps({"sub": "svc-tc", "iat": now, "exp": now + 3600})) + ".")
PY
)"
export KAFKA_SASL_TENANT_TOKEN
KAFKA_BOOTSTRAP="127.0.0.1:$KAFKA_PORT" KAFKA_SASL_BOOTSTRAP="127.0.0.1:$SASL_PORT" \
    KAFKA_SASL_REAUTH_BOOTSTRAP="127.0.0.1:$REAUTH_PORT" \
    cargo test --workspace --test live_proxy -- --ignored --test-threads=1 --nocapture \
    sasl_
