"""Large print and the card size in the real app: a covered card's big rank in the strip its
fan leaves visible, in both card styles and with the fans squeezed; the card size's larger
cards on the table; both chosen on the Table and cards page and kept after a restart."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pygame import Rect

from game.app import App
from game.engine.cards import DECK
from game.view.large_print import LargePrintArt
from tests.app.conftest import FakeClock, click_entry, open_look_page, settle, table

PAPER_LIGHT = 200
"""A pixel darker than this on a card's paper is ink."""


def covered_strips(app: App) -> list[tuple[str, Rect]]:
    """Each face-up card of a downward fan that another card covers, with its visible strip."""
    t = table(app)
    state, layout = t.g.state, t.layout
    strips = []
    for pile in t.g.variant.tableau:
        rects = layout.state_rects(state, pile)
        for i in range(state.hidden[pile], len(rects) - 1):
            strip = Rect(rects[i].x, rects[i].y, rects[i].width, rects[i + 1].y - rects[i].y)
            strips.append((DECK[state.piles[pile][i]].text(), strip))
    return strips


def ink_height(app: App, strip: Rect) -> int:
    """The longest unbroken upright line of ink in ``strip`` (its border left out): about the
    height of the tallest glyph printed there."""
    inner = strip.inflate(-max(4, strip.width // 10), 0)
    at = app.surface.get_at
    longest = 0
    for x in range(inner.left, inner.right):
        run = 0
        for y in range(inner.top + 1, inner.bottom):
            run = run + 1 if sum(at((x, y))[:3]) < 3 * PAPER_LIGHT else 0
            longest = max(longest, run)
    return longest


def tallest_ink_share(app: App) -> float:
    """The smallest share of its strip's height the ink fills, over the covered cards."""
    strips = covered_strips(app)
    assert strips, "no covered face-up card to look at"
    return min(ink_height(app, strip) / strip.height for _text, strip in strips)


def redraw(app: App, clock: FakeClock) -> None:
    settle(app, clock)
    app._full_redraw = True
    app.step()


@pytest.mark.parametrize("style", ["classic", "fourcolour"])
def test_large_print_fills_the_visible_strip_of_covered_cards(
    make_app: Callable[..., App], clock: FakeClock, style: str
) -> None:
    app = make_app(variant="bakers-game", deal=3, window=(800, 600))
    app.set_card_style(style)
    redraw(app, clock)
    plain = tallest_ink_share(app)
    app.set_large_print(True)
    redraw(app, clock)
    assert isinstance(app.renderer.art, LargePrintArt) and app.renderer.art.style == style
    large = tallest_ink_share(app)
    assert plain < 0.55 < large, (plain, large)


def test_large_print_fills_a_squeezed_strip_with_the_largest_cards(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="aunt-mary", deal=1, window=(800, 600))
    app.set_card_size("largest")
    redraw(app, clock)
    t = table(app)
    squeezed = [s for _text, s in covered_strips(app) if s.height < t.layout.card_h * 0.2]
    assert squeezed, "the largest cards should squeeze Aunt Mary's fans at 800x600"
    plain = min(ink_height(app, s) / s.height for s in squeezed)
    app.set_large_print(True)
    redraw(app, clock)
    large = min(ink_height(app, s) / s.height for s in squeezed)
    assert plain < 0.55 < large, (plain, large)


def test_the_card_size_makes_the_table_s_cards_larger(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=1, window=(800, 600))
    widths = [table(app).layout.card_w]
    for size in ("large", "largest"):
        app.set_card_size(size)
        redraw(app, clock)
        t = table(app)
        widths.append(t.layout.card_w)
        rect = t.layout.state_rects(t.g.state, t.g.variant.tableau[0])[-1]
        assert app.surface.get_rect().contains(rect)
    assert widths[0] < widths[1] < widths[2]


def test_large_print_and_the_card_size_are_chosen_in_the_menu_and_kept(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="kansas", deal=1, window=(800, 600))
    normal = table(app).layout.card_w
    page = open_look_page(app)
    click_entry(app, page, "large print")
    click_entry(app, page, "card size")
    click_entry(app, page, "card size")
    assert app.settings.large_print and app.settings.card_size == "largest"
    labels = [b.label for b in page.buttons]
    assert "Large print: On" in labels and "Card size: Largest" in labels
    again = make_app(variant="kansas", deal=1, window=(800, 600))
    assert again.settings.large_print and again.settings.card_size == "largest"
    assert isinstance(again.renderer.art, LargePrintArt)
    assert table(again).layout.card_w > normal
