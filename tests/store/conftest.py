"""Fixtures for the store tests: a data folder, a settable clock, stores that close themselves."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from store_helpers import FakeClock

from game.store import Store


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def open_store(data: Path, clock: FakeClock) -> Iterator[Callable[..., Store]]:
    """Open a store on the test's data folder (or another); all are closed at the end."""
    opened: list[Store] = []

    def opener(folder: Path | None = None, **kwargs: object) -> Store:
        store = Store.open(folder or data, clock=clock, **kwargs)
        opened.append(store)
        return store

    yield opener
    for store in opened:
        store.close()
