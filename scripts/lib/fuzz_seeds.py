#!/usr/bin/env python3
"""Generates the seed corpora of scripts/fuzz.sh: small JPEGs and PNGs of every layout the decoders handle
(made with ImageMagick's `convert`), JPEGs with EXIF segments (orientation, embedded thumbnails, both byte
orders) and the hostile files of issue 16 (a PNG whose text chunk claims 1.9 GB, a 2^29-pixel-wide PNG, a fake
10000x10000 EXIF thumbnail, truncated files), JPEGs and PNGs carrying colour profiles, and the ICC profiles of
Debian's colord-data and ghostscript (RGB, grey, CMYK, Lab). Usage: fuzz_seeds.py OUT_DIR  (writes
OUT_DIR/{jpeg,png,exif,icc})."""
import os
import struct
import subprocess
import sys
import tempfile
import zlib


def convert(args, out):
    subprocess.run(["convert"] + args + [out], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out, "rb") as f:
        return f.read()


def chunk(kind, data, claimed=None, crc=True):
    out = struct.pack(">I", len(data) if claimed is None else claimed) + kind + data
    return out + (struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF) if crc else b"")


SIG = b"\x89PNG\r\n\x1a\n"


def png(width, height, color_type, depth, rows, texts=(), level=6):
    raw = b"".join(b"\x00" + r for r in rows)
    body = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0))
    for k, v in texts:
        body += chunk(b"tEXt", k + b"\x00" + v)
    body += chunk(b"IDAT", zlib.compress(raw, level)) + chunk(b"IEND", b"")
    return SIG + body


def exif(orientation=None, thumbnail=None, big_endian=False):
    e = ">" if big_endian else "<"
    t = (b"MM" if big_endian else b"II") + struct.pack(e + "HI", 42, 8)
    entries = 0 if orientation is None else 1
    t += struct.pack(e + "H", entries)
    if orientation is not None:
        t += struct.pack(e + "HHIHH", 0x0112, 3, 1, orientation, 0)
    ifd1 = 8 + 2 + entries * 12 + 4
    t += struct.pack(e + "I", ifd1 if thumbnail else 0)
    if thumbnail:
        data_offset = ifd1 + 2 + 2 * 12 + 4
        t += struct.pack(e + "H", 2) + struct.pack(e + "HHII", 0x0201, 4, 1, data_offset)
        t += struct.pack(e + "HHII", 0x0202, 4, 1, len(thumbnail)) + struct.pack(e + "I", 0) + thumbnail
    return b"Exif\x00\x00" + t


def with_app1(jpeg, payload):
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + jpeg[2:]


def claiming(jpeg, width, height):
    b = bytearray(jpeg)
    for i in range(len(b) - 9):
        if b[i] == 0xFF and b[i + 1] in (0xC0, 0xC2):
            b[i + 5:i + 9] = struct.pack(">HH", height, width)
            break
    return bytes(b)


def main():
    out = sys.argv[1]
    for d in ("jpeg", "png", "exif", "icc"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    seeds = {"jpeg": {}, "png": {}, "exif": {}, "icc": {}}
    for folder in ("/usr/share/color/icc/colord", "/usr/share/color/icc/ghostscript"):
        if os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                with open(os.path.join(folder, name), "rb") as f:
                    data = f.read()
                if len(data) <= 64 * 1024:
                    seeds["icc"][os.path.basename(folder) + "-" + name] = data
    adobe = "/usr/share/color/icc/colord/AdobeRGB1998.icc"
    cmyk = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
    with tempfile.TemporaryDirectory() as tmp:
        j = lambda name, args: convert(["-size", "48x32"] + args, os.path.join(tmp, name))
        base = j("base.jpg", ["gradient:red-blue", "-quality", "80"])
        seeds["jpeg"]["baseline.jpg"] = base
        seeds["jpeg"]["progressive.jpg"] = j("p.jpg", ["gradient:green-white", "-interlace", "JPEG"])
        seeds["jpeg"]["gray.jpg"] = j("g.jpg", ["gradient:", "-colorspace", "Gray"])
        seeds["jpeg"]["cmyk.jpg"] = j("c.jpg", ["gradient:yellow-cyan", "-colorspace", "CMYK"])
        seeds["jpeg"]["444.jpg"] = j("s.jpg", ["plasma:", "-sampling-factor", "1x1"])
        seeds["jpeg"]["restart.jpg"] = j("r.jpg", ["plasma:", "-define", "jpeg:restart-interval=1"])
        # The layouts the 1/8-scale DC decoder takes (4:2:2, 4:4:0, restarts with subsampling, odd sizes).
        seeds["jpeg"]["422.jpg"] = j("s422.jpg", ["plasma:", "-sampling-factor", "2x1"])
        seeds["jpeg"]["440.jpg"] = j("s440.jpg", ["plasma:", "-sampling-factor", "1x2"])
        # Restart intervals: ImageMagick does not write them, cjpeg (libjpeg-turbo-progs) does.
        ppm = os.path.join(tmp, "src.ppm")
        convert(["-size", "48x32", "plasma:"], ppm)
        for name, args in (("420-restart.jpg", ["-sample", "2x2", "-restart", "1B"]),
                           ("422-restart.jpg", ["-sample", "2x1", "-restart", "3B"]),
                           ("gray-restart.jpg", ["-grayscale", "-restart", "1"])):
            path = os.path.join(tmp, name)
            subprocess.run(["cjpeg", "-quality", "85"] + args + ["-outfile", path, ppm], check=True)
            with open(path, "rb") as f:
                seeds["jpeg"][name] = f.read()
        seeds["jpeg"]["odd-size.jpg"] = convert(["-size", "37x23", "plasma:", "-quality", "95"], os.path.join(tmp, "odd.jpg"))
        thumb = convert(["-size", "12x8", "gradient:red-blue", "-quality", "60"], os.path.join(tmp, "t.jpg"))
        for o in (1, 3, 6, 8):
            seeds["jpeg"][f"exif-{o}.jpg"] = with_app1(base, exif(o, thumb, big_endian=(o % 2 == 0)))
        seeds["jpeg"]["fake-thumbnail.jpg"] = with_app1(base, exif(1, claiming(thumb, 10000, 10000)))
        seeds["jpeg"]["truncated.jpg"] = base[: len(base) // 2]
        seeds["jpeg"]["claims-30000.jpg"] = claiming(base, 30000, 30000)
        p = lambda name, args: convert(["-size", "24x16"] + args, os.path.join(tmp, name))
        seeds["png"]["rgb.png"] = p("rgb.png", ["gradient:red-blue"])
        seeds["png"]["rgba.png"] = p("rgba.png", ["gradient:none-blue"])
        convert(["-size", "24x16", "plasma:", "-colors", "8"], os.path.join(tmp, "pal.gif"))
        seeds["png"]["palette.png"] = convert([os.path.join(tmp, "pal.gif")], os.path.join(tmp, "pal.png"))
        seeds["png"]["gray16.png"] = p("g16.png", ["gradient:", "-colorspace", "Gray", "-depth", "16"])
        seeds["png"]["interlaced.png"] = p("i.png", ["plasma:", "-interlace", "PNG"])
        # Colour profiles embedded: an iCCP, a 16-bit image with one, JPEG APP2 segments, a CMYK JPEG's profile.
        if os.path.exists(adobe):
            seeds["png"]["iccp.png"] = p("iccp.png", ["gradient:red-blue", "-profile", adobe])
            seeds["png"]["iccp16.png"] = p("iccp16.png", ["gradient:red-blue", "-depth", "16", "-profile", adobe])
            seeds["jpeg"]["icc.jpg"] = j("icc.jpg", ["gradient:red-blue", "-profile", adobe])
        if os.path.exists(cmyk):
            seeds["jpeg"]["cmyk-icc.jpg"] = j("cicc.jpg", ["gradient:yellow-cyan", "-profile", cmyk])
    rows = [bytes((x * 10 + y) & 0xFF for x in range(24 * 3)) for y in range(16)]
    seeds["png"]["stored-thumbnail.png"] = png(24, 16, 2, 8, rows, texts=[(b"Thumb::URI", b"file:///a.jpg"), (b"Thumb::MTime", b"1")], level=0)
    seeds["png"]["text-claims-1.9GB.png"] = SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0)) + \
        chunk(b"tEXt", b"Comment\x00" + b"A" * 960, claimed=1_900_000_000, crc=False)
    seeds["png"]["width-2^29.png"] = SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", 1 << 29, 1, 8, 2, 0, 0, 0)) + \
        chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b"")
    seeds["png"]["truncated.png"] = seeds["png"]["rgb.png"][: len(seeds["png"]["rgb.png"]) * 2 // 3]
    for name, data in seeds["jpeg"].items():
        if name.startswith("exif") or name.startswith("fake"):
            seeds["exif"][name] = data
    for o in (1, 6):
        seeds["exif"][f"tiff-{o}.bin"] = exif(o, b"\xff\xd8\xff\xd9", big_endian=(o == 6))[6:]
    for kind, files in seeds.items():
        for name, data in files.items():
            with open(os.path.join(out, kind, name), "wb") as f:
                f.write(data)
    print(f"seeds: {sum(len(v) for v in seeds.values())} files in {out}")


if __name__ == "__main__":
    main()
