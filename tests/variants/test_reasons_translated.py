"""The reasons a refused move gives are translatable messages: counted ones take the language's
plural form, placeholders are named, and scripts still read English (only the app switches the
language)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tiny_catalog import install

import game
from game import Move, i18n
from game.engine.cards import DECK, Card
from game.variants.words import card_words, pile_words

HOLDS = ("{pile} holds only {count} card", "{pile} holds only {count} cards")
RUSSIAN_HOLDS = (
    "в {pile} только {count} карта",
    "в {pile} только {count} карты",
    "в {pile} только {count} карт",
)
"""Russian has three plural forms: 1 (21, 31…), 2-4 (22…), 5-20 (25…)."""


def holding(cards: int) -> game.Game:
    """An Aunt Mary position whose first tableau pile holds ``cards`` face-up cards."""
    run = ["KS", "QH", "JS", "TH", "9S", "8H", "7S"][:cards]
    return game.from_text(f"aunt-mary tableau-1={''.join(run)} tableau-2=-")


@pytest.mark.parametrize(("cards", "form"), [(1, 0), (2, 1), (4, 1), (5, 2), (7, 2)])
def test_a_counted_reason_takes_the_languages_plural_form(
    cards: int, form: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = holding(cards)
    install(tmp_path, monkeypatch, "ru", {(None, HOLDS): RUSSIAN_HOLDS})
    reason = g.why_illegal(Move("tableau-1", "tableau-2", cards + 1))
    assert reason == RUSSIAN_HOLDS[form].format(pile="tableau-1", count=cards)


def test_the_refusal_of_a_move_names_its_cards_in_a_translation_that_reorders_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = game.from_text("aunt-mary tableau-1=KS tableau-2=9H")
    english = "{card} does not go on {top}: the tableau builds down in alternating colours"
    install(
        tmp_path, monkeypatch, "de", {(None, english): "Auf {top} passt {card} nicht (abwechselnde Farben)"}
    )
    assert g.why_illegal(Move("tableau-2", "tableau-1", 1)) == "Auf KS passt 9H nicht (abwechselnde Farben)"


def test_the_group_limit_counts_cards_and_cells_each_in_their_own_plural(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = game.from_text("bakers-game tableau-1=KS5H4H3H tableau-2=6S reserve-1=AD reserve-2=2D reserve-3=3D")
    assert g.why_unmovable("tableau-1", 3) == "moving 3 cards needs 2 empty reserve cells; 1 is empty"
    install(
        tmp_path,
        monkeypatch,
        "ru",
        {
            (
                None,
                ("moving {count} card needs {cells}; {empty}", "moving {count} cards needs {cells}; {empty}"),
            ): (
                "{count} карту: нужно {cells}; {empty}",
                "{count} карты: нужно {cells}; {empty}",
                "{count} карт: нужно {cells}; {empty}",
            ),
            (None, ("{need} empty reserve cell", "{need} empty reserve cells")): (
                "{need} свободная ячейка",
                "{need} свободные ячейки",
                "{need} свободных ячеек",
            ),
            (None, ("{free} is empty", "{free} are empty")): (
                "свободна {free}",
                "свободны {free}",
                "свободно {free}",
            ),
        },
    )
    assert g.why_unmovable("tableau-1", 3) == "3 карты: нужно 2 свободные ячейки; свободна 1"


def test_scripts_read_english_reasons_while_nothing_switched_the_language() -> None:
    assert i18n.current_language() == "en"
    g = holding(2)
    with pytest.raises(game.IllegalMove, match=r"^tableau-1 -> tableau-2 x3: tableau-1 holds only 2 cards$"):
        g.play(Move("tableau-1", "tableau-2", 3))
    assert holding(1).why_illegal(Move("tableau-1", "tableau-2", 2)) == "tableau-1 holds only 1 card"


def test_cards_and_piles_are_named_in_words_in_the_players_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nine = Card.parse("9H")
    assert card_words(nine) == "the nine of hearts" and pile_words("tableau-3") == "tableau 3"
    assert [card_words(card) for card in DECK].count("the nine of hearts") == 1
    install(
        tmp_path,
        monkeypatch,
        "de",
        {("card", "the nine of hearts"): "die Herz-Neun", ("pile", "tableau {number}"): "Stapel {number}"},
    )
    assert card_words(nine) == "die Herz-Neun" and pile_words("tableau-3") == "Stapel 3"
    assert pile_words("waste") == "waste" and pile_words("no-such-pile") == "no-such-pile"
