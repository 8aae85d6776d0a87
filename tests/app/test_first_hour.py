"""What a player meets in the first hour (issue 24): no counted no-ops, honest messages, the
game reopened where it was left, titles, the clock, confirmations and refusals with reasons."""

from __future__ import annotations

from collections.abc import Callable

import game
from game.app import App
from game.scenes.table import TableScene
from tests.app.conftest import FakeClock, post_drag, settle


def table(app: App) -> TableScene:
    scene = app.table
    assert scene is not None
    return scene


def centre(app: App, pile: str) -> tuple[int, int]:
    t = table(app)
    i = t.g.variant.index[pile]
    rects = t.layout.state_rects(t.g.state, i)
    return rects[-1].center if rects else t.layout.piles[i].slot.center


def test_a_card_dragged_off_a_foundation_to_a_cell_stays_there(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="bakers-game", deal=1)
    t = table(app)
    t._start(game.from_text("bakers-game foundation-1=AH2H tableau-1=6S tableau-2=KD"))
    settle(app, clock)
    post_drag(centre(app, "foundation-1"), centre(app, "reserve-2"))
    settle(app, clock)
    assert t.g.moves_made == 1
    assert t.g.pile("reserve-2") == ["2H"]
    assert t.g.pile("foundation-1") == ["AH"]
