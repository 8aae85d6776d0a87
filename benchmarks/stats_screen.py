"""The statistics screen with many finished games, in the real ``App`` headless.

Builds a database of ``--games`` finished games (default 200,000) in a temporary data folder,
twice: spread over many days (the chart per day) and all within two days (the chart game by
game), opens the statistics screen (the S key) and times:

* start: the app's start to its first frame, the running sums added up as the store opens
  (once after an upgrade to schema 3 or a salvage);
* first open: the first opening of the screen;
* open: from the key press to the first frame drawn (``app.step()``), each opening after a few
  more games finished (``BETWEEN``), which it adds to the kept sums;
* frame: a step with nothing happening (the screen at rest);
* hover: a step after a mouse move onto another row of the table (the hover highlight).

Prints the median and the worst of ``--reps`` openings, wall time and (``cpu``) this process's
CPU time, beside the targets (open < 0.5 s, redraw < 20 ms), and the load average. Nothing is
asserted.

    python benchmarks/stats_screen.py [--games 200000] [--reps 5] [--size 1280x800]
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse
import random
import sqlite3
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pygame

import game
from game.app import App
from game.scenes.stats import StatsScene
from game.store import Store, db

RESULTS = ("won", "lost", "abandoned")
BETWEEN = 3
"""Games finished between two openings of the screen."""


def finished_games(first: int, count: int, games: int, days: int) -> list[tuple[object, ...]]:
    """Rows ``first`` to ``first + count`` of ``games`` finished games over ``days`` days, some
    daily, as the game writes them."""
    rng = random.Random(games * 31 + days + first)
    start = datetime(2020, 1, 1, 9, 0, tzinfo=timezone(timedelta(hours=1)))
    step = timedelta(days=days) / games
    variants = list(game.VARIANTS)
    rows: list[tuple[object, ...]] = []
    for i in range(first, first + count):
        finished = start + step * i
        daily = finished.date().isoformat() if rng.random() < 0.05 else None
        rows.append(
            (
                f"bench-{i}",
                rng.choice(variants),
                rng.randrange(1, 10**6),
                RESULTS[0] if rng.random() < 0.4 else rng.choice(RESULTS[1:]),
                rng.uniform(30, 900),
                rng.randrange(20, 300),
                rng.randrange(0, 53),
                rng.randrange(2),
                daily,
                finished.isoformat(timespec="seconds"),
                (finished + timedelta(minutes=5)).isoformat(timespec="seconds"),
            )
        )
    return rows


def insert(conn: sqlite3.Connection, rows: list[tuple[object, ...]]) -> None:
    with db.transaction(conn):
        conn.executemany(
            "INSERT INTO games (uid, variant, deal, result, seconds, moves, score, winnable_only, daily, "
            "started_at, finished_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            rows,
        )


def build(folder: Path, games: int, days: int) -> None:
    """``games`` finished games over ``days`` days, in a fresh database without the running sums
    (as one from before schema 3, or salvaged: the store adds them up as it opens)."""
    with Store.open(folder) as store:
        insert(store.connection, finished_games(0, games, games, days))
        store.connection.execute("DELETE FROM tallies")


def key(k: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0))


def timed(app: App, cpu: list[float] | None = None) -> float:
    """The wall time of one step (and its CPU time added to ``cpu``: on a busy machine the wall
    time includes waiting for a core)."""
    t, c = time.perf_counter(), time.process_time()
    app.step()
    if cpu is not None:
        cpu.append(time.process_time() - c)
    return time.perf_counter() - t


def measure(folder: Path, size: tuple[int, int], reps: int, games: int, days: int) -> dict[str, list[float]]:
    """Start the app (the running sums added up from every game, and kept), open the screen
    once, then ``reps`` times after ``BETWEEN`` more finished games each time; per opening, a
    few frames at rest and hovers."""
    os.environ["SOLITAIRE_DATA_DIR"] = str(folder)
    args = argparse.Namespace(
        variant="kansas",
        deal=1,
        fullscreen=False,
        window=size,
        autoplay=False,
        exit_when_done=False,
        data_dir=None,
    )
    t, c = time.perf_counter(), time.process_time()
    app = App(args, speed="off")
    app.step()
    figures: dict[str, list[float]] = {
        "start": [time.perf_counter() - t],
        "start cpu": [time.process_time() - c],
        "first open": [],
        "first cpu": [],
        "open": [],
        "open cpu": [],
        "frame": [],
        "hover": [],
        "hover cpu": [],
    }
    for rep in range(reps + 1):
        if rep:
            insert(app.persist.store.connection, finished_games(games + rep * BETWEEN, BETWEEN, games, days))
        pygame.event.clear()
        key(pygame.K_s, "s")
        if rep:
            figures["open"].append(timed(app, figures["open cpu"]))
        else:
            figures["first open"].append(timed(app, figures["first cpu"]))
        stats = app.top
        assert isinstance(stats, StatsScene)
        for _ in range(5):
            figures["frame"].append(timed(app))
        for row in stats.rows * 2:
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 1), buttons=(0, 0, 0))
            )
            figures["hover"].append(timed(app, figures["hover cpu"]))
        key(pygame.K_ESCAPE)
        app.step()
    app.quit()
    app.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--size", default="1280x800")
    opts = parser.parse_args()
    size = tuple(int(n) for n in opts.size.split("x"))
    print(f"{opts.games:,} finished games, window {size[0]}x{size[1]}, {opts.reps} openings each")
    print("targets: open < 500 ms, frame and hover < 20 ms")
    if hasattr(os, "getloadavg"):
        print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    for label, days in (("over 1,000 days", 1000), ("within 2 days", 2)):
        with tempfile.TemporaryDirectory(prefix="solitaire-bench-stats-") as name:
            t = time.perf_counter()
            build(Path(name), opts.games, days)
            built = time.perf_counter() - t
            figures = measure(Path(name), size, opts.reps, opts.games, days)  # type: ignore[arg-type]
        print(f"\n{label} (database built in {built:.1f} s):")
        for what, times in figures.items():
            ms = [1000 * s for s in times]
            median, worst = statistics.median(ms), max(ms)
            print(f"  {what:9} median {median:8.1f} ms   worst {worst:8.1f} ms   ({len(ms)} timed)")


if __name__ == "__main__":
    main()
