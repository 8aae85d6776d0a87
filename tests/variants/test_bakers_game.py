"""Baker's Game: one test (at least) per numbered rule BG-1 … BG-9 of rules.md.

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

KEY = "bakers-game"
CELLS = [f"reserve-{i}" for i in range(1, 5)]
FOUNDATIONS = [f"foundation-{i}" for i in range(1, 5)]
TABLEAU = [f"tableau-{i}" for i in range(1, 9)]
DEALS = [1, 2, 617, 11982, 32000, 32001, 2**31 - 1, 2**33 - 1]
FULL_CELLS = {"reserve_1": "2C", "reserve_2": "3C", "reserve_3": "4C", "reserve_4": "5C"}


def position(**piles: str) -> game.Game:
    """A Baker's Game position: ``tableau_1="KSQS"`` puts KS then QS on tableau-1."""
    fields = " ".join(f"{name.replace('_', '-')}={cards}" for name, cards in piles.items())
    return game.from_text(f"{KEY} {fields}")


def pysol_layout(n: int) -> tuple[list[str], list[list[str]]]:
    """PySolFC's Baker's Game deal ``n``: its four cells and its eight tableau piles."""
    text = PysolGame("bakers_game", n, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
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


@pytest.mark.parametrize("n", DEALS)
def test_bg1_deal_n_is_pysolfc_deal_n(n: int) -> None:
    cells, piles = pysol_layout(n)
    g = game.new_game(KEY, deal=n)
    assert [g.pile(t) for t in TABLEAU] == piles
    assert cells == ["-"] * 4


@pytest.mark.parametrize("n", DEALS)
def test_bg1_solitaire_deal_command_prints_pysolfc_deal_n(n: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["deal", "--variant", KEY, "--deal", str(n)]) == 0
    lines = capsys.readouterr().out.splitlines()
    cells, piles = pysol_layout(n)
    assert lines[0] == "Foundations: H-0 C-0 D-0 S-0"
    assert lines[1].split()[1:] == cells
    assert [line.split() for line in lines[2:]] == piles


# ------------------------------------------------------------ BG-2 Foundations


def test_bg2_empty_foundation_takes_an_ace() -> None:
    g = position(tableau_1="5SAH")
    play_legal(g, Move("tableau-1", "foundation-3"))
    assert g.pile("foundation-3") == ["AH"]


@pytest.mark.parametrize("card", ["2H", "KH"])
def test_bg2_empty_foundation_refuses_a_non_ace(card: str) -> None:
    g = position(tableau_1=card)
    assert_illegal(g, Move("tableau-1", "foundation-1"))


def test_bg2_foundation_builds_up_in_suit() -> None:
    g = position(foundation_1="AH", tableau_1="2H")
    play_legal(g, Move("tableau-1", "foundation-1"))
    assert g.pile("foundation-1") == ["AH", "2H"]


@pytest.mark.parametrize("card", ["2D", "2S"])
def test_bg2_foundation_refuses_another_suit(card: str) -> None:
    g = position(foundation_1="AH", tableau_1=card)
    assert_illegal(g, Move("tableau-1", "foundation-1"))


@pytest.mark.parametrize("card", ["3H", "AS"])
def test_bg2_foundation_refuses_a_card_not_one_rank_higher(card: str) -> None:
    g = position(foundation_1="AH", tableau_1=card)
    assert_illegal(g, Move("tableau-1", "foundation-1"))


def test_bg2_foundation_builds_up_to_the_king() -> None:
    g = position(foundation_1="AH2H3H4H5H6H7H8H9HTHJHQH", tableau_1="KH")
    play_legal(g, Move("tableau-1", "foundation-1"))
    assert len(g.pile("foundation-1")) == 13


def test_bg2_foundation_takes_one_card_at_a_time() -> None:
    g = position(foundation_1="AH", tableau_1="3H2H", reserve_1="9C")
    assert_illegal(g, Move("tableau-1", "foundation-1", 2))


# ---------------------------------------------------------------- BG-3 Tableau


def test_bg3_tableau_builds_down_in_suit() -> None:
    g = position(tableau_1="TH", tableau_2="9H")
    play_legal(g, Move("tableau-2", "tableau-1"))
    assert g.pile("tableau-1") == ["TH", "9H"]


@pytest.mark.parametrize("card", ["9D", "9S", "9C"])
def test_bg3_tableau_refuses_another_suit(card: str) -> None:
    g = position(tableau_1="TH", tableau_2=card)
    assert_illegal(g, Move("tableau-2", "tableau-1"))


@pytest.mark.parametrize("card", ["8H", "JH"])
def test_bg3_tableau_refuses_a_card_not_one_rank_lower(card: str) -> None:
    g = position(tableau_1="TH", tableau_2=card)
    assert_illegal(g, Move("tableau-2", "tableau-1"))


def test_bg3_no_wrap_king_not_on_ace() -> None:
    g = position(tableau_1="AH", tableau_2="KH")
    assert_illegal(g, Move("tableau-2", "tableau-1"))


def test_bg3_a_suit_build_moves_as_a_group() -> None:
    g = position(tableau_1="JH", tableau_2="TH9H")
    play_legal(g, Move("tableau-2", "tableau-1", 2))
    assert g.pile("tableau-1") == ["JH", "TH", "9H"]


def test_bg3_cards_not_built_in_suit_cannot_move_as_a_group() -> None:
    g = position(tableau_1="JH", tableau_2="TH9D")
    assert_illegal(g, Move("tableau-2", "tableau-1", 2))


# ------------------------------------------------------------ BG-4 Group moves


def group_position(empty_cells: int, run: int) -> game.Game:
    """A run of ``run`` hearts from the Queen down on tableau-1, the KH on tableau-2."""
    hearts = "QHJHTH9H8H7H6H"
    cells = dict(list(FULL_CELLS.items())[: 4 - empty_cells])
    return position(tableau_1=hearts[: 2 * run], tableau_2="KH", **cells)


@pytest.mark.parametrize("empty_cells", range(5))
def test_bg4_group_up_to_empty_cells_plus_one_is_legal(empty_cells: int) -> None:
    g = group_position(empty_cells, empty_cells + 1)
    play_legal(g, Move("tableau-1", "tableau-2", empty_cells + 1))
    assert len(g.pile("tableau-2")) == empty_cells + 2


@pytest.mark.parametrize("empty_cells", range(5))
def test_bg4_group_limited_by_empty_cells(empty_cells: int) -> None:
    g = group_position(empty_cells, empty_cells + 2)
    assert_illegal(g, Move("tableau-1", "tableau-2", empty_cells + 2))


def test_bg4_empty_tableau_piles_do_not_raise_the_limit() -> None:
    g = group_position(0, 2)  # six of the eight tableau piles are empty
    assert sum(1 for t in TABLEAU if not g.pile(t)) == 6
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))
    assert all(m.count == 1 for m in g.legal_moves())


def test_bg4_limit_also_applies_to_a_king_group_into_an_empty_pile() -> None:
    g = position(tableau_1="2DKSQS", **FULL_CELLS)
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))


def test_bg4_king_group_into_an_empty_pile_within_the_limit() -> None:
    cells = dict(list(FULL_CELLS.items())[:3])
    g = position(tableau_1="2DKSQS", **cells)
    play_legal(g, Move("tableau-1", "tableau-2", 2))
    assert g.pile("tableau-2") == ["KS", "QS"]


# ----------------------------------------------------- BG-5 Empty tableau pile


def test_bg5_empty_pile_takes_a_king() -> None:
    g = position(tableau_1="2DKS")
    play_legal(g, Move("tableau-1", "tableau-2"))
    assert g.pile("tableau-2") == ["KS"]


@pytest.mark.parametrize("card", ["QS", "AS", "5H"])
def test_bg5_empty_pile_refuses_a_card_other_than_a_king(card: str) -> None:
    g = position(tableau_1="KD" + card)
    assert_illegal(g, Move("tableau-1", "tableau-2"))


def test_bg5_empty_pile_takes_a_build_starting_with_a_king() -> None:
    g = position(tableau_1="2DKSQSJS")
    play_legal(g, Move("tableau-1", "tableau-2", 3))
    assert g.pile("tableau-2") == ["KS", "QS", "JS"]


def test_bg5_empty_pile_refuses_a_build_not_starting_with_a_king() -> None:
    g = position(tableau_1="KDQSJS")
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))


def test_bg5_empty_pile_takes_a_king_from_a_cell() -> None:
    g = position(reserve_1="KH", tableau_1="2C")
    play_legal(g, Move("reserve-1", "tableau-2"))
    assert g.pile("tableau-2") == ["KH"]


def test_bg5_empty_pile_refuses_a_queen_from_a_cell() -> None:
    g = position(reserve_1="QH", tableau_1="2C")
    assert_illegal(g, Move("reserve-1", "tableau-2"))


def test_bg5_empty_pile_takes_a_king_from_a_foundation() -> None:
    g = position(foundation_1="AH2H3H4H5H6H7H8H9HTHJHQHKH", tableau_1="2C")
    play_legal(g, Move("foundation-1", "tableau-2"))
    assert g.pile("tableau-2") == ["KH"]


def test_bg5_empty_pile_refuses_a_queen_from_a_foundation() -> None:
    g = position(foundation_1="AH2H3H4H5H6H7H8H9HTHJHQH", tableau_1="2C")
    assert_illegal(g, Move("foundation-1", "tableau-2"))


# -------------------------------------------------------- BG-6 Reserve cells


def test_bg6_tableau_top_card_goes_to_an_empty_cell() -> None:
    g = position(tableau_1="9D5C")
    play_legal(g, Move("tableau-1", "reserve-3"))
    assert g.pile("reserve-3") == ["5C"]
    assert g.pile("tableau-1") == ["9D"]


def test_bg6_occupied_cell_refuses_a_card() -> None:
    g = position(tableau_1="9D5C", reserve_1="KH")
    assert_illegal(g, Move("tableau-1", "reserve-1"))


def test_bg6_cell_refuses_a_group() -> None:
    g = position(tableau_1="6C5C")
    assert_illegal(g, Move("tableau-1", "reserve-1", 2))


def test_bg6_never_cell_to_cell() -> None:
    g = position(reserve_1="5C", tableau_1="9D")
    assert_illegal(g, Move("reserve-1", "reserve-2"))
    assert not [m for m in g.legal_moves() if m.source in CELLS and m.target in CELLS]


def test_bg6_cell_card_plays_to_the_tableau() -> None:
    g = position(reserve_2="5C", tableau_1="6C")
    play_legal(g, Move("reserve-2", "tableau-1"))
    assert g.pile("tableau-1") == ["6C", "5C"]
    assert g.pile("reserve-2") == []


def test_bg6_cell_card_refuses_a_tableau_pile_that_does_not_accept_it() -> None:
    g = position(reserve_2="5C", tableau_1="6H")
    assert_illegal(g, Move("reserve-2", "tableau-1"))


def test_bg6_cell_card_plays_to_a_foundation() -> None:
    g = position(reserve_4="2C", foundation_2="AC", tableau_1="9D")
    play_legal(g, Move("reserve-4", "foundation-2"))
    assert g.pile("foundation-2") == ["AC", "2C"]


def test_bg6_cell_card_refuses_a_foundation_that_does_not_accept_it() -> None:
    g = position(reserve_4="3C", foundation_2="AC", tableau_1="9D")
    assert_illegal(g, Move("reserve-4", "foundation-2"))


# ------------------------------------------------------- BG-7 Foundation cards


def test_bg7_foundation_top_goes_back_to_a_tableau_pile_that_accepts_it() -> None:
    g = position(foundation_1="AH2H3H4H5H", tableau_1="6H")
    play_legal(g, Move("foundation-1", "tableau-1"))
    assert g.pile("tableau-1") == ["6H", "5H"]
    assert g.pile("foundation-1") == ["AH", "2H", "3H", "4H"]


def test_bg7_foundation_top_refuses_a_tableau_pile_that_does_not_accept_it() -> None:
    g = position(foundation_1="AH2H3H4H5H", tableau_1="6S")
    assert_illegal(g, Move("foundation-1", "tableau-1"))


def test_bg7_foundation_top_goes_to_an_empty_cell() -> None:
    g = position(foundation_1="AH2H", tableau_1="6S")
    play_legal(g, Move("foundation-1", "reserve-2"))
    assert g.pile("reserve-2") == ["2H"]


def test_bg7_foundation_top_refuses_an_occupied_cell() -> None:
    g = position(foundation_1="AH2H", reserve_2="6S")
    assert_illegal(g, Move("foundation-1", "reserve-2"))


def test_bg7_foundation_top_never_goes_to_another_foundation() -> None:
    g = position(foundation_1="AH", tableau_1="6S")
    assert_illegal(g, Move("foundation-1", "foundation-2"))
    assert not [m for m in g.legal_moves() if m.source in FOUNDATIONS and m.target in FOUNDATIONS]


def test_bg7_only_the_top_foundation_card_moves() -> None:
    g = position(foundation_1="AH2H3H", tableau_1="4H")
    assert_illegal(g, Move("foundation-1", "tableau-1", 2))


# ------------------------------------------------------ BG-8 Automatic moves


def test_bg8_a_card_that_can_go_home_is_safe_even_with_lower_cards_of_other_suits_out() -> None:
    # 2H would be unsafe by the alternate-colour rule (black Aces are still out).
    g = position(foundation_1="AH", tableau_1="AS9D", tableau_2="AC8D", tableau_3="2H")
    assert g.auto_moves() == [Move("tableau-3", "foundation-1")]


def test_bg8_every_card_that_can_go_home_is_an_automatic_move() -> None:
    g = position(
        foundation_1="AH2H",
        foundation_2="AS",
        reserve_1="3H",
        tableau_1="9D2S",
        tableau_2="KC4D",
        tableau_3="QC",
    )
    assert set(g.auto_moves()) == {Move("reserve-1", "foundation-1"), Move("tableau-1", "foundation-2")}


def test_bg8_play_auto_moves_sends_every_playable_card_home_one_at_a_time() -> None:
    g = position(foundation_1="AH", reserve_1="3H", tableau_1="4H2H", tableau_2="AS", tableau_3="KC")
    played = g.play_auto_moves()
    assert all(m.count == 1 for m in played)
    assert g.pile("foundation-1") == ["AH", "2H", "3H", "4H"]
    assert g.pile("foundation-2") == ["AS"]
    assert g.auto_moves() == []
    assert g.pile("tableau-3") == ["KC"]


def test_bg8_automatic_moves_join_the_player_action() -> None:
    g = position(foundation_1="AH", tableau_1="2H5S", tableau_2="6S")
    before = g.text()
    g.play(Move("tableau-1", "tableau-2"))
    g.play_auto_moves()
    assert g.pile("foundation-1") == ["AH", "2H"]
    g.undo()
    assert g.text() == before


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


def test_bg7_a_card_taken_off_a_foundation_is_not_sent_straight_back() -> None:
    # rules.md, "Automatic moves never undo the player's own action".
    g = position(foundation_1="AH2H", tableau_1="6S")
    g.play(Move("foundation-1", "reserve-2"))
    assert g.auto_moves() == []
    assert g.play_auto_moves() == []
    assert g.pile("reserve-2") == ["2H"]
    assert g.kept_out() == "2H"


def test_bg7_a_card_kept_out_goes_home_in_a_later_step() -> None:
    g = position(foundation_1="AH2H", tableau_1="6S", tableau_2="8D")
    g.play(Move("foundation-1", "reserve-2"))
    g.play(Move("tableau-2", "reserve-1"))
    assert g.kept_out() is None
    assert g.auto_moves() == [Move("reserve-2", "foundation-1")]
