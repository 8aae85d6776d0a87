"""The statistics' running sums kept in the file (``sums``, the ``tallies`` table): an opening of
the statistics screen adds only the games finished since the last one, and whatever happened to
the games or to the kept sums meanwhile, the figures are those of adding up every game again
(issue 39: 200,000 games took 0.5 s of CPU per opening)."""

from __future__ import annotations

import dataclasses
import sqlite3
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import make_big_database
from test_stats_tallies import damage, good_row, insert, odd_value
from test_store_damage import first_leaf, root_page

import game
from game.store import Store, sums, tallies

TODAY = date(2025, 3, 5)


def added_up_again(conn: sqlite3.Connection) -> tallies.Overview:
    """The figures of every game, nothing kept used (the oracle)."""
    summed, skipped = tallies.summaries(conn, TODAY)
    return tallies.Overview(summed, {key: tallies.by_day(conn, key) for key in summed}, skipped)


def kept_row(conn: sqlite3.Connection) -> tuple[object, ...] | None:
    return conn.execute("SELECT last_id, games, sums FROM tallies").fetchone()


def vm_steps(conn: sqlite3.Connection, work: object) -> int:
    """How many thousand SQLite virtual machine steps ``work()`` takes."""
    steps = [0]

    def tick() -> int:
        steps[0] += 1
        return 0

    conn.set_progress_handler(tick, 1000)
    try:
        work()  # type: ignore[operator]
    finally:
        conn.set_progress_handler(None, 0)
    return steps[0]


changes = st.lists(
    st.one_of(
        st.tuples(st.just("finish"), st.lists(good_row, min_size=1, max_size=8)),
        st.tuples(st.just("odd"), st.lists(good_row, min_size=1, max_size=3), st.integers(0, 7), odd_value),
        st.tuples(st.just("open")),
        st.tuples(st.just("delete"), st.integers(0, 99)),
        st.tuples(st.just("update"), st.integers(0, 99)),
        st.tuples(
            st.just("spoil"), st.sampled_from(["x", "{}", "[]", '{"skipped":0,"tallies":{}}', "count"])
        ),
    ),
    max_size=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=changes, keep_every=st.integers(1, 12))
def test_kept_sums_with_the_games_since_added_match_every_game_added_up_again(steps, keep_every) -> None:
    store = Store.in_memory()
    patch = pytest.MonkeyPatch()
    patch.setattr(tallies, "KEEP_EVERY", keep_every)  # kept again after a few games, not 500
    conn = store.connection
    try:
        count = 0
        for step in steps:
            kind = step[0]
            if kind in ("finish", "odd"):
                rows = step[1] if kind == "finish" else damage(step[1], [(0, step[2], step[3])])
                insert(conn, rows, first=count)
                count += len(rows)
            elif kind == "open":
                tallies.overview(conn, TODAY, keep=True)
            elif kind == "delete":  # a loss later won: stats.record deletes it
                conn.execute(
                    "DELETE FROM games WHERE id = (SELECT id FROM games LIMIT 1 OFFSET ?)", (step[1] % 7,)
                )
            elif kind == "update":  # another program edits a game
                conn.execute(
                    "UPDATE games SET result = 'won' WHERE id = (SELECT MAX(id) - ? FROM games)",
                    (step[1] % 3,),
                )
            elif step[1] == "count":  # games put among the counted ones (or the count is wrong)
                conn.execute("UPDATE tallies SET games = games + 1")
            else:
                conn.execute("UPDATE tallies SET sums = ?", (step[1],))
            assert tallies.overview(conn, TODAY, keep=kind == "open") == added_up_again(conn)
    finally:
        patch.undo()
        store.close()


def test_an_opening_adds_only_the_games_finished_since_the_last(data: Path, open_store) -> None:
    make_big_database(data, 3000)
    store = open_store()
    conn = store.connection

    store.overview()
    every_game = vm_steps(conn, lambda: tallies.summaries(conn, TODAY))
    insert(conn, [("kansas", "won", 10.0, 5, 52, 0, None, "2025-03-04T10:00:00+01:00")], first=10_000)
    again = vm_steps(conn, store.overview)

    assert kept_row(conn) is not None
    assert again * 20 < every_game, (again, every_game)  # the old code: every game every time
    assert store.overview() == added_up_again(conn)
    assert store.overview().summaries[None].played == 3001


def test_a_file_from_before_the_kept_sums_gets_them_as_it_is_opened(data: Path, open_store) -> None:
    path = make_big_database(data, 3000)
    conn = sqlite3.connect(path)
    conn.executescript(
        "DROP TRIGGER games_deleted; DROP TRIGGER games_changed; DROP TABLE tallies; PRAGMA user_version = 2;"
    )
    conn.close()

    store = open_store()  # upgraded, and every game added up on the app's worker thread

    conn = store.connection
    assert kept_row(conn)[:2] == (3000, 3000)
    every_game = vm_steps(conn, lambda: tallies.summaries(conn, TODAY))
    assert vm_steps(conn, store.overview) * 20 < every_game
    assert store.overview() == added_up_again(conn)


def test_a_loss_later_won_drops_the_kept_sums_and_the_streaks_are_right(open_store) -> None:
    store = open_store()
    conn = store.connection
    rows = [
        ("kansas", result, 10.0, 5, 52, 0, None, "2025-03-04T10:00:00+01:00") for result in ("won", "lost")
    ]
    insert(conn, rows * 3)  # won, lost, won, lost, won, lost
    assert store.overview().summaries["kansas"].best_streak == 1
    assert kept_row(conn) is not None

    conn.execute("DELETE FROM games WHERE uid = 'g3'")  # as stats.record does for a loss won after all

    assert kept_row(conn) is None
    assert store.overview().summaries["kansas"].best_streak == 2
    assert store.overview() == added_up_again(conn)


def test_a_salvaged_file_counts_its_carried_games_not_the_sums_kept_in_the_damaged_one(
    data: Path, open_store
) -> None:
    path = make_big_database(data, 2000)
    with Store.open(data) as store:
        assert store.overview().summaries[None].played == 2000
        assert kept_row(store.connection) is not None
    raw = bytearray(path.read_bytes())
    leaf = first_leaf(bytes(raw), root_page(path, "games"))
    raw[(leaf - 1) * 4096 : leaf * 4096] = bytes(4096)  # some finished games lost for good
    path.write_bytes(bytes(raw))

    store = open_store()

    assert "carried over" in store.take_notices()[0]
    carried = store.connection.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert 0 < carried < 2000
    assert kept_row(store.connection)[1] == carried  # added up as the file was opened
    assert store.overview().summaries[None].played == carried
    assert store.overview() == added_up_again(store.connection)


def test_sums_kept_for_other_variants_or_odd_are_not_read_back() -> None:
    keys: list[str | None] = [*game.VARIANTS, None]
    kept = sums.Sums.empty(keys)
    kept.tallies["kansas"].add_day("2025-03-01", 3, 2, 10.5, 40, 52)
    text = kept.to_json()

    assert sums.Sums.from_json(text, 7, 3, keys) == dataclasses.replace(kept, last_id=7, games=3)
    with pytest.raises(ValueError, match="variants"):
        sums.Sums.from_json(text, 7, 3, [key for key in keys if key != "seahaven"])
    for odd in [
        text.replace("2025-03-01", "2025-02-30"),
        text.replace("52", "-52"),
        text.replace("10.5", '"x"'),
    ]:
        with pytest.raises(ValueError):
            sums.Sums.from_json(odd, 7, 3, keys)
    with pytest.raises(ValueError):
        sums.Sums.from_json(text, True, 3, keys)
