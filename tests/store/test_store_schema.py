"""The database file: WAL, busy timeout, versioned schema and ordered migrations."""

from __future__ import annotations

import sqlite3

import pytest

import game
from game.store import db, schema
from game.store.paths import DB_NAME


def test_a_fresh_database_has_the_current_schema_wal_and_a_busy_timeout(data, open_store):
    store = open_store()
    conn = store.connection
    assert db.user_version(conn) == schema.SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # Long enough for another copy of the game's transaction, short enough for the window:
    # a write that finds the lock held longer is queued (test_store_busy).
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == db.WRITE_WAIT_S * 1000
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_an_empty_sqlite_file_of_version_zero_is_set_up_in_place(data, open_store):
    data.mkdir()
    conn = sqlite3.connect(data / DB_NAME)
    conn.execute("VACUUM")
    conn.close()
    store = open_store()
    assert store.take_notices() == []
    assert db.user_version(store.connection) == schema.SCHEMA_VERSION


def add_a_migration(monkeypatch):
    extra = ("ALTER TABLE games ADD COLUMN note TEXT", "UPDATE games SET note = 'migrated'")
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, extra))


def test_a_new_migration_upgrades_an_old_file_keeping_its_data(data, open_store, monkeypatch):
    store = open_store()
    g = game.new_game("kansas", deal=1)
    store.start_game(g)
    g.play(g.legal_moves()[0])
    store.save_game(g, 1.0)
    store.abandon_game("kansas")
    store.close()

    add_a_migration(monkeypatch)
    store = open_store()

    assert store.take_notices() == []
    assert db.user_version(store.connection) == schema.SCHEMA_VERSION + 1
    assert store.connection.execute("SELECT note FROM games").fetchall() == [("migrated",)]
    assert store.summary("kansas").played == 1


def test_a_failing_migration_leaves_the_old_version_whole(data, open_store, monkeypatch):
    open_store().close()
    broken = ("ALTER TABLE games ADD COLUMN note TEXT", "THIS IS NOT SQL")
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, broken))

    store = open_store()

    assert not store.persistent  # plays on, in memory
    conn = sqlite3.connect(data / DB_NAME)
    assert db.user_version(conn) == schema.SCHEMA_VERSION
    assert "note" not in [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    conn.close()


def test_a_file_from_a_newer_version_is_moved_aside_not_opened(data, open_store, monkeypatch):
    add_a_migration(monkeypatch)
    open_store().close()
    monkeypatch.undo()
    store = open_store()
    (notice,) = store.take_notices()
    assert "newer version" in notice
    assert any(p.name.startswith(f"{DB_NAME}.newer-") for p in data.iterdir())


def test_migrate_refuses_a_newer_schema():
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    with pytest.raises(db.NewerSchema):
        db.migrate(conn)


def test_the_store_source_has_no_pickle_and_no_eval():
    import ast
    from pathlib import Path

    import game.store

    for path in Path(game.store.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert not {"pickle", "marshal", "shelve", "dill"} & set(names), path
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("eval", "exec"), path
