"""The rules screen (F1): the variant's rules in words, nicely wrapped, with a picture of its table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

import game
from game.i18n import _, current_language
from game.scenes.base import Overlay
from game.variants.base import Variant
from game.view.layout import compute_layout
from game.view.widgets import TEXT, TEXT_DIM, blit_text, panel, ui_size, wrap

if TYPE_CHECKING:
    from game.scenes.base import Services


def rule_paragraphs(variant: Variant) -> list[str]:
    """The variant's rules as the screen shows them, in the player's language: the paragraphs
    the variant declares in ``rules`` (translatable resources, not its docstring)."""
    return variant.rule_paragraphs()


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
        self._language = current_language()

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
        lines += [(line, size, TEXT_DIM) for line in wrap(self.variant.display_summary(), size, width)]
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
        if self._language != current_language():  # switched while open: draw the page again
            self._language, self._page = current_language(), None
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
            _("How to play {game}").format(game=self.variant.display_name()),
            int(size * 1.5),
            TEXT,
            "midtop",
            (self.rect.centerx, self.rect.top + size),
        )
        if self._overflows():
            hint = _("Esc, F1 or a click closes  ·  the wheel scrolls")
        else:
            hint = _("Esc, F1 or a click closes")
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
