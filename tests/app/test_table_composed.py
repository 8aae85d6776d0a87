"""The table scene is composed, not inherited: it holds a game session (the game, its clock,
saving, the solver's answers, autoplay), an input and a drawing, each behind a protocol. The
session plays a game with no scene, window or app around it; the coach holds the session, not
the scene; the protocols the scenes are written against name no concrete scene."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from solver_stand_in import InlineWorker

import game.scenes
from game.app import App
from game.app_store import Persistence
from game.engine.moves import Move
from game.engine.state import State
from game.play import Game
from game.scenes import base, coach, table_drawing, table_input, table_session
from game.scenes.base import Scene
from game.scenes.table import TableScene
from game.scenes.table_session import TableSession
from game.solver.advisor import Advisor
from game.store import Store
from game.view.animation import Spot
from game.view.settings import Settings

SCENES = Path(game.scenes.__file__).parent


def _table(app: App) -> TableScene:
    table = app.table
    assert table is not None
    return table


def test_the_table_scene_holds_its_session_rather_than_inheriting_it(make_app: Callable[..., App]) -> None:
    assert TableSession not in TableScene.__mro__
    assert not issubclass(TableSession, Scene)
    table = _table(make_app(variant="kansas", deal=3))
    assert isinstance(table.session, TableSession)
    assert table.g is table.session.g  # what the scene shows is the session's game


def test_the_coach_holds_the_session_not_the_scene(make_app: Callable[..., App]) -> None:
    table = _table(make_app(variant="bakers-game", deal=3))
    held = table.session.coach.session
    assert held is table.session
    assert not isinstance(held, Scene)


def _protocol_members(protocol: type) -> set[str]:
    names = set(getattr(protocol, "__annotations__", {}))
    names |= {n for n in vars(protocol) if not n.startswith("_")}
    return names


def test_the_session_has_every_member_the_coach_asks_for(make_app: Callable[..., App]) -> None:
    # mypy --strict checks this statically (``Coach(self)`` in TableSession); here at run time.
    session = _table(make_app(variant="seahaven", deal=2)).session
    members = _protocol_members(coach.CoachSession)
    assert {"g", "seen", "advisor", "show_toast", "set_hint", "undo_steps", "start_found"} <= members
    assert sorted(m for m in members if not hasattr(session, m)) == []


@dataclass
class RecordingStage:
    """A ``Stage`` with no scene: it records what the session asks it to show."""

    shown: list[str] = field(default_factory=list)

    def show_deal(self, g: Game) -> None:
        self.shown.append(f"deal {g.deal}")

    def show_change(
        self,
        before: State,
        after: State,
        move: Move | None = None,
        start: dict[int, Spot] | None = None,
        factor: float = 1.0,
    ) -> None:
        self.shown.append(f"change {move}")

    def let_go(self) -> None:
        self.shown.append("let go")

    def redraw_bars(self) -> None:
        pass

    def finish_animations(self) -> None:
        pass

    def invalidate(self) -> None:
        pass

    def sound(self, name: str) -> None:
        self.shown.append(f"sound {name}")


@dataclass
class BareApp:
    """A ``SessionApp``: a store in a folder, the settings, an advisor answering inline, a clock."""

    persist: Persistence
    settings: Settings = field(default_factory=Settings)
    advisor: Advisor = field(default_factory=lambda: Advisor(InlineWorker))

    def now(self) -> float:
        return 100.0


def test_the_session_plays_undoes_and_saves_with_no_scene(tmp_path: Path) -> None:
    app = BareApp(Persistence(Store.open(tmp_path)))
    stage = RecordingStage()
    session = TableSession(app, stage, "kansas", 3)
    session.open()
    assert stage.shown[0] == "deal 3"
    move = session.g.legal_moves()[0]
    assert session.play(move)
    assert f"change {move}" in stage.shown and "let go" in stage.shown
    saved = app.persist.store.load_game("kansas")
    assert saved is not None and saved.game.state == session.g.state
    session.undo()
    assert session.g.moves_made == 0
    session.refuse("tableau-1 is empty")
    assert session.toast is not None and session.toast[0] == "Tableau 1 is empty."


def _concrete_scenes() -> set[str]:
    """The names of every class in game/scenes that is a ``Scene``."""
    names = set()
    for info in pkgutil.iter_modules([str(SCENES)]):
        module = importlib.import_module(f"game.scenes.{info.name}")
        names |= {n for n, v in vars(module).items() if inspect.isclass(v) and issubclass(v, Scene)}
    return names - {"Scene", "Overlay"}


def _annotations(protocol: type) -> list[str]:
    """Every annotation written in ``protocol``: its fields', its methods' and properties'."""
    found = [str(a) for a in getattr(protocol, "__annotations__", {}).values()]
    for value in vars(protocol).values():
        function = value.fget if isinstance(value, property) else value
        if callable(function):
            found += [str(a) for a in inspect.get_annotations(function).values()]
    return found


def test_the_protocols_name_no_concrete_scene() -> None:
    scenes = _concrete_scenes()
    assert {"TableScene", "MenuScene", "WinScene"} <= scenes
    protocols = [
        base.Services,
        base.PlayTable,
        coach.CoachSession,
        table_session.SessionApp,
        table_session.Stage,
        table_input.InputTable,
        table_input.InputSession,
        table_drawing.DrawnTable,
    ]
    named = {
        (p.__name__, word)
        for p in protocols
        for text in _annotations(p)
        for word in re.findall(r"\w+", text)
        if word in scenes
    }
    assert named == set()


def test_no_scene_module_but_the_table_names_the_table_scene() -> None:
    naming = sorted(
        path.name
        for path in SCENES.glob("*.py")
        if path.name != "table.py" and re.search(r"\bTableScene\b", path.read_text(encoding="utf-8"))
    )
    assert naming == []
