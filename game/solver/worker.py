"""The solver in a separate process, so the table's frame loop never waits on a search.

The table submits positions (as their one-line text form, which carries every card, face
down ones included) and polls for answers between frames. A newer submission cancels older
ones that are still running, since only the latest position matters to a player.

The two processes talk over one pipe (no locks or semaphores), so once the worker has exited
(``IDLE_EXIT`` seconds without a request, or after a search that left it holding a lot of
memory) multiprocessing's resource-tracker process can be stopped too, and an idle game is a
single process. The next request starts both again (about a fifth of a second).
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.play import Game
from game.solver.search import Budget, Verdict, solve

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.sharedctypes import Synchronized

IDLE_EXIT = 30.0
"""A worker left without requests this long exits, so an idle game holds one process only."""

RECYCLE_MIB = 120
"""After an answer, a worker holding more memory than this exits (searches peak far higher
than the idle process, and Python keeps what it freed)..."""
RECYCLE_GRACE = 3.0
"""... once no request has come for this many seconds: a player still playing gets the next
answer from the warm process (a new one costs about half a second on a busy machine, which
pushed Kansas's first answers past 0.5 s after every deeper search)."""

Request = tuple[int, str, float, int, bool, bool]
"""(request number, position text, seconds, positions, automatic moves on, carry over: the
search may start from what the last one found, ``carry.carry_over``)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The worker's answer to request ``request``."""

    request: int
    position: str
    verdict: Verdict
    moves: tuple[str, ...]
    positions: int
    seconds: float


def _serve(
    conn: Connection,
    latest: Synchronized[int],
    idle_exit: float = IDLE_EXIT,
    recycle_mib: float = RECYCLE_MIB,
) -> None:
    """The worker process: solve the newest request, skipping superseded ones; exit after
    ``idle_exit`` seconds without one (the next request starts a new process), or after
    ``RECYCLE_GRACE`` seconds without one while holding more than ``recycle_mib`` MiB."""
    from game.solver.carry import carry_over  # the process's own import

    waiting: list[Request] = []

    def take() -> bool:
        """Read every request that has arrived; False once the game has gone."""
        try:
            while conn.poll():
                item = conn.recv()
                if item is None:
                    return False
                waiting.append(item)
        except (EOFError, OSError):
            return False
        return True

    # Open for the process's life: a request that may (``keep``) starts from the looser game
    # of the last one; one that may not starts from nothing, and the next may go on from it.
    with carry_over():
        while True:
            if not waiting and not (conn.poll(idle_exit) and take()):
                return
            if not waiting:
                continue
            request, text, seconds, positions, automatic, keep = waiting.pop()
            waiting.clear()  # only the newest matters
            if request < latest.value:
                continue

            def superseded(r: int = request) -> bool:
                return r < latest.value

            budget = Budget(seconds, positions)
            with carry_over(keep):
                result = solve(Game.from_text(text), budget, cancelled=superseded, automatic=automatic)
            if request >= latest.value:
                answer = (request, text, result.verdict.value, [str(m) for m in result.moves])
                try:
                    conn.send((*answer, result.positions, result.seconds))
                except OSError:
                    return
            if not take():
                return  # the game has gone
            if not waiting and _resident_mib() > recycle_mib and not conn.poll(RECYCLE_GRACE):
                return  # give a big search's memory back once the player pauses


def _resident_mib() -> float:
    """This process's resident memory in MiB (0 where the system does not say)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * (os.sysconf("SC_PAGE_SIZE") / 2**20)
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


def _stop_resource_tracker() -> None:
    """Stop multiprocessing's helper process (started with every "spawn" child; nothing of
    ours is registered with it, and the next child starts it again)."""
    with contextlib.suppress(Exception):
        from multiprocessing import resource_tracker

        resource_tracker._resource_tracker._stop()  # type: ignore[attr-defined]


class SolverWorker:
    """A solver process started on first use, and again whenever it has exited."""

    def __init__(self, idle_exit: float = IDLE_EXIT, recycle_mib: float = RECYCLE_MIB) -> None:
        import multiprocessing  # on first use: it costs start-up time the first frame needs

        self.idle_exit = idle_exit
        """Seconds without a request after which the process exits."""
        self.recycle_mib = recycle_mib
        """Memory (MiB) above which the process exits once requests pause (``RECYCLE_GRACE``)."""
        self._ctx = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._conn: Any = None
        self._latest: Any = None
        self._next = 0

    def _start(self) -> None:
        self._close_conn()
        self._conn, child = self._ctx.Pipe()
        self._latest = self._ctx.Value("q", self._next, lock=False)
        self._process = self._ctx.Process(
            target=_serve,
            args=(child, self._latest, self.idle_exit, self.recycle_mib),
            daemon=True,
            name="solver",
        )
        self._process.start()
        child.close()

    def submit(self, game: Game, budget: Budget, *, automatic: bool = True, keep: bool = False) -> int:
        """Ask for ``game``'s current position to be solved, as the table plays it with
        automatic moves on or off (``automatic``, ``solve``); returns the request number.
        ``keep``: the search may start from what the process's last such search found
        (``carry.carry_over``), which spares time but changes the positions counted."""
        self._next += 1
        item: Request = (self._next, game.text(), budget.seconds, budget.positions, automatic, keep)
        for _ in range(2):  # the process may exit between the check and the send
            if not self._running():
                self._start()
            self._latest.value = self._next
            try:
                self._conn.send(item)
                break
            except OSError:
                self._process = None
        return self._next

    def alive(self) -> bool:
        """Whether the process is running (it is started again by the next ``submit``)."""
        running = self._running()
        if not running and self._process is not None:
            self._process.join(0)  # reap it
            self._process = None
            _stop_resource_tracker()
        return running

    def waitables(self) -> list[object]:
        """What becomes ready when an answer arrives or the process ends (for
        ``multiprocessing.connection.wait``); nothing while no process runs."""
        if not self._running() or self._conn is None:
            return []
        return [self._conn, self._process.sentinel]

    def _running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def answers(self) -> list[Answer]:
        """Every answer that has arrived, without waiting."""
        out: list[Answer] = []
        while (item := self._receive(0.0)) is not None:
            out.append(item)
        return out

    def wait(self, request: int, timeout: float) -> Answer | None:
        """Block up to ``timeout`` seconds for the answer to ``request`` (for scripts and tests)."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            item = self._receive(left)
            if item is not None and item.request == request:
                return item
            if item is None and not self._running():
                return None
        return None

    def _receive(self, timeout: float) -> Answer | None:
        if self._conn is None:
            return None
        try:
            if not self._conn.poll(timeout):
                return None
            request, text, verdict, moves, positions, seconds = self._conn.recv()
        except (EOFError, OSError):
            return None
        return Answer(request, text, Verdict(verdict), tuple(moves), positions, seconds)

    def cancel(self) -> None:
        """Abandon every request made so far."""
        self._next += 1
        if self._latest is not None:
            self._latest.value = self._next

    def close(self) -> None:
        """Stop the process (and multiprocessing's resource tracker)."""
        if self._running():
            self.cancel()
            with contextlib.suppress(OSError):
                self._conn.send(None)
            self._process.join(timeout=2)
            if self._process.is_alive():
                self._process.terminate()
                self._process.join(timeout=2)
        if self._process is not None:
            self._process = None
            _stop_resource_tracker()
        self._close_conn()

    def _close_conn(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.close()
            self._conn = None
