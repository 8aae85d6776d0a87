"""The table: one game in play, its cards, the toolbar and the status line.

Every rule question goes to the engine. ``TableScene`` is the scene the app shows: its
frames (what changed, when to wake). The game session it plays is its base,
``game.scenes.table_session``; it holds the player's input (``self.input``, a
``game.scenes.table_input.TableInput``) and its drawing (``self.drawing``, a
``game.scenes.table_drawing.TableDrawing``), each asking of it only a protocol.
"""

from __future__ import annotations

from collections.abc import Hashable
from datetime import date
from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

import game
from game.controls.focus import KeyboardPlay
from game.controls.intents import Intent
from game.controls.table import Drag, Selection
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import _, format_number, pgettext
from game.play import Game
from game.scenes.base import Damage
from game.scenes.coach import Coach
from game.scenes.play_clock import COVERED, OVER, SEARCHING, PlayClock
from game.scenes.table_drawing import TableDrawing
from game.scenes.table_input import TableInput
from game.scenes.table_session import (
    ANSWER_POLL,
    Autoplay,
    TableSession,
)
from game.solver.advisor import Outlook
from game.solver.rating import Difficulty
from game.view.animation import Animator, Spot, Sprite
from game.view.hud import clock_text, title_width, toolbar_buttons
from game.view.layout import compute_layout
from game.view.marks import rank_mark
from game.view.names import game_name
from game.view.widgets import Button

if TYPE_CHECKING:
    from game.scenes.base import Services

__all__ = ["TableScene"]


def deal_verdict(coach: Coach, g: Game) -> str | None:
    """``unwinnable`` when the solver proved the deal lost from its opening, ``winnable`` when it
    found a win from the opening or from where the game stands (reached from it), else None."""
    if coach.never_winnable():
        return "unwinnable"
    rated = coach.advisor.rating(g)
    if rated in (Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD):
        return "winnable"
    return "winnable" if coach.advisor.outlook(g) is Outlook.WINNABLE else None


class TableScene(TableSession):
    """The table for one game (see the module doc): the session's game (its base), the
    input (``self.input``, a ``TableInput``) and the drawing (``self.drawing``)."""

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
        date: that day's), or
        (``demo``) a copy of a game for the computer to play on from where it stands."""
        super().__init__(app)
        self.animator = Animator()
        self.input = TableInput(self)
        self.drawing = TableDrawing(self)
        """The player's keys, pointer and buttons (``game.scenes.table_input``)."""
        self.drag: Drag | None = None
        self.selection: Selection | None = None
        self.keyboard = KeyboardPlay(self)
        """The keyboard and gamepad focus (``game.controls.focus``)."""
        self.hint: tuple[Move, float] | None = None
        self.toast: tuple[str, float] | None = None
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
        self._verdict_told: tuple[Game, str] | None = None
        day = app.persist.store.today() if daily is True else (daily or None)
        self.daily: date | None = None
        """The date whose deal of the day this is (else ``None``)."""
        if demo is not None:
            g, elapsed, resumed = Game(demo.variant, demo.state, demo.deal), 0.0, False
        elif autoplay:  # the computer's games are not the player's: not saved, not counted
            g, elapsed, resumed = game.new_game(variant, deal), 0.0, False
        else:
            g, elapsed, resumed, self.daily = app.persist.game_for(variant, deal, daily=day)
        self.g = g
        self.layout = compute_layout(self.g.variant, app.size)
        fresh = not resumed and deal is None and day is None and self.autoplay is None
        if fresh and self.coach.winnable_only():
            self._start(self.g, record=False)
            self.coach.find_deal()
        else:
            self._start(self.g, elapsed, resumed)

    def takes_stats_key(self) -> bool:
        """S opens the statistics over the table."""
        return True

    def never_winnable(self) -> bool:
        """Whether the solver proved the deal lost from its opening (``Coach.never_winnable``)."""
        return self.coach.never_winnable()

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
        self._now = max(self._now, self.app.input_time)
        return self._now

    def damage(self, rects: list[Rect]) -> None:
        """Redraw ``rects`` on the next frame."""
        self._partial += rects

    def fly_back(self, state: State, start: dict[int, Spot]) -> None:
        """Cards dropped where they cannot go fly back from ``start`` to their places."""
        self._queue(state, state, start=start)

    def end_demo(self) -> None:
        """The demo's table goes."""
        self.app.pop(self)

    def cover(self) -> None:
        self.clock.pause(COVERED, self.app.now())
        self.input.pointer.cancel()
        self.input.cancel_drag()

    def uncover(self) -> None:
        super().uncover()
        self._now = self.app.now()  # frames were not this scene's while it was covered
        self.clock.resume(COVERED, self._now)

    def resize(self) -> None:
        super().resize()
        self.finish_animations()
        self.input.cancel_drag()
        self.input.pointer.scale = self.app.display.scale
        self.layout = compute_layout(self.g.variant, self.app.size)
        self.buttons = self._toolbar()  # the labels may be in another language now

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
            self._tell_verdict()
        if not busy:
            self._settle()
        self._hold_clock(now)
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
        if full:
            return True
        return partial or False

    def _hold_clock(self, now: float) -> None:
        """The game clock stops while no move is left (an undo lets it run on) and while the
        next deal is looked for: a lost game's time is the time it was played."""
        holds = {OVER: self._stuck_seen == self.g.state, SEARCHING: self.coach.search is not None}
        for reason, hold in holds.items():
            if hold != (reason in self.clock.paused):
                (self.clock.pause if hold else self.clock.resume)(reason, now)

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
            if not (self.g.is_won() or self.g.is_stuck()):  # a won or stuck end was told already
                self.app.autoplay_gave_up(self)

    def _tell_verdict(self) -> None:
        """Keep the solver's verdict on the deal with the player's game, so the statistics show
        what the game itself said ("Unwinnable" in the title, "cannot be won" in a hint)."""
        if self.autoplay is not None or self.demo:
            return
        verdict = deal_verdict(self.coach, self.g)
        if verdict is not None and self._verdict_told != (self.g, verdict):
            self._verdict_told = (self.g, verdict)
            self.app.persist.verdict(self.g, verdict)

    def _toolbar(self) -> list[Button]:
        g = self.g
        title = self.title()
        items = [
            (Intent.MENU, _("Menu"), True),
            (Intent.NEW_DEAL, pgettext("toolbar", "New"), True),
            (Intent.CHANGE_GAME, _("Games"), True),
            (Intent.RESTART, _("Restart"), g.can_undo()),
            (Intent.UNDO, _("Undo"), g.can_undo()),
            (Intent.REDO, _("Redo"), g.can_redo()),
            (Intent.HINT, _("Hint"), not g.is_won()),
            (Intent.FINISH, _("Finish"), self._finish_line() is not None),
            (Intent.FULLSCREEN, _("Window") if self.app.fullscreen else _("Full screen"), True),
        ]
        if self.coach.can_rewind():
            items.insert(7, (Intent.REWIND, _("Rewind"), True))
        if self.demo:
            items = [(Intent.CLOSE, _("Stop demo"), True), items[-1]]
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
        # Translators: the toolbar's title; {game} is the game's name, {deal} its deal number
        parts = [_("{game}  ·  Deal {deal}").format(game=game_name(self.g.variant), deal=self.g.deal)]
        rating = self.coach.rating_text()
        if rating:
            parts.append(rating)
        if self.daily:
            parts.append(_("Deal of the day"))
        title = "  ·  ".join(parts)
        # Translators: the toolbar's title while the computer plays a demo
        return _("Demo: {title}").format(title=title) if self.demo else title

    def status_items(self) -> list[tuple[str, str]]:
        """Score, moves, time, and the stock, redeals and base rank where the game has them."""
        v, state = self.g.variant, self.display_state
        score = sum(len(state.piles[f]) for f in v.foundations)
        items = [
            (_("Score"), _("{score}/52").format(score=score)),
            (_("Moves"), format_number(self.g.moves_made)),
            (_("Time"), clock_text(self.elapsed())),
        ]
        if v.stock >= 0:
            items.append((_("Stock"), format_number(len(state.piles[v.stock]))))
        if v.redeals:
            items.append((_("Redeals"), format_number(state.redeals_left)))
        if v.dealt_base:
            # Translators: the rank the foundations start from in this deal
            items.append((_("Base"), rank_mark(state.base_rank)))
        if (outlook := self.coach.status_item()) is not None:
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
