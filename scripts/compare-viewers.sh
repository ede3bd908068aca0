#!/usr/bin/env bash
# Compares thumbnail speed and memory of PhotoStack, nsxiv and feh on the same folder, cold and warm.
# Usage: scripts/compare-viewers.sh [--count N] [--dir DIR] [--runs R] [--json FILE] [--timeout S] [--build]
#   --count N    photos in the bench folder (default 200)
#   --dir DIR    bench folder (default ${XDG_CACHE_HOME:-~/.cache}/photostack-bench/photos-N; made by make-bench-folder.sh)
#   --runs R     cold runs and warm runs per viewer (default 3); the table shows median (min–max)
#   --json FILE  also write the figures, every run's numbers and the machine facts as JSON
#   --timeout S  bound on each measured run in seconds (default 120)
#   --build      run `swift build -c release` first so the PhotoStack row can be measured
# Installs its own packages (scripts/install-deps.sh bench), starts its own Xvfb (1920x1080x24) on a free
# display, and stops every process it started on exit, failure or Ctrl+C.
# Definitions of the figures: docs/performance.md.
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in scripts/lib

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
lib="$here/lib"
count=200; dir=""; runs=3; json=""; timeout_s=120; build=0
command_line="scripts/compare-viewers.sh $*"

usage() { sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --json) json="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    --build) build=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done
for n in "$count" "$runs" "$timeout_s"; do
  [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] || { echo "--count, --runs and --timeout take positive integers" >&2; exit 2; }
done
[ -n "$dir" ] || dir="${XDG_CACHE_HOME:-$HOME/.cache}/photostack-bench/photos-$count"
if [ -n "$json" ]; then json="$(cd "$(dirname "$json")" && pwd)/$(basename "$json")"; fi

# --- cleanup of everything started here -------------------------------------------------------------
work=""; xvfb_pid=""; child_pid=""
cleanup() {
  local status=$?
  trap - EXIT INT TERM HUP
  if [ -n "$child_pid" ] && kill -0 "$child_pid" 2>/dev/null; then
    kill -TERM "$child_pid" 2>/dev/null || true
    wait "$child_pid" 2>/dev/null || true
  fi
  if [ -n "$xvfb_pid" ] && kill -0 "$xvfb_pid" 2>/dev/null; then
    kill -TERM "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
  fi
  if [ -n "$work" ]; then rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'echo "interrupted; stopping" >&2; exit 130' INT
trap 'echo "terminated; stopping" >&2; exit 143' TERM
trap 'exit 129' HUP

# Runs a command in the background (so the traps above can stop it) and waits for it.
run_child() {
  "$@" &
  child_pid=$!
  local status=0
  wait "$child_pid" || status=$?
  child_pid=""
  return "$status"
}

# --- packages, folder, X server -----------------------------------------------------------------------
"$root/scripts/install-deps.sh" bench
"$root/scripts/make-bench-folder.sh" "$count" "$dir"
dir="$(realpath "$dir")"
work="$(mktemp -d "${TMPDIR:-/tmp}/compare-viewers.XXXXXX")"

display_number=""
for n in $(seq 90 199); do
  if [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then display_number=$n; break; fi
done
[ -n "$display_number" ] || { echo "no free X display between :90 and :199" >&2; exit 1; }
display=":$display_number"
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do
  if xdpyinfo -display "$display" >/dev/null 2>&1; then break; fi
  kill -0 "$xvfb_pid" 2>/dev/null || { echo "Xvfb failed:" >&2; cat "$work/xvfb.log" >&2; exit 1; }
  sleep 0.1
done
xdpyinfo -display "$display" >/dev/null 2>&1 || { echo "Xvfb on $display did not come up" >&2; exit 1; }

# Page cache: dropped before every cold run when this user may write /proc/sys/vm/drop_caches.
page_cache="kept (not permitted to drop)"
drop_page_cache() {
  sync
  if (echo 3 > /proc/sys/vm/drop_caches) 2>/dev/null; then page_cache="dropped"; return 0; fi
  if sudo -n sh -c 'echo 3 > /proc/sys/vm/drop_caches' 2>/dev/null; then page_cache="dropped (sudo)"; return 0; fi
  return 1
}

probe() {  # probe OUT.json INTERVAL [--watch L=DIR]... -- CMD...
  local out="$1" interval="$2"; shift 2
  local status=0
  run_child timeout --signal=TERM --kill-after=5 "$((timeout_s + 20))" \
    python3 "$lib/viewer_probe.py" --display "$display" --timeout "$timeout_s" --interval "$interval" "$@" \
    >"$out" || status=$?
  if [ "$status" -ne 0 ]; then echo "  run $(basename "$out" .json): probe exit status $status" >&2; fi
}

# Capture intervals: a capture of the 1920x1080 window costs the probe and Xvfb ~20-30 ms of CPU, so cold
# runs (seconds long) capture every 0.1 s; warm runs (a tenth of a second) capture as often as they can.
cold_interval=0.1
warm_interval=0.01
runs_dir="$work/runs"
mkdir -p "$runs_dir"
photos=("$dir"/photo-*.jpg)
load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"

# nsxiv -t: default thumbnail size 128 px, cell = 128 + 2*4 (border) + 6 = 142 px; a 1920x1080 window
# (minus the status bar) shows 13 columns x 7 rows.
# Its status bar (bottom ~20 px) counts "Caching... N" while it works, so captures leave out the bottom 40 px.
nsxiv_visible=$(( 13 * 7 < count ? 13 * 7 : count ))
nsxiv_bar=40

echo "nsxiv: $runs cold + $runs warm runs"
nsxiv_cache="$work/nsxiv-home"
nsxiv_dir="$nsxiv_cache/nsxiv$dir"
for r in $(seq "$runs"); do
  rm -rf "$nsxiv_cache"; mkdir -p "$nsxiv_dir"
  drop_page_cache || true
  XDG_CACHE_HOME="$nsxiv_cache" probe "$runs_dir/nsxiv-cold-$r.json" "$cold_interval" --ignore-bottom "$nsxiv_bar" \
    --watch "cache=$nsxiv_dir" --watch "photos=$dir" -- nsxiv -t -g 1920x1080+0+0 "${photos[@]}"
done
for r in $(seq "$runs"); do
  XDG_CACHE_HOME="$nsxiv_cache" probe "$runs_dir/nsxiv-warm-$r.json" "$warm_interval" --ignore-bottom "$nsxiv_bar" \
    --watch "cache=$nsxiv_dir" --watch "photos=$dir" -- nsxiv -t -g 1920x1080+0+0 "${photos[@]}"
done

echo "feh: $runs cold + $runs warm runs"
feh_cache="$work/feh-home"
for r in $(seq "$runs"); do
  rm -rf "$feh_cache"; mkdir -p -m 700 "$feh_cache/thumbnails/normal" "$feh_cache/thumbnails/large"
  drop_page_cache || true
  XDG_CACHE_HOME="$feh_cache" probe "$runs_dir/feh-cold-$r.json" "$cold_interval" \
    --watch "thumbs=$feh_cache/thumbnails/normal" --watch "thumbs=$feh_cache/thumbnails/large" \
    --watch "photos=$dir" -- feh -t -P "$dir"
done
for r in $(seq "$runs"); do
  XDG_CACHE_HOME="$feh_cache" probe "$runs_dir/feh-warm-$r.json" "$warm_interval" \
    --watch "thumbs=$feh_cache/thumbnails/normal" --watch "thumbs=$feh_cache/thumbnails/large" \
    --watch "photos=$dir" -- feh -t -P "$dir"
done

# PhotoStack: its own bench prints one JSON object (firstScreenSeconds, allSeconds, peakRSSBytes).
photostack="${PHOTOSTACK_BIN:-$root/.build/release/photostack}"  # PHOTOSTACK_BIN: to test this row
if [ "$build" -eq 1 ]; then
  echo "photostack: swift build -c release"
  run_child bash -c 'cd "$1" && swift build -c release' build "$root" || echo "photostack: release build failed" >&2
fi
if [ -x "$photostack" ] && "$photostack" bench thumbnails --help >/dev/null 2>&1; then
  echo "photostack: $runs cold + $runs warm runs"
  ps_cache="$work/photostack-home"
  for mode in cold warm; do
    for r in $(seq "$runs"); do
      if [ "$mode" = cold ]; then rm -rf "$ps_cache"; drop_page_cache || true; fi
      mkdir -p "$ps_cache"
      status=0
      DISPLAY="$display" XDG_CACHE_HOME="$ps_cache" run_child timeout --signal=TERM --kill-after=5 "$timeout_s" \
        "$photostack" bench thumbnails --dir "$dir" "--$mode" >"$runs_dir/photostack-$mode-$r.json" || status=$?
      if [ "$status" -ne 0 ]; then
        echo "  run photostack-$mode-$r: exit status $status" >&2
        rm -f "$runs_dir/photostack-$mode-$r.json"
      fi
    done
  done
elif [ -x "$photostack" ]; then
  echo "built, but \`photostack bench thumbnails\` is not available" >"$runs_dir/photostack.status"
else
  echo "not built" >"$runs_dir/photostack.status"
fi

# Decoder floor: every photo decoded at 1/8 scale by djpeg (libjpeg-turbo), one process per core, cold.
echo "djpeg -scale 1/8: $runs cold runs"
printf '%s\0' "${photos[@]}" >"$work/photo-list"
for r in $(seq "$runs"); do
  drop_page_cache || true
  start_ns=$(date +%s%N)
  status=0
  run_child timeout --signal=TERM "$timeout_s" \
    xargs -0 -r -a "$work/photo-list" -P "$(nproc)" -n 1 djpeg -scale 1/8 -outfile /dev/null || status=$?
  end_ns=$(date +%s%N)
  if [ "$status" -eq 0 ]; then
    awk -v ns="$((end_ns - start_ns))" 'BEGIN { printf "{\"allSeconds\": %.3f}\n", ns / 1e9 }' \
      >"$runs_dir/djpeg-cold-$r.json"
  else
    echo "  run djpeg-cold-$r: exit status $status" >&2
  fi
done

versions="{\"nsxiv\": \"$(nsxiv -v 2>&1 | awk '{print $2}')\", \"feh\": \"$(feh --version | awk 'NR==1{print $3}')\"}"
echo
python3 "$lib/compare_table.py" --runs-dir "$runs_dir" --count "$count" --visible "$nsxiv_visible" \
  --nproc "$(nproc)" --page-cache "$page_cache" --command "$command_line" --versions "$versions" --load "$load_at_start" \
  ${json:+--json "$json"}
