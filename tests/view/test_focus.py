"""The keyboard focus model: arrows walk fans and piles, and every pile can be reached."""

from __future__ import annotations

from collections import deque

import pytest

import game
from game.controls.focus import DOWN, LEFT, RIGHT, UP, Focus, cycle, settle, step
from game.variants.base import Fan
from game.view.layout import compute_layout

SIZES = [(480, 360), (800, 600), (1024, 768), (1920, 1080)]


@pytest.mark.parametrize("mirror", [False, True], ids=["plain", "mirrored"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("key", list(game.VARIANTS))
def test_arrows_reach_every_pile_from_every_pile(key: str, size: tuple[int, int], mirror: bool) -> None:
    g = game.new_game(key, 1)
    layout = compute_layout(g.variant, size, mirror=mirror)
    state = g.state
    for start in range(len(state.piles)):
        first = settle(layout, state, Focus(start, None))
        seen, queue = {first}, deque([first])
        while queue:
            focus = queue.popleft()
            for d in (UP, DOWN, LEFT, RIGHT):
                nxt = step(layout, state, focus, d)
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        assert {f.pile for f in seen} == set(range(len(state.piles))), (key, size, start)


def test_up_walks_a_fan_down_to_its_first_face_up_card_then_leaves() -> None:
    g = game.new_game("aunt-mary", 2)
    layout = compute_layout(g.variant, (1024, 768))
    state = g.state
    pile = next(
        i for i in g.variant.tableau if state.hidden[i] and len(state.piles[i]) - state.hidden[i] >= 2
    )
    assert layout.piles[pile].fan is Fan.DOWN
    focus = settle(layout, state, Focus(pile, None))
    assert focus.index == len(state.piles[pile]) - 1
    while focus.pile == pile and focus.index != state.hidden[pile]:
        focus = step(layout, state, focus, UP)
    assert focus == Focus(pile, state.hidden[pile])
    assert step(layout, state, focus, UP).pile != pile


def test_left_and_right_stay_in_the_tableau_row() -> None:
    g = game.new_game("bakers-game", 3)
    layout = compute_layout(g.variant, (1024, 768))
    tableau = g.variant.tableau
    focus = settle(layout, g.state, Focus(tableau[0], None))
    for expected in tableau[1:]:
        focus = step(layout, g.state, focus, RIGHT)
        assert focus.pile == expected
    assert step(layout, g.state, focus, RIGHT) == focus


def test_the_focus_settles_onto_a_shrunk_pile() -> None:
    g = game.new_game("bakers-game", 3)
    layout = compute_layout(g.variant, (1024, 768))
    pile = g.variant.tableau[0]
    assert settle(layout, g.state, Focus(pile, 99)).index == len(g.state.piles[pile]) - 1
    empty = g.variant.index["reserve-1"]
    assert settle(layout, g.state, Focus(empty, 3)) == Focus(empty, None)


@pytest.mark.parametrize("key", list(game.VARIANTS))
def test_tab_visits_every_pile_once_and_mirrors_the_plain_order_row_by_row(key: str) -> None:
    g = game.new_game(key, 1)
    plain = compute_layout(g.variant, (1024, 768))
    mirrored = compute_layout(g.variant, (1024, 768), mirror=True)
    assert sorted(mirrored.tab_order) == list(plain.tab_order) == list(range(len(g.state.piles)))
    for layout in (plain, mirrored):  # along the tableau row, Tab goes left to right on the screen
        xs = [layout.piles[i].slot.x for i in layout.tab_order if i in g.variant.tableau]
        assert xs == sorted(xs), key
    focus = Focus(mirrored.tab_order[0], None)
    for expected in mirrored.tab_order[1:]:
        focus = cycle(mirrored, g.state, focus, True)
        assert focus.pile == expected
