"""Card faces and backs, drawn from the SVG art at exactly the size asked for, and cached.

The art is made by ``assets/make_cards.py`` (one folder per style under ``game/assets/cards``)
and rendered by pygame's SVG loader, so a card is crisp at any width. Rendering a card
takes a few milliseconds, so images are cached per (style, card, size); the cache holds one
size at a time, the one in use: asking for another width drops the old size's images.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.resources import asset_path
from game.view.backs import BACK_ORDER, render_back
from game.view.display import convert_ready

RANKS = "A23456789TJQK"
"""Rank letters, ace to king, as used in card texts (``T`` is the ten)."""
SUITS = "CDHS"
"""Suit letters: clubs, diamonds, hearts, spades."""
CARD_TEXTS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
"""The 52 card texts (``"AC"`` ... ``"KS"``), one per face image."""
STYLES: tuple[str, ...] = ("classic", "fourcolour")
"""The card styles: black/red, and a colour-blind-friendly four-colour deck."""
BACK = "back"


def size_for_width(width: int) -> tuple[int, int]:
    """The pixel size of a card ``width`` pixels wide (cards are 5:7)."""
    if width < 1:
        raise ValueError(f"card width must be at least 1 pixel, not {width}")
    return width, max(1, round(width * 7 / 5))


def normalize_card_text(card_text: str) -> str:
    """``"TD"`` from ``"TD"``, ``"td"`` or ``"10D"``; ValueError for anything else."""
    text = card_text.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise ValueError(f"not a card: {card_text!r}")
    return text


def _display_ready() -> bool:
    return convert_ready()


class CardArt:
    """The card images of one style, rendered on demand and cached.

    The surfaces returned are shared with the cache: blit them, do not draw on them.
    """

    def __init__(self, style: str = "classic", back_design: str = "standard") -> None:
        if style not in STYLES:
            raise ValueError(f"unknown card style {style!r}; expected one of {STYLES}")
        if back_design not in BACK_ORDER:
            raise ValueError(f"unknown card back {back_design!r}; expected one of {BACK_ORDER}")
        self.style = style
        """The style's name, one of ``STYLES``."""
        self.back_design = back_design
        """The back's design, one of ``backs.BACK_ORDER`` (``standard``: the style's own)."""
        self.folder: Path = asset_path("cards", style)
        """The folder holding this style's SVG files."""
        self._size: tuple[int, int] | None = None
        self.renders = 0
        """How many images were rendered so far (the renderer frees memory after new ones)."""
        self._cache: dict[tuple[str, str, tuple[int, int]], tuple[pygame.Surface, bool]] = {}

    def size_for_width(self, width: int) -> tuple[int, int]:
        """The pixel size ``(width, round(width * 7 / 5))`` of a card ``width`` pixels wide."""
        return size_for_width(width)

    def face(self, card_text: str, width: int) -> pygame.Surface:
        """The face of a card (``"AS"``, ``"TD"``...) at ``width`` pixels wide."""
        return self._image(normalize_card_text(card_text), width)

    def back(self, width: int) -> pygame.Surface:
        """The card back at ``width`` pixels wide."""
        return self._image(BACK, width)

    def prewarm(self, width: int) -> None:
        """Render all 52 faces and the back at ``width``, so that drawing never waits."""
        for text in CARD_TEXTS:
            self._image(text, width)
        self._image(BACK, width)

    def warm_some(self, width: int, seconds: float) -> bool:
        """Render images not yet cached at ``width`` for up to ``seconds``; True if any was.

        The main loop calls this while idle, so that the first frame never waits for all 53.
        """
        deadline = time.perf_counter() + seconds
        size = size_for_width(width)
        did = False
        for name in (*CARD_TEXTS, BACK):
            if self._size == size and (self.style, name, size) in self._cache:
                continue
            self._image(name, width)
            did = True
            if time.perf_counter() > deadline:
                break
        return did

    @property
    def cached_size(self) -> tuple[int, int] | None:
        """The size the cache holds images for, or None before the first image."""
        return self._size

    def clear(self) -> None:
        """Forget every cached image."""
        self._cache.clear()
        self._size = None

    def path(self, name: str) -> Path:
        """The SVG file of ``name``: a card text or ``"back"``."""
        return self.folder / f"{name}.svg"

    # ------------------------------------------------------------------ internals

    def _image(self, name: str, width: int) -> pygame.Surface:
        size = size_for_width(width)
        if size != self._size:
            self._cache.clear()
            self._size = size
        key = (self.style, name, size)
        entry = self._cache.get(key)
        if entry is not None:
            surface, converted = entry
            if converted or not _display_ready():
                return surface
            surface = surface.convert_alpha()
        else:
            surface = self._render(name, size)
            if _display_ready():
                surface = surface.convert_alpha()
        self._cache[key] = (surface, _display_ready())
        return surface

    def _render(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        self.renders += 1
        if name == BACK and self.back_design != "standard":
            return render_back(self.back_design, size)
        path = self.path(name)
        if not path.is_file():
            raise FileNotFoundError(f"missing card art: {path}")
        image = pygame.image.load_sized_svg(str(path), size)
        if image.get_size() != size:
            # The loader rounds its scaled size up, so one side can come out a pixel too
            # big: copy the image onto a canvas of exactly the size asked for.
            exact = pygame.Surface(size, pygame.SRCALPHA)
            exact.blit(image, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # plain copy
            image = exact
        return image
