"""The rule tables of the alternating-colour search (``game.solver.alternate``): which positions
it takes, how cards build and go home, and a test for a pile that can never be cleared.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.engine.cards import IS_RED, RANK, SUIT
from game.engine.state import State
from game.variants.base import Variant

_IS_RED: Final = IS_RED
_RANK: Final = RANK
_SUIT: Final = SUIT
"""Each card's colour, rank and suit, as constants of this compiled module (read without a
look-up in its globals)."""


DOWN: Final = 64
"""Added to a card's number when it lies face down in a tableau pile."""

Found = tuple[int, ...]

OPPOSITE: Final = tuple(tuple(t for t in range(4) if _IS_RED[t * 13] != _IS_RED[s * 13]) for s in range(4))


def supported(variant: Variant, state: State, *, lady_jane: bool) -> bool:
    """Whether this solver handles ``state`` of ``variant``, declared Lady Jane's game
    (``lady_jane``) or Aunt Mary's (``game.solver.families``): 52 cards, every face-down card
    under a face-up one (or in the stock), foundations built from the base.

    The game is never guessed from the variant's attributes (a look-alike with other stock
    rules would be searched with the wrong ones); what is checked here is the position."""
    lj, am = lady_jane, not lady_jane
    if state.card_count() != 52:
        return False
    piles, hidden = state.piles, state.hidden
    if any(hidden[i] and hidden[i] >= len(piles[i]) for i in variant.tableau):
        return False
    stock = variant.stock
    if am and hidden[stock] != len(piles[stock]):
        return False
    if lj and hidden[stock] not in (0, len(piles[stock])):
        return False
    if any(hidden[i] for i in range(len(piles)) if i != stock and i not in variant.tableau):
        return False
    return _foundations_ok(variant, state)


def _foundations_ok(variant: Variant, state: State) -> bool:
    base = state.base_rank
    suits = set()
    for f in variant.foundations:
        pile = state.piles[f]
        if not pile:
            continue
        suit = _SUIT[pile[0]]
        if suit in suits or any(_SUIT[c] != suit or (_RANK[c] - base) % 13 != i for i, c in enumerate(pile)):
            return False
        suits.add(suit)
    return True


Layers = tuple[tuple[int, int], ...]
"""A pile's cards that may be frozen, from the top down: each card's bit and a bit per card under
it (``Rules._layers``)."""


class Rules:
    """The rule tables of one game at one base rank."""

    def __init__(self, variant: Variant, base: int) -> None:
        self.base = base
        # Each card's place in its suit's foundation sequence (0: the base rank).
        self.place = bytes((_RANK[c] - base) % 13 for c in range(52))
        # The card each suit takes next at each height (-1 once complete).
        self.next_home = tuple((*(s * 13 + (base - 1 + h) % 13 for h in range(13)), -1) for s in range(4))
        acc = variant.accepts(base)
        fits = bytearray(128 * 128)
        parents: list[list[int]] = [[] for _ in range(52)]
        for lower in range(52):
            for upper in acc[lower]:
                fits[lower << 7 | upper] = 1
                parents[upper].append(lower)
        self.fits = bytes(fits)
        """``fits[lower << 7 | upper]``: ``upper`` may lie on face-up ``lower`` in a build."""
        self.parents = tuple(tuple(p) for p in parents)
        self.mate = bytes((3 - c // 13) * 13 + c % 13 for c in range(52))
        """Each card's twin: the card of the same rank and colour (a card's parents are twins,
        and so are the two cards a card takes)."""
        fill = variant.empty_fill_rank(base)
        self.fills = tuple(not fill or _RANK[c] == fill for c in range(52))
        self.parent_bits = tuple(sum(1 << p for p in parents[c]) for c in range(52))
        self.before_bits = tuple(
            sum(1 << d for d in range(52) if _SUIT[d] == _SUIT[c] and self.place[d] < self.place[c])
            for c in range(52)
        )
        """Per card, a bit per card it may lie on, and per card of its suit that goes home
        before it (``frozen``)."""
        self.tableau_layers: dict[bytes, tuple[int, Layers]] = {}
        self.reserve_layers: dict[bytes, tuple[int, Layers]] = {}
        """``_layers`` of each tableau and each reserve pile met so far (``frozen`` is asked
        of every position the search keeps, and most of its piles were met before)."""

    def stuck(self, pile: bytes, tableau: bool) -> bool:
        """Whether some card of ``pile`` can never leave it though a card under it must go home
        before it can: then the deal is lost.

        A card ``a`` that is not of the rank that starts an empty pile leaves its pile only home
        (after every card of its suit below it in the foundation sequence), onto a top card that
        takes it (one of its two "parents"), or carried in a group whose lowest card lies under
        it, which needs ``a`` to lie face up on a face-up card that takes it (in the tableau;
        in a reserve only the top card moves). If a card of its suit that must go home first
        lies under it, and so do both its parents (or it has none), and it is not carried,
        none of these can ever happen: the cards under it stay covered while it stays.
        """
        place, fits = self.place, self.fits
        for a in range(1, len(pile)):
            card = pile[a] & 63
            if self.fills[card]:
                continue
            if tableau and pile[a - 1] < DOWN and fits[pile[a - 1] << 7 | card]:
                continue
            under = {c & 63 for c in pile[:a]}
            if not all(p in under for p in self.parents[card]):
                continue
            suit, rank_place = _SUIT[card], place[card]
            if any(_SUIT[c] == suit and place[c] < rank_place for c in under):
                return True
        return False

    def frozen(self, tableau: Sequence[bytes], reserves: Sequence[bytes]) -> bool:
        """Whether some cards can never leave their piles, each because what it needs lies
        under one of them: then the deal is lost (``stuck`` is the case of one card).

        A card that is not of the rank that starts an empty pile, and (in the tableau) does not
        lie face up on a card that takes it, leaves its pile only home or onto a parent that is
        the top of a tableau pile (rules.md LJ-4 … LJ-7, AM-3, AM-4). Take a set ``F`` of such
        cards where, for each, both parents lie under cards of ``F`` (or it has none) and so
        does a card of its suit that must go home before it. No card of ``F`` ever moves:
        at the first move of one, every card of ``F`` is still where it was, so the cards under
        them are still covered (a card under another moves only with it, and a card of ``F``
        is never carried in a group from below), and that card can go neither home nor onto a
        parent. So if such a set is not empty, its cards never go home. The largest such set
        is found by starting from every such card and dropping those that fail, until none
        does."""
        frozen = 0
        layers: list[Layers] = []
        kinds = ((tableau, self.tableau_layers, True), (reserves, self.reserve_layers, False))
        for piles, memo, tableau_pile in kinds:
            for pile in piles:
                known = memo.get(pile)
                if known is None:
                    known = memo[pile] = self._layers(pile, tableau_pile)
                frozen |= known[0]
                if known[1]:
                    layers.append(known[1])
        parent_bits, before_bits = self.parent_bits, self.before_bits
        while frozen:
            buried = 0
            for pile_layers in layers:
                for bit, under in pile_layers:
                    if frozen & bit:
                        buried |= under
                        break
            kept = 0
            rest = frozen
            while rest:
                low = rest & -rest
                rest ^= low
                card = low.bit_length() - 1
                if parent_bits[card] & ~buried == 0 and before_bits[card] & buried:
                    kept |= low
            if kept == frozen:
                return True
            frozen = kept
        return False

    def _layers(self, pile: bytes, tableau: bool) -> tuple[int, Layers]:
        """What ``frozen`` needs of one pile, worked out once per pile: a bit per card that
        may belong to the set (not of the rank that starts an empty pile, and in the tableau
        not face up on a card that takes it), and for each such card above the bottom, from the
        top down, its bit and a bit per card under it."""
        fills, fits = self.fills, self.fits
        candidates = 0
        layers: list[tuple[int, int]] = []
        under = 0
        for a in range(len(pile)):
            card = pile[a] & 63
            laid = tableau and a and pile[a - 1] < DOWN and fits[pile[a - 1] << 7 | card]
            if not fills[card] and not laid:
                candidates |= 1 << card
                if a:
                    layers.append((1 << card, under))
            under |= 1 << card
        layers.reverse()
        return candidates, tuple(layers)

    def goes_home(self, card: int, found: Found) -> bool:
        """Whether ``card`` (maybe face down) is face up, next for its foundation and safe."""
        return card < DOWN and found[_SUIT[card]] == self.place[card] and self.safe(card, found)

    def safe(self, card: int, found: Sequence[int]) -> bool:
        """Whether ``card``, next for its foundation, can go home at once without losing a win.

        Stricter than rules.md's automatic moves: both cards of the other colour one step lower
        in the foundation sequence are home, and so is every card two or more steps lower. In a
        card's place in the tableau only those lower cards can lie on it, and on them only
        cards lower again, so every card that could ever be built on it, or on a card built on
        it, is already home and could only come back from a foundation to lie there: such a
        chain never holds a card that is not home, so keeping the card home loses nothing.
        rules.md's rule alone is not enough where foundation cards come back into play: with
        the two black Jacks home, a Queen of hearts sent home can no longer take the Jack of
        spades back from its foundation to park the Ten of diamonds on (``tests/solver/
        test_alternate.py`` has such a position, won only by keeping the Queen out).
        A base card is always safe: nothing can lie on it (LJ-4; on an Ace, AM-3).
        """
        place = self.place[card]
        a, b = OPPOSITE[_SUIT[card]]
        return place == 0 or (found[a] >= place and found[b] >= place and min(found) >= place - 1)


def reveal(pile: bytes) -> bytes:
    """``pile`` with its top card turned face up."""
    if pile and pile[-1] >= DOWN:
        return pile[:-1] + bytes((pile[-1] - DOWN,))
    return pile
