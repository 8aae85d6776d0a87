"""Whole games won by keys and by gamepad buttons only, through the real loop and the focus model.

A winning line comes from the solver; each move becomes focus moves (found by walking the
pure ``focus.step``), Enter on the source card, focus moves to the target, Enter (or D for a
stock action); the gamepad plays the same line with d-pad, A and Y buttons.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.controls.focus import ARROWS, Direction, Focus, settle, step
from game.engine.moves import Move
from game.scenes.table import TableScene
from game.scenes.win import WinScene
from game.solver.heuristic import is_stock_action
from game.solver.search import Budget, solve
from tests.app.conftest import FakeClock, post, post_key, table
from tests.app.conftest import settle as settle_app

WINNING_DEALS = {"lady-jane": 1, "bakers-game": 3, "kansas": 65, "aunt-mary": 2, "seahaven": 1}
"""A deal of each variant the solver wins in well under a second."""

KEY_FOR = {d: k for k, d in ARROWS.items()}
PAD_FOR = {
    (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP,
    (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    (1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}


def path(t: TableScene, reached: Callable[[Focus], bool]) -> list[Direction]:
    """The fewest arrow presses from the table's focus to one that ``reached`` accepts."""
    state, layout = t.g.state, t.layout
    start = settle(layout, state, t.keyboard.focus)
    seen: dict[Focus, list[Direction]] = {start: []}
    queue = deque([start])
    while queue:
        focus = queue.popleft()
        if reached(focus):
            return seen[focus]
        for direction in KEY_FOR:
            nxt = step(layout, state, focus, direction)
            if nxt not in seen:
                seen[nxt] = [*seen[focus], direction]
                queue.append(nxt)
    raise AssertionError(f"no arrow path from {start} on {t.g.key}")


class Keyboard:
    """Plays by key presses."""

    def arrow(self, d: Direction) -> None:
        post_key(KEY_FOR[d])

    def enter(self) -> None:
        post_key(pygame.K_RETURN)

    def deal(self) -> None:
        post_key(pygame.K_d, unicode="d")


class Gamepad:
    """Plays by controller buttons."""

    def press(self, button: int) -> None:
        post(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0)

    def arrow(self, d: Direction) -> None:
        self.press(PAD_FOR[d])

    def enter(self) -> None:
        self.press(pygame.CONTROLLER_BUTTON_A)

    def deal(self) -> None:
        self.press(pygame.CONTROLLER_BUTTON_Y)


def play_move(app: App, clock: FakeClock, player: Keyboard | Gamepad, move: Move) -> None:
    t = table(app)
    g, v = t.g, t.g.variant
    before = g.moves_made
    if is_stock_action(v, move):
        player.deal()
    else:
        source, target = v.index[move.source], v.index[move.target]
        card = len(g.state.piles[source]) - move.count
        for d in path(t, lambda f: f == Focus(source, card)):
            player.arrow(d)
        player.enter()
        settle_app(app, clock)
        assert t.selection is not None, f"{move}: nothing picked up"
        assert any(m.target == move.target for m in t.selection.moves)
        for d in path(t, lambda f: f.pile == target):
            player.arrow(d)
        player.enter()
    settle_app(app, clock)
    assert g.moves_made == before + 1, f"{move} was not played"


def win_by(app: App, clock: FakeClock, player: Keyboard | Gamepad) -> None:
    t = table(app)
    app.settings.auto_moves = False  # the solver's line has the automatic moves in it
    line = solve(t.g, Budget(seconds=20)).moves
    assert line, f"no winning line for {t.g.key} deal {t.g.deal}"
    player.arrow((0, 1))  # the first press shows the focus where it is
    settle_app(app, clock)
    assert t.keyboard.visible
    for move in line:
        play_move(app, clock, player, move)
    settle_app(app, clock)
    assert t.g.is_won()
    assert isinstance(app.top, WinScene)


@pytest.mark.parametrize("variant", list(WINNING_DEALS))
def test_a_whole_game_is_won_with_keys_only(
    make_app: Callable[..., App], clock: FakeClock, variant: str
) -> None:
    app = make_app(variant=variant, deal=WINNING_DEALS[variant])
    win_by(app, clock, Keyboard())


@pytest.mark.parametrize("variant", list(WINNING_DEALS))
def test_a_whole_game_is_won_with_gamepad_buttons_only(
    make_app: Callable[..., App], clock: FakeClock, variant: str
) -> None:
    app = make_app(variant=variant, deal=WINNING_DEALS[variant])
    win_by(app, clock, Gamepad())


def test_escape_puts_a_picked_group_back(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="bakers-game", deal=3)
    t = table(app)
    post_key(pygame.K_DOWN)
    settle_app(app, clock)
    for d in path(t, lambda f: f.index is not None and bool(t.keyboard.table.g.legal_moves())):
        post_key(KEY_FOR[d])
    movable = next(m for m in t.g.legal_moves() if m.count == 1 and not is_stock_action(t.g.variant, m))
    source = t.g.variant.index[movable.source]
    for d in path(t, lambda f: f == Focus(source, len(t.g.state.piles[source]) - 1)):
        post_key(KEY_FOR[d])
    post_key(pygame.K_RETURN)
    settle_app(app, clock)
    assert t.selection is not None
    post_key(pygame.K_ESCAPE)
    settle_app(app, clock)
    assert t.selection is None and app.top is t


def test_gamepad_b_cancels_but_never_opens_the_menu(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="bakers-game", deal=3)
    post(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B, instance_id=0)
    settle_app(app, clock)
    assert app.top is app.table
    post(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_START, instance_id=0)
    settle_app(app, clock)
    assert type(app.top).__name__ == "MenuScene"


def test_a_controller_plugged_in_and_pulled_out_is_harmless(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="kansas", deal=65)
    post(pygame.CONTROLLERDEVICEADDED, device_index=7)  # no such device: opening fails quietly
    post(pygame.CONTROLLERDEVICEREMOVED, instance_id=7)
    post(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTX, value=30000, instance_id=0)
    settle_app(app, clock)
    t = table(app)
    assert app.running and t.keyboard.visible


def test_d_deals_from_the_stock(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=65)
    t = table(app)
    stock = t.g.variant.stock
    before = len(t.g.state.piles[stock])
    post_key(pygame.K_d, unicode="d")
    settle_app(app, clock)
    assert len(t.g.state.piles[stock]) < before


def test_question_mark_shows_the_shortcuts_and_closes_them(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="kansas", deal=65)
    post_key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
    settle_app(app, clock)
    assert type(app.top).__name__ == "ShortcutsScene"
    post_key(pygame.K_ESCAPE)
    settle_app(app, clock)
    assert app.top is app.table


def test_the_menu_is_worked_by_arrows_and_enter(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=65)
    post_key(pygame.K_ESCAPE)
    settle_app(app, clock)
    menu = app.top
    actions = [b.action for b in menu.buttons]  # type: ignore[attr-defined]
    for _ in range(actions.index("look") + 1):
        post_key(pygame.K_DOWN)
    post_key(pygame.K_RETURN)
    settle_app(app, clock)
    actions = [b.action for b in app.top.buttons]  # type: ignore[attr-defined]
    for _ in range(actions.index("contrast") + 1):
        post_key(pygame.K_DOWN)
    post_key(pygame.K_RETURN)
    settle_app(app, clock)
    assert app.settings.high_contrast
    assert app.renderer.high_contrast
