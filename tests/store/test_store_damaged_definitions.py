"""Damage that SQLite's own check does not see (issue 39): a byte of the table definitions
that still parses, and header format numbers no SQLite writes. Each left the damaged file in
use (a column gone, writes refused, or every statement failing); each is now a damaged file,
moved aside (kept) with every row carried over into a fresh one where saving goes on."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from store_helpers import make_big_database

import game
from game.store import Store

Opener = Callable[..., Store]


def replace_once(path: Path, old: bytes, new: bytes) -> None:
    raw = path.read_bytes()
    assert raw.count(old) == 1
    path.write_bytes(raw.replace(old, new))


def set_byte(path: Path, offset: int, value: int) -> None:
    raw = bytearray(path.read_bytes())
    raw[offset] = value
    path.write_bytes(bytes(raw))


def moved_aside_with_every_row(data: Path, open_store: Opener) -> None:
    """The store says the file was moved aside, holds all of ``make_big_database(data, 50)``
    and saves (seen again after reopening)."""
    store = open_store()
    (notice,) = store.take_notices()
    assert "could not be read" in notice and "moved to" in notice
    assert [p for p in data.iterdir() if ".corrupt-" in p.name]
    assert store.persistent
    assert store.summary().played == 50
    assert store.load_settings().card_style == "fourcolour"
    saved = store.load_game("kansas")
    assert saved is not None and saved.game.deal == 3
    assert store.start_game(game.new_game("bakers-game", deal=9))
    store.close()
    with Store.open(data) as again:
        assert again.take_notices() == []
        assert "bakers-game" in again.saved_variants()
        assert again.summary().played == 50


@pytest.mark.parametrize(
    "around",
    [b"uid TEXT NOT NULL,\n        deal", b"name TEXT PRIMARY KEY,\n", b"NOT NULL,\n        finished_at"],
    ids=["saved_games.deal", "settings.value", "games.finished_at"],
)
@pytest.mark.parametrize("byte", [0x80, 0xFF])
def test_a_new_line_of_the_table_definitions_become_a_byte_above_0x7f_is_a_damaged_file(
    data: Path, open_store: Opener, around: bytes, byte: int
) -> None:
    # SQLite reads such a byte as a letter: the next column is renamed to it, and the file
    # passes quick_check (the case the random damage test found: byte 1912, 0x80).
    path = make_big_database(data, 50)
    at = around.index(b"\n")
    replace_once(path, around, around[:at] + bytes([byte]) + around[at + 1 :])

    moved_aside_with_every_row(data, open_store)


def test_a_damaged_check_constraint_in_the_table_definitions_is_a_damaged_file(
    data: Path, open_store: Opener
) -> None:
    # quick_check evaluates it and fails with "unknown function: resultAIN()": the game went on
    # without saving, at every start.
    path = make_big_database(data, 50)
    replace_once(path, b"result IN (", b"resultAIN (")

    moved_aside_with_every_row(data, open_store)


@pytest.mark.parametrize("value", [3, 0x80, 0xFF])
def test_a_header_write_version_no_sqlite_writes_is_a_damaged_file(
    data: Path, open_store: Opener, value: int
) -> None:
    # Byte 18 above 2 makes the file read-only to SQLite: nothing would ever be saved.
    path = make_big_database(data, 50)
    set_byte(path, 18, value)

    moved_aside_with_every_row(data, open_store)


@pytest.mark.parametrize("value", [5, 0xFF])
def test_a_header_schema_format_no_sqlite_writes_is_a_damaged_file(
    data: Path, open_store: Opener, value: int
) -> None:
    # Byte 47 above 4: "unsupported file format" from every statement, so saving was off.
    path = make_big_database(data, 50)
    set_byte(path, 47, value)

    moved_aside_with_every_row(data, open_store)


def test_an_index_another_tool_added_is_no_damage(data: Path, open_store: Opener) -> None:
    path = make_big_database(data, 50)
    conn = sqlite3.connect(path)
    conn.execute("CREATE INDEX games_by_deal ON games (deal)")
    conn.close()

    store = open_store()

    assert store.take_notices() == []
    assert store.summary().played == 50
    assert not [p for p in data.iterdir() if ".corrupt-" in p.name]


def test_a_damaged_key_its_index_disagrees_with_is_a_damaged_file(data: Path, open_store: Opener) -> None:
    # quick_check sees well-formed pages; only integrity_check finds the uid index without it.
    path = make_big_database(data, 50)
    replace_once(path, b"game-00000049seahaven", b"game-0000004Xseahaven")
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    assert conn.execute("PRAGMA integrity_check").fetchall() != [("ok",)]
    conn.close()

    moved_aside_with_every_row(data, open_store)
