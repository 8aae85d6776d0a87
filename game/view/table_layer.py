"""The table layer: the felt with every card lying still in a state, less the cards being
moved, kept as one window-sized surface and brought up to date pile by pile.

While the table is idle the layer's pixels can be *parked* (let go): the window still shows
them, so ``restore`` rebuilds the layer from a copy of the window and a repaint of the few
areas drawn over it (the bars, the focus ring, a notice).
"""

from __future__ import annotations

from collections.abc import Callable

from pygame import Rect, Surface

from game.engine.state import State
from game.view.card_art import CardArt
from game.view.layout import TableLayout
from game.view.marks import slot_mark
from game.view.memory import release_free_memory

Paint = Callable[[Surface, TableLayout, State, frozenset[int], Rect], None]
"""Paints the table (felt, slots, cards but the excluded) over an area of a surface."""


class _Layer:
    """The table layer's surface and what it shows: a layout, a state, the cards left out."""

    __slots__ = ("art", "exclude", "layout", "stale", "state", "surface")

    def __init__(
        self, surface: Surface, layout: TableLayout, art: CardArt, state: State, exclude: frozenset[int]
    ) -> None:
        self.surface, self.layout, self.art, self.state, self.exclude = surface, layout, art, state, exclude
        self.stale = False
        """Painted for another look (high contrast, card style): to be painted afresh."""


class _Parked:
    """A table layer whose pixels were let go while idle: what it showed, and where the window differs."""

    __slots__ = ("art", "covered", "exclude", "layout", "state")

    def __init__(self, layer: _Layer, covered: tuple[Rect, ...]) -> None:
        self.layout, self.art, self.state, self.exclude = layer.layout, layer.art, layer.state, layer.exclude
        self.covered = covered
        """The window's areas that may show something else than the layer (bars, rings, notices)."""

    def covers(self, area: Rect) -> bool:
        """Whether ``area`` lies inside one of the covered areas."""
        return any(c.contains(area) for c in self.covered)


class TableLayer:
    """One cached table layer (see the module doc), painted with ``paint``."""

    def __init__(self, paint: Paint) -> None:
        self._paint = paint
        self._layer: _Layer | None = None
        self._parked: _Parked | None = None
        self.painted = 0
        """How many times the layer was painted (the renderer frees memory after a change)."""

    def get(self, layout: TableLayout, state: State, exclude: frozenset[int], art: CardArt) -> Surface:
        """The layer for ``state`` less ``exclude``, drawn with ``art``.

        One layer is kept and brought up to date in place: only the piles that differ from
        what it shows are repainted (a fresh window-sized surface costs ~40 ms at 4K).
        """
        layer = self._layer
        if layer is None or layer.stale or layer.art is not art or not _same_layout(layer, layout):
            return self._new(layout, state, exclude, art)
        if layer.state is state and layer.layout is layout and layer.exclude == exclude:
            return layer.surface
        self.painted += 1
        for area in changed_areas(layout, (layer.state, layer.exclude), (state, exclude)):
            self._paint(layer.surface, layout, state, exclude, area)
        layer.layout, layer.state, layer.exclude = layout, state, exclude
        return layer.surface

    def _new(self, layout: TableLayout, state: State, exclude: frozenset[int], art: CardArt) -> Surface:
        """Paint the whole layer afresh, on the old layer's surface if it has the right size."""
        layer = self._layer
        size = layout.window.size
        surface = layer.surface if layer is not None and layer.surface.get_size() == size else Surface(size)
        self._layer = self._parked = None  # the old surface is reused or let go before the new one is drawn
        self._paint(surface, layout, state, exclude, surface.get_rect())
        self._layer = _Layer(surface, layout, art, state, exclude)
        self.painted += 1
        return surface

    def forget(self) -> None:
        """The layer must be painted afresh (its surface is kept for reuse); a parked one is dropped."""
        if self._layer is not None:
            self._layer.stale = True
        self._parked = None

    def park(self, covered: list[Rect], art: CardArt) -> None:
        """Let the layer's pixels go while the table is idle (a window-sized surface).

        The window must show the layer everywhere but in ``covered`` (the toolbar, the status
        line, the focus ring...): ``restore`` then rebuilds it from a copy of the window and a
        repaint of those areas, a fraction of a full repaint (benchmarks/frames.py).
        """
        layer = self._layer
        if layer is None or layer.stale or layer.art is not art:
            return
        self._parked = _Parked(layer, tuple(Rect(r) for r in covered))
        self._layer = layer = None  # the last reference: the pixels are freed here
        release_free_memory()  # and handed back (a heap-allocated surface is not by free())

    @property
    def surface(self) -> Surface | None:
        """The kept layer's surface (None: none kept, or parked)."""
        return self._layer.surface if self._layer is not None else None

    @property
    def parked(self) -> bool:
        """Whether the layer is parked (its pixels let go until ``restore``)."""
        return self._parked is not None

    def parked_covers(self, area: Rect) -> bool:
        """Whether drawing ``area`` of the window can leave a parked layer parked (a covered area)."""
        return self._parked is not None and self._parked.covers(area)

    def restore(self, window: Surface, art: CardArt) -> None:
        """Rebuild a parked layer from ``window``, which has changed only in the covered areas since."""
        parked, self._parked = self._parked, None
        if parked is None or self._layer is not None or parked.art is not art:
            return
        if window.get_size() != parked.layout.window.size:
            return
        surface = window.copy()
        for area in parked.covered:
            self._paint(surface, parked.layout, parked.state, parked.exclude, area)
        self._layer = _Layer(surface, parked.layout, art, parked.state, parked.exclude)

    def discard_parked(self) -> None:
        """Forget a parked layer (the window's pixels were lost: a new window surface)."""
        self._parked = None


def _same_layout(layer: _Layer, layout: TableLayout) -> bool:
    return layer.layout is layout or layer.layout == layout


def changed_areas(
    layout: TableLayout, before: tuple[State, frozenset[int]], after: tuple[State, frozenset[int]]
) -> list[Rect]:
    """Where the table layer of ``after`` (a state and the cards left out) differs from ``before``'s.

    One rectangle per pile whose cards, facing, left-out cards or empty mark changed:
    its slot and its cards in both states.
    """
    old, new = before[0], after[0]
    toggled = before[1] ^ after[1]
    return [
        layout.drop_zone(i, old).union(layout.drop_zone(i, new))
        for i in range(len(layout.piles))
        if _pile_changed(layout, i, old, new, toggled)
    ]


def _pile_changed(layout: TableLayout, pile: int, old: State, new: State, toggled: frozenset[int]) -> bool:
    """Whether ``pile`` looks different in the table layer: its cards, facing, left-out cards, mark."""
    was, now = old.piles[pile], new.piles[pile]
    if was != now or old.hidden[pile] != new.hidden[pile]:
        return True
    if toggled and not toggled.isdisjoint(was):
        return True
    return not now and slot_mark(layout, pile, old) != slot_mark(layout, pile, new)
