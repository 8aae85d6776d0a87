"""The table's input: keys, clicks, drags and toolbar buttons, turned into moves and intents.

Input during an animation first completes it, then is handled: nothing the player does is lost.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame
from pygame import Rect

from game.controls.intents import Intent
from game.controls.keys import intent_for_key
from game.controls.moves import drop_move, group_moves, stock_action, target_rect
from game.controls.pointer import Click, DragEnd, DragMove, DragStart, Gesture, Pointer, Press
from game.controls.table import Drag, Selection
from game.engine.moves import Move
from game.i18n import _
from game.scenes.table_session import TableSession
from game.view.animation import Spot
from game.view.widgets import Button, button_at

_AFTER_THE_END = (Intent.HINT, Intent.FINISH, Intent.REWIND)
"""The requests that have nothing to act on once the game is over (``ended_text``)."""


class TableInput(TableSession):
    """What the player's keys, pointer and buttons do at the table."""

    pointer: Pointer
    buttons: list[Button]
    hover: Hashable | None

    def handle_event(self, event: pygame.event.Event) -> None:
        # The event's own time, for a double-click, the clock's start, a notice's end: the
        # last frame's time is up to a second old when the table has been idle.
        self._now = max(self._now, self.app.input_time)
        if self.coach.search is not None or self.demo:
            self._interrupt(event)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if event.type == pygame.MOUSEMOTION:
                self._hover(event.pos)
            for gesture in self.pointer.handle(event, self._now):
                self._gesture(gesture)
        elif event.type == pygame.WINDOWLEAVE:
            self._hover((-1, -1))

    def _interrupt(self, event: pygame.event.Event) -> None:
        """While looking for a deal, or in a demo: a key or click stops it (toolbar buttons work)."""
        button = button_at(self.buttons, event.pos) if event.type == pygame.MOUSEBUTTONUP else None
        if button is not None and not (self.demo and button.action is not Intent.FULLSCREEN):
            self.perform(button.action)  # type: ignore[arg-type]
        elif event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.KEYDOWN and intent_for_key(event.key, event.mod) is Intent.FULLSCREEN:
            self.app.toggle_fullscreen()
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            if self.demo:
                self.app.pop(self)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.coach.cancel_search()

    def _key(self, event: pygame.event.Event) -> None:
        if self.keyboard.handle_key(event):
            self._cancel_drag()
            return
        intent = intent_for_key(event.key, event.mod)
        if intent is None:
            return
        self.finish_animations()
        self._cancel_drag()
        self.perform(intent)

    def perform(self, intent: Intent) -> None:
        """Carry out a request from a key or a toolbar button."""
        actions = {
            Intent.UNDO: self.undo,
            Intent.REDO: self.redo,
            Intent.RESTART: lambda: self.app.confirm_abandon(self.g.key, self.restart, restart=True),
            Intent.NEW_DEAL: lambda: self.app.confirm_abandon(self.g.key, self.new_deal),
            Intent.HINT: self.show_hint,
            Intent.REWIND: self.coach.rewind,
            Intent.FINISH: self.finish,
            Intent.DEAL: self.keyboard.deal,
        }
        action = actions.get(intent)
        ended = self.ended_text(rewind=intent is Intent.REWIND) if intent in _AFTER_THE_END else None
        if ended is not None:
            self.sound("thud")
            self.show_toast(ended)
        elif action is not None:
            action()
        elif intent is Intent.ESCAPE and self.selection is not None:
            self.selection = None
            self.invalidate()
        else:
            self.app.perform(intent)

    def _hover(self, pos: tuple[int, int]) -> None:
        b = button_at(self.buttons, pos)
        hover = b.action if b else None
        if hover != self.hover:
            self.hover = hover
            self._partial.append(self.layout.toolbar)

    def _gesture(self, gesture: Gesture) -> None:
        if isinstance(gesture, Press):
            self.finish_animations()
            self.keyboard.hide()
            if self.hint is not None:
                self.hint = None
                self.invalidate()
        elif isinstance(gesture, DragStart):
            self._start_drag(gesture.origin, gesture.pos)
        elif isinstance(gesture, DragMove):
            self._move_drag(gesture.pos)
        elif isinstance(gesture, DragEnd):
            self._drop(gesture.pos)
        else:
            self._click(gesture)

    def _card_at(self, point: tuple[int, int]) -> tuple[int, int | None] | None:
        """The pile under ``point`` and the card of it there (None: its empty slot)."""
        state = self.g.state
        pile = self.layout.pile_at(point, state)
        if pile is None:
            return None
        return pile, self.layout.card_index_at(pile, point, state)

    def _start_drag(self, origin: tuple[int, int], pos: tuple[int, int]) -> None:
        hit = self._card_at(origin)
        if hit is None or hit[1] is None or self.autoplay is not None:
            return
        pile, index = hit[0], hit[1]
        name = self.g.variant.names[pile]
        moves = group_moves(self.g, name, index)
        if not moves:
            if pile != self.g.variant.stock:
                self.refuse(self.g.why_unmovable(name, len(self.g.state.piles[pile]) - index))
            return
        state = self.g.state
        rects = self.layout.state_rects(state, pile)[index:]
        offsets = tuple((r.x - origin[0], r.y - origin[1]) for r in rects)
        self.selection = None
        self.drag = Drag(name, index, state.piles[pile][index:], offsets, moves, pos)
        self.sound("pick")
        self._move_drag(pos)
        self.invalidate()

    def _move_drag(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        if drag is None:
            return
        old = self._drag_damage()
        drag.pos = pos
        best = drop_move(self.layout, self.g.state, drag.moves, drag.rects(self.layout.card_size)[0], pos)
        if best != drag.best:
            old += self._target_damage(drag.best) + self._target_damage(best)
            drag.best = best
        self._partial += old + self._drag_damage()

    def _drop(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        if drag is None:
            return
        self._move_drag(pos)
        start = {
            c: Spot(r.x, r.y, True)
            for c, r in zip(drag.cards, drag.rects(self.layout.card_size), strict=True)
        }
        self.drag = None
        if drag.best is None or not self.play(drag.best, start):
            state = self.g.state
            under = self.layout.pile_at(pos, state)
            if under not in (None, self.g.variant.index[drag.pile]):
                target = self.g.variant.names[under]
                self.refuse(self.g.why_illegal(Move(drag.pile, target, len(drag.cards))))
            self._queue(state, state, start=start)
        self.invalidate()

    def hold(self, pile: str, index: int, moves: list[Move]) -> None:
        """Pick up the group from card ``index`` of ``pile`` (the keyboard's Enter), targets outlined."""
        self.sound("pick")
        self._select(Selection(pile, index, moves))

    def _cancel_drag(self) -> None:
        if self.drag is not None:
            self.drag = None
            self.invalidate()

    def _click(self, click: Click) -> None:
        button = button_at(self.buttons, click.pos)
        if button is not None:
            self.perform(button.action)  # type: ignore[arg-type]
            return
        if self.autoplay is not None:
            return
        dimmed = next((b for b in self.buttons if b.rect.collidepoint(click.pos)), None)
        if dimmed is not None:  # a dimmed button says why it does nothing, as its key does
            self.perform(dimmed.action)  # type: ignore[arg-type]
            return
        hit = self._card_at(click.pos)
        if hit is None:
            self._select(None)
            return
        pile, index = hit
        name = self.g.variant.names[pile]
        if pile == self.g.variant.stock and (action := stock_action(self.g)) is not None:
            self.play(action)
        elif pile == self.g.variant.stock and index is None:
            self.refuse(_("nothing is left to deal"))
        elif click.double and index is not None and index == len(self.g.state.piles[pile]) - 1:
            move = self.g.double_click_move(name)
            if move is not None:
                self.play(move)
            else:
                self.refuse_home(name)
        elif self.app.settings.click_to_move:
            self._click_to_move(name, index)

    def _click_to_move(self, pile: str, index: int | None) -> None:
        sel = self.selection
        if sel is not None:
            move = next((m for m in sel.moves if m.target == pile), None)
            if move is not None:
                self.play(move)
                return
        if index is None or (sel is not None and (sel.pile, sel.index) == (pile, index)):
            self._select(None)
            return
        moves = group_moves(self.g, pile, index)
        self._select(Selection(pile, index, moves) if moves else None)

    def _select(self, selection: Selection | None) -> None:
        if selection != self.selection:
            self.selection = selection
            self.invalidate()

    def _drag_damage(self) -> list[Rect]:
        drag = self.drag
        if drag is None:
            return []
        rects = drag.rects(self.layout.card_size)
        stack = rects[0].unionall(rects[1:])
        return [stack.union(self.app.renderer.shadow_area(stack, self.layout.card_w))]

    def _target_damage(self, move: Move | None) -> list[Rect]:
        if move is None:
            return []
        pile = self.g.variant.index[move.target]
        rect = target_rect(self.layout, self.g.state, pile)
        pad = max(6, self.layout.card_w // 8)
        return [rect.inflate(2 * pad, 2 * pad)]
