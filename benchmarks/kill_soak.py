"""Kill soak: play, get killed with SIGKILL at a random moment, restart, check nothing was lost.

Each run starts a child process on the same data folder. The child resumes every saved game
(as the app does at start), then plays a seeded random script of player actions (moves with
their automatic moves, undo, redo, new deals, switching games), saving after each and printing
how many actions it has completed. The parent kills it with SIGKILL at a random moment (some
during start-up, most during play), reopens the store as a restart would, and compares what is
saved (every game in progress with its undo and redo history, every statistics row, the
settings) with what the same script gives after the last completed action, played on an
in-memory copy of the data taken before the run. A kill between the commit of action ``k + 1``
and printing ``k + 1`` leaves ``k + 1`` saved, so ``k`` or ``k + 1`` is right; anything else
is a lost position.

    python benchmarks/kill_soak.py [--runs 200] [--seed 1] [--max-play 0.4] [--data-dir DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import game
from game.play import Game
from game.store import Store
from game.store import db as store_db
from game.store.paths import database_path

VARIANTS = ("kansas", "bakers-game", "lady-jane")
SCRIPT = Path(__file__).resolve()


class Player:
    """A seeded random player that saves after every action, as the table will."""

    def __init__(self, store: Store, seed: int) -> None:
        self.store = store
        self.rng = random.Random(seed)
        self.games: dict[str, Game] = {}
        for v in VARIANTS:
            saved = store.load_game(v)
            if saved is not None:
                self.games[v] = saved.game
        self.variant = VARIANTS[0]
        self.actions = 0

    def step(self) -> bool:
        """One player action and its save; whether the save succeeded."""
        self.actions += 1
        r = self.rng.random()
        if r < 0.06:
            return self._switch()
        g = self.games.get(self.variant)
        if g is None or g.is_won() or r < 0.09:
            return self._new_deal()
        if r < 0.18 and g.can_undo():
            g.undo()
        elif r < 0.24 and g.can_redo():
            g.redo()
        else:
            moves = g.legal_moves()
            if not moves:
                return self._new_deal()
            g.play(self.rng.choice(moves))
            g.play_auto_moves()
        return self.store.save_game(g, self.actions * 0.5)

    def _switch(self) -> bool:
        self.variant = self.rng.choice(VARIANTS)
        settings = self.store.load_settings()
        settings.last_variant = self.variant
        settings.volume = round(self.rng.random(), 3)
        return self.store.save_settings(settings)

    def _new_deal(self) -> bool:
        g = game.new_game(self.variant, deal=self.rng.randrange(1, 1_000_000))
        g.play_auto_moves()
        self.games[self.variant] = g
        return self.store.start_game(g, winnable_only=self.rng.random() < 0.5)


def child(data_dir: str, seed: int) -> int:
    """Play until killed, printing the number of each completed action."""
    store = Store.open(data_dir)
    for notice in store.take_notices():
        print(f"notice {notice}", flush=True)
    player = Player(store, seed)
    print("ready", flush=True)
    while True:
        if not player.step():
            print(f"save failed {store.take_notices()}", flush=True)
            return 1
        print(player.actions, flush=True)


# ------------------------------------------------------------------ the parent


def fingerprint(conn: sqlite3.Connection) -> tuple[object, ...]:
    """Everything saved that a kill must not lose (not the time stamps or ids)."""
    saved = conn.execute(
        "SELECT variant, deal, opening, actions, position, position_text, winnable_only"
        " FROM saved_games ORDER BY variant"
    ).fetchall()
    games = conn.execute(
        "SELECT variant, deal, result, moves, score, winnable_only FROM games ORDER BY id"
    ).fetchall()
    settings = conn.execute("SELECT name, value FROM settings ORDER BY name").fetchall()
    return tuple(saved), tuple(games), tuple(settings)


def expected(before: Path | None, seed: int, upto: int, steps: set[int]) -> dict[int, tuple[object, ...]]:
    """The fingerprints after each of ``steps`` actions (up to ``upto``) of the script, played
    from the data ``before`` on an in-memory copy."""
    opened = store_db.in_memory(before)
    try:
        player = Player(Store(opened), seed)
        prints = {0: fingerprint(opened.connection)} if 0 in steps else {}
        for k in range(1, upto + 1):
            player.step()
            if k in steps:
                prints[k] = fingerprint(opened.connection)
        return prints
    finally:
        opened.connection.close()


@dataclass
class Outcome:
    """What one killed run left behind."""

    completed: int
    killed_in_startup: bool
    saved_at: int | None
    """The number of completed actions the saved data matches (``None``: none, so lost)."""
    notices: list[str] = field(default_factory=list)
    replay_ok: bool = True

    @property
    def lost(self) -> bool:
        """Whether the restart did not find the position after the last completed action."""
        return (
            self.saved_at is None
            or self.saved_at < self.completed
            or not self.replay_ok
            or bool(self.notices)
        )


def snapshot(folder: Path, into: Path) -> Path | None:
    """A consistent copy of the database (or ``None`` when there is none yet)."""
    path = database_path(folder)
    if not path.exists():
        return None
    source = sqlite3.connect(path)
    target = sqlite3.connect(into)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()
    return into


def run_child(folder: Path, seed: int, rng: random.Random, max_play: float) -> tuple[int, bool]:
    """Start the child, kill it at a random moment; the completed action count, and whether it
    was killed before it was ready."""
    cmd = [sys.executable, str(SCRIPT), "--child", "--data-dir", str(folder), "--seed", str(seed)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    in_startup = rng.random() < 0.1
    if in_startup:
        time.sleep(rng.uniform(0.0, 0.3))
    else:
        first = proc.stdout.readline()
        if first.strip() != "ready":
            proc.kill()
            raise RuntimeError(f"child did not start: {first!r} {proc.communicate()[1]}")
        time.sleep(rng.uniform(0.0, max_play))
    os.kill(proc.pid, signal.SIGKILL)
    out, err = proc.communicate()
    if proc.returncode != -signal.SIGKILL:
        raise RuntimeError(f"child ended by itself ({proc.returncode}): {out[-500:]} {err[-2000:]}")
    lines = [line for line in out.split("\n")[:-1] if line.strip().isdigit()]  # complete lines only
    return (int(lines[-1]) if lines else 0), in_startup


def one_run(folder: Path, seed: int, rng: random.Random, max_play: float, scratch: Path) -> Outcome:
    """One kill and its check."""
    before = snapshot(folder, scratch / f"before-{seed}.sqlite3")
    completed, in_startup = run_child(folder, seed, rng, max_play)
    store = Store.open(folder)
    notices = store.take_notices()
    now = fingerprint(store.connection)
    right = expected(before, seed, completed + 1, {completed, completed + 1})
    saved_at = next((k for k in (completed + 1, completed) if right[k] == now), None)
    if saved_at is None:  # lost: find which earlier action it holds, for the report
        earlier = expected(before, seed, completed, set(range(completed + 1)))
        saved_at = next((k for k in range(completed, -1, -1) if earlier[k] == now), None)
    replay_ok = all(store.load_game(v) is not None for v in store.saved_variants())
    notices += store.take_notices()
    store.close()
    if before is not None:
        before.unlink()
    return Outcome(completed, in_startup, saved_at, notices, replay_ok)


def soak(runs: int, seed: int, max_play: float, folder: Path | None = None) -> list[Outcome]:
    """``runs`` kills on one data folder (a fresh temporary one unless given)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="kill-soak-") as tmp:
        data = folder or Path(tmp) / "data"
        return [one_run(data, seed * 100_000 + r, rng, max_play, Path(tmp)) for r in range(runs)]


def report(outcomes: list[Outcome], seconds: float) -> str:
    """The figures: runs, kills during start-up, actions completed, positions lost."""
    lost = [o for o in outcomes if o.lost]
    done = [o.completed for o in outcomes]
    ahead = sum(o.saved_at == o.completed + 1 for o in outcomes)
    return (
        f"kill soak: {len(outcomes)} SIGKILL runs "
        f"({sum(o.killed_in_startup for o in outcomes)} during start-up), "
        f"{sum(done)} actions completed (median {statistics.median(done) if done else 0:.0f} per run), "
        f"{ahead} killed between a commit and its report, positions lost: {len(lost)}, "
        f"in {seconds:.1f} s"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the soak (or, with ``--child``, be the child)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-play", type=float, default=0.4, help="longest play before the kill, seconds")
    p.add_argument("--data-dir", help="data folder (default: a fresh temporary one)")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        return child(args.data_dir, args.seed)
    start = time.perf_counter()
    outcomes = soak(args.runs, args.seed, args.max_play, Path(args.data_dir) if args.data_dir else None)
    print(report(outcomes, time.perf_counter() - start))
    for o in outcomes:
        if o.lost:
            print(f"  lost: {o}")
    return 1 if any(o.lost for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
