#!/usr/bin/env python3
"""Generate the card art (SVG) for the solitaire game.

Run as ``python assets/make_cards.py`` from anywhere; it rewrites
``game/assets/cards/<style>/`` (package data, so a wheel carries it) with 52 faces named by their
two-character card text (``AC.svg``, ``TD.svg``, ``KS.svg``...) and
``back.svg`` for every style in :data:`STYLES`.

Everything here is drawn from scratch with plain geometry: the rank glyphs
are a small stroke font defined below, the suit pips are cubic Bezier
outlines, the court figures and the back lattice are built from simple
shapes.  The output only uses SVG features that nanosvg (the renderer behind
``pygame.image.load_sized_svg``) understands: ``<path>`` elements with
inline ``fill``/``stroke`` attributes and absolute ``M``/``L``/``C``/``Z``
commands.  There is no ``<text>``, ``<use>``, CSS, clipping or filter.
All transforms are applied here in Python, so the files carry plain
coordinates.

The script uses the standard library only and is deterministic: the same
version of it always writes byte-identical files.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

# --------------------------------------------------------------------------
# Card constants
# --------------------------------------------------------------------------

OUT = Path(__file__).resolve().parent.parent / "game" / "assets" / "cards"
"""Where the art goes: inside the ``game`` package, whose wheel carries it as package data."""

CARD_W = 250
CARD_H = 350
CORNER_R = 14.0
RANKS = "A23456789TJQK"
SUITS = "CDHS"
CARD_TEXTS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)


@dataclass(frozen=True)
class Style:
    """Colours of one card style."""

    name: str
    suit_colours: dict[str, str]  # suit letter -> "#rrggbb"
    paper: str = "#fffefb"
    border: str = "#8d9299"
    gold: str = "#d9a520"
    gold_dark: str = "#9c7412"
    skin: str = "#f6dcc0"
    ink: str = "#3a2a1c"
    back_field: str = "#1d3d78"
    back_line: str = "#5479bd"
    back_accent: str = "#c9d6ee"
    #: Second colour of the court costumes (sleeves, jack's panel)
    court_second: dict[str, str] = field(default_factory=dict)


STYLES: dict[str, Style] = {
    "classic": Style(
        name="classic",
        suit_colours={"C": "#1b1b1d", "D": "#c8202f", "H": "#c8202f", "S": "#1b1b1d"},
        court_second={"C": "#c8202f", "D": "#2a4b8d", "H": "#2a4b8d", "S": "#c8202f"},
    ),
    # Colour-blind-friendly four-colour deck (Okabe-Ito-like hues).  Checked
    # with the Machado et al. (2009) dichromacy simulations: every pair of
    # suits stays apart under protanopia, deuteranopia and tritanopia, and the
    # two "cool" suits (diamonds, clubs) differ in lightness so that they also
    # separate for tritanopes.
    "fourcolour": Style(
        name="fourcolour",
        suit_colours={"C": "#005a3c", "D": "#1f80e0", "H": "#d55e00", "S": "#161616"},
        court_second={"C": "#79b39d", "D": "#9cc8f2", "H": "#f0b183", "S": "#8c8c8c"},
        back_field="#6b1f2e",
        back_line="#b0566a",
        back_accent="#f0d3d9",
    ),
}

# --------------------------------------------------------------------------
# Geometry: paths are lists of commands in absolute coordinates
#   ("M", (x, y)), ("L", (x, y)), ("C", (x1, y1), (x2, y2), (x, y)), ("Z",)
# Transforms are affine 6-tuples (a, b, c, d, e, f):
#   x' = a*x + c*y + e ;  y' = b*x + d*y + f
# --------------------------------------------------------------------------

Point = tuple[float, float]
Cmd = tuple  # one path command, see above
Path_ = list[Cmd]
Affine = tuple[float, float, float, float, float, float]

IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
KAPPA = 0.5522847498  # cubic Bezier approximation of a quarter circle


def compose(outer: Affine, inner: Affine) -> Affine:
    """Return the transform that applies ``inner`` first, then ``outer``."""
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    )


def translate(dx: float, dy: float) -> Affine:
    """Translation transform."""
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def scale(sx: float, sy: float | None = None) -> Affine:
    """Scale transform about the origin."""
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate180(cx: float, cy: float) -> Affine:
    """Half-turn about ``(cx, cy)``."""
    return (-1.0, 0.0, 0.0, -1.0, 2 * cx, 2 * cy)


def apply(t: Affine, p: Point) -> Point:
    """Transform one point."""
    a, b, c, d, e, f = t
    x, y = p
    return (a * x + c * y + e, b * x + d * y + f)


def transform_path(path: Path_, t: Affine) -> Path_:
    """Transform every point of a path."""
    out: Path_ = []
    for cmd in path:
        out.append((cmd[0], *(apply(t, p) for p in cmd[1:])))
    return out


def fmt(v: float) -> str:
    """Format a coordinate compactly and deterministically."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def path_d(path: Path_) -> str:
    """Serialise a path as SVG path data."""
    parts: list[str] = []
    for cmd in path:
        op = cmd[0]
        if op == "Z":
            parts.append("Z")
        else:
            parts.append(op + " ".join(f"{fmt(x)} {fmt(y)}" for x, y in cmd[1:]))
    return "".join(parts)


def ellipse(cx: float, cy: float, rx: float, ry: float) -> Path_:
    """Closed ellipse as four cubic arcs (always the same winding)."""
    kx, ky = rx * KAPPA, ry * KAPPA
    return [
        ("M", (cx + rx, cy)),
        ("C", (cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry)),
        ("C", (cx - kx, cy + ry), (cx - rx, cy + ky), (cx - rx, cy)),
        ("C", (cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry)),
        ("C", (cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy)),
        ("Z",),
    ]


def circle(cx: float, cy: float, r: float) -> Path_:
    """Closed circle."""
    return ellipse(cx, cy, r, r)


def polygon(points: list[Point]) -> Path_:
    """Closed polygon."""
    path: Path_ = [("M", points[0])]
    path += [("L", p) for p in points[1:]]
    path.append(("Z",))
    return path


def polyline(points: list[Point]) -> Path_:
    """Open polyline."""
    return [("M", points[0])] + [("L", p) for p in points[1:]]


def round_rect(x: float, y: float, w: float, h: float, r: float) -> Path_:
    """Closed rounded rectangle."""
    k = r * (1 - KAPPA)
    x2, y2 = x + w, y + h
    return [
        ("M", (x + r, y)),
        ("L", (x2 - r, y)),
        ("C", (x2 - k, y), (x2, y + k), (x2, y + r)),
        ("L", (x2, y2 - r)),
        ("C", (x2, y2 - k), (x2 - k, y2), (x2 - r, y2)),
        ("L", (x + r, y2)),
        ("C", (x + k, y2), (x, y2 - k), (x, y2 - r)),
        ("L", (x, y + r)),
        ("C", (x, y + k), (x + k, y), (x + r, y)),
        ("Z",),
    ]


def parse(spec: str) -> Path_:
    """Parse a tiny absolute path language: ``M x,y L x,y C x,y x,y x,y Z``."""
    tokens = spec.replace(",", " ").split()
    path: Path_ = []
    i = 0
    sizes = {"M": 1, "L": 1, "C": 3, "Z": 0}
    op = ""
    while i < len(tokens):
        tok = tokens[i]
        if tok in sizes:
            op = tok
            i += 1
            if op == "Z":
                path.append(("Z",))
                continue
        n = sizes[op]
        pts = []
        for _ in range(n):
            pts.append((float(tokens[i]), float(tokens[i + 1])))
            i += 2
        path.append((op, *pts))
        if op == "M":
            op = "L"
    return path


# --------------------------------------------------------------------------
# SVG builder
# --------------------------------------------------------------------------


class Svg:
    """Collects elements and serialises one SVG document."""

    def __init__(self) -> None:
        self.items: list[str] = []
        #: Transform applied to every path added.  Stroke widths are written
        #: as given, so use it for moves, turns and mild scaling only.
        self.t: Affine = IDENTITY

    def fill(self, path: Path_, colour: str, *, evenodd: bool = False, opacity: float | None = None) -> None:
        """Add a filled path."""
        extra = ' fill-rule="evenodd"' if evenodd else ""
        if opacity is not None:
            extra += f' fill-opacity="{fmt(opacity)}"'
        self.items.append(f'<path d="{path_d(transform_path(path, self.t))}" fill="{colour}"{extra}/>')

    def stroke(
        self, path: Path_, colour: str, width: float, *, cap: str = "round", join: str = "round"
    ) -> None:
        """Add a stroked (unfilled) path."""
        self.items.append(
            f'<path d="{path_d(transform_path(path, self.t))}" fill="none" stroke="{colour}" '
            f'stroke-width="{fmt(width)}" stroke-linecap="{cap}" '
            f'stroke-linejoin="{join}"/>'
        )

    def fill_stroke(self, path: Path_, fill: str, colour: str, width: float) -> None:
        """Add a filled path with an outline."""
        self.items.append(
            f'<path d="{path_d(transform_path(path, self.t))}" fill="{fill}" stroke="{colour}" '
            f'stroke-width="{fmt(width)}" stroke-linejoin="round"/>'
        )

    def render(self) -> str:
        """Return the finished document."""
        head = (
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f'width="{CARD_W}" height="{CARD_H}" viewBox="0 0 {CARD_W} {CARD_H}">'
        )
        return "\n".join([head, *self.items, "</svg>"]) + "\n"


# --------------------------------------------------------------------------
# Stroke font for the ranks.  Centre lines in a box whose top stroke centre
# is y=0 and bottom stroke centre y=100; each glyph is (width, [paths]).
# --------------------------------------------------------------------------

GLYPH_STROKE = 19.0

GLYPHS: dict[str, tuple[float, list[str]]] = {
    "A": (64, ["M 0,100 L 32,0 L 64,100", "M 13,66 L 51,66"]),
    "2": (58, ["M 2,24 C 4,9 15,0 29,0 C 45,0 56,10 56,25 C 56,40 46,50 35,60 L 1,100 L 58,100"]),
    "3": (58, ["M 4,0 L 54,0 L 27,38 C 46,36 58,50 58,68 C 58,88 45,100 29,100 C 17,100 7,95 1,86"]),
    "4": (60, ["M 44,100 L 44,0 L 0,70 L 60,70"]),
    "5": (
        58,
        [
            "M 54,0 L 11,0 L 7,43 C 13,38 21,36 29,36 "
            "C 47,36 58,49 58,67 C 58,87 45,100 28,100 C 16,100 7,95 1,87"
        ],
    ),
    "6": (
        58,
        [
            "M 51,6 C 46,2 40,0 32,0 C 13,0 1,20 1,54 C 1,84 12,100 30,100 "
            "C 47,100 58,88 58,70 C 58,52 47,40 30,40 C 16,40 5,48 1,60"
        ],
    ),
    "7": (58, ["M 0,0 L 58,0 C 42,26 30,58 24,100"]),
    "8": (58, []),  # built from ellipses below
    "9": (58, []),  # the 6 turned round, below
    "1": (24, ["M 0,17 L 22,0 L 22,100"]),
    "0": (44, []),  # ellipse below
    "J": (46, ["M 18,0 L 46,0 L 46,70 C 46,90 36,100 23,100 C 11,100 2,93 0,80"]),
    "Q": (64, []),  # ellipse + tail below
    "K": (58, ["M 0,0 L 0,100", "M 56,0 L 1,62", "M 21,39 L 58,100"]),
}


def glyph_paths(ch: str) -> tuple[float, list[Path_]]:
    """Return the width and centre-line paths of one glyph."""
    width, specs = GLYPHS[ch]
    paths = [parse(s) for s in specs]
    if ch == "8":
        paths = [ellipse(29, 23, 23, 23), ellipse(29, 73.5, 28.5, 26.5)]
    elif ch == "9":
        _, six = glyph_paths("6")
        paths = [transform_path(p, rotate180(29, 50)) for p in six]
    elif ch == "0":
        paths = [ellipse(22, 50, 22, 50)]
    elif ch == "Q":
        paths = [ellipse(32, 50, 32, 50), parse("M 38,70 L 62,104")]
    return width, paths


def rank_chars(rank: str) -> str:
    """Characters drawn for a rank letter ("T" is drawn as "10")."""
    return "10" if rank == "T" else rank


def text_width(chars: str, gap: float = 26.0) -> float:
    """Centre-line width of a run of glyphs."""
    widths = [GLYPHS[c][0] for c in chars]
    return sum(widths) + gap * (len(widths) - 1)


def draw_rank(
    svg: Svg, rank: str, cx: float, top: float, height: float, colour: str, turn: Affine = IDENTITY
) -> None:
    """Draw a rank centred on ``cx``; ``height`` is the full ink height."""
    chars = rank_chars(rank)
    k = height / (100 + GLYPH_STROKE)
    gap = 26.0
    total = text_width(chars, gap)
    x = cx / k - total / 2
    y = top / k + GLYPH_STROKE / 2
    for ch in chars:
        width, paths = glyph_paths(ch)
        t = compose(turn, compose(scale(k), translate(x, y)))
        for p in paths:
            svg.stroke(transform_path(p, t), colour, GLYPH_STROKE * k)
        x += width + gap


# --------------------------------------------------------------------------
# Suit pips, drawn in a 100 x 100 box centred on (50, 50)
# --------------------------------------------------------------------------


def _club() -> Path_:
    # Same winding as circle() so the overlapping parts unite (nonzero rule).
    stem = parse("M 54,52 C 54,72 58,86 70,97 L 30,97 C 42,86 46,72 46,52 Z")
    return circle(50, 27, 21.5) + circle(27, 58, 21.5) + circle(73, 58, 21.5) + circle(50, 52, 12) + stem


PIPS: dict[str, Path_] = {
    "H": parse(
        "M 50,96 C 40,82 4,62 4,32 C 4,15 16,4 30,4 C 40,4 47,10 50,20 "
        "C 53,10 60,4 70,4 C 84,4 96,15 96,32 C 96,62 60,82 50,96 Z"
    ),
    "D": parse("M 50,2 C 58,18 70,34 86,50 C 70,66 58,82 50,98 C 42,82 30,66 14,50 C 30,34 42,18 50,2 Z"),
    "S": parse(
        "M 50,2 C 60,20 96,38 96,63 C 96,78 85,86 73,86 C 64,86 57,82 53,75 "
        "C 54,84 58,91 67,98 L 33,98 C 42,91 46,84 47,75 "
        "C 43,82 36,86 27,86 C 15,86 4,78 4,63 C 4,38 40,20 50,2 Z"
    ),
    "C": _club(),
}


def pip_path(suit: str, cx: float, cy: float, size: float, flipped: bool = False) -> Path_:
    """A suit pip of height ``size`` centred on ``(cx, cy)``."""
    t = compose(translate(cx, cy), compose(scale(size / 100), translate(-50, -50)))
    if flipped:
        t = compose(rotate180(cx, cy), t)
    return transform_path(PIPS[suit], t)


# --------------------------------------------------------------------------
# Card faces
# --------------------------------------------------------------------------

INDEX_LEFT = 11.0  # left edge of the index slot
INDEX_TOP = 13.0  # top of the rank glyphs
INDEX_HEIGHT = 58.0  # ink height of the rank (23% of the card width)
INDEX_SLOT = 58.0  # slot width, fits "10"
CORNER_PIP = 42.0  # height of the corner pip
CORNER_PIP_GAP = 5.0

# Pip field of the number cards
COL_L, COL_C, COL_R = 76.0, 125.0, 174.0
ROW_T, ROW_B = 107.0, 243.0
PIP_SIZE = 39.0


def card_outline() -> Path_:
    """The card's rounded outline (inset so the border is not clipped)."""
    return round_rect(1, 1, CARD_W - 2, CARD_H - 2, CORNER_R)


def draw_blank(svg: Svg, style: Style) -> None:
    """Paper and border."""
    svg.fill_stroke(card_outline(), style.paper, style.border, 2)


def draw_index(svg: Svg, rank: str, suit: str, style: Style) -> None:
    """Rank and suit in the top-left and (turned) bottom-right corners."""
    colour = style.suit_colours[suit]
    cx = INDEX_LEFT + INDEX_SLOT / 2
    pip_cx = INDEX_LEFT + INDEX_SLOT + CORNER_PIP_GAP + CORNER_PIP * 0.46
    pip_cy = INDEX_TOP + INDEX_HEIGHT / 2
    for turn in (IDENTITY, rotate180(CARD_W / 2, CARD_H / 2)):
        draw_rank(svg, rank, cx, INDEX_TOP, INDEX_HEIGHT, colour, turn)
        svg.fill(transform_path(pip_path(suit, pip_cx, pip_cy, CORNER_PIP), turn), colour)


def pip_layout(n: int) -> list[tuple[float, float]]:
    """Traditional pip positions for a number card with ``n`` pips."""
    t, b = ROW_T, ROW_B
    m = (t + b) / 2
    third = (b - t) / 3
    L, C, R = COL_L, COL_C, COL_R
    layouts: dict[int, list[tuple[float, float]]] = {
        2: [(C, t), (C, b)],
        3: [(C, t), (C, m), (C, b)],
        4: [(L, t), (R, t), (L, b), (R, b)],
        5: [(L, t), (R, t), (C, m), (L, b), (R, b)],
        6: [(L, t), (R, t), (L, m), (R, m), (L, b), (R, b)],
        7: [(L, t), (R, t), (C, (t + m) / 2), (L, m), (R, m), (L, b), (R, b)],
        8: [(L, t), (R, t), (C, (t + m) / 2), (L, m), (R, m), (C, (m + b) / 2), (L, b), (R, b)],
        9: [
            (L, t),
            (R, t),
            (L, t + third),
            (R, t + third),
            (C, m),
            (L, b - third),
            (R, b - third),
            (L, b),
            (R, b),
        ],
        10: [
            (L, t),
            (R, t),
            (C, t + third / 2),
            (L, t + third),
            (R, t + third),
            (L, b - third),
            (R, b - third),
            (C, b - third / 2),
            (L, b),
            (R, b),
        ],
    }
    return layouts[n]


def draw_number(svg: Svg, n: int, suit: str, style: Style) -> None:
    """Pips of a 2-10."""
    colour = style.suit_colours[suit]
    mid = (ROW_T + ROW_B) / 2
    for x, y in pip_layout(n):
        svg.fill(pip_path(suit, x, y, PIP_SIZE, flipped=y > mid + 0.5), colour)


def draw_ace(svg: Svg, suit: str, style: Style) -> None:
    """One large pip, set inside a fine ring."""
    colour = style.suit_colours[suit]
    cx, cy = CARD_W / 2, CARD_H / 2
    svg.stroke(circle(cx, cy, 78), colour, 1.6)
    svg.stroke(circle(cx, cy, 72), style.gold, 1.2)
    svg.fill(pip_path(suit, cx, cy, 100), colour)


def mix(c1: str, c2: str, t: float) -> str:
    """Blend two ``#rrggbb`` colours: ``t=0`` gives c1, ``t=1`` gives c2."""
    a = [int(c1[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(c2[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


# Court frame
FRAME_X, FRAME_Y = 28.0, 82.0
FRAME_W, FRAME_H = CARD_W - 2 * FRAME_X, CARD_H - 2 * FRAME_Y


def draw_court(svg: Svg, rank: str, suit: str, style: Style) -> None:
    """A framed, double-ended, geometric court figure."""
    colour = style.suit_colours[suit]
    second = style.court_second[suit]
    tint = mix(colour, "#ffffff", 0.9)
    cx, cy = CARD_W / 2, CARD_H / 2
    svg.fill_stroke(round_rect(FRAME_X, FRAME_Y, FRAME_W, FRAME_H, 9), tint, colour, 2.4)
    for turn in (IDENTITY, rotate180(0, 0)):
        svg.t = compose(translate(cx, cy), turn)
        draw_figure(svg, rank, suit, style, colour, second)
    svg.t = IDENTITY
    # Divider and inner gold frame line
    svg.stroke(polyline([(FRAME_X + 5, cy), (FRAME_X + FRAME_W - 5, cy)]), style.gold, 2.2)
    svg.stroke(round_rect(FRAME_X + 5, FRAME_Y + 5, FRAME_W - 10, FRAME_H - 10, 6), style.gold, 1.2)


def mirror_x(path: Path_) -> Path_:
    """Reflect a path in the vertical axis x = 0 (reverses its winding)."""
    return transform_path(path, (-1.0, 0.0, 0.0, 1.0, 0.0, 0.0))


def draw_figure(svg: Svg, rank: str, suit: str, style: Style, colour: str, second: str) -> None:
    """One half of a court figure in local coordinates: origin at the frame
    centre, the bust standing in the upper half (y from -88 to 0)."""
    gold, gold_dark, skin, ink = style.gold, style.gold_dark, style.skin, style.ink
    fill, stroke, fill_stroke = svg.fill, svg.stroke, svg.fill_stroke
    hair = {"K": "#8f939a", "Q": "#6b4226", "J": "#9a6431"}[rank]
    side = 1.0 if rank == "K" else -1.0  # side of the held item
    ix = 58.0 * side

    # Held item, behind the hand
    if rank == "K":  # sceptre with an orb
        stroke(polyline([(ix, -78), (ix, -4)]), gold_dark, 5.0)
        stroke(polyline([(ix, -78), (ix, -4)]), gold, 2.8)
        fill_stroke(circle(ix, -79, 7), gold, gold_dark, 1.4)
        fill(pip_path(suit, ix, -79, 8), colour)
    elif rank == "Q":  # a flower
        green = "#3d7a3a"
        stroke(parse(f"M {ix},-4 C {ix + 3},-30 {ix - 3},-50 {ix},-68"), green, 2.8)
        fill(
            parse(
                f"M {ix},-40 C {ix - 8},-50 {ix - 16},-46 {ix - 18},-40 "
                f"C {ix - 12},-36 {ix - 6},-36 {ix},-40 Z"
            ),
            green,
        )
        for i in range(5):
            a = -math.pi / 2 + i * 2 * math.pi / 5
            fill_stroke(
                circle(ix + 7 * math.cos(a), -74 + 7 * math.sin(a), 5.6),
                "#ffffff",
                mix(colour, "#000000", 0.2),
                1.2,
            )
        fill_stroke(circle(ix, -74, 4), gold, gold_dark, 1.1)
    else:  # jack: a halberd
        stroke(polyline([(ix, -80), (ix, -4)]), ink, 3.4)
        blade = "#e3e7ee"
        fill_stroke(parse(f"M {ix},-88 L {ix + 5},-78 L {ix},-72 L {ix - 5},-78 Z"), blade, ink, 1.2)
        fill_stroke(
            parse(f"M {ix},-72 C {ix + 13},-73 {ix + 15},-62 {ix + 13},-55 L {ix},-62 Z"), blade, ink, 1.2
        )
        fill_stroke(parse(f"M {ix},-70 L {ix - 9},-66 L {ix},-62 Z"), blade, ink, 1.2)

    # Torso in the suit colour, sleeves in the second colour
    torso = "M -15,-35 C -36,-35 -56,-33 -63,-24 C -67,-18 -66,-8 -60,0 L 0,0 Z"
    fill(parse(torso), colour)
    fill(mirror_x(parse(torso)), colour)
    sleeve = parse("M -60,0 C -66,-8 -67,-18 -63,-24 C -57,-32 -46,-34.5 -36,-35 C -41,-24 -42,-10 -40,0 Z")
    seam = parse("M -36,-35 C -41,-24 -42,-10 -40,0")
    for p, q in ((sleeve, seam), (mirror_x(sleeve), mirror_x(seam))):
        fill(p, second)
        stroke(q, gold, 2.4)
    # Front panel with the suit medallion
    panel = parse("M -13,-35 L 13,-35 L 19,0 L -19,0 Z")
    if rank == "K":  # ermine
        fill_stroke(panel, "#ffffff", gold_dark, 1.3)
        for x, y in ((-7, -26), (7, -26), (-13, -6), (13, -6)):
            fill(parse(f"M {x},{y - 3} L {x + 2},{y + 2} L {x - 2},{y + 2} Z"), ink)
    elif rank == "Q":
        fill_stroke(panel, gold, gold_dark, 1.3)
        for y in (-29, -23):
            stroke(polyline([(-10, y), (-5, y + 2.5), (0, y), (5, y + 2.5), (10, y)]), "#ffffff", 1.3)
    else:
        fill_stroke(panel, second, gold_dark, 1.3)
        for y in (-29, -23):
            stroke(polyline([(-12, y), (12, y)]), colour, 2.2, cap="butt")
    fill_stroke(circle(0, -9, 8.5), "#ffffff" if rank == "Q" else gold, gold_dark, 1.2)
    fill(pip_path(suit, 0, -9, 10), colour)
    # Hand holding the item, with a cuff
    fill_stroke(circle(ix, -20, 5.8), skin, ink, 1.1)
    stroke(polyline([(ix - 6 * side, -13), (ix + 2 * side, -13)]), gold, 3)

    # The head is drawn a little smaller, hanging from the top of the frame
    body = svg.t
    svg.t = compose(body, compose(translate(0, -86), compose(scale(0.88), translate(0, 86))))
    # Long hair behind the queen's head
    if rank == "Q":
        fill(parse("M -20,-44 C -23,-70 23,-70 20,-44 L 24,-24 C 14,-20 -14,-20 -24,-24 Z"), hair)
    # Head and face
    fill_stroke(circle(0, -45, 18), skin, ink, 1.4)
    blush = "#f3bfa8"
    fill(circle(-10.5, -39, 3.2), blush)
    fill(circle(10.5, -39, 3.2), blush)
    fill(circle(-6.5, -46, 2.1), ink)
    fill(circle(6.5, -46, 2.1), ink)
    stroke(parse("M -4,-36.5 C -1.5,-34.5 1.5,-34.5 4,-36.5"), ink, 1.3)

    if rank == "K":
        # Beard, moustache and a crown
        fill(parse("M -18,-43 C -17,-28 -8,-21 0,-19 C 8,-21 17,-28 18,-43 C 12,-35 -12,-35 -18,-43 Z"), hair)
        stroke(parse("M -8,-37 C -4,-40.5 4,-40.5 8,-37"), hair, 2.8)
        fill(circle(-17, -52, 4.5), hair)
        fill(circle(17, -52, 4.5), hair)
        crown = parse("M -17,-58 L -21,-79 L -10,-69 L 0,-84 L 10,-69 L 21,-79 L 17,-58 Z")
        fill_stroke(crown, gold, gold_dark, 1.4)
        stroke(polyline([(-17, -63), (17, -63)]), gold_dark, 1.4)
        for x, y in ((-21, -79), (0, -84), (21, -79)):
            fill_stroke(circle(x, y, 2.6), "#ffffff", gold_dark, 0.9)
        fill(pip_path(suit, 0, -69.5, 7.5), colour)
    elif rank == "Q":
        # Fringe and a tiara
        fill(parse("M -18,-50 C -16,-68 16,-68 18,-50 C 11,-58 -11,-58 -18,-50 Z"), hair)
        tiara = parse(
            "M -15,-59 L -15,-69 L -7,-65 L 0,-77 L 7,-65 L 15,-69 L 15,-59 C 6,-62 -6,-62 -15,-59 Z"
        )
        fill_stroke(tiara, gold, gold_dark, 1.3)
        fill(circle(0, -66.5, 2.6), colour)
    else:
        # Short hair and a feathered cap
        fill(
            parse("M -18,-44 C -18,-64 18,-64 18,-44 L 17,-36 L 13,-49 C 5,-53 -5,-53 -13,-49 L -17,-36 Z"),
            hair,
        )
        feather = parse("M 10,-68 C 24,-80 38,-87 52,-86 C 44,-77 30,-70 10,-68 Z")
        fill_stroke(feather, "#ffffff", gold_dark, 1.2)
        stroke(parse("M 14,-69 C 26,-76 38,-82 50,-85"), gold_dark, 0.9)
        cap = parse("M -21,-56 C -23,-72 -3,-80 13,-76 C 25,-73 27,-63 21,-56 C 7,-59 -7,-59 -21,-56 Z")
        fill_stroke(cap, colour, ink, 1.2)
        stroke(parse("M -20,-57.5 C -7,-60.5 7,-60.5 20,-57.5"), gold, 2.6)
    svg.t = body


def face_svg(card: str, style: Style) -> str:
    """SVG document for one face, e.g. ``face_svg("TD", STYLES["classic"])``."""
    rank, suit = card[0], card[1]
    svg = Svg()
    draw_blank(svg, style)
    if rank == "A":
        draw_ace(svg, suit, style)
    elif rank in "JQK":
        draw_court(svg, rank, suit, style)
    else:
        draw_number(svg, 10 if rank == "T" else int(rank), suit, style)
    draw_index(svg, rank, suit, style)
    return svg.render()


# --------------------------------------------------------------------------
# Back
# --------------------------------------------------------------------------


def _clip_segment(
    p: Point, q: Point, x0: float, y0: float, x1: float, y1: float
) -> tuple[Point, Point] | None:
    """Liang-Barsky clip of segment pq to a rectangle."""
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    t0, t1 = 0.0, 1.0
    for pk, qk in ((-dx, px - x0), (dx, x1 - px), (-dy, py - y0), (dy, y1 - py)):
        if pk == 0:
            if qk < 0:
                return None
            continue
        r = qk / pk
        if pk < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return (px + t0 * dx, py + t0 * dy), (px + t1 * dx, py + t1 * dy)


def back_svg(style: Style) -> str:
    """SVG document for the card back."""
    svg = Svg()
    draw_blank(svg, style)
    m = 13.0  # white margin
    x0, y0, x1, y1 = m, m, CARD_W - m, CARD_H - m
    svg.fill(round_rect(x0, y0, x1 - x0, y1 - y0, 8), style.back_field)

    # Diagonal lattice: two families of lines, clipped to the field.
    cx, cy = CARD_W / 2, CARD_H / 2
    step = 25.0
    seg_lines: list[Path_] = []
    span = CARD_W + CARD_H
    for i in range(-20, 21):
        off = i * step
        for sgn in (1, -1):
            p = (cx + off - span * 0.7, cy - sgn * span * 0.7 * 1.4)
            q = (cx + off + span * 0.7, cy + sgn * span * 0.7 * 1.4)
            clipped = _clip_segment(p, q, x0, y0, x1, y1)
            if clipped:
                seg_lines.append(polyline(list(clipped)))
    for line in seg_lines:
        svg.stroke(line, style.back_line, 1.6, cap="butt")
    # Small lozenges at the lattice crossings
    for i in range(-20, 21):
        for j in range(-20, 21):
            # crossing of line i (slope +1.4) and line j (slope -1.4)
            x = cx + (i + j) * step / 2
            y = cy + (i - j) * step / 2 * 1.4 * -1
            if x0 + 6 < x < x1 - 6 and y0 + 6 < y < y1 - 6:
                r = 3.2
                svg.fill(
                    polygon([(x, y - r * 1.4), (x + r, y), (x, y + r * 1.4), (x - r, y)]), style.back_accent
                )
    # Central medallion: concentric lozenges and an eight-point star
    svg.fill_stroke(
        polygon([(cx, cy - 84), (cx + 60, cy), (cx, cy + 84), (cx - 60, cy)]),
        style.back_field,
        style.back_accent,
        2.2,
    )
    svg.stroke(
        polygon([(cx, cy - 74), (cx + 52.9, cy), (cx, cy + 74), (cx - 52.9, cy)]), style.back_line, 1.4
    )
    star: list[Point] = []
    for i in range(16):
        a = -math.pi / 2 + i * math.pi / 8
        r = 40.0 if i % 2 == 0 else 17.0
        star.append((cx + r * math.cos(a), cy + r * math.sin(a) * 1.15))
    svg.fill(polygon(star), style.back_accent)
    svg.fill(circle(cx, cy, 9), style.back_field)
    svg.fill(circle(cx, cy, 4.5), style.gold)
    # Mat over the field edge: hides lozenge pieces that cross the rounded
    # corners, and draws a double frame line.
    mat = round_rect(1, 1, CARD_W - 2, CARD_H - 2, CORNER_R) + round_rect(x0, y0, x1 - x0, y1 - y0, 8)
    svg.fill(mat, style.paper, evenodd=True)
    svg.stroke(round_rect(x0 + 5, y0 + 5, x1 - x0 - 10, y1 - y0 - 10, 5), style.back_accent, 1.4)
    svg.stroke(round_rect(1, 1, CARD_W - 2, CARD_H - 2, CORNER_R), style.border, 2)
    return svg.render()


# --------------------------------------------------------------------------
# Entry points
# --------------------------------------------------------------------------


def build_style(style: Style) -> dict[str, str]:
    """All SVG documents of one style, keyed by file name."""
    docs = {f"{card}.svg": face_svg(card, style) for card in CARD_TEXTS}
    docs["back.svg"] = back_svg(style)
    return docs


def generate(out_root: Path) -> list[Path]:
    """Write ``<out_root>/<style>/*.svg`` for every style; return the paths.

    Stale ``.svg`` files in the style folders are removed so the folder holds
    exactly what this script makes.
    """
    written: list[Path] = []
    for name in sorted(STYLES):
        folder = Path(out_root) / name
        folder.mkdir(parents=True, exist_ok=True)
        docs = build_style(STYLES[name])
        for old in sorted(folder.glob("*.svg")):
            if old.name not in docs:
                old.unlink()
        for fname in sorted(docs):
            path = folder / fname
            data = docs[fname].encode("utf-8")
            if not path.exists() or path.read_bytes() != data:
                path.write_bytes(data)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: regenerate ``game/assets/cards`` (or the folder given)."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    paths = generate(out)
    print(f"wrote {len(paths)} SVG files under {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
