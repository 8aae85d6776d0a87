"""Drawing the table: felt, empty-pile outlines and their marks, cards, highlights.

The expensive parts are cached surfaces: the felt with the empty-pile slots (per layout and
base rank), and the *table layer*: the felt with every card lying still in a state, less the
cards being moved (per state). A frame is then one blit of the layer plus the few moving
cards, highlights and the HUD on top. Drawing never changes the game.

The parts live beside it: the felt (``game.view.felt``), the table layer and its parking
(``game.view.table_layer``), shadows (``game.view.shadows``), the empty piles' marks
(``game.view.marks``) and handing memory back (``game.view.memory``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

import pygame
from pygame import Rect, Surface

from game.engine.cards import DECK
from game.engine.state import State
from game.variants.base import Kind
from game.view.animation import Sprite
from game.view.card_art import CardArt
from game.view.display import convert_ready
from game.view.felt import Felt
from game.view.large_print import lay_strip
from game.view.layout import TableLayout
from game.view.marks import slot_mark
from game.view.memory import release_free_memory
from game.view.shadows import Shadows, shadow_groups
from game.view.table_layer import TableLayer, changed_areas
from game.view.widgets import text

SLOT_FILL = (0, 0, 0, 46)
SLOT_LINE = (255, 255, 255, 74)
MARK = (255, 255, 255)
CONTRAST_LINE = (255, 255, 255, 235)


class Renderer:
    """Draws tables with one card art; holds the caches that make a frame cheap."""

    def __init__(self, art: CardArt) -> None:
        self.art = art
        self.preview_art = CardArt(art.style, art.back_design)
        """A second art for small pictures (previews), so the table's cached size is kept."""
        self._layers = TableLayer(self._paint_table)
        self._felt = Felt()
        self._slot_shapes: dict[Hashable, Surface] = {}
        self._felt_patches: dict[Hashable, Surface] = {}
        self._trimmed_after: tuple[int, int, int] = (0, 0, 0)
        self._shadows = Shadows()
        self._glows: OrderedDict[Hashable, Surface] = OrderedDict()
        self._flips: OrderedDict[Hashable, Surface] = OrderedDict()
        self.high_contrast = False
        """A dark plain table, bright slot outlines and thicker glows (``set_high_contrast``)."""

    def set_felt(self, colours: tuple[tuple[int, int, int], tuple[int, int, int]]) -> None:
        """Paint the felt in ``colours`` (middle, edge: ``themes.felt_colours``); forgets the table."""
        if colours != self._felt.colours:
            self._felt.set_colours(*colours)
            self._forget_table()

    def set_high_contrast(self, on: bool) -> None:
        """Switch the high-contrast table on or off; forgets the cached table and glows."""
        self.high_contrast = on
        self._forget_table()
        self._glows.clear()

    def trim(self) -> None:
        """Drop what only animations and drags need (called when the table goes idle).

        Keeps the table layer (every partial redraw needs it); the rest is rebuilt on demand.
        """
        self._flips.clear()
        self._shadows.clear()
        self._felt_patches.clear()
        work = (self._layers.painted, self.art.renders, self.preview_art.renders)
        if work != self._trimmed_after:  # once after each busy spell, not on every idle wake-up
            self._trimmed_after = work
            release_free_memory()

    def park_layer(self, covered: list[Rect]) -> None:
        """Let the table layer's pixels go while the table is idle (``TableLayer.park``)."""
        self._layers.park(covered, self.art)

    @property
    def parked(self) -> bool:
        """Whether the table layer is parked (its pixels let go until ``restore_layer``)."""
        return self._layers.parked

    def parked_covers(self, area: Rect) -> bool:
        """Whether drawing ``area`` of the window can leave a parked layer parked (a covered area)."""
        return self._layers.parked_covers(area)

    def restore_layer(self, window: Surface) -> None:
        """Rebuild a parked layer from ``window``, which has changed only in the covered areas since."""
        self._layers.restore(window, self.art)

    def discard_parked_layer(self) -> None:
        """Forget a parked layer (the window's pixels were lost: a new window surface)."""
        self._layers.discard_parked()

    def set_art(self, art: CardArt) -> None:
        """Use another card art (a style change); forgets the cached table."""
        self.art = art
        self.preview_art = CardArt(art.style, art.back_design)
        self._forget_table()

    def _forget_table(self) -> None:
        """The layer must be painted afresh (its surface is kept for reuse); slots change look."""
        self._layers.forget()
        self._felt.forget()
        self._slot_shapes.clear()
        self._felt_patches.clear()

    # ----------------------------------------------------------------- felt

    def felt(self, size: tuple[int, int]) -> Surface:
        """A new surface of ``size`` with the green baize (soft light in the middle) on it."""
        surface = Surface(size)
        self.paint_felt(surface, surface.get_rect())
        return surface

    def paint_felt(
        self,
        surface: Surface,
        area: Rect,
        window: tuple[int, int] | None = None,
        origin: tuple[int, int] = (0, 0),
    ) -> None:
        """Paint the felt of a window of size ``window`` over ``area`` of it (``Felt.paint``)."""
        self._felt.paint(surface, area, window, origin, high_contrast=self.high_contrast)

    # ---------------------------------------------------------------- slots

    def paint_background(self, surface: Surface, layout: TableLayout, state: State, area: Rect) -> None:
        """The felt and every pile's empty outline and mark, over ``area`` of ``surface``."""
        patch = self._felt_patch(layout, area)
        if patch is None:
            self.paint_felt(surface, area)
        else:
            under, felt = patch
            surface.blit(felt, area, area.move(-under.x, -under.y))
        for box in layout.piles:
            if box.slot.colliderect(area):
                surface.blit(
                    self._slot_shape(box.slot.size, slot_mark(layout, box.index, state), box.kind), box.slot
                )

    def _felt_patch(self, layout: TableLayout, area: Rect) -> tuple[Rect, Surface] | None:
        """The felt under the pile whose area holds ``area``, kept while the table moves.

        A pile's felt is painted once per animation rather than once per card that leaves
        or lands on it; ``trim`` lets the patches go when the table is idle.
        """
        box = next((b.area for b in layout.piles if b.area.contains(area)), None)
        if box is None:
            return None
        key = (layout.window.size, tuple(box), self.high_contrast)
        felt = self._felt_patches.get(key)
        if felt is None:
            felt = Surface(box.size)
            self.paint_felt(felt, box, layout.window.size, box.topleft)
            self._felt_patches[key] = felt
        return box, felt

    def _slot_shape(self, size: tuple[int, int], mark: str, kind: Kind) -> Surface:
        """An empty pile's outline and mark, to lay over the felt (cached)."""
        key = (size, mark, kind is Kind.FOUNDATION, self.high_contrast)
        shape = self._slot_shapes.get(key)
        if shape is None:
            if len(self._slot_shapes) > 24:
                self._slot_shapes.clear()
            shape = self._slot_shapes[key] = _blittable(self._make_slot_shape(size, mark, kind))
        return shape

    def _make_slot_shape(self, size: tuple[int, int], mark: str, kind: Kind) -> Surface:
        width = size[0]
        radius = max(3, width // 14)
        shape = Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(shape, SLOT_FILL, shape.get_rect(), border_radius=radius)
        line = max(1, width // 45)
        if self.high_contrast:
            line = max(2, width // 30)
        outline = CONTRAST_LINE if self.high_contrast else SLOT_LINE
        pygame.draw.rect(shape, outline, shape.get_rect(), width=line, border_radius=radius)
        if kind is Kind.FOUNDATION:
            inner = shape.get_rect().inflate(-width // 6, -width // 6)
            pygame.draw.rect(shape, (255, 255, 255, 26), inner, width=line, border_radius=radius)
        if mark in ("redeal", "none"):
            _draw_stock_mark(shape, mark == "redeal")
        elif mark:
            letter = text(mark, int(size[1] * 0.42), MARK).copy()
            letter.set_alpha(150 if self.high_contrast else 70)
            shape.blit(letter, letter.get_rect(center=shape.get_rect().center))
        return shape

    def picture(self, layout: TableLayout, state: State) -> Surface:
        """A one-off drawing of ``state``, cropped to its piles (previews); no cache is touched."""
        zones = [layout.drop_zone(i, state) for i in range(len(layout.piles))]
        pad = layout.card_w // 4
        crop = zones[0].unionall(zones[1:]).inflate(2 * pad, 2 * pad).clip(layout.window)
        surf = Surface(layout.window.size)
        surf.set_clip(crop)
        self.paint_background(surf, layout, state, crop)
        self.draw_cards(surf, layout, state, frozenset(), self.preview_art)
        surf.set_clip(None)
        return surf.subsurface(crop).copy()

    # ---------------------------------------------------------------- cards

    def table_layer(
        self, layout: TableLayout, state: State, exclude: frozenset[int] = frozenset()
    ) -> Surface:
        """The felt, the slots and every card of ``state`` but those in ``exclude`` (cached:
        ``TableLayer``)."""
        return self._layers.get(layout, state, exclude, self.art)

    def _paint_table(
        self, surface: Surface, layout: TableLayout, state: State, exclude: frozenset[int], area: Rect
    ) -> None:
        surface.set_clip(area)
        self.paint_background(surface, layout, state, area)
        self.draw_cards(surface, layout, state, exclude, area=area)
        surface.set_clip(None)

    def changed_areas(
        self,
        layout: TableLayout,
        before: tuple[State, frozenset[int]],
        after: tuple[State, frozenset[int]],
    ) -> list[Rect]:
        """Where the table layer of ``after`` differs from ``before``'s (``table_layer.changed_areas``)."""
        return changed_areas(layout, before, after)

    def draw_cards(
        self,
        surface: Surface,
        layout: TableLayout,
        state: State,
        exclude: frozenset[int],
        art: CardArt | None = None,
        area: Rect | None = None,
    ) -> None:
        """Every card of ``state`` in its place, bottom to top, but those in ``exclude``.

        With ``area``, only the piles that reach into it are drawn.
        """
        art = art or self.art
        for pile, cards in enumerate(state.piles):
            if not cards:
                continue
            rects = layout.state_rects(state, pile)
            if area is not None and not area.colliderect(rects[0].union(rects[-1])):
                continue
            hidden = state.hidden[pile]
            start = self._first_visible(layout, pile, rects, exclude, cards)
            for i in range(start, len(cards)):
                if cards[i] not in exclude:
                    surface.blit(_image(art, cards[i], i >= hidden, layout.card_w), rects[i])
                    if hidden <= i < len(cards) - 1 and cards[i + 1] not in exclude:
                        lay_strip(surface, art, DECK[cards[i]].text(), rects[i], rects[i + 1])

    @staticmethod
    def _first_visible(
        layout: TableLayout,
        pile: int,
        rects: tuple[Rect, ...],
        exclude: frozenset[int],
        cards: tuple[int, ...],
    ) -> int:
        """Skip cards hidden exactly under the next one (unfanned piles draw only their top)."""
        if layout.piles[pile].fan.value != "none":
            return 0
        i = len(cards) - 1
        while i > 0 and cards[i] in exclude:
            i -= 1
        return i

    def card_image(self, card: int, face_up: bool, width: int) -> Surface:
        """A card's face or back at ``width`` pixels."""
        return _image(self.art, card, face_up, width)

    def draw_card(self, surface: Surface, sprite: Sprite, width: int) -> None:
        """One card at its sprite's place; flipping cards are narrowed about their middle."""
        x, y = round(sprite.x), round(sprite.y)
        if sprite.scale_x < 0.999:
            image = self._narrowed(sprite.card, sprite.face_up, width, sprite.scale_x)
            x += (width - image.get_width()) // 2
        else:
            image = self.card_image(sprite.card, sprite.face_up, width)
        surface.blit(image, (x, y))

    def _narrowed(self, card: int, face_up: bool, width: int, scale_x: float) -> Surface:
        """A card squeezed sideways for a flip (in 1/16 steps, cached)."""
        step = max(1, round(scale_x * 16))
        key = (card, face_up, width, step)
        image = self._flips.get(key)
        if image is None:
            full = self.card_image(card, face_up, width)
            image = pygame.transform.scale(full, (max(1, full.get_width() * step // 16), full.get_height()))
            self._flips[key] = image
            if len(self._flips) > 400:
                self._flips.popitem(last=False)
        return image

    def draw_sprites(self, surface: Surface, sprites: list[Sprite], size: tuple[int, int]) -> None:
        """Moving cards in the given order; lifted ones cast one soft shadow per overlapping group."""
        for group, _ in shadow_groups([s for s in sprites if s.lifted], size):
            self._shadows.draw(surface, group, size[0])
        for sprite in sprites:
            self.draw_card(surface, sprite, size[0])

    def shadow_area(self, area: Rect, card_w: int) -> Rect:
        """Where the shadow of lifted cards covering ``area`` falls."""
        return self._shadows.area(area, card_w)

    def sprite_areas(self, sprites: list[Sprite], size: tuple[int, int]) -> dict[Hashable, Rect]:
        """What ``draw_sprites`` covers, piece by piece, keyed by what the piece shows.

        A card at rest is a piece; lifted cards that overlap are one, with their shadow.
        Where a key is in one frame's pieces and not in the next's, the screen changed.
        """
        pieces: dict[Hashable, Rect] = {}
        for group, members in shadow_groups([s for s in sprites if s.lifted], size):
            pieces[members] = group.union(self._shadows.area(group, size[0]))
        for s in sprites:
            if not s.lifted:
                pieces[s] = Rect(round(s.x), round(s.y), *size)
        return pieces

    # ----------------------------------------------------------- highlights

    def glow(
        self,
        surface: Surface,
        rect: Rect,
        color: tuple[int, int, int],
        strong: bool = False,
        alpha: int = 255,
    ) -> None:
        """A glowing outline around ``rect`` (legal targets, hints, the selection), faded to ``alpha``."""
        key = (rect.size, color, strong)
        surf = self._glows.get(key)
        if surf is None:
            surf = self._glows[key] = _blittable(_glow_shape(rect.size, color, strong, self.high_contrast))
            if len(self._glows) > 64:
                self._glows.popitem(last=False)
        pad = (surf.get_width() - rect.width) // 2
        if alpha < 255:
            surf.set_alpha(alpha)
        surface.blit(surf, (rect.x - pad, rect.y - pad))
        if alpha < 255:
            surf.set_alpha(None)


def _image(art: CardArt, card: int, face_up: bool, width: int) -> Surface:
    return art.face(DECK[card].text(), width) if face_up else art.back(width)


def draw_arrow(
    surface: Surface, start: tuple[int, int], end: tuple[int, int], color: tuple[int, int, int], width: int
) -> None:
    """A translucent arrow from ``start`` to ``end`` (the hint's direction)."""
    box = Rect(start, (0, 0)).union(Rect(end, (0, 0))).inflate(6 * width, 6 * width)
    layer = Surface(box.size, pygame.SRCALPHA)
    a = (start[0] - box.x, start[1] - box.y)
    b = (end[0] - box.x, end[1] - box.y)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    head = 3.2 * width
    neck = (b[0] - ux * head, b[1] - uy * head)
    pygame.draw.line(layer, (*color, 200), a, neck, width)
    left = (neck[0] - uy * head * 0.6, neck[1] + ux * head * 0.6)
    right = (neck[0] + uy * head * 0.6, neck[1] - ux * head * 0.6)
    pygame.draw.polygon(layer, (*color, 220), [b, left, right])
    pygame.draw.circle(layer, (*color, 200), a, width)
    surface.blit(layer, box)


def _blittable(surface: Surface) -> Surface:
    """``surface`` in the display's format once there is a display: alpha blits ~10x faster."""
    return surface.convert_alpha() if convert_ready() else surface


def _glow_shape(
    size: tuple[int, int], color: tuple[int, int, int], strong: bool, thick: bool = False
) -> Surface:
    pad = max(4, size[0] // 12)
    surf = Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    radius = max(3, size[0] // 14)
    steps = pad
    for i in range(steps):
        a = int((150 if strong else 90) * ((i + 1) / steps) ** 2)
        r = surf.get_rect().inflate(-2 * i, -2 * i)
        pygame.draw.rect(surf, (*color, a), r, width=2, border_radius=radius + pad - i)
    line = Rect(pad, pad, *size)
    width = max(2, size[0] // 30) * (2 if thick else 1)
    alpha = 255 if strong or thick else 210
    outline = line.inflate(width, width) if thick else line
    pygame.draw.rect(surf, (*color, alpha), outline, width=width, border_radius=radius)
    return surf


def _draw_stock_mark(shape: Surface, redeal: bool) -> None:
    """A circular arrow (the waste turns over) or a plain ring (no redeal left)."""
    rect = shape.get_rect()
    r = rect.width // 4
    box = Rect(0, 0, 2 * r, 2 * r)
    box.center = rect.center
    width = max(2, rect.width // 18)
    if not redeal:
        pygame.draw.circle(shape, (255, 255, 255, 60), rect.center, r, width)
        return
    pygame.draw.arc(shape, (255, 255, 255, 90), box, 0.6, 5.9, width)
    tip = (box.right - width // 2, box.centery - r // 3)
    pts = [(tip[0] - r // 2, tip[1] - r // 8), (tip[0] + r // 2, tip[1] - r // 8), (tip[0], tip[1] + r // 2)]
    pygame.draw.polygon(shape, (255, 255, 255, 90), pts)
