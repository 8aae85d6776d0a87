"""Partial redraws: after every frame the window shows exactly what a full redraw would.

Frames redraw only their damaged rectangles (moving cards and their shadows, piles whose
cards took off or landed, the status line), so a rectangle left out leaves a trail. These
tests play the real app frame by frame and compare the window with a full redraw each time.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game
from game.app import PARK_AFTER, App
from game.view.renderer import Renderer

FINISH = (
    "kansas base=A stock=- waste=- foundation-1=AD foundation-2=- foundation-3=- foundation-4=-"
    " reserve-1=KSQSJSTS9S8S7S6S5S4S3S2SAS tableau-1=KDQDJDTD9D8D7D6D5D4D3D2D"
    " tableau-2=KCQCJCTC9C8C7C6C5C4C3C2CAC tableau-3=KHQHJHTH9H8H7H6H5H4H3H2HAH"
)
"""Every card face up and a certain win: the Finish key sends 51 cards home, columns closing up."""


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(clock: Clock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path))
    args = argparse.Namespace(
        variant="kansas", deal=7, fullscreen=False, window=(900, 640), autoplay=False, exit_when_done=False
    )
    app = App(args, clock=clock, speed="normal")
    stored = app.persist.stored
    if hasattr(stored, "winnable_indicator"):
        stored.winnable_indicator = False  # no solver process: these tests are about pixels
    app.game_over = lambda table, won: None  # type: ignore[method-assign]  # keep the table in front
    pygame.event.clear()
    yield app
    close = getattr(app, "close", None)
    if close is not None:
        close()


def differences(app: App) -> int:
    """How many pixels of the window differ from a full redraw of the same frame."""
    full = pygame.Surface(app.surface.get_size())
    app.top.draw(full)
    shown = pygame.image.tobytes(app.surface, "RGB")
    drawn = pygame.image.tobytes(full, "RGB")
    if shown == drawn:
        return 0
    return sum(shown[i : i + 3] != drawn[i : i + 3] for i in range(0, len(shown), 3))


def run_until_still(app: App, clock: Clock, limit: int = 1500) -> list[int]:
    """Step frame by frame until nothing moves; the differing pixels of each frame."""
    table = app.table
    assert table is not None
    seen = []
    for _ in range(limit):
        clock.t += 1 / 60
        app.step()
        seen.append(differences(app))
        if not table.busy():
            break
    app.step()
    seen.append(differences(app))
    return seen


def test_the_opening_deal_and_moves_leave_no_trail(app: App, clock: Clock) -> None:
    table = app.table
    assert table is not None
    seen = run_until_still(app, clock)
    rng = random.Random(3)
    for _ in range(8):
        moves = table.g.legal_moves()
        if not moves:
            break
        table.play(rng.choice(moves))
        seen += run_until_still(app, clock)
    assert max(seen) == 0


def test_the_finish_redraws_only_what_changed_and_leaves_no_trail(app: App, clock: Clock) -> None:
    table = app.table
    assert table is not None
    app.settings.auto_moves = False
    table.session.start(game.from_text(FINISH))
    run_until_still(app, clock)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0))
    app.step()
    seen = [differences(app), *run_until_still(app, clock)]
    assert max(seen) == 0
    assert table.g.is_won()


def test_a_dragged_stack_leaves_no_trail(app: App, clock: Clock) -> None:
    table = app.table
    assert table is not None
    run_until_still(app, clock)
    pile = next(i for i in table.g.variant.tableau if table.g.state.piles[i])
    card = table.layout.state_rects(table.g.state, pile)[-1]
    grab = card.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grab, button=1))
    app.step()
    seen = []
    prev = grab
    for k in range(1, 30):
        pos = (grab[0] + 11 * k, grab[1] + 5 * k)
        rel = (pos[0] - prev[0], pos[1] - prev[1])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0)))
        prev = pos
        clock.t += 1 / 60
        app.step()
        seen.append(differences(app))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=prev, button=1))
    app.step()
    seen += run_until_still(app, clock)
    assert max(seen) == 0


def fresh_layer_differences(app: App) -> int:
    """How many pixels of the renderer's table layer differ from one painted afresh."""
    table = app.table
    assert table is not None
    key = table.drawing.layer_key()
    fresh = Renderer(app.art)
    fresh.high_contrast = app.renderer.high_contrast
    kept = pygame.image.tobytes(app.renderer.table_layer(table.layout, *key), "RGB")
    painted = pygame.image.tobytes(fresh.table_layer(table.layout, *key), "RGB")
    return sum(kept[i : i + 3] != painted[i : i + 3] for i in range(0, len(kept), 3))


@pytest.mark.parametrize("extra", ["plain", "focus ring", "toast", "high contrast"])
def test_an_idle_table_parks_its_layer_and_rebuilds_it_from_the_window(
    app: App, clock: Clock, extra: str
) -> None:
    table = app.table
    assert table is not None
    if extra == "high contrast":
        app.set_high_contrast(True)
    run_until_still(app, clock)
    if extra == "focus ring":
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
        )
    elif extra == "toast":
        table.show_toast("A notice over the table")
    run_until_still(app, clock)
    clock.t += PARK_AFTER  # quiet for long enough
    app.go_idle()
    assert app.renderer.parked, "an idle table lets its layer's pixels go"
    move = next(m for m in table.g.legal_moves() if m.source != "stock")
    table.play(move)
    clock.t += 1 / 60
    app.step()  # the first frame after idle: the layer is rebuilt from the window
    assert not app.renderer.parked
    assert fresh_layer_differences(app) == 0
    seen = [differences(app), *run_until_still(app, clock)]
    assert max(seen) == 0


def test_the_status_line_ticking_leaves_the_layer_parked(app: App, clock: Clock) -> None:
    table = app.table
    assert table is not None
    run_until_still(app, clock)
    table.play(next(m for m in table.g.legal_moves() if m.source != "stock"))  # the game clock starts
    run_until_still(app, clock)
    clock.t += PARK_AFTER  # quiet for long enough
    app.go_idle()
    drawn = app.surface.copy()
    clock.t += 1.0
    app.step()
    assert app.renderer.parked, "a new second on the clock repaints the status line alone"
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(app.surface, "RGB")
    assert differences(app) == 0


def test_a_table_in_play_keeps_its_layer_until_it_has_been_quiet_a_while(app: App, clock: Clock) -> None:
    table = app.table
    assert table is not None
    run_until_still(app, clock)
    app.go_idle()
    assert not app.renderer.parked, "a move a moment ago: the next one should not wait for a rebuild"
    clock.t += PARK_AFTER
    app.go_idle()
    assert app.renderer.parked


def test_the_pointer_moving_over_an_idle_table_rebuilds_its_layer_before_a_click(
    app: App, clock: Clock
) -> None:
    run_until_still(app, clock)
    clock.t += PARK_AFTER  # quiet for long enough
    app.go_idle()
    assert app.renderer.parked
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 200), rel=(1, 0), buttons=(0, 0, 0)))
    clock.t += 1 / 60
    app.step()
    assert not app.renderer.parked, "the layer is rebuilt while the pointer moves"
    assert fresh_layer_differences(app) == 0
    assert differences(app) == 0
