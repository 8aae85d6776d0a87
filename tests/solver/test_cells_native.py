"""The cell games' plain search in C (game/solver/_cells.c) is the plain-Python CellSearch
position for position: the same outcome, the same positions stored, the same line; solve()
runs it first and gives the very answers of the Python searches; its budget, its deadline and
``cancelled`` stop it as they stop the Python one; and it refuses bad arguments with a
TypeError or a ValueError, never a crash."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import game
from game.play import Game
from game.solver import cells_native, native
from game.solver.cells import CellSearch
from game.solver.compact import Turns
from game.solver.search import Budget, replays_to_win, solve
from game.variants.base import RawMove

if native.c_built("_cells"):
    from game.solver._cells import search as c_search
else:  # pragma: no cover - without a compiler the C module is simply absent
    c_search = None

needs_c = pytest.mark.skipif(c_search is None, reason="the cell games' C module is not built")
SOURCE = Path(__file__).resolve().parents[2] / "game" / "solver" / "_cells.c"
GAMES = ("bakers-game", "seahaven")


def _never() -> bool:
    return False


Outcome = tuple[str, list[RawMove] | None, int]


def python_plain(
    g: Game, pause_at: int, deadline: float = 1e18, cancelled: Callable[[], bool] = _never
) -> Outcome:
    """The plain CellSearch from ``g``'s position until a win, the end, ``pause_at`` positions
    stored or its budget: its outcome, its line (root moves included) and its stored positions."""
    search = CellSearch(g.variant, 10**9, deadline, cancelled)
    assert search.begin(g.state) is None, "a deal won at the root tells nothing"
    line = search.resume(pause_at)
    outcome = (
        "won"
        if line is not None
        else "exhausted"
        if search.exhausted
        else "stopped"
        if search.stopped
        else "paused"
    )
    return outcome, line, len(search.seen)


def c_plain(
    g: Game, pause_at: int, deadline: float = 1e18, cancelled: Callable[[], bool] = _never
) -> Outcome:
    """The same search in C, from the same settled root."""
    search = CellSearch(g.variant, 10**9, deadline, cancelled)
    ((node, line, homes),) = search.roots(g.state)
    tab, cells, found = node
    outcome, more, stored = c_search(
        *_arguments(search, tab, cells, found, homes), pause_at, 10**9, deadline, cancelled
    )
    return outcome, (line + more if more is not None else None), stored


def _arguments(search: CellSearch, tab: Any, cells: Any, found: Any, homes: Any) -> tuple[Any, ...]:
    return (
        tab,
        bytes(cells),
        bytes(found),
        tuple(search.tab_index),
        tuple(search.cell_index),
        tuple(search.found_index),
        homes,
    )


def _same(key: str, deals: range, pause_at: int) -> None:
    for deal in deals:
        g = game.new_game(key, deal=deal)
        expected, got = python_plain(g, pause_at), c_plain(g, pause_at)
        assert got == expected, (key, deal)
        if got[0] == "won":
            assert got[1] is not None and replays_to_win(g.variant, g.state, got[1]), (key, deal)


@needs_c
@pytest.mark.parametrize("key", GAMES)
def test_the_c_search_stores_the_same_positions_and_finds_the_same_line_as_the_plain_search(key: str) -> None:
    _same(key, range(1, 201), 5_000)


@needs_c
@pytest.mark.slow
@pytest.mark.parametrize("key", GAMES)
def test_the_c_search_is_the_plain_search_over_a_thousand_deals_and_the_whole_phase(key: str) -> None:
    _same(key, range(201, 1201), cells_native.PHASE)


@needs_c
@pytest.mark.slow
@pytest.mark.parametrize(("key", "deal"), [("seahaven", 279), ("seahaven", 73), ("bakers-game", 35)])
def test_the_c_search_is_the_plain_search_on_deals_taking_tens_of_thousands_of_positions(
    key: str, deal: int
) -> None:
    _same(key, range(deal, deal + 1), 200_000)


@needs_c
@pytest.mark.parametrize("key", GAMES)
def test_the_c_search_is_the_plain_search_from_positions_met_in_play(key: str) -> None:
    """Cards in the cells, foundations begun on piles of their own choosing, emptied piles:
    positions part of the way along each won deal's line."""
    met = 0
    for deal in range(1, 31):
        g = game.new_game(key, deal=deal)
        found = solve(g, Budget(seconds=1e9))
        for part in (4, 3, 2):
            state = g.state
            for move in found.raw[: len(found.raw) // part]:
                state = g.variant.apply(state, move)
            here = Game(g.variant, state)
            if CellSearch(g.variant, 10**9, 1e18, _never).begin(state) is not None:
                continue  # won at the root: nothing to search
            assert c_plain(here, 20_000) == python_plain(here, 20_000), (key, deal, part)
            met += 1
    assert met > 30


def _solved(key: str, deal: int, budget: Budget, *, in_c: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    if not in_c:
        monkeypatch.setattr(cells_native, "c_search", lambda: None)
    try:
        found = solve(game.new_game(key, deal=deal), budget)
    finally:
        monkeypatch.undo()
    return found.verdict, found.positions, found.raw


@needs_c
@pytest.mark.parametrize("key", GAMES)
def test_solve_gives_the_python_searches_answer_and_positions_with_the_c_phase_first(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    budget = Budget(seconds=1e9)
    for deal in range(1, 41):
        with_c = _solved(key, deal, budget, in_c=True, monkeypatch=monkeypatch)
        assert with_c == _solved(key, deal, budget, in_c=False, monkeypatch=monkeypatch), (key, deal)


@needs_c
@pytest.mark.parametrize(("key", "deal"), [("bakers-game", 3), ("seahaven", 5), ("seahaven", 91)])
def test_a_budget_of_positions_ends_the_c_phase_where_it_ends_the_python_searches(
    key: str, deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = c_plain(game.new_game(key, deal=deal), 10**9)[2]  # where the plain search decides
    assert stored > 100
    verdicts = []
    for positions in range(stored, stored + 5):  # the other searches store 2 roots: the edge
        budget = Budget(seconds=1e9, positions=positions)
        with_c = _solved(key, deal, budget, in_c=True, monkeypatch=monkeypatch)
        assert with_c == _solved(key, deal, budget, in_c=False, monkeypatch=monkeypatch), positions
        verdicts.append(with_c[0].value)
    assert verdicts[0] == "unknown" and verdicts[-1] != "unknown"


@needs_c
@pytest.mark.slow
def test_a_deal_the_phase_leaves_undecided_goes_to_the_python_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = game.new_game("seahaven", deal=279)  # the plain search alone needs 70,533 positions
    assert c_plain(g, cells_native.PHASE)[0] == "paused"
    budget = Budget(seconds=1e9)
    with_c = _solved("seahaven", 279, budget, in_c=True, monkeypatch=monkeypatch)
    assert with_c == _solved("seahaven", 279, budget, in_c=False, monkeypatch=monkeypatch)
    assert with_c[0].value == "winnable"


@needs_c
def test_a_past_deadline_stops_the_c_search_where_it_stops_the_python_one() -> None:
    g = game.new_game("seahaven", deal=279)
    stopped = c_plain(g, 10**9, deadline=0.0)
    assert stopped[0] == "stopped" and stopped == python_plain(g, 10**9, deadline=0.0)


@needs_c
def test_cancelled_stops_the_c_search_at_its_poll_as_it_stops_the_python_one() -> None:
    calls: list[int] = []

    def cancelled() -> bool:
        calls.append(1)
        return len(calls) >= 3

    g = game.new_game("seahaven", deal=279)
    stopped = c_plain(g, 10**9, cancelled=cancelled)
    asked = len(calls)
    calls.clear()
    assert stopped[0] == "stopped" and stopped == python_plain(g, 10**9, cancelled=cancelled)
    assert asked == 3


@needs_c
def test_an_error_raised_by_cancelled_comes_out_of_the_c_search() -> None:
    def cancelled() -> bool:
        raise KeyError("stop")

    with pytest.raises(KeyError, match="stop"):
        c_plain(game.new_game("seahaven", deal=279), 10**9, cancelled=cancelled)


@needs_c
def test_solve_stops_with_unknown_when_cancelled_in_the_c_phase() -> None:
    found = solve(game.new_game("seahaven", deal=279), Budget(seconds=1e9), cancelled=lambda: True)
    assert found.verdict.value == "unknown"
    assert 0 < found.positions < cells_native.PHASE


def _good_arguments() -> list[Any]:
    g = game.new_game("bakers-game", deal=1)
    search = CellSearch(g.variant, 10**9, 1e18, _never)
    ((node, _, homes),) = search.roots(g.state)
    return [*_arguments(search, *node, homes), 100, 1000, 1e18, _never]


@needs_c
def test_the_good_arguments_of_the_bad_argument_tests_search() -> None:
    assert c_search(*_good_arguments())[2] > 0


BAD: list[tuple[str, Callable[[list[Any]], None], type[Exception], str]] = [
    ("pile-not-bytes", lambda a: a.__setitem__(0, (*a[0][:-1], [1, 2])), TypeError, "bytes"),
    ("tableau-not-tuple", lambda a: a.__setitem__(0, list(a[0])), TypeError, "tuple"),
    ("card-twice", lambda a: a.__setitem__(0, (a[0][0] + a[0][0][:1], *a[0][1:])), ValueError, "two places"),
    ("card-missing", lambda a: a.__setitem__(0, (a[0][0][1:], *a[0][1:])), ValueError, "nowhere"),
    ("card-beyond-51", lambda a: a.__setitem__(0, (a[0][0][:-1] + b"\x34", *a[0][1:])), ValueError, "0-51"),
    ("cell-beyond-51", lambda a: a.__setitem__(1, b"\x60" + a[1][1:]), ValueError, "0-51"),
    ("cells-too-few", lambda a: a.__setitem__(1, a[1][1:]), ValueError, "per cell"),
    ("height-beyond-13", lambda a: a.__setitem__(2, b"\x0e\x00\x00\x00"), ValueError, "0-13"),
    (
        "piles-not-consecutive",
        lambda a: a.__setitem__(3, (*a[3][:-1], a[3][-1] + 1)),
        ValueError,
        "consecutive",
    ),
    ("pile-index-negative", lambda a: a.__setitem__(4, (-1, *a[4][1:])), ValueError, "out of 0-254"),
    ("pile-index-text", lambda a: a.__setitem__(4, ("x", *a[4][1:])), TypeError, "integers"),
    ("cell-index-twice", lambda a: a.__setitem__(4, (a[4][1], *a[4][1:])), ValueError, "twice"),
    ("too-many-piles", lambda a: a.__setitem__(3, tuple(range(40, 57))), ValueError, "at most 16"),
    ("three-foundations", lambda a: a.__setitem__(5, a[5][:3]), ValueError, "four foundations"),
    ("home-not-a-foundation", lambda a: a.__setitem__(6, [99, -1, -1, -1]), ValueError, "homes"),
    ("home-twice", lambda a: a.__setitem__(6, [a[5][0], a[5][0], -1, -1]), ValueError, "homes"),
    ("homes-too-few", lambda a: a.__setitem__(6, [-1, -1]), ValueError, "homes"),
    ("homes-not-a-sequence", lambda a: a.__setitem__(6, 5), TypeError, "homes"),
    ("negative-pause", lambda a: a.__setitem__(7, -1), ValueError, "negative"),
    ("deadline-text", lambda a: a.__setitem__(9, "soon"), TypeError, "real number"),
    ("cancelled-not-callable", lambda a: a.__setitem__(10, None), TypeError, "callable"),
]


@needs_c
@pytest.mark.parametrize(("spoil", "error", "match"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_argument_is_a_clear_error_never_a_crash(
    spoil: Callable[[list[Any]], None], error: type[Exception], match: str
) -> None:
    arguments = _good_arguments()
    spoil(arguments)
    with pytest.raises(error, match=match):
        c_search(*arguments)


@needs_c
def test_too_few_arguments_are_a_type_error() -> None:
    with pytest.raises(TypeError):
        c_search(*_good_arguments()[:-1])


def test_the_python_searches_run_alone_where_the_c_module_is_not_wanted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(native.PURE_ENV, "1")
    assert not cells_native.in_c()
    g = game.new_game("bakers-game", deal=1)
    assert isinstance(cells_native.make_search(g.variant, 1000, 1e18, _never), Turns)
    assert native.describe().endswith("; written in C: none built")


@pytest.mark.parametrize("name", ["gcc", "clang"])
def test_the_cells_c_compiles_as_strict_c11_without_a_warning(name: str) -> None:
    from test_loose_portable import _compile, _compiler

    proc = _compile(_compiler(name), "-fsyntax-only", source=SOURCE)
    assert proc.returncode == 0, proc.stderr


@needs_c
@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ru_maxrss is in KiB on Linux")
def test_two_thousand_searches_leave_the_memory_flat() -> None:
    from test_loose_boundaries import assert_memory_flat

    assert_memory_flat(lambda i: c_plain(game.new_game("seahaven", deal=1 + i % 50), 20_000), 200, 2000)


@pytest.mark.slow
@pytest.mark.timeout(600)  # a sanitized C build, then the agreement tests under it
@pytest.mark.skipif(sys.platform != "linux", reason="the sanitizers' runtime is preloaded, as on Linux")
def test_the_agreement_and_argument_tests_pass_under_address_and_undefined_sanitizers() -> None:
    from test_loose_boundaries import run_sanitized

    tests = ["tests/solver/test_cells_native.py", "-m", "not slow", "-k", "not python_searches_run_alone"]
    result = run_sanitized("_cells", tests, timeout=540)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "is not built" not in result.stdout  # -rs lists every skip: the C tests all ran
