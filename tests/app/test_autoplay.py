"""``--autoplay --exit-when-done``: the computer plays the deal and the app exits 0."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

import pytest
from solver_stand_in import InlineWorker

import game
from game.app import App
from game.controls.intents import Intent
from game.scenes.win import WinScene
from tests.app.conftest import FakeClock


# Kansas autoplays the longest (2-3 s here): slow; the others stay in the quick set.
@pytest.mark.parametrize(
    "variant", [pytest.param(k, marks=pytest.mark.slow) if k == "kansas" else k for k in game.VARIANTS]
)
def test_autoplay_exits_zero_when_done(
    make_app: Callable[..., App],
    clock: FakeClock,
    solver: InlineWorker,
    capsys: pytest.CaptureFixture[str],
    variant: str,
) -> None:
    solver.hold = False
    app = make_app(
        speed="fast", variant=variant, deal=7, autoplay=True, exit_when_done=True, window=(640, 480)
    )
    for _ in range(20000):
        clock.t += 0.05
        if not app.step():
            break
    assert not app.running and app.exit_code == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith(f"{variant} deal 7: ")
    assert any(word in line for word in ("won", "no moves left", "stopped"))


def test_exit_when_done_without_autoplay_quits_on_a_stuck_game(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=4, exit_when_done=True)
    table = app.table
    assert table is not None
    stuck = game.from_text(_stuck_kansas())
    table.session.start(stuck)
    app.step()
    app.step()
    assert not app.running and app.exit_code == 0


def _stuck_kansas() -> str:
    """A Kansas position with the stock empty and no legal move."""
    g = game.new_game("kansas", 1)
    while not g.is_stuck():
        moves = g.legal_moves()
        stock = [m for m in moves if m.source == "stock"]
        g.play(stock[0] if stock else moves[0])
    return g.text()


@pytest.mark.slow
def test_the_command_line_autoplay_exits_zero() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLITAIRE_SPEED="off")
    command = [sys.executable, "-m", "game", "--variant", "kansas", "--deal", "3", "--window", "640x480"]
    done = subprocess.run(
        [*command, "--autoplay", "--exit-when-done"], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("kansas deal 3: ")


def test_same_deal_again_after_autoplay_ended_plays_it_afresh(
    make_app: Callable[..., App], clock: FakeClock, solver: InlineWorker
) -> None:
    solver.hold = False
    app = make_app(speed="fast", variant="seahaven", deal=7, autoplay=True, window=(640, 480))
    table = app.table
    assert table is not None
    for _ in range(20000):
        clock.t += 0.05
        app.step()
        if table.autoplay is not None and table.autoplay.done:
            break
    assert table.autoplay is not None and table.autoplay.done
    assert table.g.is_won()
    win = app.scenes[-1]
    assert isinstance(win, WinScene)
    win.choose(Intent.SAME_DEAL)  # the win screen's "Same deal" button
    for _ in range(400):
        clock.t += 0.05
        app.step()
    assert table.g.moves_made > 0  # played again, not left as the first run ended it
    toast = table.toast[0] if table.toast is not None else ""
    assert "Autoplay stopped" not in toast
