"""The requests the scenes leave to the app: starting games, menus and screens, confirming an
abandoned game, quitting, and the app-wide settings (sound, contrast, card style, language).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from game.app_scenes import SceneStack
from game.controls.intents import Intent
from game.i18n import N_, _, set_language
from game.scenes.table import TableScene
from game.view.card_art import CardArt
from game.view.large_print import make_art
from game.view.settings import Settings
from game.view.sound import Sound
from game.view.themes import felt_colours, set_theme

if TYPE_CHECKING:
    from game.scenes.base import PlayTable, Services

_QUIT_TITLE = N_("Quit the game?")
ABANDON_TITLE = N_("Abandon this game?")
"""The dialogs' titles (translated where shown)."""


class IntentRouting(SceneStack):
    """Where an intent or a scene's request goes: a scene pushed, a dialog, a setting changed."""

    settings: Settings
    sound: Sound
    art: CardArt
    exit_when_done: bool
    running: bool
    exit_code: int

    @property
    def services(self) -> Services:
        """This app as the scenes see it: ``App`` implements the whole protocol."""
        raise NotImplementedError

    def start_game(self, variant: str, deal: int | None = None, *, daily: bool | date = False) -> None:
        """A table for ``variant``: its saved game, deal ``deal``, or (``daily``) today's deal
        or that date's (asking first when that abandons a game in progress of ``variant``)."""
        if daily is True:
            daily = self.persist.store.today()

        def start() -> None:
            self.replace_all(TableScene(self.services, variant, deal, daily=daily))

        if deal is None and not daily:
            start()
        else:
            self.confirm_abandon(variant, start, daily=daily)

    def confirm_abandon(
        self, variant: str, then: Callable[[], None], *, daily: bool | date = False, restart: bool = False
    ) -> None:
        """Do ``then``, which ends ``variant``'s game in progress; when a move was made in it,
        ask first, once: it counts as a loss (Enter confirms, Esc keeps playing)."""
        from game.scenes.dialog import Dialog

        table = self.table
        day = self.persist.store.today() if daily is True else (daily or None)
        if table is not None and table.g.key == variant:  # the computer's games are not counted
            same = day is not None and table.session.daily == day
            asks = table.autoplay is None and table.session.would_count_as_lost() and not same
        else:
            asks = self.persist.would_abandon(variant, daily=day)
        if not asks:
            then()
            return
        if restart:
            title, confirm = _("Restart this deal?"), _("Restart")
        else:
            title, confirm = _(ABANDON_TITLE), _("Abandon")
        if isinstance(self.top, Dialog) and self.top.title == title:
            return
        lines = [_("The game so far counts as a loss.") if restart else _("It counts as a loss.")]
        buttons = [(Intent.CONFIRM, confirm), (Intent.CLOSE, _("Keep playing"))]
        self.push(
            Dialog(
                self.services,
                title,
                lines,
                buttons,
                lambda a: then() if a is Intent.CONFIRM else None,
                Intent.CLOSE,
            )
        )

    def show_stats(self) -> None:
        """The statistics screen (over the table or the chooser)."""
        from game.scenes.stats import StatsScene

        if not isinstance(self.top, StatsScene):
            self.push(StatsScene(self.services))

    def show_calendar(self) -> None:
        """The daily challenge's calendar (over the table or the chooser)."""
        from game.scenes.calendar import CalendarScene

        if not isinstance(self.top, CalendarScene):
            self.persist.prove_ahead()
            self.push(CalendarScene(self.services))

    def perform(self, intent: Intent) -> None:
        """Requests the table leaves to the app: menu, rules, fullscreen, change game, quit."""
        if intent is Intent.FULLSCREEN or (intent is Intent.ESCAPE and self.fullscreen):
            self.toggle_fullscreen()
        elif intent in (Intent.ESCAPE, Intent.MENU):
            from game.scenes.menu import MenuScene

            self.push(MenuScene(self.services))
        elif intent is Intent.RULES and self.table is not None:
            from game.scenes.rules import RulesScene

            self.push(RulesScene(self.services, self.table.g.variant))
        elif intent is Intent.CHANGE_GAME:
            from game.scenes.chooser import ChooserScene

            self.push(ChooserScene(self.services))
        elif intent is Intent.QUIT:
            self.request_quit()
        elif intent is Intent.SHORTCUTS:
            from game.scenes.shortcuts import ShortcutsScene

            self.push(ShortcutsScene(self.services))
        elif intent is Intent.MUTE:
            self.toggle_sound()
        elif intent is Intent.DEMO and self.table is not None:
            table = self.table
            self.push(TableScene(self.services, table.g.key, demo=table.g))

    def request_quit(self) -> None:
        """Quit, asking first when a game in progress would be lost (the store saves nothing)."""
        from game.scenes.dialog import Dialog

        table = self.table
        if any(isinstance(s, Dialog) and s.title == _(_QUIT_TITLE) for s in self.scenes):
            return
        if table is not None and table.session.in_progress() and not self.persist.store.persistent:
            self.push(
                Dialog(
                    self.services,
                    _(_QUIT_TITLE),
                    [_("The game in progress will be lost.")],
                    [(Intent.QUIT, _("Quit")), (Intent.CLOSE, _("Keep playing"))],
                    self._quit_choice,
                    escape=Intent.CLOSE,
                )
            )
        else:
            self.quit()

    def _quit_choice(self, action: object) -> None:
        if action is Intent.QUIT:
            self.quit()

    def quit(self, code: int = 0) -> None:
        """Leave the main loop with exit status ``code``."""
        if self.running:
            self.persist.window_changed(self.window_size, self.fullscreen, with_position=True)
            if self.table is not None:
                self.table.session.save_time()  # before the variant's lock goes
            self.persist.store.release_claims()
        self.running = False
        self.exit_code = code

    def game_over(self, table: PlayTable, won: bool) -> None:
        """The game is won or stuck: quit if told to, else show the win or no-moves screen."""
        if table.demo:
            if won:
                said = _("The demo won the deal. Press a key or click to go back.")
            else:
                said = _("The demo found no move left. Press a key or click to go back.")
            table.show_toast(said, None)
        elif self.exit_when_done:
            print(table.outcome(), flush=True)
            self.quit(0)
        else:
            from game.scenes.stuck import StuckScene
            from game.scenes.win import WinScene

            self.push(WinScene(self.services, table) if won else StuckScene(self.services, table))

    def autoplay_gave_up(self, table: PlayTable) -> None:
        """Autoplay found no new position to go to (the game is neither won nor stuck)."""
        if self.exit_when_done and not table.demo:
            print(table.outcome(), flush=True)
            self.quit(0)
        elif table.demo:
            why = table.demo_stopped() or _("no new position to reach")
            # Translators: {reason} says why the demo stopped ("the solver found no winning line from here")
            said = _("The demo stopped: {reason}.").format(reason=why)  # "Stop demo" is on the toolbar
            table.show_toast(said, None)
        else:
            table.show_toast(_("Autoplay stopped: no new position to reach."))

    def toggle_sound(self) -> None:
        """M: sound effects off, or back on at the chosen volume."""
        self.settings.sound = not self.settings.sound
        if not self.settings.sound:
            self.sound.stop()
        self.persist.settings_changed(self.settings)
        table = self.table
        if table is not None:
            table.show_toast(_("Sound on") if self.settings.sound else _("Sound off"))

    def set_high_contrast(self, on: bool) -> None:
        """A dark plain table with bright outlines and thicker rings, or the felt again."""
        self.settings.high_contrast = on
        self.renderer.set_high_contrast(on)
        self._relayout()

    def set_language(self, code: str) -> None:
        """Play in ``code`` (``system``: the system's language) from now on: saved with the
        settings, and every screen on the stack laid out and drawn again in it at once."""
        set_language(code)
        self.persist.remember(language=code)
        table = self.table
        if table is not None:
            table.session.toast = None  # a line in the old language
        self._relayout()

    def set_large_print(self, on: bool) -> None:
        """Large-print card faces (``game.view.large_print``), or the style's own."""
        self.settings.large_print = on
        self.set_card_style(self.settings.card_style)

    def set_card_size(self, size: str) -> None:
        """Cards of ``size`` (``game.view.layout.CARD_SIZES``): the table is laid out again."""
        self.settings.card_size = size
        self._relayout()

    def set_look(self, theme: str, felt: str) -> None:
        """The interface's theme and the felt's colour: every screen drawn again in them at once."""
        self.settings.theme, self.settings.felt = theme, felt
        set_theme(theme)
        self.renderer.set_felt(felt_colours(felt))
        self._relayout()

    def set_card_back(self, design: str) -> None:
        """Use another design of card back."""
        self.settings.card_back = design
        self.set_card_style(self.settings.card_style)

    def set_card_style(self, style: str) -> None:
        """Use another card style."""
        self.settings.card_style = style
        self.art = make_art(style, self.settings.large_print, self.settings.card_back)
        self.renderer.set_art(self.art)
        self._relayout()

    def set_mirror(self, on: bool) -> None:
        """The left-handed layout (the table mirrored left to right), or the usual one."""
        self.settings.mirror = on
        self._relayout()
