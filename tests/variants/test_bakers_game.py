"""Baker's Game: what is its own (BG-1 deal, BG-2 one card at a time, BG-9 double-click).

The rules it shares with Seahaven Towers are tested for both in test_suit_cell_games.py;
the rule ids are those of docs/rules.md.

Positions are set up from the one-line text form; piles not named are empty.
"""

from __future__ import annotations

import pytest
from move_checks import assert_illegal

import game
from game import Move

KEY = "bakers-game"
CELLS = [f"reserve-{i}" for i in range(1, 5)]
FOUNDATIONS = [f"foundation-{i}" for i in range(1, 5)]
TABLEAU = [f"tableau-{i}" for i in range(1, 9)]
FULL_CELLS = {"reserve_1": "2C", "reserve_2": "3C", "reserve_3": "4C", "reserve_4": "5C"}


def position(**piles: str) -> game.Game:
    """A Baker's Game position: ``tableau_1="KSQS"`` puts KS then QS on tableau-1."""
    fields = " ".join(f"{name.replace('_', '-')}={cards}" for name, cards in piles.items())
    return game.from_text(f"{KEY} {fields}")


# ---------------------------------------------------------------- BG-1 Deal


def test_bg1_deal_piles_1_to_4_hold_7_cards_piles_5_to_8_hold_6() -> None:
    g = game.new_game(KEY, deal=1)
    assert [len(g.pile(t)) for t in TABLEAU] == [7, 7, 7, 7, 6, 6, 6, 6]


def test_bg1_deal_all_52_cards_face_up_and_distinct() -> None:
    g = game.new_game(KEY, deal=1)
    cards = [c for t in TABLEAU for c in g.pile(t)]
    assert len(set(cards)) == 52
    assert all(c == c.upper() for c in cards)


def test_bg1_deal_reserves_and_foundations_start_empty() -> None:
    g = game.new_game(KEY, deal=1)
    assert all(g.pile(p) == [] for p in CELLS + FOUNDATIONS)
    assert g.score == 0


@pytest.mark.parametrize("n", [1, 617, 32001])
def test_bg1_deal_one_card_per_pile_left_to_right_round_after_round(n: int) -> None:
    g = game.new_game(KEY, deal=n)
    order = [str(c) for c in game.deal_order(n)]
    for k, name in enumerate(TABLEAU):
        assert g.pile(name) == order[k::8]


# ------------------------------------------------------------ BG-2 Foundations
# (BG-2 … BG-8 as Seahaven shares them: test_suit_cell_games.py)


def test_bg2_foundation_takes_one_card_at_a_time() -> None:
    g = position(foundation_1="AH", tableau_1="3H2H", reserve_1="9C")
    assert_illegal(g, Move("tableau-1", "foundation-1", 2), "one at a time")


# ----------------------------------------------------------- BG-9 Double-click


def test_bg9_double_click_sends_a_card_to_its_foundation_first() -> None:
    g = position(foundation_3="AD", tableau_1="9S2D")
    move = g.double_click_move("tableau-1")
    assert move == Move("tableau-1", "foundation-3")
    g.play(move)
    assert g.pile("foundation-3") == ["AD", "2D"]


def test_bg9_double_click_sends_an_ace_to_the_leftmost_empty_foundation() -> None:
    g = position(foundation_1="AC", tableau_1="9S", tableau_2="AD")
    assert g.double_click_move("tableau-2") == Move("tableau-2", "foundation-2")


def test_bg9_double_click_otherwise_sends_the_card_to_the_leftmost_empty_cell() -> None:
    g = position(reserve_1="KH", reserve_3="QH", tableau_1="9S5D")
    move = g.double_click_move("tableau-1")
    assert move == Move("tableau-1", "reserve-2")
    g.play(move)
    assert g.pile("reserve-2") == ["5D"]


def test_bg9_double_click_with_no_foundation_and_no_empty_cell_does_nothing() -> None:
    g = position(tableau_1="9S5D", **FULL_CELLS)
    assert g.double_click_move("tableau-1") is None


def test_bg9_double_click_on_a_cell_card_never_moves_it_to_another_cell() -> None:
    g = position(reserve_2="5D", tableau_1="9S")
    assert g.double_click_move("reserve-2") is None


def test_bg9_double_click_on_a_cell_card_sends_it_home() -> None:
    g = position(reserve_2="2D", foundation_4="AD", tableau_1="9S")
    assert g.double_click_move("reserve-2") == Move("reserve-2", "foundation-4")


def test_bg9_double_click_on_an_empty_pile_does_nothing() -> None:
    g = position(tableau_1="9S")
    assert g.double_click_move("tableau-2") is None
