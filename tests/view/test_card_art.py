"""The card art: every image loads at the size asked for, the SVGs are what the script makes."""

from __future__ import annotations

import importlib.util
import itertools
import os
import sys
from pathlib import Path
from types import ModuleType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game import resources
from game.view.card_art import CARD_TEXTS, STYLES, CardArt, normalize_card_text, size_for_width

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "game" / "assets" / "cards"


def load_make_cards() -> ModuleType:
    """``assets/make_cards.py`` as a module (it is a script, not part of a package)."""
    spec = importlib.util.spec_from_file_location("make_cards", ROOT / "assets" / "make_cards.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_cards"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_cards() -> ModuleType:
    return load_make_cards()


def test_styles_and_card_texts_agree_with_the_script(make_cards: ModuleType) -> None:
    assert tuple(sorted(make_cards.STYLES)) == tuple(sorted(STYLES))
    assert set(make_cards.CARD_TEXTS) == set(CARD_TEXTS)
    assert len(set(CARD_TEXTS)) == 52


def test_committed_svgs_are_exactly_what_the_script_makes(make_cards: ModuleType, tmp_path: Path) -> None:
    make_cards.generate(tmp_path)
    for style in STYLES:
        made = sorted(p.name for p in (tmp_path / style).iterdir())
        on_disk = sorted(p.name for p in (CARDS / style).iterdir())
        assert on_disk == made, f"game/assets/cards/{style}: run python assets/make_cards.py"
        assert len(made) == 53
        for name in made:
            assert (CARDS / style / name).read_bytes() == (tmp_path / style / name).read_bytes(), (
                f"game/assets/cards/{style}/{name} differs from make_cards.py's output"
            )


def test_the_script_is_deterministic_and_uses_no_text(make_cards: ModuleType) -> None:
    style = make_cards.STYLES["classic"]
    assert make_cards.build_style(style) == make_cards.build_style(style)
    for doc in make_cards.build_style(style).values():
        assert "<text" not in doc and "<use" not in doc and "class=" not in doc


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("width", [48, 101])
def test_every_face_and_the_back_load_at_the_size_asked(style: str, width: int) -> None:
    art = CardArt(style)
    size = (width, round(width * 7 / 5))
    for text in CARD_TEXTS:
        image = art.face(text, width)
        assert image.get_size() == size, text
        # The centre of the card is painted (not transparent) and the corner is clear.
        assert image.get_at((width // 2, 2)).a == 255
        assert image.get_at((0, 0)).a < 128
    assert art.back(width).get_size() == size


def test_exact_size_where_the_loader_rounds_up() -> None:
    art = CardArt()
    for width in (36, 45, 68, 75, 127, 254):  # widths where the raw loader is a pixel off
        assert art.face("QH", width).get_size() == size_for_width(width)


def test_size_for_width() -> None:
    art = CardArt()
    assert art.size_for_width(100) == (100, 140)
    assert art.size_for_width(71) == (71, 99)
    assert size_for_width(1) == (1, 1)
    with pytest.raises(ValueError):
        size_for_width(0)


def test_cache_keeps_one_size() -> None:
    art = CardArt("fourcolour")
    first = art.face("7H", 60)
    assert art.face("7H", 60) is first
    assert art.cached_size == (60, 84)
    art.prewarm(60)
    assert art.face("7H", 60) is first
    bigger = art.face("7H", 90)
    assert bigger.get_size() == (90, 126)
    assert art.cached_size == (90, 126)
    again = art.face("7H", 60)
    assert again is not first  # the old size was dropped when the width changed
    assert again.get_size() == (60, 84)


def test_card_text_forms() -> None:
    assert normalize_card_text("10d") == "TD"
    assert normalize_card_text("as") == "AS"
    for bad in ("", "1H", "AX", "ZS", "ASS"):
        with pytest.raises(ValueError):
            normalize_card_text(bad)
    with pytest.raises(ValueError):
        CardArt("neon")


def test_surfaces_are_converted_once_a_display_exists() -> None:
    was_init = pygame.display.get_init() and pygame.display.get_surface() is not None
    if not was_init:
        pygame.display.init()
        pygame.display.set_mode((8, 8))
    try:
        art = CardArt()
        image = art.face("KS", 50)
        screen = pygame.display.get_surface()
        assert image.get_bitsize() == 32 and image.get_flags() & pygame.SRCALPHA
        assert screen is not None
    finally:
        if not was_init:
            pygame.display.quit()


def test_fourcolour_suits_have_four_distinct_colours(make_cards: ModuleType) -> None:
    colours = make_cards.STYLES["fourcolour"].suit_colours
    assert set(colours) == set("CDHS")
    assert len(set(colours.values())) == 4
    # ... and they come out distinct on the rendered aces (the pip fills the centre).
    art = CardArt("fourcolour")
    seen = {s: tuple(art.face("A" + s, 100).get_at((50, 70)))[:3] for s in "CDHS"}
    for a, b in itertools.combinations("CDHS", 2):
        distance = sum(abs(x - y) for x, y in zip(seen[a], seen[b], strict=True))
        assert distance > 60, (a, b, seen)
    # The classic deck is two-coloured.
    classic = make_cards.STYLES["classic"].suit_colours
    assert classic["C"] == classic["S"] and classic["D"] == classic["H"] != classic["S"]


def test_asset_path_from_source_and_frozen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert resources.asset_path("cards", "classic", "AS.svg") == CARDS / "classic" / "AS.svg"
    assert resources.asset_path("cards", "classic", "AS.svg").is_file()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.asset_path("cards", "back.svg") == tmp_path / "game" / "assets" / "cards" / "back.svg"
