"""What the compact searches share (``cells``, ``alternate``, ``kansas``): searches that take
turns, and winning lines given as the table plays them."""

from __future__ import annotations

from collections.abc import Sequence, Sized
from typing import Protocol

from game.engine.state import State
from game.variants.base import RawMove, Variant


class Resumable(Protocol):
    """A depth-first search that can stop after a number of positions and go on later."""

    @property
    def seen(self) -> Sized:
        """The positions stored so far."""

    @property
    def exhausted(self) -> bool:
        """Whether the search ended without a win: a proof that none exists."""

    @property
    def stopped(self) -> bool:
        """Whether the budget of time (or a cancel) stopped the search."""

    def begin(self, state: State) -> list[RawMove] | None: ...

    def resume(self, pause_at: int) -> list[RawMove] | None: ...


class _Stored:
    """The positions stored by several searches, counted together."""

    def __init__(self, searches: Sequence[Resumable]) -> None:
        self.searches = searches

    def __len__(self) -> int:
        return sum(len(s.seen) for s in self.searches)


class Turns:
    """Searches of one position that take turns, ``turns[i]`` new positions for the i-th, until
    one decides: a win (its line), or its end without one (a proof: each search alone keeps
    every win). The budget of positions is shared, and taking turns by positions keeps the
    answer the same on every run for a positions-only budget."""

    def __init__(self, searches: Sequence[Resumable], turns: Sequence[int], positions: int) -> None:
        self.searches = tuple(searches)
        self.turns = tuple(turns)
        self.positions = positions
        self.seen = _Stored(self.searches)
        self.exhausted = False

    def run(self, state: State) -> list[RawMove] | None:
        """A winning line of engine moves, or ``None`` (``exhausted``: no win exists)."""
        for search in self.searches:
            line = search.begin(state)
            if line is not None or search.exhausted:
                self.exhausted = search.exhausted
                return line
        while True:
            for search, turn in zip(self.searches, self.turns, strict=True):
                stored = len(self.seen)
                if stored >= self.positions:
                    return None
                line = search.resume(len(search.seen) + min(turn, self.positions - stored))
                if line is not None or search.exhausted or search.stopped:
                    self.exhausted = search.exhausted
                    return line


def as_played(variant: Variant, state: State, line: Sequence[RawMove]) -> list[RawMove]:
    """``line`` as the table plays it: each move followed by the automatic moves of rules.md
    (which send home some cards a search may keep out where they could still be needed),
    the line's own later moves of those cards home left out. ``line`` itself when that does
    not win, so a player who follows the hints meets the positions of the line whenever it
    can be done."""
    out: list[RawMove] = []
    played, ref = state, state
    early: set[int] = set()
    for move in line:
        moving = ref.piles[move[0]][-move[2] :] if move[0] >= 0 else ()
        ref = variant.apply(ref, move)
        if move[2] == 1 and moving and moving[0] in early and move[1] in variant.foundations:
            early.discard(moving[0])
            continue
        if move not in variant.legal(played) or played.piles[move[0]][-move[2] :] != moving:
            return list(line)
        played = variant.apply(played, move)
        out.append(move)
        while autos := variant.auto(played):
            early.add(played.piles[autos[0][0]][-1])
            played = variant.apply(played, autos[0])
            out.append(autos[0])
    return out if variant.is_won(played) and not early else list(line)
