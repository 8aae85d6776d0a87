"""The table: one game in play, its cards, the toolbar and the status line.

Every rule question goes to the engine. ``TableScene`` is the scene the app shows, composed of
three objects it holds: the game session (``self.session``, a
``game.scenes.table_session.TableSession``: the game, its clock, saving, the solver's answers,
autoplay), the player's input (``self.input``, a ``game.scenes.table_input.TableInput``) and its
drawing (``self.drawing``, a ``game.scenes.table_drawing.TableDrawing``). Each asks of the scene
only a protocol (``Stage``, ``InputTable``, ``DrawnTable``); the scene itself keeps the frames
(what changed, when to wake), the animations, the layout, what the player holds, and passes on
what the app and the other scenes ask (``game.scenes.base.PlayTable``).
"""

from __future__ import annotations

from collections.abc import Hashable
from datetime import date
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

from game.controls.focus import KeyboardPlay
from game.controls.intents import Intent
from game.controls.peek import Card
from game.controls.table import Drag, Selection
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import _, format_number, pgettext
from game.play import Game
from game.scenes.base import Damage, Scene
from game.scenes.play_clock import COVERED
from game.scenes.table_drawing import TableDrawing
from game.scenes.table_input import TableInput
from game.scenes.table_session import ANSWER_POLL, GAVE_UP, TOAST_TIME, WON, Autoplay, TableSession
from game.view.animation import Animator, Spot, Sprite, Transition, plan_deal, plan_transition
from game.view.hud import clock_text, title_width, toolbar_buttons
from game.view.last_move import LastMove, Mark, moved_cards
from game.view.layout import TableLayout, compute_layout
from game.view.marks import rank_mark
from game.view.names import game_name
from game.view.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import Services

__all__ = ["TableScene"]


class TableScene(Scene):
    """The table for one game (see the module doc): its session, input and drawing."""

    def __init__(
        self,
        app: Services,
        variant: str,
        deal: int | None = None,
        autoplay: bool = False,
        *,
        daily: bool | date = False,
        demo: Game | None = None,
    ) -> None:
        """The table for ``variant``: its saved game, deal ``deal``, today's deal (``daily``; a
        date: that day's), or (``demo``) a copy of a game for the computer to play on from
        where it stands."""
        super().__init__(app)
        self.animator = Animator()
        self.drag: Drag | None = None
        self.selection: Selection | None = None
        self.keyboard = KeyboardPlay(self)
        """The keyboard and gamepad focus (``game.controls.focus``)."""
        self.sprites: list[Sprite] = []
        self.buttons: list[Button] = []
        self._buttons: list[Button] = []
        self._buttons_key: object = None
        self._drawn: tuple[object, ...] = ()
        self._partial: list[Rect] = []
        self._shown: tuple[State, frozenset[int]] | None = None
        self.last_move = LastMove()
        """The last move's outline (``game.view.last_move``)."""
        self._moves_this_frame = 0
        self._dealt = False
        """A deal came this frame: its opening automatic moves are part of it, not outlined."""
        self._outlined: list[Rect] = []
        self.session = TableSession(app, self, variant, deal, autoplay, daily=daily, demo=demo)
        """The game in play (``game.scenes.table_session``)."""
        self.layout = self._laid_out(self.session.g)
        self.input = TableInput(self)
        """The player's keys, pointer and buttons (``game.scenes.table_input``)."""
        self.drawing = TableDrawing(self)
        for reason in app.window_pauses:
            self.session.clock.pause(reason, self.session.time)
        self.session.open()

    # The session's, as the app, the other scenes, the controls and the drawing see it.

    @property
    def g(self) -> Game:
        """The game on the table."""
        return self.session.g

    @property
    def demo(self) -> bool:
        """Whether the demo plays it (over the player's own table)."""
        return self.session.demo

    @property
    def autoplay(self) -> Autoplay | None:
        """The computer playing the deal, if it does."""
        return self.session.autoplay

    @property
    def hint(self) -> tuple[Move, float] | None:
        """The move outlined, and until when."""
        return self.session.hint

    @property
    def toast(self) -> tuple[str, float] | None:
        """The message over the status line, and until when."""
        return self.session.toast

    def play(self, move: Move, start: dict[int, Spot] | None = None) -> bool:
        """The player's move, animated (``TableSession.play``); False if illegal."""
        return self.session.play(move, start)

    def show_toast(self, message: str, duration: float | None = TOAST_TIME) -> None:
        """A short message above the status line (``TableSession.show_toast``)."""
        self.session.show_toast(message, duration)

    def refuse(self, reason: str) -> None:
        """A move the rules refuse: a thud and the engine's ``reason``."""
        self.session.refuse(reason)

    def refuse_home(self, pile: str) -> None:
        """Say why ``pile``'s top card cannot go home."""
        self.session.refuse_home(pile)

    def new_deal(self) -> None:
        """A new deal of the same game."""
        self.session.new_deal()

    def same_deal(self) -> None:
        """The same deal again, from the start."""
        self.session.same_deal()

    def elapsed(self) -> float:
        """Seconds of play so far."""
        return self.session.elapsed()

    def outcome(self) -> str:
        """The game's result in one line (``--exit-when-done``)."""
        return self.session.outcome()

    def never_winnable(self) -> bool:
        """Whether the solver proved the deal lost from its opening (``Coach.never_winnable``)."""
        return self.session.coach.never_winnable()

    def demo_stopped(self) -> str | None:
        """Why the demo stopped short of a win (``Coach.demo_stopped``)."""
        return self.session.coach.demo_stopped

    def takes_stats_key(self) -> bool:
        """S opens the statistics over the table."""
        return True

    # The input's, for the app, the other scenes and the keyboard focus.

    def handle_event(self, event: pygame.event.Event) -> None:
        self.input.handle_event(event)

    def perform(self, intent: Intent) -> None:
        """Carry out a request from a key, a toolbar button or another scene."""
        self.input.perform(intent)

    def hold(self, pile: str, index: int, moves: list[Move]) -> None:
        """Pick up the group from card ``index`` of ``pile`` (the keyboard's Enter)."""
        self.input.hold(pile, index, moves)

    # What the input asks of the table (``game.scenes.table_input.InputTable``).

    def take_input_time(self) -> float:
        """The events' time, made the table's (a click's, a key's: the last frame's is older)."""
        self.session.time = max(self.session.time, self.app.input_time)
        return self.session.time

    def damage(self, rects: list[Rect]) -> None:
        """Redraw ``rects`` on the next frame."""
        self._partial += rects

    def fly_back(self, state: State, start: dict[int, Spot]) -> None:
        """Cards dropped where they cannot go fly back from ``start`` to their places."""
        self.show_change(state, state, start=start)

    def end_demo(self) -> None:
        """The demo's table goes."""
        self.app.pop(self)

    # What the session asks of the scene (``game.scenes.table_session.Stage``).

    def show_deal(self, g: Game) -> None:
        """``g`` is the game now: what the player held goes, its deal flies out."""
        self.layout = self._laid_out(g)
        self.animator.finish()
        self.drag = self.selection = None
        self.keyboard.reset()
        self.last_move.clear()
        self.input.peek.cancel()
        self._dealt = True
        state, speed = g.state, self.app.settings.speed_factor
        self.animator.push(lambda layout: plan_deal(layout, state, speed=speed))

    def show_change(
        self,
        before: State,
        after: State,
        move: Move | None = None,
        start: dict[int, Spot] | None = None,
        factor: float = 1.0,
    ) -> None:
        """Animate the game from ``before`` to ``after``; a move is outlined once it lands."""
        speed = self.app.settings.speed_factor * factor
        mark = self._mark(before, after, move, factor)

        def build(layout: TableLayout) -> Transition:
            flight = plan_transition(layout, before, after, move=move, speed=speed, start=start)
            if mark is not None:
                self.last_move.started(flight, mark)
            return flight

        self.animator.push(build)

    def _mark(self, before: State, after: State, move: Move | None, factor: float) -> Mark | None:
        """The outline of ``move`` (None: no move, an undo, a new deal's opening moves, or
        outlines off). The moves after the first of one frame's action are automatic: their
        source pile is outlined too."""
        if move is None:
            self.last_move.clear()
            return None
        automatic = factor != 1.0 or self._moves_this_frame > 0
        self._moves_this_frame += 1
        if not self.app.settings.last_move or self._dealt:
            return None
        source = self.g.variant.index.get(move.source) if automatic else None
        return Mark(moved_cards(before, after), source)

    def let_go(self) -> None:
        """An action was made: the player's pick-up is dropped."""
        self.selection = None

    def redraw_bars(self) -> None:
        """Cards fly home: the toolbar changes (all of it while a pick-up is outlined)."""
        if self.selection is None:
            self._partial.append(self.layout.toolbar)
        else:
            self.invalidate()

    def finish_animations(self) -> None:
        """Complete every running animation at once (input is never made to wait)."""
        if self.animator.busy:
            self.animator.finish()
            self.sprites = []
            self.invalidate()

    def sound(self, name: str) -> None:
        """Play sound effect ``name`` (``game.view.sound``)."""
        self.app.sound.play(name)

    # Frames.

    def cover(self) -> None:
        self.session.clock.pause(COVERED, self.app.now())
        self.input.cancel_pointers()
        self.input.cancel_drag()

    def uncover(self) -> None:
        super().uncover()
        self.session.time = self.app.now()  # frames were not this scene's while it was covered
        self.session.clock.resume(COVERED, self.session.time)

    def resize(self) -> None:
        super().resize()
        self.finish_animations()
        self.input.cancel_drag()
        self.input.pointer.scale = self.input.touch_pointer.scale = self.app.display.scale
        self.layout = self._laid_out(self.g)
        self.buttons = self._toolbar()  # the labels may be in another language now

    def _laid_out(self, g: Game) -> TableLayout:
        """The layout of ``g``'s table in the window, with the player's card size, mirrored
        for the left-handed layout."""
        settings = self.app.settings
        return compute_layout(g.variant, self.app.size, settings.card_size, mirror=settings.mirror)

    def busy(self) -> bool:
        """Cards fly, or the last move's outline fades (with animations off it is shown whole
        and the idle loop wakes when it goes: ``wakeup``)."""
        return self.animator.busy or (self.last_move.fade and bool(self.last_move.marks))

    def clock_running(self) -> bool:
        """Whether the game clock counts (the status line then changes every second): the one
        place the idle loop asks."""
        return self.session.clock.running

    @property
    def display_state(self) -> State:
        """The state being shown (behind the engine's while the animations catch up)."""
        current = self.animator.current
        return current.after if current is not None else self.g.state

    def wakeup(self, now: float) -> float | None:
        session = self.session
        ticking = self.clock_running() and self.app.settings.show_clock  # hidden: no wake-ups for it
        times = [1.0 - (session.elapsed() % 1.0)] if ticking else []
        times += [until - now for until in session.deadlines()]
        if session.autoplay is not None and not session.autoplay.done:
            times.append(0.0)
        if session.coach.polling():
            times.append(ANSWER_POLL)
        times += [t for t in (self.last_move.wakeup(), self._peek_in(now)) if t is not None]
        return max(0.0, min(times)) if times else None

    def update(self, now: float) -> Damage:
        session = self.session
        session.time = now
        busy = self.animator.update(now, self.layout)
        sprites = self.animator.sprites(now) if busy else []
        if session.expire(now):
            self.invalidate()
        if session.coach.tick(now):
            self._partial += [self.layout.status, self.layout.toolbar]
            session.tell_verdict()
        if self.input.peek.tick(now):
            self.invalidate()
        if not busy:
            self._settle()
        self._partial += self._last_move_damage(now)
        session.hold_clock(now)
        self.buttons = self._toolbar()
        full = super().update(now)
        partial, self._partial = self._partial, []
        shown = self.drawing.layer_key()
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
        self._moves_this_frame, self._dealt = 0, False
        if full:
            return True
        return partial or False

    def _peek_in(self, now: float) -> float | None:
        deadline = self.input.peek.deadline()
        return None if deadline is None else deadline - now

    @property
    def outlined(self) -> list[Rect]:
        """Where the last move's outlines are drawn (their glow included)."""
        return self._outlined

    @property
    def peeked(self) -> Card | None:
        """The covered card seen whole while held (``game.controls.peek``)."""
        return self.input.peek.shown

    def _last_move_damage(self, now: float) -> list[Rect]:
        """Where the last move's outlines were drawn and are now, when they changed."""
        last, state = self.last_move, self.display_state
        last.fade = self.app.settings.speed_factor > 0
        changed = last.land(self.animator.current, now)
        reach = self.layout.card_w // 6 + 4  # the glow round an outline
        rects = [r for m in last.marks for r in last.rects(m, self.layout, state)]
        areas = [r.inflate(2 * reach, 2 * reach) for r in rects]
        before, self._outlined = self._outlined, areas
        return before + areas if changed or areas != before else []

    def _sprite_damage(self, before: list[Sprite], after: list[Sprite]) -> list[Rect]:
        """Where moving cards (and their shadows) were and are, for those that changed."""
        size = self.layout.card_size
        old = self.app.renderer.sprite_areas(before, size)
        new = self.app.renderer.sprite_areas(after, size)
        return [r for k, r in old.items() if k not in new] + [r for k, r in new.items() if k not in old]

    def _settle(self) -> None:
        """With nothing moving: autoplay's next action, or the end of the game told to the app."""
        session = self.session
        if session.autoplay is not None and not session.autoplay.done:
            session.autoplay_step()
            if self.animator.busy:
                return
        ending = session.ending()
        if ending == GAVE_UP:
            self.app.autoplay_gave_up(self)
        elif ending is not None:
            self.app.game_over(self, won=ending == WON)

    def _toolbar(self) -> list[Button]:
        g, coach = self.g, self.session.coach
        title = self.title()
        items = [
            (Intent.MENU, _("Menu"), True),
            (Intent.NEW_DEAL, pgettext("toolbar", "New"), True),
            (Intent.CHANGE_GAME, _("Games"), True),
            (Intent.RESTART, _("Restart"), g.can_undo()),
            (Intent.UNDO, _("Undo"), g.can_undo()),
            (Intent.REDO, _("Redo"), g.can_redo()),
            (Intent.HINT, _("Hint"), not g.is_won()),
            (Intent.FINISH, _("Finish"), self.session.finish_line() is not None),
            (Intent.FULLSCREEN, _("Window") if self.app.fullscreen else _("Full screen"), True),
        ]
        if coach.can_rewind():
            items.insert(7, (Intent.REWIND, _("Rewind"), True))
        if self.demo:
            items = [(Intent.CLOSE, _("Stop demo"), True), items[-1]]
        elif self.autoplay is not None or coach.search is not None:
            items = [(a, label, on and a in (Intent.MENU, Intent.FULLSCREEN)) for a, label, on in items]
        key = (tuple(items), tuple(self.layout.toolbar), title)
        if self._buttons_key != key:
            self._buttons_key = key
            self._buttons = toolbar_buttons(
                self.layout.toolbar, items, title_width(title, self.layout.toolbar)
            )
        return self._buttons

    def title(self) -> str:
        """The game's name and deal number."""
        # Translators: the toolbar's title; {game} is the game's name, {deal} its deal number
        parts = [_("{game}  ·  Deal {deal}").format(game=game_name(self.g.variant), deal=self.g.deal)]
        rating = self.session.coach.rating_text()
        if rating:
            parts.append(rating)
        if self.session.daily:
            parts.append(_("Deal of the day"))
        title = "  ·  ".join(parts)
        # Translators: the toolbar's title while the computer plays a demo
        return _("Demo: {title}").format(title=title) if self.demo else title

    def status_items(self) -> list[tuple[str, str]]:
        """Score, moves, time (each unless the player hid it: the calm table), and the stock,
        redeals and base rank where the game has them."""
        v, state, shown = self.g.variant, self.display_state, self.app.settings
        score = sum(len(state.piles[f]) for f in v.foundations)
        items = []
        if shown.show_score:
            items.append((_("Score"), _("{score}/52").format(score=score)))
        if shown.show_moves:
            items.append((_("Moves"), format_number(self.g.moves_made)))
        if shown.show_clock:
            items.append((_("Time"), clock_text(self.session.elapsed())))
        if v.stock >= 0:
            items.append((_("Stock"), format_number(len(state.piles[v.stock]))))
        if v.redeals:
            items.append((_("Redeals"), format_number(state.redeals_left)))
        if v.dealt_base:
            # Translators: the rank the foundations start from in this deal
            items.append((_("Base"), rank_mark(state.base_rank)))
        if (outlook := self.session.coach.status_item()) is not None:
            items.append(outlook)
        return items

    def _status_key(self) -> tuple[object, ...]:
        return (tuple(self.status_items()), self.autoplay.actions if self.autoplay else None)

    @property
    def hovered(self) -> Hashable | None:
        """The toolbar button under the pointer (the input's)."""
        return self.input.hover

    def draw(self, surface: Surface) -> None:
        self.drawing.draw(surface)

    def layer_cover(self) -> list[Rect] | None:
        """Where the window shows something over the table layer (``TableDrawing.layer_cover``)."""
        return self.drawing.layer_cover()
