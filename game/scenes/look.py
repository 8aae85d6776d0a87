"""The look of the table and the cards (Menu > Table and cards…): a page of settings."""

from __future__ import annotations

from collections.abc import Hashable

from game.controls.intents import Intent
from game.i18n import N_, _
from game.scenes.menu_page import MenuPage, on_off

STYLE_NAMES = {"classic": N_("Classic"), "fourcolour": N_("Four colours")}
"""The card styles' names in the menu (translated where shown)."""


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
            # Translators: a menu entry going back from a page of settings to the menu
            ("back", _("Back to the menu")),
        ]

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
        self.changed()
