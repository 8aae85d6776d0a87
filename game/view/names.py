"""The names the player reads for things the rules name (games, cards, piles), in the player's
language; the rules and scripts keep the English names."""

from __future__ import annotations

from game.engine.cards import Card
from game.i18n import pgettext
from game.variants.base import Variant


def game_name(variant: Variant | type[Variant]) -> str:
    """``variant``'s name in the player's language (a language may keep the English name).

    The names are marked for translation where the variants define them, in the context
    ``game name``."""
    return pgettext("game name", variant.name)


def card_words(card: Card) -> str:
    """``card``'s name as a sentence says it, in the player's language ("the ten of diamonds").

    The same message (context ``card``) as ``game.variants.words.card_words`` (issue 26c)."""
    return pgettext("card", f"the {card.name.lower()}")


def pile_words(name: str) -> str:
    """A pile's name as the player reads it ("tableau 3" for ``tableau-3``), in the player's
    language; a name it does not know comes back as it is."""
    kind, _sep, number = name.rpartition("-")
    numbered = {
        # Translators: a pile's name on the table, "tableau 3"
        "tableau": pgettext("pile", "tableau {number}"),
        # Translators: a pile's name on the table, "foundation 2"
        "foundation": pgettext("pile", "foundation {number}"),
        # Translators: a pile's name on the table, "reserve 1" (a reserve pile or a reserve cell)
        "reserve": pgettext("pile", "reserve {number}"),
    }
    if number.isdigit() and kind in numbered:
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


def capitalised(line: str) -> str:
    """``line`` with its first letter made upper case (a message that starts with a name)."""
    return line[:1].upper() + line[1:]
