"""Opening the database: create, check, upgrade, and never lose the player's file.

``open_database(folder)`` always returns a usable connection:

- a missing folder is created; a fresh database is built under a temporary name and linked
  into place, so no other copy of the game ever sees a half-made file;
- an existing file is checked (SQLite header, ``PRAGMA integrity_check``, application id, schema
  version). A file that is empty, truncated, damaged, not SQLite at all, another program's, or
  from a newer schema is moved aside (renamed ``<name>.corrupt-YYYYmmdd-HHMMSS`` or
  ``<name>.newer-YYYYmmdd-HHMMSS``, with its ``-wal``/``-shm`` files; never deleted), a fresh
  one is created, and a one-line notice says so;
- a folder that cannot be written (read-only, missing and uncreatable) gives an in-memory
  database, seeded with a copy of the saved data when it can be read, and a one-line notice
  that nothing will be saved.

The file is in WAL mode with a busy timeout, and every write is one short ``BEGIN IMMEDIATE``
transaction (``transaction``), so two copies of the game can share it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from game.i18n import N_, _
from game.store import schema
from game.store.paths import database_path, prepare_folder

SQLITE_HEADER = b"SQLite format 3\x00"
HEADER_SIZE = 100
INTEGRITY_CHECK = "PRAGMA integrity_check"
"""Not ``quick_check``: a damaged byte in an index or in a key it copies leaves every page
well-formed, and only the full check sees the index disagree with its table (some 7% of random
one-byte damages past the first page); such an index drops rows from the lists, and a write
through it can fail as malformed at every move. 0.2 s for 200,000 games, on the worker thread."""
BUSY_TIMEOUT_S = 10.0
"""How long opening and checking the file waits for another program's lock."""
WRITE_WAIT_S = 1.0
"""How long a write of the game waits for the lock (on the window's thread): another copy of
the game holds it for milliseconds; past this the write is queued and retried (``Store``)."""
SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
NOTHING_KEPT = N_("playing on with settings and statistics kept only until you quit.")
"""The end of the notice for a folder the game cannot write…"""
DATA_SHOWN = N_(
    "saving is off: your saved games, statistics and settings are shown, and what you play now "
    "is kept only until you quit."
)
"""…and its end when the saved data could be read (``in_memory``)."""
PRIVATE = 0o600
"""The mode of the database and its -wal and -shm files: saved games are the player's alone."""
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
T = TypeVar("T")


class NewerSchema(sqlite3.DatabaseError):
    """The database was written by a newer version of the game."""


class DamagedVersion(sqlite3.DatabaseError):
    """The schema version in the file's header is below zero: no version ever wrote it."""


@dataclass
class Opened:
    """A connection ready for use, where it lives, and what the player must be told."""

    connection: sqlite3.Connection
    path: Path | None
    """The database file, or ``None`` when nothing is saved (in memory)."""
    notices: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Problem:
    """Why an existing database file cannot be used."""

    label: str
    """``corrupt`` or ``newer``: the word in the moved-aside file's name."""
    reason: str

    def notice(self, moved_to: Path) -> str:
        """The one line the player sees."""
        if self.label == "newer":
            # Translators: {reason} is a technical detail; {path} where the old file now is
            text = _(
                "Your saved data was written by a newer version of Solitaire ({reason}); "
                "it was moved to {path} and this version starts afresh."
            )
        else:
            # Translators: {reason} is a technical detail; {path} where the old file now is
            text = _(
                "Your saved data could not be read ({reason}); it was moved to {path} "
                "and a fresh file was started."
            )
        text = text.format(reason=self.reason, path=moved_to)
        return one_line(text)


def one_line(text: str) -> str:
    """``text`` with every run of white space (new lines too) made one space."""
    return " ".join(text.split())


# ------------------------------------------------------------------ connections


def connect(
    path: Path | str, *, synchronous: str = "FULL", timeout: float = BUSY_TIMEOUT_S
) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), WAL, with a busy timeout."""
    if synchronous not in SYNCHRONOUS:
        raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}")
    # Any thread: the app opens the store off its window's thread, then uses it there alone.
    conn = sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA journal_mode = WAL").fetchone()
        conn.execute(f"PRAGMA synchronous = {synchronous}")
    except sqlite3.Error:
        conn.close()
        raise
    return conn


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction, taken at once (``BEGIN IMMEDIATE``): all of it or none of it."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise


def user_version(conn: sqlite3.Connection) -> int:
    """The schema version stored in the file (0 for a new file); ``DamagedVersion`` below 0."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version < 0:
        raise DamagedVersion(f"data version {version}")
    return version


def migrate(conn: sqlite3.Connection) -> None:
    """Bring the schema up to date, one migration per transaction; ``NewerSchema`` if too new."""
    while (version := user_version(conn)) < len(schema.MIGRATIONS):
        with transaction(conn):
            if user_version(conn) != version:  # another copy upgraded it meanwhile
                continue
            for statement in schema.MIGRATIONS[version]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")
    if version > len(schema.MIGRATIONS):
        raise NewerSchema(f"data version {version}; this version reads up to {len(schema.MIGRATIONS)}")


def decoding(work: Callable[[sqlite3.Connection], T], conn: sqlite3.Connection) -> T:
    """``work(conn)``; if a stored text is not UTF-8 (the whole query fails), again with such
    texts read as bytes, so that the row or setting holding one is judged alone, like any odd
    value (decoding every text in Python costs ~0.4 s per 200,000 finished games)."""
    try:
        return work(conn)
    except sqlite3.OperationalError as exc:
        if not str(exc).startswith("Could not decode to UTF-8"):
            raise
    conn.text_factory = text_or_bytes
    try:
        return work(conn)
    finally:
        conn.text_factory = str


def text_or_bytes(value: bytes) -> str | bytes:
    """A stored text as ``str``, or its bytes when they are not UTF-8."""
    try:
        return value.decode()
    except UnicodeDecodeError:
        return value


# ------------------------------------------------------------------ checking


def diagnose(path: Path, keep_open: list[sqlite3.Connection] | None = None) -> Problem | None:
    """What is wrong with the database file at ``path`` (``None``: fine, or no file yet).

    Raises ``OSError`` or ``sqlite3.Error`` when the file cannot be examined at all (no
    permission, locked for too long): that is not a reason to move it aside. With
    ``keep_open``, the connection that found a file fine is put there instead of closed.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            if os.path.isdir(path):
                raise IsADirectoryError(21, os.strerror(21), str(path))
            return Problem("corrupt", _("it is not a regular file"))
        with path.open("rb") as f:
            header = f.read(HEADER_SIZE)
    except FileNotFoundError:
        return None
    if not header:
        return Problem("corrupt", _("the file is empty"))
    if header[: len(SQLITE_HEADER)] != SQLITE_HEADER:
        return Problem("corrupt", _("it is not an SQLite database"))
    if damaged_formats(header):
        return Problem("corrupt", _("its header is damaged"))
    try:
        return _check_contents(path, keep_open)
    except DamagedVersion as exc:
        return Problem("corrupt", str(exc))
    except UnicodeDecodeError:  # SQLite's error quotes damaged schema text, which Python cannot decode
        return Problem("corrupt", _("its table definitions are damaged"))
    except sqlite3.DatabaseError as exc:
        if _error_code(exc) in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
            return Problem("corrupt", str(exc))
        raise


def damaged_formats(header: bytes | bytearray) -> bool:
    """Whether the header's format numbers are ones no SQLite writes: a write version above 2
    makes the file read-only (nothing would ever be saved), a schema format above 4 makes every
    statement fail ("unsupported file format"); neither is seen by ``integrity_check``. (A read
    version above 2 SQLite itself calls no database.)"""
    if len(header) < HEADER_SIZE:
        return False  # cut short: SQLite says so
    return header[18] not in (1, 2) or header[47] > 4


def _check_contents(path: Path, keep_open: list[sqlite3.Connection] | None) -> Problem | None:
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    try:
        # The schema first: the check evaluates CHECK constraints, and a damaged one raises an
        # error that says nothing of damage ("unknown function: resultAIN()").
        problem = _check_identity(conn)
        if problem is None and conn.execute(INTEGRITY_CHECK).fetchall() != [("ok",)]:
            problem = Problem("corrupt", _("the database check found damaged pages"))
    except BaseException:
        conn.close()
        raise
    if problem is None and keep_open is not None:
        keep_open.append(conn)
    else:
        conn.close()
    return problem


def _check_identity(conn: sqlite3.Connection) -> Problem | None:
    version = user_version(conn)
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if app_id != schema.APPLICATION_ID and (app_id != 0 or tables or version):
        return Problem("corrupt", _("it belongs to another program"))
    if version == 0 and tables:  # made whole under another name, so never half-made here
        return Problem("corrupt", "data version 0")
    if version > len(schema.MIGRATIONS):
        return Problem("newer", f"data version {version}; this version reads up to {len(schema.MIGRATIONS)}")
    return _check_schema(conn, version)


def _check_schema(conn: sqlite3.Connection, version: int) -> Problem | None:
    """A ``Problem`` if a table, index or column the schema ``version`` made is missing or
    defined otherwise: a damaged byte of the schema text that SQLite still parses (a new line
    become a byte above 0x7F turns the next column's name into that byte) passes
    ``integrity_check``, and only fails later, each time a statement names the damaged object."""
    conn.text_factory = bytes
    try:
        stored = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    finally:
        conn.text_factory = str
    try:
        found = {
            schema.same_text(
                (kind.decode(), name.decode(), table.decode(), None if sql is None else sql.decode())
            )
            for kind, name, table, sql in stored
        }
    except (UnicodeDecodeError, AttributeError):  # AttributeError: a value that is not text
        return Problem("corrupt", _("its table definitions are damaged"))
    if not {schema.same_text(row) for row in schema.made_by(version)} <= found:
        return Problem("corrupt", _("its table definitions are damaged"))
    return None


def is_busy(exc: sqlite3.Error) -> bool:
    """Whether ``exc`` says another connection holds the lock (``SQLITE_BUSY``/``LOCKED``)."""
    return _error_code(exc) in (_SQLITE_BUSY, _SQLITE_LOCKED)


def _error_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


# ------------------------------------------------------------------ moving aside


def side_files(path: Path) -> list[Path]:
    """The files SQLite keeps beside a database: ``-wal``, ``-shm``, ``-journal``."""
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]


def aside_name(path: Path, label: str, now: datetime) -> Path:
    """A free name ``<name>.<label>-YYYYmmdd-HHMMSS[.n]`` beside ``path`` (side files free too)."""
    base = f"{path.name}.{label}-{now:%Y%m%d-%H%M%S}"
    target = path.with_name(base)
    n = 0
    while any(os.path.lexists(p) for p in [target, *side_files(target)]):
        n += 1
        target = path.with_name(f"{base}.{n}")
    return target


def quarantine(path: Path, label: str, now: datetime) -> Path:
    """Rename ``path`` (and its side files) to a free ``<name>.<label>-YYYYmmdd-HHMMSS[.n]``.

    Returns the new name. Nothing is ever deleted.
    """
    target = aside_name(path, label, now)
    os.rename(path, target)
    for side, moved in zip(side_files(path), side_files(target), strict=True):
        with contextlib.suppress(FileNotFoundError):
            os.rename(side, moved)
    make_private(target)
    return target


# ------------------------------------------------------------------ creating


def scratch_name(path: Path, kind: str) -> Path:
    """A fresh name beside ``path`` for a file this process builds (``.<name>.<kind>-PID-xxxxxxxx``)."""
    return path.with_name(f".{path.name}.{kind}-{os.getpid()}-{os.urandom(4).hex()}")


def remove_leftovers(path: Path) -> None:
    """Remove the files a killed copy of the game was building beside ``path`` (a fresh
    database, a salvage): those whose process has ended. Never the database itself."""
    prefixes = [f".{path.name}.{kind}-" for kind in ("new", "salvage")]
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.parent):
            prefix = next((p for p in prefixes if entry.name.startswith(p)), None)
            if prefix is None:
                continue
            pid = entry.name[len(prefix) :].split("-", 1)[0]
            if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _alive(pid: int) -> bool:
    if sys.platform == "win32":  # os.kill would end the process there: keep the file
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True


def create_atomically(path: Path) -> None:
    """Build a fresh, fully migrated database beside ``path`` and link it into place.

    If another copy of the game created ``path`` meanwhile, theirs is kept.
    """
    tmp = scratch_name(path, "new")
    try:
        # Made 0600 before SQLite opens it: SQLite gives its -wal and -shm files the same mode.
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE))
        conn = connect(tmp)
        try:
            migrate(conn)
        finally:
            conn.close()
        _link_into_place(tmp, path)
    finally:
        for p in [tmp, *side_files(tmp)]:
            with contextlib.suppress(FileNotFoundError):
                p.unlink()


def _link_into_place(tmp: Path, path: Path) -> None:
    try:
        os.link(tmp, path)
    except FileExistsError:
        pass
    except OSError:  # a file system without hard links: a plain rename, if still free
        if not path.exists():
            os.replace(tmp, path)


# ------------------------------------------------------------------ opening


Salvage = Callable[[Path, str, datetime], tuple[Path, str]]
"""Swaps a damaged database (its path, the label its copy aside takes, the time) for a fresh one
holding its readable rows: where the damaged file went, and what was carried over in words (""
for nothing). ``game.store.salvage.carry_over``, handed down by the store so that this module
never imports the one that builds on it."""


def open_database(
    folder: Path, *, now: datetime, salvage: Salvage | None, synchronous: str = "FULL"
) -> Opened:
    """The database in ``folder``, checked and upgraded, or an in-memory stand-in (see above).

    A damaged file's readable rows are carried over by ``salvage``; without it (``None``) the
    file is only moved aside."""
    path = database_path(folder)
    try:
        prepare_folder(folder)
    except OSError as exc:
        return in_memory(path, [cannot_save_notice(folder, exc)])
    remove_leftovers(path)
    notices: list[str] = []
    checking: list[sqlite3.Connection] = []
    try:
        problem = diagnose(path, checking)
        if problem is not None:
            notices.append(_replace(path, problem, now, salvage))
        if not path.exists():
            create_atomically(path)
        make_private(path)
        conn = connect(path, synchronous=synchronous)
    except (OSError, sqlite3.Error) as exc:
        return in_memory(path, [*notices, cannot_save_notice(folder, exc)])
    finally:
        # Closed once the game's own connection is open: closing a database's last connection
        # checkpoints its write-ahead log (an fsync, ~10 ms after a run that did not quit
        # cleanly), which can wait until the game quits.
        for conn_checked in checking:
            conn_checked.close()
    try:
        migrate(conn)
        conn.execute(f"PRAGMA busy_timeout = {int(WRITE_WAIT_S * 1000)}")
    except sqlite3.Error as exc:
        conn.close()
        return in_memory(path, [*notices, cannot_save_notice(folder, exc)])
    return Opened(conn, path, notices)


def _replace(path: Path, problem: Problem, now: datetime, salvage: Salvage | None) -> str:
    """Move the unusable file at ``path`` aside (carrying its readable rows over into a fresh
    file by ``salvage`` when it is damaged); the notice saying so."""
    if salvage is None or problem.label != "corrupt" or not stat.S_ISREG(os.stat(path).st_mode):
        return problem.notice(quarantine(path, problem.label, now))
    moved, kept = salvage(path, problem.label, now)
    notice = problem.notice(moved)
    if kept:
        # Translators: {items} lists counts ("83 finished games, 1 game in progress and 14 settings")
        notice += " " + _("What could still be read was carried over: {items}.").format(items=kept)
    return notice


def make_private(path: Path) -> None:
    """Take away other users' access to the database and its side files (an older version of
    the game made them readable by all); a file that is not ours is left alone."""
    getuid = getattr(os, "getuid", None)  # not on Windows, where chmod only sets read-only
    if getuid is None:
        return
    for p in [path, *side_files(path)]:
        with contextlib.suppress(OSError):
            st = os.lstat(p)
            if stat.S_ISREG(st.st_mode) and st.st_mode & 0o077 and st.st_uid == getuid():
                os.chmod(p, stat.S_IMODE(st.st_mode) & ~0o077)  # a read-only file stays read-only


def cannot_save_notice(folder: Path, exc: BaseException) -> str:
    """The one line saying that nothing can be saved, and why."""
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    # Translators: {reason} is the system's error; {consequence} says what the game does instead
    line = _("Cannot save in {folder} ({reason}): {consequence}")
    return one_line(line.format(folder=folder, reason=reason, consequence=_(NOTHING_KEPT)))


def in_memory(copy_from: Path | None = None, notices: list[str] | None = None) -> Opened:
    """An in-memory database, seeded from ``copy_from`` when that file reads cleanly."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    if copy_from is not None and _copy_if_readable(copy_from, conn):
        notices = [n.replace(_(NOTHING_KEPT), _(DATA_SHOWN)) for n in notices or []]
    try:
        migrate(conn)
    except sqlite3.Error:  # the copy was not usable after all: start empty
        conn.close()
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        with contextlib.suppress(sqlite3.Error):  # a broken migration: keep the versions before it
            migrate(conn)
    return Opened(conn, None, list(notices or []))


def _copy_if_readable(path: Path, target: sqlite3.Connection) -> bool:
    """Copy the database at ``path`` into ``target`` if it reads cleanly; whether it did."""
    with contextlib.suppress(OSError, sqlite3.Error, UnicodeDecodeError):
        if not path.is_file():
            return False
        source = connect_readonly(path)
        try:
            if _readonly_problem(source) is None:
                source.backup(target)
                return True
        finally:
            source.close()
    return False


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection to ``path``, for a folder the game cannot write.

    Reading a database in WAL mode needs its ``-shm`` file, which SQLite cannot create in a
    read-only folder ("attempt to write a readonly database"). A file closed cleanly has no
    write-ahead log to read, so it is then opened ``immutable``: read as it lies, no ``-shm``.
    """
    uri = path.resolve().as_uri()
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=1.0)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.Error:
        conn.close()
    return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, timeout=1.0)


def _readonly_problem(conn: sqlite3.Connection) -> Problem | None:
    rows = conn.execute(INTEGRITY_CHECK).fetchall()
    if rows != [("ok",)]:
        return Problem("corrupt", _("damaged pages"))
    version = user_version(conn)  # DamagedVersion below zero
    return _check_schema(conn, version) if version <= len(schema.MIGRATIONS) else None


def diagnose_readonly(path: Path) -> Problem | None:
    """Like ``diagnose``, opening the file read-only (for a folder we cannot write)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        return Problem("corrupt", _("it is not a regular file"))
    with path.open("rb") as f:
        if f.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            return Problem("corrupt", _("not an SQLite database"))
    conn = connect_readonly(path)
    try:
        return _readonly_problem(conn)
    finally:
        conn.close()
