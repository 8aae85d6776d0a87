"""The statistics' "Winnable" column says what the game itself said of the deal: a deal the
solver proved lost shows "no" (not "?"), one it found a win for shows "yes", won or not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from solver_stand_in import InlineWorker

import game
from game.app import App
from game.scenes.stats import game_cells
from game.store import Store
from tests.app.conftest import FakeClock, table


def rated(app: App, clock: FakeClock) -> None:
    """Step until the deal's rating is known."""
    for _ in range(200):
        clock.t += 0.05
        app.step()
        if table(app).session.coach.rating_text():
            app.step()
            return
    raise AssertionError("the deal was never rated")


def play_and_abandon(app: App, clock: FakeClock) -> None:
    t = table(app)
    t.play(t.g.legal_moves()[0])
    t.session.new_deal(2)
    clock.t += 0.05
    app.step()


def test_a_deal_the_game_called_unwinnable_shows_no_in_the_statistics(
    make_app: Callable[..., App], clock: FakeClock, solver: InlineWorker
) -> None:
    solver.hold = False
    app = make_app(variant="bakers-game", deal=1)
    rated(app, clock)
    assert table(app).session.coach.rating_text() == "Unwinnable"
    play_and_abandon(app, clock)
    record = app.persist.store.games("bakers-game")[0]
    assert record.verdict == "unwinnable"
    assert game_cells(record)[-1] == "no"


def test_a_deal_the_game_found_winnable_shows_yes_though_lost(
    make_app: Callable[..., App], clock: FakeClock, solver: InlineWorker
) -> None:
    solver.hold = False
    app = make_app(variant="seahaven", deal=2)
    rated(app, clock)
    assert table(app).session.coach.rating_text() == "Easy"
    play_and_abandon(app, clock)
    record = app.persist.store.games("seahaven")[0]
    assert record.verdict == "winnable" and not record.won
    assert game_cells(record)[-1] == "yes"


def test_an_unknown_deal_still_shows_a_question_mark(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="seahaven", deal=2)  # the solver holds every answer back
    play_and_abandon(app, clock)
    record = app.persist.store.games("seahaven")[0]
    assert record.verdict is None
    assert game_cells(record)[-1] == "?"


def test_the_verdict_is_kept_with_a_saved_game_across_runs(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    g = game.new_game("kansas", 5)
    store.start_game(g)
    g.play(g.legal_moves()[0])
    store.save_game(g, 3.0)
    assert store.set_verdict(g, "unwinnable")
    store.close()
    again = Store.open(tmp_path)
    saved = again.load_game("kansas")
    assert saved is not None
    again.start_game(game.new_game("kansas", 6))
    assert again.games("kansas")[0].verdict == "unwinnable"
    again.close()
