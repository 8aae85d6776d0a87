"""Settings, statistics and saved games in one SQLite database; no pygame.

Every player action is saved the moment it is made (``Store.save_game``), so quitting in any
way, even a crash or ``kill -9``, resumes the exact position with its undo history. See
``game.store.store`` for how the app calls it, ``stats`` for what counts as played, won and
lost, ``db`` for what happens to a damaged file or an unwritable folder, and ``daily`` for the
deal of the day; ``first_look`` reads what the first window needs before the rest is loaded.

The names below load on first use (``game.lazy``): the command line imports ``paths`` and
``first_look`` before its window is on screen without loading the store and the games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.lazy import loader

if TYPE_CHECKING:
    from game.store.daily import daily_deal
    from game.store.paths import DATA_DIR_HELP, ENV_VAR, data_dir
    from game.store.saves import SavedGame
    from game.store.settings import Settings
    from game.store.stats import LOSS_RULE, ChartPoint, DayPoint, GameRecord, Summary
    from game.store.store import Store

_LAZY = {
    "daily_deal": "game.store.daily",
    "DATA_DIR_HELP": "game.store.paths",
    "ENV_VAR": "game.store.paths",
    "data_dir": "game.store.paths",
    "SavedGame": "game.store.saves",
    "Settings": "game.store.settings",
    "LOSS_RULE": "game.store.stats",
    "ChartPoint": "game.store.stats",
    "DayPoint": "game.store.stats",
    "GameRecord": "game.store.stats",
    "Summary": "game.store.stats",
    "Store": "game.store.store",
}
"""Name -> the module defining it."""

if not TYPE_CHECKING:  # mypy reads the imports above
    __getattr__, __dir__ = loader(__name__, globals(), _LAZY)

__all__ = [
    "DATA_DIR_HELP",
    "ENV_VAR",
    "LOSS_RULE",
    "ChartPoint",
    "DayPoint",
    "GameRecord",
    "SavedGame",
    "Settings",
    "Store",
    "Summary",
    "daily_deal",
    "data_dir",
]
