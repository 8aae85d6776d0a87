"""The win screen: the cards bounce off the foundations and leave trails, and a panel offers
a new deal, the same deal again, or another game."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pygame import Surface

from game.controls.intents import Intent
from game.i18n import _, format_number
from game.scenes.base import Damage
from game.scenes.dialog import Dialog
from game.view.hud import clock_text
from game.view.names import game_name

if TYPE_CHECKING:
    from game.scenes.base import PlayTable, Services

SPAWN_EVERY = 0.22
GRAVITY = 2.6
"""Window heights per second squared."""
BOUNCE = 0.78


@dataclass
class Bouncer:
    """A card on its way off the screen."""

    card: int
    x: float
    y: float
    vx: float
    vy: float


class WinScene(Dialog):
    """The celebration and the result (score, time, moves) with what to do next."""

    def __init__(self, app: Services, table: PlayTable) -> None:
        g = table.g
        lines = [
            # Translators: the win screen's first line: the game's name and its deal number
            _("{game}, deal {deal}").format(game=game_name(g.variant), deal=g.deal),
            _("Score {score}/52  ·  Time {time}  ·  Moves {moves}").format(
                score=g.score, time=clock_text(table.elapsed()), moves=format_number(g.moves_made)
            ),
        ]
        buttons = [
            (Intent.NEW_DEAL, _("New deal")),
            (Intent.SAME_DEAL, _("Same deal again")),
            (Intent.CHANGE_GAME, _("Change game")),
        ]
        super().__init__(app, _("You won!"), lines, buttons, self._choice, escape=Intent.CLOSE)
        self._dimming = 40
        self.table = table
        self.rng = random.Random(g.deal)
        self.waiting = self._cards_from_home()
        self.bouncers: list[Bouncer] = []
        self._last: float | None = None
        self._next_spawn = 0.0

    def _cards_from_home(self) -> list[tuple[int, int]]:
        """(card, foundation) pairs, top cards first, one foundation after another."""
        v, state = self.table.g.variant, self.table.g.state
        piles = [list(state.piles[f]) for f in v.foundations]
        order: list[tuple[int, int]] = []
        while any(piles):
            for i, pile in enumerate(piles):
                if pile:
                    order.append((pile.pop(), v.foundations[i]))
        return order

    def _choice(self, action: Hashable) -> None:
        if action is Intent.NEW_DEAL:
            self.table.new_deal()
        elif action is Intent.SAME_DEAL:
            self.table.same_deal()
        elif action is Intent.CHANGE_GAME:
            self.app.perform(Intent.CHANGE_GAME)

    def resize(self) -> None:
        super().resize()
        self.bouncers.clear()

    def busy(self) -> bool:
        return bool(self.waiting or self.bouncers)

    def update(self, now: float) -> Damage:
        damage = super().update(now)
        dt = 0.0 if self._last is None else min(0.05, now - self._last)
        self._last = now
        if not self.busy() or self._backdrop is None:
            return damage
        if now >= self._next_spawn and self.waiting:
            self._spawn()
            self._next_spawn = now + SPAWN_EVERY
        for b in list(self.bouncers):
            self._fly(b, dt, self._backdrop)
        return True

    def _spawn(self) -> None:
        card, pile = self.waiting.pop(0)
        slot = self.table.layout.piles[pile].slot
        w, h = self.app.size
        direction = self.rng.choice((-1, 1))
        vx = direction * self.rng.uniform(0.12, 0.4) * w
        vy = -self.rng.uniform(0.0, 0.7) * h
        self.bouncers.append(Bouncer(card, slot.x, slot.y, vx, vy))

    def _fly(self, b: Bouncer, dt: float, trail: Surface) -> None:
        """Move a card on and leave its trail, on the table only: the toolbar and the status
        line stay as they were (the cards bounce off the status line's top)."""
        w, h = self.app.size
        layout = self.table.layout
        floor = layout.table.bottom
        image = self.app.renderer.card_image(b.card, True, layout.card_w)
        steps = max(1, math.ceil(math.hypot(b.vx, b.vy) * dt / max(4, layout.card_w // 5)))
        trail.set_clip(layout.table)
        for _step in range(steps):
            b.vy += GRAVITY * h * dt / steps
            b.x += b.vx * dt / steps
            b.y += b.vy * dt / steps
            if b.y + layout.card_h > floor:
                b.y = floor - layout.card_h
                b.vy = -b.vy * BOUNCE
            trail.blit(image, (round(b.x), round(b.y)))
        trail.set_clip(None)
        if b.x < -layout.card_w or b.x > w:
            self.bouncers.remove(b)
