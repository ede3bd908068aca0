#!/usr/bin/env python3
"""Soak test driver behind scripts/soak.sh: runs the real photostack window under its own Xvfb on a generated
library, sends random input (wheel, drags, clicks, keys, resizes; one xdotool process per gesture) for the given
minutes while sampling the app's RSS, and fails on a crash, a hang or RSS growth over the limit in the second half.

Hang detection: the app rewrites its --state file whenever it comes to rest (and up to 10 times a second while it
animates), but a gesture may change nothing (a click on empty space). So when the state file has not changed for
`--hang-seconds` while input is being sent, the driver sends a probe that always changes the state (a window
resize, which the state records) and declares a hang only when even that brings no update within
`--hang-seconds`.

Usage: soak_driver.py --binary BIN --library DIR --minutes M [--max-growth 0.10] [--seed N]"""
import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def state_mtime(path):
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def start_xvfb(width, height):
    for _ in range(30):
        n = random.randint(200, 899)
        if os.path.exists(f"/tmp/.X11-unix/X{n}") or os.path.exists(f"/tmp/.X{n}-lock"):
            continue
        p = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp", "-noreset"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 5
        while time.time() < deadline and p.poll() is None and not os.path.exists(f"/tmp/.X11-unix/X{n}"):
            time.sleep(0.05)
        if p.poll() is None and os.path.exists(f"/tmp/.X11-unix/X{n}"):
            return f":{n}", p
        stop(p)
    raise SystemExit("soak: could not start Xvfb")


def stop(p):
    if p is None or p.poll() is not None:
        return
    p.terminate()
    try:
        p.wait(timeout=3)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait(timeout=3)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--library", required=True)
    ap.add_argument("--minutes", type=float, required=True)
    ap.add_argument("--max-growth", type=float, default=0.10)
    ap.add_argument("--hang-seconds", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    screen_w, screen_h = 1600, 1200
    display, xvfb = start_xvfb(screen_w, screen_h)
    work = tempfile.mkdtemp(prefix="photostack-soak-")
    state = os.path.join(work, "state.json")
    env = dict(os.environ, DISPLAY=display, XDG_CACHE_HOME=os.path.join(work, "cache"), HOME=work)
    env.pop("PHOTOSTACK_SCALE", None)
    err = open(os.path.join(work, "stderr.txt"), "w")
    app = subprocess.Popen([args.binary, args.library, "--state", state, "--size", "1024x768", "--scale", "1"],
                           env=env, stdout=subprocess.DEVNULL, stderr=err)
    xenv = dict(os.environ, DISPLAY=display)
    failure = None
    samples = []  # (seconds since start, rss kB)
    gestures = 0
    try:
        deadline = time.time() + 20
        wid = ""
        while time.time() < deadline and not wid:
            r = subprocess.run(["xdotool", "search", "--pid", str(app.pid)], env=xenv, capture_output=True, text=True)
            wid = r.stdout.split()[0] if r.stdout.split() else ""
            if not wid:
                time.sleep(0.2)
        if not wid or state_mtime(state) is None and not wait_for(lambda: state_mtime(state) is not None, 20):
            raise SystemExit(f"soak: no window or state file within 20 s (seed {args.seed})")
        print(f"soak: {args.minutes} min of random input on {args.library} (seed {args.seed}, display {display})", flush=True)
        start = time.time()
        end = start + args.minutes * 60
        last_state = state_mtime(state)
        last_change = time.time()
        width, height = 1024, 768
        next_sample = start
        while time.time() < end:
            if app.poll() is not None:
                failure = f"crash: photostack exited with status {app.returncode} after {time.time() - start:.0f} s"
                break
            now = time.time()
            if now >= next_sample:
                r = rss_kb(app.pid)
                if r is not None:
                    samples.append((now - start, r))
                next_sample = now + 1.0
            kind = rng.choices(["wheel", "drag", "click", "key", "resize"], weights=[30, 25, 15, 25, 5])[0]
            x, y = rng.randint(20, width - 20), rng.randint(20, height - 20)
            if kind == "wheel":
                button = rng.choice(["4", "5"])
                cmd = ["xdotool", "mousemove", "--window", wid, str(x), str(y), "click", "--repeat", str(rng.randint(1, 8)),
                       "--delay", "15", button]
            elif kind == "drag":
                steps = []
                x2, y2 = rng.randint(20, width - 20), rng.randint(20, height - 20)
                for i in range(1, 6):
                    steps += ["mousemove", "--window", wid, str(x + (x2 - x) * i // 5), str(y + (y2 - y) * i // 5), "sleep", "0.02"]
                cmd = ["xdotool", "mousemove", "--window", wid, str(x), str(y), "mousedown", "1"] + steps + ["mouseup", "1"]
            elif kind == "click":
                cmd = ["xdotool", "mousemove", "--window", wid, str(x), str(y), "click", "--repeat", rng.choice(["1", "1", "2"]), "1"]
            elif kind == "key":
                key = rng.choice(["Return", "Escape", "BackSpace", "Left", "Right", "Up", "Down", "Next", "Prior", "Home",
                                  "End", "space", "plus", "minus", "Return", "Escape"])
                cmd = ["xdotool", "key", "--window", wid, key]
            else:
                width, height = rng.randint(500, 1500), rng.randint(400, 1100)
                cmd = ["xdotool", "windowsize", wid, str(width), str(height)]
            subprocess.run(cmd, env=xenv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
            gestures += 1
            time.sleep(rng.uniform(0.02, 0.3))
            m = state_mtime(state)
            if m != last_state:
                last_state, last_change = m, time.time()
            elif time.time() - last_change > args.hang_seconds:
                # Nothing changed for a while: a probe that must change the state (the window size).
                width = width + 16 if width < 1400 else width - 16
                subprocess.run(["xdotool", "windowsize", wid, str(width), str(height)], env=xenv,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
                if wait_for(lambda: state_mtime(state) != last_state, args.hang_seconds):
                    last_state, last_change = state_mtime(state), time.time()
                elif app.poll() is None:
                    failure = (f"hang: no state update for {time.time() - last_change:.1f} s while input was sent "
                               f"(after {time.time() - start:.0f} s, {gestures} gestures)")
                    break
        if failure is None and app.poll() is not None:
            failure = f"crash: photostack exited with status {app.returncode}"
    finally:
        alive = app.poll() is None
        stop(app)
        stop(xvfb)
        err.close()
    stderr_tail = open(os.path.join(work, "stderr.txt")).read()[-2000:]
    if not samples:
        failure = failure or "no RSS samples"
    else:
        rss = [r for _, r in samples]
        middle = samples[-1][0] / 2
        first_half = [r for t, r in samples if t < middle] or rss[:1]
        second_half = [r for t, r in samples if t >= middle] or rss[-1:]
        # Growth in the second half: where it ends (mean of its last samples) against the most the first half
        # reached (the caches fill up to their bounds during the first minutes; a leak keeps going).
        k = max(1, min(10, len(second_half) // 5))
        reached, last = max(first_half), sum(second_half[-k:]) / k
        growth = last / reached - 1 if reached else 0
        print(f"soak: {gestures} gestures, {len(samples)} RSS samples; RSS start {rss[0] / 1024:.1f} MB, "
              f"peak {max(rss) / 1024:.1f} MB, end {rss[-1] / 1024:.1f} MB; first-half peak {reached / 1024:.1f} MB, "
              f"second half ends at {last / 1024:.1f} MB ({growth * 100:+.1f} %, limit {args.max_growth * 100:.0f} %)")
        if failure is None and growth > args.max_growth:
            failure = f"RSS grew {growth * 100:.1f} % in the second half (limit {args.max_growth * 100:.0f} %)"
    if failure:
        print(f"soak: FAILED: {failure} (seed {args.seed}; app still running at the end: {alive})")
        if stderr_tail.strip():
            print("soak: app stderr (tail):\n" + stderr_tail)
        sys.exit(1)
    print("soak: passed (no crash, no hang)")


def wait_for(condition, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


if __name__ == "__main__":
    main()
