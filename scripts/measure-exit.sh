#!/usr/bin/env bash
# The time from a window-manager close request (WM_DELETE_WINDOW, what a title bar's close button sends) to the
# process's exit, the way a user sees the app go: the app under its own Xvfb on DIR, asked to close RUNS times.
# Prints one line per run and the median, in seconds.
# Usage: scripts/measure-exit.sh [--bin BINARY] [--dir DIR] [--runs N]   (defaults: .build/release/photostack,
#        the sample library, 5)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/.build/release/photostack"; dir="$root/assets/library"; runs=5
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;; --dir) dir="$2"; shift 2 ;; --runs) runs="$2"; shift 2 ;;
    *) sed -n '2,6p' "$0"; exit 2 ;;
  esac
done
work="$(mktemp -d)"; xvfb=""
cleanup() { [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
cat > "$work/close.c" <<'C'
#include <X11/Xlib.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    Display *d = XOpenDisplay(NULL);
    if (!d || argc != 2) return 1;
    XEvent ev; memset(&ev, 0, sizeof ev);
    Window w = (Window)strtoul(argv[1], NULL, 0);
    ev.xclient.type = ClientMessage; ev.xclient.window = w; ev.xclient.format = 32;
    ev.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", False);
    ev.xclient.data.l[0] = (long)XInternAtom(d, "WM_DELETE_WINDOW", False);
    XSendEvent(d, w, False, NoEventMask, &ev); XSync(d, False); XCloseDisplay(d);
    return 0;
}
C
cc "$work/close.c" -o "$work/close" -lX11
n=90; while [ -e "/tmp/.X11-unix/X$n" ]; do n=$((n + 1)); done
Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
export DISPLAY=":$n"
times=()
for r in $(seq "$runs"); do
  XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" "$bin" "$dir" --size 1024x768 >/dev/null 2>&1 &
  app=$!
  for _ in $(seq 100); do w=$(xdotool search --onlyvisible --name PhotoStack 2>/dev/null | head -1 || true); [ -n "$w" ] && break; sleep 0.1; done
  sleep 1
  t=$(python3 - "$app" "$work/close" "$w" <<'PY'
import os, subprocess, sys, time
pid, close, window = int(sys.argv[1]), sys.argv[2], sys.argv[3]
start = time.monotonic()
subprocess.run([close, window], check=True)
while True:
    try:
        state = open(f"/proc/{pid}/stat").read().split()[2]
        if state == "Z": break
    except OSError: break
    time.sleep(0.001)
print(f"{time.monotonic() - start:.3f}")
PY
)
  wait "$app" || true
  echo "run $r: exit ${t} s after the close request"
  times+=("$t")
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print "median: " a[int((NR+1)/2)] " s"}'
