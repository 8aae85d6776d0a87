"""The solver at the table: winnable indicator, hints, rewind, winnable deals only, the demo,
the deal's rating. The solver worker is the in-process stand-in (``solver`` fixture)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from solver_stand_in import InlineWorker

import game
from game.app import App
from game.controls.intents import Intent
from game.engine.moves import Move
from game.scenes.table import TableScene
from game.solver import advisor as advisor_module
from game.solver.advisor import Outlook
from game.solver.search import Budget
from tests.app.conftest import FakeClock, post_key, settle, table

# Baker's Game deal 3 is winnable; these four moves fill the cells and lose it on the fourth.
LOSING = (
    "tableau-1 -> reserve-1",
    "tableau-2 -> reserve-2",
    "tableau-3 -> reserve-3",
    "tableau-8 -> reserve-4",
)


def answered(app: App, clock: FakeClock, frames: int = 50) -> None:
    """Step until the solver has nothing under way."""
    for _ in range(frames):
        clock.t += 0.02
        app.step()
        if not app.advisor.busy() and table(app).session.coach.search is None:
            app.step()
            return
    raise AssertionError("the solver never answered")


def status(app: App) -> dict[str, str]:
    return dict(table(app).status_items())


@pytest.fixture
def solving(solver: InlineWorker) -> InlineWorker:
    solver.hold = False
    return solver


def test_the_indicator_says_a_winnable_deal_is_winnable(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="seahaven", deal=2)
    answered(app, clock)
    assert status(app)["Winnable"] == "yes"


def test_the_indicator_says_checking_while_the_solver_works(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=2)
    settle(app, clock)
    assert status(app)["Winnable"] == "checking…"


def test_the_indicator_says_a_lost_deal_is_lost(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="bakers-game", deal=1)
    answered(app, clock)
    assert status(app)["Winnable"] == "no"


def test_the_indicator_says_checking_deeper_while_an_unknown_position_is_searched_again(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(advisor_module, "RATING_BUDGET", Budget(seconds=5.0, positions=1))
    app = make_app(variant="seahaven", deal=2)
    for _ in range(50):
        clock.t += 0.02
        app.step()
        if app.advisor.deepening(table(app).g):
            break
    solving.hold = True
    app.step()
    assert status(app)["Winnable"] == "checking deeper…"
    solving.hold = False
    answered(app, clock)
    assert status(app)["Winnable"] == "yes"


def test_the_indicator_can_be_turned_off(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="seahaven", deal=2)
    app.persist.remember(winnable_indicator=False)
    app.step()
    assert "Winnable" not in status(app)


def test_the_title_shows_the_deal_rating(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="seahaven", deal=2)
    answered(app, clock)
    assert table(app).title().endswith("Deal 2  ·  Easy")


def test_a_hint_in_an_open_game_is_the_solvers_next_move(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="bakers-game", deal=3)
    answered(app, clock)
    post_key(pygame.K_h, unicode="h")
    app.step()
    t = table(app)
    line = app.advisor.line(t.g)
    assert t.hint is not None and line and t.hint[0] == line[0]
    assert t.toast is not None and "keeps the deal winnable" in t.toast[0]


def test_a_hint_waits_for_the_solver_at_most_half_a_second(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="bakers-game", deal=3)
    settle(app, clock)
    post_key(pygame.K_h, unicode="h")
    app.step()
    t = table(app)
    assert t.hint is None
    clock.t += 0.6
    app.step()
    assert t.hint is not None and t.g.is_legal(t.hint[0])
    assert t.toast is not None and "best guess" in t.toast[0]


def test_a_hint_with_face_down_cards_does_not_depend_on_them(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=5)
    t = table(app)
    hints = []
    for g in (t.g, _hidden_cards_swapped(t.g.text())):
        t.session.start(g)
        t.session.show_hint()
        assert t.hint is not None
        hints.append(t.hint[0])
        assert t.toast is not None and "face down" in t.toast[0]
    assert hints[0] == hints[1]


def _hidden_cards_swapped(text: str) -> game.Game:
    """The same position with the first two face-down stock cards exchanged."""
    fields = text.split()
    i = next(i for i, f in enumerate(fields) if f.startswith("stock="))
    cards = fields[i][len("stock=") :]
    fields[i] = "stock=" + cards[2:4] + cards[0:2] + cards[4:]
    swapped = game.from_text(" ".join(fields))
    assert swapped.text() != text
    return swapped


def test_rewind_goes_back_to_the_last_winnable_position(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="bakers-game", deal=3)
    t = table(app)
    for move in LOSING:
        assert t.play(Move.parse(move))
        answered(app, clock)
    assert status(app)["Winnable"] == "no"
    assert any(b.action is Intent.REWIND for b in t.buttons)
    post_key(pygame.K_BACKSPACE, pygame.KMOD_SHIFT)
    answered(app, clock)
    assert t.g.moves_made == 3
    assert status(app)["Winnable"] == "yes"


def test_rewind_on_a_winnable_deal_changes_nothing(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="bakers-game", deal=3)
    t = table(app)
    assert t.play(Move.parse(LOSING[0]))
    answered(app, clock)
    t.perform(Intent.REWIND)
    app.step()
    assert t.g.moves_made == 1
    assert t.toast is not None and "still be won" in t.toast[0]


def test_winnable_deals_only_deals_a_proved_winnable_deal(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="seahaven", deal=2)
    app.persist.remember(winnable_only={"seahaven": True})
    t = table(app)
    before = t.g
    post_key(pygame.K_n, pygame.KMOD_CTRL)
    answered(app, clock, frames=400)
    assert t.g is not before and t.g.deal is not None
    assert app.advisor.outlook(t.g) is Outlook.WINNABLE
    saved = app.persist.store.load_game("seahaven")
    assert saved is not None and saved.game.deal == t.g.deal and saved.winnable_only


def test_escape_stops_looking_for_a_winnable_deal(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.store import winnable as winnable_table

    monkeypatch.setattr(winnable_table, "shipped", lambda: winnable_table.Table())  # no table: a search
    app = make_app(variant="seahaven", deal=2)
    app.persist.remember(winnable_only={"seahaven": True})
    t = table(app)
    before = t.g
    t.perform(Intent.NEW_DEAL)
    app.step()
    assert t.session.coach.search is not None
    post_key(pygame.K_ESCAPE)
    app.step()
    assert t.session.coach.search is None and t.g is before


def test_the_demo_plays_on_a_copy_and_a_key_returns_to_the_game(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="seahaven", deal=2, speed="fast")
    mine = table(app)
    position = mine.g.state
    app.perform(Intent.DEMO)
    demo = app.top
    assert isinstance(demo, TableScene) and demo.demo
    for _ in range(400):
        clock.t += 0.05
        app.step()
    assert demo.g.moves_made > 0
    assert mine.g.state == position
    post_key(pygame.K_SPACE, unicode=" ")
    app.step()
    assert app.top is mine


def test_the_demo_follows_the_solvers_line_to_a_win(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="bakers-game", deal=3, speed="off")
    app.perform(Intent.DEMO)
    demo = app.top
    assert isinstance(demo, TableScene)
    for _ in range(3000):
        clock.t += 0.05
        app.step()
        if demo.g.is_won():
            break
    assert demo.g.is_won()
    assert app.top is demo  # no win screen over a demo; a key goes back
