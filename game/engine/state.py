"""The state of a table: every pile's cards, which are face down, and the rule state.

A ``State`` is an immutable, hashable value. Everything that decides whether a move is legal
lives here (the base rank, the redeals left, which cards are face down), so undo is simply
going back to an earlier ``State``.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import DECK, Card, parse_card, parse_rank, rank_letter, split_cards
from game.engine.errors import InvalidPosition, shown

Pile = tuple[Card, ...]


class State:
    """Piles (bottom to top), face-down counts, base rank and redeals left.

    In every game face-down cards lie at the bottom of their pile, so ``hidden[i]`` (how many
    of pile ``i``'s cards are face down, counted from the bottom) says it all. Instances are
    never changed after construction; the engine caches per-position work on them.
    """

    __slots__ = ("_hash", "auto_cache", "base_rank", "hidden", "legal_cache", "piles", "redeals_left")

    def __init__(
        self,
        piles: tuple[Pile, ...],
        hidden: tuple[int, ...],
        base_rank: int,
        redeals_left: int,
    ) -> None:
        self.piles = piles
        self.hidden = hidden
        self.base_rank = base_rank
        self.redeals_left = redeals_left
        self._hash: int | None = None
        # Per-position work, filled in by the rules on first use (moves are index triples).
        self.legal_cache: list[tuple[int, int, int]] | None = None
        self.auto_cache: list[tuple[int, int, int]] | None = None

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self.piles, self.hidden, self.base_rank, self.redeals_left))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (
            hash(self) == hash(other)
            and self.piles == other.piles
            and self.hidden == other.hidden
            and self.base_rank == other.base_rank
            and self.redeals_left == other.redeals_left
        )

    def __repr__(self) -> str:
        return f"State({self.piles!r}, {self.hidden!r}, {self.base_rank}, {self.redeals_left})"

    def is_face_up(self, pile: int, position: int) -> bool:
        """Whether the card at ``position`` (0 = bottom) of pile ``pile`` is face up."""
        return position >= self.hidden[pile]

    def top_is_face_up(self, pile: int) -> bool:
        """Whether pile ``pile`` has a top card and it is face up."""
        return self.hidden[pile] < len(self.piles[pile])

    def card_count(self) -> int:
        """How many cards lie on the table in all."""
        return sum(len(p) for p in self.piles)

    def pile_text(self, pile: int) -> list[str]:
        """The cards of pile ``pile`` in text form, bottom to top, face-down in lower case."""
        h = self.hidden[pile]
        return [c.text(i >= h) for i, c in enumerate(self.piles[pile])]


def state_to_text(
    state: State,
    names: Sequence[str],
    variant_key: str,
    *,
    show_base: bool,
    show_redeals: bool,
) -> str:
    """The one-line text form of ``state``: ``key [base=R] [redeals=N] pile=cards …``.

    Cards of a pile are written bottom to top with no separator (``tableau-2=td9SKH``), and an
    empty pile is ``-``.
    """
    parts = [variant_key]
    if show_base:
        parts.append(f"base={rank_letter(state.base_rank)}")
    if show_redeals:
        parts.append(f"redeals={state.redeals_left}")
    for i, name in enumerate(names):
        parts.append(f"{name}={''.join(state.pile_text(i)) or '-'}")
    return " ".join(parts)


def parse_fields(text: str) -> tuple[str, dict[str, str]]:
    """Split a position text into its variant key and its ``name=value`` fields."""
    if not isinstance(text, str):
        raise TypeError(f"a position text is a string such as 'kansas base=7 stock=…', got {shown(text)}")
    tokens = text.split()
    if not tokens:
        raise InvalidPosition("empty position text")
    fields: dict[str, str] = {}
    for token in tokens[1:]:
        name, sep, value = token.partition("=")
        if not sep or not name:
            raise InvalidPosition(f"expected name=value, got {shown(token)}")
        if name in fields:
            raise InvalidPosition(f"{name} is given twice")
        fields[name] = value
    return tokens[0], fields


def parse_pile(name: str, text: str) -> tuple[Pile, int]:
    """A pile's cards and its face-down count from its text (``td9SKH`` or ``-``)."""
    cards: list[Card] = []
    hidden = 0
    for token in split_cards(text):
        card, face_up = parse_card(token)
        if not face_up:
            if hidden != len(cards):
                raise InvalidPosition(f"{name}: face-down cards must lie under face-up ones")
            hidden += 1
        cards.append(card)
    return tuple(cards), hidden


def parse_state(
    fields: dict[str, str],
    names: Sequence[str],
    *,
    default_base: int | None,
    default_redeals: int,
) -> State:
    """Build a State from parsed fields; piles not named are empty.

    ``default_base`` is the base rank when ``base=`` is absent (``None``: take the bottom card
    of the first non-empty foundation). A position may hold fewer than 52 cards (handy for
    tests), but never the same card twice.
    """
    unknown = set(fields) - set(names) - {"base", "redeals"}
    if unknown:
        raise InvalidPosition(f"no pile named {shown(sorted(unknown)[0])}; piles: {', '.join(names)}")
    piles: list[Pile] = []
    hidden: list[int] = []
    for name in names:
        cards, down = parse_pile(name, fields.get(name, "-"))
        piles.append(cards)
        hidden.append(down)
    _check_unique(piles)
    base = _parse_base(fields, names, piles, default_base)
    redeals = _parse_int(fields.get("redeals"), "redeals", default_redeals)
    return State(tuple(piles), tuple(hidden), base, redeals)


def _check_unique(piles: Sequence[Pile]) -> None:
    seen: set[Card] = set()
    for pile in piles:
        for card in pile:
            if card in seen:
                raise InvalidPosition(f"{card} appears twice")
            seen.add(card)


def _parse_base(
    fields: dict[str, str], names: Sequence[str], piles: Sequence[Pile], default: int | None
) -> int:
    if "base" in fields:
        return parse_rank(fields["base"])
    if default is not None:
        return default
    for name, pile in zip(names, piles, strict=True):
        if name.startswith("foundation") and pile:
            return DECK[pile[0]].rank
    raise InvalidPosition("base= is needed: no foundation card shows the base rank")


def _parse_int(value: str | None, name: str, default: int) -> int:
    """``name=value`` as a whole number from 0 to ``default`` (the most the game allows)."""
    if value is None:
        return default
    # ASCII digits only: str.isdigit also takes superscripts and other scripts' digits.
    digits = value.lstrip("0") or "0"
    if not (value.isascii() and value.isdigit()) or len(digits) > 3 or int(digits) > default:
        raise InvalidPosition(f"{name} must be a whole number from 0 to {default}, got {value[:20]!r}")
    return int(digits)
