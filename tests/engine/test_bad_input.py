"""Bad input to the engine and the scripting API: a narrow error with a sentence, never a crash
from inside (non-ASCII digits, huge numbers, impossible foundations, wrong argument types)."""

from __future__ import annotations

import pytest

import game
from game.engine.deals import parse_deal_number

OTHER_DIGITS = ["²", "٣", "۴", "३", "１", "7²", "⁷"]
"""Superscripts (the key left of 1 on a French keyboard), Arabic-Indic, Devanagari and
full-width digits: ``str.isdigit`` says yes to all of them."""


@pytest.mark.parametrize("text", OTHER_DIGITS)
def test_deal_number_is_ascii_digits_only(text: str) -> None:
    with pytest.raises(game.BadDealNumber, match="deal number must be a whole number from 1 to 8589934591"):
        parse_deal_number(text)


def test_deal_number_of_5000_digits_is_refused_with_the_range() -> None:
    with pytest.raises(game.BadDealNumber, match="deal number must be from 1 to 8589934591") as caught:
        parse_deal_number("9" * 5000)
    assert len(str(caught.value)) < 150


def test_deal_number_with_leading_zeros_is_read() -> None:
    assert parse_deal_number("#0000000000000000000042") == 42


@pytest.mark.parametrize("text", OTHER_DIGITS)
def test_from_text_refuses_non_ascii_digits_naming_the_field(text: str) -> None:
    with pytest.raises(game.InvalidPosition, match="redeals must be a whole number"):
        game.from_text(f"aunt-mary redeals={text} stock=AS")


def test_from_text_refuses_a_5000_digit_number_naming_the_field() -> None:
    with pytest.raises(game.InvalidPosition, match="redeals must be a whole number from 0 to 2"):
        game.from_text(f"aunt-mary redeals={'9' * 5000} stock=AS")


def test_from_text_refuses_more_redeals_than_the_game_has() -> None:
    with pytest.raises(game.InvalidPosition, match="redeals must be a whole number from 0 to 2, got '3'"):
        game.from_text("aunt-mary redeals=3 stock=AS")


@pytest.mark.parametrize(
    "text",
    [
        "bakers-game foundation-1=KSAS",
        "seahaven foundation-2=AS3S",
        "kansas base=5 foundation-1=5S6H",
        "lady-jane base=K foundation-1=KSAS2D",
    ],
)
def test_from_text_refuses_a_foundation_out_of_sequence(text: str) -> None:
    with pytest.raises(game.InvalidPosition, match=r"foundation-.: .* cannot lie on"):
        game.from_text(text)


def test_from_text_accepts_a_foundation_that_wraps_from_king_to_ace() -> None:
    g = game.from_text("lady-jane base=K foundation-1=KSAS2S")
    assert g.pile("foundation-1") == ["KS", "AS", "2S"]


def test_from_text_refuses_a_face_down_card_on_a_foundation() -> None:
    with pytest.raises(game.InvalidPosition, match="foundation-1: a foundation holds no face-down cards"):
        game.from_text("bakers-game foundation-1=as")


@pytest.mark.parametrize("move", [None, "x", "tableau-1 -> foundation-1", 3, ("tableau-1", "foundation-1")])
def test_play_of_something_not_a_move_is_a_type_error_saying_what_is_expected(move: object) -> None:
    g = game.new_game("kansas", deal=1)
    with pytest.raises(TypeError, match=r"expected a game\.Move such as Move\("):
        g.play(move)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"expected a game\.Move"):
        g.is_legal(move)  # type: ignore[arg-type]
    assert g.moves_made == 0


def test_a_move_with_non_text_pile_names_is_a_type_error() -> None:
    g = game.new_game("kansas", deal=1)
    with pytest.raises(TypeError, match="pile names such as 'tableau-1'"):
        g.play(game.Move([], "tableau-1"))  # type: ignore[arg-type]


def test_card_at_past_the_pile_is_an_index_error_saying_the_range() -> None:
    g = game.from_text("kansas base=A tableau-1=2S3S")
    with pytest.raises(IndexError, match=r"tableau-1 holds 2 cards: a position is 0 .bottom. to 1"):
        g.card_at("tableau-1", 99)
    with pytest.raises(IndexError, match="tableau-2 is empty"):
        g.card_at("tableau-2", 0)
    assert g.card_at("tableau-1", -1) == "3S"


@pytest.mark.parametrize(("pile", "position"), [(99, 0), (None, 0), ("tableau-1", "0"), ("tableau-1", 1.0)])
def test_card_at_with_wrong_types_is_a_type_error_with_a_sentence(pile: object, position: object) -> None:
    g = game.from_text("kansas base=A tableau-1=2S3S")
    with pytest.raises(TypeError, match=r"(a pile is named by a string|a card's position is a whole number)"):
        g.card_at(pile, position)  # type: ignore[arg-type]


def test_move_text_counts_in_ascii_digits_only() -> None:
    with pytest.raises(game.GameError, match="not a move"):
        game.Move.parse("tableau-1 -> tableau-2 x٣")


@pytest.mark.parametrize("text", [None, 5, ["kansas"]])
def test_from_text_of_something_not_text_is_a_type_error_saying_what_is_expected(text: object) -> None:
    with pytest.raises(TypeError, match="a position text is a string"):
        game.from_text(text)  # type: ignore[arg-type]


def test_move_parse_of_something_not_text_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="a move's text is a string"):
        game.Move.parse(None)  # type: ignore[arg-type]


def test_an_unhashable_variant_key_is_an_unknown_variant() -> None:
    with pytest.raises(game.UnknownVariant, match=r"unknown variant \[\]; choose one of"):
        game.new_game([])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda: game.Move.parse("x" * 1_000_000),
        lambda: game.from_text("kansas " + "x" * 1_000_000),
        lambda: game.from_text("kansas base=" + "x" * 1_000_000),
        lambda: game.new_game("kansas", deal=1).play(game.Move("x" * 1_000_000, "tableau-1")),
        lambda: game.new_game("k" * 1_000_000),
    ],
)
def test_a_megabyte_of_input_gives_a_short_message(call: object) -> None:
    with pytest.raises(game.GameError) as caught:
        call()  # type: ignore[operator]
    assert len(str(caught.value)) < 300
