#!/usr/bin/env bash
# A library of 100,000 photos in 5,000 folders (hard links to the sample photos, each folder 20 photos) opened in
# the real window under its own Xvfb (1920x1080), measured from outside (issue 13, scale):
# - firstAlbumsSeconds: from the app's start to the first state that shows albums on the screen, and whether the
#   scan was still running then (the scan streams); with PHOTOSTACK_FRAME_LOG=FILE also firstFrameSeconds, when the
#   window's first frame was drawn (the frame log's first line);
# - scanSeconds: from the start to the state that says the scan is done (the window has shown a frame since);
#   appScanSeconds: the scan itself as the app timed it (the state's layout.scanSeconds: from the scan's start, before
#   the X connection, to the UI thread's taking of its end), the figure to set beside find's;
# - the albums screen is then scrolled from the top to the bottom with PageDown (one xdotool process, one key every
#   PAGE_DELAY ms) and back to the top with Home; peakRSSMB is VmHWM after that, restMB VmRSS at the end.
# - findSeconds / findCPUSeconds: `find LIBRARY > /dev/null` over the same tree just before (page cache warm for both),
#   wall and user+system CPU; scanCPUSeconds: the app's user+system CPU (every thread) when the scan was done.
# Usage: scripts/measure-big-library.sh [FOLDERS (default 5000)] [BINARY (default .build/release/photostack)]
# Prints one JSON line. PAGE_DELAY (default 25 ms); KEEP=1 keeps the work folder; LIBRARY=DIR reuses a library this
# script built before (KEEP=1 prints where; DIR is its "lib" folder) so alternating runs of two binaries share one;
# CACHE=DIR uses DIR as XDG_CACHE_HOME (default: a new, cold one), so a second run finds its thumbnails (warm).
# SCAN_ONLY=1 stops once the scan is done (no paging, no memory figures): for quick alternating runs of the scan.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
folders="${1:-5000}"
bin="${2:-$root/.build/release/photostack}"
work="$(mktemp -d /tmp/photostack-big-XXXXXX)"
trap 'kill "${app:-0}" "${xvfb:-0}" 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
[ -n "${KEEP:-}" ] && echo "work folder: $work" >&2
lib="${LIBRARY:-$work/lib}"
if [ -z "${LIBRARY:-}" ]; then
mkdir -p "$work/samples"
mapfile -t samples < <(find "$root/assets/library" -name '*.jpg' | sort)
n=0
for s in "${samples[@]}"; do cp "$s" "$work/samples/$n.jpg"; n=$((n + 1)); done
python3 - "$work" "$folders" "$n" <<'PY'
import os, sys
work, folders, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
k = 0
for f in range(folders):
    d = os.path.join(work, "lib", "year-%02d" % (f // 500), "event-%04d" % f)
    os.makedirs(d)
    for p in range(20):
        os.link(os.path.join(work, "samples", "%d.jpg" % (k % n)), os.path.join(d, "IMG_%04d.jpg" % p))
        k += 1
PY
fi
display=":$((200 + RANDOM % 600))"
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp -noreset >/dev/null 2>&1 & xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
export DISPLAY="$display"
sync
find "$lib" > /dev/null   # warm dentries and inodes, then time find as the scan's reference
read -r find_s find_cpu < <(python3 - "$lib" <<'PY'
import os, resource, subprocess, sys, time
t = time.time(); subprocess.run(["find", sys.argv[1]], stdout=subprocess.DEVNULL, check=True); wall = time.time() - t
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.3f %.3f" % (wall, r.ru_utime + r.ru_stime))
PY
)
start=$(date +%s.%N)
XDG_CACHE_HOME="${CACHE:-$work/cache}" XDG_CONFIG_HOME="$work/config" "$bin" "$lib" --state "$work/state.json" \
  --size 1920x1080 --scale 1 2>/dev/null & app=$!
# Polls the state file (every 10 ms): prints "SECONDS SCANNING" when albums are first on screen, then the time the
# scan ended.
python3 - "$work/state.json" "$start" <<'PY' > "$work/times"
import json, sys, time
path, start = sys.argv[1], float(sys.argv[2])
first = None
deadline = time.time() + 300
while time.time() < deadline:
    try: s = json.load(open(path))
    except Exception: time.sleep(0.01); continue
    shown = [c for c in s.get("visible", []) if c.get("category") == "cell"]
    scanning = s.get("layout", {}).get("scanning")
    if first is None and s.get("screen") == "albums" and shown:
        first = (time.time() - start, bool(scanning), time.monotonic())
    if first is not None and scanning is False:
        print(first[0], int(first[1]), time.time() - start, first[2], s.get("layout", {}).get("scanSeconds", "null")); break
    time.sleep(0.01)
PY
read -r first_s scanning_then scan_s first_mono app_scan_s < "$work/times"
# With PHOTOSTACK_FRAME_LOG: the first frame drawn (the frame log's clock is CLOCK_MONOTONIC, as the poller's), as
# seconds from the start, by the poller's first sight of albums minus how long after that frame it came.
first_frame="null"
if [ -n "${PHOTOSTACK_FRAME_LOG:-}" ] && [ -s "$PHOTOSTACK_FRAME_LOG" ]; then
  first_frame=$(python3 -c 'import json,sys; t=json.loads(open(sys.argv[1]).readline())["t"]; print("%.3f" % (float(sys.argv[2]) - (float(sys.argv[3]) - t)))' \
    "$PHOTOSTACK_FRAME_LOG" "$first_s" "$first_mono" 2>/dev/null || echo null)
fi
scan_cpu=$(awk '{ printf "%.2f", ($14 + $15) / 100 }' "/proc/$app/stat")
if [ -n "${SCAN_ONLY:-}" ]; then
  echo "{\"folders\": $folders, \"firstAlbumsSeconds\": $first_s, \"firstFrameSeconds\": $first_frame, \"scanningWhenFirstShown\": $scanning_then, \"scanSeconds\": $scan_s, \"appScanSeconds\": $app_scan_s," \
    "\"scanCPUSeconds\": $scan_cpu, \"findSeconds\": $find_s, \"findCPUSeconds\": $find_cpu}"
  exit 0
fi
win=$(xdotool search --name PhotoStack | head -1)
state_value() { python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$work/state.json" "$1" 2>/dev/null || echo '"?"'; }
xdotool mousemove --window "$win" 960 540
# Batches of PageDown (one xdotool process each) until the state says the bottom is on screen.
pages=0
for _ in $(seq 40); do
  xdotool key --delay "${PAGE_DELAY:-25}" --repeat 200 Next sleep 1
  pages=$((pages + 200))
  state_value 's["contentOffset"]["y"] + s["window"]["height"] >= s["contentSize"]["height"] - 1' | grep -q True && break
done
bottom=$(state_value 's["contentOffset"]["y"]')
xdotool key Home sleep 1.5
mem() { awk -v f="$1:" '$1 == f { print $2 }' "/proc/$app/status"; }
offset=$(state_value 's["contentOffset"]["y"]')
echo "{\"folders\": $folders, \"photos\": $((folders * 20)), \"firstAlbumsSeconds\": $first_s, \"firstFrameSeconds\": $first_frame, \"scanningWhenFirstShown\": $scanning_then," \
  "\"scanSeconds\": $scan_s, \"appScanSeconds\": $app_scan_s, \"scanCPUSeconds\": $scan_cpu, \"findSeconds\": $find_s, \"findCPUSeconds\": $find_cpu, \"pageDowns\": $pages, \"peakRSSMB\": $(( $(mem VmHWM) / 1024 )), \"restRSSMB\": $(( $(mem VmRSS) / 1024 ))," \
  "\"offsetAtBottom\": $bottom, \"contentHeight\": $(state_value 's["contentSize"]["height"]'), \"offsetAfterHome\": $offset}"
