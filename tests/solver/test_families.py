"""The solver's search is declared per game (``game.solver.families``), never inferred."""

from __future__ import annotations

import random

import pytest

import game
from game.names import VARIANT_NAMES
from game.play import Game
from game.solver.engine_search import EngineSearch
from game.solver.families import FAMILIES, Family, family_of
from game.solver.search import Budget, Verdict, plays_at_table, replays_to_win, solve
from tests.solver.draw_three import DrawThree, LookAlike, brute_force_winnable, describe, small_position


@pytest.mark.parametrize("key", list(game.VARIANTS))
def test_each_registered_game_gets_its_declared_search_or_the_generic_one(key: str) -> None:
    """A fast search is optional: a game added without one is searched by the generic search."""
    assert family_of(game.VARIANTS[key].instance()) is FAMILIES.get(key, Family.GENERIC)


@pytest.mark.parametrize("key", list(VARIANT_NAMES))
def test_each_of_the_five_shipped_games_has_a_fast_search(key: str) -> None:
    assert FAMILIES[key] is not Family.GENERIC


@pytest.mark.parametrize("variant", [DrawThree, LookAlike], ids=["draw-three", "look-alike"])
def test_an_undeclared_look_alike_of_aunt_mary_gets_the_generic_search(variant: type[game.Variant]) -> None:
    assert family_of(variant.instance()) is Family.GENERIC


def test_a_full_draw_three_deal_is_searched_by_the_generic_search_not_aunt_marys() -> None:
    # Deals 3 and 6 were answered "unwinnable" by Aunt Mary's search, whose one-card stock is
    # not this game's (an answer that no replay checks): the answer must be the generic one.
    v = DrawThree.instance()
    budget = Budget(seconds=60, positions=20_000)
    for deal in (3, 6):
        start = game.new_game("aunt-mary", deal).state
        result = solve(Game(v, start, deal), budget)
        generic = EngineSearch(v, budget, None).run(start)
        assert (result.verdict, result.positions) == (generic.verdict, generic.positions)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_draw_three_verdict_agrees_with_brute_force_on_small_positions(seed: int) -> None:
    # As the table plays (automatic moves on): a free player can take every foundation card
    # back, too many positions for a brute force even with a few cards out.
    v = DrawThree.instance()
    rng = random.Random(seed)
    state = small_position(v, rng, loose=rng.randint(5, 8))
    truth = brute_force_winnable(v, state, automatic=True)
    result = solve(Game(v, state), Budget(seconds=60, positions=500_000), automatic=True)
    assert result.verdict is (Verdict.WINNABLE if truth else Verdict.UNWINNABLE), describe(state)
    if truth:
        assert replays_to_win(v, state, result.raw)
        assert plays_at_table(v, state, result.raw)
