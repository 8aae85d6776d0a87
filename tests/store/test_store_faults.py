"""Bad files and bad folders: the old file is kept, the player is told once, the game plays on."""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import sys
from pathlib import Path

import pytest
from store_helpers import play_random

import game
from game.store import Store, db
from game.store.paths import DB_NAME
from game.store.salvage import carry_over


def make_good_database(folder: Path) -> Path:
    """A database with settings, a saved game and one finished game; closed (checkpointed)."""
    store = Store.open(folder)
    settings = store.load_settings()
    settings.card_style = "fourcolour"
    store.save_settings(settings)
    g = game.new_game("kansas", deal=1)
    store.start_game(g)
    play_random(g, random.Random(1), 5)
    store.save_game(g, 3.0)
    store.start_game(game.new_game("kansas", deal=2))
    for i in range(40):  # enough rows for several pages
        store.connection.execute(
            "INSERT INTO unreadable_saves (variant, saved_row, reason, kept_at) VALUES (?, ?, ?, ?)",
            ("kansas", "x" * 500, f"padding {i}", "now"),
        )
    store.close()
    path = folder / DB_NAME
    assert not path.with_name(DB_NAME + "-wal").exists()
    return path


def corrupt_pages(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    rng = random.Random(5)
    for page in range(1, len(raw) // 4096):
        for _ in range(200):
            raw[page * 4096 + rng.randrange(4096)] = rng.randrange(256)
    path.write_bytes(bytes(raw))


def truncate_half(path: Path) -> None:
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2])


def truncate_at_a_page(path: Path) -> None:
    raw = path.read_bytes()
    path.write_bytes(raw[: (len(raw) // 4096 - 2) * 4096])


def truncate_to_header(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:60])


def make_empty(path: Path) -> None:
    path.write_bytes(b"")


def make_text(path: Path) -> None:
    path.write_text("these are my solitaire notes, not a database\n" * 50)


def make_newer(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()


def make_foreign(path: Path) -> None:
    path.unlink()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    conn.commit()
    conn.close()


DAMAGE = {
    "corrupted": (corrupt_pages, "corrupt"),
    "truncated": (truncate_half, "corrupt"),
    "truncated-at-a-page": (truncate_at_a_page, "corrupt"),
    "truncated-to-header": (truncate_to_header, "corrupt"),
    "empty": (make_empty, "corrupt"),
    "not-sqlite": (make_text, "corrupt"),
    "newer-schema": (make_newer, "newer"),
    "another-programs-database": (make_foreign, "corrupt"),
}

READABLE_ROWS_KEPT = {"truncated", "truncated-at-a-page"}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_bad_database_is_moved_aside_and_a_fresh_one_started(data, open_store, kind):
    damage, label = DAMAGE[kind]
    path = make_good_database(data)
    damage(path)
    bad_bytes = path.read_bytes()

    store = open_store()

    (notice,) = store.take_notices()
    moved = [p for p in data.iterdir() if p.name.startswith(f"{DB_NAME}.{label}-2025")]
    assert len(moved) == 1
    assert moved[0].read_bytes() == bad_bytes  # kept, never deleted
    assert str(moved[0]) in notice and "\n" not in notice
    assert store.persistent
    saved = store.load_game("kansas")
    if kind in READABLE_ROWS_KEPT:  # the pages with the settings and the saved game are whole
        assert saved is not None and saved.game.deal == 2
        assert store.load_settings().card_style == "fourcolour"
    else:
        assert saved is None
        assert store.load_settings().card_style == "classic"
    assert store.start_game(game.new_game("kansas", deal=3))
    assert store.take_notices() == []


def test_the_notice_says_newer_version_for_a_newer_schema(data, open_store):
    make_newer(make_good_database(data))
    (notice,) = open_store().take_notices()
    assert "newer version" in notice


def test_moved_aside_files_take_their_wal_and_shm_along(data, clock):
    path = make_good_database(data)
    for suffix in ("-wal", "-shm"):
        path.with_name(path.name + suffix).write_bytes(b"side file")
    make_text(path)

    db.open_database(data, now=clock(), salvage=carry_over).connection.close()

    stamp = f"{DB_NAME}.corrupt-20250314-093000"
    assert (data / stamp).exists()
    assert (data / f"{stamp}-wal").read_bytes() == b"side file"
    assert (data / f"{stamp}-shm").read_bytes() == b"side file"


def test_a_second_bad_file_in_the_same_second_gets_a_numbered_name(data, clock):
    make_text(make_good_database(data))
    db.open_database(data, now=clock(), salvage=carry_over).connection.close()
    make_text(data / DB_NAME)
    db.open_database(data, now=clock(), salvage=carry_over).connection.close()
    names = sorted(p.name for p in data.iterdir() if ".corrupt-" in p.name)
    assert names == [f"{DB_NAME}.corrupt-20250314-093000", f"{DB_NAME}.corrupt-20250314-093000.1"]


def test_a_missing_folder_is_created(tmp_path, open_store):
    folder = tmp_path / "not" / "yet" / "there"
    store = open_store(folder)
    assert store.persistent and store.take_notices() == []
    assert (folder / DB_NAME).is_file()


def assert_plays_in_memory(store: Store) -> None:
    (notice,) = store.take_notices()
    assert notice.startswith("Cannot save in ") and "\n" not in notice
    assert not store.persistent
    g = game.new_game("kansas", deal=4)
    assert store.start_game(g)
    play_random(g, random.Random(4), 3)
    assert store.save_game(g, 1.0)
    assert store.load_game("kansas").game.text() == g.text()
    assert store.take_notices() == []  # said once


def test_a_folder_that_cannot_be_created_plays_in_memory(tmp_path, open_store):
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    assert_plays_in_memory(open_store(blocker / "data"))


def _chmod_is_effective(folder: Path) -> bool:
    try:
        (folder / "probe").write_text("x")
    except OSError:
        return True
    (folder / "probe").unlink()
    return False


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_read_only_folder_plays_in_memory_with_the_saved_data(data, open_store):
    make_good_database(data)
    data.chmod(0o555)
    try:
        if not _chmod_is_effective(data):
            pytest.skip("running as root: chmod does not stop writes (the next test simulates it)")
        store = open_store()
        assert store.load_settings().card_style == "fourcolour"
        assert_plays_in_memory(store)
    finally:
        data.chmod(0o755)


def test_a_folder_that_refuses_writes_plays_in_memory_with_the_saved_data(data, open_store, monkeypatch):
    make_good_database(data)

    def refuse(folder: Path) -> None:
        raise PermissionError(13, "Permission denied", str(folder))

    monkeypatch.setattr(db, "prepare_folder", refuse)
    store = open_store()
    assert store.load_settings().card_style == "fourcolour"  # what was saved is still there
    assert store.load_game("kansas").game.deal == 2
    assert_plays_in_memory(store)


def test_a_failing_write_is_reported_once_and_play_goes_on(open_store, monkeypatch):
    store = open_store()
    g = game.new_game("kansas", deal=6)
    store.start_game(g)

    def broken(conn, row):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr("game.store.saves.write", broken)
    play_random(g, random.Random(6), 1)
    assert store.save_game(g, 1.0) is False
    play_random(g, random.Random(7), 1)
    assert store.save_game(g, 2.0) is False
    (notice,) = store.take_notices()
    assert "disk I/O error" in notice
    monkeypatch.undo()
    assert store.save_game(g, 3.0) is True
    assert store.load_game("kansas").game.text() == g.text()


def test_a_locked_database_is_not_taken_for_a_damaged_one(data, clock):
    make_good_database(data)
    holder = sqlite3.connect(data / DB_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        problem = None
        with contextlib.suppress(sqlite3.OperationalError):  # locked: no reason to move the file
            problem = db.diagnose(data / DB_NAME)
        assert problem is None
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert (data / DB_NAME).exists()


@pytest.mark.skipif(not hasattr(os, "link"), reason="hard links")
def test_no_half_made_database_is_ever_visible(data, clock, monkeypatch):
    # The fresh file is built under a temporary name: a crash leaves no empty database behind.
    seen: list[int] = []
    real_link = os.link

    def watching_link(src, dst):
        seen.append(Path(src).stat().st_size)
        assert not Path(dst).exists()
        real_link(src, dst)

    monkeypatch.setattr(os, "link", watching_link)
    db.open_database(data, now=clock(), salvage=carry_over).connection.close()
    assert seen and seen[0] > 0
    assert [p.name for p in data.iterdir() if p.name.startswith(".")] == []
