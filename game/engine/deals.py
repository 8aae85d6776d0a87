"""Numbered deals: the order in which a shuffled deck is dealt, from a deal number alone.

Deal numbers use PySolFC's numbering, as implemented by the ``pysol-cards`` package (also the
numbering of Freecell Solver's board generators): numbers up to 32000 use the Microsoft
linear congruential generator over the Microsoft deck order, larger numbers PySolFC's own
generator. Both are exact integer or documented-stable arithmetic, so a deal is the same on
every platform and Python version. Golden layouts in the tests pin the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from game.engine.errors import BadDealNumber, shown

if TYPE_CHECKING:
    from game.engine.cards import Card

MIN_DEAL: Final = 1
MAX_DEAL: Final = 2**33 - 1
"""The range PySolFC's numbering covers."""

_PYSOL_SUITS: Final = "CSHD"
_OUR_SUITS: Final = "CDHS"


def check_deal_number(number: object) -> int:
    """``number`` as an int if it is a valid deal number; else ``BadDealNumber`` saying why."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise BadDealNumber(f"deal number must be a whole number, got {shown(number)}")
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise BadDealNumber(f"deal number must be from {MIN_DEAL} to {MAX_DEAL}, got {number}")
    return number


def is_ascii_digits(text: str) -> bool:
    """Whether ``text`` is one or more of the digits 0-9 and nothing else.

    ``str.isdigit`` also accepts superscripts (``²``, a key of the French keyboard) and other
    scripts' digits, which ``int`` then refuses or reads as another number.
    """
    return text.isascii() and text.isdigit()


def parse_deal_number(text: str) -> int:
    """A deal number from user text (``"1234"``, ``"#1234"``), or ``BadDealNumber``.

    Only the ASCII digits count; a number too long to be a deal number is refused before it is
    converted (``int`` refuses more than 4,300 digits with a message of its own).
    """
    t = text.strip().removeprefix("#")
    if not is_ascii_digits(t):
        raise BadDealNumber(
            f"deal number must be a whole number from {MIN_DEAL} to {MAX_DEAL}, got {shown(text, 40)}"
        )
    digits = t.lstrip("0") or "0"
    if len(digits) > len(str(MAX_DEAL)):
        raise BadDealNumber(f"deal number must be from {MIN_DEAL} to {MAX_DEAL}, got {shown(text, 40)}")
    return check_deal_number(int(digits))


def deal_order(number: int) -> list[Card]:
    """The 52 cards in the order they are dealt for deal ``number`` (first dealt first)."""
    # Imported here: reading a deal number (the command line, before its window) needs neither.
    from pysol_cards.cards import createCards
    from pysol_cards.random import shuffle
    from pysol_cards.random_base import RandomBase

    from game.engine.cards import DECK

    check_deal_number(number)
    cards = shuffle(createCards(1), number, RandomBase.DEALS_PYSOLFC)
    cards.reverse()
    return [DECK[_OUR_SUITS.index(_PYSOL_SUITS[c.suit]) * 13 + c.rank - 1] for c in cards]
