"""Every count in a sentence takes its language's plural form: a counted message goes through
``ngettext`` with its count in a count placeholder, and a message with two counts is two
sentences (or pieces), each counted on its own. "Moving 2 cards needs 1 empty reserve cells"
must not come back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import game
from game import i18n, i18n_tools
from game.scenes import stuck

COUNTS = {"count", "need", "free", "limit"}
"""The placeholders that hold a count (the code's convention). A number shown as a value after
a label ("Moves 12", "{score}/52", "best {best}") is not a count in a sentence and has its own name."""

SAME_IN_ENGLISH = {
    ("Looking for a winnable deal… ({count} tried; Esc stops)",) * 2,
    ("{count} home.",) * 2,  # speech's Brief score
}
"""Counted messages whose English reads the same for one and for many (other languages differ)."""


def counts(text: str) -> set[str]:
    """The count placeholders of ``text``."""
    return (i18n_tools.placeholders(text) or set()) & COUNTS


@pytest.fixture(scope="module")
def marked() -> list[i18n_tools.Message]:
    return list(i18n_tools.messages(i18n_tools.extract()))


def test_no_singular_message_carries_a_count(marked: list[i18n_tools.Message]) -> None:
    counted = [
        m.id for m in marked if isinstance(m.id, str) and (i18n_tools.placeholders(m.id) or set()) & COUNTS
    ]
    assert counted == [], "a count goes through ngettext (game.i18n)"


def test_every_plural_message_names_its_count_as_a_count(marked: list[i18n_tools.Message]) -> None:
    unnamed = [
        m.id
        for m in marked
        if not isinstance(m.id, str) and not (i18n_tools.placeholders(m.id[0]) or set()) & COUNTS
    ]
    assert unnamed == [], f"name the count one of {sorted(COUNTS)}"


def test_a_plural_message_says_one_and_many_differently_in_english(marked: list[i18n_tools.Message]) -> None:
    same = [tuple(m.id) for m in marked if not isinstance(m.id, str) and m.id[0] == m.id[1]]
    assert set(same) <= SAME_IN_ENGLISH


def test_a_group_move_needing_one_cell_says_cell() -> None:
    g = game.from_text(
        "bakers-game tableau-1=KS4H3H tableau-2=6S reserve-1=AD reserve-2=2D reserve-3=3D reserve-4=4D"
    )
    assert g.why_unmovable("tableau-1", 2) == "moving 2 cards needs 1 empty reserve cell; none is empty"
    g = game.from_text("bakers-game tableau-1=KS5H4H3H tableau-2=6S reserve-1=AD reserve-2=2D reserve-3=3D")
    assert g.why_unmovable("tableau-1", 3) == "moving 3 cards needs 2 empty reserve cells; 1 is empty"


@pytest.mark.parametrize(
    ("count", "home", "moves"),
    [
        (1, "1 card of 52 is home.", "That took 1 move."),
        (2, "2 cards of 52 are home.", "That took 2 moves."),
    ],
)
def test_the_no_moves_screen_counts_cards_and_moves_each_in_english(
    count: int, home: str, moves: str
) -> None:
    assert (stuck.home_text(count), stuck.moves_text(count)) == (home, moves)


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("count", "home", "moves"),
    [
        (1, "На основаниях 1 карта из 52.", "На это ушёл 1 ход."),
        (2, "На основаниях 2 карты из 52.", "На это ушло 2 хода."),
        (5, "На основаниях 5 карт из 52.", "На это ушло 5 ходов."),
    ],
)
def test_the_no_moves_screen_takes_each_russian_plural_form(
    russian: None, count: int, home: str, moves: str
) -> None:
    assert (stuck.home_text(count), stuck.moves_text(count)) == (home, moves)


@pytest.mark.parametrize(
    ("need", "cells"), [(1, "1 свободная ячейка"), (2, "2 свободные ячейки"), (5, "5 свободных ячеек")]
)
def test_the_cells_a_group_move_needs_take_each_russian_plural_form(
    russian: None, need: int, cells: str
) -> None:
    assert (
        i18n.ngettext("{need} empty reserve cell", "{need} empty reserve cells", need).format(need=need)
        == cells
    )


def test_a_group_move_needing_one_cell_reads_right_in_russian(russian: None) -> None:
    full = "reserve-1=AD reserve-2=2D reserve-3=3D reserve-4=4D"
    g = game.from_text(f"bakers-game tableau-1=KS4H3H tableau-2=6S {full}")
    assert "есть 1 свободная ячейка" in g.why_unmovable("tableau-1", 2)
