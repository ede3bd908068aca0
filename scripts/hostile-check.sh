#!/usr/bin/env bash
# Runs the real app on the hostile library of issue 16 (scripts/lib/hostile_library.py) and prints, for the
# albums screen and for the photo view of every photo, the peak RSS (the child's ru_maxrss) and the wall time
# of a `--snapshot` run, and what the state JSON says of each photo (loaded / failed with its reason).
# Fails when a run's peak RSS reaches 250 MB or a photo is still loading when the snapshot is taken.
# Env: PHOTOSTACK_BIN (default .build/release/photostack, else .build/debug/photostack).
# Usage: scripts/hostile-check.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${PHOTOSTACK_BIN:-}"
if [ -z "$bin" ]; then
  bin="$root/.build/release/photostack"; [ -x "$bin" ] || bin="$root/.build/debug/photostack"
fi
work="$(mktemp -d /tmp/photostack-hostile-XXXXXX)"
trap 'rm -rf "$work"' EXIT
python3 "$root/scripts/lib/hostile_library.py" "$work/library" "$work/cache"
export XDG_CACHE_HOME="$work/cache" HOME="$work"
unset DISPLAY
exec python3 - "$bin" "$work" <<'PY'
import json, os, resource, subprocess, sys, time
binary, work = sys.argv[1], sys.argv[2]
lib = os.path.join(work, "library")
photos = sorted(n for n in os.listdir(os.path.join(lib, "Hostile")) if not n.startswith("."))
runs = [("albums screen", [])] + [(f"photo view {i:2d} {name}", ["--open-album", "0", "--open-photo", str(i)])
                                   for i, name in enumerate(photos)]
failed = False
for label, extra in runs:
    state = os.path.join(work, "state.json")
    start = time.time()
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    r = subprocess.run([binary, lib, "--snapshot", os.path.join(work, "s.png"), "--state", state, "--size", "1280x800"]
                       + extra, capture_output=True, text=True, timeout=120)
    seconds = time.time() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss   # kB; max over children so far
    text = open(state).read() if os.path.exists(state) else ""
    loading = text.count('"loading"')
    print(f"{label:55s} peak RSS {peak / 1024:6.1f} MB (max so far)  {seconds:5.2f} s  status {r.returncode}"
          f"{'  STILL LOADING: ' + str(loading) if loading else ''}")
    for line in r.stderr.strip().splitlines()[:12]:
        print("    " + line)
    if r.returncode != 0 or peak >= 250 * 1024 or loading:
        failed = True
sys.exit(1 if failed else 0)
PY
