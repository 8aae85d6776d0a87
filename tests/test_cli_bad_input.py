"""The command line with any text at all: a clear one-line error and exit status 2, or status 0,
never a traceback (non-ASCII digits, huge numbers, new lines, absurd window sizes)."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import deal_parser, main, play_parser, solve_parser

OPTIONS = [
    "--variant",
    "--deal",
    "--window",
    "--budget",
    "--data-dir",
    "--json",
    "--fullscreen",
    "--version",
    "-h",
]
WORDS = ["kansas", "seahaven", "1", "#7", "8589934591", "8589934592", "1280x720", "²", "٣", "-5", "x"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=60)


def test_deal_number_in_superscript_digits_is_one_line_and_status_2() -> None:
    result = run("deal", "--variant", "kansas", "--deal", "²")
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert lines == [
        "solitaire deal: error: argument --deal: deal number must be a whole number from 1 to "
        "8589934591, got '²' (see 'solitaire deal --help')"
    ]


def test_deal_number_of_5000_digits_is_one_line_and_status_2() -> None:
    result = run("deal", "--variant", "kansas", "--deal", "7" * 5000)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "deal number must be from 1 to 8589934591" in lines[0]
    assert len(lines[0]) < 200


@pytest.mark.parametrize("size", ["٢٢٢x٣٣٣", "1280×720", "１２８０x７２０"])
def test_window_size_is_ascii_digits_only(size: str) -> None:
    with pytest.raises(SystemExit) as caught, contextlib.redirect_stderr(io.StringIO()):
        play_parser().parse_args(["--window", size])
    assert caught.value.code == 2


def test_an_argument_with_a_new_line_gives_one_line_of_error() -> None:
    err = io.StringIO()
    with pytest.raises(SystemExit) as caught, contextlib.redirect_stderr(err):
        play_parser().parse_args(["two\nlines"])
    assert caught.value.code == 2
    assert len(err.getvalue().splitlines()) == 1 and "two\\nlines" in err.getvalue()


def _parse(argv: list[str]) -> tuple[int, str]:
    """Parse ``argv`` as the command would (printing a deal, but neither solving nor playing)."""
    err, out = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            if argv[:1] == ["deal"]:
                code = main(argv)
            elif argv[:1] == ["solve"]:
                solve_parser().parse_args(argv[1:])
            else:
                play_parser().parse_args(argv)
        except SystemExit as exc:
            code = 0 if exc.code is None else exc.code  # type: ignore[assignment]
    return code, err.getvalue()


arguments = st.lists(st.one_of(st.sampled_from(OPTIONS + WORDS), st.text(max_size=30)), max_size=6)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from([[], ["deal"], ["solve"]]), argv=arguments)
def test_any_arguments_give_status_0_or_one_line_and_status_2(command: list[str], argv: list[str]) -> None:
    code, err = _parse(command + argv)
    assert code in (0, 2)
    if code == 2:
        assert len(err.splitlines()) == 1 and ": error: " in err
    assert "Traceback" not in err


def test_the_parsers_take_deal_numbers_with_a_hash() -> None:
    assert deal_parser().parse_args(["--variant", "kansas", "--deal", "#12"]).deal == 12


def test_data_dir_in_an_unknown_users_home_is_one_line_and_status_2() -> None:
    err = io.StringIO()
    with pytest.raises(SystemExit) as caught, contextlib.redirect_stderr(err):
        play_parser().parse_args(["--data-dir", "~no-such-user-here/solitaire"])
    assert caught.value.code == 2
    assert err.getvalue().splitlines() == [
        "solitaire: error: argument --data-dir: data folder '~no-such-user-here/solitaire': "
        "'~no-such-user-here' is not a home folder on this computer (see 'solitaire --help')"
    ]
