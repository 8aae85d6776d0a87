"""Kansas: one test (or more) per rule KS-1 … KS-9 of rules.md, plus its automatic moves."""

from __future__ import annotations

import pytest
from move_checks import assert_illegal
from variant_helpers import face_down, play_legal, suit_from

import game
from game import Move

DEALS = [1, 2, 617, 11982, 32000, 32001, 2**33 - 1]


def ks(fields: str, base: str = "7") -> game.Game:
    return game.from_text(f"kansas base={base} {fields}")


# ---------------------------------------------------------------------------- KS-1 deal


@pytest.mark.parametrize("deal", DEALS)
def test_ks1_reserve_has_eleven_face_down_under_one_face_up(deal: int) -> None:
    g = game.new_game("kansas", deal=deal)
    reserve = g.pile("reserve-1")
    assert len(reserve) == 12
    assert face_down(reserve) == 11
    assert reserve[-1].isupper()


@pytest.mark.parametrize("deal", DEALS)
def test_ks1_one_face_up_card_on_first_foundation_and_each_tableau_pile(deal: int) -> None:
    g = game.new_game("kansas", deal=deal)
    assert len(g.pile("foundation-1")) == 1 and g.pile("foundation-1")[0].isupper()
    for f in (2, 3, 4):
        assert g.pile(f"foundation-{f}") == []
    for t in (1, 2, 3):
        pile = g.pile(f"tableau-{t}")
        assert len(pile) == 1 and pile[0].isupper()
    assert g.pile("waste") == []


@pytest.mark.parametrize("deal", DEALS)
def test_ks1_base_rank_is_rank_of_first_foundation_card(deal: int) -> None:
    g = game.new_game("kansas", deal=deal)
    assert g.snapshot()["base_rank"] == g.pile("foundation-1")[0][0]


@pytest.mark.parametrize("deal", DEALS)
def test_ks1_thirty_six_face_down_cards_remain_in_stock(deal: int) -> None:
    g = game.new_game("kansas", deal=deal)
    assert len(g.pile("stock")) == 36
    assert face_down(g.pile("stock")) == 36
    everything = [c.upper() for pile in g.snapshot()["piles"].values() for c in pile]
    assert len(everything) == len(set(everything)) == 52


@pytest.mark.parametrize("deal", DEALS)
def test_ks1_cards_dealt_in_rule_order(deal: int) -> None:
    order = [str(c) for c in game.deal_order(deal)]
    g = game.new_game("kansas", deal=deal)
    assert g.pile("reserve-1") == [c.lower() for c in order[:11]] + [order[11]]
    assert g.pile("foundation-1") == [order[12]]
    assert [g.pile(f"tableau-{t}") for t in (1, 2, 3)] == [[order[13]], [order[14]], [order[15]]]
    assert sorted(c.upper() for c in g.pile("stock")) == sorted(order[16:])


# ---------------------------------------------------------------------- KS-2 foundations


def test_ks2_foundation_builds_up_in_suit() -> None:
    g = ks("foundation-1=7H tableau-1=8H tableau-2=KC tableau-3=QD")
    play_legal(g, Move("tableau-1", "foundation-1"))
    assert g.pile("foundation-1") == ["7H", "8H"]


def test_ks2_foundation_refuses_other_suit_or_rank() -> None:
    g = ks("foundation-1=7H tableau-1=8D tableau-2=9H tableau-3=6H")
    for t in (1, 2, 3):
        assert_illegal(g, Move(f"tableau-{t}", "foundation-1"))


def test_ks2_foundation_wraps_ace_on_king_and_two_on_ace() -> None:
    g = ks("foundation-1=JHQHKH tableau-1=5C2H tableau-2=4CAH", base="J")
    play_legal(g, Move("tableau-2", "foundation-1"))
    play_legal(g, Move("tableau-1", "foundation-1"))
    assert g.pile("foundation-1") == ["JH", "QH", "KH", "AH", "2H"]


def test_ks2_empty_foundation_takes_only_base_rank() -> None:
    g = ks("foundation-1=7H tableau-1=7S tableau-2=AS tableau-3=8S")
    assert_illegal(g, Move("tableau-2", "foundation-2"))
    assert_illegal(g, Move("tableau-3", "foundation-2"))
    play_legal(g, Move("tableau-1", "foundation-2"))


@pytest.mark.parametrize("deal", DEALS)
def test_ks2_dealt_base_rank_opens_the_empty_foundations(deal: int) -> None:
    g = game.new_game("kansas", deal=deal)
    base = g.snapshot()["base_rank"]
    for _ in range(36):  # turn the whole stock, checking every foundation move on the way
        for move in g.legal_moves():
            if move.target in ("foundation-2", "foundation-3", "foundation-4"):
                assert g.pile(move.source)[-1][0] == base
        g.play(Move("stock", "waste", 1))


def test_ks2_only_one_card_at_a_time_to_foundation() -> None:
    g = ks("foundation-1=7H tableau-1=9S8H")
    assert_illegal(g, Move("tableau-1", "foundation-1", 2))


# ------------------------------------------------------- KS-3 foundation cards out of play


def test_ks3_foundation_card_never_returns_to_tableau() -> None:
    g = ks("foundation-1=7H8H tableau-1=9S tableau-2=KC tableau-3=QD")
    assert_illegal(g, Move("foundation-1", "tableau-1"))
    assert not any(m.source.startswith("foundation") for m in g.legal_moves())


def test_ks3_foundation_card_never_moves_to_another_foundation() -> None:
    g = ks("foundation-1=7H tableau-1=9S tableau-2=KC tableau-3=QD")
    assert_illegal(g, Move("foundation-1", "foundation-2"))


def test_ks3_foundation_card_never_fills_empty_tableau_pile() -> None:
    g = ks("foundation-1=7H8H waste=2C tableau-1=9S tableau-2=KC")
    assert_illegal(g, Move("foundation-1", "tableau-3"))


# ------------------------------------------------------------------- KS-4 tableau builds


def test_ks4_builds_down_regardless_of_suit() -> None:
    g = ks("foundation-1=7H tableau-1=9H tableau-2=KC8H tableau-3=QD8S")
    play_legal(g, Move("tableau-2", "tableau-1"))
    g.undo()
    play_legal(g, Move("tableau-3", "tableau-1"))


def test_ks4_wrong_rank_refused() -> None:
    g = ks("foundation-1=7H tableau-1=9H tableau-2=KCTH tableau-3=QD7S")
    assert_illegal(g, Move("tableau-2", "tableau-1"))
    assert_illegal(g, Move("tableau-3", "tableau-1"))


def test_ks4_king_may_go_on_ace() -> None:
    g = ks("foundation-1=7H tableau-1=AS tableau-2=5CKS tableau-3=QD")
    play_legal(g, Move("tableau-2", "tableau-1"))
    assert g.pile("tableau-1") == ["AS", "KS"]


def test_ks4_queen_may_not_go_on_ace() -> None:
    g = ks("foundation-1=7H tableau-1=AS tableau-2=5CQS tableau-3=2D")
    assert_illegal(g, Move("tableau-2", "tableau-1"))


def test_ks4_card_may_go_on_base_rank() -> None:
    g = ks("foundation-1=7H tableau-1=7S tableau-2=KC6S tableau-3=QD")
    play_legal(g, Move("tableau-2", "tableau-1"))
    assert g.pile("tableau-1") == ["7S", "6S"]


def test_ks4_group_moves_onto_non_empty_pile() -> None:
    g = ks("foundation-1=7H tableau-1=KC9H8H7C tableau-2=TS tableau-3=QD")
    play_legal(g, Move("tableau-1", "tableau-2", 3))
    assert g.pile("tableau-2") == ["TS", "9H", "8H", "7C"]
    assert g.pile("tableau-1") == ["KC"]


def test_ks4_group_may_wrap_through_king() -> None:
    g = ks("foundation-1=7H tableau-1=5C2SAHKDQD tableau-2=3C tableau-3=9D")
    play_legal(g, Move("tableau-1", "tableau-2", 4))
    assert g.pile("tableau-2") == ["3C", "2S", "AH", "KD", "QD"]


def test_ks4_group_that_is_not_a_build_refused() -> None:
    g = ks("foundation-1=7H tableau-1=KC9H7C tableau-2=TS tableau-3=QD")
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))


def test_ks4_group_whose_grabbed_card_does_not_fit_refused() -> None:
    g = ks("foundation-1=7H tableau-1=KC9H8H tableau-2=JS tableau-3=QD")
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))


# ----------------------------------------------------------------- KS-5 automatic fill


def test_ks5_empty_tableau_refilled_from_reserve() -> None:
    g = ks("foundation-1=7H reserve-1=2c5d9S tableau-1=8H tableau-2=KC tableau-3=QD")
    play_legal(g, Move("tableau-1", "foundation-1"))
    assert g.pile("tableau-1") == ["9S"]
    assert g.pile("reserve-1") == ["2c", "5D"]


def test_ks5_refill_after_whole_pile_moves_as_a_group() -> None:
    g = ks("foundation-1=7H reserve-1=2c5D tableau-1=9H8S tableau-2=TC tableau-3=QD")
    play_legal(g, Move("tableau-1", "tableau-2", 2))
    assert g.pile("tableau-1") == ["5D"]
    assert g.pile("reserve-1") == ["2C"]


def test_ks5_refill_is_part_of_the_same_undo_step() -> None:
    g = ks("foundation-1=7H reserve-1=2c5d9S tableau-1=8H tableau-2=KC tableau-3=QD")
    before = g.text()
    g.play(Move("tableau-1", "foundation-1"))
    assert g.moves_made == 1
    g.undo()
    assert g.text() == before
    g.redo()
    assert g.pile("tableau-1") == ["9S"]


def test_ks5_no_refill_once_reserve_is_empty() -> None:
    g = ks("foundation-1=7H waste=3D tableau-1=8H tableau-2=KC tableau-3=QD")
    g.play(Move("tableau-1", "foundation-1"))
    assert g.pile("tableau-1") == []
    assert g.pile("waste") == ["3D"]


# ----------------------------------------------------- KS-6 empty pile, reserve empty


def test_ks6_waste_top_card_fills_empty_pile_when_reserve_empty() -> None:
    g = ks("foundation-1=7H waste=3D5C tableau-2=9S8H tableau-3=QD")
    play_legal(g, Move("waste", "tableau-1"))
    assert g.pile("tableau-1") == ["5C"]
    assert g.pile("waste") == ["3D"]


def test_ks6_tableau_card_may_not_fill_empty_pile() -> None:
    g = ks("foundation-1=7H waste=3D5C tableau-2=9S8H tableau-3=QD")
    assert_illegal(g, Move("tableau-2", "tableau-1", 1))
    assert_illegal(g, Move("tableau-3", "tableau-1", 1))


def test_ks6_tableau_group_may_not_fill_empty_pile() -> None:
    g = ks("foundation-1=7H waste=3D5C tableau-2=9S8H tableau-3=QD")
    assert_illegal(g, Move("tableau-2", "tableau-1", 2))


def test_ks6_only_top_waste_card_may_fill() -> None:
    g = ks("foundation-1=7H waste=3D5C tableau-2=9S8H tableau-3=QD")
    assert_illegal(g, Move("waste", "tableau-1", 2))


def test_ks6_empty_pile_filled_only_at_players_leisure() -> None:
    g = ks("foundation-1=7H waste=3D tableau-1=8H tableau-2=KC tableau-3=QD")
    g.play(Move("tableau-1", "foundation-1"))
    assert g.pile("tableau-1") == []
    assert not any(m.target.startswith("tableau") for m in g.auto_moves())
    assert g.play_auto_moves() == []
    assert g.pile("tableau-1") == [] and g.pile("waste") == ["3D"]


# ------------------------------------------------------------------------ KS-7 reserve


def test_ks7_reserve_top_card_plays_to_tableau() -> None:
    g = ks("foundation-1=7H reserve-1=2c9H tableau-1=TS tableau-2=KC tableau-3=QD")
    play_legal(g, Move("reserve-1", "tableau-1"))
    assert g.pile("tableau-1") == ["TS", "9H"]


def test_ks7_reserve_top_card_plays_to_foundation() -> None:
    g = ks("foundation-1=7H reserve-1=2c8H tableau-1=TS tableau-2=KC tableau-3=QD")
    play_legal(g, Move("reserve-1", "foundation-1"))
    assert g.pile("foundation-1") == ["7H", "8H"]


def test_ks7_next_reserve_card_turned_face_up_as_part_of_the_move() -> None:
    g = ks("foundation-1=7H reserve-1=2c9H tableau-1=TS tableau-2=KC tableau-3=QD")
    before = g.text()
    g.play(Move("reserve-1", "tableau-1"))
    assert g.pile("reserve-1") == ["2C"]
    assert g.moves_made == 1
    g.undo()
    assert g.text() == before


def test_ks7_only_top_reserve_card_is_available() -> None:
    g = ks("foundation-1=7H reserve-1=9H2C tableau-1=TS tableau-2=KC tableau-3=QD")
    assert_illegal(g, Move("reserve-1", "tableau-1", 2))


def test_ks7_nothing_may_be_placed_on_reserve() -> None:
    g = ks("foundation-1=7H reserve-1=2cTS tableau-1=KC9H tableau-2=KD tableau-3=QD waste=9D")
    assert_illegal(g, Move("tableau-1", "reserve-1"))
    assert_illegal(g, Move("waste", "reserve-1"))


# -------------------------------------------------------------------------- KS-8 stock


def test_ks8_stock_turns_one_card_face_up_onto_waste() -> None:
    g = ks("stock=ahks foundation-1=7H tableau-1=9S tableau-2=KC tableau-3=QD")
    play_legal(g, Move("stock", "waste", 1))
    assert g.pile("waste") == ["KS"]
    assert g.pile("stock") == ["ah"]


def test_ks8_top_waste_card_is_available() -> None:
    g = ks("foundation-1=7H waste=2C8H8D tableau-1=9S tableau-2=KC tableau-3=QD")
    play_legal(g, Move("waste", "tableau-1"))
    assert g.pile("tableau-1") == ["9S", "8D"]
    play_legal(g, Move("waste", "foundation-1"))
    assert_illegal(g, Move("waste", "tableau-2"))  # 2C does not go on a King


def test_ks8_only_top_waste_card_may_be_moved() -> None:
    g = ks("foundation-1=7H waste=8H8D tableau-1=9S tableau-2=KC tableau-3=QD")
    assert_illegal(g, Move("waste", "tableau-1", 2))


def test_ks8_no_redeal() -> None:
    g = ks("foundation-1=7H waste=2C3C tableau-1=9S tableau-2=KC tableau-3=QD")
    assert not any(m.source == "stock" or m.target in ("stock", "waste") for m in g.legal_moves())
    assert_illegal(g, Move("waste", "stock", 2))
    assert_illegal(g, Move("stock", "waste", 1))


def test_ks8_whole_stock_deals_through_once() -> None:
    g = game.new_game("kansas", deal=4321)
    stock = [c.upper() for c in g.pile("stock")]
    for _ in range(36):
        g.play(Move("stock", "waste", 1))
    assert g.pile("waste") == stock[::-1]
    assert g.pile("stock") == []
    assert Move("waste", "stock", 36) not in g.legal_moves()


# --------------------------------------------------------------------------- KS-9 lost


def test_ks9_lost_when_no_legal_move_and_stock_empty() -> None:
    g = ks(
        "waste=2C foundation-1=7H foundation-2=7S foundation-3=7D foundation-4=7C "
        "tableau-1=9H tableau-2=JD tableau-3=KS"
    )
    assert g.legal_moves() == []
    assert g.is_stuck()


def test_ks9_not_lost_while_stock_has_cards() -> None:
    g = ks(
        "stock=2d waste=2C foundation-1=7H foundation-2=7S foundation-3=7D foundation-4=7C "
        "tableau-1=9H tableau-2=JD tableau-3=KS"
    )
    assert g.legal_moves() == [Move("stock", "waste", 1)]
    assert not g.is_stuck()


def test_ks9_not_lost_while_a_card_can_move() -> None:
    g = ks(
        "waste=TC foundation-1=7H foundation-2=7S foundation-3=7D foundation-4=7C "
        "tableau-1=9H tableau-2=JD tableau-3=KS"
    )
    assert not g.is_stuck()


def test_ks9_won_game_is_never_lost() -> None:
    fields = " ".join(f"foundation-{i + 1}={suit_from('7', s)}" for i, s in enumerate("HSDC"))
    g = ks(fields)
    assert g.is_won()
    assert not g.is_stuck()
    assert g.snapshot()["score"] == 52


# ----------------------------------------------------------- automatic moves (Kansas)


def test_ks_auto_base_rank_card_always_safe_goes_to_leftmost_empty_foundation() -> None:
    g = ks("foundation-1=7H reserve-1=8c7S tableau-1=KC tableau-2=QD tableau-3=JS")
    assert g.auto_moves() == [Move("reserve-1", "foundation-2")]


def test_ks_auto_card_safe_when_all_four_lower_cards_home() -> None:
    g = ks(
        "foundation-1=7H foundation-2=7S foundation-3=7D foundation-4=7C "
        "tableau-1=8H tableau-2=QD tableau-3=JS"
    )
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


def test_ks_auto_card_not_safe_while_same_colour_lower_card_is_out() -> None:
    g = ks(
        "foundation-1=7H foundation-2=7S foundation-3=7C reserve-1=7d9C "
        "tableau-1=8H tableau-2=QD tableau-3=JS"
    )
    assert Move("tableau-1", "foundation-1") in g.legal_moves()
    assert g.auto_moves() == []


def test_ks_auto_ace_safe_only_when_all_four_kings_home() -> None:
    kings = " ".join(f"foundation-{i + 1}={suit_from('7', s)[:14]}" for i, s in enumerate("HSDC"))
    g = ks(f"{kings} tableau-1=AH tableau-2=3D tableau-3=4D")
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


def test_ks_auto_ace_not_safe_while_a_king_is_out() -> None:
    homes = "foundation-1=7H8H9HTHJHQHKH foundation-2=7S8S9STSJSQSKS foundation-3=7D8D9DTDJDQDKD"
    g = ks(f"{homes} foundation-4=7C8C9CTCJCQC reserve-1=kc2D tableau-1=AH tableau-2=3D tableau-3=4D")
    assert Move("tableau-1", "foundation-1") in g.legal_moves()
    assert g.auto_moves() == []


def test_ks_auto_moves_join_the_players_undo_step() -> None:
    g = ks(
        "foundation-1=7H foundation-2=7S foundation-3=7D foundation-4=7C reserve-1=2c5D "
        "tableau-1=8HTD tableau-2=JS tableau-3=QD"
    )
    before = g.text()
    g.play(Move("tableau-1", "tableau-2"))  # TD onto JS uncovers 8H, which is safe
    assert g.play_auto_moves() == [Move("tableau-1", "foundation-1")]
    assert g.pile("tableau-1") == ["5D"]  # refilled from the reserve (KS-5)
    assert g.moves_made == 1
    g.undo()
    assert g.text() == before
