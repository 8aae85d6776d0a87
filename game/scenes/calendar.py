"""The daily challenge's calendar (C, or the menu): a month of days, each with a mark per game
(won, tried, not played), today outlined; any past or present day of the supported range
(``game.store.daily.supported``) can be played; days outside it are greyed out and say why
when pointed at or chosen; the streak of days won and the month's medal
(``game.store.calendar``).

Keyboard: the arrows move from day to day, Page Up and Page Down change the month, Tab or 1–5
choose the game, Enter plays the chosen day's deal of that game, Esc or C closes. The mouse:
click a day, a game, the month arrows, Play or Close.
"""

from __future__ import annotations

from collections.abc import Hashable
from datetime import date, timedelta
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

import game
from game.i18n import N_, _, format_date, ngettext
from game.scenes.base import Overlay
from game.store.calendar import MEDALS, TRIED, WON, Month, month_bounds
from game.store.daily import FIRST_DAY, LAST_DAY, in_range, known_entry
from game.view.names import game_name
from game.view.themes import themed
from game.view.widgets import (
    ACCENT,
    BUTTON,
    TEXT,
    TEXT_DIM,
    TEXT_OFF,
    Button,
    blit_text,
    button_at,
    fit_row,
    fit_size,
    font,
    panel,
    row_of_buttons,
    ui_size,
)

if TYPE_CHECKING:
    from game.scenes.base import Services

RATING_TEXT = {
    # Translators: a deal of the day's rating in the calendar
    "easy": N_("easy"),
    # Translators: a deal of the day's rating in the calendar
    "medium": N_("medium"),
    # Translators: a deal of the day's rating in the calendar
    "hard": N_("hard"),
    # Translators: a deal of the day's rating in the calendar: harder than hard
    "expert": N_("expert"),
}
MEDAL_TEXT = {
    # Translators: the month's medal in the calendar
    "gold": N_("Gold medal"),
    # Translators: the month's medal in the calendar
    "silver": N_("Silver medal"),
    # Translators: the month's medal in the calendar
    "bronze": N_("Bronze medal"),
}
OUTSIDE = (34, 44, 38)
"""The fill of a day outside the supported range (darker than a playable day's)."""
MARK = {WON: (96, 200, 110), TRIED: (222, 176, 66), None: (70, 88, 78)}
"""A game's mark in a day's cell: won (green), tried (amber), not played (grey)."""
_MOVES = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -7, pygame.K_DOWN: 7}


def is_calendar_key(event: pygame.event.Event) -> bool:
    """Whether ``event`` is the C key with no modifier (the app checks the scene)."""
    return (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_c
        and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
    )


class CalendarScene(Overlay):
    """The calendar (see the module doc)."""

    def __init__(self, app: Services) -> None:
        super().__init__(app, dimming=170)
        self.variants = list(game.VARIANTS)
        table = app.table
        self.variant = (
            table.g.key if table is not None else (app.persist.stored.last_variant or self.variants[0])
        )
        self.today = app.persist.store.today()
        self.focus = self.today
        self.month: Month = app.persist.store.calendar(self.today)
        self.rect = Rect(0, 0, 0, 0)
        self.cells: dict[date, Rect] = {}
        self.buttons: list[Button] = []
        self.size = 16
        self.grid_bottom = 0
        self.hover: Hashable | None = None
        self.hover_day: date | None = None
        """The day under the pointer: the line under the grid tells about it."""

    # ------------------------------------------------------------ state

    def playable(self, day: date) -> bool:
        """Whether ``day`` has a deal of the day that may be played now (not a future day)."""
        return in_range(day) and day <= self.today

    def move_focus(self, days: int) -> None:
        """Focus the day ``days`` away, turning the month when it leaves this one."""
        self.focus += timedelta(days=days)
        if self.focus.replace(day=1) != self.month.first:
            self.month = self.app.persist.store.calendar(self.focus)
            self.layout()
        self.invalidate()

    def turn_month(self, step: int) -> None:
        """The month before (``-1``) or after (``1``), focused on the same day or the nearest."""
        first = self.month.first
        target = (
            (first - timedelta(days=1)).replace(day=1)
            if step < 0
            else month_bounds(first)[1] + timedelta(days=1)
        )
        last = month_bounds(target)[1]
        self.move_focus((target.replace(day=min(self.focus.day, last.day)) - self.focus).days)

    def play(self) -> None:
        """Play the focused day's deal of the chosen game (nothing for a day without one)."""
        if self.playable(self.focus):
            self.app.start_game(self.variant, daily=self.focus)

    # ------------------------------------------------------------ layout

    def layout(self) -> None:
        w, h = self.app.size
        size = self.size = ui_size((w, h), 0.026, low=11)
        width = min(w - 16, size * 40)
        cell_w = (width - 2 * size) // 7
        cell_h = max(size * 2, min(int(cell_w * 0.7), (h - 16 - size * 16) // 6))
        height = size * 157 // 10 + cell_h * 6
        self.rect = Rect(0, 0, width, min(height, h - 16))
        self.rect.center = (w // 2, h // 2)
        first, last = month_bounds(self.month.first)
        top = self.rect.top + size * 31 // 5
        left = self.rect.left + size
        row = 0
        self.cells = {}
        day = first
        while day <= last:
            column = day.weekday()
            self.cells[day] = Rect(left + column * cell_w, top + row * cell_h, cell_w - 4, cell_h - 4)
            if column == 6:
                row += 1
            day += timedelta(days=1)
        arrows = size * 2
        self.buttons = [
            Button("previous", "‹", Rect(self.rect.left + size, self.rect.top + size // 2, arrows, arrows)),
            Button(
                "next", "›", Rect(self.rect.right - size - arrows, self.rect.top + size // 2, arrows, arrows)
            ),
        ]
        self.grid_bottom = top + 6 * cell_h
        games_y = self.grid_bottom + size * 9 // 2
        names = [(key, game_name(game.VARIANTS[key])) for key in self.variants]
        self.buttons += row_of_buttons(names, (self.rect.centerx, games_y), size * 2, width - 2 * size)
        actions = [("play", _("Play  (Enter)")), ("close", _("Close  (Esc)"))]
        self.buttons += row_of_buttons(
            actions, (self.rect.centerx, self.rect.bottom - size * 3 // 2), size * 2, width - 2 * size
        )

    # ------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._click(event.pos)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in _MOVES:
            self.move_focus(_MOVES[key])
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn_month(-1 if key == pygame.K_PAGEUP else 1)
        elif key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.choose(self.variants[(self.variants.index(self.variant) + step) % len(self.variants)])
        elif pygame.K_1 <= key < pygame.K_1 + len(self.variants):
            self.choose(self.variants[key - pygame.K_1])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.play()
        elif key in (pygame.K_ESCAPE, pygame.K_c):
            self.app.pop(self)

    def choose(self, variant: str) -> None:
        """Make ``variant`` the game to play."""
        self.variant = variant
        self.invalidate()

    def _hover(self, pos: tuple[int, int]) -> None:
        found = button_at(self.buttons, pos)
        hover = found.action if found else None
        day = next((d for d, r in self.cells.items() if r.collidepoint(pos)), None)
        if (hover, day) != (self.hover, self.hover_day):
            self.hover, self.hover_day = hover, day
            self.invalidate()

    def _click(self, pos: tuple[int, int]) -> None:
        day = next((d for d, r in self.cells.items() if r.collidepoint(pos)), None)
        if day is not None:
            self.focus = day
            self.invalidate()
            return
        found = button_at(self.buttons, pos)
        if found is None:
            return
        if found.action in ("previous", "next"):
            self.turn_month(-1 if found.action == "previous" else 1)
        elif found.action == "play":
            self.play()
        elif found.action == "close":
            self.app.pop(self)
        elif isinstance(found.action, str) and found.action in self.variants:
            self.choose(found.action)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: Surface) -> None:
        super().draw(surface)
        panel(surface, self.rect)
        size, r = self.size, self.rect
        title = _("Daily challenge: {month}").format(month=_month_name(self.month.first))
        blit_text(
            surface,
            title,
            fit_size(title, int(size * 1.3), r.width - 6 * size),
            TEXT,
            "midtop",
            (r.centerx, r.top + size * 3 // 4),
        )
        lines = [self._streak_text(), self._medal_text()]
        for i, line in enumerate(lines):
            blit_text(
                surface,
                line,
                fit_size(line, size, r.width - 2 * size),
                TEXT_DIM,
                "midtop",
                (r.centerx, r.top + size * 5 // 2 + i * size * 5 // 4 - size // 4),
            )
        self._draw_grid(surface)
        detail = self._detail_text()
        grid_bottom = self.grid_bottom
        blit_text(
            surface,
            detail,
            fit_size(detail, size, r.width - 2 * size),
            TEXT,
            "midtop",
            (r.centerx, grid_bottom + size // 2),
        )
        self._draw_legend(surface, grid_bottom + size * 17 // 10)
        for button in self.buttons:
            selected = button.action == self.variant
            button.primary = selected or button.action == "play"
            button.enabled = button.action != "play" or self.playable(self.focus)
            button.draw(surface, self.hover == button.action)

    def _draw_legend(self, surface: Surface, y: int) -> None:
        """What the marks mean: a swatch before each result's name, centred on one line."""
        # Translators: a game's result on a day of the calendar
        items = [(MARK[WON], _("won")), (MARK[TRIED], _("tried")), (MARK[None], _("not played"))]
        size = fit_row(
            [label for _, label in items], self.size * 4 // 5, self.rect.width - 2 * self.size, 3.0
        )
        widths = [font(size).size(label)[0] for _, label in items]
        x = self.rect.centerx - (sum(widths) + 3 * size * len(items)) // 2
        for (color, label), width in zip(items, widths, strict=True):
            pygame.draw.rect(
                surface, color, Rect(x, y + size // 5, size * 4 // 5, size * 4 // 5), border_radius=2
            )
            blit_text(surface, label, size, TEXT_DIM, "topleft", (x + size, y))
            x += width + 3 * size

    def _draw_grid(self, surface: Surface) -> None:
        size = self.size
        names = _weekday_names()
        cells = list(self.cells.values())
        width = cells[0].width
        for column, name in enumerate(names):
            x = self.rect.left + size + column * (width + 4) + width // 2
            blit_text(
                surface,
                name,
                fit_size(name, size * 4 // 5, width),
                TEXT_DIM,
                "midbottom",
                (x, min(c.top for c in cells) - 2),
            )
        for day, cell in self.cells.items():
            self._draw_cell(surface, day, cell)

    def _draw_cell(self, surface: Surface, day: date, cell: Rect) -> None:
        size = self.size
        radius = max(3, cell.height // 6)
        outside = not in_range(day)
        pygame.draw.rect(surface, themed(OUTSIDE if outside else BUTTON), cell, border_radius=radius)
        if day == self.focus:
            pygame.draw.rect(surface, ACCENT, cell, width=max(2, size // 6), border_radius=radius)
        elif day == self.today:
            pygame.draw.rect(surface, themed(TEXT), cell, width=max(1, size // 10), border_radius=radius)
        color = TEXT if self.playable(day) else TEXT_OFF
        number = str(day.day)
        blit_text(
            surface, number, size * 4 // 5, color, "topleft", (cell.left + size // 4, cell.top + size // 8)
        )
        if outside:  # no deal of the day: struck through, no marks
            pygame.draw.line(surface, themed(TEXT_OFF), cell.bottomleft, cell.topright, max(1, size // 10))
            return
        results = self.month.results.get(day, {})
        mark = max(3, min(cell.width // 8, cell.height // 4))
        gap = max(1, mark // 3)
        x = cell.right - size // 4 - len(self.variants) * (mark + gap)
        y = cell.bottom - mark - size // 4
        for key in self.variants:
            box = Rect(x, y, mark, mark)
            pygame.draw.rect(surface, MARK[results.get(key)], box, border_radius=max(1, mark // 3))
            if key == self.variant:
                pygame.draw.rect(
                    surface, themed(TEXT), box.inflate(2, 2), width=1, border_radius=max(1, mark // 3)
                )
            x += mark + gap

    # ------------------------------------------------------------ texts

    def _streak_text(self) -> str:
        current, best = self.month.current_streak, self.month.best_streak
        return ngettext(
            "Streak: {count} day in a row with a deal of the day won (best {best})",
            "Streak: {count} days in a row with a deal of the day won (best {best})",
            current,
        ).format(count=current, best=best)

    def _medal_text(self) -> str:
        won = self.month.days_won
        medal = self.month.medal
        days = ngettext("{count} day won this month", "{count} days won this month", won).format(count=won)
        if medal is not None:
            return f"{days} · {_(MEDAL_TEXT[medal])}"
        bronze = dict(MEDALS)["bronze"]
        return ngettext(
            "{days} · a bronze medal takes {count} day",
            "{days} · a bronze medal takes {count} days",
            bronze,
        ).format(days=days, count=bronze)

    def _detail_text(self) -> str:
        """About the day under the pointer, else the chosen day."""
        day = self.hover_day or self.focus
        name = game_name(game.VARIANTS[self.variant])
        when = format_date(day)
        if not in_range(day):
            # Translators: a day of the calendar outside the daily challenge's range of dates
            return _("{day}: no deal of the day (the daily challenge runs from {first} to {last})").format(
                day=when, first=format_date(FIRST_DAY), last=format_date(LAST_DAY)
            )
        if day > self.today:
            return _("{day}: not yet, come back that day").format(day=when)
        result = self.month.results.get(day, {}).get(self.variant)
        # Translators: a game's result on a day of the calendar
        status = {WON: _("won"), TRIED: _("tried")}.get(result or "", _("not played"))
        entry = known_entry(self.variant, day, self.app.persist.daily_cache())
        if entry is None:
            # Translators: the calendar's chosen day, whose deal is proved winnable when played
            return _("{day} · {game}: {result} (Play proves its deal first: a few seconds)").format(
                day=when, game=name, result=status
            )
        # Translators: the calendar's chosen day: date, game, deal number, rating, result
        return _("{day} · {game}: deal {deal}, {rating}, {result}").format(
            day=when, game=name, deal=entry.deal, rating=_(RATING_TEXT[entry.rating]), result=status
        )


def _month_name(first: date) -> str:
    """The month and year as the language writes them (``November 2026``)."""
    from babel.dates import format_skeleton

    from game.i18n import current_language

    return str(format_skeleton("yMMMM", first, locale=current_language())).capitalize()


def _weekday_names() -> list[str]:
    """Monday to Sunday, abbreviated, in the player's language."""
    from babel.dates import get_day_names

    from game.i18n import current_language

    names = get_day_names("abbreviated", context="stand-alone", locale=current_language())
    return [str(names[i]) for i in range(7)]
