"""Lady Jane's positions proved lost, marked as her depth-first search goes and carried from one
search of a deal to the next inside ``carry_over`` (``lost_marks``): which roots they hold for,
that no winnable position is ever marked, and that a loss too big for one check is proved at
the next position."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest
from test_kansas_carry_over import played as kansas_played

import game
from game.play import Game
from game.solver import alternate_native, carry, lost_marks
from game.solver.alternate_stock import LadyJaneStock
from game.solver.carry import carry_over
from game.solver.lost_marks import LostMarks, carried
from game.solver.search import Budget, Verdict, solve
from tests.solver.benchmark_scripts import script

LOST_DEAL = 20004
"""A Lady Jane deal the heuristic player loses: each of its first 13 positions needs more than
400,000 positions to be proved lost from nothing (the 13th some 68,000 after the 12th's)."""

WON_DEAL = 20001
"""A deal whose first 9 positions in the heuristic player's game are winnable, each needing
110,000-170,000 positions to show it."""


def played(deal: int, actions: int) -> list[Game]:
    """The positions after each of the first ``actions`` actions of the heuristic player."""
    return kansas_played(deal, actions, "lady-jane")


def check(positions: int) -> Budget:
    """A budget of positions only, the same on every run and build."""
    return Budget(seconds=600, positions=positions)


@pytest.fixture
def in_python(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The searches in Python, whose marks are a set of the keys ``LadyJaneStock.key`` gives."""
    monkeypatch.setattr(alternate_native, "c_module", lambda: None)
    yield


def stock_of(g: Game) -> bytes:
    return bytes(g.state.piles[g.variant.stock])


def test_marks_hold_for_the_same_base_and_a_stock_with_cards_dealt_from_it() -> None:
    opening, later = game.new_game("lady-jane", LOST_DEAL), played(LOST_DEAL, 30)[-1]
    full, dealt = stock_of(opening), stock_of(later)
    assert len(dealt) < len(full)
    base = opening.state.base_rank
    assert LostMarks(base, full).covers(base, dealt)
    assert LostMarks(base, dealt).covers(base, full)  # an earlier position (an undo)


def test_marks_do_not_hold_for_another_base_or_another_stock() -> None:
    opening = game.new_game("lady-jane", LOST_DEAL)
    base, full = opening.state.base_rank, stock_of(opening)
    assert not LostMarks(base, full).covers((base + 1) % 13, full)
    assert not LostMarks(base, full).covers(base, full[1:])
    assert not LostMarks(base, full).covers(base, stock_of(game.new_game("lady-jane", LOST_DEAL + 1)))


def test_taking_marks_for_a_longer_stock_keeps_the_longer_one() -> None:
    marks = LostMarks(3, b"\x01\x02")
    marks.take(b"\x01")
    assert marks.stock == b"\x01\x02"
    marks.take(b"\x01\x02\x03")
    assert marks.stock == b"\x01\x02\x03"


def test_outside_carry_over_nothing_is_marked() -> None:
    assert carried(0, b"", 1000) is None
    solve(played(LOST_DEAL, 12)[-1], check(20_000))
    assert carry.CARRIED.lady_jane is None


def test_a_search_marks_the_lost_regions_it_closes_before_it_ends() -> None:
    with carry_over():
        found = solve(played(LOST_DEAL, 12)[-1], check(60_000))
        marks = carry.CARRIED.lady_jane
    assert found.verdict is Verdict.UNKNOWN
    assert isinstance(marks, LostMarks) and 10_000 < len(marks) < 60_000
    assert carry.CARRIED.lady_jane is None  # let go when the block closed


def test_a_loss_too_big_for_one_check_is_proved_at_the_next_position() -> None:
    positions = played(LOST_DEAL, 13)
    assert solve(positions[12], check(30_000)).verdict is Verdict.UNKNOWN  # from nothing
    with carry_over():
        assert solve(positions[11], check(60_000)).verdict is Verdict.UNKNOWN
        found = solve(positions[12], check(30_000))
    assert found.verdict is Verdict.UNWINNABLE and found.positions < 30_000


def test_marks_carried_in_prune_a_root_already_proved_lost() -> None:
    positions = played(LOST_DEAL, 14)
    with carry_over():
        assert solve(positions[12], check(100_000)).verdict is Verdict.UNWINNABLE
        found = solve(positions[13], check(1_000))
    assert found.verdict is Verdict.UNWINNABLE and found.positions < 10


def test_a_search_that_may_not_carry_over_starts_from_nothing_and_leaves_its_marks() -> None:
    positions = played(LOST_DEAL, 13)
    with carry_over():
        solve(positions[11], check(60_000))
        before = carry.CARRIED.lady_jane
        with carry_over(False):  # a rating inside the worker's block
            rated = solve(positions[12], check(30_000))
            left = carry.CARRIED.lady_jane
        assert rated.verdict is Verdict.UNKNOWN  # as from nothing
        assert isinstance(left, LostMarks) and left is not before and len(left) > 0
        solve(positions[12], check(1_000))
        assert carry.CARRIED.lady_jane is left


def test_marks_without_room_for_the_budget_are_left(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = played(LOST_DEAL, 13)
    with carry_over():
        solve(positions[11], check(60_000))
        marks = carry.CARRIED.lady_jane
        assert isinstance(marks, LostMarks)
        base, stock = positions[12].state.base_rank, stock_of(positions[12])
        monkeypatch.setattr(lost_marks, "MARKS_ROOM", len(marks) + 29_999)
        assert carried(base, stock, 30_000) is not marks
        assert carry.CARRIED.lady_jane is not marks
        monkeypatch.setattr(lost_marks, "MARKS_ROOM", 10**9)
        assert carried(base, stock, 30_000) is carry.CARRIED.lady_jane


def test_marks_of_another_deal_are_not_taken() -> None:
    with carry_over():
        solve(played(LOST_DEAL, 12)[-1], check(20_000))
        marks = carry.CARRIED.lady_jane
        other = game.new_game("lady-jane", LOST_DEAL + 1)
        assert carried(other.state.base_rank, stock_of(other), 1000) is not marks


def test_a_search_of_another_game_lets_the_last_games_findings_go() -> None:
    kansas = game.new_game("kansas", 20001)
    with carry_over():
        solve(played(LOST_DEAL, 12)[-1], check(20_000))
        assert carry.CARRIED.lady_jane is not None
        solve(kansas, check(20_000))
        assert carry.CARRIED.lady_jane is None and carry.CARRIED.kansas is not None
        solve(played(LOST_DEAL, 12)[-1], check(20_000))
        assert carry.CARRIED.kansas is None and carry.CARRIED.lady_jane is not None


def test_no_position_on_a_winning_line_is_ever_marked(in_python: None) -> None:
    positions = played(WON_DEAL, 8)
    won = solve(positions[-1], check(400_000))  # from nothing: a line the marks had no part in
    assert won.verdict is Verdict.WINNABLE
    with carry_over():
        for g in positions:  # winnable, each past the check: searches stopped part way
            assert solve(g, check(15_000)).verdict is Verdict.UNKNOWN
        marks = carry.CARRIED.lady_jane
        assert isinstance(marks, LostMarks) and len(marks.keys) > 20_000
    search = LadyJaneStock(positions[-1].variant, 10, 1e18, lambda: False)
    state = positions[-1].state
    ((node, _, _),) = search.roots(state)
    assert search.key(node) not in marks.keys
    for move in won.raw:
        state = positions[-1].variant.apply(state, move)
        ((node, _, _),) = search.roots(state)
        assert search.key(node) not in marks.keys


def test_a_winnable_position_is_still_won_with_the_marks_of_the_searches_before() -> None:
    positions = played(WON_DEAL, 9)
    with carry_over():
        for g in positions[:8]:
            solve(g, check(15_000))
        found = solve(positions[8], check(400_000))
    assert found.verdict is Verdict.WINNABLE


@pytest.mark.skipif(alternate_native.c_module() is None, reason="Lady Jane's C module is not built")
def test_the_benchmark_prints_the_cost_and_the_positions_decided_with_and_without() -> None:
    arguments = ["--first", "20001", "--deals", "1", "--actions", "50", "--check", "30000"]
    done = subprocess.run(
        [sys.executable, str(script("lost_marks")), *arguments, "--positions", "20000", "--runs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[1].startswith("cost:") and "ratio" in lines[1]
    deal, positions, alone, carried = lines[3].split()
    assert (deal, positions) == ("20001", "50") and int(alone) < int(carried) <= 50
    assert lines[-1].split()[1:] == [positions, alone, carried]
