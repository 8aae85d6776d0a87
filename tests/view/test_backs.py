"""The card backs drawn in code (``game.view.backs``): every design at exactly the size asked for,
cut to the card's rounded corners, and each unlike the others."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.view.backs import BACK_ORDER
from game.view.card_art import CardArt

DESIGNS = BACK_ORDER[1:]


@pytest.mark.parametrize("design", DESIGNS)
@pytest.mark.parametrize("width", [33, 71, 140])
def test_a_back_fills_exactly_its_card_and_nothing_past_the_corners(design: str, width: int) -> None:
    image, standard = CardArt("classic", design).back(width), CardArt("classic").back(width)
    w, h = image.get_size()
    assert (w, h) == (width, round(width * 7 / 5))
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):  # as see-through as the art's own
        assert image.get_at(corner).a <= max(standard.get_at(corner).a, 8), (design, corner)
    assert image.get_at((w // 2, h // 2)).a == 255


def test_every_design_looks_different_from_the_others_and_from_each_style_back() -> None:
    pictures = {
        (style, design): pygame.image.tobytes(CardArt(style, design).back(60), "RGBA")
        for style in ("classic", "fourcolour")
        for design in BACK_ORDER
    }
    classic = {pictures["classic", d] for d in BACK_ORDER}
    assert len(classic) == len(BACK_ORDER)
    assert pictures["classic", "standard"] != pictures["fourcolour", "standard"]
    assert all(
        pictures["classic", d] == pictures["fourcolour", d] for d in DESIGNS
    )  # one look whatever the style


def test_an_unknown_back_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="unknown card back"):
        CardArt("classic", "plaid")
