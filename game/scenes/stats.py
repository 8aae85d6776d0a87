"""The statistics screen (S, or Statistics in the menu and the chooser).

A table with one row per game (and all games together): played, won, win rate, streaks, the
best time, fewest moves and best score, and the deal-of-the-day streak; the line saying what
counts as a loss; the recent games of the chosen row, newest first (click one to deal it
again); and a chart of wins and losses over time with the win rate as a line. Click a row of
the table (or press Left/Right) to choose the game the list and the chart show.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

import game
from game.i18n import N_, _, format_day, format_number, format_percent
from game.scenes.base import Damage, Overlay
from game.store import LOSS_RULE, DayPoint, GameRecord, Summary
from game.view.hud import clock_text
from game.view.names import game_name
from game.view.themes import themed
from game.view.widgets import (
    ACCENT,
    BUTTON,
    HINT,
    TEXT,
    TEXT_DIM,
    TEXT_OFF,
    Button,
    blit_label,
    blit_text,
    button_at,
    fit_row,
    fit_size,
    font,
    label_size,
    panel,
    ui_size,
    wrap,
)

if TYPE_CHECKING:
    from game.scenes.base import Services

WIN: tuple[int, int, int] = (112, 190, 120)
LOSS: tuple[int, int, int] = (206, 96, 80)
GRID: tuple[int, int, int] = (52, 78, 63)
PLOT: tuple[int, int, int] = (14, 26, 20)
MAX_BARS = 60

SUMMARY_COLUMNS = (
    (N_("Game"), 2.0),
    (N_("Played"), 1.0),
    (N_("Won"), 1.0),
    (N_("Win rate"), 1.0),
    (N_("Streak"), 1.0),
    (N_("Best streak"), 1.1),
    (N_("Best time"), 1.1),
    (N_("Fewest moves"), 1.2),
    (N_("Best score"), 1.1),
    (N_("Daily streak"), 1.2),
)
"""The statistics table's columns: heading (translated where shown) and relative width."""
GAME_COLUMNS = (
    (N_("Game"), 1.6),
    (N_("Deal"), 1.2),
    (N_("Result"), 1.4),
    (N_("Time"), 1.0),
    (N_("Moves"), 0.9),
    (N_("Score"), 1.1),
    (N_("Winnable"), 1.1),
)
"""The statistics table's columns: heading (translated where shown) and relative width."""
RESULT_NAMES = {
    # Translators: a finished game's result in the statistics
    "won": N_("Won"),
    # Translators: a finished game's result: no move was left
    "lost": N_("Lost (stuck)"),
    # Translators: a finished game's result: another deal was started before it was over
    "abandoned": N_("Lost (left)"),
}
"""A finished game's result as the list says it (translated where shown)."""


def is_stats_key(app: Services, event: pygame.event.Event) -> bool:
    """Whether ``event`` is the S key on a scene that takes it (the table, the chooser when
    no deal is being typed: ``Scene.takes_stats_key``)."""
    if event.type != pygame.KEYDOWN or event.key != pygame.K_s:
        return False
    if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return False
    return bool(app.scenes) and app.top.takes_stats_key()


def store_command(app: Services, command: str) -> None:
    """``stats``: show the statistics; ``daily``: deal today's deal of the current game."""
    if command == "stats":
        app.show_stats()
    elif command == "daily":
        table = app.table
        variant = table.g.key if table is not None else app.persist.stored.last_variant
        app.start_game(variant or next(iter(game.VARIANTS)), daily=True)


def extra_buttons(deal_rect: Rect, size: int, width: int) -> list[Button]:
    """The chooser's "Deal of the day" and "Statistics" buttons, either side of the deal field."""
    w = min(int(size * 10), (width - deal_rect.width) // 2 - size * 2)
    if w < size * 3:
        return []
    daily = Rect(0, 0, w, deal_rect.height)
    daily.midright = (deal_rect.left - size, deal_rect.centery)
    stats = Rect(0, 0, w, deal_rect.height)
    stats.midleft = (deal_rect.right + size, deal_rect.centery)
    return [Button("daily", _("Deal of the day  (T)"), daily), Button("stats", _("Statistics  (S)"), stats)]


@dataclass
class Row:
    """A clickable line of the screen: a game of the table, or a finished game of the list."""

    rect: Rect
    variant: str | None
    record: GameRecord | None = None


def percent(rate: float | None) -> str:
    """``57%`` as the language writes it, or a dash before the first game."""
    return "-" if rate is None else format_percent(rate)


def summary_cells(name: str, s: Summary) -> list[str]:
    """One row of the statistics table."""
    daily = format_number(s.daily_current_streak)
    if s.daily_best_streak > s.daily_current_streak:
        # Translators: the daily streak now, and the best one there was
        daily = _("{streak}  (best {best})").format(streak=daily, best=format_number(s.daily_best_streak))
    return [
        name,
        format_number(s.played),
        format_number(s.won),
        percent(s.win_rate),
        format_number(s.current_streak),
        format_number(s.best_streak),
        "-" if s.best_time is None else clock_text(s.best_time),
        "-" if s.fewest_moves is None else format_number(s.fewest_moves),
        "-" if s.best_score is None else _("{score}/52").format(score=s.best_score),
        daily,
    ]


def game_cells(r: GameRecord) -> list[str]:
    """One row of the recent games list."""
    name = game_name(game.VARIANTS[r.variant]) if r.variant in game.VARIANTS else r.variant
    result = _(RESULT_NAMES[r.result]) if r.result in RESULT_NAMES else r.result
    if r.daily is not None:
        # Translators: a result in the statistics for the deal of the day ("Won, daily")
        result = _("{result}, daily").format(result=result)
    return [
        name,
        "-" if r.deal is None else f"#{r.deal}",
        result,
        clock_text(r.seconds),
        format_number(r.moves),
        _("{score}/52").format(score=r.score),
        winnable_cell(r),
    ]


def winnable_cell(r: GameRecord) -> str:
    """The "Winnable" column: what was known of the deal when the game ended ("?": nothing)."""
    if r.won or r.winnable_only or r.verdict == "winnable":
        # Translators: the statistics' "Winnable" column: proved winnable (else "no" or "?")
        return _("yes")
    if r.verdict == "unwinnable":
        # Translators: the statistics' "Winnable" column: the solver proved the deal cannot be won
        return _("no")
    return "?"


class StatsScene(Overlay):
    """The statistics screen (see the module doc)."""

    def __init__(self, app: Services) -> None:
        super().__init__(app, dimming=190)
        table = app.table
        self.variant: str | None = table.g.key if table is not None else app.persist.stored.last_variant
        self.offset = 0
        self.hover: Hashable | None = None
        self.rows: list[Row] = []
        self.game_rows: list[Row] = []
        self.buttons: list[Button] = []
        self.rect = Rect(0, 0, 0, 0)
        self._size = 16
        self._summaries: dict[str | None, Summary] = {}
        self._days: dict[str | None, list[DayPoint]] = {}
        self._games: list[GameRecord] = []
        self._list_rect = Rect(0, 0, 0, 0)
        self._chart_rect = Rect(0, 0, 0, 0)
        self._rule_lines: list[str] = []
        self._list_rows = 1
        self._chart: tuple[str, list[tuple[int, int, float, str]], bool] = ("", [], False)
        self._static: Surface | None = None
        """The screen at rest (no hover), drawn once per opening, layout or choice of game."""
        self._damage: list[Rect] = []
        self._load()

    # ---------------------------------------------------------------- data

    def _load(self) -> None:
        """Every figure of the table and the chart's days, added up once per opening."""
        overview = self.app.persist.store.overview()
        self._summaries = overview.summaries
        self._days = overview.days
        self._load_chart()

    def _load_chart(self) -> None:
        """The chart of the chosen game: its title, per bar (wins, losses, win rate, label),
        and whether the bars are days."""
        days = self._days.get(self.variant, [])
        if len(days) >= 3:
            bars = [(d.wins, d.losses, d.win_rate, format_day(d.day)) for d in days[-MAX_BARS:]]
            self._chart = _("Wins and losses per day"), bars, True
            return
        summary = self._summaries.get(self.variant)
        totals = None if summary is None else (summary.played, summary.won)
        points = self.app.persist.store.chart(self.variant, last=MAX_BARS, totals=totals)
        self._chart = (
            _("Wins and losses, game by game"),
            [(int(p.won), int(not p.won), p.recent_win_rate, format_number(p.number)) for p in points],
            False,
        )

    def _load_games(self) -> None:
        self._games = self.app.persist.store.games(self.variant, limit=self._list_rows, offset=self.offset)

    def names(self) -> list[tuple[str | None, str]]:
        """The table's rows: each game, then all together."""
        rows: list[tuple[str | None, str]] = [(k, game_name(cls)) for k, cls in game.VARIANTS.items()]
        return [*rows, (None, _("All games"))]

    # -------------------------------------------------------------- layout

    def layout(self) -> None:
        w, h = self.app.size
        size = self._size = ui_size((w, h), 0.028, low=15)
        margin = max(8, size // 2)
        self.rect = Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        inner = self.rect.inflate(-2 * size, -2 * size)
        title_h = int(size * 1.9)
        close = Rect(0, 0, int(size * 6), int(size * 1.6))
        close.topright = (inner.right, inner.top)
        self.buttons = [Button("close", _("Close  (Esc)"), close)]
        y = inner.top + title_h
        row_h = int(size * 1.45)
        self.rows = []
        for i, (key, _name) in enumerate(self.names()):
            self.rows.append(Row(Rect(inner.left, y + (i + 1) * row_h, inner.width, row_h), key))
        y += (len(self.rows) + 1) * row_h + size // 2
        rule_size = int(size * 0.8)
        self._rule_lines = wrap(_(LOSS_RULE), rule_size, inner.width)
        y += len(self._rule_lines) * int(rule_size * 1.2) + size // 2
        bottom = Rect(inner.left, y, inner.width, inner.bottom - y)
        split = int(bottom.width * 0.56)
        self._list_rect = Rect(bottom.left, bottom.top, split - size, bottom.height)
        self._chart_rect = Rect(bottom.left + split, bottom.top, bottom.width - split, bottom.height)
        line_h = int(size * 1.25)
        self._list_rows = max(1, (self._list_rect.height - int(size * 1.4) - line_h) // line_h)
        self._load_games()
        top = self._list_rect.top + int(size * 1.4) + line_h
        self.game_rows = [
            Row(Rect(self._list_rect.left, top + i * line_h, self._list_rect.width, line_h), r.variant, r)
            for i, r in enumerate(self._games)
        ]

    # ---------------------------------------------------------------- input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll(-3 * event.y)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _hover(self, pos: tuple[int, int]) -> None:
        hover: Hashable | None = None
        if (b := button_at(self.buttons, pos)) is not None:
            hover = b.action
        else:
            for i, row in enumerate(self.game_rows):
                if row.rect.collidepoint(pos):
                    hover = ("game", i)
            for row in self.rows:
                if row.rect.collidepoint(pos):
                    hover = ("variant", row.variant)
        if hover != self.hover:
            # Only the rows (or the button) the highlight leaves and reaches are drawn again.
            self._damage += [
                r for r in (self._hover_rect(self.hover), self._hover_rect(hover)) if r is not None
            ]
            self.hover = hover

    def _hover_rect(self, hover: Hashable | None) -> Rect | None:
        """Where the highlight of ``hover`` is drawn."""
        if isinstance(hover, tuple) and hover[0] == "game" and hover[1] < len(self.game_rows):
            return self.game_rows[hover[1]].rect
        if isinstance(hover, tuple) and hover[0] == "variant":
            return next((row.rect for row in self.rows if row.variant == hover[1]), None)
        return next((b.rect for b in self.buttons if b.action == hover), None)

    def _click(self, pos: tuple[int, int]) -> None:
        if button_at(self.buttons, pos) is not None or not self.rect.collidepoint(pos):
            self.app.pop(self)
            return
        for row in self.rows:
            if row.rect.collidepoint(pos):
                self.choose_variant(row.variant)
                return
        for row in self.game_rows:
            if row.rect.collidepoint(pos) and row.record is not None:
                self.replay(row.record)
                return

    def _key(self, event: pygame.event.Event) -> None:
        keys = [k for k, _ in self.names()]
        if event.key in (pygame.K_ESCAPE, pygame.K_s, pygame.K_F10):
            self.app.pop(self)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            step = -1 if event.key == pygame.K_LEFT else 1
            self.choose_variant(keys[(keys.index(self.variant) + step) % len(keys)])
        elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self._scroll(1 if event.key == pygame.K_DOWN else self._list_rows)
        elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self._scroll(-1 if event.key == pygame.K_UP else -self._list_rows)

    def _scroll(self, lines: int) -> None:
        total = self._summaries[self.variant].played if self.variant in self._summaries else 0
        offset = max(0, min(self.offset + lines, max(0, total - self._list_rows)))
        if offset != self.offset:
            self.offset = offset
            self.layout()
            self.redraw()

    def choose_variant(self, variant: str | None) -> None:
        """Show the list and the chart of ``variant`` (``None``: all games)."""
        self.variant, self.offset = variant, 0
        self._load_chart()
        self.layout()
        self.redraw()

    def redraw(self) -> None:
        """Draw the screen at rest again at the next frame (its figures or layout changed)."""
        self._static = None
        self.invalidate()

    def replay(self, record: GameRecord) -> None:
        """Deal the game of ``record`` again (a new game)."""
        if record.deal is not None and record.variant in game.VARIANTS:
            self.app.start_game(record.variant, record.deal)

    def resize(self) -> None:
        self._static = None
        super().resize()

    def update(self, now: float) -> Damage:
        full = super().update(now)
        if full or self._static is None or self._static.get_size() != self.app.size:
            self._static = Surface(self.app.size)
            self._draw_at_rest(self._static)
            self._damage = []
            return True
        damage, self._damage = self._damage, []
        return damage or False

    # ----------------------------------------------------------------- draw

    def draw(self, surface: Surface) -> None:
        if self._static is not None and self._static.get_size() == surface.get_size():
            surface.blit(self._static, (0, 0))
        else:
            self._draw_at_rest(surface)
        self._draw_hover(surface)

    def _draw_hover(self, surface: Surface) -> None:
        """The highlight under the pointer, over the screen at rest."""
        size, hover = self._size, self.hover
        for b in self.buttons:
            if b.action == hover:
                b.draw(surface, True)
        if not isinstance(hover, tuple):
            return
        if hover[0] == "variant" and hover[1] != self.variant:
            row = next((r for r in self.rows if r.variant == hover[1]), None)
            summary = self._summaries.get(hover[1])
            if row is not None:
                pygame.draw.rect(surface, themed(BUTTON), row.rect, border_radius=max(3, size // 4))
                if summary is not None:
                    name = dict(self.names())[row.variant]
                    self._cells(surface, row.rect, summary_cells(name, summary), SUMMARY_COLUMNS, size)
        elif hover[0] == "game" and hover[1] < len(self.game_rows):
            row = self.game_rows[hover[1]]
            pygame.draw.rect(surface, themed(BUTTON), row.rect, border_radius=max(3, size // 4))
            if row.record is not None:
                self._cells(surface, row.rect, game_cells(row.record), GAME_COLUMNS, int(size * 0.9))

    def _draw_at_rest(self, surface: Surface) -> None:
        """Everything but the highlight under the pointer."""
        super().draw(surface)
        panel(surface, self.rect)
        size = self._size
        inner = self.rect.inflate(-2 * size, -2 * size)
        blit_text(surface, _("Statistics"), int(size * 1.5), TEXT, "topleft", inner.topleft)
        for b in self.buttons:
            b.draw(surface, False)
        self._draw_summary(surface)
        rule_size = int(size * 0.8)
        y = self.rows[-1].rect.bottom + size // 2
        for line in self._rule_lines:
            blit_text(surface, line, rule_size, TEXT_DIM, "topleft", (inner.left, y))
            y += int(rule_size * 1.2)
        self._draw_games(surface)
        self._draw_chart(surface)

    def _columns(self, rect: Rect, spec: tuple[tuple[str, float], ...]) -> list[Rect]:
        total = sum(weight for _heading, weight in spec)
        x, cols = rect.left, []
        for _heading, weight in spec:
            width = int(rect.width * weight / total)
            cols.append(Rect(x, rect.top, width, rect.height))
            x += width
        return cols

    def _cells(
        self, surface: Surface, rect: Rect, cells: list[str], spec: tuple[tuple[str, float], ...], size: int
    ) -> None:
        color_first = TEXT
        for i, (col, cell) in enumerate(zip(self._columns(rect, spec), cells, strict=True)):
            pad = max(2, size // 4)
            fitted = fit_size(cell, size, col.width - 2 * pad)
            color = color_first if i == 0 else TEXT
            if i == 0:
                blit_text(surface, cell, fitted, color, "midleft", (col.left + pad, col.centery))
            else:
                blit_text(surface, cell, fitted, color, "midright", (col.right - pad, col.centery))

    def _header(self, surface: Surface, rect: Rect, spec: tuple[tuple[str, float], ...], size: int) -> None:
        cols = self._columns(rect, spec)
        pad = max(2, size // 4)
        heads = [_(name) for name, _weight in spec]
        areas = [col.inflate(-2 * pad, 0) for col in cols]
        fitted = min(label_size(h, area, size) for h, area in zip(heads, areas, strict=True))
        for i, (area, head) in enumerate(zip(areas, heads, strict=True)):
            blit_label(surface, head, fitted, TEXT_DIM, area, "left" if i == 0 else "right")
        pygame.draw.line(surface, themed(GRID), (rect.left, rect.bottom - 1), (rect.right, rect.bottom - 1))

    def _draw_summary(self, surface: Surface) -> None:
        size = self._size
        first = self.rows[0].rect
        self._header(surface, first.move(0, -first.height), SUMMARY_COLUMNS, int(size * 0.85))
        names = dict(self.names())
        for row in self.rows:
            lit = row.variant == self.variant
            if lit:
                pygame.draw.rect(surface, themed(BUTTON), row.rect, border_radius=max(3, size // 4))
            if lit:
                pygame.draw.rect(
                    surface, ACCENT, row.rect, width=max(1, size // 10), border_radius=max(3, size // 4)
                )
            summary = self._summaries.get(row.variant)
            if summary is None:
                continue
            self._cells(surface, row.rect, summary_cells(names[row.variant], summary), SUMMARY_COLUMNS, size)

    def _draw_games(self, surface: Surface) -> None:
        size, rect = self._size, self._list_rect
        name = dict(self.names())[self.variant]
        # Translators: the heading of the list of finished games; {game} a game's name or "All games"
        heading = _("Recent games: {game}").format(game=name)
        blit_text(surface, heading, fit_size(heading, size, rect.width), ACCENT, "topleft", rect.topleft)
        line_h = int(size * 1.25)
        head = Rect(rect.left, rect.top + int(size * 1.4), rect.width, line_h)
        small = int(size * 0.9)
        self._header(surface, head, GAME_COLUMNS, int(size * 0.85))
        if not self.game_rows:
            blit_text(
                surface,
                _("No finished games yet."),
                small,
                TEXT_DIM,
                "topleft",
                (rect.left, head.bottom + size // 2),
            )
            return
        for row in self.game_rows:
            assert row.record is not None
            self._cells(surface, row.rect, game_cells(row.record), GAME_COLUMNS, small)
        if self.offset or len(self.game_rows) >= self._list_rows:
            note = _("Click a game to deal it again  ·  scroll for more")
        else:
            note = _("Click a game to deal it again")
        note_size = max(12, int(size * 0.75))
        bottom = self.game_rows[-1].rect.bottom + int(note_size * 0.3)
        if bottom + note_size <= rect.bottom + size:
            blit_text(
                surface, note, fit_size(note, note_size, rect.width), TEXT_OFF, "topleft", (rect.left, bottom)
            )

    def _draw_chart(self, surface: Surface) -> None:
        size, rect = self._size, self._chart_rect
        title, bars, _days = self._chart
        blit_text(surface, title, fit_size(title, size, rect.width), ACCENT, "topleft", rect.topleft)
        small = max(12, int(size * 0.78))
        legend_h = int(small * 1.6)
        axis_w = font(small).size(format_percent(1.0))[0] + small // 2
        plot = Rect(
            rect.left + axis_w,
            rect.top + int(size * 1.6),
            rect.width - 2 * axis_w,
            rect.height - int(size * 1.6) - legend_h - small * 2,
        )
        if plot.height < 10 or plot.width < 20:
            return
        pygame.draw.rect(surface, themed(PLOT), plot.inflate(small, small), border_radius=max(3, small // 3))
        for frac in (0.0, 0.5, 1.0):
            y = plot.bottom - int(plot.height * frac)
            pygame.draw.line(surface, themed(GRID), (plot.left, y), (plot.right, y))
            blit_text(surface, format_percent(frac), small, HINT, "midleft", (plot.right + small // 3, y))
        if not bars:
            blit_text(surface, _("No finished games yet."), small, TEXT_DIM, "center", plot.center)
            return
        top = max(w + lost for w, lost, _rate, _label in bars)
        blit_text(
            surface, format_number(top), small, TEXT_DIM, "midright", (plot.left - small // 3, plot.top)
        )
        blit_text(surface, "0", small, TEXT_DIM, "midright", (plot.left - small // 3, plot.bottom))
        slot = plot.width / len(bars)
        bar_w = max(1, int(slot * 0.7))
        points = []
        for i, (wins, losses, rate, _label) in enumerate(bars):
            x = plot.left + int(i * slot + (slot - bar_w) / 2)
            win_h = int(plot.height * wins / top)
            loss_h = int(plot.height * losses / top)
            if win_h:
                pygame.draw.rect(surface, WIN, Rect(x, plot.bottom - win_h, bar_w, win_h))
            if loss_h:
                pygame.draw.rect(surface, LOSS, Rect(x, plot.bottom - win_h - loss_h, bar_w, loss_h))
            points.append((plot.left + int((i + 0.5) * slot), plot.bottom - int(plot.height * rate)))
        width = max(2, size // 7)
        if len(points) > 1:
            pygame.draw.lines(surface, HINT, False, points, width)
        for p in points if len(points) <= 30 else points[-1:]:
            pygame.draw.circle(surface, HINT, p, width + 1)
        blit_text(
            surface,
            bars[0][3],
            small,
            TEXT_DIM,
            "midtop",
            (plot.left + int(slot / 2), plot.bottom + small // 2),
        )
        if len(bars) > 1:
            blit_text(
                surface, bars[-1][3], small, TEXT_DIM, "midtop", (points[-1][0], plot.bottom + small // 2)
            )
        self._legend(surface, Rect(rect.left, rect.bottom - legend_h, rect.width, legend_h), small)

    def _legend(self, surface: Surface, rect: Rect, size: int) -> None:
        x = rect.left + size
        # Translators: the chart's legend: the line of the win rate
        recent = _("win rate so far") if self._chart[2] else _("win rate (last 10 games)")
        # Translators: the chart's legend: the green bars, the red bars
        legend = ((WIN, _("wins"), False), (LOSS, _("losses"), False), (HINT, recent, True))
        size = fit_row([label for _, label, _ in legend], size, rect.width - size, 3.4)
        for color, label, line in legend:
            if line:
                pygame.draw.line(
                    surface, color, (x, rect.centery), (x + size, rect.centery), max(2, size // 6)
                )
            else:
                pygame.draw.rect(surface, color, Rect(x, rect.centery - size // 2, size, size))
            r = blit_text(surface, label, size, TEXT_DIM, "midleft", (x + int(size * 1.4), rect.centery))
            x = r.right + size * 2
