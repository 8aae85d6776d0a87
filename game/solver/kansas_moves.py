"""The moves of the Kansas search (``game.solver.kansas``) over the compact positions of
``game.solver.kansas_position``, generated here from the same rules as the variant's (rules.md
KS-1 … KS-9; ``tests/solver/test_rules_agree.py`` checks them against the engine).

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

These arguments are about a player free to make or leave every foundation move (the solver's
``automatic=False``). With automatic moves on, a deal is a player action followed by the
automatic moves, which may send the dealt card home before the next deal, and a card sent home
at once (or held) is no longer the player's choice: the macro deal and the "held" branch do
not hold there. So this search is used for that setting only as the free player's search: its
proofs stand (a game played with automatic moves is one of the free player's games) and its
wins are kept only when the table can play them move by move (``search.plays_at_table``);
otherwise the generic search, which plays every deal as a move of its own followed by the
automatic moves, decides (``search.solve``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.state import State
from game.solver.compact import DepthFirst, Kid
from game.solver.kansas_position import FITS, NONE, QUALITY, Node
from game.variants.base import RawMove, Variant


class KansasMoves(DepthFirst[Node]):
    """The moves of the Kansas search from a compact position, pruned as the module docstring
    argues (``KansasSearch`` adds the order, the dead-end test and the bookkeeping)."""

    def __init__(
        self,
        variant: Variant,
        positions: int,
        deadline: float,
        cancelled: Callable[[], bool],
        *,
        macro: bool = True,
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

    # ---------------------------------------------------------------- positions

    def start(self, state: State) -> tuple[Node, list[int]]:
        """The compact form of ``state`` and each suit's foundation pile (-1: none yet)."""
        piles = state.piles
        self.base = state.base_rank - 1
        self.reserve = bytes(piles[self.reserve_index])
        self.stock = bytes(piles[self.stock_index])
        waste = bytes(piles[self.waste_index])
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
                wanted[FITS[pile[-1]]].append(j)
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
            for j in wanted[QUALITY[card]]:
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
            if following[card // 13] != card and not wanted[QUALITY[card]] and empty < 0:
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
        fits = FITS[card]
        if reserve_n and QUALITY[self.reserve[reserve_n - 1]] == fits:
            self._reserve_child(out, node, homes, self.reserve[reserve_n - 1], must)
        only = [[] if q != fits else [must] for q in range(13)]
        no_home = [-1, -1, -1, -1]
        if waste and QUALITY[waste[-1]] == fits:
            self._waste_plays(out, node, homes, waste[-1], waste[:-1], stock_n, [], no_home, only, -1)
        if self.macro:
            stock = self.stock
            deal = (self.stock_index, self.waste_index, 1)
            for i in range(stock_n - 1, -1, -1):
                if QUALITY[stock[i]] == fits:
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
        top_quality = QUALITY[pile[-1]]
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
        targets = wanted[QUALITY[card]]
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
