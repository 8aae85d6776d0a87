"""Numbered deals: pure functions of (variant, number), pinned by golden layouts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import game
from game.engine.deals import MAX_DEAL, deal_order, parse_deal_number
from game.names import VARIANT_NAMES

DATA = Path(__file__).parent.parent / "data"
GOLDEN: dict[str, dict[str, str]] = json.loads((DATA / "golden_deals.json").read_text())


@pytest.mark.parametrize(("key", "number"), [(k, n) for k, deals in GOLDEN.items() for n in deals], ids=str)
def test_deal_matches_golden_layout(key: str, number: str) -> None:
    assert game.new_game(key, deal=int(number)).text() == GOLDEN[key][number]


def test_golden_file_covers_the_shipped_games() -> None:
    """A game added since may have none yet (tests/data/regenerate.py adds it): the file freezes
    the deals of games already released."""
    assert set(VARIANT_NAMES) <= set(GOLDEN) <= set(game.VARIANTS)


def test_every_deal_uses_all_52_cards_once() -> None:
    for number in (1, 99, 40000, MAX_DEAL):
        assert sorted(deal_order(number)) == list(range(52))


def test_same_number_gives_same_deal_in_another_process() -> None:
    code = "import game; print(game.new_game('kansas', deal=4242).text())"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == game.new_game("kansas", deal=4242).text()


def test_different_numbers_give_different_deals() -> None:
    assert len({game.new_game("aunt-mary", deal=n).text() for n in range(1, 51)}) == 50


@pytest.mark.parametrize("number", [0, -1, MAX_DEAL + 1, 2**40])
def test_deal_number_out_of_range_is_refused(number: int) -> None:
    with pytest.raises(game.BadDealNumber, match="deal number must be from 1 to 8589934591"):
        game.new_game("kansas", deal=number)


@pytest.mark.parametrize("value", ["7", "#7", " 7 "])
def test_deal_number_text_is_parsed(value: str) -> None:
    assert parse_deal_number(value) == 7


@pytest.mark.parametrize("value", ["", "seven", "7.5", "-3", "0x10"])
def test_bad_deal_number_text_is_refused(value: str) -> None:
    with pytest.raises(game.BadDealNumber):
        parse_deal_number(value)


def test_non_integer_deal_number_is_refused() -> None:
    with pytest.raises(game.BadDealNumber, match="whole number"):
        game.new_game("kansas", deal="12")  # type: ignore[arg-type]


def test_unknown_variant_names_the_known_ones() -> None:
    with pytest.raises(game.UnknownVariant, match="lady-jane, bakers-game, kansas, aunt-mary, seahaven"):
        game.new_game("no-such-game", deal=1)


def test_random_deal_is_in_range_and_recorded() -> None:
    g = game.new_game("seahaven")
    assert g.deal is not None and 1 <= g.deal <= MAX_DEAL
    assert g.text() == game.new_game("seahaven", deal=g.deal).text()
