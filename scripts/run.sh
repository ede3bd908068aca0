#!/usr/bin/env bash
# Sets up PhotoStack (system packages, release build) and runs it on FOLDER, or on the sample
# library in assets/ when no folder is given. Without an X display it renders the main screen
# to a PNG instead and says where it is.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh" run
(cd "$root" && swift build -c release)
bin="$root/.build/release/photostack"
# No arguments: the sample library (named explicitly, so it works from any working directory).
if [ $# -eq 0 ]; then set -- "$root/assets/library"; fi
if [ -z "${DISPLAY:-}" ]; then
  out="${PHOTOSTACK_SNAPSHOT:-$root/out/photostack-snapshot.png}"
  mkdir -p "$(dirname "$out")"
  size=(--size 1280x800)
  for a in "$@"; do case "$a" in --size|--size=*) size=() ;; esac; done
  "$bin" "$@" --snapshot "$out" "${size[@]}"
  echo "No X display (DISPLAY is not set): rendered the main screen to $out"
  echo "To open the window, run this again from a desktop session, or under Xvfb:"
  echo "  Xvfb :99 -screen 0 1600x1000x24 & DISPLAY=:99 $0"
  exit 0
fi
exec "$bin" "$@"
