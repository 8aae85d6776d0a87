"""What a variant declares, and the tables derived from it once per variant.

``VariantSpec`` holds the declarations (piles and their layout, how the tableau builds, what
fills an empty pile, where foundation cards may go, the group-move limit), the pile indices
by kind, and the derived tables every rule consults: which card may go on which, the rank
below a rank, the length of a movable build, the largest movable group.
"""

from __future__ import annotations

from typing import ClassVar, Self, cast

from game.engine.cards import ACE, IS_RED, KING, RANK, SUIT, rank_letter
from game.engine.state import State
from game.i18n import _, pgettext
from game.variants.piles import ALL_RESERVES, ALL_RESERVES_NAME, Build, EmptyFill, Kind, PileSpec


class VariantSpec:
    """A game of patience as data: its piles and the rule settings it declares."""

    key: ClassVar[str]
    name: ClassVar[str]
    """The game's English name, marked ``NP_("game name", ...)``; the scripting API reads it,
    players read :meth:`display_name`."""
    summary: ClassVar[str]
    """The chooser's one line, marked ``N_()``; players read :meth:`display_summary`."""
    rules: ClassVar[tuple[str, ...]] = ()
    """The rules as players read them on the rules screen (F1): one whole paragraph per
    message, each marked ``N_()`` so translators get it whole; :meth:`rule_paragraphs` shows
    them. The class docstring stays the developers' statement of the rules, with rule ids."""
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

    _instances: ClassVar[dict[type[VariantSpec], VariantSpec]] = {}

    @classmethod
    def instance(cls) -> Self:
        """The shared instance of this variant (variants hold no game state)."""
        inst = VariantSpec._instances.get(cls)
        if inst is None:
            inst = VariantSpec._instances[cls] = cls()
        return cast(Self, inst)  # the registry is keyed by the instance's own class

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
        return self.group_limit_for(sum(1 for c in self.cells if not state.piles[c]))

    def group_limit_for(self, empty_cells: int) -> int:
        """The largest group that may move with ``empty_cells`` reserve cells empty (BG-4, SH-4).

        The one place the limit is written: move generation, the reasons and the solver use it.
        """
        return empty_cells + 1 if self.group_limit_by_cells else 52

    # ------------------------------------------------------------- text forms

    def target_index(self, name: str) -> int | None:
        """The index of a move's target pile by name (``reserve``: all reserve piles)."""
        if name == ALL_RESERVES_NAME and self.deals_to_reserves:
            return ALL_RESERVES
        return self.index.get(name)

    def pile_name(self, index: int) -> str:
        """The name of pile ``index`` (``reserve`` for the all-reserves deal target)."""
        return ALL_RESERVES_NAME if index == ALL_RESERVES else self.names[index]

    def base_text(self, state: State) -> str:
        """The base rank as a letter."""
        return rank_letter(state.base_rank)

    # ------------------------------------------------------- what players read

    def display_name(self) -> str:
        """The game's name in the player's language (``name`` stays English for scripts)."""
        return pgettext("game name", self.name)

    def display_summary(self) -> str:
        """The chooser's one line in the player's language."""
        return _(self.summary)

    def rule_paragraphs(self) -> list[str]:
        """The rules screen's paragraphs in the player's language, translated now (so a
        language switched in the menu shows at once)."""
        return [_(paragraph) for paragraph in self.rules]
