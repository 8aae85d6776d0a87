"""Once a game has ended (won, or no legal move left) nothing at the table says otherwise: not
the demo's own report a moment later, not a hint, a finish or a rewind asked for afterwards."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from solver_stand_in import InlineWorker

import game
from game.app import App
from game.controls.intents import Intent
from game.play import Game
from game.scenes.table import TableScene
from tests.app.conftest import FakeClock, post_key, table, toast


def won_game() -> Game:
    """Seahaven Towers with every card home."""
    homes = [f"foundation-{i}={''.join(r + s for r in 'A23456789TJQK')}" for i, s in enumerate("HDCS", 1)]
    g = game.from_text(f"seahaven {' '.join(homes)}")
    assert g.is_won()
    return g


def stuck_game() -> Game:
    """Seahaven Towers with no legal move: every reserve cell full, no card can go anywhere."""
    g = game.from_text(
        "seahaven foundation-1=AH tableau-1=2H5C tableau-2=3C7D "
        "reserve-1=9S reserve-2=JS reserve-3=QD reserve-4=TC"
    )
    assert g.is_stuck()
    return g


def back_at_the_table(app: App, clock: FakeClock) -> None:
    """Step until the game's end shows its screen (win or no moves), then close it at once (the
    win's card cascade is not waited for)."""
    for _ in range(200):
        clock.t += 0.02
        app.step()
        if not isinstance(app.top, TableScene):
            break
    while not isinstance(app.top, TableScene):
        app.pop(app.top)
    app.step()


def test_a_demo_win_is_never_called_a_failure_afterwards(
    make_app: Callable[..., App], clock: FakeClock, solver: InlineWorker
) -> None:
    solver.hold = False
    app = make_app(variant="bakers-game", deal=3, speed="off")
    app.perform(Intent.DEMO)
    demo = app.top
    assert isinstance(demo, TableScene) and demo.demo
    for _ in range(3000):
        clock.t += 0.05
        app.step()
        if demo.g.is_won():
            break
    assert demo.g.is_won()
    for _ in range(100):  # five seconds more of frames
        clock.t += 0.05
        app.step()
    assert toast(demo).startswith("The demo won the deal")
    assert "Autoplay stopped" not in toast(demo)


def test_a_demo_that_ends_stuck_is_not_reported_a_second_time(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7, speed="off")
    demo = TableScene(app.services, "seahaven", demo=stuck_game())
    app.push(demo)
    for _ in range(20):
        clock.t += 0.05
        app.step()
    said = toast(demo)
    assert said.startswith("The demo found no move left")
    for _ in range(60):  # three seconds more
        clock.t += 0.05
        app.step()
    assert toast(demo) == said


@pytest.mark.parametrize("key", [pygame.K_h, pygame.K_f])
def test_hint_and_finish_after_a_win_say_the_deal_is_won(
    make_app: Callable[..., App], clock: FakeClock, key: int
) -> None:
    app = make_app(variant="seahaven", deal=7)
    t = table(app)
    t.session.start(won_game())
    back_at_the_table(app, clock)
    post_key(key, unicode=chr(key))
    app.step()
    assert toast(t) == "The deal is won: nothing is left to play."


def test_rewind_after_a_win_says_the_deal_is_won(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="seahaven", deal=7)
    t = table(app)
    t.session.start(won_game())
    back_at_the_table(app, clock)
    post_key(pygame.K_BACKSPACE, mod=pygame.KMOD_SHIFT)
    app.step()
    assert toast(t) == "The deal is won: nothing is left to play."


@pytest.mark.parametrize("key", [pygame.K_h, pygame.K_f])
def test_hint_and_finish_with_no_move_left_say_so(
    make_app: Callable[..., App], clock: FakeClock, key: int
) -> None:
    app = make_app(variant="seahaven", deal=7)
    t = table(app)
    t.session.start(stuck_game())
    back_at_the_table(app, clock)
    post_key(key, unicode=chr(key))
    app.step()
    assert toast(t).startswith("No legal move is left in this deal")
