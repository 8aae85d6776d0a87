"""Lady Jane: one test (or more) per rule LJ-1 … LJ-9 of rules.md, plus its automatic moves."""

from __future__ import annotations

import pytest
from move_checks import assert_illegal
from variant_helpers import face_down, play_legal, suit_from

import game
from game import Move

DEALS = [1, 2, 617, 11982, 32000, 32001, 2**33 - 1]
SUITS = "HSCD"


def lj(fields: str, base: str = "7") -> game.Game:
    return game.from_text(f"lady-jane base={base} {fields}")


# ---------------------------------------------------------------------------- LJ-1 deal


@pytest.mark.parametrize("deal", DEALS)
def test_lj1_tableau_piles_have_k_minus_1_face_down_under_one_face_up(deal: int) -> None:
    g = game.new_game("lady-jane", deal=deal)
    for k in range(1, 8):
        pile = g.pile(f"tableau-{k}")
        assert len(pile) == k
        assert face_down(pile) == k - 1
        assert pile[-1].isupper()
        assert all(card.islower() for card in pile[:-1])


@pytest.mark.parametrize("deal", DEALS)
def test_lj1_one_face_up_card_per_reserve_and_on_first_foundation(deal: int) -> None:
    g = game.new_game("lady-jane", deal=deal)
    for r in range(1, 8):
        pile = g.pile(f"reserve-{r}")
        assert len(pile) == 1 and pile[0].isupper()
    assert len(g.pile("foundation-1")) == 1 and g.pile("foundation-1")[0].isupper()
    for f in (2, 3, 4):
        assert g.pile(f"foundation-{f}") == []
    assert g.pile("waste") == []
    assert g.snapshot()["score"] == 1


@pytest.mark.parametrize("deal", DEALS)
def test_lj1_base_rank_is_rank_of_first_foundation_card(deal: int) -> None:
    g = game.new_game("lady-jane", deal=deal)
    assert g.snapshot()["base_rank"] == g.pile("foundation-1")[0][0]
    assert f"base={g.pile('foundation-1')[0][0]}" in g.text()


@pytest.mark.parametrize("deal", DEALS)
def test_lj1_sixteen_face_down_cards_remain_in_stock(deal: int) -> None:
    g = game.new_game("lady-jane", deal=deal)
    stock = g.pile("stock")
    assert len(stock) == 16
    assert face_down(stock) == 16
    everything = [c.upper() for pile in g.snapshot()["piles"].values() for c in pile]
    assert len(everything) == len(set(everything)) == 52


@pytest.mark.parametrize("deal", DEALS)
def test_lj1_cards_dealt_in_aisleriot_order(deal: int) -> None:
    order = iter(str(c) for c in game.deal_order(deal))
    down: dict[int, list[str]] = {k: [] for k in range(1, 8)}
    for first in range(2, 8):  # piles 2-7, then 3-7, ..., then 7: 21 face-down cards
        for k in range(first, 8):
            down[k].append(next(order).lower())
    up = {k: next(order) for k in range(1, 8)}
    reserve = {r: next(order) for r in range(1, 8)}
    base_card = next(order)
    rest = sorted(order)

    g = game.new_game("lady-jane", deal=deal)
    for k in range(1, 8):
        assert g.pile(f"tableau-{k}") == [*down[k], up[k]]
    for r in range(1, 8):
        assert g.pile(f"reserve-{r}") == [reserve[r]]
    assert g.pile("foundation-1") == [base_card]
    assert sorted(c.upper() for c in g.pile("stock")) == rest


# ---------------------------------------------------------------------- LJ-2 foundations


def test_lj2_foundation_builds_up_in_suit() -> None:
    g = lj("foundation-1=7H tableau-1=8H")
    play_legal(g, Move("tableau-1", "foundation-1"))
    assert g.pile("foundation-1") == ["7H", "8H"]


def test_lj2_foundation_refuses_other_suit_or_rank() -> None:
    g = lj("foundation-1=7H tableau-1=8D tableau-2=9H tableau-3=6H")
    assert_illegal(g, Move("tableau-1", "foundation-1"))
    assert_illegal(g, Move("tableau-2", "foundation-1"))
    assert_illegal(g, Move("tableau-3", "foundation-1"))


def test_lj2_foundation_wraps_from_king_to_ace() -> None:
    g = lj("foundation-1=7H8H9HTHJHQHKH tableau-1=AH tableau-2=2H")
    play_legal(g, Move("tableau-1", "foundation-1"))
    play_legal(g, Move("tableau-2", "foundation-1"))
    assert g.pile("foundation-1")[-3:] == ["KH", "AH", "2H"]


def test_lj2_empty_foundation_takes_any_card_of_base_rank() -> None:
    g = lj("foundation-1=7H tableau-1=7S tableau-2=8S")
    assert_illegal(g, Move("tableau-2", "foundation-2"))
    play_legal(g, Move("tableau-1", "foundation-2"))
    assert g.pile("foundation-2") == ["7S"]


def test_lj2_empty_foundation_refuses_ace_when_base_is_not_ace() -> None:
    g = lj("foundation-1=7H tableau-1=AS")
    assert_illegal(g, Move("tableau-1", "foundation-2"))


@pytest.mark.parametrize("deal", DEALS)
def test_lj2_dealt_base_rank_opens_the_empty_foundations(deal: int) -> None:
    g = game.new_game("lady-jane", deal=deal)
    base = g.snapshot()["base_rank"]
    for move in g.legal_moves():
        if move.target in ("foundation-2", "foundation-3", "foundation-4"):
            assert g.pile(move.source)[-1][0] == base


def test_lj2_only_one_card_at_a_time_to_foundation() -> None:
    g = lj("foundation-1=7H tableau-1=9S8H")
    assert_illegal(g, Move("tableau-1", "foundation-1", 2))
    play_legal(g, Move("tableau-1", "foundation-1", 1))


# ------------------------------------------------------------ LJ-3 foundation cards in play


def test_lj3_foundation_top_card_may_return_to_tableau() -> None:
    g = lj("foundation-1=7H8H tableau-1=9S")
    assert g.snapshot()["score"] == 2
    play_legal(g, Move("foundation-1", "tableau-1"))
    assert g.pile("tableau-1") == ["9S", "8H"]
    assert g.pile("foundation-1") == ["7H"]
    assert g.snapshot()["score"] == 1


def test_lj3_a_safe_card_taken_off_a_foundation_is_not_sent_straight_back() -> None:
    g = lj("foundation-1=7H8H foundation-2=7S foundation-3=7C tableau-1=9S")
    g.play(Move("foundation-1", "tableau-1"))
    assert g.variant.auto(g.state)  # safe: it would otherwise go straight home
    assert g.auto_moves() == []
    assert g.pile("tableau-1") == ["9S", "8H"]


def test_lj3_foundation_card_must_fit_the_tableau_pile() -> None:
    g = lj("foundation-1=7H8H tableau-1=9H tableau-2=TS")
    assert_illegal(g, Move("foundation-1", "tableau-1"))
    assert_illegal(g, Move("foundation-1", "tableau-2"))


def test_lj3_foundation_card_never_to_another_foundation() -> None:
    g = lj("foundation-1=7H tableau-1=9S")
    assert_illegal(g, Move("foundation-1", "foundation-2"))


def test_lj3_foundation_card_never_to_a_reserve() -> None:
    g = lj("foundation-1=7H8H reserve-1=9S")
    assert_illegal(g, Move("foundation-1", "reserve-1"))
    assert_illegal(g, Move("foundation-1", "reserve-2"))


def test_lj3_foundation_card_of_rank_below_base_may_fill_empty_tableau() -> None:
    g = lj(f"foundation-1={suit_from('7', 'H')} tableau-1=2S")
    play_legal(g, Move("foundation-1", "tableau-2"))
    assert g.pile("tableau-2") == ["6H"]


# ------------------------------------------------------------------- LJ-4 tableau builds


def test_lj4_builds_down_in_alternating_colours() -> None:
    g = lj("foundation-1=7H tableau-1=9S tableau-2=8D")
    play_legal(g, Move("tableau-2", "tableau-1"))
    assert g.pile("tableau-1") == ["9S", "8D"]


def test_lj4_same_colour_refused() -> None:
    g = lj("foundation-1=7H tableau-1=9S tableau-2=8C tableau-3=9H tableau-4=8D")
    assert_illegal(g, Move("tableau-2", "tableau-1"))
    assert_illegal(g, Move("tableau-4", "tableau-3"))


def test_lj4_wrong_rank_refused() -> None:
    g = lj("foundation-1=7H tableau-1=9S tableau-2=TD tableau-3=5D tableau-4=9D")
    assert_illegal(g, Move("tableau-2", "tableau-1"))
    assert_illegal(g, Move("tableau-3", "tableau-1"))
    assert_illegal(g, Move("tableau-4", "tableau-1"))


def test_lj4_king_may_go_on_ace() -> None:
    g = lj("foundation-1=7H tableau-1=AS tableau-2=KH")
    play_legal(g, Move("tableau-2", "tableau-1"))
    assert g.pile("tableau-1") == ["AS", "KH"]


def test_lj4_king_on_ace_still_needs_alternating_colour() -> None:
    g = lj("foundation-1=7H tableau-1=AS tableau-2=KC")
    assert_illegal(g, Move("tableau-2", "tableau-1"))


def test_lj4_base_rank_card_may_go_on_card_one_above() -> None:
    g = lj("foundation-1=7H tableau-1=8S tableau-2=7D")
    play_legal(g, Move("tableau-2", "tableau-1"))


def test_lj4_nothing_on_base_rank() -> None:
    g = lj("foundation-1=7H tableau-1=7S tableau-2=6H reserve-1=6D")
    assert_illegal(g, Move("tableau-2", "tableau-1"))
    assert_illegal(g, Move("reserve-1", "tableau-1"))


def test_lj4_nothing_on_ace_when_base_is_ace() -> None:
    g = lj("foundation-1=AH tableau-1=AS tableau-2=KH", base="A")
    assert_illegal(g, Move("tableau-2", "tableau-1"))


def test_lj4_other_bases_still_wrap_king_onto_ace() -> None:
    g = lj("foundation-1=KH tableau-1=AS tableau-2=KD tableau-3=QS", base="K")
    # base K: nothing on a King, but a King still goes on an Ace
    play_legal(g, Move("tableau-2", "tableau-1"))
    assert_illegal(g, Move("tableau-3", "tableau-1"))


# ------------------------------------------------------------------------ LJ-5 groups


def test_lj5_valid_group_moves_between_tableau_piles() -> None:
    g = lj("foundation-1=7H tableau-1=4CTS9H8S tableau-2=JH")
    play_legal(g, Move("tableau-1", "tableau-2", 3))
    assert g.pile("tableau-2") == ["JH", "TS", "9H", "8S"]
    assert g.pile("tableau-1") == ["4C"]


def test_lj5_group_may_wrap_through_king() -> None:
    g = lj("foundation-1=7H tableau-1=2SAHKSQH tableau-2=3D")
    play_legal(g, Move("tableau-1", "tableau-2", 4))
    assert g.pile("tableau-2") == ["3D", "2S", "AH", "KS", "QH"]


def test_lj5_group_that_is_not_a_valid_build_refused() -> None:
    g = lj("foundation-1=7H tableau-1=TS9C tableau-2=JH")
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))


def test_lj5_group_whose_grabbed_card_does_not_fit_refused() -> None:
    g = lj("foundation-1=7H tableau-1=TS9H tableau-2=JS tableau-3=QH")
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))
    assert_illegal(g, Move("tableau-1", "tableau-3", 2))


def test_lj5_group_cannot_span_the_base_rank() -> None:
    g = lj("foundation-1=7H tableau-1=8H7S6H tableau-2=9S")
    assert_illegal(g, Move("tableau-1", "tableau-2", 3))


def test_lj5_group_with_face_down_card_refused() -> None:
    g = lj("foundation-1=7H tableau-1=ts9H tableau-2=JH")
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))


# --------------------------------------------------------------- LJ-6 empty tableau pile


def test_lj6_empty_pile_takes_card_one_below_base() -> None:
    g = lj("foundation-1=7H tableau-1=8C6S")
    play_legal(g, Move("tableau-1", "tableau-2"))
    assert g.pile("tableau-2") == ["6S"]


def test_lj6_empty_pile_refuses_other_ranks() -> None:
    g = lj("foundation-1=7H tableau-1=8S tableau-2=KS tableau-3=5H tableau-4=7D")
    for k in (1, 2, 3, 4):
        assert_illegal(g, Move(f"tableau-{k}", "tableau-5"))


def test_lj6_empty_pile_takes_king_when_base_is_ace() -> None:
    g = lj("foundation-1=AH tableau-1=KS tableau-2=QS", base="A")
    assert_illegal(g, Move("tableau-2", "tableau-3"))
    play_legal(g, Move("tableau-1", "tableau-3"))


def test_lj6_empty_pile_takes_group_starting_below_base() -> None:
    g = lj("foundation-1=7H tableau-1=KD6S5H4C")
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))
    play_legal(g, Move("tableau-1", "tableau-2", 3))
    assert g.pile("tableau-2") == ["6S", "5H", "4C"]


def test_lj6_reserve_card_one_below_base_fills_empty_pile() -> None:
    g = lj("foundation-1=7H tableau-1=9C reserve-1=6D reserve-2=5D")
    assert_illegal(g, Move("reserve-2", "tableau-2"))
    play_legal(g, Move("reserve-1", "tableau-2"))


# ------------------------------------------------------------------------- LJ-7 reserve


def test_lj7_reserve_top_card_plays_to_tableau() -> None:
    g = lj("foundation-1=7H tableau-1=TS reserve-1=2C9H")
    play_legal(g, Move("reserve-1", "tableau-1"))
    assert g.pile("tableau-1") == ["TS", "9H"]
    assert g.pile("reserve-1") == ["2C"]


def test_lj7_reserve_top_card_plays_to_foundation() -> None:
    g = lj("foundation-1=7H reserve-3=2C8H")
    play_legal(g, Move("reserve-3", "foundation-1"))
    assert g.pile("foundation-1") == ["7H", "8H"]


def test_lj7_only_top_reserve_card_is_available() -> None:
    g = lj("foundation-1=7H tableau-1=TS reserve-1=9H2C")
    assert_illegal(g, Move("reserve-1", "tableau-1", 2))


def test_lj7_nothing_may_be_placed_on_a_reserve() -> None:
    g = lj("foundation-1=7H tableau-1=9H reserve-1=TS reserve-2=8C")
    assert_illegal(g, Move("tableau-1", "reserve-1"))
    assert_illegal(g, Move("reserve-2", "reserve-1"))
    assert_illegal(g, Move("tableau-1", "reserve-3"))


def test_lj7_empty_reserve_refilled_only_by_stock_deal() -> None:
    g = lj("stock=2c3c4c5c6c8c9ctcjc foundation-1=7H tableau-1=KD reserve-2=QC")
    assert_illegal(g, Move("tableau-1", "reserve-1"))
    play_legal(g, Move("stock", "reserve", 7))
    for r in range(1, 8):
        assert len(g.pile(f"reserve-{r}")) == (2 if r == 2 else 1)
        assert g.pile(f"reserve-{r}")[-1].isupper()


# --------------------------------------------------------------------------- LJ-8 stock


def test_lj8_stock_deals_one_face_up_card_onto_each_reserve() -> None:
    g = game.new_game("lady-jane", deal=1234)
    stock = [c.upper() for c in g.pile("stock")]
    reserves = [g.pile(f"reserve-{r}") for r in range(1, 8)]
    play_legal(g, Move("stock", "reserve", 7))
    dealt = []
    for r in range(1, 8):
        pile = g.pile(f"reserve-{r}")
        assert pile[:-1] == reserves[r - 1]
        assert pile[-1].isupper()
        dealt.append(pile[-1])
    assert sorted(dealt) == sorted(stock[-7:])
    assert [c.upper() for c in g.pile("stock")] == stock[:-7]


def test_lj8_stock_goes_16_then_9_then_2() -> None:
    g = game.new_game("lady-jane", deal=1234)
    sizes = [len(g.pile("stock"))]
    for _ in range(2):
        assert Move("stock", "waste", 1) not in g.legal_moves()
        play_legal(g, Move("stock", "reserve", 7))
        sizes.append(len(g.pile("stock")))
    assert sizes == [16, 9, 2]
    assert face_down(g.pile("stock")) == 2
    assert all(len(g.pile(f"reserve-{r}")) == 3 for r in range(1, 8))


def test_lj8_no_reserve_deal_with_two_cards_left() -> None:
    g = lj("stock=2c3c foundation-1=7H tableau-1=KD")
    assert_illegal(g, Move("stock", "reserve", 7))


def test_lj8_no_waste_deal_while_stock_holds_more_than_seven() -> None:
    g = lj("stock=2c3c4c5c6c8c9ctcjc foundation-1=7H tableau-1=KD")
    assert_illegal(g, Move("stock", "waste", 1))


def test_lj8_last_two_cards_top_one_to_waste_other_face_up_on_stock() -> None:
    g = lj("stock=2h3s foundation-1=7H tableau-1=KD")
    play_legal(g, Move("stock", "waste", 1))
    assert g.pile("waste") == ["3S"]
    assert g.pile("stock") == ["2H"]


def test_lj8_last_two_cards_both_playable() -> None:
    g = lj("stock=2h3s foundation-1=7H tableau-1=3C tableau-2=4D")
    g.play(Move("stock", "waste", 1))
    play_legal(g, Move("waste", "tableau-2"))
    play_legal(g, Move("stock", "tableau-1"))
    assert g.pile("tableau-1") == ["3C", "2H"] and g.pile("tableau-2") == ["4D", "3S"]
    assert g.pile("stock") == [] and g.pile("waste") == []


def test_lj8_last_waste_card_may_go_home() -> None:
    g = lj("stock=2c8h foundation-1=7H tableau-1=KD")
    g.play(Move("stock", "waste", 1))
    play_legal(g, Move("waste", "foundation-1"))
    assert g.pile("foundation-1") == ["7H", "8H"]


def test_lj8_card_left_face_up_on_the_stock_may_go_home() -> None:
    g = lj("stock=8h2c foundation-1=7H tableau-1=KD")
    g.play(Move("stock", "waste", 1))
    play_legal(g, Move("stock", "foundation-1"))
    assert g.pile("foundation-1") == ["7H", "8H"]
    assert g.pile("waste") == ["2C"]


def test_lj8_last_two_cards_available_to_automatic_moves() -> None:
    g = lj("stock=7s7c foundation-1=7H tableau-1=KD")
    g.play(Move("stock", "waste", 1))
    assert {m.source for m in g.auto_moves()} == {"stock", "waste"}
    g.play_auto_moves()
    assert sorted(g.pile("foundation-2") + g.pile("foundation-3")) == ["7C", "7S"]
    assert g.pile("stock") == [] and g.pile("waste") == []


def test_lj8_no_redeal() -> None:
    g = lj("stock=2h3s foundation-1=7H tableau-1=3C tableau-2=4D")
    g.play(Move("stock", "waste", 1))
    assert not any(m.target in ("waste", "stock", "reserve") for m in g.legal_moves())
    assert_illegal(g, Move("stock", "waste", 1))
    assert_illegal(g, Move("waste", "stock", 1))
    assert_illegal(g, Move("stock", "reserve", 7))


def test_lj8_undo_takes_back_a_reserve_deal() -> None:
    g = game.new_game("lady-jane", deal=99)
    before = g.text()
    g.play(Move("stock", "reserve", 7))
    g.undo()
    assert g.text() == before


# ------------------------------------------------------------------ LJ-9 never lost


def test_lj9_stuck_when_move_generator_finds_nothing() -> None:
    g = lj("foundation-1=7H foundation-2=7S foundation-3=7C foundation-4=7D tableau-1=9H tableau-2=JD")
    assert g.legal_moves() == []
    assert g.is_stuck()
    assert g.snapshot()["stuck"] is True


def test_lj9_not_stuck_while_stock_can_deal() -> None:
    g = lj(
        "stock=2c3c foundation-1=7H foundation-2=7S foundation-3=7C foundation-4=7D tableau-1=9H tableau-2=JD"
    )
    assert g.legal_moves() == [Move("stock", "waste", 1)]
    assert not g.is_stuck()


def test_lj9_not_stuck_while_a_card_can_move() -> None:
    g = lj("foundation-1=7H foundation-2=7S foundation-3=7C foundation-4=7D tableau-1=9H tableau-2=TC")
    assert not g.is_stuck()


def test_lj9_won_game_is_never_stuck() -> None:
    fields = " ".join(f"foundation-{i + 1}={suit_from('7', s)}" for i, s in enumerate(SUITS))
    g = lj(fields)
    assert g.is_won()
    assert g.snapshot()["score"] == 52
    assert not g.is_stuck()


# --------------------------------------------------------------- automatic moves (LJ)


def test_lj_auto_base_rank_card_always_safe_goes_to_leftmost_empty_foundation() -> None:
    g = lj("foundation-1=7H tableau-1=8c7S")
    assert g.auto_moves() == [Move("tableau-1", "foundation-2")]


def test_lj_auto_card_safe_when_both_opposite_colour_lower_cards_home() -> None:
    g = lj("foundation-1=7H foundation-2=7S foundation-3=7C tableau-1=8H tableau-2=7d9S")
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


def test_lj_auto_card_not_safe_while_an_opposite_colour_lower_card_is_out() -> None:
    g = lj("foundation-1=7H foundation-2=7S tableau-1=8H tableau-2=7c9S")
    assert Move("tableau-1", "foundation-1") in g.legal_moves()
    assert g.auto_moves() == []


def test_lj_auto_safety_wraps_below_ace() -> None:
    g = lj(
        f"foundation-1={suit_from('7', 'H')[:14]} foundation-2=7S8S9STSJSQSKS "
        "foundation-3=7C8C9CTCJCQCKC tableau-1=AH tableau-2=kd9D"
    )
    assert g.pile("foundation-1")[-1] == "KH"
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


def test_lj_auto_ace_not_safe_while_opposite_colour_king_is_out() -> None:
    g = lj(
        "foundation-1=7H8H9HTHJHQHKH foundation-2=7S8S9STSJSQSKS "
        "foundation-3=7C8C9CTCJCQC tableau-1=AH tableau-2=kc9D"
    )
    assert Move("tableau-1", "foundation-1") in g.legal_moves()
    assert g.auto_moves() == []


def test_lj_auto_moves_join_the_players_undo_step() -> None:
    g = lj("foundation-1=7H foundation-2=7S foundation-3=7C tableau-1=8HTD tableau-2=JS")
    before = g.text()
    g.play(Move("tableau-1", "tableau-2"))  # TD moves, uncovering 8H, which is safe
    assert g.play_auto_moves() == [Move("tableau-1", "foundation-1")]
    assert g.moves_made == 1
    assert g.pile("foundation-1") == ["7H", "8H"]
    g.undo()
    assert g.text() == before


# ------------------------------------------------------------------- common ground (LJ)


def test_lj_face_down_card_revealed_as_part_of_the_move() -> None:
    g = lj("foundation-1=7H tableau-1=5c4d9H tableau-2=TS")
    before = g.text()
    g.play(Move("tableau-1", "tableau-2"))
    assert g.pile("tableau-1") == ["5c", "4D"]
    assert g.moves_made == 1
    g.undo()
    assert g.text() == before
    assert g.pile("tableau-1") == ["5c", "4d", "9H"]


def test_lj_base_rank_from_text_drives_the_rules() -> None:
    g = lj("foundation-1=9H tableau-1=9S tableau-2=8H tableau-3=8C", base="9")
    assert g.snapshot()["base_rank"] == "9"
    assert_illegal(g, Move("tableau-2", "tableau-1"))  # nothing on a 9, the base rank
    play_legal(g, Move("tableau-3", "tableau-4"))  # an 8 (base - 1) fills an empty pile


def test_lj_double_click_sends_card_to_its_foundation() -> None:
    g = lj("foundation-1=7H tableau-1=8H tableau-2=KS")
    assert g.double_click_move("tableau-1") == Move("tableau-1", "foundation-1")
    assert g.double_click_move("tableau-2") is None


def test_lj_double_click_sends_base_rank_card_to_leftmost_empty_foundation() -> None:
    g = lj("foundation-1=7H foundation-2=7C tableau-1=7S")
    assert g.double_click_move("tableau-1") == Move("tableau-1", "foundation-3")
