"""The calm table (issue 36): the clock, the score and the move count, each hidden on its own
from the Table and cards page, are absent from what the status line draws; the hidden clock
still counts for the statistics; the choice is kept after a restart."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

import game
from game.app import App
from game.view import widgets
from game.view.widgets import Drawn
from tests.app.conftest import FakeClock, back_to_table, click_entry, open_look_page, settle, table
from tests.app.test_first_hour import two_cards_from_a_win

LABELS = {"show_clock": "Time", "show_score": "Score", "show_moves": "Moves"}
"""Each setting and the status line's label of what it hides."""


def status_texts(app: App) -> list[str]:
    """The texts drawn over the status line in a whole fresh frame (the widgets' recorder)."""
    recorder: list[Drawn] = []
    widgets.recorder = recorder
    try:
        app.top.invalidate()
        app._full_redraw = True
        app.step()
    finally:
        widgets.recorder = None
    status = table(app).layout.status
    return [d.label for d in recorder if d.kind == "text" and status.colliderect(d.rect)]


@pytest.mark.parametrize("hidden", list(LABELS))
def test_each_part_of_the_status_line_hides_on_its_own(make_app: Callable[..., App], hidden: str) -> None:
    app = make_app()
    assert {"Time", "Score", "Moves"} <= set(status_texts(app))
    click_entry(app, open_look_page(app), hidden)
    back_to_table(app)
    drawn = status_texts(app)
    assert LABELS[hidden] not in drawn
    assert all(label in drawn for setting, label in LABELS.items() if setting != hidden), drawn
    assert "Stock" in drawn  # the rest of the line stays


def test_the_hidden_clock_draws_no_time_and_wakes_the_table_no_more(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    t = table(app)
    monkeypatch.setattr(type(t.session.coach), "polling", lambda self: False)  # the clock's wake-ups only
    t.play(next(m for m in t.g.legal_moves() if not m.source.startswith("foundation")))
    settle(app, clock)
    assert t.wakeup(clock.t) is not None  # the clock runs: a frame each second for its text
    click_entry(app, open_look_page(app), "show_clock")
    back_to_table(app)
    texts = status_texts(app)
    assert not any(":" in text for text in texts), texts  # no m:ss anywhere on the line
    clock.t += 2.0  # past the last move's outline, which wakes the table until it fades
    app.step()
    assert t.wakeup(clock.t) is None


def test_the_hidden_clock_still_counts_for_the_statistics(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7)
    click_entry(app, open_look_page(app), "show_clock")
    back_to_table(app)
    app.settings.auto_moves = False
    t = table(app)
    t.session.start(two_cards_from_a_win())
    settle(app, clock)
    t.play(game.Move("tableau-1", "foundation-4"))
    settle(app, clock)
    clock.t += 75 - t.elapsed()
    app.step()
    t.play(game.Move("tableau-2", "foundation-4"))
    settle(app, clock)
    record = app.persist.store.games("seahaven")[0]
    assert record.won and record.seconds == pytest.approx(75, abs=0.5)


def test_the_calm_table_comes_back_after_a_restart(make_app: Callable[..., App]) -> None:
    first = make_app()
    page = open_look_page(first)
    click_entry(first, page, "show_clock")
    click_entry(first, page, "show_moves")
    back_to_table(first)
    first.quit()
    first.close()
    again = make_app()
    s = again.settings
    assert (s.show_clock, s.show_score, s.show_moves) == (False, True, False)
    drawn = status_texts(again)
    assert "Score" in drawn and "Time" not in drawn and "Moves" not in drawn
    pygame.event.clear()
