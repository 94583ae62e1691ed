#!/usr/bin/env bash
# CI for the C interface and its bindings, from the package root or anywhere:
#
#   Examples/run-bindings.sh
#
# 1. builds libCascadeC.so in release;
# 2. builds the C example under AddressSanitizer + UndefinedBehaviorSanitizer and runs it;
# 3. runs the Python binding's unittest suite;
# 4. runs the feed server's test (loopback only);
# 5. takes the feed page's screenshot in headless Chromium when Chromium is installed (into
#    .build/, so that CI does not touch Docs/feed-server.png), and says it skipped otherwise.
# Prints how long each step took; exits non-zero at the first failure. Installs a C compiler or
# Python with apt-get only when they are missing. (The Swift tests of the C interface,
# Tests/CascadeCTests, run with the others in `swift test`.)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
root="$PWD"

need() {  # need COMMAND PACKAGE: apt-get install PACKAGE when COMMAND is missing
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "== installing $2 (no $1)"
  if [[ $(id -u) -eq 0 ]]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2"
  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2"; fi
}
need cc gcc
need python3 python3

total_start=$(date +%s.%N)
declare -a summary=()
step() {  # step NAME COMMAND...: runs and times one step
  local name="$1"; shift
  echo "== $name"
  local start end
  start=$(date +%s.%N)
  "$@"
  end=$(date +%s.%N)
  local took
  took=$(python3 -c "print('%.1f' % ($end - $start))")
  summary+=("$(printf '%-52s %7s s' "$name" "$took")")
  echo "-- $name: ${took} s"
}

step "build libCascadeC.so (release)" swift build -c release --product CascadeC
step "C example under ASan + UBSan" Examples/c/build.sh --run
step "Python binding: unittest" bash -c "cd Bindings/python && CASCADE_LIB='$root/.build/release' python3 -m unittest -v 2>&1"
step "feed server test (loopback)" env CASCADE_LIB="$root/.build/release" python3 Examples/feed-server/test_server.py -v
step "feed page screenshot (if chromium is installed)" \
  env OUT="$root/.build/feed-server.png" FEED_ITEMS="${FEED_ITEMS:-200000}" CASCADE_LIB="$root/.build/release" \
  Examples/feed-server/screenshot.sh

total_end=$(date +%s.%N)
echo
echo "== run-bindings: every step passed"
printf '%s\n' "${summary[@]}"
python3 -c "print('%-52s %7.1f s' % ('total', $total_end - $total_start))"
