"""Writes a minimal DNG around a JPEG preview, as the tests do (Tests/PhotoPipelineTests/RawTestFiles.swift):
IFD0 is the preview (NewSubFileType 1, JPEG, DNGVersion, Make/Model, Orientation) with one SubIFD holding a
32x32 16-bit CFA sensor image. Usage: make_dng.py PREVIEW.jpg WIDTH HEIGHT OUT.dng [ORIENTATION]"""
import struct
import sys


def ifd(entries, start, blocks_at):
    """entries: (tag, type, count, value bytes or ('offset', key)); returns the IFD bytes placed at `start`."""
    entries = sorted(entries)
    out = struct.pack("<H", len(entries))
    extra = b""
    extra_at = start + 2 + 12 * len(entries) + 4
    for tag, kind, count, value in entries:
        out += struct.pack("<HHI", tag, kind, count)
        if isinstance(value, tuple):
            out += struct.pack("<I", blocks_at[value[1]])
        elif len(value) <= 4:
            out += value.ljust(4, b"\0")
        else:
            out += struct.pack("<I", extra_at + len(extra))
            extra += value + (b"\0" if len(value) % 2 else b"")
    return out + struct.pack("<I", 0) + extra


def main():
    preview_path, width, height, out_path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    orientation = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    preview = open(preview_path, "rb").read()
    sensor = b"\x10" * (32 * 32 * 2)
    short = lambda tag, *v: (tag, 3, len(v), b"".join(struct.pack("<H", x) for x in v))
    long = lambda tag, v: (tag, 4, 1, struct.pack("<I", v))
    ascii = lambda tag, s: (tag, 2, len(s) + 1, s.encode() + b"\0")
    first = [long(0xFE, 1), long(0x100, width), long(0x101, height), short(0x102, 8, 8, 8), short(0x103, 7),
             short(0x106, 6), ascii(0x10F, "PhotoStack"), ascii(0x110, "Bench DNG"), (0x111, 4, 1, ("offset", "preview")),
             short(0x112, orientation), short(0x115, 3), long(0x116, height), long(0x117, len(preview)),
             (0x14A, 4, 1, ("offset", "sub")), (0xC612, 1, 4, bytes([1, 4, 0, 0])), ascii(0xC614, "PhotoStack Bench DNG")]
    raw = [long(0xFE, 0), long(0x100, 32), long(0x101, 32), short(0x102, 16), short(0x103, 1), short(0x106, 32803),
           (0x111, 4, 1, ("offset", "sensor")), short(0x115, 1), long(0x116, 32), long(0x117, len(sensor)),
           short(0x828D, 2, 2), (0x828E, 1, 4, bytes([0, 1, 1, 2])), long(0xC61D, 65535)]
    # Two passes: sizes first (offsets do not change sizes), then the real offsets.
    placeholder = {"preview": 0, "sub": 0, "sensor": 0}
    size0 = len(ifd(first, 8, placeholder))
    size1 = len(ifd(raw, 8 + size0, placeholder))
    where = {"sub": 8 + size0, "preview": 8 + size0 + size1}
    where["sensor"] = where["preview"] + len(preview) + len(preview) % 2
    data = b"II*\0" + struct.pack("<I", 8) + ifd(first, 8, where) + ifd(raw, where["sub"], where)
    data += preview + (b"\0" if len(preview) % 2 else b"") + sensor
    open(out_path, "wb").write(data)


if __name__ == "__main__":
    main()
