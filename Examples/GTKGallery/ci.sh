#!/usr/bin/env bash
# CI for the GTK gallery: install GTK 4 and Xvfb if missing, build the example in release,
# run its screenshot mode under Xvfb, and check the screenshots are real pictures.
#
#   Examples/GTKGallery/ci.sh            from anywhere; FRAMES=N to change the 300 frames,
#                                        OUT=DIR to keep the screenshots somewhere known
#
# Fails on an install or build failure, a non-zero exit of the gallery, or a screenshot that is
# missing, tiny or of one colour. Prints how long each step took.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
frames="${FRAMES:-300}"
out="${OUT:-$(mktemp -d -t gtk-gallery.XXXXXX)}"
mkdir -p "$out"

if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

# Elapsed seconds since $1 (a `date +%s%N` reading), with one decimal.
seconds_since() {
  local ms=$(( ($(date +%s%N) - $1) / 1000000 ))
  printf '%d.%d s' $((ms / 1000)) $(((ms % 1000) / 100))
}
step_start=0
step() {
  step_start=$(date +%s%N)
  echo "== $1"
}
done_step() {
  echo "== $1: $(seconds_since "$step_start")"
}
total_start=$(date +%s%N)

# 1. GTK 4, Xvfb and xauth (xvfb-run needs it), with apt-get when one is missing.
step "dependencies"
missing=()
for package in libgtk-4-dev xvfb xauth; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}" >/dev/null
else
  echo "libgtk-4-dev, xvfb and xauth are installed (GTK $(pkg-config --modversion gtk4))"
fi
done_step "dependencies"

# 2. The example, in release.
step "build"
swift build -c release
done_step "build"

# 3. The screenshot mode: a 900x700 window, $frames frames of steady scrolling, a resize
#    midway, three PNGs. GTK_A11Y=none: no accessibility bus to look for under Xvfb.
step "run ($frames frames under Xvfb)"
GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none \
  timeout 600 xvfb-run -a "$(swift build -c release --show-bin-path)/gtk-gallery" \
  --screenshot "$out" --frames "$frames"
done_step "run"

# 4. Each screenshot exists, is more than a few kilobytes, and has many colours: the PNG is
#    decoded with the standard library alone (zlib and the five scanline filters).
step "check screenshots"
python3 - "$out" <<'PY'
import struct, sys, zlib, os

def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows

failed = False
for name in ("gtk-start.png", "gtk-middle.png", "gtk-end.png"):
    path = os.path.join(sys.argv[1], name)
    if not os.path.exists(path):
        print(f"{name}: missing"); failed = True; continue
    size = os.path.getsize(path)
    try:
        width, height, channels, rows = pixels(path)
    except Exception as error:
        print(f"{name}: {error}"); failed = True; continue
    colours = set()
    for row in rows:
        for x in range(0, len(row), channels):
            colours.add(row[x:x + channels])
    ok = size > 10_000 and width >= 200 and height >= 200 and len(colours) >= 64
    print(f"{name}: {width}x{height}, {size} bytes, {len(colours)} distinct colours: {'ok' if ok else 'BLANK OR TOO SMALL'}")
    failed |= not ok
sys.exit(1 if failed else 0)
PY
done_step "check screenshots"

echo "== total: $(seconds_since "$total_start"); screenshots in $out"
