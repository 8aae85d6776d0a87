"""What a search is given and what it gives back: a ``Budget``, a ``Verdict``, a ``Solution``.

No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from game.engine.moves import Move
from game.variants.base import RawMove


class Verdict(Enum):
    """What the solver found out."""

    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the solver may spend: wall-clock seconds and positions stored."""

    seconds: float = 10.0
    positions: int = 3_000_000

    def for_game(self, key: str) -> Budget:
        """This budget for the game ``key``, its positions scaled by ``POSITIONS_SCALE`` (but
        never more than ``scaled_cap()``)."""
        scale = POSITIONS_SCALE.get(key, 1)
        if scale == 1:
            return self
        return Budget(self.seconds, min(self.positions * scale, max(self.positions, scaled_cap())))

    def for_search(self, key: str) -> Budget:
        """This budget for a search of the game ``key`` whose figures no one counts (a check of
        the winnable indicator, ``solitaire solve``): ``for_game``, its positions scaled again
        by ``SEARCH_SCALE`` (but never more than its cap). Never for a rating, which counts
        positions within ``for_game``'s."""
        budget = self.for_game(key)
        scale, cap = SEARCH_SCALE.get(key, (1, 0))
        if scale == 1:
            return budget
        return Budget(budget.seconds, min(budget.positions * scale, max(budget.positions, cap)))


SEARCH_SCALE = {"lady-jane": (60, 8_000_000)}
"""Games whose searches may store more positions than their budgets give, so that their time
limits end them, and the most a scaled budget allows: Lady Jane's search in C
(``_alternate.c``: some 1.3-2.8 µs and 80 bytes a position) stored a 10 s search's 3 million
in 7-9 s and the indicator's quick check's 150,000 in 0.3 s. Scaled to 8 million (some 640 MB
at most), a 10 s ``solitaire solve`` proves deal 50108 lost (3.6 M positions, 9.3 s), and the
quick check answers "yes" or "no" within 0.5 s for 78 % of the positions met in play, not 64 %
(``benchmarks/advisor.py --variants lady-jane --deals 3 --actions 50``, the same run).
Without C the time limits end them long before."""


POSITIONS_SCALE = {"kansas": 10}
"""Games whose solver stores far cheaper positions, and how many more of them a budget meant
for the others allows: most of Kansas's are positions of its looser game (``kansas_relaxed``:
in C some 0.2–0.4 µs and 16–32 bytes each, in compiled Python about 1 µs and 90 bytes).
``solitaire solve --budget S`` gives each game ``Budget(S).for_game(key)``."""

SCALED_POSITIONS_CAP = 27_000_000
"""The most positions a scaled budget allows when Kansas's looser game runs in C: its table
of 32 M slots (512 MB) holds up to 27.2 M answers before it would double, so a 10 s search
peaks at some 830 MB (512 MB, the 256 MB table it grew from, the real searches)."""

PLAIN_POSITIONS_CAP = 20_000_000
"""The same cap when the looser game runs as Python: some 1.8 GB of its positions."""


def scaled_cap() -> int:
    """The cap of a scaled budget here (``SCALED_POSITIONS_CAP`` or ``PLAIN_POSITIONS_CAP``)."""
    from game.solver.kansas_relaxed import in_c as looser_in_c  # a search module: on first use

    return SCALED_POSITIONS_CAP if looser_in_c() else PLAIN_POSITIONS_CAP


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's answer, with its winning line when the verdict is ``WINNABLE``."""

    verdict: Verdict
    moves: tuple[Move, ...] = ()
    positions: int = 0
    seconds: float = 0.0
    raw: tuple[RawMove, ...] = field(default=(), repr=False)

    @property
    def nodes(self) -> int:
        """Positions searched (an alias of ``positions``)."""
        return self.positions
