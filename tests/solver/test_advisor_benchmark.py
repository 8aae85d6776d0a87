"""``benchmarks/advisor.py``: which first answers meet the indicator's goal, and the report
of the positions that did not, deal by deal."""

from __future__ import annotations

import subprocess
import sys
from types import ModuleType

import pytest

from game.solver.advisor import Outlook
from tests.solver.benchmark_scripts import load, script


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load("advisor")


def test_only_a_yes_or_no_within_half_a_second_is_on_time(bench: ModuleType) -> None:
    assert bench.on_time(0.49, Outlook.WINNABLE)
    assert bench.on_time(0.0, Outlook.UNWINNABLE)
    assert not bench.on_time(0.51, Outlook.WINNABLE)
    assert not bench.on_time(0.1, Outlook.UNKNOWN)


def test_the_positions_missed_are_reported_deal_by_deal_in_order(bench: ModuleType) -> None:
    assert bench.by_deal({21033: 12, 21005: 1}) == "21005: 1, 21033: 12"
    assert bench.by_deal({}) == "none"


@pytest.mark.slow
def test_a_short_run_counts_its_positions_answered_in_time() -> None:
    args = ["--variants", "bakers-game", "--first", "21001", "--deals", "1", "--actions", "4"]
    out = subprocess.run(
        [sys.executable, str(script("advisor")), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    counted = [line for line in out.splitlines() if "answered in time" in line]
    assert len(counted) == 1
    done, _, total = counted[0].split("answered in time")[0].split()[:3]
    assert 0 <= int(done) <= int(total) <= 4
