#!/usr/bin/env bash
# Builds the C example and the query benchmark against libCascadeC.
#
#   Examples/c/build.sh            # ASan + UBSan builds of cascade_example and hello, -O2 query_bench
#   Examples/c/build.sh --run      # ... and runs cascade_example and hello
#
# The library is expected in the package's release build folder (swift build -c release
# --product CascadeC); CASCADE_LIB_DIR overrides it. The Swift runtime's folder comes from
# `swift -print-target-info` (paths.runtimeLibraryPaths), or SWIFT_RUNTIME_DIR.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export PATH="/opt/swift/usr/bin:$PATH"
lib="${CASCADE_LIB_DIR:-$root/.build/release}"
if [[ ! -f "$lib/libCascadeC.so" ]]; then
  echo "no $lib/libCascadeC.so: run 'swift build -c release --product CascadeC' first" >&2
  exit 1
fi
if [[ -z "${SWIFT_RUNTIME_DIR:-}" ]]; then
  # runtimeLibraryPaths lists the folders holding libswiftCore.so for the host target.
  SWIFT_RUNTIME_DIR="$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["paths"]["runtimeLibraryPaths"][0])')"
fi
include="$root/Sources/CascadeC/include"
out="${CASCADE_EXAMPLE_OUT:-$root/.build/examples-c}"
mkdir -p "$out"
link=(-L"$lib" -lCascadeC -Wl,-rpath,"$lib" -Wl,-rpath,"$SWIFT_RUNTIME_DIR")
CC="${CC:-cc}"

# The proof, under AddressSanitizer and UndefinedBehaviorSanitizer.
"$CC" -std=c11 -Wall -Wextra -Werror -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
  -fno-sanitize-recover=undefined -I"$include" "$here/cascade_example.c" "${link[@]}" -o "$out/cascade_example"
"$CC" -std=c11 -Wall -Wextra -Werror -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
  -fno-sanitize-recover=undefined -I"$include" "$here/hello.c" "${link[@]}" -o "$out/hello"
# The benchmark, optimized and without sanitizers.
"$CC" -std=c11 -Wall -Wextra -Werror -O2 -I"$include" "$here/query_bench.c" "${link[@]}" -o "$out/query_bench"
echo "built $out/cascade_example and $out/hello (ASan+UBSan), $out/query_bench (-O2)"

if [[ "${1:-}" == "--run" ]]; then
  # LeakSanitizer stays on: the example frees everything it creates, and the Swift runtime's
  # caches are reachable from globals, so a leak report is a real leak.
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}" \
    "$out/cascade_example"
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" "$out/hello" >/dev/null
  echo "hello (the example of Docs/C.md): OK"
fi
