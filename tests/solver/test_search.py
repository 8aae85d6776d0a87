"""The solver: its winning lines replay to a win, and its verdicts agree with brute force."""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import game
from game.engine.cards import DECK, RANK_LETTERS, SUIT_LETTERS
from game.solver.answer import SEARCH_SCALE
from game.solver.kansas_relaxed import in_c as looser_in_c
from game.solver.rating import Difficulty, rate
from game.solver.search import Budget, Solution, Verdict, solve


def replay_wins(key: str, deal: int, moves: tuple[game.Move, ...]) -> bool:
    g = game.new_game(key, deal=deal)
    for move in moves:
        g.play(move)
    return g.is_won()


def brute_force_winnable(g: game.Game, limit: int = 60_000) -> bool | None:
    """Every legal move, no pruning, no symmetry, no automatic moves: the plainest search."""
    v = g.variant
    seen = {g.state}
    todo: deque[game.State] = deque([g.state])
    while todo:
        here = todo.popleft()
        if v.is_won(here):
            return True
        for move in v.legal(here):
            nxt = v.apply(here, move)
            if nxt not in seen:
                if len(seen) > limit:
                    return None
                seen.add(nxt)
                todo.append(nxt)
    return False


def endgame(key: str, rng: random.Random, *, stocked: bool = False) -> str:
    """A position with most cards home and the rest spread over the table at random.

    With ``stocked``, some of the loose cards lie face down in the stock (games with one).
    """
    v = game.VARIANTS[key].instance()
    names = v.names
    suits = list(range(4))
    rng.shuffle(suits)
    piles: dict[str, list[str]] = {n: [] for n in names}
    loose: list[str] = []
    for f, suit in zip((names[i] for i in v.foundations), suits, strict=True):
        height = rng.randint(11, 13)
        piles[f] = [RANK_LETTERS[r] + SUIT_LETTERS[suit] for r in range(height)]
        loose += [RANK_LETTERS[r] + SUIT_LETTERS[suit] for r in range(height, 13)]
    rng.shuffle(loose)
    places = [names[i] for i in (*v.tableau, *v.cells)]
    if v.waste >= 0:
        places.append("waste")
    if stocked and v.stock >= 0:
        places += ["stock"] * 2
    for card in loose:
        place = rng.choice(places)
        if place == "stock":
            card = card.lower()
        if place.startswith("reserve") and piles[place]:
            place = names[v.tableau[0]]
        piles[place].append(card)
    extra = " base=A" if v.dealt_base else ""
    return key + extra + " " + " ".join(f"{n}={''.join(c) or '-'}" for n, c in piles.items())


@pytest.mark.parametrize(
    ("key", "deal"),
    [("bakers-game", d) for d in (2, 3, 13, 15, 17, 18, 20)] + [("seahaven", d) for d in range(1, 8)],
)
def test_winning_line_replays_to_a_win(key: str, deal: int) -> None:
    result = solve(game.new_game(key, deal=deal), Budget(seconds=30))
    assert result.verdict is Verdict.WINNABLE
    assert replay_wins(key, deal, result.moves)


@pytest.mark.parametrize("deal", [1, 4, 10, 14])
def test_bakers_game_deals_freecell_solver_cannot_solve_are_proved_unwinnable(deal: int) -> None:
    assert solve(game.new_game("bakers-game", deal=deal), Budget(seconds=60)).verdict is Verdict.UNWINNABLE


def assert_solver_agrees(g: game.Game, truth: bool | None) -> None:
    """The solver decides ``g`` as the brute force did, and its winning line wins."""
    result = solve(g, Budget(seconds=20))
    assert result.verdict is not Verdict.UNKNOWN
    assert (result.verdict is Verdict.WINNABLE) == truth
    if truth:
        for move in result.moves:
            g.play(move)
        assert g.is_won()


@pytest.mark.slow
@pytest.mark.parametrize("key", list(game.VARIANTS))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_verdict_agrees_with_brute_force_on_small_endgames(key: str, seed: int) -> None:
    g = game.from_text(endgame(key, random.Random(seed)))
    truth = brute_force_winnable(g)
    assume(truth is not None)
    assert_solver_agrees(g, truth)


@pytest.mark.slow
@pytest.mark.parametrize("key", [k for k, cls in game.VARIANTS.items() if cls.instance().stock >= 0])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_verdict_agrees_with_brute_force_with_cards_in_the_stock(key: str, seed: int) -> None:
    g = game.from_text(endgame(key, random.Random(seed), stocked=True))
    truth = brute_force_winnable(g, limit=20_000)
    assume(truth is not None)
    assert_solver_agrees(g, truth)


def test_position_already_won_is_winnable_with_no_moves() -> None:
    text = "bakers-game " + " ".join(
        f"foundation-{s + 1}={''.join(str(DECK[s * 13 + r]) for r in range(13))}" for s in range(4)
    )
    result = solve(game.from_text(text), Budget(seconds=1))
    assert result.verdict is Verdict.WINNABLE and result.moves == ()


def test_budget_spent_gives_unknown() -> None:
    result = solve(game.new_game("kansas", deal=1), Budget(seconds=0.2))
    assert result.verdict is Verdict.UNKNOWN and result.positions > 0


def test_cancelled_search_stops_with_unknown() -> None:
    result = solve(game.new_game("kansas", deal=2), Budget(seconds=30), cancelled=lambda: True)
    assert result.verdict is Verdict.UNKNOWN


def test_solving_does_not_change_the_game() -> None:
    g = game.new_game("seahaven", deal=3)
    before = g.snapshot()
    solve(g, Budget(seconds=5))
    assert g.snapshot() == before


def test_a_budget_allows_kansas_ten_times_the_positions() -> None:
    # Most of Kansas's positions are its looser game's, far cheaper than the others'.
    assert Budget(6.0, 150_000).for_game("kansas") == Budget(6.0, 1_500_000)
    assert Budget(6.0, 150_000).for_game("seahaven") == Budget(6.0, 150_000)


def test_a_scaled_budget_stops_where_the_looser_game_would_outgrow_its_table() -> None:
    # The command line's default of 3 million would be 30 million Kansas positions: in C a
    # table of 1 GB, in Python some 2.7 GB.
    cap = 27_000_000 if looser_in_c() else 20_000_000
    assert Budget(60.0, 3_000_000).for_game("kansas") == Budget(60.0, cap)
    assert Budget(60.0, 30_000_000).for_game("kansas") == Budget(60.0, 30_000_000)
    assert Budget(60.0, 30_000_000).for_game("seahaven") == Budget(60.0, 30_000_000)


def test_a_search_no_figure_counts_gives_lady_jane_room_for_her_time_limit() -> None:
    scale, cap = SEARCH_SCALE["lady-jane"]
    assert Budget(0.4, 150_000).for_search("lady-jane") == Budget(0.4, cap)
    assert Budget(10.0, 3_000_000).for_search("lady-jane") == Budget(10.0, cap)
    assert Budget(60.0, 30_000_000).for_search("lady-jane") == Budget(60.0, 30_000_000)
    assert Budget(2.0, 1).for_search("lady-jane") == Budget(2.0, scale)  # a tiny budget stays tiny
    assert Budget(0.4, 150_000).for_search("seahaven") == Budget(0.4, 150_000)
    assert Budget(6.0, 150_000).for_search("kansas") == Budget(6.0, 150_000).for_game("kansas")


def test_a_kansas_win_within_its_scaled_rating_budget_is_rated() -> None:
    assert rate("kansas", Solution(Verdict.WINNABLE, positions=1_000_000)) is Difficulty.HARD
    assert rate("kansas", Solution(Verdict.WINNABLE, positions=2_000_000)) is Difficulty.UNKNOWN
    assert rate("seahaven", Solution(Verdict.WINNABLE, positions=1_000_000)) is Difficulty.UNKNOWN
