"""The heads-up display: a toolbar of buttons at the top, a status line at the bottom."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame
from pygame import Rect, Surface

from game.view.themes import theme, themed
from game.view.widgets import (
    BAR,
    TEXT,
    TEXT_DIM,
    Button,
    blit_text,
    font,
    text,
)

Item = tuple[Hashable, str, bool]
"""A toolbar entry: its action, its label, whether it can be used now."""


def toolbar_buttons(bar: Rect, items: Sequence[Item], title_width: int = 0) -> list[Button]:
    """Buttons for ``items`` from the left of ``bar``, sized to their labels and to the room.

    The title's room is given up when keeping it would shrink the labels by more than 15 %.
    """
    pad = max(3, bar.height // 8)
    height = bar.height - 2 * pad
    gap = max(3, height // 5)
    size = _label_size(items, bar.width - 2 * pad - title_width - gap * len(items), height)
    if size < height * 0.62 * 0.85 and title_width:  # labels a long language would shrink
        size = _label_size(items, bar.width - 2 * pad - gap * len(items), height)
    x = bar.left + pad
    buttons = []
    for action, label, enabled in items:
        width = _natural(label, size, height)
        buttons.append(Button(action, label, Rect(x, bar.top + pad, width, height), enabled, text_size=size))
        x += width + gap
    return buttons


def _label_size(items: Sequence[Item], room: int, height: int) -> int:
    size = int(height * 0.62)
    while size > 9 and sum(_natural(label, size, height) for _, label, _ in items) > room:
        size -= 1
    return size


def _natural(label: str, size: int, height: int) -> int:
    return font(size).size(label)[0] + int(height * 0.7)


def draw_bar(surface: Surface, bar: Rect, top: bool) -> None:
    """The dark strip behind the toolbar or the status line, with a thin rim toward the table."""
    surface.fill(themed(BAR), bar)
    y = bar.bottom - 1 if top else bar.top
    pygame.draw.line(surface, theme().bar_rim, (bar.left, y), (bar.right, y))


def draw_toolbar(
    surface: Surface, bar: Rect, buttons: Sequence[Button], hover: Hashable | None, title: str
) -> None:
    """The toolbar: its buttons and, at the right, the game's title if there is room."""
    draw_bar(surface, bar, top=True)
    for b in buttons:
        b.draw(surface, hover == b.action)
    right = buttons[-1].rect.right + bar.height // 2 if buttons else bar.left
    size = int(bar.height * 0.5)
    if text(title, size, TEXT).get_width() <= bar.right - right - bar.height // 3:
        blit_text(surface, title, size, TEXT, "midright", (bar.right - bar.height // 3, bar.centery))


def title_width(title: str, bar: Rect) -> int:
    """The room the title takes at the right of the toolbar."""
    return font(int(bar.height * 0.5)).size(title)[0] + bar.height


def draw_status(surface: Surface, bar: Rect, items: Sequence[tuple[str, str]], note: str = "") -> None:
    """The status line: ``label value`` pairs from the left, and a note at the right."""
    draw_bar(surface, bar, top=False)
    size = int(bar.height * 0.62)
    x = bar.left + bar.height // 2
    for label, value in items:
        r = blit_text(surface, label, size, TEXT_DIM, "midleft", (x, bar.centery))
        r = blit_text(surface, value, size, TEXT, "midleft", (r.right + size // 3, bar.centery))
        x = r.right + size
    if note:
        blit_text(surface, note, size, TEXT_DIM, "midright", (bar.right - bar.height // 2, bar.centery))


def clock_text(seconds: float) -> str:
    """``m:ss`` (or ``h:mm:ss``) for a duration."""
    s = int(seconds)
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"
