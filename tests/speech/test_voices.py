"""The voices: the real espeak-ng speaks a sentence (checked in a WAV file with sox), a system
with no speech program says why, and the screen-reader package is imported only when asked."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.speech import backends
from game.speech.backends import CommandVoice, VoiceUnavailable, system_voice


def rms_amplitude(wav: Path) -> float:
    """sox's RMS amplitude of ``wav`` (0: silence)."""
    stat = subprocess.run(["sox", str(wav), "-n", "stat"], capture_output=True, text=True, check=True)
    line = next(x for x in stat.stderr.splitlines() if x.startswith("RMS     amplitude"))
    return float(line.split(":")[1])


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or not shutil.which("espeak-ng") or not shutil.which("sox"),
    reason="needs Linux with espeak-ng and sox (.ci/run installs them)",
)
@pytest.mark.parametrize("language", ["en", "de", "ru", "pt_BR"])
def test_espeak_ng_speaks_a_sentence_that_is_not_silence(tmp_path: Path, language: str) -> None:
    wav = tmp_path / "sentence.wav"
    voice = CommandVoice("espeak-ng", wav=wav)
    voice.start("Tableau 3: the seven of spades.", language)
    voice.wait()
    assert wav.stat().st_size > 10_000
    assert rms_amplitude(wav) > 0.01


def test_silence_is_told_apart_from_speech(tmp_path: Path) -> None:
    if not shutil.which("sox"):
        pytest.skip("needs sox")
    wav = tmp_path / "silence.wav"
    subprocess.run(["sox", "-n", "-r", "22050", "-c", "1", str(wav), "trim", "0", "1"], check=True)
    assert rms_amplitude(wav) < 0.001


@pytest.mark.skipif(not shutil.which("espeak-ng"), reason="needs espeak-ng")
def test_stopping_ends_the_sentence_being_spoken(tmp_path: Path) -> None:
    voice = CommandVoice("espeak-ng", wav=tmp_path / "long.wav")
    voice.start("the ace of clubs. " * 200, "en")
    voice.stop()
    voice.wait()
    process = voice._process
    assert process is not None and process.returncode != 0


def test_linux_with_no_speech_program_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends.shutil, "which", lambda name: None)
    with pytest.raises(VoiceUnavailable, match="spd-say is not installed; espeak-ng is not installed"):
        system_voice("linux")


def test_speech_dispatcher_comes_first_when_it_is_there(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends.shutil, "which", lambda name: f"/usr/bin/{name}")
    voice = system_voice("linux")
    assert voice.name == "spd-say"
    assert isinstance(voice, CommandVoice)
    assert voice.command("Stock: empty.", "pt_BR")[1:] == [
        "--wait",
        "--language",
        "pt",
        "--",
        "Stock: empty.",
    ]


def test_windows_and_macos_without_the_screen_reader_package_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "prism", None)  # as if prismatoid were not installed
    for platform in ("win32", "darwin"):
        with pytest.raises(VoiceUnavailable, match="prismatoid"):
            system_voice(platform)


def test_ci_installs_what_the_speech_test_needs() -> None:
    run = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text(encoding="utf-8")
    assert "command -v espeak-ng >/dev/null || need+=(espeak-ng)" in run
    assert "command -v sox >/dev/null || need+=(sox)" in run


class FakeBackend:
    name = "NVDA"
    speaking = False

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []
        self.stops = 0

    def output(self, text: str, interrupt: bool = False) -> None:
        self.said.append((text, interrupt))

    def stop(self) -> None:
        self.stops += 1


def test_the_screen_reader_gets_each_sentence_queued_and_is_stopped_on_a_new_focus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    backend = FakeBackend()
    fake = types.SimpleNamespace(Context=lambda: types.SimpleNamespace(acquire_best=lambda: backend))
    monkeypatch.setitem(sys.modules, "prism", fake)
    voice = system_voice("win32")
    assert voice.name == "prismatoid (NVDA)"
    voice.start("Tableau 1: the ace of spades.", "de")
    voice.wait()
    voice.stop()
    assert backend.said == [("Tableau 1: the ace of spades.", False)] and backend.stops == 1


def test_why_no_voice_started_is_in_the_players_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.i18n import set_language

    monkeypatch.setattr(backends.shutil, "which", lambda name: None)
    set_language("de")
    try:
        with pytest.raises(
            VoiceUnavailable, match=r"^spd-say ist nicht installiert; espeak-ng ist nicht installiert$"
        ):
            system_voice("linux")
    finally:
        set_language("en")


def test_the_executables_library_path_is_not_handed_to_espeak_ng(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.speech.backends import system_environment

    bundled = {"LD_LIBRARY_PATH": "/tmp/_MEI123", "LD_LIBRARY_PATH_ORIG": "/opt/lib", "HOME": "/home/p"}
    assert system_environment(bundled) == {**bundled, "LD_LIBRARY_PATH": "/opt/lib"}
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert system_environment({"LD_LIBRARY_PATH": "/tmp/_MEI123", "HOME": "/home/p"}) == {"HOME": "/home/p"}
    monkeypatch.delattr(sys, "frozen")
    assert system_environment({"LD_LIBRARY_PATH": "/usr/local/lib"}) == {"LD_LIBRARY_PATH": "/usr/local/lib"}
