"""The keyboard play drives any ``PlayTable``: the controls need no scene, only the protocol."""

from __future__ import annotations

import pygame

import game
from game.controls.focus import Focus, KeyboardPlay
from game.controls.moves import group_moves
from game.controls.table import PlayTable, Selection
from game.engine.moves import Move
from game.view.layout import compute_layout


class BareTable:
    """A table in play with no scene around it: it records what the keys asked of it."""

    def __init__(self, key: str, deal: int) -> None:
        self.g = game.new_game(key, deal)
        self.layout = compute_layout(self.g.variant, (1024, 768))
        self.selection: Selection | None = None
        self.autoplay: object | None = None
        self.asked: list[tuple[str, object]] = []

    def invalidate(self) -> None:
        self.asked.append(("invalidate", None))

    def finish_animations(self) -> None:
        pass

    def sound(self, name: str) -> None:
        self.asked.append(("sound", name))

    def show_toast(self, message: str, duration: float | None = 2.5) -> None:
        self.asked.append(("toast", message))

    def refuse(self, reason: str) -> None:
        self.asked.append(("refuse", reason))

    def hold(self, pile: str, index: int, moves: list[Move]) -> None:
        self.selection = Selection(pile, index, moves)

    def play(self, move: Move) -> bool:
        self.asked.append(("play", move))
        self.g.play(move)
        return True


def _movable_pile(table: BareTable) -> int:
    """A tableau pile whose top card has a legal move."""
    g = table.g
    for pile in g.variant.tableau:
        top = len(g.state.piles[pile]) - 1
        if top >= 0 and group_moves(g, g.variant.names[pile], top):
            return pile
    raise AssertionError("the deal has no movable top card")


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def test_enter_picks_up_the_focused_group_and_enter_again_plays_it_on_a_bare_table() -> None:
    table = BareTable("bakers-game", 1)
    drives: PlayTable = table  # the protocol is all the controls ask for
    play = KeyboardPlay(drives)
    pile = _movable_pile(table)
    play.focus = Focus(pile, None)
    play.handle_key(_key(pygame.K_RETURN))  # the first press shows the ring
    play.handle_key(_key(pygame.K_RETURN))  # the second picks up
    held = table.selection
    assert held is not None and held.pile == table.g.variant.names[pile] and held.moves
    target = held.moves[0].target
    play.focus = Focus(table.g.variant.index[target], None)
    play.handle_key(_key(pygame.K_RETURN))
    assert ("play", held.moves[0]) in table.asked


def test_d_on_a_game_without_stock_says_so_on_a_bare_table() -> None:
    table = BareTable("bakers-game", 1)
    KeyboardPlay(table).deal()
    assert ("toast", "This game has no stock.") in table.asked
