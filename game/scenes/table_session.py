"""The table's game session: the game in play and what happens to it, with no scene around it.

A player action is played on the engine at once, followed by the safe automatic moves
(each played with ``automatic=True``, so the action stays one undo step); the scene that shows
the session (its ``Stage``) then animates the states one after another. The game, its clock,
saving, the solver's answers (``coach``: the indicator, hints, rewind, found deals), the
table's messages and the computer's autoplay live here. The table scene
(``game.scenes.table``) holds one ``TableSession`` beside its input and its drawing; the
session asks of the program only ``SessionApp`` and of the scene only ``Stage``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import game
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import _
from game.play import Game
from game.scenes.coach import WAIT, Coach
from game.scenes.play_clock import OVER, SEARCHING, PlayClock
from game.solver.advisor import Advisor, Outlook
from game.solver.heuristic import is_stock_action
from game.solver.rating import Difficulty
from game.store import Settings as StoredSettings
from game.view.animation import Spot
from game.view.names import capitalised, player_words

if TYPE_CHECKING:
    from game.app_store import Persistence
    from game.view.settings import Settings

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


WON, STUCK, GAVE_UP = "won", "stuck", "gave up"
"""How a game ends, as ``TableSession.ending`` tells it once (the scene tells the app)."""


def deal_verdict(coach: Coach, g: Game) -> str | None:
    """``unwinnable`` when the solver proved the deal lost from its opening, ``winnable`` when it
    found a win from the opening or from where the game stands (reached from it), else None."""
    if coach.never_winnable():
        return "unwinnable"
    rated = coach.advisor.rating(g)
    if rated in (Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD):
        return "winnable"
    return "winnable" if coach.advisor.outlook(g) is Outlook.WINNABLE else None


class SessionApp(Protocol):
    """What the session asks of the program: the store, the settings it plays by, the advisor
    and the clock (``game.scenes.base.Services`` has all of them)."""

    @property
    def persist(self) -> Persistence:
        """The player's store: the game to play, saving, the statistics' records."""

    @property
    def settings(self) -> Settings:
        """The table's settings (automatic moves)."""

    @property
    def advisor(self) -> Advisor:
        """The solver's knowledge of the games played."""

    def now(self) -> float:
        """The app's clock in seconds."""


class Stage(Protocol):
    """What the session asks of the scene that shows it: to animate what happened to the game,
    to drop what the player held, to redraw and to sound."""

    def show_deal(self, g: Game) -> None:
        """``g`` is the game now: what the player held goes, its deal flies out."""

    def show_change(
        self,
        before: State,
        after: State,
        move: Move | None = None,
        start: dict[int, Spot] | None = None,
        factor: float = 1.0,
    ) -> None:
        """Animate the game from ``before`` to ``after`` (``factor``: faster below 1)."""

    def let_go(self) -> None:
        """An action was made: the player's pick-up is dropped."""

    def redraw_bars(self) -> None:
        """Cards fly home (their animation redraws them): redraw the rest that changed."""

    def finish_animations(self) -> None:
        """Complete every running animation at once."""

    def invalidate(self) -> None:
        """Ask for a full redraw."""

    def sound(self, name: str) -> None:
        """Play sound effect ``name``."""


class TableSession:
    """One game at the table: start, play, undo, save, hint, autoplay (see the module doc)."""

    def __init__(
        self,
        app: SessionApp,
        stage: Stage,
        variant: str,
        deal: int | None = None,
        autoplay: bool = False,
        *,
        daily: bool | date = False,
        demo: Game | None = None,
    ) -> None:
        """The session of ``variant``: its saved game, deal ``deal``, today's deal (``daily``;
        a date: that day's), or (``demo``) a copy of a game for the computer to play on from
        where it stands. Nothing is shown before ``open``."""
        self.app = app
        self.stage = stage
        self.time = app.now()
        """The table's time: the frame's or the events' being handled (the app's clock)."""
        self.clock = PlayClock()
        """Seconds of play (``game.scenes.play_clock``: paused while the table cannot be seen)."""
        self.autoplay = Autoplay() if autoplay or demo is not None else None
        self.demo = demo is not None
        """A demo over the player's own table: any key or click goes back to it."""
        self.coach = Coach(self)
        """The solver's answers: the indicator, hints, rewind, the demo's moves, found deals."""
        self.hint: tuple[Move, float] | None = None
        """The move outlined, and until when."""
        self.toast: tuple[str, float] | None = None
        """The message over the status line, and until when."""
        self._won_shown = False
        self._stuck_seen: State | None = None
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
        self.seen = {g.state}
        """The positions this game has been in."""
        fresh = not resumed and deal is None and day is None and self.autoplay is None
        self._opening = (elapsed, resumed, fresh)

    def open(self) -> None:
        """Show the game (with "winnable deals only" on, a fresh deal is a proven one instead)."""
        elapsed, resumed, fresh = self._opening
        if fresh and self.coach.winnable_only():
            self.start(self.g, record=False)
            self.coach.find_deal()
        else:
            self.start(self.g, elapsed, resumed)

    # What the coach asks of the session (``game.scenes.coach.CoachSession``).

    @property
    def advisor(self) -> Advisor:
        """The app's advisor."""
        return self.app.advisor

    @property
    def stored(self) -> StoredSettings:
        """The player's stored settings."""
        return self.app.persist.stored

    @property
    def auto_moves(self) -> bool:
        """Whether cards go home by themselves."""
        return self.app.settings.auto_moves

    @property
    def autoplaying(self) -> bool:
        """Whether autoplay or the demo plays the game."""
        return self.autoplay is not None

    def now(self) -> float:
        """The app's clock in seconds."""
        return self.app.now()

    def played_deals(self) -> set[int]:
        """The deal numbers of this game ever finished or in progress here."""
        return self.app.persist.store.played_deals(self.g.key)

    def winnable_cache(self) -> Path | None:
        """The folder of the winnable deals proved on this machine (``None``: none)."""
        return self.app.persist.daily_cache()

    # Starting, saving.

    def start(
        self,
        g: Game,
        elapsed: float = 0.0,
        resumed: bool = False,
        *,
        record: bool = True,
        winnable: bool = False,
    ) -> None:
        """Show a game (new, or ``resumed`` from the store): the deal flies out, the safe cards go home."""
        if g is not self.g:
            self.save_time()  # the game left behind is recorded with its time up to now
        self.g = g
        self.seen = {g.state}
        if self.autoplay is not None:  # the computer plays each game it is shown afresh
            self.autoplay = Autoplay()
        self.hint = None
        self._won_shown = False
        self._stuck_seen = None
        self.stage.show_deal(g)
        under_way = resumed and g.moves_made > 0 and not g.is_won()  # its clock runs on
        self.clock.reset(self.time, elapsed, started=under_way)
        self._auto_moves()
        if self.autoplay is None and record:
            if resumed:
                self._save()
            else:
                self.app.persist.started(g, daily=self.daily, winnable=winnable)
        self.stage.invalidate()

    def new_deal(self, deal: int | None = None) -> None:
        """Start a new game of the same variant (a random deal unless ``deal`` is given; with
        "winnable deals only" on, a random deal the solver proves winnable)."""
        self.daily = None
        if deal is None and self.autoplay is None and self.coach.winnable_only():
            self.coach.find_deal()
            return
        self.start(game.new_game(self.g.key, deal))

    def start_found(self, g: Game, winnable: bool) -> None:
        """Show the deal a search for a winnable deal settled on."""
        self.daily = None
        self.toast = None
        self.start(g, winnable=winnable)
        if winnable:
            self.app.persist.refill_winnable(g.key)

    def same_deal(self) -> None:
        """Deal the same number again, from the start (a new game in the statistics)."""
        self.daily = None
        self.start(game.new_game(self.g.key, self.g.deal))

    def _save(self) -> None:
        """Save the game after an action (the computer's autoplay games are not saved); a won
        game's clock stops here, so the win screen and the statistics show the same time."""
        if self.g.is_won():
            self.clock.stop(self.time)
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

    def elapsed(self) -> float:
        """Seconds of play so far (the clock starts with the first action, stops at the win)."""
        return self.clock.elapsed(self.time)

    def play(self, move: Move, start: dict[int, Spot] | None = None) -> bool:
        """The player's move, animated, followed by the automatic moves; False if illegal."""
        self.stage.finish_animations()
        if not self.g.is_legal(move):
            return False
        before = self.g.state
        self.g.play(move)
        self.stage.sound("shuffle" if is_stock_action(self.g.variant, move) else "move")
        self.stage.show_change(before, self.g.state, move, start)
        self.clock.start(self.time)
        self._after_action()
        return True

    def _after_action(self) -> None:
        self.hint = None
        self.stage.let_go()
        self._auto_moves()
        self.seen.add(self.g.state)
        self._save()
        self.stage.invalidate()

    def _auto_moves(self) -> None:
        """The safe foundation moves, one by one into the current step; then a certain finish."""
        if not self.app.settings.auto_moves:
            return
        while moves := self.g.auto_moves():
            before = self.g.state
            self.g.play(moves[0], automatic=True)
            self.stage.show_change(before, self.g.state, moves[0], factor=AUTO_SPEED)
        line = self.g.finish_line() if self.g.kept_out() is None else None
        if line:
            self._queue_finish(line, automatic=True)

    def finish(self) -> None:
        """Send the remaining cards home, one by one, accelerating (when the win is certain)."""
        self.stage.finish_animations()
        line = self.g.finish_line()
        if not line:
            self.show_toast(_("Not yet: the rest is not a certain win."))
            return
        self._queue_finish(line, automatic=False)
        self._save()
        if self.hint is None:
            self.stage.redraw_bars()  # the cards are redrawn pile by pile
        else:
            self.stage.invalidate()

    def _queue_finish(self, line: list[Move], automatic: bool) -> None:
        factor = 1.0
        for i, move in enumerate(line):
            before = self.g.state
            self.g.play(move, automatic=automatic or i > 0)
            self.stage.show_change(before, self.g.state, move, factor=factor)
            factor = max(0.18, factor * FINISH_ACCELERATION)
        self.seen.add(self.g.state)

    def undo(self) -> None:
        """Take back the last action, animated."""
        self.stage.finish_animations()
        if not self.g.can_undo():
            self.show_toast(_("Nothing to undo."))
            return
        before = self.g.state
        self.g.undo()
        self.stage.show_change(before, self.g.state)
        self._after_history()

    def redo(self) -> None:
        """Make the last undone action again, animated."""
        self.stage.finish_animations()
        if not self.g.can_redo():
            self.show_toast(_("Nothing to redo."))
            return
        before = self.g.state
        self.g.redo()
        self.stage.show_change(before, self.g.state)
        self._after_history()

    def restart(self) -> None:
        """Back to the opening position, animated: a new attempt at the same deal (a new game
        in the statistics, its clock from 0:00)."""
        self.stage.finish_animations()
        old = self.g
        if not old.can_undo() and not old.can_redo() and not self.elapsed():
            self.show_toast(_("Already at the start of the deal."))
            return
        self.save_time()
        self.g = Game(old.variant, old.initial_state, old.deal)
        self.stage.show_change(old.state, self.g.state)
        self.seen = {self.g.state}
        self.clock.reset(self.time)
        if self.autoplay is None:
            self.app.persist.restarted(self.g)
        self._after_history()

    def _after_history(self) -> None:
        self.hint = None
        self.stage.let_go()
        self._won_shown = self.g.is_won()
        self._save()
        self.stage.invalidate()

    def ended_text(self, rewind: bool = False) -> str | None:
        """What the table says to a hint, finish or (won) rewind once the game is over, so
        nothing claims that a won deal could still be won or that a stuck one has a move left."""
        if self.g.is_won():
            return _("The deal is won: nothing is left to play.")
        if self.g.is_stuck() and not rewind:  # a rewind is just what a lost game may want
            return _("No legal move is left in this deal: Undo, Restart or a new deal.")
        return None

    def show_hint(self) -> None:
        """H: outline the solver's next move, or the heuristic's (``Coach.hint``)."""
        self.stage.finish_animations()
        self.coach.hint()

    def set_hint(self, move: Move, reason: str) -> None:
        """Outline ``move`` for a few seconds, saying why."""
        self.hint = (move, self.time + HINT_TIME)
        self.show_toast(reason, HINT_TIME)

    def undo_steps(self, steps: int) -> None:
        """Take back ``steps`` actions at once, animated as one (the rewind)."""
        self.stage.finish_animations()
        before = self.g.state
        for _step in range(min(steps, self.g.moves_made)):
            self.g.undo()
        self.stage.show_change(before, self.g.state)
        self._after_history()

    def refuse(self, reason: str) -> None:
        """A pick-up or drop the rules refuse: a thud, and the engine's reason for a moment."""
        self.stage.sound("thud")
        # Translators: a move the rules refuse; {reason} is the rule it breaks
        self.show_toast(_("{reason}.").format(reason=capitalised(player_words(reason))), REFUSAL_TIME)

    def refuse_home(self, pile: str) -> None:
        """A double-click or Shift+Enter that sends nothing home: the engine's reason."""
        reason = self.g.why_not_home(pile)
        if reason == "legal":  # a variant's double-click may decline a legal move home
            self.stage.sound("thud")
            self.show_toast(_("Nothing here goes home now."), REFUSAL_TIME)
        else:
            self.refuse(reason)

    def show_toast(self, message: str, duration: float | None = TOAST_TIME) -> None:
        """A short message above the status line (``duration`` None: until the next one)."""
        self.toast = (message, self.time + duration if duration is not None else float("inf"))
        self.stage.invalidate()

    # Between frames (the scene asks while nothing moves, or once a frame).

    def autoplay_step(self) -> None:
        """Autoplay's next action (it may wait for the solver, or give up)."""
        auto = self.autoplay
        assert auto is not None
        g = self.g
        auto.seen.add(g.state)
        following = self.demo and self.coach.advisor.line(g) is not None  # a line needs no progress check
        over = g.is_won() or auto.actions >= MAX_AUTOPLAY_ACTIONS or (auto.stalled(g) and not following)
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
        moves = "move" if g.moves_made == 1 else "moves"
        return f"{g.key} deal {g.deal}: {result} after {g.moves_made} {moves}, score {g.score}/52"

    def ending(self) -> str | None:
        """How the game just ended, told once: ``WON`` (the clock stops, a fanfare), ``STUCK``
        (no move left in a position not told before), ``GAVE_UP`` (autoplay found nothing new
        to reach, the game neither won nor stuck); else None."""
        g = self.g
        if g.is_won() and not self._won_shown:
            self._won_shown = True
            self.clock.stop(self.time)
            self.stage.sound("win")
            return WON
        if g.is_stuck() and self._stuck_seen != g.state:
            self._stuck_seen = g.state
            return STUCK
        auto = self.autoplay
        if auto is not None and auto.done and not auto.reported:
            auto.reported = True
            if not (g.is_won() or g.is_stuck()):  # a won or stuck end was told already
                return GAVE_UP
        return None

    def expire(self, now: float) -> bool:
        """The hint and the message go when their time is up; whether one did."""
        gone = False
        if self.hint is not None and now >= self.hint[1]:
            self.hint, gone = None, True
        if self.toast is not None and now >= self.toast[1]:
            self.toast, gone = None, True
        return gone

    def deadlines(self) -> list[float]:
        """When the hint and the message shown go."""
        return [t[1] for t in (self.hint, self.toast) if t is not None]

    def hold_clock(self, now: float) -> None:
        """The game clock stops while no move is left (an undo lets it run on) and while the
        next deal is looked for: a lost game's time is the time it was played."""
        holds = {OVER: self._stuck_seen == self.g.state, SEARCHING: self.coach.search is not None}
        for reason, hold in holds.items():
            if hold != (reason in self.clock.paused):
                (self.clock.pause if hold else self.clock.resume)(reason, now)

    def tell_verdict(self) -> None:
        """Keep the solver's verdict on the deal with the player's game, so the statistics show
        what the game itself said ("Unwinnable" in the title, "cannot be won" in a hint)."""
        if self.autoplay is not None or self.demo:
            return
        verdict = deal_verdict(self.coach, self.g)
        if verdict is not None and self._verdict_told != (self.g, verdict):
            self._verdict_told = (self.g, verdict)
            self.app.persist.verdict(self.g, verdict)

    def finish_line(self) -> list[Move] | None:
        """The moves of a certain finish from here, if there is one (worked out once a position)."""
        state = self.g.state
        if self._finish is None or self._finish[0] != state:
            self._finish = (state, self.g.finish_line())
        return self._finish[1]
