"""Windows: the game is a windowed program (no console window opens when it is double-clicked),
and such a program starts without standard output or error. Run from a terminal (``solitaire.exe
deal ...``, ``--version``, a mistyped option), it attaches to that terminal's console and writes
there, so what it prints still reaches the player. Output redirected to a file or a pipe arrives
as usual and is left alone; elsewhere this does nothing.

Everywhere: standard output never fails on a character its encoding lacks (``tolerant_output``).
A console on Windows is written through its wide-character API and takes any text; the Windows
executables write UTF-8 into a pipe or file (PyInstaller's ``X utf8``, build/solitaire.spec).
Elsewhere the stream has the locale's encoding (or ``PYTHONIOENCODING``'s), the one whoever reads
it decodes with: it is kept, so every letter it has stays right (German in cp1252), and a letter
it lacks (Russian in cp1252) becomes ``?`` instead of a UnicodeEncodeError. Switching such a
stream to UTF-8 would garble every accented letter for its reader. Standard error already
replaces what it cannot encode (Python's ``backslashreplace``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO, Any

ATTACH_PARENT_PROCESS = -1
"""AttachConsole's argument for the console of the process that started this one."""


def reach_terminal(
    platform: str = sys.platform,
    attach: Callable[[int], Any] | None = None,
    opener: Callable[[str], IO[str]] | None = None,
) -> bool:
    """Give a windowed Windows program without standard output or error the console of the
    terminal it was started from, if any; returns whether it did. ``attach`` and ``opener`` stand
    in for kernel32's AttachConsole and opening the console's output (tests)."""
    if platform != "win32" or (sys.stdout is not None and sys.stderr is not None):
        return False
    try:
        if attach is None:
            attach = _kernel32_attach()
        if not attach(ATTACH_PARENT_PROCESS):
            return False  # started from Explorer: there is no terminal to write to
        opener = opener or _open_console_output
        if sys.stdout is None:
            sys.stdout = opener("CONOUT$")
        if sys.stderr is None:
            sys.stderr = opener("CONOUT$")
    except OSError:
        return False
    return True


NEVER_RAISE = frozenset({"replace", "backslashreplace", "xmlcharrefreplace", "namereplace", "ignore"})
"""Error handlers that never raise on a character the encoding lacks (``strict`` and
``surrogateescape``, which Python picks for standard output on Windows and in the C locale, do)."""


def tolerant_output(stream: IO[str] | None = None) -> bool:
    """Make ``stream`` (standard output) replace, with ``?``, a character its encoding cannot take
    instead of raising; returns whether it changed. A handler that never raises, already chosen
    (``PYTHONIOENCODING=...:backslashreplace``), is kept, and so is a stream that cannot be
    reconfigured."""
    stream = sys.stdout if stream is None else stream
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None or getattr(stream, "errors", None) in NEVER_RAISE:
        return False
    try:
        reconfigure(errors="replace")
    except (OSError, ValueError):  # a closed or detached stream: nothing will be written to it
        return False
    return True


def _kernel32_attach() -> Callable[[int], Any]:
    import ctypes

    windll: Any = getattr(ctypes, "WinDLL")  # noqa: B009  (Windows only; typeshed has it there alone)
    return windll("kernel32", use_last_error=True).AttachConsole  # type: ignore[no-any-return]


def _open_console_output(name: str) -> IO[str]:
    return open(name, "w", encoding="utf-8", errors="replace")  # kept open for the life of the process
