"""The names of cards and piles as players read them, in the player's language.

Scripts, positions and the engine's reasons write cards and piles in their text form (``9H``,
``tableau-3``); the table says them in words ("the nine of hearts", "tableau 3").
"""

from __future__ import annotations

from typing import Final

from game.engine.cards import Card
from game.i18n import NP_, pgettext

CARD_WORDS: Final[tuple[str, ...]] = (
    # Translators: a card named inside a sentence ("the nine of hearts does not go on the ten
    # of spades"), each of the 52 cards; the table says it where a script reads "9H"
    NP_("card", "the ace of clubs"),
    NP_("card", "the two of clubs"),
    NP_("card", "the three of clubs"),
    NP_("card", "the four of clubs"),
    NP_("card", "the five of clubs"),
    NP_("card", "the six of clubs"),
    NP_("card", "the seven of clubs"),
    NP_("card", "the eight of clubs"),
    NP_("card", "the nine of clubs"),
    NP_("card", "the ten of clubs"),
    NP_("card", "the jack of clubs"),
    NP_("card", "the queen of clubs"),
    NP_("card", "the king of clubs"),
    NP_("card", "the ace of diamonds"),
    NP_("card", "the two of diamonds"),
    NP_("card", "the three of diamonds"),
    NP_("card", "the four of diamonds"),
    NP_("card", "the five of diamonds"),
    NP_("card", "the six of diamonds"),
    NP_("card", "the seven of diamonds"),
    NP_("card", "the eight of diamonds"),
    NP_("card", "the nine of diamonds"),
    NP_("card", "the ten of diamonds"),
    NP_("card", "the jack of diamonds"),
    NP_("card", "the queen of diamonds"),
    NP_("card", "the king of diamonds"),
    NP_("card", "the ace of hearts"),
    NP_("card", "the two of hearts"),
    NP_("card", "the three of hearts"),
    NP_("card", "the four of hearts"),
    NP_("card", "the five of hearts"),
    NP_("card", "the six of hearts"),
    NP_("card", "the seven of hearts"),
    NP_("card", "the eight of hearts"),
    NP_("card", "the nine of hearts"),
    NP_("card", "the ten of hearts"),
    NP_("card", "the jack of hearts"),
    NP_("card", "the queen of hearts"),
    NP_("card", "the king of hearts"),
    NP_("card", "the ace of spades"),
    NP_("card", "the two of spades"),
    NP_("card", "the three of spades"),
    NP_("card", "the four of spades"),
    NP_("card", "the five of spades"),
    NP_("card", "the six of spades"),
    NP_("card", "the seven of spades"),
    NP_("card", "the eight of spades"),
    NP_("card", "the nine of spades"),
    NP_("card", "the ten of spades"),
    NP_("card", "the jack of spades"),
    NP_("card", "the queen of spades"),
    NP_("card", "the king of spades"),
)
"""Each card's name as a sentence says it, by card index, marked for translation (context
``card``)."""


def card_words(card: Card) -> str:
    """The card's name as a sentence says it, in the player's language: ``"the ten of diamonds"``
    (``Card.name`` stays English for scripts)."""
    return pgettext("card", CARD_WORDS[card])


def pile_words(name: str) -> str:
    """A pile's name as the player reads it, in the player's language: ``"tableau 3"`` for
    ``tableau-3``, ``"waste"`` for ``waste`` (the names themselves stay English for scripts).
    A name it does not know comes back as it is."""
    kind, _sep, number = name.rpartition("-")
    if number.isdigit() and kind in ("tableau", "foundation", "reserve"):
        numbered = {
            # Translators: a pile's name on the table, "tableau 3"
            "tableau": pgettext("pile", "tableau {number}"),
            # Translators: a pile's name on the table, "foundation 2"
            "foundation": pgettext("pile", "foundation {number}"),
            # Translators: a pile's name on the table, "reserve 1" (a reserve pile or a reserve cell)
            "reserve": pgettext("pile", "reserve {number}"),
        }
        return numbered[kind].format(number=number)
    single = {
        # Translators: the pile cards are dealt from
        "stock": pgettext("pile", "stock"),
        # Translators: the pile the stock turns its cards onto
        "waste": pgettext("pile", "waste"),
        # Translators: all the reserve piles at once (Lady Jane's stock deals one card onto each)
        "reserve": pgettext("pile", "reserve"),
    }
    return single.get(name, name)
