"""The voices a sentence can go to, each started only when speech is on.

- ``ScreenReaderVoice``: Windows and macOS, through the optional ``prismatoid`` package
  (NVDA, JAWS, Narrator, VoiceOver when running; else SAPI, OneCore or AVSpeech), imported
  only here and only when speech starts.
- ``CommandVoice``: Linux, Speech Dispatcher's ``spd-say`` (which Orca also speaks through)
  when installed, else ``espeak-ng``: one process per sentence, ended to cut it short.
- ``TranscriptVoice``: the file ``SOLITAIRE_SPEECH_LOG`` names, one line per sentence.

A voice's ``start`` never blocks for long: the speaker's thread calls it and then ``wait``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Protocol

from game.i18n import _

ESPEAK_VOICES = {"pt_BR": "pt-br", "en": "en-gb"}
"""espeak-ng's voice for a catalog language where its name differs (others: the language code)."""
POLL = 0.05
"""How often ``wait`` looks whether a screen reader is still speaking (seconds)."""


class Voice(Protocol):
    """Somewhere a sentence can be spoken."""

    name: str

    def start(self, text: str, language: str) -> None:
        """Begin speaking ``text`` in ``language`` (a catalog code such as ``de`` or ``pt_BR``)."""

    def wait(self) -> None:
        """Return when the sentence begun last is spoken or was stopped."""

    def stop(self) -> None:
        """Cut the sentence being spoken short (from any thread)."""

    def close(self) -> None:
        """Let the voice go."""


class VoiceUnavailable(Exception):
    """No voice of this kind can start here (the message says why)."""


class CommandVoice:
    """A speech command run once per sentence: ``spd-say`` or ``espeak-ng``."""

    def __init__(self, program: str, wav: Path | None = None) -> None:
        path = shutil.which(program)
        if path is None:
            # Translators: why speech has no voice; {program} is spd-say or espeak-ng
            raise VoiceUnavailable(_("{program} is not installed").format(program=program))
        self.name = program
        self._path = path
        self._wav = wav
        self._process: subprocess.Popen[bytes] | None = None

    def command(self, text: str, language: str) -> list[str]:
        """The command line that speaks ``text``."""
        if self.name == "spd-say":
            return [self._path, "--wait", "--language", language.split("_")[0], "--", text]
        voice = ESPEAK_VOICES.get(language, language.split("_")[0].lower())
        wav = ["-w", str(self._wav)] if self._wav is not None else []
        return [self._path, "-v", voice, *wav, "--", text]

    def start(self, text: str, language: str) -> None:
        self._process = subprocess.Popen(
            self.command(text, language),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=system_environment(),
        )

    def wait(self) -> None:
        process = self._process
        if process is not None:
            process.wait()

    def stop(self) -> None:
        process = self._process
        if process is not None and process.poll() is None:
            process.terminate()
            if self.name == "spd-say":  # the sentence is the server's now: cancel it there
                subprocess.run([self._path, "--cancel"], check=False, timeout=2, capture_output=True)

    def close(self) -> None:
        self.stop()


def system_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a program of the system: in the standalone executable, the library
    path PyInstaller points at its bundled libraries is put back as it was (their SDL or ALSA
    copies must not be loaded by espeak-ng)."""
    env = dict(os.environ if environ is None else environ)
    if "LD_LIBRARY_PATH_ORIG" in env:
        env["LD_LIBRARY_PATH"] = env["LD_LIBRARY_PATH_ORIG"]
    elif getattr(sys, "frozen", False):
        env.pop("LD_LIBRARY_PATH", None)
    return env


class ScreenReaderVoice:
    """The running screen reader, or the system's speech, through ``prismatoid``."""

    def __init__(self) -> None:
        try:
            import prism  # type: ignore[import-not-found,unused-ignore]
        except ImportError as exc:
            if exc.name != "prism":  # installed, but its library or cffi cannot load here
                raise VoiceUnavailable(str(exc)) from None
            # Translators: why speech has no voice on Windows and macOS (prismatoid is a package's name)
            raise VoiceUnavailable(_("the prismatoid package is not installed")) from None
        except OSError as exc:  # its library's folder cannot be added (Windows)
            raise VoiceUnavailable(str(exc)) from None
        try:
            self._context: Any = prism.Context()
            self._backend: Any = self._context.acquire_best()
        except Exception as exc:  # the library's own errors: no backend, no screen reader
            raise VoiceUnavailable(str(exc)) from None
        self.name = f"prismatoid ({self._backend.name})"

    def start(self, text: str, language: str) -> None:
        self._backend.output(text, interrupt=False)

    def wait(self) -> None:
        try:
            while self._backend.speaking:
                time.sleep(POLL)
        except Exception:  # a screen reader that cannot tell: it queues by itself
            return

    def stop(self) -> None:
        self._backend.stop()

    def close(self) -> None:
        self._backend = self._context = None


def system_voice(platform: str = sys.platform) -> Voice:
    """The best voice this system can start; ``VoiceUnavailable`` saying why when none can."""
    if platform in ("win32", "darwin"):
        return ScreenReaderVoice()
    reasons = []
    for program in ("spd-say", "espeak-ng"):
        try:
            return CommandVoice(program)
        except VoiceUnavailable as exc:
            reasons.append(str(exc))
    raise VoiceUnavailable("; ".join(reasons))


class TranscriptVoice:
    """Every sentence appended to a file as one line (``SOLITAIRE_SPEECH_LOG``)."""

    name = "transcript"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.path.touch()  # a folder that is not there, or a file that cannot be written: now

    def start(self, text: str, language: str) -> None:
        with self.path.open("a", encoding="utf-8") as log:
            log.write(" ".join(text.split()) + "\n")

    def wait(self) -> None:
        return

    def stop(self) -> None:
        return

    def close(self) -> None:
        return
