"""Sleeping until the next event, in the kernel.

pygame-ce's ``event.wait`` does not block: it pumps SDL's events and sleeps one millisecond
in a loop (about 800 wake-ups a second, measured with ``strace -c`` on an idle table: 5 % of a
core). SDL's own ``SDL_WaitEventTimeout`` blocks in ``select`` on the window system's
connection (X11, Wayland, Windows, macOS) until an event arrives, another thread posts one,
or the timeout passes. ``wait_event`` calls it in the SDL library pygame has loaded, leaving the
event in the queue for ``pygame.event.get`` (whose pump translates window events as pygame
does), and falls back to ``pygame.event.wait`` where that library cannot be found.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pygame

FOREVER = -1
"""``SDL_WaitEventTimeout``'s timeout for waiting until an event comes, however long."""

_Waiter = Callable[[int], bool]
_found: list[_Waiter | None] = []
"""SDL's wait (a ctypes function) or None where it is not available, once looked for."""


def wait_event(timeout_ms: int | None) -> pygame.event.Event | None:
    """Sleep until an event is queued or ``timeout_ms`` milliseconds pass (``None``: until an
    event). SDL's wait leaves the event queued for ``pygame.event.get`` and returns None;
    pygame's (the fallback) takes it off the queue and returns it."""
    waiter = _sdl_wait()
    if waiter is not None:
        waiter(FOREVER if timeout_ms is None else max(0, timeout_ms))
        return None
    event = pygame.event.wait() if timeout_ms is None else pygame.event.wait(max(0, timeout_ms))
    return None if event.type == pygame.NOEVENT else event


def native() -> bool:
    """Whether ``wait_event`` sleeps in SDL's wait (not pygame's polling loop)."""
    return _sdl_wait() is not None


def _sdl_wait() -> _Waiter | None:
    if not _found:
        _found.append(_load())
    return _found[0]


def _load() -> _Waiter | None:
    import ctypes  # here, at the first wait: after the first frame

    for path in _candidates():
        try:
            library = ctypes.CDLL(path)
            function = library.SDL_WaitEventTimeout
        except (OSError, AttributeError):
            continue
        function.argtypes = [ctypes.c_void_p, ctypes.c_int]
        function.restype = ctypes.c_int

        return _waiter(function)
    return None


def _waiter(function: Callable[[object, int], int]) -> _Waiter:
    def wait(timeout: int) -> bool:
        return bool(function(None, timeout))

    return wait


def _candidates() -> list[str]:
    """The SDL 2 library pygame uses: the one mapped into this process (Linux), else the one
    shipped beside pygame's modules (wheels for Linux, macOS and Windows)."""
    import glob

    found: list[str] = []
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                path = line.split(maxsplit=5)[-1].strip()
                if _is_sdl(os.path.basename(path)) and path not in found and os.path.isfile(path):
                    found.append(path)
    except OSError:
        pass
    here = os.path.dirname(pygame.__file__ or "")
    for folder in (here, os.path.join(here, ".dylibs"), here + "_ce.libs", os.path.dirname(here)):
        for pattern in ("libSDL2*", "SDL2*.dll"):
            found += sorted(
                p for p in glob.glob(os.path.join(folder, pattern)) if _is_sdl(os.path.basename(p))
            )
    found = list(dict.fromkeys(found))
    if sys.platform == "darwin":
        found.append("libSDL2.dylib")
    return found


def _is_sdl(name: str) -> bool:
    """``libSDL2-2.0.so.0``, ``libSDL2-2-50d19f93.0.so…``, ``SDL2.dll``: SDL itself, not one of
    its companion libraries (``SDL2_image``, ``SDL2_ttf``…)."""
    stem = name.removeprefix("lib")
    return stem.startswith("SDL2") and not stem.startswith("SDL2_") and "SDL2" in name


WAKE = pygame.event.custom_type()
"""The event ``Doorbell`` posts when something it watches is ready."""


class Doorbell:
    """Wakes the main loop when a pipe has data or a process ends, so the loop can sleep in
    ``wait_event`` instead of waking every few milliseconds to look (the solver's answers).

    ``watch`` starts a thread that blocks in ``multiprocessing.connection.wait`` on the given
    objects and posts one ``WAKE`` event when any is ready, then ends; the loop takes what
    arrived and watches again.
    """

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._watching: tuple[object, ...] = ()
        self._stop: tuple[Any, Any] | None = None

    def watch(self, objects: Sequence[object]) -> None:
        """Post ``WAKE`` once any of ``objects`` is ready (nothing: stop watching)."""
        objects = tuple(objects)
        running = self._thread is not None and self._thread.is_alive()
        if running and objects == self._watching:
            return
        self.stop()
        if not objects:
            return
        from multiprocessing import Pipe  # the worker that made these has imported it already

        if self._stop is None:
            self._stop = Pipe(duplex=False)
        self._watching = objects
        self._thread = threading.Thread(target=self._ring, args=(objects,), name="doorbell", daemon=True)
        self._thread.start()

    def _ring(self, objects: tuple[object, ...]) -> None:
        from multiprocessing.connection import wait

        assert self._stop is not None
        stop = self._stop[0]
        try:
            ready = wait([*objects, stop])  # type: ignore[list-item]
        except (OSError, ValueError):  # a pipe closed under it: wake the loop to find out
            ready = []
        if stop in ready:
            stop.recv()
            return
        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(WAKE))

    def stop(self) -> None:
        """Stop watching (the thread ends)."""
        thread, self._thread, self._watching = self._thread, None, ()
        if self._stop is None:
            return
        if thread is not None and thread.is_alive():
            self._stop[1].send(None)
            thread.join()
        while self._stop[0].poll():  # a stop the thread, ringing already, did not take
            self._stop[0].recv()

    def close(self) -> None:
        """Stop watching and close the stop pipe."""
        self.stop()
        if self._stop is not None:
            for end in self._stop:
                end.close()
            self._stop = None
