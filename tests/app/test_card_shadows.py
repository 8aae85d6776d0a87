"""Lifted cards cast soft shadows with the card's rounded corners, and the opening deal darkens
nothing but the table right around its flying cards. The real App headless: a drag and a deal
driven by posted events and the fake clock, the frame's pixels compared with the table under them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pygame
from pygame import Rect, Surface

from game.app import App
from game.view.animation import Sprite
from tests.app.conftest import FakeClock, post, settle


def darkening(frame: Surface, table: Surface, at: tuple[int, int]) -> int:
    """How much darker the frame is than the bare table at ``at`` (green channel, the felt's brightest)."""
    return max(0, table.get_at(at).g - frame.get_at(at).g)


def drawn_rect(sprite: Sprite, size: tuple[int, int]) -> Rect:
    """Where the renderer draws a card: narrowed about its middle while it flips (in sixteenths)."""
    width = size[0]
    if sprite.scale_x < 0.999:
        width = max(1, size[0] * max(1, round(sprite.scale_x * 16)) // 16)
    return Rect(round(sprite.x) + (size[0] - width) // 2, round(sprite.y), width, size[1])


def drag_to_felt(app: App, clock: FakeClock) -> Rect:
    """Pick up tableau-1's top card of Baker's Game deal 1 and hold it over bare felt; its rectangle."""
    table = app.table
    assert table is not None
    v, layout = table.g.variant, table.layout
    card = layout.state_rects(table.g.state, v.index["tableau-1"])[-1]
    start = (card.centerx, card.top + card.height // 5)
    end = (layout.table.centerx, layout.table.bottom - layout.card_h - layout.card_w // 2)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for k in range(1, 9):
        pos = (start[0] + (end[0] - start[0]) * k // 8, start[1] + (end[1] - start[1]) * k // 8)
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        clock.t += 0.02
        app.step()
    assert table.drag is not None
    return table.drag.rects(layout.card_size)[0]


def test_a_dragged_cards_shadow_fades_out_softly_with_no_edge(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="bakers-game", deal=1, window=(1280, 1100))
    card = drag_to_felt(app, clock)
    table = app.table
    assert table is not None
    bare = app.renderer.table_layer(table.layout, *table.drawing.layer_key())
    reach = card.width // 3
    for y in (card.centery, card.centery + card.height // 4):  # rightwards from the card's edge
        ray = [darkening(app.surface, bare, (card.right + i, y)) for i in range(reach)]
        assert max(ray[:3]) >= 15, ray  # a shadow, dark by the card
        assert ray[-1] <= 1, ray  # faded out before its area ends
        steps = [a - b for a, b in itertools.pairwise(ray)]
        assert max(steps) <= 6 and min(steps) >= -1, ray  # no edge: a gradual fall
    below = [darkening(app.surface, bare, (card.centerx, card.bottom + i)) for i in range(reach)]
    assert below[-1] <= 1 and max(a - b for a, b in itertools.pairwise(below)) <= 6, below


def test_a_dragged_cards_shadow_has_rounded_corners(make_app: Callable[..., App], clock: FakeClock) -> None:
    """Beyond the card's bottom-right corner the shadow is lighter than beside its edges at the
    same distance, as a rounded card's is (a rectangle's corner is as dark as its edges)."""
    app = make_app(variant="bakers-game", deal=1, window=(1280, 1100))
    card = drag_to_felt(app, clock)
    table = app.table
    assert table is not None
    bare = app.renderer.table_layer(table.layout, *table.drawing.layer_key())
    d = max(3, card.width // 12)
    corner = darkening(app.surface, bare, (card.right + d, card.bottom + d))
    edge = darkening(app.surface, bare, (card.right + d, card.centery))
    assert corner < edge * 0.75, (corner, edge)


def test_mid_deal_only_the_table_around_flying_cards_is_darkened(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    """Half way through the opening deal (normal speed), every pixel darker than the table
    under it lies near a flying card: no dark rectangles spanning cards apart."""
    app = make_app(variant="bakers-game", deal=1, window=(1280, 1100), speed="normal")
    table = app.table
    assert table is not None
    settle(app, clock)
    table.same_deal()  # the deal again, from the start: a fresh opening animation
    for _ in range(25):
        clock.t += 0.02
        app.step()
    sprites = [s for s in table.sprites if s.lifted]
    assert len(sprites) >= 4 and table.busy()
    layout = table.layout
    bare = app.renderer.table_layer(layout, *table.drawing.layer_key())
    reach = layout.card_w // 4
    near = [drawn_rect(s, layout.card_size).inflate(2 * reach, 2 * reach) for s in sprites]
    near += [drawn_rect(s, layout.card_size) for s in table.sprites]  # landed: faces, not shadows
    far = [
        (x, y)
        for x in range(layout.table.left, layout.table.right, 4)
        for y in range(layout.table.top, layout.table.bottom, 4)
        if not any(r.collidepoint(x, y) for r in near) and darkening(app.surface, bare, (x, y)) > 3
    ]
    assert far == [], f"{len(far)} darkened points away from every card, e.g. {far[:5]}"
