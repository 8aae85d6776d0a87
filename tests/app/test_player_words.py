"""A refusal as the table says it: the engine's pile names and move text in the player's words
and language, ranks as the card art shows them."""

from __future__ import annotations

from pathlib import Path

import pytest
from tiny_catalog import install

import game
from game import Move, i18n
from game.view.names import player_words

GERMAN = {
    ("pile", "waste"): "die Ablage",
    ("pile", "stock"): "der Talon",
    ("pile", "tableau {number}"): "Stapel {number}",
    (None, "nothing may be placed on {pile}"): "Auf {pile} darf nichts gelegt werden",
    (None, "the stock action now is {move}"): "Vom Talon geht es jetzt so: {move}",
}


def test_an_unnumbered_pile_is_named_in_the_players_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = game.from_text("kansas base=A waste=5C tableau-1=9S tableau-2=- tableau-3=-")
    install(tmp_path, monkeypatch, "de", GERMAN)
    reason = g.why_illegal(Move("tableau-1", "waste", 1))
    assert player_words(reason) == "Auf die Ablage darf nichts gelegt werden"


def test_a_moves_text_form_becomes_pile_words_and_an_arrow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "de", GERMAN)
    shown = player_words(i18n._("the stock action now is {move}").format(move=Move("stock", "waste", 1)))
    assert shown == "Vom Talon geht es jetzt so: der Talon → die Ablage"


def test_numbered_piles_and_cards_keep_their_words_in_english() -> None:
    shown = player_words("tableau-3 holds only 1 card; 7S stays")
    assert shown == "tableau 3 holds only 1 card; the seven of spades stays"


def test_a_base_rank_of_ten_is_written_as_on_the_card() -> None:
    g = game.new_game("lady-jane", 1)  # base rank 10
    reason = g.why_illegal(Move("tableau-1", "foundation-2", 1))
    assert "base rank (10)" in reason


def test_alternatives_are_listed_with_the_languages_or() -> None:
    i18n.set_language("en")
    assert i18n.format_list(["reserve", "waste"], style="or") == "reserve or waste"
