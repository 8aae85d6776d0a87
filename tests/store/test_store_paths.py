"""Where the data lives: --data-dir, then $SOLITAIRE_DATA_DIR, then the user data folder."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from game.store import Store, data_dir
from game.store.paths import DB_NAME, ENV_VAR


def test_an_explicit_folder_comes_first(tmp_path):
    assert data_dir(tmp_path / "a", {ENV_VAR: str(tmp_path / "b")}) == tmp_path / "a"


def test_the_environment_variable_comes_next(tmp_path):
    assert data_dir(None, {ENV_VAR: str(tmp_path / "b")}) == tmp_path / "b"


def test_otherwise_the_platforms_user_data_folder():
    expected = Path(platformdirs.user_data_dir("solitaire", appauthor=False))
    assert data_dir(None, {}) == expected
    assert data_dir("", {ENV_VAR: ""}) == expected


def test_a_home_folder_is_expanded():
    assert data_dir("~/solitaire-data", {}) == Path.home() / "solitaire-data"


def test_the_store_opens_where_the_environment_says(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "portable"))
    with Store.open() as store:
        assert store.path == tmp_path / "portable" / DB_NAME
