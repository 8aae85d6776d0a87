"""Small drawing helpers shared by the table and the other screens: text, buttons, panels.

Text uses the game's bundled font (``lean_pygame.default_font``); rendered lines
are cached, so drawing the same label every frame costs a blit.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect, Surface

from game.view.lean_pygame import default_font
from game.view.themes import Color, theme, themed

# The classic theme's palette, by which screens name their colours; drawn in the current
# theme's (``game.view.themes.themed``).
TEXT: Color = (238, 242, 234)
TEXT_DIM: Color = (160, 178, 166)
TEXT_OFF: Color = (100, 116, 106)
BAR: Color = (16, 30, 23)
BUTTON: Color = (40, 64, 51)
BUTTON_HOVER: Color = (60, 94, 75)
BUTTON_PRIMARY: Color = (196, 150, 46)
BUTTON_PRIMARY_HOVER: Color = (222, 176, 66)
PANEL: Color = (20, 34, 27)
ACCENT: Color = (255, 206, 84)
HINT: Color = (110, 205, 255)


@dataclass(frozen=True)
class Drawn:
    """A line of text or a box (button, panel) as drawn, for the layout tests' recorder."""

    kind: str
    """``"text"``, ``"button"``, ``"panel"`` or ``"cover"`` (an opaque strip over what is below)."""
    rect: Rect
    """A box's rectangle; for a text, its ink: the pixels the glyphs cover."""
    surface: Surface
    label: str = ""
    box: Rect | None = None
    """A button's label: the button it must stay inside."""


recorder: list[Drawn] | None = None
"""While a list (set by the layout tests), every text, button and panel drawn is appended."""

_fonts: dict[int, pygame.font.Font] = {}
_texts: OrderedDict[Hashable, Surface] = OrderedDict()
_TEXT_CACHE = 600


def reset_fonts() -> None:
    """Forget the cached fonts (after ``pygame.font`` was quit and started again)."""
    _fonts.clear()
    _texts.clear()


def trim_texts(keep: int) -> None:
    """Forget all but the ``keep`` rendered lines used last (the app calls this when idle)."""
    while len(_texts) > keep:
        _texts.popitem(last=False)


def font(size: int) -> pygame.font.Font:
    """The game's font at ``size`` pixels (cached)."""
    size = max(8, int(size))
    f = _fonts.get(size)
    if f is None:
        f = _fonts[size] = default_font(size)
    return f


def text(line: str, size: int, color: Color = TEXT) -> Surface:
    """``line`` rendered antialiased in the current theme's ``color`` (cached)."""
    color = themed(color)
    key = (line, int(size), color)
    surf = _texts.get(key)
    if surf is None:
        surf = _texts[key] = font(size).render(line, True, color)
        if len(_texts) > _TEXT_CACHE:
            _texts.popitem(last=False)
    else:
        _texts.move_to_end(key)
    return surf


def blit_text(
    surface: Surface, line: str, size: int, color: Color, anchor: str, pos: tuple[int, int]
) -> Rect:
    """Draw ``line`` with its ``anchor`` (a Rect attribute name: ``center``, ``midleft``…) at ``pos``."""
    surf = text(line, size, color)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    if recorder is not None:
        recorder.append(Drawn("text", surf.get_bounding_rect().move(rect.topleft), surface, line))
    return rect


def record_box(surface: Surface, rect: Rect, kind: str = "panel") -> None:
    """Tell the layout tests' recorder (if any) that texts drawn inside ``rect`` belong in it."""
    if recorder is not None:
        recorder.append(Drawn(kind, Rect(rect), surface))


def wrap(paragraph: str, size: int, width: int) -> list[str]:
    """``paragraph`` broken into lines no wider than ``width`` pixels at font ``size``.

    Runs of two or more spaces are kept (they separate items on one line).
    """
    f = font(size)
    lines: list[str] = []
    line = ""
    for word in re.split(r"(?<! ) (?! )", paragraph):
        trial = f"{line} {word}" if line else word
        if line and f.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def fit_size(line: str, size: int, width: int) -> int:
    """The largest font size up to ``size`` at which ``line`` fits in ``width`` pixels."""
    while size > 9 and font(size).size(line)[0] > width:
        size -= 1
    return size


def fit_row(lines: Sequence[str], size: int, width: int, spacing: float) -> int:
    """The largest font size up to ``size`` at which ``lines`` side by side, each with
    ``spacing`` times the size of room besides (a swatch, a gap), fit in ``width`` pixels."""
    while size > 9 and sum(font(size).size(line)[0] + spacing * size for line in lines) > width:
        size -= 1
    return size


def _line_step(size: int) -> int:
    """From one line of a two-line label to the next: the font's height without its leading,
    so accents above and descenders below never touch."""
    return font(size).get_height()


def _halves(label: str) -> list[str]:
    """``label`` split at the space that best balances its two lines' widths."""
    words = label.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    f = font(20)
    first, second = min(splits, key=lambda s: max(f.size(s[0])[0], f.size(s[1])[0]))
    return [first.strip(), second.strip()]


def label_lines(label: str, size: int, width: int) -> list[str]:
    """``label`` as shown at ``size`` in ``width`` pixels: one line if it fits, else two."""
    if font(size).size(label)[0] <= width or " " not in label.strip():
        return [label]
    return _halves(label)


def label_size(label: str, area: Rect, natural: int = 0) -> int:
    """The font size for a label in ``area`` (up to ``natural``; 0: 62 % of its height): as
    large as fits on one line, or on two when that is larger (a long translation wraps before
    it shrinks to a squint)."""
    natural = natural or int(area.height * 0.62)
    single = fit_size(label, natural, area.width)
    if single >= natural * 0.8 or " " not in label.strip():
        return single
    double = min(fit_size(half, natural, area.width) for half in _halves(label))
    while double > 9 and 2 * _line_step(double) > area.height - 4:
        double -= 1
    return max(single, double)


_ALIGN = {"center": "center", "left": "midleft", "right": "midright"}


def blit_label(
    surface: Surface,
    label: str,
    size: int,
    color: Color,
    area: Rect,
    align: str = "center",
    box: Rect | None = None,
) -> None:
    """``label`` at ``size`` in ``area``, centred on its middle line, aligned ``center``,
    ``left`` or ``right``: one line, or two when one does not fit (see :func:`label_size`).
    ``box`` is the button it labels, for the layout tests' recorder."""
    anchor = _ALIGN[align]
    x = getattr(area, anchor)[0]
    lines = label_lines(label, size, area.width)
    step = _line_step(size)
    y = area.centery - step * (len(lines) - 1) // 2
    for line in lines:
        blit_text(surface, line, size, color, anchor, (x, y))
        if recorder is not None and box is not None:
            recorder[-1] = Drawn("text", recorder[-1].rect, surface, line, Rect(box))
        y += step


@dataclass
class Button:
    """A clickable label; ``action`` is what the screen does when it is clicked."""

    action: Hashable
    label: str
    rect: Rect
    enabled: bool = True
    primary: bool = False
    text_size: int = 0
    """The label's font size (0: as large as fits)."""

    def hit(self, point: tuple[int, int]) -> bool:
        """Whether ``point`` is on the button and it can be clicked."""
        return self.enabled and self.rect.collidepoint(point)

    def draw(self, surface: Surface, hover: bool) -> None:
        """Draw the button (lighter under the pointer, dim when disabled)."""
        if self.primary:
            fill = BUTTON_PRIMARY_HOVER if hover and self.enabled else BUTTON_PRIMARY
        else:
            fill = BUTTON_HOVER if hover and self.enabled else BUTTON
        radius = max(3, self.rect.height // 4)
        pygame.draw.rect(surface, themed(fill), self.rect, border_radius=radius)
        color = (TEXT if not self.primary else (30, 24, 10)) if self.enabled else TEXT_OFF
        area = self.rect.inflate(-8, 0)
        size = self.text_size or label_size(self.label, area)
        record_box(surface, self.rect, "button")
        blit_label(surface, self.label, size, color, area, box=self.rect)


def button_at(buttons: Sequence[Button], point: tuple[int, int]) -> Button | None:
    """The enabled button under ``point``, if any."""
    return next((b for b in buttons if b.hit(point)), None)


def row_of_buttons(
    items: Sequence[tuple[Hashable, str]], center: tuple[int, int], height: int, max_width: int
) -> list[Button]:
    """Buttons of equal width side by side, centred on ``center``, at most ``max_width`` wide."""
    gap = max(6, height // 3)
    natural = max(font(int(height * 0.62)).size(label)[0] for _, label in items) + height
    width = min(natural, (max_width - gap * (len(items) - 1)) // len(items))
    total = width * len(items) + gap * (len(items) - 1)
    x = center[0] - total // 2
    rects = [Rect(x + i * (width + gap), center[1] - height // 2, width, height) for i in range(len(items))]
    text_size = min(label_size(label, r.inflate(-8, 0)) for (_, label), r in zip(items, rects, strict=True))
    return [
        Button(action, label, rect, text_size=text_size)
        for (action, label), rect in zip(items, rects, strict=True)
    ]


def panel(surface: Surface, rect: Rect, color: Color = PANEL, alpha: int = 242) -> None:
    """A rounded dialog panel with a soft shadow and a faint rim."""
    radius = max(6, min(rect.width, rect.height) // 18)
    shadow = Surface(rect.inflate(24, 24).size, pygame.SRCALPHA)
    for i in range(6):
        r = shadow.get_rect().inflate(-4 * i - 2, -4 * i - 2)
        pygame.draw.rect(shadow, (0, 0, 0, 18), r, border_radius=radius + 12 - 2 * i)
    surface.blit(shadow, shadow.get_rect(center=(rect.centerx, rect.centery + 6)))
    body = Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (*themed(color), alpha), body.get_rect(), border_radius=radius)
    pygame.draw.rect(body, (255, 255, 255, 40), body.get_rect(), width=1, border_radius=radius)
    surface.blit(body, rect)
    record_box(surface, rect)


def dim(surface: Surface, alpha: int = 140) -> None:
    """Darken the whole of ``surface`` (behind a dialog; the dark theme a little more)."""
    veil = Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, min(255, alpha * theme().veil // 140)))
    surface.blit(veil, (0, 0))


def ui_size(window: tuple[int, int], fraction: float = 0.032, low: int = 14, high: int = 96) -> int:
    """A font size that scales with the window."""
    return max(low, min(high, round(min(window[0] * 0.75, window[1]) * fraction)))
