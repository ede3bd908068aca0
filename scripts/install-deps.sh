#!/usr/bin/env bash
# Installs the Debian packages PhotoStack needs, skipping what is already present.
# Usage: scripts/install-deps.sh [run|test|bench]
#   run   - libraries to build and run the app (default)
#   test  - plus Xvfb, xdotool, x11-apps, x11-utils, gcc and imagemagick for the end-to-end tests, and the
#           encoders the format tests make their files with (webp, libheif-examples)
#   bench - plus nsxiv and feh for the comparison script
set -euo pipefail
mode="${1:-run}"
# run: git and ca-certificates let SwiftPM fetch the Swift dependencies; the -dev packages are the C
# libraries the C modules link; the fonts cover Latin, Cyrillic, Arabic and CJK album titles. WebP, HEIF/AVIF
# (Debian 12's libheif1 has its HEVC and AV1 decoders built in), GIF, TIFF and RAW come from the libraries below;
# lcms2 converts every photo from its colour profile to the display's.
pkgs=(git ca-certificates pkg-config libc6-dev libx11-dev libxi-dev libxext-dev libcairo2-dev libpango1.0-dev libjpeg-dev libpng-dev libexif-dev
      libwebp-dev libheif-dev libgif-dev libtiff-dev libraw-dev liblcms2-dev
      fonts-dejavu-core fonts-noto-core fonts-noto-cjk)
case "$mode" in
  run) ;;
  # test: Xvfb and xdotool drive the window; x11-utils gives xprop/xdpyinfo; gcc builds the tests' small
  # WM_DELETE_WINDOW sender (Xlib); imagemagick captures and compares the window; desktop-file-utils checks
  # assets/photostack.desktop; webp (cwebp, img2webp) and libheif-examples (heif-enc) encode the format tests'
  # files, imagemagick the GIFs and TIFFs; openbox is the window manager of the live-resize test
  # (_NET_WM_SYNC_REQUEST) and of the fullscreen test, xclip reads the clipboard back; cjpeg
  # (libjpeg-turbo-progs) writes the JPEG DC decoder tests' files with restart intervals.
  # colord-data and libgs-common hold the ICC profiles (Adobe RGB, SwappedRedAndGreen, a CMYK one) the colour tests
  # convert their photos into with ImageMagick (lcms2); trash-cli (trash-list) reads the trash the trash tests fill.
  test) pkgs+=(xvfb xdotool x11-apps x11-utils gcc imagemagick python3 desktop-file-utils webp libheif-examples openbox xclip libjpeg-turbo-progs colord-data libgs-common trash-cli) ;;
  bench) pkgs+=(xvfb xdotool x11-apps x11-utils imagemagick python3 nsxiv feh libjpeg-turbo-progs webp libheif-examples) ;;
  *) echo "usage: $0 [run|test|bench]" >&2; exit 2 ;;
esac
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
