"""The no-moves screen: said plainly, with Undo, Restart and New deal."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from game.controls.intents import Intent
from game.scenes.dialog import Dialog

if TYPE_CHECKING:
    from game.scenes.services import Services
    from game.scenes.table import TableScene


class StuckScene(Dialog):
    """Shown when the engine finds no legal move left (and the game is not won)."""

    def __init__(self, app: Services, table: TableScene) -> None:
        g = table.g
        buttons = [(Intent.UNDO, "Undo")] if g.can_undo() else []
        buttons += [(Intent.RESTART, "Restart"), (Intent.NEW_DEAL, "New deal")]
        lines = [
            "There is no legal move left in this deal.",
            f"{g.score} of 52 cards are home after {g.moves_made} moves.",
        ]
        if table.coach.never_winnable():  # then Undo and Restart cannot help: say so, as the hint does
            lines.append("The solver proved that this deal cannot be won, not even from the start.")
        super().__init__(app, "No moves left", lines, buttons, self._choice, escape=Intent.CLOSE)
        self.table = table

    def _choice(self, action: Hashable) -> None:
        if isinstance(action, Intent) and action is not Intent.CLOSE:
            self.table.perform(action)
