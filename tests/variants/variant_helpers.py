"""Helpers shared by the per-variant rule tests."""

from __future__ import annotations

import game
from game.engine.moves import Move

RANKS = "A23456789TJQK"


def play_legal(g: game.Game, move: Move) -> None:
    """``move`` is listed as legal and plays."""
    assert move in g.legal_moves()
    assert g.is_legal(move)
    g.play(move)


def face_down(pile: list[str]) -> int:
    """How many cards of a pile's text form are face down."""
    return sum(card.islower() for card in pile)


def suit_from(base: str, suit: str) -> str:
    """The 13 cards of ``suit`` in foundation order from ``base``, wrapping King to Ace."""
    start = RANKS.index(base)
    return "".join(RANKS[(start + i) % 13] + suit for i in range(13))
