"""The looser Kansas of the dead-end test: its run count, when a card may join the set, its
pruned search against a plain one, and its losses against a brute-force search of the real
game (a loss there must be a real loss)."""

from __future__ import annotations

import random
import time
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_kansas_search import KANSAS, card_text, kansas_endgame
from test_search import brute_force_winnable

import game
from game.solver.kansas import KansasSearch, LooserProof, kansas_turns
from game.solver.kansas_position import supported
from game.solver.kansas_relaxed import LOST, UNKNOWN, WON, DeadEnds, RelaxedKansas, _key, laid_out

ACE, TWO, THREE, FOUR, FIVE, SIX, EIGHT, NINE, TEN, JACK, QUEEN, KING = 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12
"""Rank indices (a card is ``suit * 13 + rank``)."""

Loose = tuple[RelaxedKansas, int, int, int, int, tuple[int, ...]]
"""The looser game of a position, and the position: the set of tableau cards, the bottom
cards, the reserve's and the stock's lengths, the foundation heights."""


def counts_of(*ranks: int) -> list[int]:
    counts = [0] * 13
    for r in ranks:
        counts[r] += 1
    return counts


def relaxed_position(text: str) -> Loose:
    return loose_of(game.from_text(text))


def loose_of(g: game.Game) -> Loose:
    search = KansasSearch(KANSAS, 10, 0.0, lambda: False)
    node, _ = search.start(g.state)
    assert search.relaxed is not None
    cards, bottoms, reserve_n, stock_n, found = search._loose(node)
    return search.relaxed, cards, bottoms, reserve_n, stock_n, found


def plain_relaxed_wins(
    game_: RelaxedKansas, cards: int, bottoms: int, reserve_n: int, stock_n: int, found: tuple[int, ...]
) -> bool:
    """The looser game searched move by move: one card dealt at a time, no card sent home by
    itself, a bottom moved onto another pile whenever it may be, the waste kept as a list."""
    reserve = game_.reserve
    stock = game_.stock
    base = game_.base

    def rank_counts(cards: int) -> list[int]:
        return counts_of(*(c % 13 for c in range(52) if cards >> c & 1))

    @cache
    def wins(
        cards: int, bottoms: int, reserve_n: int, stock_n: int, waste: tuple[int, ...], found: tuple[int, ...]
    ) -> bool:
        if found == (13, 13, 13, 13):
            return True
        nexts = [s * 13 + (base + h) % 13 if h < 13 else -1 for s, h in enumerate(found)]
        tries: list[tuple[int, int, int, int, tuple[int, ...], tuple[int, ...]]] = []

        def home(card: int) -> tuple[int, ...]:
            return tuple(h + (s == card // 13) for s, h in enumerate(found))

        def fits(cards: int, bottoms: int) -> bool:
            return laid_out(rank_counts(cards), rank_counts(bottoms))

        def refilled(cards: int, bottoms: int, reserve_n: int) -> tuple[int, int, int]:
            if not reserve_n:
                return cards, bottoms, reserve_n
            top = reserve[reserve_n - 1]
            return cards | 1 << top, bottoms | 1 << top, reserve_n - 1

        piles = bin(bottoms).count("1")
        if waste and waste[-1] in nexts:
            tries.append((cards, bottoms, reserve_n, stock_n, waste[:-1], home(waste[-1])))
        if reserve_n and reserve[reserve_n - 1] in nexts:
            tries.append((cards, bottoms, reserve_n - 1, stock_n, waste, home(reserve[reserve_n - 1])))
        for card in nexts:
            if card >= 0 and cards >> card & 1:
                left, below = cards & ~(1 << card), bottoms & ~(1 << card)
                if fits(left, below):
                    if bottoms >> card & 1:
                        left, below, r = refilled(left, below, reserve_n)
                        tries.append((left, below, r, stock_n, waste, home(card)))
                    else:
                        tries.append((left, bottoms, reserve_n, stock_n, waste, home(card)))
        for card, rest, r in (
            (waste[-1] if waste else -1, waste[:-1], reserve_n),
            (reserve[reserve_n - 1] if reserve_n else -1, waste, reserve_n - 1),
        ):
            if card < 0:
                continue
            if fits(cards | 1 << card, bottoms):
                tries.append((cards | 1 << card, bottoms, r, stock_n, rest, found))
            if r == reserve_n and not reserve_n and piles < 3:
                tries.append((cards | 1 << card, bottoms | 1 << card, r, stock_n, rest, found))
        if piles >= 2:
            for card in range(52):
                if bottoms >> card & 1 and fits(cards, bottoms & ~(1 << card)):
                    tries.append((*refilled(cards, bottoms & ~(1 << card), reserve_n), stock_n, waste, found))
        if stock_n:
            tries.append((cards, bottoms, reserve_n, stock_n - 1, (*waste, stock[stock_n - 1]), found))
        return any(wins(*t) for t in tries)

    return wins(cards, bottoms, reserve_n, stock_n, tuple(game_.waste), found)


def hard_endgame(seed: int) -> str:
    """A Kansas endgame with many cards out: foundations as low as 3 cards."""
    rng = random.Random(seed)
    base, reserve, stock = rng.randrange(13), rng.randint(0, 6), rng.randint(0, 8)
    return kansas_endgame(rng, base=base, reserve=reserve, stock=stock, heights=tuple(range(3, 14)))


# ---------------------------------------------------------------------- the rules


def test_a_descending_run_on_its_bottom_card_is_laid_out() -> None:
    assert laid_out(counts_of(KING, QUEEN, JACK, TEN), counts_of(KING))


def test_a_king_on_an_ace_is_laid_out() -> None:
    assert laid_out(counts_of(THREE, TWO, ACE, KING, QUEEN), counts_of(THREE))


def test_a_card_not_at_a_bottom_needs_a_card_one_rank_higher() -> None:
    assert not laid_out(counts_of(KING, NINE), counts_of(KING))
    assert laid_out(counts_of(KING, NINE), counts_of(KING, NINE))


def test_a_card_holds_at_most_one_card() -> None:
    assert not laid_out(counts_of(KING, QUEEN, QUEEN), counts_of(KING))
    assert laid_out(counts_of(KING, QUEEN, QUEEN), counts_of(KING, QUEEN))


# ------------------------------------------------------- its positions as numbers


positions = st.tuples(
    st.integers(0, 2**52 - 1),
    st.sets(st.integers(0, 51), max_size=3),
    st.integers(0, 12),
    st.integers(0, 36),
    st.lists(st.integers(0, 13), min_size=4, max_size=4),
)


@given(positions)
def test_a_key_keeps_every_part_of_its_position(position: tuple[int, set[int], int, int, list[int]]) -> None:
    tableau, bottoms, reserve_n, stock_n, found = position
    heights = sum(h << 4 * suit for suit, h in enumerate(found))
    key = _key(tableau, sum(1 << c for c in bottoms), reserve_n, stock_n, heights)
    # Read back: the set in the low 52 bits, then the bottoms' numbers plus one (six bits
    # each), the reserve's length (4 bits), the stock's (6) and the heights (4 per suit).
    rest = key >> 52
    code, numbers = rest & (1 << 18) - 1, rest >> 18
    read_bottoms = {(code >> 6 * i & 63) - 1 for i in range(3) if code >> 6 * i & 63}
    read_found = [numbers >> 10 + 4 * suit & 15 for suit in range(4)]
    assert key & (1 << 52) - 1 == tableau and read_bottoms == bottoms
    assert (numbers & 15, numbers >> 4 & 63, read_found) == (reserve_n, stock_n, found)
    assert numbers >> 26 == 0


# ---------------------------------------------------------------- its search


def test_kings_stuck_over_queens_in_the_waste_are_lost_here_too() -> None:
    home = " ".join(f"foundation-{s + 1}={''.join(card_text(s, r) for r in range(11))}" for s in range(4))
    text = f"kansas base=A {home} waste=QCQDQSQHKH tableau-1=KS tableau-2=KD tableau-3=KC"
    relaxed, *position = relaxed_position(text)
    assert relaxed.verdict(*position, 10_000) == LOST


def test_a_queen_cannot_go_on_a_king_that_holds_one() -> None:
    # Every Jack lies under the Queen of clubs in the waste, and each King holds a Queen.
    home = " ".join(f"foundation-{s + 1}={''.join(card_text(s, r) for r in range(10))}" for s in range(4))
    piles = "tableau-1=KSQH tableau-2=KHQS tableau-3=KCQD"
    text = f"kansas base=A {home} waste=JSJDJHJCQC {piles}"
    relaxed, *position = relaxed_position(text)
    assert relaxed.verdict(*position, 10_000) == LOST
    assert brute_force_winnable(game.from_text(text)) is False


def test_a_winnable_position_is_won() -> None:
    home = " ".join(f"foundation-{s + 1}={''.join(card_text(s, r) for r in range(11))}" for s in range(4))
    text = f"kansas base=A {home} stock=kh waste=QCQDQS tableau-1=KS tableau-2=KD tableau-3=KCQH"
    relaxed, *position = relaxed_position(text)
    assert relaxed.verdict(*position, 10_000) == WON


def test_a_budget_too_small_leaves_the_position_open() -> None:
    relaxed, *position = relaxed_position(hard_endgame(146))
    assert relaxed.verdict(*position, 10_000) == LOST
    fresh, *_ = relaxed_position(hard_endgame(146))
    assert fresh.verdict(*position, 1) == UNKNOWN


def test_an_answer_found_once_is_known_without_a_search() -> None:
    relaxed, *position = relaxed_position(hard_endgame(146))
    assert relaxed.known(*position) == UNKNOWN
    verdict = relaxed.verdict(*position, 10_000)
    assert relaxed.known(*position) == verdict


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_pruned_search_agrees_with_the_plain_one(seed: int) -> None:
    text = hard_endgame(seed)
    assume(supported(KANSAS, game.from_text(text).state))
    relaxed, *position = relaxed_position(text)
    plain = plain_relaxed_wins(relaxed, *position)
    assert relaxed.verdict(*position, 10**7) == (WON if plain else LOST)


@pytest.mark.slow
def test_a_position_lost_here_is_lost_in_the_real_game() -> None:
    # Every endgame of a fixed sample that the looser game loses, and that a brute-force
    # search of the real game can settle, is lost in the real game.
    checked = 0
    for seed in range(200):
        text = hard_endgame(seed)
        g = game.from_text(text)
        if not supported(KANSAS, g.state):
            continue
        relaxed, *position = relaxed_position(text)
        if relaxed.verdict(*position, 10**7) != LOST:
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
    assert len(search.seen) < 1_000


def test_the_looser_game_proves_lost_a_deal_the_real_search_could_not() -> None:
    # Deal 7 took the search of the real game (with a looser game of three runs, and no proof
    # from the root) 23 s and millions of positions.
    solver = kansas_turns(KANSAS, 3_000_000, float("inf"), lambda: False)
    assert solver.run(game.new_game("kansas", deal=7).state) is None
    assert solver.exhausted and len(solver.seen) < 600_000


def test_the_looser_game_counts_against_the_budget_of_positions() -> None:
    g = game.new_game("kansas", deal=7)
    solver = kansas_turns(KANSAS, 50_000, float("inf"), lambda: False)
    assert solver.run(g.state) is None and not solver.exhausted
    assert 50_000 <= len(solver.seen) < 50_000 + 1_000


# ------------------------------------------------------------- the proof from the root


def looser_proof(deal: int) -> LooserProof:
    search = KansasSearch(KANSAS, 10**7, float("inf"), lambda: False)
    proof = LooserProof(search, float("inf"), lambda: False)
    assert proof.begin(game.new_game("kansas", deal=deal).state) is None
    return proof


def test_the_proof_from_the_root_goes_on_where_its_last_turn_stopped() -> None:
    whole = looser_proof(7)
    whole.resume(10**7)
    assert whole.exhausted
    by_turns = looser_proof(7)
    turns = 0
    while not by_turns.exhausted:
        assert by_turns.resume(len(by_turns.seen) + 50_000) is None
        turns += 1
    assert turns > 5
    assert len(by_turns.seen) < 1.2 * len(whole.seen)


def test_a_win_of_the_looser_game_is_no_proof_and_ends_the_turns() -> None:
    proof = looser_proof(8)
    proof.resume(10**7)
    assert proof.won and not proof.exhausted
    stored = len(proof.seen)
    proof.resume(stored + 10_000)
    assert len(proof.seen) == stored


def test_the_real_search_follows_the_looser_game_to_a_win() -> None:
    # Deal 1625: the looser game searched from the root first took 3.6 million positions to
    # find its win; taking turns, the real search is led to a win far sooner (some 235,000
    # positions, most of them the looser game's, in its dead-end tests).
    solver = kansas_turns(KANSAS, 3_000_000, float("inf"), lambda: False)
    line = solver.run(game.new_game("kansas", deal=1625).state)
    assert line is not None and len(solver.seen) < 400_000


# -------------------------------------------------------------------- the search in C


def twins(text: str | int) -> tuple[RelaxedKansas, RelaxedKansas, tuple[int, int, int, int, tuple[int, ...]]]:
    """The looser game of a position (its text, or a deal's number) searched in C and in plain
    code, and the position."""
    g = game.new_game("kansas", deal=text) if isinstance(text, int) else game.from_text(text)
    relaxed, *position = loose_of(g)
    if not relaxed.in_c:
        # A plain-Python install (SOLITAIRE_PURE_PYTHON=1, or no C compiler) has no C module to
        # compare; where a build must have it, test_native's REQUIRE_COMPILED test fails instead.
        pytest.skip("the looser game's C module is not built in this install")
    plain = RelaxedKansas(relaxed.reserve, relaxed.stock, relaxed.waste, relaxed.base, in_c=False)
    cards, bottoms, reserve_n, stock_n, found = position
    return relaxed, plain, (cards, bottoms, reserve_n, stock_n, found)


@pytest.mark.parametrize(("deal", "budget"), [(6, 10**6), (8, 10**6), (12, 10**6), (1, 30_000), (3, 30_000)])
def test_the_search_in_c_stores_the_positions_of_the_plain_one(deal: int, budget: int) -> None:
    in_c, plain, position = twins(deal)
    assert in_c.verdict(*position, budget) == plain.verdict(*position, budget)
    assert len(in_c) == len(plain) > 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_search_in_c_answers_endgames_as_the_plain_one(seed: int) -> None:
    text = hard_endgame(seed)
    assume(supported(KANSAS, game.from_text(text).state))
    in_c, plain, position = twins(text)
    assert in_c.verdict(*position, 10**6) == plain.verdict(*position, 10**6)
    assert in_c.known(*position) == plain.known(*position) != UNKNOWN
    assert len(in_c) == len(plain)


@pytest.mark.slow
def test_the_search_in_c_goes_on_where_its_last_question_stopped() -> None:
    in_c, plain, position = twins(7)
    while (verdict := in_c.verdict(*position, 40_000)) == UNKNOWN:
        assert in_c.known(*position) == UNKNOWN
    assert verdict == plain.verdict(*position, 10**7) == LOST
    assert len(in_c) == len(plain)


def test_the_search_in_c_stops_at_its_deadline_or_when_cancelled() -> None:
    in_c, _, position = twins(1)
    assert in_c.verdict(*position, 10**7, time.monotonic() - 1) == UNKNOWN
    assert len(in_c) == 0
    calls = []

    def cancelled() -> bool:
        calls.append(1)
        return len(calls) > 3

    assert in_c.verdict(*position, 10**7, float("inf"), cancelled) == UNKNOWN
    assert 0 < len(in_c) < 10**6


def test_the_search_in_c_refuses_a_position_beyond_its_root() -> None:
    in_c, _, (cards, bottoms, *_) = twins(1)
    assert in_c.table is not None
    with pytest.raises(ValueError, match="beyond"):
        in_c.table.known(cards, bottoms, 40, 0, 0)
