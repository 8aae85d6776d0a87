"""Drawing the table: felt, empty-pile outlines and their marks, cards, highlights.

The expensive parts are cached surfaces: the felt with the empty-pile slots (per layout and
base rank), and the *table layer*: the felt with every card lying still in a state, less the
cards being moved (per state). A frame is then one blit of the layer plus the few moving
cards, highlights and the HUD on top. Drawing never changes the game.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Hashable

import pygame
from pygame import Rect, Surface

from game.engine.cards import DECK, KING, rank_letter
from game.engine.state import State
from game.variants.base import Kind
from game.view.animation import Sprite
from game.view.card_art import CardArt
from game.view.layout import TableLayout
from game.view.widgets import text

FELT_CENTER = (38, 116, 70)
FELT_EDGE = (10, 50, 30)
SLOT_FILL = (0, 0, 0, 46)
SLOT_LINE = (255, 255, 255, 74)
MARK = (255, 255, 255)
CONTRAST_TABLE = (14, 16, 20)
"""The high-contrast table: dark and plain, so outlines and cards stand out."""
CONTRAST_LINE = (255, 255, 255, 235)


def rank_mark(rank: int) -> str:
    """How a rank is written on an empty pile (``10`` rather than ``T``)."""
    return "10" if rank == 10 else rank_letter(rank)


def slot_mark(layout: TableLayout, pile: int, state: State) -> str:
    """What may start an empty pile: a rank letter, ``redeal`` for a stock that turns over, or ``""``."""
    v = layout.variant
    kind = v.kinds[pile]
    if kind is Kind.FOUNDATION:
        return rank_mark(state.base_rank)
    if kind is Kind.TABLEAU:
        rank = v.empty_fill_rank(state.base_rank)
        return rank_mark(rank) if rank and (rank == KING or v.dealt_base) else ""
    if kind is Kind.STOCK and v.redeals:
        return "redeal" if state.redeals_left > 0 else "none"
    return ""


class Renderer:
    """Draws tables with one card art; holds the caches that make a frame cheap."""

    def __init__(self, art: CardArt) -> None:
        self.art = art
        self.preview_art = CardArt(art.style)
        """A second art for small pictures (previews), so the table's cached size is kept."""
        self._felt: tuple[tuple[int, int], Surface] | None = None
        self._slots: tuple[Hashable, Surface] | None = None
        self._layers: OrderedDict[Hashable, Surface] = OrderedDict()
        self._shadows: dict[tuple[tuple[int, int], int], Surface] = {}
        self._glows: OrderedDict[Hashable, Surface] = OrderedDict()
        self._flips: OrderedDict[Hashable, Surface] = OrderedDict()
        self._noise = _noise_tile()
        self.high_contrast = False
        """A dark plain table, bright slot outlines and thicker glows (``set_high_contrast``)."""

    def set_high_contrast(self, on: bool) -> None:
        """Switch the high-contrast table on or off; forgets the cached felt, slots and glows."""
        self.high_contrast = on
        self._felt = self._slots = None
        self._layers.clear()
        self._glows.clear()

    def trim(self) -> None:
        """Drop what only animations and drags need (called when the table goes idle).

        Keeps the newest table layer; the next drag or animation rebuilds the rest.
        """
        while len(self._layers) > 1:
            self._layers.popitem(last=False)
        self._flips.clear()

    def set_art(self, art: CardArt) -> None:
        """Use another card art (a style change); forgets the cached tables."""
        self.art = art
        self.preview_art = CardArt(art.style)
        self._slots = None
        self._layers.clear()
        self._flips.clear()

    # ----------------------------------------------------------------- felt

    def felt(self, size: tuple[int, int]) -> Surface:
        """The green baize with a soft light in the middle, for a window of ``size``."""
        if self._felt is None or self._felt[0] != size:
            self._felt = (size, self._make_felt(size))
        return self._felt[1]

    def _make_felt(self, size: tuple[int, int]) -> Surface:
        if self.high_contrast:
            plain = Surface(size)
            plain.fill(CONTRAST_TABLE)
            return plain
        small = Surface((48, 32))
        for y in range(32):
            for x in range(48):
                d = min(1.0, (((x - 23.5) / 30) ** 2 + ((y - 13) / 24) ** 2) ** 0.5)
                small.set_at(
                    (x, y), [round(c + (e - c) * d * d) for c, e in zip(FELT_CENTER, FELT_EDGE, strict=True)]
                )
        felt = pygame.transform.smoothscale(small, size)
        tw, th = self._noise.get_size()
        for y in range(0, size[1], th):
            for x in range(0, size[0], tw):
                felt.blit(self._noise, (x, y))
        return felt

    # ---------------------------------------------------------------- slots

    def slots(self, layout: TableLayout, state: State) -> Surface:
        """The felt with every pile's empty outline and mark."""
        marks = tuple(slot_mark(layout, i, state) for i in range(len(layout.piles)))
        key = (id(layout), layout.window.size, marks)
        if self._slots is None or self._slots[0] != key:
            surf = self.felt(layout.window.size).copy()
            for box in layout.piles:
                self._draw_slot(surf, box.slot, marks[box.index], box.kind)
            self._slots = (key, surf)
        return self._slots[1]

    def _draw_slot(self, surface: Surface, rect: Rect, mark: str, kind: Kind) -> None:
        radius = max(3, rect.width // 14)
        shape = Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shape, SLOT_FILL, shape.get_rect(), border_radius=radius)
        line = max(1, rect.width // 45)
        if self.high_contrast:
            line = max(2, rect.width // 30)
        outline = CONTRAST_LINE if self.high_contrast else SLOT_LINE
        pygame.draw.rect(shape, outline, shape.get_rect(), width=line, border_radius=radius)
        if kind is Kind.FOUNDATION:
            inner = shape.get_rect().inflate(-rect.width // 6, -rect.width // 6)
            pygame.draw.rect(shape, (255, 255, 255, 26), inner, width=line, border_radius=radius)
        if mark in ("redeal", "none"):
            _draw_stock_mark(shape, mark == "redeal")
        elif mark:
            letter = text(mark, int(rect.height * 0.42), MARK).copy()
            letter.set_alpha(150 if self.high_contrast else 70)
            shape.blit(letter, letter.get_rect(center=shape.get_rect().center))
        surface.blit(shape, rect)

    def picture(self, layout: TableLayout, state: State) -> Surface:
        """A one-off drawing of ``state``, cropped to its piles (previews); no cache is touched."""
        surf = self._make_felt(layout.window.size)
        for box in layout.piles:
            self._draw_slot(surf, box.slot, slot_mark(layout, box.index, state), box.kind)
        self.draw_cards(surf, layout, state, frozenset(), self.preview_art)
        zones = [layout.drop_zone(i, state) for i in range(len(layout.piles))]
        pad = layout.card_w // 4
        crop = zones[0].unionall(zones[1:]).inflate(2 * pad, 2 * pad).clip(surf.get_rect())
        return surf.subsurface(crop).copy()

    # ---------------------------------------------------------------- cards

    def table_layer(
        self, layout: TableLayout, state: State, exclude: frozenset[int] = frozenset()
    ) -> Surface:
        """The felt, the slots and every card of ``state`` but those in ``exclude`` (cached)."""
        key = (id(layout), layout.window.size, state, exclude, id(self.art))
        layer = self._layers.get(key)
        if layer is not None:
            self._layers.move_to_end(key)
            return layer
        if len(self._layers) >= 2:
            # Reuse the older layer: repaint only the piles that differ (a whole-window copy
            # costs ~13 ms at 4K, once per card during the auto-finish).
            old_key, layer = self._layers.popitem(last=False)
            if not self._repaint(layer, layout, old_key, key):
                layer = None
        if layer is None:
            layer = self.slots(layout, state).copy()
            self.draw_cards(layer, layout, state, exclude)
        self._layers[key] = layer
        return layer

    def _repaint(self, layer: Surface, layout: TableLayout, old_key: Hashable, key: Hashable) -> bool:
        """Bring ``layer`` drawn for ``old_key`` up to ``key`` in place; False if it cannot."""
        assert isinstance(old_key, tuple) and isinstance(key, tuple)
        if old_key[:2] != key[:2] or old_key[4] != key[4]:
            return False
        old, new = old_key[2], key[2]
        changed_cards = old_key[3] ^ key[3]
        dirty: list[Rect] = []
        for box in layout.piles:
            i = box.index
            before, after = old.piles[i], new.piles[i]
            if (
                before != after
                or old.hidden[i] != new.hidden[i]
                or any(c in changed_cards for c in (*before, *after))
            ):
                dirty.append(box.area.inflate(4, 4))
        if not dirty:
            return True
        clip = dirty[0].unionall(dirty[1:])
        layer.set_clip(clip)
        layer.blit(self.slots(layout, new), clip, clip)
        self.draw_cards(layer, layout, new, key[3])
        layer.set_clip(None)
        return True

    def draw_cards(
        self,
        surface: Surface,
        layout: TableLayout,
        state: State,
        exclude: frozenset[int],
        art: CardArt | None = None,
    ) -> None:
        """Every card of ``state`` in its place, bottom to top, but those in ``exclude``."""
        art = art or self.art
        for pile, cards in enumerate(state.piles):
            if not cards:
                continue
            rects = layout.state_rects(state, pile)
            hidden = state.hidden[pile]
            start = self._first_visible(layout, pile, rects, exclude, cards)
            for i in range(start, len(cards)):
                if cards[i] not in exclude:
                    surface.blit(_image(art, cards[i], i >= hidden, layout.card_w), rects[i])

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
        for group in _overlapping_groups([s for s in sprites if s.lifted], size):
            self.draw_shadow(surface, group, size[0])
        for sprite in sprites:
            self.draw_card(surface, sprite, size[0])

    def draw_shadow(self, surface: Surface, area: Rect, card_w: int) -> None:
        """The shadow of lifted cards covering ``area``, a little below and to the right."""
        shadow = self.shadow(area.size, card_w)
        blur = (shadow.get_width() - area.width) // 2
        off = max(2, card_w // 28)
        surface.blit(shadow, (area.x - blur + off, area.y - blur + off * 2))

    def shadow(self, size: tuple[int, int], card_w: int) -> Surface:
        """A soft shadow for lifted cards covering ``size``: one card's blurred shadow, stretched."""
        key = (size, card_w)
        surf = self._shadows.get(key)
        if surf is None:
            base = self._card_shadow(card_w)
            blur = _blur(card_w)
            if len(self._shadows) > 32:
                self._shadows.clear()
            surf = self._shadows[key] = pygame.transform.scale(base, (size[0] + 2 * blur, size[1] + 2 * blur))
        return surf

    def _card_shadow(self, card_w: int) -> Surface:
        key = ((card_w, -1), card_w)
        surf = self._shadows.get(key)
        if surf is None:
            surf = self._shadows[key] = _soft_shape(
                (card_w, round(card_w * 7 / 5)), _blur(card_w), (0, 0, 0), 95
            )
        return surf

    # ----------------------------------------------------------- highlights

    def glow(self, surface: Surface, rect: Rect, color: tuple[int, int, int], strong: bool = False) -> None:
        """A glowing outline around ``rect`` (legal targets, hints, the selection)."""
        key = (rect.size, color, strong)
        surf = self._glows.get(key)
        if surf is None:
            surf = self._glows[key] = _glow_shape(rect.size, color, strong, self.high_contrast)
            if len(self._glows) > 64:
                self._glows.popitem(last=False)
        pad = (surf.get_width() - rect.width) // 2
        surface.blit(surf, (rect.x - pad, rect.y - pad))


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


def _blur(card_w: int) -> int:
    return max(3, card_w // 12)


def _overlapping_groups(sprites: list[Sprite], size: tuple[int, int]) -> list[Rect]:
    """The areas covered by runs of overlapping sprites (a dragged or flying stack is one area)."""
    groups: list[Rect] = []
    for s in sprites:
        rect = Rect(round(s.x), round(s.y), *size)
        if groups and groups[-1].colliderect(rect):
            groups[-1] = groups[-1].union(rect)
        else:
            groups.append(rect)
    return groups


def _noise_tile() -> Surface:
    """A small tile of faint speckles that gives the felt some grain."""
    rng = random.Random(7)
    grey = rng.randbytes(96 * 96)
    pixels = bytearray(4 * 96 * 96)
    pixels[0::4] = pixels[1::4] = pixels[2::4] = grey
    pixels[3::4] = bytes(b % 10 for b in rng.randbytes(96 * 96))
    return pygame.image.frombuffer(bytes(pixels), (96, 96), "RGBA").copy()


def _soft_shape(size: tuple[int, int], blur: int, color: tuple[int, int, int], alpha: int) -> Surface:
    """A rounded rectangle of ``size`` blurred by ``blur`` pixels on every side."""
    w, h = size[0] + 2 * blur, size[1] + 2 * blur
    scale = max(1, blur // 2)
    small = Surface((max(1, w // scale), max(1, h // scale)), pygame.SRCALPHA)
    inner = Rect(blur // scale, blur // scale, max(1, size[0] // scale), max(1, size[1] // scale))
    pygame.draw.rect(small, (*color, alpha), inner, border_radius=max(1, size[0] // (12 * scale)))
    for _ in range(2):
        small = pygame.transform.smoothscale(
            small, (max(1, small.get_width() // 2), max(1, small.get_height() // 2))
        )
        small = pygame.transform.smoothscale(small, (max(1, w // scale), max(1, h // scale)))
    return pygame.transform.smoothscale(small, (w, h))


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
