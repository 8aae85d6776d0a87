"""The last move outlined for a moment in the real app: round the cards where they landed and
round an automatic move's source pile, fading with animations on, whole and then gone with
them off; a setting on the Table and cards page, kept after a restart."""

from __future__ import annotations

from collections.abc import Callable

from pygame import Rect

from game.app import App
from game.engine.moves import Move
from game.scenes.table import TableScene
from game.view.last_move import SHOWN
from tests.app.conftest import FakeClock, click_entry, open_look_page, settle, table

PLAYED = Move("tableau-3", "tableau-6", 1)
"""Baker's Game deal 31: after this move a card of tableau-3 goes home by itself."""


def sides(rect: Rect) -> list[tuple[int, int]]:
    """Points just left and right of ``rect`` (on the felt between the columns)."""
    ys = range(rect.top + 4, rect.bottom - 4, 2)
    return [(rect.left - 2, y) for y in ys] + [(rect.right + 1, y) for y in ys]


def light(app: App, rect: Rect) -> int:
    """How bright the felt is just beside ``rect``."""
    return sum(sum(app.surface.get_at(p)[:3]) for p in sides(rect)) // len(sides(rect))


def landed(t: TableScene, pile: str, count: int = 1) -> Rect:
    """The rectangle of ``pile``'s top ``count`` cards."""
    rects = t.layout.state_rects(t.g.state, t.g.variant.index[pile])[-count:]
    return rects[0].unionall(rects[1:])


def play(
    make_app: Callable[..., App], clock: FakeClock, speed: str, on: bool = True
) -> tuple[App, list[Rect]]:
    """Deal 31 of Baker's Game, the move played; the places outlined: where the card landed,
    and the source pile of the automatic move that followed."""
    app = make_app(variant="bakers-game", deal=31, window=(800, 600), speed=speed)
    app.settings.last_move = on
    settle(app, clock)
    t = table(app)
    assert t.play(PLAYED)
    while t.animator.busy:
        clock.t += 0.01
        app.step()
    assert t.g.state.piles[t.g.variant.index["foundation-2"]], "the automatic move was made"
    return app, [landed(t, "tableau-6"), landed(t, "tableau-3")]


def test_the_last_move_and_an_automatic_move_s_source_are_outlined_for_a_moment(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app, places = play(make_app, clock, "off")
    shown = [light(app, r) for r in places]
    clock.t += SHOWN / 2
    app.step()
    assert [light(app, r) for r in places] == shown, "no fade with animations off"
    clock.t += SHOWN
    app.step()
    gone = [light(app, r) for r in places]
    assert all(s > g + 40 for s, g in zip(shown, gone, strict=True)), (shown, gone)
    assert not table(app).busy()


def test_the_outline_fades_with_animations_on(make_app: Callable[..., App], clock: FakeClock) -> None:
    app, places = play(make_app, clock, "normal")
    shown = light(app, places[0])
    clock.t += SHOWN / 2
    app.step()
    half = light(app, places[0])
    settle(app, clock)
    gone = light(app, places[0])
    assert shown > half + 10 and half > gone + 10, (shown, half, gone)


def test_no_outline_with_the_setting_off(make_app: Callable[..., App], clock: FakeClock) -> None:
    app, places = play(make_app, clock, "off", on=False)
    shown = [light(app, r) for r in places]
    clock.t += SHOWN * 1.5
    app.step()
    assert [light(app, r) for r in places] == shown


def test_the_setting_is_chosen_in_the_menu_and_kept(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=1)
    assert app.settings.last_move
    page = open_look_page(app)
    click_entry(app, page, "last move")
    assert not app.settings.last_move
    assert "Show the last move: Off" in [b.label for b in page.buttons]
    again = make_app(variant="kansas", deal=1)
    assert not again.settings.last_move
