"""Soft shadows under lifted cards: one card's shadow, a rounded rectangle blurred on every side,
made once per card size and cut up so a stack of any length costs a few blits and no new surface.

A dragged or flying stack (cards one above another in a column) casts one shadow; every other
lifted card casts its own, narrowed with the card while it flips. (One shadow for the box around
cards flying apart, as in the opening deal, darkened whole rectangles of the table.)
"""

from __future__ import annotations

import pygame
from pygame import Rect, Surface

from game.view.animation import Sprite
from game.view.display import convert_ready

SHADOW_ALPHA = 125
"""How dark the middle of a shadow is (0-255)."""
CORNER = 14 / 250
"""The card's corner radius for its width (``assets/make_cards.py``: 14 units on a 250-wide card)."""


class Shadows:
    """Draws lifted cards' shadows; keeps each card width's parts until ``clear``."""

    def __init__(self) -> None:
        self._parts: dict[int, _ShadowParts] = {}
        self._squeezed: dict[tuple[int, int], Surface] = {}

    def clear(self) -> None:
        """Drop the kept parts (the table is idle; they are rebuilt on demand)."""
        self._parts.clear()
        self._squeezed.clear()

    def area(self, area: Rect, card_w: int) -> Rect:
        """Where the shadow of lifted cards covering ``area`` falls (its blur faded to nothing)."""
        margin, off = _margin(card_w), _offset(card_w)
        return area.inflate(2 * margin, 2 * margin).move(off, 2 * off)

    def draw(self, surface: Surface, area: Rect, card_w: int) -> None:
        """The shadow of lifted cards covering ``area``, a little below and to the right.

        One card's soft shadow, cut into four corners; the straight edges between them are
        repeated from its middle and the inside is darkened by one multiplying fill, so a
        stack of any length costs a few blits and no new surface. An area narrower than a card
        (a card flipping) gets the card's shadow squeezed to its width.
        """
        parts = self._parts_for(card_w)
        x, y = self.area(area, card_w).topleft
        gap_w, gap_h = area.width - card_w, area.height - parts.card_h
        if gap_w < 0 or gap_h < 0:
            surface.blit(self._squeezed_for(parts, area.size), (x, y))
            return
        base = parts.card
        bw, bh = base.get_size()
        lw, th = bw // 2, bh // 2  # left and top halves; the right and bottom ones take the rest
        right, bottom = x + lw + gap_w, y + th + gap_h
        surface.blit(base, (x, y), (0, 0, lw, th))
        surface.blit(base, (right, y), (lw, 0, bw - lw, th))
        surface.blit(base, (x, bottom), (0, th, lw, bh - th))
        surface.blit(base, (right, bottom), (lw, th, bw - lw, bh - th))
        if gap_w > 0:
            _repeat(surface, parts.top, (x + lw, y), gap_w, across=True)
            _repeat(surface, parts.bottom, (x + lw, bottom), gap_w, across=True)
        if gap_h > 0:
            _repeat(surface, parts.left, (x, y + th), gap_h, across=False)
            _repeat(surface, parts.right, (right, y + th), gap_h, across=False)
        inside = Rect(x + lw, y + th, gap_w, gap_h).clip(surface.get_clip())
        if inside.width > 0 and inside.height > 0:  # pygame-ce 2.5 ignores the clip if they miss
            surface.fill(parts.inside, inside, special_flags=pygame.BLEND_RGB_MULT)

    def _parts_for(self, card_w: int) -> _ShadowParts:
        parts = self._parts.get(card_w)
        if parts is None:
            parts = self._parts[card_w] = _ShadowParts.make(card_w)
        return parts

    def _squeezed_for(self, parts: _ShadowParts, size: tuple[int, int]) -> Surface:
        """The card's shadow for a card drawn at ``size`` (narrower while it flips; a few widths)."""
        image = self._squeezed.get(size)
        if image is None:
            margin = 2 * parts.margin
            full = (max(margin + 1, size[0] + margin), max(margin + 1, size[1] + margin))
            image = _blittable(pygame.transform.smoothscale(parts.card, full))
            if len(self._squeezed) > 64:
                self._squeezed.clear()
            self._squeezed[size] = image
        return image


class _ShadowParts:
    """One card's soft shadow and strips of its straight edges, to build any stack's shadow."""

    __slots__ = ("bottom", "card", "card_h", "inside", "left", "margin", "right", "top")

    def __init__(self, card: Surface, margin: int, strips: tuple[Surface, Surface, Surface, Surface]) -> None:
        self.card, self.margin = card, margin
        self.card_h = card.get_height() - 2 * margin
        self.top, self.bottom, self.left, self.right = strips
        keep = 255 - card.get_at((card.get_width() // 2, card.get_height() // 2)).a
        self.inside = (keep, keep, keep)
        """The grey that multiplies the table to darken it as much as the middle of the shadow."""

    @classmethod
    def make(cls, card_w: int) -> _ShadowParts:
        margin = _margin(card_w)
        card = soft_shape((card_w, round(card_w * 7 / 5)), _blur(card_w), margin)
        bw, bh = card.get_size()
        lw, th = bw // 2, bh // 2
        run = max(16, bh - 2 * margin)  # how much edge one strip holds

        def strip(rect: tuple[int, int, int, int], size: tuple[int, int]) -> Surface:
            return _blittable(pygame.transform.scale(card.subsurface(rect), size))

        top = strip((lw, 0, 1, th), (run, th))
        bottom = strip((lw, th, 1, bh - th), (run, bh - th))
        left = strip((0, th, lw, 1), (lw, run))
        right = strip((lw, th, bw - lw, 1), (bw - lw, run))
        return cls(_blittable(card), margin, (top, bottom, left, right))


def shadow_groups(sprites: list[Sprite], size: tuple[int, int]) -> list[tuple[Rect, tuple[Sprite, ...]]]:
    """The areas that cast one shadow each, and their sprites: a column of overlapping cards
    (a dragged or flying stack, one above another) is one; any other card is its own, narrowed
    while it flips."""
    groups: list[tuple[Rect, tuple[Sprite, ...]]] = []
    for s in sprites:
        rect = drawn_rect(s, size)
        if groups and _stacked(groups[-1], s, rect):
            area, members = groups[-1]
            groups[-1] = (area.union(rect), (*members, s))
        else:
            groups.append((rect, (s,)))
    return groups


def drawn_rect(sprite: Sprite, size: tuple[int, int]) -> Rect:
    """Where a card is drawn: its place, narrowed about its middle while it flips (as the
    renderer squeezes it, in sixteenths)."""
    x, y = round(sprite.x), round(sprite.y)
    if sprite.scale_x < 0.999:
        width = max(1, size[0] * max(1, round(sprite.scale_x * 16)) // 16)
        return Rect(x + (size[0] - width) // 2, y, width, size[1])
    return Rect(x, y, *size)


def _stacked(group: tuple[Rect, tuple[Sprite, ...]], sprite: Sprite, rect: Rect) -> bool:
    """Whether ``sprite`` lies on the group's cards as a stack's next card does: same column, overlapping."""
    area, members = group
    last = members[-1]
    return (
        rect.x == area.x
        and rect.width == area.width
        and round(last.x) == round(sprite.x)
        and sprite.scale_x >= 0.999
        and last.scale_x >= 0.999
        and area.colliderect(rect)
    )


def _repeat(surface: Surface, strip: Surface, at: tuple[int, int], length: int, across: bool) -> None:
    """``strip`` laid end to end from ``at`` for ``length`` pixels, rightwards or downwards."""
    x, y = at
    run = strip.get_width() if across else strip.get_height()
    done = 0
    while done < length:
        n = min(run, length - done)
        if across:
            surface.blit(strip, (x + done, y), (0, 0, n, strip.get_height()))
        else:
            surface.blit(strip, (x, y + done), (0, 0, strip.get_width(), n))
        done += n


def _blur(card_w: int) -> int:
    return max(2, card_w // 14)


def _margin(card_w: int) -> int:
    """Room around the card for the blur to fade out (a Gaussian's tail is gone by twice its radius)."""
    return 2 * _blur(card_w)


def _offset(card_w: int) -> int:
    return max(2, card_w // 24)


def soft_shape(size: tuple[int, int], blur: int, margin: int) -> Surface:
    """A card-shaped rounded rectangle of ``size``, ``margin`` pixels of room on every side,
    blurred by ``blur`` pixels: alpha ``SHADOW_ALPHA`` inside fading to nothing at the edges."""
    full = (size[0] + 2 * margin, size[1] + 2 * margin)
    scale = max(1, blur // 3)  # blurred small and scaled up: as smooth, and ~100x faster at 4K
    small = Surface((max(1, full[0] // scale), max(1, full[1] // scale)), pygame.SRCALPHA)
    card = Rect(margin // scale, margin // scale, max(1, size[0] // scale), max(1, size[1] // scale))
    radius = max(1, round(size[0] * CORNER / scale))
    pygame.draw.rect(small, (0, 0, 0, SHADOW_ALPHA), card, border_radius=radius)
    small = pygame.transform.gaussian_blur(small, max(1, round(blur / scale)), repeat_edge_pixels=False)
    return pygame.transform.smoothscale(small, full)


def _blittable(surface: Surface) -> Surface:
    """``surface`` in the display's format once there is a display: alpha blits ~10x faster."""
    return surface.convert_alpha() if convert_ready() else surface
