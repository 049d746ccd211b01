#!/usr/bin/env bash
# Build time of kafka-messages (every API of Kafka; its feature sets) next
# to kafka-protocol 0.18 (features client + broker), in one run, interleaved.
#
#   bash scripts/build-times.sh            # 3 rounds, debug and release
#   ROUNDS=5 bash scripts/build-times.sh
#   PROFILES=debug bash scripts/build-times.sh   # one profile only
#
# Both crates are compiled as a dependency is, without incremental compilation
# (CARGO_INCREMENTAL=0): that is how a user's build compiles kafka-messages, and
# how cargo compiles kafka-protocol from the registry. A workspace member such as
# kafka-messages here is compiled incrementally by default, which adds the work
# of saving the incremental state to a clean debug build; that time, what a
# contributor to this workspace sees, is the column "all, as a member" (cargo's
# default for a workspace member in each profile).
#
# "Crate-only": each crate's dependencies are built first, then the crate alone
# is cleaned and rebuilt, so the time is that crate's own compilation
# (kafka-messages' includes the derive expanding every declaration; kafka-wire
# and kafka-wire-derive are dependencies, built once). The peer lives in a
# scratch project under target/build-times/, with this workspace's lock file
# versions where they overlap. Prints the median wall time of each, per profile,
# and the ratio.
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1
cd "$REPO_ROOT"
need cargo "install Rust (https://rustup.rs)"

ROUNDS="${ROUNDS:-3}"
PROFILES="${PROFILES:-debug release}"
SCRATCH="$REPO_ROOT/target/build-times"
PEER="$SCRATCH/peer"
mkdir -p "$PEER/src"
cat >"$PEER/Cargo.toml" <<'EOF'
[package]
name = "peer-build"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
kafka-protocol = { version = "0.18", default-features = false, features = ["client", "broker"] }

[workspace]
EOF
echo 'pub use kafka_protocol;' >"$PEER/src/lib.rs"

# seconds a command takes, to the millisecond
timed() {
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s%N)
    echo $(( (t1 - t0) / 1000000 ))
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

ours() { # incremental (0, or "default" for cargo's) profile features...
    local incremental=$1 profile=$2; shift 2
    local flag=()
    [ "$profile" = release ] && flag=(--release)
    # The same setting for the warm-up build: cargo keys each unit by its
    # profile, incremental included, so a warm-up built otherwise would leave
    # the dependencies to be compiled again inside the timed build.
    local env=(env CARGO_INCREMENTAL="$incremental")
    [ "$incremental" = default ] && env=(env -u CARGO_INCREMENTAL)
    "${env[@]}" cargo build -q -p kafka-messages "${flag[@]}" "$@" --target-dir "$SCRATCH/ours" >/dev/null 2>&1
    cargo clean -q -p kafka-messages "${flag[@]}" --target-dir "$SCRATCH/ours" >/dev/null 2>&1
    timed "${env[@]}" cargo build -q -p kafka-messages "${flag[@]}" "$@" --target-dir "$SCRATCH/ours"
}

peer() { # profile
    local flag=()
    [ "$1" = release ] && flag=(--release)
    (cd "$PEER" && cargo build -q "${flag[@]}" --target-dir "$SCRATCH/peer-target" >/dev/null 2>&1)
    (cd "$PEER" && cargo clean -q -p kafka-protocol "${flag[@]}" --target-dir "$SCRATCH/peer-target" >/dev/null 2>&1)
    (cd "$PEER" && timed env CARGO_INCREMENTAL=0 cargo build -q "${flag[@]}" --target-dir "$SCRATCH/peer-target")
}

declare -A samples
for profile in $PROFILES; do
    for round in $(seq "$ROUNDS"); do
        p=$(peer "$profile") a=$(ours 0 "$profile" --features all)
        i=$(ours default "$profile" --features all)
        n=$(ours 0 "$profile" --no-default-features)
        m=$(ours 0 "$profile" --no-default-features --features admin)
        samples[$profile/peer]+="$p " samples[$profile/all]+="$a " samples[$profile/incremental]+="$i "
        samples[$profile/none]+="$n " samples[$profile/admin]+="$m "
        echo "round $round/$ROUNDS $profile: peer $p ms, all $a ms, all as a member $i ms, none $n ms, admin $m ms" >&2
    done
done

printf '| profile | kafka-protocol 0.18 (client+broker) | kafka-messages all | ratio | all, as a member | no features (core APIs) | admin only |\n'
printf '|---|---|---|---|---|---|---|\n'
# shellcheck disable=SC2086  # each sample list unquoted on purpose: split into one number a line
for profile in $PROFILES; do
    p=$(echo ${samples[$profile/peer]} | tr ' ' '\n' | median)
    a=$(echo ${samples[$profile/all]} | tr ' ' '\n' | median)
    n=$(echo ${samples[$profile/none]} | tr ' ' '\n' | median)
    m=$(echo ${samples[$profile/admin]} | tr ' ' '\n' | median)
    i=$(echo ${samples[$profile/incremental]} | tr ' ' '\n' | median)
    ratio=$(awk -v p="$p" -v a="$a" 'BEGIN { printf "%.2fx", a / p }')
    printf '| %s | %.1f s | %.1f s | %s | %.1f s | %.1f s | %.1f s |\n' "$profile" \
        "$(awk -v x="$p" 'BEGIN{print x/1000}')" "$(awk -v x="$a" 'BEGIN{print x/1000}')" "$ratio" \
        "$(awk -v x="$i" 'BEGIN{print x/1000}')" \
        "$(awk -v x="$n" 'BEGIN{print x/1000}')" "$(awk -v x="$m" 'BEGIN{print x/1000}')"
done
echo "(median of $ROUNDS interleaved rounds; samples in ms: $(for k in "${!samples[@]}"; do printf '%s=[%s] ' "$k" "${samples[$k]% }"; done))"
