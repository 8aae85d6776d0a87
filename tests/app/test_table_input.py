"""Mouse and keyboard through the real loop: drag and drop, double-click, stock, undo, hints."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

import game
from game.app import App
from game.engine.moves import Move
from game.play import Game
from game.variants.base import Kind
from tests.app.conftest import FakeClock, post_click, post_drag, post_key, settle, table


def card_center(app: App, pile: str, index: int = -1) -> tuple[int, int]:
    t = table(app)
    i = t.g.variant.index[pile]
    rects = t.layout.state_rects(t.g.state, i)
    if index in (-1, len(rects) - 1):
        return rects[index].center
    return rects[index].centerx, rects[index].top + 4  # the visible strip of a covered card


def target_center(app: App, pile: str) -> tuple[int, int]:
    t = table(app)
    i = t.g.variant.index[pile]
    rects = t.layout.state_rects(t.g.state, i)
    return rects[-1].center if rects else t.layout.piles[i].slot.center


def find_deal(variant: str, wanted: Callable[[Game], Move | None]) -> tuple[int, Move]:
    """The first deal (from 1) whose opening, after the automatic moves, has a wanted move."""
    for deal in range(1, 500):
        g = game.new_game(variant, deal)
        g.play_auto_moves()
        move = wanted(g)
        if move is not None:
            return deal, move
    raise AssertionError("no such deal")


def tableau_move(g: Game) -> Move | None:
    """A one-card move between two non-empty tableau piles."""
    v = g.variant
    for m in g.legal_moves():
        s, d = v.index[m.source], v.index.get(m.target, -1)
        if d >= 0 and m.count == 1 and v.kinds[s] is v.kinds[d] is Kind.TABLEAU and g.state.piles[d]:
            return m
    return None


def home_move(g: Game) -> Move | None:
    """A top card that a double-click sends to a foundation."""
    v = g.variant
    for i in v.tableau:
        m = g.double_click_move(v.names[i])
        if m is not None and v.kinds[v.index[m.target]] is Kind.FOUNDATION:
            return m
    return None


@pytest.mark.parametrize("variant", ["lady-jane", "bakers-game", "aunt-mary", "seahaven"])
def test_drag_onto_a_legal_target_plays_the_move(make_app: Callable[..., App], variant: str) -> None:
    deal, move = find_deal(variant, tableau_move)
    app = make_app(variant=variant, deal=deal)
    before = table(app).g.moves_made
    post_drag(card_center(app, move.source), target_center(app, move.target))
    app.step()
    g = table(app).g
    assert g.moves_made == before + 1
    assert g.history[-1][0] == move


def test_a_dragged_group_moves_as_one(make_app: Callable[..., App]) -> None:
    def group(g: Game) -> Move | None:
        return next((m for m in g.legal_moves() if m.count > 1 and m.target.startswith("tableau")), None)

    deal, move = find_deal("aunt-mary", group)
    app = make_app(variant="aunt-mary", deal=deal)
    post_drag(card_center(app, move.source, -move.count), target_center(app, move.target))
    app.step()
    assert table(app).g.history[-1][0] == move


def test_illegal_drop_changes_nothing(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="bakers-game", deal=3, speed="normal")
    settle(app, clock)
    g = table(app).g
    before = g.state
    layout = table(app).layout
    post_drag(card_center(app, "tableau-1"), (layout.table.centerx, layout.table.bottom - 5))
    app.step()
    assert table(app).busy()  # the card glides back
    settle(app, clock)
    assert g.state == before and g.moves_made == 0


def test_a_card_that_cannot_move_is_not_picked_up(make_app: Callable[..., App]) -> None:
    app = make_app(variant="lady-jane", deal=1)
    t = table(app)
    post(pygame.MOUSEBUTTONDOWN, pos=card_center(app, "tableau-7", 0), button=1)
    post(pygame.MOUSEMOTION, pos=(20, 300), rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert t.drag is None


def test_double_click_sends_a_card_home(make_app: Callable[..., App]) -> None:
    deal, move = find_deal("aunt-mary", home_move)
    app = make_app(variant="aunt-mary", deal=deal, speed="normal")
    g = table(app).g
    table(app).finish_animations()
    score = g.score
    pos = card_center(app, move.source)
    post_click(pos)
    post_click(pos)
    app.step()
    assert g.history[-1][0] == move
    assert g.score > score


def test_click_on_the_stock_deals(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=4)
    g = table(app).g
    post_click(card_center(app, "stock"))
    app.step()
    assert g.history[-1][0] == Move("stock", "waste", 1)
    assert len(g.pile("waste")) == 1


def test_lady_jane_stock_deals_onto_every_reserve(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="lady-jane", deal=2, speed="normal")
    settle(app, clock)
    g = table(app).g
    post_click(card_center(app, "stock"))
    app.step()
    assert g.history[-1][0] == Move("stock", "reserve", 7)
    assert table(app).busy()
    settle(app, clock)


def test_undo_during_an_animation_completes_it_then_undoes(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    deal, move = find_deal("lady-jane", tableau_move)
    app = make_app(variant="lady-jane", deal=deal, speed="normal")
    settle(app, clock)
    g = table(app).g
    opening = g.state
    post_drag(card_center(app, move.source), target_center(app, move.target))
    app.step()
    assert g.moves_made == 1
    clock.t += 0.05
    app.step()
    assert table(app).busy()
    post_key(pygame.K_z, pygame.KMOD_CTRL)
    app.step()
    assert g.state == opening and g.moves_made == 0
    settle(app, clock)
    post_key(pygame.K_y, pygame.KMOD_CTRL)
    app.step()
    assert g.moves_made == 1
    post_key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    app.step()
    assert g.moves_made == 1  # nothing left to redo


def test_restart_and_new_deal_keys(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=4)
    post_click(card_center(app, "stock"))
    app.step()
    g = table(app).g
    post_key(pygame.K_r, pygame.KMOD_CTRL)
    post_key(pygame.K_RETURN)  # "Restart this deal?": the attempt so far counts as a loss
    app.step()
    restarted = table(app).g
    assert restarted.moves_made == 0 and restarted.deal == 4 and restarted.state == g.initial_state
    post_key(pygame.K_n, pygame.KMOD_CTRL)  # no move made in this attempt: nothing to confirm
    app.step()
    assert table(app).g is not restarted


def test_hint_outlines_a_legal_move(make_app: Callable[..., App]) -> None:
    app = make_app(variant="lady-jane", deal=1)
    post_key(pygame.K_h, unicode="h")
    app.step()
    t = table(app)
    assert t.hint is not None and t.g.is_legal(t.hint[0])


def test_click_to_move(make_app: Callable[..., App]) -> None:
    deal, move = find_deal("bakers-game", tableau_move)
    app = make_app(variant="bakers-game", deal=deal)
    app.settings.click_to_move = True
    post_click(card_center(app, move.source))
    app.step()
    assert table(app).selection is not None
    app.settings.click_to_move = True
    clock_free_click = target_center(app, move.target)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=clock_free_click, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=clock_free_click, button=1))
    app.step()
    assert table(app).g.history[-1][0] == move


def test_toolbar_buttons_act(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=4)
    post_click(card_center(app, "stock"))
    app.step()
    t = table(app)
    undo = next(b for b in t.buttons if b.label == "Undo")
    post_click(undo.rect.center)
    app.step()
    assert t.g.moves_made == 0


def test_automatic_moves_join_the_players_step(make_app: Callable[..., App]) -> None:
    deal, move = find_deal("bakers-game", tableau_move)
    app = make_app(variant="bakers-game", deal=deal)
    g = table(app).g
    post_drag(card_center(app, move.source), target_center(app, move.target))
    app.step()
    assert g.auto_moves() == []
    assert g.moves_made == 1


def test_finish_sends_every_card_home(make_app: Callable[..., App], clock: FakeClock) -> None:
    g = game.new_game("lady-jane", 1)
    solved = _play_to_win(g)
    if solved is None:
        pytest.skip("the heuristic does not win this deal")
    app = make_app(variant="lady-jane", deal=1, speed="fast")
    t = table(app)
    app.settings.auto_moves = False
    t.session.start(solved)
    settle(app, clock)
    assert t.g.finish_line() is not None
    post_key(pygame.K_f, unicode="f")
    app.step()
    assert t.busy()
    post_click((5, t.layout.table.centery))  # a click skips to the end
    app.step()
    assert t.g.is_won()
    settle(app, clock)
    assert type(app.top).__name__ == "WinScene"


def _play_to_win(g: Game) -> Game | None:
    """Play ``g`` with the heuristic until a certain finish is left; that game, or None."""
    from game.solver import best_move

    seen = {g.state}
    for _ in range(600):
        g.play_auto_moves()
        if g.finish_line():
            return game.from_text(g.text())
        move = best_move(g, seen)
        if move is None:
            return None
        g.play(move)
        seen.add(g.state)
    return None


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))
