"""The table: one game in play, its cards, the toolbar and the status line.

Every rule question goes to the engine. A player action is played on the engine at once,
followed by the safe automatic moves (each played with ``automatic=True``, so the action
stays one undo step); the animator then shows the states one after another. Input during
an animation first completes it, then is handled: nothing the player does is lost.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

import game
from game.controls.focus import KeyboardPlay
from game.controls.intents import Intent
from game.controls.keys import intent_for_key
from game.controls.moves import drop_move, group_moves, stock_action, target_rect
from game.controls.pointer import Click, DragEnd, DragMove, DragStart, Gesture, Pointer, Press
from game.controls.table import Selection
from game.engine.cards import parse_card
from game.engine.moves import Move
from game.engine.state import State
from game.play import Game
from game.scenes.base import Damage, Scene
from game.scenes.coach import WAIT, Coach
from game.scenes.play_clock import COVERED, PlayClock
from game.solver.heuristic import is_stock_action
from game.view.animation import Animator, Spot, Sprite, plan_deal, plan_transition
from game.view.hud import clock_text, draw_status, draw_toolbar, title_width, toolbar_buttons
from game.view.layout import compute_layout
from game.view.renderer import draw_arrow, rank_mark
from game.view.widgets import ACCENT, HINT, TEXT, Button, blit_text, button_at, font

if TYPE_CHECKING:
    from game.scenes.services import Services

HINT_TIME = 3.0
TOAST_TIME = 2.5
REFUSAL_TIME = 1.5
"""How long a refused pick-up or drop shows the engine's reason."""
ANSWER_POLL = 0.05
"""While the solver is searching, the table looks for its answer this often (seconds)."""
AUTO_SPEED = 0.8
"""Automatic moves glide a little faster than the player's own."""
FINISH_ACCELERATION = 0.86
MAX_AUTOPLAY_ACTIONS = 2000
MAX_IDLE_ACTIONS = 150
"""Autoplay gives up after this many actions without a card going home or turning up."""


_CARD = re.compile(r"\b([A2-9TJQK][CDHS])\b")
_PILE = re.compile(r"\b([a-z]+)-(\d+)\b")


def player_words(reason: str) -> str:
    """An engine reason as the table says it: cards by name ("the seven of spades" for ``7S``),
    piles as words ("tableau 3" for ``tableau-3``)."""
    named = _CARD.sub(lambda m: f"the {parse_card(m.group(1))[0].name.lower()}", reason)
    return _PILE.sub(r"\1 \2", named)


@dataclass
class Drag:
    """Cards being dragged: where they came from, the moves they may make, where they are."""

    pile: str
    index: int
    cards: tuple[int, ...]
    offsets: tuple[tuple[int, int], ...]
    """Each card's offset from the pointer."""
    moves: list[Move]
    pos: tuple[int, int]
    best: Move | None = None

    def rects(self, size: tuple[int, int]) -> list[Rect]:
        """The dragged cards' rectangles, bottom card first."""
        return [Rect(self.pos[0] + dx, self.pos[1] + dy, *size) for dx, dy in self.offsets]


@dataclass
class Autoplay:
    """The computer playing the deal: one action whenever the table is still."""

    seen: set[State] = field(default_factory=set)
    actions: int = 0
    done: bool = False
    reported: bool = False
    progress: tuple[int, int] = (-1, 0)
    """The best (cards home, cards face up) reached so far."""
    progress_at: int = 0
    """The action count when that progress was last made."""

    def stalled(self, g: Game) -> bool:
        """Whether many actions have gone by without a card going home or turning up."""
        state = g.state
        now = (g.score, -sum(state.hidden[i] for i in range(len(state.piles)) if i != g.variant.stock))
        if now > self.progress:
            self.progress, self.progress_at = now, self.actions
        return self.actions - self.progress_at > MAX_IDLE_ACTIONS


class TableScene(Scene):
    """The table for one game (see the module doc)."""

    def __init__(
        self,
        app: Services,
        variant: str,
        deal: int | None = None,
        autoplay: bool = False,
        *,
        daily: bool = False,
        demo: Game | None = None,
    ) -> None:
        """The table for ``variant``: its saved game, deal ``deal``, today's deal (``daily``), or
        (``demo``) a copy of a game for the computer to play on from where it stands."""
        super().__init__(app)
        self.animator = Animator()
        self.pointer = Pointer(app.display.scale)
        self.drag: Drag | None = None
        self.selection: Selection | None = None
        self.keyboard = KeyboardPlay(self)
        """The keyboard and gamepad focus (``game.controls.focus``)."""
        self.hint: tuple[Move, float] | None = None
        self.toast: tuple[str, float] | None = None
        self.hover: Hashable | None = None
        self.autoplay = Autoplay() if autoplay or demo is not None else None
        self.demo = demo is not None
        """A demo over the player's own table: any key or click goes back to it."""
        self.coach = Coach(self)
        self.sprites: list[Sprite] = []
        self.buttons: list[Button] = []
        self._buttons: list[Button] = []
        self._buttons_key: object = None
        self._now = app.now()
        self.clock = PlayClock()
        """Seconds of play (``game.scenes.play_clock``: paused while the table cannot be seen)."""
        for reason in app.window_pauses:
            self.clock.pause(reason, self._now)
        self._drawn: tuple[object, ...] = ()
        self._partial: list[Rect] = []
        self._shown: tuple[State, frozenset[int]] | None = None
        self._finish: tuple[State, list[Move] | None] | None = None
        self.daily = daily
        if demo is not None:
            g, elapsed, resumed = Game(demo.variant, demo.state, demo.deal), 0.0, False
        elif autoplay:  # the computer's games are not the player's: not saved, not counted
            g, elapsed, resumed = game.new_game(variant, deal), 0.0, False
        else:
            g, elapsed, resumed = app.persist.game_for(variant, deal, daily=daily)
            self.daily = daily or (resumed and app.persist.is_daily(g))
        self.g = g
        self.layout = compute_layout(self.g.variant, app.size)
        fresh = not resumed and deal is None and not daily and self.autoplay is None
        if fresh and self.coach.winnable_only():
            self._start(self.g, record=False)
            self.coach.find_deal()
        else:
            self._start(self.g, elapsed, resumed)

    # ------------------------------------------------------------- the game

    def _start(
        self,
        g: Game,
        elapsed: float = 0.0,
        resumed: bool = False,
        *,
        record: bool = True,
        winnable: bool = False,
    ) -> None:
        """Show a game (new, or ``resumed`` from the store): the deal flies out, the safe cards go home."""
        if g is not getattr(self, "g", g):
            self.save_time()  # the game left behind is recorded with its time up to now
        self.g = g
        self.layout = compute_layout(g.variant, self.app.size)
        self.seen: set[State] = {g.state}
        self.animator.finish()
        self.drag = self.selection = self.hint = None
        self.keyboard.reset()
        self._won_shown = False
        self._stuck_seen: State | None = None
        under_way = resumed and g.moves_made > 0 and not g.is_won()  # its clock runs on
        self.clock.reset(self._now, elapsed, started=under_way)
        state, speed = g.state, self.app.settings.speed_factor
        self.animator.push(lambda layout: plan_deal(layout, state, speed=speed))
        self._auto_moves()
        if self.autoplay is None and record:
            if resumed:
                self._save()
            else:
                self.app.persist.started(g, daily=self.daily, winnable=winnable)
        self.invalidate()

    def new_deal(self, deal: int | None = None) -> None:
        """Start a new game of the same variant (a random deal unless ``deal`` is given; with
        "winnable deals only" on, a random deal the solver proves winnable)."""
        self.daily = False
        if deal is None and self.autoplay is None and self.coach.winnable_only():
            self.coach.find_deal()
            return
        self._start(game.new_game(self.g.key, deal))

    def start_found(self, g: Game, winnable: bool) -> None:
        """Show the deal a search for a winnable deal settled on."""
        self.daily = False
        self.toast = None
        self._start(g, winnable=winnable)

    def same_deal(self) -> None:
        """Deal the same number again, from the start (a new game in the statistics)."""
        self.daily = False
        self._start(game.new_game(self.g.key, self.g.deal))

    def _save(self) -> None:
        """Save the game after an action (the computer's autoplay games are not saved); a won
        game's clock stops here, so the win screen and the statistics show the same time."""
        if self.g.is_won():
            self.clock.stop(self._now)
        if self.autoplay is None:
            self.app.persist.saved(self.g, self.elapsed())

    def save_time(self) -> None:
        """Save the game with the clock as it stands (quitting, or leaving it for another deal),
        so the time kept is the time played, not the time of the last action."""
        g = self.g
        if self.autoplay is None and not self.demo and (g.history or g.redo_history) and not g.is_won():
            self._save()

    def would_count_as_lost(self) -> bool:
        """Whether dealing again now ends this game as a loss: an action was made (even if
        undone since), and it is neither won nor stuck (a stuck game is lost already)."""
        g = self.g
        return bool(g.history or g.redo_history) and not g.is_won() and not g.is_stuck()

    def in_progress(self) -> bool:
        """Whether leaving would abandon a game the player has started and not finished."""
        return self.g.moves_made > 0 and not self.g.is_won()

    @property
    def display_state(self) -> State:
        """The state being shown (behind the engine's while the animations catch up)."""
        current = self.animator.current
        return current.after if current is not None else self.g.state

    def elapsed(self) -> float:
        """Seconds of play so far (the clock starts with the first action, stops at the win)."""
        return self.clock.elapsed(self._now)

    def cover(self) -> None:
        self.clock.pause(COVERED, self.app.now())
        self.pointer.cancel()
        self._cancel_drag()

    def uncover(self) -> None:
        super().uncover()
        self._now = self.app.now()  # frames were not this scene's while it was covered
        self.clock.resume(COVERED, self._now)

    # -------------------------------------------------------------- actions

    def play(self, move: Move, start: dict[int, Spot] | None = None) -> bool:
        """The player's move, animated, followed by the automatic moves; False if illegal."""
        self.finish_animations()
        if not self.g.is_legal(move):
            return False
        before = self.g.state
        self.g.play(move)
        self.sound("shuffle" if is_stock_action(self.g.variant, move) else "move")
        self._queue(before, self.g.state, move, start)
        self.clock.start(self._now)
        self._after_action()
        return True

    def _after_action(self) -> None:
        self.selection = self.hint = None
        self._auto_moves()
        self.seen.add(self.g.state)
        self._save()
        self.invalidate()

    def _auto_moves(self) -> None:
        """The safe foundation moves, one by one into the current step; then a certain finish."""
        if not self.app.settings.auto_moves:
            return
        while moves := self.g.auto_moves():
            before = self.g.state
            self.g.play(moves[0], automatic=True)
            self._queue(before, self.g.state, moves[0], factor=AUTO_SPEED)
        line = self.g.finish_line() if self.g.kept_out() is None else None
        if line:
            self._queue_finish(line, automatic=True)

    def finish(self) -> None:
        """Send the remaining cards home, one by one, accelerating (when the win is certain)."""
        self.finish_animations()
        line = self.g.finish_line()
        if not line:
            self.show_toast("Not yet: the rest is not a certain win.")
            return
        self._queue_finish(line, automatic=False)
        self._save()
        if self.selection is None and self.hint is None:
            self._partial.append(self.layout.toolbar)  # the cards are redrawn pile by pile
        else:
            self.invalidate()

    def _queue_finish(self, line: list[Move], automatic: bool) -> None:
        factor = 1.0
        for i, move in enumerate(line):
            before = self.g.state
            self.g.play(move, automatic=automatic or i > 0)
            self._queue(before, self.g.state, move, factor=factor)
            factor = max(0.18, factor * FINISH_ACCELERATION)
        self.seen.add(self.g.state)

    def undo(self) -> None:
        """Take back the last action, animated."""
        self.finish_animations()
        if not self.g.can_undo():
            self.show_toast("Nothing to undo.")
            return
        before = self.g.state
        self.g.undo()
        self._queue(before, self.g.state)
        self._after_history()

    def redo(self) -> None:
        """Make the last undone action again, animated."""
        self.finish_animations()
        if not self.g.can_redo():
            self.show_toast("Nothing to redo.")
            return
        before = self.g.state
        self.g.redo()
        self._queue(before, self.g.state)
        self._after_history()

    def restart(self) -> None:
        """Back to the opening position, animated: a new attempt at the same deal (a new game
        in the statistics, its clock from 0:00)."""
        self.finish_animations()
        old = self.g
        if not old.can_undo() and not old.can_redo() and not self.elapsed():
            self.show_toast("Already at the start of the deal.")
            return
        self.save_time()
        self.g = Game(old.variant, old.initial_state, old.deal)
        self._queue(old.state, self.g.state)
        self.seen = {self.g.state}
        self.clock.reset(self._now)
        if self.autoplay is None:
            self.app.persist.restarted(self.g)
        self._after_history()

    def _after_history(self) -> None:
        self.selection = self.hint = None
        self._won_shown = self.g.is_won()
        self._save()
        self.invalidate()

    def show_hint(self) -> None:
        """H: outline the solver's next move, or the heuristic's (``Coach.hint``)."""
        self.finish_animations()
        self.coach.hint()

    def set_hint(self, move: Move, reason: str) -> None:
        """Outline ``move`` for a few seconds, saying why."""
        self.hint = (move, self._now + HINT_TIME)
        self.show_toast(reason, HINT_TIME)

    def undo_steps(self, steps: int) -> None:
        """Take back ``steps`` actions at once, animated as one (the rewind)."""
        self.finish_animations()
        before = self.g.state
        for _ in range(min(steps, self.g.moves_made)):
            self.g.undo()
        self._queue(before, self.g.state)
        self._after_history()

    def refuse(self, reason: str) -> None:
        """A pick-up or drop the rules refuse: a thud, and the engine's reason for a moment."""
        self.sound("thud")
        words = player_words(reason)
        self.show_toast(f"{words[0].upper()}{words[1:]}.", REFUSAL_TIME)

    def show_toast(self, message: str, duration: float | None = TOAST_TIME) -> None:
        """A short message above the status line (``duration`` None: until the next one)."""
        self.toast = (message, self._now + duration if duration is not None else float("inf"))
        self.invalidate()

    def finish_animations(self) -> None:
        """Complete every running animation at once (input is never made to wait)."""
        if self.animator.busy:
            self.animator.finish()
            self.sprites = []
            self.invalidate()

    def _queue(
        self,
        before: State,
        after: State,
        move: Move | None = None,
        start: dict[int, Spot] | None = None,
        factor: float = 1.0,
    ) -> None:
        speed = self.app.settings.speed_factor * factor
        self.animator.push(
            lambda layout: plan_transition(layout, before, after, move=move, speed=speed, start=start)
        )

    # ---------------------------------------------------------------- input

    def handle_event(self, event: pygame.event.Event) -> None:
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
        if action is not None:
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

    def sound(self, name: str) -> None:
        """Play sound effect ``name`` (``game.view.sound``)."""
        self.app.sound.play(name)

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
        hit = self._card_at(click.pos)
        if hit is None:
            self._select(None)
            return
        pile, index = hit
        name = self.g.variant.names[pile]
        if pile == self.g.variant.stock and (action := stock_action(self.g)) is not None:
            self.play(action)
        elif pile == self.g.variant.stock and index is None:
            self.refuse("nothing is left to deal")
        elif click.double and index is not None and index == len(self.g.state.piles[pile]) - 1:
            move = self.g.double_click_move(name)
            if move is not None:
                self.play(move)
            else:
                self.refuse(f"{self.g.card_at(name, index)} cannot go home now")
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

    # --------------------------------------------------------------- frames

    def resize(self) -> None:
        super().resize()
        self.finish_animations()
        self._cancel_drag()
        self.pointer.scale = self.app.display.scale
        self.layout = compute_layout(self.g.variant, self.app.size)

    def busy(self) -> bool:
        return self.animator.busy

    def clock_running(self) -> bool:
        """Whether the game clock counts (the status line then changes every second): the one
        place the idle loop asks."""
        return self.clock.running

    def wakeup(self, now: float) -> float | None:
        times = [1.0 - (self.elapsed() % 1.0)] if self.clock_running() else []
        times += [until - now for until in self._deadlines()]
        if self.autoplay is not None and not self.autoplay.done:
            times.append(0.0)
        if self.coach.polling():
            times.append(ANSWER_POLL)
        return max(0.0, min(times)) if times else None

    def _deadlines(self) -> list[float]:
        return [t[1] for t in (self.hint, self.toast) if t is not None]

    def update(self, now: float) -> Damage:
        self._now = now
        busy = self.animator.update(now, self.layout)
        sprites = self.animator.sprites(now) if busy else []
        self._expire(now)
        if self.coach.tick(now):
            self._partial += [self.layout.status, self.layout.toolbar]
        if not busy:
            self._settle()
        self.buttons = self._toolbar()
        full = super().update(now)
        partial, self._partial = self._partial, []
        shown = self._layer_key()
        if self._shown is not None and shown != self._shown:  # cards took off or landed
            reach = self.layout.card_w // 5 + 4 if self.keyboard.visible else 0  # the focus ring
            areas = self.app.renderer.changed_areas(self.layout, self._shown, shown)
            partial += [area.inflate(2 * reach, 2 * reach) for area in areas]
        partial += self._sprite_damage(self.sprites, sprites)
        self.sprites, self._shown = sprites, shown
        status = self._status_key()
        if status != self._drawn:
            self._drawn = status
            partial.append(self.layout.status)
        if full:
            return True
        return partial or False

    def _sprite_damage(self, before: list[Sprite], after: list[Sprite]) -> list[Rect]:
        """Where moving cards (and their shadows) were and are, for those that changed."""
        size = self.layout.card_size
        old = self.app.renderer.sprite_areas(before, size)
        new = self.app.renderer.sprite_areas(after, size)
        return [r for k, r in old.items() if k not in new] + [r for k, r in new.items() if k not in old]

    def _expire(self, now: float) -> None:
        if self.hint is not None and now >= self.hint[1]:
            self.hint = None
            self.invalidate()
        if self.toast is not None and now >= self.toast[1]:
            self.toast = None
            self.invalidate()

    def _settle(self) -> None:
        """With nothing moving: autoplay's next action, or the end of the game."""
        if self.autoplay is not None and not self.autoplay.done:
            self._autoplay_step()
            if self.animator.busy:
                return
        if self.g.is_won() and not self._won_shown:
            self._won_shown = True
            self.clock.stop(self._now)
            self.sound("win")
            self.app.game_over(self, won=True)
        elif self.g.is_stuck() and self._stuck_seen != self.g.state:
            self._stuck_seen = self.g.state
            self.app.game_over(self, won=False)
        elif self.autoplay is not None and self.autoplay.done and not self.autoplay.reported:
            self.autoplay.reported = True
            self.app.autoplay_gave_up(self)

    def _autoplay_step(self) -> None:
        auto = self.autoplay
        assert auto is not None
        g = self.g
        auto.seen.add(g.state)
        over = g.is_won() or auto.actions >= MAX_AUTOPLAY_ACTIONS or auto.stalled(g)
        move = None if over else self.coach.demo_move(auto.seen)
        if move == WAIT:
            return
        if not isinstance(move, Move):
            auto.done = True
            return
        auto.actions += 1
        self.play(move)

    def outcome(self) -> str:
        """One line on how the game stands: won, stuck, or neither."""
        g = self.g
        if g.is_won():
            result = "won"
        elif g.is_stuck():
            result = "no moves left"
        else:
            result = "stopped, no useful move found"
        return f"{g.key} deal {g.deal}: {result} after {g.moves_made} moves, score {g.score}/52"

    def _toolbar(self) -> list[Button]:
        g = self.g
        title = self.title()
        items = [
            (Intent.MENU, "Menu", True),
            (Intent.NEW_DEAL, "New", True),
            (Intent.CHANGE_GAME, "Games", True),
            (Intent.RESTART, "Restart", g.can_undo()),
            (Intent.UNDO, "Undo", g.can_undo()),
            (Intent.REDO, "Redo", g.can_redo()),
            (Intent.HINT, "Hint", not g.is_won()),
            (Intent.FINISH, "Finish", self._finish_line() is not None),
            (Intent.FULLSCREEN, "Window" if self.app.fullscreen else "Full screen", True),
        ]
        if self.coach.can_rewind():
            items.insert(7, (Intent.REWIND, "Rewind", True))
        if self.demo:
            items = [(Intent.CLOSE, "Stop demo", True), items[-1]]
        elif self.autoplay is not None or self.coach.search is not None:
            items = [(a, label, on and a in (Intent.MENU, Intent.FULLSCREEN)) for a, label, on in items]
        key = (tuple(items), tuple(self.layout.toolbar), title)
        if self._buttons_key != key:
            self._buttons_key = key
            self._buttons = toolbar_buttons(
                self.layout.toolbar, items, title_width(title, self.layout.toolbar)
            )
        return self._buttons

    def _finish_line(self) -> list[Move] | None:
        state = self.g.state
        if self._finish is None or self._finish[0] != state:
            self._finish = (state, self.g.finish_line())
        return self._finish[1]

    def title(self) -> str:
        """The game's name and deal number."""
        daily = "  ·  Deal of the day" if self.daily else ""
        rating = self.coach.rating_text()
        rated = f"  ·  {rating}" if rating else ""
        demo = "Demo: " if self.demo else ""
        return f"{demo}{self.g.variant.name}  ·  Deal {self.g.deal}{rated}{daily}"

    def status_items(self) -> list[tuple[str, str]]:
        """Score, moves, time, and the stock, redeals and base rank where the game has them."""
        v, state = self.g.variant, self.display_state
        score = sum(len(state.piles[f]) for f in v.foundations)
        items = [
            ("Score", f"{score}/52"),
            ("Moves", str(self.g.moves_made)),
            ("Time", clock_text(self.elapsed())),
        ]
        if v.stock >= 0:
            items.append(("Stock", str(len(state.piles[v.stock]))))
        if v.redeals:
            items.append(("Redeals", str(state.redeals_left)))
        if v.dealt_base:
            items.append(("Base", rank_mark(state.base_rank)))
        if (outlook := self.coach.status_item()) is not None:
            items.append(outlook)
        return items

    def _status_key(self) -> tuple[object, ...]:
        return (tuple(self.status_items()), self.autoplay.actions if self.autoplay else None)

    def _drag_damage(self) -> list[Rect]:
        drag = self.drag
        if drag is None:
            return []
        rects = drag.rects(self.layout.card_size)
        pad = max(4, self.layout.card_w // 6 + 2)  # the shadow included
        return [rects[0].unionall(rects[1:]).inflate(2 * pad, 2 * pad)]

    def _target_damage(self, move: Move | None) -> list[Rect]:
        if move is None:
            return []
        pile = self.g.variant.index[move.target]
        rect = target_rect(self.layout, self.g.state, pile)
        pad = max(6, self.layout.card_w // 8)
        return [rect.inflate(2 * pad, 2 * pad)]

    # ---------------------------------------------------------------- draw

    def draw(self, surface: Surface) -> None:
        layout, renderer = self.layout, self.app.renderer
        state, exclude = self._layer_key()
        clip = surface.get_clip()  # a partial redraw often leaves the bars alone
        if not (layout.toolbar.contains(clip) or layout.status.contains(clip)):  # the bars are opaque
            surface.blit(renderer.table_layer(layout, state, exclude), (0, 0))
            self._draw_highlights(surface, state)
            renderer.draw_sprites(surface, self.sprites, layout.card_size)
            if self.drag is not None:
                self._draw_drag(surface, self.drag)
            self.keyboard.draw(surface, state, self.app.settings.high_contrast)
        if clip.colliderect(layout.toolbar):
            draw_toolbar(surface, layout.toolbar, self.buttons, self.hover, self.title())
        if clip.colliderect(layout.status):
            note = f"Autoplay: {self.autoplay.actions} actions" if self.autoplay else ""
            draw_status(surface, layout.status, self.status_items(), note)
        if self.toast is not None:
            self._draw_toast(surface, self.toast[0])

    def _layer_key(self) -> tuple[State, frozenset[int]]:
        """The state the table layer shows and the cards it leaves out (moving or dragged)."""
        current = self.animator.current
        exclude = current.moving if current is not None else frozenset()
        if self.drag is not None:
            exclude = exclude | frozenset(self.drag.cards)
        return self.display_state, exclude

    def _draw_highlights(self, surface: Surface, state: State) -> None:
        renderer, layout = self.app.renderer, self.layout
        index = self.g.variant.index
        if self.drag is not None:
            for move in self.drag.moves:
                rect = target_rect(layout, state, index[move.target])
                renderer.glow(surface, rect, ACCENT, strong=move == self.drag.best)
        if self.selection is not None:
            sel = self.selection
            rects = layout.state_rects(state, index[sel.pile])[sel.index :]
            renderer.glow(surface, rects[0].unionall(rects[1:]), ACCENT, strong=True)
            for move in sel.moves:
                renderer.glow(surface, target_rect(layout, state, index[move.target]), ACCENT)
        if self.hint is not None:
            self._draw_hint(surface, state, self.hint[0])

    def _draw_hint(self, surface: Surface, state: State, move: Move) -> None:
        renderer, layout, v = self.app.renderer, self.layout, self.g.variant
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

    def _draw_drag(self, surface: Surface, drag: Drag) -> None:
        size = self.layout.card_size
        sprites = [
            Sprite(c, r.x, r.y, True, 1.0, True) for c, r in zip(drag.cards, drag.rects(size), strict=True)
        ]
        self.app.renderer.draw_sprites(surface, sprites, size)

    def layer_cover(self) -> list[Rect] | None:
        """Where the window shows something over the table layer: the bars, the focus ring, a toast.

        None while that is not so simple (cards moving or dragged, a selection or hint shown).
        The renderer parks the layer while idle and rebuilds it from the window and these areas.
        """
        if self.sprites or self.drag is not None or self.selection is not None or self.hint is not None:
            return None
        covered = [self.layout.toolbar, self.layout.status]
        ring = self.keyboard.ring_area(self.display_state, self.app.settings.high_contrast)
        if ring is not None:
            covered.append(ring)
        if self.toast is not None:
            covered.append(self._toast_rect(self.toast[0])[0])
        return covered

    def _toast_rect(self, message: str) -> tuple[Rect, int]:
        """The toast's rounded box and text size."""
        size = max(14, self.layout.status.height * 3 // 4)
        width = font(size).size(message)[0] + size * 2
        rect = Rect(0, 0, width, int(size * 1.8))
        rect.midbottom = (self.layout.window.centerx, self.layout.status.top - size)
        return rect, size

    def _draw_toast(self, surface: Surface, message: str) -> None:
        rect, size = self._toast_rect(message)
        pygame.draw.rect(surface, (12, 22, 17), rect, border_radius=rect.height // 2)
        blit_text(surface, message, size, TEXT, "center", rect.center)
