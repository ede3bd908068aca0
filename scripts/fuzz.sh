#!/usr/bin/env bash
# Builds PhotoStack's libFuzzer harnesses (Fuzz/) and runs each for SECONDS (default 60), then prints the
# executions, corpus size and findings (crashes, leaks, OOMs, timeouts) per harness. Exit status 1 on any finding.
#
#   jpeg    the JPEG shim (CJPEG): streaming descriptor decode, fused downscale, header-only, memory decode
#   jpegdc  the 1/8-scale DC-only JPEG decoder (CJPEG jpeg_dc_*.c) through the shim, differential against libjpeg
#   png     the PNG shim (CPNG): strict libpng over a descriptor (row-streamed downscale), stored-block reader
#   exif    the Swift EXIF parser and format sniffing (pure Swift)
#   icc     the colour profile reader and conversions (CColour over lcms2): ICC bytes, H.273 codes, PNG gamma
#   header  the Swift header readers, EXIF-thumbnail policy and SafeFile decode path, with the JPEG and PNG C shims
#           (the library formats are refused inside this harness: Fuzz/header_fuzz_jpeg_png_only.swift)
#
# C harnesses: clang from the Swift toolchain, -fsanitize=fuzzer,address,undefined. Swift harnesses: swiftc
# -sanitize=fuzzer,address on the needed PhotoPipeline sources (not a SwiftPM target: `swift build` never sees
# them). Seeds are generated (scripts/lib/fuzz_seeds.py); corpora and findings live in .build/fuzz/.
# Env: FUZZ_JOBS (harnesses run at once, default 2), FUZZ_TARGETS (default "jpeg jpegdc png exif header"),
# FUZZ_RSS_MB (libFuzzer -rss_limit_mb, default 2048).
# Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
seconds="${1:-60}"
jobs="${FUZZ_JOBS:-2}"
targets="${FUZZ_TARGETS:-jpeg jpegdc png icc exif header}"
rss="${FUZZ_RSS_MB:-2048}"
scripts/install-deps.sh test >/dev/null   # imagemagick and python3 for the seeds, libjpeg/libpng headers
swiftc="$(command -v swiftc)"
toolchain="$(dirname "$(readlink -f "$swiftc")")"
clang="${CLANG:-$toolchain/clang}"
out="$root/.build/fuzz"
mkdir -p "$out/bin" "$out/obj" "$out/modules" "$out/findings" "$out/logs"

# --- build --------------------------------------------------------------------------------------------------
inc=(-I Sources/CJPEG/include -I Sources/CPNG/include -I Sources/CScratch/include -I Sources/CColour/include)
cflags=(-g -O1 -fno-omit-frame-pointer "${inc[@]}")
echo "fuzz: building harnesses with $clang"
"$clang" "${cflags[@]}" -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  Fuzz/jpeg_fuzz.c Sources/CJPEG/*.c Sources/CScratch/*.c -ljpeg -o "$out/bin/jpeg"
"$clang" "${cflags[@]}" -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  Fuzz/jpeg_dc_fuzz.c Sources/CJPEG/*.c Sources/CScratch/*.c -ljpeg -o "$out/bin/jpegdc"
"$clang" "${cflags[@]}" -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  Fuzz/png_fuzz.c Sources/CPNG/*.c Sources/CScratch/*.c Sources/CColour/*.c -lpng16 -lz -llcms2 -o "$out/bin/png"
"$clang" "${cflags[@]}" -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  Fuzz/icc_fuzz.c Sources/CColour/*.c -llcms2 -o "$out/bin/icc"
"$swiftc" -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld -module-name ExifFuzz \
  Fuzz/exif_fuzz.swift Sources/PhotoPipeline/{ExifInfo,ExifOrientation,ImageFormat,ImageFormat+Library}.swift -o "$out/bin/exif"
# The header harness: the C shims as sanitized objects, imported through module maps of their own.
objs=()
for c in Sources/CJPEG/*.c Sources/CPNG/*.c Sources/CScratch/*.c Sources/CColour/*.c; do
  o="$out/obj/$(basename "$(dirname "$c")")-$(basename "$c" .c).o"
  "$clang" "${cflags[@]}" -fsanitize=fuzzer-no-link,address -c "$c" -o "$o"
  objs+=("$o")
done
maps=()
for m in CJPEG CPNG CScratch CColour; do
  maps+=(-Xcc "-I$root/Sources/$m/include")
  mkdir -p "$out/modules/$m"
  printf 'module %s {\n  umbrella "%s/Sources/%s/include"\n  export *\n}\n' "$m" "$root" "$m" > "$out/modules/$m/module.modulemap"
  maps+=(-Xcc "-fmodule-map-file=$out/modules/$m/module.modulemap")
done
pp=Sources/PhotoPipeline
"$swiftc" -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld -module-name HeaderFuzz "${maps[@]}" \
  Fuzz/header_fuzz.swift Fuzz/header_fuzz_jpeg_png_only.swift $pp/ImageDecoder.swift $pp/ImageDecoder+Header.swift $pp/ImageDecoder+EmbeddedThumbnail.swift \
  $pp/JPEGCodec.swift $pp/PNGCodec.swift $pp/PNGFile.swift $pp/PixelImage.swift $pp/PixelImage+Orientation.swift \
  $pp/DecodeError.swift $pp/DecodeLimits.swift $pp/DecodedImage.swift $pp/DecodeBudget.swift $pp/SafeFile.swift \
  $pp/FileIdentity.swift $pp/FileAccess.swift $pp/FileBytes.swift $pp/PhotoPath.swift $pp/ImageHeader.swift \
  $pp/ImageFormat.swift $pp/ImageFormat+Library.swift $pp/ExifInfo.swift $pp/ExifOrientation.swift $pp/Colour/*.swift \
  "${objs[@]}" -ljpeg -lpng16 -lz -llcms2 -o "$out/bin/header"

# --- seeds ----------------------------------------------------------------------------------------------------
seeds="$out/seeds"
rm -rf "$seeds"
python3 scripts/lib/fuzz_seeds.py "$seeds" >/dev/null
seed_dir() { case "$1" in jpeg|jpegdc) echo "$seeds/jpeg" ;; png) echo "$seeds/png" ;; icc) echo "$seeds/icc" ;; exif) echo "$seeds/exif" ;; header) echo "$seeds/jpeg $seeds/png" ;; esac; }

# --- run ------------------------------------------------------------------------------------------------------
run_one() {
  local name="$1"
  local corpus="$out/corpus/$name" findings="$out/findings/$name"
  mkdir -p "$corpus" "$findings"
  # shellcheck disable=SC2046
  ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    "$out/bin/$name" -max_total_time="$seconds" -rss_limit_mb="$rss" -malloc_limit_mb="$rss" -timeout=30 \
    -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" $(seed_dir "$name") \
    > "$out/logs/$name.log" 2>&1 || echo "exit $?" >> "$out/logs/$name.log"
}
echo "fuzz: $targets, ${seconds} s each, $jobs at a time (-rss_limit_mb=$rss)"
running=0
for t in $targets; do
  rm -f "$out/findings/$t"/* 2>/dev/null || true
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait || true
rm -f /dev/shm/photostack-fuzz-* /tmp/photostack-fuzz-* 2>/dev/null || true

# --- report ---------------------------------------------------------------------------------------------------
status=0
printf '%-8s %14s %8s %8s %8s  %s\n' harness executions exec/s rss_mb corpus findings
for t in $targets; do
  log="$out/logs/$t.log"
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | tail -1 | awk '{print $2}')
  peak=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "$log" | tail -1 | awk '{print $2}')
  corpus=$(find "$out/corpus/$t" -type f | wc -l)
  found=$(find "$out/findings/$t" -type f | wc -l)
  what=$(find "$out/findings/$t" -type f -printf '%f ' | head -c 300)
  if grep -q '^exit ' "$log" || [ "$found" -gt 0 ] || [ -z "$execs" ]; then status=1; fi
  printf '%-8s %14s %8s %8s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "${peak:-?}" "$corpus" "$found ${what}"
done
if [ "$status" -ne 0 ]; then
  echo "fuzz: FINDINGS (logs in $out/logs, inputs in $out/findings)"
  for t in $targets; do grep -E "ERROR|SUMMARY|^exit" "$out/logs/$t.log" | head -5 | sed "s/^/  $t: /"; done
fi
exit "$status"
