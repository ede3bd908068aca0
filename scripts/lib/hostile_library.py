#!/usr/bin/env python3
"""Builds the hostile library of issue 16 for scripts/hostile-check.sh: one album "Hostile" holding every hostile
photo (a PNG whose text chunk claims 1.9 GB, a 2^29-pixel-wide PNG, a JPEG whose EXIF thumbnail claims
10000x10000, a sparse 1.9 GB .jpg, a truncated JPEG) and good photos, plus a thumbnail cache (CACHE/thumbnails)
holding a 4096x4096 foreign thumbnail with the right URI and MTime, a 1.9 GB-text-chunk PNG as a thumbnail, and a
thumbnail that is a symbolic link to a FIFO. Usage: hostile_library.py LIBRARY CACHE"""
import hashlib
import os
import struct
import subprocess
import sys
import urllib.parse
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzz_seeds import SIG, chunk, claiming, exif, with_app1  # noqa: E402


def jpeg(path, size, spec="plasma:fractal"):
    subprocess.run(["convert", "-seed", "3", "-size", size, spec, "-quality", "85", path], check=True)
    with open(path, "rb") as f:
        return f.read()


def uri(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path), safe="/!$&'()*+,-.:=@_~")


def thumb_name(path):
    return hashlib.md5(uri(path).encode()).hexdigest() + ".png"


def big_thumbnail(path):
    """A 4096x4096 RGB PNG (deflated: a few kB) with Thumb::URI and Thumb::MTime of `path`."""
    row = b"\x00" + b"\x12\x34\x56" * 4096
    idat = zlib.compress(row * 4096, 9)
    mtime = str(int(os.stat(path).st_mtime)).encode()
    return (SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", 4096, 4096, 8, 2, 0, 0, 0))
            + chunk(b"tEXt", b"Thumb::URI\x00" + uri(path).encode()) + chunk(b"tEXt", b"Thumb::MTime\x00" + mtime)
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def main():
    library, cache = sys.argv[1], sys.argv[2]
    album = os.path.join(library, "Hostile")
    os.makedirs(album, exist_ok=True)
    put = lambda name, data: open(os.path.join(album, name), "wb").write(data)
    good = jpeg(os.path.join(album, "01 good.jpg"), "1600x1200")
    put("02 text chunk 1.9 GB.png", SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
        + chunk(b"tEXt", b"Comment\x00" + b"A" * 960, claimed=1_900_000_000, crc=False))
    put("03 width 2^29.png", SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", 1 << 29, 1, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))
    small = jpeg(os.path.join(album, ".small.jpg"), "16x16", "gradient:gray-white")
    os.remove(os.path.join(album, ".small.jpg"))
    plain = jpeg(os.path.join(album, ".plain.jpg"), "800x600")
    os.remove(os.path.join(album, ".plain.jpg"))
    put("04 exif thumbnail 10000x10000.jpg", with_app1(plain,
                                                       exif(1, claiming(small, 10000, 10000))))

    sparse = os.path.join(album, "05 sparse 1.9 GB.jpg")
    put("05 sparse 1.9 GB.jpg", good[:4096] + good[-2:])
    os.truncate(sparse, 1_900_000_000)
    put("06 truncated.jpg", good[: len(good) // 2])
    for name in ("07 foreign thumbnail.jpg", "08 thumbnail is a text bomb.jpg", "09 thumbnail is a FIFO.jpg", "10 good.jpg"):
        put(name, good)
    for size in ("normal", "large", "x-large", "xx-large"):
        d = os.path.join(cache, "thumbnails", size)
        os.makedirs(d, mode=0o700, exist_ok=True)
        with open(os.path.join(d, thumb_name(os.path.join(album, "07 foreign thumbnail.jpg"))), "wb") as f:
            f.write(big_thumbnail(os.path.join(album, "07 foreign thumbnail.jpg")))
        with open(os.path.join(d, thumb_name(os.path.join(album, "08 thumbnail is a text bomb.jpg"))), "wb") as f:
            f.write(SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
                    + chunk(b"tEXt", b"Thumb::URI\x00" + b"A" * 960, claimed=1_900_000_000, crc=False))
        fifo = os.path.join(cache, "fifo")
        if not os.path.exists(fifo):
            os.mkfifo(fifo, 0o600)
        link = os.path.join(d, thumb_name(os.path.join(album, "09 thumbnail is a FIFO.jpg")))
        if not os.path.lexists(link):
            os.symlink(fifo, link)
    print(f"hostile library: {len(os.listdir(album))} files in {album}; cache {cache}/thumbnails")


if __name__ == "__main__":
    main()
