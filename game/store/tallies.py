"""The statistics screen's figures, added up by SQLite: one pass per question, whatever the
number of finished games.

Reading a ``GameRecord`` per finished game (``stats.read_records``) costs some 8 µs a game:
200,000 games took 5.8 s per opening of the screen. Here the database sums, counts and groups,
and Python only walks one narrow column for the streaks and a few rows per day or per bar.

A row is counted when every value it holds is one ``stats.read_records`` accepts (``VALID``
says the same checks in SQL); the others are left out, and counted, exactly as the list of
games leaves them out.
"""

from __future__ import annotations

import sqlite3
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from game.engine.deals import MAX_DEAL, MIN_DEAL
from game.store import stats
from game.store.saves import MAX_COUNT, MAX_SECONDS, parse_day
from game.store.stats import ChartPoint, DayPoint, Summary, day_streaks, local_day
from game.variants import VARIANTS


def _is_day(column: str) -> str:
    """SQL: ``column`` is a ``YYYY-MM-DD`` day Python's ``date`` reads (year 1 to 9999; a day
    SQLite would carry into the next month, such as 02-30, is not one)."""
    return (
        f"(typeof({column}) = 'text' AND length({column}) = 10 AND substr({column}, 1, 4) != '0000'"
        f" AND date({column}, '+0 days') IS {column})"
    )


FINISHED_DAY = "substr(finished_at, 1, 10)"
"""SQL: the calendar day a game finished, as written (its own offset): ``stats.local_day``."""
_KNOWN = ", ".join("'" + key.replace("'", "''") + "'" for key in VARIANTS)
ROW_OK = (
    f"variant IN ({_KNOWN}) AND result IN ('won', 'lost', 'abandoned') AND typeof(uid) = 'text'"
    " AND length(uid) <= 200"
    f" AND (deal IS NULL OR (typeof(deal) = 'integer' AND deal BETWEEN {MIN_DEAL} AND {MAX_DEAL}))"
    f" AND typeof(seconds) IN ('integer', 'real') AND seconds BETWEEN 0 AND {MAX_SECONDS!r}"
    f" AND typeof(moves) = 'integer' AND moves BETWEEN 0 AND {MAX_COUNT}"
    " AND typeof(score) = 'integer' AND score BETWEEN 0 AND 52"
    " AND typeof(winnable_only) = 'integer' AND winnable_only IN (0, 1)"
    " AND typeof(started_at) = 'text' AND length(started_at) <= 100"
    " AND typeof(finished_at) = 'text' AND length(finished_at) <= 100"
)
"""SQL: every value of the row but its finishing day is one ``stats.read_records`` reads. The
day is checked in Python, once per distinct day (``_bad_days``): SQLite's ``date()`` on every
row doubled the time of a pass."""
VALID = f"{ROW_OK} AND {_is_day(FINISHED_DAY)}"
"""SQL: the row is one ``stats.read_records`` reads (every value of the right type, in range)."""


@dataclass
class _Tally:
    """One variant's figures (or all variants'), as they are added up."""

    played: int = 0
    won: int = 0
    times: list[float] = field(default_factory=list)
    """The fastest win of each group of games (a day of a variant): the least is the best."""
    moves: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    daily_played: int = 0
    daily_won: int = 0
    streak: int = 0
    best_streak: int = 0
    daily_days: set[date] = field(default_factory=set)

    def game(self, won: int) -> None:
        """The next game in finishing order, won or not."""
        self.streak = self.streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.streak)

    def summary(self, variant: str | None, today: date) -> Summary:
        """The figures as the statistics table shows them."""
        daily_current, daily_best = day_streaks(self.daily_days, today)
        return Summary(
            variant=variant,
            played=self.played,
            won=self.won,
            lost=self.played - self.won,
            win_rate=self.won / self.played if self.played else None,
            current_streak=self.streak,
            best_streak=self.best_streak,
            best_time=float(min(self.times)) if self.times else None,
            fewest_moves=min(self.moves) if self.moves else None,
            best_score=max(self.scores) if self.scores else None,
            daily_played=self.daily_played,
            daily_won=self.daily_won,
            daily_current_streak=daily_current,
            daily_best_streak=daily_best,
        )


def _valid(variant: str | None) -> tuple[str, list[object]]:
    clauses, args = stats.filters(variant, None)
    return " AND ".join([VALID, *clauses]), args


def _bad_days(days: Iterable[str]) -> set[str]:
    """The finishing days among ``days`` that ``stats.local_day`` does not read."""
    bad: set[str] = set()
    for day in days:
        try:
            local_day(day)
        except (ValueError, TypeError):  # TypeError: text that is not UTF-8 comes as bytes
            bad.add(day)
    return bad


@dataclass(frozen=True)
class Overview:
    """Everything the statistics screen shows but the list of games, added up in one go."""

    summaries: dict[str | None, Summary]
    """Every variant's table and all together (``None``)."""
    days: dict[str | None, list[DayPoint]]
    """Every variant's days with games, oldest first, and all together (``None``)."""
    skipped: int
    """Finished games left out for a damaged value."""


def overview(conn: sqlite3.Connection, today: date) -> Overview:
    """The figures of every variant and of all together."""
    return _added_up(conn, today, None, None)


def summaries(
    conn: sqlite3.Connection, today: date, *, variant: str | None = None, winnable_only: bool | None = None
) -> tuple[dict[str | None, Summary], int]:
    """The statistics table of every variant (only of ``variant`` when given) and of them all
    together (key ``None``), and how many finished games were left out for a damaged value."""
    added = _added_up(conn, today, variant, winnable_only)
    return added.summaries, added.skipped


def _added_up(
    conn: sqlite3.Connection, today: date, variant: str | None, winnable_only: bool | None
) -> Overview:
    """``_passes`` over one state of the file: another window may finish a game between two of
    its statements, which would count as a game left out for a damaged value."""
    if conn.in_transaction:
        return _passes(conn, today, variant, winnable_only)
    conn.execute("BEGIN")
    try:
        return _passes(conn, today, variant, winnable_only)
    finally:
        conn.execute("COMMIT")  # it only read


def _passes(
    conn: sqlite3.Connection, today: date, variant: str | None, winnable_only: bool | None
) -> Overview:
    """Two passes over the games: one grouped by variant and finishing day (sums, counts, least
    and most), one in finishing order for the streaks; and one over the deals of the day."""
    clauses, args = stats.filters(variant, winnable_only)
    where = " AND ".join([ROW_OK, *clauses])
    keys: list[str | None] = [*(VARIANTS if variant is None else [variant]), None]
    tallies = {key: _Tally() for key in keys}
    per_day: dict[str | None, dict[str, list[int]]] = {key: {} for key in keys}
    groups = conn.execute(
        f"SELECT variant, {FINISHED_DAY} AS day, COUNT(*), SUM(result = 'won'),"
        " MIN(CASE WHEN result = 'won' THEN seconds END), MIN(CASE WHEN result = 'won' THEN moves END),"
        f" MAX(score) FROM games WHERE {where} GROUP BY variant, day",
        args,
    ).fetchall()
    bad = _bad_days({group[1] for group in groups})
    for key, day, played, won, best_time, fewest, best_score in groups:
        if day in bad:
            continue
        for tally, days in ((tallies[key], per_day[key]), (tallies[None], per_day[None])):
            tally.played += played
            tally.won += won
            if best_time is not None:
                tally.times.append(best_time)
                tally.moves.append(fewest)
            tally.scores.append(best_score)
            tally_day = days.setdefault(day, [0, 0])
            tally_day[0] += won
            tally_day[1] += played - won
    total = " AND ".join(clauses)
    count_all = f"SELECT COUNT(*) FROM games {'WHERE ' + total if total else ''}"
    (count,) = conn.execute(count_all, args).fetchone()
    skipped = count - tallies[None].played
    # Nothing left out (the usual case): the other passes need no checks of the values.
    checked = where if skipped else total or "1"
    _dailies(conn, checked, args, tallies, bad)
    _streaks(conn, checked, args, tallies, bad)
    return Overview(
        summaries={key: tally.summary(key, today) for key, tally in tallies.items()},
        days={key: _day_points(days) for key, days in per_day.items()},
        skipped=skipped,
    )


def _dailies(
    conn: sqlite3.Connection, where: str, args: list[object], tallies: dict[str | None, _Tally], bad: set[str]
) -> None:
    """The deals of the day played and won, and the days won, of each tally: only the rows
    with a day (a few), their day read as ``saves.parse_day`` reads it."""
    for key, finished, daily, won, count in conn.execute(
        f"SELECT variant, {FINISHED_DAY} AS day, daily, result = 'won' AS won, COUNT(*) FROM games"
        f" WHERE daily IS NOT NULL AND {where} GROUP BY variant, day, daily, won",
        args,
    ):
        day = parse_day(daily)
        if finished in bad or day is None:
            continue
        for tally in (tallies[key], tallies[None]):
            tally.daily_played += count
            if won:
                tally.daily_won += count
                tally.daily_days.add(day)


def _day_points(days: dict[str, list[int]]) -> list[DayPoint]:
    """Per day, oldest first, with the win rate up to its end."""
    points: list[DayPoint] = []
    wins = played = 0
    for day, (won, lost) in sorted(days.items()):
        wins, played = wins + won, played + won + lost
        points.append(DayPoint(date.fromisoformat(day), won, lost, wins / played))
    return points


def _streaks(
    conn: sqlite3.Connection, where: str, args: list[object], tallies: dict[str | None, _Tally], bad: set[str]
) -> None:
    """The current and best winning streaks of each tally, walking the games in finishing order
    once (two narrow columns; local names, as this loop runs once per game)."""
    streak = dict.fromkeys(tallies, 0)
    best = dict.fromkeys(tallies, 0)
    run = longest = 0
    day = FINISHED_DAY if bad else "''"
    for key, won, finished in conn.execute(
        f"SELECT variant, result = 'won', {day} FROM games WHERE {where} ORDER BY id", args
    ):
        if bad and finished in bad:
            continue
        if won:
            streak[key] = length = streak[key] + 1
            if length > best[key]:
                best[key] = length
            run += 1
            if run > longest:
                longest = run
        else:
            streak[key] = run = 0
    streak[None], best[None] = run, longest
    for key, tally in tallies.items():
        tally.streak, tally.best_streak = streak[key], best[key]


def by_day(conn: sqlite3.Connection, variant: str | None, *, last: int | None = None) -> list[DayPoint]:
    """Wins and losses per calendar day (local, as recorded) with the win rate so far: the
    ``last`` days with games (all when ``None``)."""
    clauses, args = stats.filters(variant, None)
    where = " AND ".join([ROW_OK, *clauses])
    groups = conn.execute(
        f"SELECT {FINISHED_DAY} AS day, SUM(result = 'won'), SUM(result != 'won') FROM games WHERE {where}"
        " GROUP BY day ORDER BY day",
        args,
    ).fetchall()
    bad = _bad_days(day for day, _won, _lost in groups)
    points: list[DayPoint] = []
    wins = played = 0
    for day, won, lost in groups:
        if day not in bad:
            wins, played = wins + won, played + won + lost
            points.append(DayPoint(date.fromisoformat(day), won, lost, wins / played))
    return points if last is None else points[-last:] if last > 0 else []


def chart(
    conn: sqlite3.Connection,
    variant: str | None,
    *,
    window: int = 10,
    last: int | None = None,
    totals: tuple[int, int] | None = None,
) -> list[ChartPoint]:
    """Finished games with the win rates after each: overall and over the last ``window``; the
    ``last`` games (all when ``None``), with running sums (one pass, not a sum per game).
    ``totals``, the games and the wins of ``variant``, spare a pass over all of them."""
    where, args = _valid(variant)
    played, wins = conn.execute(
        f"SELECT COUNT(*), TOTAL(result = 'won') FROM games WHERE {where}", args
    ).fetchone()
    shown = played if last is None else max(0, min(last, played))
    fetched = min(played, shown + window - 1) if shown else 0
    tail = conn.execute(
        f"SELECT result = 'won', finished_at FROM games WHERE {where} ORDER BY id DESC LIMIT ?",
        (*args, fetched),
    ).fetchall()[::-1]
    number = played - fetched
    so_far = int(wins) - sum(won for won, _ in tail)
    recent: deque[int] = deque(maxlen=window)
    points: list[ChartPoint] = []
    for won, finished_at in tail:
        number, so_far = number + 1, so_far + won
        recent.append(won)
        if number > played - shown:
            points.append(
                ChartPoint(
                    number=number,
                    finished_at=finished_at,
                    won=bool(won),
                    wins=so_far,
                    losses=number - so_far,
                    win_rate=so_far / number,
                    recent_win_rate=sum(recent) / len(recent),
                )
            )
    return points


def empty(variant: str | None, today: date) -> Summary:
    """The statistics table before the first game."""
    return _Tally().summary(variant, today)
