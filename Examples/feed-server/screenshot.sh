#!/usr/bin/env bash
# A screenshot of the feed server's page in headless Chromium, deep in the feed.
#
#   Examples/feed-server/screenshot.sh                   # writes Docs/feed-server.png (1M items)
#   OUT=/tmp/feed.png FEED_ITEMS=200000 Examples/feed-server/screenshot.sh
#
# Prints that it skipped, and succeeds, when Chromium is not installed. Otherwise starts the
# server on 127.0.0.1 (an ephemeral port), loads the page scrolled to y = FEED_Y in a
# 1024 x 844 window, and fails unless a PNG of a plausible size comes out.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${OUT:-$root/Docs/feed-server.png}"
items="${FEED_ITEMS:-1000000}"
y="${FEED_Y:-12000000}"

browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [[ -z "$browser" ]]; then
  echo "screenshot: skipped (chromium is not installed; apt-get install -y chromium)"
  exit 0
fi

log="$(mktemp)"
python3 "$here/server.py" --port 0 --items "$items" >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 1 600); do
  port="$(sed -n 's|.*serving http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$log")"
  [[ -n "$port" ]] && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; echo "screenshot: the server did not start" >&2; exit 1; }
  sleep 0.2
done
[[ -n "$port" ]] || { echo "screenshot: the server did not start in time" >&2; exit 1; }

# Chromium runs as root in CI containers, hence --no-sandbox; --virtual-time-budget lets the
# page's fetches and timers finish before the picture is taken.
rm -f "$out"
"$browser" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --window-size=1024,844 --virtual-time-budget=8000 --screenshot="$out" \
  "http://127.0.0.1:$port/#y=$y" >/dev/null 2>&1 || true
size="$(stat -c %s "$out" 2>/dev/null || echo 0)"
if (( size < 20000 )); then
  echo "screenshot: no picture, or an empty one ($size bytes) at $out" >&2
  exit 1
fi
echo "screenshot: $out ($size bytes, $items items, y = $y)"
