"""Every compact move generator agrees with the engine's rules (one shared differential test).

The fast searches (``game.solver.cells``, ``alternate``, ``kansas_moves``) keep their own move
generators. Each is checked here against the engine on the same positions: random play from
many deals, and edge positions reached by playing on until they occur (empty piles, full
cells, a wrap at the base rank, Lady Jane's last stock cards, Aunt Mary's redeals, Kansas's
empty reserve). A test per rule (its id in the test's id: ``lady-jane-LJ-4``) checks the moves
of that rule both ways:

* **sound**: every child the compact search makes is reached by a line of engine moves, each
  legal in the engine in turn (a rule the engine tightened and a copy did not fails here);
* **complete**: every legal engine move leads to a position the compact search also reaches
  (a rule the engine loosened and a copy did not fails here).

The mapping, where a compact search merges or makes macro moves: positions are compared
after the search's own settling (its roots from the engine position a move reaches: safe
cards sent home at once), as engine positions with interchangeable piles in any order
(``canon``), or by the search's own key, which merges positions it argues equivalent (twin
parents in the alternating games, piles relabelled); a move whose result has the key of the
position it came from changes nothing for the search (a whole pile to an empty pile, a safe
card taken back home, a card moved between twin parents). Where dealing is part of the move
that plays the dealt card (Kansas, Aunt Mary: ``kansas_moves``, ``alternate_stock``), a deal
maps to the positions reached by dealing on and then playing the waste's top card. One
pruning of the cell games is a dominance, not an equivalence: once every King lies at the
bottom of a pile (``CellSearch.kings_placed``) some moves are left out because another move
does all they could (``cells._onto_settled`` argues it); there only the children are checked.

Kansas's looser game (``kansas_relaxed``, in C and in Python) is a relaxation, not a copy: it
is checked for that property instead (a position it loses has no real move to a position it
does not lose), beside the C/Python agreement tests of ``test_kansas_relaxed.py``.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import game
from game.engine.moves import Move
from game.engine.state import State
from game.play import Game
from game.solver.cells import CellSearch
from game.solver.families import ONE_CARD_DEALS, family_of
from game.solver.kansas import KansasSearch
from game.solver.kansas_position import supported as kansas_supported
from game.solver.kansas_relaxed import LOST, DeadEnds
from game.solver.search import _fast
from game.variants.base import Kind, RawMove, Variant

DEALS = {"bakers-game": range(1, 201), "seahaven": range(1, 61)}
"""The deals random play starts from: 1..30, more where play is short (a cell game's random
play soon fills the cells and sticks, before it empties a pile)."""

STEPS = 120
"""The longest random playout; every fourth position along it is checked."""

ONWARD = 0.6
"""How often random play takes a move home or off a reserve when there is one: play that
only wanders seldom empties Kansas's reserve, and then a pile."""

MIN_MOVES = 3
"""Each rule's moves in the sample, at least: a rule never exercised would check nothing."""

EDGES: dict[str, Callable[[Variant, State], bool]] = {
    "empty pile": lambda v, st: any(not st.piles[t] for t in v.tableau),
    "full cells": lambda v, st: bool(v.cells) and all(st.piles[c] for c in v.cells),
    "last two stock cards": lambda v, st: v.deals_to_reserves and 0 < len(st.piles[v.stock]) <= 2,
    "redeal": lambda v, st: v.redeals > 0 and st.redeals_left < v.redeals,
    "empty reserve": lambda v, st: bool(v.reserves) and not st.piles[v.reserves[0]],
    "wrap": lambda v, st: v.wrap and _king_on_ace(v, st),
}
"""Edge positions, and the games they occur in: play goes on until each has been met."""

EDGES_OF = {
    "lady-jane": ("empty pile", "last two stock cards", "wrap"),
    "bakers-game": ("empty pile", "full cells"),
    "kansas": ("empty pile", "empty reserve", "wrap"),
    "aunt-mary": ("empty pile", "redeal"),
    "seahaven": ("empty pile", "full cells"),
}


def _king_on_ace(v: Variant, st: State) -> bool:
    """Whether a King lies on an Ace in a tableau pile (a build that wraps)."""
    pairs = (pile[i : i + 2] for pile in (st.piles[t] for t in v.tableau) for i in range(len(pile) - 1))
    return any(a % 13 == 0 and b % 13 == 12 for a, b in pairs)


def rule_of(key: str, v: Variant, st: State, move: RawMove) -> str:
    """The rule (rules.md id) that makes ``move`` legal in ``st``."""
    s, d, k = move
    src, dst = v.kinds[s], v.kinds[d] if d >= 0 else None
    empty = d >= 0 and not st.piles[d]
    if v.is_stock_action(move):
        return {"lady-jane": "LJ-8", "kansas": "KS-8", "aunt-mary": "AM-6" if d == v.stock else "AM-5"}[key]
    table: dict[str, Callable[[], str]] = {
        "lady-jane": lambda: (
            "LJ-2"
            if dst is Kind.FOUNDATION
            else "LJ-3"
            if src is Kind.FOUNDATION
            else "LJ-7"
            if src is Kind.RESERVE
            else "LJ-8"
            if src is Kind.WASTE
            else "LJ-6"
            if empty
            else "LJ-5"
            if k > 1
            else "LJ-4"
        ),
        "bakers-game": lambda: (
            "BG-7"
            if src is Kind.FOUNDATION
            else "BG-2"
            if dst is Kind.FOUNDATION
            else "BG-6"
            if Kind.CELL in (src, dst)
            else "BG-5"
            if empty
            else "BG-4"
            if k > 1
            else "BG-3"
        ),
        "seahaven": lambda: (
            "SH-8"
            if src is Kind.FOUNDATION
            else "SH-7"
            if dst is Kind.FOUNDATION and k > 1
            else "SH-2"
            if dst is Kind.FOUNDATION
            else "SH-6"
            if Kind.CELL in (src, dst)
            else "SH-5"
            if empty
            else "SH-4"
            if k > 1
            else "SH-3"
        ),
        "kansas": lambda: (
            "KS-2"
            if dst is Kind.FOUNDATION
            else "KS-7"
            if src is Kind.RESERVE
            else "KS-6"
            if empty
            else "KS-8"
            if src is Kind.WASTE
            else "KS-4"
        ),
        "aunt-mary": lambda: (
            "AM-2"
            if Kind.FOUNDATION in (src, dst)
            else "AM-5"
            if src is Kind.WASTE
            else "AM-4"
            if empty
            else "AM-3"
        ),
    }
    return table[key]()


RULES = {
    "lady-jane": ("LJ-2", "LJ-3", "LJ-4", "LJ-5", "LJ-6", "LJ-7", "LJ-8"),
    "bakers-game": ("BG-2", "BG-3", "BG-4", "BG-5", "BG-6", "BG-7"),
    "kansas": ("KS-2", "KS-4", "KS-6", "KS-7", "KS-8"),
    "aunt-mary": ("AM-2", "AM-3", "AM-4", "AM-5", "AM-6"),
    "seahaven": ("SH-2", "SH-3", "SH-4", "SH-5", "SH-6", "SH-8"),
}
"""The rules whose moves each game's sample must hold (and is checked for). SH-7 (a sequence
home) never occurs where every card that can go home has gone (SH-9)."""


def canon(v: Variant, st: State) -> tuple[Any, ...]:
    """``st`` with interchangeable piles (tableau, cells, foundations) in no particular order."""
    p, h = st.piles, st.hidden
    fixed = [i for i, kind in enumerate(v.kinds) if kind not in (Kind.TABLEAU, Kind.CELL, Kind.FOUNDATION)]
    return (
        tuple(sorted((p[i], h[i]) for i in v.tableau)),
        tuple(sorted(p[i] for i in v.cells)),
        tuple(sorted(p[i] for i in v.foundations)),
        tuple((p[i], h[i]) for i in fixed),
        st.base_rank,
        st.redeals_left,
    )


def replay(key: str, v: Variant, st: State, line: list[RawMove], out: Findings) -> State | None:
    """The position after ``line`` from ``st`` (each move counted under its rule); ``None`` if
    a move of it is not legal there (recorded under its rule)."""
    for move in line:
        rule = rule_of(key, v, st, move)
        out.moves[rule] = out.moves.get(rule, 0) + 1
        if move not in v.legal(st):
            out.illegal.setdefault(rule, []).append(f"{Game(v, st).text()} :: {move}")
            return None
        st = v.apply(st, move)
    return st


def declared(v: Variant) -> tuple[Callable[[Variant, State], bool], Callable[..., Any]]:
    """``v``'s declared compact search: its position test and the search."""
    fast = _fast(family_of(v))
    assert fast is not None, f"{v.key} declares no compact search"
    return fast


def searcher(v: Variant) -> Any:
    """A fresh compact search of ``v``'s declared family (the depth-first one of a portfolio;
    where that runs in C, its Python twin, whose moves the C search makes position for
    position: ``test_alternate_native.py``)."""
    make = declared(v)[1]
    search = make(v, 10**6, time.monotonic() + 600, lambda: False)
    first = search.searches[0] if hasattr(search, "searches") else search
    return getattr(first, "python", first)


def key_of(search: Any, node: Any) -> bytes:
    """The compact search's key of ``node`` (the cell games' takes the tableau and the cells)."""
    return search.key(node[0], node[1]) if isinstance(search, CellSearch) else search.key(node)


def engine_successors(v: Variant, st: State, macro: bool) -> Iterator[tuple[RawMove, State]]:
    """Each legal engine move and the position it leads to; with ``macro``, a deal leads to the
    positions reached by dealing on (turning the waste over too) and playing the waste's top."""
    for move in v.legal(st):
        if not (macro and v.is_stock_action(move)):
            yield move, v.apply(st, move)
            continue
        dealt = v.apply(st, move)
        for _ in range(80):
            for play in v.legal(dealt):
                if play[0] == v.waste and not v.is_stock_action(play):
                    yield move, v.apply(dealt, play)
            more = [m for m in v.legal(dealt) if v.is_stock_action(m)]
            if not more:
                break
            dealt = v.apply(dealt, more[0])


@dataclass
class Findings:
    """What the comparison found for one game, by rule."""

    moves: dict[str, int] = field(default_factory=dict)
    """Moves of each rule met: the engine's, and those of the compact searches' lines."""
    missed: dict[str, list[str]] = field(default_factory=dict)
    """Engine moves whose result the compact search does not reach, per rule."""
    illegal: dict[str, list[str]] = field(default_factory=dict)
    """Compact children whose line the engine refuses, per rule of its first move."""
    edges: set[str] = field(default_factory=set)


def positions(key: str) -> Iterator[State]:
    """Positions of random play (every fourth along each playout), played on past each edge."""
    rng = random.Random(key)
    wanted = set(EDGES_OF[key])
    v = game.VARIANTS[key].instance()
    for deal in DEALS.get(key, range(1, 31)):
        g = game.new_game(key, deal)
        g.play_auto_moves()
        for step in range(STEPS):
            if step % 4 == 0 or any(EDGES[e](v, g.state) for e in wanted):
                yield g.state
            moves = g.legal_moves()
            if not moves:
                break
            onward = [m for m in moves if onward_move(v, m)]
            g.play(rng.choice(onward if onward and rng.random() < ONWARD else moves))
            g.play_auto_moves()


def onward_move(v: Variant, move: Move) -> bool:
    """A move that takes play on: home, off a reserve (a cell, in the cell games), or in the
    cell games onto the tableau (rather than into a cell)."""
    if move.target.startswith("foundation") or move.source.startswith("reserve"):
        return True
    return bool(v.cells) and move.target.startswith("tableau")


@functools.cache
def findings(key: str) -> Findings:
    """Compare the compact search of ``key`` with the engine on the sample positions."""
    v = game.VARIANTS[key].instance()
    supported = declared(v)[0]
    macro = family_of(v) in ONE_CARD_DEALS
    out = Findings()
    for start in positions(key):
        if not supported(v, start):
            continue
        out.edges |= {e for e in EDGES_OF[key] if EDGES[e](v, start)}
        search = searcher(v)
        for node, line, homes in search.roots(start):
            st = replay(key, v, start, line, out)
            if st is not None:
                _compare(key, v, search, node, st, homes, macro, out)
    return out


def _compare(
    key: str, v: Variant, search: Any, node: Any, st: State, homes: list[int], macro: bool, out: Findings
) -> None:
    kids = search.children(node, list(homes))
    reached: set[tuple[Any, ...]] = set()
    keys = {key_of(search, node)}
    for kid, line, _ in kids:
        after = replay(key, v, st, line, out)
        if after is None:
            continue
        reached.add(canon(v, after))
        keys.add(key_of(search, kid))
    if isinstance(search, CellSearch) and search.kings_placed(node[0], node[1]):
        return  # a dominance, not an equivalence, drops moves here (see the module docstring)
    for move, after in engine_successors(v, st, macro):
        rule = rule_of(key, v, st, move)
        out.moves[rule] = out.moves.get(rule, 0) + 1
        if not _supported(v, after):
            continue
        fresh = searcher(v)
        settled = fresh.roots(after)
        ends = {canon(v, end) for _, ln, _ in settled if (end := replay(key, v, after, ln, out)) is not None}
        if ends & reached or (key != "kansas" and {key_of(fresh, n) for n, _, _ in settled} & keys):
            continue
        out.missed.setdefault(rule, []).append(f"{Game(v, st).text()} :: {move}")


def _supported(v: Variant, st: State) -> bool:
    return bool(declared(v)[0](v, st))


CASES = [(key, rule) for key, rules in RULES.items() for rule in rules]


@pytest.mark.slow
@pytest.mark.parametrize(("key", "rule"), CASES, ids=[f"{key}-{rule}" for key, rule in CASES])
def test_compact_moves_agree_with_the_engine(key: str, rule: str) -> None:
    found = findings(key)
    assert found.moves.get(rule, 0) >= MIN_MOVES, f"the sample holds too few {rule} moves"
    assert not found.illegal.get(rule), f"the compact search makes {rule} moves the engine refuses"
    assert not found.missed.get(rule), f"the compact search misses {rule} moves: {found.missed[rule][:3]}"


@pytest.mark.slow
@pytest.mark.parametrize("key", list(EDGES_OF))
def test_the_sample_holds_each_edge_position(key: str) -> None:
    assert findings(key).edges == set(EDGES_OF[key])


@pytest.mark.slow
def test_kansas_looser_game_is_a_relaxation_of_the_real_moves() -> None:
    # A position the looser game loses has no real move to one it does not lose.
    v = game.VARIANTS["kansas"].instance()
    checked = 0
    for start in positions("kansas"):
        if not kansas_supported(v, start) or len(start.piles[v.stock]) > 8:
            continue
        search = KansasSearch(v, 10**6, time.monotonic() + 600, lambda: False, dead_ends=DeadEnds())
        for node, _, homes in search.roots(start):
            relaxed = search.relaxed
            assert relaxed is not None
            if relaxed.verdict(*search._loose(node), 10**6, time.monotonic() + 60, lambda: False) != LOST:
                continue
            for kid, _, _ in search.children(node, homes):
                verdict = relaxed.verdict(*search._loose(kid), 10**6, time.monotonic() + 60, lambda: False)
                assert verdict == LOST
                checked += 1
    assert checked >= 20
