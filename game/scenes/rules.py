"""The rules screen (F1): the variant's rules in words, nicely wrapped, with a picture of its table."""

from __future__ import annotations

import inspect
import re
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

import game
from game.scenes.base import Overlay
from game.variants.base import Variant
from game.view.layout import compute_layout
from game.view.widgets import TEXT, TEXT_DIM, blit_text, panel, ui_size, wrap

if TYPE_CHECKING:
    from game.scenes.services import Services

_RULE_REFERENCE = re.compile(r"\s*\((?:rules\.md[^()]*|[A-Z]{2}-\d+[^()]*)\)")
_SOURCE_CLAUSE = re.compile(r";\s*deal N is PySolFC's deal N")
_SENTENCE = re.compile(r"(?<=\.)\s+(?=[A-Z\"])")
_BEHIND_THE_SCENES = ("AisleRiot", "PySolFC", "move generator", "Deal order")
"""Sentences about where the rules come from, not about how to play, are left out."""


def rule_paragraphs(variant: Variant) -> list[str]:
    """The variant's rule text as paragraphs for players: no rule ids, no ASCII diagram."""
    paragraphs: list[str] = []
    for block in inspect.cleandoc(variant.rule_text).split("\n\n")[1:]:
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines or all(line.startswith("    ") for line in lines):
            continue
        text = _RULE_REFERENCE.sub("", " ".join(line.strip() for line in lines))
        text = _SOURCE_CLAUSE.sub("", text)
        kept = [s for s in _SENTENCE.split(text) if not any(word in s for word in _BEHIND_THE_SCENES)]
        if kept:
            paragraphs.append(" ".join(kept))
    return paragraphs


def table_picture(app: Services, variant: Variant, size: tuple[int, int]) -> Surface:
    """The opening deal 1 of ``variant``, drawn small to fit in ``size``."""
    g = game.new_game(variant.key, 1)
    layout = compute_layout(variant, (960, 640))
    picture = app.renderer.picture(layout, g.state)
    scale = min(size[0] / picture.get_width(), size[1] / picture.get_height())
    target = (max(1, int(picture.get_width() * scale)), max(1, int(picture.get_height() * scale)))
    return pygame.transform.smoothscale(picture, target)


class RulesScene(Overlay):
    """The rules over the dimmed table; the wheel or the arrow keys scroll, Esc or F1 closes."""

    def __init__(self, app: Services, variant: Variant) -> None:
        super().__init__(app, dimming=170)
        self.variant = variant
        self.scroll = 0
        self.rect = Rect(0, 0, 0, 0)
        self._page: Surface | None = None

    def layout(self) -> None:
        w, h = self.app.size
        self._size = ui_size((w, h), 0.03)
        self.rect = Rect(0, 0, min(w - 32, self._size * 36), h - 32)
        self.rect.center = (w // 2, h // 2)
        self._page = None
        self.scroll = 0

    def _render_page(self) -> Surface:
        size, width = self._size, self.rect.width - self._size * 2
        lines: list[tuple[str, int, tuple[int, int, int]]] = []
        lines.append((self.variant.summary, size, TEXT_DIM))
        for paragraph in rule_paragraphs(self.variant):
            lines.append(("", size // 2, TEXT))
            lines += [(line, size, TEXT) for line in wrap(paragraph, size, width)]
        picture = table_picture(self.app, self.variant, (width, int(self.app.size[1] * 0.28)))
        height = sum(int(s * 1.25) for _, s, _ in lines) + picture.get_height() + size * 2
        page = Surface((width, height), pygame.SRCALPHA)
        page.blit(picture, picture.get_rect(midtop=(width // 2, 0)))
        y = picture.get_height() + size
        for line, s, color in lines:
            if line:
                blit_text(page, line, s, color, "topleft", (0, y))
            y += int(s * 1.25)
        return page

    def update(self, now: float) -> bool | list[Rect]:
        if self._page is None:
            self._page = self._render_page()
            height = self._page.get_height() + int(self._size * 5)
            self.rect.height = min(self.app.size[1] - 32, height)
            self.rect.centery = self.app.size[1] // 2
            self.invalidate()
        return super().update(now)

    def _view(self) -> Rect:
        top = self.rect.top + int(self._size * 3.2)
        bottom = self.rect.bottom - int(self._size * 1.5)
        return Rect(self.rect.left + self._size, top, self.rect.width - 2 * self._size, bottom - top)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            step = {
                pygame.K_DOWN: 1,
                pygame.K_UP: -1,
                pygame.K_PAGEDOWN: 8,
                pygame.K_PAGEUP: -8,
                pygame.K_SPACE: 8,
            }
            if event.key in step:
                self._scroll(step[event.key] * self._size * 1.25)
            elif event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
                self.app.pop(self)
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * self._size * 3)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.app.pop(self)

    def _scroll(self, by: float) -> None:
        if self._page is None:
            return
        most = max(0, self._page.get_height() - self._view().height)
        self.scroll = int(max(0, min(most, self.scroll + by)))
        self.invalidate()

    def draw(self, surface: Surface) -> None:
        super().draw(surface)
        panel(surface, self.rect)
        size = self._size
        blit_text(
            surface,
            f"How to play {self.variant.name}",
            int(size * 1.5),
            TEXT,
            "midtop",
            (self.rect.centerx, self.rect.top + size),
        )
        hint = "Esc, F1 or a click closes" + ("  ·  the wheel scrolls" if self._overflows() else "")
        blit_text(
            surface,
            hint,
            int(size * 0.8),
            TEXT_DIM,
            "midbottom",
            (self.rect.centerx, self.rect.bottom - size // 3),
        )
        if self._page is not None:
            view = self._view()
            surface.blit(self._page, view, Rect(0, self.scroll, view.width, view.height))

    def _overflows(self) -> bool:
        return self._page is not None and self._page.get_height() > self._view().height
