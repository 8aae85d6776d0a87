"""The app's side of the store: settings in and out, games in progress, the notice banner.

``Persistence`` wraps ``game.store.Store`` for the scenes: the table asks it for the game to
play (the saved one, or a new deal it records) and calls ``saved`` after every action; the
menu calls ``settings_changed``; the app calls ``window_changed`` on resize, fullscreen and
quit. The store never raises, so neither does anything here; its one-line notices are shown
once in a banner at the top of the window (and printed to stderr).
"""

from __future__ import annotations

import dataclasses
import sys
import threading
from datetime import date
from pathlib import Path
from typing import Any

import pygame
from pygame import Rect, Surface

import game
from game.i18n import _
from game.play import Game
from game.store import Settings as StoredSettings
from game.store import Store
from game.store.daily import NoDailyDeal, NotProvedYet, cache_folder
from game.view.names import game_name
from game.view.settings import CARD_SIZE_ORDER, CARD_STYLES, SPEECH_ORDER, SPEED_ORDER
from game.view.settings import Settings as ViewSettings
from game.view.themes import starting_theme
from game.view.widgets import TEXT, blit_text, record_box, ui_size, wrap
from game.view.window import opening_variant, place_window, window_position

__all__ = ["Persistence", "first_variant", "place_window", "window_position"]

BANNER_TIME = 8.0
"""Seconds a notice stays on screen."""

_VIEW_FIELDS = {
    "speed": "animation_speed",
    "auto_moves": "auto_moves",
    "click_to_move": "click_to_move",
    "card_style": "card_style",
    "sound": "sound",
    "volume": "volume",
    "high_contrast": "high_contrast",
    "speech": "speech",
    "large_print": "large_print",
    "card_size": "card_size",
    "last_move": "last_move",
    "theme": "theme",
    "felt": "felt",
    "card_back": "card_back",
    "show_clock": "show_clock",
    "show_score": "show_score",
    "show_moves": "show_moves",
    "mirror": "mirror_layout",
    "one_click": "one_click_move",
}
"""View setting name -> stored setting name, for the settings the table has."""


class Persistence:
    """The store as the app uses it (see the module doc)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.stored: StoredSettings = store.load_settings()
        self._synced: dict[str, object] = {}
        self._banner: list[tuple[str, float | None]] = []
        self._drawn_banner: str | None = None
        self._pending: list[str] = []
        self.guest: set[str] = set()
        """Variants another window plays: this one plays them unsaved (``game_for``)."""
        self._ahead: Any = None
        """The process proving days ahead (``prove_ahead``), if one was started."""
        self._refill: dict[str, Any] = {}
        """Per game, the process refilling its pool of winnable deals, if one was started."""

    @classmethod
    def open(cls, data_dir: str | None) -> Persistence:
        """Open the store in ``data_dir`` (else ``$SOLITAIRE_DATA_DIR``, else the user folder)."""
        return cls(open_store(data_dir))

    # ------------------------------------------------------------ settings

    def view_settings(self, speed: str | None, speech: bool = False) -> ViewSettings:
        """The table's settings from the stored ones; ``speed`` (command line, env) overrides, and
        ``speech`` (``--speech``) turns speech on for the run if the stored setting has it off."""
        s = self.stored
        view = ViewSettings(
            speed=s.animation_speed if s.animation_speed in SPEED_ORDER else "normal",
            auto_moves=s.auto_moves,
            click_to_move=s.click_to_move,
            card_style=s.card_style if s.card_style in CARD_STYLES else "classic",
            sound=s.sound,
            volume=s.volume,
            high_contrast=s.high_contrast,
            speech=s.speech if s.speech in SPEECH_ORDER else "off",
            large_print=s.large_print,
            card_size=s.card_size if s.card_size in CARD_SIZE_ORDER else "normal",
            last_move=s.last_move,
            theme=starting_theme(s.theme),
            felt=s.felt,
            card_back=s.card_back,
            show_clock=s.show_clock,
            show_score=s.show_score,
            show_moves=s.show_moves,
            mirror=s.mirror_layout,
            one_click=s.one_click_move,
        )
        if speed is not None and speed in SPEED_ORDER:
            view.speed = speed
        if speech and view.speech == "off":
            view.speech = "full"
        self._synced = {name: getattr(view, name) for name in _VIEW_FIELDS}
        return view

    def settings_changed(self, view: ViewSettings) -> None:
        """Save the settings the player changed (values set by the command line stay unsaved)."""
        changed = False
        for name, stored_name in _VIEW_FIELDS.items():
            value = getattr(view, name)
            if self._synced.get(name) != value:
                self._synced[name] = value
                setattr(self.stored, stored_name, value)
                changed = True
        if changed:
            self._save_settings()

    def remember(self, **values: object) -> None:
        """Save some stored settings by name (``last_variant=…``, ``fullscreen=…``)."""
        if any(getattr(self.stored, k) != v for k, v in values.items()):
            self.stored = dataclasses.replace(self.stored, **values)  # type: ignore[arg-type]
            self._save_settings()

    def window_changed(self, size: tuple[int, int], fullscreen: bool, with_position: bool = False) -> None:
        """Remember the windowed size, fullscreen, and (when windowed) maybe the position."""
        values: dict[str, object] = {"fullscreen": fullscreen, "window_size": (int(size[0]), int(size[1]))}
        position = window_position() if with_position and not fullscreen else None
        if position is not None:
            values["window_pos"] = position
        self.remember(**values)

    def _save_settings(self) -> None:
        self.store.save_settings(self.stored)

    # ------------------------------------------------------------ games

    def game_for(
        self, variant: str, deal: int | None, *, daily: date | None = None
    ) -> tuple[Game, float, bool, date | None]:
        """The game to show: ``(game, elapsed, resumed, day)``, ``day`` the date whose deal of
        the day it is (else ``None``).

        Without a deal number the variant's saved game, if any, resumes; otherwise a new deal
        (recorded by ``started`` once its automatic moves are made). ``daily``: that day's deal
        of the day (the saved game resumes if it is that deal); a day without one (the shipped
        table is damaged or ends) gives a notice and a random deal instead.
        """
        self.remember(last_variant=variant)
        if not self.store.claim(variant):
            return (*self._as_guest(variant, deal), None)
        self.guest.discard(variant)
        if daily is not None or deal is None:
            saved = self.store.load_game(variant)
            if saved is not None and (daily is None or saved.daily == daily):
                return saved.game, saved.elapsed, True, saved.daily
            if daily is not None:
                try:
                    return game.new_game(variant, self.daily_deal(variant, daily)), 0.0, False, daily
                except NoDailyDeal as exc:
                    self.notice(str(exc))
        return game.new_game(variant, deal), 0.0, False, None

    def daily_cache(self) -> Path | None:
        """The folder of the deals of the day proved on this computer (``None``: nothing saved)."""
        path = self.store.path
        return None if path is None else cache_folder(path.parent)

    def daily_deal(self, variant: str, day: date) -> int:
        """``variant``'s deal of ``day``: the shipped table's or the cache's, else proved now
        (seconds; ``prove_ahead`` has usually done it while the player played)."""
        try:
            return self.store.daily_deal(variant, day)
        except NotProvedYet:
            from game.dailies import daily_entry

            return daily_entry(variant, day, self.daily_cache()).deal

    def prove_ahead(self) -> None:
        """Start proving, in a low-priority process of its own, the deals of the day from today
        on that neither the shipped table nor the cache holds (none while the table lasts),
        and refill the pools of the games played with "winnable deals only"."""
        cache = self.daily_cache()
        if cache is None or (self._ahead is not None and self._ahead.is_alive()):
            return
        from game.dailies import start_ahead

        self._ahead = start_ahead(self.store.today(), cache)
        for variant in game.VARIANTS:
            if self.stored.winnable_only_for(variant):
                self.refill_winnable(variant)

    def refill_winnable(self, variant: str) -> None:
        """Prove winnable deals of ``variant`` ahead, in a low-priority process, when its pools
        (shipped and cached) run low (``game.dailies.start_refill``)."""
        cache = self.daily_cache()
        running = self._refill.get(variant)
        if cache is None or (running is not None and running.is_alive()):
            return
        from game.dailies import start_refill

        self._refill[variant] = start_refill(variant, cache, self.store.played_deals(variant))

    def _as_guest(self, variant: str, deal: int | None) -> tuple[Game, float, bool]:
        """``variant`` is open in another window: a new deal here, neither saved nor counted,
        so the other window's game is never overwritten."""
        self.guest.add(variant)
        name = game_name(game.VARIANTS[variant])
        self.notice(
            _(
                "{game} is open in another window: this window plays a new deal that is not saved. "
                "Close the other window's {game} to play your saved game here."
            ).format(game=name)
        )
        return game.new_game(variant, deal), 0.0, False

    def started(self, g: Game, *, daily: date | None = None, winnable: bool = False) -> None:
        """``g`` is a new deal: it becomes its variant's game in progress. ``daily``: the day
        whose deal of the day it is; ``winnable``: the solver proved it winnable before it was
        dealt ("winnable deals only")."""
        if g.key in self.guest:
            return
        self.store.start_game(g, winnable_only=winnable, daily=daily)

    def restarted(self, g: Game) -> None:
        """``g`` is a new attempt at the deal of the game in progress (``Store.restart_game``)."""
        if g.key not in self.guest:  # the other window's game is not this one's to end
            self.store.restart_game(g)

    def saved(self, g: Game, elapsed: float) -> None:
        """Save ``g`` after an action (a win is recorded by the store)."""
        if g.key not in self.guest:
            self.store.save_game(g, elapsed)

    def verdict(self, g: Game, verdict: str) -> None:
        """The solver's ``verdict`` on ``g``'s deal (``winnable``/``unwinnable``), recorded with
        the game when it ends (the statistics' "Winnable" column)."""
        if g.key not in self.guest:
            self.store.set_verdict(g, verdict)

    def would_abandon(self, variant: str, *, daily: date | None = None) -> bool:
        """Whether dealing ``variant`` anew (``daily``: that day's deal) ends a saved game of it
        that had an action, which then counts as a loss (the table's own game is the table's
        to judge: ``TableSession.would_count_as_lost``)."""
        row = self.store.saved_row(variant)
        if row is None or row.actions_made == 0 or row.stuck:
            return False
        return not (daily is not None and row.daily == daily.isoformat())

    # ------------------------------------------------------------ notices

    def tick(self, now: float, view: ViewSettings | None = None) -> bool:
        """Save changed settings, take new notices and expire old ones; whether the banner changed."""
        if view is not None:
            self.settings_changed(view)
        self.store.retry_writes()  # those waiting for another program's lock, now and then
        for line in [*self._pending, *self.store.take_notices()]:
            print(f"solitaire: {line}", file=sys.stderr)
            self._banner.append((line, None))
        self._pending.clear()
        if self._banner and self._banner[0][1] is None:
            self._banner[0] = (self._banner[0][0], now + BANNER_TIME)
        while self._banner and (until := self._banner[0][1]) is not None and now >= until:
            self._banner.pop(0)
            if self._banner:
                self._banner[0] = (self._banner[0][0], now + BANNER_TIME)
        shown = self.banner
        changed = shown != self._drawn_banner
        self._drawn_banner = shown
        return changed

    def notice(self, line: str) -> None:
        """Show ``line`` once in the banner (and on stderr), like the store's notices."""
        self._pending.append(line)

    def banner_expires_in(self, now: float) -> float | None:
        """Seconds until the notice on screen goes (0: one waits to be shown; None: no notice)."""
        if self._pending or self.store.has_notices:
            return 0.0
        until = self._banner[0][1] if self._banner else None
        return None if until is None else until - now

    @property
    def banner(self) -> str | None:
        """The notice on screen now, if any."""
        return self._banner[0][0] if self._banner else None

    def dismiss(self) -> None:
        """Take the notice on screen away (a click on it)."""
        if self._banner:
            self._banner[0] = (self._banner[0][0], 0.0)

    def banner_rect(self, window: tuple[int, int]) -> Rect | None:
        """Where the banner is drawn."""
        if self.banner is None:
            return None
        size = self._banner_size(window)
        lines = len(wrap(self.banner, size, window[0] - 2 * size))
        return Rect(0, 0, window[0], int(size * (1.2 * lines + 0.8)))

    @staticmethod
    def _banner_size(window: tuple[int, int]) -> int:
        return ui_size(window, 0.024, low=14)

    def draw_banner(self, surface: Surface) -> None:
        """The notice on screen, in a strip at the top of the window."""
        line = self.banner
        rect = self.banner_rect(surface.get_size())
        if line is None or rect is None:
            return
        pygame.draw.rect(surface, (92, 40, 28), rect)
        record_box(surface, rect, "cover")
        pygame.draw.line(surface, (200, 120, 80), (0, rect.bottom - 1), (rect.right, rect.bottom - 1))
        size = self._banner_size(surface.get_size())
        y = rect.top + int(size * 0.4)
        for part in wrap(line, size, rect.width - 2 * size):
            blit_text(surface, part, size, TEXT, "midtop", (rect.centerx, y))
            y += int(size * 1.2)


PUMP_EVERY_S = 0.05
"""How often the window's events are taken while the store opens (the system sees it alive)."""


def open_store(data_dir: str | None) -> Store:
    """``Store.open`` on a worker thread, the window's events pumped meanwhile: carrying a
    damaged file's rows over takes seconds with many games, and a window that takes no events
    for that long is "not responding"."""
    box: list[Store | BaseException] = []

    def work() -> None:
        try:
            box.append(Store.open(data_dir))
        except BaseException as exc:  # handed to the window's thread below
            box.append(exc)

    worker = threading.Thread(target=work, name="store-open", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(PUMP_EVERY_S)
        if pygame.display.get_init():
            pygame.event.pump()
    if isinstance(box[0], BaseException):
        raise box[0]
    return box[0]


def first_variant(args: object, persist: Persistence) -> str | None:
    """The game the window opens on: the one asked for, else the game in progress last played
    (reopened where it was); ``None`` for the chooser."""
    return opening_variant(args, persist.stored.last_variant, persist.store.saved_variants())
