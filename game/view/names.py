"""The names the player reads for things the rules name (games, cards, piles), in the player's
language; the rules and scripts keep the English names."""

from __future__ import annotations

import re

from game.engine.cards import parse_card
from game.i18n import pgettext
from game.variants.base import Variant
from game.variants.words import card_words, pile_words

__all__ = ["capitalised", "card_words", "game_name", "pile_words", "player_words"]


def game_name(variant: Variant | type[Variant]) -> str:
    """``variant``'s name in the player's language (a language may keep the English name).

    The names are marked for translation where the variants define them, in the context
    ``game name``."""
    return pgettext("game name", variant.name)


def capitalised(line: str) -> str:
    """``line`` with its first letter made upper case (a message that starts with a name)."""
    return line[:1].upper() + line[1:]


_CARD = re.compile(r"\b([A2-9TJQK][CDHS])\b")
_PILE = re.compile(r"\b(?:(?:tableau|foundation|reserve)-\d+|stock|waste|reserve)\b")
_MOVE = re.compile(r"\b([a-z]+(?:-\d+)?) -> ([a-z]+(?:-\d+)?)(?: x\d+)?")


def player_words(reason: str) -> str:
    """An engine reason as the table says it: cards by name ("the seven of spades" for ``7S``),
    piles as words ("tableau 3" for ``tableau-3``, the language's word for ``waste``) and a move's
    text form as "stock → waste". The pile names are the engine's English ones, left in the
    translated sentence by its placeholders; no catalog's own words look like them."""
    named = _CARD.sub(lambda m: card_words(parse_card(m.group(1))[0]), reason)
    named = _MOVE.sub(lambda m: f"{m.group(1)} → {m.group(2)}", named)
    return _PILE.sub(lambda m: pile_words(m.group(0)), named)
