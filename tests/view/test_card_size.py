"""The card size beyond what the window gives: bigger cards, fans overlapping more, and every
pile's every card still inside the window, in every registered game at 800x600 and 4K."""

from __future__ import annotations

import pytest

from game.variants import VARIANTS
from game.view.layout import CARD_SIZES, compute_layout

WINDOWS = [(800, 600), (3840, 2160)]
LONG_PILES = (1, 7, 13, 19, 26, 52)
"""Pile lengths tried: the longest a pile can grow is the whole deck."""


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("key", list(VARIANTS))
def test_each_larger_card_size_gives_larger_cards(key: str, window: tuple[int, int]) -> None:
    widths = [compute_layout(VARIANTS[key].instance(), window, size).card_w for size in CARD_SIZES]
    assert list(CARD_SIZES) == ["normal", "large", "largest"]
    assert widths == sorted(set(widths)), f"{key} at {window}: card widths {widths}"


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("key", list(VARIANTS))
@pytest.mark.parametrize("card_size", list(CARD_SIZES))
def test_every_card_of_every_pile_stays_in_the_window(
    key: str, window: tuple[int, int], card_size: str
) -> None:
    layout = compute_layout(VARIANTS[key].instance(), window, card_size)
    for box in layout.piles:
        for count in LONG_PILES:
            for hidden in {0, count // 2, count - 1}:
                for rect in layout.card_rects(box.index, count, hidden):
                    assert layout.table.contains(rect), f"{key} {card_size} {box.name} x{count}: {rect}"
                    assert layout.window.contains(rect)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("key", list(VARIANTS))
def test_the_largest_cards_keep_the_piles_apart(key: str, window: tuple[int, int]) -> None:
    layout = compute_layout(VARIANTS[key].instance(), window, "largest")
    for a in layout.piles:
        for b in layout.piles:
            if a.index < b.index:
                assert not a.area.colliderect(b.area), f"{key}: {a.name} and {b.name} overlap"


def test_larger_cards_overlap_more_in_a_long_fan() -> None:
    """The fan of a long pile is squeezed tighter with larger cards (as a share of a card)."""
    steps = []
    for size in CARD_SIZES:
        layout = compute_layout(VARIANTS["bakers-game"].instance(), (1024, 768), size)
        pile = layout.variant.tableau[0]
        rects = layout.card_rects(pile, 19)
        steps.append((rects[1].y - rects[0].y) / layout.card_h)
    assert steps[0] > steps[1] > steps[2]
