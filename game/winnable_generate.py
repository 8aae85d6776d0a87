"""Generating the shipped table of proven-winnable deals (``game.winnable_table``).

    python -m game.winnable_table generate --from 2026-01-01 --to 2027-12-31 --seconds 3600
    python -m game.winnable_table generate --pool 200 --variants seahaven,bakers-game
    python -m game.winnable_table check

Each day's deal of a game is the first of that day's candidates (``candidate``: a hash of the
date, the game and the attempt; attempt 0 is the deal of the day as earlier versions dealt it)
that the solver proves winnable as the table plays with automatic moves on, within a budget of
positions only (``search_budget``): never a time limit, so the table is the same whatever the
machine's speed or load. Once written, a line is never recomputed: a later, faster solver
extends the table but changes no day's deal.

Resumable and time-bounded: every deal is appended to its file as soon as it is proved, a
run stops (dropping only the search in hand) when ``--seconds`` are spent, and the next run
goes on from the first date a game lacks. The pool's progress is a comment line
(``# pool-next K``) so no candidate is searched twice.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import date, timedelta
from pathlib import Path

import game
from game.engine.deals import MAX_DEAL
from game.solver.answer import Budget, Solution, Verdict
from game.solver.rating import RATING_BUDGET, Difficulty, rate
from game.store.winnable import (
    Entry,
    Table,
    encode_line,
    format_entry,
    load,
    read_into,
    table_dir,
    table_path,
    wins,
)

DEEP_FACTOR = 2
"""The generator's search may store this many times the rating budget's positions; a deal won
beyond the rating budget is rated "expert"."""

SCREEN_FREE = frozenset({"kansas"})
"""Games whose candidates are first searched for a player free of automatic moves: Kansas's
compact search proves or refutes most deals that way in about a second, while the search as
the table plays (the generic one, when the free line needs a card kept off its foundation)
takes minutes; only the deals a free player wins are searched again as the table plays. The
rating is the free search's effort, as ``game.solver.rating`` measures it."""

POLLS_CAP = 20_000
"""A second limit on each search, counted in the solver's polls of ``cancelled`` (as
deterministic as its positions): the search as the table plays that falls back on the generic
search stores a position a poll at some 4,000 a second, against ~50 positions a poll for the
compact searches, so this stops a Kansas candidate the compact search cannot settle after a
few seconds instead of minutes (deal 3841628531: 317,000 positions in 101 s)."""

LEGACY_RANGE = 2**31 - 1
"""Attempt 0's range: the deal of the day as earlier versions dealt it (``1 + N mod this``)."""

Solver = Callable[..., Solution]
Clock = Callable[[], float]


def search_budget(variant: str) -> Budget:
    """The generator's budget for ``variant``: positions only (the seconds are no limit)."""
    return Budget(seconds=1e9, positions=RATING_BUDGET.for_game(variant).positions * DEEP_FACTOR)


def _hash(text: str, modulus: int) -> int:
    digest = hashlib.sha256(text.encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % modulus


def candidate(variant: str, day: date, attempt: int) -> int:
    """The deal number of ``variant``'s ``attempt``-th candidate for ``day``."""
    if attempt == 0:
        return _hash(f"{day.isoformat()}:{variant}", LEGACY_RANGE)
    return _hash(f"{day.isoformat()}:{variant}:{attempt}", MAX_DEAL)


def pool_candidate(variant: str, index: int) -> int:
    """The deal number of ``variant``'s ``index``-th candidate for the pool."""
    return _hash(f"pool:{variant}:{index}", MAX_DEAL)


def rating_of(variant: str, solution: Solution) -> str:
    """The table's rating of a deal won by ``solution`` (``game.winnable_table.RATINGS``)."""
    rated = rate(variant, solution)
    return "expert" if rated is Difficulty.UNKNOWN else rated.value


class Stopped(Exception):
    """The run's time is spent (the search in hand is dropped)."""


class Generator:
    """Proves deals winnable and appends them to the files in ``folder``."""

    def __init__(
        self,
        folder: Path,
        seconds: float,
        *,
        solver: Solver | None = None,
        clock: Clock = time.monotonic,
        say: Callable[[str], None] = print,
    ) -> None:
        if solver is None:
            from game.solver.search import solve

            solver = solve
        self.folder, self.solver, self.clock, self.say = folder, solver, clock, say
        self.deadline = clock() + seconds

    def prove(self, variant: str, deal: int, day: date | None) -> Entry | None:
        """``deal`` as an entry when the solver proves it winnable within the budget."""
        rated = self._search(variant, deal, automatic=False) if variant in SCREEN_FREE else None
        if rated is not None and rated.verdict is not Verdict.WINNABLE:
            return None
        found = self._search(variant, deal, automatic=True)
        if found.verdict is not Verdict.WINNABLE:
            return None
        rating = rating_of(variant, rated or found)
        entry = Entry(variant, day, deal, rating, encode_line(found.raw))
        if not (wins(entry, automatic=True) and wins(entry, automatic=False)):
            self.say(f"{variant} {deal}: the solver's line does not replay; skipped")
            return None
        return entry

    def _search(self, variant: str, deal: int, *, automatic: bool) -> Solution:
        polls = 0
        late = False

        def cancelled() -> bool:
            nonlocal polls, late
            polls += 1
            late = late or self.clock() > self.deadline
            return late or polls > POLLS_CAP

        found = self.solver(
            game.new_game(variant, deal), search_budget(variant), automatic=automatic, cancelled=cancelled
        )
        if late:
            raise Stopped
        return found if polls <= POLLS_CAP else Solution(Verdict.UNKNOWN)

    def daily(self, variant: str, day: date) -> Entry:
        """``variant``'s deal of ``day``: its first candidate proved winnable."""
        attempt = 0
        while True:
            entry = self.prove(variant, candidate(variant, day, attempt), day)
            if entry is not None:
                return entry
            attempt += 1

    def append(self, entry: Entry, extra: str = "") -> None:
        path = table_path(entry.variant, self.folder)
        new = not path.exists()
        with path.open("a", encoding="utf-8") as f:
            if new:
                f.write(_HEADER.format(variant=entry.variant))
            f.write(format_entry(entry) + "\n" + extra)

    def days(self, variants: Sequence[str], first: date, last: date) -> None:
        """Every day's deal from ``first`` to ``last``, day by day, that the files lack."""
        for day in _dates(first, last):
            table = load(variants, self.folder)  # again each day: another run may share the range
            for key in variants:
                if day not in table.daily.get(key, {}):
                    entry = self.daily(key, day)
                    self.append(entry)
                    self.say(format_entry(entry)[:40])

    def pool(self, variants: Sequence[str], size: int) -> None:
        """Up to ``size`` deals in each game's pool."""
        for key in variants:
            table = Table()
            read_into(table, key, table_path(key, self.folder))
            have, index = len(table.pool.get(key, [])), _pool_next(table_path(key, self.folder))
            while have < size:
                entry = self.prove(key, pool_candidate(key, index), None)
                index += 1
                if entry is not None:
                    self.append(entry, f"# pool-next {index}\n")
                    have += 1


_HEADER = (
    "# Proven-winnable deals of {variant}: python -m game.winnable_table generate (do not edit).\n"
    "# date (or - for the pool), deal number, rating, winning line (game.winnable_table)\n"
)


def _dates(first: date, last: date) -> Iterator[date]:
    day = first
    while day <= last:
        yield day
        day += timedelta(days=1)


def _pool_next(path: Path) -> int:
    """The pool's next candidate index as the file's last ``# pool-next`` line says."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return 0
    marks = [int(line.split()[-1]) for line in lines if line.startswith("# pool-next ")]
    return marks[-1] if marks else 0


def check(folder: Path, variants: Sequence[str], say: Callable[[str], None] = print) -> int:
    """Replay every line of the files, automatic moves on and off: the number that fail."""
    table = load(variants, folder)
    for problem in table.problems:
        say(problem)
    bad = 0
    for key in variants:
        entries = [*table.daily.get(key, {}).values(), *table.pool.get(key, [])]
        failed = [e for e in entries if not (wins(e, automatic=True) and wins(e, automatic=False))]
        bad += len(failed)
        say(f"{key}: {len(entries)} deals, {len(failed)} failed to replay")
    span = table.supported(variants)
    say(f"supported dates: {span[0]} to {span[1]}" if span else "supported dates: none")
    return bad + len(table.problems)


def main(argv: Sequence[str] | None = None) -> int:
    """The generator's command line (see the module doc)."""
    p = argparse.ArgumentParser(prog="python -m game.winnable_table", description=__doc__.splitlines()[0])
    p.add_argument("command", choices=("generate", "check"))
    p.add_argument("--from", dest="first", type=date.fromisoformat, default=None)
    p.add_argument("--to", dest="last", type=date.fromisoformat, default=None)
    p.add_argument("--pool", type=int, default=0, help="deals in each game's pool")
    p.add_argument("--variants", default=",".join(game.VARIANTS))
    p.add_argument("--seconds", type=float, default=3600.0, help="stop after this long")
    p.add_argument("--folder", type=Path, default=None)
    args = p.parse_args(argv)
    variants = args.variants.split(",")
    folder = args.folder or table_dir()
    if args.command == "check":
        return 1 if check(folder, variants) else 0
    folder.mkdir(parents=True, exist_ok=True)
    generator = Generator(folder, args.seconds)
    try:
        if args.first is not None:
            generator.days(variants, args.first, args.last or args.first)
        generator.pool(variants, args.pool)
    except Stopped:
        print("time is up: run again to go on")
    return 0
