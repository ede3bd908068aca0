#!/usr/bin/env bash
# Compares PhotoStack's window, nsxiv and feh on the same folder of photos, cold and warm: when the window
# shows its settled first screen, when all thumbnails are made, peak memory.
# Usage: scripts/compare-viewers.sh [--count N] [--dir DIR] [--runs R] [--json FILE] [--timeout S] [--build]
#                                   [--zoom LEVEL] [--baseline BIN] [--skip-djpeg] [--keep-runs DIR] [--photostack-only]
#   --count N       photos in the bench folder (default 200)
#   --dir DIR       bench folder (default ${XDG_CACHE_HOME:-~/.cache}/photostack-bench/photos-N; made by make-bench-folder.sh)
#   --runs R        cold rounds and warm rounds (default 5); each round runs every viewer once, in turn;
#                   the table shows median (min–max)
#   --json FILE     also write the figures, every run's numbers and the machine facts as JSON
#   --timeout S     bound on each measured run in seconds (default 120)
#   --build         build first as scripts/install.sh does (`swift build -c release --static-swift-stdlib`: the binary
#                   a user installs, which starts ~8 ms of CPU sooner than one loading the Swift runtime's libraries)
#   --zoom LEVEL    also measure PhotoStack with the album grid at this zoom level (settings.json
#                   albumGridZoomLevel), the level whose first screen shows at least nsxiv's 91 thumbnails
#   --baseline BIN  also measure another photostack binary in the same rounds (before/after a change)
#   --skip-djpeg    leave out the decoder-floor row
#   --keep-runs DIR copy every run's files there (probe JSON, PhotoStack's frame logs and state files)
#   --photostack-only  no nsxiv, feh or djpeg rows (before/after runs with --baseline)
# PhotoStack runs as `photostack DIR --open-album 0 --size 1920x1080 --scale 1` (PHOTOSTACK_BIN overrides the
# binary, default .build/release/photostack) under the same probe (scripts/lib/viewer_probe.py) as nsxiv and feh.
# Installs its own packages (scripts/install-deps.sh bench), starts its own Xvfb (1920x1080x24) on a free
# display, and stops every process it started on exit, failure or Ctrl+C.
# Definitions of the figures: docs/performance.md.
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in scripts/lib

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
lib="$here/lib"
count=200; dir=""; runs=5; json=""; timeout_s=120; build=0; zoom=""; baseline=""; skip_djpeg=0; keep_runs=""; skip_peers=0
command_line="scripts/compare-viewers.sh $*"

usage() { sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --json) json="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    --build) build=1; shift ;;
    --zoom) zoom="$2"; shift 2 ;;
    --baseline) baseline="$(realpath "$2")"; shift 2 ;;
    --skip-djpeg) skip_djpeg=1; shift ;;
    --keep-runs) keep_runs="$2"; shift 2 ;;
    --photostack-only) skip_peers=1; skip_djpeg=1; shift ;;
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

# Capture intervals: a capture of the 1920x1080 window costs the probe and Xvfb ~5 ms of CPU through MIT-SHM
# (~20-30 ms with XGetImage, the probe's fallback), so cold runs (seconds long) capture every 0.1 s; warm runs
# (a tenth of a second) every 10 ms.
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

# PhotoStack: the real window with the same probe and rules: `photostack DIR --open-album 0` at 1920x1080, scale 1.
# Each configuration has its own thumbnail cache (XDG_CACHE_HOME: emptied before each cold run) and its own
# settings (XDG_CONFIG_HOME/photostack/settings.json: the album grid's zoom level).
photostack="${PHOTOSTACK_BIN:-$root/.build/release/photostack}"  # PHOTOSTACK_BIN: to test this row
if [ "$build" -eq 1 ]; then
  echo "photostack: swift build -c release --static-swift-stdlib"
  run_child bash -c 'cd "$1" && swift build -c release --static-swift-stdlib' build "$root" || echo "photostack: release build failed" >&2
fi
ps_configs=()      # name:binary:zoom
if [ -x "$photostack" ]; then
  ps_configs+=("photostack:$photostack:0")
  # Densest configuration: the album grid zoom level whose first screen shows at least nsxiv's 91 thumbnails.
  # (--zoom N; AppSettings.albumGridZoomLevel. Until the zoom levels of issue 14 are in main the level is
  # accepted but changes nothing: the row then shows the default density, and says which level it asked for.)
  if [ -n "$zoom" ]; then ps_configs+=("photostack-zoom$zoom:$photostack:$zoom"); fi
else
  echo "not built" >"$runs_dir/photostack.status"
fi
if [ -n "$baseline" ]; then  # --baseline BIN: another build measured in the same rounds (before/after)
  ps_configs+=("baseline:$baseline:0")
  if [ -n "$zoom" ]; then ps_configs+=("baseline-zoom$zoom:$baseline:$zoom"); fi
fi
for c in "${ps_configs[@]}"; do
  IFS=: read -r name _ z <<<"$c"
  mkdir -p "$work/$name-config/photostack" "$work/$name-data"
  printf '{"albumGridZoomLevel": %d}\n' "$z" >"$work/$name-config/photostack/settings.json"
done

nsxiv_cache="$work/nsxiv-home"
nsxiv_dir="$nsxiv_cache/nsxiv$dir"
feh_cache="$work/feh-home"
run_nsxiv() {  # MODE R
  if [ "$1" = cold ]; then rm -rf "$nsxiv_cache"; mkdir -p "$nsxiv_dir"; drop_page_cache || true; fi
  XDG_CACHE_HOME="$nsxiv_cache" probe "$runs_dir/nsxiv-$1-$2.json" "$3" --ignore-bottom "$nsxiv_bar" \
    --watch "cache=$nsxiv_dir" --watch "photos=$dir" -- nsxiv -t -g 1920x1080+0+0 "${photos[@]}"
}
run_feh() {
  if [ "$1" = cold ]; then
    rm -rf "$feh_cache"; mkdir -p -m 700 "$feh_cache/thumbnails/normal" "$feh_cache/thumbnails/large"
    drop_page_cache || true
  fi
  XDG_CACHE_HOME="$feh_cache" probe "$runs_dir/feh-$1-$2.json" "$3" \
    --watch "thumbs=$feh_cache/thumbnails/normal" --watch "thumbs=$feh_cache/thumbnails/large" \
    --watch "photos=$dir" -- feh -t -P "$dir"
}
run_photostack() {  # NAME BINARY MODE R INTERVAL
  local name="$1" bin="$2" mode="$3" r="$4" interval="$5" cache="$work/$1-cache"
  if [ "$mode" = cold ]; then rm -rf "$cache"; drop_page_cache || true; fi
  mkdir -p -m 700 "$cache" "$cache/thumbnails" "$cache/thumbnails/large" "$cache/thumbnails/x-large"
  XDG_CACHE_HOME="$cache" XDG_CONFIG_HOME="$work/$name-config" XDG_DATA_HOME="$work/$name-data" \
    PHOTOSTACK_FRAME_LOG="$runs_dir/$name-$mode-$r.frames.jsonl" \
    probe "$runs_dir/$name-$mode-$r.json" "$interval" --watch "thumbs=$cache/thumbnails/x-large" \
    --watch "thumbs=$cache/thumbnails/large" --watch "photos=$dir" \
    -- "$bin" "$dir" --open-album 0 --size 1920x1080 --scale 1 --state "$runs_dir/$name-$mode-$r.state.json"
}

# Rounds: every viewer once per round (cold rounds first, then warm rounds with the caches the last cold
# round left), so load on the shared machine colours all of them alike.
for mode in cold warm; do
  interval=$cold_interval; [ "$mode" = warm ] && interval=$warm_interval
  for r in $(seq "$runs"); do
    echo "round $mode $r/$runs"
    if [ "$skip_peers" -eq 0 ]; then
      run_nsxiv "$mode" "$r" "$interval"
      run_feh "$mode" "$r" "$interval"
    fi
    for c in "${ps_configs[@]}"; do
      IFS=: read -r name bin _ <<<"$c"
      run_photostack "$name" "$bin" "$mode" "$r" "$interval"
    done
  done
done

# Decoder floor: every photo decoded at 1/8 scale by djpeg (libjpeg-turbo), one process per core, cold.
[ "$skip_djpeg" -eq 1 ] || echo "djpeg -scale 1/8: $runs cold runs"
printf '%s\0' "${photos[@]}" >"$work/photo-list"
for r in $(seq "$runs"); do
  [ "$skip_djpeg" -eq 0 ] || break
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
if [ -n "$keep_runs" ]; then mkdir -p "$keep_runs" && cp -r "$runs_dir"/. "$keep_runs"/ && echo "runs kept in $keep_runs"; fi
