"""The table's drawing: the table layer, highlights, moving and dragged cards, the focus ring,
the toolbar, the status line and the toast, from what the table shows (``DrawnTable``).

Drawing never changes state; the table scene holds one ``TableDrawing``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Protocol

import pygame
from pygame import Rect, Surface

from game.controls.focus import KeyboardPlay
from game.controls.moves import target_rect
from game.controls.peek import Card, peekable
from game.controls.table import Drag, Selection
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import format_number, ngettext
from game.play import Game
from game.solver.heuristic import is_stock_action
from game.view.animation import Animator, Sprite
from game.view.hud import draw_status, draw_toolbar
from game.view.last_move import COLOUR as LAST_MOVE
from game.view.last_move import LastMove
from game.view.layout import TableLayout
from game.view.renderer import draw_arrow
from game.view.themes import theme
from game.view.widgets import ACCENT, HINT, TEXT, Button, blit_text, font

if TYPE_CHECKING:
    from game.scenes.base import Services


def autoplay_note(actions: int) -> str:
    """The status line's note while the computer plays."""
    return ngettext("Autoplay: {count} action", "Autoplay: {count} actions", actions).format(
        count=format_number(actions)
    )


class Counting(Protocol):
    """Autoplay, as the status line shows it."""

    @property
    def actions(self) -> int: ...


class DrawnTable(Protocol):
    """What the drawing reads of the table (it changes none of it)."""

    @property
    def app(self) -> Services: ...
    @property
    def g(self) -> Game: ...
    @property
    def layout(self) -> TableLayout: ...
    @property
    def display_state(self) -> State: ...
    @property
    def animator(self) -> Animator: ...
    @property
    def sprites(self) -> list[Sprite]: ...
    @property
    def drag(self) -> Drag | None: ...
    @property
    def selection(self) -> Selection | None: ...
    @property
    def hint(self) -> tuple[Move, float] | None: ...
    @property
    def toast(self) -> tuple[str, float] | None: ...
    @property
    def keyboard(self) -> KeyboardPlay: ...
    @property
    def buttons(self) -> list[Button]: ...
    @property
    def hovered(self) -> Hashable | None: ...
    @property
    def autoplay(self) -> Counting | None: ...
    @property
    def last_move(self) -> LastMove: ...
    @property
    def peeked(self) -> Card | None: ...
    @property
    def outlined(self) -> list[Rect]: ...

    def title(self) -> str: ...
    def status_items(self) -> list[tuple[str, str]]: ...


class TableDrawing:
    """Draws one table (see the module doc)."""

    def __init__(self, table: DrawnTable) -> None:
        self.table = table

    def draw(self, surface: Surface) -> None:
        layout, renderer = self.table.layout, self.table.app.renderer
        state, exclude = self.layer_key()
        clip = surface.get_clip()  # a partial redraw often leaves the bars alone
        if not (layout.toolbar.contains(clip) or layout.status.contains(clip)):  # the bars are opaque
            surface.blit(renderer.table_layer(layout, state, exclude), (0, 0))
            self._draw_highlights(surface, state)
            renderer.draw_sprites(surface, self.table.sprites, layout.card_size)
            if self.table.drag is not None:
                self._draw_drag(surface, self.table.drag)
            self.table.keyboard.draw(surface, state, self.table.app.settings.high_contrast)
            self._draw_peek(surface, state)
        if clip.colliderect(layout.toolbar):
            draw_toolbar(surface, layout.toolbar, self.table.buttons, self.table.hovered, self.table.title())
        if clip.colliderect(layout.status):
            note = autoplay_note(self.table.autoplay.actions) if self.table.autoplay else ""
            draw_status(surface, layout.status, self.table.status_items(), note)
        if self.table.toast is not None:
            self._draw_toast(surface, self.table.toast[0])

    def layer_key(self) -> tuple[State, frozenset[int]]:
        """The state the table layer shows and the cards it leaves out (moving or dragged)."""
        current = self.table.animator.current
        exclude = current.moving if current is not None else frozenset()
        if self.table.drag is not None:
            exclude = exclude | frozenset(self.table.drag.cards)
        return self.table.display_state, exclude

    def _draw_highlights(self, surface: Surface, state: State) -> None:
        renderer, layout = self.table.app.renderer, self.table.layout
        index = self.table.g.variant.index
        last = self.table.last_move
        for mark in last.marks:
            for rect in last.rects(mark, layout, state):
                renderer.glow(surface, rect, LAST_MOVE, strong=True, alpha=last.alpha(mark))
        if self.table.drag is not None:
            for move in self.table.drag.moves:
                rect = target_rect(layout, state, index[move.target])
                renderer.glow(surface, rect, ACCENT, strong=move == self.table.drag.best)
        if self.table.selection is not None:
            sel = self.table.selection
            rects = layout.state_rects(state, index[sel.pile])[sel.index :]
            renderer.glow(surface, rects[0].unionall(rects[1:]), ACCENT, strong=True)
            for move in sel.moves:
                renderer.glow(surface, target_rect(layout, state, index[move.target]), ACCENT)
        if self.table.hint is not None:
            self._draw_hint(surface, state, self.table.hint[0])

    def _draw_hint(self, surface: Surface, state: State, move: Move) -> None:
        renderer, layout, v = self.table.app.renderer, self.table.layout, self.table.g.variant
        source = v.index[move.source]
        if is_stock_action(v, move):
            renderer.glow(surface, target_rect(layout, state, source), HINT, strong=True)
            return
        rects = layout.state_rects(state, source)[-move.count :]
        target = target_rect(layout, state, v.index[move.target])
        renderer.glow(surface, rects[0].unionall(rects[1:]), HINT, strong=True)
        renderer.glow(surface, target, HINT)
        start = (rects[0].centerx, rects[0].top + layout.card_h // 5)
        draw_arrow(surface, start, target.center, HINT, max(3, layout.card_w // 16))

    def _draw_peek(self, surface: Surface, state: State) -> None:
        """The card peeked at, whole, lifted above its pile (``game.controls.peek``)."""
        peeked, layout = self.table.peeked, self.table.layout
        if peeked is None or not peekable(layout, state, *peeked):
            return
        pile, index = peeked
        rect = layout.state_rects(state, pile)[index]
        sprite = Sprite(state.piles[pile][index], rect.x, rect.y, True, 1.0, True)
        self.table.app.renderer.draw_sprites(surface, [sprite], layout.card_size)

    def _draw_drag(self, surface: Surface, drag: Drag) -> None:
        size = self.table.layout.card_size
        sprites = [
            Sprite(c, r.x, r.y, True, 1.0, True) for c, r in zip(drag.cards, drag.rects(size), strict=True)
        ]
        self.table.app.renderer.draw_sprites(surface, sprites, size)

    def layer_cover(self) -> list[Rect] | None:
        """Where the window shows something over the table layer: the bars, the last move's
        outline, the focus ring, a toast.

        None while that is not so simple (cards moving or dragged, a selection or hint shown).
        The renderer parks the layer while idle and rebuilds it from the window and these areas.
        """
        if (
            self.table.sprites
            or self.table.drag is not None
            or self.table.selection is not None
            or self.table.hint is not None
            or self.table.peeked is not None
        ):
            return None
        covered = [self.table.layout.toolbar, self.table.layout.status, *self.table.outlined]
        ring = self.table.keyboard.ring_area(self.table.display_state, self.table.app.settings.high_contrast)
        if ring is not None:
            covered.append(ring)
        if self.table.toast is not None:
            covered.append(self._toast_rect(self.table.toast[0])[0])
        return covered

    def _toast_rect(self, message: str) -> tuple[Rect, int]:
        """The toast's rounded box and text size."""
        size = max(14, self.table.layout.status.height * 3 // 4)
        width = font(size).size(message)[0] + size * 2
        rect = Rect(0, 0, width, int(size * 1.8))
        rect.midbottom = (self.table.layout.window.centerx, self.table.layout.status.top - size)
        return rect, size

    def _draw_toast(self, surface: Surface, message: str) -> None:
        rect, size = self._toast_rect(message)
        pygame.draw.rect(surface, theme().toast, rect, border_radius=rect.height // 2)
        blit_text(surface, message, size, TEXT, "center", rect.center)
