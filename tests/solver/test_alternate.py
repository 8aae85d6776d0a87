"""The compact search for Aunt Mary and Lady Jane (``game.solver.alternate``): its verdicts agree
with brute force and with the engine-level search, its proofs of unwinnable positions, and the
positions it leaves to the engine-level search."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_search import brute_force_winnable, endgame

import game
from game.engine.cards import Card
from game.solver.alternate import Node
from game.solver.alternate_rules import DOWN, Rules, supported
from game.solver.alternate_stock import AuntMaryStock, LadyJaneStock, make_search
from game.solver.compact import Beam
from game.solver.engine_search import EngineSearch
from game.solver.search import TURN, Budget, Verdict, _portfolio, replays_to_win, solve

GAMES = ("aunt-mary", "lady-jane")


def suit_text(suit: str, ranks: str) -> str:
    return "".join(rank + suit for rank in ranks)


HOME = (
    f"foundation-1={suit_text('C', 'A23456789TJQ')} foundation-2={suit_text('S', 'A23456789TJQ')} "
    f"foundation-3={suit_text('H', 'A23456789T')} foundation-4={suit_text('D', 'A23456789TJQK')}"
)
# The Queen of hearts lies over both black Kings (the only cards it may be placed on) and over
# the Jack of hearts (which must go home before it): it can never move, so neither can the Jack.
STUCK = {
    "aunt-mary": f"aunt-mary tableau-1=kcksjhQH tableau-2=KH {HOME}",
    "lady-jane": f"lady-jane base=A tableau-1=kcksjhQH tableau-2=KH {HOME}",
}


def compact_verdict(g: game.Game, *, dead_test: bool = True, twins: bool = True) -> bool | None:
    """The compact search's verdict on ``g`` (``None``: undecided); a win must replay."""
    search = make_search(
        g.variant,
        300_000,
        time.monotonic() + 60,
        lambda: False,
        lady_jane=g.key == "lady-jane",
        dead_test=dead_test,
        twins=twins,
    )
    line = search.run(g.state)
    if line is not None:
        assert replays_to_win(g.variant, g.state, line)
        return True
    return False if search.exhausted else None


@pytest.mark.slow
@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), stocked=st.booleans())
def test_verdict_agrees_with_brute_force_on_small_endgames(key: str, seed: int, stocked: bool) -> None:
    g = game.from_text(endgame(key, random.Random(seed), stocked=stocked))
    assert supported(g.variant, g.state, lady_jane=g.key == "lady-jane")
    truth = brute_force_winnable(g, limit=20_000)
    assume(truth is not None)
    assert compact_verdict(g) == truth


@pytest.mark.parametrize("key", GAMES)
def test_stuck_card_position_is_unwinnable_by_brute_force_and_proved_so(key: str) -> None:
    g = game.from_text(STUCK[key])
    assert brute_force_winnable(g) is False
    assert solve(g, Budget(seconds=60, positions=10_000)).verdict is Verdict.UNWINNABLE


@pytest.mark.parametrize("key", GAMES)
def test_stuck_card_position_is_proved_unwinnable_by_exhaustion_without_the_dead_test(key: str) -> None:
    assert compact_verdict(game.from_text(STUCK[key]), dead_test=False) is False


def test_rules_stuck_sees_a_card_over_its_parents_and_a_lower_card_of_its_suit() -> None:
    g = game.from_text(STUCK["aunt-mary"])
    rules = Rules(g.variant, 1)
    kc, ks, jh, qh = (int(Card.parse(c)) for c in ("KC", "KS", "JH", "QH"))
    assert rules.stuck(bytes((kc + DOWN, ks + DOWN, jh + DOWN, qh)), True)
    assert rules.stuck(bytes((kc, ks, jh, qh)), True)


def test_rules_stuck_spares_a_card_that_can_be_carried_or_has_a_parent_elsewhere() -> None:
    rules = Rules(game.from_text(STUCK["aunt-mary"]).variant, 1)
    kc, ks, jh, qh = (int(Card.parse(c)) for c in ("KC", "KS", "JH", "QH"))
    # On a face-up King of spades the Queen moves with it; with the King of clubs elsewhere
    # the Queen may go there.
    assert not rules.stuck(bytes((kc + DOWN, jh, ks, qh)), True)
    assert not rules.stuck(bytes((ks + DOWN, jh, qh)), True)


HOME_TO_TENS = (
    f"foundation-1={suit_text('C', 'A23456789TJQ')} foundation-2={suit_text('S', 'A23456789TJQ')} "
    f"foundation-3={suit_text('H', 'A23456789T')} foundation-4={suit_text('D', 'A23456789T')}"
)
# The Queen of hearts lies over the King of spades and the Jack of hearts, the Queen of diamonds
# over the King of clubs and the Jack of diamonds: each Queen's other parent lies under the other
# Queen, so neither ever moves. ``stuck`` (one card over both its parents) sees neither.
FROZEN_PAIR = "tableau-1=ksjhQH tableau-2=kcjdQD tableau-3=KH tableau-4=KD"
# The same with the King of clubs on a pile of its own: the Queen of diamonds goes onto it.
PARENT_FREE = "tableau-1=ksjhQH tableau-2=jdQD tableau-3=KH tableau-4=KD tableau-5=KC"
# The Queen of diamonds face up on a face-up King of clubs: the two move together onto an
# empty pile (a King starts one), freeing the Jack of diamonds under them.
CARRIED = "tableau-1=ksjhQH tableau-2=jdKCQD tableau-3=KH tableau-4=KD"


def alternate_text(key: str, tableau: str) -> str:
    base = " base=A" if key == "lady-jane" else ""
    return f"{key}{base} {tableau} {HOME_TO_TENS}"


def frozen_at(g: game.Game) -> tuple[bool, bool]:
    """``Rules.frozen`` and ``Rules.stuck`` (any pile) at ``g``'s position."""
    v, s = g.variant, g.state
    rules = Rules(v, s.base_rank)
    tableau = [bytes(c + DOWN if i < s.hidden[t] else c for i, c in enumerate(s.piles[t])) for t in v.tableau]
    reserves = [bytes(s.piles[r]) for r in v.reserves]
    return rules.frozen(tableau, reserves), any(rules.stuck(pile, True) for pile in tableau)


@pytest.mark.parametrize("key", GAMES)
def test_queens_frozen_over_each_others_parents_are_unwinnable_and_proved_so_at_once(key: str) -> None:
    g = game.from_text(alternate_text(key, FROZEN_PAIR))
    assert brute_force_winnable(g) is False
    assert compact_verdict(g, dead_test=False) is False
    assert frozen_at(g) == (True, False)
    search = make_search(
        g.variant, 10_000, time.monotonic() + 60, lambda: False, lady_jane=key == "lady-jane"
    )
    assert search.run(g.state) is None and search.exhausted
    assert len(search.seen) <= 2  # the deal itself, not one move searched


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("tableau", [PARENT_FREE, CARRIED])
def test_queens_with_a_parent_free_or_carried_are_not_frozen_and_win(key: str, tableau: str) -> None:
    g = game.from_text(alternate_text(key, tableau))
    assert frozen_at(g) == (False, False)
    assert compact_verdict(g) is True  # a line that replays through the engine


@pytest.mark.parametrize("key", GAMES)
def test_positions_with_fewer_than_52_cards_go_to_the_engine_search(key: str) -> None:
    g = game.from_text(f"{key} base=A tableau-1=QHKC" if key == "lady-jane" else f"{key} tableau-1=QHKC")
    assert not supported(g.variant, g.state, lady_jane=g.key == "lady-jane")
    assert solve(g, Budget(seconds=10)).verdict is not Verdict.UNKNOWN


@pytest.mark.parametrize(("key", "deal"), [("aunt-mary", 3), ("aunt-mary", 10), ("lady-jane", 7)])
def test_positions_budget_gives_the_same_answer_every_run(key: str, deal: int) -> None:
    runs = [solve(game.new_game(key, deal=deal), Budget(seconds=600, positions=20_000)) for _ in "ab"]
    assert runs[0].verdict is not Verdict.UNKNOWN
    assert (runs[0].verdict, runs[0].moves, runs[0].positions) == (
        runs[1].verdict,
        runs[1].moves,
        runs[1].positions,
    )


@pytest.mark.parametrize(("key", "deal"), [("aunt-mary", 1), ("lady-jane", 24)])
def test_cancelled_search_stops_with_unknown(key: str, deal: int) -> None:
    result = solve(game.new_game(key, deal=deal), Budget(seconds=30), cancelled=lambda: True)
    assert result.verdict is Verdict.UNKNOWN


def engine_verdict(g: game.Game) -> Verdict:
    """The engine-level search's verdict (the searches ``solve`` runs when this one cannot)."""
    v, budget = g.variant, Budget(seconds=600, positions=40_000)
    if v.deals_to_reserves:
        pair = (EngineSearch(v, budget, None), EngineSearch(v, budget, None, reserve_weight=1))
    else:
        pair = (EngineSearch(v, budget, None), EngineSearch(v, budget, None, macro=False))
    return _portfolio(pair, (TURN // 2, TURN // 2), g.state, budget).verdict


@pytest.mark.parametrize(
    ("key", "deal"),
    [("aunt-mary", d) for d in (2, 3, 9, 11, 16, 17)] + [("lady-jane", d) for d in (1, 3, 7, 30)],
)
def test_verdict_agrees_with_the_engine_level_search_on_deals(key: str, deal: int) -> None:
    g = game.new_game(key, deal=deal)
    expected = engine_verdict(g)
    assert expected is not Verdict.UNKNOWN
    assert solve(g, Budget(seconds=600, positions=40_000)).verdict is expected


def test_only_unsafe_foundation_cards_come_back_to_the_tableau() -> None:
    # Both black Nines are home, so the Ten of hearts is safe (taken back, it would go straight
    # home again); the Jack of hearts is out, so the Queen of clubs is not.
    g = game.from_text(STUCK["aunt-mary"])
    search = AuntMaryStock(g.variant, 1_000, time.monotonic() + 10, lambda: False)
    node, homes = search.start(g.state)
    sources = {line[0][0] for _, line, _ in search.children(node, homes)}
    clubs, hearts = (g.variant.index[f"foundation-{i}"] for i in (1, 3))
    assert clubs in sources and hearts not in sources


QUEEN_KEPT_OUT = (
    "aunt-mary tableau-1=QD9DTD tableau-2=QH tableau-3=KSKHKDQSJD "
    f"foundation-1={suit_text('C', 'A23456789TJQK')} foundation-2={suit_text('S', 'A23456789TJ')} "
    f"foundation-3={suit_text('H', 'A23456789TJ')} foundation-4={suit_text('D', 'A2345678')}"
)
"""Won only by keeping the Queen of hearts out: the Jack of spades comes back onto it from its
foundation, the Ten of diamonds is parked on the Jack, and the Nine under the Ten goes home."""


def test_a_card_rules_md_calls_safe_is_kept_out_when_a_lower_card_may_be_needed_on_it() -> None:
    g = game.from_text(QUEEN_KEPT_OUT)
    queen_home = (g.variant.index["tableau-2"], g.variant.index["foundation-3"], 1)
    assert g.variant.auto(g.state) == [queen_home]
    result = solve(g, Budget(seconds=60, positions=10_000))
    assert result.verdict is Verdict.WINNABLE
    for move in result.moves:
        g.play(move)
    assert g.is_won()


@pytest.mark.parametrize(
    ("key", "deal"), [("aunt-mary", 2), ("aunt-mary", 13), ("lady-jane", 1), ("lady-jane", 5)]
)
def test_winning_line_makes_the_tables_automatic_moves_where_they_come(key: str, deal: int) -> None:
    # The table follows every move with rules.md's automatic moves; the line has them next.
    g = game.new_game(key, deal=deal)
    v, line = g.variant, list(solve(g, Budget(seconds=600, positions=40_000)).raw)
    state, i = g.state, 0
    while i < len(line):
        state, i = v.apply(state, line[i]), i + 1
        while autos := v.auto(state):
            assert line[i] == autos[0]
            state, i = v.apply(state, autos[0]), i + 1
    assert v.is_won(state)


def test_aunt_mary_searches_a_position_again_only_when_it_can_do_more() -> None:
    g = game.new_game("aunt-mary", deal=1)
    search = AuntMaryStock(g.variant, 1_000, time.monotonic() + 10, lambda: False)
    tab, found = search.start(g.state)[0][:2]
    cards = bytes(range(8))

    def at(waste: int, redeals: int) -> Node:
        return (tab, found, (cards[waste:][::-1], cards[:waste]), 8 - waste, redeals)

    assert search.admit(at(3, 1))
    assert not search.admit(at(5, 1))  # further along the pass
    assert not search.admit(at(3, 1))
    assert not search.admit(at(0, 0))  # a redeal fewer
    assert search.admit(at(2, 1))
    assert search.admit(at(7, 2))
    assert len(search.seen) == 1


def lady_jane_search() -> LadyJaneStock:
    variant = game.VARIANTS["lady-jane"].instance()
    return LadyJaneStock(variant, 400_000, time.monotonic() + 60, lambda: False)


def test_beam_wins_a_deal_the_depth_first_searches_leave_open() -> None:
    # Deal 15: no win in 2.67 M positions of the depth-first searches taking turns (90 s).
    g = game.new_game("lady-jane", deal=15)
    beam = Beam(lady_jane_search, [1_000])
    line = beam.begin(g.state) or beam.resume(400_000)
    assert line is not None and replays_to_win(g.variant, g.state, line)


def test_beam_that_dies_out_is_no_proof_and_counts_every_pass() -> None:
    g = game.new_game("aunt-mary", deal=3)  # unwinnable (the engine-level search agrees)
    passes: list[AuntMaryStock] = []

    def fresh() -> AuntMaryStock:
        passes.append(AuntMaryStock(g.variant, 100_000, time.monotonic() + 60, lambda: False))
        return passes[-1]

    beam = Beam(fresh, [10, 30])
    assert beam.begin(g.state) is None and beam.resume(100_000) is None
    assert not beam.exhausted and not beam.stopped
    assert len(passes) == 2 and len(beam.seen) == sum(len(p.seen) for p in passes) < 100_000


def test_a_beam_that_dies_out_leaves_the_proof_to_the_depth_first_search() -> None:
    g = game.new_game("aunt-mary", deal=3)
    search = make_search(g.variant, 100_000, time.monotonic() + 60, never, lady_jane=g.key == "lady-jane")
    assert search.run(g.state) is None and search.exhausted


def never() -> bool:
    """A search that is never cancelled."""
    return False


def small_position(key: str, rng: random.Random) -> game.Game | None:
    """A few top cards of each suit, dealt at random onto two to five piles with some of each
    pile face down; the rest home (``None`` when the text is refused)."""
    ranks = "A23456789TJQK"
    homes, cards = [], []
    for i, suit in enumerate("CSHD"):
        left = rng.randint(0, 4)
        homes.append(f"foundation-{i + 1}={suit_text(suit, ranks[: 13 - left])}")
        cards += [ranks[r] + suit for r in range(13 - left, 13)]
    rng.shuffle(cards)
    piles: list[list[str]] = [[] for _ in range(rng.randint(2, 5))]
    for card in cards:
        rng.choice(piles).append(card)
    tableau = []
    for i, pile in enumerate(p for p in piles if p):
        down = rng.randint(0, len(pile) - 1)
        tableau.append(f"tableau-{i + 1}=" + "".join(c.lower() for c in pile[:down]) + "".join(pile[down:]))
    try:
        return game.from_text(alternate_text(key, " ".join(tableau)).replace(HOME_TO_TENS, " ".join(homes)))
    except ValueError:
        return None


@pytest.mark.slow
@pytest.mark.parametrize("key", GAMES)
def test_frozen_never_calls_a_brute_force_win_lost_on_small_random_positions(key: str) -> None:
    rng = random.Random(34)
    claimed = 0
    for _ in range(1500):
        g = small_position(key, rng)
        if g is None or not frozen_at(g)[0]:
            continue
        claimed += 1
        assert brute_force_winnable(g, limit=20_000) is not True, g.text()
    assert claimed >= 5  # the positions do meet the test


def frozen_by_definition(rules: Rules, tableau: list[bytes], reserves: list[bytes]) -> bool:
    """``Rules.frozen`` worked out from its definition, every pile scanned afresh each round
    (the search's version keeps what it needs of each pile it has met)."""
    frozen = 0
    for pile in tableau:
        for a in range(len(pile)):
            card = pile[a] & 63
            laid = a and pile[a - 1] < DOWN and rules.fits[pile[a - 1] << 7 | card]
            if not rules.fills[card] and not laid:
                frozen |= 1 << card
    for pile in reserves:
        for c in pile:
            if not rules.fills[c]:
                frozen |= 1 << c
    while frozen:
        buried = 0
        for pile in [*tableau, *reserves]:
            for a in range(len(pile) - 1, 0, -1):
                if frozen >> (pile[a] & 63) & 1:
                    buried |= sum(1 << (c & 63) for c in set(pile[:a]))
                    break
        kept = 0
        for card in range(52):
            free_parent = rules.parent_bits[card] & ~buried
            if frozen >> card & 1 and not free_parent and rules.before_bits[card] & buried:
                kept |= 1 << card
        if kept == frozen:
            return True
        frozen = kept
    return False


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(GAMES),
    st.integers(1, 13),
    st.permutations(range(52)),
    st.lists(st.integers(0, 51), min_size=12, max_size=12),
    st.integers(0, 2**40),
)
def test_frozen_answers_as_its_definition_on_random_piles(
    key: str, base: int, cards: list[int], cuts: list[int], down: int
) -> None:
    rules = Rules(game.new_game(key).variant, base)
    edges = sorted(cuts)
    piles = [bytes(cards[i:j]) for i, j in zip([0, *edges], [*edges, 52], strict=True)]
    tableau = [
        bytes(c + DOWN if down >> (7 * n + i) & 1 and i < len(p) - 1 else c for i, c in enumerate(p))
        for n, p in enumerate(piles[:7])
    ]
    reserves = piles[7:]
    expected = frozen_by_definition(rules, tableau, reserves)
    assert rules.frozen(tableau, reserves) is expected
    assert rules.frozen(tableau, reserves) is expected  # again, from what it kept of each pile
