"""The interface's colours (a theme) and the felt's colours: the player's choice, switched live.

Screens name their colours by the classic theme's palette (``widgets.TEXT``, ``widgets.PANEL``,
…): ``themed`` turns one into the current theme's colour as it is drawn, so a change of theme
needs no new layout, only a redraw. Text goes through it in ``widgets.text``; panels, buttons,
the bars and the other boxes where they are drawn. No pygame here: the first window reads the
felt's colour before pygame's drawing is loaded.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, fields

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """The colours of every screen but the cards: light text on dark panels, in two moods."""

    key: str
    text: Color
    text_dim: Color
    text_off: Color
    bar: Color
    """The toolbar's and the status line's strip."""
    bar_rim: Color
    button: Color
    button_hover: Color
    panel: Color
    """Dialogs, menus and the statistics (drawn slightly translucent)."""
    grid: Color
    """The statistics chart's lines and the list's rules."""
    plot: Color
    """The statistics chart's ground."""
    outside: Color
    """The calendar's days outside the month."""
    toast: Color
    """The pill behind a toast."""
    felt_light: float
    """The factor on the felt's colours (the dark theme dims the table too)."""
    veil: int
    """How dark the table is behind a dialog (alpha, 0 to 255)."""


CLASSIC = Theme(
    "classic",
    text=(238, 242, 234),
    text_dim=(160, 178, 166),
    text_off=(100, 116, 106),
    bar=(16, 30, 23),
    bar_rim=(44, 70, 55),
    button=(40, 64, 51),
    button_hover=(60, 94, 75),
    panel=(20, 34, 27),
    grid=(52, 78, 63),
    plot=(14, 26, 20),
    outside=(34, 44, 38),
    toast=(12, 22, 17),
    felt_light=1.0,
    veil=140,
)
"""Today's look: green-tinted panels over the green felt."""

DARK = Theme(
    "dark",
    text=(226, 228, 233),
    text_dim=(150, 154, 164),
    text_off=(92, 95, 104),
    bar=(9, 9, 11),
    bar_rim=(36, 37, 43),
    button=(40, 41, 48),
    button_hover=(62, 64, 75),
    panel=(16, 16, 19),
    grid=(46, 48, 56),
    plot=(7, 7, 9),
    outside=(26, 27, 31),
    toast=(7, 7, 9),
    felt_light=0.6,
    veil=175,
)
"""Near-black neutral panels and bars, and the felt dimmed to six tenths of its light."""

THEMES: dict[str, Theme] = {t.key: t for t in (CLASSIC, DARK)}
THEME_ORDER: tuple[str, ...] = tuple(THEMES)

FELTS: dict[str, tuple[Color, Color]] = {
    "green": ((38, 116, 70), (10, 50, 30)),
    "blue": ((40, 92, 150), (10, 30, 64)),
    "red": ((140, 38, 46), (56, 12, 18)),
    "purple": ((96, 56, 134), (34, 16, 56)),
    "brown": ((134, 92, 54), (56, 34, 16)),
    "grey": ((88, 96, 104), (30, 34, 38)),
}
"""Per felt: its colour in the middle (the light) and at the edges."""
FELT_ORDER: tuple[str, ...] = tuple(FELTS)

_COLOUR_FIELDS = tuple(f.name for f in fields(Theme) if f.type in ("Color", Color))
_current = CLASSIC
_palette: dict[Color, Color] = {}


def theme() -> Theme:
    """The theme in use."""
    return _current


def set_theme(key: str) -> None:
    """Use the theme ``key`` (an unknown key: the classic one) from the next frame on."""
    global _current, _palette
    _current = THEMES.get(key, CLASSIC)
    _palette = {getattr(CLASSIC, name): getattr(_current, name) for name in _COLOUR_FIELDS}


def themed(color: Color) -> Color:
    """The current theme's colour for a colour of the classic palette (any other: itself)."""
    return _palette.get(color, color)


def system_prefers_dark() -> bool:
    """Whether the desktop asks applications to be dark, where that is cheap to know: Windows's
    "app mode: dark", and a ``GTK_THEME`` ending in ``:dark`` elsewhere (no process is started
    to ask the desktop)."""
    if sys.platform == "win32":
        import winreg

        personalize = r"Software\Microsoft\Windows\CurrentVersion\Themes\Personalize"
        try:
            with winreg.OpenKey(winreg.HKEY_CURRENT_USER, personalize) as key:
                return bool(winreg.QueryValueEx(key, "AppsUseLightTheme")[0] == 0)
        except OSError:
            return False
    return os.environ.get("GTK_THEME", "").lower().endswith(":dark")


def starting_theme(stored: str) -> str:
    """The theme to start in: the one the player chose, or (``system``: none chosen yet) the
    desktop's preference."""
    if stored in THEMES:
        return stored
    return DARK.key if system_prefers_dark() else CLASSIC.key


def felt_colours(felt: str, key: str | None = None) -> tuple[Color, Color]:
    """The felt's middle and edge colours under theme ``key`` (default: the current one)."""
    light = (THEMES.get(key, CLASSIC) if key is not None else _current).felt_light
    center, edge = FELTS.get(felt, FELTS["green"])
    return _scaled(center, light), _scaled(edge, light)


def first_felt(felt: str, key: str) -> Color:
    """One plain colour for the first frame, before the felt's light is painted."""
    center, edge = felt_colours(felt, key)
    r, g, b = (round(0.75 * c + 0.25 * e) for c, e in zip(center, edge, strict=True))
    return r, g, b


def _scaled(color: tuple[int, ...], factor: float) -> Color:
    r, g, b = (min(255, round(c * factor)) for c in color)
    return r, g, b


set_theme(CLASSIC.key)
