"""Another program holding the database's write lock (issue 39, item 11): the window does not
wait for it; every move is kept in order and saved once the lock is let go."""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from store_helpers import play_random

import game
from game.store import Store
from game.store.paths import DB_NAME

Opener = Callable[..., Store]


def test_a_write_lock_held_by_another_program_delays_saving_without_freezing_or_losing_a_move(
    data: Path, open_store: Opener
) -> None:
    store = open_store()
    g = game.new_game("kansas", deal=8)
    assert store.start_game(g)
    other = sqlite3.connect(data / DB_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the sqlite3 shell in a transaction

    took = []
    for _ in range(3):
        play_random(g, random.Random(len(took)), 1)
        start = time.perf_counter()
        assert store.save_game(g, 1.0) is False
        took.append(time.perf_counter() - start)
    settings = store.load_settings()
    settings.sound = False
    store.save_settings(settings)

    assert max(took) < 5.0  # not the 10 s busy timeout per move (one wait of WRITE_WAIT_S, then queued)
    assert store.writes_waiting == 4
    (notice,) = store.take_notices()
    assert "Saving is delayed" in notice
    assert store.retry_writes(wait=0.1) is False  # still held: still waiting, in order

    other.execute("ROLLBACK")
    other.close()
    assert store.retry_writes(wait=1.0)
    assert "Saving works again" in store.take_notices()[0]
    store.close()
    with Store.open(data) as again:
        saved = again.load_game("kansas")
        assert saved is not None and saved.game.text() == g.text()
        assert again.load_settings().sound is False


def test_writes_still_waiting_are_made_on_closing(data: Path, open_store: Opener) -> None:
    store = open_store()
    g = game.new_game("seahaven", deal=2)
    store.start_game(g)
    other = sqlite3.connect(data / DB_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    play_random(g, random.Random(2), 2)
    store.save_game(g, 3.0)
    other.execute("COMMIT")
    other.close()

    store.close()

    with Store.open(data) as again:
        saved = again.load_game("seahaven")
        assert saved is not None and saved.game.text() == g.text()
