"""The deal of the day as a function of the date alone: the same on every machine, for ever.

``daily_proof(variant, day)`` tries the day's candidates in turn (``candidate``: a hash of the
date, the game and the attempt; attempt 0 is the deal of the day as earlier versions dealt it)
and gives the first whose search, under a budget of positions only (``daily_budget``, no time
limit and no cancelling), finds a line that wins as the table plays with automatic moves on and
as a free player plays (both replayed through the engine), rated by the solver's positions.

Why this is the same on every machine, slow or fast, loaded or idle: nothing in it reads a
clock. Each search stops at the same position count wherever it runs (the compiled and the
plain solver search the same positions), so it proves, refutes or leaves undecided the same
candidates, and the first one proved is the same. A candidate the search cannot decide cheaply
is simply passed over (``generic=False``: the game's own compact search only, never the slow
generic one): the day needs a proven win, not the first winnable deal.

The shipped table (``game.store.winnable``) is a verified cache of this function for a run of
dates (``python -m game.winnable_table generate``, and the tests check a sample of its days
against it); days beyond it are computed with it on the player's machine and cached.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Final

from game.engine.deals import MAX_DEAL, check_deal_number, deal_order
from game.play import Game
from game.solver.answer import Budget, Solution, Verdict
from game.solver.rating import RATING_BUDGET, Difficulty, rate
from game.solver.search import plays_at_table, replays_to_win, solve
from game.variants.base import RawMove

DAILY_POSITIONS: Final = {"kansas": 300_000, "aunt-mary": 40_000, "lady-jane": 40_000}
"""Positions a candidate's search may store, where it is not ``DEFAULT_POSITIONS``: small
enough that a candidate the search cannot decide costs little (only a proven win is needed,
not the first winnable candidate), large enough that about one candidate in ten is proved.

Kansas: the earlier generator searched each candidate to 3 M positions free, then as the table
plays through the generic search (capped by polls: 1.5–2.7 s each, and nearly always
undecided, since a free player's line often keeps a card off its foundation that the table
sends home): 23 s a day here, about 100 s on a loaded machine. Most of the days' wins are
"easy" (under 219,000 positions); at 1.5 M a day took 18.8 s, at 500,000 about 12 s.
Aunt Mary: its search stores ~20,000 positions a second and some lost deals need 150,000 to
280,000 positions to prove so (8–15 s); at 110,000 a day took 6.6 s, and 40,000 keeps the easy
deals (band at 38,000) for about 2 s per candidate left undecided.
Lady Jane: a candidate left undecided at 300,000 positions cost 19 s (deal 946732991); its
days' wins mostly take under 1,000."""

DEFAULT_POSITIONS: Final = 2 * RATING_BUDGET.positions
"""The other games' budget: twice the rating budget (a day won beyond it is "expert")."""

LEGACY_RANGE: Final = 2**31 - 1
"""Attempt 0's range: the deal of the day as earlier versions dealt it (``1 + N mod this``)."""

MAX_ATTEMPTS: Final = 2_000
"""Candidates tried before a day is given up (never reached: about one in ten is proved)."""

Solver = Callable[..., Solution]


class NoProof(ValueError):
    """No candidate of the day was proved within ``MAX_ATTEMPTS``."""


@dataclass(frozen=True, slots=True)
class Proof:
    """A proven-winnable deal: its number, its rating (``RATINGS`` of the table) and its
    winning line as the table plays it with automatic moves on."""

    variant: str
    deal: int
    rating: str
    raw: tuple[RawMove, ...]


def daily_budget(variant: str) -> Budget:
    """The search budget of ``variant``'s candidates: positions only (the seconds never end)."""
    return Budget(seconds=1e12, positions=DAILY_POSITIONS.get(variant, DEFAULT_POSITIONS))


def _hash(text: str, modulus: int) -> int:
    digest = hashlib.sha256(text.encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % modulus


def candidate(variant: str, day: date, attempt: int) -> int:
    """The deal number of ``variant``'s ``attempt``-th candidate for ``day``."""
    if attempt == 0:
        return _hash(f"{day.isoformat()}:{variant}", LEGACY_RANGE)
    return _hash(f"{day.isoformat()}:{variant}:{attempt}", MAX_DEAL)


def pool_candidate(variant: str, index: int) -> int:
    """The deal number of ``variant``'s ``index``-th candidate for the pool of winnable deals."""
    return _hash(f"pool:{variant}:{index}", MAX_DEAL)


def rating_of(variant: str, solution: Solution) -> str:
    """The table's rating of a deal won by ``solution``: "expert" when won beyond the rating
    budget."""
    rated = rate(variant, solution)
    return "expert" if rated is Difficulty.UNKNOWN else rated.value


def opening(variant: str, deal: int) -> Game:
    """Deal ``deal`` of ``variant`` as dealt."""
    from game.variants import variant_class

    v = variant_class(variant).instance()
    return Game(v, v.deal(iter(deal_order(check_deal_number(deal)))), deal)


def prove(
    variant: str, deal: int, solver: Solver = solve, cancelled: Callable[[], bool] | None = None
) -> Proof | None:
    """``deal`` with its winning line when ``daily_budget``'s search proves it winnable and the
    line replays to a win through the engine both as the table plays it and as a free player
    does; ``None`` otherwise (and when ``cancelled`` stops it: never for a deal of the day)."""
    g = opening(variant, deal)
    found = solver(g, daily_budget(variant), automatic=True, generic=False, cancelled=cancelled)
    if found.verdict is not Verdict.WINNABLE:
        return None
    v, state = g.variant, g.state
    if not (plays_at_table(v, state, found.raw) and replays_to_win(v, state, found.raw)):
        return None
    return Proof(variant, deal, rating_of(variant, found), tuple(found.raw))


def daily_proof(variant: str, day: date, solver: Solver = solve) -> Proof:
    """``variant``'s deal of ``day``: its first candidate ``prove`` proves."""
    for attempt in range(MAX_ATTEMPTS):
        proof = prove(variant, candidate(variant, day, attempt), solver)
        if proof is not None:
            return proof
    raise NoProof(f"no deal of {variant} proved for {day.isoformat()}")


def find_winnable(variant: str, seconds: float, clock: Callable[[], float] | None = None) -> Proof | None:
    """A random deal of ``variant`` that ``prove`` proves, looked for for at most ``seconds``
    (``None`` if none was proved in time): the fallback of "winnable deals only" once its pools
    are used up. The game's own search with a small budget passes over the deals it cannot
    settle at once, so it proves one far sooner than a bigger search would (Kansas: about one
    candidate in forty, a tenth of a second each)."""
    import random
    import time

    now = clock or time.monotonic
    deadline = now() + seconds
    rng = random.SystemRandom()
    while now() < deadline:
        proof = prove(variant, rng.randint(1, MAX_DEAL), cancelled=lambda: now() > deadline)
        if proof is not None:
            return proof
    return None
