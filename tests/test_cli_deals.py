"""``solitaire daily`` and ``solitaire winnable`` (a contract: the deal number on the first
line, then its rating; a bad or unsupported date: one line on stderr and exit status 2)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

import game
from game import dailies
from game.cli import main
from game.solver.daily_proof import daily_proof
from game.store import daily as store_daily
from game.store import winnable as winnable_table
from game.store.daily import daily_entry, supported
from game.store.winnable import Table, wins


def _first_day() -> date:
    span = supported()
    assert span is not None
    return span[0]


@pytest.mark.parametrize("variant", list(game.VARIANTS))
def test_daily_prints_the_days_deal_then_its_rating(
    variant: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every registered game's: the shipped table's, or proved here for a game without one."""
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path))
    day = _first_day()
    assert main(["daily", "--variant", variant, "--date", day.isoformat()]) == 0
    lines = capsys.readouterr().out.splitlines()
    entry = dailies.daily_entry(variant, day)
    assert lines == [str(entry.deal), entry.rating]
    assert entry.rating in ("easy", "medium", "hard", "expert")


def test_daily_without_a_date_is_todays(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["daily", "--variant", "kansas"])
    out, err = capsys.readouterr()
    span = supported()
    assert span is not None
    if span[0] <= date.today() <= span[1]:
        assert status == 0 and out.splitlines()[0] == str(dailies.daily_entry("kansas", date.today()).deal)
    else:
        assert status == 2 and out == "" and len(err.splitlines()) == 1


@pytest.mark.parametrize("text", ["2026-02-30", "2026-13-01", "yesterday", "20261101", "2026-1-1"])
def test_daily_with_a_date_that_does_not_exist_says_so_in_one_line(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["daily", "--variant", "kansas", "--date", text])
    out, err = capsys.readouterr()
    assert exc.value.code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "not a date" in err


def test_daily_outside_the_supported_range_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    span = supported()
    assert span is not None
    for day in (span[0] - timedelta(days=1), span[1] + timedelta(days=1), date(1999, 1, 1)):
        assert main(["daily", "--variant", "seahaven", "--date", day.isoformat()]) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.splitlines()) == 1 and day.isoformat() in err


def test_daily_after_the_shipped_table_proves_the_day_and_keeps_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The daily challenge outlives the table: a later day's deal is the daily function's, the
    same as the table would hold, proved here once and then read from the data folder."""
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path))
    span = winnable_table.shipped().supported(winnable_table.shipped().games)
    assert span is not None
    day = span[1] + timedelta(days=400)
    assert main(["daily", "--variant", "bakers-game", "--date", day.isoformat()]) == 0
    proof = daily_proof("bakers-game", day)
    assert capsys.readouterr().out.splitlines() == [str(proof.deal), proof.rating]
    assert (tmp_path / "deals" / "bakers-game.txt").read_text(encoding="utf-8").startswith(day.isoformat())


def test_winnable_prints_a_deal_whose_line_wins(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["winnable", "--variant", "seahaven"]) == 0
    number, rating = capsys.readouterr().out.splitlines()
    table = winnable_table.shipped()
    proven = [*table.pool["seahaven"], *table.daily["seahaven"].values()]
    entry = next(e for e in proven if e.deal == int(number))
    assert entry.rating == rating and wins(entry)


def test_winnable_with_no_table_searches_and_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(winnable_table, "shipped", lambda: Table(problems=["seahaven.txt: missing"]))
    assert main(["winnable", "--variant", "bakers-game"]) == 0
    out, err = capsys.readouterr()
    assert "searching instead" in err
    from game.solver.search import Verdict, solve

    assert (
        solve(game.new_game("bakers-game", int(out.splitlines()[0])), automatic=True).verdict
        is Verdict.WINNABLE
    )


@pytest.mark.slow
def test_the_installed_command_answers_daily_and_winnable() -> None:
    day = _first_day().isoformat()
    run = [sys.executable, "-m", "game", "daily", "--variant", "aunt-mary", "--date", day]
    done = subprocess.run(run, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.splitlines()[0] == str(
        daily_entry("aunt-mary", _first_day()).deal
    )
    run = [sys.executable, "-m", "game", "winnable", "--variant", "lady-jane"]
    done = subprocess.run(run, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.splitlines()[0].isdigit()


def test_daily_with_a_damaged_table_proves_the_same_deal_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path))
    day = _first_day()
    want = daily_entry("seahaven", day)
    damaged = Table(problems=["seahaven.txt: missing"])
    monkeypatch.setattr(winnable_table, "shipped", lambda: damaged)
    monkeypatch.setattr(store_daily, "shipped", lambda: damaged)
    assert main(["daily", "--variant", "seahaven", "--date", day.isoformat()]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [str(want.deal), want.rating]
    assert "searching instead" in err and len(err.splitlines()) == 1


def _table_in(folder: Path, named: list[str], files: list[str]) -> Table:
    """The table as read from ``folder`` when its manifest names ``named`` and it holds the
    shipped files of ``files`` (a deleted file, or a game that never shipped one)."""
    for key in named:
        winnable_table.add_to_manifest(folder, key)
    for key in files:
        shutil.copyfile(winnable_table.table_path(key), winnable_table.table_path(key, folder))
    return winnable_table.load(list(game.VARIANTS), folder)


SHIPPED_GAMES = winnable_table.shipped().games
OTHERS = [k for k in SHIPPED_GAMES if k != "seahaven"]


@pytest.mark.parametrize(("named", "notices"), [(SHIPPED_GAMES, 1), (OTHERS, 0)])
def test_daily_says_a_shipped_file_is_missing_once_and_says_nothing_of_a_game_that_never_had_one(
    named: list[str],
    notices: int,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seahaven's file gone: deleted from a shipped table (its manifest names it) is a notice,
    said once; never shipped (a game added since) is none. Either way its day is proved here."""
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "deals").mkdir()
    day = _first_day()
    want = daily_entry("seahaven", day)
    table = _table_in(tmp_path / "deals", named, OTHERS)
    monkeypatch.setattr(winnable_table, "shipped", lambda: table)
    monkeypatch.setattr(store_daily, "shipped", lambda: table)
    assert main(["daily", "--variant", "seahaven", "--date", day.isoformat()]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [str(want.deal), want.rating]
    assert err.count("searching instead") == notices and len(err.splitlines()) == notices
