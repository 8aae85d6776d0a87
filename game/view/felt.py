"""The table's felt: baize of the player's colour (``themes.FELTS``, green by default) with a
soft light in the middle and a faint grain, or the high-contrast table's plain dark fill.

Any part of the window is painted exactly as in a whole-window painting, so the table layer
can be repainted pile by pile and no window-sized felt is kept.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

import pygame
from pygame import Rect, Surface

from game.view.display import convert_ready
from game.view.themes import FELTS, Color

FELT_CENTER, FELT_EDGE = FELTS["green"]
CONTRAST_TABLE = (14, 16, 20)
"""The high-contrast table: dark and plain, so outlines and cards stand out."""
FELT_BLOCK = 4
"""Pixels per step of the felt's light (twice that above 2560 px wide): steps of under one
colour level, hidden under the grain."""
FELT_BAND = 16
"""Rows of the light's gradient scaled up at a time when painting the felt."""


class Felt:
    """Paints the felt; keeps the small light gradient and grain tile it is made from."""

    def __init__(self) -> None:
        self.colours: tuple[Color, Color] = (FELT_CENTER, FELT_EDGE)
        """The felt's colour in the middle and at the edges (``set_colours``)."""
        self._gradient: tuple[Hashable, Surface] | None = None
        self._grain: Surface | None = None
        self._grain_converted = False

    def forget(self) -> None:
        """Drop the cached light (a change of look)."""
        self._gradient = None

    def set_colours(self, center: Color, edge: Color) -> None:
        """Paint the felt in these colours from now on (another felt, another theme)."""
        if (center, edge) != self.colours:
            self.colours = (center, edge)
            self.forget()

    def paint(
        self,
        surface: Surface,
        area: Rect,
        window: tuple[int, int] | None = None,
        origin: tuple[int, int] = (0, 0),
        *,
        high_contrast: bool = False,
    ) -> None:
        """Paint the felt of a window of size ``window`` over ``area`` of it (window coordinates).

        ``surface`` holds the window from ``origin`` on (by default: all of it). The light is a
        small gradient scaled up by whole blocks, the grain a small tile repeated from the
        window's corner.
        """
        size = window or surface.get_size()
        area = area.clip((0, 0, *size))
        if not area.width or not area.height:
            return
        ox, oy = origin
        if high_contrast:
            surface.fill(CONTRAST_TABLE, area.move(-ox, -oy))
            return
        gradient, block = self._light(size)
        clip = surface.get_clip()
        surface.set_clip(area.move(-ox, -oy).clip(clip))
        x0, x1 = area.left // block, -(-area.right // block)
        y, y1 = area.top // block, -(-area.bottom // block)
        while y < y1:  # in bands: no window-sized scaled copy of the gradient is made
            rows = min(FELT_BAND, y1 - y)
            band = gradient.subsurface((x0, y, x1 - x0, rows))
            scaled = pygame.transform.scale(band, ((x1 - x0) * block, rows * block))
            surface.blit(scaled, (x0 * block - ox, y * block - oy))
            y += rows
        grain = self._grain_tile()
        tw, th = grain.get_size()
        for ty in range(area.top // th * th, area.bottom, th):
            for tx in range(area.left // tw * tw, area.right, tw):
                surface.blit(grain, (tx - ox, ty - oy))
        surface.set_clip(clip)

    def _light(self, size: tuple[int, int]) -> tuple[Surface, int]:
        """The felt's light for a window of ``size``, one pixel per block of pixels."""
        block = FELT_BLOCK if size[0] <= 2560 else 2 * FELT_BLOCK
        key = (size, block)
        if self._gradient is None or self._gradient[0] != key:
            across = [((x - 23.5) / 30) ** 2 for x in range(48)]
            down = [((y - 13) / 24) ** 2 for y in range(32)]
            pairs = tuple(zip(*self.colours, strict=True))
            pixels = bytes(
                round(c + (e - c) * min(1.0, dx + dy)) for dy in down for dx in across for c, e in pairs
            )
            small = Surface((48, 32))
            small.blit(pygame.image.frombuffer(pixels, (48, 32), "RGB"), (0, 0))
            grid = (-(-size[0] // block), -(-size[1] // block))
            self._gradient = (key, pygame.transform.smoothscale(small, grid))
        return self._gradient[1], block

    def _grain_tile(self) -> Surface:
        if self._grain is None or not self._grain_converted:
            self._grain = _noise_tile()
            self._grain_converted = convert_ready()
            if self._grain_converted:  # the display's format blends ten times faster
                self._grain = self._grain.convert_alpha()
        return self._grain


_FAINT = bytes(b % 10 for b in range(256))
"""A byte's grain alpha: 0 to 9."""


def _noise_tile() -> Surface:
    """A small tile of faint speckles that gives the felt some grain."""
    rng = random.Random(7)
    grey = rng.randbytes(96 * 96)
    pixels = bytearray(4 * 96 * 96)
    pixels[0::4] = pixels[1::4] = pixels[2::4] = grey
    pixels[3::4] = rng.randbytes(96 * 96).translate(_FAINT)
    return pygame.image.frombuffer(bytes(pixels), (96, 96), "RGBA").copy()
