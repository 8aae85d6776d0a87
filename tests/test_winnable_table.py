"""The shipped table of proven-winnable deals (``game.winnable_table``) and its generator
(``game.winnable_generate``): every line replays to a win through the engine, with automatic
moves on and off; the deal of the day never depends on the solver's speed; a damaged table
keeps its good lines."""

from __future__ import annotations

import shutil
import time
from datetime import date, timedelta
from pathlib import Path

import pytest

import game
from game import dailies
from game.solver import native, search
from game.solver.daily_proof import daily_proof
from game.store import daily
from game.store.winnable import (
    MANIFEST,
    RATINGS,
    Entry,
    add_to_manifest,
    decode_line,
    encode_line,
    format_entry,
    load,
    manifest,
    next_winnable,
    parse_entry,
    shipped,
    table_dir,
    table_path,
    unplayed,
    wins,
)
from game.winnable_generate import Generator, Solver, Stopped

CHEAP = ["seahaven", "bakers-game"]
CHEAP_ALL = ["seahaven", "bakers-game", "lady-jane"]


SHIPPED_GAMES = shipped().games

needs_compiled_search = pytest.mark.skipif(
    not native.compiled(),
    reason="proving days of every game with the plain-Python search takes over 20 minutes "
    "(the plain and the compiled searches agree: tests/solver/test_native.py)",
)
"""The tests that prove days with the real search: the compiled one only."""
"""The registered games whose table ships (a game added since has none: its days are proved)."""


def _shipped_days() -> list[date]:
    span = shipped().supported(SHIPPED_GAMES)
    assert span is not None, shipped().problems
    first, last = span
    return [first + timedelta(days=d) for d in range((last - first).days + 1)]


def _beyond_the_table() -> date:
    """A day in range that no game's shipped days reach."""
    return max(max(days) for days in shipped().daily.values()) + timedelta(days=30)


def test_the_shipped_table_is_whole_and_covers_a_run_of_days() -> None:
    table = shipped()
    assert table.problems == []
    assert len(_shipped_days()) >= 14
    assert sorted([*table.games, *table.unshipped]) == sorted(game.VARIANTS)
    for key in table.games:
        assert all(e.rating in RATINGS for e in table.daily[key].values())


def test_the_manifest_names_exactly_the_shipped_files() -> None:
    files = {path.stem for path in table_dir().glob("*.txt") if path.name != MANIFEST}
    assert manifest(table_dir()) == files
    assert MANIFEST.removesuffix(".txt") not in game.VARIANTS


def _folder_with(tmp_path: Path, named: list[str], files: list[str]) -> Path:
    """A table folder whose manifest names ``named`` and that has the shipped files of ``files``."""
    for key in named:
        add_to_manifest(tmp_path, key)
    for key in files:
        shutil.copyfile(table_path(key), table_path(key, tmp_path))
    return tmp_path


def test_a_game_the_manifest_does_not_name_has_no_table_and_no_problem(tmp_path: Path) -> None:
    """A game registered after the table was made: nothing is wrong, its days are proved."""
    table = load(["seahaven", "kansas"], _folder_with(tmp_path, ["seahaven"], ["seahaven"]))
    assert (table.games, table.unshipped, table.problems) == (["seahaven"], ["kansas"], [])
    assert table.supported(table.games) is not None


def test_a_shipped_game_whose_file_is_deleted_is_a_problem(tmp_path: Path) -> None:
    """The manifest tells a deleted file (a notice) from a game that never had one (none)."""
    table = load(["seahaven", "kansas"], _folder_with(tmp_path, ["seahaven", "kansas"], ["seahaven"]))
    assert table.unshipped == [] and table.problems == ["kansas.txt: FileNotFoundError"]
    assert table.supported(table.games) is None


def test_the_generator_names_each_game_it_writes_in_the_manifest(tmp_path: Path) -> None:
    entry = daily.daily_entry("seahaven", _shipped_days()[0])
    generator = Generator(tmp_path, 60, say=lambda _: None)
    generator.append(entry)
    generator.append(entry)
    assert manifest(tmp_path) == {"seahaven"}
    assert load(["seahaven", "kansas"], tmp_path).unshipped == ["kansas"]


@pytest.mark.slow
@pytest.mark.parametrize("variant", SHIPPED_GAMES)
def test_every_days_deal_replays_to_a_win_as_the_table_plays_it(variant: str) -> None:
    """Through the engine, with automatic moves on (each automatic move must be the line's
    next) and off (every move the player's): each day's line wins its deal."""
    for day in _shipped_days():
        entry = daily.daily_entry(variant, day)
        assert wins(entry, automatic=True), (variant, day, entry.deal)
        assert wins(entry, automatic=False), (variant, day, entry.deal)


@pytest.mark.slow
def test_every_pool_deal_replays_to_a_win() -> None:
    for key in game.VARIANTS:
        for entry in shipped().pool.get(key, []):
            assert wins(entry, automatic=True) and wins(entry, automatic=False), (key, entry.deal)


def test_a_line_that_stops_short_does_not_win() -> None:
    entry = daily.daily_entry("seahaven", _shipped_days()[0])
    short = Entry(entry.variant, entry.day, entry.deal, entry.rating, entry.line[:-3])
    other = Entry(entry.variant, entry.day, entry.deal + 1, entry.rating, entry.line)
    assert not wins(short) and not wins(other)


def test_lines_are_written_three_characters_a_move_and_read_back() -> None:
    raw = [(0, 5, 1), (-1, 12, 13), (20, 3, 2)]
    assert len(encode_line(raw)) == 9
    assert decode_line(encode_line(raw)) == raw
    entry = Entry("kansas", date(2026, 11, 27), 123, "hard", encode_line(raw))
    assert parse_entry("kansas", format_entry(entry)) == entry


def test_a_damaged_table_keeps_its_good_lines_and_says_what_it_dropped(tmp_path: Path) -> None:
    good = daily.daily_entry("seahaven", _shipped_days()[0])
    table_path("seahaven", tmp_path).write_text(
        "# header\n"
        + format_entry(good)
        + "\n2026-13-01 5 easy 111\n- 7 superb 111\n- 8 easy 11\nnonsense\n- 9 easy 11\u00e9\n",
        encoding="utf-8",
    )
    table_path("kansas", tmp_path).write_bytes(b"\xff\xfe\x00garbage")
    table = load(["seahaven", "kansas", "aunt-mary"], tmp_path)
    assert table.daily["seahaven"] == {good.day: good}
    assert len(table.problems) == 7  # five bad lines, one unreadable file, one missing file
    assert table.supported(["seahaven", "kansas"]) is None


def test_days_outside_the_supported_range_have_no_deal_of_the_day() -> None:
    first, last = daily.supported()
    assert last >= date(2099, 12, 31) and first <= _shipped_days()[0]
    for day in (first - timedelta(days=1), last + timedelta(days=1)):
        with pytest.raises(daily.NoDailyDeal, match="the days with one are"):
            daily.daily_deal("kansas", day)
        with pytest.raises(daily.NoDailyDeal):
            dailies.daily_entry("kansas", day)


def test_a_day_after_the_shipped_table_is_proved_here_and_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The daily challenge does not end with the table: a later day is proved with the
    table's own function, kept in the cache, and read back from it without a search."""
    day = _beyond_the_table()
    with pytest.raises(daily.NotProvedYet):
        daily.daily_entry("seahaven", day, tmp_path)
    entry = dailies.daily_entry("seahaven", day, tmp_path)
    proof = daily_proof("seahaven", day)
    assert (entry.deal, entry.rating, entry.raw_moves()) == (proof.deal, proof.rating, list(proof.raw))
    assert wins(entry, automatic=True) and wins(entry, automatic=False)

    def no_search(*args: object, **kwargs: object) -> search.Solution:
        raise AssertionError("a cached day was searched again")

    monkeypatch.setattr(search, "solve", no_search)
    assert daily.daily_entry("seahaven", day, tmp_path) == entry
    assert dailies.missing(day, 1, tmp_path) == [(k, day) for k in game.VARIANTS if k != "seahaven"]


def test_a_cached_line_that_does_not_win_is_not_used(tmp_path: Path) -> None:
    day = _beyond_the_table()
    good = dailies.daily_entry("seahaven", day, tmp_path)
    path = table_path("seahaven", tmp_path)
    path.write_text(format_entry(Entry("seahaven", day, good.deal, "easy", good.line[:-6])) + "\n")
    assert daily.known_entry("seahaven", day, tmp_path) is None


def test_the_deal_of_the_day_never_asks_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """However fast or slow the solver, today's deal is the table's: reading it runs no search."""
    day = _shipped_days()[0]
    before = {k: daily.daily_deal(k, day) for k in SHIPPED_GAMES}

    def no_search(*args: object, **kwargs: object) -> search.Solution:
        raise AssertionError("the deal of the day ran a search")

    monkeypatch.setattr(search, "solve", no_search)
    shipped.cache_clear()
    assert {k: daily.daily_deal(k, day) for k in SHIPPED_GAMES} == before


_REAL_CLOCK = time.monotonic


class ScaledClock:
    """A clock running ``rate`` times as fast as the real one."""

    def __init__(self, rate: float) -> None:
        self.rate, self.began = rate, _REAL_CLOCK()

    def __call__(self) -> float:
        return self.began + (_REAL_CLOCK() - self.began) * self.rate


def _slowed(factor: float) -> Solver:
    """``solve`` taking ``factor`` times as long (a loaded machine)."""

    def solve(*args: object, **kwargs: object) -> search.Solution:
        began = _REAL_CLOCK()
        found = search.solve(*args, **kwargs)  # type: ignore[arg-type]
        time.sleep((_REAL_CLOCK() - began) * (factor - 1))
        return found

    return solve


@pytest.mark.slow
@pytest.mark.timeout(1200)  # some 60 s of processor time: minutes on a busy machine
@needs_compiled_search
def test_the_days_deals_are_the_same_with_the_solver_at_half_and_double_speed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each day's deal is decided by the solver's positions, never its time: proved with the
    solver at its usual speed, at half speed (slowed, and every clock at half rate) and at
    double (every clock at twice the rate), every game's deal of the day is the same, and so
    is what the generator writes."""
    day = date(2027, 3, 1)
    found = []
    for clock, solver in (
        (ScaledClock(1.0), search.solve),
        (ScaledClock(0.5), _slowed(2.0)),
        (ScaledClock(2.0), search.solve),
    ):
        with monkeypatch.context() as m:
            m.setattr(time, "monotonic", clock)
            found.append({k: daily_proof(k, day, solver) for k in game.VARIANTS})
    assert found[0] == found[1] == found[2]
    for key, proof in found[0].items():
        entry = Entry(key, day, proof.deal, proof.rating, encode_line(proof.raw))
        assert wins(entry, automatic=True) and wins(entry, automatic=False)
    written = []
    for name, clock, solver in (
        ("usual", ScaledClock(1.0), search.solve),
        ("half", ScaledClock(0.5), _slowed(2.0)),
        ("double", ScaledClock(2.0), search.solve),
    ):
        folder = tmp_path / name
        folder.mkdir()
        Generator(folder, 600, solver=solver, clock=clock, say=lambda _: None).days(CHEAP, day, day)
        written.append({k: table_path(k, folder).read_text(encoding="utf-8") for k in CHEAP})
    assert written[0] == written[1] == written[2]
    assert {k: load(CHEAP, tmp_path / "usual").daily[k][day].deal for k in CHEAP} == {
        k: found[0][k].deal for k in CHEAP
    }


@pytest.mark.slow
@pytest.mark.timeout(1200)
@needs_compiled_search
@pytest.mark.parametrize("variant", SHIPPED_GAMES)
def test_the_shipped_days_are_what_the_daily_function_gives(variant: str) -> None:
    """The shipped table is a cache of ``daily_proof``: on a sample of its days (the first,
    the last and three between) each entry is exactly what the function computes here."""
    days = _shipped_days()
    for day in {days[0], days[-1], *(days[len(days) * k // 4] for k in (1, 2, 3))}:
        entry = shipped().daily[variant][day]
        proof = daily_proof(variant, day)
        assert (entry.deal, entry.rating, entry.line) == (proof.deal, proof.rating, encode_line(proof.raw))


def test_a_generator_out_of_time_writes_nothing_half_done(tmp_path: Path) -> None:
    generator = Generator(tmp_path, 0.0, say=lambda _: None)
    with pytest.raises(Stopped):
        generator.days(["kansas"], date(2026, 3, 1), date(2026, 3, 1))
    assert not table_path("kansas", tmp_path).exists()


def test_a_used_up_pool_is_refilled_ahead_and_dealt_from_the_cache(tmp_path: Path) -> None:
    """ "Winnable deals only" never runs dry: the refill proves deals the way the table's were
    and keeps them in the cache, and the next deal comes from there once the shipped pool and
    the past days are all played."""
    table = shipped()
    played = {e.deal for e in table.pool["seahaven"]} | {e.deal for e in table.daily["seahaven"].values()}
    assert next_winnable("seahaven", played) is None
    assert unplayed("seahaven", played, tmp_path) == 0
    dailies.refill_pool("seahaven", tmp_path, played, want=2)
    assert unplayed("seahaven", played, tmp_path) == 2
    entry = next_winnable("seahaven", played, cache=tmp_path)
    assert entry is not None and entry.day is None and entry.deal not in played
    assert wins(entry, automatic=True) and wins(entry, automatic=False)


@pytest.mark.slow
@pytest.mark.timeout(1200)  # some 60 s of processor time: minutes on a busy machine
@needs_compiled_search
def test_the_plain_python_solver_proves_the_same_days_deals() -> None:
    """A build without the compiled solver (``SOLITAIRE_PURE_PYTHON``, as under Wine when the
    compile fails) proves the same deal of the day: the budget counts positions, which both
    builds search alike."""
    import os
    import subprocess
    import sys

    day = date(2027, 3, 1)
    script = (
        "from datetime import date\nfrom game.solver.daily_proof import daily_proof\n"
        f"for k in {CHEAP_ALL!r}:\n    p = daily_proof(k, date({day.year}, {day.month}, {day.day}))\n"
        "    print(k, p.deal, p.rating, len(p.raw))\n"
    )
    env = {**os.environ, "SOLITAIRE_PURE_PYTHON": "1", "PYTHONHASHSEED": "7"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr
    here = [f"{k} {p.deal} {p.rating} {len(p.raw)}" for k, p in ((k, daily_proof(k, day)) for k in CHEAP_ALL)]
    assert done.stdout.splitlines() == here
