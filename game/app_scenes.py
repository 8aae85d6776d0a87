"""The app's scene stack: the scene in front gets the events and draws the frames.

The window's title follows the game on the table.
"""

from __future__ import annotations

from game.app_window import AppWindow
from game.scenes.base import Scene
from game.scenes.table import TableScene
from game.view.window import caption


class SceneStack(AppWindow):
    """The scenes on show, bottom to top (the table, then what is over it)."""

    _caption: str

    @property
    def top(self) -> Scene:
        """The scene in front."""
        return self.scenes[-1]

    @property
    def table(self) -> TableScene | None:
        """The table scene, if a game is on the stack."""
        return next((s for s in self.scenes if isinstance(s, TableScene)), None)

    def scene_below(self, scene: Scene) -> Scene | None:
        """The scene under ``scene`` on the stack."""
        i = self.scenes.index(scene)
        return self.scenes[i - 1] if i > 0 else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` in front."""
        if self.scenes:
            self.top.cover()
        self.scenes.append(scene)
        scene.enter()
        self._full_redraw = True
        self._show_caption()

    def pop(self, scene: Scene) -> None:
        """Remove ``scene`` (normally the one in front)."""
        if scene not in self.scenes:
            return
        was_top = scene is self.top
        self.scenes.remove(scene)
        scene.exit()
        if was_top and self.scenes:
            self.top.uncover()
        self._full_redraw = True
        self._show_caption()

    def _show_caption(self) -> None:
        """The window's title: the game on the table, or just the program's name."""
        table = self.table
        title = caption(table.g.key if table is not None else None)
        if title != self._caption:
            self._caption = title
            self.display.set_caption(title)

    def replace_all(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)
