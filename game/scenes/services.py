"""What a scene may ask of the program around it: the ``Services`` protocol.

Scenes are written against this protocol, never against ``game.app``: the app (the top
layer) builds the scenes and implements it, structurally. Each member is one a scene uses.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.app_store import Persistence
    from game.controls.intents import Intent
    from game.scenes.base import Scene
    from game.scenes.table import TableScene
    from game.solver.advisor import Advisor
    from game.view.display import Display
    from game.view.renderer import Renderer
    from game.view.settings import Settings
    from game.view.sound import Sound


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
    def table(self) -> TableScene | None:
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

    def set_language(self, code: str) -> None:
        """Another language (``system``: the system's), saved and shown at once."""

    def game_over(self, table: TableScene, won: bool) -> None:
        """``table``'s game is won or stuck."""

    def autoplay_gave_up(self, table: TableScene) -> None:
        """``table``'s autoplay found no new position to reach."""
