#!/usr/bin/env python3
"""Turns the per-run JSON files of scripts/compare-viewers.sh into the side-by-side table (and a JSON file).

    compare_table.py --runs-dir DIR --count N --visible V --nproc P --page-cache dropped|kept \
                     --command "..." [--json FILE]

Run files in DIR: NAME-MODE-R.json (viewer_probe.py output) for nsxiv, feh and each PhotoStack configuration
(photostack, photostack-zoomN, baseline, ...: any other NAME with runs), photostack's NAME-MODE-R.state.json
(its --state file: the photos on its first screen), djpeg-cold-R.json ({"allSeconds": S}), or NAME.status
holding why there is no row.
Python 3 standard library only.

Figures per run of nsxiv or feh (seconds from the fork of the viewer; see docs/performance.md):
  first screen  the first window capture equal to the settled picture (all visible thumbnails drawn;
                nsxiv's status bar is left out of the captures)
  cold all      the later of: the first screen, the N-th distinct thumbnail file written into the cache
  warm all      the later of: the first screen, the N-th distinct thumbnail file read from the cache
  peak RSS      VmHWM of the viewer process just before it is stopped
  map -> first change  (PhotoStack, nsxiv, feh) from the window's MapNotify to the first capture that differs
                from the first capture (the first frame with thumbnails when the first frame has none), or to
                the first capture when it already is the settled picture
"""
import argparse
import glob
import json
import os
import platform
import statistics
import sys


def load(path):
    with open(path) as f:
        text = f.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        for line in reversed(text.splitlines()):
            line = line.strip()
            if line.startswith("{"):
                try:
                    return json.loads(line)
                except json.JSONDecodeError:
                    continue
    return None


def runs(runs_dir, viewer, mode):
    paths = sorted((p for p in glob.glob(os.path.join(runs_dir, f"{viewer}-{mode}-*.json"))
                    if not p.endswith(".state.json")),
                   key=lambda p: int(p.rsplit("-", 1)[1].split(".")[0]))
    return [(p, load(p)) for p in paths]


def nth(times, n):
    return times[n - 1] if n >= 1 and len(times) >= n else None


def files_of(run, label):
    return run.get("files", {}).get(label, {"written": [], "read": []})


def problems_of(run, name):
    out = []
    if run is None:
        return [f"{name}: no JSON"]
    if run.get("timedOut"):
        out.append(f"{name}: timed out")
    if run.get("exitedEarly") is not None:
        out.append(f"{name}: viewer exited with {run['exitedEarly']}")
    if run.get("xErrors"):
        out.append(f"{name}: {run['xErrors']} X errors while capturing")
    return out


def cache_viewer_run(run, mode, count, cache_label, visible=None):
    """Figures of one nsxiv or feh run: the screen from the captures, "all" from the thumbnail cache."""
    cache = files_of(run, cache_label)
    photos = files_of(run, "photos")
    frame = run.get("finalFrameSeconds")
    figures = {"peakRSSBytes": run.get("peakRSSBytes"), "mapSeconds": run.get("mapSeconds"),
               "mapToFirstChangeSeconds": first_change(run),
               "frameResolutionSeconds": run.get("frameResolutionSeconds"),
               "photosRead": len(photos["read"]), "firstScreenSeconds": frame}
    if mode == "cold":
        written_all = nth(cache["written"], count)
        figures["allSeconds"] = max(written_all, frame) if written_all is not None and frame is not None else None
        figures["thumbnailsWritten"] = len(cache["written"])
        if visible:
            figures["cacheFirstScreenSeconds"] = nth(cache["written"], visible)
    else:
        read_all = nth(cache["read"], count)
        figures["allSeconds"] = max(read_all, frame) if read_all is not None and frame is not None else None
        figures["thumbnailsRead"] = len(cache["read"])
    return figures


def first_change(run):
    """Seconds from the map to the first capture that differs from the first capture (see the docstring)."""
    m = run.get("mapSeconds")
    changes = run.get("frameChangeSeconds") or []
    at = changes[0] if changes else run.get("firstCaptureSeconds")
    return None if m is None or at is None else max(0.0, at - m)


def visible_photos(state_path):
    """Photos the PhotoStack window had on screen at the end (its --state file), or None."""
    try:
        with open(state_path) as f:
            return len(json.load(f).get("photos") or [])
    except (OSError, ValueError):
        return None


def stats(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "runs": values}


def seconds_cell(s, digits=2):
    if s is None or not s.get("runs"):
        return "—"
    if len(s["runs"]) == 1:
        return f"{s['median']:.{digits}f} s"
    return f"{s['median']:.{digits}f} s ({s['min']:.{digits}f}–{s['max']:.{digits}f})"


def mb_cell(cold, warm):
    def mb(s):
        return "—" if s is None else f"{s['median'] / 1e6:.0f}"
    if cold is None and warm is None:
        return "—"
    return f"{mb(cold)} cold / {mb(warm)} warm"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs-dir", required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--visible", type=int, required=True)
    ap.add_argument("--nproc", type=int, required=True)
    ap.add_argument("--page-cache", required=True)
    ap.add_argument("--command", required=True)
    ap.add_argument("--versions", default="{}")
    ap.add_argument("--load", default="?", help="load averages (1, 5, 15 min) when the runs started")
    ap.add_argument("--json")
    args = ap.parse_args()

    viewers, problems = [], []
    names = ["nsxiv", "feh"]
    for path in sorted(glob.glob(os.path.join(args.runs_dir, "*-*-*.json"))):
        name = os.path.basename(path).rsplit("-", 2)[0]
        if name not in names and name != "djpeg" and not path.endswith(".state.json"):
            names.append(name)
    for path in glob.glob(os.path.join(args.runs_dir, "*.status")):
        name = os.path.basename(path)[:-len(".status")]
        if name not in names and name != "djpeg":
            names.append(name)
    names.append("djpeg")
    for name in names:
        status_path = os.path.join(args.runs_dir, f"{name}.status")
        if os.path.exists(status_path):
            with open(status_path) as f:
                viewers.append({"viewer": name, "status": f.read().strip()})
            continue
        per_mode, attempted = {}, False
        for mode in ("cold", "warm"):
            figures = []
            for path, run in runs(args.runs_dir, name, mode):
                attempted = True
                label = os.path.basename(path)
                run_problems = problems_of(run, label)
                problems.extend(run_problems)
                if run is None or run_problems and (run.get("timedOut") or run.get("exitedEarly") is not None):
                    continue  # a run cut short has no figures; it is listed under problems
                if name == "nsxiv":
                    f = cache_viewer_run(run, mode, args.count, "cache", args.visible)
                    f["visibleThumbnails"] = args.visible
                elif name == "feh":
                    f = cache_viewer_run(run, mode, args.count, "thumbs")
                    f["visibleThumbnails"] = 77
                elif name == "djpeg":
                    f = {"allSeconds": run.get("allSeconds")}
                else:  # a PhotoStack window
                    f = cache_viewer_run(run, mode, args.count, "thumbs")
                    f["visibleThumbnails"] = visible_photos(path[:-len(".json")] + ".state.json")
                figures.append(f)
            per_mode[mode] = figures
        if not per_mode["cold"] and not per_mode["warm"]:
            if attempted:
                viewers.append({"viewer": name, "status": "no complete run (see the warnings)"})
            continue
        entry = {"viewer": name, "status": "measured"}
        for mode, figures in per_mode.items():
            entry[mode] = {key: stats([f.get(key) for f in figures])
                           for key in sorted({k for f in figures for k in f})}
            entry[mode]["perRun"] = figures
        viewers.append(entry)

    versions = json.loads(args.versions)
    header = ("| viewer | thumbnails on the first screen | cold: settled first screen | cold: all thumbnails "
              "| warm: settled first screen | warm: map → first change | peak RSS MB |")
    lines = [header, "|---|---|---|---|---|---|---|"]
    for v in viewers:
        label = v["viewer"] + (f" {versions[v['viewer']]}" if versions.get(v["viewer"]) else "")
        if v["viewer"] == "djpeg":
            label = f"djpeg -scale 1/8, {args.nproc} processes (decoder floor)"
        if v["status"] != "measured":
            lines.append(f"| {label} | {v['status']} | | | | | |")
            continue
        cold, warm = v.get("cold", {}), v.get("warm", {})
        shown = (warm.get("visibleThumbnails") or cold.get("visibleThumbnails") or {}).get("median")
        lines.append("| {} | {} | {} | {} | {} | {} | {} |".format(
            label, "—" if shown is None else f"{shown:.0f}",
            seconds_cell(cold.get("firstScreenSeconds")), seconds_cell(cold.get("allSeconds")),
            seconds_cell(warm.get("firstScreenSeconds"), 3), seconds_cell(warm.get("mapToFirstChangeSeconds"), 3),
            mb_cell(cold.get("peakRSSBytes"), warm.get("peakRSSBytes"))))
    cold_runs = max((len(v.get("cold", {}).get("perRun", [])) for v in viewers), default=0)
    warm_runs = max((len(v.get("warm", {}).get("perRun", [])) for v in viewers), default=0)
    facts = (f"{args.count} photos, {args.nproc} cores ({platform.machine()}, {platform.release()}), "
             f"Xvfb 1920x1080x24, load average at start {args.load}, page cache before cold runs: {args.page_cache}, "
             f"{cold_runs} cold + {warm_runs} warm runs per viewer, median (min–max)")
    print("\n".join(lines))
    print(facts)
    print(f"command: {args.command}")
    for p in problems:
        print(f"warning: {p}", file=sys.stderr)
    if args.json:
        doc = {"command": args.command, "count": args.count, "nproc": args.nproc,
               "machine": platform.machine(), "kernel": platform.release(), "screen": "Xvfb 1920x1080x24",
               "pageCache": args.page_cache, "loadAverageAtStart": args.load, "nsxivVisibleThumbnails": args.visible,
               "versions": versions, "viewers": viewers, "problems": problems, "table": lines}
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
