"""Sound effects the project makes itself: short synthesized PCM, no sound files.

Each effect is a few hundred milliseconds of 16-bit mono samples computed with ``math`` into
an ``array`` (a click for pick and drop, a noise whoosh for a move, a low thud for a drop
that is not allowed, a riffle of clicks for a deal, a rising chime for a win). The mixer is
opened on the first sound, not at start-up (opening it can take ~90 ms where there is no
sound device), and each effect's samples are made the first time it plays (a few ms). If
the mixer cannot be opened the game stays silent: the audio library's complaints are kept out
of the terminal (ALSA prints eight lines where there is no sound card), ``notice`` says once
that sound is off, for the table to show, and one line goes to the log at INFO level.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import sys
from array import array
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.view.settings import Settings

if TYPE_CHECKING:
    import logging

RATE = 22050
"""Samples per second of the effects (and of the mixer when this module opens it)."""


def _log() -> logging.Logger:
    """This module's logger (``logging`` loads on first use: ~2 ms of start-up otherwise)."""
    import logging

    return logging.getLogger(__name__)


def _envelope(i: int, n: int, attack: int, decay: float) -> float:
    """A fast attack then an exponential fall, reaching silence at sample ``n``."""
    rise = min(1.0, i / attack) if attack else 1.0
    return rise * math.exp(-decay * i / n) * (1 - i / n)


def click(rate: int = RATE, pitch: float = 2400.0, length: float = 0.035) -> list[float]:
    """A short bright tick (pick up, put down)."""
    n = int(rate * length)
    rng = random.Random(1)
    return [
        _envelope(i, n, 8, 6.0) * (0.6 * math.sin(2 * math.pi * pitch * i / rate) + 0.4 * rng.uniform(-1, 1))
        for i in range(n)
    ]


def whoosh(rate: int = RATE, length: float = 0.16) -> list[float]:
    """Filtered noise that swells and fades: a card sliding across the felt."""
    n = int(rate * length)
    rng = random.Random(2)
    out, low = [], 0.0
    for i in range(n):
        low += 0.18 * (rng.uniform(-1, 1) - low)  # one-pole low-pass: a soft hiss
        out.append(low * math.sin(math.pi * i / n) ** 2 * 1.6)
    return out


def thud(rate: int = RATE, length: float = 0.14) -> list[float]:
    """A soft low knock (the cards cannot go there)."""
    n = int(rate * length)
    return [
        _envelope(i, n, 30, 5.0) * math.sin(2 * math.pi * (130 - 50 * i / n) * i / rate) * 0.9
        for i in range(n)
    ]


def shuffle(rate: int = RATE, length: float = 0.42) -> list[float]:
    """A riffle: many small clicks, closer together towards the end, over a little hiss."""
    n = int(rate * length)
    rng = random.Random(3)
    out = [0.05 * rng.uniform(-1, 1) * math.sin(math.pi * i / n) for i in range(n)]
    tick = click(rate, 3200.0, 0.012)
    t = 0.0
    while t < length - 0.015:
        start = int(t * rate)
        gain = rng.uniform(0.35, 0.7)
        for k, v in enumerate(tick):
            out[start + k] += v * gain
        t += 0.04 * (1 - 0.6 * t / length) * rng.uniform(0.7, 1.3)
    return out


def chime(rate: int = RATE) -> list[float]:
    """Four rising bell notes (C E G C), each with a soft overtone, ringing into each other."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    gap, ring = 0.12, 0.9
    n = int(rate * (gap * (len(notes) - 1) + ring))
    out = [0.0] * n
    m = int(ring * rate)
    envelope = [0.3 * _envelope(i, m, 40, 4.0) for i in range(m)]
    sin = math.sin
    for k, f in enumerate(notes):
        start, w = int(k * gap * rate), 2 * math.pi * f / rate
        for i in range(min(m, n - start)):
            out[start + i] += envelope[i] * (sin(w * i) + 0.3 * sin(2 * w * i))
    return out


EFFECTS: dict[str, Callable[[int], list[float]]] = {
    "pick": lambda rate: click(rate, 2400.0),
    "drop": lambda rate: click(rate, 1500.0, 0.045),
    "move": lambda rate: _mix(whoosh(rate), click(rate, 1500.0, 0.045), 0.12, rate),
    "thud": thud,
    "shuffle": shuffle,
    "win": chime,
}
"""Every effect by name, as a function of the sample rate."""


def _mix(first: list[float], second: list[float], at: float, rate: int) -> list[float]:
    """``second`` laid over ``first`` from ``at`` seconds on."""
    start = int(at * rate)
    out = first + [0.0] * max(0, start + len(second) - len(first))
    for i, v in enumerate(second):
        out[start + i] += v
    return out


def pcm(samples: list[float], channels: int = 1) -> bytes:
    """Signed 16-bit native-endian PCM of ``samples`` (clipped to -1..1), each repeated per channel."""
    data = array("h", [int(max(-1.0, min(1.0, v)) * 32000) for v in samples])
    if channels > 1:
        data = array("h", [v for v in data for _ in range(channels)])
    return data.tobytes()


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send what native libraries write to the process's stderr (fd 2) to the null device."""
    stream = sys.__stderr__
    try:
        fd = stream.fileno() if stream is not None else -1
    except (AttributeError, OSError, ValueError):
        fd = -1
    if stream is None or fd < 0:
        yield
        return
    stream.flush()
    saved, null = os.dup(fd), os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)
        os.close(null)


class Sound:
    """Plays the effects at the settings' volume; silent when off or without a sound device."""

    def __init__(self, settings: Callable[[], Settings]) -> None:
        self._settings = settings
        self._sounds: dict[str, pygame.mixer.Sound] | None = None
        self._pcm: dict[tuple[str, tuple[int, int]], bytes] = {}
        """Each effect's samples once synthesized, per format: kept while the mixer is closed."""
        self._failed: set[str] = set()
        self._format = (RATE, 1)
        self.available: bool | None = None
        """None until the first sound; then whether the mixer opened."""
        self.notice: str | None = None
        """Set once when the mixer could not be opened: what to tell the player (then taken)."""

    def take_notice(self) -> str | None:
        """The one-time notice that sound is off (``None`` after the first call)."""
        notice, self.notice = self.notice, None
        return notice

    def play(self, name: str) -> None:
        """Play effect ``name`` (one of ``EFFECTS``) unless sound is off."""
        settings = self._settings()
        if not settings.sound or settings.volume <= 0 or self.available is False:
            return
        sounds = self._sounds if self._sounds is not None else self._open()
        effect = self._effect(name) if sounds is not None else None
        if effect is not None:
            effect.set_volume(max(0.0, min(1.0, settings.volume)))
            effect.play()

    def warm_one(self) -> bool:
        """Once the mixer is open, synthesize one effect not made yet; True if one was.

        The main loop calls this while idle, so the win chime (~100 ms of pure Python) is
        ready before the game is won instead of stalling the last frame of the finish.
        """
        if not self.available or self._sounds is None:
            return False
        missing = next((n for n in EFFECTS if n not in self._sounds and n not in self._failed), None)
        if missing is None:
            return False
        if self._effect(missing) is None:
            self._failed.add(missing)
        return True

    @property
    def open(self) -> bool:
        """Whether the mixer is open (SDL's audio thread is running)."""
        return bool(self.available and self._sounds is not None)

    def playing(self) -> bool:
        """Whether an effect is still sounding."""
        return self.open and bool(pygame.mixer.get_busy())

    def rest(self) -> None:
        """Close the mixer while nothing sounds: an open audio device keeps SDL's audio thread
        waking the process every buffer (~40 times a second) to feed it silence. The next
        effect opens it again (its samples are kept)."""
        if self.open and not self.playing():
            self._sounds = None
            pygame.mixer.quit()

    def stop(self) -> None:
        """Silence whatever is playing (sound was turned off)."""
        if self.available and pygame.mixer.get_init():
            pygame.mixer.stop()

    def _open(self) -> dict[str, pygame.mixer.Sound] | None:
        try:
            import pygame.mixer  # not imported with pygame (game.view.lean_pygame)

            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512, allowedchanges=0)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("the mixer did not start")
        except (pygame.error, NotImplementedError, OSError, ValueError) as exc:
            _log().info("no sound: %s", exc)
            self.available = False
            self.notice = _("Sound is off: no sound device was found.")
            return None
        self.available, self._format = True, (init[0], init[2])
        self._sounds = {}
        return self._sounds

    def _effect(self, name: str) -> pygame.mixer.Sound | None:
        """Effect ``name``, synthesized the first time it is played (a few milliseconds each)."""
        assert self._sounds is not None
        effect = self._sounds.get(name)
        if effect is None and name in EFFECTS:
            rate, channels = self._format
            data = self._pcm.get((name, self._format))
            if data is None:
                data = self._pcm[(name, self._format)] = pcm(EFFECTS[name](rate), channels)
            try:
                effect = self._sounds[name] = pygame.mixer.Sound(buffer=data)
            except pygame.error as exc:
                _log().info("no sound %r: %s", name, exc)
        return effect
