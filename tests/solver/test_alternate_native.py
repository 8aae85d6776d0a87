"""Lady Jane's depth-first search in C (game/solver/_alternate.c) is the Python LadyJaneStock
position for position: the same outcome, the same positions stored and expanded, the same
line, from deals and from positions met in play; in pieces as in one run; solve() gives the
very answers of the Python searches with it; its budget, deadline and ``cancelled`` stop it as
they stop the Python one; it refuses bad arguments with a one-line error, never a crash."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import game
from game.play import Game
from game.solver import alternate_native, carry, native
from game.solver.alternate_stock import LadyJaneStock
from game.solver.carry import carry_over
from game.solver.compact import Beam, Turns
from game.solver.search import Budget, Verdict, replays_to_win, solve
from game.variants.base import RawMove

MODULE = alternate_native.c_module()
needs_c = pytest.mark.skipif(MODULE is None, reason="Lady Jane's C module is not built")
ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "game" / "solver" / "_alternate.c"


def _never() -> bool:
    return False


Outcome = tuple[str, list[RawMove] | None, int, int]


def _outcome(search: Any, line: list[RawMove] | None) -> Outcome:
    state = (
        "won"
        if line is not None
        else "exhausted"
        if search.exhausted
        else "stopped"
        if search.stopped
        else "paused"
    )
    return state, line, len(search.seen), search.expanded


def python_search(
    g: Game,
    pause_at: int,
    deadline: float = 1e18,
    cancelled: Callable[[], bool] = _never,
    positions: int = 10**9,
) -> Outcome:
    """The Python LadyJaneStock from ``g``'s position until a win, the end, ``pause_at``
    positions stored or its budget: its outcome, line, stored and expanded positions."""
    search = LadyJaneStock(g.variant, positions, deadline, cancelled)
    assert search.begin(g.state) is None, "a deal won at the root tells nothing"
    return _outcome(search, search.resume(pause_at))


def c_search(
    g: Game,
    pause_at: int,
    deadline: float = 1e18,
    cancelled: Callable[[], bool] = _never,
    positions: int = 10**9,
) -> Outcome:
    """The same search in C."""
    assert MODULE is not None
    search = alternate_native.NativeLadyJane(g.variant, positions, deadline, cancelled, MODULE)
    assert search.begin(g.state) is None
    return _outcome(search, search.resume(pause_at))


def _same(deals: range, pause_at: int) -> dict[str, int]:
    outcomes: dict[str, int] = {}
    for deal in deals:
        g = game.new_game("lady-jane", deal=deal)
        expected, got = python_search(g, pause_at), c_search(g, pause_at)
        assert got == expected, deal
        if got[0] == "won":
            assert got[1] is not None and replays_to_win(g.variant, g.state, got[1]), deal
        outcomes[got[0]] = outcomes.get(got[0], 0) + 1
    return outcomes


@needs_c
def test_the_c_search_stores_and_expands_the_same_positions_and_finds_the_same_line_on_deals() -> None:
    outcomes = _same(range(1, 101), 3_000)
    assert outcomes.get("won", 0) > 10 and outcomes.get("paused", 0) > 10  # both kinds met


@needs_c
@pytest.mark.slow
def test_the_c_search_is_the_python_search_over_two_hundred_deals_to_a_hundred_thousand_positions() -> None:
    outcomes = _same(range(1, 201), 100_000)
    assert outcomes.get("exhausted", 0) > 0 and outcomes.get("won", 0) > 100


@needs_c
@pytest.mark.slow
@pytest.mark.parametrize("deal", [10, 15, 154])
def test_the_c_search_is_the_python_search_on_deals_decided_in_hundreds_of_thousands_of_positions(
    deal: int,
) -> None:
    assert _same(range(deal, deal + 1), 400_000) != {}


def _positions_met_in_play(deals: range) -> list[tuple[int, int, Game]]:
    """Positions part of the way along each won deal's line: stock dealt to the reserves or
    not, the last two stock cards dealt (a face-up stock), foundations begun anywhere."""
    met = []
    for deal in deals:
        g = game.new_game("lady-jane", deal=deal)
        found = solve(g, Budget(seconds=1e9, positions=200_000))
        for part in range(1, 8):
            state = g.state
            for move in found.raw[: len(found.raw) * part // 8]:
                state = g.variant.apply(state, move)
            if LadyJaneStock(g.variant, 10**9, 1e18, _never).begin(state) is None:
                met.append((deal, part, Game(g.variant, state)))
    return met


@needs_c
def test_the_c_search_is_the_python_search_from_positions_met_in_play() -> None:
    met = _positions_met_in_play(range(1, 9))
    kinds = set()
    for deal, part, here in met:
        assert c_search(here, 2_000) == python_search(here, 2_000), (deal, part)
        stock = here.state.hidden[here.variant.stock]
        kinds.add("stock face up" if here.state.piles[here.variant.stock] and not stock else f"down {stock}")
    assert len(met) > 20 and len(kinds) >= 4, kinds


@needs_c
def test_the_c_search_in_pieces_is_the_c_search_in_one_run() -> None:
    assert MODULE is not None
    for deal in (2, 7, 24):
        g = game.new_game("lady-jane", deal=deal)
        whole = c_search(g, 30_000)
        search = alternate_native.NativeLadyJane(g.variant, 10**9, 1e18, _never, MODULE)
        assert search.begin(g.state) is None
        line, at = None, 0
        while line is None and not search.exhausted and at < 30_000:
            at = min(30_000, len(search.seen) + 777)
            line = search.resume(at)
        assert _outcome(search, line) == whole, deal


def _beams(g: Game, widths: tuple[int, ...], budget: int, pieces: int) -> list[Outcome]:
    """The Python beam and the beam in C over ``g`` (the C one resumed ``pieces`` times)."""
    assert MODULE is not None

    def fresh() -> LadyJaneStock:
        return LadyJaneStock(g.variant, budget, 1e18, _never)

    python = Beam(fresh, widths)
    line = python.begin(g.state) or python.resume(budget)
    expected = ("stopped" if python.stopped else "won" if line else "ended", line, len(python.seen))
    c = alternate_native.NativeBeam(g.variant, budget, 1e18, _never, MODULE, widths)
    got_line = c.begin(g.state)
    for piece in range(1, pieces + 1):
        got_line = got_line or c.resume(budget * piece // pieces)
    got = ("stopped" if c.stopped else "won" if got_line else "ended", got_line, len(c.seen))
    assert not c.exhausted
    return [(*expected, python.search.expanded), (*got, c.expanded)]


@needs_c
@pytest.mark.parametrize(
    ("widths", "budget", "deals"),
    [((1_000, 3_000, 9_000), 50_000, range(1, 9)), ((3, 10, 30), 30_000, range(1, 31))],
    ids=["turns", "passes"],
)
def test_the_beam_in_c_stores_and_expands_the_same_positions_and_finds_the_same_line(
    widths: tuple[int, ...], budget: int, deals: range
) -> None:
    outcomes = set()
    for deal in deals:
        g = game.new_game("lady-jane", deal=deal)
        expected, got = _beams(g, widths, budget, 1 + deal % 3)
        assert got == expected, deal
        if got[1] is not None:
            assert replays_to_win(g.variant, g.state, got[1]), deal
        outcomes.add(got[0])
    assert outcomes == {"won", "ended"}  # "ended": the last pass died out, or paused at the budget


@needs_c
@pytest.mark.parametrize("positions", [64, 5_001])
def test_the_beam_in_c_stops_at_a_budget_of_positions_where_the_python_beam_stops(positions: int) -> None:
    assert MODULE is not None
    g = game.new_game("lady-jane", deal=24)
    python = Beam(lambda: LadyJaneStock(g.variant, positions, 1e18, _never), [1_000, 3_000])
    assert python.begin(g.state) is None and python.resume(10**9) is None and python.stopped
    c = alternate_native.NativeBeam(g.variant, positions, 1e18, _never, MODULE, (1_000, 3_000))
    assert c.begin(g.state) is None and c.resume(10**9) is None and c.stopped
    assert (len(c.seen), c.expanded) == (len(python.seen), python.search.expanded)
    assert len(c.seen) >= positions


@needs_c
def test_the_beam_in_c_stops_at_a_past_deadline_where_the_python_beam_stops() -> None:
    assert MODULE is not None
    g = game.new_game("lady-jane", deal=24)
    python = Beam(lambda: LadyJaneStock(g.variant, 10**9, 0.0, _never), [1_000])
    assert python.begin(g.state) is None and python.resume(10**9) is None and python.stopped
    c = alternate_native.NativeBeam(g.variant, 10**9, 0.0, _never, MODULE, (1_000,))
    assert c.begin(g.state) is None and c.resume(10**9) is None and c.stopped
    assert (len(c.seen), c.expanded) == (len(python.seen), python.search.expanded) == (len(c.seen), 64)


def _solved(deal: int, budget: Budget, *, in_c: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    if not in_c:
        monkeypatch.setattr(alternate_native, "c_module", lambda: None)
    try:
        found = solve(game.new_game("lady-jane", deal=deal), budget)
    finally:
        monkeypatch.undo()
    return found.verdict, found.positions, found.raw


@needs_c
def test_solve_gives_the_python_searches_answer_positions_and_line_with_the_c_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    verdicts = set()
    for deal in (*range(1, 13), 154):
        budget = Budget(seconds=1e9, positions=60_000)
        with_c = _solved(deal, budget, in_c=True, monkeypatch=monkeypatch)
        assert with_c == _solved(deal, budget, in_c=False, monkeypatch=monkeypatch), deal
        verdicts.add(with_c[0].value)
    assert verdicts == {"winnable", "unknown"} or len(verdicts) == 3, verdicts


@needs_c
@pytest.mark.slow
@pytest.mark.parametrize("deal", [10, 25, 60])  # lost, unknown, won beyond 250,000 positions
def test_solve_gives_the_python_searches_answer_past_the_change_of_turns(
    deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deals decided (or not) beyond ``alternate_stock.EVEN_UNTIL`` stored positions, where the
    depth-first search takes five turns to the beam's one."""
    budget = Budget(seconds=1e9, positions=700_000)
    with_c = _solved(deal, budget, in_c=True, monkeypatch=monkeypatch)
    assert with_c == _solved(deal, budget, in_c=False, monkeypatch=monkeypatch)
    assert with_c[1] > 250_000


def _carried(positions: list[Game], budget: int, *, in_c: bool, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Each position solved in turn inside one ``carry_over`` block: the answer, positions and
    line, and the marks kept after it."""
    if not in_c:
        monkeypatch.setattr(alternate_native, "c_module", lambda: None)
    out = []
    try:
        with carry_over():
            for g in positions:
                found = solve(g, Budget(seconds=1e9, positions=budget))
                out.append((found.verdict, found.positions, found.raw, len(carry.CARRIED.lady_jane)))
    finally:
        monkeypatch.undo()
    return out


@needs_c
def test_the_c_search_marks_and_carries_over_what_the_python_search_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from test_lost_marks import LOST_DEAL, WON_DEAL, played

    positions = [*played(WON_DEAL, 10)[6:], *played(LOST_DEAL, 13)[9:]]
    with_c = _carried(positions, 30_000, in_c=True, monkeypatch=monkeypatch)
    assert with_c == _carried(positions, 30_000, in_c=False, monkeypatch=monkeypatch)
    verdicts = [row[0] for row in with_c]
    assert {Verdict.WINNABLE, Verdict.UNKNOWN, Verdict.UNWINNABLE} <= set(verdicts), verdicts


@needs_c
def test_make_search_puts_the_c_search_first_in_the_turns_and_leaves_aunt_mary_in_python() -> None:
    lady_jane = game.new_game("lady-jane", deal=1)
    turns = alternate_native.make_search(lady_jane.variant, 1000, 1e18, _never, lady_jane=True)
    assert isinstance(turns.searches[0], alternate_native.NativeLadyJane)
    assert isinstance(turns.searches[1], alternate_native.NativeBeam)
    aunt_mary = game.new_game("aunt-mary", deal=1)
    turns = alternate_native.make_search(aunt_mary.variant, 1000, 1e18, _never, lady_jane=False)
    assert not any(isinstance(s, alternate_native.NativeLadyJane) for s in turns.searches)
    turns = alternate_native.make_search(lady_jane.variant, 1000, 1e18, _never, lady_jane=True, twins=False)
    assert not any(isinstance(s, alternate_native.NativeLadyJane) for s in turns.searches)


@needs_c
@pytest.mark.parametrize("positions", [1, 64, 5_000, 5_001, 5_063])
def test_a_budget_of_positions_stops_the_c_search_where_it_stops_the_python_one(positions: int) -> None:
    g = game.new_game("lady-jane", deal=24)
    stopped = c_search(g, 10**9, positions=positions)
    assert stopped[0] == "stopped" and stopped == python_search(g, 10**9, positions=positions)


@needs_c
def test_a_past_deadline_stops_the_c_search_where_it_stops_the_python_one() -> None:
    g = game.new_game("lady-jane", deal=24)
    stopped = c_search(g, 10**9, deadline=0.0)
    assert stopped[0] == "stopped" and stopped[3] == 64 and stopped == python_search(g, 10**9, deadline=0.0)


@needs_c
def test_cancelled_stops_the_c_search_at_its_poll_as_it_stops_the_python_one() -> None:
    calls: list[int] = []

    def cancelled() -> bool:
        calls.append(1)
        return len(calls) >= 3

    g = game.new_game("lady-jane", deal=24)
    stopped = c_search(g, 10**9, cancelled=cancelled)
    asked = len(calls)
    calls.clear()
    assert stopped[0] == "stopped" and stopped == python_search(g, 10**9, cancelled=cancelled)
    assert asked == 3 and stopped[3] == 3 * 64


@needs_c
def test_an_error_raised_by_cancelled_comes_out_of_the_c_search() -> None:
    def cancelled() -> bool:
        raise KeyError("stop")

    with pytest.raises(KeyError, match="stop"):
        c_search(game.new_game("lady-jane", deal=24), 10**9, cancelled=cancelled)


REENTRY = """
import sys
import game
from game.solver import alternate_native
module = alternate_native.c_module()
g = game.new_game("lady-jane", deal=24)
caught = []

def cancelled():
    try:
        search.resume(10**9)
    except RuntimeError as error:
        caught.append(str(error))
    return False

if sys.argv[1] == "beam":
    search = alternate_native.NativeBeam(g.variant, 2_000, 1e18, cancelled, module, (1_000,))
else:
    search = alternate_native.NativeLadyJane(g.variant, 2_000, 1e18, cancelled, module)
assert search.begin(g.state) is None
assert search.resume(1_000) is None and 1_000 <= len(search.seen) < 1_100, len(search.seen)
assert caught and all("is running" in text for text in caught), caught
search.resume(10**9)
assert search.stopped and len(search.seen) >= 2_000
print("ok")
"""


@needs_c
@pytest.mark.parametrize("kind", ["depth-first", "beam"])
def test_a_search_resumed_from_its_own_cancelled_is_refused_and_searches_on_afterwards(kind: str) -> None:
    """The second search would pull the first one's stack away (a segfault on the old code):
    run in a child process, so that a crash fails the test instead of ending pytest."""
    done = subprocess.run(
        [sys.executable, "-c", REENTRY, kind], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr[-2000:]


@needs_c
def test_solve_stops_with_unknown_when_cancelled_in_the_c_search() -> None:
    found = solve(game.new_game("lady-jane", deal=24), Budget(seconds=1e9), cancelled=lambda: True)
    assert found.verdict.value == "unknown" and 0 < found.positions < 1000


def _good_arguments() -> list[Any]:
    g = game.new_game("lady-jane", deal=1)
    search = LadyJaneStock(g.variant, 10**9, 1e18, _never)
    ((node, _, _),) = search.roots(g.state)
    tab, found, side, down, redeals = node
    return [*alternate_native.tables(search.rules), tab, bytes(found), side, down, redeals, 1]


@needs_c
def test_the_good_arguments_of_the_bad_argument_tests_search() -> None:
    assert MODULE is not None
    search = MODULE.new(*_good_arguments())
    assert MODULE.resume(search, 100, 10**9, 1e18, _never)[0] == "paused"
    assert MODULE.counts(search)[0] >= 100  # looked at before each expansion


def _set(at: int, value: Any) -> Callable[[list[Any]], None]:
    return lambda a: a.__setitem__(at, value(a) if callable(value) else value)


def _face_down_top(pile: bytes) -> bytes:
    return pile[:-1] + bytes([pile[-1] + 64])


BAD: list[tuple[str, Callable[[list[Any]], None], type[Exception], str]] = [
    ("fits-short", _set(0, b"\x00" * 10), ValueError, "fits must be 16384 bytes"),
    ("place-not-bytes", _set(1, list(range(52))), ValueError, "place must be 52 bytes"),
    ("place-beyond-12", _set(1, b"\x0d" * 52), ValueError, "out of range"),
    ("parent-beyond-51", _set(2, b"\x40" * 104), ValueError, "out of range"),
    ("next-home-beyond-51", _set(5, b"\x40" * 56), ValueError, "next_home"),
    ("opposite-beyond-3", _set(6, b"\x09" * 8), ValueError, "opposite"),
    ("tableau-not-tuple", _set(7, lambda a: list(a[7])), TypeError, "tuple"),
    ("pile-not-bytes", _set(7, lambda a: (*a[7][:-1], [1, 2])), ValueError, "bytes"),
    ("card-twice", _set(7, lambda a: (a[7][0] + a[7][-1][-1:], *a[7][1:])), ValueError, "met twice"),
    ("card-missing", _set(7, lambda a: (a[7][0][1:], *a[7][1:])), ValueError, "52 cards once"),
    ("card-beyond-51", _set(9, lambda a: (a[9][0][:-1] + b"\x34", *a[9][1:])), ValueError, "out of range"),
    ("face-down-top", _set(7, lambda a: (*a[7][:-1], _face_down_top(a[7][-1]))), ValueError, "face up"),
    ("height-beyond-13", _set(8, b"\x0e\x00\x00\x00"), ValueError, "52 cards once"),
    ("too-many-piles", _set(7, lambda a: a[7] + (b"",) * 4), ValueError, "tableau piles"),
    ("too-few-side-piles", _set(9, lambda a: a[9][:2]), ValueError, "side piles"),
    ("down-beyond-stock", _set(10, 60), ValueError, "face-down"),
    ("negative-redeals", _set(11, -1), ValueError, "redeals"),
    ("down-text", _set(10, "x"), TypeError, "integer"),
]


@needs_c
@pytest.mark.parametrize(("spoil", "error", "match"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_argument_is_a_clear_error_never_a_crash(
    spoil: Callable[[list[Any]], None], error: type[Exception], match: str
) -> None:
    assert MODULE is not None
    arguments = _good_arguments()
    spoil(arguments)
    with pytest.raises(error, match=match):
        MODULE.new(*arguments)


@needs_c
@pytest.mark.parametrize(
    ("arguments", "error", "match"),
    [
        (lambda s: ("not a search", 10, 10, 1e18, _never), TypeError, "not a search"),
        (lambda s: (s, -1, 10, 1e18, _never), ValueError, "negative"),
        (lambda s: (s, 10, 10, 1e18, None), TypeError, "callable"),
        (lambda s: (s, 10, 10, "soon", _never), TypeError, "real number"),
    ],
    ids=["not-a-search", "negative-pause", "cancelled-not-callable", "deadline-text"],
)
def test_bad_arguments_to_resume_and_counts_are_clear_errors(
    arguments: Callable[[object], tuple[Any, ...]], error: type[Exception], match: str
) -> None:
    assert MODULE is not None
    search = MODULE.new(*_good_arguments())
    with pytest.raises(error, match=match):
        MODULE.resume(*arguments(search))  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="not a search"):
        MODULE.counts(object())


@needs_c
def test_marks_that_are_not_from_marks_are_a_clear_error() -> None:
    assert MODULE is not None
    with pytest.raises(TypeError, match="marks must be None or made by marks"):
        MODULE.new(*_good_arguments(), "marks")
    with pytest.raises(TypeError, match="not marks made by marks"):
        MODULE.marks_count(MODULE.new(*_good_arguments()))
    search = MODULE.new(*_good_arguments(), None)  # None: nothing marked
    assert MODULE.resume(search, 100, 10**9, 1e18, _never)[0] == "paused"


def test_the_python_searches_run_alone_where_the_c_module_is_not_wanted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(native.PURE_ENV, "1")
    assert not alternate_native.in_c()
    g = game.new_game("lady-jane", deal=1)
    turns = alternate_native.make_search(g.variant, 1000, 1e18, _never, lady_jane=True)
    assert isinstance(turns, Turns) and isinstance(turns.searches[0], LadyJaneStock)


@pytest.mark.parametrize("name", ["gcc", "clang"])
def test_the_lady_jane_c_compiles_as_strict_c11_without_a_warning(name: str) -> None:
    from test_loose_portable import _compile, _compiler

    proc = _compile(_compiler(name), "-fsyntax-only", source=SOURCE)
    assert proc.returncode == 0, proc.stderr


@needs_c
@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ru_maxrss is in KiB on Linux")
def test_a_thousand_searches_leave_the_memory_flat() -> None:
    from test_loose_boundaries import assert_memory_flat

    assert_memory_flat(lambda i: c_search(game.new_game("lady-jane", deal=1 + i % 50), 5_000), 100, 1000)


@needs_c
@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ru_maxrss is in KiB on Linux")
def test_a_thousand_searches_that_mark_leave_the_memory_flat() -> None:
    from test_loose_boundaries import assert_memory_flat

    assert MODULE is not None
    arguments = _good_arguments()

    def marked(i: int) -> None:
        search = MODULE.new(*arguments, MODULE.marks())
        MODULE.resume(search, 5_000 + i % 7, 10**9, 1e18, _never)

    assert_memory_flat(marked, 100, 1000)


@pytest.mark.slow
@pytest.mark.timeout(900)  # a sanitized C build, then the agreement tests under it
@pytest.mark.skipif(sys.platform != "linux", reason="the sanitizers' runtime is preloaded, as on Linux")
def test_the_agreement_and_argument_tests_pass_under_address_and_undefined_sanitizers() -> None:
    from test_loose_boundaries import run_sanitized

    tests = ["tests/solver/test_alternate_native.py", "-m", "not slow", "-k", "not python_searches_run_alone"]
    result = run_sanitized("_alternate", tests, timeout=840)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "is not built" not in result.stdout  # -rs lists every skip: the C tests all ran
