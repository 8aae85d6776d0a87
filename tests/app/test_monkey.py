"""A monkey test: thousands of random mouse and key events on every variant, through the real
loop; nothing raises and the engine's invariants hold after every frame."""

from __future__ import annotations

import random

import pygame
import pytest

import game
from game.app import App
from game.play import Game
from game.scenes.table import TableScene
from tests.app.conftest import FakeClock, make_args

EVENTS = 3000
KEYS = [
    (pygame.K_z, pygame.KMOD_CTRL),
    (pygame.K_y, pygame.KMOD_CTRL),
    (pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT),
    (pygame.K_r, pygame.KMOD_CTRL),
    (pygame.K_n, pygame.KMOD_CTRL),
    (pygame.K_h, 0),
    (pygame.K_f, 0),
    (pygame.K_F1, 0),
    (pygame.K_ESCAPE, 0),
    (pygame.K_F11, 0),
    (pygame.K_RETURN, 0),
    (pygame.K_DOWN, 0),
    (pygame.K_1, 0),
]


def check_invariants(g: Game) -> None:
    """Every card exactly once, and the game counts as won exactly when all 52 are home."""
    cards = [c for pile in g.state.piles for c in pile]
    assert sorted(cards) == list(range(52))
    assert g.is_won() == (g.score == 52)


def check_status_bar(table: TableScene) -> None:
    """Once the animations have caught up, the status bar shows the engine's score (unless a
    random click in the Look screen hid it: then it shows none)."""
    items = dict(table.status_items())
    if not table.app.settings.show_score:
        assert "Score" not in items
    elif table.animator.current is None:
        assert items["Score"] == f"{table.g.score}/52"


def random_point(rng: random.Random, app: App) -> tuple[int, int]:
    """Anywhere in (or just outside) the window, or, more often, somewhere on a pile."""
    table, (w, h) = app.table, app.size
    if table is None or app.top is not table or rng.random() < 0.3:
        return rng.randrange(-5, w + 5), rng.randrange(-5, h + 5)
    pile = rng.randrange(len(table.layout.piles))
    zone = table.layout.drop_zone(pile, table.g.state)
    return rng.randrange(zone.left, zone.right), rng.randrange(zone.top, zone.bottom)


def random_event(rng: random.Random, app: App, held: list[bool]) -> pygame.event.Event:
    pos = random_point(rng, app)
    roll = rng.random()
    if roll < 0.04:
        key, mod = rng.choice(KEYS)
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
    if roll < 0.05:
        w, h = rng.choice([(640, 480), (1024, 768), (300, 200), (1500, 900)])
        return pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
    if roll < 0.07:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    if roll < 0.35:
        held[0] = not held[0]
        kind = pygame.MOUSEBUTTONDOWN if held[0] else pygame.MOUSEBUTTONUP
        return pygame.event.Event(kind, pos=pos, button=1 if rng.random() < 0.95 else 3)
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(int(held[0]), 0, 0))


def post_legal_drag(rng: random.Random, app: App) -> None:
    """A drag (or a stock click) that some legal move allows, so games go somewhere."""
    table = app.table
    if table is None or app.top is not table or not table.g.legal_moves():
        return
    move = rng.choice(table.g.legal_moves())
    state, layout, index = table.g.state, table.layout, table.g.variant.index
    source = layout.state_rects(state, index[move.source])
    start = source[-move.count] if len(source) >= move.count else layout.piles[index[move.source]].slot
    target = index.get(move.target, index[move.source])
    end = layout.drop_zone(target, state)
    for event in (
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(start.centerx, start.top + 3), button=1),
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(end.centerx, end.bottom - 3), rel=(0, 0), buttons=(1, 0, 0)
        ),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(end.centerx, end.bottom - 3), button=1),
    ):
        pygame.event.post(event)


@pytest.mark.parametrize("variant", list(game.VARIANTS))
def test_random_input_never_breaks_the_game(clock: FakeClock, variant: str) -> None:
    rng = random.Random(variant)
    app = App(
        make_args(variant=variant, deal=rng.randrange(1, 10**6), window=(640, 480)), clock=clock, speed="fast"
    )
    held = [False]
    for i in range(EVENTS):
        pygame.event.post(random_event(rng, app, held))
        if rng.random() < 0.08:
            post_legal_drag(rng, app)
        if i % 3 == 0:
            clock.t += rng.choice([0.0, 0.01, 0.05, 0.3])
            app.step()
        if not app.running:
            app = App(make_args(variant=variant, window=(640, 480)), clock=clock, speed="fast")
        if app.table is not None:
            check_invariants(app.table.g)
            check_status_bar(app.table)
    pygame.quit()
