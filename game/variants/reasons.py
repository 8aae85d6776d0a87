"""Why a move is illegal: one line a player (or a script's author) can act on."""

from __future__ import annotations

from game.engine.cards import DECK
from game.engine.errors import shown
from game.engine.moves import Move
from game.engine.state import State
from game.variants.legal_moves import MoveRules
from game.variants.piles import Kind


def explain(v: MoveRules, state: State, move: Move) -> str:
    """The first rule ``move`` breaks in ``state``; ``"legal"`` if it breaks none."""
    src = v.index.get(move.source)
    if src is None:
        return f"no pile named {shown(move.source)}"
    dst = v.target_index(move.target)
    if dst is None:
        return f"no pile named {shown(move.target)}"
    if isinstance(move.count, bool) or not isinstance(move.count, int):
        return f"the card count must be a whole number, got {shown(move.count)}"
    raw = (src, dst, move.count)
    if raw in v.legal(state):
        return "legal"
    if move.count < 1:
        return "a move takes at least one card"
    if src == dst:
        return "the cards are already on that pile"
    if v.is_stock_action(raw):
        return _stock_reason(v, state)
    return _pick_reason(v, state, src, move) or _drop_reason(v, state, src, dst, move)


def explain_lift(v: MoveRules, state: State, src: int, count: int) -> str:
    """Why the top ``count`` cards of pile ``src`` cannot move anywhere now (``"legal"`` if
    some move takes them): the pick-up rule they break, the group limit, or no pile taking them."""
    source = v.pile_name(src)
    if any(s == src and k == count and not v.is_stock_action((s, d, k)) for s, d, k in v.legal(state)):
        return "legal"
    if count < 1:
        return "a move takes at least one card"
    reason = _pick_reason(v, state, src, Move(source, source, count))
    if reason is not None:
        return reason
    if count > v.group_limit(state) and v.kinds[src] is Kind.TABLEAU:
        return _group_limit_reason(v, state, count)
    card = DECK[state.piles[src][-count]]
    return f"no pile takes {card} now" if count == 1 else f"no pile takes the {count} cards from {card} now"


def _group_limit_reason(v: MoveRules, state: State, count: int) -> str:
    """The group limit in the player's terms: how many empty reserve cells ``count`` cards need."""
    free = sum(1 for c in v.cells if not state.piles[c])
    need = next((n for n in range(count + 1) if v.group_limit_for(n) >= count), None)
    if need is None:
        return f"at most {v.group_limit(state)} cards move as a group in {v.name}"
    empty = "none is empty" if free == 0 else "1 is empty" if free == 1 else f"{free} are empty"
    return f"moving {count} cards needs {need} empty reserve cells; {empty}"


def _stock_reason(v: MoveRules, state: State) -> str:
    actions = [Move(v.pile_name(s), v.pile_name(d), k) for s, d, k in v.stock_moves(state)]
    if actions:
        return f"the stock action now is {actions[0]}"
    if v.stock < 0:
        return "this game has no stock"
    return "no stock action is possible now"


def _pick_reason(v: MoveRules, state: State, src: int, move: Move) -> str | None:
    pile, count = state.piles[src], move.count
    kind = v.kinds[src]
    if not pile:
        return f"{move.source} is empty"
    if count > len(pile):
        return f"{move.source} holds only {len(pile)} card{'s' * (len(pile) != 1)}"
    if len(pile) - count < state.hidden[src]:
        return "face-down cards cannot be picked up"
    if kind is Kind.FOUNDATION and not v.foundation_to:
        return "cards on the foundations are out of play"
    if kind is not Kind.TABLEAU and count > 1:
        return f"only the top card of {move.source} may be moved"
    if kind is Kind.TABLEAU and count > v.run_length(state, src):
        return f"the top {count} cards of {move.source} are not a valid build"
    return None


def _drop_reason(v: MoveRules, state: State, src: int, dst: int, move: Move) -> str:
    target_kind, source_kind = v.kinds[dst], v.kinds[src]
    if target_kind in (Kind.STOCK, Kind.WASTE, Kind.RESERVE):
        return f"nothing may be placed on {move.target}"
    if source_kind is Kind.FOUNDATION and target_kind not in v.foundation_to:
        return f"a foundation card may not go to {move.target}"
    if target_kind is Kind.CELL:
        return _cell_reason(state, dst, move, source_kind)
    if target_kind is Kind.FOUNDATION:
        return _home_reason(v, state, src, dst, move)
    return _tableau_reason(v, state, src, dst, move, source_kind)


def _cell_reason(state: State, dst: int, move: Move, source_kind: Kind) -> str:
    if state.piles[dst]:
        return f"{move.target} already holds a card"
    if move.count > 1:
        return "a reserve cell holds one card"
    if source_kind is Kind.CELL:
        return "a card is never moved from one reserve cell to another"
    return f"{move.source} cannot send a card to a reserve cell"


def _home_reason(v: MoveRules, state: State, src: int, dst: int, move: Move) -> str:
    if move.count > 1 and not v.sequences_to_foundation:
        return "cards go to the foundations one at a time"
    top = DECK[state.piles[dst][-1]] if state.piles[dst] else None
    moved = DECK[state.piles[src][-1]]
    if top is None:
        return f"an empty foundation takes only a card of the base rank ({v.base_text(state)}), not {moved}"
    return f"{moved} does not go on {top}: foundations build up in suit"


def _tableau_reason(v: MoveRules, state: State, src: int, dst: int, move: Move, source_kind: Kind) -> str:
    card = DECK[state.piles[src][-move.count]]
    if move.count > v.group_limit(state):
        return _group_limit_reason(v, state, move.count)
    pile = state.piles[dst]
    if not pile:
        return _empty_reason(v, state, source_kind)
    top = DECK[pile[-1]]
    if v.base_blocks_build and top.rank == state.base_rank:
        return f"nothing may be placed on {top}, a card of the base rank"
    how = _BUILD_WORDS.get(v.build.value, v.build.value)
    return f"{card} does not go on {top}: the tableau builds down {how}"


_BUILD_WORDS = {"suit": "in suit", "alternate colours": "in alternating colours"}
"""``Build`` values as the end of a sentence ("builds down in suit")."""


def _empty_reason(v: MoveRules, state: State, source_kind: Kind) -> str:
    if v.empty_fill_sources is not None and source_kind not in v.empty_fill_sources:
        kinds = " or ".join(sorted(k.value for k in v.empty_fill_sources))
        return f"an empty tableau pile is filled only from the {kinds}"
    rank = v.empty_fill_rank(state.base_rank)
    letter = DECK[rank - 1].text()[0] if rank else "any"
    return f"an empty tableau pile takes only a {letter} (or a build starting with one)"
