"""Adding a game touches its own file, one registry line and its tests (docs/new-game.md).

The test-only draw-three game of ``tests/solver/draw_three.py`` is registered for the length of
each test (the "one registry line") and then meets every part of the product: the scripting API,
the text form, the command line, the solver, the chooser, the table, the rules screen and the
statistics. Nothing outside its own file knows it exists.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pygame
import pytest

import game
from game import cli
from game.app import App
from game.scenes.chooser import ChooserScene
from game.scenes.rules import RulesScene, rule_paragraphs
from game.solver.answer import Budget, Verdict
from game.solver.families import Family, family_of
from game.solver.search import solve
from game.variants import VARIANTS
from tests.app.conftest import FakeClock, post_click, post_key, settle
from tests.solver.draw_three import DrawThree, small_position

KEY = DrawThree.key


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The one registry line: the game joins ``VARIANTS`` (and so ``game.VARIANTS``)."""
    monkeypatch.setitem(VARIANTS, KEY, DrawThree)
    yield


def test_registered_game_is_dealt_through_the_scripting_api() -> None:
    g = game.new_game(KEY, deal=7)
    assert g.key == KEY and g.state.card_count() == 52
    g.play(game.Move("stock", "waste", 3))
    assert len(g.snapshot()["piles"]["waste"]) == 3


def test_registered_game_round_trips_its_text_form() -> None:
    g = game.new_game(KEY, deal=7)
    g.play(game.Move("stock", "waste", 3))
    again = game.from_text(g.text())
    assert again.key == KEY and again.text() == g.text()


def test_registered_game_is_known_to_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["deal", "--variant", KEY, "--deal", "7"]) == 0
    assert capsys.readouterr().out.startswith(KEY)


def test_registered_game_is_listed_in_the_command_line_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # the list on one line
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert f", {KEY}" in capsys.readouterr().out


def test_registered_game_gets_the_generic_search_and_its_winning_line_replays() -> None:
    v = DrawThree.instance()
    assert family_of(v) is Family.GENERIC
    rng = random.Random(5)
    for _ in range(20):  # a small position the generic search proves winnable
        g = game.Game(v, small_position(v, rng, loose=6))
        found = solve(g, Budget(seconds=10.0, positions=200_000))
        if found.verdict is Verdict.WINNABLE:
            break
    assert found.verdict is Verdict.WINNABLE and found.moves
    for move in found.moves:
        g.play(move)
    assert g.is_won()


def test_registered_game_appears_in_the_chooser_and_is_dealt_from_it(make_app: Callable[..., App]) -> None:
    app = make_app(variant=None, deal=None)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert len(chooser.tiles) == len(VARIANTS) and KEY in VARIANTS
    post_click(chooser.tiles[list(VARIANTS).index(KEY)].center)
    app.step()
    assert app.table is not None and app.table.g.key == KEY


def test_registered_game_plays_at_the_table_and_shows_its_rules(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant=KEY, deal=7)
    assert app.table is not None
    post_key(pygame.K_d, unicode="d")
    settle(app, clock)
    assert len(app.table.g.snapshot()["piles"]["waste"]) == 3
    assert rule_paragraphs(DrawThree.instance())
    post_key(pygame.K_F1)
    app.step()
    assert isinstance(app.top, RulesScene)
