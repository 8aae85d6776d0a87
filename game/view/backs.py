"""The card backs the player may choose beside each card style's own: drawn here as SVG text
(the shapes as ``assets/make_cards.py`` draws the faces: paper, a field within a white margin, a
frame line) and rendered by the same loader as the card art, so they are crisp at any size.
"""

from __future__ import annotations

import io
import math
import random

import pygame

BACK_ORDER: tuple[str, ...] = ("standard", "rings", "tartan", "stars", "stripes")
"""``standard``: the card style's own back (``game/assets/cards/<style>/back.svg``)."""

W, H = 250.0, 350.0
"""The art's size, as the faces' (``make_cards.CARD_W``, ``CARD_H``)."""
MARGIN = 13.0
PAPER = "#fffefb"
BORDER = "#8d9299"


def _round_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    return (
        f"M{x + r:.1f},{y:.1f} H{x + w - r:.1f} A{r},{r} 0 0 1 {x + w:.1f},{y + r:.1f} "
        f"V{y + h - r:.1f} A{r},{r} 0 0 1 {x + w - r:.1f},{y + h:.1f} H{x + r:.1f} "
        f"A{r},{r} 0 0 1 {x:.1f},{y + h - r:.1f} V{y + r:.1f} A{r},{r} 0 0 1 {x + r:.1f},{y:.1f} Z"
    )


def _field() -> tuple[float, float, float, float]:
    return MARGIN, MARGIN, W - MARGIN, H - MARGIN


def _rings() -> list[str]:
    """Green: interlocking rings with a gold dot in each."""
    x0, y0, x1, y1 = _field()
    shapes = [f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="#1e5a3c"/>']
    step = 28.0
    for row in range(-1, 14):
        for col in range(-1, 10):
            cx = x0 + col * step + (step / 2 if row % 2 else 0)
            cy = y0 + row * step * 0.87
            shapes.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="17" fill="none" stroke="#7fb894" stroke-width="2"/>'
            )
            shapes.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="3" fill="#d9a520"/>')
    return shapes


def _tartan() -> list[str]:
    """Navy and red bands crossing, with thin gold lines: a plaid."""
    x0, y0, x1, y1 = _field()
    shapes = [f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="#1c2f5a"/>']
    for start in range(0, 360, 60):
        for colour, offset, size, alpha in (
            ("#a8283a", 0, 22, 0.55),
            ("#4d7fbf", 34, 10, 0.5),
            ("#e6c45a", 48, 2, 0.8),
        ):
            x, y = x0 + start + offset, y0 + start + offset
            paint = f'fill="{colour}" fill-opacity="{alpha}"'
            shapes.append(f'<rect x="{x}" y="{y0}" width="{size}" height="{y1 - y0}" {paint}/>')
            shapes.append(f'<rect x="{x0}" y="{y}" width="{x1 - x0}" height="{size}" {paint}/>')
    return shapes


def _star(cx: float, cy: float, r: float) -> str:
    points = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        d = r if i % 2 == 0 else r * 0.42
        points.append(f"{cx + d * math.cos(a):.1f},{cy + d * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="#f2d98a"/>'


def _stars() -> list[str]:
    """A night sky: deep blue with scattered gold stars and a crescent moon."""
    x0, y0, x1, y1 = _field()
    shapes = [f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="#121a3c"/>']
    rng = random.Random(36)  # the same sky on every card and every run
    for _ in range(46):
        shapes.append(_star(rng.uniform(x0, x1), rng.uniform(y0, y1), rng.choice((3.0, 4.5, 6.5))))
    cx, cy = W / 2, H / 2
    shapes.append(f'<circle cx="{cx}" cy="{cy}" r="38" fill="#f5e6b0"/>')
    shapes.append(f'<circle cx="{cx + 17}" cy="{cy - 10}" r="34" fill="#121a3c"/>')
    return shapes


def _stripes() -> list[str]:
    """Charcoal with paler stripes and a gold lozenge in the middle."""
    x0, y0, x1, y1 = _field()
    shapes = [f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="#2a2b33"/>']
    x = x0 + 6.0
    while x < x1:
        shapes.append(f'<rect x="{x:.1f}" y="{y0}" width="8" height="{y1 - y0}" fill="#3c3d49"/>')
        x += 20.0
    cx, cy = W / 2, H / 2
    lozenge = f"{cx},{cy - 70} {cx + 48},{cy} {cx},{cy + 70} {cx - 48},{cy}"
    shapes.append(f'<polygon points="{lozenge}" fill="#2a2b33" stroke="#e6c45a" stroke-width="4"/>')
    shapes.append(f'<circle cx="{cx}" cy="{cy}" r="12" fill="#e6c45a"/>')
    return shapes


_DESIGNS = {"rings": _rings, "tartan": _tartan, "stars": _stars, "stripes": _stripes}


def back_svg(design: str) -> str:
    """The SVG document of the back ``design`` (one of ``BACK_ORDER`` but ``standard``)."""
    x0, y0, x1, y1 = _field()
    outline = _round_rect(1, 1, W - 2, H - 2, 14)
    field = _round_rect(x0, y0, x1 - x0, y1 - y0, 8)
    body = "\n".join(_DESIGNS[design]())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W:g} {H:g}" width="{W:g}" height="{H:g}">\n'
        f'{body}\n<path d="{outline} {field}" fill="{PAPER}" fill-rule="evenodd"/>\n'
        f'<path d="{_round_rect(x0 + 5, y0 + 5, x1 - x0 - 10, y1 - y0 - 10, 5)}" fill="none" '
        f'stroke="{PAPER}" stroke-opacity="0.8" stroke-width="1.4"/>\n'
        f'<path d="{outline}" fill="none" stroke="{BORDER}" stroke-width="2"/>\n</svg>\n'
    )


def render_back(design: str, size: tuple[int, int]) -> pygame.Surface:
    """The back ``design`` at exactly ``size`` pixels, nothing of it outside the card's corners
    (the loader clips nothing: the patterns run past the card and are cut to its outline here)."""
    image = _exact(_load(back_svg(design), size), size)
    card = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W:g} {H:g}" width="{W:g}" height="{H:g}">'
    shape = _exact(_load(f'{card}<path d="{_round_rect(0, 0, W, H, 15)}" fill="#ffffff"/></svg>', size), size)
    image.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return image


def _load(svg: str, size: tuple[int, int]) -> pygame.Surface:
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode()), size)


def _exact(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``image`` on a canvas of exactly ``size`` (the loader may round a side up by a pixel)."""
    if image.get_size() == size:
        return image
    exact = pygame.Surface(size, pygame.SRCALPHA)
    exact.blit(image, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # a plain copy onto zeros
    return exact
