"""The player's settings: a typed dataclass, stored one JSON value per row.

Reading never fails: a value that is missing, not JSON, of the wrong type or out of range
falls back to its default, and names this version does not know are left in the table
untouched (a newer version may use them).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from game.i18n import available_languages
from game.store import safe_json
from game.store.first_look import FELTS, THEMES
from game.variants import VARIANTS

ANIMATION_SPEEDS = ("normal", "fast", "slow", "off")
"""The animation speeds the view knows (``game.view.animation.SPEEDS``)."""
CARD_STYLES = ("classic", "fourcolour")
"""The card styles the view knows (``game.view.settings.CARD_STYLES``)."""
SPEECH_SETTINGS = ("off", "brief", "full")
"""Speech off, or on and how much it says (``game.app_speech``)."""
CARD_SIZES = ("normal", "large", "largest")
"""The card sizes the view knows (``game.view.settings.CARD_SIZE_ORDER``)."""
CARD_BACKS = ("standard", "rings", "tartan", "stars", "stripes")
"""The card backs (``game.view.backs.BACK_ORDER``)."""
MAX_JSON_CHARS = 10_000
"""The longest stored value read back (the longest real one, the table of variants, is ~150)."""
WINDOW_LIMIT = 32_000
"""No window size or position coordinate beyond this is believed."""


@dataclass
class Settings:
    """Everything the player chooses, with the defaults of a first start."""

    last_variant: str | None = None
    """The game played last (``None``: show the chooser)."""
    window_size: tuple[int, int] | None = None
    """Width and height in pixels (``None``: the app's default for the desktop)."""
    window_pos: tuple[int, int] | None = None
    """The window's top-left corner on the desktop (``None``: where the system puts it)."""
    fullscreen: bool = False
    animation_speed: str = "normal"
    auto_moves: bool = True
    click_to_move: bool = False
    winnable_only: dict[str, bool] = field(default_factory=dict)
    """Per variant key: deal only deals the solver has found winnable."""
    winnable_indicator: bool = True
    sound: bool = True
    volume: float = 0.8
    """0 to 1."""
    card_style: str = "classic"
    high_contrast: bool = False
    language: str = "system"
    """A language code with a catalog (``de``, ``pt_BR``), or ``system``: the system's language."""
    speech: str = "off"
    """Speech for blind and low-vision players: ``off``, ``brief`` or ``full``."""
    large_print: bool = False
    card_size: str = "normal"
    last_move: bool = True
    """Outline the last move for a moment."""
    theme: str = "system"
    """``classic`` or ``dark``; ``system`` until the player chooses: the desktop's preference."""
    felt: str = "green"
    card_back: str = "standard"
    show_clock: bool = True
    """The clock in the status line (it counts for the statistics either way)."""
    show_score: bool = True
    show_moves: bool = True
    no_sound_told: bool = False
    """Whether the player was told that no sound device was found: told once, not on every
    launch; once a device is found again, a later loss of it is told again."""
    mirror_layout: bool = False
    """The left-handed layout: the table mirrored left to right."""
    one_click_move: bool = False
    """A click on a card plays it home, else to the hint's best place."""

    def winnable_only_for(self, variant: str) -> bool:
        """Whether ``variant`` deals only winnable deals."""
        return self.winnable_only.get(variant, False)

    def validated(self) -> Settings:
        """A copy with every invalid value replaced by its default."""
        defaults = Settings()
        changes = {
            f.name: _check_or(f.name, getattr(self, f.name), getattr(defaults, f.name)) for f in fields(self)
        }
        return replace(self, **changes)


# ------------------------------------------------------------------ checks


def _boolean(value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise ValueError("not true or false")


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("not a number")
    return float(value)


def _choice(options: tuple[str, ...]) -> Callable[[object], str]:
    def check(value: object) -> str:
        if isinstance(value, str) and value in options:
            return value
        raise ValueError(f"not one of {', '.join(options)}")

    return check


def _variant_or_none(value: object) -> str | None:
    if value is None or (isinstance(value, str) and value in VARIANTS):
        return value
    raise ValueError("not a known variant")


def _pair(low: int, high: int) -> Callable[[object], tuple[int, int] | None]:
    def check(value: object) -> tuple[int, int] | None:
        if value is None:
            return None
        if isinstance(value, list | tuple) and len(value) == 2 and all(_whole(v, low, high) for v in value):
            return int(value[0]), int(value[1])
        raise ValueError(f"not a pair of whole numbers from {low} to {high}")

    return check


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _volume(value: object) -> float:
    number = _number(value)
    if 0.0 <= number <= 1.0:
        return number
    raise ValueError("not from 0 to 1")


def _language(value: object) -> str:
    if value == "system" or (isinstance(value, str) and value in available_languages()):
        return value
    raise ValueError("not a language with a catalog")


def _per_variant(value: object) -> dict[str, bool]:
    if not isinstance(value, dict):
        raise ValueError("not a table of variants")
    return {k: v for k, v in value.items() if isinstance(k, str) and k in VARIANTS and isinstance(v, bool)}


CHECKS: dict[str, Callable[[object], Any]] = {
    "last_variant": _variant_or_none,
    "window_size": _pair(1, WINDOW_LIMIT),
    "window_pos": _pair(-WINDOW_LIMIT, WINDOW_LIMIT),
    "fullscreen": _boolean,
    "animation_speed": _choice(ANIMATION_SPEEDS),
    "auto_moves": _boolean,
    "click_to_move": _boolean,
    "winnable_only": _per_variant,
    "winnable_indicator": _boolean,
    "sound": _boolean,
    "volume": _volume,
    "card_style": _choice(CARD_STYLES),
    "high_contrast": _boolean,
    "speech": _choice(SPEECH_SETTINGS),
    "language": _language,
    "large_print": _boolean,
    "card_size": _choice(CARD_SIZES),
    "last_move": _boolean,
    "no_sound_told": _boolean,
    "theme": _choice(THEMES),
    "felt": _choice(FELTS),
    "card_back": _choice(CARD_BACKS),
    "show_clock": _boolean,
    "show_score": _boolean,
    "show_moves": _boolean,
    "mirror_layout": _boolean,
    "one_click_move": _boolean,
}
"""Per setting: a function that returns the value in its Python form or raises ValueError."""


def _check_or(name: str, value: object, default: object) -> Any:
    try:
        return CHECKS[name](value)
    except (ValueError, TypeError):
        return default


def from_json(name: str, text: object) -> Any:
    """The value of setting ``name`` stored as ``text``, or its default when not valid."""
    default = getattr(Settings(), name)
    try:
        return _check_or(name, safe_json.loads(text, max_chars=MAX_JSON_CHARS, max_depth=3), default)
    except (ValueError, TypeError):
        return default


def to_json(value: object) -> str:
    """The stored text of a setting's value (tuples become JSON lists)."""
    return json.dumps(value, sort_keys=True)


# ------------------------------------------------------------------ SQL


def load(conn: sqlite3.Connection) -> Settings:
    """The stored settings; anything missing or invalid is the default."""
    stored = {
        name: value
        for name, value in conn.execute("SELECT name, value FROM settings")
        if isinstance(name, str)
    }
    values = {f.name: from_json(f.name, stored[f.name]) for f in fields(Settings) if f.name in stored}
    return Settings(**values)


def save(conn: sqlite3.Connection, settings: Settings) -> None:
    """Store every setting (call inside a transaction); invalid values are stored as defaults."""
    checked = settings.validated()
    conn.executemany(
        "INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)",
        [(f.name, to_json(getattr(checked, f.name))) for f in fields(Settings)],
    )
