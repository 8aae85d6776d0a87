"""The variant chooser: the five games side by side, each with a picture and a short description.

Click a game (or press 1-5, or move with the arrow keys and press Enter) to deal it. Click the
deal field (or press D) and type a deal number; empty means a random deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

import game
from game.engine.deals import MAX_DEAL, MIN_DEAL, is_ascii_digits
from game.i18n import _, format_number
from game.scenes.base import Scene
from game.scenes.rules import table_picture
from game.scenes.stats import extra_buttons
from game.variants.base import Variant
from game.view.names import game_name
from game.view.themes import themed
from game.view.widgets import (
    ACCENT,
    PANEL,
    TEXT,
    TEXT_DIM,
    Button,
    blit_text,
    button_at,
    fit_size,
    ui_size,
    wrap,
)

if TYPE_CHECKING:
    from game.scenes.base import Services


def range_text() -> str:
    """What the chooser says of a deal number it cannot deal."""
    # Translators: {low} and {high} are the first and last deal numbers
    return _("Deal numbers run from {low} to {high}.").format(
        low=format_number(MIN_DEAL), high=format_number(MAX_DEAL)
    )


class ChooserScene(Scene):
    """Five tiles, one per game, and a deal-number field."""

    def __init__(self, app: Services, deal: int | None = None) -> None:
        super().__init__(app)
        self.variants: list[Variant] = [cls.instance() for cls in game.VARIANTS.values()]
        keys = [v.key for v in self.variants]
        last = app.persist.stored.last_variant
        self.focus = keys.index(last) if last in keys else 0
        self.in_progress = set(app.persist.store.saved_variants())
        self.extras: list[Button] = []
        self.hover: int | None = None
        self._pointer_at: tuple[int, int] | None = None
        """Where the pointer was first seen: the focus follows it only once it moves (the window
        opening under a resting pointer must not take the focus off the last game played)."""
        self.deal_text = str(deal) if deal else ""
        self.typing = False
        self.notice = ""
        """Why the typed deal number was not dealt (shown under the field until it changes)."""
        self.tiles: list[Rect] = []
        self.deal_rect = Rect(0, 0, 0, 0)
        self._pictures: dict[tuple[str, tuple[int, int]], Surface] = {}
        self._felt: Surface | None = None

    def enter(self) -> None:
        self.resize()

    def resize(self) -> None:
        super().resize()
        w, h = self.app.size
        self._size = ui_size((w, h), 0.03)
        cols = 3 if w >= h * 0.9 else 2
        rows = -(-len(self.variants) // cols)
        top, bottom = int(h * 0.2), int(h * 0.13)
        gap = max(10, w // 60)
        tile_w = min((w - gap * (cols + 1)) // cols, int(w * 0.3))
        tile_h = min((h - top - bottom - gap * (rows - 1)) // rows, int(tile_w * 1.0))
        self.tiles = []
        for i in range(len(self.variants)):
            row, col = divmod(i, cols)
            in_row = min(cols, len(self.variants) - row * cols)
            left = (w - in_row * tile_w - (in_row - 1) * gap) // 2
            self.tiles.append(Rect(left + col * (tile_w + gap), top + row * (tile_h + gap), tile_w, tile_h))
        self.deal_rect = Rect(0, 0, self._size * 12, int(self._size * 1.8))
        self.deal_rect.center = (w // 2, h - bottom // 2)
        self.extras = extra_buttons(self.deal_rect, self._size, w)
        self._felt = None

    def update(self, now: float) -> bool | list[Rect]:
        if self._felt is None or self._felt.get_size() != self.app.size:
            self._felt = self.app.renderer.felt(self.app.size)
            for v, tile in zip(self.variants, self.tiles, strict=True):
                self._picture(v, tile)
            self.invalidate()
        return super().update(now)

    def _picture_size(self, v: Variant, tile: Rect) -> tuple[int, int]:
        """Room for the picture: what the name and the whole summary leave of the tile."""
        size = self._size
        lines = len(wrap(_(v.summary), int(size * 0.85), tile.width - size))
        text = int(size * 1.3 * 1.2) + int(lines * size * 0.85 * 1.15) + size
        return tile.width - size, max(10, min(int(tile.height * 0.55), tile.height - text - size))

    def _picture(self, v: Variant, tile: Rect) -> Surface:
        size = self._picture_size(v, tile)
        key = (v.key, size)
        if key not in self._pictures:
            self._pictures[key] = table_picture(self.app, v, size)
        return self._pictures[key]

    # ---------------------------------------------------------------- input

    def takes_stats_key(self) -> bool:
        """S opens the statistics unless a deal number is being typed."""
        return not self.typing

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            hover = next((i for i, t in enumerate(self.tiles) if t.collidepoint(event.pos)), None)
            moved = self._pointer_at not in (None, tuple(event.pos))
            self._pointer_at = self._pointer_at or tuple(event.pos)
            if hover != self.hover or (moved and hover is not None and hover != self.focus):
                self.hover = hover
                if hover is not None and moved:
                    self.focus = hover
                self.invalidate()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and button_at(self.extras, event.pos):
            self.extra(str(button_at(self.extras, event.pos).action))  # type: ignore[union-attr]
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            chosen = next((i for i, t in enumerate(self.tiles) if t.collidepoint(event.pos)), None)
            if chosen is not None:
                self.choose(chosen)
            else:
                self.typing = self.deal_rect.collidepoint(event.pos)
                self.invalidate()
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        if self.typing and self._type(event):
            self.invalidate()
            return
        n = len(self.variants)
        moves = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_DOWN: 3, pygame.K_UP: -3, pygame.K_TAB: 1}
        if event.key in moves:
            self.focus = (self.focus + moves[event.key]) % n
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(self.focus)
            return
        elif pygame.K_1 <= event.key < pygame.K_1 + n:
            self.choose(event.key - pygame.K_1)
            return
        elif event.key == pygame.K_t:
            self.extra("daily")
            return
        elif event.key == pygame.K_d or event.unicode == "#":
            self.typing = True
        elif event.key == pygame.K_ESCAPE and self.app.table is not None:
            self.app.pop(self)
            return
        self.invalidate()

    def _type(self, event: pygame.event.Event) -> bool:
        """Typing in the deal field: digits, Backspace, Esc to stop. Returns whether it was used."""
        self.notice = ""
        if event.key == pygame.K_BACKSPACE:
            self.deal_text = self.deal_text[:-1]
        elif event.key == pygame.K_ESCAPE:
            self.typing = False
        elif is_ascii_digits(event.unicode):
            self.deal_text = (self.deal_text + event.unicode)[:10]
        else:
            return False
        return True

    def deal_number(self) -> int | None:
        """The deal typed in, or ``None`` for a random one (also when out of range)."""
        if not self.deal_text:
            return None
        number = int(self.deal_text)
        return number if MIN_DEAL <= number <= MAX_DEAL else None

    def choose(self, index: int) -> None:
        """Deal the game of tile ``index`` (not when the number typed is out of range: say so)."""
        if self.deal_text and self.deal_number() is None:
            self.app.sound.play("thud")
            self.notice = range_text()
            self.invalidate()
            return
        self.app.start_game(self.variants[index].key, self.deal_number())

    def extra(self, command: str) -> None:
        """``daily``: today's deal of the game in focus; ``stats``: the statistics."""
        if command == "daily":
            self.app.start_game(self.variants[self.focus].key, daily=True)
        else:
            self.app.show_stats()

    # ---------------------------------------------------------------- draw

    def draw(self, surface: Surface) -> None:
        w, h = self.app.size
        size = self._size
        if self._felt is not None:
            surface.blit(self._felt, (0, 0))
        # Translators: the game's name as the chooser's heading (the window's title stays "Solitaire")
        heading = _("Solitaire")
        blit_text(surface, heading, int(size * 2.6), TEXT, "center", (w // 2, int(h * 0.08)))
        blit_text(surface, _("Choose a game"), size, TEXT_DIM, "center", (w // 2, int(h * 0.145)))
        for i, (v, tile) in enumerate(zip(self.variants, self.tiles, strict=True)):
            self._draw_tile(surface, i, v, tile)
        self._draw_deal(surface)
        for b in self.extras:
            b.draw(surface, False)

    def _draw_tile(self, surface: Surface, i: int, v: Variant, tile: Rect) -> None:
        size = self._size
        lit = i == self.focus
        shape = Surface(tile.size, pygame.SRCALPHA)
        radius = max(6, size // 2)
        pygame.draw.rect(shape, (*themed(PANEL), 215 if lit else 170), shape.get_rect(), border_radius=radius)
        if lit:
            pygame.draw.rect(
                shape, (*ACCENT, 255), shape.get_rect(), width=max(2, size // 8), border_radius=radius
            )
        surface.blit(shape, tile)
        picture = self._pictures.get((v.key, self._picture_size(v, tile)))
        y = tile.top + size // 2
        if picture is not None:
            surface.blit(picture, picture.get_rect(midtop=(tile.centerx, y)))
            y += picture.get_height() + size // 2
        name = f"{i + 1}   {game_name(v)}"
        if v.key in self.in_progress:
            # Translators: on a game's tile in the chooser: a saved game of it waits
            tag = _("in progress")
            tag_size = max(10, int(size * 0.7))
            corner = (tile.right - size // 3, tile.top + size // 6)
            blit_text(surface, tag, tag_size, ACCENT, "topright", corner)
        name_size = fit_size(name, int(size * 1.3), tile.width - size)
        blit_text(surface, name, name_size, ACCENT if lit else TEXT, "midtop", (tile.centerx, y))
        y += int(name_size * 1.2)
        summary_size = int(size * 0.85)
        for line in wrap(_(v.summary), summary_size, tile.width - size):
            if y + summary_size > tile.bottom - size // 4:
                break
            blit_text(surface, line, summary_size, TEXT_DIM, "midtop", (tile.centerx, y))
            y += int(summary_size * 1.15)

    def _draw_deal(self, surface: Surface) -> None:
        size, rect = self._size, self.deal_rect
        pygame.draw.rect(surface, themed(PANEL), rect, border_radius=rect.height // 3)
        if self.typing:
            pygame.draw.rect(surface, ACCENT, rect, width=2, border_radius=rect.height // 3)
        cursor = "|" if self.typing else ""
        if self.deal_text or self.typing:
            # Translators: the deal number being typed in the chooser ({cursor} is a "|" or nothing)
            shown = _("Deal #{number}{cursor}").format(number=self.deal_text, cursor=cursor)
        else:
            shown = _("Deal: random  (D to type a number)")
        bad = bool(self.deal_text) and self.deal_number() is None
        color = (255, 120, 100) if bad else (TEXT if self.deal_text or self.typing else TEXT_DIM)
        blit_text(surface, shown, fit_size(shown, size, rect.width - size), color, "center", rect.center)
        if self.notice:
            w = self.app.size[0]
            notice_size = fit_size(self.notice, max(10, int(size * 0.8)), w - size)
            blit_text(surface, self.notice, notice_size, (255, 120, 100), "midtop", (w // 2, rect.bottom + 2))
