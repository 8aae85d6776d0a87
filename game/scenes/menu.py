"""The menu (Esc or the Menu button): the game's commands and the settings."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

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
from game.scenes.base import Overlay
from game.scenes.stats import store_command
from game.view.widgets import TEXT, Button, blit_text, button_at, panel, ui_size

if TYPE_CHECKING:
    from game.scenes.base import Services

STYLE_NAMES = {"classic": N_("Classic"), "fourcolour": N_("Four colours")}
"""The card styles' names in the menu (translated where shown)."""
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


def _on_off(on: bool) -> str:
    # Translators: the value of a setting in the menu
    return pgettext("setting", "On") if on else pgettext("setting", "Off")


def _speech_label(setting: str) -> str:
    if setting == "brief":
        # Translators: the menu's Speech value: speech says the essentials
        return pgettext("speech", "Brief")
    if setting == "full":
        # Translators: the menu's Speech value: speech says everything (where cards came from, the score)
        return pgettext("speech", "Full")
    return _on_off(False)


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


class MenuScene(Overlay):
    """A column of buttons; setting buttons change in place, the others close the menu."""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.hover: Hashable | None = None
        self.rect = Rect(0, 0, 0, 0)

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
            ("auto", _("Automatic moves: {state}").format(state=_on_off(s.auto_moves))),
            ("winnable", _("Winnable deals only: {state}").format(state=_on_off(only))),
            ("indicator", _("Winnable indicator: {state}").format(state=_on_off(stored.winnable_indicator))),
            ("click", _("Click to move: {state}").format(state=_on_off(s.click_to_move))),
            ("cards", _("Cards: {style}").format(style=_(STYLE_NAMES.get(s.card_style, s.card_style)))),
            ("contrast", _("High contrast: {state}").format(state=_on_off(s.high_contrast))),
            # Translators: the menu's speech entry (for blind players): Off, Brief or Full
            ("speech", _("Speech: {amount}").format(amount=_speech_label(s.speech))),
            # Translators: the menu's sound entry; M turns the sound on and off
            ("sound", _("Sound: {volume}  (M)").format(volume=self._sound_value())),
            ("language", _("Language: {language}").format(language=language_label(stored.language))),
            (Intent.FULLSCREEN, _("Leave full screen") if self.app.fullscreen else _("Full screen  (F11)")),
        ]

    def _sound_value(self) -> str:
        if self.app.sound.available is False:
            return _("no sound device")
        return format_percent(self.app.settings.volume) if self.app.settings.sound else _on_off(False)

    def layout(self) -> None:
        """Two columns, the game's commands on the left and the settings on the right."""
        w, h = self.app.size
        items = self.items()
        split = self._split(items)
        rows = max(split, len(items) - split)
        size = ui_size((w, h))
        bh = max(16, min(int(size * 1.6), (h - 40 - size * 3) // rows - 4))
        gap = max(3, bh // 6)
        column = min((w - 40 - 3 * size) // 2, size * 13)
        width = 2 * column + 3 * size
        self.rect = Rect(0, 0, width, size * 3 + rows * (bh + gap))
        self.rect.center = (w // 2, h // 2)
        self._size = size
        self.buttons = []
        for i, (action, label) in enumerate(items):
            side, row = (0, i) if i < split else (1, i - split)
            x = self.rect.left + size + side * (column + size)
            y = self.rect.top + size * 2 + gap + row * (bh + gap)
            self.buttons.append(Button(action, label, Rect(x, y, column, bh)))

    @staticmethod
    def _split(items: list[tuple[Hashable, str]]) -> int:
        """Where the settings start: the first entry of the right column."""
        return next(
            (i for i, (action, _label) in enumerate(items) if action == "speed"), (len(items) + 1) // 2
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            b = button_at(self.buttons, event.pos)
            if (b.action if b else None) != self.hover:
                self.hover = b.action if b else None
                self.invalidate()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            b = button_at(self.buttons, event.pos)
            if b is not None:
                self.choose(b.action)
            elif not self.rect.collidepoint(event.pos):
                self.app.pop(self)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F10):
            self.app.pop(self)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        """Up and Down (Tab) move the highlight, Left and Right jump between the columns,
        Enter or Space chooses."""
        actions = [b.action for b in self.buttons]
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.hover in actions:
            self.hover = self._across(actions, actions.index(self.hover))
            self.invalidate()
            return
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_TAB: 1, pygame.K_LEFT: 1, pygame.K_RIGHT: 1}
        if key in steps and actions:
            i = actions.index(self.hover) if self.hover in actions else (-1 if steps[key] > 0 else 0)
            self.hover = actions[(i + steps[key]) % len(actions)]
            self.invalidate()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.hover in actions:
            self.choose(self.hover)

    def _across(self, actions: list[Hashable], i: int) -> Hashable:
        """The entry beside entry ``i`` in the other column (the last one where that is shorter)."""
        split = self._split([(a, "") for a in actions])
        if i < split:
            return actions[min(split + i, len(actions) - 1)]
        return actions[min(i - split, split - 1)]

    def choose(self, action: Hashable) -> None:
        """Change a setting in place, or close the menu and carry out a command."""
        settings = self.app.settings
        if action == "speed":
            settings.next_speed()
        elif action == "auto":
            settings.auto_moves = not settings.auto_moves
        elif action == "click":
            settings.click_to_move = not settings.click_to_move
        elif action == "cards":
            settings.next_card_style()
            self.app.set_card_style(settings.card_style)
        elif action == "contrast":
            self.app.set_high_contrast(not settings.high_contrast)
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
        self.app.persist.settings_changed(settings)
        self.layout()
        self.invalidate()

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

    def draw(self, surface: Surface) -> None:
        super().draw(surface)
        panel(surface, self.rect)
        blit_text(
            surface,
            _("Menu"),
            int(self._size * 1.3),
            TEXT,
            "center",
            (self.rect.centerx, self.rect.top + self._size),
        )
        for b in self.buttons:
            b.draw(surface, b.action == self.hover)
