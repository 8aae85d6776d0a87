"""Seahaven Towers: one test (at least) per numbered rule SH-1 … SH-10 of rules.md.

Positions are set up from the one-line text form; piles not named are empty.
"""

from __future__ import annotations

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase
from variant_helpers import assert_illegal, play_legal

import game
from game import Move
from game.cli import main as cli_main

KEY = "seahaven"
CELLS = [f"reserve-{i}" for i in range(1, 5)]
FOUNDATIONS = [f"foundation-{i}" for i in range(1, 5)]
TABLEAU = [f"tableau-{i}" for i in range(1, 11)]
DEALS = [1, 2, 617, 11982, 32000, 32001, 2**31 - 1, 2**33 - 1]
FULL_CELLS = {"reserve_1": "2C", "reserve_2": "3C", "reserve_3": "4C", "reserve_4": "5C"}
HEARTS_TO_QUEEN = "AH2H3H4H5H6H7H8H9HTHJHQH"


def position(**piles: str) -> game.Game:
    """A Seahaven position: ``tableau_1="KSQS"`` puts KS then QS on tableau-1."""
    fields = " ".join(f"{name.replace('_', '-')}={cards}" for name, cards in piles.items())
    return game.from_text(f"{KEY} {fields}")


def pysol_layout(n: int) -> tuple[list[str], list[list[str]]]:
    """PySolFC's Seahaven Towers deal ``n``: its four cells and its ten tableau piles."""
    text = PysolGame("seahaven_towers", n, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    cells = ["-"] * 4
    piles = []
    for line in text.splitlines():
        if line.startswith("Freecells:"):
            found = line.split()[1:]
            cells[: len(found)] = found
        elif line.startswith("Foundations:") or not line.strip():
            continue
        else:
            piles.append(line.split())
    return cells, piles


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


@pytest.mark.parametrize("n", DEALS)
def test_sh1_deal_n_is_pysolfc_deal_n(n: int) -> None:
    cells, piles = pysol_layout(n)
    g = game.new_game(KEY, deal=n)
    assert [g.pile(t) for t in TABLEAU] == piles
    assert ["".join(g.pile(c)) or "-" for c in CELLS] == cells


@pytest.mark.parametrize("n", DEALS)
def test_sh1_solitaire_deal_command_prints_pysolfc_deal_n(n: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["deal", "--variant", KEY, "--deal", str(n)]) == 0
    lines = capsys.readouterr().out.splitlines()
    cells, piles = pysol_layout(n)
    assert lines[0] == "Foundations: H-0 C-0 D-0 S-0"
    assert lines[1].split()[1:] == cells
    assert [line.split() for line in lines[2:]] == piles


# ------------------------------------------------------------ SH-2 Foundations


def test_sh2_empty_foundation_takes_an_ace() -> None:
    g = position(tableau_1="5SAH")
    play_legal(g, Move("tableau-1", "foundation-3"))
    assert g.pile("foundation-3") == ["AH"]


@pytest.mark.parametrize("card", ["2H", "KH"])
def test_sh2_empty_foundation_refuses_a_non_ace(card: str) -> None:
    g = position(tableau_1=card)
    assert_illegal(g, Move("tableau-1", "foundation-2"))


def test_sh2_foundation_builds_up_in_suit() -> None:
    g = position(foundation_1="AH", tableau_1="2H")
    play_legal(g, Move("tableau-1", "foundation-1"))
    assert g.pile("foundation-1") == ["AH", "2H"]


@pytest.mark.parametrize("card", ["2D", "2S"])
def test_sh2_foundation_refuses_another_suit(card: str) -> None:
    g = position(foundation_1="AH", tableau_1=card)
    assert_illegal(g, Move("tableau-1", "foundation-1"))


@pytest.mark.parametrize("card", ["3H", "AS"])
def test_sh2_foundation_refuses_a_card_not_one_rank_higher(card: str) -> None:
    g = position(foundation_1="AH", tableau_1=card)
    assert_illegal(g, Move("tableau-1", "foundation-1"))


def test_sh2_foundation_builds_up_to_the_king() -> None:
    g = position(foundation_4=HEARTS_TO_QUEEN, tableau_1="KH")
    play_legal(g, Move("tableau-1", "foundation-4"))
    assert len(g.pile("foundation-4")) == 13


# ---------------------------------------------------------------- SH-3 Tableau


def test_sh3_tableau_builds_down_in_suit() -> None:
    g = position(tableau_1="TH", tableau_2="9H")
    play_legal(g, Move("tableau-2", "tableau-1"))
    assert g.pile("tableau-1") == ["TH", "9H"]


@pytest.mark.parametrize("card", ["9D", "9S", "9C"])
def test_sh3_tableau_refuses_another_suit(card: str) -> None:
    g = position(tableau_1="TH", tableau_2=card)
    assert_illegal(g, Move("tableau-2", "tableau-1"))


@pytest.mark.parametrize("card", ["8H", "JH"])
def test_sh3_tableau_refuses_a_card_not_one_rank_lower(card: str) -> None:
    g = position(tableau_1="TH", tableau_2=card)
    assert_illegal(g, Move("tableau-2", "tableau-1"))


def test_sh3_no_wrap_king_not_on_ace() -> None:
    g = position(tableau_1="AH", tableau_2="KH")
    assert_illegal(g, Move("tableau-2", "tableau-1"))


def test_sh3_cards_not_built_in_suit_cannot_move_as_a_group() -> None:
    g = position(tableau_1="JH", tableau_2="TH9D")
    assert_illegal(g, Move("tableau-2", "tableau-1", 2))


# ------------------------------------------------------------ SH-4 Group moves


def group_position(empty_cells: int, run: int) -> game.Game:
    """A run of ``run`` hearts from the Queen down on tableau-1, the KH on tableau-2."""
    hearts = "QHJHTH9H8H7H6H"
    cells = dict(list(FULL_CELLS.items())[: 4 - empty_cells])
    return position(tableau_1=hearts[: 2 * run], tableau_2="KH", **cells)


@pytest.mark.parametrize("empty_cells", range(5))
def test_sh4_group_up_to_empty_cells_plus_one_is_legal(empty_cells: int) -> None:
    g = group_position(empty_cells, empty_cells + 1)
    play_legal(g, Move("tableau-1", "tableau-2", empty_cells + 1))
    assert len(g.pile("tableau-2")) == empty_cells + 2


@pytest.mark.parametrize("empty_cells", range(5))
def test_sh4_group_limited_by_empty_cells(empty_cells: int) -> None:
    g = group_position(empty_cells, empty_cells + 2)
    assert_illegal(g, Move("tableau-1", "tableau-2", empty_cells + 2))


def test_sh4_empty_tableau_piles_do_not_raise_the_limit() -> None:
    g = group_position(0, 2)  # eight of the ten tableau piles are empty
    assert sum(1 for t in TABLEAU if not g.pile(t)) == 8
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))
    assert all(m.count == 1 for m in g.legal_moves())


def test_sh4_limit_also_applies_to_a_king_group_into_an_empty_pile() -> None:
    g = position(tableau_1="2DKSQS", **FULL_CELLS)
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))


# ----------------------------------------------------- SH-5 Empty tableau pile


def test_sh5_empty_pile_takes_a_king() -> None:
    g = position(tableau_1="2DKS")
    play_legal(g, Move("tableau-1", "tableau-10"))
    assert g.pile("tableau-10") == ["KS"]


@pytest.mark.parametrize("card", ["QS", "AS", "5H"])
def test_sh5_empty_pile_refuses_a_card_other_than_a_king(card: str) -> None:
    g = position(tableau_1="KD" + card)
    assert_illegal(g, Move("tableau-1", "tableau-2"))


def test_sh5_empty_pile_takes_a_build_starting_with_a_king() -> None:
    g = position(tableau_1="2DKSQSJS")
    play_legal(g, Move("tableau-1", "tableau-2", 3))
    assert g.pile("tableau-2") == ["KS", "QS", "JS"]


def test_sh5_empty_pile_refuses_a_build_not_starting_with_a_king() -> None:
    g = position(tableau_1="KDQSJS")
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))


def test_sh5_empty_pile_takes_a_king_from_a_cell() -> None:
    g = position(reserve_1="KH", tableau_1="2C")
    play_legal(g, Move("reserve-1", "tableau-2"))
    assert g.pile("tableau-2") == ["KH"]


def test_sh5_empty_pile_refuses_a_queen_from_a_cell() -> None:
    g = position(reserve_1="QH", tableau_1="2C")
    assert_illegal(g, Move("reserve-1", "tableau-2"))


def test_sh5_empty_pile_refuses_a_queen_from_a_foundation() -> None:
    g = position(foundation_1=HEARTS_TO_QUEEN, tableau_1="2C")
    assert_illegal(g, Move("foundation-1", "tableau-2"))


# -------------------------------------------------------- SH-6 Reserve cells


def test_sh6_tableau_top_card_goes_to_an_empty_cell() -> None:
    g = position(tableau_1="9D5C")
    play_legal(g, Move("tableau-1", "reserve-4"))
    assert g.pile("reserve-4") == ["5C"]
    assert g.pile("tableau-1") == ["9D"]


def test_sh6_occupied_cell_refuses_a_card() -> None:
    g = position(tableau_1="9D5C", reserve_1="KH")
    assert_illegal(g, Move("tableau-1", "reserve-1"))


def test_sh6_cell_refuses_a_group() -> None:
    g = position(tableau_1="6C5C")
    assert_illegal(g, Move("tableau-1", "reserve-1", 2))


def test_sh6_never_cell_to_cell() -> None:
    g = position(reserve_2="5C", tableau_1="9D")
    assert_illegal(g, Move("reserve-2", "reserve-3"))
    assert not [m for m in g.legal_moves() if m.source in CELLS and m.target in CELLS]


def test_sh6_cell_card_plays_to_the_tableau() -> None:
    g = position(reserve_2="5C", tableau_1="6C")
    play_legal(g, Move("reserve-2", "tableau-1"))
    assert g.pile("tableau-1") == ["6C", "5C"]
    assert g.pile("reserve-2") == []


def test_sh6_cell_card_refuses_a_tableau_pile_that_does_not_accept_it() -> None:
    g = position(reserve_2="5C", tableau_1="6H")
    assert_illegal(g, Move("reserve-2", "tableau-1"))


def test_sh6_cell_card_plays_to_a_foundation() -> None:
    g = position(reserve_3="2C", foundation_2="AC", tableau_1="9D")
    play_legal(g, Move("reserve-3", "foundation-2"))
    assert g.pile("foundation-2") == ["AC", "2C"]


def test_sh6_foundation_top_goes_to_an_empty_cell() -> None:
    g = position(foundation_1="AH2H", tableau_1="6S")
    play_legal(g, Move("foundation-1", "reserve-1"))
    assert g.pile("reserve-1") == ["2H"]


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


# ------------------------------------------------------- SH-8 Foundation cards


def test_sh8_foundation_top_goes_back_to_a_tableau_pile_that_accepts_it() -> None:
    g = position(foundation_2="AH2H3H4H5H", tableau_1="6H")
    play_legal(g, Move("foundation-2", "tableau-1"))
    assert g.pile("tableau-1") == ["6H", "5H"]
    assert g.pile("foundation-2") == ["AH", "2H", "3H", "4H"]


def test_sh8_foundation_top_refuses_a_tableau_pile_that_does_not_accept_it() -> None:
    g = position(foundation_2="AH2H3H4H5H", tableau_1="6D")
    assert_illegal(g, Move("foundation-2", "tableau-1"))


def test_sh8_foundation_top_goes_to_an_empty_cell() -> None:
    g = position(foundation_4="AH2H", tableau_1="6S")
    play_legal(g, Move("foundation-4", "reserve-3"))
    assert g.pile("reserve-3") == ["2H"]


def test_sh8_foundation_top_never_goes_to_another_foundation() -> None:
    g = position(foundation_1="AH", tableau_1="6S")
    assert_illegal(g, Move("foundation-1", "foundation-3"))
    assert not [m for m in g.legal_moves() if m.source in FOUNDATIONS and m.target in FOUNDATIONS]


def test_sh8_only_the_top_foundation_card_moves() -> None:
    g = position(foundation_1="AH2H3H", tableau_1="4H")
    assert_illegal(g, Move("foundation-1", "tableau-1", 2))


# ------------------------------------------------------ SH-9 Automatic moves


def test_sh9_a_card_that_can_go_home_is_safe_even_with_lower_cards_of_other_suits_out() -> None:
    g = position(foundation_1="AH", tableau_1="AS9D", tableau_2="AC8D", tableau_3="2H")
    assert g.auto_moves() == [Move("tableau-3", "foundation-1")]


def test_sh9_every_card_that_can_go_home_is_an_automatic_move() -> None:
    g = position(
        foundation_1="AH2H",
        foundation_3="AS",
        reserve_2="3H",
        tableau_1="9D2S",
        tableau_2="KC4D",
        tableau_3="QC",
    )
    assert set(g.auto_moves()) == {Move("reserve-2", "foundation-1"), Move("tableau-1", "foundation-3")}


def test_sh9_play_auto_moves_sends_every_playable_card_home() -> None:
    g = position(foundation_1="AH", reserve_1="3H", tableau_1="4H2H", tableau_2="AS", tableau_3="KC")
    g.play_auto_moves()
    assert g.pile("foundation-1") == ["AH", "2H", "3H", "4H"]
    assert g.pile("foundation-2") == ["AS"]
    assert g.auto_moves() == []


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


def test_sh8_a_card_taken_off_a_foundation_is_not_sent_straight_back() -> None:
    g = position(foundation_2="AH2H3H4H5H", tableau_1="6H")
    g.play(Move("foundation-2", "tableau-1"))
    assert g.auto_moves() == []
    assert g.pile("tableau-1") == ["6H", "5H"]
