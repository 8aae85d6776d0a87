"""Helpers for the store tests: a settable clock and games in chosen states."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import game
from game.play import Game

RANKS = "A23456789TJQK"


class FakeClock:
    """A clock that stands still until moved."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 14, 9, 30, tzinfo=timezone(timedelta(hours=1)))

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def play_random(g: Game, rng: random.Random, actions: int) -> None:
    """Random legal actions with their automatic moves (stops early when stuck or won)."""
    for _ in range(actions):
        moves = g.legal_moves()
        if not moves or g.is_won():
            return
        g.play(rng.choice(moves))
        g.play_auto_moves()


def near_won(cards_left: int = 2) -> Game:
    """A Baker's Game position with the last ``cards_left`` (1 or 2) Kings still on the tableau."""
    full = {s: "".join(r + s for r in RANKS) for s in "CDHS"}
    short = {s: full[s][:-2] for s in "HS"}
    foundations = [full["C"], full["D"], short["H"] if cards_left == 2 else full["H"], short["S"]]
    fields = " ".join(f"foundation-{i}={cards}" for i, cards in enumerate(foundations, 1))
    kings = "tableau-1=KS" + (" tableau-2=KH" if cards_left == 2 else "")
    return game.from_text(f"bakers-game {fields} {kings}")


def stuck_game(key: str = "kansas", seed: int = 1) -> Game:
    """A numbered deal played at random until no legal move is left."""
    for deal in range(seed, seed + 200):
        g = game.new_game(key, deal=deal)
        play_random(g, random.Random(deal), 2000)
        if g.is_stuck() and g.moves_made:
            return g
    raise AssertionError("no stuck game found")
