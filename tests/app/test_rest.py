"""At rest the main loop sleeps: it wakes once a second while the game clock runs (to show the
next second), not at all while it is paused or the window is minimised, and redraws nothing
but the status line. The real ``App.run`` loop runs here with the kernel's sleep stood in for
by ``Sleeper``, which moves the fake clock on by each wait's timeout."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame
import pytest
from solver_stand_in import InlineWorker

from game.app import SOUND_REST_AFTER, App
from game.solver.search import Verdict
from game.solver.worker import Answer
from game.view import sleep
from tests.app.conftest import FakeClock, post, post_key, settle

REST = 60.0
"""Seconds of rest watched."""


class Sleeper:
    """Stands in for sleeping in the kernel: a wait with a timeout moves the clock on by it;
    a wait for an event alone would sleep for ever, so it ends the run (a QUIT event). Only
    the waits from ``start`` on are counted (the loop first settles: cards warmed, layer parked,
    mixer closed)."""

    def __init__(self, clock: FakeClock, start: float) -> None:
        self.clock, self.start = clock, start
        self.timeouts: list[int | None] = []
        """The timeouts (ms) of the waits counted; None: until an event."""
        self.frames: list[list[pygame.Rect] | None] = []
        """The frames presented while counting: the areas updated, None for a whole flip."""

    @property
    def counting(self) -> bool:
        return self.clock.t >= self.start

    def __call__(self, timeout_ms: int | None) -> None:
        if self.counting:
            self.timeouts.append(timeout_ms)
        if timeout_ms is None:
            if not self.counting:
                self.clock.t = self.start  # nothing to wait for before the count starts
                return
            post(pygame.QUIT)
        elif self.counting and self.clock.t >= self.start + REST:
            post(pygame.QUIT)
        else:
            self.clock.t += timeout_ms / 1000

    def pygame_wait(self, timeout: int = 0) -> pygame.event.Event:
        """``pygame.event.wait`` stood in for the same way (the loop used it before)."""
        self(timeout if timeout > 0 else None)
        return pygame.event.Event(pygame.NOEVENT)


@pytest.fixture
def sleeper(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch, solver: InlineWorker
) -> Iterator[Callable[[App], Sleeper]]:
    solver.hold = False  # every winnable check answered at once: nothing awaited at rest

    def watch(app: App) -> Sleeper:
        s = Sleeper(clock, clock.t + SOUND_REST_AFTER + 1.0)
        monkeypatch.setattr("game.app.wait_event", s, raising=False)
        monkeypatch.setattr(pygame.event, "wait", s.pygame_wait)
        flip, update = pygame.display.flip, pygame.display.update

        def counted_flip() -> None:
            if s.counting:
                s.frames.append(None)
            flip()

        def counted_update(areas: list[pygame.Rect]) -> None:
            if s.counting:
                s.frames.append([pygame.Rect(a) for a in areas])
            update(areas)

        monkeypatch.setattr(pygame.display, "flip", counted_flip)
        monkeypatch.setattr(pygame.display, "update", counted_update)
        return s

    yield watch


def first_move(app: App, clock: FakeClock) -> None:
    """Play a move (the clock starts with it) and let everything settle."""
    table = app.table
    assert table is not None
    assert table.play(table.g.legal_moves()[0])
    settle(app, clock)
    app.step()
    assert table.clock_running()
    silence()


def silence() -> None:
    """Let the move's sound finish (it plays in real time; the loop's clock here is fake)."""
    deadline = time.monotonic() + 5.0
    while pygame.mixer.get_init() and pygame.mixer.get_busy() and time.monotonic() < deadline:
        time.sleep(0.01)


def test_at_rest_with_the_clock_running_the_loop_wakes_once_a_second_to_redraw_the_status(
    make_app: Callable[..., App], clock: FakeClock, sleeper: Callable[[App], Sleeper]
) -> None:
    app = make_app(variant="bakers-game", deal=1)
    first_move(app, clock)
    s = sleeper(app)
    app.run()
    assert None not in s.timeouts  # the clock's next second is always due
    assert len(s.timeouts) <= REST + 2
    assert all(t is not None and 900 <= t <= 1001 for t in s.timeouts[1:-1])
    status = app.table.layout.status if app.table else None
    assert status is not None
    assert s.frames, "the clock's seconds are shown"
    assert len(s.frames) <= REST + 1
    assert all(f is not None and all(status.contains(a) for a in f) for f in s.frames)


def test_at_rest_with_the_clock_paused_the_loop_never_wakes_and_draws_nothing(
    make_app: Callable[..., App], clock: FakeClock, sleeper: Callable[[App], Sleeper]
) -> None:
    app = make_app(variant="bakers-game", deal=1)
    first_move(app, clock)
    post_key(pygame.K_ESCAPE)  # the menu in front: the clock stops
    settle(app, clock)
    assert app.table is not None and not app.table.clock_running()
    s = sleeper(app)
    app.run()
    assert s.timeouts == [None]  # asleep until an event (the test's QUIT)
    assert s.frames == []


def test_minimised_the_loop_sleeps_until_an_event_even_with_the_clock_running(
    make_app: Callable[..., App], clock: FakeClock, sleeper: Callable[[App], Sleeper]
) -> None:
    app = make_app(variant="bakers-game", deal=1)
    first_move(app, clock)
    post(pygame.WINDOWMINIMIZED)
    app.step()
    s = sleeper(app)
    app.run()
    assert s.timeouts == [None]
    assert s.frames == []


def test_at_rest_the_mixer_is_closed_and_the_next_effect_opens_it_again(
    make_app: Callable[..., App], clock: FakeClock, sleeper: Callable[[App], Sleeper]
) -> None:
    app = make_app(variant="bakers-game", deal=1)
    first_move(app, clock)  # its sound opens the mixer (SDL's audio thread runs)
    assert app.sound.open and pygame.mixer.get_init()
    s = sleeper(app)
    app.run()
    assert not app.sound.open and not pygame.mixer.get_init()
    app.running = True
    table = app.table
    assert table is not None and table.play(table.g.legal_moves()[0])
    assert app.sound.open and pygame.mixer.get_init()
    silence()
    assert s.timeouts and s.timeouts[-1] is not None  # the clock still ticks; nothing else


def test_restored_the_loop_wakes_for_the_clock_again(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="bakers-game", deal=1)
    first_move(app, clock)
    post(pygame.WINDOWMINIMIZED)
    app.step()
    post(pygame.WINDOWRESTORED)
    app.step()
    wake = app.wake_in()
    assert wake is not None and wake <= 1.0


class PipeWorker(InlineWorker):
    """A held worker whose answers arrive on a real pipe, as the worker process's do."""

    def __init__(self) -> None:
        super().__init__(hold=True)
        from multiprocessing import Pipe

        self.mine, self.theirs = Pipe()

    def waitables(self) -> list[object]:
        return [self.mine]

    def answer(self) -> None:
        """Send the newest request's answer ("unknown") down the pipe."""
        request, text, _ = self.requests[-1]
        self.reply = Answer(request, text, Verdict.UNKNOWN, (), 0, 0.0)
        self.theirs.send(request)

    def answers(self) -> list[Answer]:
        if not self.mine.poll():
            return []
        self.mine.recv()
        return [self.reply]


def test_a_table_awaiting_the_solver_sleeps_until_its_pipe_has_the_answer(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = PipeWorker()
    monkeypatch.setattr(App, "solver_worker", lambda: worker)
    app = make_app(variant="bakers-game", deal=1)
    settle(app, clock)
    app.step()
    table = app.table
    assert table is not None and app.advisor.busy()
    assert table.wakeup(clock()) is None  # no polling: the pipe wakes the loop
    pygame.event.clear()
    app._doorbell.watch(app.advisor.waitables())  # as the loop does before it sleeps
    version = app.advisor.version
    worker.answer()
    assert pygame.event.wait(5000).type == sleep.WAKE
    app.step()
    assert app.advisor.version > version  # the answer was taken
    assert not worker.mine.poll()
    app.close()


def test_the_loop_sleeps_in_sdls_own_wait_not_pygames_polling_loop() -> None:
    assert sleep.native()


def test_waiting_leaves_a_queued_event_for_the_loop(make_app: Callable[..., App]) -> None:
    make_app()
    pygame.event.clear()
    post(pygame.USEREVENT, marker=7)
    assert sleep.wait_event(10_000) is None
    assert [e.marker for e in pygame.event.get(pygame.USEREVENT)] == [7]
