"""The coach talks to the table's session only (``CoachSession``): a stand-in session of a few
fields, with no scene, no window and no app, is all it needs to hint and rewind."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from solver_stand_in import InlineWorker

import game
from game.engine.moves import Move
from game.engine.state import State
from game.play import Game
from game.scenes.coach import Coach
from game.solver.advisor import Advisor, Outlook
from game.store import Settings as StoredSettings


@dataclass
class StandInSession:
    """The members of ``CoachSession``, recording what the coach does to the table."""

    g: Game
    advisor: Advisor
    stored: StoredSettings = field(default_factory=StoredSettings)
    auto_moves: bool = True
    autoplaying: bool = False
    seen: set[State] = field(default_factory=set)
    toasts: list[str] = field(default_factory=list)
    hints: list[tuple[Move, str]] = field(default_factory=list)
    undone: list[int] = field(default_factory=list)
    played: set[int] = field(default_factory=set)

    def now(self) -> float:
        return 0.0

    def played_deals(self) -> set[int]:
        return self.played

    def winnable_cache(self) -> Path | None:
        return None

    def show_toast(self, message: str, duration: float | None = 2.5) -> None:
        self.toasts.append(message)

    def set_hint(self, move: Move, reason: str) -> None:
        self.hints.append((move, reason))

    def undo_steps(self, steps: int) -> None:
        self.undone.append(steps)
        for _ in range(steps):
            self.g.undo()

    def start_found(self, g: Game, winnable: bool) -> None:
        self.g = g


def _session(moves: tuple[str, ...] = ()) -> StandInSession:
    g = game.new_game("bakers-game", 3)  # winnable; every card face up
    g.play_auto_moves()
    for move in moves:
        g.play(Move.parse(move))
        g.play_auto_moves()
    worker = InlineWorker()
    return StandInSession(g, Advisor(lambda: worker))


def _settle(coach: Coach) -> None:
    for _ in range(5):
        coach.tick(0.0)


def test_the_coach_hints_the_solvers_move_to_a_session_without_a_scene() -> None:
    session = _session()
    coach = Coach(session)  # `MYPYPATH=tests mypy --strict` on this file: a CoachSession
    coach.hint()
    _settle(coach)
    assert len(session.hints) == 1
    move, reason = session.hints[0]
    assert move in session.g.legal_moves()
    assert "keeps the deal winnable" in reason


def test_the_coach_rewinds_a_lost_game_through_the_session() -> None:
    # Four moves that fill the cells and lose the deal (tests/solver/test_advisor.py's LOSING).
    lost = (
        "tableau-1 -> reserve-1",
        "tableau-2 -> reserve-2",
        "tableau-3 -> reserve-3",
        "tableau-8 -> reserve-4",
    )
    session = _session(lost)
    coach = Coach(session)
    _settle(coach)
    coach.rewind()
    _settle(coach)
    assert session.undone and session.undone[0] >= 1
    assert any(t.startswith("Rewound") for t in session.toasts), session.toasts


def test_the_coach_deals_a_shipped_winnable_deal_not_played_through_the_session() -> None:
    from game.store.winnable import shipped

    session = _session()
    pool = {e.deal for e in shipped().pool["bakers-game"]}
    session.played = pool - {min(pool)}  # one deal of the pool left unplayed
    coach = Coach(session)
    coach.find_deal()
    assert coach.search is None  # dealt at once, no solver search
    assert session.g.key == "bakers-game" and session.g.deal == min(pool)
    assert coach.advisor.outlook(session.g) is Outlook.WINNABLE  # its line told the advisor
