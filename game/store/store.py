"""``Store``: the one object the app talks to for settings, statistics and the games in progress.

Typical use by the app::

    store = Store.open(args.data_dir)          # None: $SOLITAIRE_DATA_DIR or the user data folder
    for line in store.take_notices():          # at most a line or two; show each once
        show_toast(line)
    settings = store.load_settings()
    saved = store.load_game(variant)           # the game in progress of that variant, or None
    if saved is not None:
        g, elapsed = saved.game, saved.elapsed # play on with this very object
    else:
        g, elapsed = game.new_game(variant), 0.0
        store.start_game(g)                    # a new deal: the variant's previous game ends
    ... after every player action (play with its automatic moves, undo, redo, restart):
    store.save_game(g, elapsed_seconds)
    ... when a setting changes:
    store.save_settings(settings)

``save_game`` is one short transaction; when the game is won it records the win (once) and
removes the game in progress. ``start_game`` records the variant's previous game as played
and not won if it had an action, then saves the new one. A game is known by its ``Game``
object: keep using the object ``load_game`` returned; saving a different object of the same
variant starts a new game. Nothing here raises on a database fault: writes return ``False``
and queue a notice, reads fall back to defaults.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import time
import uuid
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from os import PathLike
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

from game.engine.state import State
from game.i18n import _, format_number, ngettext
from game.play import Game
from game.store import db, paths, saves
from game.store import settings as settings_table
from game.store.claims import Claims
from game.store.daily import cache_folder, daily_deal
from game.store.saves import SavedGame, SavedRow
from game.store.settings import Settings
from game.variants import VARIANTS

if TYPE_CHECKING:
    from game.store.calendar import Month
    from game.store.stats import ChartPoint, DayPoint, GameRecord, Summary
    from game.store.tallies import Overview

T = TypeVar("T")
RETRY_S = 1.0
"""How often writes waiting for another program's lock are tried again."""
QUIT_WAIT_S = 3.0
"""How long quitting waits for that lock to make the writes still waiting."""
Clock = Callable[[], datetime]


def _carry_over(path: Path, label: str, now: datetime) -> tuple[Path, str]:
    """``db.Salvage``: the salvage module's, loaded only when a damaged file needs it."""
    from game.store import salvage  # here: a plain start needs neither it nor shutil, which it loads

    return salvage.carry_over(path, label, now)


def local_now() -> datetime:
    """The local time with its UTC offset."""
    return datetime.now().astimezone()


@dataclass
class _Current:
    """What the store remembers about the game in progress of one variant."""

    game: weakref.ReferenceType[Game]
    uid: str
    started_at: str
    winnable_only: bool
    daily: date | None
    opening_of: State | None = None
    opening: str = ""
    verdict: str | None = None


class Store:
    """Settings, statistics and saved games in one SQLite database (see the module doc)."""

    def __init__(self, opened: db.Opened, *, clock: Clock = local_now) -> None:
        self._conn = opened.connection
        self.path: Path | None = opened.path
        """The database file, or ``None`` when nothing is saved."""
        self._notices = list(opened.notices)
        self._clock = clock
        self._current: dict[str, _Current] = {}
        self._failing = False
        self._told_skipped = False
        self._told_unlocked = False
        self._queue: list[Callable[[sqlite3.Connection], None]] = []
        """Writes waiting for the database's write lock, oldest first."""
        self._tried_at = 0.0
        self._delayed = False
        self._claims = Claims(None if self.path is None else self.path.parent)

    @classmethod
    def open(
        cls,
        data_dir: str | PathLike[str] | None = None,
        *,
        environ: Mapping[str, str] | None = None,
        clock: Clock = local_now,
        synchronous: str = "FULL",
    ) -> Store:
        """The store in ``data_dir`` (else ``$SOLITAIRE_DATA_DIR``, else the user data folder).

        Never fails: a bad file is moved aside, an unwritable folder gives a store in memory;
        either way ``take_notices`` has the line to show.
        """
        try:
            folder = paths.data_dir(data_dir, environ)
        except paths.NotADataFolder as exc:
            name = data_dir or (environ or os.environ).get(paths.ENV_VAR, "")
            return cls(db.in_memory(None, [db.cannot_save_notice(Path(name), exc)]), clock=clock)
        opened = db.open_database(folder, now=clock(), salvage=_carry_over, synchronous=synchronous)
        store = cls(opened, clock=clock)
        store._add_up_statistics()
        return store

    def _add_up_statistics(self) -> None:
        """Add up and keep the statistics' running sums if the file has none (after an upgrade
        or a salvage): here, on the app's worker thread, not as the statistics screen opens
        with its window frozen (0.5 s for 200,000 finished games)."""
        with self._waiting(0.0), contextlib.suppress(sqlite3.Error, ValueError):
            conn = self._conn  # a file without games needs none: its first start stays quick
            if (
                conn.execute("SELECT 1 FROM tallies").fetchone() is None
                and conn.execute("SELECT 1 FROM games LIMIT 1").fetchone()
            ):
                from game.store import tallies

                db.decoding(lambda conn: tallies.overview(conn, self.today(), keep=True), self._conn)

    @classmethod
    def in_memory(cls, *, clock: Clock = local_now) -> Store:
        """A store that saves nothing beyond this run (for tests and demos)."""
        return cls(db.in_memory(), clock=clock)

    @property
    def persistent(self) -> bool:
        """Whether anything is saved to disk."""
        return self.path is not None

    @property
    def connection(self) -> sqlite3.Connection:
        """The open database connection, for tools and tests (the app never needs it)."""
        return self._conn

    @property
    def has_notices(self) -> bool:
        """Whether ``take_notices`` has lines to give."""
        return bool(self._notices)

    def take_notices(self) -> list[str]:
        """The one-line messages for the player since the last call (each is given once)."""
        notices, self._notices = self._notices, []
        return [db.one_line(n) for n in notices]

    def close(self) -> None:
        """Close the database (making any writes still waiting first)."""
        self.release_claims()
        self._conn.close()

    def claim(self, variant: str) -> bool:
        """Make ``variant`` this copy's to play and save (letting go of any other); ``False``
        while another copy of the game on the same data folder plays it (see ``claims``)."""
        taken = self._claims.take(variant)
        if self._claims.problem is not None and not self._told_unlocked:
            self._told_unlocked = True
            # Translators: {reason} is the system's error
            line = _(
                "Cannot keep other windows of Solitaire from playing the same game ({reason}): "
                "close any other window of Solitaire, or the last one saved wins."
            )
            self._notices.append(line.format(reason=self._claims.problem))
        return taken

    def release_claims(self) -> None:
        """Let other copies of the game play every variant (this one is quitting): the writes
        still waiting are made first (waiting up to ``QUIT_WAIT_S`` for the lock)."""
        with contextlib.suppress(sqlite3.Error):
            self.retry_writes(wait=QUIT_WAIT_S)
        self._claims.release_all()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # ------------------------------------------------------------ settings

    def load_settings(self) -> Settings:
        """The saved settings (defaults for anything missing or invalid)."""
        return self._read(settings_table.load, Settings())

    def save_settings(self, settings: Settings) -> bool:
        """Save every setting in one transaction; ``False`` if it could not be saved."""
        return self._write(lambda conn: settings_table.save(conn, settings))

    # ------------------------------------------------------------ games in progress

    def start_game(
        self, g: Game, *, winnable_only: bool = False, daily: date | None = None, elapsed: float = 0.0
    ) -> bool:
        """Make ``g`` the game in progress of its variant and save it.

        The variant's previous game, if it had an action and was not won, is recorded as
        played and not won. ``daily`` is the date whose deal of the day ``g`` is.
        """
        cur = _Current(weakref.ref(g), uuid.uuid4().hex, self._stamp(), winnable_only, daily)
        cur.verdict = "winnable" if winnable_only else None
        self._current[g.key] = cur
        row = self._row(g, cur, elapsed)
        won = g.is_won()

        def work(conn: sqlite3.Connection) -> None:
            self._finish_saved(conn, row.variant)
            saves.write(conn, row)
            if won:
                self._finish_won(conn, row)

        return self._write(work)

    def save_game(self, g: Game, elapsed: float) -> bool:
        """Save ``g`` after a player action (one short transaction); ``False`` if it failed.

        A won game is recorded in the statistics (once) and stops being the game in progress.
        A ``Game`` object the store has not seen is taken as a new game (``start_game``).
        """
        cur = self._current.get(g.key)
        if cur is None or cur.game() is not g:
            return self.start_game(g, elapsed=elapsed)
        row = self._row(g, cur, elapsed)
        if g.is_won():
            return self._write(lambda conn: self._finish_won(conn, row))
        return self._write(lambda conn: saves.write(conn, row))

    def load_game(self, variant: str) -> SavedGame | None:
        """The saved game of ``variant`` at its saved position with its undo and redo, or ``None``.

        Keep playing with the returned ``game`` object: the store knows the game by it. A saved
        game that no longer replays exactly is kept aside (never deleted) with a notice, and
        ``None`` is returned so that a new game starts.
        """
        try:
            row = self._read(lambda conn: saves.read(conn, variant), None)
        except saves.BadRow as exc:
            self._keep_values_aside(variant, exc)
            return None
        if row is None:
            return None
        try:
            g = saves.replay(row)
        except saves.UnreadableSave as exc:
            self._keep_aside(row, str(exc))
            return None
        daily = saves.parse_day(row.daily)
        cur = _Current(weakref.ref(g), row.uid, row.started_at, row.winnable_only, daily)
        cur.opening_of, cur.opening = g.initial_state, row.opening
        cur.verdict = row.verdict
        self._current[variant] = cur
        return saves.saved_game(row, g)

    def restart_game(self, g: Game) -> bool:
        """``g``, a new ``Game`` at the opening of the variant's game in progress, as a new
        attempt at the same deal: the attempt so far is recorded as played and not won (if it
        had an action), and ``g`` starts with its flags (winnable deals only, deal of the day)."""
        cur = self._current.get(g.key)
        if cur is None:
            return self.start_game(g)
        started = self.start_game(g, winnable_only=cur.winnable_only, daily=cur.daily)
        if cur.verdict is not None:  # the same deal: what the solver said of it still holds
            self.set_verdict(g, cur.verdict)
        return started

    def set_verdict(self, g: Game, verdict: str) -> bool:
        """The solver's ``verdict`` on ``g``'s deal (``saves.VERDICTS``), kept with the game in
        progress and recorded with it when it ends; ``False`` if not saved (not the game in
        progress, or the write failed)."""
        cur = self._current.get(g.key)
        if verdict not in saves.VERDICTS or cur is None or cur.game() is not g or cur.verdict == verdict:
            return False
        cur.verdict = verdict
        uid = cur.uid

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE saved_games SET verdict = ? WHERE variant = ? AND uid = ?", (verdict, g.key, uid)
            )

        return self._write(work)

    def abandon_game(self, variant: str) -> bool:
        """End ``variant``'s game in progress without a new one (played, not won, if it had a move)."""
        self._current.pop(variant, None)
        return self._write(lambda conn: self._finish_saved(conn, variant))

    def saved_row(self, variant: str) -> SavedRow | None:
        """The variant's saved game as stored (not replayed), or ``None`` (also for a row that
        does not read: ``load_game`` keeps such a row aside, with its notice)."""
        try:
            return self._read(lambda conn: saves.read(conn, variant), None)
        except saves.BadRow:
            return None

    def saved_variants(self) -> list[str]:
        """The variants that have a game in progress."""
        return self._read(saves.variants, [])

    # ------------------------------------------------------------ statistics

    def summary(self, variant: str | None = None, *, winnable_only: bool | None = None) -> Summary:
        """The statistics table of ``variant`` (of all variants when ``None``)."""
        return self._summaries(variant, winnable_only)[variant]

    def summaries(self) -> dict[str, Summary]:
        """The statistics table of every variant, in menu order."""
        return {key: s for key, s in self._summaries(None, None).items() if key is not None}

    def overview(self) -> Overview:
        """The statistics tables of every variant and of all (key ``None``) and their days
        with games: the kept running sums with the games finished since added (``tallies``),
        kept again if the write lock is free at once and no write of the game waits for it."""
        from game.store import tallies

        def query(conn: sqlite3.Connection) -> Overview:
            return tallies.overview(conn, self.today(), keep=not self._queue)

        empty = {key: tallies.empty(key, self.today()) for key in [*VARIANTS, None]}
        with self._waiting(0.0):
            found = self._read(query, tallies.Overview(empty, {key: [] for key in empty}, 0))
        self._tell_skipped(found.skipped)
        return found

    def games(
        self,
        variant: str | None = None,
        *,
        limit: int = 100,
        offset: int = 0,
        winnable_only: bool | None = None,
    ) -> list[GameRecord]:
        """Finished games, newest first (each can be replayed by its ``deal``)."""
        from game.store import stats

        def query(conn: sqlite3.Connection) -> tuple[list[GameRecord], int]:
            return stats.read_records(
                conn, variant, winnable_only=winnable_only, newest_first=True, limit=limit, offset=offset
            )

        return self._records(query)

    def chart(
        self,
        variant: str | None = None,
        *,
        window: int = 10,
        last: int | None = None,
        totals: tuple[int, int] | None = None,
    ) -> list[ChartPoint]:
        """Per finished game, oldest first: its result, the win rate so far and over ``window``
        (the ``last`` games only, when given; ``totals``: the games and wins, when known)."""
        from game.store import tallies

        def query(conn: sqlite3.Connection) -> list[ChartPoint]:
            return tallies.chart(conn, variant, window=window, last=last, totals=totals)

        return self._read(query, [])

    def by_day(self, variant: str | None = None, *, last: int | None = None) -> list[DayPoint]:
        """Per calendar day with games: wins, losses and the win rate so far (the ``last`` days
        only, when given)."""
        from game.store import tallies

        return self._read(lambda conn: tallies.by_day(conn, variant, last=last), [])

    def today(self) -> date:
        """The player's calendar date."""
        return self._clock().date()

    def daily_deal(self, variant: str, day: date | None = None) -> int:
        """The deal number of ``variant``'s deal of the day (today unless ``day`` is given) from
        the shipped table or this folder's cache: ``NoDailyDeal``, ``NotProvedYet`` without."""
        cache = None if self.path is None else cache_folder(self.path.parent)
        return daily_deal(variant, self.today() if day is None else day, cache)

    def played_deals(self, variant: str) -> set[int]:
        """The deal numbers of ``variant`` ever finished or in progress (none when unreadable)."""
        from game.store.calendar import played_deals

        return self._read(lambda conn: played_deals(conn, variant), set())

    def calendar(self, day: date) -> Month:
        """``day``'s month of the daily challenge; empty, with a notice, if unreadable."""
        from game.store.calendar import Month, month

        return self._read(lambda conn: month(conn, day, self.today()), Month(day.replace(day=1)))

    # ------------------------------------------------------------ helpers

    def _stamp(self) -> str:
        return self._clock().isoformat(timespec="seconds")

    def _row(self, g: Game, cur: _Current, elapsed: float) -> SavedRow:
        if cur.opening_of is not g.initial_state:  # the deal's own automatic moves change it
            cur.opening_of, cur.opening = g.initial_state, saves.opening_text(g)
        actions, made, position = saves.encode_actions(g)
        return SavedRow(
            variant=g.key,
            uid=cur.uid,
            deal=g.deal,
            opening=cur.opening,
            actions=actions,
            actions_made=made,
            position=position,
            position_text=g.text(),
            elapsed=float(elapsed),
            moves=g.moves_made,
            score=g.score,
            stuck=g.is_stuck(),
            winnable_only=cur.winnable_only,
            daily=None if cur.daily is None else cur.daily.isoformat(),
            started_at=cur.started_at,
            saved_at=self._stamp(),
            verdict=cur.verdict,
        )

    def _finish_saved(self, conn: sqlite3.Connection, variant: str) -> None:
        try:
            old = saves.read(conn, variant)
        except saves.BadRow as exc:  # not a game to count: kept aside, out of the way
            saves.keep_values_aside(conn, variant, exc.values, str(exc), self._stamp())
            return
        if old is None:
            return
        if old.actions_made > 0:
            from game.store import stats

            stats.record(conn, old, "lost" if old.stuck else "abandoned", self._stamp())
        saves.delete(conn, variant, old.uid)

    def _finish_won(self, conn: sqlite3.Connection, row: SavedRow) -> None:
        from game.store import stats

        stats.record(conn, row, "won", self._stamp())
        saves.delete(conn, row.variant, row.uid)

    def _keep_aside(self, row: SavedRow, reason: str) -> None:
        name = VARIANTS[row.variant].name if row.variant in VARIANTS else row.variant
        self._write(lambda conn: saves.keep_aside(conn, row, reason, self._stamp()))
        self._notices.append(saves.restore_failed(name, reason))

    def _records(
        self, query: Callable[[sqlite3.Connection], tuple[list[GameRecord], int]]
    ) -> list[GameRecord]:
        """Finished games from ``query``; rows it had to leave out are told once a run."""
        nothing: tuple[list[GameRecord], int] = ([], 0)
        found, skipped = self._read(query, nothing)
        self._tell_skipped(skipped)
        return found

    def _tell_skipped(self, skipped: int) -> None:
        """Tell once a run that ``skipped`` finished games could not be read."""
        if skipped and not self._told_skipped:
            self._told_skipped = True
            self._notices.append(
                ngettext(
                    "{count} finished game in your statistics could not be read (a damaged value) "
                    "and is left out; nothing was deleted.",
                    "{count} finished games in your statistics could not be read (a damaged value) "
                    "and are left out; nothing was deleted.",
                    skipped,
                ).format(count=format_number(skipped))
            )

    def _summaries(self, variant: str | None, winnable_only: bool | None) -> dict[str | None, Summary]:
        from game.store import tallies  # here: the first table frame needs none of it

        def query(conn: sqlite3.Connection) -> tuple[dict[str | None, Summary], int]:
            return tallies.summaries(conn, self.today(), variant=variant, winnable_only=winnable_only)

        nothing: tuple[dict[str | None, Summary], int] = ({}, 0)
        found, skipped = self._read(query, nothing)
        if not found:  # the file could not be read: every table empty
            found = {key: tallies.empty(key, self.today()) for key in [*VARIANTS, None]}
        self._tell_skipped(skipped)
        return found

    def _keep_values_aside(self, variant: str, bad: saves.BadRow) -> None:
        self._write(lambda conn: saves.keep_values_aside(conn, variant, bad.values, str(bad), self._stamp()))
        self._notices.append(saves.restore_failed(VARIANTS[variant].name, str(bad)))

    def _write(self, work: Callable[[sqlite3.Connection], None]) -> bool:
        """Queue ``work`` behind any writes still waiting and make them; whether all are made.
        While another program holds the database's write lock, writes wait in the queue (in
        memory, in order) and are tried again, without waiting, at most every ``RETRY_S``."""
        self._queue.append(work)
        if len(self._queue) == 1:
            return self._make_writes()
        return self.retry_writes()

    def retry_writes(self, *, wait: float | None = None) -> bool:
        """Try the writes still waiting again if ``RETRY_S`` has passed since the last try,
        taking the lock only if it is free (with ``wait``: at once, waiting up to ``wait``
        seconds for it); whether none is left waiting."""
        if not self._queue:
            return True
        if wait is None and time.monotonic() - self._tried_at < RETRY_S:
            return False
        with self._waiting(wait or 0.0):
            return self._make_writes()

    @contextlib.contextmanager
    def _waiting(self, seconds: float) -> Iterator[None]:
        """Meanwhile, wait at most ``seconds`` for another connection's lock."""
        self._conn.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
        try:
            yield
        finally:
            self._conn.execute(f"PRAGMA busy_timeout = {int(db.WRITE_WAIT_S * 1000)}")

    @property
    def writes_waiting(self) -> int:
        """How many writes wait for another program to let go of the database."""
        return len(self._queue)

    def _make_writes(self) -> bool:
        self._tried_at = time.monotonic()
        while self._queue:
            work = self._queue[0]
            try:
                db.decoding(functools.partial(_in_transaction, work=work), self._conn)
            except sqlite3.Error as exc:
                if db.is_busy(exc):
                    self._tell_delayed(exc)
                    return False
                del self._queue[0]  # a write that fails for another reason is not retried
                self._tell_failed(exc)
                return False
            del self._queue[0]
            self._failing = False
        if self._delayed:
            self._delayed = False
            self._notices.append(_("Saving works again: everything you played is saved."))
        return True

    def _tell_delayed(self, exc: sqlite3.Error) -> None:
        if not self._delayed:
            self._delayed = True
            # Translators: {reason} is the database's error message
            line = _(
                "Saving is delayed: another program is using your saved data ({reason}); "
                "your moves are kept and saved as soon as it lets go."
            )
            self._notices.append(line.format(reason=exc))

    def _tell_failed(self, exc: sqlite3.Error) -> None:
        if not self._failing:
            # Translators: {reason} is the database's error message
            line = _("Could not save ({reason}); playing on, and trying again after your next move.")
            self._notices.append(line.format(reason=exc))
        self._failing = True

    def _read(self, query: Callable[[sqlite3.Connection], T], default: T) -> T:
        try:
            return db.decoding(query, self._conn)
        except saves.BadRow:
            raise
        except (sqlite3.Error, ValueError) as exc:
            # Translators: {reason} is the database's error message
            self._notices.append(
                _("Could not read the saved data ({reason}); showing defaults.").format(reason=exc)
            )
            return default


def _in_transaction(conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], None]) -> None:
    with db.transaction(conn):
        work(conn)
