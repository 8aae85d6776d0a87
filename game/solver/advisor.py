"""What the solver knows about the game in play: the table's winnable indicator, solver
hints, rewind, the demo's winning line and deal ratings. No pygame here.

The advisor keeps a verdict per position and hands positions to a solver worker (another
process) one at a time, so nothing here ever waits on a search. Answers are reused as far as
the rules allow, which makes most questions instant:

* a winning line from a position makes every position along it winnable, with the rest of
  the line as its winning line (a player who follows the hint never waits);
* a position reached from an unwinnable one is unwinnable, and one from which a winnable
  position was reached was winnable: along a game's history, winnability only ever goes
  from "yes" to "no", once. That is what rewind looks for, and when the game in play is
  lost the advisor checks the positions before it, newest first, to find that turn.

Every position is checked in two stages. The quick check (``CHECK_BUDGET``) answers within
half a second, so the indicator keeps pace with play; when it ends "unknown" and the player
lingers, the same position is searched again with ``DEEP_CHECK_BUDGET`` (the budget that
decides most deals), and a verdict found then replaces the "unknown". A newer position cuts
the deeper search short, as it does any check.

The opening position of a deal is checked with ``RATING_BUDGET`` and that search is never
cut short by newer positions: it rates the deal (``game.solver.rating``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from game.engine.errors import GameError
from game.engine.moves import Move
from game.engine.state import State
from game.play import Game
from game.solver.answer import Budget, Solution, Verdict
from game.solver.nearby import line_nearby, next_positions
from game.solver.rating import RATING_BUDGET, Difficulty, rate

if TYPE_CHECKING:
    from game.solver.worker import Answer

CHECK_BUDGET = Budget(seconds=0.4, positions=150_000)
"""The quick check behind the winnable indicator, for every position after the opening (as
``CHECK_BUDGET.for_search(key)``). Kansas's 1.5 M positions take up to about 0.35 s here
(2 M would meet the time limit, and answers would come just under 0.5 s); Lady Jane's and
Aunt Mary's hardest positions stop at the time limit (``benchmarks/advisor.py``)."""

DEEP_CHECK_BUDGET = Budget(seconds=10.0, positions=1_300_000)
"""The second search of a position the quick check left unknown, while nothing newer is
asked (as ``DEEP_CHECK_BUDGET.for_search(key)``): the time of ``benchmarks/solver.py``'s
per-deal budget, with positions kept to what its worker can hold without strain: Kansas's
13 M (its looser game then fits the table of 16 M slots) peak at about 420 MB and take some
4-5 s here; Lady Jane and Aunt Mary reach the time limit first, at about 110 and 70 MB."""

MAX_LOOK_AHEAD = 16
"""Positions looked ahead to from one position at most."""

MAX_REQUESTS = 8
RESTART_DELAY = 0.2
"""Seconds before the first new worker after one died without answering; doubled each time."""
MAX_FAILURES = 4
"""Workers in a row that die without answering before the solver is called unavailable."""
"""Superseded requests kept in case their answers were already on the way."""

MAX_KNOWN = 50_000
"""Positions remembered before the memory of verdicts starts afresh."""


class Outlook(Enum):
    """The winnable indicator's answer for a position."""

    CHECKING = "checking"
    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"
    UNAVAILABLE = "unavailable"
    """The solver's worker cannot be started or keeps dying: nothing will be known."""


class Worker(Protocol):
    """What the advisor needs of a solver worker (``SolverWorker``, or a test's stand-in)."""

    def submit(self, game: Game, budget: Budget, *, automatic: bool, keep: bool) -> int: ...

    def answers(self) -> list[Answer]: ...

    def alive(self) -> bool: ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class _Line:
    """A winning line and the positions along it: ``states[i]`` comes before ``moves[i]``."""

    moves: tuple[Move, ...]
    states: tuple[State, ...]


@dataclass(slots=True)
class _Request:
    state: State
    text: str
    rating: tuple[str, int] | None
    """(variant, deal) when this check rates a deal."""
    deep: bool = False
    """Whether this is the deeper search of a position the quick check left unknown."""
    again: bool = False
    """Whether this rates the opening of a game resumed away from it: done while nothing else
    is to be searched, and given up (to come again later) for a position in play."""
    automatic: bool = True
    """Whether it was searched as the table plays with automatic moves on (``solve``)."""
    background: bool = False
    """Whether nothing waits on it: a look ahead, or the opening searched deeper to settle the
    deal's difficulty (``busy`` does not count it)."""
    ahead: bool = False
    """Whether it checks a position one action ahead: its answer shows nowhere until then."""


@dataclass(slots=True)
class _Memory:
    """What is known under one automatic-moves setting: a verdict under one never answers for
    the other (a line the free player wins may not be playable with automatic moves on)."""

    verdicts: dict[State, Verdict] = field(default_factory=dict)
    lines: dict[State, tuple[_Line, int]] = field(default_factory=dict)
    deepened: set[State] = field(default_factory=set)
    """Positions whose deeper search has answered."""
    ratings: dict[tuple[str, int], Difficulty] = field(default_factory=dict)


class Advisor:
    """The solver's knowledge of the positions met in play (see the module doc)."""

    def __init__(
        self,
        worker: Callable[[], Worker] | None = None,
        *,
        check_budget: Budget = CHECK_BUDGET,
        deep_budget: Budget | None = DEEP_CHECK_BUDGET,
        clock: Callable[[], float] = time.monotonic,
        automatic: bool = True,
        reuse: bool = True,
    ) -> None:
        self._make_worker = worker or _solver_worker
        self._clock = clock
        self._failures = 0
        """Workers in a row that died without answering."""
        self._retry_at = 0.0
        """When the next worker may be started after one died."""
        self._worker: Worker | None = None
        self.check_budget = check_budget
        self.deep_budget = deep_budget
        """The second search of positions left unknown (``None``: no second search)."""
        self.automatic = automatic
        """Whether the table plays automatic moves (the setting): positions are searched as
        it plays them, and what is known under the other setting is kept apart."""
        self.reuse = reuse
        """Whether a position near a known winning line gets a line without a search, the
        positions one action ahead are checked while the player thinks, and a check may start
        from what the last one found (``carry.carry_over``)."""
        self._ahead: tuple[State, list[Game]] | None = None
        """The current position and the positions one action from it (``_look_ahead``)."""
        self._memories = {True: _Memory(), False: _Memory()}
        self._active: tuple[int, _Request] | None = None
        """The request being searched."""
        self._superseded: dict[int, _Request] = {}
        """Older requests, cancelled, kept in case their answers were already on the way."""
        self._game: Game | None = None
        self._checking = True
        self.broken = False
        self.version = 0
        """Goes up whenever what the advisor knows or searches changes (views cache by it)."""
        """Set when the worker could not be started: every answer is then "unknown"."""

    @property
    def _known(self) -> _Memory:
        return self._memories[self.automatic]

    @property
    def _verdicts(self) -> dict[State, Verdict]:
        return self._known.verdicts

    @property
    def _lines(self) -> dict[State, tuple[_Line, int]]:
        return self._known.lines

    @property
    def _deepened(self) -> set[State]:
        return self._known.deepened

    @property
    def _ratings(self) -> dict[tuple[str, int], Difficulty]:
        return self._known.ratings

    # ------------------------------------------------------------ questions

    def set_automatic(self, on: bool) -> None:
        """The table's automatic-moves setting (call whenever it may have changed): from now
        on verdicts, lines and ratings are those of play with (or without) automatic moves.
        A search under way for the other setting is cut short (its answer is kept for it)."""
        if on == self.automatic:
            return
        self.automatic = on
        self.version += 1
        active = self._active
        if active is not None and active[1].rating is None:
            self._superseded[active[0]] = active[1]
            self._active = None
        self._schedule()

    def follow(self, g: Game, *, checks: bool = True) -> None:
        """``g`` is the game in play (call after every change of its position).

        With ``checks`` its positions are checked in the background (the indicator is on);
        without, only what ``want`` asks for is searched.
        """
        if g is not self._game:
            self._one_more_try()  # a new game: worth one more try
        self._game, self._checking = g, checks
        self.version += 1
        self._reuse(g)
        self._schedule()

    def want(self, g: Game) -> None:
        """Have ``g``'s current position checked now (a hint or the demo needs it)."""
        self._game = g
        self._one_more_try()
        self.version += 1
        self._reuse(g)
        self._schedule(force=True)

    def consider(self, g: Game) -> None:
        """Search ``g``'s opening position now, with the rating budget (a candidate deal for
        "winnable deals only"), cutting short whatever else was being searched."""
        if self._verdicts.get(g.state) is None and not self.unavailable:
            self._submit(g.state, g, (g.key, g.deal) if g.deal is not None else None)

    @property
    def unavailable(self) -> bool:
        """Whether the worker could not be started or died ``MAX_FAILURES`` times in a row."""
        return self.broken or self._failures >= MAX_FAILURES

    def outlook(self, g: Game) -> Outlook:
        """What is known of ``g``'s current position."""
        verdict = self._verdict_on_path(g)
        if verdict is not None:
            return Outlook(verdict.value)
        if self.unavailable:
            return Outlook.UNAVAILABLE
        if self._restart_pending() and self._checking and g is self._game:
            return Outlook.CHECKING
        active = self._active[1] if self._active is not None else None
        if active is None or active.automatic != self.automatic:
            return Outlook.UNKNOWN
        if active.state == g.state or (self._checking and g is self._game):
            return Outlook.CHECKING  # being searched, or next in line
        return Outlook.UNKNOWN

    def line(self, g: Game) -> tuple[Move, ...] | None:
        """A winning line from ``g``'s current position, if one is known."""
        found = self._lines.get(g.state)
        if found is None:
            return None
        line, index = found
        return line.moves[index:]

    def rating(self, g: Game) -> Difficulty | None:
        """The difficulty of ``g``'s deal, once its opening position has been searched.

        A deal its rating search left unknown is "unwinnable" once a deeper search proves it,
        and "hard" once one wins it: it needs more positions than the rating budget, which
        is more than "medium" allows."""
        if g.deal is None:
            return None
        rated = self._ratings.get((g.key, g.deal))
        opening = self._verdicts.get(g.initial_state)
        if rated in (None, Difficulty.UNKNOWN) and opening is Verdict.UNWINNABLE:
            return Difficulty.UNWINNABLE
        if rated is Difficulty.UNKNOWN and self._won_from_opening(g):
            return Difficulty.HARD
        return rated

    def _won_from_opening(self, g: Game) -> bool:
        """Whether ``g``'s opening is known to be winnable: itself, or a position the game
        reached from it (the moves that reached it, then its line, win from the opening)."""
        opening = self._verdicts.get(g.initial_state)
        return opening is Verdict.WINNABLE or self._last_winnable(g.positions) is not None

    def rewind_steps(self, g: Game) -> int | None:
        """How many actions to undo to reach the last position known to be winnable."""
        path = g.positions
        last = self._last_winnable(path)
        return None if last is None else len(path) - 1 - last

    def searched_out(self, g: Game) -> bool:
        """Whether ``g``'s position has been searched as far as the advisor goes: decided, or
        left unknown by the deeper search too (by the quick check when there is none)."""
        verdict = self._verdict_on_path(g)
        return verdict is not None and not self._deepen(g.state, verdict)

    def deepening(self, g: Game) -> bool:
        """Whether ``g``'s position, unknown after its quick check, is being searched deeper."""
        active = self._active[1] if self._active is not None else None
        return active is not None and active.deep and active.state == g.state

    def busy(self) -> bool:
        """Whether a search something waits on is under way, or a new worker is due (the table
        then polls); a search in the background (``_look_ahead``, ``_settle_opening``) is not."""
        active = self._active
        return (active is not None and not active[1].background) or self._restart_pending()

    def _restart_pending(self) -> bool:
        return 0 < self._failures < MAX_FAILURES and not self.broken and self._game is not None

    def _one_more_try(self) -> None:
        """After the solver was given up on: allow one more worker (a later request)."""
        if self._failures >= MAX_FAILURES:
            self._failures, self._retry_at = MAX_FAILURES - 1, 0.0

    def waitables(self) -> list[object]:
        """While a search is under way: what becomes ready when its answer arrives (the
        worker's pipe and process, for ``multiprocessing.connection.wait``); empty when nothing
        is awaited or the worker cannot be waited on (the table then polls)."""
        if self._active is None or self._worker is None:
            return []
        waitables = getattr(self._worker, "waitables", None)
        return list(waitables()) if waitables is not None else []

    # ------------------------------------------------------------ answers

    def poll(self) -> bool:
        """Take the worker's answers; whether anything the table shows may have changed (an
        answer for a position looked ahead to shows nowhere until the game gets there)."""
        worker = self._worker
        if worker is None:
            return False
        if self._active is None:
            worker.alive()  # lets an exited worker be reaped (and its helper process stopped)
            if self._restart_pending() and self._clock() >= self._retry_at:
                self._schedule()
                return self._active is not None
            return False
        dead = not worker.alive()  # asked first: a worker's last answer is sent before it exits
        changed = shown = False
        for answer in worker.answers():
            active = self._active
            if active is not None and answer.request == active[0]:
                request: _Request | None = active[1]
                self._active = None
            else:
                request = self._superseded.pop(answer.request, None)
            if request is not None:
                self._learn(request, answer)
                changed = True
                shown = shown or not request.ahead or self._current(request.state)
            self._failures = 0
        if self._active is not None and dead:
            self._active = None  # the worker died; a new one starts after a pause
            self._failures += 1
            self._retry_at = self._clock() + RESTART_DELAY * 2 ** (self._failures - 1)
            changed = shown = True
        if changed:
            self.version += 1
            self._schedule()
        return shown

    def _current(self, state: State) -> bool:
        return self._game is not None and self._game.state == state

    def learn(self, g: Game, solution: Solution, *, automatic: bool | None = None) -> None:
        """Record an answer found elsewhere (a deal search, a script) for ``g``'s position,
        searched with automatic moves on or off (``automatic``; by default as the table plays)."""
        setting = self.automatic if automatic is None else automatic
        self._record(g.state, solution.verdict, solution.moves, g, self._memories[setting])

    def close(self) -> None:
        """Stop the worker."""
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self._active = None
        self.version += 1
        self._superseded.clear()

    def _learn(self, request: _Request, answer: Answer) -> None:
        try:
            g = Game.from_text(request.text)
            moves = tuple(Move.parse(m) for m in answer.moves)
        except GameError:
            return
        known = self._memories[request.automatic]
        if request.deep:
            known.deepened.add(request.state)
        self._record(request.state, answer.verdict, moves, g, known)
        if request.rating is not None:
            solution = Solution(answer.verdict, moves, answer.positions, answer.seconds)
            known.ratings[request.rating] = rate(request.rating[0], solution)

    def _record(
        self, state: State, verdict: Verdict, moves: tuple[Move, ...], g: Game, known: _Memory | None = None
    ) -> None:
        known = known or self._known
        self.version += 1
        if len(known.verdicts) > MAX_KNOWN:
            known.verdicts.clear()
            known.lines.clear()
            known.deepened.clear()
        if verdict is Verdict.WINNABLE:
            line = _replay(g, moves)
            if line is None:
                return
            for i, st in enumerate(line.states[:-1]):
                known.lines.setdefault(st, (line, i))  # the line followed so far stays the one shown
                known.verdicts[st] = Verdict.WINNABLE
        if known.verdicts.get(state) in (None, Verdict.UNKNOWN):
            known.verdicts[state] = verdict

    # ------------------------------------------------------------ what next

    def _reuse(self, g: Game) -> None:
        """A position a move or two from a known winning line gets a line at once, without a
        search (``game.solver.nearby``)."""
        if not (self.reuse and self._lines) or self._verdict_on_path(g) is not None or g.is_won():
            return
        moves = line_nearby(g, self._rest_of_line, automatic=self.automatic)
        if moves is not None:
            self._record(g.state, Verdict.WINNABLE, moves, g)

    def _rest_of_line(self, state: State) -> tuple[Move, ...] | None:
        found = self._lines.get(state)
        return None if found is None else found[0].moves[found[1] :]

    def _verdict_on_path(self, g: Game) -> Verdict | None:
        known = self._verdicts.get(g.state)
        if known is not None and known is not Verdict.UNKNOWN:
            return known
        if any(self._verdicts.get(st) is Verdict.UNWINNABLE for st in g.positions):
            return Verdict.UNWINNABLE
        return known

    def _last_winnable(self, path: list[State]) -> int | None:
        for i in range(len(path) - 1, -1, -1):
            if self._verdicts.get(path[i]) is Verdict.WINNABLE:
                return i
        return None

    def _next_position(self, g: Game, force: bool) -> tuple[State, Game, bool] | None:
        """The position to search next and whether deeper: the current one, else one before
        a loss."""
        verdict = self._verdict_on_path(g)
        if (self._checking or force) and (verdict is None or self._deepen(g.state, verdict)):
            return g.state, g, verdict is not None
        if not self._checking or verdict is not Verdict.UNWINNABLE:
            return None
        path = g.positions
        last = self._last_winnable(path)
        for i in range(len(path) - 2, -1 if last is None else last, -1):
            known = self._verdicts.get(path[i])
            if known is Verdict.UNKNOWN and not self._deepen(path[i], known):
                return None  # the search gave up here: the turn cannot be placed exactly
            if known is None or known is Verdict.UNKNOWN:
                return path[i], Game(g.variant, path[i], g.deal), known is not None
        return None

    def _deepen(self, state: State, verdict: Verdict) -> bool:
        """Whether ``state``, of ``verdict``, is still to be searched deeper."""
        return verdict is Verdict.UNKNOWN and self.deep_budget is not None and state not in self._deepened

    def _schedule(self, force: bool = False) -> None:
        g = self._game
        if g is None or self.unavailable or (self._failures and self._clock() < self._retry_at):
            return
        active = self._active[1] if self._active is not None else None
        if active is not None and active.rating is not None and not active.again:
            return  # a deal's rating search is never cut short
        nxt = self._next_position(g, force)
        if nxt is None:
            if not (self._rate_again(g, active) or self._look_ahead(g, active)):
                self._settle_opening(g, active)
            return
        if active is not None and (active.state, active.deep, active.automatic) == (
            nxt[0],
            nxt[2],
            self.automatic,
        ):
            return
        state, position, deep = nxt
        opening = state == g.initial_state and not deep
        self._submit(state, position, (g.key, g.deal) if opening and g.deal is not None else None, deep)

    def _rate_again(self, g: Game, active: _Request | None) -> bool:
        """With nothing else to search: rate the deal of a game resumed away from its opening
        (the rating search is the same as the first time, so the rating is too); whether it did."""
        if active is not None or g.deal is None or (g.key, g.deal) in self._ratings or not self._checking:
            return False
        opening = Game(g.variant, g.initial_state, g.deal)
        self._submit(g.initial_state, opening, (g.key, g.deal), again=True)
        return True

    def _look_ahead(self, g: Game, active: _Request | None) -> bool:
        """With nothing else to search: check a position one action from ``g``'s that is not
        known yet, while the player thinks; whether one was asked for. Not beyond a lost
        position (what follows it is lost too). It is the quick check (a player who reaches
        the position while it is looked at has the answer as soon as the quick check gives it;
        a 1 s look ahead made Kansas's p90 first answer 1.1 s), so an "unknown" there is
        searched deeper once the player gets there."""
        if active is not None or not (self._checking and self.reuse) or g.is_won():
            return False
        if self._verdict_on_path(g) not in (Verdict.WINNABLE, Verdict.UNKNOWN):
            return False
        if self._ahead is None or self._ahead[0] != g.state:
            # No nearby lines for them here: 16 such checks in the frame loop took 0.16 s.
            following = next_positions(g, automatic=self.automatic)[:MAX_LOOK_AHEAD]
            self._ahead = (g.state, following)
        for position in self._ahead[1]:
            if position.state not in self._verdicts and not position.is_won():
                self._submit(position.state, position, None, ahead=True)
                return True
        return False

    def _settle_opening(self, g: Game, active: _Request | None) -> None:
        """With nothing else to search: search deeper the opening of a deal its rating search
        left unknown, so its difficulty settles ("hard" or "unwinnable") even when the player
        never lingers there; a position in play cuts it short, and it comes back later."""
        if active is not None or not self._checking or self.rating(g) is not Difficulty.UNKNOWN:
            return
        if not self._deepen(g.initial_state, Verdict.UNKNOWN):
            return
        opening = Game(g.variant, g.initial_state, g.deal)
        self._submit(g.initial_state, opening, None, deep=True, background=True)

    def _submit(
        self,
        state: State,
        position: Game,
        rating: tuple[str, int] | None,
        deep: bool = False,
        *,
        again: bool = False,
        ahead: bool = False,
        background: bool = False,
    ) -> None:
        if deep and self.deep_budget is not None:
            budget = self.deep_budget
        else:
            budget = RATING_BUDGET if rating is not None else self.check_budget
        budget = budget.for_game(position.key) if rating is not None else budget.for_search(position.key)
        worker = self._ensure_worker()
        if worker is None:
            return
        if self._active is not None and not self._active[1].again:  # a cut-short rating would mislead
            self._superseded[self._active[0]] = self._active[1]
            for old in sorted(self._superseded)[:-MAX_REQUESTS]:
                del self._superseded[old]
        # A rating counts the positions searched: it starts from nothing, the checks need not.
        keep = self.reuse and rating is None
        request = worker.submit(position, budget, automatic=self.automatic, keep=keep)
        quiet = background or ahead
        asked = _Request(state, position.text(), rating, deep, again, self.automatic, quiet, ahead)
        self._active = (request, asked)
        self.version += 1

    def _ensure_worker(self) -> Worker | None:
        if self._worker is None:
            try:
                self._worker = self._make_worker()
            except (OSError, RuntimeError, ImportError):
                self.broken = True
                return None
        return self._worker


def _replay(g: Game, moves: tuple[Move, ...]) -> _Line | None:
    """The positions along a winning line from ``g``'s position (None if it does not win)."""
    scratch = Game(g.variant, g.state, g.deal)
    states = [scratch.state]
    try:
        for move in moves:
            scratch.play(move)
            states.append(scratch.state)
    except GameError:
        return None
    return _Line(moves, tuple(states)) if scratch.is_won() else None


def _solver_worker() -> Worker:
    """The worker process (its module loads on first use, after the first frame)."""
    from game.solver.worker import SolverWorker

    return SolverWorker()
