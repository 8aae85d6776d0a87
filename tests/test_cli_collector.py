"""``game.cli.main`` stops Python's garbage collector while the game starts up; however it ends,
a caller that goes on in the same process gets the collector back as it found it."""

from __future__ import annotations

import gc

import pytest

from game.cli import main


@pytest.mark.parametrize(
    "argv",
    [["--version"], ["--help"], ["--bogus"], ["--window", "huge"], ["deal", "--deal", "3"]],
    ids=["version", "help", "usage-error", "bad-window", "deal-without-a-game"],
)
def test_the_collector_runs_again_after_main_exits_early(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # These end in SystemExit before any window: the collector was left stopped, and the
    # solver's tests after them grew past 20 GiB of reference cycles nothing freed.
    with pytest.raises(SystemExit):
        main(argv)
    capsys.readouterr()
    assert gc.isenabled()


def test_the_collector_runs_again_after_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--variant", "kansas", "--deal", "1"]) == 0
    capsys.readouterr()
    assert gc.isenabled()


def test_a_caller_that_stopped_the_collector_finds_it_stopped(capsys: pytest.CaptureFixture[str]) -> None:
    gc.disable()
    try:
        with pytest.raises(SystemExit):
            main(["--version"])
        assert not gc.isenabled()
    finally:
        gc.enable()
    capsys.readouterr()
