"""Empty-pile marks say what may go there; keys map to the intents the issue lists."""

from __future__ import annotations

import pygame
import pytest

import game
from game.controls.intents import Intent
from game.controls.keys import intent_for_key
from game.view.layout import compute_layout
from game.view.renderer import slot_mark


def marks(key: str, deal: int = 1) -> dict[str, str]:
    g = game.new_game(key, deal)
    layout = compute_layout(g.variant, (1280, 720))
    return {name: slot_mark(layout, i, g.state) for i, name in enumerate(g.variant.names)}


def test_a_king_marks_empty_tableau_piles_where_only_kings_fill() -> None:
    assert marks("bakers-game")["tableau-1"] == "K"
    assert marks("aunt-mary")["tableau-1"] == "K"
    assert marks("seahaven")["foundation-1"] == "A"


def test_the_base_rank_marks_lady_janes_foundations_and_the_rank_below_it_her_tableau() -> None:
    g = game.new_game("lady-jane", 5)
    base = g.state.base_rank
    m = marks("lady-jane", 5)
    letters = {10: "10"}
    assert m["foundation-2"] == letters.get(base, "A23456789TJQK"[base - 1])
    below = base - 1 or 13
    assert m["tableau-1"] == letters.get(below, "A23456789TJQK"[below - 1])


def test_kansas_empty_tableau_has_no_mark_and_cells_none() -> None:
    assert marks("kansas")["tableau-1"] == ""
    assert marks("bakers-game")["reserve-1"] == ""


def test_aunt_marys_empty_stock_shows_whether_it_turns_over() -> None:
    assert marks("aunt-mary")["stock"] == "redeal"


@pytest.mark.parametrize(
    ("key", "mod", "intent"),
    [
        (pygame.K_n, pygame.KMOD_CTRL, Intent.NEW_DEAL),
        (pygame.K_r, pygame.KMOD_CTRL, Intent.RESTART),
        (pygame.K_z, pygame.KMOD_CTRL, Intent.UNDO),
        (pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT, Intent.REDO),
        (pygame.K_y, pygame.KMOD_CTRL, Intent.REDO),
        (pygame.K_h, 0, Intent.HINT),
        (pygame.K_F1, 0, Intent.RULES),
        (pygame.K_F11, 0, Intent.FULLSCREEN),
        (pygame.K_RETURN, pygame.KMOD_ALT, Intent.FULLSCREEN),
        (pygame.K_ESCAPE, 0, Intent.ESCAPE),
        (pygame.K_f, 0, Intent.FINISH),
    ],
)
def test_shortcuts(key: int, mod: int, intent: Intent) -> None:
    assert intent_for_key(key, mod) is intent


def test_plain_letters_with_alt_do_nothing() -> None:
    assert intent_for_key(pygame.K_h, pygame.KMOD_ALT) is None
    assert intent_for_key(pygame.K_RETURN, 0) is None
