"""The hint heuristic proposes legal, useful moves and never the previous move backwards."""

from __future__ import annotations

import game
from game.engine.moves import Move
from game.solver import best_move, rank_moves


def test_the_best_move_is_legal_in_every_variant() -> None:
    for key in game.VARIANTS:
        g = game.new_game(key, 11)
        move = best_move(g)
        assert move is not None and g.is_legal(move)


def test_a_move_home_comes_first() -> None:
    g = game.new_game("bakers-game", 1)
    for deal in range(1, 200):
        g = game.new_game("bakers-game", deal)
        homes = [m for m in g.legal_moves() if m.target.startswith("foundation")]
        if homes:
            break
    move = best_move(g)
    assert move is not None and move.target.startswith("foundation")


def test_the_previous_move_is_never_undone() -> None:
    g = game.new_game("lady-jane", 3)
    move = best_move(g)
    assert move is not None
    g.play(move)
    back = Move(move.target, move.source, move.count)
    assert all(m != back for _, m in rank_moves(g))


def test_no_move_when_stuck() -> None:
    g = game.new_game("kansas", 1)
    while not g.is_stuck():
        moves = g.legal_moves()
        stock = [m for m in moves if m.source == "stock"]
        g.play(stock[0] if stock else moves[0])
    assert best_move(g) is None


def test_positions_already_seen_are_avoided() -> None:
    g = game.new_game("kansas", 2)
    first = best_move(g)
    assert first is not None
    scratch = game.from_text(g.text())
    scratch.play(first)
    assert best_move(g, {scratch.state}) != first
