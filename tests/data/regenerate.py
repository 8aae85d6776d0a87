"""Regenerate the golden files: run only after a deliberate change to deals or rules.

    python tests/data/regenerate.py

Writes ``golden_deals.json`` (opening positions) and ``perft.json`` (legal-move counts at
depths 1 to 3) for fixed deals of every variant. The tests compare the engine against them.
"""

from __future__ import annotations

import json
from pathlib import Path

import game

HERE = Path(__file__).parent
GOLDEN_DEALS = (1, 2, 617, 1000, 32000, 32001, 123456789, 2**31 - 1, 2**33 - 1)
PERFT_DEALS = (1, 7, 2024)
PERFT_DEPTH = 3


def perft(g: game.Game, depth: int) -> int:
    """The number of move sequences of length ``depth`` from the current position."""
    moves = g.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        g.play(move)
        total += perft(g, depth - 1)
        g.undo()
    return total


def main() -> None:
    """Write both files."""
    deals = {key: {str(n): game.new_game(key, deal=n).text() for n in GOLDEN_DEALS} for key in game.VARIANTS}
    (HERE / "golden_deals.json").write_text(json.dumps(deals, indent=1) + "\n")
    counts = {
        key: {
            str(n): [perft(game.new_game(key, deal=n), d) for d in range(1, PERFT_DEPTH + 1)]
            for n in PERFT_DEALS
        }
        for key in game.VARIANTS
    }
    (HERE / "perft.json").write_text(json.dumps(counts, indent=1) + "\n")


if __name__ == "__main__":
    main()
