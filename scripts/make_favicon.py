"""Write the web app's icon: ``static/web/favicon.svg`` and ``static/web/favicon.ico`` (a 32x32
PNG inside an ICO file), drawn here pixel by pixel so that no image tool is needed.

The icon: a 4x4 chessboard, white and the app's accent blue (``--accent`` of app.css), on a
rounded accent square. Run: ``.venv/bin/python scripts/make_favicon.py`` (the output is the same
every time; ``tests/test_web_favicon.py`` checks the committed files are this script's).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "src" / "swisspairing" / "interfaces" / "web" \
    / "static" / "web"
SIZE = 32
RADIUS = 6
BOARD = (4, 28)  # the board's first and last pixel + 1 on each axis
CELL = 6
ACCENT = (0x1F, 0x5F, 0xA8, 255)
WHITE = (255, 255, 255, 255)
CLEAR = (0, 0, 0, 0)


def pixel(x: int, y: int) -> tuple[int, int, int, int]:
    """The colour of pixel (x, y): outside the rounded square clear, the board's light
    squares white, the rest accent."""
    for cx, cy in ((RADIUS, RADIUS), (SIZE - RADIUS - 1, RADIUS), (RADIUS, SIZE - RADIUS - 1),
                   (SIZE - RADIUS - 1, SIZE - RADIUS - 1)):
        corner_x = x < RADIUS if cx == RADIUS else x > SIZE - RADIUS - 1
        corner_y = y < RADIUS if cy == RADIUS else y > SIZE - RADIUS - 1
        if corner_x and corner_y and (x - cx) ** 2 + (y - cy) ** 2 > RADIUS ** 2:
            return CLEAR
    lo, hi = BOARD
    if lo <= x < hi and lo <= y < hi and ((x - lo) // CELL + (y - lo) // CELL) % 2 == 0:
        return WHITE
    return ACCENT


def png() -> bytes:
    """The icon as a PNG (RGBA, 8 bits, no filter)."""
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(SIZE))
                   for y in range(SIZE))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def ico() -> bytes:
    """An ICO file holding the PNG (one 32x32 image)."""
    image = png()
    return (struct.pack("<HHH", 0, 1, 1)
            + struct.pack("<BBBBHHII", SIZE, SIZE, 0, 0, 1, 32, len(image), 6 + 16) + image)


def svg() -> str:
    """The same drawing as a scalable SVG."""
    lo, hi = BOARD
    squares = "".join(
        f'<rect x="{lo + c * CELL}" y="{lo + r * CELL}" width="{CELL}" height="{CELL}"/>'
        for r in range((hi - lo) // CELL) for c in range((hi - lo) // CELL) if (r + c) % 2 == 0)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}">'
            f'<rect width="{SIZE}" height="{SIZE}" rx="{RADIUS}" fill="#1f5fa8"/>'
            f'<g fill="#fff">{squares}</g></svg>\n')


def main() -> None:
    (STATIC / "favicon.ico").write_bytes(ico())
    (STATIC / "favicon.svg").write_text(svg(), encoding="utf-8")


if __name__ == "__main__":
    main()
