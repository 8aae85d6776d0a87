"""The app offers every service the scenes are written against (``game.scenes.base``)."""

from __future__ import annotations

from collections.abc import Callable

from game.app import App
from game.scenes.base import Services


def _protocol_members() -> tuple[set[str], set[str]]:
    """The protocol's data members and its methods (properties count as data)."""
    data = set(Services.__annotations__)
    methods = set()
    for name, value in vars(Services).items():
        if name.startswith("__"):
            continue
        if isinstance(value, property):
            data.add(name)
        elif callable(value):
            methods.add(name)
    return data, methods


def test_the_protocol_lists_what_the_scenes_use() -> None:
    data, methods = _protocol_members()
    assert {"persist", "settings", "renderer", "sound", "size", "advisor", "table"} <= data
    assert {"push", "pop", "now", "perform", "confirm_abandon", "game_over"} <= methods


def test_the_app_offers_every_service_of_the_protocol(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=3)
    data, methods = _protocol_members()
    missing = sorted(name for name in data | methods if not hasattr(app, name))
    assert missing == []
    assert all(callable(getattr(app, name)) for name in methods)
    assert app.services is app
