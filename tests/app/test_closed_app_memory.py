"""A closed app leaves nothing in memory that the garbage collector cannot free, and the game
started from the command line still gets its collector back after its first frame."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable

from game.app import App


def test_closed_apps_are_freed_by_the_collector(make_app: Callable[..., App]) -> None:
    # Each app's first frame froze every live object, itself included (``gc.freeze``): a frozen
    # object is never collected, so every app a test suite made stayed (~4 MiB each).
    gone = []
    for deal in (1, 2, 3):
        app = make_app(deal=deal)
        app.close()
        gone.append(weakref.ref(app))
        del app
    gc.collect()
    assert [ref() for ref in gone] == [None, None, None]
    assert gc.get_freeze_count() == 0


def test_the_first_frame_restarts_the_collector_the_command_line_stopped(
    make_app: Callable[..., App],
) -> None:
    gc.disable()  # as ``game.cli.main`` leaves it while the game starts up
    try:
        app = make_app()
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0  # what start-up made is kept out of later passes
        app.close()
    finally:
        gc.unfreeze()
        gc.enable()
