"""Writing to standard output and error when they may fail: a full disk (``> /dev/full``), a
closed stream (``>&-``), a reader that has gone (``| head -1``) or a character set that cannot
write the player's language (``PYTHONIOENCODING=ascii``).

Such a failure ends the command with one line on standard error (when it can be written, else
nothing) and a non-zero status, never a traceback, and leaves nothing for Python to fail on
again when it flushes the streams at exit ("Exception ignored ... BrokenPipeError").
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys

from game.i18n import N_, _

EXIT_OUTPUT = 1
"""The exit status when the output could not be written."""
_LINE = N_("solitaire: could not write the output: {reason}")
_CHARSET = N_(
    "the output's character set ({encoding}) cannot write this text; try a UTF-8 locale or "
    "PYTHONIOENCODING=utf-8"
)
_CLOSED = N_("standard output is closed")


class ClosedOutput(io.TextIOBase):
    """Standard output when the program was started with it closed (``>&-``): writing to it
    raises ``OSError`` (``EBADF``) as writing to a closed descriptor does, instead of Python's
    ``None``, which ``print`` silently skips and ``sys.stdout.write`` fails on with
    ``AttributeError``."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, _(_CLOSED))


def open_stdout() -> bool:
    """Give a closed standard output a ``ClosedOutput``; returns whether it was closed."""
    if sys.stdout is None:
        sys.stdout = ClosedOutput()
        return True
    return False


def flush_stdout() -> None:
    """Flush standard output now, so that a failure to write is raised here, where it is
    handled, not at exit."""
    if sys.stdout is not None:
        sys.stdout.flush()


def output_failed(exc: OSError | UnicodeError) -> int:
    """Say in one line on standard error that the output could not be written (nothing for a
    reader that has gone: ``| head`` asked for no more), make sure nothing is left to fail at
    exit, and return the exit status."""
    _drop_stdout()
    if not isinstance(exc, BrokenPipeError):
        _tell(exc)
    return EXIT_OUTPUT


def _line(exc: OSError | UnicodeError, translate: bool) -> str:
    """The line saying why, in the player's language (else in English)."""
    tr = _ if translate else str
    if isinstance(exc, UnicodeEncodeError):
        reason = tr(_CHARSET).format(encoding=exc.encoding)
    elif isinstance(exc, OSError) and exc.strerror:
        reason = exc.strerror
    else:
        reason = str(exc) or type(exc).__name__
    return tr(_LINE).format(reason=reason)


def _drop_stdout() -> None:
    """Point standard output at nothing: Python flushes it again at exit, and what is left in
    its buffer must not fail a second time."""
    stream = sys.stdout
    with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
        fd = stream.fileno() if stream is not None else -1
        if fd >= 0:
            os.dup2(os.open(os.devnull, os.O_WRONLY), fd)
            return
    sys.stdout = None  # Python's own state for a closed stream


def _tell(exc: OSError | UnicodeError) -> None:
    """One line on standard error: in the player's language, else in English if its character
    set cannot write that, else nothing."""
    stream = sys.stderr
    if stream is None:
        return
    for translate in (True, False):
        line = _line(exc, translate)
        try:
            line.encode(stream.encoding or "utf-8")
        except (UnicodeError, LookupError):
            continue
        with contextlib.suppress(OSError, ValueError, UnicodeError):
            stream.write(line + "\n")
            stream.flush()
        return


def say(line: str) -> None:
    """``line`` on standard error when it can be written there; nothing otherwise (a closed or
    full stream, a character set without its letters): the last word of a game that is ending
    must not end it with a traceback."""
    stream = sys.stderr
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError, UnicodeError):
        stream.write(line + "\n")
        stream.flush()
