#!/usr/bin/env bash
# Soak test: the real photostack window under its own Xvfb, random input (wheel, drags, clicks, keys, resizes;
# one xdotool process per gesture) for MINUTES (default 2) on a generated library of 2,000 photos (40 albums of
# hard links to 50 generated JPEGs of different sizes, colours and orientations), with --state. Samples the app's RSS
# every second and fails on a crash, a hang (no state update for 5 s while input is sent, even after a probe
# resize) or a leak: at the start, the middle and the end the app is brought to the same place (albums screen,
# 1024x768, at rest) and asked to give memory back (SIGUSR1), and the heap in use it then reports (--state
# memory.heapInUseBytes) may not grow from the middle to the end by more than 10 % or 8 MB, whichever is more. Prints those figures, RSS there and the
# peak RSS during input.
# Env: SOAK_CONFIG (debug|release, default debug: the build CI already has), SOAK_SEED, SOAK_ALBUMS (40),
# SOAK_PER_ALBUM (50).
# Usage: scripts/soak.sh [MINUTES]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
minutes="${1:-2}"
config="${SOAK_CONFIG:-debug}"
albums="${SOAK_ALBUMS:-40}"
per_album="${SOAK_PER_ALBUM:-50}"
scripts/install-deps.sh test >/dev/null
swift build -c "$config" --product photostack 2>&1 | tail -1
bin="$root/.build/$config/photostack"
lib="$(mktemp -d /tmp/photostack-soak-lib-XXXXXX)"
trap 'rm -rf "$lib"' EXIT
# 50 distinct photos (sizes, aspect ratios, a few rotated by EXIF), then hard links into the albums.
mkdir -p "$lib/.base"
for i in $(seq 1 "$per_album"); do
  w=$(( 600 + (i * 97) % 1400 )); h=$(( 400 + (i * 61) % 1000 ))
  orient=(); if [ $((i % 7)) -eq 0 ]; then orient=(-orient right-top); fi
  c1=$(printf '#%06x' $(( (i * 2654435761) % 16777216 ))); c2=$(printf '#%06x' $(( (i * 40503 + 99991) % 16777216 )))
  convert -size "${w}x${h}" "gradient:$c1-$c2" "${orient[@]}" -quality 80 "$lib/.base/$i.jpg"
done
for a in $(seq 1 "$albums"); do
  d="$lib/Album $(printf '%03d' "$a")"
  mkdir -p "$d"
  for i in $(seq 1 "$per_album"); do ln "$lib/.base/$i.jpg" "$d/photo $(printf '%03d' "$i").jpg"; done
done
echo "soak: library of $((albums * per_album)) photos in $albums albums ($lib)"
python3 scripts/lib/soak_driver.py --binary "$bin" --library "$lib" --minutes "$minutes" \
  ${SOAK_SEED:+--seed "$SOAK_SEED"}
