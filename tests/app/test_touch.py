"""A touch screen in the real app: SDL's finger events (0 to 1 across the window) make taps,
drags and double-taps as the mouse does, with a finger's width of room round each pile, and
SDL's mouse copies of them are not played twice."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.app import App
from game.play import Game
from tests.app.conftest import FakeClock, post, post_click, settle, table
from tests.app.test_monkey import check_invariants
from tests.app.test_table_input import card_center, find_deal, home_move, tableau_move, target_center


def finger(app: App, kind: int, pos: tuple[float, float], finger_id: int = 0, **extra: object) -> None:
    """A finger event at ``pos`` in the surface's pixels."""
    w, h = app.size
    post(kind, touch_id=1, finger_id=finger_id, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, **extra)


def tap(app: App, pos: tuple[float, float], finger_id: int = 0) -> None:
    finger(app, pygame.FINGERDOWN, pos, finger_id)
    finger(app, pygame.FINGERUP, pos, finger_id)


def finger_drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    finger(app, pygame.FINGERDOWN, start)
    for k in range(1, 6):
        finger(
            app,
            pygame.FINGERMOTION,
            (start[0] + (end[0] - start[0]) * k / 5, start[1] + (end[1] - start[1]) * k / 5),
        )
    finger(app, pygame.FINGERUP, end)


def test_a_finger_drag_moves_a_card(make_app: Callable[..., App], clock: FakeClock) -> None:
    deal, move = find_deal("bakers-game", tableau_move)
    app = make_app(variant="bakers-game", deal=deal)
    finger_drag(app, card_center(app, move.source), target_center(app, move.target))
    settle(app, clock)
    g = table(app).g
    assert g.moves_made == 1 and g.history[-1][0] == move


def test_a_double_tap_sends_a_card_home(make_app: Callable[..., App], clock: FakeClock) -> None:
    deal, move = find_deal("aunt-mary", home_move)
    app = make_app(variant="aunt-mary", deal=deal)
    g = table(app).g
    pos = card_center(app, move.source)
    tap(app, pos)
    tap(app, (pos[0] + 12, pos[1] + 9))  # a finger never lands twice on the same pixel
    settle(app, clock)
    assert g.history[-1][0] == move


def test_a_tap_a_little_beside_the_stock_deals_but_a_click_there_does_not(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="kansas", deal=4)
    t = table(app)
    stock = t.layout.piles[t.g.variant.stock].slot
    beside = (stock.left - 10, stock.centery)  # a fingertip is some 28 points wide
    assert t.layout.pile_at(beside, t.g.state) is None
    post_click(beside)
    settle(app, clock)
    assert t.g.moves_made == 0
    clock.t += 1
    tap(app, beside)
    settle(app, clock)
    assert t.g.moves_made == 1 and t.g.history[-1][0].source == "stock"


def test_sdls_mouse_copy_of_a_tap_is_not_played_twice(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=4)
    t = table(app)
    stock = t.layout.piles[t.g.variant.stock].slot.center
    finger(app, pygame.FINGERDOWN, stock)
    post(pygame.MOUSEBUTTONDOWN, pos=stock, button=1, touch=True)
    finger(app, pygame.FINGERUP, stock)
    post(pygame.MOUSEBUTTONUP, pos=stock, button=1, touch=True)
    settle(app, clock)
    assert t.g.moves_made == 1


def test_a_second_finger_is_ignored_while_the_first_is_down(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    deal, move = find_deal("bakers-game", tableau_move)
    app = make_app(variant="bakers-game", deal=deal)
    start, end = card_center(app, move.source), target_center(app, move.target)
    finger(app, pygame.FINGERDOWN, start)
    tap(app, table(app).layout.piles[0].slot.center, finger_id=7)  # a palm on a cell meanwhile
    finger(app, pygame.FINGERMOTION, ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2))
    finger(app, pygame.FINGERUP, end)
    settle(app, clock)
    g = table(app).g
    assert g.moves_made == 1 and g.history[-1][0] == move


def test_a_tap_on_a_toolbar_button_presses_it(make_app: Callable[..., App], clock: FakeClock) -> None:
    """The table presses its buttons for the finger's events, never for SDL's mouse copies."""
    app = make_app(variant="kansas", deal=4)
    menu = next(b for b in table(app).buttons if b.label == "Menu")
    post(pygame.MOUSEBUTTONDOWN, pos=menu.rect.center, button=1, touch=True)
    post(pygame.MOUSEBUTTONUP, pos=menu.rect.center, button=1, touch=True)
    settle(app, clock)
    assert app.top is table(app)  # the table plays the finger events, not their copies
    finger(app, pygame.FINGERDOWN, menu.rect.center)
    finger(app, pygame.FINGERUP, menu.rect.center)
    settle(app, clock)
    assert app.top is not table(app)


def test_random_fingers_never_break_the_table(make_app: Callable[..., App], clock: FakeClock) -> None:
    """Fingers anywhere on the table (below the toolbar: its New and Games would change the
    deal), several at once, off the window's sides, their ups lost or doubled, SDL's mouse
    copies among them, taps, double-taps and drags on the piles, one-click move on for half
    the run: the table plays on, every card once, and every move legal."""
    rng = random.Random("fingers")
    app = make_app(variant="lady-jane", deal=1)
    g = table(app).g
    start = g.positions[0]
    kinds = [pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP]
    for i in range(300):
        app.settings.one_click = i >= 150
        roll = rng.random()
        if roll < 0.5:
            x, y = rng.uniform(-0.1, 1.1), rng.uniform(0.1, 1.1)
            post(rng.choice(kinds), touch_id=1, finger_id=rng.choice([0, 0, 1]), x=x, y=y, dx=0.0, dy=0.0)
            if rng.random() < 0.2:
                post(pygame.MOUSEBUTTONUP, pos=(int(x * 1024), int(y * 768)), button=1, touch=True)
        elif roll < 0.8:
            pos = _a_pile(app, rng)
            for _ in range(rng.choice([1, 2])):
                tap(app, pos)
        else:
            finger_drag(app, _a_pile(app, rng), _a_pile(app, rng))
        if i % 4 == 0:
            clock.t += rng.choice([0.0, 0.1, 0.6])
            app.step()
            check_invariants(table(app).g)
    settle(app, clock)
    assert g.moves_made >= 5  # the fingers did play (6 with this seed)
    replay = Game(g.variant, start)
    for action in g.history:
        for move in action:
            assert replay.is_legal(move)
            replay.play(move)
    assert replay.state == g.state


def _a_pile(app: App, rng: random.Random) -> tuple[int, int]:
    """The middle of a random pile's top card (or its slot), a little off."""
    t = table(app)
    pile = rng.randrange(len(t.layout.piles))
    rects = t.layout.state_rects(t.g.state, pile)
    rect = rects[-1] if rects else t.layout.piles[pile].slot
    return rect.centerx + rng.randint(-8, 8), rect.centery + rng.randint(-8, 8)
