"""The no-moves screen: said plainly, with Undo, Restart and New deal."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from game.controls.intents import Intent
from game.i18n import _, format_number, ngettext
from game.scenes.dialog import Dialog

if TYPE_CHECKING:
    from game.scenes.base import PlayTable, Services


def home_text(score: int) -> str:
    """How many cards are home, a sentence with its own plural (the moves are counted apart)."""
    # Translators: the no-moves screen; {count} cards are on the foundations
    return ngettext("{count} card of 52 is home.", "{count} cards of 52 are home.", score).format(
        count=format_number(score)
    )


def moves_text(moves: int) -> str:
    """How many moves the game took, a sentence of its own."""
    # Translators: the no-moves screen, after "30 cards of 52 are home."
    return ngettext("That took {count} move.", "That took {count} moves.", moves).format(
        count=format_number(moves)
    )


class StuckScene(Dialog):
    """Shown when the engine finds no legal move left (and the game is not won)."""

    def __init__(self, app: Services, table: PlayTable) -> None:
        g = table.g
        buttons = [(Intent.UNDO, _("Undo"))] if g.can_undo() else []
        buttons += [(Intent.RESTART, _("Restart")), (Intent.NEW_DEAL, _("New deal"))]
        lines = [
            _("There is no legal move left in this deal."),
            home_text(g.score) + " " + moves_text(g.moves_made),
        ]
        if table.never_winnable():  # then Undo and Restart cannot help: say so, as the hint does
            lines.append(_("The solver proved that this deal cannot be won, not even from the start."))
        super().__init__(app, _("No moves left"), lines, buttons, self._choice, escape=Intent.CLOSE)
        self.table = table

    def _choice(self, action: Hashable) -> None:
        if isinstance(action, Intent) and action is not Intent.CLOSE:
            self.table.perform(action)
