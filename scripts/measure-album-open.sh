#!/usr/bin/env bash
# Opening (and closing) a big album in the real window, measured from outside: a library of one album of
# PHOTOS symbolic links to the sample photos (cold thumbnail cache), the app under its own Xvfb with the frame
# log, a click on the stack. Prints one JSON line: time from the click to the first frame of the fly-out, the
# frames of the fly-out and their longest UI-thread CPU, RSS before the click and the peak during the open
# (VmHWM after resetting it through /proc/PID/clear_refs), and the same for the close (Escape).
# Usage: scripts/measure-album-open.sh [PHOTOS (default 10000)] [BINARY (default .build/release/photostack)]
# FRAMES_OUT=file keeps the frame log (one JSON line per frame); WRAP='perf record -g -o perf.data' runs the app under it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
photos="${1:-10000}"
bin="${2:-$root/.build/release/photostack}"
work="$(mktemp -d /tmp/photostack-open-XXXXXX)"
trap 'kill "${app:-0}" "${xvfb:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/lib/Album"
mapfile -t samples < <(find "$root/assets/library" -name '*.jpg' | sort)
for i in $(seq 1 "$photos"); do ln -s "${samples[$((i % ${#samples[@]}))]}" "$work/lib/Album/$(printf 'photo-%06d.jpg' "$i")"; done
display=":$((200 + RANDOM % 600))"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 & xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
export DISPLAY="$display"
XDG_CACHE_HOME="$work/cache" PHOTOSTACK_FRAME_LOG="$work/frames.jsonl" ${WRAP:-} "$bin" "$work/lib" --state "$work/state.json" \
  --size 1280x800 --scale 1 2>"${APP_STDERR:-/dev/null}" & app=$!
[ -z "${WRAP:-}" ] || { sleep 1; app=$(pgrep -n -f "$work/lib"); }
at_rest() { python3 - "$work/state.json" "$1" <<'PY'
import json, sys
try: s = json.load(open(sys.argv[1]))
except Exception: sys.exit(1)
ok = s["screen"] == sys.argv[2] and not s["animating"] and all(p["status"] != "loading" for p in s.get("photos", []))
sys.exit(0 if ok else 1)
PY
}
wait_rest() { for _ in $(seq 600); do at_rest "$1" && return 0; sleep 0.05; done; echo "timed out waiting for $1" >&2; exit 1; }
wait_rest albums
sleep 0.5
mem() { awk -v f="$1:" '$1 == f { print $2 * 1024 }' "/proc/$app/status"; }
win=$(xdotool search --name PhotoStack | head -1)
echo 5 > "/proc/$app/clear_refs"; rss_open=$(mem VmRSS)
xdotool mousemove --window "$win" 200 200 sleep 0.1 click 1
wait_rest album
peak_open=$(mem VmHWM)
sleep 0.3
echo 5 > "/proc/$app/clear_refs"; rss_close=$(mem VmRSS)
xdotool key Escape
wait_rest albums
peak_close=$(mem VmHWM)
sleep 0.3
[ -z "${FRAMES_OUT:-}" ] || cp "$work/frames.jsonl" "$FRAMES_OUT"
python3 - "$work/frames.jsonl" "$photos" "$rss_open" "$peak_open" "$rss_close" "$peak_close" <<'PY'
import json, sys
frames = [json.loads(l) for l in open(sys.argv[1])]
photos, rss_open, peak_open, rss_close, peak_close = map(int, sys.argv[2:])
def phase(start_kind, screen):
    i = max(k for k, f in enumerate(frames) if any(e.startswith(start_kind) for e in f["events"]))
    t0 = float([e for e in frames[i]["events"] if e.startswith(start_kind)][0].split("@")[1])
    flight = [f for f in frames[i:] if f["t"] <= frames[i]["t"] + 0.5]
    return {"firstFrameSeconds": round(frames[i]["t"] - t0, 4), "framesInFirstHalfSecond": len(flight),
            "maxFrameCPUMilliseconds": round(max(f["cpuMs"] for f in flight), 1)}
print(json.dumps({"photos": photos, "open": dict(phase("up", "album"), rssBeforeBytes=rss_open, peakBytes=peak_open,
                                                  growthMB=round((peak_open - rss_open) / 2**20, 1)),
                  "close": dict(phase("key:Escape", "albums"), rssBeforeBytes=rss_close, peakBytes=peak_close,
                                growthMB=round((peak_close - rss_close) / 2**20, 1))}))
PY
