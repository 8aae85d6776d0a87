"""The table layout: every pile inside the window, no two piles overlapping, fans that fit."""

from __future__ import annotations

import itertools

import pytest
from pygame import Rect

import game
from game.engine.state import State
from game.variants.base import Fan, Kind
from game.view.layout import MIN_WINDOW, compute_layout, fan_offsets

SIZES = [(800, 600), (1280, 720), (1920, 1080), (3840, 2160), (480, 360), (1000, 1400), (2560, 1080)]
VARIANTS = list(game.VARIANTS)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("mirror", [False, True], ids=["plain", "mirrored"])
def test_every_pile_area_is_inside_the_table(variant: str, size: tuple[int, int], mirror: bool) -> None:
    layout = compute_layout(game.variant_class(variant).instance(), size, mirror=mirror)
    for box in layout.piles:
        assert layout.table.contains(box.area), box.name
        assert box.area.contains(box.slot)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("mirror", [False, True], ids=["plain", "mirrored"])
def test_no_two_piles_overlap(variant: str, size: tuple[int, int], mirror: bool) -> None:
    layout = compute_layout(game.variant_class(variant).instance(), size, mirror=mirror)
    for a, b in itertools.combinations(layout.piles, 2):
        assert not a.area.colliderect(b.area), (a.name, b.name)


@pytest.mark.parametrize("variant", VARIANTS)
def test_cards_are_as_large_as_fit(variant: str) -> None:
    v = game.variant_class(variant).instance()
    small, large = compute_layout(v, (800, 600)), compute_layout(v, (3840, 2160))
    assert large.card_w > 3 * small.card_w // 2
    assert small.card_h == round(small.card_w * 7 / 5)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("mirror", [False, True], ids=["plain", "mirrored"])
def test_the_longest_fan_stays_in_its_area(variant: str, size: tuple[int, int], mirror: bool) -> None:
    layout = compute_layout(game.variant_class(variant).instance(), size, mirror=mirror)
    for box in layout.piles:
        if box.fan is Fan.NONE:
            continue
        for count, hidden in ((1, 0), (13, 0), (19, 6), (52, 11)):
            rects = layout.card_rects(box.index, count, hidden)
            assert len(rects) == count
            assert all(box.area.contains(r) for r in rects), (box.name, count)
            positions = [r.y if box.fan is Fan.DOWN else r.x for r in rects]
            assert positions == sorted(positions)


def test_fan_offsets_compress_only_when_needed() -> None:
    roomy = fan_offsets(5, 1000, 100)
    assert roomy == [0, 27, 54, 81, 108]
    tight = fan_offsets(20, 400, 100)
    assert tight[-1] + 100 <= 400
    assert fan_offsets(3, 50, 100) == [0, 0, 0]


def test_face_down_cards_are_squeezed_before_face_up_ones() -> None:
    offsets = fan_offsets(12, 380, 100, hidden=6)
    down = offsets[1] - offsets[0]
    up = offsets[-1] - offsets[-2]
    assert down < up and offsets[-1] + 100 <= 380


def test_lady_janes_reserves_are_at_the_right_and_fan_right() -> None:
    v = game.variant_class("lady-jane").instance()
    layout = compute_layout(v, (1280, 720))
    reserves = [b for b in layout.piles if b.kind is Kind.RESERVE]
    tableau = [b for b in layout.piles if b.kind is Kind.TABLEAU]
    assert len(reserves) == 7 and all(b.fan is Fan.RIGHT for b in reserves)
    assert min(b.slot.left for b in reserves) > max(b.slot.right for b in tableau)


def test_a_tiny_window_is_laid_out_at_the_minimum() -> None:
    layout = compute_layout(game.variant_class("seahaven").instance(), (100, 80))
    assert layout.window == Rect((0, 0), MIN_WINDOW)
    assert layout.card_w >= 16


def test_hit_testing_finds_the_top_card_and_the_pile() -> None:
    g = game.new_game("aunt-mary", 3)
    layout = compute_layout(g.variant, (1280, 720))
    pile = g.variant.index["tableau-6"]
    rects = layout.state_rects(g.state, pile)
    assert layout.pile_at(rects[-1].center, g.state) == pile
    assert layout.card_index_at(pile, rects[-1].center, g.state) == len(rects) - 1
    assert layout.card_index_at(pile, (rects[0].centerx, rects[0].top + 2), g.state) == 0
    assert layout.pile_at((1, layout.table.bottom - 2), g.state) is None


def test_empty_piles_are_still_hit() -> None:
    g = game.new_game("bakers-game", 3)
    layout = compute_layout(g.variant, (1280, 720))
    cell = g.variant.index["reserve-1"]
    state: State = g.state
    assert layout.pile_at(layout.piles[cell].slot.center, state) == cell
    assert layout.card_index_at(cell, layout.piles[cell].slot.center, state) is None


def test_a_touch_beside_a_pile_hits_it_within_reach_only() -> None:
    g = game.new_game("kansas", 4)
    layout = compute_layout(g.variant, (1280, 720))
    stock = layout.piles[g.variant.stock].slot
    beside = (stock.left - 10, stock.centery)
    assert layout.pile_at(beside, g.state) is None
    assert layout.pile_near(beside, g.state, 0) is None
    assert layout.pile_near(beside, g.state, 9) is None
    assert layout.pile_near(beside, g.state, 10) == (g.variant.stock, (stock.left, stock.centery))
