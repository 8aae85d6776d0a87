"""A fast exhaustive solver for the alternating-colour games with a stock (Aunt Mary, Lady Jane).

Positions are held compactly: each tableau pile a ``bytes`` of cards (a face-down card ``c``
stored as ``c + 64``), the foundations one height per suit, the stock, waste and reserve piles
as ``bytes``. Moves are generated here from the same rules as the variants' (rules.md AM-2 …
AM-6, LJ-2 … LJ-8): a face-up valid build moves as a group onto a top card that takes its
lowest card, or onto an empty pile if that card may start one; the top card of the waste, a
reserve or a face-up stock plays to the tableau or home; a foundation's top card comes back
onto the tableau. The stock rules are ``AuntMaryStock`` and ``LadyJaneStock``
(``game.solver.alternate_stock``), the rule tables ``game.solver.alternate_rules``. The
caller replays every winning line through the engine, so a slip here could only cost a win,
never produce an illegal line.

Pruning that provably keeps every win (as the engine-level search, ``game.solver.search``):

* a card that is safe (``Rules.safe``: stricter than rules.md's automatic moves, which are not
  a sound pruning where foundation cards come back) goes home at once after every move; a safe
  card is never taken back off its foundation, since it would go straight home again (the
  position would be its parent's);
* of several empty tableau piles only one is tried, and a whole face-up pile never moves to
  an empty pile (both only relabel piles);
* positions that differ only by the order of the tableau piles share one key, and the stock
  rules leave out of the key what follows from the rest (see the stock classes); a position
  reached again with no more redeals left than before is not searched again (a redeal only
  adds moves);
* a position where a card can never leave its pile though a card under it must go home first
  is lost (``Rules.stuck`` gives the argument), and so is one where several cards can never
  leave their piles, each because what it needs lies under one of them (``Rules.frozen``:
  the Queen of hearts on the King of spades, the Queen of diamonds on the King of clubs,
  each over the Jack of its suit). Of Lady Jane deals 50001..51000, 11 are proved lost so at
  the deal, which ``stuck`` alone did not see: five of them had taken 11–39 s of processor
  time and 0.76–2.8 million positions, or more than 3 million (deal 50636);
* **positions that differ only by which of two twin parents holds a build share one key.**
  A card ``X`` has two parents, the twins one rank higher in the other colour. When ``X`` lies
  on one of them, ``P``, at the start of the valid build that ends its pile, and the other,
  ``Q``, is a tableau top, ``X`` and the cards on it may move onto ``Q`` and back: the move
  changes nothing else and can be undone, so the two positions win or lose together (and
  such choices do not depend on one another: the cards that can lie on ``P`` or ``Q`` are
  ``X`` and its twin). The key is taken from the tableau with every such card on the
  lower-numbered of its parents (``canonical``), so all those positions are searched once.
  The position searched must then also do what the others can: every move of another one is
  a move of this one, or a move of the same cards whose result differs only by where such a
  card lies (a group lifted from under ``P`` carries ``X`` or leaves it on ``Q``), except the
  moves that need ``P`` uncovered: ``P`` home, and ``X``'s twin onto ``P``. Those are tried
  after moving ``X`` onto ``Q`` (``_swapped_moves``). Lady Jane deal 154 is proved
  unwinnable in 272,983 positions instead of 2,012,769. A card lying on a parent can only
  move onto the other one, which only leads back to its position's key, so that move is not
  generated at all: in deal 154 those were 39 % of all children, and leaving them out makes
  the search about 1.25 times as fast (the same positions are searched).

A winning line is given as the table plays it where it can be (``compact.as_played``, in
``search._solve_cells``: every move followed by rules.md's automatic moves), so hints meet the
table's positions.

The search is depth-first with the children of each position tried most promising first; a
position is expanded at most once, so when the search ends without a win every reachable
position (under the rules above) was seen: a proof that none wins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final

from game.engine.cards import SUIT
from game.engine.state import State
from game.solver.alternate_rules import DOWN, Found, Rules, reveal
from game.solver.compact import Closures, DepthFirst
from game.variants.base import RawMove, Variant

_SUIT: Final = SUIT
"""Each card's suit, as constants of this compiled module (read without a look-up in its
globals)."""


Tab = tuple[bytes, ...]
Side = tuple[bytes, ...]
# A position: tableau, foundation heights per suit, side piles (stock, waste, reserves...),
# face-down cards in the stock, redeals left.
Node = tuple[Tab, Found, Side, int, int]
Kid = tuple[Node, list[RawMove], list[int]]
Movable = tuple[tuple[int, tuple[int, ...], bool], ...]


class AlternateSearch(DepthFirst[Node]):
    """One depth-first search over one position; the stock's rules come from a subclass."""

    singles: ClassVar[tuple[int, ...]] = ()
    """Side piles whose top card plays (the stock's too when it is face up)."""

    def __init__(
        self,
        variant: Variant,
        positions: int,
        deadline: float,
        cancelled: Callable[[], bool],
        *,
        dead_test: bool = True,
        twins: bool = True,
        carry: bool = False,
    ) -> None:
        super().__init__(positions, deadline, cancelled)
        self.carry = carry
        """Whether the search marks the positions it proves lost and starts from the marks
        carried in, inside ``carry.carry_over`` (Lady Jane's depth-first search only)."""
        self.closures = Closures(set())
        """With ``marking``: what the search has proved lost so far, and the marks carried in."""
        self.v = variant
        self.dead_test = dead_test
        """Whether positions ``is_dead`` calls lost are left out (off only to check the test)."""
        self.twins = twins
        """Whether positions that differ only by which twin parent holds a build share a key
        (``canonical``; off only to check the rule)."""
        self.tab_index = variant.tableau
        self.found_index = variant.foundations
        self.side_index = (variant.stock, variant.waste, *variant.reserves)
        # ``seen`` keeps the most redeals each position was reached with (Aunt Mary keeps the
        # waste's length there too: ``AuntMaryStock.admit``).
        self.dead_piles: dict[bytes, bool] = {}
        self.pile_costs: dict[bytes, int] = {}
        self.runs: dict[bytes, Movable] = {}
        self.candidates: dict[bytes, tuple[int, tuple[tuple[int, int], ...]]] = {}
        """Per pile, the cards of its top build on the higher-numbered of their parents (where
        they are, and their other parent), with a bit per such other parent: ``canonical``
        moves them when that one is a top."""
        self.rules = Rules(variant, 1)
        self.singles_face_up = (0, *self.singles)

    # ------------------------------------------------------------ positions

    def start(self, state: State) -> tuple[Node, list[int]]:
        """The compact form of ``state`` and each suit's foundation pile (-1: none yet)."""
        self.rules = Rules(self.v, state.base_rank)
        piles, hidden = state.piles, state.hidden
        tab = tuple(
            bytes([*(c + DOWN for c in piles[t][: hidden[t]]), *piles[t][hidden[t] :]])
            for t in self.tab_index
        )
        found = [0, 0, 0, 0]
        homes = [-1, -1, -1, -1]
        for f in self.found_index:
            if piles[f]:
                found[_SUIT[piles[f][0]]] = len(piles[f])
                homes[_SUIT[piles[f][0]]] = f
        side = tuple(bytes(piles[i]) for i in self.side_index)
        return (tab, tuple(found), side, hidden[self.v.stock], state.redeals_left), homes

    def key(self, node: Node) -> bytes:
        """Equal for positions that differ only by the order of the tableau piles (see subclasses)."""
        raise NotImplementedError

    def home(self, suit: int, homes: list[int]) -> int:
        """The foundation pile of ``suit``, taking the leftmost free one for a new suit."""
        if homes[suit] < 0:
            used = set(homes)
            homes[suit] = next(f for f in self.found_index if f not in used)
        return homes[suit]

    def settle(self, node: Node, line: list[RawMove], homes: list[int]) -> Node:
        """Send every safe card home, one at a time, adding the moves to ``line``."""
        tab, found, side, down, redeals = node
        rules = self.rules
        place = rules.place
        t, f, sd = list(tab), list(found), list(side)
        moved = True
        while moved:
            moved = False
            for i, pile in enumerate(t):
                while pile and pile[-1] < DOWN:
                    card = pile[-1]
                    suit = _SUIT[card]
                    if f[suit] != place[card] or not rules.safe(card, f):
                        break
                    line.append((self.tab_index[i], self.home(suit, homes), 1))
                    f[suit] += 1
                    pile = reveal(pile[:-1])
                    moved = True
                t[i] = pile
            for j in self.singles_now(down):
                pile = sd[j]
                while pile:
                    card = pile[-1]
                    suit = _SUIT[card]
                    if f[suit] != place[card] or not rules.safe(card, f):
                        break
                    line.append((self.side_index[j], self.home(suit, homes), 1))
                    f[suit] += 1
                    pile = pile[:-1]
                    moved = True
                sd[j] = pile
        return tuple(t), tuple(f), tuple(sd), down, redeals

    def canonical(self, tab: Tab) -> Tab:
        """``tab`` with every card that lies on the higher-numbered of its two parents moved,
        with the cards on it, onto the other parent when that one is a tableau top: the same
        for every position that such moves lead to (see the module docstring)."""
        if not self.twins:
            return tab
        tops = 0  # a bit per card on top of a pile
        wanted = 0  # a bit per card some pile's candidate would move onto
        for pile in tab:
            if pile:
                tops |= 1 << pile[-1]
                wanted |= self._candidates(pile)[0]
        if not tops & wanted:
            return tab  # most positions: nothing to move
        t: list[bytes] | None = None
        again = True
        while again:
            again = False
            for i in range(len(tab)):
                pile = tab[i] if t is None else t[i]
                for k, other in self._candidates(pile)[1]:
                    if tops >> other & 1:
                        if t is None:
                            t = list(tab)
                        d = next(d for d in range(len(t)) if t[d] and t[d][-1] == other)
                        t[d] = t[d] + pile[k:]
                        t[i] = pile[:k]
                        tops ^= 1 << other | 1 << pile[k - 1]
                        again = True
                        break
        return tab if t is None else tuple(t)

    def _candidates(self, pile: bytes) -> tuple[int, tuple[tuple[int, int], ...]]:
        """``candidates`` of ``pile``, worked out the first time it is met."""
        known = self.candidates.get(pile)
        if known is None:
            mate = self.rules.mate
            linked = self._linked(pile)
            moves = tuple((k, mate[pile[k - 1]]) for k in linked if mate[pile[k - 1]] < pile[k - 1])
            wanted = 0
            for _, other in moves:
                wanted |= 1 << other
            known = self.candidates[pile] = (wanted, moves)
        return known

    def _linked(self, pile: bytes) -> range:
        """The places of the cards of ``pile``'s top build that lie on a card taking them."""
        if not pile:
            return range(0)
        movable = self.runs.get(pile)
        if movable is None:
            movable = self.runs[pile] = self.movable(pile)
        return range(movable[-1][0] + 1, len(pile))

    def singles_now(self, down: int) -> tuple[int, ...]:
        """The side piles whose top card plays (the stock only when face up)."""
        return self.singles if down else self.singles_face_up

    # ------------------------------------------------------------------ moves

    def targets(self, card: int, tab: Tab, found: Found, tops: list[int], empty: int) -> list[int]:
        """Where ``card``, free on top of a pile, may go: -1 home, else tableau pile numbers."""
        out = [-1] if found[_SUIT[card]] == self.rules.place[card] else []
        for parent in self.rules.parents[card]:
            d = tops[parent]
            if d >= 0:
                out.append(d)
        if empty >= 0 and self.rules.fills[card]:
            out.append(empty)
        return out

    def children(self, node: Node, homes: list[int]) -> list[Kid]:
        """Every pruned move from ``node``, each with its safe foundation moves."""
        tops = [-1] * 52
        empty = -1
        for i, pile in enumerate(node[0]):
            if pile:
                tops[pile[-1]] = i
            elif empty < 0:
                empty = i
        out = self._moves(node, homes, tops, empty)
        if self.twins:
            self._swapped_moves(node, homes, tops, out)
        return out

    def _swapped_moves(self, node: Node, homes: list[int], tops: list[int], out: list[Kid]) -> None:
        """The moves that only another placement allows (see ``canonical``): where a card ``X``
        lies on its parent ``P`` and its other parent ``Q`` is a tableau top, ``X`` moves onto
        ``Q`` and then ``P`` goes home, or ``X``'s twin (the other card ``P`` takes) goes onto
        ``P``. ``tops``: each card's tableau pile when it is a pile's top, else -1."""
        tab, found, side = node[:3]
        rules = self.rules
        mate = rules.mate
        tix = self.tab_index
        for i, pile in enumerate(tab):
            for k in self._linked(pile):
                card, parent = pile[k], pile[k - 1]
                d = tops[mate[parent]]
                if d < 0:
                    continue
                t = list(tab)
                t[d] = tab[d] + pile[k:]
                t[i] = pile[:k]
                swap = (tix[i], tix[d], len(pile) - k)
                if found[_SUIT[parent]] == rules.place[parent]:
                    t2 = list(t)
                    t2[i] = reveal(pile[: k - 1])
                    kid = self.after(node, tuple(t2), found, side, parent, [(tix[i], -1, 1)], homes)
                    out.append((kid[0], [swap, *kid[1]], kid[2]))
                self._twin_moves(node, tuple(t), i, mate[card], swap, homes, out)

    def _twin_moves(
        self, node: Node, tab: Tab, i: int, twin: int, swap: RawMove, homes: list[int], out: list[Kid]
    ) -> None:
        """``twin`` (with the cards on it) onto the top of tableau pile ``i``, from wherever it
        is free to move, after ``swap``."""
        found, side, down = node[1], node[2], node[3]
        tix = self.tab_index
        for j, pile in enumerate(tab):
            if j == i or twin not in pile:
                continue
            movable = self.runs.get(pile)
            if movable is None:
                movable = self.runs[pile] = self.movable(pile)
            for m, _, _ in movable:
                if pile[m] == twin:
                    t = list(tab)
                    t[i] = tab[i] + pile[m:]
                    t[j] = reveal(pile[:m])
                    line = [(tix[j], tix[i], len(pile) - m)]
                    kid = self.after(node, tuple(t), found, side, -1, line, homes, t[j])
                    out.append((kid[0], [swap, *kid[1]], kid[2]))
            return
        for j in self.singles_now(down):
            if side[j] and side[j][-1] == twin:
                sd = list(side)
                sd[j] = side[j][:-1]
                t = list(tab)
                t[i] = tab[i] + bytes((twin,))
                line = [(self.side_index[j], tix[i], 1)]
                kid = self.after(node, tuple(t), found, tuple(sd), -1, line, homes, sd[j])
                out.append((kid[0], [swap, *kid[1]], kid[2]))
                return
        suit = _SUIT[twin]
        height = found[suit]
        if (
            height >= 2
            and self.rules.next_home[suit][height - 1] == twin
            and not self.rules.safe(twin, found)
        ):
            f = list(found)
            f[suit] -= 1
            t = list(tab)
            t[i] = tab[i] + bytes((twin,))
            line = [(homes[suit], tix[i], 1)]
            kid = self.after(node, tuple(t), tuple(f), side, -1, line, homes)
            out.append((kid[0], [swap, *kid[1]], kid[2]))

    def _moves(self, node: Node, homes: list[int], tops: list[int], empty: int) -> list[Kid]:
        """Every pruned move from ``node`` as its tableau lies (``children`` adds the others);
        ``tops`` as for ``_swapped_moves``, ``empty`` the first empty pile (-1: none)."""
        tab, found, side, down = node[:4]
        out: list[Kid] = []
        self._tableau_moves(node, tops, empty, homes, out)
        for j in self.singles_now(down):
            if side[j]:
                card = side[j][-1]
                for d in self.targets(card, tab, found, tops, empty):
                    sd = list(side)
                    sd[j] = side[j][:-1]
                    out.append(self.place_card(node, tuple(sd), card, d, self.side_index[j], homes, sd[j]))
        self._foundation_moves(node, tops, empty, homes, out)
        self.stock_moves(node, tops, empty, homes, out)
        return out

    def _tableau_moves(
        self, node: Node, tops: list[int], empty: int, homes: list[int], out: list[Kid]
    ) -> None:
        tab, found, side = node[:3]
        place = self.rules.place
        tix = self.tab_index
        runs = self.runs
        for i, pile in enumerate(tab):
            n = len(pile)
            if not n:
                continue
            top = pile[-1]
            if found[_SUIT[top]] == place[top]:
                t = list(tab)
                t[i] = reveal(pile[:-1])
                out.append(self.after(node, tuple(t), found, side, top, [(tix[i], -1, 1)], homes))
            movable = runs.get(pile)
            if movable is None:
                movable = runs[pile] = self.movable(pile)
            # A card lying on a card that takes it can only go onto that card's twin: the same
            # position under ``canonical``, met already (``_swapped_moves`` has the moves that
            # placement allows). Leaving those moves out spares a key each.
            bottom = movable[-1][0] if self.twins else n
            for j, parents, fills in movable:
                targets = [tops[p] for p in parents if j <= bottom and tops[p] >= 0]
                if empty >= 0 and fills:
                    targets.append(empty)
                for d in targets:
                    t = list(tab)
                    t[d] = tab[d] + pile[j:]
                    t[i] = reveal(pile[:j])
                    line = [(tix[i], tix[d], n - j)]
                    out.append(self.after(node, tuple(t), found, side, -1, line, homes, t[i]))

    def movable(self, pile: bytes) -> Movable:
        """The cards of a non-empty pile that can be picked up with the cards on them (a face-up
        valid build), from the top down: each one's place, the cards it may go on, and whether
        it may go to an empty pile (not when it lies at the bottom: that only relabels piles)."""
        rules = self.rules
        fits = rules.fits
        j = len(pile) - 1
        while j and fits[pile[j - 1] << 7 | pile[j]]:
            j -= 1
        return tuple(
            (k, rules.parents[pile[k]], bool(k) and rules.fills[pile[k]])
            for k in range(len(pile) - 1, j - 1, -1)
        )

    def _foundation_moves(
        self, node: Node, tops: list[int], empty: int, homes: list[int], out: list[Kid]
    ) -> None:
        """A foundation's top card back onto the tableau, unless it is safe (it would go home again)."""
        tab, found, side = node[:3]
        rules = self.rules
        for suit in range(4):
            height = found[suit]
            if height < 2:
                continue
            card = rules.next_home[suit][height - 1]
            if rules.safe(card, found):
                continue
            f = list(found)
            f[suit] -= 1
            for d in self.targets(card, tab, found, tops, empty):
                if d >= 0:
                    t = list(tab)
                    t[d] = tab[d] + bytes((card,))
                    line = [(homes[suit], self.tab_index[d], 1)]
                    out.append(self.after(node, tuple(t), tuple(f), side, -1, line, homes))

    def place_card(
        self, node: Node, side: Side, card: int, d: int, source: int, homes: list[int], exposed: bytes
    ) -> Kid:
        """``card``, taken off side pile ``source`` (an engine index; ``side`` is without it, and
        ``exposed`` is what is left of that pile), to ``d`` (-1: home)."""
        tab, found = node[0], node[1]
        if d < 0:
            return self.after(node, tab, found, side, card, [(source, -1, 1)], homes)
        t = list(tab)
        t[d] = tab[d] + bytes((card,))
        return self.after(node, tuple(t), found, side, -1, [(source, self.tab_index[d], 1)], homes, exposed)

    def after(
        self,
        node: Node,
        tab: Tab,
        found: Found,
        side: Side,
        home: int,
        line: list[RawMove],
        homes: list[int],
        exposed: bytes = b"",
    ) -> Kid:
        """The child with ``home`` (a card, or -1) sent home by ``line[0]``, settled; its line
        and foundation piles. ``exposed`` is the pile the move uncovered a card of.

        The parent is settled, so only a card that went home (any card may have become safe)
        or the card the move uncovered can make a safe foundation move appear."""
        child: Node = (tab, found, side, node[3], node[4])
        if home < 0 and not (exposed and self.rules.goes_home(exposed[-1], found)):
            return child, line, homes
        h = list(homes)
        if home >= 0:
            f = list(found)
            f[_SUIT[home]] += 1
            self.home(_SUIT[home], h)
            line[0] = (line[0][0], h[_SUIT[home]], 1)
            child = (tab, tuple(f), side, node[3], node[4])
        return self.settle(child, line, h), line, h

    def stock_moves(self, node: Node, tops: list[int], empty: int, homes: list[int], out: list[Kid]) -> None:
        """The stock's moves (see subclasses)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ search

    def score(self, node: Node) -> int:
        """Lower is more promising: cards home, face-down cards, disorder, buried side cards."""
        found = node[1]
        costs = self.pile_costs
        total = -10 * (found[0] + found[1] + found[2] + found[3]) + self.buried(node)
        for pile in node[0]:
            cost = costs.get(pile)
            if cost is None:
                cost = costs[pile] = self.pile_cost(pile)
            total += cost
        return total

    def pile_cost(self, pile: bytes) -> int:
        """A tableau pile's part of ``score``: 3 per face-down card, 2 per card out of order,
        -2 when empty."""
        if not pile:
            return -2
        fits = self.rules.fits
        cost = 0
        for a in range(len(pile) - 1):
            if pile[a] >= DOWN:
                cost += 3
            elif not fits[pile[a] << 7 | pile[a + 1]]:
                cost += 2
        return cost

    def buried(self, node: Node) -> int:
        """The cost of the side piles' cards out of reach (see subclasses)."""
        return 0

    def roots(self, state: State) -> list[Kid]:
        """``state`` with every safe card sent home."""
        node, homes = self.start(state)
        line: list[RawMove] = []
        return [(self.settle(node, line, homes), line, homes)]

    def won(self, node: Node) -> bool:
        """Whether every card is home."""
        return sum(node[1]) == 52

    def admit(self, node: Node) -> bool:
        """Record ``node`` as seen with its redeals left; whether it is worth searching: not
        seen with as many redeals left, and not lost (``is_dead``, or with ``marking`` among
        the marks carried in)."""
        k = self.key(node)
        seen = self.seen
        stored = len(seen)
        redeals = seen.setdefault(k, node[4])
        if len(seen) == stored:  # it was there already (one look-up when it was not)
            if redeals >= node[4]:
                if self.marking:
                    self.closures.met(k)
                return False
            seen[k] = node[4]
        elif self.marking and k in self.closures.marks:
            self.closures.stored(k, False)
            return False
        dead = self.dead_test and self.is_dead(node)
        if self.marking:
            self.closures.stored(k, not dead)
        return not dead

    def opened(self, node: Node) -> None:
        """With ``marking``: ``node`` is about to be expanded (``Closures.opened``)."""
        self.closures.opened(self.key(node))

    def closed(self) -> None:
        """With ``marking``: the last position expanded on the path is searched to the end,
        without a win (``Closures.closed``)."""
        self.closures.closed()

    def is_dead(self, node: Node) -> bool:
        """Whether a card can never leave its pile, though a card under it must go home first
        (``Rules.stuck``), or several cards each for want of what lies under them
        (``Rules.frozen``): then no win is left."""
        memo = self.dead_piles
        for pile in node[0]:
            dead = memo.get(pile)
            if dead is None:
                dead = memo[pile] = self.rules.stuck(pile, True)
            if dead:
                return True
        if any(self.rules.stuck(pile, False) for pile in node[2][2:]):
            return True
        return self.rules.frozen(node[0], node[2][2:])
