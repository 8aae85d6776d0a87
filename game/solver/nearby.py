"""A winning line for a position next to a known one, found without a search.

A player who leaves a known winning line by one or two actions is often one or two actions
from it: a card moved from one pile to another can be moved back, or the line's next move
can still be made and the player's own move taken back after it. Trying every action and
every pair of actions from the new position (a few hundred positions, a few milliseconds)
and looking each result up among the positions of the lines already known answers "yes"
at once where the solver would take a search. The line found is the actions tried plus the
rest of the known line; the advisor replays it to a win before it believes it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.errors import GameError
from game.engine.moves import Move
from game.engine.state import State
from game.play import Game

MAX_DEPTH = 2
"""Actions tried from the new position before giving up."""
MAX_POSITIONS = 600
"""Positions tried at most (a position with many legal moves stops early)."""

Known = Callable[[State], "tuple[Move, ...] | None"]
"""The rest of a known winning line from a position, or ``None`` when none is known."""


def line_nearby(g: Game, known: Known, *, automatic: bool) -> tuple[Move, ...] | None:
    """A winning line from ``g``'s position through a position whose line is ``known``,
    within ``MAX_DEPTH`` actions (each followed by the automatic moves when ``automatic``,
    as the table plays); ``None`` when none is that near."""
    frontier: list[tuple[Game, tuple[Move, ...]]] = [(g, ())]
    seen = {g.state}
    tried = 0
    for _ in range(MAX_DEPTH):
        deeper: list[tuple[Game, tuple[Move, ...]]] = []
        for here, path in frontier:
            for move in here.legal_moves():
                tried += 1
                if tried > MAX_POSITIONS:
                    return None
                found = _step(here, move, path, known, automatic, seen, deeper)
                if found is not None:
                    return found
        frontier = deeper
    return None


def _step(
    here: Game,
    move: Move,
    path: tuple[Move, ...],
    known: Known,
    automatic: bool,
    seen: set[State],
    deeper: list[tuple[Game, tuple[Move, ...]]],
) -> tuple[Move, ...] | None:
    """Play ``move`` (and the automatic moves) on a copy of ``here``: the whole winning line
    if a position on the way has a known line; else ``None``, the new position (unless seen
    before) and its path added to ``deeper``."""
    scratch = Game(here.variant, here.state, here.deal)
    try:
        moves = [move]
        scratch.play(move)
        rest = known(scratch.state)
        if rest is not None:
            return (*path, move, *rest)
        if automatic:
            while autos := scratch.auto_moves():
                scratch.play(autos[0], automatic=True)
                moves.append(autos[0])
                rest = known(scratch.state)
                if rest is not None:
                    return (*path, *moves, *rest)
    except GameError:
        return None
    if scratch.state not in seen:
        seen.add(scratch.state)
        deeper.append((Game(here.variant, scratch.state, here.deal), (*path, *moves)))
    return None


def next_positions(g: Game, *, automatic: bool) -> list[Game]:
    """The positions one action from ``g``'s, each once (each action followed by its
    automatic moves when ``automatic``, as the table plays), in the order of the legal moves."""
    out: list[Game] = []
    seen = {g.state}
    for move in g.legal_moves():
        scratch = Game(g.variant, g.state, g.deal)
        try:
            scratch.play(move)
            if automatic:
                scratch.play_auto_moves()
        except GameError:
            continue
        if scratch.state not in seen:
            seen.add(scratch.state)
            out.append(Game(g.variant, scratch.state, g.deal))
    return out
