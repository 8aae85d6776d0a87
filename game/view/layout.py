"""Where everything goes: a pure function of (variant, window size).

The variant places its piles in card units (``PileSpec.x`` in columns, ``.y`` in rows); this
module turns them into pixels for any window: the card size (as large as fits, limited by
width and by height), one ``PileBox`` per pile (the slot where its first card lies and the
``area`` its fan may use), the toolbar and status strips, and every card's rectangle for a
given pile length. Fans compress so the longest pile never leaves its area, and no two areas
overlap. Piles that fan right and are stacked closer than a card's height in the variant's
layout (Lady Jane's reserve column) are spread one card height apart, so nothing overlaps.

The left-handed layout (``mirror``) is the same table mirrored left to right: every pile's
place and area, so the stock and the foundations swap sides and every consumer (drawing,
hit-testing, the keyboard's arrows, the animations) follows. A fan still runs the way the
variant says inside its pile: a right fan mirrored to the left would hide every covered
card's top-left index, the only one a strip shows; its area is mirrored and its first card
goes to the area's left end.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cached_property

from pygame import Rect

from game.engine.state import State
from game.variants.base import Fan, Kind, PileSpec, Variant
from game.view.screen import MIN_WINDOW

CARD_RATIO = 7 / 5
GAP_X = 0.14
"""Room between columns, as a fraction of the card width."""
GAP_Y = 0.14
"""Room between rows, as a fraction of the card height."""
STACK_GAP = 0.05
"""Room between right-fanned piles stacked in a column, as a fraction of the card height."""
STEP_FACE_DOWN = 0.11
STEP_FACE_DOWN_MIN = 0.035
STEP_FACE_UP = 0.27
STEP_RIGHT = 0.34
MIN_CARD_WIDTH = 16
WRAPPED_FAN = 1 + 2.15 * STEP_RIGHT
"""Room (in card widths) for a right fan in a wrapped column: three cards without squeezing."""
MAX_ROWS = 4.0
"""At most this many rows of the variant's height decide the card size: bigger cards, and
fans compress sooner (the longest pile still always fits)."""
CARD_SIZES: dict[str, float] = {"normal": 1.0, "large": 1.25, "largest": 1.5}
"""The player's card size: how much more than ``MAX_ROWS`` rows the cards may take (the
gaps and the margin shrink by the same factor), so fans overlap more."""
MIN_FAN_ROWS = 0.75
"""However large the cards, the lowest piles keep this much of a card's height for their fans."""


@dataclass(frozen=True, slots=True)
class Spacing:
    """The room between things, for one card size (``CARD_SIZES``): larger cards, less room."""

    gap_x: float = GAP_X
    gap_y: float = GAP_Y
    max_rows: float = MAX_ROWS
    margin: float = 0.02

    @classmethod
    def for_size(cls, card_size: str) -> Spacing:
        """The spacing of card size ``card_size`` (an unknown name: the normal size)."""
        scale = CARD_SIZES.get(card_size, 1.0)
        tighter = scale**2
        return cls(GAP_X / tighter, GAP_Y / tighter, MAX_ROWS / scale, 0.02 / tighter)


def card_height(width: int) -> int:
    """A card's height for its width (the art's 5:7 ratio)."""
    return round(width * CARD_RATIO)


@dataclass(frozen=True, slots=True)
class PileBox:
    """One pile on screen: ``slot`` holds its first card, ``area`` is all its fan may use."""

    index: int
    name: str
    kind: Kind
    fan: Fan
    slot: Rect
    area: Rect


def fan_steps(
    hidden: int, count: int, room: int, size: int, steps: tuple[float, float, float]
) -> list[float]:
    """The distance from each card to the next in a fan of ``count`` cards (``count - 1`` steps).

    ``steps`` are the nominal (face down, face down at its tightest, face up) steps as
    fractions of ``size``; ``room`` is the length the whole fan may take, ``size`` included.
    Face-down steps shrink first, then every step shrinks alike.
    """
    down, down_min, up = (s * size for s in steps)
    n_down = min(hidden, count - 1)
    n_up = count - 1 - n_down
    need = room - size
    if count <= 1 or need <= 0:
        return [0.0] * max(count - 1, 0)
    if n_down * down + n_up * up > need:
        squeezed = (need - n_up * up) / n_down if n_down else 0.0
        if squeezed >= down_min:
            down = squeezed
        else:
            factor = need / (n_down * down_min + n_up * up)
            down, up = down_min * factor, up * factor
    return [down] * n_down + [up] * n_up


def fan_offsets(pile_len: int, available: int, card_size: int, hidden: int = 0) -> list[int]:
    """Each card's offset from the pile's first card along a downward fan.

    ``available`` is the room for the whole pile (the last card included); offsets shrink
    so the last card always ends inside it. ``card_size`` is the card's height.
    """
    steps = fan_steps(
        hidden, pile_len, available, card_size, (STEP_FACE_DOWN, STEP_FACE_DOWN_MIN, STEP_FACE_UP)
    )
    return _cumulative(steps)


def _cumulative(steps: list[float]) -> list[int]:
    offsets, total = [0], 0.0
    for s in steps:
        total += s
        offsets.append(int(total))
    return offsets


@dataclass(frozen=True)
class TableLayout:
    """The pixel layout of one variant's table in one window size (see the module doc)."""

    variant: Variant
    window: Rect
    toolbar: Rect
    status: Rect
    table: Rect
    card_w: int
    card_h: int
    piles: tuple[PileBox, ...]
    mirrored: bool = False
    """The left-handed layout: the table mirrored left to right (see the module doc)."""
    _rects: dict[tuple[int, int, int], tuple[Rect, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def card_size(self) -> tuple[int, int]:
        """The size of one card in pixels."""
        return self.card_w, self.card_h

    def card_rects(self, pile: int, count: int, hidden: int = 0) -> tuple[Rect, ...]:
        """The rectangle of each card of a pile of ``count`` cards, ``hidden`` face down."""
        key = (pile, count, hidden)
        rects = self._rects.get(key)
        if rects is None:
            rects = self._rects[key] = self._fan(self.piles[pile], count, hidden)
        return rects

    def _fan(self, box: PileBox, count: int, hidden: int) -> tuple[Rect, ...]:
        slot = box.slot
        if box.fan is Fan.NONE or count <= 1:
            return tuple(Rect(slot) for _ in range(count))
        if box.fan is Fan.DOWN:
            offsets = fan_offsets(count, box.area.height, self.card_h, hidden)
            return tuple(slot.move(0, dy) for dy in offsets)
        steps = fan_steps(0, count, box.area.width, self.card_w, (STEP_RIGHT, STEP_RIGHT, STEP_RIGHT))
        return tuple(slot.move(dx, 0) for dx in _cumulative(steps))

    def card_rect(self, pile: int, index: int, state: State) -> Rect:
        """Where card ``index`` (0 = bottom) of ``pile`` lies in ``state``."""
        return self.state_rects(state, pile)[index]

    def state_rects(self, state: State, pile: int) -> tuple[Rect, ...]:
        """Every card rectangle of ``pile`` in ``state``, bottom to top."""
        return self.card_rects(pile, len(state.piles[pile]), state.hidden[pile])

    def pile_at(self, point: tuple[int, int], state: State) -> int | None:
        """The pile under ``point`` (its slot or one of its cards), if any."""
        for box in self.piles:
            if box.area.collidepoint(point) and self.drop_zone(box.index, state).collidepoint(point):
                return box.index
        return None

    def pile_near(
        self, point: tuple[int, int], state: State, reach: int
    ) -> tuple[int, tuple[int, int]] | None:
        """The pile under ``point``, else the nearest within ``reach`` pixels of it (a finger's
        tap beside a pile hits it), with the point moved onto that pile (None: none so near)."""
        pile = self.pile_at(point, state)
        if pile is not None or reach <= 0:
            return None if pile is None else (pile, point)
        best: tuple[float, int, tuple[int, int]] | None = None
        for box in self.piles:
            zone = self.drop_zone(box.index, state)
            inside = (
                _clamp(point[0], zone.left, zone.right - 1),
                _clamp(point[1], zone.top, zone.bottom - 1),
            )
            distance = ((inside[0] - point[0]) ** 2 + (inside[1] - point[1]) ** 2) ** 0.5
            if distance <= reach and (best is None or distance < best[0]):
                best = (distance, box.index, inside)
        return None if best is None else (best[1], best[2])

    def card_index_at(self, pile: int, point: tuple[int, int], state: State) -> int | None:
        """The topmost card of ``pile`` under ``point``, if any."""
        rects = self.state_rects(state, pile)
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(point):
                return i
        return None

    def drop_zone(self, pile: int, state: State) -> Rect:
        """The part of the table a pile covers now: its slot and all its cards."""
        rects = self.state_rects(state, pile)
        slot = self.piles[pile].slot
        return slot.union(rects[-1]) if rects else Rect(slot)

    @cached_property
    def tab_order(self) -> tuple[int, ...]:
        """The piles in the order Tab visits them: the variant's, which reads left to right
        along each row; mirrored, each row's run of piles is reversed, so Tab still goes
        left to right on the screen."""
        if not self.mirrored:
            return tuple(range(len(self.piles)))
        rows = itertools.groupby(range(len(self.piles)), key=lambda i: self.variant.layout[i].y)
        return tuple(i for _, run in rows for i in reversed(list(run)))

    @cached_property
    def deck_origin(self) -> Rect:
        """Where the opening deal comes from: the stock, or just below the table's middle."""
        stock = self.variant.stock
        if stock >= 0:
            return Rect(self.piles[stock].slot)
        r = Rect(0, 0, self.card_w, self.card_h)
        r.midtop = (self.table.centerx, self.table.bottom)
        return r


def compute_layout(
    variant: Variant, size: tuple[int, int], card_size: str = "normal", mirror: bool = False
) -> TableLayout:
    """The layout of ``variant`` in a window of ``size`` pixels (clamped to ``MIN_WINDOW``), with
    the player's ``card_size`` (``CARD_SIZES``); ``mirror``: the left-handed layout, mirrored
    left to right."""
    space = Spacing.for_size(card_size)
    width, height = max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1])
    window = Rect(0, 0, width, height)
    bar_top = _clamp(round(height * 0.056), 30, 120)
    bar_bottom = _clamp(round(height * 0.042), 24, 90)
    toolbar = Rect(0, 0, width, bar_top)
    status = Rect(0, height - bar_bottom, width, bar_bottom)
    table = Rect(0, bar_top, width, height - bar_top - bar_bottom)
    margin = max(4, round(min(width, height) * space.margin))
    inner = table.inflate(-2 * margin, -2 * margin)
    plans = [_Plan(variant, wrap, space) for wrap in (1, 2, 3)]
    card_w, plan = max(((p.card_width(inner.size), p) for p in plans), key=lambda t: t[0])
    card_h = card_height(card_w)
    left = inner.centerx - round(plan.width_units * card_w) // 2
    slots = plan.slots(card_w, card_h, left, inner.top)
    content = Rect(left, inner.top, round(plan.width_units * card_w), inner.height)
    boxes = tuple(
        _box(i, spec, slots, content, (card_w, card_h), space) for i, spec in enumerate(variant.layout)
    )
    if mirror:
        boxes = tuple(_mirrored(box, content) for box in boxes)
    return TableLayout(variant, window, toolbar, status, table, card_w, card_h, boxes, mirror)


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


class _Plan:
    """The variant's layout in card units: x in card widths, y in card heights.

    Right-fanned piles stacked in one column closer than a row apart (Lady Jane's reserves)
    are spread a card height apart, and wrapped into ``wrap`` side-by-side columns.
    """

    def __init__(self, variant: Variant, wrap: int, space: Spacing = Spacing()) -> None:
        self.specs = variant.layout
        cols, rows = variant.size
        gap_x, gap_y = space.gap_x, space.gap_y
        rows = min(rows, _rows_for_cards(self.specs, space.max_rows))
        self.places = {s.name: (s.x * (1 + gap_x), s.y * (1 + gap_y)) for s in self.specs}
        rights = [x + 1 for x, _ in self.places.values()]
        bottoms = [rows * (1 + gap_y) - gap_y]
        for column in _stacked_columns(self.specs):
            per = -(-len(column) // wrap)
            for k, spec in enumerate(column):
                x = spec.x * (1 + gap_x) + (k // per) * (WRAPPED_FAN + gap_x)
                y = (k % per) * (1 + STACK_GAP)
                self.places[spec.name] = (x, y)
                rights.append(x + (WRAPPED_FAN if wrap > 1 else 1))
                bottoms.append(y + 1)
        self.width_units = max([cols * (1 + gap_x) - gap_x, *rights])
        self.height_units = max(bottoms) * CARD_RATIO

    def card_width(self, room: tuple[int, int]) -> int:
        """The largest card width with which this plan fits in ``room``."""
        return max(MIN_CARD_WIDTH, int(min(room[0] / self.width_units, room[1] / self.height_units)))

    def slots(self, card_w: int, card_h: int, left: int, top: int) -> list[Rect]:
        """Each pile's first-card rectangle."""
        places = [self.places[s.name] for s in self.specs]
        return [Rect(left + round(x * card_w), top + round(y * card_h), card_w, card_h) for x, y in places]


def _rows_for_cards(specs: tuple[PileSpec, ...], max_rows: float) -> float:
    """How many rows decide the card size: ``max_rows``, but every pile's slot fits, and with
    cards larger than normal the lowest downward fans keep ``MIN_FAN_ROWS`` of room."""
    rows = max(max_rows, max(s.y for s in specs) + 1)
    if max_rows < MAX_ROWS:
        fans = [s.y + 1 + MIN_FAN_ROWS for s in specs if s.fan is Fan.DOWN]
        rows = max([rows, *fans])
    return rows


def _stacked_columns(specs: tuple[PileSpec, ...]) -> list[list[PileSpec]]:
    """Columns of right-fanned piles placed closer than a row apart, top to bottom."""
    columns: dict[float, list[PileSpec]] = {}
    for s in specs:
        if s.fan is Fan.RIGHT:
            columns.setdefault(s.x, []).append(s)
    stacked = []
    for column in columns.values():
        column.sort(key=lambda s: s.y)
        if any(b.y - a.y < 1 for a, b in itertools.pairwise(column)):
            stacked.append(column)
    return stacked


def _box(
    index: int, spec: PileSpec, slots: list[Rect], content: Rect, card: tuple[int, int], space: Spacing
) -> PileBox:
    card_w, card_h = card
    slot = slots[index]
    others = [r for i, r in enumerate(slots) if i != index]
    area = Rect(slot)
    if spec.fan is Fan.DOWN:
        below = [r.top for r in others if r.top > slot.top and r.right > slot.left and r.left < slot.right]
        bottom = min([content.bottom, *(t - round(card_h * space.gap_y) for t in below)])
        area.height = max(card_h, bottom - slot.top)
    elif spec.fan is Fan.RIGHT:
        beside = [
            r.left for r in others if r.left > slot.left and r.bottom > slot.top and r.top < slot.bottom
        ]
        right = min([content.right, *(x - round(card_w * space.gap_x) for x in beside)])
        area.width = max(card_w, right - slot.left)
    return PileBox(index, spec.name, spec.kind, spec.fan, slot, area)


def _mirrored(box: PileBox, content: Rect) -> PileBox:
    """``box`` mirrored left to right about ``content``'s middle; a sideways fan still runs
    right from its first card, at its mirrored area's left end (see the module doc)."""
    area = Rect(content.left + content.right - box.area.right, box.area.top, *box.area.size)
    slot = Rect(content.left + content.right - box.slot.right, box.slot.top, *box.slot.size)
    if box.fan is Fan.RIGHT:
        slot.left = area.left
    return PileBox(box.index, box.name, box.kind, box.fan, slot, area)
