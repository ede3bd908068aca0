#!/usr/bin/env python3
"""Where a cold first screen's time goes, per thread: runs `photostack DIR --open-album 0` (1920x1080, scale 1)
under its own Xvfb with an empty thumbnail cache and the page cache dropped, and when the FIRST-th thumbnail file
is written prints, for each thread of the app: user and system CPU, time waiting for block I/O (delay
accounting: needs /proc/sys/kernel/task_delayacct = 1, which the script sets for its run and restores) and time
runnable but waiting for a CPU (/proc/PID/task/TID/schedstat); plus the Xvfb's CPU.

Usage: scripts/measure-cold-threads.py BIN [--dir DIR] [--zoom LEVEL] [--first N]
  BIN     photostack binary;  DIR  the bench folder (default ~/.cache/photostack-bench/photos-200)
  LEVEL   album grid zoom level (default -2: 104 thumbnails);  N  thumbnails written (default 104)
Needs root (page cache drop, delay accounting). A diagnostic for docs/performance.md, not a figure of the table.
"""
import argparse, glob, json, os, shutil, subprocess, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument("bin"); ap.add_argument("--dir", default=os.path.expanduser("~/.cache/photostack-bench/photos-200"))
ap.add_argument("--zoom", type=int, default=-2); ap.add_argument("--first", type=int, default=104)
args = ap.parse_args()
tck = os.sysconf("SC_CLK_TCK")
acct = "/proc/sys/kernel/task_delayacct"
acct_before = open(acct).read().strip() if os.path.exists(acct) else None


def fields(path):  # /proc/.../stat after the command name
    text = open(path).read()
    return text[text.rfind(")") + 2:].split()


def thread_figures(task):
    f = fields(task + "/stat"); sched = open(task + "/schedstat").read().split()
    return {"user": int(f[11]) / tck, "system": int(f[12]) / tck, "blockIO": int(f[39]) / tck,
            "runQueue": int(sched[1]) / 1e9}


work = tempfile.mkdtemp(prefix="cold-threads-")
xvfb = app = None
try:
    if acct_before is not None: open(acct, "w").write("1")
    os.makedirs(work + "/config/photostack"); os.makedirs(work + "/cache/thumbnails", mode=0o700)
    open(work + "/config/photostack/settings.json", "w").write('{"albumGridZoomLevel": %d}\n' % args.zoom)
    display = ":%d" % (150 + os.getpid() % 100)
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp", "-noreset"],
                            stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    subprocess.run("sync; echo 3 > /proc/sys/vm/drop_caches", shell=True, check=False)
    x_start = sum(int(v) for v in fields("/proc/%d/stat" % xvfb.pid)[11:13])
    env = dict(os.environ, DISPLAY=display, XDG_CACHE_HOME=work + "/cache", XDG_CONFIG_HOME=work + "/config",
               XDG_DATA_HOME=work + "/data")
    start = time.monotonic()
    app = subprocess.Popen([args.bin, args.dir, "--open-album", "0", "--size", "1920x1080", "--scale", "1"], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    latest, written_at = {}, None
    while time.monotonic() - start < 60:
        for task in glob.glob("/proc/%d/task/*" % app.pid):
            try: latest[task.rsplit("/", 1)[1]] = thread_figures(task)
            except (OSError, IndexError): pass
        if len(glob.glob(work + "/cache/thumbnails/*/*.png")) >= args.first:
            written_at = time.monotonic() - start
            break
        time.sleep(0.02)
    x_cpu = (sum(int(v) for v in fields("/proc/%d/stat" % xvfb.pid)[11:13]) - x_start) / tck
    for t in latest.values():  # a thread that just started may report garbage delay figures
        if t["blockIO"] > time.monotonic() - start: t["blockIO"] = None
    busy = {tid: t for tid, t in latest.items() if t["user"] + t["system"] + (t["blockIO"] or 0) >= 0.01}
    print(json.dumps({"thumbnailsWritten": args.first, "seconds": written_at, "loadAverage": open("/proc/loadavg").read().split()[:3],
                      "xvfbCPU": x_cpu, "threads": busy}, indent=1))
finally:
    for p in (app, xvfb):
        if p and p.poll() is None: p.terminate(); p.wait()
    if acct_before is not None: open(acct, "w").write(acct_before)
    shutil.rmtree(work, ignore_errors=True)
