#!/usr/bin/env bash
# Frames of the real window during scripted flings, with warm real thumbnails: the app under its own Xvfb with
# the frame log (PHOTOSTACK_FRAME_LOG), flings made by xdotool (one xdotool process per gesture: press, five
# moves of 110 px one frame apart, release), and the X server's CPU time over the flings (utime + stime from
# /proc/PID/stat of the Xvfb started here). Prints one JSON line: UI-thread CPU per frame (p50, p99, max,
# frames over 8.3 and 16.7 ms, from the frame log's cpuMs), the gaps between frames, the X server's CPU per
# frame (mean) and the frames' card work.
# Usage: scripts/measure-fling.sh [--size WxH] [--scale S] [--dir DIR] [--flings N] [--screen album|albums]
#                                 [--zoom LEVEL] [--bin BINARY] [--keep DIR]
#   --size WxH       Xvfb screen and window size in pixels (default 1920x1080)
#   --scale S        device pixels per point (the app's --scale; default 1; use 2 with --size 3840x2160)
#   --dir DIR        bench folder of photos (default ${XDG_CACHE_HOME:-~/.cache}/photostack-bench/photos-200,
#                    made with scripts/make-bench-folder.sh)
#   --flings N       flings down, then as many up (default 6)
#   --screen album   fling the album grid of DIR (`--open-album 0`; default); `albums`: the albums screen of a
#                    library of 50 albums, each 4 symbolic links to photos of DIR
#   --zoom LEVEL     the album grid's zoom level (settings.json albumGridZoomLevel; default 0)
#   --bin BINARY     default .build/release/photostack
#   --keep DIR       keep the frame log, the app's stderr and the state file there
# WRAP='perf record -e cpu-clock -g -o FILE' runs the measured app under that command.
# Before measuring, a warm-up run pages through everything (Page_Down until the end) so every thumbnail is in
# the run's thumbnail cache; the measured run is a new process on that warm cache.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
size=1920x1080; scale=1; dir=""; flings=6; screen=album; zoom=0; bin="$root/.build/release/photostack"; keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --flings) flings="$2"; shift 2 ;;
    --screen) screen="$2"; shift 2 ;;
    --zoom) zoom="$2"; shift 2 ;;
    --bin) bin="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
[ -n "$dir" ] || dir="${XDG_CACHE_HOME:-$HOME/.cache}/photostack-bench/photos-200"
[ -d "$dir" ] || { echo "no bench folder $dir (scripts/make-bench-folder.sh 200 $dir)" >&2; exit 2; }
[ -x "$bin" ] || { echo "no binary $bin (swift build -c release)" >&2; exit 2; }
width="${size%x*}"; height="${size#*x}"
work="$(mktemp -d /tmp/photostack-fling-XXXXXX)"
app=""; xvfb=""
cleanup() {
  [ -z "$app" ] || { kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; }
  [ -z "$xvfb" ] || { kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

case "$screen" in
  album) library="$(realpath "$dir")"; open_args=(--open-album 0) ;;
  albums)
    library="$work/library"; open_args=()
    mapfile -t photos < <(find "$(realpath "$dir")" -maxdepth 1 -name '*.jpg' | sort)
    for a in $(seq 0 49); do
      mkdir -p "$library/$(printf 'Album %02d' "$a")"
      for k in 0 1 2 3; do
        p="${photos[$(( (a * 4 + k) % ${#photos[@]} ))]}"
        ln -s "$p" "$library/$(printf 'Album %02d' "$a")/$(basename "$p")"
      done
    done ;;
  *) echo "--screen takes album or albums" >&2; exit 2 ;;
esac
mkdir -p "$work/config/photostack" "$work/data" "$work/cache"
printf '{"albumGridZoomLevel": %d}\n' "$zoom" >"$work/config/photostack/settings.json"

for n in $(seq 300 399); do
  if [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then display=":$n"; break; fi
done
Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 & xvfb=$!
for _ in $(seq 100); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done
export DISPLAY="$display"

start_app() {  # FRAME_LOG [WRAPPER...]
  local log="$1"; shift
  XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" PHOTOSTACK_FRAME_LOG="$log" \
    "$@" "$bin" "$library" "${open_args[@]}" --state "$work/state.json" --size "$size" --scale "$scale" \
    2>>"$work/app.stderr" & app=$!
}
stop_app() { kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; app=""; rm -f "$work/state.json"; }
# At rest: the expected screen, nothing animating, no photo loading and no card pending. Prints the content
# offset's y (points) from the frame log's last line.
at_rest() {
  python3 - "$work/state.json" "$screen" <<'PY'
import json, sys
try: s = json.load(open(sys.argv[1]))
except Exception: sys.exit(1)
ok = s["screen"] == sys.argv[2] and not s["animating"] and all(
    p["status"] != "loading" and not p.get("cardPending") for p in s.get("photos", []))
sys.exit(0 if ok else 1)
PY
}
wait_rest() { for _ in $(seq 1200); do at_rest && return 0; sleep 0.05; done; echo "timed out waiting for rest" >&2; exit 1; }
last_y() { tail -n 1 "$1" | python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["y"])'; }
window_id() { for _ in $(seq 100); do w=$(xdotool search --name PhotoStack 2>/dev/null | head -1) && [ -n "$w" ] && { echo "$w"; return; }; sleep 0.1; done; exit 1; }

# Warm-up: page down to the end (the offset stops changing), so every photo's thumbnail is made.
start_app "$work/warmup.jsonl"
wait_rest
win=$(window_id)
prev=""; pages=0
while :; do
  xdotool key --window "$win" Next 2>/dev/null
  sleep 0.3; wait_rest
  y=$(last_y "$work/warmup.jsonl"); pages=$((pages + 1))
  [ "$y" != "$prev" ] && [ "$pages" -lt 400 ] || break
  prev="$y"
done
stop_app

# Measured run (WRAP='perf record -e cpu-clock -g -o FILE' runs the app under a profiler).
# shellcheck disable=SC2086
start_app "$work/frames.jsonl" ${WRAP:-}
wait_rest
sleep 0.5
win=$(window_id)
cx=$((width / 2)); cy=$((height / 2)); step=$(python3 -c "print(round(110 * $scale))")
fling() {  # DIRECTION (-1: content moves up, i.e. scrolling down)
  local y0 dy
  if [ "$1" -lt 0 ]; then y0=$((cy + 2 * step)); dy=$((-step)); else y0=$((cy - 2 * step)); dy=$step; fi
  xdotool mousemove --window "$win" "$cx" "$y0" mousedown 1 \
    sleep 0.016 mousemove_relative -- 0 "$dy" sleep 0.016 mousemove_relative -- 0 "$dy" \
    sleep 0.016 mousemove_relative -- 0 "$dy" sleep 0.016 mousemove_relative -- 0 "$dy" \
    sleep 0.016 mousemove_relative -- 0 "$dy" mouseup 1 2>/dev/null
}
xcpu() { awk '{ print $14 + $15 }' "/proc/$xvfb/stat"; }
tick=$(getconf CLK_TCK)
start_t=$(python3 -c 'import time; print(time.monotonic())')
x0=$(xcpu)
for i in $(seq "$flings"); do fling -1; sleep 0.2; wait_rest; done
for i in $(seq "$flings"); do fling 1; sleep 0.2; wait_rest; done
x1=$(xcpu)
end_t=$(python3 -c 'import time; print(time.monotonic())')
stop_app
if [ -n "$keep" ]; then mkdir -p "$keep"; cp "$work/frames.jsonl" "$work/app.stderr" "$keep/" 2>/dev/null || true; fi

python3 - "$work/frames.jsonl" "$start_t" "$end_t" "$x0" "$x1" "$tick" "$size" "$scale" "$screen" "$flings" "$zoom" <<'PY'
import json, sys
path, t0, t1, x0, x1, tick = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
frames = [f for f in (json.loads(l) for l in open(path)) if t0 <= f["t"] <= t1]
cpu = sorted(f["cpuMs"] for f in frames)
def pct(v, p): return round(v[min(len(v) - 1, int(p * len(v)))], 2) if v else None
gaps = sorted(b["t"] - a["t"] for a, b in zip(frames, frames[1:]) if b["t"] - a["t"] < 0.2)
work = {}
for f in frames:
    for k, v in (f.get("work") or {}).items(): work[k] = work.get(k, 0) + v
xms = (x1 - x0) * 1000 / tick
print(json.dumps({
    "screen": sys.argv[9], "size": sys.argv[7], "scale": float(sys.argv[8]), "flings": 2 * int(sys.argv[10]),
    "zoom": int(sys.argv[11]), "frames": len(frames),
    "uiCPUms": {"p50": pct(cpu, 0.5), "p99": pct(cpu, 0.99), "max": cpu[-1] if cpu else None,
                "mean": round(sum(cpu) / len(cpu), 2) if cpu else None,
                "over8_3": sum(c > 8.33 for c in cpu), "over16_7": sum(c > 16.7 for c in cpu)},
    "frameGapMs": {"p50": pct([g * 1000 for g in gaps], 0.5), "p99": pct([g * 1000 for g in gaps], 0.99)},
    "redrawnMean": round(sum(f["redrawn"] for f in frames) / len(frames), 3) if frames else None,
    "xServerCPUms": round(xms, 1), "xServerCPUPerFrameMs": round(xms / len(frames), 2) if frames else None,
    "xServerTickMs": 1000 / tick, "seconds": round(t1 - t0, 2), "work": work}))
PY
