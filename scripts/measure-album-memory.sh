#!/usr/bin/env bash
# Peak memory of the real window opening one album of N photos at launch (`photostack ALBUM --open-album 0`,
# 1920x1080, its own Xvfb): an album of N symbolic links to the photos of the 200-photo bench folder (made by
# scripts/make-bench-folder.sh), a cold run (new thumbnail cache) and a warm run (the cache the cold run left),
# each until the window is at rest (--state: nothing animating, no photo loading, no card pending) plus 1 s.
# Prints one JSON line per run: VmHWM (peak RSS) and VmRSS at rest from /proc/PID/status, and the RSS split
# (anonymous, file-backed, shared memory) at rest.
# Usage: scripts/measure-album-memory.sh [--photos N] [--runs R] [--bin BIN]... [--size WxH] [--scale S]
#   --photos N  photos in the album (default 200)
#   --runs R    cold+warm pairs per binary, alternating between binaries (default 3)
#   --bin BIN   a photostack binary (repeat to compare; default .build/release/photostack)
# Environment: MALLOC_ARENA_MAX and the like pass through to the app.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
photos=200; runs=3; bins=(); size=1920x1080; scale=1
while [ $# -gt 0 ]; do
  case "$1" in
    --photos) photos="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --bin) bins+=("$(realpath "$2")"); shift 2 ;;
    --size) size="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
[ ${#bins[@]} -gt 0 ] || bins=("$root/.build/release/photostack")
bench="${XDG_CACHE_HOME:-$HOME/.cache}/photostack-bench/photos-200"
[ -d "$bench" ] || "$root/scripts/make-bench-folder.sh" 200 "$bench"
work="$(mktemp -d /tmp/photostack-albummem-XXXXXX)"
app=""; xvfb=""
cleanup() {
  [ -z "$app" ] || { kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; }
  [ -z "$xvfb" ] || { kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT
mapfile -t samples < <(find "$(realpath "$bench")" -maxdepth 1 -name '*.jpg' | sort)
mkdir -p "$work/Album"
for i in $(seq 1 "$photos"); do ln -s "${samples[$(( (i - 1) % ${#samples[@]} ))]}" "$work/Album/$(printf 'photo-%05d.jpg' "$i")"; done
for n in $(seq 400 499); do
  if [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then display=":$n"; break; fi
done
Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp -noreset >/dev/null 2>&1 & xvfb=$!
for _ in $(seq 100); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done
export DISPLAY="$display"

at_rest() {
  python3 - "$work/state.json" <<'PY'
import json, sys
try: s = json.load(open(sys.argv[1]))
except Exception: sys.exit(1)
ok = s["screen"] == "album" and not s["animating"] and all(
    p["status"] != "loading" and not p.get("cardPending") for p in s.get("photos", []))
sys.exit(0 if ok else 1)
PY
}
status_kb() { awk -v f="$2:" '$1 == f { print $2 }' "/proc/$1/status"; }
measure() {  # INDEX BIN MODE
  local cache="$work/cache-$1"
  [ "$3" = warm ] || rm -rf "$cache"
  mkdir -p "$cache" "$work/config" "$work/data"
  rm -f "$work/state.json"
  local start; start=$(date +%s.%N)
  XDG_CACHE_HOME="$cache" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
    "$2" "$work/Album" --open-album 0 --size "$size" --scale "$scale" --state "$work/state.json" 2>/dev/null & app=$!
  local ok=0
  for _ in $(seq 1200); do at_rest && { ok=1; break; }; sleep 0.05; done
  local rest; rest=$(date +%s.%N)
  sleep 1
  python3 - "/proc/$app/status" "$2" "$3" "$photos" "$ok" "$start" "$rest" <<'PY'
import json, sys
path, binary, mode, photos, ok, start, rest = sys.argv[1:]
kb = {l.split(":")[0]: int(l.split()[1]) for l in open(path) if l.split(":")[0] in
      ("VmHWM", "VmRSS", "RssAnon", "RssFile", "RssShmem")}
print(json.dumps({"bin": binary, "mode": mode, "photos": int(photos), "atRest": ok == "1",
                  "restSeconds": round(float(rest) - float(start), 2), "peakRSSMB": round(kb["VmHWM"] / 1024, 1),
                  "rssMB": round(kb["VmRSS"] / 1024, 1), "anonMB": round(kb["RssAnon"] / 1024, 1),
                  "fileMB": round(kb["RssFile"] / 1024, 1), "shmemMB": round(kb["RssShmem"] / 1024, 1)}))
PY
  kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; app=""
}
for r in $(seq "$runs"); do
  for i in "${!bins[@]}"; do measure "$i" "${bins[$i]}" cold; measure "$i" "${bins[$i]}" warm; done
done
