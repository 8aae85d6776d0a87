"""Continuous save and resume: the exact position, with its undo and redo, one game per variant."""

from __future__ import annotations

import json
import random

import pytest
from store_helpers import near_won, play_random

import game
from game.play import Game


def play_with_undo(g: Game, rng: random.Random, actions: int, save: object = None) -> None:
    """Random actions, undos and redos; ``save(g)`` after each when given."""
    for _ in range(actions):
        r = rng.random()
        if r < 0.15 and g.can_undo():
            g.undo()
        elif r < 0.22 and g.can_redo():
            g.redo()
        else:
            moves = g.legal_moves()
            if not moves or g.is_won():
                break
            g.play(rng.choice(moves))
            g.play_auto_moves()
        if callable(save):
            save(g)


def fingerprint(g: Game) -> tuple[object, ...]:
    return g.key, g.deal, g.text(), g.history, g.redo_history, g.moves_made, g.initial_state


@pytest.mark.parametrize("key", list(game.VARIANTS))
def test_resume_gives_the_exact_position_with_undo_and_redo(open_store, key):
    store = open_store()
    g = game.new_game(key, deal=4242)
    g.play_auto_moves()
    store.start_game(g)
    play_with_undo(g, random.Random(key), 120, save=lambda g: store.save_game(g, 61.5))
    if g.can_undo():
        g.undo()
    store.save_game(g, 62.0)
    expected = fingerprint(g)
    store.close()

    saved = open_store().load_game(key)

    assert saved is not None
    assert fingerprint(saved.game) == expected
    assert saved.elapsed == 62.0


def test_resumed_game_undoes_and_redoes_to_the_same_positions(open_store):
    store = open_store()
    g = game.new_game("kansas", deal=77)
    store.start_game(g)
    states = [g.state]
    for _ in range(15):
        play_random(g, random.Random(len(states)), 1)
        states.append(g.state)
        store.save_game(g, 1.0)
    for _ in range(5):
        g.undo()
        store.save_game(g, 1.0)
    store.close()

    resumed = open_store().load_game("kansas").game

    assert resumed.state == states[g.moves_made]
    while resumed.can_undo():
        resumed.undo()
        assert resumed.state == states[resumed.moves_made]
    while resumed.can_redo():
        resumed.redo()
        assert resumed.state == states[resumed.moves_made]


def test_automatic_moves_of_the_deal_itself_are_kept(open_store):
    # The table plays the safe moves right after dealing: they are part of the opening.
    g = next(g for d in range(1, 500) if (g := game.new_game("bakers-game", deal=d)).auto_moves())
    g.play_auto_moves()
    store = open_store()
    store.start_game(g)
    play_random(g, random.Random(3), 5)
    store.save_game(g, 3.0)
    store.close()

    resumed = open_store().load_game("bakers-game").game

    assert resumed.initial_state == g.initial_state
    assert resumed.text() == g.text()
    assert resumed.deal == g.deal


def test_each_variant_keeps_its_own_game_in_progress(open_store):
    store = open_store()
    games = {key: game.new_game(key, deal=10 + i) for i, key in enumerate(game.VARIANTS)}
    for i, g in enumerate(games.values()):
        store.start_game(g)
        play_random(g, random.Random(i), 6)
        store.save_game(g, float(i))
    store.close()

    store = open_store()
    assert store.saved_variants() == sorted(game.VARIANTS)
    for key, g in games.items():
        assert store.load_game(key).game.text() == g.text()


def test_a_new_deal_replaces_only_its_own_variant(open_store):
    store = open_store()
    kansas, bakers = game.new_game("kansas", deal=1), game.new_game("bakers-game", deal=2)
    for g in (kansas, bakers):
        store.start_game(g)
        play_random(g, random.Random(1), 3)
        store.save_game(g, 5.0)

    store.start_game(game.new_game("kansas", deal=99))

    assert store.load_game("kansas").game.deal == 99
    assert store.load_game("bakers-game").game.text() == bakers.text()


def test_a_fresh_deal_is_saved_before_any_move(open_store):
    store = open_store()
    store.start_game(game.new_game("seahaven", deal=31337))
    store.close()
    saved = open_store().load_game("seahaven")
    assert saved.game.deal == 31337
    assert saved.game.moves_made == 0


def test_saving_an_unseen_game_object_starts_a_new_game(open_store):
    store = open_store()
    first = game.new_game("kansas", deal=5)
    store.start_game(first)
    second = game.new_game("kansas", deal=6)
    store.save_game(second, 0.0)
    assert store.load_game("kansas").game.deal == 6


def test_flags_and_start_time_survive_a_restart(open_store, clock):
    store = open_store()
    g = game.new_game("aunt-mary", deal=3)
    store.start_game(g, winnable_only=True, daily=clock().date())
    store.close()
    clock.advance(hours=3)
    saved = open_store().load_game("aunt-mary")
    assert saved.winnable_only is True
    assert saved.daily == clock().date()
    assert saved.started_at == "2025-03-14T09:30:00+01:00"


def test_a_won_game_is_no_longer_in_progress(open_store):
    store = open_store()
    g = near_won(1)
    store.start_game(g)
    g.play(game.Move("tableau-1", "foundation-4"))
    store.save_game(g, 9.0)
    assert store.load_game("bakers-game") is None


@pytest.mark.parametrize(
    "column, value",
    [
        ("actions", '[["tableau-9 -> foundation-1"]]'),
        ("actions", "not json"),
        ("actions", '{"a": 1}'),
        ("position", 999),
        ("position_text", "kansas stock=-"),
        ("opening", "nonsense"),
    ],
)
def test_a_saved_game_that_does_not_replay_is_kept_aside(open_store, column, value):
    store = open_store()
    g = game.new_game("kansas", deal=8)
    store.start_game(g)
    play_random(g, random.Random(8), 4)
    store.save_game(g, 2.0)
    store.connection.execute(f"UPDATE saved_games SET {column} = ?", (value,))

    assert store.load_game("kansas") is None

    (notice,) = store.take_notices()
    assert "Kansas" in notice and "kept aside" in notice and "\n" not in notice
    kept = store.connection.execute("SELECT variant, saved_row FROM unreadable_saves").fetchall()
    assert kept[0][0] == "kansas"
    assert json.loads(kept[0][1])[column] == value
    assert store.saved_variants() == []
    assert store.start_game(game.new_game("kansas", deal=9))


def test_saved_data_is_plain_data(open_store):
    store = open_store()
    g = game.new_game("lady-jane", deal=12)
    store.start_game(g)
    play_random(g, random.Random(2), 10)
    store.save_game(g, 4.0)
    store.start_game(game.new_game("lady-jane", deal=13))
    settings = store.load_settings()
    settings.window_size = (800, 600)
    store.save_settings(settings)
    conn = store.connection
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        for row in conn.execute(f"SELECT * FROM {table}"):
            assert all(v is None or isinstance(v, int | float | str) for v in row), (table, row)
    for (actions,) in conn.execute("SELECT actions FROM saved_games"):
        assert all(isinstance(m, str) for action in json.loads(actions) for m in action)
    for (value,) in conn.execute("SELECT value FROM settings"):
        json.loads(value)
