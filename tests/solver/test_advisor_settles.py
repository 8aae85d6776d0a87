"""The advisor answers near known lines without a search, and a deal's difficulty settles."""

from __future__ import annotations

import dataclasses

import pytest
from solver_stand_in import InlineWorker

from game.solver import advisor as advisor_module
from game.solver.advisor import Advisor, Outlook
from game.solver.rating import Difficulty
from game.solver.search import Budget, Verdict
from game.solver.worker import Answer
from tests.solver.test_advisor import act, opening

QUICK = Budget(seconds=5.0, positions=1)
"""A search that can decide nothing."""


class OpeningOnly(InlineWorker):
    """Decides the deal's opening position only: every other answer is "unknown" (a game whose
    positions in play are too hard for the checks, like Lady Jane's hardest)."""

    def __init__(self, opening_text: str) -> None:
        super().__init__()
        self.opening_text = opening_text

    def answers(self) -> list[Answer]:
        opening = self.opening_text
        return [
            a if a.position == opening else dataclasses.replace(a, verdict=Verdict.UNKNOWN)
            for a in super().answers()
        ]


def test_a_position_next_to_the_known_line_is_winnable_without_a_search() -> None:
    worker = InlineWorker()
    advisor = Advisor(lambda: worker)
    g = opening()
    advisor.follow(g)
    advisor.poll()
    line = advisor.line(g)
    assert line and str(line[0]) != "tableau-2 -> reserve-1"
    asked = len(worker.requests)
    act(g, "tableau-2 -> reserve-1")  # off the line, a move from it
    advisor.follow(g)
    assert advisor.outlook(g) is Outlook.WINNABLE
    assert len(worker.requests) == asked
    rest = advisor.line(g)
    assert rest
    for move in rest:
        g.play(move)
    assert g.is_won()


def test_a_position_far_from_every_known_line_is_searched() -> None:
    worker = InlineWorker(hold=True)
    advisor = Advisor(lambda: worker)
    g = opening()
    advisor.follow(g)
    worker.hold = False
    advisor.poll()
    worker.hold = True
    act(g, "tableau-1 -> reserve-1")  # no way back to the line within two actions
    advisor.follow(g)
    assert advisor.outlook(g) is Outlook.CHECKING


def test_the_positions_one_action_ahead_are_checked_while_the_player_thinks() -> None:
    worker = InlineWorker()
    advisor = Advisor(lambda: worker)
    g = opening()
    advisor.follow(g)
    for _ in range(40):  # the opening, then the positions one action from it
        advisor.poll()
    assert not advisor.busy()  # looking ahead keeps nobody waiting
    asked = len(worker.requests)
    act(g, "tableau-1 -> reserve-1")  # off the line, and no way back to it within two actions
    advisor.follow(g)
    assert advisor.outlook(g) in (Outlook.WINNABLE, Outlook.UNWINNABLE)
    assert g.text() not in [text for _, text, _ in worker.requests[asked:]]


def test_nothing_is_looked_ahead_to_beyond_a_lost_position() -> None:
    worker = InlineWorker()
    advisor = Advisor(lambda: worker)
    g = opening("bakers-game", 1)  # proved unwinnable from the deal
    advisor.follow(g)
    for _ in range(10):
        advisor.poll()
    assert advisor.outlook(g) is Outlook.UNWINNABLE
    assert [text for _, text, _ in worker.requests] == [g.text()]


def test_a_deal_its_rating_left_unknown_is_rated_hard_once_a_later_position_is_won(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(advisor_module, "RATING_BUDGET", QUICK)
    worker = InlineWorker()
    advisor = Advisor(lambda: worker)
    g = opening()
    advisor.follow(g)
    advisor.poll()
    assert advisor.rating(g) is Difficulty.UNKNOWN
    act(g, "tableau-1 -> reserve-1")  # the opening's deeper search is cut short
    advisor.follow(g)
    advisor.poll()
    assert advisor.outlook(g) is Outlook.WINNABLE
    assert advisor.rating(g) is Difficulty.HARD


def test_the_difficulty_settles_while_the_positions_in_play_stay_unknown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(advisor_module, "RATING_BUDGET", QUICK)
    g = opening()
    worker = OpeningOnly(g.text())
    advisor = Advisor(lambda: worker)
    advisor.follow(g)
    advisor.poll()
    assert advisor.rating(g) is Difficulty.UNKNOWN
    act(g, "tableau-1 -> reserve-1")  # the player moves on before the opening is searched deeper
    advisor.follow(g)
    for _ in range(100):  # the position, deeper, the positions after it, then the opening
        advisor.poll()
    assert advisor.outlook(g) is Outlook.UNKNOWN
    assert advisor.rating(g) is Difficulty.HARD
