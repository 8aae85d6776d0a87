"""No key or button does nothing in silence: each refusal says why in words (a sound alone is
nothing with the sound off)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

import game
from game.app import App
from game.scenes.chooser import ChooserScene
from tests.app.conftest import FakeClock, post_key, settle, table, toast


def test_shift_enter_on_a_card_that_cannot_go_home_says_the_engines_reason(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7)
    app.settings.sound = False
    t = table(app)
    t.session.start(game.from_text("seahaven foundation-1=AH foundation-2=AD tableau-1=5H tableau-2=9S"))
    settle(app, clock)
    t.keyboard.focus = t.keyboard.focus.__class__(t.g.variant.index["tableau-1"], 0)
    t.keyboard.visible = True
    post_key(pygame.K_RETURN, mod=pygame.KMOD_SHIFT)
    app.step()
    assert toast(t) == "The five of hearts does not go on the ace of hearts: foundations build up in suit."
    t.keyboard.focus = t.keyboard.focus.__class__(t.g.variant.index["tableau-2"], 0)
    post_key(pygame.K_RETURN, mod=pygame.KMOD_SHIFT)
    app.step()
    assert toast(t).startswith("An empty foundation takes only a card of the base rank")
    assert "nine of spades" in toast(t)


def test_a_double_click_that_sends_nothing_home_says_the_engines_reason(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7)
    t = table(app)
    t.session.start(game.from_text("seahaven foundation-1=AH foundation-2=AD tableau-1=5H tableau-2=9S"))
    settle(app, clock)
    card = t.layout.state_rects(t.g.state, t.g.variant.index["tableau-1"])[0]
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=card.center, button=1))
    app.step()
    assert toast(t) == "The five of hearts does not go on the ace of hearts: foundations build up in suit."


def test_enter_on_an_out_of_range_deal_number_says_the_range(make_app: Callable[..., App]) -> None:
    app = make_app(variant=None, deal=None)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    post_key(pygame.K_d, unicode="d")
    for digit in "99999999999":
        post_key(getattr(pygame, f"K_{digit}"), unicode=digit)
    post_key(pygame.K_RETURN)
    app.step()
    assert app.top is chooser  # nothing dealt
    assert chooser.notice == "Deal numbers run from 1 to 8,589,934,591."
    post_key(pygame.K_BACKSPACE)
    app.step()
    assert chooser.notice == ""  # gone once the number changes


def test_a_click_on_a_dimmed_toolbar_button_says_why_it_does_nothing(make_app: Callable[..., App]) -> None:
    app = make_app(variant="seahaven", deal=7)
    t = table(app)
    undo = next(b for b in t.buttons if b.label == "Undo")
    assert not undo.enabled
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=undo.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=undo.rect.center, button=1))
    app.step()
    assert toast(t) == "Nothing to undo."
