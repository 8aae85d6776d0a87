"""The automatic-moves setting reaches the solver: with it on, "winnable" means winnable as
the table plays (each player move followed by ``Game.auto_moves`` until none is left)."""

from __future__ import annotations

import pytest

import game
from game.play import Game
from game.solver.advisor import Advisor, Outlook
from game.solver.search import Budget, Verdict, plays_at_table, solve
from tests.solver_stand_in import InlineWorker

KANSAS_218 = ("kansas", 218)
"""A deal the free player wins with a line the table cannot follow: automatic moves send home
a card the line keeps out."""


def test_a_free_players_kansas_win_cannot_be_followed_at_the_table() -> None:
    g = game.new_game(*KANSAS_218)
    free = solve(g, Budget(seconds=30, positions=3_000_000).for_game("kansas"))
    assert free.verdict is Verdict.WINNABLE
    assert not plays_at_table(g.variant, g.state, free.raw)


@pytest.mark.slow
def test_with_automatic_moves_a_win_is_one_the_table_can_follow_move_by_move() -> None:
    for key, deal in (KANSAS_218, ("lady-jane", 45), ("lady-jane", 54), ("aunt-mary", 2), ("seahaven", 2)):
        g = game.new_game(key, deal)
        result = solve(g, Budget(seconds=3, positions=200_000).for_game(key), automatic=True)
        if result.verdict is Verdict.WINNABLE:
            assert plays_at_table(g.variant, g.state, result.raw), (key, deal)


def test_the_advisor_passes_the_setting_to_the_worker() -> None:
    worker = InlineWorker()
    advisor = Advisor(lambda: worker)
    g = game.new_game("bakers-game", 3)
    advisor.follow(g)
    advisor.poll()
    assert advisor.outlook(g) is Outlook.WINNABLE
    advisor.set_automatic(False)
    assert advisor.outlook(g) is Outlook.CHECKING  # searched again, for the other setting
    assert worker.automatic[0] is True  # the opening (then perhaps a look ahead), as set
    assert worker.automatic[-1] is False


def test_a_verdict_under_one_setting_is_never_reused_under_the_other() -> None:
    worker = InlineWorker(hold=True)
    advisor = Advisor(lambda: worker, automatic=False)
    g = game.new_game(*KANSAS_218)
    advisor.learn(g, solve(g, Budget(seconds=30, positions=3_000_000).for_game("kansas")), automatic=False)
    assert advisor.outlook(g) is Outlook.WINNABLE
    advisor.set_automatic(True)
    assert advisor.outlook(g) is not Outlook.WINNABLE
    advisor.set_automatic(False)
    assert advisor.outlook(g) is Outlook.WINNABLE


def test_a_rating_under_one_setting_is_never_shown_under_the_other() -> None:
    worker = InlineWorker()
    advisor = Advisor(lambda: worker, automatic=False)
    g = Game(game.new_game("bakers-game", 3).variant, game.new_game("bakers-game", 3).state, 3)
    advisor.consider(g)
    advisor.poll()
    assert advisor.rating(g) is not None
    advisor.set_automatic(True)
    assert advisor.rating(g) is None
