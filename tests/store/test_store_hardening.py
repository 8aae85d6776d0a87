"""Saved data that is odd, damaged, or in a folder the game cannot write: every good row is
still shown, every bad one is set aside with one notice, nothing stops the game."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from store_helpers import FakeClock, play_random

import game
from game.store import Store
from game.store.paths import DB_NAME

Opener = Callable[..., Store]


def make_history(folder: Path, clock: FakeClock, games: int = 80) -> Path:
    """A closed database with ``games`` finished Kansas games, a Seahaven game in progress (deal
    7) and a setting."""
    store = Store.open(folder, clock=clock)
    settings = store.load_settings()
    settings.card_style = "fourcolour"
    store.save_settings(settings)
    for i in range(games):
        g = game.new_game("kansas", deal=100 + i)
        store.start_game(g)
        play_random(g, random.Random(i), 2)
        store.save_game(g, 1.0 + i)
    store.abandon_game("kansas")
    g = game.new_game("seahaven", deal=7)
    store.start_game(g)
    play_random(g, random.Random(7), 3)
    store.save_game(g, 4.0)
    store.close()
    return folder / DB_NAME


def set_value(path: Path, sql: str, *args: object) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql, args)
    conn.commit()
    conn.close()


# ------------------------------------------------------------------ read-only folder


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A folder another user can reach (pytest's own are private to this one)."""
    folder = Path(tempfile.mkdtemp(prefix="solitaire-ro-"))
    folder.chmod(0o755)
    yield folder
    for p in [folder, *folder.rglob("*")]:
        p.chmod(0o755 if p.is_dir() else 0o644)
    shutil.rmtree(folder)


READ_BACK = """
import json, sys
from game.store import Store
store = Store.open(sys.argv[1])
saved = store.load_game("seahaven")
print(json.dumps({"notices": store.take_notices(), "style": store.load_settings().card_style,
                  "saved": None if saved is None else saved.game.deal,
                  "played": store.summary("kansas").played}))
"""


def _as_another_user() -> list[str] | None:
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    return None if setpriv is None else [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_read_only_folder_shows_every_saved_row_and_says_saving_is_off(shared_tmp: Path) -> None:
    prefix = _as_another_user()
    if prefix is None:
        pytest.skip("running as root without setpriv: a read-only folder cannot be made")
    folder = shared_tmp / "data"
    make_history(folder, FakeClock(), games=5)
    for p in folder.iterdir():
        p.chmod(0o644)
    folder.chmod(0o555)
    root = str(Path(game.__file__).parent.parent)
    result = subprocess.run(
        [*prefix, sys.executable, "-c", READ_BACK, str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": root},
        cwd=shared_tmp,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    assert seen["style"] == "fourcolour"
    assert seen["saved"] == 7
    assert seen["played"] == 5
    (notice,) = seen["notices"]
    assert notice.startswith(f"Cannot save in {folder}") and "saving is off" in notice


# ------------------------------------------------------------------ damaged file


def damage_pages(path: Path, pages: tuple[int, ...]) -> None:
    raw = bytearray(path.read_bytes())
    rng = random.Random(3)
    for page in pages:
        for _ in range(200):
            raw[(page - 1) * 4096 + rng.randrange(4096)] = rng.randrange(256)
    path.write_bytes(bytes(raw))


def plain_select_count(path: Path, table: str) -> int:
    """How many rows a plain SELECT still gets from the damaged file (0 if it fails at once)."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    count = 0
    try:
        for _ in conn.execute(f"SELECT * FROM {table}"):
            count += 1
    except sqlite3.DatabaseError:
        pass
    finally:
        conn.close()
    return count


# Page 7: an index of games; 11 and 12: its second and third leaves (10 is the first).
@pytest.mark.parametrize("pages", [(7,), (11,), (12,), (7, 11, 12)])
def test_damaged_file_carries_its_readable_rows_into_the_fresh_one(
    data: Path, clock: FakeClock, open_store: Opener, pages: tuple[int, ...]
) -> None:
    path = make_history(data, clock)
    damage_pages(path, pages)
    copy = data.parent / "copy.sqlite3"
    shutil.copy(path, copy)
    readable = {t: plain_select_count(copy, t) for t in ("games", "saved_games", "settings")}
    assert sqlite3.connect(copy).execute("PRAGMA quick_check").fetchall() != [("ok",)]

    store = open_store()

    (notice,) = store.take_notices()
    assert "moved to" in notice and "carried over" in notice
    assert store.summary("kansas").played >= readable["games"] > 0
    carried = re.search(r"(\d+) finished games", notice)
    # Every row carried over is counted; one whose values the damage changed is left out of
    # the statistics when read (and kept in the file).
    assert carried is not None and int(carried[1]) >= store.summary("kansas").played
    if readable["settings"]:
        assert store.load_settings().card_style == "fourcolour"
    if readable["saved_games"]:
        saved = store.load_game("seahaven")
        assert saved is not None and saved.game.deal == 7


# ------------------------------------------------------------------ odd values


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("elapsed", "x"),
        ("elapsed", -3.0),
        ("deal", -5),
        ("deal", "abc"),
        ("deal", 2**40),
        ("actions", "[" * 100_000 + "]" * 100_000),
        ("actions", b"\x00\x01"),
        ("moves", "many"),
        ("score", 99),
        ("stuck", 7),
        ("opening", b"kansas"),
        ("uid", b"\xff"),
    ],
)
def test_odd_value_in_a_saved_game_keeps_it_aside_with_a_notice(
    data: Path, clock: FakeClock, open_store: Opener, column: str, value: object
) -> None:
    path = make_history(data, clock, games=3)
    set_value(path, f"UPDATE saved_games SET {column} = ? WHERE variant = 'seahaven'", value)
    store = open_store()
    assert store.load_game("seahaven") is None
    (notice,) = store.take_notices()
    assert notice.startswith("The saved Seahaven Towers game could not be restored")
    assert column in notice or (column == "actions" and "move list" in notice)
    kept = store.connection.execute("SELECT variant, saved_row FROM unreadable_saves").fetchall()
    assert kept[-1][0] == "seahaven" and json.loads(kept[-1][1])["deal"] is not None
    assert store.summary("kansas").played == 3
    assert store.start_game(game.new_game("seahaven", deal=8))
    assert store.load_game("seahaven") is not None


def test_odd_value_in_a_saved_game_is_not_counted_when_a_new_deal_starts(
    data: Path, clock: FakeClock, open_store: Opener
) -> None:
    path = make_history(data, clock, games=3)
    set_value(path, "UPDATE saved_games SET elapsed = 'x' WHERE variant = 'seahaven'")
    store = open_store()
    assert store.start_game(game.new_game("seahaven", deal=8))
    assert store.summary("seahaven").played == 0
    assert store.connection.execute("SELECT count(*) FROM unreadable_saves").fetchone()[0] == 1


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("deal", "z"),
        ("deal", -5),
        ("seconds", "slow"),
        ("finished_at", "yesterday"),
        ("variant", "no-such-game"),
    ],
)
def test_odd_value_in_one_finished_game_leaves_out_that_game_only(
    data: Path, clock: FakeClock, open_store: Opener, column: str, value: object
) -> None:
    path = make_history(data, clock, games=10)
    set_value(path, f"UPDATE games SET {column} = ? WHERE id = 4", value)
    store = open_store()
    assert store.summary("kansas").played == 9 or column == "variant"
    assert len(store.games(limit=100)) == 9
    assert 4 not in [r.id for r in store.games(limit=100)]
    notices = store.take_notices()
    assert notices == [
        "1 finished game in your statistics could not be read (a damaged value) and is left out; "
        "nothing was deleted."
    ]
    assert store.summary().played == 9 and store.take_notices() == []  # told once
    assert store.connection.execute("SELECT count(*) FROM games").fetchone()[0] == 10


def test_deeply_nested_setting_falls_back_to_its_default(
    data: Path, clock: FakeClock, open_store: Opener
) -> None:
    path = make_history(data, clock, games=1)
    set_value(path, "UPDATE settings SET value = ? WHERE name = 'card_style'", "[" * 100_000 + "]" * 100_000)
    set_value(
        path,
        "UPDATE settings SET value = ? WHERE name = 'winnable_only'",
        '{"kansas": ' * 5000 + "1" + "}" * 5000,
    )
    store = open_store()
    settings = store.load_settings()
    assert settings.card_style == "classic" and settings.winnable_only == {}


# ------------------------------------------------------------------ permissions


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_data_folder_is_0700_and_database_files_0600(tmp_path: Path, open_store: Opener) -> None:
    folder = tmp_path / "new" / "data"
    store = open_store(folder)
    store.start_game(game.new_game("kansas", deal=1))
    assert folder.stat().st_mode & 0o777 == 0o700
    files = [folder / DB_NAME, folder / f"{DB_NAME}-wal", folder / f"{DB_NAME}-shm"]
    assert [p.stat().st_mode & 0o777 for p in files] == [0o600, 0o600, 0o600]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_database_readable_by_all_is_made_private(data: Path, clock: FakeClock, open_store: Opener) -> None:
    path = make_history(data, clock, games=1)
    path.chmod(0o644)
    open_store()
    assert path.stat().st_mode & 0o777 == 0o600


def test_data_folder_in_an_unknown_users_home_plays_in_memory_with_a_notice(clock: FakeClock) -> None:
    store = Store.open(environ={"SOLITAIRE_DATA_DIR": "~no-such-user-here/solitaire"}, clock=clock)
    (notice,) = store.take_notices()
    assert notice.startswith("Cannot save in ~no-such-user-here/solitaire (")
    assert not store.persistent
    assert store.start_game(game.new_game("kansas", deal=1))
