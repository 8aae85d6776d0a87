"""The no-moves screen: said plainly, with Undo, Restart and New deal."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from game.controls.intents import Intent
from game.i18n import _, format_number, ngettext
from game.scenes.dialog import Dialog

if TYPE_CHECKING:
    from game.scenes.services import Services
    from game.scenes.table import TableScene


class StuckScene(Dialog):
    """Shown when the engine finds no legal move left (and the game is not won)."""

    def __init__(self, app: Services, table: TableScene) -> None:
        g = table.g
        buttons = [(Intent.UNDO, _("Undo"))] if g.can_undo() else []
        buttons += [(Intent.RESTART, _("Restart")), (Intent.NEW_DEAL, _("New deal"))]
        lines = [
            _("There is no legal move left in this deal."),
            ngettext(
                "{score} of 52 cards are home after {count} move.",
                "{score} of 52 cards are home after {count} moves.",
                g.moves_made,
            ).format(score=g.score, count=format_number(g.moves_made)),
        ]
        if table.coach.never_winnable():  # then Undo and Restart cannot help: say so, as the hint does
            lines.append(_("The solver proved that this deal cannot be won, not even from the start."))
        super().__init__(app, _("No moves left"), lines, buttons, self._choice, escape=Intent.CLOSE)
        self.table = table

    def _choice(self, action: Hashable) -> None:
        if isinstance(action, Intent) and action is not Intent.CLOSE:
            self.table.perform(action)
