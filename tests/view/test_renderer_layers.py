"""The cached table layer, repainted in place pile by pile, equals one drawn from scratch."""

from __future__ import annotations

import random

import pygame
import pytest

import game
from game.view.card_art import CardArt
from game.view.layout import compute_layout
from game.view.renderer import Renderer


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((900, 700))


@pytest.mark.parametrize("key", ["kansas", "lady-jane", "seahaven"])
def test_repainted_layer_matches_a_fresh_one(key: str) -> None:
    g = game.new_game(key, deal=3)
    layout = compute_layout(g.variant, (900, 700))
    renderer = Renderer(CardArt())
    rng = random.Random(1)
    for _ in range(25):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
        top = g.state.piles[g.variant.tableau[0]]
        exclude = frozenset(top[-1:]) if rng.random() < 0.3 else frozenset()
        layer = renderer.table_layer(layout, g.state, exclude)
        fresh = Renderer(renderer.art).table_layer(layout, g.state, exclude)
        assert pygame.image.tobytes(layer, "RGBA") == pygame.image.tobytes(fresh, "RGBA")


def test_trim_keeps_only_the_newest_layer_and_it_still_draws_right() -> None:
    g = game.new_game("kansas", deal=5)
    layout = compute_layout(g.variant, (900, 700))
    renderer = Renderer(CardArt())
    renderer.table_layer(layout, g.state)
    g.play(g.legal_moves()[0])
    newest = renderer.table_layer(layout, g.state)
    renderer.trim()
    assert renderer.table_layer(layout, g.state) is newest
    g.play(g.legal_moves()[0])
    layer = renderer.table_layer(layout, g.state)
    fresh = Renderer(renderer.art).table_layer(layout, g.state)
    assert pygame.image.tobytes(layer, "RGBA") == pygame.image.tobytes(fresh, "RGBA")


@pytest.mark.parametrize("size", [(900, 700), (2600, 1500)])
def test_felt_painted_in_parts_matches_the_whole(size: tuple[int, int]) -> None:
    renderer = Renderer(CardArt())
    whole = renderer.felt(size)
    rng = random.Random(2)
    for _ in range(6):
        x, y = rng.randrange(size[0] - 50), rng.randrange(size[1] - 50)
        part = pygame.Rect(x, y, rng.randrange(1, size[0] - x), rng.randrange(1, size[1] - y))
        patch = pygame.Surface(part.size)
        renderer.paint_felt(patch, part, size, part.topleft)
        expected = whole.subsurface(part)
        assert pygame.image.tobytes(patch, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_a_high_contrast_switch_repaints_the_whole_layer() -> None:
    g = game.new_game("kansas", deal=5)
    layout = compute_layout(g.variant, (900, 700))
    renderer = Renderer(CardArt())
    renderer.table_layer(layout, g.state)
    renderer.set_high_contrast(True)
    layer = renderer.table_layer(layout, g.state)
    fresh = Renderer(renderer.art)
    fresh.high_contrast = True
    assert pygame.image.tobytes(layer, "RGB") == pygame.image.tobytes(
        fresh.table_layer(layout, g.state), "RGB"
    )
