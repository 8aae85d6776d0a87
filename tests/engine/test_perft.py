"""Stored legal-move counts (perft, depths 1–3) for fixed deals: any rule change shows here."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import game

DATA = Path(__file__).parent.parent / "data"
sys.path.insert(0, str(DATA))
from regenerate import perft  # noqa: E402

COUNTS: dict[str, dict[str, list[int]]] = json.loads((DATA / "perft.json").read_text())


@pytest.mark.parametrize(("key", "number"), [(k, n) for k, deals in COUNTS.items() for n in deals], ids=str)
def test_perft_counts_match_stored(key: str, number: str) -> None:
    expected = COUNTS[key][number]
    g = game.new_game(key, deal=int(number))
    assert [perft(g, depth) for depth in range(1, len(expected) + 1)] == expected


def test_perft_leaves_the_game_as_it_was() -> None:
    g = game.new_game("lady-jane", deal=7)
    before = g.snapshot()
    perft(g, 3)
    assert g.snapshot() == before and not g.can_undo()
