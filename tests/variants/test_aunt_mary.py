"""Aunt Mary: one test (or more) per rule AM-1 … AM-7 of rules.md, plus its automatic moves."""

from __future__ import annotations

import itertools
import random

import pytest
from move_checks import assert_illegal
from variant_helpers import RANKS, face_down, play_legal

import game
from game import Move

DEALS = [1, 2, 617, 11982, 32000, 32001, 2**33 - 1]


def am(fields: str, redeals: int = 2) -> game.Game:
    return game.from_text(f"aunt-mary redeals={redeals} {fields}")


def deal_through(g: game.Game) -> list[str]:
    """Turn the whole stock onto the waste; the cards in the order they were turned."""
    turned = []
    while g.pile("stock"):
        g.play(Move("stock", "waste", 1))
        turned.append(g.pile("waste")[-1])
    return turned


# ---------------------------------------------------------------------------- AM-1 deal


@pytest.mark.parametrize("deal", DEALS)
def test_am1_six_piles_of_six_with_k_minus_1_face_down(deal: int) -> None:
    g = game.new_game("aunt-mary", deal=deal)
    for k in range(1, 7):
        pile = g.pile(f"tableau-{k}")
        assert len(pile) == 6
        assert face_down(pile) == k - 1
        assert all(c.islower() for c in pile[: k - 1])
        assert all(c.isupper() for c in pile[k - 1 :])
    assert face_down(g.pile("tableau-1")) == 0
    assert [c.isupper() for c in g.pile("tableau-6")] == [False] * 5 + [True]


@pytest.mark.parametrize("deal", DEALS)
def test_am1_sixteen_cards_in_stock_and_nothing_else_dealt(deal: int) -> None:
    g = game.new_game("aunt-mary", deal=deal)
    assert len(g.pile("stock")) == 16
    assert face_down(g.pile("stock")) == 16
    assert g.pile("waste") == []
    assert all(g.pile(f"foundation-{f}") == [] for f in range(1, 5))
    assert g.snapshot()["score"] == 0
    everything = [c.upper() for pile in g.snapshot()["piles"].values() for c in pile]
    assert len(everything) == len(set(everything)) == 52


@pytest.mark.parametrize("deal", DEALS)
def test_am1_cards_dealt_in_aisleriot_order(deal: int) -> None:
    order = iter(str(c) for c in game.deal_order(deal))
    piles: dict[int, list[str]] = {k: [] for k in range(1, 7)}
    for first in range(2, 7):  # face down: piles 2-6, 3-6, ..., 6 (15 cards)
        for k in range(first, 7):
            piles[k].append(next(order).lower())
    for last in range(1, 7):  # face up, row by row as they lie: pile 1; piles 1-2; ...; piles 1-6
        for k in range(1, last + 1):
            piles[k].append(next(order))
    rest = sorted(order)

    g = game.new_game("aunt-mary", deal=deal)
    for k in range(1, 7):
        assert g.pile(f"tableau-{k}") == piles[k]
    assert sorted(c.upper() for c in g.pile("stock")) == rest


@pytest.mark.parametrize("deal", DEALS)
def test_am1_new_game_has_two_redeals_and_no_base_rank(deal: int) -> None:
    g = game.new_game("aunt-mary", deal=deal)
    assert g.snapshot()["redeals_left"] == 2
    assert g.snapshot()["base_rank"] is None


# ---------------------------------------------------------------------- AM-2 foundations


def test_am2_empty_foundation_takes_only_an_ace() -> None:
    g = am("tableau-1=AS tableau-2=2S tableau-3=KS")
    assert_illegal(g, Move("tableau-2", "foundation-1"))
    assert_illegal(g, Move("tableau-3", "foundation-1"))
    play_legal(g, Move("tableau-1", "foundation-1"))


def test_am2_foundation_builds_up_in_suit() -> None:
    g = am("foundation-1=AH tableau-1=2H tableau-2=2D tableau-3=3H")
    assert_illegal(g, Move("tableau-2", "foundation-1"))
    assert_illegal(g, Move("tableau-3", "foundation-1"))
    play_legal(g, Move("tableau-1", "foundation-1"))
    assert g.pile("foundation-1") == ["AH", "2H"]


def test_am2_foundation_builds_to_the_king() -> None:
    g = am("foundation-1=AH2H3H4H5H6H7H8H9HTHJHQH tableau-1=KH")
    play_legal(g, Move("tableau-1", "foundation-1"))
    assert len(g.pile("foundation-1")) == 13


def test_am2_no_wrap_from_king_to_ace() -> None:
    g = am("foundation-1=KH tableau-1=AH")
    assert_illegal(g, Move("tableau-1", "foundation-1"))


def test_am2_foundation_top_card_may_return_to_tableau() -> None:
    g = am("foundation-1=AH2H3H tableau-1=4S")
    play_legal(g, Move("foundation-1", "tableau-1"))
    assert g.pile("tableau-1") == ["4S", "3H"]
    assert g.pile("foundation-1") == ["AH", "2H"]
    assert g.snapshot()["score"] == 2


def test_am2_a_safe_card_taken_off_a_foundation_is_not_sent_straight_back() -> None:
    g = am("foundation-1=AH2H3H foundation-2=AS2S foundation-3=AC2C tableau-1=4S")
    g.play(Move("foundation-1", "tableau-1"))
    assert g.variant.auto(g.state)  # safe: it would otherwise go straight home
    assert g.auto_moves() == []
    assert g.pile("tableau-1") == ["4S", "3H"]


def test_am2_foundation_card_must_fit_the_tableau_pile() -> None:
    g = am("foundation-1=AH2H3H tableau-1=4D tableau-2=5S")
    assert_illegal(g, Move("foundation-1", "tableau-1"))
    assert_illegal(g, Move("foundation-1", "tableau-2"))


def test_am2_foundation_card_never_to_another_foundation() -> None:
    g = am("foundation-1=AH tableau-1=5S")
    assert_illegal(g, Move("foundation-1", "foundation-2"))


# ------------------------------------------------------------------- AM-3 tableau builds


def test_am3_builds_down_in_alternating_colours() -> None:
    g = am("tableau-1=9S tableau-2=8H")
    play_legal(g, Move("tableau-2", "tableau-1"))
    assert g.pile("tableau-1") == ["9S", "8H"]


def test_am3_same_colour_or_wrong_rank_refused() -> None:
    g = am("tableau-1=9S tableau-2=8C tableau-3=7H tableau-4=TH")
    for k in (2, 3, 4):
        assert_illegal(g, Move(f"tableau-{k}", "tableau-1"))


def test_am3_no_wrap_king_may_not_go_on_ace() -> None:
    g = am("tableau-1=AS tableau-2=KH")
    assert_illegal(g, Move("tableau-2", "tableau-1"))


def test_am3_valid_build_moves_as_a_group() -> None:
    g = am("tableau-1=5H9C8H7S tableau-2=TD")
    play_legal(g, Move("tableau-1", "tableau-2", 3))
    assert g.pile("tableau-2") == ["TD", "9C", "8H", "7S"]
    assert g.pile("tableau-1") == ["5H"]


def test_am3_only_a_valid_build_can_be_picked_up() -> None:
    g = am("tableau-1=5H9C8H tableau-2=6S tableau-3=TD")
    assert_illegal(g, Move("tableau-1", "tableau-2", 3))  # 5H 9C 8H is not a build
    play_legal(g, Move("tableau-1", "tableau-3", 2))


def _is_build(group: list[str]) -> bool:
    """Face up, each card one rank below the one it sits on, colours alternating (AM-3)."""
    return all(c.isupper() for c in group) and all(
        RANKS.index(lower[0]) == RANKS.index(upper[0]) + 1 and (lower[1] in "DH") != (upper[1] in "DH")
        for lower, upper in itertools.pairwise(group)
    )


def test_am3_dealt_unordered_cards_move_only_as_valid_builds() -> None:
    """Random play from several deals: every group the game offers off a tableau pile is a valid
    build, every longer run of face-up cards that is not one is refused, and multi-card moves
    do come up (the dealt piles alone offer none, so a walk from the deal alone proves nothing)."""
    multi = refused = 0
    for deal in DEALS:
        g, rng = game.new_game("aunt-mary", deal=deal), random.Random(deal)
        for _ in range(250):
            moves = g.legal_moves()
            if not moves:
                break
            offered = {(m.source, m.target, m.count) for m in moves}
            for m in moves:
                if m.source.startswith("tableau"):
                    assert _is_build(g.pile(m.source)[-m.count :]), m
                    multi += m.count > 1
            for m in moves:
                pile = g.pile(m.source)
                below = pile[-2:] if m.source.startswith("tableau") and m.count == 1 else []
                if len(below) == 2 and below[0].isupper() and not _is_build(below):
                    assert (m.source, m.target, 2) not in offered
                    assert_illegal(g, Move(m.source, m.target, 2))
                    refused += 1
            g.play(rng.choice(moves))
    assert multi >= 20 and refused >= 20, (multi, refused)


def test_am3_face_down_card_turned_up_as_part_of_the_move() -> None:
    g = am("tableau-1=3c9D tableau-2=TS")
    before = g.text()
    g.play(Move("tableau-1", "tableau-2"))
    assert g.pile("tableau-1") == ["3C"]
    assert g.moves_made == 1
    g.undo()
    assert g.text() == before


# --------------------------------------------------------------- AM-4 empty tableau pile


def test_am4_king_fills_empty_pile() -> None:
    g = am("tableau-1=3DKS tableau-2=QS waste=KD")
    assert_illegal(g, Move("tableau-2", "tableau-3"))
    play_legal(g, Move("tableau-1", "tableau-3"))
    play_legal(g, Move("waste", "tableau-4"))


def test_am4_build_starting_with_king_fills_empty_pile() -> None:
    g = am("tableau-1=3DKSQHJC")
    assert_illegal(g, Move("tableau-1", "tableau-2", 2))
    play_legal(g, Move("tableau-1", "tableau-2", 3))
    assert g.pile("tableau-2") == ["KS", "QH", "JC"]


# ------------------------------------------------------------------------- AM-5 stock


def test_am5_stock_turns_one_card_face_up_onto_waste() -> None:
    g = am("stock=2c9h tableau-1=5S")
    play_legal(g, Move("stock", "waste", 1))
    assert g.pile("waste") == ["9H"]
    assert g.pile("stock") == ["2c"]


def test_am5_top_waste_card_is_available() -> None:
    g = am("waste=2C4H tableau-1=5S tableau-2=3S")
    play_legal(g, Move("waste", "tableau-1"))
    assert g.pile("tableau-1") == ["5S", "4H"]
    assert_illegal(g, Move("waste", "tableau-2"))  # 2C does not go on 3S: same colour


def test_am5_only_top_waste_card_may_be_moved() -> None:
    g = am("waste=3C4H tableau-1=5S")
    assert_illegal(g, Move("waste", "tableau-1", 2))


# ------------------------------------------------------------------------ AM-6 redeal


def test_am6_turnover_when_stock_is_empty() -> None:
    g = am("waste=2C9H4D tableau-1=KS")
    play_legal(g, Move("waste", "stock", 3))
    assert g.pile("waste") == []
    assert len(g.pile("stock")) == 3 and face_down(g.pile("stock")) == 3
    assert g.snapshot()["redeals_left"] == 1


def test_am6_turnover_takes_the_whole_waste() -> None:
    g = am("waste=2C9H4D tableau-1=KS")
    assert_illegal(g, Move("waste", "stock", 1))
    assert_illegal(g, Move("waste", "stock", 2))


def test_am6_turnover_moves_no_card_to_waste() -> None:
    g = am("waste=2C9H4D tableau-1=KS")
    g.play(Move("waste", "stock", 3))
    assert g.pile("waste") == []
    assert sorted(c.upper() for c in g.pile("stock")) == ["2C", "4D", "9H"]


def test_am6_turnover_keeps_original_order() -> None:
    g = am("waste=2C9H4D tableau-1=KS")
    g.play(Move("waste", "stock", 3))
    assert deal_through(g) == ["2C", "9H", "4D"]


def test_am6_stock_after_turnover_deals_the_same_sequence_again() -> None:
    g = game.new_game("aunt-mary", deal=2024)
    first_pass = deal_through(g)
    assert len(first_pass) == 16
    play_legal(g, Move("waste", "stock", 16))
    assert deal_through(g) == first_pass
    play_legal(g, Move("waste", "stock", 16))
    assert deal_through(g) == first_pass


def test_am6_no_turnover_while_stock_holds_cards() -> None:
    g = am("stock=5c waste=2C9H tableau-1=KS")
    assert_illegal(g, Move("waste", "stock", 2))


def test_am6_two_redeals_three_passes_in_all() -> None:
    g = game.new_game("aunt-mary", deal=2024)
    for redeals_left in (2, 1):
        deal_through(g)
        assert g.snapshot()["redeals_left"] == redeals_left
        play_legal(g, Move("waste", "stock", 16))
    deal_through(g)
    assert g.snapshot()["redeals_left"] == 0
    assert_illegal(g, Move("waste", "stock", 16))
    assert not any(m.source in ("stock", "waste") and m.target in ("stock", "waste") for m in g.legal_moves())


def test_am6_no_turnover_with_no_redeal_left() -> None:
    g = am("waste=2C9H tableau-1=KS", redeals=0)
    assert "redeals=0" in g.text()
    assert_illegal(g, Move("waste", "stock", 2))


def test_am6_no_stock_action_when_stock_and_waste_empty() -> None:
    g = am("tableau-1=KS tableau-2=5D")
    assert_illegal(g, Move("stock", "waste", 1))
    assert_illegal(g, Move("waste", "stock", 1))
    assert not any("stock" in (m.source, m.target) for m in g.legal_moves())


def test_am6_undo_restores_redeals_left() -> None:
    g = am("waste=2C9H4D tableau-1=KS", redeals=2)
    before = g.text()
    g.play(Move("waste", "stock", 3))
    assert g.snapshot()["redeals_left"] == 1
    g.undo()
    assert g.snapshot()["redeals_left"] == 2
    assert g.text() == before
    g.redo()
    assert g.snapshot()["redeals_left"] == 1
    assert "redeals=1" in g.text()


def test_am6_undo_of_last_redeal_makes_it_available_again() -> None:
    g = am("waste=2C9H tableau-1=KS", redeals=1)
    g.play(Move("waste", "stock", 2))
    g.play(Move("stock", "waste", 1))
    g.play(Move("stock", "waste", 1))
    assert_illegal(g, Move("waste", "stock", 2))
    g.undo()
    g.undo()
    g.undo()
    assert g.snapshot()["redeals_left"] == 1
    play_legal(g, Move("waste", "stock", 2))


# -------------------------------------------------------------------- AM-7 never lost


def test_am7_not_stuck_while_a_redeal_is_left() -> None:
    g = am("waste=2C tableau-1=5H tableau-2=9D", redeals=1)
    assert g.legal_moves() == [Move("waste", "stock", 1)]
    assert not g.is_stuck()


def test_am7_stuck_when_no_move_and_no_redeal_left() -> None:
    g = am("waste=2C tableau-1=5H tableau-2=9D", redeals=0)
    assert g.legal_moves() == []
    assert g.is_stuck()
    assert g.snapshot()["stuck"] is True


def test_am7_not_stuck_while_stock_has_cards() -> None:
    g = am("stock=3c tableau-1=5H tableau-2=9D", redeals=0)
    assert not g.is_stuck()


def test_am7_won_game_is_never_stuck() -> None:
    fields = " ".join(f"foundation-{i + 1}={''.join(r + s for r in RANKS)}" for i, s in enumerate("CDHS"))
    g = am(fields, redeals=0)
    assert g.is_won()
    assert not g.is_stuck()
    assert g.snapshot()["score"] == 52


# ------------------------------------------------------- automatic moves (Aunt Mary)


def test_am_auto_ace_always_safe_goes_to_leftmost_empty_foundation() -> None:
    g = am("foundation-1=AH tableau-1=5c2cAD")
    assert g.auto_moves() == [Move("tableau-1", "foundation-2")]


def test_am_auto_card_safe_when_both_opposite_colour_lower_cards_home() -> None:
    g = am("foundation-1=AH foundation-2=AC foundation-3=AS tableau-1=2H tableau-2=ad9C")
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


def test_am_auto_card_not_safe_while_an_opposite_colour_lower_card_is_out() -> None:
    g = am("foundation-1=AH foundation-2=AC tableau-1=2H tableau-2=as9C")
    assert Move("tableau-1", "foundation-1") in g.legal_moves()
    assert g.auto_moves() == []


def test_am_auto_same_colour_lower_card_does_not_block() -> None:
    g = am(
        "foundation-1=AH2H foundation-2=AC2C foundation-3=AS2S tableau-1=3H tableau-2=2d9C",
    )
    assert g.auto_moves() == [Move("tableau-1", "foundation-1")]


def test_am_double_click_sends_card_to_its_foundation() -> None:
    g = am("foundation-1=AH tableau-1=2H tableau-2=QS")
    assert g.double_click_move("tableau-1") == Move("tableau-1", "foundation-1")
    assert g.double_click_move("tableau-2") is None
