#!/usr/bin/env bash
# Tests/sanitizers.sh [asan | asan-full | tsan | all]: the test suite under AddressSanitizer and
# the concurrency tests under ThreadSanitizer, each in a build directory of its own
# (.build/asan, .build/tsan), so the normal debug build is left alone. Exits non-zero on a
# failed test or any sanitizer report. Docs/Reliability.md has the figures.
#
#   asan       the whole suite under ASan (+ LeakSanitizer), except the two scaling suites, which
#              bound their time: JSONParserScalingTests (5 s bounds that ASan overruns) and
#              SessionScalingTests (~90 s under ASan).
#   asan-full  the whole suite under ASan but JSONParserScalingTests.
#   tsan       ConcurrencyTests under TSan: one layout value shared by tasks that query it while
#              another mutates its own copy; TSan must report nothing.
#   all        asan then tsan (the default).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
what="${1:-all}"

timed() {  # timed NAME COMMAND...: runs a command, prints its time
  local name="$1"; shift
  local start=$SECONDS
  echo "== $name"
  "$@"
  echo "-- $name: $((SECONDS - start)) s"
}

# Toolchain objects that live until exit (Foundation's bundle cache, XCTest's suite tree,
# Process's weak references) are not leaks of ours: see the suppressions file.
export LSAN_OPTIONS="suppressions=$PWD/Tests/sanitizers.lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

asan() {
  local skip="$1"
  timed "ASan build (debug, tests)" swift build --build-tests --sanitize=address --scratch-path .build/asan
  timed "ASan test run (skipping $skip)" \
    swift test --skip-build --sanitize=address --scratch-path .build/asan --skip "$skip"
}

tsan() {
  timed "TSan build (debug, tests)" swift build --build-tests --sanitize=thread --scratch-path .build/tsan
  timed "TSan run of ConcurrencyTests" \
    swift test --skip-build --sanitize=thread --scratch-path .build/tsan --filter ConcurrencyTests
}

case "$what" in
  asan) asan "JSONParserScalingTests|SessionScalingTests" ;;
  asan-full) asan "JSONParserScalingTests" ;;
  tsan) tsan ;;
  all) asan "JSONParserScalingTests|SessionScalingTests"; tsan ;;
  *) echo "usage: Tests/sanitizers.sh [asan | asan-full | tsan | all]" >&2; exit 2 ;;
esac
