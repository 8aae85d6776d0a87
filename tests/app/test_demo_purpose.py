"""The demo plays with purpose: it follows the solver's winning line in every game, never
takes a card off a foundation unless that line does, and says why when it stops short of a
win. The real App, headless, with the in-process solver stand-in."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from solver_stand_in import InlineWorker

from game.app import App
from game.controls.intents import Intent
from game.engine.moves import Move
from game.scenes.table import TableScene
from game.solver import advisor as advisor_module
from game.solver.search import Budget
from tests.app.conftest import FakeClock, table, toast

WINNABLE = [
    ("bakers-game", 3),
    ("seahaven", 2),
    ("lady-jane", 976078643),
    ("kansas", 1538380847),
    ("aunt-mary", 8555583330),
]
"""A winnable deal of each game that the solver wins in a fraction of a second."""

NOTHING = Budget(seconds=2.0, positions=1)
"""A search that decides nothing."""


@pytest.fixture
def solving(solver: InlineWorker) -> InlineWorker:
    solver.hold = False
    return solver


def start_demo(app: App) -> TableScene:
    app.perform(Intent.DEMO)
    demo = app.top
    assert isinstance(demo, TableScene) and demo.demo
    return demo


def run(app: App, clock: FakeClock, demo: TableScene, frames: int = 3000) -> None:
    """Step until the demo has won or stopped."""
    for _ in range(frames):
        clock.t += 0.05
        app.step()
        auto = demo.session.autoplay
        if demo.g.is_won() or (auto is not None and auto.done and auto.reported):
            return


def played(demo: TableScene) -> list[Move]:
    return [move for step in demo.g.history for move in step]


def from_foundation(moves: list[Move]) -> list[Move]:
    return [m for m in moves if m.source.startswith("foundation")]


@pytest.mark.slow
@pytest.mark.parametrize(("key", "deal"), WINNABLE)
def test_the_demo_wins_a_winnable_deal_by_following_the_solvers_line(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker, key: str, deal: int
) -> None:
    app = make_app(variant=key, deal=deal)
    mine = table(app)
    for _ in range(40):  # the opening is searched (and rated) before the demo starts
        clock.t += 0.05
        app.step()
    line = app.advisor.line(mine.g)
    assert line, "the solver found no line for a deal it wins in a fraction of a second"
    demo = start_demo(app)
    run(app, clock, demo)
    assert demo.g.is_won()
    moves = played(demo)
    pairs = zip(moves, line, strict=False)
    same = next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(moves), len(line)))
    assert same > len(line) // 2  # the line, move for move: nothing aimless
    finish = moves[same:]  # once no choice is left, the table sends every card home itself
    assert all(m.target.startswith("foundation") for m in finish), finish
    assert from_foundation(moves) == from_foundation(list(line[:same]))


def test_the_demo_stops_on_a_lost_deal_saying_so_and_makes_no_move(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="bakers-game", deal=1)  # proved unwinnable from the deal
    demo = start_demo(app)
    run(app, clock, demo)
    assert demo.g.moves_made == 0
    said = toast(demo)
    assert said == "The demo stopped: the deal can no longer be won from here."
    assert "Autoplay" not in said


def test_the_demo_stops_when_no_line_is_known_instead_of_playing_aimlessly(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(advisor_module, "RATING_BUDGET", NOTHING)
    app = make_app(variant="lady-jane", deal=20001)  # not in the shipped table: no line known
    app.advisor.check_budget = app.advisor.deep_budget = NOTHING
    demo = start_demo(app)
    run(app, clock, demo)
    assert demo.g.moves_made == 0
    assert toast(demo) == "The demo stopped: the solver found no winning line from here."


def test_the_demo_from_a_lost_position_of_a_winnable_deal_says_it_cannot_be_won_from_here(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="bakers-game", deal=3)  # winnable; these moves fill the cells and lose it
    mine = table(app)
    for move in ("tableau-1 -> reserve-1", "tableau-2 -> reserve-2", "tableau-3 -> reserve-3"):
        mine.g.play(Move.parse(move))
    mine.g.play(Move.parse("tableau-8 -> reserve-4"))
    demo = start_demo(app)
    run(app, clock, demo)
    assert demo.g.moves_made == 0
    assert toast(demo) == "The demo stopped: the deal can no longer be won from here."
