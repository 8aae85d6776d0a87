"""The table's solver features: the winnable indicator, hints, rewind, the demo's moves,
deal ratings and "winnable deals only".

The answers come from the app's ``Advisor`` (``game.solver.advisor``), which searches in
another process; this module decides what to ask and when, and never makes the frame loop
wait: a hint that needs a search is shown when the answer comes (at most ``HINT_WAIT``
later, else the heuristic's move is shown, said so), a rewind that needs the history
checked waits the same way, and a search for a winnable deal runs while the table stays
responsive (Esc gives up and keeps the game on the table).

Hints never depend on cards the player cannot see: while any card is face down (the stock
included) the hint is the heuristic's. The indicator, rewind and the demo use every card,
as the issue asks of them ("perfect information").
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import game
from game.engine.moves import Move
from game.engine.state import State
from game.i18n import N_, _, format_number, ngettext
from game.play import Game
from game.solver.advisor import Advisor, Outlook
from game.solver.answer import Solution, Verdict
from game.solver.heuristic import best_move, describe
from game.solver.rating import RATING_BUDGET, Difficulty
from game.view.names import capitalised

if TYPE_CHECKING:
    from game.store import Settings as StoredSettings
    from game.store.winnable import Entry

HINT_WAIT = 0.5
"""Longest wait for a solver hint before the heuristic's move is shown instead."""
REWIND_WAIT = 3.0
"""Longest wait for the history check behind a rewind."""
DEMO_FIRST_WAIT = RATING_BUDGET.seconds + 1.0
"""The demo waits this long for a winning line from its first position..."""
DEMO_WAIT = 0.5
"""... and this long from any later one before making the heuristic's move."""
DEAL_SEARCH_SECONDS = 9.0
DEAL_SEARCH_TRIES = 30
"""A search for a winnable deal (only when the shipped table has none to give) gives up after
this long or this many deals: a deal is on the table within 10 s, whatever happens."""

DIFFICULTY_TEXT = {
    # Translators: a deal's difficulty, shown in the toolbar's title
    Difficulty.EASY: N_("Easy"),
    # Translators: a deal's difficulty, shown in the toolbar's title
    Difficulty.MEDIUM: N_("Medium"),
    # Translators: a deal's difficulty, shown in the toolbar's title
    Difficulty.HARD: N_("Hard"),
    # Translators: a deal's difficulty: the solver proved it cannot be won
    Difficulty.UNWINNABLE: N_("Unwinnable"),
}
"""A rated deal's difficulty as the title says it (translated where shown)."""

WAIT = "wait"
"""``demo_move``'s answer when the demo should wait for the solver."""

_OUTLOOK_TEXT = {
    # Translators: the status line's "Winnable" value while the solver works
    Outlook.CHECKING: N_("checking…"),
    # Translators: the status line's "Winnable" value
    Outlook.WINNABLE: N_("yes"),
    # Translators: the status line's "Winnable" value
    Outlook.UNWINNABLE: N_("no"),
    # Translators: the status line's "Winnable" value: the solver could not tell in time
    Outlook.UNKNOWN: N_("unknown"),
    # Translators: the status line's "Winnable" value
    Outlook.UNAVAILABLE: N_("solver unavailable"),
}
"""The indicator's value per outlook (translated where shown)."""
# Translators: the status line's "Winnable" value while a second, longer search runs
DEEPENING_TEXT = N_("checking deeper…")
"""The indicator while a position the quick check left unknown is searched again."""


class CoachSession(Protocol):
    """All the coach asks of the table's game session (``game.scenes.table_session``'s
    ``TableSession``, never the scene): the game and the positions seen, the advisor and the
    settings it follows, the clock, the deals played before, and the few things it does to the
    game (a notice, a hint shown, a rewind played, a found deal dealt)."""

    @property
    def g(self) -> Game:
        """The game on the table."""

    @property
    def seen(self) -> set[State]:
        """The positions this game has been in (the heuristic avoids going back)."""

    @property
    def advisor(self) -> Advisor:
        """The app's advisor (one for every table, so what it learnt carries over)."""

    @property
    def stored(self) -> StoredSettings:
        """The player's stored settings (the winnable indicator, "winnable deals only")."""

    @property
    def auto_moves(self) -> bool:
        """Whether cards go home by themselves (the advisor searches ahead of them)."""

    @property
    def autoplaying(self) -> bool:
        """Whether autoplay or the demo plays the game."""

    @property
    def demo(self) -> bool:
        """Whether the demo plays the game (it plays only the solver's winning lines)."""

    def now(self) -> float:
        """The app's clock in seconds."""

    def played_deals(self) -> set[int]:
        """The deal numbers of this game ever finished or in progress here (the shipped
        winnable deals not yet played come first)."""

    def winnable_cache(self) -> Path | None:
        """The folder of the winnable deals proved on this machine (``None``: none)."""

    def show_toast(self, message: str, duration: float | None = ...) -> None:
        """Say ``message`` over the table (``None``: until replaced)."""

    def set_hint(self, move: Move, reason: str) -> None:
        """Outline ``move`` for a few seconds, saying why."""

    def undo_steps(self, steps: int) -> None:
        """Take back ``steps`` actions at once."""

    def start_found(self, g: Game, winnable: bool) -> None:
        """Deal ``g``, the deal a search settled on."""


@dataclass
class DealSearch:
    """Looking for a deal the solver proves winnable."""

    started: float
    candidate: Game
    tried: int = 1


class Coach:
    """The solver's side of one table (see the module doc)."""

    def __init__(self, session: CoachSession) -> None:
        self.session = session
        self.search: DealSearch | None = None
        self._followed: tuple[Game, State] | None = None
        self._hint_until: float | None = None
        self._rewind_until: float | None = None
        self._demo_waiting: tuple[State, float] | None = None
        self.demo_stopped: str | None = None
        """Why the demo stopped short of a win (translated), once it has."""
        self._demo_told: State | None = None
        """The position for which the demo said it is looking for a line."""
        self._first_frame_done = False
        self._view_key: tuple[object, ...] = ()
        self._view_value: tuple[Outlook, bool] = (Outlook.UNKNOWN, False)

    @property
    def advisor(self) -> Advisor:
        """The app's advisor (one for every table, so what it learnt carries over)."""
        return self.session.advisor

    @property
    def indicator(self) -> bool:
        """Whether the winnable indicator is on (a stored setting)."""
        return self.session.stored.winnable_indicator

    def tick(self, now: float) -> bool:
        """Between frames: ask and take answers; whether what the table shows changed."""
        if not self._first_frame_done:  # the first frame is drawn before a worker starts
            self._first_frame_done = True
            return False
        g = self.session.g
        self.advisor.set_automatic(self.session.auto_moves)  # searched as the table plays
        if self.search is None and self._followed != (g, g.state):
            if self._followed is None or self._followed[0] is not g:
                self._learn_known_deal(g)
            self._followed = (g, g.state)
            if self.indicator or self.session.autoplaying:
                self.advisor.follow(g, checks=self.indicator)
            if self.session.autoplaying:
                self.advisor.want(g)
        changed = self.advisor.poll()
        if self.search is not None:
            changed = self._search_step(now) or changed
        if self._hint_until is not None and (not self._hint_pending() or now >= self._hint_until):
            self._hint_until = None
            self._show_hint(self._solver_hint())
            changed = True
        if self._rewind_until is not None and (not self.advisor.busy() or now >= self._rewind_until):
            self._rewind_until = None
            self._rewind()
            changed = True
        return changed

    def polling(self) -> bool:
        """Whether the table must wake up often to take an answer: while it waits and the
        answer cannot wake it (the main loop sleeps until the worker's pipe is ready: see
        ``Advisor.waitables``)."""
        if self._first_frame_done is False or self.search is not None:
            return True
        return self.advisor.busy() and not self.advisor.waitables()

    # ---------------------------------------------------------------- what it shows

    def status_item(self) -> tuple[str, str] | None:
        """The indicator's entry for the status line, when it is on."""
        if not self.indicator or self.search is not None:
            return None
        outlook = self._view()[0]
        if outlook is Outlook.UNKNOWN and self.advisor.deepening(self.session.g):
            return _("Winnable"), _(DEEPENING_TEXT)
        return _("Winnable"), _(_OUTLOOK_TEXT[outlook])

    def can_rewind(self) -> bool:
        """Whether the indicator says the deal can no longer be won but once could (the toolbar
        then offers Rewind)."""
        return self.indicator and self._view()[1]

    def _view(self) -> tuple[Outlook, bool]:
        """The outlook and whether a rewind has somewhere to go, computed once per change (the
        status line and toolbar ask every frame; the answer walks the game's history)."""
        g = self.session.g
        key = (id(g), g.state, g.moves_made, self.advisor.version)
        if self._view_key != key:
            outlook = self.advisor.outlook(g)
            rewindable = outlook is Outlook.UNWINNABLE and bool(self.advisor.rewind_steps(g))
            self._view_key, self._view_value = key, (outlook, rewindable)
        return self._view_value

    def never_winnable(self) -> bool:
        """Whether the deal is known to be lost from its opening (no rewind can help)."""
        g = self.session.g
        opening = Game(g.variant, g.initial_state, g.deal)
        return (
            self.advisor.outlook(opening) is Outlook.UNWINNABLE
            or self.advisor.rating(g) is Difficulty.UNWINNABLE
        )

    def lost_text(self) -> str:
        """What every message says of a position the solver proved lost: one voice for the hint,
        the rewind and the no-moves screen (a deal never winnable is never offered a rewind)."""
        if self.never_winnable():
            return _("this deal cannot be won, not even from the start")
        if self.advisor.rewind_steps(self.session.g):
            return _("the deal can no longer be won (Shift+Backspace rewinds)")
        return _("the deal can no longer be won from here")

    def rating_text(self) -> str:
        """The deal's difficulty, once known ("" before)."""
        rated = self.advisor.rating(self.session.g)
        if rated is None:
            return ""
        if rated is Difficulty.UNKNOWN:
            return _("Difficulty unknown")
        return _(DIFFICULTY_TEXT.get(rated, str(rated)))

    # ---------------------------------------------------------------- hints

    def hint(self) -> None:
        """H: the solver's next move when the position hides nothing, else the heuristic's."""
        g = self.session.g
        if any(g.state.hidden):
            self._show_hint(self._heuristic_hint(_("best guess (cards are still face down)")))
            return
        if self.advisor.line(g) is None and self.advisor.outlook(g) is not Outlook.UNWINNABLE:
            self.advisor.want(g)
            self._hint_until = self.session.now() + HINT_WAIT
            if self._hint_pending():
                return
        self._hint_until = None
        self._show_hint(self._solver_hint())

    def _hint_pending(self) -> bool:
        g = self.session.g
        return self.advisor.line(g) is None and self.advisor.outlook(g) is Outlook.CHECKING

    def _solver_hint(self) -> tuple[Move, str] | None:
        g = self.session.g
        line = self.advisor.line(g)
        if line:
            what = describe(g, line[0])
            # Translators: a hint; {move} says what the move does ("Sends the ace of spades home")
            return line[0], _("{move}: keeps the deal winnable.").format(move=capitalised(what))
        if self.advisor.outlook(g) is Outlook.UNWINNABLE:
            return self._heuristic_hint(self.lost_text())
        if self.advisor.unavailable:
            return self._heuristic_hint(_("best guess (the solver is unavailable)"))
        return self._heuristic_hint(_("best guess (the solver found no sure line in time)"))

    def _heuristic_hint(self, why: str) -> tuple[Move, str] | None:
        g = self.session.g
        move = best_move(g, self.session.seen)
        if move is None:
            return None
        what = describe(g, move)
        # Translators: a hint; {move} says what the move does, {why} how sure the hint is
        return move, _("{move}: {why}.").format(move=capitalised(what), why=why)

    def _show_hint(self, hint: tuple[Move, str] | None) -> None:
        if hint is None:
            self.session.show_toast(_("No helpful move found. Try Undo."))
            return
        self.session.set_hint(*hint)

    # ---------------------------------------------------------------- rewind

    def rewind(self) -> None:
        """Undo back to the last position from which the deal could still be won."""
        if self.advisor.busy() and self.advisor.outlook(self.session.g) is not Outlook.WINNABLE:
            self._rewind_until = self.session.now() + REWIND_WAIT
            self.session.show_toast(_("Looking for the last winnable position…"))
            return
        self._rewind()

    def _rewind(self) -> None:
        g = self.session.g
        outlook = self.advisor.outlook(g)
        steps = self.advisor.rewind_steps(g)
        if outlook is Outlook.WINNABLE or steps == 0:
            self.session.show_toast(_("The deal can still be won from here."))
        elif steps is None and outlook is Outlook.UNWINNABLE:
            text = capitalised(self.lost_text())
            if self.never_winnable():
                self.session.show_toast(_("{reason}.").format(reason=text))
            else:
                # Translators: {reason} says the deal is lost ("The deal can no longer be won")
                self.session.show_toast(
                    _("{reason}: no earlier position is known to be winnable.").format(reason=text)
                )
        elif steps is None:
            self.session.show_toast(_("Not known to be lost: nothing to rewind."))
        else:
            self.session.undo_steps(steps)
            self.session.show_toast(
                ngettext(
                    "Rewound {count} action: the deal can be won from here.",
                    "Rewound {count} actions: the deal can be won from here.",
                    steps,
                ).format(count=format_number(steps))
            )

    # ---------------------------------------------------------------- the demo

    def demo_move(self, seen: set[State]) -> Move | str | None:
        """The next move of the demo or autoplay: the winning line's when known; ``WAIT`` while
        the solver may still find one. Then the demo stops (``demo_stopped`` says why: it
        never plays a move that is not on a winning line), autoplay makes the heuristic's move
        (``None``: no move worth making)."""
        g = self.session.g
        line = self.advisor.line(g)
        if line:
            if self._demo_told is not None:
                self._demo_told = None
                self.session.show_toast(_("The demo found a winning line."))
            self._demo_waiting = None
            return line[0]
        if self.session.demo:
            return self._demo_search(g)
        now = self.session.now()
        if self.advisor.outlook(g) is Outlook.CHECKING or not self._first_frame_done:
            if self._demo_waiting is None or self._demo_waiting[0] != g.state:
                self._demo_waiting = (g.state, now)
            patience = DEMO_FIRST_WAIT if not g.history else DEMO_WAIT
            if now - self._demo_waiting[1] < patience:
                return WAIT
        return best_move(g, seen)

    def _demo_search(self, g: Game) -> str | None:
        """The demo without a line: ``WAIT`` while the solver searches (deeper too, however the
        indicator is set), else ``None`` with the reason in ``demo_stopped``."""
        advisor = self.advisor
        if advisor.unavailable:
            self.demo_stopped = _("the solver is unavailable")
        elif advisor.outlook(g) is Outlook.UNWINNABLE:
            # Not lost_text: the demo's copy starts where the player was (its "opening" is
            # there, not the deal's), and a key ends the demo rather than rewinding.
            self.demo_stopped = _("the deal can no longer be won from here")
        elif not advisor.searched_out(g):
            if not advisor.busy():
                advisor.want(g)  # the deeper search, which only the indicator asks for by itself
            if self._demo_told != g.state and self._first_frame_done:
                self._demo_told = g.state
                self.session.show_toast(_("The demo is looking for a winning line…"), None)
            return WAIT
        else:
            self.demo_stopped = _("the solver found no winning line from here")
        return None

    # ---------------------------------------------------------------- winnable deals only

    def winnable_only(self) -> bool:
        """Whether this game deals only deals the solver proves winnable (a setting per game)."""
        return self.session.stored.winnable_only_for(self.session.g.key)

    def find_deal(self) -> None:
        """Deal a proven-winnable deal of this game: at once from the shipped table
        (``game.store.winnable``) when it has one not yet played here, else start looking for
        one with the solver (shown once found), saying why."""
        found = self._from_table(played_too=False)
        if found is not None:
            self._deal_proven(found)
            return
        # Translators: "winnable deals only" has to search: the table of proven deals is used up or damaged
        self.session.show_toast(_("No new deal left in the table of winnable deals: searching."))
        candidate = game.new_game(self.session.g.key)
        self.search = DealSearch(self.session.now(), candidate)
        self.advisor.consider(candidate)
        self.session.show_toast(self.search_text(), None)

    def _deal_proven(self, entry: Entry) -> None:
        """Deal ``entry``'s deal, the advisor told its winning line (the indicator says "yes"
        at once, and hints and the demo can follow it)."""
        g = game.new_game(entry.variant, entry.deal)
        self._tell_line(g, entry)
        self.session.start_found(g, winnable=True)

    def _tell_line(self, g: Game, entry: Entry) -> None:
        """The advisor learns ``entry``'s proven line from ``g``, its deal as dealt."""
        moves = tuple(
            Move(g.variant.pile_name(s), g.variant.pile_name(t), n) for s, t, n in entry.raw_moves()
        )
        for automatic in (True, False):  # a line the table can play is one a free player can
            self.advisor.learn(g, Solution(Verdict.WINNABLE, moves), automatic=automatic)

    def _learn_known_deal(self, g: Game) -> None:
        """A deal of the shipped table (a deal of the day, one of the pool) comes with its proven
        line: the indicator says "yes" along it from the first frame, with no search."""
        from game.store.winnable import find_entry

        if g.deal is None:
            return
        entry = find_entry(g.key, g.deal, self.session.winnable_cache())
        if entry is not None:
            self._tell_line(game.new_game(g.key, g.deal), entry)

    def _from_table(self, *, played_too: bool) -> Entry | None:
        """A deal of the shipped pool whose line replays to a win here (one never dealt
        here unless ``played_too``), or ``None``.

        The pool comes first because it answers at once and every deal in it was proved with
        a line the tests replay; the solver's search is the fallback for a table used up or
        damaged (and for a deal known lost, never dealt: the pool's deals are dealt instead)."""
        from game.store.winnable import next_winnable

        played = self.session.played_deals() if not played_too else set()
        return next_winnable(
            self.session.g.key, played, automatic=self.advisor.automatic, cache=self.session.winnable_cache()
        )

    def cancel_search(self) -> None:
        """Give up looking; the game on the table stays."""
        if self.search is not None:
            self.search = None
            self.session.show_toast(_("Stopped looking for a winnable deal."))

    def search_text(self) -> str:
        """What the table says while looking."""
        tried = self.search.tried if self.search else 0
        return ngettext(
            "Looking for a winnable deal… ({count} tried; Esc stops)",
            "Looking for a winnable deal… ({count} tried; Esc stops)",
            tried,
        ).format(count=format_number(tried))

    def _search_step(self, now: float) -> bool:
        search = self.search
        assert search is not None
        outlook = self.advisor.outlook(search.candidate)
        if outlook is Outlook.WINNABLE:
            self.search = None
            self.session.start_found(search.candidate, winnable=True)
            return True
        if outlook is Outlook.CHECKING:
            return False
        if now - search.started > DEAL_SEARCH_SECONDS or search.tried >= DEAL_SEARCH_TRIES:
            self.search = None
            repeat = self._from_table(played_too=True)
            if repeat is not None:  # a deal played before rather than one that may be lost
                self._deal_proven(repeat)
                return True
            if outlook is Outlook.UNWINNABLE:  # never a deal known to be lost
                search.candidate = game.new_game(search.candidate.key)
            self.session.start_found(search.candidate, winnable=False)
            self.session.show_toast(
                ngettext(
                    "No deal proved winnable after {count} try: this one is not proved.",
                    "No deal proved winnable after {count} tries: this one is not proved.",
                    search.tried,
                ).format(count=format_number(search.tried))
            )
            return True
        search.candidate = game.new_game(search.candidate.key)
        search.tried += 1
        self.advisor.consider(search.candidate)
        self.session.show_toast(self.search_text(), None)
        return True
