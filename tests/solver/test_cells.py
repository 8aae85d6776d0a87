"""The compact search of the cell games (Baker's Game, Seahaven): its settled-pile prunings."""

from __future__ import annotations

import time

import pytest

import game
from game.engine.cards import RANK
from game.solver.cells import EMPTY, CellSearch, Node
from game.solver.search import Budget, Verdict, solve

RANKS = "A23456789TJQK"
RANK_OF = RANK


def home(suit: str, height: int) -> str:
    return "".join(RANKS[r] + suit for r in range(height))


def search_of(text: str, *, gather: bool = True) -> tuple[CellSearch, list[tuple[int, int, int]]]:
    """A search set up at ``text``, and the first move of each child of its root."""
    g = game.from_text(text)
    search = CellSearch(g.variant, 10_000, time.monotonic() + 60, lambda: False, gather=gather)
    [(root, _, homes)] = search.roots(g.state)
    return search, [line[0] for _, line, _ in search.children(root, homes)]


SPADES_LEFT = f"foundation-1={home('S', 7)} foundation-2={home('H', 13)} "
SPADES_LEFT += f"foundation-3={home('D', 13)} foundation-4={home('C', 13)}"


def test_a_card_that_fits_a_settled_pile_is_put_there_as_the_only_move() -> None:
    text = f"bakers-game {SPADES_LEFT} tableau-1=KSQS tableau-2=8STS tableau-3=9S reserve-1=JS"
    _, moves = search_of(text, gather=False)  # gathering would make the move before any choice
    v = game.VARIANTS["bakers-game"].instance()
    assert moves == [(v.index["reserve-1"], v.index["tableau-1"], 1)]


def test_no_card_of_a_settled_pile_goes_to_a_cell_once_every_king_is_at_a_pile_bottom() -> None:
    text = f"bakers-game {SPADES_LEFT} tableau-1=KSQS tableau-2=JS8S tableau-3=9STS"
    _, moves = search_of(text)
    v = game.VARIANTS["bakers-game"].instance()
    assert moves and all(source != v.index["tableau-1"] for source, _, _ in moves)


def test_a_settled_pile_may_give_a_card_to_a_cell_while_a_king_lies_on_other_cards() -> None:
    foundations = f"foundation-1={home('S', 7)} foundation-2={home('H', 11)} "
    foundations += f"foundation-3={home('D', 13)} foundation-4={home('C', 13)}"
    text = f"bakers-game {foundations} tableau-1=KSQS tableau-2=JS8S tableau-3=9SQHTSKH"
    _, moves = search_of(text)
    v = game.VARIANTS["bakers-game"].instance()
    assert (v.index["tableau-1"], v.index["reserve-1"], 1) in moves


@pytest.mark.parametrize(("key", "deal"), [("bakers-game", 106), ("seahaven", 84)])
def test_deals_won_only_by_emptying_a_settled_pile_through_the_cells_are_winnable(
    key: str, deal: int
) -> None:
    # Pruning cell moves from settled piles at every turn loses these wins: a lone King goes to
    # a cell so that a King lying on other cards can take its pile.
    result = solve(game.new_game(key, deal=deal), Budget(seconds=60, positions=200_000))
    assert result.verdict is Verdict.WINNABLE


def test_a_cells_card_goes_onto_its_parent_as_soon_as_that_is_a_piles_top() -> None:
    g = game.from_text("bakers-game tableau-1=KH5S tableau-2=QH9C tableau-3=6S reserve-1=JH reserve-2=TH")
    search = CellSearch(g.variant, 10_000, time.monotonic() + 60, lambda: False)
    [(root, line, homes)] = search.roots(g.state)
    v = g.variant
    tab = root[0]
    assert tab[1] == bytes(g.state.piles[v.index["tableau-2"]]) and line == []
    # Moving 9C to a cell makes QH a top: JH, then TH from the cells go onto it in the same step.
    kids = {tuple(kid_line): kid for kid, kid_line, _ in search.children(root, homes)}
    to_cell = (v.index["tableau-2"], v.index["reserve-3"], 1)
    gathered = (
        to_cell,
        (v.index["reserve-1"], v.index["tableau-2"], 1),
        (v.index["reserve-2"], v.index["tableau-2"], 1),
    )
    assert gathered in kids


def test_a_natural_run_goes_to_the_cells_whole_or_not_at_all() -> None:
    # 5S on 6S is a run of two: moving 5S alone to a cell would send it straight back.
    g = game.from_text("bakers-game tableau-1=KH6S5S tableau-2=9C reserve-1=JH reserve-2=TH reserve-3=2D")
    search = CellSearch(g.variant, 10_000, time.monotonic() + 60, lambda: False)
    [(root, _, homes)] = search.roots(g.state)
    v = g.variant
    lines = [kid_line for _, kid_line, _ in search.children(root, homes)]
    assert [(v.index["tableau-1"], v.index["reserve-4"], 1)] not in lines
    two = CellSearch(g.variant, 10_000, time.monotonic() + 60, lambda: False)
    g2 = game.from_text("bakers-game tableau-1=KH6S5S tableau-2=9C reserve-1=JH reserve-2=TH")
    [(root2, _, homes2)] = two.roots(g2.state)
    whole = [(v.index["tableau-1"], v.index["reserve-3"], 1), (v.index["tableau-1"], v.index["reserve-4"], 1)]
    assert whole in [kid_line for _, kid_line, _ in two.children(root2, homes2)]


@pytest.mark.parametrize(("key", "deal", "old"), [("seahaven", 34, 145_832), ("bakers-game", 35, 87_573)])
def test_gathering_proves_lost_deals_in_far_fewer_positions(key: str, deal: int, old: int) -> None:
    # Without gathering the proofs took ``old`` positions (Seahaven 34: 11,222 with it).
    g = game.new_game(key, deal=deal)
    search = CellSearch(g.variant, old // 4, time.monotonic() + 120, lambda: False)
    assert search.run(g.state) is None and search.exhausted


@pytest.mark.slow
def test_the_searches_taking_turns_win_a_deal_the_depth_first_search_takes_long_over() -> None:
    # Seahaven 298: the depth-first search alone needs 30,678 positions (198,029 before
    # gathering); the search weighing buried cards wins it in 185 once the turns begin.
    result = solve(game.new_game("seahaven", deal=298), Budget(seconds=120, positions=25_000))
    assert result.verdict is Verdict.WINNABLE and result.positions < 25_000


def walk(key: str, deal: int, nodes: int) -> tuple[CellSearch, list[tuple[Node, list[int]]]]:
    """A search of ``deal`` and the first ``nodes`` positions a depth-first walk over its
    children meets (with their foundation piles)."""
    g = game.new_game(key, deal=deal)
    search = CellSearch(g.variant, 10**6, time.monotonic() + 60, lambda: False)
    stack = [(node, homes) for node, _, homes in search.roots(g.state)]
    met: list[tuple[Node, list[int]]] = []
    keys: set[bytes] = set()
    while stack and len(met) < nodes:
        node, homes = stack.pop()
        k = search.key(node[0], node[1])
        if k in keys:
            continue
        keys.add(k)
        met.append((node, homes))
        stack.extend((kid, kid_homes) for kid, _, kid_homes in search.children(node, list(homes)))
    return search, met


WALKS = [("bakers-game", 1), ("bakers-game", 60001), ("seahaven", 34), ("seahaven", 84)]


@pytest.mark.parametrize(("key", "deal"), WALKS)
def test_a_run_whose_parent_tops_a_pile_reaches_by_the_cells_only_the_move_onto_it(
    key: str, deal: int
) -> None:
    # The run is not sent to the cells (it would come straight back onto its parent): the
    # position that move would give must be a child already, the run's move onto the parent.
    search, met = walk(key, deal, 400)
    checked = 0
    for (tab, cells, found), homes in met:
        tops = {pile[-1]: i for i, pile in enumerate(tab) if pile}
        free = [j for j, card in enumerate(cells) if card == EMPTY]
        kids = {search.key(kid[0], kid[1]) for kid, _, _ in search.children((tab, cells, found), list(homes))}
        for i, pile in enumerate(tab):
            j = len(pile) - 1
            while j > 0 and pile[j - 1] == pile[j] + 1 and RANK_OF[pile[j]] < 13:
                j -= 1
            run = pile[j:]
            if not run or RANK_OF[run[0]] == 13 or run[0] + 1 not in tops or len(run) > len(free):
                continue
            c = list(cells)
            for slot, card in zip(free, reversed(run), strict=False):
                c[slot] = card
            t = list(tab)
            t[i] = pile[:j]
            after = search.settle(tuple(t), tuple(c), found, [], list(homes))
            assert search.key(after[0], after[1]) in kids
            checked += 1
    assert checked > 0


@pytest.mark.parametrize(("key", "deal"), WALKS)
def test_fresh_children_are_the_children_not_seen_before_in_order(key: str, deal: int) -> None:
    search, met = walk(key, deal, 300)
    for node, homes in met:
        expected = [kid for kid in search.children(node, list(homes)) if search.admit(kid[0])]
        search.seen.clear()
        got = search.fresh(node, list(homes))
        assert [(kid[0], kid[1]) for kid in got] == [(kid[0], kid[1]) for kid in expected]
        assert len(search.seen) == len(expected)
        search.seen.clear()


def test_positions_that_differ_only_by_the_order_of_piles_or_cells_share_a_key() -> None:
    king_s, queen_s, king_h, five_c, two_d = 12, 11, 38, 17, 27
    a = (bytes((king_s, queen_s)), b"", bytes((five_c,)), bytes((king_h,)))
    b = (bytes((king_h,)), bytes((king_s, queen_s)), bytes((five_c,)), b"")
    assert CellSearch.key(a, (two_d, EMPTY)) == CellSearch.key(b, (EMPTY, two_d))
    # The piles' boundaries and the cells' cards count: these are other positions.
    joined = (bytes((king_s, queen_s, five_c)), b"", b"", bytes((king_h,)))
    assert CellSearch.key(a, (two_d, EMPTY)) != CellSearch.key(joined, (two_d, EMPTY))
    assert CellSearch.key(a, (two_d, EMPTY)) != CellSearch.key(a, (EMPTY, EMPTY))
