"""A page of menu buttons in two columns, worked by mouse and keys: the base of the menu and its
settings pages."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

from game.i18n import pgettext
from game.scenes.base import Overlay
from game.view.widgets import TEXT, Button, blit_text, button_at, panel, ui_size

if TYPE_CHECKING:
    from game.scenes.base import Services


def on_off(on: bool) -> str:
    """A two-state setting's value as the menu shows it."""
    # Translators: the value of a setting in the menu
    return pgettext("setting", "On") if on else pgettext("setting", "Off")


class MenuPage(Overlay):
    """A column of buttons; setting buttons change in place, the others close the page.

    A page names its entries (``items``), where its right column starts (``first_right``),
    its heading and what choosing an entry does (``choose``).
    """

    first_right: Hashable | None = None
    """The first entry of the right-hand column (``None``: the entries split in half)."""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.hover: Hashable | None = None
        self.rect = Rect(0, 0, 0, 0)
        self._size = 0

    def items(self) -> list[tuple[Hashable, str]]:
        """The page's entries, labels showing the settings' current values."""
        raise NotImplementedError

    def heading(self) -> str:
        """The title drawn at the top of the page."""
        raise NotImplementedError

    def choose(self, action: Hashable) -> None:
        """Carry out the entry ``action``."""
        raise NotImplementedError

    def close(self) -> None:
        """Leave the page (Esc, F10 or a click outside it)."""
        self.app.pop(self)

    def changed(self) -> None:
        """A setting changed in place: save the settings and redraw the labels."""
        self.app.persist.settings_changed(self.app.settings)
        self.layout()
        self.invalidate()

    def layout(self) -> None:
        """Two columns, the game's commands on the left and the settings on the right."""
        w, h = self.app.size
        items = self.items()
        split = self._split(items)
        rows = max(split, len(items) - split)
        size = ui_size((w, h))
        bh = max(16, min(int(size * 1.6), (h - 40 - size * 3) // rows - 4))
        gap = max(3, bh // 6)
        column = min((w - 40 - 3 * size) // 2, size * 13)
        width = 2 * column + 3 * size
        self.rect = Rect(0, 0, width, size * 3 + rows * (bh + gap))
        self.rect.center = (w // 2, h // 2)
        self._size = size
        self.buttons = []
        for i, (action, label) in enumerate(items):
            side, row = (0, i) if i < split else (1, i - split)
            x = self.rect.left + size + side * (column + size)
            y = self.rect.top + size * 2 + gap + row * (bh + gap)
            self.buttons.append(Button(action, label, Rect(x, y, column, bh)))

    def _split(self, items: list[tuple[Hashable, str]]) -> int:
        """Where the settings start: the first entry of the right column."""
        return next(
            (i for i, (action, _label) in enumerate(items) if action == self.first_right),
            (len(items) + 1) // 2,
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            b = button_at(self.buttons, event.pos)
            if (b.action if b else None) != self.hover:
                self.hover = b.action if b else None
                self.invalidate()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            b = button_at(self.buttons, event.pos)
            if b is not None:
                self.choose(b.action)
            elif not self.rect.collidepoint(event.pos):
                self.close()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F10):
            self.close()
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        """Up and Down (Tab) move the highlight, Left and Right jump between the columns,
        Enter or Space chooses."""
        actions = [b.action for b in self.buttons]
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.hover in actions:
            self.hover = self._across(actions, actions.index(self.hover))
            self.invalidate()
            return
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_TAB: 1, pygame.K_LEFT: 1, pygame.K_RIGHT: 1}
        if key in steps and actions:
            i = actions.index(self.hover) if self.hover in actions else (-1 if steps[key] > 0 else 0)
            self.hover = actions[(i + steps[key]) % len(actions)]
            self.invalidate()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.hover in actions:
            self.choose(self.hover)

    def _across(self, actions: list[Hashable], i: int) -> Hashable:
        """The entry beside entry ``i`` in the other column (the last one where that is shorter)."""
        split = self._split([(a, "") for a in actions])
        if i < split:
            return actions[min(split + i, len(actions) - 1)]
        return actions[min(i - split, split - 1)]

    def draw(self, surface: Surface) -> None:
        super().draw(surface)
        panel(surface, self.rect)
        blit_text(
            surface,
            self.heading(),
            int(self._size * 1.3),
            TEXT,
            "center",
            (self.rect.centerx, self.rect.top + self._size),
        )
        for b in self.buttons:
            b.draw(surface, b.action == self.hover)
