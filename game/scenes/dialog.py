"""Dialogs over the table: a panel with a title, a few lines and a row of buttons."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

from game.scenes.base import Overlay
from game.view.widgets import (
    TEXT,
    TEXT_DIM,
    Button,
    blit_text,
    button_at,
    panel,
    row_of_buttons,
    ui_size,
    wrap,
)

if TYPE_CHECKING:
    from game.scenes.base import Services

Choice = Callable[[Hashable], None]


class Dialog(Overlay):
    """A modal panel: ``title``, ``lines`` of text, and ``buttons`` (action, label).

    Clicking a button (or pressing Enter for the first one, Esc for ``escape``) pops the
    dialog and calls ``on_choice`` with the button's action.
    """

    def __init__(
        self,
        app: Services,
        title: str,
        lines: Sequence[str],
        buttons: Sequence[tuple[Hashable, str]],
        on_choice: Choice,
        escape: Hashable | None = None,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        self.items = list(buttons)
        self.on_choice = on_choice
        self.escape = escape
        self.buttons: list[Button] = []
        self.rect = Rect(0, 0, 0, 0)
        self.hover: Hashable | None = None
        self._panel: Surface | None = None

    def layout(self) -> None:
        w, h = self.app.size
        size = ui_size((w, h))
        width = min(w - 40, max(size * 22, int(w * 0.42)))
        self._size = size
        self._wrapped = [line for text in self.lines for line in (wrap(text, size, width - size * 2) or [""])]
        height = int(size * 2.6 + len(self._wrapped) * size * 1.15 + size * 3.6)
        self.rect = Rect(0, 0, width, min(h - 20, height))
        self.rect.center = (w // 2, h // 2)
        self.buttons = row_of_buttons(
            self.items,
            (self.rect.centerx, self.rect.bottom - int(size * 1.6)),
            int(size * 1.7),
            width - size * 2,
        )
        if self.buttons:
            self.buttons[0].primary = True
        self._panel = None

    def choose(self, action: Hashable) -> None:
        """Close the dialog and act on ``action``."""
        self.app.pop(self)
        self.on_choice(action)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            b = button_at(self.buttons, event.pos)
            hover = b.action if b else None
            if hover != self.hover:
                self.hover = hover
                self.invalidate()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            b = button_at(self.buttons, event.pos)
            if b is not None:
                self.choose(b.action)
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)

    def key(self, key: int) -> None:
        """Arrows and Tab move the highlight; Enter picks it (or the first button); Esc the escape action."""
        actions = [b.action for b in self.buttons]
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_TAB: 1, pygame.K_UP: -1, pygame.K_DOWN: 1}
        if key in steps and actions:
            i = actions.index(self.hover) if self.hover in actions else 0
            self.hover = actions[(i + steps[key]) % len(actions)]
            self.invalidate()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.items:
            self.choose(self.hover if self.hover in actions else self.items[0][0])
        elif key == pygame.K_ESCAPE and self.escape is not None:
            self.choose(self.escape)

    def update(self, now: float) -> bool | list[Rect]:
        if self._panel is None:
            self._panel = self._render_panel()
            self.invalidate()
        return super().update(now)

    def _render_panel(self) -> Surface:
        frame = self.panel_frame()
        surf = Surface(frame.size, pygame.SRCALPHA)
        rect = self.rect.move(-frame.x, -frame.y)
        panel(surf, rect)
        size = self._size
        y = rect.top + int(size * 1.5)
        blit_text(surf, self.title, int(size * 1.45), TEXT, "center", (rect.centerx, y))
        y += int(size * 1.5)
        for line in self._wrapped:
            blit_text(surf, line, size, TEXT_DIM, "midtop", (rect.centerx, y))
            y += int(size * 1.15)
        return surf

    def panel_frame(self) -> Rect:
        """The panel with room for its shadow."""
        return self.rect.inflate(48, 48)

    def draw(self, surface: Surface) -> None:
        super().draw(surface)
        if self._panel is not None:
            surface.blit(self._panel, self.panel_frame())
        for b in self.buttons:
            b.draw(surface, b.action == self.hover)
