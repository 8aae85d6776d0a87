"""What the X11 desktop offers the window, asked of Xlib through ctypes (no extra package).

SDL's full screen on X11 asks the window manager for it (``_NET_WM_STATE_FULLSCREEN``). With no
window manager running (a bare X server, a kiosk, Xvfb) nobody honours the request: the window
grows to the screen's size but stays where it was, cut off by the screen's edge. The app then
covers the screen with a borderless window of the desktop's size at its top-left corner instead.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os

_XA_WINDOW = 33
"""The predefined atom of the type WINDOW (X11's Xatom.h)."""


def window_manager_running() -> bool | None:
    """Whether an EWMH window manager runs on ``$DISPLAY``; ``None`` when that cannot be told
    (not X11, no Xlib): the caller then trusts SDL."""
    if not os.environ.get("DISPLAY"):
        return None
    name = ctypes.util.find_library("X11")
    if name is None:
        return None
    try:
        xlib = ctypes.CDLL(name)
    except OSError:
        return None
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    display = xlib.XOpenDisplay(None)
    if not display:
        return None
    try:
        return _has_check_window(xlib, display)
    finally:
        with contextlib.suppress(Exception):
            xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
            xlib.XCloseDisplay(display)


def _has_check_window(xlib: ctypes.CDLL, display: int) -> bool:
    """Whether the root window names a ``_NET_SUPPORTING_WM_CHECK`` window (EWMH's sign of a
    running window manager)."""
    xlib.XDefaultRootWindow.restype = ctypes.c_ulong
    xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    xlib.XInternAtom.restype = ctypes.c_ulong
    xlib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    xlib.XGetWindowProperty.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_ulong,
        ctypes.c_long,
        ctypes.c_long,
        ctypes.c_int,
        ctypes.c_ulong,
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_int),
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_void_p),
    ]
    xlib.XFree.argtypes = [ctypes.c_void_p]
    root = xlib.XDefaultRootWindow(display)
    atom = xlib.XInternAtom(display, b"_NET_SUPPORTING_WM_CHECK", 1)
    if not atom:
        return False
    kind, form = ctypes.c_ulong(), ctypes.c_int()
    items, after, data = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p()
    status = xlib.XGetWindowProperty(display, root, atom, 0, 1, 0, _XA_WINDOW, kind, form, items, after, data)
    if data.value:
        xlib.XFree(data)
    return status == 0 and items.value > 0
