"""The compact Kansas position of the Kansas search (``game.solver.kansas``), and which
engine positions it takes (rules.md KS-1 … KS-9).

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
"""

from __future__ import annotations

from typing import Final

from game.engine.state import State
from game.variants.base import Variant
from game.variants.kansas import Kansas

Tab = tuple[bytes, ...]
Found = tuple[int, ...]
Node = tuple[Tab, int, int, bytes, Found, int, int]
"""The three piles (engine order), reserve length, stock length, waste, heights per suit, the
suits whose base card is held until a card goes on it (a bit each), and the card a move
between piles just uncovered, which the next move must use (``NONE``: no such card)."""

NONE: Final = 0xFF

QUALITY: Final = tuple(c % 13 for c in range(52))
"""Each card's rank index (0 = Ace … 12 = King)."""

FITS: Final = tuple((c % 13 - 1) % 13 for c in range(52))
"""For each card, the rank index of the cards that may be built on it (with wrap)."""


def _is_run(pile: tuple[int, ...]) -> bool:
    return all(FITS[pile[i]] == QUALITY[pile[i + 1]] for i in range(len(pile) - 1))


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
