"""Shared by every test folder: this folder is on ``sys.path`` for ``solver_stand_in``."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def collector_left_running() -> Iterator[None]:
    """Every test leaves Python's garbage collector running with nothing frozen out of it: the
    whole suite runs in one process, where a test that left it stopped made the solver's tests
    after it grow past 20 GiB of reference cycles (and frozen objects are never freed)."""
    yield
    assert gc.isenabled(), "the test left the garbage collector stopped"
    assert gc.get_freeze_count() == 0, "the test left objects frozen out of the garbage collector"
