"""The shortcut list (``?``, the gamepad's Back button, or the menu): every key and button."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

from game.i18n import N_, _
from game.scenes.base import Overlay
from game.view.widgets import ACCENT, TEXT, TEXT_DIM, blit_text, font, panel, ui_size

if TYPE_CHECKING:
    from game.scenes.base import Services

KEYBOARD: tuple[tuple[str, str], ...] = (
    # Translators: the shortcut list: key names as the keyboard prints them (Ctrl, Shift, Esc...)
    (N_("Arrows"), N_("Move the focus: piles, and up and down a fan")),
    (N_("Tab, Shift+Tab"), N_("Next or previous pile")),
    (N_("Enter, Space"), N_("Pick up the cards under the focus; put them down")),
    (N_("Shift+Enter"), N_("Send the focused top card home (double-click)")),
    (N_("Esc"), N_("Put the cards back; the menu")),
    ("D", N_("Deal from the stock (click on the stock)")),
    ("H", N_("Hint")),
    ("F", N_("Finish: send the rest home")),
    # Translators: the shortcut list: P held, or the right mouse button held, or a long press
    (N_("P, right button"), N_("Hold: see a covered card whole")),
    (N_("Ctrl+Z, Backspace"), N_("Undo")),
    (N_("Ctrl+Y, Ctrl+Shift+Z"), N_("Redo")),
    (N_("Shift+Backspace"), N_("Rewind to the last winnable position")),
    (N_("Ctrl+R"), N_("Restart this deal")),
    (N_("Ctrl+N, F2"), N_("New deal")),
    (N_("Ctrl+G"), N_("Choose another game")),
    ("S", N_("Statistics")),
    ("C", N_("Calendar of the deals of the day")),
    ("M", N_("Sound on or off")),
    (N_("R, L"), N_("Speech: read the table; say the last sentence again")),
    ("F1", N_("Rules")),
    (N_("F11, Alt+Enter"), N_("Full screen")),
    ("?", N_("This list")),
    (N_("Ctrl+Q"), N_("Quit")),
)
"""The keyboard's shortcuts on the table, as (keys, what they do)."""

GAMEPAD: tuple[tuple[str, str], ...] = (
    (N_("D-pad, left stick"), N_("Move the focus")),
    ("A", N_("Pick up; put down; choose")),
    ("B", N_("Put the cards back; close")),
    ("X", N_("Hint")),
    ("Y", N_("Deal from the stock")),
    ("LB, RB", N_("Undo, redo")),
    (N_("Start"), N_("Menu")),
    (N_("Back"), N_("This list")),
)
"""The gamepad's buttons, as (buttons, what they do); both translated where shown."""

_CLOSE_KEYS = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
    pygame.K_QUESTION,
    pygame.K_F1,
)


class ShortcutsScene(Overlay):
    """The keyboard and gamepad shortcuts side by side (one column in a narrow window)."""

    def __init__(self, app: Services) -> None:
        super().__init__(app, dimming=170)
        self.rect = Rect(0, 0, 0, 0)
        self._size = 16
        self._columns: list[tuple[str, tuple[tuple[str, str], ...], Rect]] = []

    def layout(self) -> None:
        w, h = self.app.size
        size = ui_size((w, h), 0.028)
        side_by_side = w >= h * 1.2
        while size > 9:  # the smallest window (480x360) needs 9: its list has speech's row too
            if self._fit(size, side_by_side, (w, h)):
                break
            size -= 1
        else:
            self._fit(size, side_by_side, (w, h))
        self._size = size

    def _fit(self, size: int, side_by_side: bool, window: tuple[int, int]) -> bool:
        """Place the columns at text ``size``; False if they do not fit in the window."""
        line = int(size * 1.35)
        pad = size
        blocks = [(_("Keyboard"), _translated(KEYBOARD)), (_("Gamepad"), _translated(GAMEPAD))]
        widths = [self._block_width(rows, size) for _, rows in blocks]
        heights = [line * (len(rows) + 1) + line // 2 for _, rows in blocks]
        if side_by_side:
            width = widths[0] + widths[1] + 5 * pad
            height = max(heights) + line * 3 + 2 * pad
        else:
            width = max(widths) + 2 * pad
            height = sum(heights) + line * 3 + 3 * pad
        self.rect = Rect(0, 0, width, height)
        self.rect.center = (window[0] // 2, window[1] // 2)
        top = self.rect.top + pad + line * 2
        if side_by_side:
            left = Rect(self.rect.left + pad, top, widths[0], heights[0])
            right = Rect(left.right + 3 * pad, top, widths[1], heights[1])
            self._columns = [(blocks[0][0], blocks[0][1], left), (blocks[1][0], blocks[1][1], right)]
        else:
            first = Rect(self.rect.left + pad, top, max(widths), heights[0])
            second = Rect(first.left, first.bottom + pad, max(widths), heights[1])
            self._columns = [(blocks[0][0], blocks[0][1], first), (blocks[1][0], blocks[1][1], second)]
        return width <= window[0] - 16 and height <= window[1] - 16

    @staticmethod
    def _block_width(rows: tuple[tuple[str, str], ...], size: int) -> int:
        f = font(size)
        keys = max(f.size(k)[0] for k, _what in rows)
        return keys + size + max(f.size(d)[0] for _keys, d in rows)

    def handle_event(self, event: pygame.event.Event) -> None:
        if _closes(event):
            self.app.pop(self)

    def draw(self, surface: Surface) -> None:
        super().draw(surface)
        panel(surface, self.rect)
        size = self._size
        line = int(size * 1.35)
        title = _("Keyboard and gamepad")
        blit_text(surface, title, int(size * 1.3), TEXT, "midtop", (self.rect.centerx, self.rect.top + size))
        for heading, rows, area in self._columns:
            blit_text(surface, heading, size, ACCENT, "topleft", area.topleft)
            keys_w = max(font(size).size(k)[0] for k, _what in rows)
            y = area.top + line + line // 2
            for keys, what in rows:
                blit_text(surface, keys, size, TEXT, "topleft", (area.left, y))
                blit_text(surface, what, size, TEXT_DIM, "topleft", (area.left + keys_w + size, y))
                y += line
        hint = _("Esc or ? to close")
        blit_text(
            surface,
            hint,
            max(10, size * 4 // 5),
            TEXT_DIM,
            "midbottom",
            (self.rect.centerx, self.rect.bottom - size // 3),
        )


def _translated(rows: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """``rows`` in the player's language (a key's name stays as it is when not translated)."""
    return tuple((_(keys), _(what)) for keys, what in rows)


def _closes(event: pygame.event.Event) -> bool:
    """Esc, Enter, Space, ``?``, F1 or a click closes the list."""
    if event.type == pygame.MOUSEBUTTONUP:
        return bool(event.button == 1)
    if event.type != pygame.KEYDOWN:
        return False
    return event.key in _CLOSE_KEYS or (event.key == pygame.K_SLASH and bool(event.mod & pygame.KMOD_SHIFT))
