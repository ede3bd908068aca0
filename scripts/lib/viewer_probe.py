#!/usr/bin/env python3
"""Runs one image viewer under an X server and records when things happen. Python 3 standard library only.

    viewer_probe.py --display :N [--watch LABEL=DIR]... [--timeout S] [--settle S] [--interval S] -- CMD ARGS...

Starts CMD in its own session (time zero is taken just before the fork) and, until the viewer has been quiet
for --settle seconds after its window mapped (or --timeout passes), records:

- window: the first top-level window mapped on the display (MapNotify on the root window, via Xlib through
  ctypes), and its size;
- frames: a capture of that window's pixels (XShmGetImage, else XGetImage; CRC-32 of the bytes) every --interval seconds,
  leaving out the bottom --ignore-bottom rows (nsxiv's status bar counts "Caching... N" while it works);
  the final frame is the capture taken at the end, and `finalFrameSeconds` is the time of the first capture
  of the unbroken run of captures equal to it — when the window first showed what it shows at rest.
  That time is an upper bound; the change happened in the interval before it (`frameResolutionSeconds`);
- files: for each watched directory (inotify through ctypes, not recursive), the time each distinct file was
  first closed after writing (or renamed into the directory) and first closed after reading only; hidden
  names (feh's .feh_thumbnail_* temporaries) and *.part are ignored;
- memory: VmHWM (peak resident set) from /proc/PID/status, sampled every pass and just before the viewer is
  stopped (SIGTERM to its process group, SIGKILL after 2 s).

Prints one JSON object on stdout. Exit status 0 when measured, 3 when the timeout passed (the JSON says
what was seen), 1 when the viewer exited on its own or could not be measured.
"""
import argparse
import ctypes
import ctypes.util
import json
import os
import select
import signal
import struct
import subprocess
import sys
import time
import zlib

IN_CLOSE_WRITE, IN_CLOSE_NOWRITE, IN_MOVED_TO = 0x08, 0x10, 0x80
IN_NONBLOCK, IN_CLOEXEC = 0o4000, 0o2000000
MAP_NOTIFY = 19
SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
Z_PIXMAP = 2


class FileWatch:
    """inotify on a few directories; remembers first write-close and first read-close time per file."""

    def __init__(self, watches, clock):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        self.fd = self.libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        self.clock = clock
        self.labels = {}
        self.written = {}
        self.read = {}
        self.last_event = None
        for label, path in watches:
            wd = self.libc.inotify_add_watch(self.fd, os.fsencode(path),
                                             IN_CLOSE_WRITE | IN_CLOSE_NOWRITE | IN_MOVED_TO)
            if wd < 0:
                raise OSError(ctypes.get_errno(), f"inotify_add_watch {path}")
            self.labels[wd] = label
            self.written.setdefault(label, {})
            self.read.setdefault(label, {})

    def drain(self):
        now = self.clock()
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return
            pos = 0
            while pos + 16 <= len(data):
                wd, mask, _cookie, length = struct.unpack_from("iIII", data, pos)
                name = data[pos + 16:pos + 16 + length].rstrip(b"\0").decode(errors="replace")
                pos += 16 + length
                label = self.labels.get(wd)
                if label is None or not name or name.startswith(".") or name.endswith(".part"):
                    continue
                self.last_event = now
                if mask & (IN_CLOSE_WRITE | IN_MOVED_TO):
                    self.written[label].setdefault(name, now)
                elif mask & IN_CLOSE_NOWRITE:
                    self.read[label].setdefault(name, now)


class XProbe:
    """An Xlib connection that sees top-level windows map and captures a window's pixels."""

    def __init__(self, display):
        self.x = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        x = self.x
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
        x.XConnectionNumber.argtypes = [ctypes.c_void_p]
        x.XPending.argtypes = [ctypes.c_void_p]
        x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XGetImage.restype = ctypes.c_void_p
        x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x.XDestroyImage.argtypes = [ctypes.c_void_p]
        x.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_void_p] * 7
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        # A window that vanishes between MapNotify and XGetImage raises BadMatch/BadWindow; the default
        # handler would exit this process, so errors are only counted.
        self.errors = 0
        handler_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)

        def on_error(_dpy, _event):
            self.errors += 1
            return 0

        self._handler = handler_type(on_error)
        x.XSetErrorHandler(self._handler)
        self.dpy = x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise RuntimeError(f"cannot open display {display}")
        self.root = x.XDefaultRootWindow(self.dpy)
        x.XSelectInput(self.dpy, self.root, SUBSTRUCTURE_NOTIFY_MASK)
        x.XSync(self.dpy, 0)
        self.fd = x.XConnectionNumber(self.dpy)
        self.event = ctypes.create_string_buffer(192)
        self.clock = time.monotonic
        self.shm, self.shm_key, self.capture_method = None, None, None
        self.shm_segment = self.attach_shm_segment()

    def mapped_windows(self):
        """Windows (not override-redirect) mapped since the last call, as ids."""
        found = []
        while self.x.XPending(self.dpy) > 0:
            self.x.XNextEvent(self.dpy, self.event)
            etype = struct.unpack_from("i", self.event.raw, 0)[0]
            if etype == MAP_NOTIFY:
                window, override = struct.unpack_from("Li", self.event.raw, 40)
                if not override:
                    found.append(window)
        return found

    def size(self, window):
        root, xy = ctypes.c_ulong(), (ctypes.c_int(), ctypes.c_int())
        wh = (ctypes.c_uint(), ctypes.c_uint())
        bw, depth = ctypes.c_uint(), ctypes.c_uint()
        ok = self.x.XGetGeometry(self.dpy, window, ctypes.byref(root), ctypes.byref(xy[0]), ctypes.byref(xy[1]),
                                 ctypes.byref(wh[0]), ctypes.byref(wh[1]), ctypes.byref(bw), ctypes.byref(depth))
        return (wh[0].value, wh[1].value) if ok else None

    def capture_crc(self, window, width, height):
        """Captures the window's pixels; returns (seconds when the capture came back, CRC-32), or None.

        Through MIT-SHM when the server has it (the server copies the pixels into shared memory and sends a short
        reply: ~3 ms for 1920x1080 instead of ~20 ms to send 8 MB over the socket, which also kept the probe and the
        X server busy on a core the viewers need); else XGetImage. The time is taken when the pixels are in hand,
        before they are hashed."""
        shm = self.shm_image(window, width, height)
        if shm is not None:
            image, size = shm
            if not self.xext.XShmGetImage(self.dpy, window, image, 0, 0, 0xFFFFFFFF):
                return None
            taken = self.clock()
            data_ptr = ctypes.c_void_p.from_address(image + 16).value
            return taken, zlib.crc32((ctypes.c_char * size).from_address(data_ptr))
        image = self.x.XGetImage(self.dpy, window, 0, 0, width, height, 0xFFFFFFFF, Z_PIXMAP)
        taken = self.clock()
        if not image:
            return None
        data_ptr = ctypes.c_void_p.from_address(image + 16).value
        bytes_per_line = ctypes.c_int.from_address(image + 44).value
        crc = zlib.crc32(ctypes.string_at(data_ptr, bytes_per_line * height))
        self.x.XDestroyImage(image)
        return taken, crc

    def shm_image(self, window, width, height):
        """An XShm image for captures of `window` at this size, as (XImage pointer, bytes), in the shared segment
        attached when the probe started; None when MIT-SHM cannot be used (then captures use XGetImage)."""
        key = (window, width, height)
        if self.shm_key != key:
            self.shm, self.shm_key = None, key
            if self.shm_segment is not None:
                try:
                    self.shm = self.make_shm_image(window, width, height)
                except OSError:
                    self.shm = None
            self.capture_method = "shm" if self.shm is not None else "getimage"
        return self.shm

    def attach_shm_segment(self):
        """Loads libXext and attaches a shared segment as big as the screen, before the viewer starts (so the first
        capture after the map costs no set-up); None without MIT-SHM."""
        try:
            xext = ctypes.CDLL(ctypes.util.find_library("Xext") or "libXext.so.6")
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        except OSError:
            return None
        xext.XShmQueryExtension.argtypes = [ctypes.c_void_p]
        xext.XShmCreateImage.restype = ctypes.c_void_p
        xext.XShmCreateImage.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_void_p,
                                         ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint]
        xext.XShmAttach.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        xext.XShmGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                      ctypes.c_ulong]
        libc.shmget.argtypes = [ctypes.c_int, ctypes.c_size_t, ctypes.c_int]
        libc.shmat.restype = ctypes.c_void_p
        libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
        libc.shmctl.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
        self.x.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_void_p]
        self.x.XDisplayWidth.argtypes = self.x.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
        if not xext.XShmQueryExtension(self.dpy):
            return None
        size = self.x.XDisplayWidth(self.dpy, 0) * self.x.XDisplayHeight(self.dpy, 0) * 4
        shmid = libc.shmget(0, size, 0o1600)   # IPC_PRIVATE, IPC_CREAT | 0600
        if shmid < 0:
            return None
        addr = libc.shmat(shmid, None, 0)
        libc.shmctl(shmid, 0, None)   # IPC_RMID: the segment goes when both sides detach
        if addr in (None, ctypes.c_void_p(-1).value):
            return None
        info = ctypes.create_string_buffer(32)   # XShmSegmentInfo: shmseg, shmid, shmaddr, readOnly
        struct.pack_into("iP", info, 8, shmid, addr)
        errors = self.errors
        if not xext.XShmAttach(self.dpy, info) or (self.x.XSync(self.dpy, 0), self.errors)[1] != errors:
            return None
        self.xext = xext
        return info, addr, size

    def make_shm_image(self, window, width, height):
        info, addr, capacity = self.shm_segment
        # The window's visual and depth (XWindowAttributes on x86_64: depth at offset 20, visual at 24).
        attributes = ctypes.create_string_buffer(256)
        if not self.x.XGetWindowAttributes(self.dpy, window, attributes):
            raise OSError("XGetWindowAttributes")
        depth = struct.unpack_from("i", attributes.raw, 20)[0]
        visual = struct.unpack_from("P", attributes.raw, 24)[0]
        image = self.xext.XShmCreateImage(self.dpy, visual, depth, Z_PIXMAP, None, info, width, height)
        if not image:
            raise OSError("XShmCreateImage")
        size = ctypes.c_int.from_address(image + 44).value * height
        if size > capacity:
            raise OSError("window larger than the screen")
        ctypes.c_void_p.from_address(image + 16).value = addr
        return image, size


def peak_rss(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def stop(proc):
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=2)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()


def measure(args):
    watches = []
    for item in args.watch:
        label, _, path = item.partition("=")
        watches.append((label, path))
    t0 = None

    def clock():
        return time.monotonic() - t0

    xprobe = XProbe(args.display)
    t0 = time.monotonic()
    files = FileWatch(watches, clock)
    env = dict(os.environ, DISPLAY=args.display)
    proc = subprocess.Popen(args.command, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    result = {"command": args.command, "pid": proc.pid, "t0Monotonic": t0}

    def on_signal(signum, _frame):
        stop(proc)
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    window, size, map_time = None, None, None
    frames = []              # (seconds, crc)
    last_change = 0.0
    hwm = None
    status = 0
    next_capture = 0.0
    try:
        while True:
            now = clock()
            rss = peak_rss(proc.pid)
            hwm = rss if rss is not None else hwm
            if proc.poll() is not None:
                result["exitedEarly"] = proc.returncode
                status = 1
                break
            for w in xprobe.mapped_windows():
                if window is None:
                    window, map_time = w, now
                    last_change = now
            if window is not None and size is None:
                size = xprobe.size(window)
            if size and now >= next_capture:
                captured = xprobe.capture_crc(window, size[0], max(1, size[1] - args.ignore_bottom))
                if captured is not None:
                    taken, crc = captured[0] - t0, captured[1]
                    if not frames or frames[-1][1] != crc:
                        last_change = taken
                    frames.append((taken, crc))
                next_capture = clock() + args.interval
            files.drain()
            quiet_since = max(last_change, files.last_event or 0.0)
            if map_time is not None and frames and now - quiet_since >= args.settle:
                break
            if now >= args.timeout:
                result["timedOut"] = True
                status = 3
                break
            wait = max(0.0, min(args.interval, (next_capture - clock()) if size else args.interval))
            select.select([files.fd, xprobe.fd], [], [], wait)
        rss = peak_rss(proc.pid)
        hwm = rss if rss is not None else hwm
    finally:
        stop(proc)
    stderr = proc.stderr.read().decode(errors="replace").strip() if proc.stderr else ""
    if stderr:
        result["stderr"] = stderr[-2000:]

    result["mapSeconds"] = map_time
    result["windowSize"] = list(size) if size else None
    result["captures"] = len(frames)
    if frames:
        final = frames[-1][1]
        first_final = frames[-1][0]
        for taken, crc in reversed(frames):
            if crc != final:
                break
            first_final = taken
        gaps = sorted(b[0] - a[0] for a, b in zip(frames, frames[1:]))
        result["finalFrameSeconds"] = first_final
        result["firstCaptureSeconds"] = frames[0][0]
        result["frameResolutionSeconds"] = gaps[len(gaps) // 2] if gaps else None
        result["distinctFrames"] = len({crc for _, crc in frames})
        result["frameChangeSeconds"] = [t for (t, crc), (_, prev) in zip(frames[1:], frames) if crc != prev]
    result["peakRSSBytes"] = hwm
    result["files"] = {
        label: {"written": sorted(files.written[label].values()), "read": sorted(files.read[label].values())}
        for label in files.written
    }
    result["xErrors"] = xprobe.errors
    result["captureMethod"] = xprobe.capture_method
    print(json.dumps(result))
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--display", required=True)
    parser.add_argument("--watch", action="append", default=[], metavar="LABEL=DIR")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds (default 120)")
    parser.add_argument("--settle", type=float, default=1.5,
                        help="seconds without a new frame or file event that end the run (default 1.5)")
    parser.add_argument("--interval", type=float, default=0.05, help="seconds between captures (default 0.05)")
    parser.add_argument("--ignore-bottom", type=int, default=0, metavar="PX",
                        help="rows at the bottom of the window left out of the captures (a status bar)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.command and args.command[0] == "--":
        args.command = args.command[1:]
    if not args.command:
        parser.error("no command given")
    return measure(args)


if __name__ == "__main__":
    sys.exit(main())
