"""One-click move in the real app: a click sends a card home, else to the hint's best tableau
pile; a second click on it takes it on to the next place; drags, the stock and a double-click
still do what they did; the move is said; the setting is on the menu and kept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

import game
from game.app import App
from game.controls.moves import group_moves
from game.engine.moves import Move
from game.engine.state import State
from game.play import Game
from game.scenes.menu import MenuScene
from game.solver.heuristic import score_move
from game.speech import backends
from game.speech.backends import VoiceUnavailable
from game.variants.base import Kind
from game.variants.words import card_words
from game.view.names import player_words
from tests.app.conftest import FakeClock, post, post_click, post_drag, settle, table
from tests.app.test_table_input import card_center, tableau_move, target_center

PAUSE = 1.0
"""Seconds between two clicks that are not a double-click."""


def top_card_with(g: Game, wanted: Callable[[Game, list[Move]], bool]) -> tuple[str, list[Move]] | None:
    """A tableau pile whose top card's legal moves are ``wanted``."""
    v = g.variant
    for i in v.tableau:
        if g.state.piles[i]:
            moves = group_moves(g, v.names[i], len(g.state.piles[i]) - 1)
            if moves and wanted(g, moves):
                return v.names[i], moves
    return None


def find(
    variant: str, wanted: Callable[[Game, list[Move]], bool], auto: bool = True
) -> tuple[int, str, list[Move]]:
    for deal in range(1, 400):
        g = game.new_game(variant, deal)
        if auto:
            g.play_auto_moves()
        hit = top_card_with(g, wanted)
        if hit is not None:
            return deal, *hit
    raise AssertionError("no such deal")


def kinds(g: Game, moves: list[Move]) -> list[Kind]:
    return [g.variant.kinds[g.variant.index[m.target]] for m in moves]


def two_tableau_places(g: Game, moves: list[Move]) -> bool:
    found = kinds(g, moves)
    return found.count(Kind.TABLEAU) >= 2 and Kind.FOUNDATION not in found


def home_and_tableau(g: Game, moves: list[Move]) -> bool:
    found = kinds(g, moves)
    return Kind.FOUNDATION in found and Kind.TABLEAU in found


def one_click_app(make_app: Callable[..., App], variant: str, deal: int, **given: object) -> App:
    app = make_app(variant=variant, deal=deal, **given)
    app.settings.one_click = True
    return app


def click(app: App, clock: FakeClock, pos: tuple[int, int]) -> None:
    clock.t += PAUSE
    post_click(pos)
    settle(app, clock)


def test_a_click_sends_a_card_home_before_anywhere_else(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    deal, pile, moves = find("aunt-mary", home_and_tableau)
    app = one_click_app(make_app, "aunt-mary", deal)
    g = table(app).g
    home = next(m for m in moves if m.target.startswith("foundation"))
    click(app, clock, card_center(app, pile))
    assert g.history[-1][0] == home


def test_a_click_plays_the_hints_best_tableau_move_and_a_second_click_the_next(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    deal, pile, moves = find("aunt-mary", two_tableau_places)
    app = one_click_app(make_app, "aunt-mary", deal)
    t = table(app)
    g = t.g
    tableau = sorted((m for m in moves if m.target.startswith("tableau")), key=lambda m: -score_move(g, m))
    card = g.state.piles[g.variant.index[pile]][-1]
    click(app, clock, card_center(app, pile))
    assert g.history[-1][0] == tableau[0]
    assert g.state.piles[g.variant.index[tableau[0].target]][-1] == card
    click(app, clock, card_center(app, tableau[0].target))  # the same card, where it went
    assert g.history[-1][0] == Move(tableau[0].target, tableau[1].target, 1)
    assert g.state.piles[g.variant.index[tableau[1].target]][-1] == card
    assert g.moves_made == 2


def test_the_second_half_of_a_double_click_makes_no_second_move(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    deal, pile, _moves = find("aunt-mary", two_tableau_places)
    app = one_click_app(make_app, "aunt-mary", deal)
    g = table(app).g
    at = card_center(app, pile)
    post_click(at)
    post_click(at)  # the same frame: a double-click
    settle(app, clock)
    assert g.moves_made == 1


def test_dragging_still_works_with_one_click_on(make_app: Callable[..., App], clock: FakeClock) -> None:
    deal, move = next(
        (d, m) for d in range(1, 400) if (m := _tableau_move_not_first("bakers-game", d)) is not None
    )
    app = one_click_app(make_app, "bakers-game", deal)
    post_drag(card_center(app, move.source), target_center(app, move.target))
    settle(app, clock)
    assert table(app).g.history[-1][0] == move


def _tableau_move_not_first(variant: str, deal: int) -> Move | None:
    g = game.new_game(variant, deal)
    g.play_auto_moves()
    return tableau_move(g)


def test_a_click_on_the_stock_still_deals(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = one_click_app(make_app, "kansas", 4)
    t = table(app)
    click(app, clock, t.layout.piles[t.g.variant.stock].slot.center)
    assert t.g.moves_made == 1 and t.g.history[-1][0].source == "stock"


def test_a_card_with_nowhere_to_go_is_refused_with_the_reason(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    deal, pile = next((d, p) for d in range(1, 400) if (p := _stuck_top_card("aunt-mary", d)) is not None)
    app = one_click_app(make_app, "aunt-mary", deal)
    t = table(app)
    click(app, clock, card_center(app, pile))
    assert t.g.moves_made == 0
    reason = player_words(t.g.why_unmovable(pile, 1))
    assert t.toast is not None and t.toast[0].lower() == f"{reason}.".lower()


def _stuck_top_card(variant: str, deal: int) -> str | None:
    g = game.new_game(variant, deal)
    g.play_auto_moves()
    v = g.variant
    for i in v.tableau:
        n = len(g.state.piles[i])
        if n and not group_moves(g, v.names[i], n - 1):
            return v.names[i]
    return None


def test_the_move_is_said(
    make_app: Callable[..., App], clock: FakeClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "speech.log"
    monkeypatch.setenv("SOLITAIRE_SPEECH_LOG", str(log))

    def no_voice() -> backends.Voice:
        raise VoiceUnavailable("no voice in the tests")

    monkeypatch.setattr(backends, "system_voice", no_voice)
    deal, pile, _moves = find("aunt-mary", two_tableau_places)
    app = one_click_app(make_app, "aunt-mary", deal, speech=True)
    settle(app, clock)
    g = table(app).g
    card = g.state.piles[g.variant.index[pile]][-1]
    start = len(log.read_text(encoding="utf-8").splitlines()) if log.exists() else 0
    click(app, clock, card_center(app, pile))
    clock.t += 10
    settle(app, clock)
    said = log.read_text(encoding="utf-8").splitlines()[start:]
    words = card_words(card)
    assert any(words in line.lower() and "tableau" in line.lower() for line in said), said


def test_the_setting_is_on_the_menu_off_at_first_and_kept(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="kansas", deal=1)
    assert not app.settings.one_click
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step()
    menu = app.top
    assert isinstance(menu, MenuScene)
    labels = [b.label for b in menu.buttons]
    assert labels.index("One-click move: Off") == labels.index("Click to move: Off") + 1
    post_click(next(b for b in menu.buttons if b.action == "one_click").rect.center)
    app.step()
    assert app.settings.one_click
    assert "One-click move: On" in [b.label for b in menu.buttons]
    again = make_app(variant=None, deal=None)
    assert again.settings.one_click


@pytest.mark.parametrize("face_down", [False, True])
def test_the_solvers_next_move_comes_first_where_no_card_is_face_down(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch, face_down: bool
) -> None:
    """As the hint: the solver's winning line picks the tableau pile when every card is face
    up; while cards are face down it would give them away, and the heuristic's choice holds."""
    deal, pile, moves = find("aunt-mary", two_tableau_places)
    opening = game.new_game("aunt-mary", deal)
    opening.play_auto_moves()
    s = opening.state
    state = s if face_down else State(s.piles, (0,) * len(s.piles), s.base_rank, s.redeals_left)
    app = one_click_app(make_app, "aunt-mary", deal)
    t = table(app)
    t.session.start(Game(opening.variant, state))
    settle(app, clock)
    g = t.g
    heuristic = sorted((m for m in moves if m.target.startswith("tableau")), key=lambda m: -score_move(g, m))
    solver_pick = heuristic[1]
    monkeypatch.setattr(app.advisor, "line", lambda game: (solver_pick,))
    click(app, clock, card_center(app, pile))
    assert g.history[-1][0] == (heuristic[0] if face_down else solver_pick)
