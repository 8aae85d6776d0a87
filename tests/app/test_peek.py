"""Peek in the real app: the right button held, a long press, or the P key on a covered card
draws it whole above its pile until released; the game never changes."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from game.app import App
from game.controls.focus import Focus
from game.controls.peek import LONG_PRESS, PEEK_KEY
from game.scenes.shortcuts import KEYBOARD
from game.scenes.table import TableScene
from tests.app.conftest import FakeClock, post, settle, table


def a_covered_card(t: TableScene) -> tuple[int, int]:
    """A face-up card of a tableau pile with at least two cards on it."""
    state = t.g.state
    pile = next(p for p in t.g.variant.tableau if len(state.piles[p]) - state.hidden[p] >= 4)
    return pile, len(state.piles[pile]) - 4


def whole_share(app: App, card: tuple[int, int]) -> float:
    """The share of the ink on ``card``'s face the window shows as the face has it."""
    t = table(app)
    pile, index = card
    rect = t.layout.state_rects(t.g.state, pile)[index]
    image = app.renderer.card_image(t.g.state.piles[pile][index], True, t.layout.card_w)
    at, own = app.surface.get_at, image.get_at
    points = [(x, y) for x in range(2, rect.width - 2, 3) for y in range(2, rect.height - 2, 3)]
    solid = [(x, y) for x, y in points if own((x, y))[3] == 255 and sum(own((x, y))[:3]) < 600]  # ink
    same = sum(1 for x, y in solid if at((rect.x + x, rect.y + y))[:3] == own((x, y))[:3])
    return same / len(solid)


def strip_point(t: TableScene, card: tuple[int, int]) -> tuple[int, int]:
    """A point on ``card``'s visible strip."""
    rects = t.layout.state_rects(t.g.state, card[0])
    rect, above = rects[card[1]], rects[card[1] + 1]
    return rect.centerx, (rect.top + above.top) // 2


def start(make_app: Callable[..., App], clock: FakeClock) -> tuple[App, TableScene, tuple[int, int]]:
    app = make_app(variant="bakers-game", deal=3, window=(800, 600))
    settle(app, clock)
    t = table(app)
    card = a_covered_card(t)
    assert whole_share(app, card) < 0.6
    return app, t, card


def test_the_right_button_held_shows_a_covered_card_whole(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app, t, card = start(make_app, clock)
    before = t.g.state
    post(pygame.MOUSEBUTTONDOWN, pos=strip_point(t, card), button=3)
    settle(app, clock)
    assert t.peeked == card and whole_share(app, card) > 0.97
    post(pygame.MOUSEBUTTONUP, pos=strip_point(t, card), button=3)
    settle(app, clock)
    assert t.peeked is None and whole_share(app, card) < 0.6
    assert t.g.state == before


def test_a_long_press_shows_the_card_and_its_release_is_no_click(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app, t, card = start(make_app, clock)
    app.settings.click_to_move = True  # a click would pick the group up
    before = t.g.state
    post(pygame.MOUSEBUTTONDOWN, pos=strip_point(t, card), button=1)
    app.step()
    clock.t += LONG_PRESS / 2
    app.step()
    assert t.peeked is None, "a short press is no peek"
    clock.t += LONG_PRESS
    app.step()
    assert t.peeked == card and whole_share(app, card) > 0.97
    post(pygame.MOUSEBUTTONUP, pos=strip_point(t, card), button=1)
    settle(app, clock)
    assert t.peeked is None and whole_share(app, card) < 0.6
    assert t.selection is None and t.g.state == before


def test_a_long_press_that_moves_on_is_a_drag(make_app: Callable[..., App], clock: FakeClock) -> None:
    app, t, card = start(make_app, clock)
    point = strip_point(t, card)
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    app.step()
    clock.t += LONG_PRESS * 1.5
    app.step()
    assert t.peeked == card
    post(pygame.MOUSEMOTION, pos=(point[0] + 40, point[1] + 40), rel=(40, 40), buttons=(1, 0, 0))
    app.step()
    assert t.peeked is None


def test_a_long_press_that_moves_a_little_still_drags_and_drops(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    """Past the drag threshold (4 points) the peek goes, and the release drops the cards."""
    app = make_app(variant="bakers-game", deal=11, window=(800, 600))
    settle(app, clock)
    t = table(app)
    card = (t.g.variant.index["tableau-1"], 5)  # a group of two that may move
    point = strip_point(t, card)
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    app.step()
    clock.t += LONG_PRESS * 1.5
    app.step()
    assert t.peeked == card
    post(pygame.MOUSEMOTION, pos=(point[0] + 5, point[1]), rel=(5, 0), buttons=(1, 0, 0))
    app.step()
    assert t.peeked is None and t.drag is not None
    post(pygame.MOUSEBUTTONUP, pos=(point[0] + 5, point[1]), button=1)
    settle(app, clock)
    assert t.drag is None


def test_the_peek_key_shows_the_focused_card(make_app: Callable[..., App], clock: FakeClock) -> None:
    app, t, card = start(make_app, clock)
    t.keyboard.focus, t.keyboard.visible = Focus(*card), True
    post(pygame.KEYDOWN, key=PEEK_KEY, mod=0, unicode="p", scancode=0)
    settle(app, clock)
    assert t.peeked == card and whole_share(app, card) > 0.97
    post(pygame.KEYUP, key=PEEK_KEY, mod=0, unicode="p", scancode=0)
    settle(app, clock)
    assert t.peeked is None and whole_share(app, card) < 0.6


def test_a_face_down_card_is_never_peeked_at(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=1, window=(800, 600))
    settle(app, clock)
    t = table(app)
    state = t.g.state
    pile = next(
        p for p in range(len(state.piles)) if state.hidden[p] and t.layout.piles[p].fan.value == "down"
    )
    rect: Rect = t.layout.state_rects(state, pile)[0]
    post(pygame.MOUSEBUTTONDOWN, pos=(rect.centerx, rect.top + 3), button=3)
    settle(app, clock)
    assert t.peeked is None


def test_the_shortcut_list_names_the_peek_key() -> None:
    assert any(keys.startswith("P,") and "covered card" in what for keys, what in KEYBOARD)
