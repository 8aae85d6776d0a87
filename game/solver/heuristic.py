"""The heuristic hint: the legal move that looks most promising, and what a move does.

Each legal move is tried on a scratch copy of the game and scored by rules of thumb:
cards going home and face-down cards turned up count most, then emptied piles, cards freed
from reserves and cells, and how many moves the position leaves. Moves that only undo the
previous one, that carry a whole pile onto an empty one, or that come back to a position
already seen are never proposed. Stock actions come last. ``--autoplay`` uses it too.
"""

from __future__ import annotations

from collections.abc import Container

from game.engine.cards import Card
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import _
from game.play import Game
from game.variants.base import Kind, Variant
from game.variants.words import card_words

REJECTED = -1_000.0
"""The score of a move never worth proposing."""

_NO_STATES: frozenset[State] = frozenset()


def best_move(game: Game, avoid: Container[State] = _NO_STATES) -> Move | None:
    """The most promising legal move, or ``None`` when none is worth making.

    ``avoid`` holds positions already seen: a move leading back to one is not proposed.
    """
    ranked = rank_moves(game, avoid)
    return ranked[0][1] if ranked else None


def rank_moves(game: Game, avoid: Container[State] = _NO_STATES) -> list[tuple[float, Move]]:
    """The legal moves worth making with their scores, best first (ties keep engine order)."""
    scored = [(score_move(game, move, avoid), move) for move in game.legal_moves()]
    kept = [(s, m) for s, m in scored if s > REJECTED]
    kept.sort(key=lambda sm: -sm[0])
    return kept


def score_move(game: Game, move: Move, avoid: Container[State] = _NO_STATES) -> float:
    """How promising ``move`` looks (``REJECTED`` or less: not worth making)."""
    v = game.variant
    before = game.state
    after = _after(game, move)
    if after in avoid or _undoes_last(game, move) or _pointless(v, before, move):
        return REJECTED
    if is_stock_action(v, move):
        return 1.0 if move.source == "stock" else 0.5
    return _gain(v, before, after, move) + _outlook(v, after)


def is_stock_action(v: Variant, move: Move) -> bool:
    """Whether ``move`` is a deal or turnover of the stock rather than a card move."""
    return move.target == "stock" or (move.source == "stock" and move.target in ("waste", "reserve"))


def _after(game: Game, move: Move) -> State:
    scratch = Game(game.variant, game.state)
    scratch.play(move)
    return scratch.state


def _undoes_last(game: Game, move: Move) -> bool:
    history = game.history
    if not history:
        return False
    last = history[-1][0]
    return (last.source, last.target, last.count) == (move.target, move.source, move.count)


def _pointless(v: Variant, state: State, move: Move) -> bool:
    """A whole pile carried onto an empty pile of the same kind changes nothing."""
    s, d = v.index[move.source], v.index.get(move.target, -1)
    if d < 0 or state.piles[d] or v.kinds[s] is not v.kinds[d]:
        return False
    return move.count == len(state.piles[s])


def _face_down(v: Variant, state: State) -> int:
    return sum(h for i, h in enumerate(state.hidden) if i != v.stock)


def _home(v: Variant, state: State) -> int:
    return sum(len(state.piles[f]) for f in v.foundations)


def _gain(v: Variant, before: State, after: State, move: Move) -> float:
    source, target = v.kinds[v.index[move.source]], v.kinds[v.index[move.target]]
    score = 100.0 * (_home(v, after) - _home(v, before))
    score += 45.0 * (_face_down(v, before) - _face_down(v, after))
    emptied = not after.piles[v.index[move.source]]
    if emptied and source is Kind.TABLEAU:
        score += 25.0
    if source in (Kind.RESERVE, Kind.WASTE, Kind.CELL, Kind.STOCK):
        score += 12.0
    if target is Kind.CELL:
        free = sum(1 for c in v.cells if not after.piles[c])
        score -= 18.0 * (len(v.cells) - free) + (60.0 if free == 0 else 0.0)
    if target is Kind.TABLEAU and not before.piles[v.index[move.target]]:
        score -= 6.0
    if source is Kind.TABLEAU and _splits_build(v, before, move):
        score -= 35.0
    return score + 0.5 * move.count


def _splits_build(v: Variant, state: State, move: Move) -> bool:
    """Whether the moved group leaves a face-up card it was validly built on."""
    s, k = v.index[move.source], move.count
    pile = state.piles[s]
    if len(pile) <= k or state.hidden[s] > len(pile) - k - 1:
        return False
    return pile[-k] in v.accepts(state.base_rank)[pile[-k - 1]]


def _outlook(v: Variant, after: State) -> float:
    """Moves the position leaves, cards it lets go home at once."""
    scratch = Game(v, after)
    home_now = len(scratch.auto_moves())
    card_moves = sum(1 for m in scratch.legal_moves() if not is_stock_action(v, m))
    return 30.0 * home_now + 0.4 * min(card_moves, 20)


def describe(game: Game, move: Move) -> str:
    """What ``move`` does for the player, in a few words ("turns up a face-down card"), in the
    player's language."""
    v = game.variant
    if is_stock_action(v, move):
        return _("turns the waste back over") if move.target == "stock" else _("deals from the stock")
    source, target = v.index[move.source], v.index[move.target]
    before, after = game.state, _after(game, move)
    card = Card(before.piles[source][-move.count])
    words = card_words(card)
    if v.kinds[target] is Kind.FOUNDATION:
        # Translators: what a hinted move does; {card} is a card's name ("the seven of spades")
        return _("sends {card} home").format(card=words)
    if _face_down(v, after) < _face_down(v, before):
        return _("turns up a face-down card")
    if v.kinds[source] is Kind.TABLEAU and not after.piles[source]:
        return _("empties a column")
    freed = {
        Kind.CELL: _("frees a cell"),
        Kind.RESERVE: _("plays a reserve card"),
        Kind.WASTE: _("plays the waste card"),
    }
    if v.kinds[source] in freed:
        return freed[v.kinds[source]]
    if v.kinds[target] is Kind.CELL:
        # Translators: what a hinted move does; {card} is a card's name ("the seven of spades")
        return _("parks {card} in a cell").format(card=words)
    # Translators: what a hinted move does; {card} is a card's name ("the seven of spades")
    return _("moves {card} into place").format(card=words)
