"""What an empty pile shows: the rank that may start it, or the stock's turn-over mark."""

from __future__ import annotations

from game.engine.cards import KING, rank_letter
from game.engine.state import State
from game.variants.base import Kind
from game.view.layout import TableLayout


def rank_mark(rank: int) -> str:
    """How a rank is written on an empty pile (``10`` rather than ``T``)."""
    return "10" if rank == 10 else rank_letter(rank)


def slot_mark(layout: TableLayout, pile: int, state: State) -> str:
    """What may start an empty pile: a rank letter, ``redeal`` for a stock that turns over, or ``""``."""
    v = layout.variant
    kind = v.kinds[pile]
    if kind is Kind.FOUNDATION:
        return rank_mark(state.base_rank)
    if kind is Kind.TABLEAU:
        rank = v.empty_fill_rank(state.base_rank)
        return rank_mark(rank) if rank and (rank == KING or v.dealt_base) else ""
    if kind is Kind.STOCK and v.redeals:
        return "redeal" if state.redeals_left > 0 else "none"
    return ""
