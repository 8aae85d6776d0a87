"""A fast exhaustive solver for Kansas, with perfect information (rules.md KS-1 … KS-9).

Positions are held compactly (``game.solver.kansas_position``) and the moves are generated
from them (``game.solver.kansas_moves``, which argues the pruning), so the search never builds
an engine ``State``; the caller replays every winning line through the engine, so a slip there
could only cost a win, never produce an illegal line. Here: the order of the search, and its
dead ends.

* **Dead ends.** A position is not searched when a looser game proves it lost
  (``game.solver.kansas_relaxed``: the tableau is a set of cards and the piles' bottom cards,
  each other card on some card one rank higher): the real game can do no more. A position
  is looked up in the looser game's answers when it is met, and searched there (with a
  budget) when it is about to be expanded with ``DEAD_END_STOCK`` cards or fewer in the
  stock. The looser game forgets little more than which card lies on which, so its answers
  also lead the search: a position it wins is tried first.

The search is depth-first, most promising child first; every position is expanded at most
once, so a search that ends without a win has seen every position the pruning keeps: a proof
that none wins. Beside it, ``LooserProof`` searches the looser game from the root: most lost
deals are proved there (deal 1: about 2 million of its positions, in some 2 s).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from game.engine.state import State
from game.solver.compact import Kid, Turns
from game.solver.kansas_moves import KansasMoves
from game.solver.kansas_position import NONE, Found, Node
from game.solver.kansas_relaxed import LOST, UNKNOWN, WON, DeadEnds, RelaxedKansas
from game.variants.base import RawMove, Variant

DEAD_END_STOCK: Final = 16
"""The stock's length at and below which a position is put to the dead-end test (above it,
the looser game is dear to search from a position, and its proof from the root,
``LooserProof``, answers for it when it can)."""

DEAD_END_BUDGET: Final = 100_000
"""New positions of the looser game per dead-end test, and never more than
``1 / DEAD_END_SHARE`` of the positions the search has left; a test that needs more leaves
the position to the search (what it found is kept).

Since the looser game runs in C (a fifth of the cost), the tests start higher in the stock
(16 cards, was 10) and go further (100,000 positions, was 20,000), and the real searches,
kept out of far more dead ends, find wins they missed: of 33 deals of 1..1000 left undecided
at 10 s with the old settings (23 of them won in the looser game), 19 are won with these.
Testing at every stock length (36) won the same 19, but its tests high in the stock can
starve the real search: deal 1625 took 6.5 s and 15.7 M positions to win, against 0.07 s
and 235,000 with these. (As Python the tests cost five times as much; the settings are the
same, so that both builds search the same positions.)"""

DEAD_END_SHARE: Final = 20
"""A dead-end test may use at most this fraction (1 / 20) of the positions left, so that a
small budget (the indicator's, a rating's) is not spent on a few tests."""


class KansasSearch(KansasMoves):
    """One depth-first search over one Kansas position."""

    def __init__(
        self,
        variant: Variant,
        positions: int,
        deadline: float,
        cancelled: Callable[[], bool],
        *,
        macro: bool = True,
        dead_ends: DeadEnds | None = None,
    ) -> None:
        super().__init__(variant, positions, deadline, cancelled, macro=macro)
        self.dead_ends = dead_ends if dead_ends is not None else DeadEnds()
        self.relaxed: RelaxedKansas | None = None
        self.dead = 0
        """Positions the dead-end test proved lost."""

    def start(self, state: State) -> tuple[Node, list[int]]:
        """The compact form of ``state`` and each suit's foundation pile (-1: none yet); the
        looser game's answers for its reserve, stock and waste are found (or made) too."""
        node, homes = super().start(state)
        self.relaxed = self.dead_ends.of(self.reserve, self.stock, node[3], self.base)
        return node, homes

    def score(self, node: Node) -> int:
        """Lower is more promising: won in the looser game (as far as it has been searched),
        then cards home, few cards left in the reserve and the waste."""
        tab, reserve_n, _, waste, found, _, _ = node
        home = found[0] + found[1] + found[2] + found[3]
        empty = sum(1 for pile in tab if not pile)
        promised = self.relaxed is not None and self.relaxed.known(*self._loose(node)) == WON
        return -10 * home + 3 * reserve_n + 2 * len(waste) - 2 * empty - 1000 * promised

    # ------------------------------------------------------------------- search

    def roots(self, state: State) -> list[Kid[Node]]:
        """``state`` settled: safe cards home, and a base card that could go home both sent
        and held (see the module docstring)."""
        node, homes = self.start(state)
        tab, reserve_n, stock_n, waste, found, held, _ = node
        if sum(found) == 52:
            return [(node, [], homes)]
        roots: list[Kid[Node]] = []
        self.settle(roots, list(tab), reserve_n, stock_n, waste, list(found), held, [], homes)
        return roots

    def won(self, node: Node) -> bool:
        """Whether every card is home."""
        return sum(node[4]) == 52

    def admit(self, node: Node) -> bool:
        """Record ``node`` as seen; whether it is new and not known lost. A position that must
        use a card is not searched when it was seen free to make any move (that one tries
        more)."""
        seen = self.seen
        k = self.key(node)
        if k in seen or (node[6] != NONE and k[:-1] + b"\xff" in seen):
            return False
        seen[k] = 0
        return self.relaxed is None or self.relaxed.known(*self._loose(node)) != LOST

    def worth(self, node: Node) -> bool:
        """Whether the looser game leaves ``node`` open: the dead-end test, made only of the
        positions the search is about to expand, with what is left of the budget of
        positions (the looser game's count too)."""
        relaxed = self.relaxed
        if relaxed is None or node[2] > DEAD_END_STOCK:
            return True
        stored = self.dead_ends.stored
        used = len(stored) if stored is not None else len(self.seen) + len(self.dead_ends)
        if used >= self.positions:
            return True
        budget = min(DEAD_END_BUDGET, (self.positions - used) // DEAD_END_SHARE)
        verdict = relaxed.verdict(*self._loose(node), budget, self.deadline, self.cancelled)
        self.dead += verdict == LOST
        return verdict != LOST

    @staticmethod
    def _loose(node: Node) -> tuple[int, int, int, int, Found]:
        """``node`` in the looser game: the set of tableau cards, the piles' bottom cards, the
        reserve's and the stock's lengths, the foundation heights."""
        tab, reserve_n, stock_n, _, found, _, _ = node
        cards = bottoms = 0
        for pile in tab:
            if pile:
                bottoms |= 1 << pile[0]
            for card in pile:
                cards |= 1 << card
        return cards, bottoms, reserve_n, stock_n, found


class LooserProof:
    """The looser game searched from the root, a turn at a time, beside the searches of the
    real game (``kansas_turns``): a loss there is a proof that the real game is lost.

    Each turn searches the root again with a budget of new positions; the answers found
    before are kept (``DeadEnds``), so a turn goes on where the last one stopped. Once the
    looser game is won there is nothing more to prove: the later turns do nothing, and the
    real searches follow its answers (``KansasSearch.score``)."""

    def __init__(self, search: KansasSearch, deadline: float, cancelled: Callable[[], bool]) -> None:
        self.search = search
        self.seen = search.dead_ends
        self.deadline = deadline
        self.cancelled = cancelled
        self.exhausted = False
        self.stopped = False
        self.won = False
        self.root: tuple[int, int, int, int, Found] | None = None

    def begin(self, state: State) -> list[RawMove] | None:
        """Set the proof up at ``state`` (never a line: the looser game's wins are not real)."""
        node, _ = self.search.start(state)
        self.root = self.search._loose(node)
        return None

    def resume(self, pause_at: int) -> list[RawMove] | None:
        """Search the looser game on until it is decided or ``pause_at`` of its positions are
        stored (``exhausted`` when it is lost)."""
        relaxed = self.search.relaxed
        if self.won or self.root is None or relaxed is None:
            return None
        verdict = relaxed.verdict(*self.root, pause_at - len(self.seen), self.deadline, self.cancelled)
        self.exhausted = verdict == LOST
        self.won = verdict == WON
        self.stopped = verdict == UNKNOWN and (time.monotonic() > self.deadline or self.cancelled())
        return None


TURN = 1000
"""New positions per turn of the two searches of ``kansas_turns`` together."""

PLAIN_SHARE = 0.3
"""The share of every turn for the search that deals one card at a time."""

PROOF_TURN = 20_000
"""New positions of the looser game per turn of ``LooserProof`` (each far cheaper than one of
the real game: some 0.2–0.4 µs in C, or 1 µs as compiled Python, against 7)."""


PROOF_LATER = (500_000, 100_000)
"""Once this many positions are stored, the proof's turn grows to this: the real searches
win most of their deals early. (Since the looser game became twice as fast, these and
``PROOF_TURN`` are twice and more what they were, 40,000 and 10,000, to keep its share of the
time: on deals 1..1000 the median deal decided both ways took 8 % less time, and 6 more deals
were decided; but the turns' order changed which wins the real searches find: 3 won before,
among them deal 392 in 0.2 s, are undecided now, and 3 others are won.)"""


def kansas_turns(variant: Variant, positions: int, deadline: float, cancelled: Callable[[], bool]) -> Turns:
    """Kansas: two searches of the real game and a proof in the looser game that take turns
    (``compact.Turns``).

    One search makes dealing part of the move that plays the dealt card, which proves
    positions lost in far fewer positions; the other deals a card at a time, and its different
    order finds some wins much sooner (deal 65: 1,708 positions against over 200,000). Most
    losses are proved by the looser game alone; its answers prune both searches, and lead
    them along its wins.
    """
    dead_ends = DeadEnds(room=positions)
    macro = KansasSearch(variant, positions, deadline, cancelled, dead_ends=dead_ends)
    searches = (
        macro,
        KansasSearch(variant, positions, deadline, cancelled, macro=False, dead_ends=dead_ends),
        LooserProof(macro, deadline, cancelled),
    )
    shares = (TURN - int(TURN * PLAIN_SHARE), int(TURN * PLAIN_SHARE))
    turns = Turns(
        searches, (*shares, PROOF_TURN), positions, later=(PROOF_LATER[0], (*shares, PROOF_LATER[1]))
    )
    dead_ends.stored = turns.seen
    return turns
