"""The table's game session: the game in play and what happens to it.

A player action is played on the engine at once, followed by the safe automatic moves
(each played with ``automatic=True``, so the action stays one undo step); the animator then
shows the states one after another. Saving, the play clock, hints, messages and the
computer's autoplay live here; input is ``game.scenes.table_input``, frames and drawing
``game.scenes.table``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from pygame import Rect

import game
from game.controls.focus import KeyboardPlay
from game.controls.table import Drag, Selection
from game.engine.cards import parse_card
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import _
from game.play import Game
from game.scenes.base import Scene
from game.scenes.coach import WAIT, Coach
from game.scenes.play_clock import PlayClock
from game.solver.advisor import Advisor
from game.solver.heuristic import is_stock_action
from game.store import Settings as StoredSettings
from game.view.animation import Animator, Spot, Sprite, plan_deal, plan_transition
from game.view.layout import TableLayout, compute_layout
from game.view.names import capitalised, card_words, pile_words

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
_PILE = re.compile(r"\b(?:(?:tableau|foundation|reserve)-\d+|stock|waste|reserve)\b")
_MOVE = re.compile(r"\b([a-z]+(?:-\d+)?) -> ([a-z]+(?:-\d+)?)(?: x\d+)?")


def player_words(reason: str) -> str:
    """An engine reason as the table says it: cards by name ("the seven of spades" for ``7S``),
    piles as words ("tableau 3" for ``tableau-3``, the language's word for ``waste``) and a move's
    text form as "stock → waste". The pile names are the engine's English ones, left in the
    translated sentence by its placeholders; no catalog's own words look like them."""
    named = _CARD.sub(lambda m: card_words(parse_card(m.group(1))[0]), reason)
    named = _MOVE.sub(lambda m: f"{m.group(1)} → {m.group(2)}", named)
    return _PILE.sub(lambda m: pile_words(m.group(0)), named)


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


class TableSession(Scene):
    """One game at the table: start, play, undo, save, hint (the scene's state lives here)."""

    g: Game
    layout: TableLayout
    animator: Animator
    clock: PlayClock
    coach: Coach
    keyboard: KeyboardPlay
    autoplay: Autoplay | None
    demo: bool
    daily: date | None
    seen: set[State]
    selection: Selection | None
    drag: Drag | None
    hint: tuple[Move, float] | None
    toast: tuple[str, float] | None
    sprites: list[Sprite]
    _now: float
    _partial: list[Rect]
    _won_shown: bool
    _stuck_seen: State | None

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
        self.seen = {g.state}
        self.animator.finish()
        self.drag = self.selection = self.hint = None
        self.keyboard.reset()
        self._won_shown = False
        self._stuck_seen = None
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
        self.daily = None
        if deal is None and self.autoplay is None and self.coach.winnable_only():
            self.coach.find_deal()
            return
        self._start(game.new_game(self.g.key, deal))

    def start_found(self, g: Game, winnable: bool) -> None:
        """Show the deal a search for a winnable deal settled on."""
        self.daily = None
        self.toast = None
        self._start(g, winnable=winnable)

    def same_deal(self) -> None:
        """Deal the same number again, from the start (a new game in the statistics)."""
        self.daily = None
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
            self.show_toast(_("Not yet: the rest is not a certain win."))
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
            self.show_toast(_("Nothing to undo."))
            return
        before = self.g.state
        self.g.undo()
        self._queue(before, self.g.state)
        self._after_history()

    def redo(self) -> None:
        """Make the last undone action again, animated."""
        self.finish_animations()
        if not self.g.can_redo():
            self.show_toast(_("Nothing to redo."))
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
            self.show_toast(_("Already at the start of the deal."))
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
        for _step in range(min(steps, self.g.moves_made)):
            self.g.undo()
        self._queue(before, self.g.state)
        self._after_history()

    def refuse(self, reason: str) -> None:
        """A pick-up or drop the rules refuse: a thud, and the engine's reason for a moment."""
        self.sound("thud")
        # Translators: a move the rules refuse; {reason} is the rule it breaks
        self.show_toast(_("{reason}.").format(reason=capitalised(player_words(reason))), REFUSAL_TIME)

    def refuse_home(self, pile: str) -> None:
        """A double-click or Shift+Enter that sends nothing home: the engine's reason."""
        reason = self.g.why_not_home(pile)
        if reason == "legal":  # a variant's double-click may decline a legal move home
            self.sound("thud")
            self.show_toast(_("Nothing here goes home now."), REFUSAL_TIME)
        else:
            self.refuse(reason)

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

    def sound(self, name: str) -> None:
        """Play sound effect ``name`` (``game.view.sound``)."""
        self.app.sound.play(name)

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
        moves = "move" if g.moves_made == 1 else "moves"
        return f"{g.key} deal {g.deal}: {result} after {g.moves_made} {moves}, score {g.score}/52"
