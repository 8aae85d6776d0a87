"""Soft shadows under lifted cards: one card's blurred shadow, cut up so a stack of any length
costs a few blits and no new surface."""

from __future__ import annotations

import pygame
from pygame import Rect, Surface

from game.view.animation import Sprite
from game.view.display import convert_ready


class Shadows:
    """Draws lifted cards' shadows; keeps each card width's parts until ``clear``."""

    def __init__(self) -> None:
        self._parts: dict[int, _ShadowParts] = {}

    def clear(self) -> None:
        """Drop the kept parts (the table is idle; they are rebuilt on demand)."""
        self._parts.clear()

    def area(self, area: Rect, card_w: int) -> Rect:
        """Where the shadow of lifted cards covering ``area`` falls."""
        blur, off = _blur(card_w), max(2, card_w // 28)
        return Rect(
            area.x - blur + off, area.y - blur + off * 2, area.width + 2 * blur, area.height + 2 * blur
        )

    def draw(self, surface: Surface, area: Rect, card_w: int) -> None:
        """The shadow of lifted cards covering ``area``, a little below and to the right.

        One card's soft shadow, cut into four corners; the straight edges between them are
        repeated from its middle and the inside is darkened by one multiplying fill, so a
        stack of any length costs a few blits and no new surface.
        """
        parts = self._parts_for(card_w)
        base = parts.card
        bw, bh = base.get_size()
        lw, th = bw // 2, bh // 2  # left and top halves; the right and bottom ones take the rest
        x, y = self.area(area, card_w).topleft
        gap_w, gap_h = area.width - card_w, area.height - (bh - 2 * parts.blur)
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


class _ShadowParts:
    """One card's soft shadow and strips of its straight edges, to build any stack's shadow."""

    __slots__ = ("blur", "bottom", "card", "inside", "left", "right", "top")

    def __init__(self, card: Surface, blur: int, strips: tuple[Surface, Surface, Surface, Surface]) -> None:
        self.card, self.blur = card, blur
        self.top, self.bottom, self.left, self.right = strips
        keep = 255 - card.get_at((card.get_width() // 2, card.get_height() // 2)).a
        self.inside = (keep, keep, keep)
        """The grey that multiplies the table to darken it as much as the middle of the shadow."""

    @classmethod
    def make(cls, card_w: int) -> _ShadowParts:
        blur = _blur(card_w)
        card = _soft_shape((card_w, round(card_w * 7 / 5)), blur, (0, 0, 0), 95)
        bw, bh = card.get_size()
        lw, th = bw // 2, bh // 2
        run = max(16, bh - 2 * blur)  # how much edge one strip holds

        def strip(rect: tuple[int, int, int, int], size: tuple[int, int]) -> Surface:
            return _blittable(pygame.transform.scale(card.subsurface(rect), size))

        top = strip((lw, 0, 1, th), (run, th))
        bottom = strip((lw, th, 1, bh - th), (run, bh - th))
        left = strip((0, th, lw, 1), (lw, run))
        right = strip((lw, th, bw - lw, 1), (bw - lw, run))
        return cls(_blittable(card), blur, (top, bottom, left, right))


def overlapping_groups(sprites: list[Sprite], size: tuple[int, int]) -> list[tuple[Rect, tuple[Sprite, ...]]]:
    """Runs of overlapping sprites (a dragged or flying stack is one): their area, and the sprites."""
    groups: list[tuple[Rect, tuple[Sprite, ...]]] = []
    for s in sprites:
        rect = Rect(round(s.x), round(s.y), *size)
        if groups and groups[-1][0].colliderect(rect):
            area, members = groups[-1]
            groups[-1] = (area.union(rect), (*members, s))
        else:
            groups.append((rect, (s,)))
    return groups


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
    return max(3, card_w // 12)


def _soft_shape(size: tuple[int, int], blur: int, color: tuple[int, int, int], alpha: int) -> Surface:
    """A rounded rectangle of ``size`` blurred by ``blur`` pixels on every side."""
    w, h = size[0] + 2 * blur, size[1] + 2 * blur
    scale = max(1, blur // 2)
    small = Surface((max(1, w // scale), max(1, h // scale)), pygame.SRCALPHA)
    inner = Rect(blur // scale, blur // scale, max(1, size[0] // scale), max(1, size[1] // scale))
    pygame.draw.rect(small, (*color, alpha), inner, border_radius=max(1, size[0] // (12 * scale)))
    for _ in range(2):
        small = pygame.transform.smoothscale(
            small, (max(1, small.get_width() // 2), max(1, small.get_height() // 2))
        )
        small = pygame.transform.smoothscale(small, (max(1, w // scale), max(1, h // scale)))
    return pygame.transform.smoothscale(small, (w, h))


def _blittable(surface: Surface) -> Surface:
    """``surface`` in the display's format once there is a display: alpha blits ~10x faster."""
    return surface.convert_alpha() if convert_ready() else surface
