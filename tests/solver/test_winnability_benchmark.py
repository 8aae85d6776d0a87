"""``benchmarks/winnability.py``: its interval, its resumable results file, its report."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

import game
from game.solver import Budget, Solution, Verdict
from tests.solver.benchmark_scripts import load


@pytest.fixture(scope="module")
def table() -> ModuleType:
    return load("winnability")


def test_wilson_interval_matches_the_textbook_figures(table: ModuleType) -> None:
    low, high = table.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert table.wilson(0, 0) == (0.0, 1.0)
    low, high = table.wilson(8933, 10_000)
    assert 0.0055 < (high - low) / 2 < 0.0065  # about +-0.6 % at Seahaven's share


def test_undecided_deals_widen_the_interval_both_ways(table: ModuleType) -> None:
    line = table.summary("seahaven", ["winnable"] * 80 + ["unwinnable"] * 18 + ["unknown"] * 2)
    assert "won     80  lost     18  undecided    2" in line
    assert "winnable  81.63 %" in line
    low, _ = table.wilson(80, 100)
    _, high = table.wilson(82, 100)
    assert f"{100 * low:6.2f} - {100 * high:6.2f} %" in line


def test_a_run_skips_the_deals_already_in_its_results_file(table: ModuleType, tmp_path: Path) -> None:
    results = tmp_path / "w.jsonl"
    results.write_text(json.dumps({"game": "seahaven", "deal": 2, "verdict": "unwinnable"}) + "\n{torn")
    assert table.main(["--games", "seahaven", "--first", "2", "--deals", "2", "--results", str(results)]) == 0
    done = table.read_results(results)
    # Deal 2 kept its recorded verdict (not solved again), deal 3 was solved and appended.
    assert done[("seahaven", 2)] == "unwinnable"
    assert done[("seahaven", 3)] == "winnable"


def test_winnability_rejects_unknown_games(table: ModuleType) -> None:
    with pytest.raises(SystemExit):
        table.parse_args(["--games", "klondike"])


def test_a_retry_solves_again_only_the_deals_left_undecided(table: ModuleType, tmp_path: Path) -> None:
    results = tmp_path / "w.jsonl"
    rows = [("seahaven", 2, "unknown"), ("seahaven", 3, "unwinnable")]
    results.write_text("".join(json.dumps({"game": g, "deal": d, "verdict": v}) + "\n" for g, d, v in rows))
    argv = ["--games", "seahaven", "--first", "2", "--deals", "3", "--results", str(results)]
    assert table.main([*argv, "--retry-undecided"]) == 0
    done = table.read_results(results)
    assert done[("seahaven", 2)] == "winnable"  # solved again: the newer line counts
    assert done[("seahaven", 3)] == "unwinnable"  # decided already: left alone (it is winnable)
    assert ("seahaven", 4) not in done  # never solved: a retry adds no new deal


@pytest.fixture
def given(monkeypatch: pytest.MonkeyPatch) -> dict[str, Budget]:
    """The budget each game's deal was solved with (no deal is solved)."""
    import game.solver

    budgets: dict[str, Budget] = {}

    def solve(g: game.Game, budget: Budget) -> Solution:
        budgets[g.key] = budget
        return Solution(Verdict.UNKNOWN)

    monkeypatch.setattr(game.solver, "solve", solve)
    return budgets


def test_each_game_is_solved_with_its_own_budget_of_positions(
    table: ModuleType, tmp_path: Path, given: dict[str, Budget]
) -> None:
    results = str(tmp_path / "w.jsonl")
    argv = ["--games", "kansas,seahaven", "--deals", "1", "--budget", "7", "--results", results]
    assert table.main(argv) == 0
    # Kansas's looser game stores ten times as many positions: the same budget as `solitaire solve`.
    assert given == {key: Budget(seconds=7).for_search(key) for key in ("kansas", "seahaven")}
    assert given["kansas"].positions > given["seahaven"].positions


def test_positions_given_on_the_command_line_replace_each_game_budget(
    table: ModuleType, tmp_path: Path, given: dict[str, Budget]
) -> None:
    results = str(tmp_path / "w.jsonl")
    argv = ["--games", "kansas,seahaven", "--deals", "1", "--budget", "60", "--positions", "80000000"]
    assert table.main([*argv, "--results", results]) == 0
    assert given == {key: Budget(seconds=60, positions=80_000_000) for key in ("kansas", "seahaven")}


def test_winnability_rejects_negative_positions(table: ModuleType) -> None:
    with pytest.raises(SystemExit):
        table.parse_args(["--positions", "-1"])
