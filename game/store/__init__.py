"""Settings, statistics and saved games in one SQLite database; no pygame.

Every player action is saved the moment it is made (``Store.save_game``), so quitting in any
way, even a crash or ``kill -9``, resumes the exact position with its undo history. See
``game.store.store`` for how the app calls it, ``stats`` for what counts as played, won and
lost, ``db`` for what happens to a damaged file or an unwritable folder, and ``daily`` for the
deal of the day.
"""

from __future__ import annotations

from game.store.daily import daily_deal
from game.store.paths import DATA_DIR_HELP, ENV_VAR, data_dir
from game.store.saves import SavedGame
from game.store.settings import Settings
from game.store.stats import LOSS_RULE, ChartPoint, DayPoint, GameRecord, Summary
from game.store.store import Store

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
