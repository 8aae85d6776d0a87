"""The rules Baker's Game and Seahaven Towers share, tested once for both games.

Each test is named after the rule in both games (``test_bg4_sh4_…`` is BG-4 and SH-4) and
runs once per game. What only one of them has (their deals, Baker's Game's double-click,
Seahaven's runs to the foundations and its lost state) stays in test_bakers_game.py and
test_seahaven.py. Positions are set up from the one-line text form; piles not named are
empty, and every pile named here exists in both games.
"""

from __future__ import annotations

import pytest
from move_checks import assert_illegal
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase
from variant_helpers import play_legal

import game
from game import Move
from game.cli import main as cli_main

FREE_CELL_GAMES = ["bakers-game", "seahaven"]
CELLS = [f"reserve-{i}" for i in range(1, 5)]
FOUNDATIONS = [f"foundation-{i}" for i in range(1, 5)]
FULL_CELLS = {"reserve_1": "2C", "reserve_2": "3C", "reserve_3": "4C", "reserve_4": "5C"}
HEARTS_TO_QUEEN = "AH2H3H4H5H6H7H8H9HTHJHQH"
PYSOL_NAMES = {"bakers-game": "bakers_game", "seahaven": "seahaven_towers"}
DEALS = [1, 2, 617, 11982, 32000, 32001, 2**31 - 1, 2**33 - 1]

pytestmark = pytest.mark.parametrize("key", FREE_CELL_GAMES)


def position(key: str, **piles: str) -> game.Game:
    """A position of ``key``: ``tableau_1="KSQS"`` puts KS then QS on tableau-1."""
    fields = " ".join(f"{name.replace('_', '-')}={cards}" for name, cards in piles.items())
    return game.from_text(f"{key} {fields}")


def tableau_names(g: game.Game) -> list[str]:
    return [name for name in g.snapshot()["piles"] if name.startswith("tableau-")]


def pysol_layout(key: str, n: int) -> tuple[list[str], list[list[str]]]:
    """PySolFC's deal ``n`` of the game: its four cells and its tableau piles."""
    deal = PysolGame(PYSOL_NAMES[key], n, RandomBase.DEALS_PYSOLFC)
    cells = ["-"] * 4
    piles = []
    for line in deal.calc_layout_string(CardRenderer(True)).splitlines():
        if line.startswith("Freecells:"):
            found = line.split()[1:]
            cells[: len(found)] = found
        elif line.startswith("Foundations:") or not line.strip():
            continue
        else:
            piles.append(line.split())
    return cells, piles


# ------------------------------------------------------------------ BG-1, SH-1 Deal


@pytest.mark.parametrize("n", DEALS)
def test_bg1_sh1_deal_n_is_pysolfc_deal_n(key: str, n: int) -> None:
    cells, piles = pysol_layout(key, n)
    g = game.new_game(key, deal=n)
    assert [g.pile(t) for t in tableau_names(g)] == piles
    assert ["".join(g.pile(c)) or "-" for c in CELLS] == cells


@pytest.mark.parametrize("n", DEALS)
def test_bg1_sh1_solitaire_deal_command_prints_pysolfc_deal_n(
    key: str, n: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["deal", "--variant", key, "--deal", str(n)]) == 0
    lines = capsys.readouterr().out.splitlines()
    cells, piles = pysol_layout(key, n)
    assert lines[0] == "Foundations: H-0 C-0 D-0 S-0"
    assert lines[1].split()[1:] == cells
    assert [line.split() for line in lines[2:]] == piles


# ------------------------------------------------------------ BG-2, SH-2 Foundations


def test_bg2_sh2_empty_foundation_takes_an_ace(key: str) -> None:
    g = position(key, tableau_1="5SAH")
    play_legal(g, Move("tableau-1", "foundation-3"))
    assert g.pile("foundation-3") == ["AH"]


@pytest.mark.parametrize("card", ["2H", "KH"])
def test_bg2_sh2_empty_foundation_refuses_a_non_ace(key: str, card: str) -> None:
    g = position(key, tableau_1=card)
    assert_illegal(g, Move("tableau-1", "foundation-1"), "empty foundation takes only")


def test_bg2_sh2_foundation_builds_up_in_suit(key: str) -> None:
    g = position(key, foundation_1="AH", tableau_1="2H")
    play_legal(g, Move("tableau-1", "foundation-1"))
    assert g.pile("foundation-1") == ["AH", "2H"]


@pytest.mark.parametrize("card", ["2D", "2S"])
def test_bg2_sh2_foundation_refuses_another_suit(key: str, card: str) -> None:
    g = position(key, foundation_1="AH", tableau_1=card)
    assert_illegal(g, Move("tableau-1", "foundation-1"), "build up in suit")


@pytest.mark.parametrize("card", ["3H", "AS"])
def test_bg2_sh2_foundation_refuses_a_card_not_one_rank_higher(key: str, card: str) -> None:
    g = position(key, foundation_1="AH", tableau_1=card)
    assert_illegal(g, Move("tableau-1", "foundation-1"), "build up in suit")


def test_bg2_sh2_foundation_builds_up_to_the_king(key: str) -> None:
    g = position(key, foundation_4=HEARTS_TO_QUEEN, tableau_1="KH")
    play_legal(g, Move("tableau-1", "foundation-4"))
    assert len(g.pile("foundation-4")) == 13


# ---------------------------------------------------------------- BG-3, SH-3 Tableau


def test_bg3_sh3_tableau_builds_down_in_suit(key: str) -> None:
    g = position(key, tableau_1="TH", tableau_2="9H")
    play_legal(g, Move("tableau-2", "tableau-1"))
    assert g.pile("tableau-1") == ["TH", "9H"]


@pytest.mark.parametrize("card", ["9D", "9S", "9C"])
def test_bg3_sh3_tableau_refuses_another_suit(key: str, card: str) -> None:
    g = position(key, tableau_1="TH", tableau_2=card)
    assert_illegal(g, Move("tableau-2", "tableau-1"), "builds down")


@pytest.mark.parametrize("card", ["8H", "JH"])
def test_bg3_sh3_tableau_refuses_a_card_not_one_rank_lower(key: str, card: str) -> None:
    g = position(key, tableau_1="TH", tableau_2=card)
    assert_illegal(g, Move("tableau-2", "tableau-1"), "builds down")


def test_bg3_sh3_no_wrap_king_not_on_ace(key: str) -> None:
    g = position(key, tableau_1="AH", tableau_2="KH")
    assert_illegal(g, Move("tableau-2", "tableau-1"))


def test_bg3_sh3_a_suit_build_moves_as_a_group(key: str) -> None:
    g = position(key, tableau_1="JH", tableau_2="TH9H")
    play_legal(g, Move("tableau-2", "tableau-1", 2))
    assert g.pile("tableau-1") == ["JH", "TH", "9H"]


def test_bg3_sh3_cards_not_built_in_suit_cannot_move_as_a_group(key: str) -> None:
    g = position(key, tableau_1="JH", tableau_2="TH9D")
    assert_illegal(g, Move("tableau-2", "tableau-1", 2), "not a valid build")


# ------------------------------------------------------------ BG-4, SH-4 Group moves


def group_position(key: str, empty_cells: int, run: int) -> game.Game:
    """A run of ``run`` hearts from the Queen down on tableau-1, the KH on tableau-2."""
    hearts = "QHJHTH9H8H7H6H"
    cells = dict(list(FULL_CELLS.items())[: 4 - empty_cells])
    return position(key, tableau_1=hearts[: 2 * run], tableau_2="KH", **cells)


@pytest.mark.parametrize("empty_cells", range(5))
def test_bg4_sh4_group_up_to_empty_cells_plus_one_is_legal(key: str, empty_cells: int) -> None:
    g = group_position(key, empty_cells, empty_cells + 1)
    play_legal(g, Move("tableau-1", "tableau-2", empty_cells + 1))
    assert len(g.pile("tableau-2")) == empty_cells + 2


@pytest.mark.parametrize("empty_cells", range(5))
def test_bg4_sh4_group_limited_by_empty_cells(key: str, empty_cells: int) -> None:
    g = group_position(key, empty_cells, empty_cells + 2)
    assert_illegal(g, Move("tableau-1", "tableau-2", empty_cells + 2))


@pytest.mark.parametrize("empty_cells", range(5))
def test_bg4_sh4_the_refusal_counts_the_cells_the_group_needs(key: str, empty_cells: int) -> None:
    g = group_position(key, empty_cells, empty_cells + 2)
    reason = assert_illegal(g, Move("tableau-1", "tableau-2", empty_cells + 2))
    cells = "1 empty reserve cell" if empty_cells == 0 else f"{empty_cells + 1} empty reserve cells"
    needs = f"moving {empty_cells + 2} cards needs {cells}"
    empty = {0: "none is empty", 1: "1 is empty"}.get(empty_cells, f"{empty_cells} are empty")
    assert reason == f"{needs}; {empty}"


def test_bg4_sh4_empty_tableau_piles_do_not_raise_the_limit(key: str) -> None:
    g = group_position(key, 0, 2)
    assert sum(1 for t in tableau_names(g) if not g.pile(t)) >= 6
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))
    assert all(m.count == 1 for m in g.legal_moves())


def test_bg4_sh4_limit_also_applies_to_a_king_group_into_an_empty_pile(key: str) -> None:
    g = position(key, tableau_1="2DKSQS", **FULL_CELLS)
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))


def test_bg4_sh4_king_group_into_an_empty_pile_within_the_limit(key: str) -> None:
    cells = dict(list(FULL_CELLS.items())[:3])
    g = position(key, tableau_1="2DKSQS", **cells)
    play_legal(g, Move("tableau-1", "tableau-2", 2))
    assert g.pile("tableau-2") == ["KS", "QS"]


# ----------------------------------------------------- BG-5, SH-5 Empty tableau pile


def test_bg5_sh5_empty_pile_takes_a_king(key: str) -> None:
    g = position(key, tableau_1="2DKS")
    play_legal(g, Move("tableau-1", "tableau-8"))
    assert g.pile("tableau-8") == ["KS"]


@pytest.mark.parametrize("card", ["QS", "AS", "5H"])
def test_bg5_sh5_empty_pile_refuses_a_card_other_than_a_king(key: str, card: str) -> None:
    g = position(key, tableau_1="KD" + card)
    assert_illegal(g, Move("tableau-1", "tableau-2"), "takes only a K")


def test_bg5_sh5_empty_pile_takes_a_build_starting_with_a_king(key: str) -> None:
    g = position(key, tableau_1="2DKSQSJS")
    play_legal(g, Move("tableau-1", "tableau-2", 3))
    assert g.pile("tableau-2") == ["KS", "QS", "JS"]


def test_bg5_sh5_empty_pile_refuses_a_build_not_starting_with_a_king(key: str) -> None:
    g = position(key, tableau_1="KDQSJS")
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))


def test_bg5_sh5_empty_pile_takes_a_king_from_a_cell(key: str) -> None:
    g = position(key, reserve_1="KH", tableau_1="2C")
    play_legal(g, Move("reserve-1", "tableau-2"))
    assert g.pile("tableau-2") == ["KH"]


def test_bg5_sh5_empty_pile_refuses_a_queen_from_a_cell(key: str) -> None:
    g = position(key, reserve_1="QH", tableau_1="2C")
    assert_illegal(g, Move("reserve-1", "tableau-2"))


def test_bg5_sh5_empty_pile_takes_a_king_from_a_foundation(key: str) -> None:
    g = position(key, foundation_1=HEARTS_TO_QUEEN + "KH", tableau_1="2C")
    play_legal(g, Move("foundation-1", "tableau-2"))
    assert g.pile("tableau-2") == ["KH"]


def test_bg5_sh5_empty_pile_refuses_a_queen_from_a_foundation(key: str) -> None:
    g = position(key, foundation_1=HEARTS_TO_QUEEN, tableau_1="2C")
    assert_illegal(g, Move("foundation-1", "tableau-2"))


# -------------------------------------------------------- BG-6, SH-6 Reserve cells


def test_bg6_sh6_tableau_top_card_goes_to_an_empty_cell(key: str) -> None:
    g = position(key, tableau_1="9D5C")
    play_legal(g, Move("tableau-1", "reserve-3"))
    assert g.pile("reserve-3") == ["5C"]
    assert g.pile("tableau-1") == ["9D"]


def test_bg6_sh6_occupied_cell_refuses_a_card(key: str) -> None:
    g = position(key, tableau_1="9D5C", reserve_1="KH")
    assert_illegal(g, Move("tableau-1", "reserve-1"), "already holds a card")


def test_bg6_sh6_cell_refuses_a_group(key: str) -> None:
    g = position(key, tableau_1="6C5C")
    assert_illegal(g, Move("tableau-1", "reserve-1", 2), "holds one card")


def test_bg6_sh6_never_cell_to_cell(key: str) -> None:
    g = position(key, reserve_2="5C", tableau_1="9D")
    assert_illegal(g, Move("reserve-2", "reserve-3"), "never moved from one reserve cell")
    assert not [m for m in g.legal_moves() if m.source in CELLS and m.target in CELLS]


def test_bg6_sh6_cell_card_plays_to_the_tableau(key: str) -> None:
    g = position(key, reserve_2="5C", tableau_1="6C")
    play_legal(g, Move("reserve-2", "tableau-1"))
    assert g.pile("tableau-1") == ["6C", "5C"]
    assert g.pile("reserve-2") == []


def test_bg6_sh6_cell_card_refuses_a_tableau_pile_that_does_not_accept_it(key: str) -> None:
    g = position(key, reserve_2="5C", tableau_1="6H")
    assert_illegal(g, Move("reserve-2", "tableau-1"))


def test_bg6_sh6_cell_card_plays_to_a_foundation(key: str) -> None:
    g = position(key, reserve_4="2C", foundation_2="AC", tableau_1="9D")
    play_legal(g, Move("reserve-4", "foundation-2"))
    assert g.pile("foundation-2") == ["AC", "2C"]


def test_bg6_sh6_cell_card_refuses_a_foundation_that_does_not_accept_it(key: str) -> None:
    g = position(key, reserve_4="3C", foundation_2="AC", tableau_1="9D")
    assert_illegal(g, Move("reserve-4", "foundation-2"))


# ------------------------------------------------------ BG-7, SH-8 Foundation cards


def test_bg7_sh8_foundation_top_goes_back_to_a_tableau_pile_that_accepts_it(key: str) -> None:
    g = position(key, foundation_2="AH2H3H4H5H", tableau_1="6H")
    play_legal(g, Move("foundation-2", "tableau-1"))
    assert g.pile("tableau-1") == ["6H", "5H"]
    assert g.pile("foundation-2") == ["AH", "2H", "3H", "4H"]


def test_bg7_sh8_foundation_top_refuses_a_tableau_pile_that_does_not_accept_it(key: str) -> None:
    g = position(key, foundation_2="AH2H3H4H5H", tableau_1="6D")
    assert_illegal(g, Move("foundation-2", "tableau-1"))


def test_bg7_sh8_foundation_top_goes_to_an_empty_cell(key: str) -> None:
    g = position(key, foundation_4="AH2H", tableau_1="6S")
    play_legal(g, Move("foundation-4", "reserve-2"))
    assert g.pile("reserve-2") == ["2H"]


def test_bg7_sh8_foundation_top_refuses_an_occupied_cell(key: str) -> None:
    g = position(key, foundation_1="AH2H", reserve_2="6S")
    assert_illegal(g, Move("foundation-1", "reserve-2"), "already holds a card")


def test_bg7_sh8_foundation_top_never_goes_to_another_foundation(key: str) -> None:
    g = position(key, foundation_1="AH", tableau_1="6S")
    assert_illegal(g, Move("foundation-1", "foundation-3"))
    assert not [m for m in g.legal_moves() if m.source in FOUNDATIONS and m.target in FOUNDATIONS]


def test_bg7_sh8_only_the_top_foundation_card_moves(key: str) -> None:
    g = position(key, foundation_1="AH2H3H", tableau_1="4H")
    assert_illegal(g, Move("foundation-1", "tableau-1", 2))


@pytest.mark.parametrize("target", ["reserve-2", "tableau-1"])
def test_bg7_sh8_a_card_taken_off_a_foundation_is_not_sent_straight_back(key: str, target: str) -> None:
    # docs/rules.md, "Automatic moves never undo the player's own action".
    g = position(key, foundation_1="AH2H3H4H5H", tableau_1="6H")
    g.play(Move("foundation-1", target))
    assert g.auto_moves() == []
    assert g.play_auto_moves() == []
    assert g.pile(target)[-1] == "5H"
    assert g.kept_out() == "5H"


def test_bg7_sh8_a_card_kept_out_goes_home_in_a_later_step(key: str) -> None:
    g = position(key, foundation_1="AH2H", tableau_1="6S", tableau_2="8D")
    g.play(Move("foundation-1", "reserve-2"))
    g.play(Move("tableau-2", "reserve-1"))
    assert g.kept_out() is None
    assert g.auto_moves() == [Move("reserve-2", "foundation-1")]


# ------------------------------------------------------ BG-8, SH-9 Automatic moves


def test_bg8_sh9_a_card_that_can_go_home_is_safe_even_with_lower_cards_of_other_suits_out(key: str) -> None:
    # 2H would be unsafe by the alternate-colour rule (black Aces are still out).
    g = position(key, foundation_1="AH", tableau_1="AS9D", tableau_2="AC8D", tableau_3="2H")
    assert g.auto_moves() == [Move("tableau-3", "foundation-1")]


def test_bg8_sh9_every_card_that_can_go_home_is_an_automatic_move(key: str) -> None:
    g = position(
        key,
        foundation_1="AH2H",
        foundation_3="AS",
        reserve_2="3H",
        tableau_1="9D2S",
        tableau_2="KC4D",
        tableau_3="QC",
    )
    assert set(g.auto_moves()) == {Move("reserve-2", "foundation-1"), Move("tableau-1", "foundation-3")}


def test_bg8_sh9_play_auto_moves_sends_every_playable_card_home_one_at_a_time(key: str) -> None:
    g = position(key, foundation_1="AH", reserve_1="3H", tableau_1="4H2H", tableau_2="AS", tableau_3="KC")
    played = g.play_auto_moves()
    assert all(m.count == 1 for m in played)
    assert g.pile("foundation-1") == ["AH", "2H", "3H", "4H"]
    assert g.pile("foundation-2") == ["AS"]
    assert g.auto_moves() == []
    assert g.pile("tableau-3") == ["KC"]


def test_bg8_sh9_automatic_moves_join_the_player_action(key: str) -> None:
    g = position(key, foundation_1="AH", tableau_1="2H5S", tableau_2="6S")
    before = g.text()
    g.play(Move("tableau-1", "tableau-2"))
    g.play_auto_moves()
    assert g.pile("foundation-1") == ["AH", "2H"]
    g.undo()
    assert g.text() == before
