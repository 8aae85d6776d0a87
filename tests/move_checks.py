"""The one check of an illegal move, shared by the engine's and the variants' rule tests."""

from __future__ import annotations

import re

import pytest

import game
from game import Move


def reason_of(message: str, move: Move) -> str:
    """The message without the move text it may start with."""
    prefix = f"{move}: "
    return message[len(prefix) :] if message.startswith(prefix) else message


def assert_illegal(g: game.Game, move: Move, why: str = "", *, unlisted: bool = True) -> str:
    """``move`` raises IllegalMove with a one-line reason (matching ``why``), changing nothing.

    With ``unlisted`` the move must also be missing from ``legal_moves()`` and ``is_legal``
    must say no. Returns the reason, without the move text the message starts with.
    """
    text, snap = g.text(), g.snapshot()
    legal, history, redo = g.legal_moves(), g.history, g.redo_history
    if unlisted:
        assert move not in legal
        assert not g.is_legal(move)
    with pytest.raises(game.IllegalMove) as info:
        g.play(move)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    reason = reason_of(message, move)
    assert "\n" not in message
    assert reason.strip()
    assert reason.strip() != "legal"
    if why:
        assert re.search(why, reason, re.IGNORECASE), f"{message!r} does not say {why!r}"
    assert g.text() == text
    assert g.snapshot() == snap
    assert g.legal_moves() == legal
    assert g.history == history
    assert g.redo_history == redo
    return reason
