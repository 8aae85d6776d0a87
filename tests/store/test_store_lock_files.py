"""A lock file that cannot be opened (issue 39, item 7): the spare beside it keeps the two
windows apart, and when neither opens the player is told the protection is off."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.store import Store

Opener = Callable[..., Store]
HOLDER = """
import sys
from game.store import Store
store = Store.open(sys.argv[1])
print(store.claim("kansas"), flush=True)
sys.stdin.readline()
"""


def obstruct(path: Path, how: str) -> None:
    if how == "directory":
        path.mkdir()
    elif how == "fifo":
        os.mkfifo(path)
    else:  # a dangling link into a folder that does not exist
        path.symlink_to(path.parent / "gone" / "lock")


KINDS = ["directory", "dangling-link"] + (["fifo"] if hasattr(os, "mkfifo") else [])


@pytest.mark.parametrize("how", KINDS)
def test_an_unopenable_lock_file_still_keeps_a_second_window_off_the_game(
    data: Path, open_store: Opener, how: str
) -> None:
    open_store().close()
    obstruct(data / ".solitaire.sqlite3.kansas.lock", how)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(data)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "True\n"
        store = open_store()
        assert store.claim("kansas") is False  # the first window plays it
        assert store.claim("seahaven") is True
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)


def test_when_no_lock_file_opens_the_player_is_told_once(data: Path, open_store: Opener) -> None:
    open_store().close()
    for variant in ("kansas", "seahaven"):
        for name in (f".solitaire.sqlite3.{variant}.lock", f".solitaire.sqlite3.{variant}.lock-spare"):
            (data / name).mkdir()
    store = open_store()
    store.take_notices()

    assert store.claim("kansas") is True
    assert store.claim("seahaven") is True

    (notice,) = store.take_notices()
    assert "Cannot keep other windows of Solitaire from playing the same game" in notice
