"""Speech in the app: turned on by ``--speech`` or the menu's setting, the read and repeat keys,
a missing voice told once, and nothing of it loaded while it is off."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.speech import backends
from game.speech.backends import VoiceUnavailable
from tests.app.conftest import FakeClock, post_key, settle


def no_voice() -> backends.Voice:
    raise VoiceUnavailable("espeak-ng is not installed")


@pytest.fixture
def transcript(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "speech.log"
    monkeypatch.setenv("SOLITAIRE_SPEECH_LOG", str(path))
    return path


def test_with_no_voice_the_game_says_so_once_on_screen_and_in_the_transcript_and_plays_on(
    make_app: Callable[..., App], clock: FakeClock, transcript: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backends, "system_voice", no_voice)
    app = make_app(variant="kansas", deal=65, speech=True)
    settle(app, clock)
    table = app.table
    assert table is not None and table.toast is not None
    notice = "Speech is on, but no voice could start (espeak-ng is not installed); playing on without it."
    assert table.toast[0] == notice
    post_key(pygame.K_d, unicode="d")
    settle(app, clock)
    clock.t += 10
    settle(app, clock)
    assert table.g.moves_made == 1
    assert transcript.read_text(encoding="utf-8").splitlines().count(notice) == 1


def test_r_reads_the_table_pile_by_pile_and_l_repeats_the_last_sentence(
    make_app: Callable[..., App], clock: FakeClock, transcript: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backends, "system_voice", no_voice)
    app = make_app(variant="kansas", deal=65, speech=True)
    settle(app, clock)
    start = len(transcript.read_text(encoding="utf-8").splitlines())
    post_key(pygame.K_r, unicode="r")
    settle(app, clock)
    post_key(pygame.K_l, unicode="l")
    settle(app, clock)
    table = app.table
    assert table is not None
    said = transcript.read_text(encoding="utf-8").splitlines()[start:]
    piles = len(table.g.state.piles)
    assert len(said) == piles + 1
    assert said[0].startswith("Tableau 1: ") or said[0].startswith("Stock: ")
    assert said[-1] == said[-2]


def test_r_and_l_do_nothing_with_speech_off(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=65)
    post_key(pygame.K_r, unicode="r")
    post_key(pygame.K_l, unicode="l")
    settle(app, clock)
    assert app.speech.narrator is None and app.top is app.table


@pytest.mark.slow
def test_speech_off_loads_nothing_of_speech_and_the_log_works_with_autoplay(tmp_path: Path) -> None:
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print(sorted(m for m in sys.modules if 'speech' in m)))\n"
        "from game.cli import main\n"
        "main(['--variant', 'seahaven', '--deal', '1', '--autoplay', '--exit-when-done',"
        " '--window', '640x480'])\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}
    env["SOLITAIRE_SPEED"] = "off"  # no animation: the autoplay ends in a few seconds
    env["SOLITAIRE_DATA_DIR"] = str(tmp_path / "data")
    env.pop("SOLITAIRE_SPEECH_LOG", None)
    off = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert off.stdout.strip().splitlines()[-1] == "['game.app_speech']", off.stdout + off.stderr
    log = tmp_path / "speech.log"
    env["SOLITAIRE_SPEECH_LOG"] = str(log)
    on = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert "game.speech.narrator" in on.stdout.strip().splitlines()[-1]
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "Seahaven Towers, deal 1. R reads the table, L repeats."
    outcome = on.stdout.splitlines()[0]  # autoplay wins this deal unless a loaded machine starves its solver
    if ": won after" in outcome:
        assert lines[-2:] == ["You won!", "52 cards of 52 are home."]
    elif ": no moves left" in outcome:
        assert "No moves left" in lines
    else:
        assert any(" to tableau " in line or " to foundation " in line for line in lines), outcome


def test_the_menus_entry_under_the_keyboard_is_said(
    make_app: Callable[..., App], clock: FakeClock, transcript: Path
) -> None:
    app = make_app(variant="kansas", deal=65)
    post_key(pygame.K_ESCAPE)
    settle(app, clock)
    post_key(pygame.K_DOWN)
    settle(app, clock)
    post_key(pygame.K_DOWN)
    settle(app, clock)
    assert transcript.read_text(encoding="utf-8").splitlines()[-2:] == ["Resume", "New deal"]


def test_a_dialog_is_read_with_its_buttons(
    make_app: Callable[..., App], clock: FakeClock, transcript: Path
) -> None:
    app = make_app(variant="kansas", deal=65)
    post_key(pygame.K_d, unicode="d")
    settle(app, clock)
    post_key(pygame.K_n, pygame.KMOD_CTRL)  # a new deal after a move asks first
    settle(app, clock)
    lines = transcript.read_text(encoding="utf-8").splitlines()
    top = app.top
    assert lines[-1] == ", ".join(b.label for b in top.buttons)  # type: ignore[attr-defined]
    assert top.title in lines  # type: ignore[attr-defined]


def test_the_command_line_takes_speech() -> None:
    from game.cli import play_parser

    assert play_parser().parse_args(["--speech", "--variant", "kansas"]).speech is True
    assert play_parser().parse_args([]).speech is False


def test_a_transcript_that_cannot_be_written_is_one_line_on_stderr_and_play_goes_on(
    make_app: Callable[..., App],
    clock: FakeClock,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("SOLITAIRE_SPEECH_LOG", str(tmp_path / "no such folder" / "speech.log"))
    app = make_app(variant="kansas", deal=65)
    post_key(pygame.K_d, unicode="d")
    settle(app, clock)
    table = app.table
    assert table is not None and table.g.moves_made == 1
    err = capsys.readouterr().err.splitlines()
    line = "solitaire: SOLITAIRE_SPEECH_LOG cannot be written, so no transcript is kept: "
    assert err == [line + "No such file or directory"]


def test_the_hint_is_said(make_app: Callable[..., App], clock: FakeClock, transcript: Path) -> None:
    app = make_app(variant="seahaven", deal=1)
    settle(app, clock)
    post_key(pygame.K_h, unicode="h")
    table = app.table
    assert table is not None
    for _ in range(200):  # the solver answers in its own process
        settle(app, clock)
        if table.hint is not None:
            break
    assert table.hint is not None and table.toast is not None
    assert transcript.read_text(encoding="utf-8").splitlines()[-1] == table.toast[0]
