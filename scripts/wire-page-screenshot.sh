#!/usr/bin/env bash
# Renders the CreateTopics v7 wire page and takes a headless Chromium
# screenshot of it, with the request's byte 0x10 (CreatableTopic[0].Name)
# shown as if hovered. Needs Debian's chromium (apt-get install -y chromium).
#
#   bash scripts/wire-page-screenshot.sh [OUT.png]   # default: docs/wire-page-create-topics-v7.png
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/common.sh" || exit 1
cd "$REPO_ROOT"
out=${1:-docs/wire-page-create-topics-v7.png}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || die "chromium not found: apt-get install -y chromium"
need cargo "install Rust (https://rustup.rs)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! cargo run -q -p kafka-wire-pages --example wire_page -- sample CreateTopics --version 7 --html "$tmp/page.html" \
  >/dev/null 2>"$tmp/log"; then
  cat "$tmp/log" >&2
  exit 1
fi
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1000 \
  --screenshot="$tmp/shot.png" "file://$tmp/page.html#s0b16" 2>/dev/null
mkdir -p "$(dirname "$out")"
cp "$tmp/shot.png" "$out"
echo "wrote $out ($(wc -c <"$out") bytes)"
