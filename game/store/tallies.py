"""The statistics screen's figures, added up by SQLite: one pass per question, whatever the
number of finished games.

Reading a ``GameRecord`` per finished game (``stats.read_records``) costs some 8 µs a game:
200,000 games took 5.8 s per opening of the screen. Here the database sums, counts and groups,
and Python only walks one narrow column for the streaks and a few rows per day or per bar:
0.45 s for 200,000 games. So the screen's figures are kept as running sums (``sums``, in the
``tallies`` table) and each opening adds only the games finished since (``overview``).

A row is counted when every value it holds is one ``stats.read_records`` accepts (``VALID``
says the same checks in SQL); the others are left out, and counted, exactly as the list of
games leaves them out.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from game.engine.deals import MAX_DEAL, MIN_DEAL
from game.store import stats
from game.store.saves import MAX_COUNT, MAX_SECONDS, parse_day
from game.store.stats import ChartPoint, DayPoint, Summary, local_day
from game.store.sums import MAX_CHARS, Sums, Tally
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
KEEP_EVERY = 500
"""Games added to the kept sums before they are kept again: adding the few games finished since
the last opening takes a millisecond, while a write to the file can wait ~0.3 s for a busy disk."""


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

    @classmethod
    def of(cls, sums: Sums, today: date) -> Overview:
        """The figures of ``sums``."""
        return cls(
            summaries={key: tally.summary(key, today) for key, tally in sums.tallies.items()},
            days={key: tally.day_points() for key, tally in sums.tallies.items()},
            skipped=sums.skipped,
        )


def overview(conn: sqlite3.Connection, today: date, *, keep: bool = False) -> Overview:
    """The figures of every variant and of all together: the kept sums (``sums``) with the
    games finished since added, or, when they are missing or do not match the games, all the
    games added up again. With ``keep``, sums added up again or ``KEEP_EVERY`` games ahead of
    the kept ones are kept for the next time, if the write lock can be had at once."""
    keys: list[str | None] = [*VARIANTS, None]
    if conn.in_transaction:
        return Overview.of(_brought_up_to_date(conn, keys), today)
    conn.execute("BEGIN")  # a read, made a write only to keep the sums
    try:
        kept = _kept(conn, keys)
        kept_games = None if kept is None else kept.games
        sums = _brought_up_to_date(conn, keys, kept)
        if keep and (kept_games is None or sums.games - kept_games >= KEEP_EVERY):
            _keep(conn, sums)
        conn.execute("COMMIT")
    finally:
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
    return Overview.of(sums, today)


def _brought_up_to_date(conn: sqlite3.Connection, keys: list[str | None], kept: Sums | None = None) -> Sums:
    sums = kept if kept is not None else Sums.empty(keys)
    _add(conn, sums, None, None)
    return sums


def _kept(conn: sqlite3.Connection, keys: list[str | None]) -> Sums | None:
    """The kept sums, or ``None`` if there are none, if anything in them is odd, or if the
    games they counted are not all there any more (or others were put among them)."""
    row = conn.execute("SELECT last_id, games, sums FROM tallies WHERE id = 1").fetchone()
    if row is None:
        return None
    try:
        sums = Sums.from_json(row[2], row[0], row[1], keys)
    except (ValueError, TypeError):
        return None
    (count,) = conn.execute("SELECT COUNT(*) FROM games").fetchone()
    (newer,) = conn.execute("SELECT COUNT(*) FROM games WHERE id > ?", (sums.last_id,)).fetchone()
    return sums if count - newer == sums.games else None


def _keep(conn: sqlite3.Connection, sums: Sums) -> None:
    """Keep ``sums`` for the next opening (inside the transaction that added them up), unless
    another connection holds the write lock or wrote since, or the file cannot be written:
    they are then added up again next time."""
    text = sums.to_json()
    if len(text) <= MAX_CHARS:
        with contextlib.suppress(sqlite3.Error):
            conn.execute(
                "INSERT OR REPLACE INTO tallies (id, last_id, games, sums) VALUES (1, ?, ?, ?)",
                (sums.last_id, sums.games, text),
            )


def summaries(
    conn: sqlite3.Connection, today: date, *, variant: str | None = None, winnable_only: bool | None = None
) -> tuple[dict[str | None, Summary], int]:
    """The statistics table of every variant (only of ``variant`` when given) and of them all
    together (key ``None``), and how many finished games were left out for a damaged value:
    every game added up (nothing kept)."""
    keys: list[str | None] = [*(VARIANTS if variant is None else [variant]), None]
    sums = Sums.empty(keys)
    if conn.in_transaction:
        _add(conn, sums, variant, winnable_only)
    else:
        conn.execute("BEGIN")  # one state of the file: another window may finish a game meanwhile
        try:
            _add(conn, sums, variant, winnable_only)
        finally:
            conn.execute("COMMIT")  # it only read
    added = Overview.of(sums, today)
    return added.summaries, added.skipped


def _add(conn: sqlite3.Connection, sums: Sums, variant: str | None, winnable_only: bool | None) -> None:
    """Add to ``sums`` the games finished after ``sums.last_id`` (of ``variant``, played with
    or without ``winnable_only``; all when ``None``): one pass grouped by variant and finishing
    day (sums, counts, least and most), one in finishing order for the streaks, and one over
    the deals of the day."""
    clauses, args = stats.filters(variant, winnable_only)
    clauses, args = ["id > ?", *clauses], [sums.last_id, *args]
    newer = " AND ".join(clauses)
    count, newest = conn.execute(f"SELECT COUNT(*), MAX(id) FROM games WHERE {newer}", args).fetchone()
    if not count:
        return
    where = f"{ROW_OK} AND {newer}"
    tallies = sums.tallies
    before = tallies[None].played
    groups = conn.execute(
        f"SELECT variant, {FINISHED_DAY} AS day, COUNT(*), SUM(result = 'won'),"
        " MIN(CASE WHEN result = 'won' THEN seconds END), MIN(CASE WHEN result = 'won' THEN moves END),"
        f" MAX(score) FROM games WHERE {where} GROUP BY variant, day",
        args,
    ).fetchall()
    bad = _bad_days({group[1] for group in groups})
    for key, day, *figures in groups:
        if day not in bad:
            tallies[key].add_day(day, *figures)
            tallies[None].add_day(day, *figures)
    skipped = count - (tallies[None].played - before)
    # Nothing left out (the usual case): the other passes need no checks of the values.
    checked = where if skipped else newer
    _dailies(conn, checked, args, tallies, bad)
    _streaks(conn, checked, args, tallies, bad)
    sums.skipped += skipped
    sums.last_id = newest
    sums.games += count


def _dailies(
    conn: sqlite3.Connection, where: str, args: list[object], tallies: dict[str | None, Tally], bad: set[str]
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


def _streaks(
    conn: sqlite3.Connection, where: str, args: list[object], tallies: dict[str | None, Tally], bad: set[str]
) -> None:
    """The current and best winning streaks of each tally, walking the games in finishing order
    once from where they stood (two narrow columns; local names, as this loop runs once per
    game)."""
    streak = {key: tally.streak for key, tally in tallies.items()}
    best = {key: tally.best_streak for key, tally in tallies.items()}
    run, longest = streak.pop(None), best.pop(None)
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
    played, wins = (
        totals
        or conn.execute(f"SELECT COUNT(*), TOTAL(result = 'won') FROM games WHERE {where}", args).fetchone()
    )
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
    return Tally().summary(variant, today)
