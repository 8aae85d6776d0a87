"""Windows: the windowed executable writes to the terminal it is run from (game.console)."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from game import cli, console


class _Console:
    """Stands in for kernel32's AttachConsole and the console's output."""

    def __init__(self, attached: bool) -> None:
        self.attached = attached
        self.calls: list[int] = []
        self.opened: list[io.StringIO] = []

    def attach(self, who: int) -> int:
        self.calls.append(who)
        return int(self.attached)

    def open(self, name: str) -> io.StringIO:
        assert name == "CONOUT$"
        stream = io.StringIO()
        self.opened.append(stream)
        return stream


def windowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A windowed program's start: no standard output or error (set inside the test: pytest's
    capture puts its own streams back between a fixture and the test)."""
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)


def test_a_windowed_program_run_from_a_terminal_writes_to_its_console(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    windowed(monkeypatch)
    fake = _Console(attached=True)
    assert console.reach_terminal("win32", fake.attach, fake.open)
    assert fake.calls == [console.ATTACH_PARENT_PROCESS]
    print("deal 7")
    print("error", file=sys.stderr)
    assert [s.getvalue() for s in fake.opened] == ["deal 7\n", "error\n"]


def test_a_double_clicked_program_has_no_console_to_attach_to(monkeypatch: pytest.MonkeyPatch) -> None:
    windowed(monkeypatch)
    fake = _Console(attached=False)
    assert not console.reach_terminal("win32", fake.attach, fake.open)
    assert fake.calls == [console.ATTACH_PARENT_PROCESS] and not fake.opened
    assert sys.stdout is None
    print("goes nowhere, raises nothing")


def test_redirected_output_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _Console(attached=True)
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stdout", piped)
    assert not console.reach_terminal("win32", fake.attach, fake.open)
    assert not fake.calls and sys.stdout is piped


def test_other_systems_are_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    windowed(monkeypatch)
    fake = _Console(attached=True)
    assert not console.reach_terminal("darwin", fake.attach, fake.open)
    assert not console.reach_terminal("linux", fake.attach, fake.open)
    assert not fake.calls


def test_the_command_line_reaches_the_terminal_before_it_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    order: list[str] = []
    monkeypatch.setattr(cli, "reach_terminal", lambda: order.append("attach"))
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0 and order == ["attach"]
    assert capsys.readouterr().out.startswith("solitaire ")


def _help(language: str, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, LANGUAGE=language, PYTHONIOENCODING=encoding)
    env.pop("LC_ALL", None)
    return subprocess.run(
        [sys.executable, "-m", "game", "--help"], env=env, capture_output=True, timeout=60, check=False
    )


@pytest.mark.parametrize("language", ["ru", "de"])
def test_help_into_a_cp1252_pipe_in_every_language(language: str) -> None:
    """As on a Western Windows whose output is piped: cp1252 takes German, whole, but not
    Russian, which ends in one line saying so (game.streams), never a UnicodeEncodeError."""
    proc = _help(language, "cp1252")
    assert b"Traceback" not in proc.stderr, proc.stderr.decode("utf-8", "replace")[-500:]
    if language == "ru":
        assert proc.returncode == 1 and proc.stderr.count(b"\n") == 1
        assert b"character set" in proc.stderr
    else:
        assert proc.returncode == 0
        assert proc.stdout.decode("cp1252") == _help(language, "utf-8").stdout.decode("utf-8")
