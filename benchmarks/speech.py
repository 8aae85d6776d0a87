"""What speech costs a frame, headless: ``AppSpeech.frame`` (the glance at the table and the
narrator's comparison) timed on the real ``App``, speech off against speech on.

Scenarios, each timed over ``--frames`` frames (median and p95 in microseconds):

* off: speech off (the default): one comparison a frame;
* idle: speech on (a voice that takes a second a sentence, so the queue is always busy), nothing
  changing at the table;
* focus: speech on, the focus moved by an arrow before every frame (a sentence each frame);
* moves: speech on, the stock dealt before every frame (moves and cards turned face up said).

The whole ``app.step()`` of the same frames is timed beside it, as the baseline. Nothing is
asserted.

    python benchmarks/speech.py [--frames 300]
"""

from __future__ import annotations

# ruff: noqa: E402  (SDL and the data folder are set up before pygame and the game are imported)
import os
import statistics
import sys
import tempfile
import time

os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
os.environ["SOLITAIRE_DATA_DIR"] = tempfile.mkdtemp(prefix="speech-bench-")
ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests")]

import pygame

from game import app_speech
from game.app import App
from game.speech import backends
from tests.app.conftest import make_args

FRAMES = int(sys.argv[sys.argv.index("--frames") + 1]) if "--frames" in sys.argv else 300


class SlowVoice:
    """A voice that takes a second for each sentence (the speaker's thread waits, not the frame)."""

    name = "slow"

    def start(self, text: str, language: str) -> None:
        return

    def wait(self) -> None:
        time.sleep(1.0)

    def stop(self) -> None:
        return

    def close(self) -> None:
        return


def timed(app: App, before_frame: list[int] | None) -> tuple[list[float], list[float]]:
    """Microseconds of ``speech.frame`` and of the whole ``step`` over FRAMES frames."""
    speech_times, step_times = [], []
    frame = app.speech.frame
    spent = [0.0]

    def timed_frame(*args: object) -> None:
        start = time.perf_counter()
        frame(*args)  # type: ignore[arg-type]
        spent[0] = time.perf_counter() - start

    app.speech.frame = timed_frame  # type: ignore[method-assign,assignment]
    for i in range(FRAMES):
        if before_frame:
            key = before_frame[i % len(before_frame)]
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        start = time.perf_counter()
        app.step()
        step_times.append((time.perf_counter() - start) * 1e6)
        speech_times.append(spent[0] * 1e6)
    app.speech.frame = frame  # type: ignore[method-assign]
    return speech_times, step_times


def report(name: str, times: tuple[list[float], list[float]]) -> None:
    speech, step = times
    p95 = statistics.quantiles(speech, n=20)[-1]
    print(
        f"{name:6} speech.frame median {statistics.median(speech):8.1f} us  p95 {p95:8.1f} us"
        f"   whole step median {statistics.median(step):9.1f} us"
    )


def main() -> None:
    backends_voice = backends.system_voice
    backends.system_voice = lambda platform=sys.platform: SlowVoice()
    try:
        off = App(make_args(variant="kansas", deal=65), speed="off")
        off.step()
        report("off", timed(off, None))
        off.close()
        on = App(make_args(variant="kansas", deal=65, speech=True), speed="off")
        on.step()
        assert on.speech.narrator is not None
        report("idle", timed(on, None))
        report("focus", timed(on, [pygame.K_LEFT, pygame.K_RIGHT]))
        report("moves", timed(on, [pygame.K_d, pygame.K_BACKSPACE]))
        on.close()
    finally:
        backends.system_voice = backends_voice
    print(f"(frames per scenario: {FRAMES}; {app_speech.__name__} loaded speech only for 'on')")


if __name__ == "__main__":
    main()
