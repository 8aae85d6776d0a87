"""The names of cards and piles as players read them, in the player's language.

Scripts, positions and the engine's reasons write cards and piles in their text form (``9H``,
``tableau-3``); the table says them in words ("the nine of hearts", "tableau 3").
"""

from __future__ import annotations

from typing import Final

from game.engine.cards import Card
from game.i18n import N_, _, pgettext

# Translators: a card named inside a sentence ("the nine of hearts does not go on the ten of
# spades"); the table shows it where the text form ("9H") would be.
CARD_WORDS: Final[tuple[str, ...]] = (
    N_("the ace of clubs"),
    N_("the two of clubs"),
    N_("the three of clubs"),
    N_("the four of clubs"),
    N_("the five of clubs"),
    N_("the six of clubs"),
    N_("the seven of clubs"),
    N_("the eight of clubs"),
    N_("the nine of clubs"),
    N_("the ten of clubs"),
    N_("the jack of clubs"),
    N_("the queen of clubs"),
    N_("the king of clubs"),
    N_("the ace of diamonds"),
    N_("the two of diamonds"),
    N_("the three of diamonds"),
    N_("the four of diamonds"),
    N_("the five of diamonds"),
    N_("the six of diamonds"),
    N_("the seven of diamonds"),
    N_("the eight of diamonds"),
    N_("the nine of diamonds"),
    N_("the ten of diamonds"),
    N_("the jack of diamonds"),
    N_("the queen of diamonds"),
    N_("the king of diamonds"),
    N_("the ace of hearts"),
    N_("the two of hearts"),
    N_("the three of hearts"),
    N_("the four of hearts"),
    N_("the five of hearts"),
    N_("the six of hearts"),
    N_("the seven of hearts"),
    N_("the eight of hearts"),
    N_("the nine of hearts"),
    N_("the ten of hearts"),
    N_("the jack of hearts"),
    N_("the queen of hearts"),
    N_("the king of hearts"),
    N_("the ace of spades"),
    N_("the two of spades"),
    N_("the three of spades"),
    N_("the four of spades"),
    N_("the five of spades"),
    N_("the six of spades"),
    N_("the seven of spades"),
    N_("the eight of spades"),
    N_("the nine of spades"),
    N_("the ten of spades"),
    N_("the jack of spades"),
    N_("the queen of spades"),
    N_("the king of spades"),
)
"""Each card's name as a sentence says it, by card index, marked for translation."""


def card_words(card: Card) -> str:
    """The card's name as a sentence says it, in the player's language: ``"the ten of diamonds"``
    (``Card.name`` stays English for scripts)."""
    return _(CARD_WORDS[card])


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
