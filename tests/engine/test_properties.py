"""Invariants under random legal play, for every variant (hypothesis).

Each example plays several hundred actions from a random deal, with automatic moves joined
to the action that caused them, and checks after every action: 52 distinct cards, the score
equals the foundation cards, undo restores the exact earlier snapshot and redo replays it,
and the position's text form reads back to the same position.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game.engine.deals import MAX_DEAL

ACTIONS = 300


def cards_on_table(snapshot: dict[str, Any]) -> list[str]:
    return [card.upper() for pile in snapshot["piles"].values() for card in pile]


def foundation_count(snapshot: dict[str, Any]) -> int:
    return sum(len(cards) for name, cards in snapshot["piles"].items() if name.startswith("foundation"))


def check_invariants(g: game.Game) -> None:
    snap = g.snapshot()
    cards = cards_on_table(snap)
    assert len(cards) == 52 and len(set(cards)) == 52
    assert snap["score"] == foundation_count(snap) == g.score
    assert snap["won"] == (foundation_count(snap) == 52)
    assert not (snap["won"] and snap["stuck"])


def one_action(g: game.Game, rng: random.Random) -> None:
    """Play a random legal move, perhaps followed by the automatic moves, as one action."""
    g.play(rng.choice(g.legal_moves()))
    if rng.random() < 0.5:
        g.play_auto_moves()


def play_randomly(key: str, deal: int, seed: int) -> int:
    rng = random.Random(seed)
    g = game.new_game(key, deal=deal)
    check_invariants(g)
    actions = 0
    while actions < ACTIONS:
        if not g.legal_moves():
            for _ in range(rng.randint(1, 5)):
                if g.can_undo():
                    g.undo()
            if not g.legal_moves():
                g = game.new_game(key, deal=rng.randint(1, MAX_DEAL))
            continue
        before = g.snapshot()
        one_action(g, rng)
        after = g.snapshot()
        check_invariants(g)
        g.undo()
        assert g.snapshot() == before
        g.redo()
        assert g.snapshot() == after
        if actions % 25 == 0:
            assert game.from_text(g.text()).text() == g.text()
        actions += 1
    return actions


@pytest.mark.parametrize("key", list(game.VARIANTS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, MAX_DEAL), seed=st.integers(0, 2**32))
def test_random_play_keeps_invariants(key: str, deal: int, seed: int) -> None:
    assert play_randomly(key, deal, seed) == ACTIONS


@pytest.mark.parametrize("key", list(game.VARIANTS))
@settings(max_examples=10, deadline=None)
@given(deal=st.integers(1, MAX_DEAL), seed=st.integers(0, 2**32), steps=st.integers(1, 120))
def test_undo_all_returns_to_the_deal_and_redo_all_replays(
    key: str, deal: int, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    g = game.new_game(key, deal=deal)
    opening = g.snapshot()
    for _ in range(steps):
        if not g.legal_moves():
            break
        one_action(g, rng)
    final = g.snapshot()
    while g.can_undo():
        g.undo()
    assert g.snapshot() == opening
    while g.can_redo():
        g.redo()
    assert g.snapshot() == final


@pytest.mark.parametrize("key", list(game.VARIANTS))
@settings(max_examples=15, deadline=None)
@given(deal=st.integers(1, MAX_DEAL), seed=st.integers(0, 2**32))
def test_every_listed_move_is_playable_and_hand_built_copies_too(key: str, deal: int, seed: int) -> None:
    rng = random.Random(seed)
    g = game.new_game(key, deal=deal)
    for _ in range(40):
        moves = g.legal_moves()
        if not moves:
            break
        for move in moves:
            copy = game.Move(move.source, move.target, move.count)
            g.play(copy)
            g.undo()
        g.play(rng.choice(moves))


@pytest.mark.parametrize("key", list(game.VARIANTS))
@settings(max_examples=15, deadline=None)
@given(deal=st.integers(1, MAX_DEAL), seed=st.integers(0, 2**32))
def test_moves_not_listed_are_refused_and_change_nothing(key: str, deal: int, seed: int) -> None:
    rng = random.Random(seed)
    g = game.new_game(key, deal=deal)
    names = [*g.variant.names, "reserve"]
    for _ in range(30):
        legal = set(g.legal_moves())
        if not legal:
            break
        for _ in range(10):
            move = game.Move(rng.choice(names), rng.choice(names), rng.randint(1, 4))
            if move in legal:
                continue
            before = g.text()
            with pytest.raises(game.IllegalMove):
                g.play(move)
            assert g.text() == before
        g.play(rng.choice(sorted(legal, key=str)))
