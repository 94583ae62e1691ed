#!/usr/bin/env bash
# Tests/Fuzz/ci.sh [--full]: the reliability checks of Docs/Reliability.md, for .ci/run:
#   1. every fuzz target for 30 s (Tests/Fuzz/run all 30; --full: 300 s each),
#   2. the test suite under ASan (Tests/sanitizers.sh asan; --full: asan-full),
#   3. the concurrency tests under TSan (Tests/sanitizers.sh tsan),
#   4. the short soak: 50,000 session requests against the reference model (--full: 1,000,000,
#      release build).
# Each part prints its time, and a summary closes the log. Exits non-zero if any part fails
# (the others still run, so one log shows every failure).
set -uo pipefail
cd "$(dirname "$0")/../.."
if [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
full=false
if [ "${1:-}" = "--full" ]; then full=true; fi

start_all=$SECONDS
declare -a timings=()
failed=0
part() {  # part NAME COMMAND...
  local name="$1"; shift
  local start=$SECONDS
  echo "=== $name"
  if "$@"; then
    timings+=("$(printf '%-52s %5d s  ok' "$name" $((SECONDS - start)))")
  else
    timings+=("$(printf '%-52s %5d s  FAILED' "$name" $((SECONDS - start)))")
    failed=1
  fi
}

soak() {
  if $full; then
    swift build -c release --product cascade-soak && .build/release/cascade-soak --requests 1000000
  else
    swift build --product cascade-soak && .build/debug/cascade-soak --short
  fi
}

# The fuzzers' own output goes to a log too, so that a failure's details (the input, the stack)
# can be printed again at the end, after the sanitizer runs' long output.
mkdir -p .build
fuzz_log=.build/fuzz-ci.log
fuzz() { Tests/Fuzz/run all "$1" 2>&1 | tee "$fuzz_log"; }

if $full; then
  part "fuzz: 5 targets x 300 s (build included)" fuzz 300
  part "ASan: the whole suite (build included)" Tests/sanitizers.sh asan-full
else
  part "fuzz: 5 targets x 30 s (build included)" fuzz 30
  part "ASan: the suite (build included)" Tests/sanitizers.sh asan
fi
part "TSan: ConcurrencyTests (build included)" Tests/sanitizers.sh tsan
part "soak: $($full && echo '1,000,000' || echo '50,000') session requests (build included)" soak

echo "=== reliability: step times"
printf '%s\n' "${timings[@]}"
echo "    total: $((SECONDS - start_all)) s"
if grep -q "^!! " "$fuzz_log" 2>/dev/null; then
  echo "=== what the fuzzers found (the whole log: Tests/Fuzz/.build/logs/TARGET.log)"
  grep -A 40 "^!! " "$fuzz_log" | head -n 120
  for log in Tests/Fuzz/.build/logs/*.log; do
    if grep -qE "ERROR: |deadly signal|Fatal error|check failed" "$log"; then
      echo "--- the end of $log"
      tail -n 60 "$log"
    fi
  done
fi
exit $failed
