"""Make the application icon from the project's own card art.

``python build/icon.py [OUT_DIR]`` renders the classic ace of spades (``game/assets/cards/classic/AS.svg``)
with pygame, centred on a transparent square, and writes into ``OUT_DIR`` (default
``build/work/icon``):

* ``solitaire.png`` (256 px, for Linux and the window) plus ``solitaire-<N>.png`` per size,
* ``solitaire.ico`` (Windows: PNG-compressed entries, 16 to 256 px),
* ``solitaire.icns`` (macOS: PNG-in-ICNS chunks, 16 to 1024 px).

The ICO and ICNS writers are a few lines of pure Python; nothing beyond pygame-ce is needed.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_SVG = ROOT / "game" / "assets" / "cards" / "classic" / "AS.svg"
DEFAULT_OUT = ROOT / "build" / "work" / "icon"
NAME = "solitaire"

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS chunk type for each PNG size (16/32 px are the "icp4"/"icp5" PNG types).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def render_png(size: int, svg: Path = SOURCE_SVG) -> bytes:
    """The card drawn to fit a ``size`` x ``size`` transparent square, as PNG bytes."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import io

    import pygame

    ratio = 250 / 350  # the card art's width : height
    height = size
    width = max(1, round(size * ratio))
    card = pygame.image.load_sized_svg(str(svg), (width, height))
    square = pygame.Surface((size, size), pygame.SRCALPHA, 32)
    square.fill((0, 0, 0, 0))
    square.blit(card, ((size - card.get_width()) // 2, (size - card.get_height()) // 2))
    buf = io.BytesIO()
    pygame.image.save(square, buf, "icon.png")
    data = buf.getvalue()
    if not data.startswith(PNG_MAGIC):
        raise RuntimeError("pygame did not write a PNG")
    return data


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose entries are PNG images (supported since Windows Vista)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s >= 256 else s  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns made of PNG chunks."""
    body = b""
    for s in sorted(pngs):
        kind = ICNS_TYPES[s]
        body += kind + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(out_dir: Path = DEFAULT_OUT) -> dict[str, Path]:
    """Write the PNG, ICO and ICNS icons into ``out_dir``; returns their paths by kind."""
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes = sorted(set(ICO_SIZES) | set(ICNS_TYPES))
    pngs = {s: render_png(s) for s in sizes}
    paths = {
        "png": out_dir / f"{NAME}.png",
        "ico": out_dir / f"{NAME}.ico",
        "icns": out_dir / f"{NAME}.icns",
    }
    paths["png"].write_bytes(pngs[256])
    for s in (16, 32, 48, 64, 128, 256, 512):
        (out_dir / f"{NAME}-{s}.png").write_bytes(pngs[s])
    paths["ico"].write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    paths["icns"].write_bytes(icns_bytes({s: pngs[s] for s in ICNS_TYPES}))
    return paths


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else DEFAULT_OUT
    for kind, path in make_icons(out).items():
        print(f"{kind}: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
