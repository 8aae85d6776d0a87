"""``benchmarks/peers.py``: its command line, its reading of fc-solve's output, its figures.

The benchmark itself (minutes of solving) is not run here; one real fc-solve call on one deal
checks the verdict parsing against the installed solver when it is there."""

from __future__ import annotations

import shutil
from types import ModuleType

import pytest

import game
from game.fcs import fcs_board
from tests.solver.benchmark_scripts import load


@pytest.fixture(scope="module")
def peers() -> ModuleType:
    return load("peers")


def test_peers_defaults_to_both_games_over_a_range_of_deals(peers: ModuleType) -> None:
    args = peers.parse_args([])
    assert args.game_list == ["bakers-game", "seahaven"]
    assert args.deal_list == list(range(1, 101))
    assert args.budget == 10.0


def test_peers_takes_a_range_or_a_list_of_deals_and_one_game(peers: ModuleType) -> None:
    args = peers.parse_args(["--games", "seahaven", "--first", "500", "--deals", "3", "--budget", "2"])
    assert (args.game_list, args.deal_list, args.budget) == (["seahaven"], [500, 501, 502], 2.0)
    assert peers.parse_args(["--only", "7,3,12"]).deal_list == [7, 3, 12]


@pytest.mark.parametrize(
    "argv",
    [
        ["--games", "kansas"],
        ["--games", ""],
        ["--budget", "0"],
        ["--only", "3,x"],
        ["--only", "0"],
        ["--deals", "0"],
    ],
)
def test_peers_rejects_bad_arguments_with_a_usage_error(peers: ModuleType, argv: list[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        peers.parse_args(argv)
    assert stop.value.code == 2


def test_peers_reads_fc_solves_three_answers(peers: ModuleType) -> None:
    won = "-=-=-\nThis game is solveable.\nTotal number of states checked is 10.\n"
    lost = "I could not solve this game.\nTotal number of states checked is 1146.\n"
    limit = "Iterations count exceeded.\nI could not solve this game.\n"
    assert [peers.fcs_verdict(t) for t in (won, lost, limit, "")] == [
        "winnable",
        "unwinnable",
        "unknown",
        "unknown",
    ]


def test_peers_figures_count_decided_deals_and_give_ratios(peers: ModuleType) -> None:
    o = peers.Outcome
    ours = {1: o("winnable", 0.2, 0.1), 2: o("unwinnable", 0.4, 0.2), 3: o("unknown", 10.0, 5.0)}
    theirs = {1: o("winnable", 0.1, 0.1), 2: o("winnable", 0.1, 0.1), 3: o("unwinnable", 0.3, 0.2)}
    lines = peers.compare("seahaven", ours, theirs)
    assert "decided   66.7 %" in lines[1] and "wall median   0.400 s" in lines[1]
    assert "cpu median   0.200 s  p90   5.000 s" in lines[1]
    assert "decided  100.0 %" in lines[2] and "wall median   0.100 s" in lines[2]
    assert lines[3] == "  ours / fc-solve: wall median 4.00x, p90 33.33x; cpu median 2.00x, p90 25.00x"
    assert lines[4] == "  undecided by ours: [3]"
    assert lines[5] == "  verdicts that disagree: [2]"


@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve not installed")
def test_peers_runs_fc_solve_with_the_kings_only_preset(peers: ModuleType) -> None:
    board = fcs_board(game.new_game("bakers-game", deal=1))
    assert peers.run_fcs(board, peers.PRESETS["bakers-game"], 10.0).verdict == "unwinnable"
    board = fcs_board(game.new_game("bakers-game", deal=2))
    assert peers.run_fcs(board, peers.PRESETS["bakers-game"], 10.0).verdict == "winnable"
