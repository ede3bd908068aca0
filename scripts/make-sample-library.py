#!/usr/bin/env python3
"""Builds PhotoStack's sample library in assets/library/.

Generated photos: numpy renders smooth scenes (gradients, shapes, patterns — no noise), ImageMagick's
/usr/bin/convert saves them as JPEG quality 85, at most 1024 px. Real photos: public-domain / CC0 images
shipped by scikit-image (pass --skimage DIR pointing at skimage/data from `pip download scikit-image`);
sources and licences are listed in assets/LICENSES.md.

usage: scripts/make-sample-library.py [--skimage DIR] [--out assets/library]
"""
import argparse
import math
import os
import shutil
import struct
import subprocess
import tempfile

import numpy as np

W, H = 1024, 683


def grid(w=W, h=H):
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    return x / (w - 1), y / (h - 1)


def mix(a, b, t):
    t = np.clip(t, 0, 1)[..., None]
    return np.array(a, np.float32) * (1 - t) + np.array(b, np.float32) * t


def disc(img, cx, cy, r, color, soft=0.004):
    h, w, _ = img.shape
    x, y = grid(w, h)
    d = np.sqrt(((x - cx) * w / h) ** 2 + (y - cy) ** 2)
    a = np.clip((r - d) / soft, 0, 1)[..., None]
    img[:] = img * (1 - a) + np.array(color, np.float32) * a


def sky(top, bottom, w=W, h=H):
    _, y = grid(w, h)
    return mix(top, bottom, y)


def sunset(seed):
    rng = np.random.default_rng(seed)
    img = sky((40 + 30 * seed % 60, 30, 90), (250, 150 + 10 * seed % 60, 80))
    disc(img, 0.3 + 0.1 * seed % 5, 0.55, 0.12, (255, 230, 150))
    x, y = grid()
    for k in range(3):
        ridge = 0.65 + 0.08 * k + 0.05 * np.sin(x * (4 + k + rng.random() * 3) + rng.random() * 6)
        a = (y > ridge)[..., None]
        img = np.where(a, np.array((60 - 15 * k, 30 + 5 * k, 70 - 10 * k), np.float32), img)
    return img


def sea(seed):
    img = sky((120, 180, 235), (230, 240, 250))
    x, y = grid()
    horizon = 0.5 + 0.03 * (seed % 3)
    water = mix((20, 90, 150), (60, 160, 190), (y - horizon) / (1 - horizon))
    waves = 0.5 + 0.5 * np.sin(60 * y + 8 * np.sin(6 * x + seed))
    water = water + (waves * 18 * (y - horizon))[..., None]
    img = np.where((y > horizon)[..., None], water, img)
    sand = 0.82 + 0.04 * np.sin(5 * x + seed)
    img = np.where((y > sand)[..., None], mix((235, 210, 160), (220, 190, 140), y), img)
    disc(img, 0.75 - 0.1 * seed, 0.2, 0.07, (255, 250, 220))
    return img


def forest(seed):
    img = sky((200, 215, 235), (245, 248, 252))
    rng = np.random.default_rng(100 + seed)
    x, y = grid()
    img = np.where((y > 0.78)[..., None], np.array((248, 250, 255), np.float32), img)
    for _ in range(14):
        cx, base, hgt, wid = rng.random(), 0.8 + 0.15 * rng.random(), 0.35 + 0.3 * rng.random(), 0.05 + 0.04 * rng.random()
        tip = base - hgt
        inside = (y > tip) & (y < base) & (np.abs(x - cx) < wid * (y - tip) / hgt)
        shade = 40 + 40 * rng.random()
        img = np.where(inside[..., None], np.array((shade * 0.5, shade + 30, shade * 0.7), np.float32), img)
        snow = inside & (np.sin((y - tip) * 60) > 0.6)
        img = np.where(snow[..., None], np.array((240, 245, 255), np.float32), img)
    return img


def lanterns(seed):
    img = sky((60, 5, 10), (140, 20, 20))
    rng = np.random.default_rng(200 + seed)
    for _ in range(6 + seed):
        cx, cy, r = 0.1 + 0.8 * rng.random(), 0.2 + 0.5 * rng.random(), 0.05 + 0.05 * rng.random()
        disc(img, cx, cy + 0.01, r * 1.15, (255, 200, 60), soft=0.02)
        disc(img, cx, cy, r, (230, 40, 30))
        disc(img, cx, cy, r * 0.35, (255, 215, 90))
    return img


def mountains(seed):
    img = sky((90, 140, 200), (220, 230, 240))
    x, y = grid()
    for k in range(4):
        ridge = 0.35 + 0.13 * k + 0.12 * np.abs(np.sin(x * (3 + k) + seed * 1.7 + k))
        col = mix((110, 120, 150), (40, 70, 60), np.full_like(x, k / 3))
        img = np.where((y > ridge)[..., None], col, img)
        cap = (y > ridge) & (y < ridge + 0.03) & (k == 0)
        img = np.where(cap[..., None], np.array((250, 250, 255), np.float32), img)
    return img


def autumn(seed):
    img = sky((250, 225, 170), (200, 120, 60))
    rng = np.random.default_rng(300 + seed)
    for _ in range(40):
        c = [(220, 90, 30), (240, 170, 40), (180, 50, 30), (200, 140, 60)][rng.integers(4)]
        disc(img, rng.random(), rng.random(), 0.02 + 0.05 * rng.random(), c, soft=0.01)
    return img


def night(seed):
    img = sky((5, 10, 40), (40, 40, 90))
    rng = np.random.default_rng(400 + seed)
    for _ in range(60):
        disc(img, rng.random(), rng.random() * 0.7, 0.002 + 0.003 * rng.random(), (255, 255, 230), soft=0.003)
    disc(img, 0.7, 0.25, 0.08, (245, 240, 210), soft=0.01)
    disc(img, 0.73, 0.23, 0.075, (5 + 10 * seed, 10, 45), soft=0.01)
    x, y = grid()
    img = np.where((y > 0.8 + 0.03 * np.sin(9 * x))[..., None], np.array((10, 15, 20), np.float32), img)
    return img


def pattern(seed):
    x, y = grid()
    if seed % 3 == 0:
        t = 0.5 + 0.5 * np.sin((14 + 4 * seed) * (x + y * (0.3 + 0.2 * seed)) + seed)
        img = mix((30, 60, 120), (250, 200, 80), t)
    elif seed % 3 == 1:
        r = np.sqrt((x - 0.5) ** 2 * (W / H) ** 2 + (y - 0.5) ** 2)
        img = mix((250, 240, 230), (200, 60, 90), 0.5 + 0.5 * np.sin((30 + 8 * seed) * r - seed))
    else:
        cell = ((np.floor(x * (8 + seed)) + np.floor(y * (5 + seed // 2))) % 2)
        img = mix((40, 40, 40), (230, 230, 220), cell)
        disc(img, 0.5, 0.5, 0.25, (40, 150 - 10 * seed, 120 + 10 * seed))
    return img


def tower_portrait():
    """A portrait scene (683×1024): a lighthouse; stored rotated for orientation 6."""
    w, h = H, W
    img = sky((110, 170, 230), (220, 235, 250), w, h)
    x, y = grid(w, h)
    img = np.where((y > 0.75)[..., None], mix((30, 90, 150), (20, 60, 110), y), img)
    body = (np.abs(x - 0.5) < 0.06 + 0.04 * (y - 0.25)) & (y > 0.25) & (y < 0.8)
    stripes = (np.floor((y - 0.25) * 14) % 2 == 0)
    img = np.where((body & stripes)[..., None], np.array((220, 40, 40), np.float32), img)
    img = np.where((body & ~stripes)[..., None], np.array((250, 250, 250), np.float32), img)
    disc(img, 0.5, 0.22, 0.05, (255, 230, 120))
    return img


def exif_orientation_app1(orientation):
    tiff = b"II" + struct.pack("<HI", 42, 8) + struct.pack("<H", 1)
    tiff += struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack("<I", 0)
    payload = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def save_jpeg(img, path, orientation=None):
    arr = np.clip(img, 0, 255).astype(np.uint8)
    with tempfile.NamedTemporaryFile(suffix=".ppm", delete=False) as f:
        f.write(b"P6 %d %d 255\n" % (arr.shape[1], arr.shape[0]) + arr.tobytes())
        ppm = f.name
    subprocess.run(["/usr/bin/convert", ppm, "-strip", "-quality", "85", "-sampling-factor", "2x2", path], check=True)
    os.unlink(ppm)
    if orientation:
        data = open(path, "rb").read()
        open(path, "wb").write(data[:2] + exif_orientation_app1(orientation) + data[2:])


GENERATED = {
    "Summer Holidays": [("sunset", sunset, range(5))],
    "Praia do Norte": [("praia", sea, range(4))],
    "Зимний лес": [("лес", forest, range(4))],
    "رحلة إلى البحر": [("بحر", sea, range(6, 9))],
    "春节": [("灯笼", lanterns, range(4))],
    "Горы Алтая": [("горы", mountains, range(5))],
    "秋天的公园": [("秋天", autumn, range(3))],
    "السماء ليلا": [("ليل", night, range(3))],
    "Geometry": [("pattern", pattern, range(6))],
}

# (album, source file in skimage/data, output name, keep as PNG?)
REAL = [
    ("Space Launches", "rocket.jpg", "dscovr-launch.jpg", False),
    ("Space Launches", "astronaut.png", "eileen-collins.jpg", False),
    ("Space Launches", "hubble_deep_field.jpg", "hubble-deep-field.jpg", False),
    ("Gatos e Café", "chelsea.png", "chelsea.png", True),
    ("Gatos e Café", "coffee.png", "coffee.jpg", False),
    ("Black and White", "camera.png", "camera.jpg", False),
    ("Black and White", "brick.png", "brick.jpg", False),
    ("Black and White", "grass.png", "grass.jpg", False),
    ("Black and White", "gravel.png", "gravel.jpg", False),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--skimage", help="path to skimage/data (from the scikit-image wheel)")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "assets", "library"))
    args = parser.parse_args()
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    for album, series in GENERATED.items():
        os.makedirs(os.path.join(out, album), exist_ok=True)
        for prefix, fn, seeds in series:
            for n, seed in enumerate(seeds, start=1):
                save_jpeg(fn(seed), os.path.join(out, album, f"{prefix}-{n}.jpg"))
    # The EXIF-rotated photo: stored landscape, tagged orientation 6 (rotate 90° clockwise to display).
    portrait = tower_portrait()
    stored = np.rot90(portrait, k=1)  # 90° counter-clockwise: orientation 6 turns it back upright
    save_jpeg(stored, os.path.join(out, "Summer Holidays", "lighthouse-exif-rotated.jpg"), orientation=6)
    if args.skimage:
        for album, source, name, keep_png in REAL:
            os.makedirs(os.path.join(out, album), exist_ok=True)
            src, dst = os.path.join(args.skimage, source), os.path.join(out, album, name)
            if keep_png:
                shutil.copyfile(src, dst)
            else:
                subprocess.run(["/usr/bin/convert", src, "-strip", "-quality", "85", dst], check=True)


if __name__ == "__main__":
    main()
