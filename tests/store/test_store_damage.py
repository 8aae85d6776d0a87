"""Damage the first audit did not try (issue 39): damaged schema text, a negative schema
version, rows only a careful reader still gets, odd file types and modes, a creation killed
half-way. The game starts, says what happened, and keeps every row SQLite can still read."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from store_helpers import make_big_database, missing_rows, readable_rows

import game
from game.store import Store
from game.store.first_look import first_look
from game.store.paths import DB_NAME

Opener = Callable[..., Store]
PAGE = 4096


def damage_schema_text(path: Path, table: str = "saved_games") -> None:
    """Byte 2 of ``CREATE TABLE <table>`` in the file set to 0xC5 (not UTF-8)."""
    raw = bytearray(path.read_bytes())
    at = raw.index(f"CREATE TABLE {table}".encode())
    raw[at + 2] = 0xC5
    path.write_bytes(bytes(raw))


def set_user_version(path: Path, version: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()


def root_page(path: Path, table: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0])
    finally:
        conn.close()


def first_leaf(raw: bytes, page: int) -> int:
    """The leftmost leaf page under the table b-tree page ``page``."""
    while raw[(page - 1) * PAGE] == 0x05:  # an interior table page: follow its first child
        start = (page - 1) * PAGE
        cell = int.from_bytes(raw[start + 12 : start + 14], "big")
        page = int.from_bytes(raw[start + cell : start + cell + 4], "big")
    return page


def test_one_damaged_byte_in_the_schema_text_moves_the_file_aside_and_starts(
    data: Path, open_store: Opener
) -> None:
    path = make_big_database(data, 50)
    damage_schema_text(path)

    assert first_look(str(data)).language == "system"  # no traceback, the defaults
    store = open_store()

    (notice,) = store.take_notices()
    assert "could not be read" in notice and "moved to" in notice
    assert store.persistent
    # The table definition is written back as this version's own, so its rows come over too.
    saved = store.load_game("kansas")
    assert saved is not None and saved.game.deal == 3
    assert store.summary().played == 50
    assert store.start_game(game.new_game("kansas", deal=4))


@pytest.mark.parametrize("version", [-5, -1, 0])
def test_a_user_version_below_one_is_a_damaged_file_moved_aside_and_saving_goes_on(
    data: Path, open_store: Opener, version: int
) -> None:
    path = make_big_database(data, 10)
    set_user_version(path, version)

    assert first_look(str(data)).language == "system"
    store = open_store()

    (notice,) = store.take_notices()
    assert "could not be read" in notice and "moved to" in notice
    assert store.persistent
    assert store.load_settings().card_style == "fourcolour"
    assert store.summary().played == 10
    assert store.start_game(game.new_game("bakers-game", deal=9))
    store.close()
    with Store.open(data) as again:
        assert again.take_notices() == []
        assert "bakers-game" in again.saved_variants()


def test_a_file_cut_short_by_one_page_carries_over_every_row_still_readable(
    data: Path, open_store: Opener
) -> None:
    path = make_big_database(data, 3000)
    path.write_bytes(path.read_bytes()[:-PAGE])
    before = readable_rows(path, 3000)
    assert len(before["games"]) > 2900 and before["saved_games"] and before["settings"]

    store = open_store()

    assert "carried over" in store.take_notices()[0]
    assert missing_rows(data / DB_NAME, before) == dict.fromkeys(before, 0)
    assert store.load_game("kansas") is not None


def test_a_zeroed_first_leaf_page_costs_only_its_own_rows(data: Path, open_store: Opener) -> None:
    path = make_big_database(data, 2000)
    raw = bytearray(path.read_bytes())
    leaf = first_leaf(bytes(raw), root_page(path, "games"))
    raw[(leaf - 1) * PAGE : leaf * PAGE] = bytes(PAGE)
    path.write_bytes(bytes(raw))
    before = readable_rows(path, 2000)
    assert 1900 < len(before["games"]) < 2000

    store = open_store()

    assert "carried over" in store.take_notices()[0]
    assert missing_rows(data / DB_NAME, before) == dict.fromkeys(before, 0)
    assert store.summary().played == len(before["games"])


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX modes")
def test_a_read_only_database_stays_read_only_when_made_private(data: Path, open_store: Opener) -> None:
    path = make_big_database(data, 1)
    os.chmod(path, 0o444)

    open_store().close()

    assert stat.S_IMODE(path.stat().st_mode) == 0o400


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_at_the_database_path_is_moved_aside_and_the_game_starts(data: Path) -> None:
    data.mkdir()
    os.mkfifo(data / DB_NAME)
    code = (
        "import sys; from game.store import Store; s = Store.open(sys.argv[1]); "
        "print(s.persistent, s.take_notices())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(data)], capture_output=True, text=True, timeout=60
    )  # on the old code: hangs, and the timeout fails the test

    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("True") and "not a regular file" in done.stdout
    assert (data / DB_NAME).is_file()
    assert [p for p in data.iterdir() if stat.S_ISFIFO(p.lstat().st_mode)]  # kept, renamed


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_first_look_at_a_fifo_gives_the_defaults_at_once(data: Path) -> None:
    data.mkdir()
    os.mkfifo(data / DB_NAME)
    code = "import sys; from game.store.first_look import first_look; print(first_look(sys.argv[1]).language)"
    done = subprocess.run([sys.executable, "-c", code, str(data)], capture_output=True, text=True, timeout=60)
    assert done.stdout == "system\n", done.stderr


def test_files_left_by_a_creation_killed_half_way_are_removed_next_start(
    data: Path, open_store: Opener
) -> None:
    data.mkdir()
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    pid = int(dead.stdout)
    left = [data / f".{DB_NAME}.new-{pid}-0badf00d{suffix}" for suffix in ("", "-wal", "-shm")]
    for p in left:
        p.write_bytes(b"half a database")
    alive = data / f".{DB_NAME}.new-{os.getppid()}-0badf00d"  # a copy of the game still at it
    alive.write_bytes(b"being built")

    open_store().close()

    assert not any(p.exists() for p in left)
    assert alive.exists()
    assert (data / DB_NAME).is_file()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX modes")
def test_a_damaged_file_moved_aside_keeps_only_its_owner_s_access(data: Path, open_store: Opener) -> None:
    path = make_big_database(data, 1)
    damage_schema_text(path, "games")
    os.chmod(path, 0o644)

    open_store().close()

    (moved,) = [p for p in data.iterdir() if ".corrupt-" in p.name]
    assert stat.S_IMODE(moved.stat().st_mode) == 0o600


def test_a_salvaged_file_keeps_each_finished_game_s_verdict(data: Path, open_store: Opener) -> None:
    """The salvage reads and mends the tables as this version defines them (verdict included),
    not as the first version did."""
    path = make_big_database(data, 300)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE games SET verdict = CASE WHEN id % 2 THEN 'winnable' ELSE 'unwinnable' END")
    conn.commit()
    conn.close()
    damage_schema_text(path, "unreadable_saves")

    open_store().close()

    conn = sqlite3.connect(data / DB_NAME)
    verdicts = dict(conn.execute("SELECT verdict, COUNT(*) FROM games GROUP BY verdict").fetchall())
    conn.close()
    assert verdicts == {"winnable": 150, "unwinnable": 150}
