"""The stock rules of the alternating-colour search (``game.solver.alternate``).

Aunt Mary (rules.md AM-5, AM-6): dealing is not a move of its own. "Deal (and turn the waste
over) until card c is on the waste, then play c" is one macro move: a deal changes nothing but
the stock and the waste, so in any winning line each deal can be put off until just before
the play of the waste card it uncovers, and every other move keeps its legality. A card that
the current pass reaches is never fetched after a turnover (the same position with a redeal
fewer, which can only do less), and one turnover reaches every card. The stock and the waste
keep the root's order together (dealing and turning over keep it, playing the waste's top card
removes one) and hold the cards found nowhere else, so their total length stands for both in a
position's key. Where the pass stands (the waste's length ``p``) and the redeals left ``r`` are
kept beside the key: of two positions equal but for these, the one with more redeals left,
or with as many and no more waste cards, can do all the other can, move for move. The other's
waste top is a card its pass still reaches (or reaches after a turnover it can spare, or is
its own waste top), fetching it leaves the same waste, every fetch of the other is one of its
own (after a turnover only if the other's is), and every other move leaves ``p`` and ``r`` as
they were. So a position is searched only when it outdoes every position seen with its key
(``AuntMaryStock.admit``), which spares searching it again each time it is reached further
along the pass.

Lady Jane (LJ-7, LJ-8): the deal onto the seven reserves and the last deal to the waste are
moves of their own (they cover or add playable cards, so their timing matters). The stock only
ever gives up its top card, so its length and face-down count stand for it in the key; the
reserves and the waste go in whole.

In both games a beam search takes turns with the depth-first one (``make_search``). Lady Jane's
depth-first search marks what it proves lost, for the next search of the deal, inside
``carry.carry_over`` (``lost_marks``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.state import State
from game.solver.alternate import AlternateSearch, Kid, Node
from game.solver.compact import Beam, Closures, Turns
from game.solver.lost_marks import carried
from game.variants.base import ALL_RESERVES, RawMove, Variant


class AuntMaryStock(AlternateSearch):
    """The search for Aunt Mary: the waste's top card plays; deals are macro moves."""

    singles = (1,)

    def key(self, node: Node) -> bytes:
        """Foundation heights, the stock's and waste's cards together, the sorted tableau."""
        tab, found, side = node[:3]
        head = bytes((*found, len(side[0]) + len(side[1])))
        return head + b"\xff".join(sorted(self.canonical(tab)))

    def admit(self, node: Node) -> bool:
        """Record ``node`` as seen; whether it is worth searching: it outdoes every position seen
        with its key (more redeals left, or as many and fewer waste cards: see the module
        docstring), and it is not lost (``is_dead``)."""
        k = self.key(node)
        standing = node[4] << 6 | 63 - len(node[2][1])
        if self.seen.get(k, -1) >= standing:
            return False
        self.seen[k] = standing
        return not (self.dead_test and self.is_dead(node))

    def stock_moves(self, node: Node, tops: list[int], empty: int, homes: list[int], out: list[Kid]) -> None:
        """Deal (and turn over) until a card is on the waste, and play it at once."""
        stock, waste = node[2][0], node[2][1]
        order = waste + stock[::-1]
        p = len(waste)
        deal = (self.v.stock, self.v.waste, 1)
        for i in range(p, len(order)):
            places = self._places(order[i], node, tops, empty)
            if places:
                self._fetch(node, order, i, node[4], [deal] * (i - p + 1), places, homes, out)
        if node[4]:
            turn = [deal] * len(stock) + [(self.v.waste, self.v.stock, len(order))]
            for i in range(p - 1):
                places = self._places(order[i], node, tops, empty)
                if places:
                    self._fetch(node, order, i, node[4] - 1, turn + [deal] * (i + 1), places, homes, out)

    def _places(self, card: int, node: Node, tops: list[int], empty: int) -> list[int]:
        """Where ``card`` goes once fetched: only home when it is safe there (played to the
        tableau it would go straight home)."""
        if self.rules.goes_home(card, node[1]):
            return [-1]
        return self.targets(card, node[0], node[1], tops, empty)

    def _fetch(
        self,
        node: Node,
        order: bytes,
        i: int,
        redeals: int,
        deals: list[RawMove],
        places: list[int],
        homes: list[int],
        out: list[Kid],
    ) -> None:
        card = order[i]
        stock = order[i + 1 :][::-1]
        side = (stock, order[:i])
        dealt: Node = (node[0], node[1], side, len(stock), redeals)
        for d in places:
            child, line, child_homes = self.place_card(dealt, side, card, d, self.v.waste, homes, side[1])
            out.append((child, deals + line, child_homes))

    def buried(self, node: Node) -> int:
        """One per waste card under the top."""
        return max(0, len(node[2][1]) - 1)


class LadyJaneStock(AlternateSearch):
    """The search for Lady Jane: the tops of the waste, the reserves and a face-up stock play."""

    singles = (1, 2, 3, 4, 5, 6, 7, 8)
    reserve_weight = 1

    def key(self, node: Node) -> bytes:
        """Foundation heights, stock length and face-down count, waste, reserves, sorted tableau."""
        tab, found, side, down, _ = node
        head = bytes((*found, len(side[0]), down))
        return head + b"\xff".join((*side[1:], *sorted(self.canonical(tab))))

    def roots(self, state: State) -> list[Kid]:
        """``state`` settled; with ``carry``, inside ``carry.carry_over``, the search marks what
        it proves lost and starts from the marks carried in (``lost_marks.carried``), unless the
        root is won already. (Lady Jane has no redeals, so a key names one position and a mark
        holds for it whatever the path; with redeals a key met again with more of them would be
        another position, which is why Aunt Mary's search does not mark.)"""
        kids = super().roots(state)
        if self.carry and not self.won(kids[0][0]):
            marks = carried(state.base_rank, kids[0][0][2][0], self.positions)
            if marks is not None:
                self.closures = Closures(marks.keys)
                self.marking = True
        return kids

    def stock_moves(self, node: Node, tops: list[int], empty: int, homes: list[int], out: list[Kid]) -> None:
        """One card onto each reserve while more than seven lie face down; then the last deal."""
        tab, found, side, down, redeals = node
        if not down:
            return
        stock = side[0]
        reserves = len(side) - 2
        line: list[RawMove]
        if down > reserves:
            dealt = tuple(side[2 + r] + stock[-1 - r : len(stock) - r] for r in range(reserves))
            rest = stock[:-reserves]
            child: Node = (tab, found, (rest, side[1], *dealt), len(rest), redeals)
            line = [(self.v.stock, ALL_RESERVES, reserves)]
        else:
            child = (tab, found, (stock[:-1], side[1] + stock[-1:], *side[2:]), 0, redeals)
            line = [(self.v.stock, self.v.waste, 1)]
        h = list(homes)
        out.append((self.settle(child, line, h), line, h))

    def buried(self, node: Node) -> int:
        """Cards under the reserves' tops, by ``reserve_weight``."""
        return self.reserve_weight * sum(max(0, len(r) - 1) for r in node[2][2:])


TURN = 1_000
"""New positions per turn for each of the searches that take turns (``make_search``)."""

BEAM_WIDTHS = (1_000, 3_000, 9_000)
"""The beam's width on each pass (``compact.Beam``)."""

EVEN_UNTIL = 200_000
"""Positions stored by both searches together, after which the depth-first search takes
``LATER_TURNS``: the beam finds most of its wins early (Lady Jane deals 1..300, beam alone: 90 %
of its 245 wins within 93,000 positions, 9 wins beyond 130,000), while the depth-first search
needs hundreds of thousands of positions for its proofs."""

LATER_TURNS = (5 * TURN, TURN)
"""New positions per turn for the depth-first search and the beam after ``EVEN_UNTIL``."""


def make_search(
    variant: Variant,
    positions: int,
    deadline: float,
    cancelled: Callable[[], bool],
    *,
    lady_jane: bool,
    dead_test: bool = True,
    twins: bool = True,
) -> Turns:
    """The search for ``variant``, declared Lady Jane's game (``lady_jane``) or Aunt Mary's,
    at a position that ``alternate_rules.supported`` accepts: the
    depth-first search, whose end without a win is a proof, and a beam search, which finds many
    wins the depth-first one takes long to reach, taking turns: equal shares at first, then
    five to one for the depth-first search (``EVEN_UNTIL``).

    Lady Jane, deals 1..200 at 10 s (``benchmarks/solver.py``): 90.0 % decided (79.5 % won,
    10.5 % proved unwinnable) against 84.0 % for the four depth-first searches with different
    move orders that took turns before. The beam wins deal 15 in 80,000 positions (1.5 s), where
    those found none in 2.67 M. Aunt Mary's beam makes one pass only (its undecided deals are
    mostly lost): it wins deal 76 in 43,000 positions, against 17 s for the depth-first search.
    The later five-to-one shares: Lady Jane deals 1..1000 at 10 s, 48 undecided against 51 with
    three to one after 260,000 positions; the beam no longer wins deal 25 (at 211,316 of its
    positions) nor 381, 553 and 616, which it won at 7.4–8.7 s with equal shares.
    """
    kind = LadyJaneStock if lady_jane else AuntMaryStock
    widths = BEAM_WIDTHS if lady_jane else BEAM_WIDTHS[:1]

    def fresh() -> AlternateSearch:
        return kind(variant, positions, deadline, cancelled, dead_test=dead_test, twins=twins)

    first = kind(variant, positions, deadline, cancelled, dead_test=dead_test, twins=twins, carry=lady_jane)
    later = (EVEN_UNTIL, LATER_TURNS)
    return Turns([first, Beam(fresh, widths)], [TURN, TURN], positions, later)
