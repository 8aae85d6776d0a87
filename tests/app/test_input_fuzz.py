"""A fuzz run of the real loop: 20,000 random events per variant (clicks, drags, wheel, resizes
to odd sizes, and keys with the text of AZERTY, QWERTZ, Arabic-Indic and Persian digits and
emoji, with any modifier), through the chooser, the menu and the table. Nothing may raise."""

from __future__ import annotations

import random

import pygame
import pytest

import game
from game.app import App
from game.app_store import Persistence
from game.controls.intents import Intent
from game.store import Store
from tests.app.conftest import FakeClock, make_args
from tests.app.test_monkey import check_invariants, post_legal_drag, random_event

EVENTS = 20_000
EVENTS_PER_FRAME = 80
"""Events are cheap and frames are not: several events a frame keep the run to seconds."""
LAYOUT_TEXT = (
    "²&é\"'(-è_çà)=azertyuiop^$qsdfghjklmù*<wxcvbn,;:!"  # AZERTY
    "^1234567890ß´qwertzuiopü+asdfghjklöä#<yxcvbnm,.-"  # QWERTZ
    "٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹"  # Arabic-Indic and Persian digits
)
OTHER_DIGITS = "²³¹٣۴३１⁷½"
EMOJI = ["😀", "🂡", "👍🏽", "🏳️‍🌈", "\u200d", "\x00", "\t", "#"]
NAMED_KEYS = [
    pygame.K_d,
    pygame.K_h,
    pygame.K_f,
    pygame.K_s,
    pygame.K_m,
    pygame.K_z,
    pygame.K_y,
    pygame.K_n,
    pygame.K_r,
    pygame.K_0,
    pygame.K_5,
    pygame.K_BACKSPACE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_ESCAPE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_F1,
    pygame.K_QUESTION,
    pygame.K_KP_ENTER,
]
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_CTRL | pygame.KMOD_SHIFT]
ODD_SIZES = [(15000, 360), (320, 200), (200, 3000), (1, 1), (2500, 400)]


def key_event(rng: random.Random) -> pygame.event.Event:
    """A key press as some keyboard would send it: a character's key, or a named key."""
    if rng.random() < 0.6:
        text = rng.choice(LAYOUT_TEXT) if rng.random() < 0.85 else rng.choice(EMOJI)
        key = ord(text[0]) if len(text) == 1 and ord(text) < 0x40000000 else 0
    else:
        key = rng.choice(NAMED_KEYS)
        text = chr(key) if 32 <= key < 127 else ""
    mod = rng.choice(MODS)
    if mod & pygame.KMOD_CTRL and key in (pygame.K_q, pygame.K_w):
        mod = 0  # quitting is tested elsewhere
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)


def type_a_deal(rng: random.Random) -> None:
    """D, then digits of any script into the chooser's deal field (a French keyboard's ² first),
    then Enter."""
    texts = ["d", "²", *rng.choices([*OTHER_DIGITS, *"0123456789"], k=4), "\r"]
    for text in texts:
        key = pygame.K_d if text == "d" else ord(text)  # "\r" is K_RETURN: deal what was typed
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))


def fuzz_event(rng: random.Random, app: App, held: list[bool]) -> pygame.event.Event:
    roll = rng.random()
    if roll < 0.2:
        return key_event(rng)
    if roll < 0.22:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice([*LAYOUT_TEXT, *EMOJI]))
    if roll < 0.221:
        w, h = rng.choice(ODD_SIZES)
        return pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
    event = random_event(rng, app, held)
    if event.type == pygame.VIDEORESIZE and rng.random() < 0.8:
        # Each new size renders the cards afresh: a few dozen sizes a run find what they can.
        return pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    return event


@pytest.fixture(autouse=True)
def unsynced_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real store, without waiting for the disk after each of the thousands of saves."""
    monkeypatch.setattr(
        Persistence, "open", classmethod(lambda cls, d: cls(Store.open(d, synchronous="OFF")))
    )


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(game.VARIANTS))
def test_the_loop_survives_20000_random_events_with_any_keyboard(clock: FakeClock, variant: str) -> None:
    rng = random.Random(f"fuzz {variant}")
    app = App(
        make_args(variant=variant, deal=rng.randrange(1, 10**6), window=(640, 480)), clock=clock, speed="off"
    )
    held = [False]
    for i in range(EVENTS):
        pygame.event.post(fuzz_event(rng, app, held))
        if rng.random() < 0.02:
            post_legal_drag(rng, app)
        if i % 2000 == 1000 and app.running:  # now and then the chooser, and its deal field
            app.step()  # the events waiting go first
            app.perform(Intent.CHANGE_GAME)
            type_a_deal(rng)
            app.step()
        if i % EVENTS_PER_FRAME == 0:
            clock.t += rng.choice([0.0, 0.01, 0.05, 0.3])
            app.step()
        if not app.running:
            app = App(make_args(variant=None, window=(640, 480)), clock=clock, speed="off")
        if app.table is not None:
            check_invariants(app.table.g)
    app.close()
    pygame.quit()
