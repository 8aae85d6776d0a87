"""SIGKILL at random moments during play: the restart finds the last completed action, always.

The harness is ``benchmarks/kill_soak.py`` (run it for longer soaks); here it makes 50 kills.
"""

from __future__ import annotations

import importlib.util
import signal
import sys
import time
from pathlib import Path

import pytest

HARNESS = Path(__file__).resolve().parents[2] / "benchmarks" / "kill_soak.py"
RUNS = 50


def load_harness():
    spec = importlib.util.spec_from_file_location("kill_soak", HARNESS)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up by name
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_fifty_sigkills_lose_no_position_and_no_statistics(tmp_path):
    harness = load_harness()
    start = time.perf_counter()

    outcomes = harness.soak(RUNS, seed=2025, max_play=0.25, folder=tmp_path / "data")

    print("\n" + harness.report(outcomes, time.perf_counter() - start))
    assert len(outcomes) == RUNS
    assert [o for o in outcomes if o.lost] == []
    assert sum(o.completed for o in outcomes) > RUNS * 10  # the kills did land during play
