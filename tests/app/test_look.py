"""Screenshots to look at: the focus ring on every pile kind, the four-colour deck in a small
window, high contrast and the shortcut list. Saved to ``$SOLITAIRE_SCREENSHOTS`` (or a temp dir)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.controls.focus import FOCUS_COLOUR, Focus, focus_rect
from game.engine.cards import CLUBS, DIAMONDS, Card
from game.scenes.menu import MenuScene
from game.variants.base import Kind
from game.view.widgets import BUTTON, BUTTON_HOVER
from tests.app.conftest import FakeClock, post_key, settle


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SOLITAIRE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save(app: App, clock: FakeClock, path: Path) -> None:
    settle(app, clock)
    app._full_redraw = True
    app.step()
    pygame.image.save(app.surface, str(path))


def focus_on(app: App, clock: FakeClock, kind: Kind, card_from_top: int = 0) -> Focus:
    t = app.table
    assert t is not None
    v, state = t.g.variant, t.g.state
    pile = next(i for i, k in enumerate(v.kinds) if k is kind and (state.piles[i] or kind is Kind.FOUNDATION))
    count = len(state.piles[pile])
    focus = Focus(pile, count - 1 - card_from_top if count else None)
    t.keyboard.focus, t.keyboard.visible = focus, True
    t.invalidate()
    return focus


def ring_is_drawn(app: App, focus: Focus) -> bool:
    t = app.table
    assert t is not None
    rect = focus_rect(t.layout, t.g.state, focus)
    x, y = rect.centerx, rect.top - max(1, t.layout.card_w // 50) - 2
    return app.surface.get_at((x, y))[:3] == FOCUS_COLOUR


@pytest.mark.parametrize(
    ("variant", "deal", "kind", "down"),
    [
        ("kansas", 65, Kind.STOCK, 0),
        ("aunt-mary", 2, Kind.WASTE, 0),
        ("kansas", 65, Kind.RESERVE, 0),
        ("lady-jane", 1, Kind.RESERVE, 0),
        ("seahaven", 1, Kind.CELL, 0),
        ("bakers-game", 3, Kind.FOUNDATION, 0),
        ("seahaven", 1, Kind.FOUNDATION, 0),
        ("bakers-game", 3, Kind.TABLEAU, 2),
    ],
)
def test_focus_ring_on_every_pile_kind(
    make_app: Callable[..., App],
    clock: FakeClock,
    shots: Path,
    variant: str,
    deal: int,
    kind: Kind,
    down: int,
) -> None:
    app = make_app(variant=variant, deal=deal)
    if kind is Kind.WASTE:
        post_key(pygame.K_d, unicode="d")
        settle(app, clock)
    focus = focus_on(app, clock, kind, down)
    save(app, clock, shots / f"focus-{variant}-{kind.name.lower()}.png")
    assert ring_is_drawn(app, focus)


CLASSIC_RED, FOUR_COLOUR_BLUE, FOUR_COLOUR_GREEN = (200, 32, 47), (31, 128, 224), (0, 90, 60)


def top_card_colours(app: App, suit: int) -> set[tuple[int, int, int]]:
    """The colours drawn on the top card of the first tableau pile whose top card is of ``suit``."""
    t = app.table
    assert t is not None
    state = t.g.state
    pile = next(i for i in t.g.variant.tableau if state.piles[i] and Card(state.piles[i][-1]).suit == suit)
    rect = t.layout.state_rects(state, pile)[-1].clip(app.surface.get_rect())
    at = app.surface.get_at
    return {tuple(at((x, y))[:3]) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)}


def shows(colours: set[tuple[int, int, int]], colour: tuple[int, int, int]) -> bool:
    """Whether ``colour`` is among ``colours``, give or take a little antialiasing."""
    return any(max(abs(a - b) for a, b in zip(c, colour, strict=True)) <= 12 for c in colours)


def test_four_colour_deck_in_a_small_window(
    make_app: Callable[..., App], clock: FakeClock, shots: Path
) -> None:
    app = make_app(variant="bakers-game", deal=3, window=(800, 600))
    settle(app, clock)
    assert shows(top_card_colours(app, DIAMONDS), CLASSIC_RED)
    app.set_card_style("fourcolour")
    focus_on(app, clock, Kind.TABLEAU, 1)
    save(app, clock, shots / "fourcolour-800x600.png")
    diamond, club = top_card_colours(app, DIAMONDS), top_card_colours(app, CLUBS)
    assert shows(diamond, FOUR_COLOUR_BLUE) and not shows(diamond, CLASSIC_RED)
    assert shows(club, FOUR_COLOUR_GREEN) and not shows(club, FOUR_COLOUR_BLUE)


def test_high_contrast(make_app: Callable[..., App], clock: FakeClock, shots: Path) -> None:
    app = make_app(variant="bakers-game", deal=3)
    app.set_high_contrast(True)
    t = app.table
    assert t is not None
    move = next(m for m in t.g.legal_moves() if m.target.startswith("tableau"))
    pile = t.g.variant.index[move.source]
    t.keyboard.focus, t.keyboard.visible = Focus(pile, len(t.g.state.piles[pile]) - 1), True
    post_key(pygame.K_RETURN)
    settle(app, clock)
    save(app, clock, shots / "high-contrast.png")
    assert app.surface.get_at((5, app.size[1] // 2))[:3] == (14, 16, 20)


@pytest.mark.parametrize("size", [(1024, 768), (800, 600), (480, 360)])
def test_shortcut_overlay(
    make_app: Callable[..., App], clock: FakeClock, shots: Path, size: tuple[int, int]
) -> None:
    app = make_app(variant="lady-jane", deal=1, window=size)
    post_key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
    save(app, clock, shots / f"shortcuts-{size[0]}x{size[1]}.png")
    rect = app.top.rect  # type: ignore[attr-defined]
    assert app.surface.get_rect().contains(rect)


def test_menu_with_the_new_settings(make_app: Callable[..., App], clock: FakeClock, shots: Path) -> None:
    app = make_app(variant="lady-jane", deal=1, window=(800, 600))
    post_key(pygame.K_ESCAPE)
    post_key(pygame.K_DOWN)
    save(app, clock, shots / "menu-800x600.png")
    menu = app.top
    assert isinstance(menu, MenuScene)
    labels = [b.label for b in menu.buttons]
    assert "Table and cards…" in labels and "Speech: Off" in labels
    window = app.surface.get_rect()
    for b in menu.buttons:  # every row on screen, the one Down chose lit, the others not
        assert window.contains(b.rect), b.label
        lit = app.surface.get_at((b.rect.left + 3, b.rect.centery))[:3]
        assert lit == (BUTTON_HOVER if b.label == "Resume" else BUTTON), b.label
