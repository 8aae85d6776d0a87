"""The narrator: what changed at the table, said in sentences a player can follow by ear."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import game
from game.i18n import set_language
from game.play import Game
from game.speech.narrator import Glance, Narrator
from game.speech.sentences import BRIEF
from game.speech.speaker import Speaker
from game.variants.words import card_words


class Heard(Speaker):
    """A speaker that keeps what it is asked to say."""

    def __init__(self) -> None:
        super().__init__(None, None, "en")
        self.lines: list[str] = []

    def say(self, text: str, interrupt: bool = False) -> None:
        super().say(text, interrupt)
        self.lines.append(text)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def watched(g: Game) -> tuple[Narrator, Heard]:
    heard = Heard()
    narrator = Narrator(heard)
    narrator.observe(Glance(g))
    return narrator, heard


def test_a_new_deal_is_named_with_the_keys_that_read_it() -> None:
    _narrator, heard = watched(game.new_game("kansas", 65))
    assert heard.lines == ["Kansas, deal 65. R reads the table, L repeats."]


def test_a_move_that_turns_a_card_face_up_names_it() -> None:
    g = game.new_game("lady-jane", 1)
    narrator, heard = watched(g)
    move = next(m for m in g.legal_moves() if m.source.startswith("tableau") and m.count == 1)
    hidden_before = g.state.hidden
    g.play(move)
    narrator.observe(Glance(g))
    source = g.variant.index[move.source]
    assert g.state.hidden[source] < hidden_before[source]
    top = g.state.piles[source][-1]
    assert heard.lines[1].endswith(
        f"from {move.source.replace('-', ' ')} to {move.target.replace('-', ' ')}."
    )
    assert heard.lines[2] == f"Turned face up: {card_words(top)}."


def test_automatic_moves_are_said_as_made_by_the_game() -> None:
    g = game.new_game("seahaven", 1)
    from game.solver.search import Budget, solve

    narrator, heard = watched(g)
    for move in solve(g, Budget(seconds=20)).moves or []:
        g.play(move)
        if g.play_auto_moves():
            break
    narrator.observe(Glance(g))
    automatic = [m for step in g.history for m in step[1:]]
    said = [line for line in heard.lines if line.startswith("By itself: ")]
    assert automatic and len(said) == len(automatic)
    assert all(
        line.endswith(f"to {m.target.replace('-', ' ')}.") for line, m in zip(said, automatic, strict=True)
    )


def test_the_focus_never_names_a_face_down_card() -> None:
    g = game.new_game("lady-jane", 1)
    narrator, heard = watched(g)
    stock = g.variant.stock
    narrator.observe(Glance(g, focus=(stock, len(g.state.piles[stock]) - 1)))
    assert heard.lines[-1] == f"Stock: {len(g.state.piles[stock])} cards face down."


def test_the_focus_says_the_card_and_what_lies_under_it_in_full_and_not_in_brief() -> None:
    g = game.new_game("lady-jane", 1)
    narrator, heard = watched(g)
    pile = g.variant.tableau[-1]
    top = len(g.state.piles[pile]) - 1
    narrator.observe(Glance(g, focus=(pile, top)))
    card = card_words(g.state.piles[pile][top])
    assert heard.lines[-1] == f"Tableau 7: {card}. {g.state.hidden[pile]} face-down cards under it."
    narrator.verbosity = BRIEF
    narrator.observe(Glance(g, focus=None))
    narrator.observe(Glance(g, focus=(pile, top)))
    assert heard.lines[-1] == f"Tableau 7: {card}."


def test_reading_the_table_says_every_pile_once_and_no_face_down_card() -> None:
    g = game.new_game("lady-jane", 1)
    narrator, heard = watched(g)
    narrator.read_table(g)
    said = heard.lines[1:]
    assert len(said) == len(g.state.piles)
    hidden_cards = {c for i, p in enumerate(g.state.piles) for c in p[: g.state.hidden[i]]}
    assert not any(card_words(c) in line for c in hidden_cards for line in said)
    assert said[g.variant.tableau[0]] == f"Tableau 1: {card_words(g.state.piles[g.variant.tableau[0]][0])}."


def test_a_refusal_is_said_with_its_reason_and_a_repeated_one_again() -> None:
    g = game.new_game("kansas", 65)
    narrator, heard = watched(g)
    narrator.observe(Glance(g, message=("Nothing may be placed on stock.", 10.0)))
    narrator.observe(Glance(g, message=("Nothing may be placed on stock.", 10.0)))
    narrator.observe(Glance(g, message=("Nothing may be placed on stock.", 12.0)))
    assert heard.lines[1:] == ["Nothing may be placed on stock."] * 2


def test_undo_is_said() -> None:
    g = game.new_game("kansas", 65)
    narrator, heard = watched(g)
    g.play(g.legal_moves()[0])
    narrator.observe(Glance(g))
    g.undo()
    narrator.observe(Glance(g))
    assert heard.lines[-1] == "Undo"


def test_the_win_is_said_once_and_no_verdict_after_it() -> None:
    g = game.new_game("seahaven", 1)
    narrator, heard = watched(g)
    from game.solver.search import Budget, solve

    for move in solve(g, Budget(seconds=20)).moves or []:
        g.play(move)
    assert g.is_won()
    narrator.observe(Glance(g, verdict="Winnable: yes"))
    narrator.observe(Glance(g, verdict="Winnable: unknown", dialog=("You won!", "Seahaven Towers, deal 1")))
    assert heard.lines.count("You won!") == 1
    assert "52 cards of 52 are home." in heard.lines
    assert not [line for line in heard.lines if line.startswith("Winnable")]
    assert heard.lines[-1] == "Seahaven Towers, deal 1"


def test_a_drop_that_shifts_the_focus_is_not_cut_short_by_it() -> None:
    g = game.new_game("lady-jane", 1)
    narrator, heard = watched(g)
    move = next(m for m in g.legal_moves() if m.source.startswith("tableau") and m.count == 1)
    target = g.variant.index[move.target]
    narrator.observe(Glance(g, focus=(target, len(g.state.piles[target]) - 1)))
    g.play(move)
    narrator.observe(Glance(g, focus=(target, len(g.state.piles[target]) - 1)))  # the ring follows the drop
    said = heard.lines[2:]
    assert said[0].endswith(f"to {move.target.replace('-', ' ')}.")
    assert said[1].startswith("Turned face up: ")
    focus = move.target.replace("-", " ").capitalize() + ":"
    assert not [line for line in said if line.startswith(focus)]  # the moved focus is not said over them


class Interrupts(Heard):
    def __init__(self) -> None:
        super().__init__()
        self.interrupting: list[str] = []

    def say(self, text: str, interrupt: bool = False) -> None:
        super().say(text, interrupt)
        if interrupt:
            self.interrupting.append(text)


def test_only_a_focus_the_player_moves_cuts_speech_short() -> None:
    g = game.new_game("lady-jane", 1)
    heard = Interrupts()
    narrator = Narrator(heard)
    narrator.observe(Glance(g))
    pile = g.variant.tableau[0]
    narrator.observe(Glance(g, focus=(pile, 0)))
    assert heard.interrupting[-1] == heard.lines[-1]
    move = next(m for m in g.legal_moves() if m.source.startswith("tableau") and m.count == 1)
    g.play(move)
    narrator.observe(Glance(g, focus=(g.variant.index[move.target], None)))
    assert heard.lines[-1] not in heard.interrupting
