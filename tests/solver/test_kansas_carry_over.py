"""The looser Kansas game carried over from one search to the next (``carry_over``): which
roots it covers, that its answers stay exact, and that a loss too big for one quick check is
proved over the next few positions of a game in play."""

from __future__ import annotations

import pytest

import game
from game.play import Game
from game.solver import answer, carry
from game.solver.heuristic import best_move
from game.solver.kansas import KansasSearch
from game.solver.kansas_relaxed import DeadEnds, RelaxedKansas, carry_over
from game.solver.search import Budget, Verdict, solve

Root = tuple[bytes, bytes, bytes, int]

LOST_DEAL = 20001
"""A lost Kansas deal whose loss the looser game proves in some 4.5 million positions, far more
than one check of the indicator's (``benchmarks/advisor.py`` plays it)."""


def root_of(g: Game) -> Root:
    """The reserve, stock, waste and base rank a Kansas search of ``g`` starts from."""
    search = KansasSearch(g.variant, 10, 0.0, lambda: False)
    node, _ = search.start(g.state)
    return search.reserve, search.stock, node[3], search.base


def played(deal: int, actions: int, key: str = "kansas") -> list[Game]:
    """The positions after each of the first ``actions`` actions of the heuristic player."""
    g = game.new_game(key, deal)
    g.play_auto_moves()
    seen = {g.state}
    out = []
    for _ in range(actions):
        move = best_move(g, seen)
        assert move is not None
        g.play(move)
        g.play_auto_moves()
        seen.add(g.state)
        out.append(Game(g.variant, g.state, g.deal))
    return out


def test_a_later_position_of_the_deal_is_a_position_of_the_opening_game() -> None:
    opening = game.new_game("kansas", LOST_DEAL)
    later = played(LOST_DEAL, 12)[-1]
    first, last = root_of(opening), root_of(later)
    assert len(last[1]) < len(first[1]) and last[2]  # cards were dealt, some still on the waste
    assert RelaxedKansas(*first, in_c=False).covers(*last)


def test_an_earlier_position_or_another_deal_is_not_covered() -> None:
    first = root_of(game.new_game("kansas", LOST_DEAL))
    last = root_of(played(LOST_DEAL, 12)[-1])
    assert not RelaxedKansas(*last, in_c=False).covers(*first)  # its reserve and stock are longer
    assert not RelaxedKansas(*first, in_c=False).covers(*root_of(game.new_game("kansas", LOST_DEAL + 1)))
    reserve, stock, waste, base = first
    assert not RelaxedKansas(*first, in_c=False).covers(reserve, stock, waste, (base + 1) % 13)


def test_a_waste_out_of_the_order_dealt_is_not_covered() -> None:
    first = root_of(game.new_game("kansas", LOST_DEAL))
    reserve, stock, waste, base = root_of(played(LOST_DEAL, 12)[-1])
    assert len(waste) >= 2
    swapped = waste[:-2] + waste[-1:] + waste[-2:-1]
    assert not RelaxedKansas(*first, in_c=False).covers(reserve, stock, swapped, base)


@pytest.mark.slow
def test_a_loss_too_big_for_one_check_is_proved_over_the_next_positions() -> None:
    check = Budget(seconds=120, positions=1_000_000)  # positions only: the same on every run
    positions = played(LOST_DEAL, 6)
    with carry_over():
        verdicts = [solve(p, check).verdict for p in positions]
    assert verdicts[0] is Verdict.UNKNOWN
    assert verdicts[-1] is Verdict.UNWINNABLE
    assert solve(positions[-1], check).verdict is Verdict.UNKNOWN  # from nothing, not enough
    # The carried answers are exact: a search from nothing with room enough agrees.
    assert solve(positions[-1], Budget(seconds=120).for_game("kansas")).verdict is Verdict.UNWINNABLE


def test_a_carried_game_counts_only_its_new_positions_against_the_budget() -> None:
    positions = played(LOST_DEAL, 2)
    with carry_over():
        solve(positions[0], Budget(seconds=60, positions=200_000))
        dead_ends = DeadEnds(room=200_000)
        relaxed = dead_ends.of(*root_of(positions[1]))
        assert relaxed is carry.CARRIED.kansas and len(relaxed) > 100_000
        assert len(dead_ends) == 0


def test_a_carried_game_without_room_for_the_budget_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = played(LOST_DEAL, 2)
    with carry_over():
        solve(positions[0], Budget(seconds=60, positions=200_000))
        carried = carry.CARRIED.kansas
        assert carried is not None
        monkeypatch.setattr(answer, "scaled_cap", lambda: len(carried) + 199_999)
        assert DeadEnds(room=200_000).of(*root_of(positions[1])) is not carried
        monkeypatch.setattr(answer, "scaled_cap", lambda: len(carried) + 200_000)
        assert DeadEnds(room=200_000).of(*root_of(positions[1])) is carry.CARRIED.kansas


def test_outside_carry_over_every_search_starts_from_nothing() -> None:
    positions = played(LOST_DEAL, 2)
    with carry_over():
        solve(positions[0], Budget(seconds=60, positions=100_000))
    assert carry.CARRIED.kansas is None  # let go when the block closed
    solve(positions[0], Budget(seconds=60, positions=100_000))
    assert carry.CARRIED.kansas is None


def test_a_search_that_may_not_carry_over_starts_from_nothing_and_the_next_may_go_on() -> None:
    positions = played(LOST_DEAL, 2)
    with carry_over():
        solve(positions[0], Budget(seconds=60, positions=100_000))
        before = carry.CARRIED.kansas
        assert before is not None
        with carry_over(False):  # a rating inside the worker's block
            solve(positions[1], Budget(seconds=60, positions=100_000))
            rated = carry.CARRIED.kansas
        assert rated is not None and rated is not before
        solve(positions[1], Budget(seconds=60, positions=100_000))
        assert carry.CARRIED.kansas is rated
    assert carry.CARRIED.kansas is None


def test_a_block_that_does_not_carry_over_keeps_nothing() -> None:
    positions = played(LOST_DEAL, 2)
    with carry_over(False):
        solve(positions[0], Budget(seconds=60, positions=100_000))
        assert carry.CARRIED.kansas is None
