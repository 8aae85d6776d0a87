"""The statistics added up by SQLite (``tallies``) say exactly what a game-by-game reading of
the same rows says (``stats.read_records`` and ``store_helpers.summarize``), damaged rows included,
and cost a fixed number of narrow queries whatever the number of games."""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import date

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import summarize

import game
from game.store import Store, stats, tallies

RESULTS = ("won", "lost", "abandoned")
days = st.sampled_from(
    ["2025-03-01", "2025-03-02", "2025-03-04", "0001-01-01", "9999-12-31", "2025-02-30", "0000-01-01", "x"]
)
stamps = st.one_of(
    days.map(lambda d: d + "T10:00:00+01:00"),
    st.sampled_from(["2025-03-01", "2025-03-01T25:00", "nonsense", "2025-3-01T10:00:00"]),
)
good_row = st.tuples(
    st.sampled_from(list(game.VARIANTS)),
    st.sampled_from(RESULTS),
    st.floats(0, 1000),
    st.integers(0, 500),
    st.integers(0, 52),
    st.sampled_from([0, 1]),
    st.one_of(st.none(), days),
    stamps,
)
odd_value = st.one_of(
    st.none(), st.integers(-5, 2**40), st.floats(allow_nan=False), st.text(max_size=5), st.binary(max_size=4)
)


def insert(conn: sqlite3.Connection, rows: list[tuple[object, ...]], first: int = 0) -> None:
    """The rows the schema's constraints let in (a damaged value may break one), their uids
    numbered from ``first``."""
    for i, row in enumerate(rows, start=first):
        with contextlib.suppress(sqlite3.IntegrityError):
            conn.execute(
                "INSERT INTO games (uid, variant, deal, result, seconds, moves, score, winnable_only, daily, "
                "started_at, finished_at) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, '2025-03-01T09:00:00+01:00', ?)",
                (f"g{i}", *row),
            )


def damage(rows: list[tuple[object, ...]], spots: list[tuple[int, int, object]]) -> list[tuple[object, ...]]:
    out = [list(r) for r in rows]
    for at, column, value in spots:
        if out:
            out[at % len(out)][column % len(out[0])] = value
    return [tuple(r) for r in out]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=st.lists(good_row, max_size=40),
    spots=st.lists(st.tuples(st.integers(0, 99), st.integers(0, 7), odd_value), max_size=4),
)
def test_tallied_statistics_match_the_game_by_game_reading(rows, spots) -> None:
    store = Store.in_memory()
    conn = store.connection
    insert(conn, damage(rows, spots))
    today = date(2025, 3, 5)
    summed, skipped = tallies.summaries(conn, today)
    for variant in [*game.VARIANTS, None]:
        records, left_out = stats.read_records(conn, variant)
        assert summed[variant] == summarize(records, variant, today)
        if variant is None:
            assert skipped == left_out
        per_day: dict[date, list[int]] = {}
        for r in records:
            per_day.setdefault(stats.local_day(r.finished_at), [0, 0])[0 if r.won else 1] += 1
        assert tallies.overview(conn, today).days[variant] == tallies.by_day(conn, variant)
        assert [(d.day, d.wins, d.losses) for d in tallies.by_day(conn, variant)] == [
            (d, w, lost) for d, (w, lost) in sorted(per_day.items())
        ]
        points = tallies.chart(conn, variant, window=3)
        assert [(p.number, p.won, p.wins) for p in points] == [
            (i + 1, r.won, sum(x.won for x in records[: i + 1])) for i, r in enumerate(records)
        ]
        for i, p in enumerate(points):
            recent = [x.won for x in records[max(0, i - 2) : i + 1]]
            assert p.recent_win_rate == sum(recent) / len(recent)
        assert tallies.chart(conn, variant, window=3, last=5) == points[-5:]
    store.close()


def test_the_statistics_of_many_games_build_no_record_per_game_and_take_few_queries(monkeypatch) -> None:
    store = Store.in_memory()
    row = ("kansas", "won", 10.0, 5, 9, 0, None, "2025-03-01T10:00:00+01:00")
    insert(store.connection, [(*row[:1], RESULTS[i % 3], *row[2:]) for i in range(3000)])
    built: list[object] = []
    read_one = stats._record
    monkeypatch.setattr(stats, "_record", lambda r: built.append(r) or read_one(r))
    statements: list[str] = []
    store.connection.set_trace_callback(statements.append)
    overview = store.overview()
    summaries = overview.summaries
    points = store.chart("kansas", last=60)
    days = overview.days["kansas"]
    assert summaries["kansas"].played == summaries[None].played == 3000
    assert summaries["kansas"].won == 1000
    assert len(points) == 60 and points[-1].number == 3000 and points[-1].wins == 1000
    assert [(d.wins, d.losses) for d in days] == [(1000, 2000)]
    assert built == []  # the old code built a GameRecord per game per figure: 24,000 here
    # Kept sums read, the games since added (three passes) and kept again; the chart: 12.
    assert len(statements) <= 12
    store.close()
