"""``first_look``: the settings the first window needs, read before the store is loaded, agree
with what the store reads, and reading them never creates or changes anything."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import fake_catalogs
import pytest

import game
from game.store import Store
from game.store.first_look import FirstLook, first_look
from game.store.paths import DB_NAME

WINDOW_FIELDS = (
    "window_size",
    "window_pos",
    "fullscreen",
    "high_contrast",
    "last_variant",
    "language",
    "theme",
    "felt",
)


def agrees(look: FirstLook, store: Store) -> None:
    stored = store.load_settings()
    assert {name: getattr(look, name) for name in WINDOW_FIELDS} == {
        name: getattr(stored, name) for name in WINDOW_FIELDS
    }
    assert look.saved_variants == set(store.saved_variants())


def test_first_look_reads_the_window_settings_the_store_saved(
    open_store: Callable[..., Store], data: Path
) -> None:
    store = open_store()
    settings = store.load_settings()
    settings.window_size, settings.window_pos = (1024, 700), (-40, 12)
    settings.fullscreen, settings.high_contrast, settings.last_variant = True, True, "kansas"
    store.save_settings(settings)
    store.start_game(game.new_game("kansas", 3))
    look = first_look(str(data))
    assert (look.window_size, look.window_pos, look.fullscreen) == ((1024, 700), (-40, 12), True)
    assert look.high_contrast and look.last_variant == "kansas" and look.saved_variants == {"kansas"}
    agrees(look, store)


def test_first_look_reads_the_language_chosen_in_the_menu(
    open_store: Callable[..., Store], data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_catalogs.install(tmp_path / "locale", monkeypatch, {"de": {"Language": "Sprache"}})
    store = open_store()
    settings = store.load_settings()
    settings.language = "de"
    store.save_settings(settings)
    look = first_look(str(data))
    assert look.language == "de"
    agrees(look, store)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("window_size", "[0, 700]"),
        ("window_size", "[99999, 700]"),
        ("window_size", "[800.5, 600]"),
        ("window_size", "[true, 600]"),
        ("window_size", "[800, 600, 1]"),
        ("window_size", "not json"),
        ("window_pos", "[-40000, 0]"),
        ("window_pos", '"10,10"'),
        ("fullscreen", "1"),
        ("fullscreen", '"yes"'),
        ("high_contrast", "null"),
        ("last_variant", '"no-such-game"'),
        ("last_variant", "7"),
        ("language", '"xx"'),
        ("language", "3"),
        ("language", '"system"'),
        ("window_size", "[" * 50 + "]" * 50),
    ],
)
def test_a_value_the_store_would_not_believe_reads_as_the_store_reads_it(
    open_store: Callable[..., Store], data: Path, name: str, text: str
) -> None:
    store = open_store()
    store.connection.execute("INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)", (name, text))
    store.connection.commit()
    agrees(first_look(str(data)), store)


def test_first_look_at_a_folder_with_no_data_gives_the_defaults_and_creates_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "new"
    look = first_look(str(folder))
    assert (look.window_size, look.fullscreen, look.last_variant, look.language) == (
        None,
        False,
        None,
        "system",
    )
    assert not folder.exists()


def test_first_look_changes_nothing_in_the_database(open_store: Callable[..., Store], data: Path) -> None:
    store = open_store()
    store.start_game(game.new_game("seahaven", 2))
    store.close()
    before = {p.name: p.read_bytes() for p in data.iterdir()}
    first_look(str(data))
    after = {p.name: p.read_bytes() for p in data.iterdir()}
    # SQLite's own companions of a WAL database may appear (the store opens next anyway).
    assert {k: v for k, v in after.items() if not k.endswith(("-wal", "-shm"))} == before


@pytest.mark.parametrize("content", [b"not a database at all" * 100, b""])
def test_a_file_that_is_not_our_database_gives_the_defaults(tmp_path: Path, content: bytes) -> None:
    (tmp_path / DB_NAME).write_bytes(content)
    look = first_look(str(tmp_path))
    assert look.window_size is None and look.saved_variants == frozenset()


def test_another_programs_database_gives_the_defaults(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.executescript(
        "CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT); "
        "INSERT INTO settings VALUES ('window_size', '[900, 700]'); PRAGMA user_version = 1;"
    )
    conn.close()
    assert first_look(str(tmp_path)).window_size is None


def test_a_data_folder_that_cannot_be_named_gives_the_defaults() -> None:
    assert first_look("~no-such-user-here/solitaire").window_size is None
