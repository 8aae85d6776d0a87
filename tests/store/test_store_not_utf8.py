"""A stored text that is not valid UTF-8 is one odd value: only its own row or setting is
set aside, the rest reads as stored (issue 39, item 6)."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

from store_helpers import make_big_database, play_random

import game
from game.store import Store
from game.store.first_look import first_look
from game.store.paths import DB_NAME

Opener = Callable[..., Store]
NOT_UTF8 = "CAST(x'c5ff80' AS TEXT)"


def set_sql(path: Path, sql: str) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql)
    conn.commit()
    conn.close()


def test_a_saved_game_with_text_that_is_not_utf8_is_kept_aside_alone(data: Path, open_store: Opener) -> None:
    store = open_store()
    for variant in ("kansas", "seahaven"):
        g = game.new_game(variant, deal=4)
        store.start_game(g)
        play_random(g, random.Random(4), 2)
        store.save_game(g, 2.0)
    store.close()
    set_sql(data / DB_NAME, f"UPDATE saved_games SET position_text = {NOT_UTF8} WHERE variant = 'kansas'")

    store = open_store()
    assert store.saved_variants() == ["kansas", "seahaven"]
    assert store.load_game("kansas") is None
    (notice,) = store.take_notices()
    assert "could not be restored" in notice
    kept = store.connection.execute("SELECT variant, saved_row FROM unreadable_saves").fetchall()
    assert [v for v, _ in kept] == ["kansas"]
    assert json.loads(kept[0][1])["position_text"] == {"hex": "c5ff80"}
    assert store.load_game("seahaven") is not None
    assert store.start_game(game.new_game("kansas", deal=5))


def test_one_setting_that_is_not_utf8_is_its_default_alone(data: Path, open_store: Opener) -> None:
    store = open_store()
    settings = store.load_settings()
    settings.sound, settings.card_style, settings.window_size = False, "fourcolour", (900, 700)
    store.save_settings(settings)
    store.close()
    set_sql(data / DB_NAME, f"UPDATE settings SET value = {NOT_UTF8} WHERE name = 'card_style'")

    assert first_look(str(data)).window_size == (900, 700)
    store = open_store()
    loaded = store.load_settings()
    assert (loaded.sound, loaded.card_style, loaded.window_size) == (False, "classic", (900, 700))
    assert store.save_settings(loaded)
    assert store.load_settings().sound is False


def test_one_finished_game_that_is_not_utf8_is_left_out_alone(data: Path, open_store: Opener) -> None:
    make_big_database(data, 30)
    set_sql(data / DB_NAME, f"UPDATE games SET finished_at = {NOT_UTF8} WHERE id = 7")

    store = open_store()

    assert store.summary().played == 29
    assert len(store.games(limit=100)) == 29
    (notice,) = store.take_notices()
    assert "1 finished game" in notice and "left out" in notice
