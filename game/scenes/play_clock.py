"""The game clock: seconds of play, counted only while the player can see the table.

It starts with the first action, stops for good at the win, and is paused for as long as any
reason holds: the table covered by another screen (menu, rules, statistics…), the window
minimised, the window without the keyboard focus, no move left, or the next deal being looked
for. The clock knows nothing of how the main loop waits; the loop asks ``running`` (to tick the
display once a second) and ``elapsed``.
"""

from __future__ import annotations

COVERED = "covered"
"""A screen in front of the table."""
MINIMISED = "minimised"
UNFOCUSED = "unfocused"
"""The window lost the keyboard focus (another program is in front)."""
OVER = "over"
"""No legal move is left: the game is lost unless the player undoes."""
SEARCHING = "searching"
"""The table looks for a winnable deal to play next: the game on it is left behind."""


class PlayClock:
    """Seconds of play for one game (see the module doc)."""

    def __init__(self, elapsed: float = 0.0) -> None:
        self._total = elapsed
        self._since: float | None = None
        self._started = False
        self._stopped = False
        self._pauses: set[str] = set()

    @property
    def running(self) -> bool:
        """Whether the seconds are being counted now."""
        return self._started and not self._stopped and not self._pauses

    @property
    def paused(self) -> frozenset[str]:
        """The reasons it is paused now (empty when it is not)."""
        return frozenset(self._pauses)

    def elapsed(self, now: float) -> float:
        """Seconds of play up to ``now``."""
        return self._total + (now - self._since if self._since is not None else 0.0)

    def reset(self, now: float, elapsed: float = 0.0, *, started: bool = False) -> None:
        """A new game (or a resumed one at ``elapsed``, running on if ``started``); the pauses
        belong to the window and the screens, not to the game, so they stay."""
        self._total, self._since = elapsed, None
        self._started, self._stopped = started, False
        self._follow(now)

    def start(self, now: float) -> None:
        """The first action: the clock starts (nothing happens if it already has)."""
        self._started = True
        self._follow(now)

    def stop(self, now: float) -> None:
        """The game is won: the time is final, in whole seconds (the win screen and the
        statistics show this one number)."""
        self._follow(now)
        self._fold(now)
        self._stopped = True
        self._total = float(round(self._total))

    def pause(self, reason: str, now: float) -> None:
        """Stop counting while ``reason`` holds."""
        self._pauses.add(reason)
        self._follow(now)

    def resume(self, reason: str, now: float) -> None:
        """``reason`` no longer holds (the clock runs again if nothing else holds it)."""
        self._pauses.discard(reason)
        self._follow(now)

    def _follow(self, now: float) -> None:
        if self.running and self._since is None:
            self._since = now
        elif not self.running:
            self._fold(now)

    def _fold(self, now: float) -> None:
        if self._since is not None:
            self._total += now - self._since
            self._since = None
