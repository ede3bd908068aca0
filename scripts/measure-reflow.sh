#!/usr/bin/env bash
# Frames of the albums screen's reflow animations in the real window, with warm real thumbnails: the app under its
# own Xvfb with the frame log (PHOTOSTACK_FRAME_LOG), six zoom steps (Ctrl+minus, Ctrl+minus, Ctrl+plus, Ctrl+plus,
# Ctrl+minus, Ctrl+plus; one xdotool process per step, the pointer parked in the window's bottom-right corner) and
# four window resizes (1500x1000, full, 1200x1000, full), each followed by a wait for rest; and the X server's CPU
# time over them (utime + stime from /proc/PID/stat of the Xvfb started here). Prints one JSON line: UI-thread CPU
# per frame over the reflow animations (p50, p99, max, mean, frames over 8.3 and 16.7 ms, from the frame log's
# cpuMs), the same for the zoom and the resize frames apart, the X server's CPU per frame (mean) and the frames'
# card work.
# Usage: scripts/measure-reflow.sh [--size WxH] [--scale S] [--library DIR] [--dir DIR] [--bin BINARY] [--keep DIR]
#   --size WxH       Xvfb screen and window size in pixels (default 1920x1080)
#   --scale S        device pixels per point (the app's --scale; default 1)
#   --library DIR    the library shown (default /tmp/soaklib when it exists: albums of symbolic links to photos);
#                    else a library of 50 albums, each 4 symbolic links to photos of DIR, is made for the run
#   --dir DIR        bench folder of photos for that library (default
#                    ${XDG_CACHE_HOME:-~/.cache}/photostack-bench/photos-200, made with scripts/make-bench-folder.sh)
#   --bin BINARY     default .build/release/photostack
#   --keep DIR       keep the frame log, the app's stderr and the state file there
# WRAP='perf record -e cpu-clock -g -o FILE' runs the measured app under that command.
# Before measuring, a warm-up run makes the same gestures and pages through the albums at every zoom level, so
# every thumbnail the measured run asks for is in the run's thumbnail cache; the measured run is a new process on
# that warm cache.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
size=1920x1080; scale=1; library=""; dir=""; bin="$root/.build/release/photostack"; keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --library) library="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --bin) bin="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
[ -x "$bin" ] || { echo "no binary $bin (swift build -c release)" >&2; exit 2; }
width="${size%x*}"; height="${size#*x}"
work="$(mktemp -d /tmp/photostack-reflow-XXXXXX)"
app=""; xvfb=""
cleanup() {
  [ -z "$app" ] || { kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; }
  [ -z "$xvfb" ] || { kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

if [ -z "$library" ] && [ -d /tmp/soaklib ]; then library=/tmp/soaklib; fi
if [ -z "$library" ]; then
  [ -n "$dir" ] || dir="${XDG_CACHE_HOME:-$HOME/.cache}/photostack-bench/photos-200"
  [ -d "$dir" ] || { echo "no bench folder $dir (scripts/make-bench-folder.sh 200 $dir)" >&2; exit 2; }
  library="$work/library"
  mapfile -t photos < <(find "$(realpath "$dir")" -maxdepth 1 -name '*.jpg' | sort)
  for a in $(seq 0 49); do
    mkdir -p "$library/$(printf 'Album %02d' "$a")"
    for k in 0 1 2 3; do
      p="${photos[$(( (a * 4 + k) % ${#photos[@]} ))]}"
      ln -s "$p" "$library/$(printf 'Album %02d' "$a")/$(basename "$p")"
    done
  done
fi
library="$(realpath "$library")"
mkdir -p "$work/config/photostack" "$work/data" "$work/cache"

for n in $(seq 400 499); do
  if [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then display=":$n"; break; fi
done
Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 & xvfb=$!
for _ in $(seq 100); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done
export DISPLAY="$display"

start_app() {  # FRAME_LOG [WRAPPER...]
  local log="$1"; shift
  XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" PHOTOSTACK_FRAME_LOG="$log" \
    "$@" "$bin" "$library" --state "$work/state.json" --size "$size" --scale "$scale" \
    2>>"$work/app.stderr" & app=$!
}
stop_app() { kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; app=""; rm -f "$work/state.json"; }
# At rest: the albums screen, nothing animating, no photo loading and no card pending.
at_rest() {
  python3 - "$work/state.json" <<'PY'
import json, sys
try: s = json.load(open(sys.argv[1]))
except Exception: sys.exit(1)
ok = s["screen"] == "albums" and not s["animating"] and all(
    p["status"] != "loading" and not p.get("cardPending") for p in s.get("photos", []))
sys.exit(0 if ok else 1)
PY
}
wait_rest() { for _ in $(seq 1200); do at_rest && return 0; sleep 0.05; done; echo "timed out waiting for rest" >&2; exit 1; }
last_y() { tail -n 1 "$1" | python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["y"])'; }
window_id() {  # by name: under WRAP the started process is the wrapper, not the app
  for _ in $(seq 100); do w=$(xdotool search --name PhotoStack 2>/dev/null | head -1) && [ -n "$w" ] && { echo "$w"; return; }; sleep 0.1; done
  echo "no PhotoStack window" >&2; exit 1
}
now() { python3 -c 'import time; print(time.monotonic())'; }
zooms=(ctrl+minus ctrl+minus ctrl+plus ctrl+plus ctrl+minus ctrl+plus)
sizes=(1500x1000 "$size" 1200x1000 "$size")

# Warm-up: at each zoom level met below, page down to the end, so every stack's thumbnails are made.
start_app "$work/warmup.jsonl"
wait_rest
win=$(window_id)
xdotool mousemove "$((width - 1))" "$((height - 1))"
page_through() {
  local prev="" pages=0 y
  while :; do
    xdotool key --window "$win" Next 2>/dev/null
    sleep 0.3; wait_rest
    y=$(last_y "$work/warmup.jsonl"); pages=$((pages + 1))
    [ "$y" != "$prev" ] && [ "$pages" -lt 200 ] || break
    prev="$y"
  done
  xdotool key --window "$win" Home 2>/dev/null; sleep 0.3; wait_rest
}
page_through
for k in ctrl+minus ctrl+minus; do xdotool key --window "$win" "$k" 2>/dev/null; sleep 0.3; wait_rest; page_through; done
for k in ctrl+plus ctrl+plus; do xdotool key --window "$win" "$k" 2>/dev/null; sleep 0.3; wait_rest; done
stop_app

# Measured run.
# shellcheck disable=SC2086
start_app "$work/frames.jsonl" ${WRAP:-}
wait_rest
sleep 0.5
win=$(window_id)
xdotool mousemove "$((width - 1))" "$((height - 1))"
sleep 0.3; wait_rest
xcpu() { awk '{ print $14 + $15 }' "/proc/$xvfb/stat"; }
tick=$(getconf CLK_TCK)
spans="$work/spans"; : >"$spans"
x0=$(xcpu)
for k in "${zooms[@]}"; do
  a=$(now); xdotool key --window "$win" "$k" 2>/dev/null; sleep 0.2; wait_rest; echo "zoom $a $(now)" >>"$spans"
done
for s in "${sizes[@]}"; do
  a=$(now); xdotool windowsize "$win" "${s%x*}" "${s#*x}" 2>/dev/null; sleep 0.2; wait_rest; echo "resize $a $(now)" >>"$spans"
done
x1=$(xcpu)
stop_app
if [ -n "$keep" ]; then mkdir -p "$keep"; cp "$work/frames.jsonl" "$work/app.stderr" "$spans" "$keep/" 2>/dev/null || true; fi

python3 - "$work/frames.jsonl" "$spans" "$x0" "$x1" "$tick" "$size" "$scale" "$library" <<'PY'
import json, sys
path, spans_path, x0, x1, tick = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
spans = [(k, float(a), float(b)) for k, a, b in (l.split() for l in open(spans_path))]
frames = [json.loads(l) for l in open(path)]
kinds = {"zoom": [], "resize": []}
for f in frames:
    for k, a, b in spans:
        if a <= f["t"] <= b: kinds[k].append(f); break
def pct(v, p): return round(v[min(len(v) - 1, int(p * len(v)))], 2) if v else None
def stats(fs):
    cpu = sorted(f["cpuMs"] for f in fs)
    return {"frames": len(cpu), "p50": pct(cpu, 0.5), "p99": pct(cpu, 0.99), "max": cpu[-1] if cpu else None,
            "mean": round(sum(cpu) / len(cpu), 2) if cpu else None,
            "over8_3": sum(c > 8.33 for c in cpu), "over16_7": sum(c > 16.7 for c in cpu)}
every = kinds["zoom"] + kinds["resize"]
work = {}
for f in every:
    for k, v in (f.get("work") or {}).items(): work[k] = work.get(k, 0) + v
xms = (x1 - x0) * 1000 / tick
print(json.dumps({
    "screen": "albums", "size": sys.argv[6], "scale": float(sys.argv[7]), "library": sys.argv[8],
    "zoomSteps": sum(k == "zoom" for k, _, _ in spans), "resizes": sum(k == "resize" for k, _, _ in spans),
    "uiCPUms": stats(every), "zoom": stats(kinds["zoom"]), "resize": stats(kinds["resize"]),
    "redrawnMean": round(sum(f["redrawn"] for f in every) / len(every), 3) if every else None,
    "xServerCPUms": round(xms, 1), "xServerCPUPerFrameMs": round(xms / len(every), 2) if every else None,
    "xServerTickMs": 1000 / tick, "work": work}))
PY
