"""Why a move is illegal: one line a player (or a script's author) can act on.

Every reason is a translatable message with named placeholders (``{pile}``, ``{card}``,
``{count}``), counted ones through ``ngettext``. Cards and piles are written in their text
form (``9H``, ``tableau-3``), as scripts know them; the table shows them in words. Scripts get
English: only the app switches the language (``game.i18n.set_language``).
``"legal"`` is a sentinel for callers, never shown, so it is not translated.
"""

from __future__ import annotations

from game.engine.cards import DECK, rank_letter
from game.engine.errors import shown
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import N_, _, format_list, ngettext
from game.variants.legal_moves import MoveRules
from game.variants.piles import Build, Kind
from game.variants.words import pile_words


def explain(v: MoveRules, state: State, move: Move) -> str:
    """The first rule ``move`` breaks in ``state``; ``"legal"`` if it breaks none."""
    src = v.index.get(move.source)
    if src is None:
        return _("no pile named {name}").format(name=shown(move.source))
    dst = v.target_index(move.target)
    if dst is None:
        return _("no pile named {name}").format(name=shown(move.target))
    if isinstance(move.count, bool) or not isinstance(move.count, int):
        return _("the card count must be a whole number, got {value}").format(value=shown(move.count))
    raw = (src, dst, move.count)
    if raw in v.legal(state):
        return "legal"
    if move.count < 1:
        return _("a move takes at least one card")
    if src == dst:
        return _("the cards are already on that pile")
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
        return _("a move takes at least one card")
    reason = _pick_reason(v, state, src, Move(source, source, count))
    if reason is not None:
        return reason
    if count > v.group_limit(state) and v.kinds[src] is Kind.TABLEAU:
        return _group_limit_reason(v, state, count)
    card = DECK[state.piles[src][-count]]
    if count == 1:
        return _("no pile takes {card} now").format(card=card)
    return ngettext(
        "no pile takes the {count} card from {card} now",
        "no pile takes the {count} cards from {card} now",
        count,
    ).format(count=count, card=card)


def explain_home(v: MoveRules, state: State, src: int) -> str:
    """Why the top card of pile ``src`` cannot go to a foundation now (``"legal"`` if it can):
    the pick-up rule it breaks, else the foundation rule, told of its suit's foundation (or of an
    empty one when its suit has none yet), as a double-click or Shift+Enter that sends nothing."""
    source = v.pile_name(src)
    if not state.piles[src]:
        return _("{pile} is empty").format(pile=source)
    suit = DECK[state.piles[src][-1]].suit

    def fit(f: int) -> tuple[bool, bool]:
        pile = state.piles[f]
        return (not pile or DECK[pile[-1]].suit != suit, bool(pile))

    home = min(v.foundations, key=fit)
    return explain(v, state, Move(source, v.pile_name(home), 1))


def _group_limit_reason(v: MoveRules, state: State, count: int) -> str:
    """The group limit in the player's terms: how many empty reserve cells ``count`` cards need."""
    free = sum(1 for c in v.cells if not state.piles[c])
    need = next((n for n in range(count + 1) if v.group_limit_for(n) >= count), None)
    if need is None:
        limit = v.group_limit(state)
        return ngettext(
            "at most {limit} card moves as a group in {game}",
            "at most {limit} cards move as a group in {game}",
            limit,
        ).format(limit=limit, game=v.display_name())
    # Translators: the end of "moving 3 cards needs 2 empty reserve cells; none is empty"
    empty = _("none is empty") if free == 0 else ngettext("{free} is empty", "{free} are empty", free)
    # Translators: {cells} is "2 empty reserve cells" and {empty} "none is empty", translated apart
    return ngettext(
        "moving {count} card needs {cells}; {empty}", "moving {count} cards needs {cells}; {empty}", count
    ).format(
        count=count,
        # Translators: what a group move needs: "moving 3 cards needs 2 empty reserve cells"
        cells=ngettext("{need} empty reserve cell", "{need} empty reserve cells", need).format(need=need),
        empty=empty.format(free=free),
    )


def _stock_reason(v: MoveRules, state: State) -> str:
    actions = [Move(v.pile_name(s), v.pile_name(d), k) for s, d, k in v.stock_moves(state)]
    if actions:
        # Translators: {move} is a move in text form, "stock -> waste"
        return _("the stock action now is {move}").format(move=actions[0])
    if v.stock < 0:
        return _("this game has no stock")
    return _("no stock action is possible now")


def _pick_reason(v: MoveRules, state: State, src: int, move: Move) -> str | None:
    pile, count = state.piles[src], move.count
    kind = v.kinds[src]
    if not pile:
        return _("{pile} is empty").format(pile=move.source)
    if count > len(pile):
        return ngettext(
            "{pile} holds only {count} card", "{pile} holds only {count} cards", len(pile)
        ).format(pile=move.source, count=len(pile))
    if len(pile) - count < state.hidden[src]:
        return _("face-down cards cannot be picked up")
    if kind is Kind.FOUNDATION and not v.foundation_to:
        return _("cards on the foundations are out of play")
    if kind is not Kind.TABLEAU and count > 1:
        return _("only the top card of {pile} may be moved").format(pile=move.source)
    if kind is Kind.TABLEAU and count > v.run_length(state, src):
        return ngettext(
            "the top {count} card of {pile} is not a valid build",
            "the top {count} cards of {pile} are not a valid build",
            count,
        ).format(count=count, pile=move.source)
    return None


def _drop_reason(v: MoveRules, state: State, src: int, dst: int, move: Move) -> str:
    target_kind, source_kind = v.kinds[dst], v.kinds[src]
    if target_kind in (Kind.STOCK, Kind.WASTE, Kind.RESERVE):
        return _("nothing may be placed on {pile}").format(pile=move.target)
    if source_kind is Kind.FOUNDATION and target_kind not in v.foundation_to:
        return _("a foundation card may not go to {pile}").format(pile=move.target)
    if target_kind is Kind.CELL:
        return _cell_reason(state, dst, move, source_kind)
    if target_kind is Kind.FOUNDATION:
        return _home_reason(v, state, src, dst, move)
    return _tableau_reason(v, state, src, dst, move, source_kind)


def _cell_reason(state: State, dst: int, move: Move, source_kind: Kind) -> str:
    if state.piles[dst]:
        return _("{pile} already holds a card").format(pile=move.target)
    if move.count > 1:
        return _("a reserve cell holds one card")
    if source_kind is Kind.CELL:
        return _("a card is never moved from one reserve cell to another")
    return _("{pile} cannot send a card to a reserve cell").format(pile=move.source)


def _home_reason(v: MoveRules, state: State, src: int, dst: int, move: Move) -> str:
    if move.count > 1 and not v.sequences_to_foundation:
        return _("cards go to the foundations one at a time")
    top = DECK[state.piles[dst][-1]] if state.piles[dst] else None
    moved = DECK[state.piles[src][-1]]
    if top is None:
        # Translators: {rank} is a rank as the card shows it ("A", "7", "K"), {card} a card ("9H")
        return _("an empty foundation takes only a card of the base rank ({rank}), not {card}").format(
            rank=_rank_shown(state.base_rank), card=moved
        )
    return _("{card} does not go on {top}: foundations build up in suit").format(card=moved, top=top)


def _tableau_reason(v: MoveRules, state: State, src: int, dst: int, move: Move, source_kind: Kind) -> str:
    card = DECK[state.piles[src][-move.count]]
    if move.count > v.group_limit(state):
        return _group_limit_reason(v, state, move.count)
    pile = state.piles[dst]
    if not pile:
        return _empty_reason(v, state, source_kind)
    top = DECK[pile[-1]]
    if v.base_blocks_build and top.rank == state.base_rank:
        return _("nothing may be placed on {card}, a card of the base rank").format(card=top)
    return _(_BUILDS_DOWN[v.build]).format(card=card, top=top)


_BUILDS_DOWN = {
    Build.SUIT: N_("{card} does not go on {top}: the tableau builds down in suit"),
    Build.ALTERNATE: N_("{card} does not go on {top}: the tableau builds down in alternating colours"),
    Build.ANY: N_("{card} does not go on {top}: the tableau builds down regardless of suit"),
}
"""The refusal of a tableau drop for each way a tableau builds, each a whole sentence."""


def _empty_reason(v: MoveRules, state: State, source_kind: Kind) -> str:
    if v.empty_fill_sources is not None and source_kind not in v.empty_fill_sources:
        kinds = sorted(v.empty_fill_sources, key=lambda k: k.value)
        if len(kinds) == 1 and kinds[0] in _FILLED_ONLY_FROM:
            return _(_FILLED_ONLY_FROM[kinds[0]])
        # Translators: {piles} lists kinds of pile, "reserve or waste"
        return _("an empty tableau pile is filled only from the {piles}").format(
            piles=format_list([pile_words(k.value) for k in kinds], style="or")
        )
    rank = v.empty_fill_rank(state.base_rank)
    if not rank:
        return _("an empty tableau pile takes any card")
    # Translators: {rank} is a rank as the card shows it ("K" for King)
    return _("an empty tableau pile takes only a {rank} (or a build starting with one)").format(
        rank=_rank_shown(rank)
    )


def _rank_shown(rank: int) -> str:
    """A rank as the card art shows it: ``"10"`` for ten (the one-letter ``"T"`` is text form)."""
    return "10" if rank == 10 else rank_letter(rank)


_FILLED_ONLY_FROM = {
    Kind.WASTE: N_("an empty tableau pile is filled only from the waste"),
    Kind.RESERVE: N_("an empty tableau pile is filled only from the reserve"),
    Kind.STOCK: N_("an empty tableau pile is filled only from the stock"),
}
"""Where an empty tableau pile is filled from, when that is one kind of pile."""
