"""Settings: saved in the same database, typed, and never a crash on a bad stored value."""

from __future__ import annotations

import json

import pytest

from game.store import Settings
from game.store import settings as settings_table


def test_a_first_start_has_the_defaults(open_store):
    assert open_store().load_settings() == Settings()


def test_every_setting_round_trips(open_store):
    store = open_store()
    chosen = Settings(
        last_variant="seahaven",
        window_size=(1440, 900),
        window_pos=(-1200, 40),
        fullscreen=True,
        animation_speed="fast",
        auto_moves=False,
        click_to_move=True,
        winnable_only={"kansas": True, "lady-jane": False},
        winnable_indicator=False,
        sound=False,
        volume=0.25,
        card_style="fourcolour",
        high_contrast=True,
        large_print=True,
        card_size="largest",
        last_move=False,
        mirror_layout=True,
        one_click_move=True,
    )
    assert store.save_settings(chosen)
    store.close()
    loaded = open_store().load_settings()
    assert loaded == chosen
    assert loaded.winnable_only_for("kansas") and not loaded.winnable_only_for("aunt-mary")


@pytest.mark.parametrize(
    "name, stored",
    [
        ("last_variant", '"no-such-game"'),
        ("last_variant", "42"),
        ("window_size", "[0, 600]"),
        ("window_size", "[800]"),
        ("window_size", '"800x600"'),
        ("window_size", "[800.5, 600]"),
        ("window_pos", "[99999, 0]"),
        ("fullscreen", '"yes"'),
        ("fullscreen", "1"),
        ("animation_speed", '"ludicrous"'),
        ("auto_moves", "null"),
        ("winnable_only", "[true]"),
        ("volume", "1.5"),
        ("volume", "true"),
        ("card_style", '"neon"'),
        ("sound", "{not json"),
        ("high_contrast", ""),
        ("large_print", '"big"'),
        ("card_size", '"enormous"'),
        ("card_size", "1.5"),
        ("last_move", "0"),
        ("mirror_layout", '"left"'),
        ("one_click_move", "1"),
    ],
)
def test_a_bad_stored_value_falls_back_to_its_default(open_store, name, stored):
    store = open_store()
    store.connection.execute("INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)", (name, stored))
    assert getattr(store.load_settings(), name) == getattr(Settings(), name)


def test_a_value_of_the_wrong_sql_type_falls_back_to_its_default(open_store):
    store = open_store()
    store.connection.execute("INSERT OR REPLACE INTO settings (name, value) VALUES ('volume', ?)", (b"\x80",))
    assert store.load_settings().volume == Settings().volume


def test_bad_entries_in_the_per_variant_table_are_dropped(open_store):
    store = open_store()
    stored = json.dumps({"kansas": True, "no-such-game": True, "seahaven": "yes"})
    store.connection.execute("INSERT INTO settings (name, value) VALUES ('winnable_only', ?)", (stored,))
    assert store.load_settings().winnable_only == {"kansas": True}


def test_names_this_version_does_not_know_are_kept(open_store):
    store = open_store()
    store.connection.execute("INSERT INTO settings (name, value) VALUES ('from_the_future', '1')")
    store.save_settings(Settings(sound=False))
    assert store.connection.execute(
        "SELECT value FROM settings WHERE name = 'from_the_future'"
    ).fetchone() == ("1",)
    assert store.load_settings().sound is False


def test_an_invalid_value_is_saved_as_its_default(open_store):
    store = open_store()
    store.save_settings(Settings(animation_speed="warp", volume=3.0, card_style="classic"))
    loaded = store.load_settings()
    assert loaded.animation_speed == "normal" and loaded.volume == 0.8


def test_the_choices_match_the_view():
    animation = pytest.importorskip("game.view.animation")
    view_settings = pytest.importorskip("game.view.settings")
    assert set(settings_table.ANIMATION_SPEEDS) == set(animation.SPEEDS)
    assert set(settings_table.CARD_STYLES) == set(view_settings.CARD_STYLES)


def test_the_card_sizes_match_the_view():
    layout = pytest.importorskip("game.view.layout")
    view_settings = pytest.importorskip("game.view.settings")
    assert settings_table.CARD_SIZES == view_settings.CARD_SIZE_ORDER == tuple(layout.CARD_SIZES)


def test_the_look_choices_match_the_view():
    """The store checks the theme, felt and back by the names the view draws (it may not import it)."""
    themes = pytest.importorskip("game.view.themes")
    backs = pytest.importorskip("game.view.backs")
    assert ("system", *themes.THEME_ORDER) == settings_table.THEMES
    assert settings_table.FELTS == themes.FELT_ORDER
    assert settings_table.CARD_BACKS == backs.BACK_ORDER


@pytest.mark.parametrize(
    ("name", "text", "default"),
    [
        ("theme", '"midnight"', "system"),
        ("felt", "3", "green"),
        ("card_back", "null", "standard"),
        ("show_clock", '"no"', True),
        ("show_score", "0", True),
        ("show_moves", "[false]", True),
    ],
)
def test_a_damaged_look_or_calm_setting_reads_as_its_default(name, text, default):
    assert settings_table.from_json(name, text) == default
