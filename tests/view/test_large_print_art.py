"""The large-print faces: every card in both styles at a small and a 4K size, the size asked
for, in the style's suit colour; the strips a squeezed fan gets."""

from __future__ import annotations

import pygame
import pytest

from game.view.card_art import CARD_TEXTS, STYLES, size_for_width
from game.view.large_print import SUIT_COLOURS, LargePrintArt, rank_label


def inked(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    """How many pixels are ``colour``, give or take antialiasing."""
    w, h = surface.get_size()
    at = surface.get_at
    return sum(
        1
        for x in range(0, w, 2)
        for y in range(0, h, 2)
        if max(abs(a - b) for a, b in zip(at((x, y))[:3], colour, strict=True)) <= 8
    )


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("width", [40, 301])
def test_every_face_is_drawn_at_its_size_in_its_suit_colour(style: str, width: int) -> None:
    art = LargePrintArt(style)
    for text in CARD_TEXTS[:: 3 if width > 100 else 1]:
        face = art.face(text, width)
        assert face.get_size() == size_for_width(width)
        assert inked(face, SUIT_COLOURS[style][text[1]]) > face.get_width() * face.get_height() // 4 // 12


def test_the_ten_is_printed_10() -> None:
    assert rank_label("TD") == "10" and rank_label("QS") == "Q"


def test_a_strip_only_where_the_fan_leaves_less_than_the_face_s_own() -> None:
    art = LargePrintArt("classic")
    width = 100
    assert art.strip("7H", width, 60) is None  # the face's own top strip shows whole
    thin = art.strip("7H", width, 14)
    assert thin is not None and thin.get_size() == (width, 14)
    assert inked(thin, SUIT_COLOURS["classic"]["H"]) > 0
    side = art.strip("7H", width, 20, across=True)
    assert side is not None and side.get_size() == (20, size_for_width(width)[1])


def test_backs_stay_the_style_s_art() -> None:
    back = LargePrintArt("classic").back(60)
    assert back.get_size() == size_for_width(60)
