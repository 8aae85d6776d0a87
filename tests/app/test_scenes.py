"""The screens around the table: chooser, rules, menu, win and no-moves, through the real loop."""

from __future__ import annotations

from collections.abc import Callable

import pygame

import game
from game.app import App
from game.scenes.chooser import ChooserScene
from game.scenes.look import LookScene
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene, rule_paragraphs
from game.scenes.stuck import StuckScene
from game.scenes.win import WinScene
from tests.app.conftest import FakeClock, post, post_click, post_key, settle


def test_without_a_variant_the_chooser_comes_first(make_app: Callable[..., App]) -> None:
    app = make_app(variant=None)
    assert isinstance(app.top, ChooserScene)
    assert app.table is None


def test_clicking_a_game_in_the_chooser_deals_it(make_app: Callable[..., App]) -> None:
    app = make_app(variant=None, deal=None)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    post_click(chooser.tiles[2].center)
    app.step()
    assert app.table is not None and app.table.g.key == list(game.VARIANTS)[2]


def test_a_typed_deal_number_is_dealt(make_app: Callable[..., App]) -> None:
    app = make_app(variant=None, deal=None)
    post_key(pygame.K_d, unicode="d")
    for digit in "4242":
        post_key(pygame.K_0 + int(digit), unicode=digit)
    post_key(pygame.K_RETURN)
    app.step()
    assert app.table is not None and app.table.g.deal == 4242


def test_f1_shows_the_rules_and_esc_closes_them(make_app: Callable[..., App]) -> None:
    app = make_app(variant="seahaven")
    post_key(pygame.K_F1)
    app.step()
    assert isinstance(app.top, RulesScene)
    post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)
    app.step()
    post_key(pygame.K_ESCAPE)
    app.step()
    assert app.top is app.table


def test_rules_text_has_no_rule_ids_or_diagram() -> None:
    for cls in game.VARIANTS.values():
        paragraphs = rule_paragraphs(cls.instance())
        text = " ".join(paragraphs)
        assert paragraphs and "rules.md" not in text and "fnd-1" not in text
        assert "-1)" not in text


def test_menu_settings_change_in_place(make_app: Callable[..., App]) -> None:
    app = make_app()
    post_key(pygame.K_ESCAPE)
    app.step()
    menu = app.top
    speed = next(b for b in menu.buttons if b.action == "speed")  # type: ignore[attr-defined]
    post_click(speed.rect.center)
    app.step()
    assert app.settings.speed != "off" and app.top is menu
    look = next(b for b in menu.buttons if b.action == "look")  # type: ignore[attr-defined]
    post_click(look.rect.center)
    app.step()
    page = app.top
    assert isinstance(page, LookScene)
    cards = next(b for b in page.buttons if b.action == "cards")
    post_click(cards.rect.center)
    app.step()
    assert app.settings.card_style == "fourcolour" and app.top is page
    assert "Cards: Four colours" in [b.label for b in page.buttons]


def test_escape_on_the_look_page_goes_back_to_the_menu(make_app: Callable[..., App]) -> None:
    app = make_app()
    post_key(pygame.K_ESCAPE)
    app.step()
    app.top.choose("look")  # type: ignore[attr-defined]
    app.step()
    assert isinstance(app.top, LookScene)
    post_key(pygame.K_ESCAPE)
    app.step()
    assert isinstance(app.top, MenuScene)
    assert not any(isinstance(s, LookScene) for s in app.scenes)


def test_the_win_screen_follows_the_last_card_home(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", speed="fast")
    table = app.table
    assert table is not None
    table.session.start(_nearly_won())
    for _ in range(200):
        clock.t += 0.02
        app.step()
        if isinstance(app.top, WinScene):
            break
    assert isinstance(app.top, WinScene)
    assert app.top.busy()  # the cards bounce
    for _ in range(50):
        clock.t += 0.05
        app.step()
    post_key(pygame.K_RETURN)  # new deal
    app.step()
    assert app.top is table and not table.g.is_won()


def test_same_deal_again_deals_the_same_number(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas")
    table = app.table
    assert table is not None
    won = _nearly_won()
    table.session.start(won)
    settle(app, clock)
    win = app.top
    assert isinstance(win, WinScene)
    same = next(b for b in win.buttons if b.label == "Same deal again")
    post_click(same.rect.center)
    app.step()
    assert app.top is table and table.g.deal == won.deal and table.g.moves_made == 0


def test_no_moves_left_is_said_plainly(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=1)
    table = app.table
    assert table is not None
    g = game.new_game("kansas", 1)
    while not g.is_stuck():
        moves = g.legal_moves()
        stock = [m for m in moves if m.source == "stock"]
        g.play(stock[0] if stock else moves[0])
    table.session.start(g)
    settle(app, clock)
    assert isinstance(app.top, StuckScene)
    assert app.top.title == "No moves left"
    assert [b.label for b in app.top.buttons] == ["Undo", "Restart", "New deal"]
    post_click(app.top.buttons[0].rect.center)
    app.step()
    assert app.top is table and not table.g.is_stuck()


def _nearly_won() -> game.Game:
    """A Kansas game (deal 1) with every card home but one, the last one on the waste."""
    g = game.new_game("kansas", 1)
    v = g.variant
    text = g.text()
    fields = dict(f.split("=", 1) for f in text.split()[1:])
    base = game.DECK[g.state.piles[v.foundations[0]][0]].rank
    homes = []
    for suit in "CDHS":
        ranks = [(base - 1 + i) % 13 for i in range(13)]
        homes.append("".join("A23456789TJQK"[r] + suit for r in ranks))
    last = homes[3][-2:]
    homes[3] = homes[3][:-2]
    fields.update({name: "-" for name in v.names})
    fields.update({f"foundation-{i + 1}": cards for i, cards in enumerate(homes)})
    fields["waste"] = last
    line = " ".join([text.split()[0], *(f"{k}={val}" for k, val in fields.items())])
    nearly = game.from_text(line)
    nearly.deal = g.deal
    return nearly
