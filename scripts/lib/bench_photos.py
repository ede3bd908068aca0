#!/usr/bin/env python3
"""Writes bench photos: cheap variants of a few base images, each piped through cjpeg.

Used by scripts/make-bench-folder.sh; Python 3 standard library only.

    bench_photos.py check DIR N          exit 0 when DIR holds exactly photo-0001..N.jpg, all 3000x2000 JPEGs
    bench_photos.py write DIR N WORKER WORKERS BASE.ppm...
                                         writes photo-i.jpg for i = WORKER+1, WORKER+1+WORKERS, ... <= N

A variant of base b = (i-1) % len(bases) is made with byte-level operations that cost milliseconds on an
18 MB buffer: a roll of the whole pixel stream by a random pixel count (shifts the picture right and down,
wrapping), an optional 180-degree turn (reversing the stream, which also swaps red and blue), and a per-channel
tone curve (gain and gamma). The randomness is seeded by the index, so the folder is reproducible.
Each variant goes to `cjpeg -quality 90 -sample 2x2` (4:2:0, baseline, JFIF header, no EXIF) into a temporary
file that is renamed into place, so an interrupted run never leaves a truncated photo.
"""
import os
import random
import subprocess
import sys

WIDTH, HEIGHT = 3000, 2000


def read_ppm(path):
    """Returns the RGB bytes of an 8-bit binary PPM of WIDTH x HEIGHT."""
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    pos += 1
    magic, w, h, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    if magic != b"P6" or (w, h) != (WIDTH, HEIGHT) or maxval != 255:
        sys.exit(f"{path}: expected an 8-bit P6 PPM of {WIDTH}x{HEIGHT}, got {magic!r} {w}x{h} max {maxval}")
    return data[pos:pos + w * h * 3]


def variant(base, index):
    rng = random.Random(index * 7919)
    shift = rng.randrange(WIDTH * HEIGHT) * 3
    buf = base[shift:] + base[:shift]
    if rng.random() < 0.5:
        buf = buf[::-1]
    buf = bytearray(buf)
    for channel in range(3):
        gain = rng.uniform(0.8, 1.15)
        gamma = rng.uniform(0.8, 1.25)
        lut = bytes(min(255, int(255 * ((v / 255) ** gamma) * gain + 0.5)) for v in range(256))
        buf[channel::3] = buf[channel::3].translate(lut)
    return buf


def name(directory, index):
    return os.path.join(directory, f"photo-{index:04d}.jpg")


def jpeg_size(path):
    """(width, height) from the first SOF marker of a JPEG, or None."""
    try:
        with open(path, "rb") as f:
            data = f.read(65536)
    except OSError:
        return None
    if data[:2] != b"\xff\xd8":
        return None
    pos = 2
    while pos + 9 < len(data):
        if data[pos] != 0xFF:
            return None
        marker = data[pos + 1]
        length = int.from_bytes(data[pos + 2:pos + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2):
            return int.from_bytes(data[pos + 7:pos + 9], "big"), int.from_bytes(data[pos + 5:pos + 7], "big")
        pos += 2 + length
    return None


def check(directory, count):
    try:
        entries = [e for e in os.listdir(directory) if e.endswith(".jpg")]
    except OSError:
        return 1
    expected = {os.path.basename(name(directory, i)) for i in range(1, count + 1)}
    if set(entries) != expected:
        return 1
    for i in range(1, count + 1):
        path = name(directory, i)
        if os.path.getsize(path) < 500_000 or jpeg_size(path) != (WIDTH, HEIGHT):
            return 1
    return 0


def write(directory, count, worker, workers, base_paths):
    bases = [read_ppm(p) for p in base_paths]
    header = f"P6\n{WIDTH} {HEIGHT}\n255\n".encode()
    for index in range(worker + 1, count + 1, workers):
        path = name(directory, index)
        if os.path.exists(path) and os.path.getsize(path) >= 500_000 and jpeg_size(path) == (WIDTH, HEIGHT):
            continue
        tmp = path + ".part"
        with open(tmp, "wb") as out:
            proc = subprocess.Popen(["cjpeg", "-quality", "90", "-sample", "2x2"], stdin=subprocess.PIPE, stdout=out)
            proc.stdin.write(header)
            proc.stdin.write(variant(bases[(index - 1) % len(bases)], index))
            proc.stdin.close()
            if proc.wait() != 0:
                sys.exit(f"cjpeg failed on {path}")
        os.replace(tmp, path)
    return 0


def main(argv):
    if len(argv) >= 3 and argv[0] == "check":
        return check(argv[1], int(argv[2]))
    if len(argv) >= 6 and argv[0] == "write":
        return write(argv[1], int(argv[2]), int(argv[3]), int(argv[4]), argv[5:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
