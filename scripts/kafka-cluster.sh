#!/usr/bin/env bash
# A three-node Apache Kafka cluster on 127.0.0.1 (KRaft, three JVMs, each a broker and a controller,
# one static quorum of the three), made of three scripts/kafka-broker.sh nodes:
#
#   scripts/kafka-cluster.sh start|stop|status
#   scripts/kafka-cluster.sh restart N       (node N stopped and started on its data dir)
#
# Node N (1-3) listens on KAFKA_CLUSTER_PORT + 2(N-1) (9592, 9594, 9596 by default), its
# controller on the port after. The nodes start together (each waits for a quorum of them), from
# jars fetched once. Env: KAFKA_CLUSTER_PORT (9592), and kafka-broker.sh's (KAFKA_VERSION,
# KAFKA_HEAP_OPTS, KAFKA_START_TIMEOUT, KAFKA_EXTRA_CONFIG, ...). Bootstrap from 127.0.0.1:9592.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1

base="${KAFKA_CLUSTER_PORT:-9592}"
voters="1@127.0.0.1:$((base + 1)),2@127.0.0.1:$((base + 3)),3@127.0.0.1:$((base + 5))"
node() { # N COMMAND: kafka-broker.sh COMMAND for node N
    local n=$1 port=$((base + 2 * ($1 - 1)))
    KAFKA_NODE_ID=$n KAFKA_VOTERS=$voters KAFKA_PORT=$port KAFKA_CONTROLLER_PORT=$((port + 1)) \
        bash "$SCRIPT_DIR/kafka-broker.sh" "${@:2}"
}

case "${1:-}" in
    start)
        bash "$SCRIPT_DIR/kafka-broker.sh" fetch
        cluster_id="$(python3 -c 'import base64, os; print(base64.urlsafe_b64encode(b"\x01" + os.urandom(15)).decode().rstrip("="))')"
        pids=()
        for n in 1 2 3; do
            KAFKA_CLUSTER_ID=$cluster_id node "$n" start &
            pids+=($!)
        done
        failed=0
        for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
        if ((failed)); then
            for n in 1 2 3; do node "$n" stop || true; done
            die "the cluster did not start"
        fi
        say "ready: three nodes on 127.0.0.1:$base, $((base + 2)) and $((base + 4)) (cluster id $cluster_id)"
        ;;
    restart)
        [[ "${2:-}" =~ ^[123]$ ]] || die "usage: kafka-cluster.sh restart N (N: 1, 2 or 3)"
        node "$2" restart
        ;;
    stop | status)
        for n in 1 2 3; do node "$n" "$1" || true; done
        ;;
    *) die "usage: kafka-cluster.sh start|stop|status|restart N" ;;
esac
