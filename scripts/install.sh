#!/usr/bin/env bash
# Installs PhotoStack for the desktop: the binary, the .desktop file, the hicolor icons, a man page
# generated from the command-line definition and the sample library (PREFIX/share/photostack/library, which
# the binary finds beside itself: a first launch with an empty ~/Pictures shows it). --uninstall removes
# exactly those files again.
#
# Usage: scripts/install.sh [--prefix DIR] [--binary PATH] [--uninstall]
#   --prefix DIR   where to install (default /usr/local; ~/.local for a per-user install)
#   --binary PATH  install this already-built photostack instead of building one
#                  (default: swift build -c release --static-swift-stdlib, so the installed binary needs
#                  no Swift toolchain, only the system libraries scripts/install-deps.sh installs)
#   --uninstall    remove the installed files (same --prefix)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=/usr/local
binary=""
uninstall=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument: $1 (try --help)" >&2; exit 2 ;;
  esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac

sizes=(16 32 48 64 128 256)
files=("$prefix/bin/photostack" "$prefix/share/applications/photostack.desktop" "$prefix/share/man/man1/photostack.1")
for s in "${sizes[@]}"; do files+=("$prefix/share/icons/hicolor/${s}x${s}/apps/photostack.png"); done
# The sample library: a folder of this script's own (removed whole).
library="$prefix/share/photostack/library"

# Refreshes the desktop's caches when the tools are there (missing tools or caches are not an error).
refresh_caches() {
  if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$prefix/share/applications" ]; then
    update-desktop-database -q "$prefix/share/applications" 2>/dev/null || true
  fi
  if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$prefix/share/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$prefix/share/icons/hicolor" 2>/dev/null || true
  fi
}

if [ "$uninstall" = 1 ]; then
  for f in "${files[@]}"; do
    if [ -e "$f" ] || [ -L "$f" ]; then rm -f "$f"; echo "removed $f"; fi
  done
  if [ -d "$library" ]; then rm -rf "$library"; echo "removed $library"; fi
  refresh_caches
  # The cache update-desktop-database wrote, when nothing else is left beside it.
  apps="$prefix/share/applications"
  if [ -d "$apps" ] && [ "$(ls -A "$apps")" = "mimeinfo.cache" ]; then rm -f "$apps/mimeinfo.cache"; fi
  # Remove the folders this script may have created when they are empty, never above the prefix.
  prune() {
    local d="$1"
    while [ "$d" != "$prefix" ] && [ -d "$d" ] && [ -z "$(ls -A "$d")" ]; do rmdir "$d"; d="$(dirname "$d")"; done
  }
  for f in "${files[@]}" "$library"; do prune "$(dirname "$f")"; done
  exit 0
fi

if [ -z "$binary" ]; then
  swift build -c release --static-swift-stdlib --product photostack
  binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/photostack"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 1; }
command -v python3 >/dev/null 2>&1 || { echo "install.sh: python3 is needed to generate the man page" >&2; exit 1; }

install -D -m 755 --strip "$binary" "$prefix/bin/photostack"
install -D -m 644 assets/photostack.desktop "$prefix/share/applications/photostack.desktop"
for s in "${sizes[@]}"; do
  install -D -m 644 "assets/icons/photostack-$s.png" "$prefix/share/icons/hicolor/${s}x${s}/apps/photostack.png"
done
version="$("$prefix/bin/photostack" --version)"
manpage="$(mktemp)"
keys="$(mktemp)"
trap 'rm -f "$manpage" "$keys"' EXIT
"$prefix/bin/photostack" --key-bindings > "$keys"
"$prefix/bin/photostack" --experimental-dump-help \
  | python3 scripts/make-manpage.py --version "$version" --date "$(date -u +%Y-%m-%d)" --keys "$keys" > "$manpage"
install -D -m 644 "$manpage" "$prefix/share/man/man1/photostack.1"
rm -rf "$library"
mkdir -p "$library"
cp -R assets/library/. "$library/"
find "$library" -type d -exec chmod 755 {} +
find "$library" -type f -exec chmod 644 {} +
refresh_caches
for f in "${files[@]}" "$library"; do echo "installed $f"; done
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: $prefix/bin is not on PATH" ;; esac
