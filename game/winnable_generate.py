"""Generating the shipped table of proven-winnable deals (``game.winnable_table``).

    python -m game.winnable_table generate --from 2026-11-15 --to 2027-12-31 --seconds 3600
    python -m game.winnable_table generate --pool 200 --variants kansas,aunt-mary
    python -m game.winnable_table check

Each day's deal of a game is ``game.solver.daily_proof.daily_proof``: the first of that day's
candidates proved winnable, as the table plays with automatic moves on and as a free player
plays, within a budget of positions only (``daily_budget``): never a time limit, so the table
is the same whatever the machine's speed or load, and a day beyond it is proved the same way
on the player's machine (``game.dailies``). The table is a cache of that function: the tests
check a sample of its days against it. The pool is ``pool_candidate``'s deals proved the same
way.

Resumable and time-bounded: every deal is appended to its file as soon as it is proved, a
run stops (dropping only the day in hand) when ``--seconds`` are spent, and the next run
goes on from the first date a game lacks. The pool's progress is a comment line
(``# pool-next K``) so no candidate is searched twice.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import date, timedelta
from pathlib import Path

import game
from game.solver.answer import Solution
from game.solver.daily_proof import MAX_ATTEMPTS, NoProof, candidate, pool_candidate, prove
from game.store.winnable import (
    MANIFEST,
    Entry,
    Table,
    add_to_manifest,
    encode_line,
    format_entry,
    load,
    read_into,
    table_dir,
    table_path,
    wins,
)

__all__ = ["Generator", "Stopped", "candidate", "check", "main", "pool_candidate"]

Solver = Callable[..., Solution]
Clock = Callable[[], float]


class Stopped(Exception):
    """The run's time is spent (the day in hand is dropped)."""


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
        """``deal`` as an entry when ``daily_proof.prove`` proves it winnable and its line
        replays to a win as the table is read (automatic moves on and off); the run's time is
        looked at before each deal only, so it never changes which deal is proved."""
        if self.clock() > self.deadline:
            raise Stopped
        proof = prove(variant, deal, self.solver)
        if proof is None:
            return None
        entry = Entry(variant, day, deal, proof.rating, encode_line(proof.raw))
        if not (wins(entry, automatic=True) and wins(entry, automatic=False)):
            self.say(f"{variant} {deal}: the solver's line does not replay; skipped")
            return None
        return entry

    def daily(self, variant: str, day: date) -> Entry:
        """``variant``'s deal of ``day``: its first candidate proved winnable
        (``daily_proof.daily_proof``, each line also replayed as the table reads it)."""
        for attempt in range(MAX_ATTEMPTS):
            entry = self.prove(variant, candidate(variant, day, attempt), day)
            if entry is not None:
                return entry
        raise NoProof(f"no deal of {variant} proved for {day.isoformat()}")

    def append(self, entry: Entry, extra: str = "") -> None:
        path = table_path(entry.variant, self.folder)
        new = not path.exists()
        with path.open("a", encoding="utf-8") as f:
            if new:
                f.write(_HEADER.format(variant=entry.variant))
            f.write(format_entry(entry) + "\n" + extra)
        add_to_manifest(self.folder, entry.variant)  # after the line: never a name without a file

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
    for key in table.unshipped:
        say(f"{key}: no table shipped (not in {MANIFEST}): its days are proved on demand")
    bad = 0
    for key in table.games:
        entries = [*table.daily.get(key, {}).values(), *table.pool.get(key, [])]
        failed = [e for e in entries if not (wins(e, automatic=True) and wins(e, automatic=False))]
        bad += len(failed)
        say(f"{key}: {len(entries)} deals, {len(failed)} failed to replay")
    span = table.supported(table.games)
    say(
        f"days shipped for every game: {span[0]} to {span[1]}"
        if span
        else "days shipped for every game: none"
    )
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
