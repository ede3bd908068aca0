#!/bin/sh
# Generates N photos of 3000×2000 (4:2:0, quality 90, ~1.5 MB, no EXIF) in DIR for the thumbnail bench,
# as in /work/shared/reference/motion-and-images.md: ImageMagick plasma + noise, encoded with cjpeg.
# Four base images are rendered once; each photo is a base rolled by a different offset (unique pixels).
# usage: scripts/make-bench-folder.sh N DIR
set -eu
N=${1:?usage: make-bench-folder.sh N DIR}
DIR=${2:?usage: make-bench-folder.sh N DIR}
mkdir -p "$DIR"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for b in 0 1 2 3; do
    /usr/bin/convert -seed $((b + 1)) -size 3000x2000 plasma:fractal -attenuate 0.4 +noise Gaussian "$TMP/base$b.ppm"
done
i=1
while [ "$i" -le "$N" ]; do
    b=$((i % 4))
    /usr/bin/convert "$TMP/base$b.ppm" -roll +$((i * 37))+$((i * 23)) ppm:- \
        | cjpeg -quality 90 -sample 2x2 > "$DIR/$(printf 'photo-%03d.jpg' "$i")"
    i=$((i + 1))
done
echo "$N photos in $DIR"
