"""Which characters a TrueType font has glyphs for, read from its ``cmap`` table.

pygame cannot say: ``Font.metrics`` returns the missing-glyph box's metrics for a character
the font lacks. The two subtable formats read here (4: the Basic Multilingual Plane in
segments; 12: all of Unicode in groups) are the ones Unicode fonts carry.
"""

from __future__ import annotations

import struct
from pathlib import Path


def covered(path: str | Path) -> frozenset[int]:
    """The code points ``path``'s Unicode cmap subtables map to a real glyph (not glyph 0)."""
    data = Path(path).read_bytes()
    cmap = _table(data, b"cmap")
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    points: set[int] = set()
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        if (platform, encoding) not in ((0, 3), (0, 4), (3, 1), (3, 10)):
            continue  # not a Unicode subtable
        start = cmap + offset
        form = struct.unpack_from(">H", data, start)[0]
        if form == 4:
            points |= _format_4(data, start)
        elif form == 12:
            points |= _format_12(data, start)
    return frozenset(points)


def _table(data: bytes, tag: bytes) -> int:
    """The offset of table ``tag`` in the font file."""
    count = struct.unpack_from(">H", data, 4)[0]
    for i in range(count):
        name, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if name == tag:
            return int(offset)
    raise ValueError(f"the font has no {tag.decode()} table")


def _format_4(data: bytes, start: int) -> set[int]:
    segments = struct.unpack_from(">H", data, start + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, start + 14)
    starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
    range_at = start + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, range_at)
    points: set[int] = set()
    for k in range(segments):
        for code in range(starts[k], ends[k] + 1):
            if code == 0xFFFF:
                continue
            if ranges[k] == 0:
                glyph = (code + deltas[k]) & 0xFFFF
            else:
                at = range_at + 2 * k + ranges[k] + 2 * (code - starts[k])
                glyph = struct.unpack_from(">H", data, at)[0]
                glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
            if glyph:
                points.add(code)
    return points


def _format_12(data: bytes, start: int) -> set[int]:
    groups = struct.unpack_from(">I", data, start + 12)[0]
    points: set[int] = set()
    for g in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * g)
        # glyph ids run on from ``glyph``; id 0 is the missing-glyph box
        points.update(code for code in range(first, last + 1) if glyph + code - first)
    return points
