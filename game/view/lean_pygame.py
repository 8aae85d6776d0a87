"""pygame-ce imported without the optional modules the first frame does not need.

pygame's ``__init__`` imports every optional module it has, each inside ``try``/``except
ImportError``: the music and mixer modules (SDL_mixer and its codec libraries, ~9 ms), its
data-file helper (``importlib.resources``, ``tempfile``, ``shutil``: ~7 ms), the debug and
system-information modules, sprites, masks, the clipboard... The game uses none of them before
its first frame, and only the mixer after it. While ``pygame`` is imported here those names are
set to ``None`` in ``sys.modules``, which makes their import raise ``ImportError`` as a missing
optional module would; afterwards they import normally (``game.view.sound`` imports
``pygame.mixer`` when it opens the mixer).

The default font is loaded from its file (``default_font``) instead of through the data-file
helper: the same file at the same size, so the same pixels.
"""

from __future__ import annotations

import os
import sys
import warnings

DEFERRED = (
    "pygame.mixer_music",
    "pygame.mixer",
    "pygame.pkgdata",
    "pygame._debug",
    "pygame.system",
    "pygame.typing",
    "pygame.sprite",
    "pygame.mask",
    "pygame.scrap",
    "pygame.cursors",
    "pygame.pixelarray",
)
"""pygame's optional modules kept out of its import (each still imports on demand later)."""

DEFAULT_FONT_SCALE = 0.6875
"""pygame shrinks the size asked of its default font (``Font(None, size)``) by this factor."""


def _import() -> None:
    if "pygame" in sys.modules:
        return
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    deferred = [name for name in DEFERRED if name not in sys.modules]
    for name in deferred:
        sys.modules[name] = None  # type: ignore[assignment]  # "import name" raises ImportError
    try:
        with warnings.catch_warnings():  # pygame warns of a missing sprite or cursors module
            warnings.filterwarnings("ignore", r"import (sprite|cursors):", RuntimeWarning)
            import pygame  # noqa: F401
    finally:
        for name in deferred:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]


_import()

import pygame  # noqa: E402

_font_file: str | None = None


def default_font(size: int) -> pygame.font.Font:
    """pygame's default font, as ``pygame.font.Font(None, size)`` gives it, read from its file."""
    global _font_file
    if _font_file is None:
        path = os.path.join(os.path.dirname(pygame.__file__ or ""), "freesansbold.ttf")
        _font_file = path if os.path.isfile(path) else ""
    if not _font_file:
        return pygame.font.Font(None, size)
    return pygame.font.Font(_font_file, max(1, int(size * DEFAULT_FONT_SCALE)))


__all__ = ["DEFERRED", "default_font", "pygame"]
