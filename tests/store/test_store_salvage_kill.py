"""A copy of the game killed while it carries a damaged file's rows over: the next start
finds the damaged file where it was and carries over all that a completed salvage keeps."""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from store_helpers import make_big_database

from game.store import Store
from game.store.paths import DB_NAME

OPEN = "import sys; print('opening', flush=True); from game.store import Store; Store.open(sys.argv[1])"


def damage(path: Path) -> None:
    """Zero one page in the middle of the file: a plain read of the games stops there."""
    raw = bytearray(path.read_bytes())
    middle = len(raw) // 4096 // 2
    raw[middle * 4096 : (middle + 1) * 4096] = bytes(4096)
    path.write_bytes(bytes(raw))


def opening(folder: Path) -> subprocess.Popen[str]:
    """A copy of the game opening the store in ``folder``, once it has started (``started``)."""
    process = subprocess.Popen([sys.executable, "-c", OPEN, str(folder)], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline() == "opening\n"
    process.started = time.perf_counter()  # type: ignore[attr-defined]
    return process


def finished_games(folder: Path) -> int:
    conn = sqlite3.connect(folder / DB_NAME)
    try:
        return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
    finally:
        conn.close()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_during_salvage_loses_nothing_a_completed_salvage_keeps(tmp_path: Path) -> None:
    damaged = make_big_database(tmp_path / "made", 40_000)
    damage(damaged)
    complete = tmp_path / "complete"
    complete.mkdir()
    shutil.copy(damaged, complete / DB_NAME)
    whole = opening(complete)
    whole.wait(timeout=120)
    took = time.perf_counter() - whole.started  # type: ignore[attr-defined]
    kept = finished_games(complete)
    assert 30_000 < kept < 40_000

    rng = random.Random(39)
    for run in range(6):
        folder = tmp_path / f"run-{run}"
        folder.mkdir()
        shutil.copy(damaged, folder / DB_NAME)
        process = opening(folder)
        time.sleep(rng.uniform(0.1, 0.95) * took)  # imports, the check, then the salvage
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)

        with Store.open(folder) as store:
            store.take_notices()
        assert finished_games(folder) == kept, f"run {run}"
        assert not [p for p in folder.iterdir() if ".new-" in p.name or ".salvage-" in p.name]
