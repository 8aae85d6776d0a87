"""The sentences speech says, in the player's language.

Cards and piles are named as the table names them in its messages (``game.variants.words``:
"die Pik-Sieben", "семёрка пик", "tableau 3"), so a translator words them once for the
screen and for speech alike; the engine's reasons for a refusal arrive already translated.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import Card
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import _, format_number, ngettext, pgettext
from game.variants.base import Variant
from game.variants.words import card_words, pile_words

BRIEF, FULL = "brief", "full"
VERBOSITIES = (BRIEF, FULL)
"""How much speech says: ``brief`` the essentials (the score in two words), ``full`` also where
cards came from, what lies under the focus, and the score in a sentence."""


def capitalised(line: str) -> str:
    """``line`` with its first letter upper case (a sentence that starts with a name)."""
    return line[:1].upper() + line[1:]


def card_list(cards: Sequence[Card]) -> str:
    """Cards named one after another ("the four of hearts, the seven of spades")."""
    # Translators: between the cards of a list that speech reads ("the four of hearts, the seven of spades")
    return pgettext("speech", ", ").join(card_words(c) for c in cards)


def game_title(variant: Variant, deal: int | None) -> str:
    """The game's name and deal number, as the win screen's first line says them."""
    name = pgettext("game name", variant.name)
    if deal is None:
        return name
    # Translators: the win screen's first line: the game's name and its deal number
    return _("{game}, deal {deal}").format(game=name, deal=deal)


def pile_sentence(variant: Variant, state: State, pile: int) -> str:
    """What a pile holds: "Tableau 3: 2 cards face down, then the four of hearts, the seven of
    spades." (read pile by pile by the read-the-table key); the stock of a game with redeals
    adds how many are left."""
    text = _pile_cards(variant, state, pile)
    if pile == variant.stock and variant.redeals:
        text += " " + redeals_sentence(state.redeals_left)
    return text


def redeals_sentence(left: int) -> str:
    """How many times the waste may still be turned over onto the stock."""
    # Translators: speech, after the waste is turned over or with the stock: {count} redeals remain
    return ngettext("{count} redeal left.", "{count} redeals left.", left).format(count=format_number(left))


def _pile_cards(variant: Variant, state: State, pile: int) -> str:
    cards = state.piles[pile]
    name = capitalised(pile_words(variant.names[pile]))
    if not cards:
        # Translators: speech, a pile with no card; {pile} is its name ("Tableau 3: empty.")
        return _("{pile}: empty.").format(pile=name)
    hidden = state.hidden[pile]
    up = cards[hidden:]
    if not up:
        # Translators: speech, a pile of face-down cards only ("Stock: 24 cards face down.")
        return ngettext("{pile}: {count} card face down.", "{pile}: {count} cards face down.", hidden).format(
            pile=name, count=format_number(hidden)
        )
    if not hidden:
        # Translators: speech, a pile's face-up cards, bottom to top ("Tableau 3: the four of hearts, …")
        return _("{pile}: {cards}.").format(pile=name, cards=card_list(up))
    # Translators: speech, a pile with face-down cards under its face-up ones, bottom to top
    return ngettext(
        "{pile}: {count} card face down, then {cards}.",
        "{pile}: {count} cards face down, then {cards}.",
        hidden,
    ).format(pile=name, count=format_number(hidden), cards=card_list(up))


def focus_sentence(variant: Variant, state: State, pile: int, index: int | None, verbosity: str) -> str:
    """What the focus rests on: "Tableau 3: the seven of spades." (full: and what is above and
    under it)."""
    name = capitalised(pile_words(variant.names[pile]))
    cards = state.piles[pile]
    if index is None or not cards or index < state.hidden[pile]:
        return pile_sentence(variant, state, pile)  # a face-down card is never named
    above = len(cards) - 1 - index
    card = card_words(cards[index])
    if above:
        # Translators: speech, the focus on a card with others on top of it ("the four of hearts
        # with 2 cards on it")
        card = ngettext("{card} with {count} card on it", "{card} with {count} cards on it", above).format(
            card=card, count=format_number(above)
        )
    sentence = _("{pile}: {cards}.").format(pile=name, cards=card)
    if verbosity != FULL:
        return sentence
    under_up, under_down = index - state.hidden[pile], state.hidden[pile]
    if under_up > 0:
        # Translators: speech, after the focused card: how many face-up cards lie under it
        sentence += " " + ngettext(
            "{count} face-up card under it.", "{count} face-up cards under it.", under_up
        ).format(count=format_number(under_up))
    if under_down > 0:
        # Translators: speech, after the focused card: how many face-down cards lie under it
        sentence += " " + ngettext(
            "{count} face-down card under it.", "{count} face-down cards under it.", under_down
        ).format(count=format_number(under_down))
    return sentence


def group_words(state: State, pile: int, index: int) -> str:
    """The cards from ``index`` up: "the seven of spades" or "the seven of spades and 2 cards on it"."""
    cards = state.piles[pile]
    above = len(cards) - 1 - index
    card = card_words(cards[index])
    if not above:
        return card
    return ngettext("{card} with {count} card on it", "{card} with {count} cards on it", above).format(
        card=card, count=format_number(above)
    )


def move_sentence(variant: Variant, before: State, move: Move, automatic: bool, verbosity: str) -> str:
    """A move played: "The seven of spades to foundation 1." (full: from where, too); turning the
    waste over has a sentence of its own, and a deal says nothing here (its cards are named as
    they turn face up)."""
    if move.target == "stock":
        # Translators: speech, the waste turned over onto the stock to be dealt again
        return _("The waste is turned over onto the stock.")
    if move.source == "stock" and move.target == "reserve":
        # Translators: speech, Lady Jane's stock dealing one card onto each reserve pile
        return _("The stock deals onto the reserve.")
    if move.source == "stock":
        return ""  # the cards dealt are named as they turn face up
    source, target = variant.index[move.source], variant.index[move.target]
    cards = group_words(before, source, len(before.piles[source]) - move.count)
    if verbosity == FULL:
        # Translators: speech, a move; {cards} from pile {source} to pile {target}
        text = _("{cards} from {source} to {target}.").format(
            cards=cards, source=pile_words(variant.names[source]), target=pile_words(variant.names[target])
        )
    else:
        # Translators: speech, a move (brief): {cards} went to pile {target}
        text = _("{cards} to {target}.").format(cards=cards, target=pile_words(variant.names[target]))
    if automatic:
        # Translators: speech, a move the game made by itself (an automatic move home)
        return _("By itself: {move}").format(move=text)
    return capitalised(text)


def revealed_sentence(cards: Sequence[Card], dealt: bool) -> str:
    """Cards turned face up: "Turned face up: the king of hearts." (dealt: "Dealt: …")."""
    if dealt:
        # Translators: speech, the cards the stock just dealt face up
        return _("Dealt: {cards}.").format(cards=card_list(cards))
    # Translators: speech, cards that were face down and are now face up
    return _("Turned face up: {cards}.").format(cards=card_list(cards))


def picked_sentence(variant: Variant, state: State, pile: int, index: int) -> str:
    """A pick-up: "Picked up the seven of spades from tableau 3."."""
    # Translators: speech, a pick-up by keyboard; {cards} from pile {pile}
    return _("Picked up {cards} from {pile}.").format(
        cards=group_words(state, pile, index), pile=pile_words(variant.names[pile])
    )


def home_sentence(score: int, verbosity: str = FULL) -> str:
    """How many cards are home (the no-moves screen's own sentence; brief: "12 home.")."""
    if verbosity == BRIEF:
        # Translators: speech (brief), the score when it changes: {count} cards are on the foundations
        return ngettext("{count} home.", "{count} home.", score).format(count=format_number(score))
    # Translators: the no-moves screen; {count} cards are on the foundations
    return ngettext("{count} card of 52 is home.", "{count} cards of 52 are home.", score).format(
        count=format_number(score)
    )


def no_voice_sentence(reason: str) -> str:
    """Said once when speech is on and no voice could start."""
    # Translators: speech is on but no screen reader or speech program could start; {reason} says why
    return _("Speech is on, but no voice could start ({reason}); playing on without it.").format(
        reason=reason
    )


def read_key_sentence() -> str:
    """Said after a new deal's title: how to hear the whole table."""
    # Translators: speech, after a new deal's name; R and L are keys
    return _("R reads the table, L repeats.")
