"""Illegal moves, for every kind of pile as source and as target, in every game.

Each one raises ``game.IllegalMove`` (a ``ValueError``) whose message is one line saying why,
and leaves the game exactly as it was: position text, snapshot, history and redo history.
"""

from __future__ import annotations

import re

import pytest
from move_checks import assert_illegal

import game
from game import Move

VARIANTS = ["lady-jane", "bakers-game", "kansas", "aunt-mary", "seahaven"]
BASED = {"lady-jane", "kansas"}
CELL_GAMES = ["bakers-game", "seahaven"]
STOCK_GAMES = ["lady-jane", "kansas", "aunt-mary"]


def setup(spec: str) -> game.Game:
    """A game from a position text, or from ``"deal:<variant>:<n>"``."""
    if spec.startswith("deal:"):
        _, key, n = spec.split(":")
        return game.new_game(key, deal=int(n))
    return game.from_text(spec)


def based(key: str, piles: str) -> str:
    """A position text of ``key`` with ``piles``, giving ``base=A`` where the base is dealt."""
    return f"{key} base=A {piles}" if key in BASED else f"{key} {piles}"


# ------------------------------------------------------------------- stock

LJ_TWO_LEFT = "lady-jane base=T stock=2c3c foundation-1=TH tableau-1=KS reserve-1=4H"
LJ_STOCK_UP = "lady-jane base=T stock=3C waste=2C foundation-1=TH tableau-1=KS reserve-1=4H"


@pytest.mark.parametrize(
    ("spec", "move", "why"),
    [
        pytest.param("deal:lady-jane:1", Move("stock", "reserve", 1), "stock", id="lj-deal-count-1"),
        pytest.param("deal:lady-jane:1", Move("stock", "reserve", 8), "stock", id="lj-deal-count-8"),
        pytest.param("deal:lady-jane:1", Move("stock", "waste"), "stock", id="lj-to-waste-with-16-left"),
        pytest.param("deal:lady-jane:1", Move("stock", "tableau-1"), "face-down|stock", id="lj-to-tableau"),
        pytest.param(LJ_TWO_LEFT, Move("stock", "reserve", 7), "stock", id="lj-two-left-to-reserves"),
        pytest.param(LJ_TWO_LEFT, Move("stock", "waste", 2), "stock", id="lj-two-left-count-2"),
        pytest.param(LJ_STOCK_UP, Move("stock", "waste"), "stock", id="lj-no-deal-left"),
        pytest.param(LJ_STOCK_UP, Move("stock", "tableau-1"), "does not go|build", id="lj-face-up-misfit"),
        pytest.param(LJ_STOCK_UP, Move("stock", "tableau-1", 2), "top|only", id="lj-face-up-count-2"),
        pytest.param("deal:kansas:1", Move("stock", "waste", 2), "stock", id="ks-count-2"),
        pytest.param("deal:kansas:1", Move("stock", "tableau-1"), "face-down|stock", id="ks-to-tableau"),
        pytest.param(
            "deal:kansas:1", Move("stock", "foundation-2"), "face-down|stock", id="ks-to-foundation"
        ),
        pytest.param(
            "kansas base=A foundation-1=AD tableau-1=5C", Move("stock", "waste"), "stock", id="ks-empty"
        ),
        pytest.param("deal:aunt-mary:1", Move("stock", "waste", 2), "stock", id="am-count-2"),
        pytest.param(
            "deal:aunt-mary:1", Move("stock", "foundation-1"), "face-down|stock", id="am-to-foundation"
        ),
        pytest.param(
            "aunt-mary tableau-1=KD", Move("stock", "waste"), "stock", id="am-stock-and-waste-empty"
        ),
    ],
)
def test_illegal_stock_as_source(spec: str, move: Move, why: str) -> None:
    assert_illegal(setup(spec), move, why)


AM_WASTE = "aunt-mary waste=2C3C4C tableau-1=KD"
AM_NO_REDEAL = "aunt-mary redeals=0 waste=2C3C4C tableau-1=KD"
AM_STOCK_LEFT = "aunt-mary stock=5c waste=2C3C4C tableau-1=KD"


@pytest.mark.parametrize(
    ("spec", "move", "why"),
    [
        pytest.param(AM_WASTE, Move("waste", "stock", 2), "stock", id="wrong-count"),
        pytest.param(AM_WASTE, Move("waste", "stock", 4), "stock", id="too-many"),
        pytest.param(AM_WASTE, Move("waste", "stock", 0), "at least one", id="count-0"),
        pytest.param(AM_NO_REDEAL, Move("waste", "stock", 3), "stock", id="no-redeal-left"),
        pytest.param(AM_STOCK_LEFT, Move("waste", "stock", 3), "stock", id="stock-not-empty"),
        pytest.param("aunt-mary tableau-1=KD", Move("waste", "stock", 1), "stock", id="waste-empty"),
    ],
)
def test_illegal_hand_built_turnover(spec: str, move: Move, why: str) -> None:
    assert_illegal(setup(spec), move, why)


PLACE_ON_SOURCE_ONLY_PILES = [
    pytest.param("deal:lady-jane:1", Move("tableau-1", "stock"), id="lj-tableau-to-stock"),
    pytest.param("deal:lady-jane:1", Move("tableau-1", "waste"), id="lj-tableau-to-waste"),
    pytest.param("deal:lady-jane:1", Move("reserve-1", "waste"), id="lj-reserve-to-waste"),
    pytest.param("deal:lady-jane:1", Move("tableau-1", "reserve"), id="lj-tableau-to-all-reserves"),
    pytest.param("deal:lady-jane:1", Move("tableau-1", "reserve-1"), id="lj-tableau-to-reserve"),
    pytest.param("deal:lady-jane:1", Move("reserve-1", "reserve-2"), id="lj-reserve-to-reserve"),
    pytest.param("deal:lady-jane:1", Move("foundation-1", "reserve-3"), id="lj-foundation-to-reserve"),
    pytest.param("deal:kansas:1", Move("tableau-1", "stock"), id="ks-tableau-to-stock"),
    pytest.param("deal:kansas:1", Move("tableau-1", "waste"), id="ks-tableau-to-waste"),
    pytest.param("deal:kansas:1", Move("reserve-1", "waste"), id="ks-reserve-to-waste"),
    pytest.param("deal:kansas:1", Move("tableau-1", "reserve-1"), id="ks-tableau-to-reserve"),
    pytest.param("deal:aunt-mary:1", Move("tableau-1", "stock"), id="am-tableau-to-stock"),
    pytest.param("deal:aunt-mary:1", Move("tableau-1", "waste"), id="am-tableau-to-waste"),
]


@pytest.mark.parametrize(("spec", "move"), PLACE_ON_SOURCE_ONLY_PILES)
def test_illegal_a_card_placed_on_a_stock_waste_or_reserve_pile(spec: str, move: Move) -> None:
    assert_illegal(setup(spec), move)


@pytest.mark.parametrize(("spec", "move"), PLACE_ON_SOURCE_ONLY_PILES)
def test_illegal_placing_on_a_stock_waste_or_reserve_pile_says_nothing_may_be_placed_there(
    spec: str, move: Move
) -> None:
    reason = assert_illegal(setup(spec), move)
    assert re.search(r"plac|put", reason, re.IGNORECASE), reason
    assert move.target in reason


# ------------------------------------------------------------------- waste


@pytest.mark.parametrize(
    ("spec", "move", "why"),
    [
        pytest.param("deal:lady-jane:1", Move("waste", "tableau-1"), "empty", id="lj-empty"),
        pytest.param("deal:kansas:1", Move("waste", "tableau-1"), "empty", id="ks-empty"),
        pytest.param("deal:aunt-mary:1", Move("waste", "foundation-1"), "empty", id="am-empty"),
        pytest.param(
            "aunt-mary waste=5H4S tableau-1=6D", Move("waste", "tableau-1", 2), "top|only", id="count-2"
        ),
        pytest.param(
            "aunt-mary waste=4S tableau-1=6D", Move("waste", "tableau-1"), "does not go", id="misfit"
        ),
        pytest.param(
            "aunt-mary waste=QS tableau-1=6D", Move("waste", "tableau-2"), r"\bK\b|king", id="empty-pile"
        ),
        pytest.param("aunt-mary waste=4S tableau-1=6D", Move("waste", "waste"), "already", id="same-pile"),
        pytest.param(
            "kansas base=A foundation-1=AD waste=3D tableau-1=9C",
            Move("waste", "foundation-1"),
            "does not go|foundation",
            id="ks-wrong-foundation",
        ),
        pytest.param(
            "lady-jane base=T foundation-1=TH waste=5C tableau-1=KS",
            Move("waste", "foundation-2"),
            "base",
            id="lj-not-base-rank",
        ),
    ],
)
def test_illegal_waste_as_source(spec: str, move: Move, why: str) -> None:
    assert_illegal(setup(spec), move, why)


# -------------------------------------------------- reserve (source-only piles)

LJ_RESERVE = "lady-jane base=T foundation-1=TH reserve-1=5C4H tableau-1=6H"


@pytest.mark.parametrize(
    ("spec", "move", "why"),
    [
        pytest.param(LJ_RESERVE, Move("reserve-1", "tableau-1", 2), "top|only", id="lj-count-2"),
        pytest.param(LJ_RESERVE, Move("reserve-1", "tableau-1"), "does not go", id="lj-misfit"),
        pytest.param(LJ_RESERVE, Move("reserve-2", "tableau-1"), "empty", id="lj-empty"),
        pytest.param(
            LJ_RESERVE, Move("reserve-1", "foundation-1"), "does not go|foundation", id="lj-to-foundation"
        ),
        pytest.param(LJ_RESERVE, Move("reserve-1", "tableau-2"), "9|rank", id="lj-to-empty-pile"),
        pytest.param(LJ_RESERVE, Move("reserve-1", "reserve-1"), "already", id="lj-same-pile"),
        pytest.param(
            "kansas base=A reserve-1=5c6c7H tableau-1=8S tableau-2=KD tableau-3=QD",
            Move("reserve-1", "tableau-1", 2),
            "face-down|top",
            id="ks-through-face-down",
        ),
        pytest.param(
            "kansas base=A reserve-1=5c6c7H tableau-1=9S tableau-2=KD tableau-3=QD",
            Move("reserve-1", "tableau-1"),
            "does not go",
            id="ks-misfit",
        ),
    ],
)
def test_illegal_reserve_as_source(spec: str, move: Move, why: str) -> None:
    assert_illegal(setup(spec), move, why)


# ------------------------------------------------------------- reserve cells


@pytest.mark.parametrize("key", CELL_GAMES)
@pytest.mark.parametrize(
    ("piles", "move", "why"),
    [
        pytest.param("reserve-2=5C tableau-1=9D", Move("reserve-1", "tableau-1"), "empty", id="empty"),
        pytest.param(
            "reserve-1=5C tableau-1=6C", Move("reserve-1", "tableau-1", 2), "only|one", id="count-2"
        ),
        pytest.param("reserve-1=5C tableau-1=9D", Move("reserve-1", "reserve-2"), "cell", id="cell-to-cell"),
        pytest.param("reserve-1=5C tableau-1=9D", Move("reserve-1", "reserve-1"), "already", id="same-cell"),
        pytest.param("reserve-1=5C tableau-1=6H", Move("reserve-1", "tableau-1"), "does not go", id="misfit"),
        pytest.param(
            "reserve-1=3C foundation-1=AC tableau-1=9D",
            Move("reserve-1", "foundation-1"),
            "does not go|foundation",
            id="wrong-foundation",
        ),
        pytest.param(
            "reserve-1=QC tableau-1=9D", Move("reserve-1", "tableau-2"), r"\bK\b|king", id="empty-pile"
        ),
    ],
)
def test_illegal_reserve_cell_as_source(key: str, piles: str, move: Move, why: str) -> None:
    assert_illegal(game.from_text(f"{key} {piles}"), move, why)


@pytest.mark.parametrize("key", CELL_GAMES)
@pytest.mark.parametrize(
    ("piles", "move", "why"),
    [
        pytest.param(
            "reserve-1=KH tableau-1=9D5C", Move("tableau-1", "reserve-1"), "already|holds", id="occupied"
        ),
        pytest.param("tableau-1=6C5C", Move("tableau-1", "reserve-1", 2), "one", id="group"),
        pytest.param(
            "foundation-1=AH2H reserve-3=KS",
            Move("foundation-1", "reserve-3"),
            "already|holds",
            id="from-foundation",
        ),
    ],
)
def test_illegal_reserve_cell_as_target(key: str, piles: str, move: Move, why: str) -> None:
    assert_illegal(game.from_text(f"{key} {piles}"), move, why)


# -------------------------------------------------------------- foundations


@pytest.mark.parametrize("key", VARIANTS)
def test_illegal_empty_foundation_as_source(key: str) -> None:
    assert_illegal(setup(based(key, "tableau-1=KD")), Move("foundation-3", "tableau-1"), "empty")


@pytest.mark.parametrize("key", VARIANTS)
def test_illegal_more_than_the_top_foundation_card(key: str) -> None:
    g = setup(based(key, "foundation-1=AH2H3H tableau-1=4S"))
    assert_illegal(g, Move("foundation-1", "tableau-1", 2), "top|only|out of play")


@pytest.mark.parametrize("key", VARIANTS)
def test_illegal_foundation_to_another_foundation(key: str) -> None:
    g = setup(based(key, "foundation-1=AH tableau-1=9D"))
    assert_illegal(g, Move("foundation-1", "foundation-2"), "foundation|out of play")


def test_illegal_kansas_foundation_card_is_out_of_play() -> None:
    g = setup("kansas base=A foundation-1=AH2H tableau-1=3S")
    assert_illegal(g, Move("foundation-1", "tableau-1"), "out of play")


@pytest.mark.parametrize("key", ["lady-jane", "bakers-game", "aunt-mary", "seahaven"])
def test_illegal_foundation_top_to_a_tableau_pile_that_does_not_accept_it(key: str) -> None:
    g = setup(based(key, "foundation-1=AH2H3H tableau-1=4D"))  # neither the same suit nor the other colour
    assert_illegal(g, Move("foundation-1", "tableau-1"), "does not go")


@pytest.mark.parametrize("key", VARIANTS)
def test_illegal_foundation_target_wrong_card(key: str) -> None:
    g = setup(based(key, "foundation-1=AH tableau-1=3H"))
    assert_illegal(g, Move("tableau-1", "foundation-1"), "does not go|foundation")


@pytest.mark.parametrize("key", VARIANTS)
def test_illegal_foundation_target_wrong_suit(key: str) -> None:
    g = setup(based(key, "foundation-1=AH tableau-1=2D"))
    assert_illegal(g, Move("tableau-1", "foundation-1"), "does not go|suit")


@pytest.mark.parametrize("key", VARIANTS)
def test_illegal_empty_foundation_takes_only_a_starting_card(key: str) -> None:
    g = setup(based(key, "foundation-1=AH tableau-1=2S"))
    assert_illegal(g, Move("tableau-1", "foundation-2"), "base|ace|empty")


@pytest.mark.parametrize(
    "spec",
    [
        "bakers-game foundation-1=AH tableau-1=3H2H",
        "lady-jane base=A foundation-1=AH tableau-1=3S2H",
        "kansas base=A foundation-1=AH tableau-1=3D2H",
        "aunt-mary foundation-1=AH tableau-1=3S2H",
    ],
)
def test_illegal_more_than_one_card_at_a_time_to_a_foundation(spec: str) -> None:
    assert_illegal(setup(spec), Move("tableau-1", "foundation-1", 2), "one at a time|one card")


# ------------------------------------------------------------------ tableau


@pytest.mark.parametrize("key", VARIANTS)
@pytest.mark.parametrize(
    ("piles", "move", "why"),
    [
        pytest.param("tableau-1=KD", Move("tableau-2", "tableau-1"), "empty", id="empty-source"),
        pytest.param(
            "tableau-1=9D tableau-2=8C", Move("tableau-2", "tableau-1", 0), "at least one", id="count-0"
        ),
        pytest.param(
            "tableau-1=9D tableau-2=8C", Move("tableau-2", "tableau-1", -1), "at least one", id="count-neg"
        ),
        pytest.param("tableau-1=9D tableau-2=8C", Move("tableau-2", "tableau-1", 2), "only", id="too-many"),
        pytest.param("tableau-1=9D tableau-2=8C", Move("tableau-2", "tableau-2"), "already", id="same-pile"),
        pytest.param(
            "tableau-1=9D5C tableau-2=KH", Move("tableau-1", "tableau-2", 2), "build", id="not-a-build"
        ),
        pytest.param("tableau-1=9D tableau-2=5C", Move("tableau-2", "tableau-1"), "does not go", id="misfit"),
    ],
)
def test_illegal_tableau_moves(key: str, piles: str, move: Move, why: str) -> None:
    assert_illegal(setup(based(key, piles)), move, why)


@pytest.mark.parametrize(
    "spec",
    [
        "lady-jane base=A tableau-1=5c6cKS tableau-2=3D",
        "aunt-mary tableau-1=5c6cKS tableau-2=3D",
    ],
)
@pytest.mark.parametrize("count", [2, 3])
def test_illegal_group_through_face_down_cards(spec: str, count: int) -> None:
    assert_illegal(setup(spec), Move("tableau-1", "tableau-3", count), "face-down")


@pytest.mark.parametrize("key", CELL_GAMES)
def test_illegal_group_larger_than_the_empty_cells_allow(key: str) -> None:
    g = setup(f"{key} tableau-1=QHJHTH tableau-2=KH reserve-1=2C reserve-2=3C reserve-3=4C")
    assert_illegal(g, Move("tableau-1", "tableau-2", 3), "cell")


@pytest.mark.parametrize("key", ["bakers-game", "aunt-mary", "seahaven"])
def test_illegal_empty_tableau_pile_takes_only_a_king(key: str) -> None:
    assert_illegal(setup(f"{key} tableau-1=9DQS"), Move("tableau-1", "tableau-2"), r"\bK\b|king")


def test_illegal_lady_jane_empty_tableau_pile_takes_only_the_rank_below_the_base() -> None:
    g = setup("lady-jane base=T foundation-1=TH tableau-1=9DKS")
    assert_illegal(g, Move("tableau-1", "tableau-2"), r"\b9\b|rank")


def test_illegal_lady_jane_nothing_on_a_card_of_the_base_rank() -> None:
    g = setup("lady-jane base=5 foundation-1=5H tableau-1=5S tableau-2=4H")
    assert_illegal(g, Move("tableau-2", "tableau-1"), "base")


def test_illegal_kansas_empty_tableau_pile_filled_only_from_the_waste() -> None:
    g = setup("kansas base=A foundation-1=AD tableau-1=9C5H tableau-3=QD")
    assert_illegal(g, Move("tableau-1", "tableau-2"), "waste")


# --------------------------------------------------------------- pile names

UNKNOWN_NAMES = ["tableau-99", "tableau-0", "nowhere", "Tableau-1", "foundation-5", ""]


@pytest.mark.parametrize("key", VARIANTS)
@pytest.mark.parametrize("name", UNKNOWN_NAMES)
def test_illegal_unknown_source_pile(key: str, name: str) -> None:
    reason = assert_illegal(game.new_game(key, deal=1), Move(name, "tableau-1"), "no pile")
    assert repr(name) in reason


@pytest.mark.parametrize("key", VARIANTS)
@pytest.mark.parametrize("name", UNKNOWN_NAMES)
def test_illegal_unknown_target_pile(key: str, name: str) -> None:
    reason = assert_illegal(game.new_game(key, deal=1), Move("tableau-1", name), "no pile")
    assert repr(name) in reason


@pytest.mark.parametrize(
    ("key", "name"),
    [
        ("bakers-game", "stock"),
        ("bakers-game", "waste"),
        ("bakers-game", "reserve"),
        ("seahaven", "stock"),
        ("aunt-mary", "reserve"),
        ("aunt-mary", "reserve-1"),
        ("kansas", "reserve"),
        ("kansas", "reserve-2"),
        ("lady-jane", "reserve-8"),
    ],
)
def test_illegal_pile_name_of_another_game(key: str, name: str) -> None:
    reason = assert_illegal(game.new_game(key, deal=1), Move("tableau-1", name), "no pile")
    assert repr(name) in reason


@pytest.mark.parametrize("key", VARIANTS)
def test_unknown_pile_name_in_pile_and_double_click_raises_illegal_move(key: str) -> None:
    g = game.new_game(key, deal=1)
    text = g.text()
    with pytest.raises(game.IllegalMove, match="no pile"):
        g.pile("nowhere")
    with pytest.raises(game.IllegalMove, match="no pile"):
        g.double_click_move("nowhere")
    assert g.text() == text


# --------------------------------------------------------------- odd counts


@pytest.mark.parametrize("count", ["1", None, 2.5, 1.0])
def test_illegal_count_that_is_not_a_whole_number(count: object) -> None:
    # A float 1.0 compares equal to 1, so such a move may look listed; it must still be refused with a reason.
    g = setup("bakers-game tableau-1=9D tableau-2=8D")
    assert_illegal(g, Move("tableau-2", "tableau-1", count), unlisted=False)  # type: ignore[arg-type]


# ------------------------------------------------------------- no side effects


def test_illegal_move_keeps_the_redo_history() -> None:
    g = setup("bakers-game tableau-1=9D tableau-2=8D tableau-3=5C")
    g.play(Move("tableau-2", "tableau-1"))
    g.undo()
    assert g.can_redo()
    assert_illegal(g, Move("tableau-3", "tableau-1"))
    assert g.can_redo()
    g.redo()
    assert g.pile("tableau-1") == ["9D", "8D"]


def test_illegal_move_keeps_the_undo_history() -> None:
    g = setup("bakers-game tableau-1=9D tableau-2=8D tableau-3=5C")
    g.play(Move("tableau-2", "tableau-1"))
    assert_illegal(g, Move("tableau-3", "tableau-1"))
    g.undo()
    assert g.pile("tableau-2") == ["8D"]


def test_illegal_move_is_a_value_error() -> None:
    assert issubclass(game.IllegalMove, ValueError)
    assert issubclass(game.IllegalMove, game.GameError)


@pytest.mark.parametrize("key", VARIANTS)
def test_illegal_every_single_card_move_the_generator_does_not_list(key: str) -> None:
    # Every pair of piles: a listed move is legal, any other single-card move is refused unchanged.
    g = game.new_game(key, deal=2)
    legal = set(g.legal_moves())
    names = g.variant.names
    for source in names:
        for target in names:
            move = Move(source, target)
            if move in legal:
                assert g.is_legal(move)
            else:
                assert_illegal(g, move)


# ------------------------------------------------------------ a refused pick-up says why


def test_a_group_too_big_for_the_free_cells_says_how_many_cells_it_needs() -> None:
    g = game.from_text("bakers-game reserve-1=2C reserve-2=3C reserve-3=4C tableau-1=9H8H7H tableau-2=TH")
    assert g.why_unmovable("tableau-1", 3) == "moving 3 cards needs 2 empty reserve cells; 1 is empty"


def test_a_group_that_is_not_a_build_says_so() -> None:
    g = game.from_text("bakers-game tableau-1=9H8S tableau-2=TH")
    assert g.why_unmovable("tableau-1", 2) == "the top 2 cards of tableau-1 are not a valid build"


def test_a_card_no_pile_takes_says_so() -> None:
    g = game.from_text(
        "bakers-game reserve-1=2C reserve-2=3C reserve-3=4C reserve-4=5C tableau-1=9H tableau-2=TS"
    )
    assert g.why_unmovable("tableau-1", 1) == "no pile takes 9H now"


def test_a_movable_group_is_legal() -> None:
    g = game.from_text("bakers-game tableau-1=9H tableau-2=TH")
    assert g.why_unmovable("tableau-1", 1) == "legal"
