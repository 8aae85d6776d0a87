"""Every text fits, in every language, at 800x600 and at 4K: each scene is drawn through the real
app with the widgets' recorder on, and the ink of each line (measured from the rendered glyphs)
must stay on its surface, inside its button and inside the panel it starts in, and must not
overlap another line or a button it is not the label of.

The languages are English, every catalog present, and a pseudo-language made at run time from
whatever the code marks: each message about 40 % longer, written with accented Latin and
Cyrillic letters, placeholders kept, numbers and dates formatted as Russian.
"""

from __future__ import annotations

import gettext
import math
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest
from pygame import Rect

import game
from game import i18n
from game.app import App
from game.controls.intents import Intent
from game.i18n import ngettext
from game.scenes.base import Scene
from game.scenes.calendar import CalendarScene
from game.scenes.chooser import ChooserScene
from game.scenes.dialog import Dialog
from game.scenes.look import LookScene
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene
from game.scenes.shortcuts import ShortcutsScene
from game.scenes.stats import StatsScene
from game.scenes.stuck import StuckScene
from game.scenes.table import TableScene
from game.scenes.win import WinScene
from game.view import widgets
from game.view.backs import BACK_ORDER
from game.view.themes import FELT_ORDER, THEME_ORDER
from game.view.widgets import Drawn
from tests.app.conftest import FakeClock, post_key, settle
from tests.app.test_scenes import _nearly_won

SIZES = [(800, 600), (3840, 2160)]
SHOTS = os.environ.get("TEXT_FITS_SHOTS", "")
PSEUDO = "pseudo"
LANGUAGES = ["en", PSEUDO, *(code for code in i18n.available_languages() if code != "en")]

_ACCENTED = str.maketrans(
    "aAcCeEiInNoOsSuUyYzZ",
    "áÁçÇëËïÏñÑöÖšŠüÜýÝžŽ",
)
_CYRILLIC = "жщыэюяЖЩЫЭЮЯ"
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """``message`` about 40 % longer in accented Latin and Cyrillic, its ``{placeholders}`` kept."""
    parts = _PLACEHOLDER.split(message)
    out = []
    for part in parts:
        if _PLACEHOLDER.fullmatch(part):
            out.append(part)
            continue
        words = []
        for word in part.split(" "):
            letters = sum(ch.isalpha() for ch in word)
            longer = range(math.ceil(letters * 0.4))
            extra = "".join(_CYRILLIC[(len(word) + k) % len(_CYRILLIC)] for k in longer)
            words.append(word.translate(_ACCENTED) + extra if letters else word)
        out.append(" ".join(words))
    return "".join(out)


class PseudoTranslations(gettext.NullTranslations):
    """A catalog that "translates" every message with :func:`pseudo`."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def test_the_pseudo_language_is_longer_and_keeps_placeholders() -> None:
    message = "Rewound {steps} actions: the deal can be won from here."
    translated = pseudo(message)
    assert "{steps}" in translated and len(translated) >= 1.3 * len(message)
    assert any("\u0400" <= ch <= "\u04ff" for ch in translated) and "ë" in translated


@pytest.fixture
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The language every lookup uses, however the app picks it (the system's, as here, or
    the saved setting's); the pseudo-language stands in for a Russian catalog."""
    code: str = request.param
    if code == PSEUDO:
        catalog = PseudoTranslations()
        monkeypatch.setattr(gettext, "translation", lambda *args, **kwargs: catalog)
        monkeypatch.setattr(i18n, "available_languages", lambda: ["en", "ru"])
        code = "ru"
    monkeypatch.setenv("LANGUAGE", code)
    assert i18n.set_language(code) == code
    yield request.param
    monkeypatch.undo()
    i18n.set_language("en")


@dataclass
class Findings:
    """What did not fit, scene by scene."""

    problems: list[str] = field(default_factory=list)

    def check(self, scene: str, drawn: list[Drawn]) -> None:
        """Check one scene's drawing, surface by surface."""
        by_surface: dict[int, list[Drawn]] = {}
        for d in drawn:
            by_surface.setdefault(id(d.surface), []).append(d)
        for records in by_surface.values():
            self.problems.extend(f"{scene}: {p}" for p in _problems(records))


def _problems(records: list[Drawn]) -> Iterator[str]:
    """Texts off their surface, out of their button or panel, over another text or button."""
    unique = list(dict.fromkeys((d.kind, tuple(d.rect), d.label, tuple(d.box or ())) for d in records))
    texts: list[tuple[Rect, str, Rect | None]] = []
    panels: list[Rect] = []
    buttons: list[Rect] = []
    for kind, r, label, box in unique:
        rect = Rect(r)
        if kind == "cover":  # an opaque strip drawn over what came before: that is hidden
            texts = [t for t in texts if not rect.colliderect(t[0])]
            buttons = [b for b in buttons if not rect.colliderect(b)]
        if kind == "text":
            texts.append((rect, label, Rect(box) if box else None))
        elif kind == "button":
            buttons.append(rect)
        else:
            panels.append(rect)
    bounds = records[0].surface.get_rect()
    texts = [t for t in texts if t[0].width and t[0].height]  # a blank line draws nothing
    for ink, label, box in texts:
        if not bounds.contains(ink):
            yield f"{label!r} runs off the {bounds.size} surface: {ink}"
        if box is not None and not box.contains(ink):
            yield f"{label!r} overflows its button {box}: {ink}"
        for panel in panels:
            if panel.collidepoint(ink.midleft) and not panel.contains(ink):
                yield f"{label!r} overflows its panel {panel}: {ink}"
        for button in buttons:
            if button != box and button.colliderect(ink):
                yield f"{label!r} overlaps the button at {button}: {ink}"
    for i, (ink, label, _) in enumerate(texts):
        for other, other_label, _ in texts[i + 1 :]:
            if ink.colliderect(other):
                yield f"{label!r} overlaps {other_label!r}: {ink} / {other}"


class Walk:
    """Drives one app through the scenes, recording what each draws."""

    def __init__(self, app: App, clock: FakeClock, findings: Findings) -> None:
        self.app, self.clock, self.findings = app, clock, findings

    def look(self, scene: str, shown: type[Scene]) -> None:
        """Draw the whole window afresh (caches too) and check what was drawn."""
        assert isinstance(self.app.top, shown), f"{scene}: {type(self.app.top).__name__} is shown"
        recorder: list[Drawn] = []
        widgets.recorder = recorder
        try:
            self.app.top.resize()
            self.app.top.invalidate()
            self.app.step()
        finally:
            widgets.recorder = None
        assert recorder, f"{scene} drew no text"
        self.findings.check(scene, recorder)
        if SHOTS:  # to look at the screens: TEXT_FITS_SHOTS=/tmp/shots pytest ...
            name = re.sub(r"\W+", "-", f"{i18n.current_language()}-{self.app.size[0]}-{scene}")[:60]
            os.makedirs(SHOTS, exist_ok=True)
            pygame.image.save(self.app.surface, os.path.join(SHOTS, f"{name}.png"))

    def key(self, key: int, unicode: str = "") -> None:
        post_key(key, unicode=unicode)
        self.app.step()

    def close(self) -> None:
        self.key(pygame.K_ESCAPE)


def _walk_table(walk: Walk, variant: str) -> None:
    app = walk.app
    app.start_game(variant, 3)
    settle(app, walk.clock)
    walk.look(f"{variant} table", TableScene)
    walk.key(pygame.K_F1)
    walk.look(f"{variant} rules", RulesScene)
    walk.close()


def _walk_large_print(walk: Walk) -> None:
    """From the Table and cards page: large print and the largest cards on (the page's labels
    change), then every game's table with them."""
    app = walk.app
    app.set_large_print(True)
    app.set_card_size("largest")
    app.step()
    walk.look("table and cards, large print, largest cards", LookScene)
    walk.close()
    walk.close()
    for variant in game.VARIANTS:
        app.start_game(variant, 3)
        settle(app, walk.clock)
        walk.look(f"{variant} table, large print, largest cards", TableScene)


@pytest.mark.slow
@pytest.mark.parametrize("window", SIZES, ids=["800x600", "4K"])
@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
def test_every_scene_fits(
    language: str, window: tuple[int, int], make_app: Callable[..., App], clock: FakeClock
) -> None:
    findings = Findings()
    app = make_app(variant=None, deal=None, window=window)
    walk = Walk(app, clock, findings)
    assert isinstance(app.top, ChooserScene)
    walk.look("chooser", ChooserScene)
    for variant in game.VARIANTS:
        _walk_table(walk, variant)
    table = app.table
    assert table is not None
    for message in _toasts():
        table.show_toast(message)
        walk.look(f"toast {message!r}", TableScene)
    table.session.toast = None
    app.persist.notice(
        ngettext(
            "{count} finished game in your statistics could not be read (a damaged value) "
            "and is left out; nothing was deleted.",
            "{count} finished games in your statistics could not be read (a damaged value) "
            "and are left out; nothing was deleted.",
            3,
        ).format(count=3)
    )
    app.step()
    walk.look("notice banner", TableScene)
    app.persist.dismiss()
    settle(app, clock)
    app.perform(Intent.MENU)
    app.step()
    walk.look("menu", MenuScene)
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.choose("look")
    app.step()
    walk.look("table and cards", LookScene)
    _walk_look_page(walk)
    _walk_hands(walk)
    _walk_large_print(walk)
    app.perform(Intent.SHORTCUTS)
    app.step()
    walk.look("shortcuts", ShortcutsScene)
    walk.close()
    app.start_game("kansas", 1)
    settle(app, clock)
    table = app.table
    assert table is not None
    table.play(table.g.legal_moves()[0])
    settle(app, clock)
    app.start_game("kansas", 2)  # asks first: the game in progress counts as a loss
    app.step()
    walk.look("abandon dialog", Dialog)
    walk.key(pygame.K_RETURN)
    settle(app, clock)
    app.show_stats()
    app.step()
    walk.look("statistics", StatsScene)
    walk.close()
    app.show_calendar()
    app.step()
    walk.look("calendar", CalendarScene)
    walk.close()
    _walk_endings(walk)
    assert not findings.problems, "\n".join(findings.problems[:40])


def _walk_look_page(walk: Walk) -> None:
    """Every value of the theme, felt, back and calm-table entries measured on the page; the dark
    theme and the calm table are left on for the rest of the walk."""
    page = walk.app.top
    assert isinstance(page, LookScene)
    for action, values in (("felt", FELT_ORDER), ("card_back", BACK_ORDER), ("theme", THEME_ORDER)):
        for _ in values:
            page.choose(action)
            walk.look(f"table and cards, {action} {getattr(walk.app.settings, action)}", LookScene)
    page.choose("theme")  # the walk goes on in the dark theme
    for action in ("show_clock", "show_score", "show_moves"):
        page.choose(action)
        walk.look(f"table and cards, {action} off", LookScene)
    assert walk.app.settings.theme == "dark" and not walk.app.settings.show_clock


def _walk_hands(walk: Walk) -> None:
    """From the look page: the left-handed layout and one-click move turned on, their labels
    walked "On", and a mirrored table (both stay on for the rest of the walk)."""
    app = walk.app
    page = app.top
    assert isinstance(page, LookScene)
    page.choose("mirror")
    app.step()
    walk.look("table and cards, left-handed", LookScene)
    walk.close()
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.choose("one_click")
    app.step()
    walk.look("menu, one-click move on", MenuScene)
    walk.close()
    _walk_table(walk, "lady-jane")
    app.perform(Intent.MENU)
    app.step()
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.choose("look")
    app.step()


def _toasts() -> list[str]:
    """The longest of the messages the table shows in a toast."""
    from game.i18n import _, ngettext

    return [
        _("Not yet: the rest is not a certain win."),
        _("Looking for the last winnable position…"),
        ngettext(
            "Rewound {count} action: the deal can be won from here.",
            "Rewound {count} actions: the deal can be won from here.",
            12,
        ).format(count=12),
        _("The demo found no move left. Press a key or click to go back."),
    ]


def _walk_endings(walk: Walk) -> None:
    app, clock = walk.app, walk.clock
    table = app.table
    assert table is not None and table.g.key == "kansas"
    table.session.start(_nearly_won())
    for _ in range(500):  # until the win screen shows: its text, not the whole card cascade
        clock.t += 0.02
        app.step()
        if isinstance(app.top, WinScene):
            break
    assert isinstance(app.top, WinScene), [(type(s).__name__, getattr(s, "title", "")) for s in app.scenes]
    walk.look("win", WinScene)
    walk.key(pygame.K_RETURN)
    settle(app, clock)
    g = game.new_game("kansas", 1)
    while not g.is_stuck():
        moves = g.legal_moves()
        stock = [m for m in moves if m.source == "stock"]
        g.play(stock[0] if stock else moves[0])
    table = app.table
    assert table is not None
    table.session.start(g)
    settle(app, clock)
    assert isinstance(app.top, StuckScene)
    walk.look("no moves left", StuckScene)


def test_the_toasts_walked_are_messages_the_game_shows() -> None:
    """The sample toasts are the game's own messages (a reworded message would leave the walk
    measuring English in every language)."""
    template = (Path(game.__file__).parent / "locale" / "solitaire.pot").read_text(encoding="utf-8")
    for message in _toasts():
        english = message.replace("12", "{count}", 1)
        assert f'"{english}"' in template, english
