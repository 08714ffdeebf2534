#!/usr/bin/env python3
"""Draws static/favicon.ico from the shapes of static/icon.svg (a denaro on the
accent red), for browsers and tools that ask for /favicon.ico and read no SVG."""
import struct, zlib, sys

RED, GOLD, CREAM = (0x8a, 0x1c, 0x1c), (0xf3, 0xc9, 0x69), (0xfd, 0xfb, 0xf6)

def colour(x, y):
    """The SVG's 32-unit shapes, painted bottom to top."""
    # rounded square, radius 6
    cx, cy = min(max(x, 6), 26), min(max(y, 6), 26)
    if (x - cx) ** 2 + (y - cy) ** 2 > 36:
        return None
    d = ((x - 16) ** 2 + (y - 16) ** 2) ** 0.5
    if d <= 1.6:
        return RED
    if 3.9 <= d <= 6.1:
        return RED
    if d <= 9.5:
        return GOLD
    if d <= 11.5:
        return CREAM if d > 9.5 else GOLD
    return RED

def pixels(size, samples=4):
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            acc, hits = [0, 0, 0], 0
            for sy in range(samples):
                for sx in range(samples):
                    x = (px + (sx + 0.5) / samples) * 32 / size
                    y = (py + (sy + 0.5) / samples) * 32 / size
                    c = colour(x, y)
                    if c:
                        hits += 1
                        for i in range(3):
                            acc[i] += c[i]
            n = samples * samples
            if hits:
                row += bytes(round(a / hits) for a in acc) + bytes([round(255 * hits / n)])
            else:
                row += bytes(4)
        rows.append(bytes(row))
    return rows

def png(size):
    raw = b"".join(b"\0" + r for r in pixels(size))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

images = [(s, png(s)) for s in (16, 32)]
out = struct.pack("<HHH", 0, 1, len(images))
offset = 6 + 16 * len(images)
for size, data in images:
    out += struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(data), offset)
    offset += len(data)
out += b"".join(data for _, data in images)
open(sys.argv[1] if len(sys.argv) > 1 else "static/favicon.ico", "wb").write(out)
# a preview for looking at
open("/tmp/favicon-preview.png", "wb").write(png(128))
