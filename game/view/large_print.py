"""Large-print card faces: a big rank and suit in the strip an overlapped card leaves visible.

Drawn here with pygame (no SVG): white paper, the rank and the suit side by side across the
top strip a downward fan shows (``layout.STEP_FACE_UP`` of the card's height), the suit again
below the rank in the left strip a rightward fan shows (``layout.STEP_RIGHT`` of its width),
a big suit in the middle and the rank again, upright, at the foot (upside down a 6 and a 9
would read alike). The colours are each style's suit colours (``assets/make_cards.py``); the
backs stay the style's art. Where a fan is squeezed thinner than that strip, the renderer
lays ``strip`` over the card: the rank and suit scaled to the strip that is left.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame
from pygame import Rect, Surface

from game.view.card_art import BACK, CardArt, normalize_card_text
from game.view.layout import STEP_FACE_UP, STEP_RIGHT
from game.view.lean_pygame import default_font

Colour = tuple[int, int, int]

SUIT_COLOURS: dict[str, dict[str, Colour]] = {
    "classic": {"C": (27, 27, 29), "D": (200, 32, 47), "H": (200, 32, 47), "S": (27, 27, 29)},
    "fourcolour": {"C": (0, 90, 60), "D": (31, 128, 224), "H": (213, 94, 0), "S": (22, 22, 22)},
}
"""Each style's ink per suit letter, as the SVG art has them."""
PAPER: Colour = (255, 254, 251)
BORDER: Colour = (141, 146, 153)
RANK_NAMES = {"T": "10"}
"""How a rank letter is printed (the ten is ``10``; the others as they are)."""
BAND = STEP_FACE_UP * 0.92
"""The top strip's height as a fraction of the card's: what a downward fan shows, less a hair."""
COLUMN = STEP_RIGHT * 0.92
"""The left strip's width as a fraction of the card's width: what a rightward fan shows."""
NARROWEST = 0.65
"""A rank may be drawn this much narrower than the font has it, to be as tall as the others."""
SUPERSAMPLE = 4
"""Suits are drawn this many times larger, then smoothed down (pygame's shapes are not antialiased)."""
STRIP_CACHE = 160


def rank_label(card_text: str) -> str:
    """The printed rank of ``card_text`` (``"10"`` for ``"TD"``)."""
    return RANK_NAMES.get(card_text[0], card_text[0])


class LargePrintArt(CardArt):
    """Card art whose faces are large print (see the module doc); backs are the chosen design's."""

    def __init__(self, style: str = "classic", back_design: str = "standard") -> None:
        super().__init__(style, back_design)
        self._strips: OrderedDict[tuple[str, int, int, bool], Surface] = OrderedDict()

    def _render(self, name: str, size: tuple[int, int]) -> Surface:
        if name == BACK:
            return super()._render(name, size)
        self.renders += 1
        return draw_face(name, size, SUIT_COLOURS[self.style][name[1]])

    def strip(self, card_text: str, width: int, room: int, across: bool = False) -> Surface | None:
        """The rank and suit fitted to a ``room``-pixel strip of a card ``width`` wide: along its
        top (``across``: down its left side); None when the face's own strip fits in ``room``."""
        height = round(width * 7 / 5)
        whole = width * COLUMN if across else height * BAND
        if room >= whole or room < 4:
            return None
        key = (card_text, width, room, across)
        surface = self._strips.get(key)
        if surface is None:
            colour = SUIT_COLOURS[self.style][card_text[1]]
            size = (room, height) if across else (width, room)
            surface = self._strips[key] = draw_strip(card_text, size, colour, across)
            if len(self._strips) > STRIP_CACHE:
                self._strips.popitem(last=False)
        return surface

    def clear(self) -> None:
        super().clear()
        self._strips.clear()


def make_art(style: str, large_print: bool, back_design: str = "standard") -> CardArt:
    """The card art for ``style`` with backs of ``back_design``: large print or the SVG faces."""
    return LargePrintArt(style, back_design) if large_print else CardArt(style, back_design)


def draw_face(card_text: str, size: tuple[int, int], colour: Colour) -> Surface:
    """A large-print face of ``card_text`` (``"TD"``) at ``size``, in ``colour``."""
    w, h = size
    face = Surface(size, pygame.SRCALPHA)
    radius = max(2, w // 14)
    pygame.draw.rect(face, PAPER, face.get_rect(), border_radius=radius)
    pygame.draw.rect(face, BORDER, face.get_rect(), width=max(1, w // 60), border_radius=radius)
    pad = max(1, round(w * 0.05))
    band = max(4, round(h * BAND))
    rank = _ink(rank_label(card_text), colour, (round(w * COLUMN) - pad, band - pad))
    face.blit(rank, (pad, pad))
    suit_size = min(band - pad, round(w * COLUMN) - pad)
    beside = rank.get_width() + 2 * pad
    top_suit = min(band - pad, w - beside - pad)
    if top_suit >= 4:
        face.blit(suit_shape(card_text[1], top_suit, colour), (w - pad - top_suit, pad))
    if suit_size >= 4:
        face.blit(suit_shape(card_text[1], suit_size, colour), (pad, band + pad))
    room = Rect(suit_size + 2 * pad, band, w - suit_size - 3 * pad, h - 2 * band)
    middle = round(min(room.size) * 0.92)
    if middle >= 4:
        big = suit_shape(card_text[1], middle, colour)
        face.blit(big, big.get_rect(center=room.center))
    face.blit(rank, rank.get_rect(bottomright=(w - pad, h - pad)))
    return face


def draw_strip(card_text: str, size: tuple[int, int], colour: Colour, across: bool) -> Surface:
    """The paper strip of ``size`` with the rank and the suit as large as it holds: side by
    side along a top strip, one above the other down a left one (``across``)."""
    strip = Surface(size, pygame.SRCALPHA)
    w, h = size
    radius = max(2, (h if across else w) // 14)
    corners = {
        "border_top_left_radius": radius,
        "border_bottom_left_radius" if across else "border_top_right_radius": radius,
    }
    pygame.draw.rect(strip, PAPER, strip.get_rect(), **corners)
    pygame.draw.rect(
        strip, BORDER, strip.get_rect().inflate(2, 0) if across else strip.get_rect(), width=1, **corners
    )
    pad = max(1, min(w, h) // 12)
    if across:
        rank = _ink(rank_label(card_text), colour, (w - 2 * pad, w))
        strip.blit(rank, (pad, pad))
        suit = w - 2 * pad
        if suit >= 3:
            strip.blit(suit_shape(card_text[1], suit, colour), (pad, rank.get_height() + 2 * pad))
        return strip
    tall = h - 2 * pad
    rank = _ink(rank_label(card_text), colour, (w // 2, tall))
    strip.blit(rank, (pad * 2, pad))
    if tall >= 3:
        strip.blit(suit_shape(card_text[1], tall, colour), (w - pad * 2 - tall, pad))
    return strip


def _ink(label: str, colour: Colour, box: tuple[int, int]) -> Surface:
    """``label`` in bold, cropped to its ink and scaled to fill ``box``: as tall as it fits,
    narrowed to ``NARROWEST`` of its width at most (the ``10``), else smaller."""
    font = default_font(max(8, box[1] * 3 // 2))
    font.set_bold(True)
    rendered = font.render(label, True, colour)
    ink = rendered.get_bounding_rect()
    if ink.width < 1 or ink.height < 1:
        return Surface((1, 1), pygame.SRCALPHA)
    glyphs = rendered.subsurface(ink)
    height = min(box[1], box[0] * ink.height / (ink.width * NARROWEST))
    width = min(box[0], ink.width * height / ink.height)
    return pygame.transform.smoothscale(glyphs, (max(1, round(width)), max(1, round(height))))


def suit_shape(suit: str, size: int, colour: Colour) -> Surface:
    """The suit ``suit`` (``C``, ``D``, ``H``, ``S``) filling a ``size``-pixel square, antialiased."""
    big = size * SUPERSAMPLE
    canvas = Surface((big, big), pygame.SRCALPHA)
    _SHAPES[suit](canvas, (*colour, 255), big)
    return pygame.transform.smoothscale(canvas, (size, size))


def _heart(canvas: Surface, colour: tuple[int, int, int, int], s: int) -> None:
    r = s * 0.26
    pygame.draw.circle(canvas, colour, (round(s * 0.28), round(s * 0.32)), round(r))
    pygame.draw.circle(canvas, colour, (round(s * 0.72), round(s * 0.32)), round(r))
    pygame.draw.polygon(canvas, colour, [(s * 0.04, s * 0.4), (s * 0.96, s * 0.4), (s * 0.5, s * 0.96)])


def _diamond(canvas: Surface, colour: tuple[int, int, int, int], s: int) -> None:
    pygame.draw.polygon(
        canvas, colour, [(s * 0.5, s * 0.02), (s * 0.9, s * 0.5), (s * 0.5, s * 0.98), (s * 0.1, s * 0.5)]
    )


def _spade(canvas: Surface, colour: tuple[int, int, int, int], s: int) -> None:
    r = s * 0.24
    pygame.draw.polygon(canvas, colour, [(s * 0.5, s * 0.02), (s * 0.95, s * 0.56), (s * 0.05, s * 0.56)])
    pygame.draw.circle(canvas, colour, (round(s * 0.28), round(s * 0.58)), round(r))
    pygame.draw.circle(canvas, colour, (round(s * 0.72), round(s * 0.58)), round(r))
    _stem(canvas, colour, s)


def _club(canvas: Surface, colour: tuple[int, int, int, int], s: int) -> None:
    r = s * 0.21
    for x, y in ((0.5, 0.24), (0.26, 0.58), (0.74, 0.58)):
        pygame.draw.circle(canvas, colour, (round(s * x), round(s * y)), round(r))
    pygame.draw.rect(canvas, colour, Rect(round(s * 0.42), round(s * 0.3), round(s * 0.16), round(s * 0.4)))
    _stem(canvas, colour, s)


def _stem(canvas: Surface, colour: tuple[int, int, int, int], s: int) -> None:
    pygame.draw.polygon(canvas, colour, [(s * 0.5, s * 0.55), (s * 0.7, s * 0.98), (s * 0.3, s * 0.98)])


_SHAPES = {"C": _club, "D": _diamond, "H": _heart, "S": _spade}


def lay_strip(surface: Surface, art: CardArt, card_text: str, rect: Rect, above: Rect) -> None:
    """Over a face-up card at ``rect`` with the next card at ``above``: the strip that fits the
    room left visible, when a squeezed fan leaves less than the face's own (large print only)."""
    if not isinstance(art, LargePrintArt):
        return
    across = above.y == rect.y
    room = above.x - rect.x if across else above.y - rect.y
    strip = art.strip(normalize_card_text(card_text), rect.width, room, across)
    if strip is not None:
        surface.blit(strip, rect.topleft)
