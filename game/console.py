"""Windows: the game is a windowed program (no console window opens when it is double-clicked),
and such a program starts without standard output or error. Run from a terminal (``solitaire.exe
deal ...``, ``--version``, a mistyped option), it attaches to that terminal's console and writes
there, so what it prints still reaches the player. Output redirected to a file or a pipe arrives
as usual and is left alone; elsewhere this does nothing.

Text in every language: a console on Windows is written through its wide-character API and
takes any text; into a pipe or file the Windows executables write UTF-8 (PyInstaller's ``X utf8``,
build/solitaire.spec), whatever the system's code page, which on a Western system (cp1252) has
no Cyrillic. Elsewhere the output keeps the locale's encoding, the one its reader decodes with;
one that cannot write the player's language ends the command with one line saying so and how to
fix it (game.streams), rather than the text full of ``?``.
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


def _kernel32_attach() -> Callable[[int], Any]:
    import ctypes

    windll: Any = getattr(ctypes, "WinDLL")  # noqa: B009  (Windows only; typeshed has it there alone)
    return windll("kernel32", use_last_error=True).AttachConsole  # type: ignore[no-any-return]


def _open_console_output(name: str) -> IO[str]:
    return open(name, "w", encoding="utf-8", errors="replace")  # kept open for the life of the process
