"""A command whose output cannot be written (a full disk, a closed stream, a reader that has
gone, a character set that cannot write the player's language) ends with one line on standard
error and a non-zero status: no traceback, and no "Exception ignored" at exit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DEAL = ["deal", "--variant", "kansas", "--deal", "1"]
needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")


def run(args: list[str], *, stdout: object = None, close_stdout: bool = False, **env: str) -> tuple[int, str]:
    """The command's exit status and what it wrote on standard error."""
    environment = {**os.environ, "LANGUAGE": "en", "LC_ALL": "C.UTF-8", **env}
    child = subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=REPO,
        env=environment,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        preexec_fn=(lambda: os.close(1)) if close_stdout else None,
    )
    return child.returncode, child.stderr


def one_line(stderr: str) -> str:
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    (line,) = stderr.splitlines()
    return line


@needs_dev_full
@pytest.mark.parametrize("args", [DEAL, ["--version"], ["--help"], ["deal", "--help"]])
def test_output_to_a_full_disk_is_one_line_and_status_1(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        status, stderr = run(args, stdout=full)
    assert status == 1
    assert one_line(stderr) == "solitaire: could not write the output: No space left on device"


@pytest.mark.skipif(sys.platform == "win32", reason="closes a descriptor in the child")
@pytest.mark.parametrize("args", [DEAL, ["--version"], ["--help"]])
def test_output_to_a_closed_stdout_is_one_line_and_status_1(args: list[str]) -> None:
    status, stderr = run(args, close_stdout=True)
    assert status == 1
    assert one_line(stderr) == "solitaire: could not write the output: standard output is closed"


def test_help_in_a_language_the_output_cannot_write_is_one_english_line() -> None:
    status, stderr = run(["--help"], stdout=subprocess.DEVNULL, PYTHONIOENCODING="ascii", LANGUAGE="ru")
    assert status == 1
    assert one_line(stderr) == (
        "solitaire: could not write the output: the output's character set (ascii) cannot write this "
        "text; try a UTF-8 locale or PYTHONIOENCODING=utf-8"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="a pipe whose reader is closed")
@pytest.mark.parametrize("args", [DEAL, ["--help"]])
def test_a_reader_gone_ends_quietly_with_status_1_and_no_noise_at_exit(args: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)  # as `| head -1` leaves it once it has its line
    try:
        status, stderr = run(args, stdout=write)
    finally:
        os.close(write)
    assert status == 1
    assert stderr == ""
