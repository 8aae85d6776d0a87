"""A fast exhaustive solver for Kansas, with perfect information (rules.md KS-1 … KS-9).

Positions are held compactly and moves are generated here from the same rules as the
variant's, so the search never builds an engine ``State``. A few facts of the game make the
form small:

* every tableau pile is one descending run (any suit, a King on an Ace): cards only enter a
  pile by building on its top (KS-4) or by filling it while empty (KS-5, KS-6), so any top
  part of a pile may move onto another pile, and a pile is a ``bytes`` of cards;
* the reserve and the stock only ever give up their top cards, so each is the root's pile cut
  to a length;
* foundation cards are out of play (KS-3), so the foundations are four heights, one per suit
  (the cards home follow from the base rank);
* the waste only takes dealt cards and only gives up its top, so it keeps the order in which
  the cards were dealt, and it is the dealt cards found nowhere else: given the rest, it
  adds nothing to a position's key.

The key of a position is the three piles sorted (piles are interchangeable: the engine's
refill and fill rules treat them alike), the reserve's and the stock's lengths and the four
heights. The caller replays every winning line through the engine, so a slip here could only
cost a win, never produce an illegal line.

Pruning that provably keeps every win (and so keeps proofs of unwinnability exhaustive):

* **Dealing is part of the move that plays the dealt card.** A deal changes only the stock and
  the waste's top, and every move that does not take the waste's top card neither looks at
  nor changes them, so in any winning line each run of deals can be put off until just
  before the move that plays the last card it dealt (the line keeps its length and stays
  legal). So the moves tried are the plain ones plus "deal ``j`` ≥ 1 cards, then play the
  card dealt last" (home, onto a pile, or into an empty pile); deals with no play after them
  are never needed (a won game has an empty stock).
* **Some cards go home at once.** Take a position ``A`` where a card ``X`` could go home and
  lies on top of the waste, or on top of a pile of two or more cards, or on top of any pile
  once the reserve is empty; and ``B``, which is ``A`` with ``X`` home. Any winning line from
  ``A`` in which no card is put on ``X`` before ``X`` goes home also wins from ``B`` once the
  moves of ``X`` alone are left out (and ``X`` is left out of the groups it tops): the two
  positions stay equal but for ``X``, which in ``A`` stays in the waste or on top of a pile
  and is never alone on a pile while the reserve holds cards, so every move of the line is
  legal in ``B`` and empties (and refills) the same piles; an empty pile of ``B`` that holds
  ``X`` in ``A`` only adds moves. The line from ``B`` is shorter, so the argument can be
  repeated. So:

  - a *safe* ``X`` (not of the base rank, with the four cards one rank below it home, so
    nothing can be put on it again) goes home at once;
  - a card of the base rank could still take a card one rank below the base (a King on an
    Ace when Aces are the base), which may be what wins, so the search tries both: ``X``
    home, and ``X`` *held*, where it may not go home until a card has been put on it (the
    lines of the first kind are the first branch's). Once a card has covered it, it is free
    again, and when it is uncovered the same choice comes back. A held card is part of the
    key (one bit per suit).

  ``X`` on the reserve's top, or alone on a pile while the reserve holds cards, is not moved
  by itself (the refills of ``A`` and ``B`` would take different reserve cards): going home
  is then an ordinary move, tried first.
* **A move between piles that leaves its source pile non-empty is followed by a move that uses
  the card it uncovered** (takes it home, moves it with the cards above it, or puts a card on
  it), or by another such move. Such a move changes nothing but where its cards lie and which
  card shows on the source pile (the moved cards show on the target pile as they showed on
  the source), so in a winning line it can be put off until just before the first move that
  uses the uncovered card, or dropped if none does: every move in between stays legal, with
  the group adjusted when one of them moves or covers some of the same cards. In a line
  where every such move has been put off as far as it goes, the last of a run of them is
  followed by the move that uses its card. The card to use is part of the key, and a
  position reached with one is skipped when it was seen without one (that one tries more).
* Positions with one key are searched once (the key is argued above); an empty pile is
  filled from the waste into the first empty pile only (they are interchangeable).
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
from game.solver.compact import DepthFirst, Kid, Turns
from game.solver.kansas_relaxed import LOST, UNKNOWN, WON, DeadEnds, RelaxedKansas
from game.variants.base import RawMove, Variant
from game.variants.kansas import Kansas

Tab = tuple[bytes, ...]
Found = tuple[int, ...]
Node = tuple[Tab, int, int, bytes, Found, int, int]
"""The three piles (engine order), reserve length, stock length, waste, heights per suit, the
suits whose base card is held until a card goes on it (a bit each), and the card a move
between piles just uncovered, which the next move must use (``NONE``: no such card)."""

NONE: Final = 0xFF

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

_QUALITY: Final = tuple(c % 13 for c in range(52))
"""Each card's rank index (0 = Ace … 12 = King)."""

_FITS: Final = tuple((c % 13 - 1) % 13 for c in range(52))
"""For each card, the rank index of the cards that may be built on it (with wrap)."""


def _is_run(pile: tuple[int, ...]) -> bool:
    return all(_FITS[pile[i]] == _QUALITY[pile[i + 1]] for i in range(len(pile) - 1))


def supported(variant: Variant, state: State) -> bool:
    """Whether this solver handles ``state``: a Kansas position of all 52 cards, laid out as
    play can leave it (piles descending runs, face up; a playable reserve top; foundations
    built from the base rank; no empty pile while the reserve holds cards)."""
    if not isinstance(variant, Kansas) or state.card_count() != 52:
        return False
    piles, hidden = state.piles, state.hidden
    reserve = variant.reserves[0]
    if piles[reserve] and hidden[reserve] >= len(piles[reserve]):
        return False
    if hidden[variant.waste]:
        return False
    for t in variant.tableau:
        if hidden[t] or not _is_run(piles[t]) or (not piles[t] and piles[reserve]):
            return False
    base = state.base_rank - 1
    for f in variant.foundations:
        pile = piles[f]
        if pile and any(pile[i] != pile[0] // 13 * 13 + (base + i) % 13 for i in range(len(pile))):
            return False
    return True


class KansasSearch(DepthFirst[Node]):
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
        super().__init__(positions, deadline, cancelled)
        self.tab_index = variant.tableau
        self.reserve_index = variant.reserves[0]
        self.stock_index = variant.stock
        self.waste_index = variant.waste
        self.found_index = variant.foundations
        self.base = 0
        self.reserve = b""
        self.stock = b""
        self.macro = macro
        self.dead_ends = dead_ends if dead_ends is not None else DeadEnds()
        self.relaxed: RelaxedKansas | None = None
        self.dead = 0
        """Positions the dead-end test proved lost."""

    # ---------------------------------------------------------------- positions

    def start(self, state: State) -> tuple[Node, list[int]]:
        """The compact form of ``state`` and each suit's foundation pile (-1: none yet)."""
        piles = state.piles
        self.base = state.base_rank - 1
        self.reserve = bytes(piles[self.reserve_index])
        self.stock = bytes(piles[self.stock_index])
        waste = bytes(piles[self.waste_index])
        self.relaxed = self.dead_ends.of(self.reserve, self.stock, waste, self.base)
        tab = tuple(bytes(piles[t]) for t in self.tab_index)
        found = [0, 0, 0, 0]
        homes = [-1, -1, -1, -1]
        for f in self.found_index:
            pile = piles[f]
            if pile:
                found[pile[0] // 13] = len(pile)
                homes[pile[0] // 13] = f
        node = (
            tab,
            len(self.reserve),
            len(self.stock),
            waste,
            tuple(found),
            0,
            NONE,
        )
        return node, homes

    @staticmethod
    def key(node: Node) -> bytes:
        """Equal for positions (of one root) that differ only by the order of the piles."""
        tab, reserve_n, stock_n, _, found, held, pending = node
        return b"\xff".join(sorted(tab)) + bytes((0xFE, reserve_n, stock_n, held, *found, pending))

    def _home(self, suit: int, homes: list[int]) -> int:
        """The engine foundation pile of ``suit``, giving it the first free one if it has none."""
        if homes[suit] < 0:
            used = set(homes)
            homes[suit] = next(f for f in self.found_index if f not in used)
        return homes[suit]

    def settle(
        self,
        out: list[Kid[Node]],
        tab: list[bytes],
        reserve_n: int,
        stock_n: int,
        waste: bytes,
        found: list[int],
        held: int,
        line: list[RawMove],
        homes: list[int],
        pending: int = NONE,
    ) -> None:
        """Add to ``out`` the position after a move: safe cards sent home, one at a time (their
        moves added to ``line``), and for a base card that could go home, both the position
        with it home and the one where it is held (see the module docstring)."""
        base = self.base
        tix = self.tab_index
        if held:
            for suit in range(4):
                if held >> suit & 1:
                    card = suit * 13 + base
                    for pile in tab:
                        at = pile.find(card)
                        if 0 <= at < len(pile) - 1:
                            held &= ~(1 << suit)
        while True:
            low = min(found)
            if low == 13:
                break
            for suit in range(4):
                h = found[suit]
                if h != low or (not h and held >> suit & 1):
                    continue
                card = suit * 13 + (base + h) % 13
                if waste and waste[-1] == card:
                    move = (self.waste_index, -1, 1)
                    pile_i = -1
                else:
                    for i, pile in enumerate(tab):
                        if pile and pile[-1] == card and (len(pile) > 1 or not reserve_n):
                            move = (tix[i], -1, 1)
                            pile_i = i
                            break
                    else:
                        continue
                if not h:
                    # A base card: also the position where it is held until a card goes on it.
                    self.settle(
                        out,
                        list(tab),
                        reserve_n,
                        stock_n,
                        waste,
                        list(found),
                        held | 1 << suit,
                        list(line),
                        homes,
                        pending,
                    )
                    homes = list(homes)
                if pile_i < 0:
                    waste = waste[:-1]
                else:
                    tab[pile_i] = tab[pile_i][:-1]
                line.append((move[0], self._home(suit, homes), 1))
                found[suit] += 1
                break
            else:
                break
        if pending != NONE and not any(pile and pile[-1] == pending for pile in tab):
            pending = NONE  # it went home
        out.append(((tuple(tab), reserve_n, stock_n, waste, tuple(found), held, pending), line, homes))

    # -------------------------------------------------------------------- moves

    def children(self, node: Node, homes: list[int]) -> list[Kid[Node]]:
        """Every pruned move from ``node``: (child, engine moves, foundation piles)."""
        tab, reserve_n, stock_n, waste, found, held, pending = node
        base = self.base
        following = [
            s * 13 + (base + h) % 13 if h < 13 and not (held >> s & 1) else -1 for s, h in enumerate(found)
        ]
        wanted: list[list[int]] = [[] for _ in range(13)]
        empty = -1
        must = -1
        for j, pile in enumerate(tab):
            if pile:
                wanted[_FITS[pile[-1]]].append(j)
                if pile[-1] == pending:
                    must = j
            elif empty < 0:
                empty = j
        out: list[Kid[Node]] = []
        if must >= 0:
            self._uses(out, node, homes, must, following, wanted)
            return out
        tix = self.tab_index
        # Tableau: a top card home; any top part of a pile onto another pile.
        for i, pile in enumerate(tab):
            n = len(pile)
            if not n:
                continue
            top = pile[-1]
            if following[top // 13] == top:
                self._home_child(out, node, homes, top, tix[i], i)
            self._tableau_moves(out, node, homes, i, wanted, -1)
        # The reserve's top: home or onto a pile.
        if reserve_n:
            card = self.reserve[reserve_n - 1]
            if following[card // 13] == card:
                self._home_child(out, node, homes, card, self.reserve_index, -1)
            for j in wanted[_QUALITY[card]]:
                self._reserve_child(out, node, homes, card, j)
        # The waste's top, and the macro moves: deal until a card is on top, then play it.
        wi = self.waste_index
        if waste:
            self._waste_plays(out, node, homes, waste[-1], waste[:-1], stock_n, [], following, wanted, empty)
        stock = self.stock
        deal = (self.stock_index, wi, 1)
        if not self.macro:
            if stock_n:
                rest = waste + stock[stock_n - 1 : stock_n]
                self.settle(out, list(tab), reserve_n, stock_n - 1, rest, list(found), held, [deal], homes)
            return out
        for i in range(stock_n - 1, -1, -1):
            card = stock[i]
            if following[card // 13] != card and not wanted[_QUALITY[card]] and empty < 0:
                continue
            rest = waste + stock[i + 1 : stock_n][::-1]
            self._waste_plays(
                out, node, homes, card, rest, i, [deal] * (stock_n - i), following, wanted, empty
            )
        return out

    def _uses(
        self,
        out: list[Kid[Node]],
        node: Node,
        homes: list[int],
        must: int,
        following: list[int],
        wanted: list[list[int]],
    ) -> None:
        """The moves from a node whose pile ``must`` shows the card a move between piles just
        uncovered: the ones that use that card, and moves between other piles that leave
        their source pile non-empty (see the module docstring)."""
        tab, reserve_n, stock_n, waste, _, _, _ = node
        card = tab[must][-1]
        if following[card // 13] == card:
            self._home_child(out, node, homes, card, self.tab_index[must], must)
        for i, pile in enumerate(tab):
            if pile:
                self._tableau_moves(out, node, homes, i, wanted, must)
        fits = _FITS[card]
        if reserve_n and _QUALITY[self.reserve[reserve_n - 1]] == fits:
            self._reserve_child(out, node, homes, self.reserve[reserve_n - 1], must)
        only = [[] if q != fits else [must] for q in range(13)]
        no_home = [-1, -1, -1, -1]
        if waste and _QUALITY[waste[-1]] == fits:
            self._waste_plays(out, node, homes, waste[-1], waste[:-1], stock_n, [], no_home, only, -1)
        if self.macro:
            stock = self.stock
            deal = (self.stock_index, self.waste_index, 1)
            for i in range(stock_n - 1, -1, -1):
                if _QUALITY[stock[i]] == fits:
                    rest = waste + stock[i + 1 : stock_n][::-1]
                    deals = [deal] * (stock_n - i)
                    self._waste_plays(out, node, homes, stock[i], rest, i, deals, no_home, only, -1)

    def _tableau_moves(
        self,
        out: list[Kid[Node]],
        node: Node,
        homes: list[int],
        i: int,
        wanted: list[list[int]],
        must: int,
    ) -> None:
        """Every move of a top part of pile ``i`` onto another pile; with ``must`` ≥ 0, only
        those from or onto pile ``must`` and those that leave pile ``i`` non-empty."""
        pile = node[0][i]
        n = len(pile)
        top_quality = _QUALITY[pile[-1]]
        for q, targets in enumerate(wanted):
            if not targets:
                continue
            at = n - 1 - (q - top_quality) % 13
            while at >= 0:
                for j in targets:
                    if j != i and (must < 0 or i == must or j == must or at > 0):
                        self._tableau_child(out, node, homes, i, j, at)
                at -= 13

    def _reserve_child(
        self,
        out: list[Kid[Node]],
        node: Node,
        homes: list[int],
        card: int,
        j: int,
    ) -> None:
        """The reserve's top ``card`` onto pile ``j``."""
        tab, reserve_n, stock_n, waste, found, held, _ = node
        t = list(tab)
        t[j] = tab[j] + bytes((card,))
        line = [(self.reserve_index, self.tab_index[j], 1)]
        self.settle(out, t, reserve_n - 1, stock_n, waste, list(found), held, line, homes)

    def _waste_plays(
        self,
        out: list[Kid[Node]],
        node: Node,
        homes: list[int],
        card: int,
        rest: bytes,
        stock_n: int,
        deals: list[RawMove],
        following: list[int],
        wanted: list[list[int]],
        empty: int,
    ) -> None:
        """Every play of ``card`` from the waste's top, the waste then being ``rest``."""
        tab, reserve_n, _, _, found, held, _ = node
        wi = self.waste_index
        suit = card // 13
        if following[suit] == card:
            h = list(homes)
            f = list(found)
            f[suit] += 1
            line = [*deals, (wi, self._home(suit, h), 1)]
            self.settle(out, list(tab), reserve_n, stock_n, rest, f, held, line, h)
        targets = wanted[_QUALITY[card]]
        if empty >= 0:
            targets = [*targets, empty]
        for j in targets:
            t = list(tab)
            t[j] = tab[j] + bytes((card,))
            line = [*deals, (wi, self.tab_index[j], 1)]
            self.settle(out, t, reserve_n, stock_n, rest, list(found), held, line, homes)

    def _home_child(
        self,
        out: list[Kid[Node]],
        node: Node,
        homes: list[int],
        card: int,
        source: int,
        pile: int,
    ) -> None:
        """``card`` home from a pile's top (``pile`` ≥ 0) or the reserve's top."""
        tab, reserve_n, stock_n, waste, found, held, _ = node
        suit = card // 13
        h = list(homes)
        f = list(found)
        f[suit] += 1
        line = [(source, self._home(suit, h), 1)]
        t = list(tab)
        if pile >= 0:
            t[pile] = tab[pile][:-1]
            if not t[pile] and reserve_n:
                t[pile] = self.reserve[reserve_n - 1 : reserve_n]
                reserve_n -= 1
        else:
            reserve_n -= 1
        self.settle(out, t, reserve_n, stock_n, waste, f, held, line, h)

    def _tableau_child(
        self,
        out: list[Kid[Node]],
        node: Node,
        homes: list[int],
        i: int,
        j: int,
        at: int,
    ) -> None:
        """The cards of pile ``i`` from ``at`` up onto pile ``j``; a move that leaves pile ``i``
        non-empty makes the card it uncovers the one the next move must use."""
        tab, reserve_n, stock_n, waste, found, held, _ = node
        pile = tab[i]
        t = list(tab)
        t[j] = tab[j] + pile[at:]
        t[i] = pile[:at]
        if not at and reserve_n:
            t[i] = self.reserve[reserve_n - 1 : reserve_n]
            reserve_n -= 1
        line = [(self.tab_index[i], self.tab_index[j], len(pile) - at)]
        pending = pile[at - 1] if at else NONE
        self.settle(out, t, reserve_n, stock_n, waste, list(found), held, line, homes, pending)

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
    dead_ends = DeadEnds()
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
