"""Speech as the app runs it: on or off, the glance at the table each frame, the speech keys.

Speech is on when the Speech setting (``game.view.settings``, saved by the menu) is Brief or
Full; ``solitaire --speech`` sets it to Full for one run, unsaved, as ``SOLITAIRE_SPEED`` does the
animation speed. With ``SOLITAIRE_SPEECH_LOG=FILE`` every sentence is also appended to FILE as one
line, and the sentences are made (written there only) even with speech off, so a transcript needs
no voice. While neither is asked for, nothing of
``game.speech`` is imported and a frame costs one comparison. R reads the table pile by pile,
L says the last sentence again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, current_language
from game.streams import say as say_line

if TYPE_CHECKING:
    from game.app_scenes import SceneStack
    from game.speech.narrator import Glance, Narrator

LOG_VARIABLE = "SOLITAIRE_SPEECH_LOG"
"""The environment variable naming the transcript file (a contract: checks outside use it)."""
READ_TABLE_KEY = pygame.K_r
REPEAT_KEY = pygame.K_l


class AppSpeech:
    """The app's speech: starts and stops with the setting, looks at the table each frame."""

    def __init__(self) -> None:
        log = os.environ.get(LOG_VARIABLE)
        self._log = Path(log) if log else None
        self._mode = ""
        self.narrator: Narrator | None = None
        self.notice: str | None = None
        """Why no voice could start, to show on the table once."""

    def frame(self, app: SceneStack, mode: str) -> None:
        """Start or stop speech as ``mode`` (the Speech setting: off, brief, full) says, then say
        what changed at the table."""
        if mode != self._mode:
            self._switch(mode)
        if self.narrator is not None:
            self._tell_notice(app)
            self.narrator.speaker.language = current_language()
            self.narrator.observe(glance(app))

    def handle_key(self, app: SceneStack, event: pygame.event.Event) -> bool:
        """R and L on the table while speech is on: read the table, repeat; False otherwise."""
        narrator, table = self.narrator, app.table
        if narrator is None or table is None or app.top is not table or event.type != pygame.KEYDOWN:
            return False
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_SHIFT):
            return False
        if event.key == READ_TABLE_KEY:
            narrator.read_table(table.g)
        elif event.key == REPEAT_KEY:
            narrator.repeat()
        else:
            return False
        return True

    def close(self) -> None:
        """Stop speaking (the app is closing)."""
        if self.narrator is not None:
            self.narrator.speaker.close()
            self.narrator = None

    def _switch(self, mode: str) -> None:
        """Start speech in ``mode`` (or only the transcript, with speech off), or stop it."""
        audible, was_audible = mode != "off", self._mode not in ("", "off")
        self._mode = mode
        if self.narrator is not None and audible == was_audible:
            self.narrator.verbosity = mode if audible else self.narrator.verbosity
            return
        self.close()
        if audible or self._log is not None:
            self.narrator, self.notice = start_narrator(mode if audible else "full", audible, self._log)

    def _tell_notice(self, app: SceneStack) -> None:
        """No voice could start: say so on the table, once (the narrator reads it out as it
        reads every message, so the transcript has it too)."""
        table = app.table
        if self.notice is not None and table is not None and table.toast is None:
            table.show_toast(self.notice)
            self.notice = None


def start_narrator(verbosity: str, audible: bool, log: Path | None) -> tuple[Narrator, str | None]:
    """A narrator speaking through the system's voice (``audible``) and the transcript ``log``,
    and, when no voice could start, the sentence saying why."""
    from game.speech.backends import TranscriptVoice, Voice, VoiceUnavailable, system_voice
    from game.speech.narrator import Narrator
    from game.speech.sentences import no_voice_sentence
    from game.speech.speaker import Speaker

    transcript: TranscriptVoice | None = None
    if log is not None:
        try:
            transcript = TranscriptVoice(log)
        except OSError as exc:  # speech goes on without the transcript
            # Translators: {variable} is SOLITAIRE_SPEECH_LOG, {reason} the system's error
            line = _("solitaire: {variable} cannot be written, so no transcript is kept: {reason}")
            say_line(line.format(variable=LOG_VARIABLE, reason=exc.strerror or exc))
    voice: Voice | None = None
    notice = None
    if audible:
        try:
            voice = system_voice()
        except VoiceUnavailable as exc:
            notice = no_voice_sentence(str(exc))
    return Narrator(Speaker(voice, transcript, current_language()), verbosity), notice


def glance(app: SceneStack) -> Glance:
    """The table as the narrator sees it this frame (the front scene's focus and dialog too)."""
    from game.scenes.dialog import Dialog
    from game.speech.narrator import Glance

    table, top = app.table, app.top if app.scenes else None
    dialog = None
    if isinstance(top, Dialog):
        dialog = (top.title, *top.lines, ", ".join(b.label for b in top.buttons))
    control = _control(top)
    if table is None:
        return Glance(None, dialog=dialog, control=control)
    keyboard = table.keyboard
    focus = keyboard.current if keyboard.visible and top is table else None
    held = table.selection
    status = table.session.coach.status_item()
    if status is not None and status[1] in (_("checking…"), _("checking deeper…")):
        status = None  # not a verdict yet
    return Glance(
        table.g,
        focus=(focus.pile, focus.index) if focus is not None else None,
        held=(held.pile, held.index) if held is not None else None,
        message=table.toast,
        # Translators: speech, the status line's verdict when it changes ("Winnable: yes")
        verdict=_("{label}: {value}").format(label=status[0], value=status[1]) if status else None,
        dialog=dialog,
        control=control,
    )


def _control(top: object) -> str | None:
    """What the keyboard has reached on a screen other than the table: the menu's or a dialog's
    button, the chooser's game."""
    from game.scenes.chooser import ChooserScene
    from game.view.names import game_name

    if isinstance(top, ChooserScene):
        return game_name(top.variants[top.focus])
    hover, buttons = getattr(top, "hover", None), getattr(top, "buttons", None)
    if hover is None or not isinstance(buttons, list):
        return None
    return next((str(b.label) for b in buttons if getattr(b, "action", None) == hover), None)
