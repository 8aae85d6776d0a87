"""Carrying the readable rows of a damaged database over into the fresh one.

A damaged page spoils only the rows on it: a plain ``SELECT`` on a file that fails
``quick_check`` often still returns nearly everything. Each table is read row by row in key
order; when a read fails, reading goes on after the failing key (a few keys further each
time), so one bad page costs its own rows and no more. Rows are inserted with the fresh
file's constraints, so a row that breaks one is skipped; every value is checked again when
it is read (``saves``, ``stats``, ``settings``), as with any file.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from game.i18n import format_list, format_number, ngettext
from game.store.db import transaction

TABLES = {
    "settings": ("name", "name, value"),
    "saved_games": (
        "rowid",
        "variant, uid, deal, opening, actions, actions_made, position, position_text, elapsed, "
        "moves, score, stuck, winnable_only, daily, started_at, saved_at",
    ),
    "games": (
        "id",
        "id, uid, variant, deal, result, seconds, moves, score, winnable_only, daily, "
        "started_at, finished_at",
    ),
    "unreadable_saves": ("id", "id, variant, saved_row, reason, kept_at"),
}
"""Table -> (the key it is read in order of, its columns)."""
SKIPS = (1, 2, 8, 64, 512, 4096)
"""After a failed read of a numbered table, the key distances tried to get past the bad page."""
MOST_ROWS = 1_000_000


def salvage(damaged: Path, target: sqlite3.Connection) -> dict[str, int]:
    """Copy every readable row of ``damaged`` into ``target``; rows kept per table."""
    kept: dict[str, int] = {}
    try:
        # immutable: no -wal or -shm made beside the kept file; nothing else writes it.
        source = sqlite3.connect(f"{damaged.resolve().as_uri()}?mode=ro&immutable=1", uri=True, timeout=1.0)
    except sqlite3.Error:
        return kept
    try:
        for table, (key, columns) in TABLES.items():
            rows = list(_readable_rows(source, table, key, columns))
            kept[table] = _insert(target, table, columns, rows)
    finally:
        source.close()
    return kept


def _readable_rows(
    conn: sqlite3.Connection, table: str, key: str, columns: str
) -> Iterator[tuple[object, ...]]:
    last: object = None
    count = 0
    skips = iter(SKIPS)
    while count < MOST_ROWS:
        where, args = ("", ()) if last is None else (f" WHERE {key} > ?", (last,))
        try:
            cur = conn.execute(f"SELECT {key}, {columns} FROM {table}{where} ORDER BY {key}", args)
            for row in cur:
                last, count = row[0], count + 1
                yield row[1:]
            return
        except sqlite3.Error:
            if not isinstance(last, int) and last is not None:
                return  # a text key: no way to step past the bad page
            step = next(skips, None)
            if step is None:
                return
            last = (last if isinstance(last, int) else 0) + step - 1


def _insert(conn: sqlite3.Connection, table: str, columns: str, rows: list[tuple[object, ...]]) -> int:
    marks = ", ".join("?" for _ in columns.split(","))
    kept = 0
    with contextlib.suppress(sqlite3.Error), transaction(conn):
        for row in rows:
            try:
                conn.execute(f"INSERT OR IGNORE INTO {table} ({columns}) VALUES ({marks})", row)
                kept += conn.execute("SELECT changes()").fetchone()[0]
            except sqlite3.Error:
                continue
    return kept


def summary(kept: dict[str, int]) -> str:
    """What was carried over, in words (``"83 finished games, 1 saved game and 14 settings"``)."""
    games, saved, settings = (kept.get(name, 0) for name in ("games", "saved_games", "settings"))
    return format_list(
        [
            ngettext("{count} finished game", "{count} finished games", games).format(
                count=format_number(games)
            ),
            ngettext("{count} game in progress", "{count} games in progress", saved).format(
                count=format_number(saved)
            ),
            ngettext("{count} setting", "{count} settings", settings).format(count=format_number(settings)),
        ]
    )
