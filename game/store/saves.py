"""The game in progress as a row of plain data, and back to a ``Game`` by replaying it.

A saved game is its opening position (the deal, after any automatic moves the table made
before the first action), every action made as a list of move texts (``str(move)``; the
automatic moves that followed the player's move are part of the action), and how many of
those actions are made: the rest are the redo history. Replaying plays each action's first
move as a player's move and the rest with ``automatic=True``, then undoes back to the saved
position, so undo and redo work exactly as before. The current position's text is stored too
and checked after the replay, so a row that does not replay to it is never passed off as
the game. JSON and text only: no pickle, no eval.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from game.engine.deals import MAX_DEAL, MIN_DEAL
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import _, pgettext
from game.play import Game
from game.store import safe_json
from game.variants import VARIANTS

Actions = list[list[str]]


class UnreadableSave(ValueError):
    """A saved game that cannot be replayed to its stored position; the message says why."""


class BadRow(UnreadableSave):
    """A ``saved_games`` row with a value of the wrong type or out of range."""

    def __init__(self, reason: str, values: dict[str, object]) -> None:
        super().__init__(reason)
        self.values = values
        """The row as it was read, for ``unreadable_saves``."""


MAX_ACTIONS_CHARS = 20_000_000
"""The longest move list read back (a game of 100,000 actions is about 3 MB)."""
MAX_TEXT = 10_000
"""The longest position text or time stamp read back."""
MAX_SECONDS = 10 * 365 * 24 * 3600.0
MAX_COUNT = 10_000_000


@dataclass(frozen=True)
class SavedRow:
    """One row of ``saved_games``: everything needed to rebuild the game and to score it."""

    variant: str
    uid: str
    deal: int | None
    opening: str
    actions: str
    actions_made: int
    position: int
    position_text: str
    elapsed: float
    moves: int
    score: int
    stuck: bool
    winnable_only: bool
    daily: str | None
    started_at: str
    saved_at: str
    verdict: str | None = None
    """The solver's verdict on the deal when last told (``VERDICTS``), or ``None``."""


COLUMNS = tuple(SavedRow.__dataclass_fields__)
VERDICTS = ("winnable", "unwinnable")
"""What the solver can have said of a deal (from its opening)."""


@dataclass(frozen=True)
class SavedGame:
    """A game in progress as ``Store.load_game`` gives it back."""

    game: Game
    """The game at its saved position, with its undo and redo history."""
    elapsed: float
    """Seconds of play so far."""
    winnable_only: bool
    daily: date | None
    """The date whose deal of the day this is, or ``None``."""
    started_at: str
    """When the game began (ISO 8601, local time with its offset)."""


# ------------------------------------------------------------------ encoding


def opening_text(g: Game, state: State | None = None) -> str:
    """The text form of the opening position (``g.initial_state`` unless ``state`` is given)."""
    return Game(g.variant, g.initial_state if state is None else state).text()


def encode_actions(g: Game) -> tuple[str, int, int]:
    """The actions as JSON text, how many there are, and how many of them are made."""
    actions = [[str(m) for m in step] for step in [*g.history, *g.redo_history]]
    return json.dumps(actions, separators=(",", ":")), len(actions), g.moves_made


def decode_actions(text: str) -> Actions:
    """The actions from their JSON text; ``UnreadableSave`` unless a list of lists of strings."""
    try:
        # A list of lists of strings: three levels.
        actions: Any = safe_json.loads(text, max_chars=MAX_ACTIONS_CHARS, max_depth=3)
    except ValueError as exc:
        raise UnreadableSave(f"the move list is not valid JSON ({exc})") from None
    if not isinstance(actions, list) or not all(_is_action(a) for a in actions):
        raise UnreadableSave("the move list is not a list of actions")
    return actions


def _is_action(action: object) -> bool:
    return isinstance(action, list) and bool(action) and all(isinstance(m, str) for m in action)


# ------------------------------------------------------------------ replaying


def replay(row: SavedRow) -> Game:
    """The game the row describes, at its position, with its undo and redo history.

    Raises ``UnreadableSave`` saying why when the row does not replay exactly.
    """
    try:
        g = _replay(row)
    except UnreadableSave:
        raise
    except (ValueError, TypeError, IndexError, KeyError) as exc:
        raise UnreadableSave(f"{type(exc).__name__}: {exc}") from None
    if g.text() != row.position_text:
        raise UnreadableSave("the moves no longer lead to the saved position (were the rules changed?)")
    return g


def _replay(row: SavedRow) -> Game:
    g = Game.from_text(row.opening)
    if g.key != row.variant:
        raise UnreadableSave(f"the opening position is of {g.key}, not {row.variant}")
    g.deal = row.deal
    actions = decode_actions(row.actions)
    if not 0 <= row.position <= len(actions):
        raise UnreadableSave(f"position {row.position} is outside the {len(actions)} actions")
    for action in actions:
        for i, text in enumerate(action):
            g.play(Move.parse(text), automatic=i > 0)
    for _step in range(len(actions) - row.position):
        g.undo()
    return g


def saved_game(row: SavedRow, g: Game) -> SavedGame:
    """The public view of a replayed row."""
    return SavedGame(g, row.elapsed, row.winnable_only, parse_day(row.daily), row.started_at)


def parse_day(text: str | None) -> date | None:
    """A ``YYYY-MM-DD`` date, or ``None`` for none or a bad one (another form Python reads,
    such as ``20250301``, is not one: the statistics' SQL reads only this one)."""
    if not text or not isinstance(text, str):
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return None
    return day if day.isoformat() == text else None


# ------------------------------------------------------------------ SQL


def write(conn: sqlite3.Connection, row: SavedRow) -> None:
    """Insert or replace the variant's saved game (call inside a transaction)."""
    names = ", ".join(COLUMNS)
    marks = ", ".join("?" for _ in COLUMNS)
    conn.execute(f"INSERT OR REPLACE INTO saved_games ({names}) VALUES ({marks})", _values(row))


def _values(row: SavedRow) -> tuple[object, ...]:
    return tuple(getattr(row, name) for name in COLUMNS)


def read(conn: sqlite3.Connection, variant: str) -> SavedRow | None:
    """The variant's saved game row, or ``None``."""
    cur = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM saved_games WHERE variant = ?", (variant,))
    found = cur.fetchone()
    return None if found is None else _row(found)


def _row(values: tuple[Any, ...]) -> SavedRow:
    """The row as a ``SavedRow``, every value checked by type and range; else ``BadRow``."""
    data = dict(zip(COLUMNS, values, strict=True))
    checked: dict[str, Any] = {}
    for name, value in data.items():
        try:
            checked[name] = CHECKS[name](value)
        except (ValueError, TypeError) as exc:
            raise BadRow(f"its {name} is {_shown(value)}: {exc}", data) from None
    return SavedRow(**checked)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _text(most: int) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str):
            raise TypeError("not text")
        if len(value) > most:
            raise ValueError(f"longer than {most:,} characters")
        return value

    return check


def _whole(low: int, high: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("not a whole number")
        if not low <= value <= high:
            raise ValueError(f"not from {low} to {high}")
        return value

    return check


def _flag(value: object) -> bool:
    if value not in (0, 1) or isinstance(value, float):
        raise ValueError("not 0 or 1")
    return bool(value)


def _seconds(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError("not a number")
    if not 0.0 <= value <= MAX_SECONDS:  # NaN fails this too
        raise ValueError("not a number of seconds")
    return float(value)


def _deal(value: object) -> int | None:
    return None if value is None else _whole(MIN_DEAL, MAX_DEAL)(value)


def _day(value: object) -> str | None:
    return None if value is None else _text(40)(value)


def verdict(value: object) -> str | None:
    """A stored verdict, or ``None`` for none or one this version does not know (a verdict is
    a note on the game, never a reason to set the game aside)."""
    return value if isinstance(value, str) and value in VERDICTS else None


def _variant(value: object) -> str:
    if value not in VARIANTS:
        raise ValueError("not a known game")
    return str(value)


CHECKS: dict[str, Callable[[object], Any]] = {
    "variant": _variant,
    "uid": _text(200),
    "deal": _deal,
    "opening": _text(MAX_TEXT),
    "actions": _text(MAX_ACTIONS_CHARS),
    "actions_made": _whole(0, MAX_COUNT),
    "position": _whole(0, MAX_COUNT),
    "position_text": _text(MAX_TEXT),
    "elapsed": _seconds,
    "moves": _whole(0, MAX_COUNT),
    "score": _whole(0, 52),
    "stuck": _flag,
    "winnable_only": _flag,
    "daily": _day,
    "started_at": _text(100),
    "saved_at": _text(100),
    "verdict": verdict,
}
"""Per column of ``saved_games``: its value in Python form, or ``ValueError``/``TypeError``."""


def delete(conn: sqlite3.Connection, variant: str, uid: str | None = None) -> None:
    """Remove the variant's saved game (only if it is game ``uid``, when given)."""
    if uid is None:
        conn.execute("DELETE FROM saved_games WHERE variant = ?", (variant,))
    else:
        conn.execute("DELETE FROM saved_games WHERE variant = ? AND uid = ?", (variant, uid))


def variants(conn: sqlite3.Connection) -> list[str]:
    """The variants with a game in progress."""
    return [
        r[0]
        for r in conn.execute("SELECT variant FROM saved_games ORDER BY variant")
        if isinstance(r[0], str)
    ]


def keep_aside(conn: sqlite3.Connection, row: SavedRow, reason: str, now: str) -> None:
    """Move an unreplayable row to ``unreadable_saves`` (as JSON), out of the way but kept."""
    keep_values_aside(conn, row.variant, dict(zip(COLUMNS, _values(row), strict=True)), reason, now)


def keep_values_aside(
    conn: sqlite3.Connection, variant: str, values: dict[str, object], reason: str, now: str
) -> None:
    """Move the variant's saved row (``values``, as read) to ``unreadable_saves``."""
    data = json.dumps({name: _storable(value) for name, value in values.items()})
    conn.execute(
        "INSERT INTO unreadable_saves (variant, saved_row, reason, kept_at) VALUES (?, ?, ?, ?)",
        (variant, data, reason, now),
    )
    delete(conn, variant)


def _storable(value: object) -> object:
    """A value as JSON can hold it: blobs as hex, numbers JSON has no word for as text."""
    if isinstance(value, bytes):
        return {"hex": value.hex()}
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return repr(value)
    return value


def restore_failed(name: str, reason: str) -> str:
    """The notice for a saved game that could not be restored (``name``: the game's English name)."""
    # Translators: {game} is a game's name; {reason} a technical detail
    line = _(
        "The saved {game} game could not be restored ({reason}); it was kept aside and a new game starts."
    )
    return line.format(game=pgettext("game name", name), reason=reason)
