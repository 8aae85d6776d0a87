"""pygame-ce imported without the optional modules the first frame does not need.

pygame's ``__init__`` imports every optional module it has, each inside ``try``/``except
ImportError``: the music and mixer modules (SDL_mixer and its codec libraries, ~9 ms), its
data-file helper (``importlib.resources``, ``tempfile``, ``shutil``: ~7 ms), the debug and
system-information modules, sprites, masks, the clipboard... The game uses none of them before
its first frame, and only the mixer after it. While ``pygame`` is imported here those names are
set to ``None`` in ``sys.modules``, which makes their import raise ``ImportError`` as a missing
optional module would; afterwards they import normally (``game.view.sound`` imports
``pygame.mixer`` when it opens the mixer).

The game's font (``default_font``) is the bundled DejaVu Sans Condensed Bold
(``assets/fonts``): pygame's own default font lacks the no-break spaces Babel puts in French
and Russian numbers, the card suits and arrows. It is read straight from its file (no data-file
helper) at the size pygame would give its default font, so text keeps its size.
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
"""pygame shrinks the size asked of its default font (``Font(None, size)``) by this factor;
the bundled font is opened at the same fraction, which gives it about the same cap height."""

FONT_FILE = ("fonts", "DejaVuSansCondensed-Bold.ttf")
"""The bundled font, under ``assets/``: Latin with accents, Cyrillic, typographic punctuation,
no-break spaces, card suits and arrows (its licence beside it)."""


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


def font_file() -> str:
    """The file text is drawn with: the bundled font, else pygame's default font's file
    (a damaged install), else ``""`` (pygame's built-in default)."""
    global _font_file
    if _font_file is None:
        from game.resources import asset_path

        bundled = str(asset_path(*FONT_FILE))
        fallback = os.path.join(os.path.dirname(pygame.__file__ or ""), "freesansbold.ttf")
        _font_file = next((path for path in (bundled, fallback) if os.path.isfile(path)), "")
    return _font_file


def default_font(size: int) -> pygame.font.Font:
    """The game's font at ``size`` (sized as ``pygame.font.Font(None, size)`` would be)."""
    path = font_file()
    if not path:
        return pygame.font.Font(None, size)
    return pygame.font.Font(path, max(1, int(size * DEFAULT_FONT_SCALE)))


__all__ = ["DEFERRED", "FONT_FILE", "default_font", "font_file", "pygame"]
