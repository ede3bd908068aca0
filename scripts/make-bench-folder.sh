#!/usr/bin/env bash
# Generates the bench folder: N photos of 3000x2000, 4:2:0, quality 90, ~1.6 MB each, no EXIF.
# Usage: scripts/make-bench-folder.sh N DIR
# Idempotent: does nothing when DIR already holds exactly photo-0001.jpg .. photo-N.jpg, all 3000x2000 JPEGs.
# Content: 4 ImageMagick plasma fractals with Gaussian noise (natural-looking detail, so each photo costs a
# real decoder as much as a camera photo of that size), rendered once into a cache next to DIR
# (DIR/../.bench-bases), then varied per photo by scripts/lib/bench_photos.py (roll, 180-degree turn,
# per-channel tone curve) and encoded with `cjpeg -quality 90 -sample 2x2` from libjpeg-turbo-progs.
# Needs: /usr/bin/convert (imagemagick), cjpeg (libjpeg-turbo-progs), python3. See scripts/install-deps.sh bench.
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in scripts/lib
if [ $# -ne 2 ] || ! [[ "$1" =~ ^[0-9]+$ ]] || [ "$1" -lt 1 ]; then
  echo "usage: $0 N DIR" >&2; exit 2
fi
count="$1"; dir="$2"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
helper="$here/lib/bench_photos.py"
convert=/usr/bin/convert
for tool in "$convert" cjpeg python3; do
  command -v "$tool" >/dev/null || { echo "$0: $tool is missing (run scripts/install-deps.sh bench)" >&2; exit 1; }
done

mkdir -p "$dir"
if python3 "$helper" check "$dir" "$count"; then
  echo "$dir already holds $count bench photos"; exit 0
fi
# Photos beyond N (from an earlier, larger run) would make the folder differ from what was asked.
find "$dir" -maxdepth 1 -name 'photo-*.jpg' | while read -r f; do
  n="${f##*/photo-}"; n="${n%.jpg}"
  if [ "$((10#$n))" -gt "$count" ]; then rm -f "$f"; fi
done
rm -f "$dir"/*.part

bases_dir="$(cd "$dir/.." && pwd)/.bench-bases"
mkdir -p "$bases_dir"
workers="$(nproc)"
start=$SECONDS
bases=()
pids=()
for seed in 1 2 3 4; do
  base="$bases_dir/base-$seed.ppm"
  bases+=("$base")
  if [ ! -s "$base" ]; then
    # plasma:fractal is smooth; the noise gives the fine detail that brings q90 to ~1.6 MB per photo.
    "$convert" -size 3000x2000 -seed "$seed" plasma:fractal -depth 8 -attenuate 0.27 +noise Gaussian \
      "$base.tmp.ppm" && mv "$base.tmp.ppm" "$base" &
    pids+=($!)
    if [ ${#pids[@]} -ge "$workers" ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  fi
done
for p in "${pids[@]}"; do wait "$p"; done

pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT INT TERM
for ((w = 0; w < workers; w++)); do
  python3 "$helper" write "$dir" "$count" "$w" "$workers" "${bases[@]}" &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
trap - EXIT INT TERM
if [ $status -ne 0 ] || ! python3 "$helper" check "$dir" "$count"; then
  echo "$0: failed to generate $count photos in $dir" >&2; exit 1
fi
echo "generated $count photos in $dir in $((SECONDS - start)) s ($(du -sh "$dir" | cut -f1))"
