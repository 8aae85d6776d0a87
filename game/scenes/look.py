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


def theme_name(key: str) -> str:
    """A theme's name in the menu."""
    names = {
        # Translators: the name of the interface's usual theme (green-tinted panels) in the menu
        "classic": pgettext("theme", "Classic"),
        # Translators: the name of the dark theme (near-black panels, a dimmer table) in the menu
        "dark": pgettext("theme", "Dark"),
    }
    return names.get(key, key)


def felt_name(key: str) -> str:
    """A felt colour's name in the menu."""
    names = {
        # Translators: colours of the table's felt, in the menu ("Felt: Green")
        "green": pgettext("felt", "Green"),
        "blue": pgettext("felt", "Blue"),
        "red": pgettext("felt", "Red"),
        "purple": pgettext("felt", "Purple"),
        "brown": pgettext("felt", "Brown"),
        "grey": pgettext("felt", "Grey"),
    }
    return names.get(key, key)


def back_name(key: str) -> str:
    """A card back's name in the menu."""
    names = {
        # Translators: designs of the cards' backs, in the menu ("Standard": the card style's own)
        "standard": pgettext("card back", "Standard"),
        "rings": pgettext("card back", "Rings"),
        "tartan": pgettext("card back", "Tartan"),
        "stars": pgettext("card back", "Stars"),
        "stripes": pgettext("card back", "Stripes"),
    }
    return names.get(key, key)


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
            *self._look_items(),
            # Translators: a menu entry: the table mirrored left to right, for left-handed players
            ("mirror", _("Left-handed layout: {state}").format(state=on_off(s.mirror))),
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

    def _look_items(self) -> list[tuple[Hashable, str]]:
        """The theme, the felt, the backs, and what the status line shows (the calm table)."""
        s = self.app.settings
        return [
            ("theme", _("Theme: {name}").format(name=theme_name(s.theme))),
            ("felt", _("Felt: {colour}").format(colour=felt_name(s.felt))),
            ("card_back", _("Card back: {design}").format(design=back_name(s.card_back))),
            ("show_clock", _("Clock: {state}").format(state=shown(s.show_clock))),
            ("show_score", _("Score: {state}").format(state=shown(s.show_score))),
            ("show_moves", _("Move count: {state}").format(state=shown(s.show_moves))),
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
        elif action == "mirror":
            self.app.set_mirror(not settings.mirror)
        else:
            self._choose_print(action)
            self._choose_look(action)
        self.changed()

    def _choose_look(self, action: Hashable) -> None:
        settings = self.app.settings
        if action == "theme":
            settings.next_theme()
            self.app.set_look(settings.theme, settings.felt)
        elif action == "felt":
            settings.next_felt()
            self.app.set_look(settings.theme, settings.felt)
        elif action == "card_back":
            settings.next_card_back()
            self.app.set_card_back(settings.card_back)
        elif action in ("show_clock", "show_score", "show_moves"):
            setattr(settings, str(action), not getattr(settings, str(action)))


def shown(on: bool) -> str:
    """Whether a part of the status line is shown, as the menu says it."""
    # Translators: the value of "Clock: {state}", "Score: {state}"… in the menu (a yes or no
    # where the entries read better as "Show the clock: {state}")
    return pgettext("status line", "Shown") if on else pgettext("status line", "Hidden")
