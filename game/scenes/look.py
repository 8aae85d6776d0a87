"""The look of the table and the cards (Menu > Table and cards…): a page of settings."""

from __future__ import annotations

from collections.abc import Hashable

from game.controls.intents import Intent
from game.i18n import N_, NP_, _, pgettext
from game.scenes.menu_page import MenuPage, on_off

STYLE_NAMES = {"classic": N_("Classic"), "fourcolour": N_("Four colours")}
"""The card styles' names in the menu (translated where shown)."""
CARD_SIZE_NAMES = {
    # Translators: a card size in the menu ("Card size: Normal")
    "normal": NP_("card size", "Normal"),
    "large": NP_("card size", "Large"),
    "largest": NP_("card size", "Largest"),
}
"""The card sizes' names in the menu (``pgettext("card size", …)`` where shown)."""


class LookScene(MenuPage):
    """Settings of what the table shows and how; Esc or "Back" returns to the menu."""

    def heading(self) -> str:
        # Translators: the title of the menu page with the table's and the cards' settings
        return _("Table and cards")

    def items(self) -> list[tuple[Hashable, str]]:
        s = self.app.settings
        return [
            ("cards", _("Cards: {style}").format(style=_(STYLE_NAMES.get(s.card_style, s.card_style)))),
            ("contrast", _("High contrast: {state}").format(state=on_off(s.high_contrast))),
            *self._print_items(),
            # Translators: a menu entry going back from a page of settings to the menu
            ("back", _("Back to the menu")),
        ]

    def _print_items(self) -> list[tuple[Hashable, str]]:
        """Large print, the card size and the last move's outline."""
        s = self.app.settings
        size = pgettext("card size", CARD_SIZE_NAMES.get(s.card_size, s.card_size))
        return [
            # Translators: a menu entry: card faces with a big rank and suit
            ("large print", _("Large print: {state}").format(state=on_off(s.large_print))),
            ("card size", _("Card size: {size}").format(size=size)),
            # Translators: a menu entry: the cards just moved are outlined for a moment
            ("last move", _("Show the last move: {state}").format(state=on_off(s.last_move))),
        ]

    def _choose_print(self, action: Hashable) -> None:
        settings = self.app.settings
        if action == "large print":
            self.app.set_large_print(not settings.large_print)
        elif action == "card size":
            settings.next_card_size()
            self.app.set_card_size(settings.card_size)
        elif action == "last move":
            settings.last_move = not settings.last_move

    def close(self) -> None:
        """Back to the menu this page was opened from."""
        self.app.pop(self)
        self.app.perform(Intent.MENU)

    def choose(self, action: Hashable) -> None:
        settings = self.app.settings
        if action == "back":
            self.close()
            return
        if action == "cards":
            settings.next_card_style()
            self.app.set_card_style(settings.card_style)
        elif action == "contrast":
            self.app.set_high_contrast(not settings.high_contrast)
        else:
            self._choose_print(action)
        self.changed()
