"""The database schema, versioned with ``PRAGMA user_version`` and upgraded by ordered migrations.

``MIGRATIONS[n]`` takes a database from version ``n`` to ``n + 1``; a fresh database runs them
all. A migration is a tuple of SQL statements run in one transaction with the version bump, so
a crash mid-upgrade leaves the old version whole. Never edit a released migration: append one.
Everything stored is plain data (numbers, text, JSON text): no pickle, no code.
"""

from __future__ import annotations

import functools
import sqlite3
from typing import Final

APPLICATION_ID: Final = 0x536F6C69
"""``PRAGMA application_id`` of our databases ("Soli"), so a foreign SQLite file is recognised."""

V1: Final = (
    # Settings: one row per setting, the value as JSON text (see settings.py).
    """CREATE TABLE settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID""",
    # The game in progress, one per variant, rewritten after every player action.
    """CREATE TABLE saved_games (
        variant TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        deal INTEGER,
        opening TEXT NOT NULL,
        actions TEXT NOT NULL,
        actions_made INTEGER NOT NULL,
        position INTEGER NOT NULL,
        position_text TEXT NOT NULL,
        elapsed REAL NOT NULL,
        moves INTEGER NOT NULL,
        score INTEGER NOT NULL,
        stuck INTEGER NOT NULL,
        winnable_only INTEGER NOT NULL,
        daily TEXT,
        started_at TEXT NOT NULL,
        saved_at TEXT NOT NULL
    )""",
    # One row per finished game (won, or left unfinished for another deal), in finishing order.
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        variant TEXT NOT NULL,
        deal INTEGER,
        result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')),
        seconds REAL NOT NULL,
        moves INTEGER NOT NULL,
        score INTEGER NOT NULL,
        winnable_only INTEGER NOT NULL,
        daily TEXT,
        started_at TEXT NOT NULL,
        finished_at TEXT NOT NULL
    )""",
    "CREATE INDEX games_by_variant ON games (variant, id)",
    # Saved games that could not be replayed (damaged, or from other rules): kept, never deleted.
    """CREATE TABLE unreadable_saves (
        id INTEGER PRIMARY KEY,
        variant TEXT NOT NULL,
        saved_row TEXT NOT NULL,
        reason TEXT NOT NULL,
        kept_at TEXT NOT NULL
    )""",
    f"PRAGMA application_id = {APPLICATION_ID}",
)

V2: Final = (
    # The solver's verdict on the deal as the game knew it ('winnable', 'unwinnable' or NULL:
    # not known), kept with the game in progress and recorded with the finished game.
    "ALTER TABLE saved_games ADD COLUMN verdict TEXT",
    "ALTER TABLE games ADD COLUMN verdict TEXT",
)

V3: Final = (
    # The statistics' running sums up to the finished game last_id (sums.py, as JSON): derived
    # data, added to as the statistics screen opens, and added up again from games when
    # missing, damaged or not matching games. A changed or deleted finished game drops them.
    """CREATE TABLE tallies (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        last_id INTEGER NOT NULL,
        games INTEGER NOT NULL,
        sums TEXT NOT NULL
    )""",
    "CREATE TRIGGER games_deleted AFTER DELETE ON games BEGIN DELETE FROM tallies; END",
    "CREATE TRIGGER games_changed AFTER UPDATE ON games BEGIN DELETE FROM tallies; END",
)

MIGRATIONS: tuple[tuple[str, ...], ...] = (V1, V2, V3)
"""Migration ``n`` upgrades version ``n`` to ``n + 1``."""

SCHEMA_VERSION: Final = len(MIGRATIONS)
"""The newest schema this code knows; a database with a higher version is moved aside."""


Entry = tuple[str, str, str, str | None]
"""A row of ``sqlite_master``: type, name, table, and its SQL (``None`` for an index SQLite
makes for a ``UNIQUE`` or ``PRIMARY KEY``)."""


def same_text(row: Entry) -> Entry:
    """``row`` with every run of white space in its SQL one space, to compare definitions."""
    kind, name, table, sql = row
    return kind, name, table, None if sql is None else " ".join(sql.split())


@functools.cache
def made_by(version: int) -> tuple[Entry, ...]:
    """The tables, indexes and triggers the migrations up to ``version`` make, as they are
    written in ``sqlite_master``."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for migration in MIGRATIONS[:version]:
            for statement in migration:
                conn.execute(statement)
        return tuple(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall())
    finally:
        conn.close()
