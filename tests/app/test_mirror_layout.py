"""The left-handed layout in the real app: every game's table mirrored left to right, and the
clicks, drags, keys and flights that follow it."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

import game
from game.app import App
from game.controls.focus import Focus
from game.variants.base import Fan, Kind
from game.view.layout import TableLayout, compute_layout
from tests.app.conftest import (
    FakeClock,
    click_entry,
    open_look_page,
    post_click,
    post_drag,
    post_key,
    settle,
    table,
)
from tests.app.test_table_input import card_center, find_deal, tableau_move, target_center

GAMES = sorted(game.VARIANTS)
"""Every registered game (the registry, never a list of our own)."""


def mirrored_app(make_app: Callable[..., App], variant: str, **given: object) -> App:
    app = make_app(variant=variant, **given)
    app.set_mirror(True)
    app.step()
    return app


def middle(layout: TableLayout) -> float:
    """The x both layouts mirror about: the middle of the piles' span."""
    left = min(b.area.left for b in layout.piles)
    right = max(b.area.right for b in layout.piles)
    return (left + right) / 2


def mean_x(layout: TableLayout, kind: Kind) -> float:
    xs = [b.slot.centerx for b in layout.piles if b.kind is kind]
    return sum(xs) / len(xs)


@pytest.mark.parametrize("variant", GAMES)
def test_every_pile_lies_at_its_mirror_image(make_app: Callable[..., App], variant: str) -> None:
    app = make_app(variant=variant, window=(800, 600))
    plain = table(app).layout
    app.set_mirror(True)
    app.step()
    mirrored = table(app).layout
    assert mirrored.mirrored and not plain.mirrored
    axis = middle(plain)
    assert middle(mirrored) == pytest.approx(axis, abs=1)
    for before, after in zip(plain.piles, mirrored.piles, strict=True):
        assert after.area.size == before.area.size and after.area.top == before.area.top
        assert after.area.centerx == pytest.approx(2 * axis - before.area.centerx, abs=1), before.name
        if before.fan is not Fan.RIGHT:  # a sideways fan keeps its direction (the layout's doc)
            assert after.slot.centerx == pytest.approx(2 * axis - before.slot.centerx, abs=1), before.name
    # The foundations (and the stock, where there is one) swap sides.
    for kind in (Kind.FOUNDATION, Kind.STOCK):
        if any(b.kind is kind for b in plain.piles):
            assert (mean_x(plain, kind) - axis) * (mean_x(mirrored, kind) - axis) <= 0, kind


@pytest.mark.parametrize("variant", GAMES)
def test_the_drawn_table_is_mirrored(make_app: Callable[..., App], clock: FakeClock, variant: str) -> None:
    """The first tableau pile's top card is drawn, pixel for pixel, at its mirrored place."""
    app = make_app(variant=variant, window=(800, 600))
    settle(app, clock)
    t = table(app)
    pile = t.g.variant.tableau[0]
    inset = -t.layout.card_w // 4  # the card's face, without its rounded corners on the felt
    before = t.layout.state_rects(t.g.state, pile)[-1].inflate(inset, inset)
    card = app.surface.subsurface(before).copy()
    app.set_mirror(True)
    settle(app, clock)
    after = t.layout.state_rects(t.g.state, pile)[-1].inflate(inset, inset)
    assert after.x != before.x
    drawn = app.surface.subsurface(after)
    size = card.get_size()
    differing = sum(
        card.get_at((x, y)) != drawn.get_at((x, y))
        for x in range(0, size[0], 3)
        for y in range(0, size[1], 3)
    )
    assert differing == 0
    colours = {tuple(card.get_at((x, y))) for x in range(0, size[0], 3) for y in range(0, size[1], 3)}
    assert len(colours) > 3  # a card's face, not bare felt compared with bare felt


def test_foundations_go_left_in_every_game_that_has_them_on_the_right(make_app: Callable[..., App]) -> None:
    for variant in GAMES:
        plain = compute_layout(game.VARIANTS[variant](), (800, 600))
        mirrored = compute_layout(game.VARIANTS[variant](), (800, 600), mirror=True)
        axis = middle(plain)
        if all(b.slot.centerx > axis for b in plain.piles if b.kind is Kind.FOUNDATION):
            assert all(b.slot.centerx < axis for b in mirrored.piles if b.kind is Kind.FOUNDATION), variant


def test_a_click_at_the_mirrored_stock_deals(make_app: Callable[..., App]) -> None:
    app = mirrored_app(make_app, "kansas", deal=4)
    t = table(app)
    stock = t.layout.piles[t.g.variant.stock].slot
    assert stock.centerx > app.size[0] // 2  # the stock is on the right now
    assert t.layout.pile_at(stock.center, t.g.state) == t.g.variant.stock
    post_click(stock.center)
    app.step()
    assert t.g.moves_made == 1 and t.g.history[-1][0].source == "stock"


def test_a_drag_in_the_mirrored_layout_plays_the_move(make_app: Callable[..., App]) -> None:
    deal, move = find_deal("bakers-game", tableau_move)
    app = mirrored_app(make_app, "bakers-game", deal=deal)
    post_drag(card_center(app, move.source), target_center(app, move.target))
    app.step()
    assert table(app).g.history[0][0] == move


def test_arrows_and_tab_go_the_mirrored_way(make_app: Callable[..., App]) -> None:
    app = mirrored_app(make_app, "aunt-mary", deal=1)
    t = table(app)
    v = t.g.variant
    tab2, tab1, tab3 = (v.index[f"tableau-{k}"] for k in (2, 1, 3))
    t.keyboard.focus, t.keyboard.visible = Focus(tab2, None), True
    post_key(pygame.K_RIGHT)
    app.step()
    assert t.keyboard.focus.pile == tab1  # tableau 1 is right of tableau 2 now
    t.keyboard.focus = Focus(tab2, None)
    post_key(pygame.K_TAB)
    app.step()
    assert t.keyboard.focus.pile == tab1  # Tab reads left to right on the screen
    post_key(pygame.K_TAB, pygame.KMOD_SHIFT)
    post_key(pygame.K_TAB, pygame.KMOD_SHIFT)
    app.step()
    assert t.keyboard.focus.pile == tab3
    order = t.layout.tab_order
    xs = [t.layout.piles[i].slot.x for i in order if t.layout.piles[i].kind is Kind.TABLEAU]
    assert xs == sorted(xs)


def test_cards_fly_to_their_mirrored_places(make_app: Callable[..., App], clock: FakeClock) -> None:
    deal, move = find_deal("bakers-game", tableau_move)
    app = make_app(variant="bakers-game", deal=deal, speed="normal")
    settle(app, clock)
    app.set_mirror(True)
    app.step()
    t = table(app)
    t.play(move)
    flight = t.animator.current
    assert flight is None or not flight.flights
    app.step()  # the flight starts with the layout in force
    current = t.animator.current
    assert current is not None
    target = t.g.variant.index[move.target]
    landing = t.layout.state_rects(t.g.state, target)[-1]
    card = t.g.state.piles[target][-1]
    ends = {f.card: (f.end.x, f.end.y) for f in current.flights}
    assert ends[card] == landing.topleft
    plain = compute_layout(t.g.variant, app.size)
    assert plain.state_rects(t.g.state, target)[-1].x != landing.x


def test_the_setting_is_on_the_look_page_and_comes_back_after_a_restart(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=1)
    page = open_look_page(app)
    assert "Left-handed layout: Off" in [b.label for b in page.buttons]
    click_entry(app, page, "mirror")
    assert "Left-handed layout: On" in [b.label for b in page.buttons]
    assert table(app).layout.mirrored
    again = make_app(variant=None, deal=None)
    assert again.settings.mirror and table(again).layout.mirrored
