"""What the first window needs from the store, read before the store is loaded.

The command line opens its window before the store, the engine and the five games are
imported (``game.view.window``); the window's size, place, full screen, the high-contrast felt,
the theme and the felt's colour, its title (the game last played, if it is still in progress)
and the player's language are read here from the database with nothing but ``sqlite3``,
read-only. Anything missing, invalid or unreadable reads as the default, as
``Store.load_settings`` reads it (a test keeps the two in agreement); the store itself, opened
once the window is up, reports any problem.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from game.i18n import available_languages
from game.names import VARIANT_NAMES
from game.store import safe_json, schema
from game.store.paths import NotADataFolder, data_dir, database_path

WINDOW_LIMIT = 32_000
"""No window size or position coordinate beyond this is believed (``settings.WINDOW_LIMIT``)."""
MAX_JSON_CHARS = 10_000
"""The longest stored value read back (``settings.MAX_JSON_CHARS``)."""
THEMES = ("system", "classic", "dark")
"""The interface's themes (``game.view.themes.THEME_ORDER``) and ``system``: none chosen yet, the
desktop's preference is followed; ``settings`` checks by these too."""
FELTS = ("green", "blue", "red", "purple", "brown", "grey")
"""The felt's colours (``game.view.themes.FELT_ORDER``)."""


class FirstLook:
    """The stored settings the first window is opened with (defaults: a first start)."""

    def __init__(self) -> None:
        self.window_size: tuple[int, int] | None = None
        self.window_pos: tuple[int, int] | None = None
        self.fullscreen = False
        self.high_contrast = False
        self.theme = "system"
        self.felt = "green"
        """The theme and the felt, for the first frame's colour."""
        self.last_variant: str | None = None
        self.language = "system"
        """The language chosen in the menu (a catalog's code, or ``system``)."""
        self.saved_variants: frozenset[str] = frozenset()
        """The variants with a game in progress."""


def _pair(value: object) -> tuple[int, int] | None:
    if isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value):
        return int(value[0]), int(value[1])
    return None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -WINDOW_LIMIT <= value <= WINDOW_LIMIT


def _size(value: object) -> tuple[int, int] | None:
    pair = _pair(value)
    return pair if pair is not None and min(pair) >= 1 else None


def _flag(value: object) -> bool:
    return value is True


def _variant(value: object) -> str | None:
    return value if isinstance(value, str) and value in VARIANT_NAMES else None


def _one_of(options: tuple[str, ...], default: str) -> Callable[[object], str]:
    def check(value: object) -> str:
        return value if isinstance(value, str) and value in options else default

    return check


def _language(value: object) -> str:
    if value == "system" or (isinstance(value, str) and value in available_languages()):
        return value
    return "system"


_FIELDS: dict[str, Callable[[object], object]] = {
    "window_size": _size,
    "window_pos": _pair,
    "fullscreen": _flag,
    "high_contrast": _flag,
    "last_variant": _variant,
    "language": _language,
    "theme": _one_of(THEMES, "system"),
    "felt": _one_of(FELTS, "green"),
}
"""Setting -> its value from the stored JSON (the default when not valid)."""


def first_look(explicit: str | None) -> FirstLook:
    """The settings stored in the data folder ``explicit`` (else ``$SOLITAIRE_DATA_DIR``, else
    the user's): never fails, and never creates or changes anything."""
    look = FirstLook()
    try:
        path = database_path(data_dir(explicit))
        if not path.is_file():
            return look
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=0.2)
    except (NotADataFolder, OSError, ValueError, sqlite3.Error):
        return look
    conn.text_factory = _text_or_bytes  # one setting that is not UTF-8 is one bad value
    try:
        _read(conn, look)
    except (sqlite3.Error, UnicodeDecodeError):  # damaged schema text: an error that does not decode
        return FirstLook()
    finally:
        conn.close()
    return look


def _text_or_bytes(value: bytes) -> str | bytes:
    # db.text_or_bytes's twin: the window opens before db is imported.
    try:
        return value.decode()
    except UnicodeDecodeError:
        return value


def _read(conn: sqlite3.Connection, look: FirstLook) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    if app_id != schema.APPLICATION_ID or not 1 <= version <= schema.SCHEMA_VERSION:
        return  # new, another program's or a newer version's: the store decides
    names = ", ".join("?" * len(_FIELDS))
    for name, text in conn.execute(f"SELECT name, value FROM settings WHERE name IN ({names})", [*_FIELDS]):
        try:
            value = safe_json.loads(text, max_chars=MAX_JSON_CHARS, max_depth=3)
        except ValueError:
            continue
        setattr(look, name, _FIELDS[name](value))
    look.saved_variants = frozenset(
        row[0] for row in conn.execute("SELECT variant FROM saved_games") if isinstance(row[0], str)
    )
