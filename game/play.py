"""A game in progress: a variant, a position, and unlimited undo and redo.

``Game`` sits above both layers it joins: the engine (positions, their text form, moves,
errors) and the variants (the rules of each game, looked up by key in the registry).

One player action is one undo step: the move with its reveals and refills (made by ``play``),
plus the automatic foundation moves the table plays after it with ``play(move,
automatic=True)`` (or all at once with ``play_auto_moves``). Undo goes back to the exact
state before the step; redo replays it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from game.engine.cards import DECK
from game.engine.errors import IllegalMove, InvalidPosition, NothingToUndo, shown
from game.engine.moves import Move
from game.engine.state import State, parse_fields, parse_state, state_to_text
from game.variants import variant_class
from game.variants.base import Variant
from game.variants.piles import RawMove


@dataclass(frozen=True, slots=True)
class Step:
    """One player action as the undo history keeps it."""

    before: State
    after: State
    moves: tuple[Move, ...]


class Game:
    """A game of one variant, from a numbered deal or from a position text.

    ``legal_moves`` lists every legal move, ``play`` makes one (or raises ``IllegalMove``
    saying why, changing nothing), ``undo`` and ``redo`` step through the history.
    """

    def __init__(self, variant: Variant, state: State, deal: int | None = None) -> None:
        self.variant = variant
        self.deal = deal
        self.initial_state = state
        self._state = state
        self._done: list[Step] = []
        self._undone: list[Step] = []

    # ------------------------------------------------------------ the position

    @property
    def state(self) -> State:
        """The current position."""
        return self._state

    @property
    def key(self) -> str:
        """The variant's key (``"kansas"``…)."""
        return self.variant.key

    @property
    def score(self) -> int:
        """The number of cards on the foundations."""
        return sum(len(self._state.piles[f]) for f in self.variant.foundations)

    @property
    def moves_made(self) -> int:
        """How many player actions lead to the current position (undone ones not counted)."""
        return len(self._done)

    @property
    def history(self) -> list[tuple[Move, ...]]:
        """The moves of each action made so far, oldest first."""
        return [step.moves for step in self._done]

    @property
    def positions(self) -> list[State]:
        """The positions the game has passed through: the opening first, the current one last."""
        return [step.before for step in self._done] + [self._state]

    @property
    def redo_history(self) -> list[tuple[Move, ...]]:
        """The moves of each undone action, next to redo first."""
        return [step.moves for step in reversed(self._undone)]

    def pile(self, name: str) -> list[str]:
        """The cards of pile ``name`` in text form, bottom to top (face down in lower case)."""
        return self._state.pile_text(self._pile_index(name))

    def is_won(self) -> bool:
        """All cards are on the foundations."""
        return self.variant.is_won(self._state)

    def is_stuck(self) -> bool:
        """Not won and no legal move left, stock actions included."""
        return self.variant.is_stuck(self._state)

    def snapshot(self) -> dict[str, Any]:
        """A JSON-ready picture of the position (equal positions give equal snapshots)."""
        v, st = self.variant, self._state
        return {
            "variant": v.key,
            "deal": self.deal,
            "score": self.score,
            "won": self.is_won(),
            "stuck": self.is_stuck(),
            "moves": self.moves_made,
            "base_rank": v.base_text(st) if v.dealt_base else None,
            "redeals_left": st.redeals_left if v.redeals else None,
            "piles": {name: st.pile_text(i) for i, name in enumerate(v.names)},
        }

    def text(self) -> str:
        """The one-line text form of the position (``Game.from_text`` reads it back)."""
        v = self.variant
        return state_to_text(
            self._state, v.names, v.key, show_base=v.dealt_base, show_redeals=bool(v.redeals)
        )

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<Game {self.variant.key} deal={self.deal} score={self.score}>"

    @classmethod
    def from_text(cls, text: str) -> Game:
        """A game set up from a position text such as ``Game.text()`` prints."""
        key, fields = parse_fields(text)
        v = variant_class(key).instance()
        if "base" in fields and not v.dealt_base:
            raise InvalidPosition(f"{key} always starts its foundations with Aces: leave out base=")
        if "redeals" in fields and not v.redeals:
            raise InvalidPosition(f"{key} has no redeals: leave out redeals=")
        state = parse_state(
            fields, v.names, default_base=None if v.dealt_base else 1, default_redeals=v.redeals
        )
        _check_foundations(v, state)
        return cls(v, state)

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list[Move]:
        """Every legal move, including each of several equivalent empty targets."""
        return [self._to_move(m) for m in self.variant.legal(self._state)]

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` may be played now."""
        _check_move(move)
        raw = self._to_raw(move)
        return raw is not None and raw in self.variant.legal(self._state)

    def auto_moves(self) -> list[Move]:
        """The foundation moves the variant considers safe now; ``play`` never makes them.

        A card the last action itself took off a foundation is left out, so the automatic
        moves never undo the player's own action (it may go home in a later step).
        """
        kept = self._kept_out()
        return [self._to_move(m) for m in self.variant.auto_after(self._state, kept)]

    def kept_out(self) -> str | None:
        """The card the last action took off a foundation (text), which that action's
        automatic moves leave where the player put it; ``None`` if it took none."""
        card = self._kept_out()
        return None if card is None else DECK[card].text(True)

    def _kept_out(self) -> int | None:
        """The card the current step's player move took off a foundation, if any."""
        if not self._done:
            return None
        step = self._done[-1]
        first = self._to_raw(step.moves[0])
        return None if first is None else self.variant.taken_home_card(step.before, first)

    def play(self, move: Move, *, automatic: bool = False) -> None:
        """Make ``move`` with its reveals and refills, or raise ``IllegalMove`` saying why.

        With ``automatic=True`` the move joins the current undo step (for the automatic
        foundation moves that follow a player's action); otherwise it starts a new step and
        clears the redo history. A ``move`` that is not a ``Move`` raises ``TypeError``.
        """
        _check_move(move)
        raw = self._to_raw(move)
        if raw is None or raw not in self.variant.legal(self._state):
            text = str(move)
            text = text if len(text) <= 80 else text[:79] + "…"  # a script's pile name can be huge
            raise IllegalMove(f"{text}: {self.why_illegal(move)}")
        before = self._state
        self._state = self.variant.apply(before, raw)
        canonical = self._to_move(raw)
        if automatic and self._done:
            last = self._done[-1]
            self._done[-1] = Step(last.before, self._state, (*last.moves, canonical))
        elif automatic:
            self.initial_state = self._state  # moves made by the deal itself: not undoable
        else:
            self._done.append(Step(before, self._state, (canonical,)))
            self._undone.clear()

    def play_auto_moves(self) -> list[Move]:
        """Play the safe foundation moves one at a time into the current step; list them."""
        played: list[Move] = []
        while moves := self.auto_moves():
            self.play(moves[0], automatic=True)
            played.append(moves[0])
        return played

    def finish_line(self) -> list[Move] | None:
        """The moves that finish the game, if the rest is a certain win with no choice left.

        That is when no card is face down, the stock is empty, and sending home whatever card
        fits, one after another, brings every card home. ``None`` otherwise (or when won).
        """
        raws = self.variant.finish_line(self._state)
        return None if raws is None else [self._to_move(m) for m in raws]

    def double_click_move(self, pile: str) -> Move | None:
        """The move a double-click on ``pile``'s top card makes, or ``None``."""
        raw = self.variant.double_click(self._state, self._pile_index(pile))
        return None if raw is None else self._to_move(raw)

    def can_undo(self) -> bool:
        """Whether there is an action to undo."""
        return bool(self._done)

    def can_redo(self) -> bool:
        """Whether there is an undone action to redo."""
        return bool(self._undone)

    def undo(self) -> tuple[Move, ...]:
        """Take back the last action whole; returns its moves."""
        if not self._done:
            raise NothingToUndo("nothing to undo")
        step = self._done.pop()
        self._undone.append(step)
        self._state = step.before
        return step.moves

    def redo(self) -> tuple[Move, ...]:
        """Make the last undone action again; returns its moves."""
        if not self._undone:
            raise NothingToUndo("nothing to redo")
        step = self._undone.pop()
        self._done.append(step)
        self._state = step.after
        return step.moves

    def restart(self) -> None:
        """Back to the opening position; the whole game can still be redone."""
        while self._done:
            self.undo()

    # --------------------------------------------------------------- helpers

    def _pile_index(self, name: str) -> int:
        if not isinstance(name, str):
            raise TypeError(f"a pile is named by a string such as 'tableau-1', got {shown(name)}")
        try:
            return self.variant.index[name]
        except KeyError:
            raise IllegalMove(
                f"no pile named {shown(name)}; piles: {', '.join(self.variant.names)}"
            ) from None

    def _to_move(self, raw: RawMove) -> Move:
        v = self.variant
        return Move(v.pile_name(raw[0]), v.pile_name(raw[1]), raw[2])

    def _to_raw(self, move: Move) -> RawMove | None:
        src = self.variant.index.get(move.source)
        dst = self.variant.target_index(move.target)
        count = move.count
        if src is None or dst is None or isinstance(count, bool) or not isinstance(count, int):
            return None
        return (src, dst, move.count)

    def why_illegal(self, move: Move) -> str:
        """A one-line reason why ``move`` is not legal now (or ``"legal"``)."""
        _check_move(move)
        return self.variant.explain(self._state, move)

    def why_unmovable(self, pile: str, count: int) -> str:
        """A one-line reason why the top ``count`` cards of ``pile`` cannot move anywhere now
        (what a refused pick-up tells the player), or ``"legal"`` if some move takes them."""
        return self.variant.explain_lift(self._state, self._pile_index(pile), count)

    def why_not_home(self, pile: str) -> str:
        """A one-line reason why ``pile``'s top card cannot go to a foundation now (what a
        double-click or Shift+Enter that sends nothing tells the player), or ``"legal"``."""
        return self.variant.explain_home(self._state, self._pile_index(pile))

    def card_at(self, pile: str, position: int) -> str:
        """The text of the card at ``position`` (0 = bottom) of ``pile``."""
        i = self._pile_index(pile)
        cards = self._state.piles[i]
        if isinstance(position, bool) or not isinstance(position, int):
            raise TypeError(f"a card's position is a whole number (0 = bottom), got {shown(position)}")
        if not cards:
            raise IndexError(f"{pile} is empty: there is no card at position {position}")
        if not -len(cards) <= position < len(cards):
            raise IndexError(
                f"{pile} holds {len(cards)} card{'s' if len(cards) > 1 else ''}:"
                f" a position is 0 (bottom) to {len(cards) - 1}"
                f" (or -1 for the top), got {position}"
            )
        position %= len(cards)
        return DECK[cards[position]].text(self._state.is_face_up(i, position))


def _check_move(move: object) -> None:
    """``TypeError`` saying what is expected unless ``move`` is a ``Move``."""
    if not isinstance(move, Move):
        raise TypeError(
            f"expected a game.Move such as Move('tableau-1', 'foundation-1', 1) "
            f"(or Move.parse('tableau-1 -> foundation-1')), got {type(move).__name__} {move!r:.60}"
        )
    if not (isinstance(move.source, str) and isinstance(move.target, str)):
        raise TypeError(f"a Move's source and target are pile names such as 'tableau-1', got {move!r:.80}")


def _check_foundations(variant: Variant, state: State) -> None:
    """``InvalidPosition`` unless every foundation is a run the game could have built there: face
    up, each card the one that follows the card below it. (A foundation may start above the
    base rank: a position may leave out cards, and tests write ``foundation-1=QH`` for "hearts
    home up to the Queen".)"""
    following = variant.home_next_table
    for f in variant.foundations:
        pile, name = state.piles[f], variant.names[f]
        if state.hidden[f]:
            raise InvalidPosition(f"{name}: a foundation holds no face-down cards")
        for lower, upper in itertools.pairwise(pile):
            if following[lower] != upper:
                raise InvalidPosition(
                    f"{name}: {DECK[upper]} cannot lie on {DECK[lower]} (same suit, one rank up)"
                )
