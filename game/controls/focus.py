"""Keyboard (and gamepad) play: a focus on one pile, or one card of a fanned pile.

The arrows move the focus: left and right to the nearest pile that way, up and down along
a fanned pile's face-up cards and then on to the nearest pile above or below. Enter (or
Space, or the gamepad's A) picks up the group from the focused card up, which is then shown
as the table's selection with its legal targets outlined; the same key on a target drops
it there. Esc (B) puts it back. Every rule question goes to the engine through
``game.controls.moves``; the pure ``step`` is what a test walks to find its key presses.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect, Surface

from game.controls.moves import group_moves, stock_action
from game.controls.table import PlayTable
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import _
from game.variants.base import Fan
from game.view.layout import TableLayout

FOCUS_COLOUR = (236, 72, 196)
"""Magenta-pink: unlike the yellow of targets, the blue of hints, the green felt and white cards."""
FOCUS_COLOUR_CONTRAST = (0, 255, 255)

UP, DOWN, LEFT, RIGHT = (0, -1), (0, 1), (-1, 0), (1, 0)
Direction = tuple[int, int]
ARROWS: dict[int, Direction] = {
    pygame.K_UP: UP,
    pygame.K_DOWN: DOWN,
    pygame.K_LEFT: LEFT,
    pygame.K_RIGHT: RIGHT,
}
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass(frozen=True, slots=True)
class Focus:
    """A pile and a card of it (``None``: the pile is empty, its slot has the focus)."""

    pile: int
    index: int | None


def lowest_card(layout: TableLayout, state: State, pile: int) -> int | None:
    """The lowest card the focus may rest on: the first face-up card of a downward fan, else the top."""
    count = len(state.piles[pile])
    if not count:
        return None
    if layout.piles[pile].fan is Fan.DOWN:
        return min(count - 1, state.hidden[pile])
    return count - 1


def settle(layout: TableLayout, state: State, focus: Focus) -> Focus:
    """``focus`` made valid for ``state`` (the pile may have grown or shrunk since)."""
    top = len(state.piles[focus.pile]) - 1
    if top < 0:
        return Focus(focus.pile, None)
    low = lowest_card(layout, state, focus.pile)
    assert low is not None
    index = top if focus.index is None else max(low, min(top, focus.index))
    return Focus(focus.pile, index)


def focus_rect(layout: TableLayout, state: State, focus: Focus) -> Rect:
    """The rectangle the focus ring goes round: the card and those above it, or the slot."""
    if focus.index is None:
        return Rect(layout.piles[focus.pile].slot)
    rects = layout.state_rects(state, focus.pile)[focus.index :]
    return rects[0].unionall(rects[1:])


def step(layout: TableLayout, state: State, focus: Focus, direction: Direction) -> Focus:
    """Where an arrow takes the focus (itself, when there is nothing that way)."""
    focus = settle(layout, state, focus)
    dy = direction[1]
    if dy and focus.index is not None and layout.piles[focus.pile].fan is Fan.DOWN:
        low = lowest_card(layout, state, focus.pile)
        assert low is not None
        index = focus.index + dy
        if low <= index < len(state.piles[focus.pile]):
            return Focus(focus.pile, index)
    pile = _neighbour(layout, state, focus, direction)
    if pile is None:
        return focus
    return Focus(pile, _arrival_index(layout, state, pile, direction))


def _arrival_index(layout: TableLayout, state: State, pile: int, direction: Direction) -> int | None:
    """Coming down onto a fan lands on its first face-up card; any other way, on its top card."""
    if direction == DOWN:
        return lowest_card(layout, state, pile)
    return len(state.piles[pile]) - 1 if state.piles[pile] else None


def _neighbour(layout: TableLayout, state: State, focus: Focus, direction: Direction) -> int | None:
    """The nearest pile whose slot lies in ``direction`` from the focus, favouring straight lines."""
    # Down leaves a fan from its lowest card; the other ways go from the pile's slot.
    here = focus_rect(layout, state, focus) if direction == DOWN else layout.piles[focus.pile].slot
    hx, hy = here.center
    best, best_score = None, float("inf")
    for box in layout.piles:
        if box.index == focus.pile:
            continue
        x, y = box.slot.center
        along = (x - hx) * direction[0] + (y - hy) * direction[1]
        across = abs((y - hy) if direction[0] else (x - hx))
        if along <= layout.card_w // 4 or across > along * 3 + layout.card_w:
            continue
        score = along + 2 * across
        if score < best_score:
            best, best_score = box.index, score
    return best


def cycle(layout: TableLayout, state: State, focus: Focus, forward: bool) -> Focus:
    """Tab: the next pile in the layout's order (Shift+Tab: the previous): the variant's, or
    its mirror image in the left-handed layout (``TableLayout.tab_order``)."""
    order = layout.tab_order
    pile = order[(order.index(focus.pile) + (1 if forward else -1)) % len(order)]
    return Focus(pile, len(state.piles[pile]) - 1 if state.piles[pile] else None)


class KeyboardPlay:
    """The table's focus and what the focus keys do to the game (see the module doc)."""

    def __init__(self, table: PlayTable) -> None:
        self.table = table
        self.focus = Focus(0, None)
        self.visible = False
        """The ring shows once the keyboard or a gamepad is used, and hides at a mouse press."""

    def _first_pile(self) -> int:
        v = self.table.g.variant
        return v.tableau[0] if v.tableau else 0

    def reset(self) -> None:
        """A new game: the focus goes back to the first tableau pile."""
        self.focus = Focus(self._first_pile(), None)

    @property
    def current(self) -> Focus:
        """The focus, valid for the state being played."""
        t = self.table
        return settle(t.layout, t.g.state, self.focus)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Act on a focus key (arrows, Tab, Enter, Space); False if the key is not one."""
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if event.key in ARROWS:
            self.move(ARROWS[event.key])
        elif event.key == pygame.K_TAB:
            self._show(
                cycle(self.table.layout, self.table.g.state, self.current, not event.mod & pygame.KMOD_SHIFT)
            )
        elif event.key in ACTIVATE_KEYS and event.mod & pygame.KMOD_SHIFT:
            self.send_home()
        elif event.key in ACTIVATE_KEYS:
            self.activate()
        else:
            return False
        return True

    def move(self, direction: Direction) -> None:
        """Move the focus one step (the first press only shows it)."""
        t = self.table
        t.finish_animations()
        focus = self.current
        self._show(step(t.layout, t.g.state, focus, direction) if self.visible else focus)

    def _show(self, focus: Focus) -> None:
        self.focus, self.visible = focus, True
        self.table.invalidate()

    def hide(self) -> None:
        """The mouse took over: hide the ring (the focus stays where it was)."""
        if self.visible:
            self.visible = False
            self.table.invalidate()

    def activate(self) -> None:
        """Enter: pick up the focused group, or drop the held one on the focused pile."""
        t = self.table
        t.finish_animations()
        if not self.visible:
            self._show(self.current)
            return
        self.visible = True
        if t.autoplay is not None:
            return
        if t.selection is not None:
            self._drop()
        else:
            self._pick()

    def _pick(self) -> None:
        t, focus = self.table, self.current
        v = t.g.variant
        moves = group_moves(t.g, v.names[focus.pile], focus.index) if focus.index is not None else []
        if focus.pile == v.stock and not moves:
            self.deal()  # Enter on the stock deals, unless its top card can be played (D always deals)
            return
        if focus.index is None:
            t.sound("thud")
            t.show_toast(_("Nothing here."))
            return
        if not moves:
            name = v.names[focus.pile]
            t.refuse(t.g.why_unmovable(name, len(t.g.state.piles[focus.pile]) - focus.index))
            return
        t.hold(v.names[focus.pile], focus.index, moves)

    def _drop(self) -> None:
        t, focus = self.table, self.current
        sel = t.selection
        assert sel is not None
        name = t.g.variant.names[focus.pile]
        if name == sel.pile:
            self.cancel()
            return
        move = next((m for m in sel.moves if m.target == name), None)
        if move is None:
            t.refuse(
                t.g.why_illegal(
                    Move(sel.pile, name, len(t.g.state.piles[t.g.variant.index[sel.pile]]) - sel.index)
                )
            )
            return
        t.play(move)

    def send_home(self) -> None:
        """Shift+Enter: the focused pile's top card to a foundation (what a double-click does)."""
        t = self.table
        t.finish_animations()
        self._show(self.current)
        if t.autoplay is not None:
            return
        name = t.g.variant.names[self.focus.pile]
        move = t.g.double_click_move(name)
        if move is None or not t.play(move):
            t.refuse_home(name)

    def cancel(self) -> bool:
        """Esc: put a held group back; False if nothing was held."""
        t = self.table
        if t.selection is None:
            return False
        t.selection = None
        t.invalidate()
        return True

    def deal(self) -> None:
        """D: deal from the stock, or turn the waste over (whatever a click on the stock does)."""
        t = self.table
        t.finish_animations()
        if t.autoplay is not None:
            return
        action = stock_action(t.g)
        if action is None:
            t.sound("thud")
            t.show_toast(_("Nothing to deal.") if t.g.variant.stock >= 0 else _("This game has no stock."))
            return
        t.play(action)

    def draw(self, surface: Surface, state: State, high_contrast: bool) -> None:
        """The focus ring (drawing never changes state)."""
        if not self.visible:
            return
        ring, width = self._ring(state, high_contrast)
        radius = max(4, self.table.layout.card_w // 10)
        colour = FOCUS_COLOUR_CONTRAST if high_contrast else FOCUS_COLOUR
        pygame.draw.rect(surface, (0, 0, 0), ring.inflate(2, 2), width=width + 2, border_radius=radius + 1)
        pygame.draw.rect(surface, colour, ring, width=width, border_radius=radius)

    def ring_area(self, state: State, high_contrast: bool) -> Rect | None:
        """Where ``draw`` paints the focus ring, or None while it is hidden."""
        return self._ring(state, high_contrast)[0].inflate(2, 2) if self.visible else None

    def _ring(self, state: State, high_contrast: bool) -> tuple[Rect, int]:
        """The focus ring's rectangle and line width."""
        layout = self.table.layout
        rect = focus_rect(layout, state, settle(layout, state, self.focus))
        width = max(3, layout.card_w // 14) * (2 if high_contrast else 1)
        pad = width + max(1, layout.card_w // 50)
        return rect.inflate(2 * pad, 2 * pad), width
