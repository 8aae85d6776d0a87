"""The engine-level search: short position keys never shared by two positions; the portfolio's turns."""

from __future__ import annotations

import random
from collections import deque

import pytest

import game
from game.engine.state import State
from game.solver.engine_search import EngineSearch
from game.solver.search import Budget, solve


def full_key(search: EngineSearch, st: State) -> tuple[object, ...]:
    """Every pile in whole, up to the order of interchangeable piles."""
    piles, hidden = st.piles, st.hidden
    return (
        tuple(sorted((piles[i], hidden[i]) for i in search.tableau)),
        tuple(sorted(piles[i] for i in search.foundations)),
        tuple(piles[i] for i in search.fixed),
        tuple(hidden[i] for i in search.fixed),
        st.redeals_left,
    )


@pytest.mark.parametrize(("key", "deal"), [("kansas", 3), ("kansas", 65), ("aunt-mary", 2), ("lady-jane", 5)])
def test_positions_reachable_from_one_root_with_one_key_are_the_same(key: str, deal: int) -> None:
    g = game.new_game(key, deal=deal)
    v = g.variant
    search = EngineSearch(v, Budget(), None)
    seen: dict[object, tuple[object, ...]] = {}
    todo: deque[State] = deque([g.state])
    visited = {g.state}
    # Breadth first, every legal move (deals and turnovers too), so the stock and waste change.
    while todo and len(visited) < 4000:
        here = todo.popleft()
        whole = full_key(search, here)
        assert seen.setdefault(search.key(here), whole) == whole
        for move in v.legal(here):
            nxt = v.apply(here, move)
            if nxt not in visited:
                visited.add(nxt)
                todo.append(nxt)
    assert len(seen) > 300


@pytest.mark.slow
@pytest.mark.parametrize("key", ["kansas", "aunt-mary", "lady-jane"])
def test_keys_of_positions_deep_in_random_games_are_never_shared(key: str) -> None:
    # Random play reaches what breadth first does not: empty stocks, turnovers, late deals.
    rng = random.Random(7)
    for deal in (1, 2, 3):
        g = game.new_game(key, deal=deal)
        v = g.variant
        search = EngineSearch(v, Budget(), None)
        seen: dict[object, tuple[object, ...]] = {}
        for _ in range(150):
            here = g.state
            for _ in range(200):
                whole = full_key(search, here)
                assert seen.setdefault(search.key(here), whole) == whole
                moves = v.legal(here)
                if not moves:
                    break
                here = v.apply(here, rng.choice(moves))


def test_keys_see_a_redeal_in_aunt_mary() -> None:
    g = game.new_game("aunt-mary", deal=2)
    v = g.variant
    search = EngineSearch(v, Budget(), None)
    st = g.state
    while st.piles[v.stock]:
        st = v.apply(st, (v.stock, v.waste, 1))
    keys = {search.key(st)}
    turned = v.apply(st, (v.waste, v.stock, len(st.piles[v.waste])))
    keys.add(search.key(turned))
    assert len(keys) == 2


@pytest.mark.parametrize(
    ("key", "deal", "verdict"),
    [("aunt-mary", 3, "unwinnable"), ("kansas", 65, "winnable"), ("lady-jane", 7, "winnable")],
)
def test_taking_turns_gives_the_same_answer_every_run(key: str, deal: int, verdict: str) -> None:
    # Kansas, Aunt Mary and Lady Jane run two searches by turns, a set number of positions each
    # (Kansas's count its looser game's too, far cheaper ones).
    positions = 200_000 if key == "kansas" else 20_000
    runs = [solve(game.new_game(key, deal=deal), Budget(seconds=600, positions=positions)) for _ in "ab"]
    assert runs[0].verdict.value == verdict
    first, second = runs
    assert (first.verdict, first.moves, first.positions) == (second.verdict, second.moves, second.positions)
