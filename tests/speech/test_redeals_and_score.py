"""Speech says the redeals left (when the waste is turned over, and with the stock when the
focus or the read-the-table key reaches it) in a game that has them, and in Brief the score when
it changes, in two words; in English, German and Russian, with no English word in the latter."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

import game
from game.engine.moves import Move
from game.i18n import set_language
from game.play import Game
from game.solver.search import Budget, solve
from game.speech.narrator import Glance, Narrator
from game.speech.sentences import BRIEF
from tests.speech.test_narrator import Heard

LANGUAGES = ["en", "de", "ru"]
ENGLISH = {"redeal", "redeals", "left", "home", "stock", "cards", "card", "face", "down", "of"}
"""English words none of these sentences may keep in German or Russian."""
REDEALS = {"en": "1 redeal left.", "de": "Noch 1 Neuverteilung.", "ru": "Осталась 1 пересдача."}
BRIEF_HOME = {"en": "{n} home.", "de": "{n} auf den Fundamenten.", "ru": "На основаниях: {n}."}


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    yield
    set_language("en")


def english_words(lines: list[str]) -> set[str]:
    return {w.lower() for line in lines for w in re.findall(r"[^\W\d_]+", line)} & ENGLISH


def stock_emptied() -> Game:
    """Aunt Mary deal 1 with its stock dealt out onto the waste: the waste may be turned over."""
    g = game.new_game("aunt-mary", 1)
    while g.state.piles[g.variant.stock]:
        g.play(Move("stock", "waste", 1))
    return g


@pytest.mark.parametrize("language", LANGUAGES)
def test_turning_the_waste_over_says_the_redeals_left(language: str) -> None:
    set_language(language)
    g = stock_emptied()
    heard = Heard()
    narrator = Narrator(heard)
    narrator.observe(Glance(g))
    assert g.state.redeals_left == 2
    g.play(Move("waste", "stock", len(g.state.piles[g.variant.waste])))
    narrator.observe(Glance(g))
    said = heard.lines[1:]
    assert said[-1] == REDEALS[language], said
    if language != "en":
        assert english_words(said) == set(), said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_stock_says_its_redeals_when_reached_or_read(language: str) -> None:
    set_language(language)
    g = game.new_game("aunt-mary", 1)
    heard = Heard()
    narrator = Narrator(heard)
    narrator.observe(Glance(g))
    stock = g.variant.stock
    narrator.observe(Glance(g, focus=(stock, len(g.state.piles[stock]) - 1)))
    two = {"en": "2 redeals left.", "de": "Noch 2 Neuverteilungen.", "ru": "Осталось 2 пересдачи."}[language]
    assert heard.lines[-1].endswith(" " + two), heard.lines[-1]
    narrator.read_table(g)
    assert heard.lines[-len(g.state.piles) :][stock].endswith(" " + two)
    if language != "en":
        assert english_words(heard.lines) == set(), heard.lines


def test_a_game_without_redeals_says_none() -> None:
    g = game.new_game("lady-jane", 1)
    heard = Heard()
    narrator = Narrator(heard)
    narrator.read_table(g)
    assert not [line for line in heard.lines if "redeal" in line]


@pytest.mark.parametrize("language", LANGUAGES)
def test_brief_says_the_score_when_it_changes(language: str) -> None:
    set_language(language)
    g = game.new_game("seahaven", 1)
    heard = Heard()
    narrator = Narrator(heard, BRIEF)
    narrator.observe(Glance(g))
    scores = []
    for move in (solve(g, Budget(seconds=20)).moves or [])[:-1]:  # not the winning move: the win says it
        before = g.score
        g.play(move)
        narrator.observe(Glance(g))
        if g.score != before and not g.is_won():
            scores.append(g.score)
    said = [line for line in heard.lines if line in {BRIEF_HOME[language].format(n=n) for n in range(53)}]
    assert scores and said == [BRIEF_HOME[language].format(n=n) for n in scores]
    if language != "en":
        assert english_words(heard.lines) == set(), heard.lines[:20]
