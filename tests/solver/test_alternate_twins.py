"""The twin rule of the alternating-colour search (``game.solver.alternate``): positions that
differ only by which of two twin parents holds a build share a key, and the search still makes
the moves only the other placement allows."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_alternate import compact_verdict

import game
from game.play import Game
from game.solver.alternate import AlternateSearch
from game.solver.alternate_rules import supported
from game.solver.alternate_stock import AuntMaryStock, LadyJaneStock, make_search
from game.solver.search import replays_to_win

GAMES = ("aunt-mary", "lady-jane")
RANKS = "A23456789TJQK"
SUITS = "SHDC"


def position(key: str, piles: dict[str, str], heights: dict[str, int]) -> Game:
    """A position of ``key`` with these tableau piles (face up) and each suit home up to its
    height; every card not named lies home."""
    home = [
        f"foundation-{i + 1}={''.join(RANKS[r] + suit for r in range(heights[suit]))}"
        for i, suit in enumerate(s for s in SUITS if heights[s])
    ]
    base = " base=A" if key == "lady-jane" else ""
    tableau = " ".join(f"{name}={cards}" for name, cards in piles.items())
    return game.from_text(f"{key}{base} {tableau} {' '.join(home)}")


# The nine of spades lies on the ten of hearts at the start of its pile's build, and its other
# parent, the ten of diamonds, is a pile's top: it may move across and back.
REST = {"tableau-3": "KHQHJH", "tableau-4": "KSQSJSTS", "tableau-5": "KDQDJD"}
ON_HEARTS = {"tableau-1": "8STH9S", "tableau-2": "TD", **REST}
ON_DIAMONDS = {"tableau-1": "8STH", "tableau-2": "TD9S", **REST}
HEIGHTS = {"S": 7, "H": 9, "D": 9, "C": 13}


def search_of(g: Game, *, twins: bool = True) -> AlternateSearch:
    kind = LadyJaneStock if g.variant.deals_to_reserves else AuntMaryStock
    search = kind(g.variant, 100_000, time.monotonic() + 60, lambda: False, twins=twins)
    search.start(g.state)
    return search


def key_of(g: Game, *, twins: bool = True) -> bytes:
    search = search_of(g, twins=twins)
    return search.key(search.start(g.state)[0])


@pytest.mark.parametrize("key", GAMES)
def test_a_build_on_either_twin_parent_has_one_key(key: str) -> None:
    on_hearts = position(key, ON_HEARTS, HEIGHTS)
    on_diamonds = position(key, ON_DIAMONDS, HEIGHTS)
    assert key_of(on_hearts) == key_of(on_diamonds)
    assert key_of(on_hearts, twins=False) != key_of(on_diamonds, twins=False)


def tableau(g: Game) -> tuple[bytes, ...]:
    return search_of(g).start(g.state)[0][0]


@pytest.mark.parametrize("key", GAMES)
def test_canonical_puts_the_build_on_one_parent_whichever_holds_it(key: str) -> None:
    on_hearts = position(key, ON_HEARTS, HEIGHTS)
    on_diamonds = position(key, ON_DIAMONDS, HEIGHTS)
    search = search_of(on_hearts)
    chosen = search.canonical(tableau(on_hearts))
    assert chosen == search.canonical(tableau(on_diamonds))
    assert chosen in (tableau(on_hearts), tableau(on_diamonds))
    assert search.canonical(chosen) == chosen


@pytest.mark.parametrize("key", GAMES)
def test_a_build_whose_other_parent_is_covered_stays_where_it_is(key: str) -> None:
    # Each ten is covered by the nine of its own colour in turn; the nine of spades stays put.
    for piles, heights in (
        ({**ON_HEARTS, "tableau-2": "TD9D"}, {**HEIGHTS, "D": 8}),
        ({**ON_DIAMONDS, "tableau-1": "8STH9H"}, {**HEIGHTS, "H": 8}),
    ):
        g = position(key, piles, heights)
        assert search_of(g).canonical(tableau(g)) == tableau(g)


def canonical_placement(key: str) -> tuple[Game, int, int]:
    """The position whose tableau the key keeps (its build on the lower-numbered ten), the
    pile of that ten and the pile of the other one."""
    on_hearts = position(key, ON_HEARTS, HEIGHTS)
    names = on_hearts.variant.names
    t1, t2 = names.index("tableau-1"), names.index("tableau-2")
    if search_of(on_hearts).canonical(tableau(on_hearts)) == tableau(on_hearts):
        return on_hearts, t1, t2
    return position(key, ON_DIAMONDS, HEIGHTS), t2, t1


@pytest.mark.parametrize("key", GAMES)
def test_the_covered_twin_goes_home_after_its_build_moves_across(key: str) -> None:
    # Both tens are next for their foundations. The one under the nine of spades can only go
    # home once the nine moves across, which leads back to the same key: only the twin rule's
    # extra moves make it.
    g, under, other = canonical_placement(key)
    search = search_of(g)
    node, homes = search.start(g.state)
    lines = [line for _, line, _ in search.children(node, homes)]
    assert any(
        line[0] == (under, other, 1) and line[1][0] == under and line[1][1] in g.variant.foundations
        for line in lines
        if len(line) > 1
    )


@pytest.mark.parametrize("key", GAMES)
def test_a_card_on_its_parent_is_not_moved_onto_the_parents_twin(key: str) -> None:
    # The nine of spades moving across alone leads back to the same key, so the twin rule
    # leaves that move out; without the rule it is a move like any other.
    g, under, other = canonical_placement(key)
    across = (under, other, 1)

    def first_moves(twins: bool) -> list[tuple[int, int, int]]:
        search = search_of(g, twins=twins)
        node, homes = search.start(g.state)
        return [line[0] for _, line, _ in search.children(node, homes) if len(line) == 1]

    assert across not in first_moves(twins=True)
    assert across in first_moves(twins=False)


@pytest.mark.parametrize(("key", "deal"), [("aunt-mary", 4), ("lady-jane", 154)])
def test_no_child_has_its_parents_key(key: str, deal: int) -> None:
    # Every child that would only repeat its parent's key is left out before its key is made;
    # checked on the positions a search expands first.
    g = game.new_game(key, deal=deal)
    search = search_of(g)
    stack = [(node, homes) for node, _, homes in search.roots(g.state)]
    expanded = 0
    while stack and expanded < 2_000:
        node, homes = stack.pop()
        if not search.admit(node):
            continue
        expanded += 1
        parent = search.key(node)
        kids = search.children(node, homes)
        assert all(search.key(child) != parent for child, _, _ in kids)
        stack.extend((child, child_homes) for child, _, child_homes in kids)
    assert expanded == 2_000


@pytest.mark.parametrize("key", GAMES)
def test_positions_with_the_build_on_either_ten_are_won(key: str) -> None:
    for g in (
        canonical_placement(key)[0],
        position(key, ON_HEARTS, HEIGHTS),
        position(key, ON_DIAMONDS, HEIGHTS),
    ):
        search = make_search(g.variant, 100_000, time.monotonic() + 60, never, lady_jane=g.key == "lady-jane")
        line = search.run(g.state)
        assert line is not None
        assert replays_to_win(g.variant, g.state, line)


def loose_endgame(key: str, rng: random.Random) -> Game:
    """Most suits part home, the other cards face up on the tableau at random."""
    v = game.VARIANTS[key].instance()
    heights = {suit: rng.randint(6, 13) for suit in SUITS}
    loose = [RANKS[r] + suit for suit in SUITS for r in range(heights[suit], 13)]
    rng.shuffle(loose)
    piles: dict[str, str] = {v.names[i]: "" for i in v.tableau}
    for card in loose:
        name = rng.choice(list(piles))
        piles[name] += card
    return position(key, piles, heights)


@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_verdict_with_the_twin_rule_agrees_with_the_search_without_it(key: str, seed: int) -> None:
    g = loose_endgame(key, random.Random(seed))
    assume(supported(g.variant, g.state, lady_jane=g.key == "lady-jane"))
    with_twins = compact_verdict(g, twins=True)
    without = compact_verdict(g, twins=False)
    assume(with_twins is not None and without is not None)
    assert with_twins == without


@pytest.mark.slow
@pytest.mark.parametrize(("key", "deal"), [("aunt-mary", d) for d in (2, 5, 13, 20)] + [("lady-jane", 2)])
def test_verdict_with_the_twin_rule_agrees_on_deals(key: str, deal: int) -> None:
    g = game.new_game(key, deal=deal)
    assert compact_verdict(g, twins=True) == compact_verdict(g, twins=False)


def never() -> bool:
    """A search that is never cancelled."""
    return False
