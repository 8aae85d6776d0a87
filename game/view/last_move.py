"""The last move outlined for a moment: where its cards landed, and where an automatic move
took them from.

A move's outline starts when its flight lands (``land``: the animation that carries it is no
longer running) and fades out over ``SHOWN`` seconds; with animations off it stays whole for
that moment, then goes. Drawing never changes it; the table scene calls ``started`` when it
queues a move's animation and ``land`` on every update.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from game.engine.state import State
from game.view.layout import TableLayout

SHOWN = 1.0
"""Seconds an outline is shown."""
FADE_FRAME = 1 / 30
"""How often a fading outline is redrawn."""
COLOUR = (255, 255, 255)
"""White: unlike the yellow of targets, the blue of hints and the magenta of the focus."""


@dataclass(frozen=True, slots=True)
class Mark:
    """One move's outline: the cards it moved, and its source pile when the move was automatic."""

    cards: frozenset[int]
    source: int | None
    since: float = 0.0


def moved_cards(before: State, after: State) -> frozenset[int]:
    """The cards that are on another pile in ``after`` than in ``before``."""
    old, new = _pile_of(before), _pile_of(after)
    return frozenset(card for card, pile in new.items() if old.get(card) != pile)


class LastMove:
    """The outlines shown now and those whose flight has not landed yet (see the module doc)."""

    def __init__(self) -> None:
        self.marks: list[Mark] = []
        """The outlines landed, oldest first."""
        self.fade = True
        """Whether outlines fade (animations on), else they stay whole for ``SHOWN``."""
        self.now = 0.0
        self._flying: list[tuple[object, Mark]] = []

    def started(self, flight: object, mark: Mark) -> None:
        """``mark``'s move is carried by the animation ``flight`` (outlined once it lands)."""
        self._flying.append((flight, mark))

    def land(self, running: object, now: float) -> bool:
        """The marks whose animation is no longer ``running`` are shown from ``now``; those
        shown for ``SHOWN`` go. True if what is drawn changes."""
        self.now = now
        landed = [m for flight, m in self._flying if flight is not running]
        self._flying = [(f, m) for f, m in self._flying if f is running]
        kept = [m for m in self.marks if now - m.since < SHOWN]
        changed = len(kept) != len(self.marks) or bool(landed)
        self.marks = kept + [Mark(m.cards, m.source, now) for m in landed]
        return changed or (self.fade and bool(self.marks))

    def clear(self) -> None:
        """Forget every outline (a new deal, an undo)."""
        self.marks, self._flying = [], []

    def alpha(self, mark: Mark) -> int:
        """How opaque ``mark`` is drawn now (0 to 255)."""
        left = 1.0 - (self.now - mark.since) / SHOWN
        if left <= 0:
            return 0
        return 255 if not self.fade else max(0, min(255, round(255 * left)))

    def wakeup(self) -> float | None:
        """Seconds until the outlines next change, if any are shown."""
        if not self.marks:
            return None
        if self.fade:
            return FADE_FRAME
        return max(0.0, min(m.since + SHOWN for m in self.marks) - self.now)

    def rects(self, mark: Mark, layout: TableLayout, state: State) -> list[Rect]:
        """Where ``mark`` is outlined: round its cards where they lie, and round its source pile."""
        found: list[Rect] = []
        for pile, cards in enumerate(state.piles):
            rects = layout.state_rects(state, pile)
            mine = [rects[i] for i, card in enumerate(cards) if card in mark.cards]
            if mine:
                found.append(mine[0].unionall(mine[1:]))
        if mark.source is not None:
            cards = state.piles[mark.source]
            rects = layout.state_rects(state, mark.source)
            found.append(Rect(rects[-1]) if cards else Rect(layout.piles[mark.source].slot))
        return found


def _pile_of(state: State) -> dict[int, int]:
    return {card: pile for pile, cards in enumerate(state.piles) for card in cards}
