"""Statistics: one row per finished game, and the figures the statistics screen shows.

What counts (``LOSS_RULE`` is the text the screen shows):

- A game counts as **played** once an action has been made in it (a card moved, the stock
  dealt), even if it was later undone.
- It is **won** when every card is home. The win is recorded at once, once per game.
- It is **lost** when the player starts another deal of the same game without having won
  it: recorded as ``lost`` if no legal move was left, ``abandoned`` if there were. Both count
  as played and not won, and both end a winning streak.
- Quitting is not losing: the game in progress is saved and resumed next time.

Streaks run over games in the order they finished. The deal-of-the-day streak counts
consecutive calendar days (by the deal's date) whose deal of the day was won; it is still
current if its last day is today or yesterday.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date
from typing import Any

from game.i18n import N_
from game.store import saves
from game.store.saves import SavedRow, parse_day

RESULTS = ("won", "lost", "abandoned")
LOSS_RULE = N_(
    "A game counts once a card has moved. Starting another deal of the same game without "
    "winning counts as a loss (stuck or abandoned); quitting does not: the game is kept."
)
"""One line for the statistics screen saying what counts as a loss."""

_FIELDS = (
    "id, uid, variant, deal, result, seconds, moves, score, winnable_only, daily, started_at, finished_at, "
    "verdict"
)


@dataclass(frozen=True)
class GameRecord:
    """One finished game, as the game list shows it (and can replay it by its deal)."""

    id: int
    uid: str
    variant: str
    deal: int | None
    result: str
    """``won``, ``lost`` (stuck) or ``abandoned``."""
    seconds: float
    moves: int
    score: int
    winnable_only: bool
    daily: date | None
    started_at: str
    finished_at: str
    """ISO 8601, local time with its offset."""
    verdict: str | None = None
    """The solver's verdict on the deal as the game knew it when it ended (``saves.VERDICTS``)."""

    @property
    def won(self) -> bool:
        """Whether every card went home."""
        return self.result == "won"


@dataclass(frozen=True)
class Summary:
    """The statistics table of one variant (or of all, when ``variant`` is ``None``)."""

    variant: str | None
    played: int
    won: int
    lost: int
    win_rate: float | None
    """Won over played, 0 to 1; ``None`` before the first game."""
    current_streak: int
    """Wins in a row up to the last finished game."""
    best_streak: int
    best_time: float | None
    """The fastest win, in seconds."""
    fewest_moves: int | None
    """The win in the fewest actions."""
    best_score: int | None
    """The most cards home in any game."""
    daily_played: int
    daily_won: int
    daily_current_streak: int
    daily_best_streak: int


@dataclass(frozen=True)
class ChartPoint:
    """One game on the chart: its result and the win rates after it."""

    number: int
    """1 for the first game."""
    finished_at: str
    won: bool
    wins: int
    losses: int
    win_rate: float
    """Over all games so far."""
    recent_win_rate: float
    """Over the last ``window`` games."""


@dataclass(frozen=True)
class DayPoint:
    """One calendar day on the chart: its wins and losses and the win rate so far."""

    day: date
    wins: int
    losses: int
    win_rate: float
    """Over all games up to the end of the day."""


# ------------------------------------------------------------------ writing


def record(conn: sqlite3.Connection, row: SavedRow, result: str, finished_at: str) -> None:
    """Record the game ``row`` describes as finished with ``result`` (inside a transaction).

    Each game (``uid``) is counted once; a win is never overwritten by a later loss, while a
    loss recorded earlier becomes a win if the same game is won after all.
    """
    if result not in RESULTS:
        raise ValueError(f"result must be one of {', '.join(RESULTS)}")
    conn.execute("DELETE FROM games WHERE uid = ? AND result != 'won'", (row.uid,))
    conn.execute(
        f"INSERT OR IGNORE INTO games ({_FIELDS.removeprefix('id, ')}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            row.uid,
            row.variant,
            row.deal,
            result,
            row.elapsed,
            row.moves,
            row.score,
            int(row.winnable_only),
            row.daily,
            row.started_at,
            finished_at,
            row.verdict,
        ),
    )


# ------------------------------------------------------------------ reading


def filters(variant: str | None, winnable_only: bool | None) -> tuple[list[str], list[object]]:
    """The SQL conditions on ``games`` that keep only ``variant``'s games (all when ``None``)
    played with or without ``winnable_only`` (both when ``None``), and their arguments."""
    clauses: list[str] = []
    args: list[object] = []
    if variant is not None:
        clauses.append("variant = ?")
        args.append(variant)
    if winnable_only is not None:
        clauses.append("winnable_only = ?")
        args.append(int(winnable_only))
    return clauses, args


def records(
    conn: sqlite3.Connection,
    variant: str | None = None,
    *,
    winnable_only: bool | None = None,
    newest_first: bool = False,
    limit: int = -1,
    offset: int = 0,
) -> list[GameRecord]:
    """Finished games in finishing order (or newest first), optionally filtered."""
    return read_records(
        conn, variant, winnable_only=winnable_only, newest_first=newest_first, limit=limit, offset=offset
    )[0]


def read_records(
    conn: sqlite3.Connection,
    variant: str | None = None,
    *,
    winnable_only: bool | None = None,
    newest_first: bool = False,
    limit: int = -1,
    offset: int = 0,
) -> tuple[list[GameRecord], int]:
    """Like ``records``, with how many rows were left out for a value of the wrong type or out
    of range (such a row is left in the file, untouched)."""
    clauses, args = filters(variant, winnable_only)
    where = " WHERE " + " AND ".join(clauses) if clauses else ""
    order = "DESC" if newest_first else "ASC"
    cur = conn.execute(
        f"SELECT {_FIELDS} FROM games{where} ORDER BY id {order} LIMIT ? OFFSET ?", (*args, limit, offset)
    )
    found: list[GameRecord] = []
    skipped = 0
    for r in cur:
        try:
            found.append(_record(r))
        except (ValueError, TypeError, OverflowError):
            skipped += 1
    return found, skipped


def _record(r: tuple[Any, ...]) -> GameRecord:
    """The row as a ``GameRecord``, every value checked by type and range (else ``ValueError``)."""
    finished_at = saves.CHECKS["saved_at"](r[11])
    local_day(finished_at)  # the by-day chart reads it
    return GameRecord(
        id=_exact(r[0], int),
        uid=saves.CHECKS["uid"](r[1]),
        variant=saves.CHECKS["variant"](r[2]),
        deal=saves.CHECKS["deal"](r[3]),
        result=_result(r[4]),
        seconds=saves.CHECKS["elapsed"](r[5]),
        moves=saves.CHECKS["moves"](r[6]),
        score=saves.CHECKS["score"](r[7]),
        winnable_only=saves.CHECKS["winnable_only"](r[8]),
        daily=parse_day(r[9]),
        started_at=saves.CHECKS["started_at"](r[10]),
        finished_at=finished_at,
        verdict=saves.verdict(r[12]),
    )


def _exact(value: object, kind: type[int]) -> int:
    if isinstance(value, bool) or not isinstance(value, kind):
        raise TypeError(f"not {kind.__name__}")
    return value


def _result(value: object) -> str:
    if value not in RESULTS:
        raise ValueError("not a result")
    return str(value)


def day_streaks(days: set[date], today: date) -> tuple[int, int]:
    """The current and the best run of consecutive days in ``days``.

    The current run is the one ending today or yesterday (today's deal may not be played yet).
    Days are counted by ordinal, so a stored day at either end of the calendar (year 1 or
    9999) is one more day, not an ``OverflowError``.
    """
    best = 0
    run_end: dict[int, int] = {}
    for day in sorted(d.toordinal() for d in days):
        run_end[day] = run_end.get(day - 1, 0) + 1
        best = max(best, run_end[day])
    now = today.toordinal()
    current = run_end.get(now) or run_end.get(now - 1, 0)
    return current, best


def local_day(stamp: str) -> date:
    """The calendar date of an ISO 8601 time stamp as written (its own offset): its first ten
    characters, ``YYYY-MM-DD`` (else ``ValueError``), as ``tallies.FINISHED_DAY`` reads it."""
    day = date.fromisoformat(stamp[:10])
    if day.isoformat() != stamp[:10]:
        raise ValueError(f"not a YYYY-MM-DD day: {stamp[:10]!r}")
    return day
