"""The menu (Esc or the Menu button): the game's commands and the settings."""

from __future__ import annotations

from collections.abc import Hashable

from game.controls.intents import Intent
from game.i18n import (
    N_,
    _,
    available_languages,
    format_percent,
    language_name,
    pgettext,
    resolve,
    system_languages,
)
from game.scenes.look import LookScene
from game.scenes.menu_page import MenuPage, on_off
from game.scenes.stats import store_command

SPEED_NAMES = {
    # Translators: an animation speed
    "normal": N_("Normal"),
    # Translators: an animation speed
    "fast": N_("Fast"),
    # Translators: an animation speed
    "slow": N_("Slow"),
    # Translators: an animation speed: no animation
    "off": N_("Off"),
}
"""The animation speeds' names in the menu (translated where shown)."""


def _speech_label(setting: str) -> str:
    if setting == "brief":
        # Translators: the menu's Speech value: speech says the essentials
        return pgettext("speech", "Brief")
    if setting == "full":
        # Translators: the menu's Speech value: speech says everything (where cards came from, the score)
        return pgettext("speech", "Full")
    return on_off(False)


def language_choices() -> list[str]:
    """What the Language entry cycles through: the system's language first, then each one
    with a catalog."""
    return ["system", *available_languages()]


def language_label(code: str) -> str:
    """How the Language entry names ``code``: a language by its own name; the system's choice
    as "System" with the language it gives (``System (Deutsch)``)."""
    if code != "system":
        return language_name(code)
    return _("System ({language})").format(language=language_name(resolve(system_languages())))


class MenuScene(MenuPage):
    """The game's commands on the left, the settings on the right; the look of the table and
    the cards on a page of its own (``LookScene``)."""

    first_right = "speed"

    def heading(self) -> str:
        return _("Menu")

    def items(self) -> list[tuple[Hashable, str]]:
        """The menu's entries, labels showing the settings' current values."""
        s, stored = self.app.settings, self.app.persist.stored
        table = self.app.table
        key = table.g.key if table is not None else stored.last_variant
        only = bool(key and stored.winnable_only_for(key))
        return [
            (Intent.CLOSE, _("Resume")),
            (Intent.NEW_DEAL, _("New deal")),
            (Intent.RESTART, _("Restart this deal")),
            (Intent.REWIND, _("Rewind to winnable")),
            (Intent.DEMO, _("Demo")),
            (Intent.CHANGE_GAME, _("Change game")),
            ("daily", _("Deal of the day")),
            # Translators: a menu entry; the key in brackets opens it directly
            ("calendar", _("Calendar  (C)")),
            # Translators: a menu entry; the key in brackets opens it directly
            ("stats", _("Statistics  (S)")),
            (Intent.RULES, _("Rules  (F1)")),
            (Intent.SHORTCUTS, _("Keys and gamepad  (?)")),
            (Intent.QUIT, _("Quit")),
            ("speed", _("Animation: {speed}").format(speed=_(SPEED_NAMES.get(s.speed, s.speed)))),
            ("auto", _("Automatic moves: {state}").format(state=on_off(s.auto_moves))),
            ("winnable", _("Winnable deals only: {state}").format(state=on_off(only))),
            ("indicator", _("Winnable indicator: {state}").format(state=on_off(stored.winnable_indicator))),
            ("click", _("Click to move: {state}").format(state=on_off(s.click_to_move))),
            # Translators: a menu entry: a click on a card plays it (home, else the best place)
            ("one_click", _("One-click move: {state}").format(state=on_off(s.one_click))),
            # Translators: the menu's speech entry (for blind players): Off, Brief or Full
            ("speech", _("Speech: {amount}").format(amount=_speech_label(s.speech))),
            # Translators: the menu's sound entry; M turns the sound on and off
            ("sound", _("Sound: {volume}  (M)").format(volume=self._sound_value())),
            ("language", _("Language: {language}").format(language=language_label(stored.language))),
            # Translators: a menu entry opening a page of settings: cards, table, colours
            ("look", _("Table and cards…")),
            (Intent.FULLSCREEN, _("Leave full screen") if self.app.fullscreen else _("Full screen  (F11)")),
        ]

    def _sound_value(self) -> str:
        if self.app.sound.available is False:
            return _("no sound device")
        return format_percent(self.app.settings.volume) if self.app.settings.sound else on_off(False)

    def choose(self, action: Hashable) -> None:
        """Change a setting in place, or close the menu and carry out a command."""
        settings = self.app.settings
        if action == "speed":
            settings.next_speed()
        elif action == "auto":
            settings.auto_moves = not settings.auto_moves
        elif action == "click":
            settings.click_to_move = not settings.click_to_move
        elif action == "one_click":
            settings.one_click = not settings.one_click
        elif action == "sound":
            settings.next_volume()
            self.app.sound.play("drop")
        elif action == "language":
            self._next_language()
        elif action == "winnable":
            self._toggle_winnable_only()
        elif action == "speech":
            settings.next_speech()
        elif action == "indicator":
            self.app.persist.remember(winnable_indicator=not self.app.persist.stored.winnable_indicator)
        elif action == "look":
            self.app.pop(self)
            self.app.push(LookScene(self.app))
            return
        elif action == "calendar":
            self.app.pop(self)
            self.app.show_calendar()
            return
        elif action in ("daily", "stats"):
            self.app.pop(self)
            store_command(self.app, str(action))
            return
        else:
            self._command(action)
            return
        self.changed()

    def _next_language(self) -> None:
        """The next language in ``language_choices`` (the system's after the last)."""
        choices = language_choices()
        current = self.app.persist.stored.language
        at = choices.index(current) if current in choices else 0
        self.app.set_language(choices[(at + 1) % len(choices)])

    def _toggle_winnable_only(self) -> None:
        """Turn "winnable deals only" on or off for the game on the table (a setting per game)."""
        table = self.app.table
        if table is None:
            return
        stored = self.app.persist.stored
        key = table.g.key
        self.app.persist.remember(
            winnable_only={**stored.winnable_only, key: not stored.winnable_only_for(key)}
        )

    def _command(self, action: Hashable) -> None:
        self.app.pop(self)
        table = self.app.table
        if action is Intent.CLOSE or not isinstance(action, Intent):
            return
        if action in (Intent.NEW_DEAL, Intent.RESTART, Intent.REWIND) and table is not None:
            table.perform(action)
        else:
            self.app.perform(action)
