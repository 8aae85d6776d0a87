"""Which copy of the game plays which variant: a lock file per variant in the data folder.

Two windows on one data folder share the database safely, but each variant has one game in
progress: if both played it, each save would replace the other's. The window that opens a
variant first holds its lock (``.solitaire.sqlite3.<variant>.lock``) until it leaves it or
quits; a second window finds the lock taken and is told so. The system drops a lock when its
process ends, however it ends, so no stale lock outlives a crash.

Within one process the newest ``Claims`` takes a variant over from an older one: one process is
one window, so an older holder there is a game that has been left (tests build many apps).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from pathlib import Path
from typing import IO

_HELD_HERE: dict[Path, Claims] = {}
"""Lock file -> the ``Claims`` of this process holding it."""


class Claims:
    """The variants this copy of the game plays, each held by an open, locked file."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = None if folder is None else folder.absolute()
        """Where the lock files live (``None``: nothing is saved, so nothing to share)."""
        self._held: dict[str, IO[bytes]] = {}
        self.problem: str | None = None
        """Why a lock file could not be opened (the other windows are then not kept out)."""

    def take(self, variant: str) -> bool:
        """Hold ``variant`` (letting go of any other); ``False`` if another copy holds it.

        A lock that cannot be made at all (a file system without locks) counts as held: the
        player is never kept from their game by a missing feature.
        """
        for other in [v for v in self._held if v != variant]:
            self.release(other)
        if self.folder is None or variant in self._held:
            return True
        path, handle = self._open(variant)
        if handle is None:
            return True
        if not _lock(handle):
            handle.close()
            return False
        self._held[variant] = handle
        _HELD_HERE[path] = self
        return True

    def _open(self, variant: str) -> tuple[Path, IO[bytes] | None]:
        """The variant's lock file, open: the usual one, else (something else is at its name,
        or another user's file) the spare that every copy turns to then; ``None`` if neither
        opens, which ``problem`` then says."""
        assert self.folder is not None
        error: OSError | None = None
        for path in lock_paths(self.folder, variant):
            earlier = _HELD_HERE.get(path)
            if earlier is not None:
                earlier.release(variant)
            try:
                return path, _open(path)
            except OSError as exc:
                error = exc
        self.problem = error.strerror if error is not None and error.strerror else str(error)
        return path, None

    def release(self, variant: str) -> None:
        """Let another copy play ``variant``."""
        handle = self._held.pop(variant, None)
        if self.folder is not None:
            for path in lock_paths(self.folder, variant):
                if _HELD_HERE.get(path) is self:
                    del _HELD_HERE[path]
        if handle is not None:
            with contextlib.suppress(OSError):
                _unlock(handle)
            handle.close()

    def release_all(self) -> None:
        """Let go of every variant (on quitting)."""
        for variant in list(self._held):
            self.release(variant)


def lock_paths(folder: Path, variant: str) -> list[Path]:
    """The variant's lock file, and the spare tried when it cannot be opened."""
    name = f".solitaire.sqlite3.{variant}.lock"
    return [folder / name, folder / f"{name}-spare"]


def _open(path: Path) -> IO[bytes]:
    # Not blocking on a FIFO put there; anything but a plain file is refused.
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o600)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, os.strerror(errno.EINVAL), str(path))
    return os.fdopen(fd, "r+b")


if sys.platform == "win32":
    import msvcrt

    def _lock(handle: IO[bytes]) -> bool:
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(handle: IO[bytes]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError:
            return True  # no locks on this file system: see Claims.take
        return True

    def _unlock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
