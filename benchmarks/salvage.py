"""Salvage speed: carrying a damaged database's rows over, this code against a baseline.

Builds a database with ``--games`` finished games (default 200,000), a saved game and the
settings, damages a copy of it in each of two ways (one page zeroed in the middle of the file;
the file cut short by its last page), and times ``salvage`` into a fresh, migrated database:
this code's, and the baseline's (``game/store/salvage.py`` as it is at ``--baseline`` in git,
default ``main``; the two share the signature ``salvage(damaged, target)``). Prints per damage
the median of ``--repeats`` runs and the finished games each carried over, the ratio of the
medians, then the median time of the whole ``Store.open`` (check, salvage into a temporary
file, swap) with this code.

    python benchmarks/salvage.py [--games 200000] [--repeats 3] [--baseline main]
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from game.store import Store, db, salvage, schema
from game.store.paths import DB_NAME

PAGE = 4096
Salvage = Callable[[Path, sqlite3.Connection], dict[str, int]]


def fill(folder: Path, games: int) -> Path:
    """A closed database with settings, a saved game and ``games`` finished games."""
    import game

    store = Store.open(folder)
    store.save_settings(store.load_settings())
    g = game.new_game("kansas", deal=3)
    store.start_game(g)
    g.play(g.legal_moves()[0])
    store.save_game(g, 5.0)
    conn = store.connection
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO games (uid, variant, deal, result, seconds, moves, score, winnable_only, daily,"
        " started_at, finished_at) VALUES (?, ?, ?, ?, 60.0, 50, 52, 0, NULL, ?, ?)",
        (_row(i) for i in range(games)),
    )
    conn.execute("COMMIT")
    store.close()
    return folder / DB_NAME


def _row(i: int) -> tuple[object, ...]:
    variant, result = ("kansas", "seahaven")[i % 2], ("won", "lost")[i % 3 == 0]
    finished = f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}T10:05:00+01:00"
    return (f"game-{i:08d}", variant, i % 1000 + 1, result, "2025-01-01T10:00:00+01:00", finished)


def zero_middle_page(raw: bytes) -> bytes:
    middle = len(raw) // PAGE // 2
    return raw[: middle * PAGE] + bytes(PAGE) + raw[(middle + 1) * PAGE :]


def cut_last_page(raw: bytes) -> bytes:
    return raw[:-PAGE]


DAMAGE = {"one page zeroed": zero_middle_page, "cut short by a page": cut_last_page}


def baseline(ref: str, name: str = "salvage") -> ModuleType:
    """``game/store/<name>.py`` as it is at ``ref``, loaded as a module of its own."""
    root = Path(__file__).resolve().parents[1]
    text = subprocess.run(
        ["git", "show", f"{ref}:game/store/{name}.py"], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    path = Path(tempfile.mkdtemp(prefix="salvage-baseline-")) / f"baseline_{name}.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(f"baseline_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def time_salvage(run: Salvage, damaged: Path, scratch: Path) -> tuple[float, int]:
    """Seconds one salvage of ``damaged`` takes into a fresh database, and the games it kept."""
    target_path = scratch / "target.sqlite3"
    target_path.unlink(missing_ok=True)
    target = sqlite3.connect(target_path, isolation_level=None)
    target.execute("PRAGMA journal_mode = DELETE")
    db.migrate(target)
    try:
        start = time.perf_counter()
        kept = run(damaged, target)
        return time.perf_counter() - start, kept.get("games", 0)
    finally:
        target.close()


def time_open(damaged: Path, scratch: Path) -> float:
    folder = scratch / "open"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    shutil.copy(damaged, folder / DB_NAME)
    start = time.perf_counter()
    Store.open(folder).close()
    return time.perf_counter() - start


def main() -> None:
    """Print the figures (see the module doc)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200_000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--baseline", default="main", help="the git revision of the baseline salvage")
    args = p.parse_args()
    old = baseline(args.baseline)
    theirs = baseline(args.baseline, "schema").SCHEMA_VERSION
    if theirs != schema.SCHEMA_VERSION:
        print(
            f"note: {args.baseline} writes schema {theirs}, this code {schema.SCHEMA_VERSION};"
            " both salvage into this code's"
        )
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        good = fill(scratch / "good", args.games).read_bytes()
        print(f"{args.games:,} finished games, {len(good) // PAGE:,} pages; medians of {args.repeats} runs")
        for name, damage in DAMAGE.items():
            damaged = scratch / f"{name.replace(' ', '-')}.sqlite3"
            damaged.write_bytes(damage(good))
            figures = {}
            for label, run in (("baseline", old.salvage), ("this code", salvage.salvage)):
                runs = [time_salvage(run, damaged, scratch) for _ in range(args.repeats)]
                figures[label] = statistics.median(t for t, _ in runs)
                print(f"  {name:20} {label:10} {figures[label]:7.2f} s  {runs[0][1]:>9,} games kept")
            print(f"  {name:20} ratio      {figures['this code'] / figures['baseline']:7.2f}x")
            opened = statistics.median(time_open(damaged, scratch) for _ in range(args.repeats))
            print(f"  {name:20} Store.open {opened:7.2f} s  (check, salvage, swap)")


if __name__ == "__main__":
    main()
