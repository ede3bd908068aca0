#!/usr/bin/env bash
# Decode time per format for a 512 px thumbnail of a 3000x2000 photo, through PhotoStack's own C shims.
# Usage: scripts/bench-formats.sh [--callgrind] [RUNS] [DIR]   (default 15 runs, DIR out/bench-formats)
# Makes one 3000x2000 photo (ImageMagick plasma fractal + noise, like scripts/make-bench-folder.sh) and encodes
# it with each format's encoder: JPEG q90 (cjpeg, the baseline), WebP q90 (cwebp), HEIC q90 without and with a
# 640 px embedded thumbnail and AVIF q90 (heif-enc), GIF (convert, 256 colours), TIFF LZW and uncompressed
# (convert), and a DNG whose embedded preview is the JPEG (scripts/lib/make_dng.py). Then builds
# scripts/lib/bench_formats.c with gcc -O2 against Sources/C*/ (the shims' sources) and prints one JSON line per
# file: median/min/max milliseconds of the in-memory decode at target 512, single-threaded, after a warm-up.
# --callgrind: instead, one decode per file under valgrind's callgrind, printing its instruction count (Ir),
# which does not depend on the machine's load.
# Needs scripts/install-deps.sh bench (and gcc; valgrind for --callgrind).
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1
callgrind=0
if [ "${1:-}" = "--callgrind" ]; then callgrind=1; shift; fi
runs="${1:-15}"; dir="${2:-out/bench-formats}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
for tool in /usr/bin/convert cjpeg cwebp heif-enc python3 gcc pkg-config; do
  command -v "$tool" >/dev/null || { echo "$0: $tool is missing (scripts/install-deps.sh bench, and gcc)" >&2; exit 1; }
done
mkdir -p "$dir"
src="$dir/source.ppm"
if [ ! -s "$src" ]; then
  /usr/bin/convert -seed 7 -size 3000x2000 plasma:fractal -attenuate 0.4 +noise Gaussian -depth 8 "$src"
fi
[ -s "$dir/photo.jpg" ] || cjpeg -quality 90 -sample 2x2 "$src" > "$dir/photo.jpg"
[ -s "$dir/photo.webp" ] || cwebp -quiet -q 90 "$dir/photo.jpg" -o "$dir/photo.webp"
[ -s "$dir/photo.heic" ] || heif-enc -q 90 "$dir/photo.jpg" -o "$dir/photo.heic"
[ -s "$dir/photo-q50.heic" ] || heif-enc -q 50 "$dir/photo.jpg" -o "$dir/photo-q50.heic"
[ -s "$dir/photo-thumb.heic" ] || heif-enc -q 90 -t 640 "$dir/photo.jpg" -o "$dir/photo-thumb.heic"
[ -s "$dir/photo.avif" ] || heif-enc -A -q 90 "$dir/photo.jpg" -o "$dir/photo.avif"
[ -s "$dir/photo.gif" ] || /usr/bin/convert "$src" "$dir/photo.gif"
[ -s "$dir/photo.tif" ] || /usr/bin/convert "$src" -compress LZW "$dir/photo.tif"
[ -s "$dir/photo-none.tif" ] || /usr/bin/convert "$src" -compress None "$dir/photo-none.tif"
[ -s "$dir/photo.dng" ] || python3 "$root/scripts/lib/make_dng.py" "$dir/photo.jpg" 3000 2000 "$dir/photo.dng"
bench="$dir/bench_formats"
includes=()
for d in CJPEG CScratch CDecodeOut CWebP CHEIF CGIF CTIFF CRaw; do includes+=(-I "$root/Sources/$d/include"); done
gcc -O2 -std=gnu11 -o "$bench" "${includes[@]}" "$root/scripts/lib/bench_formats.c" \
  "$root"/Sources/{CJPEG,CScratch,CDecodeOut,CWebP,CHEIF,CGIF,CTIFF,CRaw}/*.c \
  $(pkg-config --cflags --libs libwebp libwebpdemux libheif libgif libtiff-4) -lraw_r -ljpeg -lpthread -lm
files=(jpeg:"$dir/photo.jpg" webp:"$dir/photo.webp" heif:"$dir/photo.heic" heif:"$dir/photo-q50.heic"
       heif:"$dir/photo-thumb.heic" heif:"$dir/photo.avif" gif:"$dir/photo.gif" tiff:"$dir/photo.tif"
       tiff:"$dir/photo-none.tif" raw:"$dir/photo.dng")
if [ "$callgrind" = 1 ]; then
  command -v valgrind >/dev/null || { echo "$0: valgrind is missing" >&2; exit 1; }
  for f in "${files[@]}"; do
    ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" 0 "$f" 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
    echo "{\"file\": \"${f##*/}\", \"format\": \"${f%%:*}\", \"instructions\": ${ir:-null}}"
  done
else
  "$bench" "$runs" "${files[@]}"
fi
