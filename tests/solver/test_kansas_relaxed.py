"""The looser Kansas of the dead-end test: its run count, when a card may join the set, its
pruned search against a plain one, and its losses against a brute-force search of the real
game (a loss there must be a real loss)."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_kansas_search import KANSAS, card_text, kansas_endgame
from test_search import brute_force_winnable

import game
from game.solver.kansas import KansasSearch, supported
from game.solver.kansas_relaxed import DeadEnds, RelaxedKansas, may_join, runs_needed

ACE, TWO, THREE, FOUR, FIVE, SIX, EIGHT, NINE, TEN, JACK, QUEEN, KING = 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12
"""Rank indices (a card is ``suit * 13 + rank``)."""


def counts_of(*ranks: int) -> list[int]:
    counts = [0] * 13
    for r in ranks:
        counts[r] += 1
    return counts


def relaxed_position(text: str) -> tuple[RelaxedKansas, int, int, int, tuple[int, ...]]:
    """The looser game of a Kansas position, and the position: the set of tableau cards, the
    reserve's and the stock's lengths, the foundation heights."""
    g = game.from_text(text)
    search = KansasSearch(KANSAS, 10, 0.0, lambda: False)
    node, _ = search.start(g.state)
    assert search.relaxed is not None
    cards = 0
    for pile in node[0]:
        for card in pile:
            cards |= 1 << card
    return search.relaxed, cards, node[1], node[2], node[4]


def plain_relaxed_wins(
    game_: RelaxedKansas, cards: int, reserve_n: int, stock_n: int, found: tuple[int, ...]
) -> bool:
    """The looser game searched move by move: one card dealt at a time, no card sent home by
    itself, the waste kept as a list."""
    reserve = game_.reserve
    stock = game_.stock
    root_waste = list(game_.waste)
    base = game_.base

    def rank_counts(cards: int) -> list[int]:
        return counts_of(*(c % 13 for c in range(52) if cards >> c & 1))

    @cache
    def wins(
        cards: int, reserve_n: int, stock_n: int, waste: tuple[int, ...], found: tuple[int, ...]
    ) -> bool:
        if found == (13, 13, 13, 13):
            return True
        counts = rank_counts(cards)
        nexts = [s * 13 + (base + h) % 13 if h < 13 else -1 for s, h in enumerate(found)]
        tries: list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]] = []

        def home(card: int) -> tuple[int, ...]:
            return tuple(h + (s == card // 13) for s, h in enumerate(found))

        if waste and waste[-1] in nexts:
            tries.append((cards, reserve_n, stock_n, waste[:-1], home(waste[-1])))
        if reserve_n and reserve[reserve_n - 1] in nexts:
            tries.append((cards, reserve_n - 1, stock_n, waste, home(reserve[reserve_n - 1])))
        for card in nexts:
            if card >= 0 and cards >> card & 1:
                left = rank_counts(cards & ~(1 << card))
                if runs_needed(left) <= 3:
                    tries.append((cards & ~(1 << card), reserve_n, stock_n, waste, home(card)))
        if waste and may_join(counts, waste[-1], False, reserve_n):
            tries.append((cards | 1 << waste[-1], reserve_n, stock_n, waste[:-1], found))
        if reserve_n and may_join(counts, reserve[reserve_n - 1], True, reserve_n):
            tries.append((cards | 1 << reserve[reserve_n - 1], reserve_n - 1, stock_n, waste, found))
        if stock_n:
            tries.append((cards, reserve_n, stock_n - 1, (*waste, stock[stock_n - 1]), found))
        return any(wins(*t) for t in tries)

    return wins(cards, reserve_n, stock_n, tuple(root_waste), found)


def hard_endgame(seed: int) -> str:
    """A Kansas endgame with many cards out: foundations as low as 3 cards."""
    rng = random.Random(seed)
    base, reserve, stock = rng.randrange(13), rng.randint(0, 6), rng.randint(0, 8)
    return kansas_endgame(rng, base=base, reserve=reserve, stock=stock, heights=tuple(range(3, 14)))


# ---------------------------------------------------------------------- the rules


def test_one_descending_run_needs_one_run() -> None:
    assert runs_needed(counts_of(KING, QUEEN, JACK, TEN)) == 1


def test_a_king_on_an_ace_continues_a_run() -> None:
    assert runs_needed(counts_of(THREE, TWO, ACE, KING, QUEEN)) == 1


def test_each_card_beyond_the_cards_one_rank_higher_starts_a_run() -> None:
    assert runs_needed(counts_of(SIX, SIX, SIX, FIVE)) == 3
    assert runs_needed(counts_of(KING, NINE, FOUR)) == 3


def test_a_waste_card_with_nothing_one_rank_higher_needs_an_empty_reserve() -> None:
    one_run = counts_of(KING, QUEEN)
    five = 1 * 13 + FIVE
    assert not may_join(one_run, five, from_reserve=False, reserve_n=3)
    assert may_join(one_run, five, from_reserve=False, reserve_n=0)
    assert may_join(one_run, five, from_reserve=True, reserve_n=3)


def test_no_card_may_join_when_it_would_need_a_fourth_run() -> None:
    three_runs = counts_of(KING, NINE, FOUR)
    jack = 2 * 13 + JACK
    assert not may_join(three_runs, jack, from_reserve=True, reserve_n=0)
    eight = 2 * 13 + EIGHT
    assert may_join(three_runs, eight, from_reserve=False, reserve_n=5)  # onto the Nine


def test_a_card_may_join_onto_a_card_one_rank_higher_with_three_runs() -> None:
    three_runs = counts_of(KING, NINE, FOUR)
    queen = 3 * 13 + QUEEN
    assert may_join(three_runs, queen, from_reserve=False, reserve_n=5)


# ---------------------------------------------------------------- its search


def test_kings_stuck_over_queens_in_the_waste_are_lost_here_too() -> None:
    home = " ".join(f"foundation-{s + 1}={''.join(card_text(s, r) for r in range(11))}" for s in range(4))
    text = f"kansas base=A {home} waste=QCQDQSQHKH tableau-1=KS tableau-2=KD tableau-3=KC"
    relaxed, cards, reserve_n, stock_n, found = relaxed_position(text)
    assert relaxed.lost(cards, reserve_n, stock_n, found, 10_000)


def test_a_winnable_position_is_not_lost() -> None:
    home = " ".join(f"foundation-{s + 1}={''.join(card_text(s, r) for r in range(11))}" for s in range(4))
    text = f"kansas base=A {home} stock=kh waste=QCQDQS tableau-1=KS tableau-2=KD tableau-3=KCQH"
    relaxed, cards, reserve_n, stock_n, found = relaxed_position(text)
    assert not relaxed.lost(cards, reserve_n, stock_n, found, 10_000)


def test_a_budget_too_small_leaves_the_position_open() -> None:
    relaxed, cards, reserve_n, stock_n, found = relaxed_position(hard_endgame(146))
    assert relaxed.lost(cards, reserve_n, stock_n, found, 10_000)
    fresh, *_ = relaxed_position(hard_endgame(146))
    assert not fresh.lost(cards, reserve_n, stock_n, found, 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_pruned_search_agrees_with_the_plain_one(seed: int) -> None:
    text = hard_endgame(seed)
    assume(supported(KANSAS, game.from_text(text).state))
    relaxed, cards, reserve_n, stock_n, found = relaxed_position(text)
    plain = plain_relaxed_wins(relaxed, cards, reserve_n, stock_n, found)
    assert relaxed.lost(cards, reserve_n, stock_n, found, 10**7) is not plain


def test_a_position_lost_here_is_lost_in_the_real_game() -> None:
    # Every endgame of a fixed sample that the looser game loses, and that a brute-force
    # search of the real game can settle, is lost in the real game.
    checked = 0
    for seed in range(200):
        text = hard_endgame(seed)
        g = game.from_text(text)
        if not supported(KANSAS, g.state):
            continue
        relaxed, cards, reserve_n, stock_n, found = relaxed_position(text)
        if not relaxed.lost(cards, reserve_n, stock_n, found, 10**7):
            continue
        truth = brute_force_winnable(g, limit=30_000)
        if truth is not None:
            assert truth is False, text
            checked += 1
    assert checked >= 20


def test_the_searches_of_one_root_share_the_looser_game() -> None:
    shared = DeadEnds()
    g = game.new_game("kansas", deal=12)
    first = KansasSearch(KANSAS, 10, 0.0, lambda: False, dead_ends=shared)
    second = KansasSearch(KANSAS, 10, 0.0, lambda: False, macro=False, dead_ends=shared)
    first.start(g.state)
    second.start(g.state)
    assert first.relaxed is second.relaxed
    other = game.new_game("kansas", deal=13)
    second.start(other.state)
    assert second.relaxed is not first.relaxed


def test_dead_ends_prove_a_deal_lost_in_few_positions() -> None:
    # Before the dead-end test, deal 12 was still undecided after 700,000 positions.
    g = game.new_game("kansas", deal=12)
    search = KansasSearch(KANSAS, 200_000, float("inf"), lambda: False)
    assert search.run(g.state) is None
    assert search.exhausted and search.dead > 0
    assert len(search.seen) < 20_000
