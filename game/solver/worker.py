"""The solver in a separate process, so the table's frame loop never waits on a search.

The table submits positions (as their one-line text form, which carries every card, face
down ones included) and polls for answers between frames. A newer submission cancels older
ones that are still running, since only the latest position matters to a player.
"""

from __future__ import annotations

import os
import queue
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.game import Game
from game.solver.search import Budget, Verdict, solve

if TYPE_CHECKING:
    from multiprocessing.sharedctypes import Synchronized

IDLE_EXIT = 30.0
"""A worker left without requests this long exits, so an idle game holds one process only."""

RECYCLE_MIB = 120
"""After an answer, a worker holding more memory than this exits (searches peak far higher
than the idle process, and Python keeps what it freed)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The worker's answer to request ``request``."""

    request: int
    position: str
    verdict: Verdict
    moves: tuple[str, ...]
    positions: int
    seconds: float


def _serve(requests: Any, answers: Any, latest: Synchronized[int], idle_exit: float = IDLE_EXIT) -> None:
    """The worker process: solve each request unless a newer one has superseded it; exit after
    ``idle_exit`` seconds without one (the next request starts a new process)."""
    while True:
        try:
            item = requests.get(timeout=idle_exit)
        except queue.Empty:
            return
        if item is None:
            return
        request, text, seconds, positions = item
        if request < latest.value:
            continue
        g = Game.from_text(text)

        def superseded(r: int = request) -> bool:
            return r < latest.value

        result = solve(g, Budget(seconds, positions), cancelled=superseded)
        if request < latest.value:
            continue
        answers.put(
            (
                request,
                text,
                result.verdict.value,
                [str(m) for m in result.moves],
                result.positions,
                result.seconds,
            )
        )
        if _resident_mib() > RECYCLE_MIB:
            return  # give a big search's memory back; the next request starts a fresh process


def _resident_mib() -> float:
    """This process's resident memory in MiB (0 where the system does not say)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * (os.sysconf("SC_PAGE_SIZE") / 2**20)
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


class SolverWorker:
    """A long-lived solver process started on first use."""

    def __init__(self, idle_exit: float = IDLE_EXIT) -> None:
        import multiprocessing  # on first use: it costs start-up time the first frame needs

        self.idle_exit = idle_exit
        """Seconds without a request after which the process exits."""
        self._ctx = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._requests: Any = None
        self._answers: Any = None
        self._latest: Any = None
        self._next = 0

    def _start(self) -> None:
        self._requests = self._ctx.Queue()
        self._answers = self._ctx.Queue()
        self._latest = self._ctx.Value("q", 0, lock=False)
        self._process = self._ctx.Process(
            target=_serve,
            args=(self._requests, self._answers, self._latest, self.idle_exit),
            daemon=True,
            name="solver",
        )
        self._process.start()

    def submit(self, game: Game, budget: Budget) -> int:
        """Ask for ``game``'s current position to be solved; returns the request number."""
        if self._process is None or not self._process.is_alive():
            self._start()
        self._next += 1
        self._latest.value = self._next
        self._requests.put((self._next, game.text(), budget.seconds, budget.positions))
        return self._next

    def alive(self) -> bool:
        """Whether the process is running (it is started again by the next ``submit``)."""
        return self._process is not None and self._process.is_alive()

    def answers(self) -> list[Answer]:
        """Every answer that has arrived, without waiting."""
        out: list[Answer] = []
        if self._answers is None:
            return out
        while True:
            try:
                request, text, verdict, moves, positions, seconds = self._answers.get_nowait()
            except queue.Empty:
                return out
            out.append(Answer(request, text, Verdict(verdict), tuple(moves), positions, seconds))

    def wait(self, request: int, timeout: float) -> Answer | None:
        """Block up to ``timeout`` seconds for the answer to ``request`` (for scripts and tests)."""
        if self._answers is None:
            return None
        try:
            while True:
                item = self._answers.get(timeout=timeout)
                if item[0] == request:
                    r, text, verdict, moves, positions, seconds = item
                    return Answer(r, text, Verdict(verdict), tuple(moves), positions, seconds)
        except queue.Empty:
            return None

    def cancel(self) -> None:
        """Abandon every request made so far."""
        if self._latest is not None:
            self._next += 1
            self._latest.value = self._next

    def close(self) -> None:
        """Stop the process."""
        if self._process is not None and self._process.is_alive():
            self.cancel()
            self._requests.put(None)
            self._process.join(timeout=2)
            if self._process.is_alive():
                self._process.terminate()
        self._process = None
