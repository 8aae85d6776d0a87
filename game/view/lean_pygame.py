"""pygame-ce imported without the optional modules the first frame does not need.

pygame's ``__init__`` imports every optional module it has, each inside ``try``/``except
ImportError``: the music and mixer modules (SDL_mixer and its codec libraries, ~9 ms), its
data-file helper (``importlib.resources``, ``tempfile``, ``shutil``: ~7 ms), the debug and
system-information modules, sprites, masks, the clipboard... The game uses none of them before
its first frame, and only the mixer after it. While ``pygame`` is imported here those names are
set to ``None`` in ``sys.modules``, which makes their import raise ``ImportError`` as a missing
optional module would; afterwards they import normally (``game.view.sound`` imports
``pygame.mixer`` when it opens the mixer).

The game's font (``default_font``) is Source Sans Pro Bold, from the ``font-source-sans-pro``
package on PyPI (SIL Open Font License): pygame's own default font lacks the no-break spaces
Babel puts in French and Russian numbers, and arrows. It is read straight from its file (no
data-file helper, the package is not imported) at a size that gives it the cap height pygame's
default font has at the same asked size, so text keeps its size.
"""

from __future__ import annotations

import os
import sys
import warnings
from typing import TYPE_CHECKING

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

FONT_SCALE = 0.77
"""The game's font is opened at this fraction of the size asked: Source Sans Pro's capitals are
smaller for their size than those of pygame's default font, and at 0.77 (against pygame's
0.6875) both have the same cap height and about the same width (tests/view/test_lean_pygame.py)."""

FONT_PACKAGE = "font_source_sans_pro"
FONT_FILE = ("files", "SourceSansPro-Bold.ttf")
"""The font, inside its package: Latin with accents, Cyrillic, typographic punctuation, no-break
spaces and arrows (its licence, ``files/LICENSE.txt``, beside it). It has no card suits (cards
are written ``9H`` or in words), no thin space and no small triangles: see ``SWAPPED``."""

SWAPPED = {"\u25b8": "\u25b6", "\u25be": "\u25bc", "\u2009": "\u202f"}
"""Characters the font has no glyph for, each drawn (and measured) as the nearest it has: the
small triangles ▸ ▾ as the larger ▶ ▼, the thin space as the narrow no-break space."""

_SWAP = str.maketrans(SWAPPED)


def plain(text: str) -> str:
    """``text`` as the game's font draws it: ``SWAPPED``'s characters replaced."""
    return text.translate(_SWAP)


def _import() -> None:
    if "pygame" in sys.modules:
        return
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # The window's class (X11) and app ID (Wayland) are the desktop entry's name, so a desktop
    # shows the entry's name and icon for the window (the entry's StartupWMClass says the same).
    # Before the import: pygame sets the X11 class to the script's name unless one is set.
    from game.desktop import APP_ID

    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
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

if TYPE_CHECKING:
    from pygame.typing import ColorLike

_font_file: str | None = None


def font_file() -> str:
    """The file text is drawn with: Source Sans Pro Bold, else pygame's default font's file
    (the font package missing or its file damaged), else ``""`` (pygame's built-in default)."""
    global _font_file
    if _font_file is None:
        from game.resources import package_data_path

        ours = package_data_path(FONT_PACKAGE, *FONT_FILE)
        fallback = os.path.join(os.path.dirname(pygame.__file__ or ""), "freesansbold.ttf")
        found = (
            str(path) for path in (ours, fallback) if path and os.path.isfile(path) and _usable(str(path))
        )
        _font_file = next(found, "")
    return _font_file


PROBE = "Ag Жж éß …→"
"""Text a font file must draw to be used: a damaged file (cut short) may open and fail only
when a glyph is drawn."""


def _usable(path: str) -> bool:
    """Whether pygame opens the font file ``path`` and draws with it (an empty, cut-short or
    foreign file is passed over, as a missing one is)."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        probe = pygame.font.Font(path, 16)
        probe.size(PROBE)
        probe.render(PROBE, True, (0, 0, 0))
    except (OSError, ValueError, RuntimeError, MemoryError):  # pygame.error is a RuntimeError
        return False
    return True


class GameFont(pygame.font.Font):
    """A pygame font that draws and measures text as ``plain`` makes it, so a line's measured
    width is the width it is drawn at."""

    def render(
        self,
        text: str | bytes | None,
        antialias: bool,
        color: ColorLike,
        bgcolor: ColorLike | None = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        """``pygame.font.Font.render`` of ``plain(text)``."""
        text = plain(text) if isinstance(text, str) else text
        return super().render(text, antialias, color, bgcolor, wraplength)

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        """``pygame.font.Font.size`` of ``plain(text)``."""
        return super().size(plain(text) if isinstance(text, str) else text)


def default_font(size: int) -> pygame.font.Font:
    """The game's font at ``size`` (sized as ``pygame.font.Font(None, size)`` would be)."""
    path = font_file()
    if not path:
        return pygame.font.Font(None, size)
    scale = FONT_SCALE if os.path.basename(path) == FONT_FILE[-1] else DEFAULT_FONT_SCALE
    return GameFont(path, max(1, int(size * scale)))


__all__ = [
    "DEFERRED",
    "FONT_FILE",
    "FONT_PACKAGE",
    "FONT_SCALE",
    "SWAPPED",
    "GameFont",
    "default_font",
    "font_file",
    "plain",
    "pygame",
]
