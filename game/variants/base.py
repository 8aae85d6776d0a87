"""The base of every game: piles described by data, and the hooks a variant may redefine.

A variant is a short class that declares its piles (with their logical layout), how its
tableau builds, what fills an empty tableau pile, where foundation cards may go back to, and
which hooks it redefines (``deal``, ``stock_moves``, ``apply_stock``, ``settle``). Everything
else (legal-move generation, applying moves, reveals, safe automatic moves, the win and
"no move left" tests, the reason a move is illegal) lives here once.

Moves inside the engine are ``RawMove`` tuples ``(source index, target index, count)``;
``ALL_RESERVES`` as a target stands for "one card onto each reserve pile" (Lady Jane's deal).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import ClassVar, Final

from game.engine.cards import ACE, DECK, IS_RED, KING, RANK, SUIT, Card, rank_letter
from game.engine.moves import Move
from game.engine.state import Pile, State

RawMove = tuple[int, int, int]
ALL_RESERVES: Final = -1
ALL_RESERVES_NAME: Final = "reserve"


class Kind(Enum):
    """What a pile is in the game."""

    STOCK = "stock"
    WASTE = "waste"
    RESERVE = "reserve"
    """A source only: the player never puts a card on it (Lady Jane, Kansas)."""
    CELL = "cell"
    """A reserve cell holding at most one card (Baker's Game, Seahaven Towers)."""
    FOUNDATION = "foundation"
    TABLEAU = "tableau"


class Fan(Enum):
    """How a pile spreads its cards on the table."""

    NONE = "none"
    DOWN = "down"
    RIGHT = "right"


class Build(Enum):
    """How the tableau builds down."""

    SUIT = "suit"
    ALTERNATE = "alternate colours"
    ANY = "regardless of suit"


class EmptyFill(Enum):
    """Which card may start an empty tableau pile."""

    KING = "a King"
    BELOW_BASE = "a card one rank below the base rank"
    ANY = "any card"


@dataclass(frozen=True, slots=True)
class PileSpec:
    """One pile: its name, its kind and its place in the logical layout (card units)."""

    name: str
    kind: Kind
    x: float
    y: float
    fan: Fan = Fan.NONE


def row_of(
    kind: Kind, count: int, x: float, y: float, fan: Fan = Fan.NONE, *, first: int = 1, name: str = ""
) -> list[PileSpec]:
    """``count`` piles named ``name-N`` (default: the kind's name) left to right from (x, y)."""
    prefix = name or kind.value
    return [PileSpec(f"{prefix}-{first + i}", kind, x + i, y, fan) for i in range(count)]


def column_of(kind: Kind, count: int, x: float, y: float, fan: Fan, step: float) -> list[PileSpec]:
    """``count`` piles named ``kind-1``… placed top to bottom from (x, y)."""
    return [PileSpec(f"{kind.value}-{i + 1}", kind, x, y + i * step, fan) for i in range(count)]


_REVEALING: Final = (Kind.TABLEAU, Kind.RESERVE)


class Variant:
    """A game of patience: its piles, rules and hooks. Subclasses are mostly declarations."""

    key: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    layout: ClassVar[tuple[PileSpec, ...]]
    size: ClassVar[tuple[float, float]]
    """Width and height of the layout in card units (the fans' room included)."""

    build: ClassVar[Build]
    wrap: ClassVar[bool] = False
    """Ranks wrap around (a King on an Ace in the tableau, an Ace on a King at home)."""
    dealt_base: ClassVar[bool] = False
    """The base rank is the rank of the card dealt to the first foundation (else Ace)."""
    base_blocks_build: ClassVar[bool] = False
    """Nothing may be placed on a card of the base rank (Lady Jane)."""
    empty_fill: ClassVar[EmptyFill] = EmptyFill.KING
    empty_fill_sources: ClassVar[frozenset[Kind] | None] = None
    """Kinds of pile an empty tableau pile may be filled from (``None``: any)."""
    group_limit_by_cells: ClassVar[bool] = False
    """Groups are limited to the empty reserve cells plus one."""
    foundation_to: ClassVar[frozenset[Kind]] = frozenset({Kind.TABLEAU})
    """Where a foundation's top card may go back to (empty: foundations are out of play)."""
    sequences_to_foundation: ClassVar[bool] = False
    """A same-suit run whose top card fits a foundation may go home as one move (SH-7)."""
    redeals: ClassVar[int] = 0
    deals_to_reserves: ClassVar[bool] = False
    """The stock deals one card onto every reserve pile (a move to ``reserve``, Lady Jane)."""
    double_click_to_cell: ClassVar[bool] = False
    """Double-click sends a card to an empty reserve cell when it cannot go home (BG-9)."""

    _instances: ClassVar[dict[type[Variant], Variant]] = {}

    @classmethod
    def instance(cls) -> Variant:
        """The shared instance of this variant (variants hold no game state)."""
        inst = Variant._instances.get(cls)
        if inst is None:
            inst = Variant._instances[cls] = cls()
        return inst

    def __init__(self) -> None:
        self.names: tuple[str, ...] = tuple(p.name for p in self.layout)
        self.kinds: tuple[Kind, ...] = tuple(p.kind for p in self.layout)
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self.tableau = self._indices(Kind.TABLEAU)
        self.foundations = self._indices(Kind.FOUNDATION)
        self.cells = self._indices(Kind.CELL)
        self.reserves = self._indices(Kind.RESERVE)
        self.stock = self.index.get("stock", -2)
        self.waste = self.index.get("waste", -2)
        self.sources = self._source_indices()
        self.single_sources = tuple(
            i for i in self.sources if self.kinds[i] not in (Kind.TABLEAU, Kind.FOUNDATION)
        )
        self.play_sources = tuple(i for i in self.sources if self.kinds[i] is not Kind.FOUNDATION)
        self.foundations_out = self.foundations if Kind.TABLEAU in self.foundation_to else ()
        self.foundation_to_cells = Kind.CELL in self.foundation_to
        fill_kinds = self.empty_fill_sources or frozenset(Kind)
        self._fill_kinds = fill_kinds
        self._fills_from_tableau = Kind.TABLEAU in fill_kinds
        self._accepts: dict[int, tuple[tuple[int, ...], ...]] = {}
        self._fill_rank = tuple(self.empty_fill_rank(b) if b else 0 for b in range(14))
        self._home_next = tuple(self._next_in_suit(c) for c in range(52))
        self.home_next_table = self._home_next

    def _indices(self, kind: Kind) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.kinds) if k is kind)

    def _source_indices(self) -> tuple[int, ...]:
        kinds = {Kind.TABLEAU, Kind.RESERVE, Kind.CELL, Kind.WASTE, Kind.STOCK}
        if self.foundation_to:
            kinds.add(Kind.FOUNDATION)
        return tuple(i for i, k in enumerate(self.kinds) if k in kinds)

    # ----------------------------------------------------------------- hooks

    def deal(self, cards: Iterator[Card]) -> State:
        """Lay out a new game from ``cards`` in dealing order."""
        raise NotImplementedError

    def stock_moves(self, state: State) -> list[RawMove]:
        """The stock actions possible now (none by default)."""
        return []

    def apply_stock(self, state: State, move: RawMove) -> State:
        """Carry out one of ``stock_moves``."""
        raise NotImplementedError

    def settle(self, piles: list[Pile], hidden: list[int], source: int) -> None:
        """What follows a move by itself: turn up a face-down card it uncovered."""
        if self.kinds[source] in _REVEALING and piles[source] and hidden[source] == len(piles[source]):
            hidden[source] -= 1

    # ------------------------------------------------------------ rule tables

    def _next_in_suit(self, card: int) -> int:
        rank = RANK[card]
        if rank == KING:
            return card - 12 if self.wrap else -1
        return card + 1

    def below(self, rank: int) -> int:
        """The rank one step lower, wrapping where the game wraps (0 when there is none)."""
        if rank > ACE:
            return rank - 1
        return KING if self.wrap else 0

    def accepts(self, base: int) -> tuple[tuple[int, ...], ...]:
        """For each card, the cards that may be placed on it in the tableau."""
        table = self._accepts.get(base)
        if table is None:
            table = self._accepts[base] = tuple(self._build_on(c, base) for c in range(52))
        return table

    def _build_on(self, lower: int, base: int) -> tuple[int, ...]:
        if self.base_blocks_build and RANK[lower] == base:
            return ()
        rank = self.below(RANK[lower])
        if not rank:
            return ()
        suits = {
            Build.SUIT: (SUIT[lower],),
            Build.ALTERNATE: tuple(s for s in range(4) if IS_RED[s * 13] != IS_RED[lower]),
            Build.ANY: tuple(range(4)),
        }[self.build]
        return tuple(s * 13 + rank - 1 for s in suits)

    def empty_fill_rank(self, base: int) -> int:
        """The rank that may start an empty tableau pile (0: any rank)."""
        if self.empty_fill is EmptyFill.KING:
            return KING
        if self.empty_fill is EmptyFill.BELOW_BASE:
            return self.below(base) or KING
        return 0

    def run_length(self, state: State, pile: int) -> int:
        """How many cards at the top of a tableau pile form a valid, face-up build."""
        cards = state.piles[pile]
        n = len(cards)
        lowest = state.hidden[pile]
        if n <= lowest:
            return 0
        acc = self.accepts(state.base_rank)
        i = n - 1
        while i > lowest and cards[i] in acc[cards[i - 1]]:
            i -= 1
        return n - i

    def group_limit(self, state: State) -> int:
        """The largest group that may move between tableau piles now."""
        if not self.group_limit_by_cells:
            return 52
        return 1 + sum(1 for c in self.cells if not state.piles[c])

    # ------------------------------------------------------------- legal moves

    def legal(self, state: State) -> list[RawMove]:
        """Every legal move, stock actions first, cached on the state."""
        cached = state.legal_cache
        if cached is None:
            cached = state.legal_cache = self._generate(state)
        return cached

    def _generate(self, state: State) -> list[RawMove]:
        # The hot path of every search: written for speed, with the rule tables precomputed.
        piles, hidden, base = state.piles, state.hidden, state.base_rank
        moves = self.stock_moves(state) if self.stock >= 0 else []
        add = moves.append
        acc = self._accepts.get(base) or self.accepts(base)
        wanted, empty_tableau = self._wanted(state, acc)
        homes, empty_homes = self._home_needs(state)
        empty_cells = [c for c in self.cells if not piles[c]] if self.cells else []
        limit = len(empty_cells) + 1 if self.group_limit_by_cells else 52
        fill = self._fill_rank[base]
        fill_tableau = self._fills_from_tableau and bool(empty_tableau)
        for s in self.tableau:
            pile = piles[s]
            n, h = len(pile), hidden[s]
            if n <= h:
                continue
            top = pile[-1]
            home = homes.get(top)
            if home is not None:
                add((s, home, 1))
            elif RANK[top] == base:
                for d in empty_homes:
                    add((s, d, 1))
            i, k = n - 1, 1
            while True:
                card = pile[i]
                targets = wanted.get(card)
                if targets is not None:
                    for d in targets:
                        if d != s:
                            add((s, d, k))
                if fill_tableau and (not fill or RANK[card] == fill):
                    for d in empty_tableau:
                        add((s, d, k))
                if k >= limit or i <= h or card not in acc[pile[i - 1]]:
                    break
                i, k = i - 1, k + 1
            for c in empty_cells:
                add((s, c, 1))
            if self.sequences_to_foundation and (home is not None or RANK[top] == base):
                moves.extend(self._sequences_home(state, s, [home] if home is not None else empty_homes))
        for s in self.single_sources:
            pile = piles[s]
            if len(pile) <= hidden[s]:
                continue
            top = pile[-1]
            home = homes.get(top)
            if home is not None:
                add((s, home, 1))
            elif RANK[top] == base:
                for d in empty_homes:
                    add((s, d, 1))
            targets = wanted.get(top)
            if targets is not None:
                for d in targets:
                    add((s, d, 1))
            if empty_tableau and self.kinds[s] in self._fill_kinds and (not fill or RANK[top] == fill):
                for d in empty_tableau:
                    add((s, d, 1))
        if self.foundations_out:
            self._foundation_moves(state, moves, wanted, empty_tableau, empty_cells, fill)
        return moves

    def _foundation_moves(
        self,
        state: State,
        moves: list[RawMove],
        wanted: dict[int, tuple[int, ...]],
        empty_tableau: list[int],
        empty_cells: list[int],
        fill: int,
    ) -> None:
        """Moves of a foundation's top card back into play (LJ-3, AM-2, BG-7, SH-8)."""
        for s in self.foundations_out:
            pile = state.piles[s]
            if not pile:
                continue
            top = pile[-1]
            moves += [(s, d, 1) for d in wanted.get(top, ())]
            if empty_tableau and (not fill or RANK[top] == fill):
                moves += [(s, d, 1) for d in empty_tableau]
            if self.foundation_to_cells:
                moves += [(s, c, 1) for c in empty_cells]

    def _wanted(
        self, state: State, acc: tuple[tuple[int, ...], ...]
    ) -> tuple[dict[int, tuple[int, ...]], list[int]]:
        """Card -> the tableau piles whose face-up top card takes it; and the empty piles."""
        piles, hidden = state.piles, state.hidden
        wanted: dict[int, tuple[int, ...]] = {}
        empty: list[int] = []
        for t in self.tableau:
            pile = piles[t]
            if not pile:
                empty.append(t)
            elif hidden[t] < len(pile):
                for c in acc[pile[-1]]:
                    wanted[c] = (*wanted[c], t) if c in wanted else (t,)
        return wanted, empty

    def _home_needs(self, state: State) -> tuple[dict[int, int], list[int]]:
        """The card each started foundation takes next -> that foundation; the empty ones."""
        piles, following = state.piles, self._home_next
        needs: dict[int, int] = {}
        empty: list[int] = []
        for f in self.foundations:
            pile = piles[f]
            if pile:
                needs[following[pile[-1]]] = f
            else:
                empty.append(f)
        return needs, empty

    def _sequences_home(self, state: State, s: int, targets: list[int]) -> Iterator[RawMove]:
        """SH-7: every run of two or more cards from the top of ``s`` to each fitting foundation."""
        run = self.run_length(state, s)
        for d in targets:
            for k in range(2, run + 1):
                yield (s, d, k)

    # ------------------------------------------------------------------ moves

    def is_stock_action(self, move: RawMove) -> bool:
        """Whether ``move`` is a stock action (deal, redeal) rather than a card move."""
        s, d, _ = move
        return (s == self.stock and d in (self.waste, ALL_RESERVES)) or (s == self.waste and d == self.stock)

    def apply(self, state: State, move: RawMove) -> State:
        """The state after a legal ``move``, with its reveals and refills."""
        if self.is_stock_action(move):
            return self.apply_stock(state, move)
        s, d, k = move
        piles = list(state.piles)
        hidden = list(state.hidden)
        moving = piles[s][-k:]
        piles[s] = piles[s][:-k]
        if k > 1 and self.kinds[d] is Kind.FOUNDATION:
            moving = moving[::-1]
        piles[d] = piles[d] + moving
        self.settle(piles, hidden, s)
        return State(tuple(piles), tuple(hidden), state.base_rank, state.redeals_left)

    # ---------------------------------------------------------- automatic moves

    def auto(self, state: State) -> list[RawMove]:
        """The safe moves to the foundations now, one card each (see rules.md)."""
        cached = state.auto_cache
        if cached is None:
            cached = state.auto_cache = self._safe_moves(state)
        return cached

    def auto_after(self, state: State, kept_out: int | None) -> list[RawMove]:
        """``auto(state)`` without card ``kept_out``: the card the player's action took off a
        foundation is not sent straight back by the same step (rules.md, "Automatic moves never
        undo the player's own action")."""
        moves = self.auto(state)
        if kept_out is None:
            return moves
        return [m for m in moves if state.piles[m[0]][-1] != kept_out]

    def taken_home_card(self, state: State, move: RawMove) -> int | None:
        """The card ``move`` takes off a foundation in ``state`` (before it), if it does."""
        source = move[0]
        if source < 0 or self.kinds[source] is not Kind.FOUNDATION or not state.piles[source]:
            return None
        return state.piles[source][-1]

    def _safe_moves(self, state: State) -> list[RawMove]:
        piles, hidden, base = state.piles, state.hidden, state.base_rank
        needs, empty_homes = self._home_needs(state)
        outside: set[int] | None = None
        moves: list[RawMove] = []
        for s in self.play_sources:
            pile = piles[s]
            if len(pile) <= hidden[s]:
                continue
            card = pile[-1]
            d = needs.get(card)
            if d is None:
                if RANK[card] != base or not empty_homes:
                    continue
                d = empty_homes[0]
            elif self.build is not Build.SUIT:
                if outside is None:
                    outside = self._outside(state)
                if not self.is_safe(card, base, outside):
                    continue
            moves.append((s, d, 1))
        return moves

    def _outside(self, state: State) -> set[int]:
        return {c for i, p in enumerate(state.piles) if self.kinds[i] is not Kind.FOUNDATION for c in p}

    def is_safe(self, card: int, base: int, outside: set[int]) -> bool:
        """Whether no card outside the foundations could ever need to be placed on ``card``."""
        rank = RANK[card]
        if rank == base or self.build is Build.SUIT:
            return True
        lower = self.below(rank)
        if self.build is Build.ALTERNATE:
            needers = [s * 13 + lower - 1 for s in range(4) if IS_RED[s * 13] != IS_RED[card]]
        else:
            needers = [s * 13 + lower - 1 for s in range(4)]
        return not any(c in outside for c in needers)

    # ------------------------------------------------------------ end of game

    def is_won(self, state: State) -> bool:
        """All 52 cards are on the foundations."""
        piles = state.piles
        return sum(len(piles[f]) for f in self.foundations) == 52

    def is_stuck(self, state: State) -> bool:
        """Not won, and no legal move (stock actions included) is left."""
        return not self.legal(state) and not self.is_won(state)

    def finish_line(self, state: State) -> list[RawMove] | None:
        """Foundation moves that win from here when no choice is left (see ``Game.finish_line``)."""
        if self.is_won(state) or any(state.hidden) or (self.stock >= 0 and state.piles[self.stock]):
            return None
        line: list[RawMove] = []
        while not self.is_won(state):
            move = next((m for m in self.legal(state) if self._is_single_home(m)), None)
            if move is None:
                return None
            line.append(move)
            state = self.apply(state, move)
        return line

    def _is_single_home(self, move: RawMove) -> bool:
        return move[2] == 1 and move[1] >= 0 and self.kinds[move[1]] is Kind.FOUNDATION

    def double_click(self, state: State, pile: int) -> RawMove | None:
        """Where a double-click on the top card of ``pile`` sends it, if anywhere."""
        if self.kinds[pile] is Kind.FOUNDATION:
            return None
        legal = self.legal(state)
        for move in legal:
            if move[0] == pile and move[2] == 1 and self.kinds[move[1]] is Kind.FOUNDATION:
                return move
        if self.double_click_to_cell:
            for move in legal:
                if move[0] == pile and self.kinds[move[1]] is Kind.CELL:
                    return move
        return None

    # ------------------------------------------------------------- text forms

    def target_index(self, name: str) -> int | None:
        """The index of a move's target pile by name (``reserve``: all reserve piles)."""
        if name == ALL_RESERVES_NAME and self.deals_to_reserves:
            return ALL_RESERVES
        return self.index.get(name)

    def explain(self, state: State, move: Move) -> str:
        """A one-line reason why ``move`` is not legal in ``state`` (``"legal"`` if it is)."""
        from game.variants.reasons import explain

        return explain(self, state, move)

    def pile_name(self, index: int) -> str:
        """The name of pile ``index`` (``reserve`` for the all-reserves deal target)."""
        return ALL_RESERVES_NAME if index == ALL_RESERVES else self.names[index]

    def base_text(self, state: State) -> str:
        """The base rank as a letter."""
        return rank_letter(state.base_rank)

    @cached_property
    def rule_text(self) -> str:
        """The variant's docstring: its rules in the game's own words."""
        return (type(self).__doc__ or "").strip()


class Dealer:
    """Lays out a deal: cards are taken from the dealing order and placed pile by pile."""

    def __init__(self, variant: Variant, cards: Iterator[Card]) -> None:
        self._variant = variant
        self._cards = cards
        self.piles: list[list[Card]] = [[] for _ in variant.names]
        self.hidden: list[int] = [0] * len(variant.names)

    def down(self, *names: str) -> None:
        """One card face down onto each named pile, in order."""
        for name in names:
            i = self._variant.index[name]
            self.piles[i].append(next(self._cards))
            self.hidden[i] += 1

    def up(self, *names: str) -> Card:
        """One card face up onto each named pile, in order; returns the last card dealt."""
        card = DECK[0]
        for name in names:
            card = next(self._cards)
            self.piles[self._variant.index[name]].append(card)
        return card

    def rest_to_stock(self) -> None:
        """The undealt cards, face down, onto the stock: the next card to deal on top."""
        i = self._variant.stock
        self.piles[i] = list(reversed(list(self._cards)))
        self.hidden[i] = len(self.piles[i])

    def state(self, base_rank: int = ACE) -> State:
        """The finished layout."""
        piles = tuple(tuple(p) for p in self.piles)
        return State(piles, tuple(self.hidden), base_rank, self._variant.redeals)
