"""Time-based tweens: every card that changed place or facing glides from where it was.

The engine never waits on an animation. The table plays a move on the engine at once and
queues a ``Transition`` built by comparing the state before with the state after: each card
whose rectangle or facing differs becomes a ``Flight`` (an eased glide, with a flip when it
turns over: its width shrinks to nothing and grows back, showing the other side from the
midpoint). While a transition runs, the table draws the state *after* it without the moving
cards, and the flights on top. Input never waits either: it first completes (fast-forwards)
whatever is running.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable
from typing import NamedTuple

from game.engine.moves import Move
from game.engine.state import State
from game.view.layout import TableLayout

MOVE_TIME = 0.2
"""Seconds a card takes for one move at normal speed."""
SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.8}
"""Animation speed settings: a factor on every duration (``off``: no animation)."""
DEAL_STAGGER = 0.032
"""Seconds between two cards of the opening deal."""
FAN_STAGGER = 0.07
"""Seconds between the cards of one action that go to different piles (Lady Jane's deal)."""


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, gentle landing (0 -> 0, 1 -> 1)."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


class Spot(NamedTuple):
    """Where a card lies and which side is up; ``order`` is (pile, position) for stacking."""

    x: int
    y: int
    face_up: bool
    order: tuple[int, int] = (-1, 0)


class Sprite(NamedTuple):
    """A card to draw this frame: top-left at (x, y), ``scale_x`` < 1 while it flips."""

    card: int
    x: float
    y: float
    face_up: bool
    scale_x: float = 1.0
    lifted: bool = False


class Flight(NamedTuple):
    """One card's glide from ``start`` to ``end``, ``delay`` seconds after its transition began."""

    card: int
    start: Spot
    end: Spot
    delay: float
    duration: float
    z: int

    def progress(self, elapsed: float) -> float:
        """0 before it starts, 1 once landed, eased in between."""
        if self.duration <= 0:
            return 1.0 if elapsed >= self.delay else 0.0
        return (elapsed - self.delay) / self.duration

    def sprite(self, elapsed: float) -> Sprite:
        """Where the card is and how it looks ``elapsed`` seconds into the transition."""
        t = min(1.0, max(0.0, self.progress(elapsed)))
        p = ease_out(t)
        x = self.start.x + (self.end.x - self.start.x) * p
        y = self.start.y + (self.end.y - self.start.y) * p
        if self.start.face_up == self.end.face_up:
            return Sprite(self.card, x, y, self.end.face_up, 1.0, 0 < t < 1)
        face = self.start.face_up if t < 0.5 else self.end.face_up
        return Sprite(self.card, x, y, face, abs(math.cos(math.pi * t)), 0 < t < 1)


class Transition:
    """One change of state being shown: the state after it and the flights that lead there."""

    def __init__(self, after: State, flights: Iterable[Flight]) -> None:
        self.after = after
        self.flights = tuple(flights)
        self.moving = frozenset(f.card for f in self.flights)
        self.length = max((f.delay + f.duration for f in self.flights), default=0.0)

    def done(self, elapsed: float) -> bool:
        """Whether every flight has landed."""
        return elapsed >= self.length

    def sprites(self, elapsed: float) -> list[Sprite]:
        """The moving cards in drawing order: waiting, landed, then flying (later on top)."""
        waiting: list[Flight] = []
        landed: list[Flight] = []
        flying: list[Flight] = []
        for f in self.flights:
            t = f.progress(elapsed)
            (waiting if t <= 0 else landed if t >= 1 else flying).append(f)
        waiting.sort(key=lambda f: -f.z)
        waiting = _uncovered(waiting)
        landed.sort(key=lambda f: f.end.order)
        flying.sort(key=lambda f: f.z)
        return [f.sprite(elapsed) for f in (*waiting, *landed, *flying)]


def _uncovered(waiting: list[Flight]) -> list[Flight]:
    """Of cards waiting at the same spot with the same side up, only the one on top shows."""
    top = {(f.start.x, f.start.y, f.start.face_up): f for f in waiting}
    shown = set(map(id, top.values()))
    return [f for f in waiting if id(f) in shown]


def spots(layout: TableLayout, state: State) -> dict[int, Spot]:
    """Every card's spot in ``state``."""
    out: dict[int, Spot] = {}
    for pile, cards in enumerate(state.piles):
        rects = layout.state_rects(state, pile)
        hidden = state.hidden[pile]
        for i, card in enumerate(cards):
            out[card] = Spot(rects[i].x, rects[i].y, i >= hidden, (pile, i))
    return out


def _pile_of(state: State) -> dict[int, int]:
    return {card: pile for pile, cards in enumerate(state.piles) for card in cards}


def plan_transition(
    layout: TableLayout,
    before: State,
    after: State,
    *,
    move: Move | None = None,
    speed: float = 1.0,
    start: dict[int, Spot] | None = None,
) -> Transition:
    """The flights that show the change from ``before`` to ``after``.

    The cards of ``move`` go first (to several piles: one after another, fanning out);
    cards that changed pile otherwise (Kansas refills) follow when the first are on their
    way; cards turned over in place (reveals) flip last. ``start`` overrides where some
    cards begin (dragged cards start where they were dropped).
    """
    old, new = spots(layout, before), spots(layout, after)
    old.update(start or {})
    pile_before, pile_after = _pile_of(before), _pile_of(after)
    source = layout.variant.index.get(move.source, -1) if move else -1
    base = MOVE_TIME * speed
    changed = [c for c in new if old[c] != _same_order(new[c], old[c])]
    primary = [c for c in changed if pile_before[c] == source and pile_after[c] != source]
    targets = sorted({pile_after[c] for c in primary})
    stagger = len(targets) > 1
    flights = []
    for z, card in enumerate(sorted(changed, key=lambda c: new[c].order)):
        a, b = old[card], new[card]
        duration = _duration(a, b, base, layout.card_h)
        if card in primary:
            delay = targets.index(pile_after[card]) * FAN_STAGGER * speed if stagger else 0.0
        elif pile_before[card] != pile_after[card]:
            delay = base * 0.5
        elif a.face_up != b.face_up and (a.x, a.y) == (b.x, b.y):
            delay, duration = base * 0.5, base * 0.8
        else:
            delay = 0.0
        flights.append(Flight(card, a, b, delay, duration, z))
    return Transition(after, flights)


def _same_order(new: Spot, old: Spot) -> Spot:
    """``new`` with ``old``'s stacking order, so that spots compare by place and facing only."""
    return Spot(new.x, new.y, new.face_up, old.order)


def _duration(a: Spot, b: Spot, base: float, card_h: int) -> float:
    """Longer trips take a little longer (0.8 to 1.3 times the base)."""
    distance = math.hypot(b.x - a.x, b.y - a.y) / max(card_h, 1)
    return base * min(1.3, 0.8 + 0.1 * distance)


def plan_deal(layout: TableLayout, state: State, *, speed: float = 1.0) -> Transition:
    """The opening deal: cards fly one after another from the stock (or from below the table)."""
    origin = layout.deck_origin
    stock = layout.variant.stock
    new = spots(layout, state)
    dealt = [c for c in new if new[c].order[0] != stock]
    dealt.sort(key=lambda c: (new[c].order[1], new[c].order[0]))
    flights = []
    for z, card in enumerate(dealt):
        start = Spot(origin.x, origin.y, False)
        delay = z * DEAL_STAGGER * speed
        flights.append(Flight(card, start, new[card], delay, MOVE_TIME * 1.4 * speed, z))
    return Transition(state, flights)


Builder = Callable[[TableLayout], Transition]
"""Builds a transition for the layout in force when it starts."""


class Animator:
    """Runs queued transitions one after another against the clock."""

    def __init__(self) -> None:
        self._queue: deque[Builder] = deque()
        self.current: Transition | None = None
        self._started = 0.0

    @property
    def busy(self) -> bool:
        """Whether a transition is running or waiting."""
        return self.current is not None or bool(self._queue)

    def push(self, builder: Builder) -> None:
        """Queue a transition (it starts when those before it are done)."""
        self._queue.append(builder)

    def update(self, now: float, layout: TableLayout) -> bool:
        """Advance the clock to ``now``; returns whether a transition is still running."""
        while True:
            if self.current is not None:
                if not self.current.done(now - self._started):
                    return True
                end = self._started + self.current.length
                self.current = None
            else:
                end = now
            if not self._queue:
                return False
            self.current = self._queue.popleft()(layout)
            self._started = end if now - end < 0.05 else now

    def finish(self) -> None:
        """Complete everything at once: the table then shows the engine's state."""
        self._queue.clear()
        self.current = None

    def sprites(self, now: float) -> list[Sprite]:
        """The moving cards of the running transition, in drawing order."""
        if self.current is None:
            return []
        return self.current.sprites(now - self._started)
