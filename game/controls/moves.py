"""From what the player points at to the engine's moves: every rule question goes to the game."""

from __future__ import annotations

from pygame import Rect

from game.engine.moves import Move
from game.engine.state import State
from game.play import Game
from game.solver.heuristic import is_stock_action
from game.view.layout import TableLayout


def stock_action(game: Game) -> Move | None:
    """The deal or turnover a click on the stock makes now, if any."""
    v = game.variant
    return next((m for m in game.legal_moves() if is_stock_action(v, m)), None)


def group_moves(game: Game, pile: str, index: int) -> list[Move]:
    """The legal card moves of the group from card ``index`` of ``pile`` up (none: not pickable)."""
    count = len(game.state.piles[game.variant.index[pile]]) - index
    v = game.variant
    return [
        m for m in game.legal_moves() if m.source == pile and m.count == count and not is_stock_action(v, m)
    ]


def target_rect(layout: TableLayout, state: State, pile: int) -> Rect:
    """Where a card put on ``pile`` would be outlined: its top card, or its slot when empty."""
    rects = layout.state_rects(state, pile)
    return Rect(rects[-1]) if rects else Rect(layout.piles[pile].slot)


def drop_move(
    layout: TableLayout, state: State, moves: list[Move], dragged: Rect, pointer: tuple[int, int]
) -> Move | None:
    """Of ``moves``, the one onto the pile under the pointer; when the pointer is over no pile
    that takes the cards, the one whose target the dragged card overlaps most (none if none)."""
    zones = [(move, layout.drop_zone(layout.variant.index[move.target], state)) for move in moves]
    pointed = next((move for move, zone in zones if zone.collidepoint(pointer)), None)
    if pointed is not None:
        return pointed
    best, best_area = None, 0
    for move, zone in zones:
        clip = zone.clip(dragged)
        area = clip.width * clip.height
        if area > best_area:
            best, best_area = move, area
    return best


def move_to(game: Game, source: str, count: int, target: str) -> Move | None:
    """The legal move of ``count`` cards from ``source`` onto ``target``, if there is one."""
    move = Move(source, target, count)
    return move if game.is_legal(move) else None
