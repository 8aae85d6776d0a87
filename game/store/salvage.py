"""Carrying the readable rows of a damaged database over into a fresh one, safely.

``replace_damaged`` builds the fresh file under a temporary name beside the damaged one,
carries every readable row over, and only then swaps it into place: the damaged file is
linked to its ``.corrupt-…`` name and the fresh one renamed over it. A copy of the game killed
meanwhile leaves the damaged file where it was, so the next start salvages it again (and
removes the dead copy's temporary files, ``db.remove_leftovers``).

Reading is done on a scratch copy (with its write-ahead log), the way SQLite's own recovery
reads: schema errors are ignored (``writable_schema``), a table definition whose text is
damaged is written back as this version's own, and each table is read in key order; when a
read fails, the rows after the bad page are read from the other end and the gap between is
read in halving ranges of keys down to single rows, so one bad page costs its own rows and
no more. A text that is not valid UTF-8 is carried over as it is and judged when read.
Rows are inserted with the fresh file's constraints, so a row that breaks one is skipped;
every value is checked again when it is read (``saves``, ``stats``, ``settings``).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import shutil
import sqlite3
from dataclasses import fields
from datetime import datetime
from pathlib import Path

from game.i18n import format_list, format_number, ngettext
from game.store import db, schema
from game.store.db import transaction
from game.store.settings import Settings

TABLES = {
    "settings": ("name", "name, value"),
    "saved_games": (
        "rowid",
        "variant, uid, deal, opening, actions, actions_made, position, position_text, elapsed, "
        "moves, score, stuck, winnable_only, daily, started_at, saved_at, verdict",
    ),
    "games": (
        "id",
        "id, uid, variant, deal, result, seconds, moves, score, winnable_only, daily, "
        "started_at, finished_at, verdict",
    ),
    "unreadable_saves": ("id", "id, variant, saved_row, reason, kept_at"),
}
"""Table -> (the key it is read in order of, its columns in this version; a file of an older
version is read for the columns it has, ``_columns``)."""
MOST_ROWS = 1_000_000
"""No more rows than this are read from one table."""
MOST_QUERIES = 2_000_000
"""No more range reads than this are tried per table to get past bad pages."""
ERRORS = (sqlite3.Error, UnicodeError, OverflowError)
"""What reading a damaged file can raise (an error quoting damaged SQL does not decode)."""
Row = tuple[object, ...]


def replace_damaged(path: Path, label: str, now: datetime) -> tuple[Path, dict[str, int]]:
    """Swap the damaged database at ``path`` for a fresh one holding its readable rows.

    Returns where the damaged file now is and the rows kept per table.
    """
    tmp = db.scratch_name(path, "new")
    try:
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, db.PRIVATE))
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode = DELETE")  # all of it in the one file renamed
            db.migrate(conn)
            kept = salvage(path, conn)
        finally:
            conn.close()
        return _swap(path, tmp, label, now), kept
    finally:
        for p in [tmp, *db.side_files(tmp)]:
            with contextlib.suppress(FileNotFoundError):
                p.unlink()


def _swap(path: Path, fresh: Path, label: str, now: datetime) -> Path:
    """Give the damaged ``path`` its ``.<label>-…`` name and put ``fresh`` in its place: with
    hard links there is no moment without a database at ``path``."""
    target = db.aside_name(path, label, now)
    try:
        os.link(path, target)
    except OSError:  # no hard links here: two renames
        target = db.quarantine(path, label, now)
    else:
        for side, moved in zip(db.side_files(path), db.side_files(target), strict=True):
            with contextlib.suppress(FileNotFoundError):
                os.rename(side, moved)
        db.make_private(target)
    os.replace(fresh, path)
    return target


def salvage(damaged: Path, target: sqlite3.Connection) -> dict[str, int]:
    """Copy every readable row of ``damaged`` into ``target``; rows kept per table."""
    kept: dict[str, int] = {}
    scratch = db.scratch_name(damaged, "salvage")
    try:
        source = _open_copy(damaged, scratch)
    except (OSError, *ERRORS):
        _remove(scratch)
        return kept
    try:
        for table, (key, wanted) in TABLES.items():
            columns = _columns(source, table, wanted)
            rows = _readable_rows(source, table, key, columns)
            kept[table] = _insert(target, table, columns, rows)
    finally:
        source.close()
        _remove(scratch)
    return kept


def _remove(scratch: Path) -> None:
    for p in [scratch, *db.side_files(scratch)]:
        with contextlib.suppress(OSError):
            p.unlink()


def _open_copy(damaged: Path, scratch: Path) -> sqlite3.Connection:
    """A connection to a private copy of ``damaged`` (with its -wal), its schema mended."""
    shutil.copyfile(damaged, scratch)
    wal = damaged.with_name(damaged.name + "-wal")
    if wal.is_file():
        shutil.copyfile(wal, scratch.with_name(scratch.name + "-wal"))
    _mend_header(scratch)
    _mend_schema(scratch)
    source = sqlite3.connect(scratch, isolation_level=None, timeout=1.0)
    source.text_factory = db.text_or_bytes
    source.execute("PRAGMA writable_schema = ON")  # a damaged definition hides only itself
    return source


def _columns(conn: sqlite3.Connection, table: str, wanted: str) -> str:
    """Those of ``wanted`` that ``table`` has (a file of an older version lacks the newer ones;
    when its definition cannot be read, all of them)."""
    try:
        present = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
    except ERRORS:
        return wanted
    names = [c.strip() for c in wanted.split(",")]
    kept = [c for c in names if c.encode() in present or c in present]
    return ", ".join(kept) if kept else wanted


OWN_TABLES = {
    name: sql for kind, name, _table, sql in schema.made_by(schema.SCHEMA_VERSION) if kind == "table" and sql
}
"""Table name -> this version's definition, written back over a damaged one."""


def _mend_header(scratch: Path) -> None:
    """Set the header's format numbers back to what this game writes when damaged ones
    (``db.damaged_formats``) would make SQLite refuse the copy or read it read-only."""
    with scratch.open("r+b") as f:
        header = bytearray(f.read(db.HEADER_SIZE))
        if not db.damaged_formats(header):
            return
        if header[18] not in (1, 2):
            header[18] = header[19] = 2  # WAL, as the game always leaves its file
        if header[47] > 4:
            header[44:48] = (4).to_bytes(4, "big")  # SQLite's schema format since 3.3.0
        f.seek(0)
        f.write(header)


def _mend_schema(scratch: Path) -> None:
    """Write this version's definition over any table definition whose text differs (a
    damaged byte in it hides the whole table, and SQLite's error does not even decode)."""
    with contextlib.suppress(*ERRORS):
        conn = sqlite3.connect(scratch, isolation_level=None, timeout=1.0)
        try:
            conn.text_factory = bytes
            conn.execute("PRAGMA writable_schema = ON")
            for name, sql in OWN_TABLES.items():
                with contextlib.suppress(*ERRORS):
                    conn.execute(
                        "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ? AND sql IS NOT ?",
                        (sql, name, sql.encode()),
                    )
        finally:
            conn.close()


def _readable_rows(conn: sqlite3.Connection, table: str, key: str, columns: str) -> list[Row]:
    """Every row of ``table`` that can be read, in key order."""
    found: dict[object, Row] = {}
    if _scan(conn, f"SELECT {key}, {columns} FROM {table} ORDER BY {key}", found):
        return list(found.values())
    before = len(found)
    _scan(conn, f"SELECT {key}, {columns} FROM {table} ORDER BY {key} DESC", found)
    if key == "name":  # a text key: look each known setting up by name
        for name in [f.name for f in fields(Settings)]:
            _scan(conn, f"SELECT {key}, {columns} FROM {table} WHERE name = ?", found, (name,))
    else:
        _read_gaps(conn, table, key, columns, found, ends=len(found) > before)
    return [found[k] for k in sorted(found, key=_order)]


def _order(key: object) -> tuple[int, object]:
    return (0, key) if isinstance(key, int) else (1, str(key))


def _scan(conn: sqlite3.Connection, sql: str, found: dict[object, Row], args: Row = ()) -> bool:
    """Add the rows ``sql`` gives to ``found`` until it fails; whether it read to the end."""
    try:
        for row in conn.execute(sql, args):
            if len(found) >= MOST_ROWS:
                return True
            found.setdefault(row[0], row[1:])
    except ERRORS:
        return False
    return True


def _read_gaps(
    conn: sqlite3.Connection, table: str, key: str, columns: str, found: dict[object, Row], ends: bool
) -> None:
    """Read the keys between those already read, from 1 up to past the highest one known,
    halving each range that fails; then on, a chunk at a time, while a chunk has rows. The
    indexes are read for the keys they list unless the table was read from both ends."""
    listed = [] if ends else _indexed_keys(conn, table, key)
    read = sorted(k for k in found if isinstance(k, int))
    reader = _RangeReader(conn, f"SELECT {key}, {columns} FROM {table} WHERE {key} BETWEEN ? AND ?", found)
    top = max([0, *read, *(k for k in listed if isinstance(k, int))])
    bounds = [min([1, *read]) - 1, *read, top + 1]
    for low, high in itertools.pairwise(bounds):
        if high - low > 1:
            reader.read(low + 1, high - 1)
    while len(found) < MOST_ROWS and reader.read(top + 1, top + CHUNK):
        top = max(k for k in found if isinstance(k, int))


CHUNK = 1024
"""Keys read at a time past the highest one known (more than a page or two of rows)."""


class _RangeReader:
    """Reads the rows with keys in a range, halving a range that fails down to single keys."""

    def __init__(self, conn: sqlite3.Connection, sql: str, found: dict[object, Row]) -> None:
        self.conn, self.sql, self.found = conn, sql, found
        self.one = sql.replace("BETWEEN ? AND ?", "= ?")
        self.queries = 0

    def read(self, low: int, high: int) -> bool:
        """Read keys ``low`` to ``high``; whether any row was found there."""
        before = len(self.found)
        ranges = [(low, high)]
        while ranges and self.queries < MOST_QUERIES and len(self.found) < MOST_ROWS:
            low, high = ranges.pop()
            self.queries += 1
            last = low - 1
            # One key alone is read as a point lookup: a range read steps on to the next row
            # (on the bad page) before Python gets the row it has.
            sql, args = (self.sql, (low, high)) if low < high else (self.one, (low,))
            try:
                for row in self.conn.execute(sql, args):
                    self.found.setdefault(row[0], row[1:])
                    last = row[0] if isinstance(row[0], int) else last
            except ERRORS:
                if sql is self.one:
                    continue
                low = last + 1  # the rows before the bad page were read
                middle = (low + high) // 2
                ranges += [(middle + 1, high), (low, middle)] if low < high else [(low, high)]
        return len(self.found) > before


def _indexed_keys(conn: sqlite3.Connection, table: str, key: str) -> list[object]:
    """The row keys listed in the table's indexes (read as far as they can be)."""
    keys: dict[object, Row] = {}
    with contextlib.suppress(*ERRORS):
        names = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", (table,)
            )
        ]
        for name in names:
            if not isinstance(name, str) or not re.fullmatch(r"\w+", name):
                continue
            for order in ("", " DESC"):
                _scan(conn, f"SELECT {key}, 0 FROM {table} INDEXED BY {name} ORDER BY {key}{order}", keys)
    return list(keys)


def _insert(conn: sqlite3.Connection, table: str, columns: str, rows: list[tuple[object, ...]]) -> int:
    """Insert ``rows`` (a row the table's constraints refuse is skipped); how many went in."""
    sql = f"INSERT OR IGNORE INTO {table} ({columns}) VALUES ({', '.join('?' for _ in columns.split(','))})"
    start = conn.total_changes
    with contextlib.suppress(sqlite3.Error), transaction(conn):
        for at in range(0, len(rows), BATCH):
            batch = rows[at : at + BATCH]
            try:
                conn.executemany(sql, batch)
            except sqlite3.Error:  # a row refused: the batch again row by row (those in already
                for row in batch:  # are ignored)
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute(sql, row)
    return conn.total_changes - start


BATCH = 1000
"""Rows inserted by one ``executemany``."""


def carry_over(path: Path, label: str, now: datetime) -> tuple[Path, str]:
    """``replace_damaged``, its rows kept said in words ("" when none was): ``db.Salvage``."""
    moved, kept = replace_damaged(path, label, now)
    return moved, summary(kept) if any(kept.values()) else ""


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
