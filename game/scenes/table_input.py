"""The table's input: keys, clicks, drags and toolbar buttons, turned into moves and intents.

Input during an animation first completes it, then is handled: nothing the player does is lost.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Protocol

import pygame
from pygame import Rect

from game.controls.focus import KeyboardPlay
from game.controls.intents import Intent
from game.controls.keys import intent_for_key
from game.controls.moves import drop_move, group_moves, stock_action, target_rect
from game.controls.one_click import OneClick
from game.controls.peek import PEEK_KEY, Card, Peek, card_at, peekable
from game.controls.pointer import Click, DragEnd, DragMove, DragStart, Gesture, Pointer, Press
from game.controls.table import Drag, Selection
from game.controls.touch import FINGER_EVENTS, FINGER_WIDTH, Fingers, synthesised, touch_pointer
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import _
from game.play import Game
from game.scenes.coach import Coach
from game.view.animation import Spot
from game.view.layout import TableLayout
from game.view.widgets import Button, button_at

if TYPE_CHECKING:
    from game.scenes.base import Services

_COMMAND_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META
"""With one of these held, the peek key is no peek."""
_AFTER_THE_END = (Intent.HINT, Intent.FINISH, Intent.REWIND)
"""The requests that have nothing to act on once the game is over (``ended_text``)."""


class InputSession(Protocol):
    """What the input asks of the game session: the player's actions, what is said of them,
    the hint a press takes away and the coach's search a key stops."""

    hint: tuple[Move, float] | None

    @property
    def coach(self) -> Coach: ...

    def play(self, move: Move, start: dict[int, Spot] | None = None) -> bool: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def restart(self) -> None: ...
    def new_deal(self) -> None: ...
    def finish(self) -> None: ...
    def show_hint(self) -> None: ...
    def refuse(self, reason: str) -> None: ...
    def refuse_home(self, pile: str) -> None: ...
    def show_toast(self, message: str, duration: float | None = ...) -> None: ...
    def ended_text(self, rewind: bool = False) -> str | None: ...


class InputTable(Protocol):
    """What the input asks of the table: the game and where its piles are, the app, the drag
    and pick-up it changes, the session's actions (``session``), and the table's own."""

    app: Services
    drag: Drag | None
    selection: Selection | None

    @property
    def session(self) -> InputSession: ...
    @property
    def g(self) -> Game: ...
    @property
    def layout(self) -> TableLayout: ...
    @property
    def display_state(self) -> State: ...
    @property
    def keyboard(self) -> KeyboardPlay: ...
    @property
    def buttons(self) -> list[Button]: ...
    @property
    def demo(self) -> bool: ...
    @property
    def autoplay(self) -> object | None: ...

    def take_input_time(self) -> float:
        """The events' time, made the table's (a click's, a key's: the last frame's is older)."""

    def damage(self, rects: list[Rect]) -> None:
        """Redraw ``rects`` on the next frame."""

    def fly_back(self, state: State, start: dict[int, Spot]) -> None:
        """Cards dropped where they cannot go fly back from ``start`` to their places."""

    def end_demo(self) -> None:
        """The demo's table goes."""

    def invalidate(self) -> None: ...
    def sound(self, name: str) -> None: ...
    def finish_animations(self) -> None: ...


class TableInput:
    """What the player's keys, pointer and buttons do at the table: one object the table
    scene holds, asking of the table only ``InputTable``."""

    def __init__(self, table: InputTable) -> None:
        self.table = table
        self.pointer = Pointer(table.app.display.scale)
        self.hover: Hashable | None = None
        """The toolbar button under the pointer."""
        self.peek = Peek(table, table.app.display.scale)
        """The covered card seen whole while held (``game.controls.peek``)."""
        self._pointer_at: tuple[int, int] | None = None
        self.touch_pointer = touch_pointer(table.app.display.scale)
        self.fingers = Fingers()
        """The finger followed on a touch screen (``game.controls.touch``)."""
        self.one_click = OneClick()
        """Which move a click makes with one-click move on (``game.controls.one_click``)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        # The event's own time, for a double-click, the clock's start, a notice's end: the
        # last frame's time is up to a second old when the table has been idle.
        now = self.table.take_input_time()
        touch = event.type in FINGER_EVENTS
        if touch:
            finger = self.fingers.to_mouse(event, self.table.app.size)
            if finger is None:
                return
            event = finger
        elif synthesised(event):
            return  # SDL's mouse copy of a touch: its finger events are handled
        if self.table.session.coach.search is not None or self.table.demo:
            self._interrupt(event)
            return
        if self._peek_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._pointer_event(event, now, touch)
        elif event.type == pygame.WINDOWLEAVE:
            self._hover((-1, -1))

    def _peek_event(self, event: pygame.event.Event) -> bool:
        """Peeking (``game.controls.peek``): the right button, the peek key, and what a left
        press held still becomes; True when the event is spent on it."""
        kind, peek = event.type, self.peek
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 3:
            down = kind == pygame.MOUSEBUTTONDOWN
            if down:
                self.table.finish_animations()
            self._peeked(peek.show_at(_point(event.pos)) if down else peek.show(None))
            return True
        if kind == pygame.KEYDOWN and event.key == PEEK_KEY and not event.mod & _COMMAND_MODS:
            self.table.finish_animations()
            self._peeked(peek.show(self._key_card()))
            return True
        if kind == pygame.KEYUP and event.key == PEEK_KEY:
            self._peeked(peek.show(None))
            return True
        if kind == pygame.MOUSEMOTION:
            self._pointer_at = _point(event.pos)
            self._peeked(peek.moved(self._pointer_at))
        elif kind == pygame.MOUSEBUTTONUP and event.button == 1 and peek.release():
            self.pointer.cancel()  # the release of a long press is no click (nor a tap)
            self.touch_pointer.cancel()
            self._peeked(True)
            return True
        return False

    def _key_card(self) -> Card | None:
        """What the peek key shows: the focused card, else the card under the pointer."""
        table, keyboard = self.table, self.table.keyboard
        state = table.display_state
        focus = keyboard.current if keyboard.visible else None
        if focus is not None:
            index = focus.index
            return (
                (focus.pile, index)
                if index is not None and peekable(table.layout, state, focus.pile, index)
                else None
            )
        return card_at(table.layout, state, self._pointer_at) if self._pointer_at is not None else None

    def _peeked(self, changed: bool) -> None:
        if changed:
            self.table.invalidate()

    def _pointer_event(self, event: pygame.event.Event, now: float, touch: bool) -> None:
        """A mouse event, or a finger's made into one (``touch``: its hit areas a finger wide)."""
        if touch:
            reach = round(FINGER_WIDTH * self.table.app.display.scale)
            for gesture in self.touch_pointer.handle(event, now):
                self._gesture(gesture, reach)
        else:
            if event.type == pygame.MOUSEMOTION:
                self._hover(event.pos)
            for gesture in self.pointer.handle(event, now):
                self._gesture(gesture)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.peek.press(_point(event.pos), now)  # a long press peeks, a finger's too

    def _interrupt(self, event: pygame.event.Event) -> None:
        """While looking for a deal, or in a demo: a key or click stops it (toolbar buttons work)."""
        button = button_at(self.table.buttons, event.pos) if event.type == pygame.MOUSEBUTTONUP else None
        if button is not None and not (self.table.demo and button.action is not Intent.FULLSCREEN):
            self.perform(button.action)  # type: ignore[arg-type]
        elif event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.KEYDOWN and intent_for_key(event.key, event.mod) is Intent.FULLSCREEN:
            self.table.app.toggle_fullscreen()
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            if self.table.demo:
                self.table.end_demo()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.table.session.coach.cancel_search()

    def _key(self, event: pygame.event.Event) -> None:
        if self.table.keyboard.handle_key(event):
            self.cancel_drag()
            return
        intent = intent_for_key(event.key, event.mod)
        if intent is None:
            return
        self.table.finish_animations()
        self.cancel_drag()
        self.perform(intent)

    def perform(self, intent: Intent) -> None:
        """Carry out a request from a key or a toolbar button."""
        session, app = self.table.session, self.table.app
        actions = {
            Intent.UNDO: session.undo,
            Intent.REDO: session.redo,
            Intent.RESTART: lambda: app.confirm_abandon(self.table.g.key, session.restart, restart=True),
            Intent.NEW_DEAL: lambda: app.confirm_abandon(self.table.g.key, session.new_deal),
            Intent.HINT: session.show_hint,
            Intent.REWIND: session.coach.rewind,
            Intent.FINISH: session.finish,
            Intent.DEAL: self.table.keyboard.deal,
        }
        action = actions.get(intent)
        ended = session.ended_text(rewind=intent is Intent.REWIND) if intent in _AFTER_THE_END else None
        if ended is not None:
            self.table.sound("thud")
            session.show_toast(ended)
        elif action is not None:
            action()
        elif intent is Intent.ESCAPE and self.table.selection is not None:
            self.table.selection = None
            self.table.invalidate()
        else:
            app.perform(intent)

    def _hover(self, pos: tuple[int, int]) -> None:
        b = button_at(self.table.buttons, pos)
        hover = b.action if b else None
        if hover != self.hover:
            self.hover = hover
            self.table.damage([self.table.layout.toolbar])

    def _gesture(self, gesture: Gesture, reach: int = 0) -> None:
        """What a gesture does; ``reach``: pixels beside a pile a press still hits it (touch)."""
        if isinstance(gesture, Press):
            self.table.finish_animations()
            self.table.keyboard.hide()
            if self.table.session.hint is not None:
                self.table.session.hint = None
                self.table.invalidate()
        elif isinstance(gesture, DragStart):
            self._peeked(self.peek.cancel())  # a long press that moves on is the drag it began
            self._start_drag(gesture.origin, gesture.pos, reach)
        elif isinstance(gesture, DragMove):
            self._move_drag(gesture.pos)
        elif isinstance(gesture, DragEnd):
            self._drop(gesture.pos)
        else:
            self._click(gesture, reach)

    def _card_at(self, point: tuple[int, int], reach: int = 0) -> tuple[int, int | None] | None:
        """The pile under ``point`` (or within ``reach`` of it) and the card of it there (None:
        its empty slot)."""
        state = self.table.g.state
        near = self.table.layout.pile_near(point, state, reach)
        if near is None:
            return None
        pile, point = near
        return pile, self.table.layout.card_index_at(pile, point, state)

    def _start_drag(self, origin: tuple[int, int], pos: tuple[int, int], reach: int = 0) -> None:
        hit = self._card_at(origin, reach)
        if hit is None or hit[1] is None or self.table.autoplay is not None:
            return
        pile, index = hit[0], hit[1]
        name = self.table.g.variant.names[pile]
        moves = group_moves(self.table.g, name, index)
        if not moves:
            if pile != self.table.g.variant.stock:
                self.table.session.refuse(
                    self.table.g.why_unmovable(name, len(self.table.g.state.piles[pile]) - index)
                )
            return
        state = self.table.g.state
        rects = self.table.layout.state_rects(state, pile)[index:]
        offsets = tuple((r.x - origin[0], r.y - origin[1]) for r in rects)
        self.table.selection = None
        self.table.drag = Drag(name, index, state.piles[pile][index:], offsets, moves, pos)
        self.table.sound("pick")
        self._move_drag(pos)
        self.table.invalidate()

    def _move_drag(self, pos: tuple[int, int]) -> None:
        drag = self.table.drag
        if drag is None:
            return
        old = self._drag_damage()
        drag.pos = pos
        best = drop_move(
            self.table.layout, self.table.g.state, drag.moves, drag.rects(self.table.layout.card_size)[0], pos
        )
        if best != drag.best:
            old += self._target_damage(drag.best) + self._target_damage(best)
            drag.best = best
        self.table.damage(old + self._drag_damage())

    def _drop(self, pos: tuple[int, int]) -> None:
        drag = self.table.drag
        if drag is None:
            return
        self._move_drag(pos)
        start = {
            c: Spot(r.x, r.y, True)
            for c, r in zip(drag.cards, drag.rects(self.table.layout.card_size), strict=True)
        }
        self.table.drag = None
        if drag.best is None or not self.table.session.play(drag.best, start):
            state = self.table.g.state
            under = self.table.layout.pile_at(pos, state)
            if under not in (None, self.table.g.variant.index[drag.pile]):
                target = self.table.g.variant.names[under]
                self.table.session.refuse(self.table.g.why_illegal(Move(drag.pile, target, len(drag.cards))))
            self.table.fly_back(state, start)
        self.table.invalidate()

    def hold(self, pile: str, index: int, moves: list[Move]) -> None:
        """Pick up the group from card ``index`` of ``pile`` (the keyboard's Enter), targets outlined."""
        self.table.sound("pick")
        self._select(Selection(pile, index, moves))

    def cancel_pointers(self) -> None:
        """Forget any press, drag, finger or peek in progress (the table was covered)."""
        self.pointer.cancel()
        self.touch_pointer.cancel()
        self.fingers.cancel()
        self.peek.cancel()

    def cancel_drag(self) -> None:
        """Drop what is being dragged where it came from (nothing is played)."""
        if self.table.drag is not None:
            self.table.drag = None
            self.table.invalidate()

    def _click(self, click: Click, reach: int = 0) -> None:
        button = button_at(self.table.buttons, click.pos)
        if button is not None:
            self.perform(button.action)  # type: ignore[arg-type]
            return
        if self.table.autoplay is not None:
            return
        dimmed = next((b for b in self.table.buttons if b.rect.collidepoint(click.pos)), None)
        if dimmed is not None:  # a dimmed button says why it does nothing, as its key does
            self.perform(dimmed.action)  # type: ignore[arg-type]
            return
        hit = self._card_at(click.pos, reach)
        if hit is None:
            self._select(None)
            return
        pile, index = hit
        name = self.table.g.variant.names[pile]
        if pile == self.table.g.variant.stock and (action := stock_action(self.table.g)) is not None:
            self.table.session.play(action)
        elif pile == self.table.g.variant.stock and index is None:
            self.table.session.refuse(_("nothing is left to deal"))
        elif self.table.app.settings.one_click and self._one_click(name, index, click.double):
            pass
        elif click.double and index is not None and index == len(self.table.g.state.piles[pile]) - 1:
            move = self.table.g.double_click_move(name)
            if move is not None:
                self.table.session.play(move)
            else:
                self.table.session.refuse_home(name)
        elif self.table.app.settings.click_to_move:
            self._click_to_move(name, index)

    def _one_click(self, pile: str, index: int | None, double: bool) -> bool:
        """A click on a card plays it (``game.controls.one_click``); False: the click is left to
        the other settings (an empty slot, or a group held with click-to-move or the keyboard).
        A click close after the last one (a mouse's double-click) only takes the card just
        moved on to its next place: the second half of a double-click is never a new move."""
        if index is None or self.table.selection is not None:
            return False
        g = self.table.g
        # The hint's own choice: the solver's line, only where no card is face down (as the
        # coach's hint: a line through hidden cards would give them away).
        line = None if any(g.state.hidden) else self.table.app.advisor.line(g)
        solver_move = line[0] if line else None
        move = self.one_click.move_for(g, pile, index, again_only=double, solver_move=solver_move)
        if move is not None and self.table.session.play(move):
            self.one_click.played(g)
        elif not double and group_moves(g, pile, index):
            # Translators: a one-click move refused: the card clicked again can go nowhere else
            self.table.session.refuse(_("no other place takes it"))
        elif not double:
            count = len(g.state.piles[g.variant.index[pile]]) - index
            self.table.session.refuse(g.why_unmovable(pile, count))
        return True

    def _click_to_move(self, pile: str, index: int | None) -> None:
        sel = self.table.selection
        if sel is not None:
            move = next((m for m in sel.moves if m.target == pile), None)
            if move is not None:
                self.table.session.play(move)
                return
        if index is None or (sel is not None and (sel.pile, sel.index) == (pile, index)):
            self._select(None)
            return
        moves = group_moves(self.table.g, pile, index)
        self._select(Selection(pile, index, moves) if moves else None)

    def _select(self, selection: Selection | None) -> None:
        if selection != self.table.selection:
            self.table.selection = selection
            self.table.invalidate()

    def _drag_damage(self) -> list[Rect]:
        drag = self.table.drag
        if drag is None:
            return []
        rects = drag.rects(self.table.layout.card_size)
        stack = rects[0].unionall(rects[1:])
        return [stack.union(self.table.app.renderer.shadow_area(stack, self.table.layout.card_w))]

    def _target_damage(self, move: Move | None) -> list[Rect]:
        if move is None:
            return []
        pile = self.table.g.variant.index[move.target]
        rect = target_rect(self.table.layout, self.table.g.state, pile)
        pad = max(6, self.table.layout.card_w // 8)
        return [rect.inflate(2 * pad, 2 * pad)]


def _point(pos: tuple[float, float]) -> tuple[int, int]:
    return int(pos[0]), int(pos[1])
