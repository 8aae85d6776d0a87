"""A restart as a new attempt at the same deal, and the saved row as the app asks about it."""

from __future__ import annotations

from collections.abc import Callable

import game
from game.play import Game
from game.store import Store


def moved(key: str = "seahaven", deal: int = 7) -> Game:
    g = game.new_game(key, deal)
    g.play_auto_moves()
    g.play(next(m for m in g.legal_moves() if not m.source.startswith("foundation")))
    g.play_auto_moves()
    return g


def test_a_restart_records_the_attempt_so_far_and_keeps_the_flags(open_store: Callable[..., Store]) -> None:
    store = open_store()
    g = moved()
    store.start_game(g, winnable_only=True)
    store.save_game(g, 12.0)
    again = Game(g.variant, g.initial_state, g.deal)
    store.restart_game(again)
    assert [(r.deal, r.result, r.winnable_only) for r in store.games()] == [(7, "abandoned", True)]
    row = store.saved_row("seahaven")
    assert row is not None and row.winnable_only and row.actions_made == 0


def test_a_saved_row_the_checks_reject_reads_as_none(open_store: Callable[..., Store]) -> None:
    store = open_store()
    g = moved()
    store.start_game(g)
    store.connection.execute("UPDATE saved_games SET moves = 'many' WHERE variant = 'seahaven'")
    store.connection.commit()
    assert store.saved_row("seahaven") is None
