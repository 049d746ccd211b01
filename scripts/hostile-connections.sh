#!/usr/bin/env bash
# Memory per connection of kafka-wire-fake and kafka-wire-proxy at N
# connections (default 10 000): idle, with a 2 MiB frame pending (50 of
# them), and with a 2 MiB frame claimed and 64 KiB of it sent, without and
# with a request budget of 64 MiB (tests/memory_ceilings.rs: each row a
# process, its clients another, on 127.0.0.1 at ports the system picks).
#
#   bash scripts/hostile-connections.sh [N]
#
# The descriptor limit is raised as far as the hard limit allows (further
# needs CAP_SYS_RESOURCE). The fake's process holds one descriptor per
# connection, the proxy's two (the fake it forwards to runs in a process of
# its own): the proxy's rows take N connections or as many as the limit
# permits (9 968 under a hard limit of 20 000).
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-10000}"
hard="$(ulimit -Hn)"
[ "$hard" = unlimited ] && hard=1048576
want=$(( 2 * n + 500 ))
ulimit -Hn "$want" 2>/dev/null || true
ulimit -Sn "$(ulimit -Hn)" 2>/dev/null || ulimit -Sn "$hard"
limit="$(ulimit -Sn)"
[ "$limit" = unlimited ] && limit=$want
proxied=$(( (limit - 64) / 2 ))
[ "$proxied" -gt "$n" ] && proxied=$n
fake=$(( limit - 500 ))
[ "$fake" -gt "$n" ] && fake=$n
echo "descriptor limit $limit: the fake's rows at $fake connections, the proxy's at $proxied" >&2
export CARGO_INCREMENTAL=0 CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0
KAFKA_WIRE_CONNECTIONS="$fake" KAFKA_WIRE_PROXY_CONNECTIONS="$proxied" \
  cargo test -q -p kafka-wire-tests --test memory_ceilings -- --ignored --nocapture 2>&1 | grep -E '^\|'
