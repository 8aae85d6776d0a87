"""The scene base, the overlay base (a dimmed picture of the scene below, and a panel), and the
protocols scenes are written against.

``Services`` is what a scene may ask of the program around it. Scenes are written against it,
never against ``game.app``: the app (the top layer) builds the scenes and implements it,
structurally. Each member is one a scene uses. ``PlayTable`` is what the other scenes and the
app's services ask of the table scene, so none of them names it. (They live here, with
``Scene``, because each names the other: apart, their modules would import each other.)
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Protocol

import pygame
from pygame import Rect, Surface

from game.view.widgets import dim

if TYPE_CHECKING:
    from game.app_store import Persistence
    from game.controls.intents import Intent
    from game.play import Game
    from game.solver.advisor import Advisor
    from game.view.display import Display
    from game.view.layout import TableLayout
    from game.view.renderer import Renderer
    from game.view.settings import Settings
    from game.view.sound import Sound

Damage = bool | list[Rect]
"""What ``update`` asks to redraw: nothing (False), everything (True), or some rectangles."""


class Scene:
    """One screen on the app's stack.

    The app calls ``handle_event`` for each event, ``update`` once a frame (it may change
    state and says what needs redrawing), then ``draw`` if something does. ``draw`` never
    changes state.
    """

    def __init__(self, app: Services) -> None:
        self.app = app
        self._dirty = True

    def enter(self) -> None:
        """Called when the scene is pushed."""

    def exit(self) -> None:
        """Called when the scene is popped."""

    def cover(self) -> None:
        """Another scene was pushed on top of this one."""

    def uncover(self) -> None:
        """The scene on top of this one was popped."""
        self._dirty = True

    def resize(self) -> None:
        """The window changed size: lay out again."""
        self._dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one event."""

    def update(self, now: float) -> Damage:
        """Advance to ``now``; returns what needs redrawing."""
        dirty, self._dirty = self._dirty, False
        return dirty

    def draw(self, surface: Surface) -> None:
        """Draw the scene (never changes state)."""

    def busy(self) -> bool:
        """Whether the scene is animating and wants frames at full rate."""
        return False

    def wakeup(self, now: float) -> float | None:
        """When idle: seconds until the scene next needs an update (``None``: only on events)."""
        return None

    def invalidate(self) -> None:
        """Ask for a full redraw."""
        self._dirty = True

    def takes_stats_key(self) -> bool:
        """Whether the S key opens the statistics over this scene."""
        return False


class Overlay(Scene):
    """A scene shown over the one below it, which stays visible, dimmed and still."""

    def __init__(self, app: Services, dimming: int = 150) -> None:
        super().__init__(app)
        self._dimming = dimming
        self._backdrop: Surface | None = None
        self.below: Scene | None = None

    def enter(self) -> None:
        self.below = self.app.scene_below(self)
        self.resize()

    def resize(self) -> None:
        super().resize()
        self._backdrop = None
        self.layout()

    def layout(self) -> None:
        """Place the overlay's parts for the window size."""

    def update(self, now: float) -> Damage:
        size = self.app.size
        if self._backdrop is None or self._backdrop.get_size() != size:
            self._backdrop = Surface(size)
            if self.below is not None:
                self.below.draw(self._backdrop)
            dim(self._backdrop, self._dimming)
            self._dirty = True
        return super().update(now)

    def draw(self, surface: Surface) -> None:
        if self._backdrop is not None:
            surface.blit(self._backdrop, (0, 0))
        else:
            surface.fill((0, 0, 0))


class PlayTable(Protocol):
    """What the other scenes and the app's services ask of the table scene."""

    @property
    def g(self) -> Game:
        """The game on the table."""

    @property
    def layout(self) -> TableLayout:
        """Where its piles are drawn."""

    @property
    def demo(self) -> bool:
        """Whether the demo plays it."""

    def elapsed(self) -> float:
        """Seconds played."""

    def never_winnable(self) -> bool:
        """Whether the solver proved the deal lost from its opening."""

    def demo_stopped(self) -> str | None:
        """Why the demo stopped short of a win (translated), once it has."""

    def outcome(self) -> str:
        """The game's result in one line (``--exit-when-done``)."""

    def perform(self, intent: Intent) -> None:
        """Do what the player asked (undo, restart, a new deal...)."""

    def new_deal(self) -> None:
        """A new deal of the same game."""

    def same_deal(self) -> None:
        """The same deal again, from the start."""

    def show_toast(self, message: str, duration: float | None = ...) -> None:
        """Say ``message`` over the table (``None``: until replaced)."""


class Services(Protocol):
    """The window, the scene stack, the store, the art, the sound and the app-wide requests."""

    persist: Persistence
    """The player's store: saved games, statistics, settings (``game.app_store``)."""
    settings: Settings
    renderer: Renderer
    sound: Sound
    display: Display
    scenes: list[Scene]
    window_pauses: set[str]
    """Why the window cannot be played in now (``game.scenes.play_clock``'s reasons)."""
    fullscreen: bool
    input_time: float
    """When the events being handled were taken from the queue (the app's clock): what a
    click's or key's time is, never the last frame's (an idle table's is up to a second old)."""

    @property
    def size(self) -> tuple[int, int]:
        """The window's drawable size in pixels."""

    @property
    def advisor(self) -> Advisor:
        """The solver's knowledge of the games played."""

    @property
    def top(self) -> Scene:
        """The scene in front."""

    @property
    def table(self) -> PlayTable | None:
        """The table scene, if a game is on the stack."""

    def now(self) -> float:
        """The app's clock in seconds."""

    def scene_below(self, scene: Scene) -> Scene | None:
        """The scene under ``scene`` on the stack."""

    def push(self, scene: Scene) -> None:
        """Put ``scene`` in front."""

    def pop(self, scene: Scene) -> None:
        """Remove ``scene``."""

    def start_game(self, variant: str, deal: int | None = None, *, daily: bool | date = False) -> None:
        """A table for ``variant`` in place of every scene."""

    def confirm_abandon(
        self, variant: str, then: Callable[[], None], *, daily: bool | date = False, restart: bool = False
    ) -> None:
        """Do ``then``, asking first when it ends a game that counts as a loss."""

    def show_stats(self) -> None:
        """The statistics screen."""

    def show_calendar(self) -> None:
        """The daily challenge's calendar."""

    def perform(self, intent: Intent) -> None:
        """A request the scene leaves to the app (menu, rules, fullscreen, quit...)."""

    def toggle_fullscreen(self) -> None:
        """Full screen, or back to the window."""

    def set_high_contrast(self, on: bool) -> None:
        """The high-contrast table, or the felt."""

    def set_card_style(self, style: str) -> None:
        """Another card style."""

    def set_large_print(self, on: bool) -> None:
        """Large-print card faces, or the style's own."""

    def set_card_size(self, size: str) -> None:
        """Another card size (``game.view.layout.CARD_SIZES``)."""

    def set_card_back(self, design: str) -> None:
        """Another design of card back."""

    def set_look(self, theme: str, felt: str) -> None:
        """Another theme or felt colour, shown at once."""

    def set_mirror(self, on: bool) -> None:
        """The left-handed layout, or the usual one."""

    def set_language(self, code: str) -> None:
        """Another language (``system``: the system's), saved and shown at once."""

    def game_over(self, table: PlayTable, won: bool) -> None:
        """``table``'s game is won or stuck."""

    def autoplay_gave_up(self, table: PlayTable) -> None:
        """``table``'s autoplay found no new position to reach."""
