"""Handing freed memory back to the system after a busy spell (glibc's ``malloc_trim``)."""

from __future__ import annotations

import sys
from collections.abc import Callable


def release_free_memory() -> None:
    """Hand the C heap's free pages back to the system (glibc only; elsewhere nothing).

    Window-sized surfaces, card renders and sounds come and go while the table moves and
    leave the heap fragmented: a few MiB of resident memory that glibc keeps until asked.
    """
    global _malloc_trim
    if _malloc_trim is None:
        _malloc_trim = _find_malloc_trim()
    _malloc_trim()


def _find_malloc_trim() -> Callable[[], object]:
    if sys.platform.startswith("linux"):
        try:
            import ctypes  # only here: it costs start-up time

            trim = ctypes.CDLL(None).malloc_trim
            return lambda: trim(0)
        except (OSError, AttributeError):
            pass
    return lambda: None


_malloc_trim: Callable[[], object] | None = None
