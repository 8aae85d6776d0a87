"""Seahaven Towers: what is its own (SH-1 deal, SH-7 runs to the foundations, SH-10 lost).

The rules it shares with Baker's Game are tested for both in test_suit_cell_games.py; the
rule ids are those of docs/rules.md.

Positions are set up from the one-line text form; piles not named are empty.
"""

from __future__ import annotations

import pytest
from move_checks import assert_illegal
from variant_helpers import play_legal

import game
from game import Move

KEY = "seahaven"
CELLS = [f"reserve-{i}" for i in range(1, 5)]
FOUNDATIONS = [f"foundation-{i}" for i in range(1, 5)]
TABLEAU = [f"tableau-{i}" for i in range(1, 11)]
FULL_CELLS = {"reserve_1": "2C", "reserve_2": "3C", "reserve_3": "4C", "reserve_4": "5C"}
HEARTS_TO_QUEEN = "AH2H3H4H5H6H7H8H9HTHJHQH"


def position(**piles: str) -> game.Game:
    """A Seahaven position: ``tableau_1="KSQS"`` puts KS then QS on tableau-1."""
    fields = " ".join(f"{name.replace('_', '-')}={cards}" for name, cards in piles.items())
    return game.from_text(f"{KEY} {fields}")


# ---------------------------------------------------------------- SH-1 Deal


def test_sh1_deal_ten_piles_of_five_face_up_cards() -> None:
    g = game.new_game(KEY, deal=1)
    assert [len(g.pile(t)) for t in TABLEAU] == [5] * 10
    assert all(c == c.upper() for t in TABLEAU for c in g.pile(t))


def test_sh1_deal_last_two_cards_go_to_the_two_middle_cells() -> None:
    g = game.new_game(KEY, deal=1)
    order = [str(c) for c in game.deal_order(1)]
    assert [g.pile(c) for c in CELLS] == [[], [order[50]], [order[51]], []]


def test_sh1_deal_foundations_start_empty_and_all_52_cards_are_dealt() -> None:
    g = game.new_game(KEY, deal=1)
    assert all(g.pile(f) == [] for f in FOUNDATIONS)
    cards = [c for name in TABLEAU + CELLS for c in g.pile(name)]
    assert len(set(cards)) == 52


@pytest.mark.parametrize("n", [1, 617, 32001])
def test_sh1_deal_one_card_per_pile_left_to_right_five_rounds(n: int) -> None:
    g = game.new_game(KEY, deal=n)
    order = [str(c) for c in game.deal_order(n)]
    for k, name in enumerate(TABLEAU):
        assert g.pile(name) == order[k:50:10]


# (SH-2 … SH-6, SH-8 and SH-9 as Baker's Game shares them: test_suit_cell_games.py)


# ------------------------------------------------ SH-7 Sequences to the foundation


def run_position() -> game.Game:
    """Hearts 5-4-3-2 on top of the KS, the AH home, every cell full (no group moves)."""
    return position(foundation_1="AH", tableau_1="KS5H4H3H2H", tableau_2="9D", **FULL_CELLS)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_sh7_every_length_of_the_run_goes_home_in_order(k: int) -> None:
    g = run_position()
    play_legal(g, Move("tableau-1", "foundation-1", k))
    assert g.pile("foundation-1") == ["AH", "2H", "3H", "4H", "5H"][: k + 1]
    assert g.pile("tableau-1") == ["KS", "5H", "4H", "3H", "2H"][: 5 - k]


def test_sh7_whole_run_goes_home_in_order() -> None:
    g = position(foundation_3="AS2S", tableau_4="9SJD8S7S6S5S4S3S", **FULL_CELLS)
    play_legal(g, Move("tableau-4", "foundation-3", 6))
    assert g.pile("foundation-3") == ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    assert g.pile("tableau-4") == ["9S", "JD"]


def test_sh7_run_length_is_not_limited_by_empty_cells() -> None:
    g = run_position()
    assert g.snapshot()["piles"]["reserve-1"] == ["2C"]
    assert Move("tableau-1", "foundation-1", 4) in g.legal_moves()


def test_sh7_run_headed_by_an_ace_goes_to_an_empty_foundation() -> None:
    g = position(tableau_1="9D3H2HAH")
    play_legal(g, Move("tableau-1", "foundation-2", 3))
    assert g.pile("foundation-2") == ["AH", "2H", "3H"]


def test_sh7_run_home_is_one_action_and_one_undo_step() -> None:
    g = run_position()
    before = g.text()
    g.play(Move("tableau-1", "foundation-1", 4))
    assert g.history == [(Move("tableau-1", "foundation-1", 4),)]
    g.undo()
    assert g.text() == before


@pytest.mark.parametrize("k", [1, 2, 3])
def test_sh7_run_not_headed_by_a_fitting_card_is_illegal(k: int) -> None:
    g = position(foundation_1="AH", tableau_1="KS5H4H3H", tableau_2="9D")
    assert_illegal(g, Move("tableau-1", "foundation-1", k))


def test_sh7_run_to_a_foundation_of_another_suit_is_illegal() -> None:
    g = position(foundation_1="AH", foundation_2="AD", tableau_1="KS3H2H")
    assert_illegal(g, Move("tableau-1", "foundation-2", 2))


def test_sh7_cards_beyond_the_run_cannot_go_home_with_it() -> None:
    g = run_position()
    assert_illegal(g, Move("tableau-1", "foundation-1", 5))


def test_sh7_cards_not_in_suit_sequence_cannot_go_home_together() -> None:
    g = position(foundation_1="AH", tableau_1="3S2H", tableau_2="9D")
    assert_illegal(g, Move("tableau-1", "foundation-1", 2))


def test_sh7_run_of_a_gapped_sequence_is_illegal() -> None:
    g = position(foundation_1="AH", tableau_1="4H2H", tableau_2="9D")
    assert_illegal(g, Move("tableau-1", "foundation-1", 2))


# ------------------------------------------------------ SH-9 Automatic moves


def test_sh9_an_ace_goes_to_the_leftmost_empty_foundation_past_the_cells() -> None:
    g = position(foundation_1="AC", foundation_2="AD", tableau_1="9S", tableau_2="AH")
    assert g.auto_moves() == [Move("tableau-2", "foundation-3")]


# ------------------------------------------------------------------ SH-10 Lost


def stuck_tableau() -> dict[str, str]:
    """Ten tableau tops none of which fits another; no Ace anywhere."""
    tops = ["2C", "2D", "2H", "2S", "9C", "9D", "9H", "9S", "JC", "JD"]
    return {f"tableau_{i + 1}": card for i, card in enumerate(tops)}


def test_sh10_lost_when_no_legal_move_remains() -> None:
    g = position(reserve_1="7C", reserve_2="7D", reserve_3="7H", reserve_4="7S", **stuck_tableau())
    assert g.legal_moves() == []
    assert g.is_stuck()
    assert g.snapshot()["stuck"] is True


def test_sh10_not_lost_while_a_legal_move_remains() -> None:
    piles = stuck_tableau() | {"tableau_5": "8C"}
    g = position(reserve_1="7C", reserve_2="7D", reserve_3="7H", reserve_4="7S", **piles)
    assert g.legal_moves() == [Move("reserve-1", "tableau-5")]
    assert not g.is_stuck()
    assert g.snapshot()["stuck"] is False


def test_sh10_not_lost_while_a_cell_is_empty() -> None:
    g = position(reserve_1="7C", reserve_2="7D", reserve_3="7H", **stuck_tableau())
    assert not g.is_stuck()
