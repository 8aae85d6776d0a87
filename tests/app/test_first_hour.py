"""What a player meets in the first hour (issue 24): no counted no-ops, honest messages, the
game reopened where it was left, titles, the clock, confirmations and refusals with reasons."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import pygame
import pytest
from solver_stand_in import InlineWorker

import game
from game.app import App
from game.controls.intents import Intent
from game.scenes.chooser import ChooserScene
from game.scenes.dialog import Dialog
from game.scenes.stats import game_cells
from game.scenes.table import TableScene
from game.scenes.win import WinScene
from game.view.hud import clock_text
from tests.app.conftest import FakeClock, post, post_drag, post_key, settle, table


def centre(app: App, pile: str) -> tuple[int, int]:
    t = table(app)
    i = t.g.variant.index[pile]
    rects = t.layout.state_rects(t.g.state, i)
    return rects[-1].center if rects else t.layout.piles[i].slot.center


def test_a_card_dragged_off_a_foundation_to_a_cell_stays_there(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="bakers-game", deal=1)
    t = table(app)
    t.session.start(game.from_text("bakers-game foundation-1=AH2H tableau-1=6S tableau-2=KD"))
    settle(app, clock)
    post_drag(centre(app, "foundation-1"), centre(app, "reserve-2"))
    settle(app, clock)
    assert t.g.moves_made == 1
    assert t.g.pile("reserve-2") == ["2H"]
    assert t.g.pile("foundation-1") == ["AH"]


def play_a_move(app: App) -> None:
    t = table(app)
    t.play(next(m for m in t.g.legal_moves() if not m.source.startswith("foundation")))


def test_starting_with_no_options_reopens_the_game_last_played_where_it_was(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    first = make_app(variant="seahaven", deal=7)
    play_a_move(first)
    settle(first, clock)
    position = table(first).g.text()
    first.quit()
    first.close()
    again = make_app(variant=None, deal=None)
    assert table(again).g.key == "seahaven"
    assert table(again).g.text() == position
    assert pygame.display.get_caption()[0] == "Solitaire — Seahaven Towers"


def test_the_chooser_is_titled_solitaire(make_app: Callable[..., App]) -> None:
    app = make_app(variant=None, deal=None)
    assert isinstance(app.top, ChooserScene)
    assert pygame.display.get_caption()[0] == "Solitaire"


def test_every_scene_over_a_table_keeps_the_game_in_the_title(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=3)
    for intent in (Intent.MENU, Intent.RULES, Intent.SHORTCUTS):
        app.perform(intent)
        app.step()
        assert pygame.display.get_caption()[0] == "Solitaire — Kansas"
    app.show_stats()
    assert pygame.display.get_caption()[0] == "Solitaire — Kansas"
    app.replace_all(ChooserScene(app))
    assert pygame.display.get_caption()[0] == "Solitaire"


def test_the_chooser_focus_starts_on_the_last_game_and_a_resting_pointer_leaves_it(
    make_app: Callable[..., App],
) -> None:
    first = make_app(variant=None, deal=None)  # nothing in progress: the chooser
    first.persist.remember(last_variant="aunt-mary")  # as a game won last time leaves it
    first.quit()
    first.close()
    app = make_app(variant=None, deal=None)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    keys = [v.key for v in chooser.variants]
    assert chooser.focus == keys.index("aunt-mary")
    other = chooser.tiles[keys.index("bakers-game")].center
    post(pygame.MOUSEMOTION, pos=other, rel=(0, 0), buttons=(0, 0, 0))  # the window opens under it
    app.step()
    assert chooser.focus == keys.index("aunt-mary")
    post(pygame.MOUSEMOTION, pos=(other[0] + 3, other[1]), rel=(3, 0), buttons=(0, 0, 0))
    app.step()
    assert chooser.focus == keys.index("bakers-game")


def test_ctrl_g_opens_the_chooser_from_the_table(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=3)
    post_key(pygame.K_g, pygame.KMOD_CTRL)
    app.step()
    assert isinstance(app.top, ChooserScene)


def test_restart_sets_the_clock_back_to_zero(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="seahaven", deal=7)
    play_a_move(app)
    settle(app, clock)
    clock.t += 30
    app.step()
    assert table(app).elapsed() >= 30
    post_key(pygame.K_r, pygame.KMOD_CTRL)
    post_key(pygame.K_RETURN)  # "Restart this deal?"
    settle(app, clock)
    assert table(app).g.moves_made == 0
    assert table(app).elapsed() == 0


def test_restart_counts_the_attempt_so_far_as_a_game_played(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7)
    play_a_move(app)
    settle(app, clock)
    post_key(pygame.K_r, pygame.KMOD_CTRL)
    post_key(pygame.K_RETURN)
    settle(app, clock)
    records = app.persist.store.games("seahaven")
    assert [(r.deal, r.result) for r in records] == [(7, "abandoned")]
    app.table.new_deal()  # the new attempt, never moved, is not counted when left
    assert len(app.persist.store.games("seahaven")) == 1


def test_the_clock_pauses_while_the_menu_covers_the_table(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7)
    play_a_move(app)
    settle(app, clock)
    start = table(app).elapsed()
    post_key(pygame.K_ESCAPE)
    app.step()
    clock.t += 60
    app.step()
    post_key(pygame.K_ESCAPE)
    app.step()
    assert table(app).elapsed() == pytest.approx(start, abs=0.1)


@pytest.mark.parametrize(
    ("away", "back"),
    [
        (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
        (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED),
    ],
)
def test_the_clock_pauses_while_the_window_is_minimised_or_unfocused(
    make_app: Callable[..., App], clock: FakeClock, away: int, back: int
) -> None:
    app = make_app(variant="seahaven", deal=7)
    play_a_move(app)
    settle(app, clock)
    start = table(app).elapsed()
    post(away)
    app.step()
    clock.t += 60
    app.step()
    assert table(app).elapsed() == pytest.approx(start, abs=0.1)
    post(back)
    app.step()
    clock.t += 5
    app.step()
    assert table(app).elapsed() == pytest.approx(start + 5, abs=0.1)


def two_cards_from_a_win() -> game.Game:
    """Seahaven with every card home but the Queen and King of spades, each on a tableau pile."""
    homes = [f"foundation-{i}={''.join(r + s for r in 'A23456789TJQK')}" for i, s in enumerate("HDC", 1)]
    spades = "".join(r + "S" for r in "A23456789TJ")
    return game.from_text(f"seahaven {' '.join(homes)} foundation-4={spades} tableau-1=QS tableau-2=KS")


def test_the_win_screen_and_the_statistics_show_the_same_time(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7, speed="normal")
    app.settings.auto_moves = False
    t = table(app)
    t.session.start(two_cards_from_a_win())
    settle(app, clock)
    t.play(game.Move("tableau-1", "foundation-4"))
    settle(app, clock)
    clock.t += 93.9 - t.elapsed()  # the last card lands a fraction of a second after 1:33
    app.step()
    t.play(game.Move("tableau-2", "foundation-4"))
    settle(app, clock)
    win = app.top
    assert isinstance(win, WinScene)
    record = app.persist.store.games("seahaven")[0]
    assert record.won
    assert f"Time {clock_text(record.seconds)}" in win.lines[1]


def test_a_won_game_is_winnable_in_the_recent_games(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="seahaven", deal=7)
    t = table(app)
    t.session.start(two_cards_from_a_win())
    settle(app, clock)
    record = app.persist.store.games("seahaven")[0]
    assert record.won and not record.winnable_only
    assert game_cells(record)[-1] == "yes"


def test_the_deal_rating_comes_back_after_a_resume(
    make_app: Callable[..., App], clock: FakeClock, solver: InlineWorker
) -> None:
    first = make_app(variant="seahaven", deal=2)
    play_a_move(first)
    settle(first, clock)
    first.quit()
    first.close()
    solver.hold = False
    again = make_app(variant=None, deal=None)
    for _ in range(6):
        clock.t += 0.1
        again.step()
    assert "Easy" in table(again).title()


def frames(app: App, clock: FakeClock, count: int = 8) -> None:
    for _ in range(count):
        clock.t += 0.1
        app.step()


def test_a_deal_never_winnable_is_never_offered_a_rewind(
    make_app: Callable[..., App], clock: FakeClock, solver: InlineWorker
) -> None:
    solver.hold = False
    app = make_app(variant="bakers-game", deal=5885040281)  # proved lost from the deal
    frames(app, clock)
    play_a_move(app)
    frames(app, clock)
    t = table(app)
    said = []
    for key, mod in ((pygame.K_h, 0), (pygame.K_BACKSPACE, pygame.KMOD_SHIFT)):
        post_key(key, mod)
        frames(app, clock, 2)
        assert t.toast is not None
        said.append(t.toast[0])
    assert all("not even from the start" in text for text in said), said
    assert not any("rewind" in text.lower() for text in said), said
    assert not t.session.coach.can_rewind()


def test_ctrl_n_asks_before_abandoning_a_game_with_a_move(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7)
    play_a_move(app)
    settle(app, clock)
    g = table(app).g
    post_key(pygame.K_n, pygame.KMOD_CTRL)
    app.step()
    assert isinstance(app.top, Dialog) and app.top.title == "Abandon this game?"
    assert "It counts as a loss." in app.top.lines
    post_key(pygame.K_ESCAPE)  # keeps playing
    app.step()
    assert table(app).g is g and app.top is table(app)
    assert app.persist.store.games() == []
    post_key(pygame.K_n, pygame.KMOD_CTRL)
    app.step()
    post_key(pygame.K_RETURN)  # confirms
    app.step()
    assert table(app).g is not g
    assert [r.result for r in app.persist.store.games()] == ["abandoned"]


def test_ctrl_n_deals_at_once_when_no_move_was_made(make_app: Callable[..., App]) -> None:
    app = make_app(variant="seahaven", deal=7)
    g = table(app).g
    post_key(pygame.K_n, pygame.KMOD_CTRL)
    app.step()
    assert table(app).g is not g


def test_choosing_a_numbered_deal_of_a_game_in_progress_asks_first(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7)
    play_a_move(app)
    settle(app, clock)
    app.perform(Intent.CHANGE_GAME)
    app.step()
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    chooser.deal_text = "12"
    chooser.choose([v.key for v in chooser.variants].index("seahaven"))
    app.step()
    assert isinstance(app.top, Dialog) and app.top.title == "Abandon this game?"
    post_key(pygame.K_RETURN)
    app.step()
    assert table(app).g.deal == 12


def test_restart_asks_before_counting_the_attempt_as_lost(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7)
    play_a_move(app)
    settle(app, clock)
    post_key(pygame.K_r, pygame.KMOD_CTRL)
    app.step()
    assert isinstance(app.top, Dialog) and app.top.title == "Restart this deal?"
    post_key(pygame.K_ESCAPE)
    app.step()
    assert table(app).g.moves_made == 1


def bakers(app: App, position: str) -> TableScene:
    """Baker's Game at ``position``, automatic moves off (so nothing moves by itself)."""
    app.settings.auto_moves = False
    t = table(app)
    t.session.start(game.from_text(f"bakers-game {position}"))
    return t


def top_edge(app: App, pile: str, index: int = -1) -> tuple[int, int]:
    """A point near the top edge of card ``index`` of ``pile`` (on its visible strip)."""
    t = table(app)
    rect = t.layout.state_rects(t.g.state, t.g.variant.index[pile])[index]
    return rect.centerx, rect.top + 3


def test_a_refused_pick_up_says_why(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="bakers-game", deal=1)
    t = bakers(
        app,
        "reserve-1=2C reserve-2=3C reserve-3=4C reserve-4=5C tableau-1=9H8H7H tableau-2=TH"
        " tableau-3=QD tableau-4=KD",
    )
    settle(app, clock)
    post_drag(top_edge(app, "tableau-1", 0), centre(app, "tableau-2"))
    app.step()
    assert t.toast is not None
    assert t.toast[0] == "Moving 3 cards needs 2 empty reserve cells; none is empty."


def test_a_refused_drop_says_why(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="bakers-game", deal=1)
    t = bakers(app, "tableau-1=9H tableau-2=TS tableau-3=KD")
    settle(app, clock)
    post_drag(centre(app, "tableau-1"), centre(app, "tableau-2"))
    app.step()
    assert t.toast is not None
    assert (
        t.toast[0] == "The nine of hearts does not go on the ten of spades: the tableau builds down in suit."
    )


def test_the_pile_under_the_pointer_wins_over_the_larger_overlap(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="bakers-game", deal=1)
    queen = "".join(r + "H" for r in "A23456789TJQ")
    t = bakers(
        app, f"foundation-1={queen} tableau-1=KH tableau-2=QS"
    )  # tableau-5, under foundation-1, is empty
    settle(app, clock)
    home = t.layout.piles[t.g.variant.index["foundation-1"]].slot
    pointer = (home.centerx, home.bottom - 3)
    grabbed = top_edge(app, "tableau-1")
    dragged = pygame.Rect(0, 0, *t.layout.card_size)
    dragged.midtop = (pointer[0], pointer[1] - 3)
    empty = t.layout.drop_zone(t.g.variant.index["tableau-5"], t.g.state)
    assert dragged.clip(empty).height > dragged.clip(home).height  # the card lies mostly on tableau-5
    post_drag(grabbed, pointer)
    settle(app, clock)
    assert t.g.pile("foundation-1")[-1] == "KH"


def test_the_table_says_once_that_sound_is_off_when_there_is_no_device(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame.mixer

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app(variant="seahaven", deal=7)
    play_a_move(app)
    settle(app, clock)
    t = table(app)
    assert t.toast is not None and t.toast[0] == "Sound is off: no sound device was found."
    clock.t += 5
    app.step()
    play_a_move(app)
    app.step()
    assert t.toast is None


def test_leaving_full_screen_prints_no_resize_warning(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(variant="kansas", deal=3)
    real = pygame.display.set_mode

    def resized_by_the_system(size: tuple[int, int], flags: int = 0) -> pygame.Surface:
        surface = real(size, flags)
        warnings.warn("Requested window was forcibly resized by the OS.", RuntimeWarning, stacklevel=2)
        return surface

    monkeypatch.setattr(pygame.display, "set_mode", resized_by_the_system)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        app.toggle_fullscreen()
        app.toggle_fullscreen()
    assert not app.fullscreen


def post_double_click(pos: tuple[int, int]) -> None:
    for _ in range(2):
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def test_a_double_click_that_sends_nothing_home_says_so(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="bakers-game", deal=1)
    t = bakers(
        app, "reserve-1=2C reserve-2=3C reserve-3=4C reserve-4=5C tableau-1=7S tableau-2=QD tableau-3=KD"
    )
    settle(app, clock)
    post_double_click(centre(app, "tableau-1"))
    app.step()
    assert t.toast is not None
    said = "An empty foundation takes only a card of the base rank (A), not the seven of spades."
    assert t.toast[0] == said
    assert t.g.moves_made == 0


def test_a_click_on_an_empty_stock_says_there_is_nothing_to_deal(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="kansas", deal=1)
    t = table(app)
    t.session.start(
        game.from_text("kansas base=A foundation-1=AH tableau-1=7S tableau-2=6H tableau-3=QD waste=2C")
    )
    settle(app, clock)
    post(pygame.MOUSEBUTTONDOWN, pos=centre(app, "stock"), button=1)
    post(pygame.MOUSEBUTTONUP, pos=centre(app, "stock"), button=1)
    app.step()
    assert t.toast is not None and t.toast[0] == "Nothing is left to deal."


def test_quitting_keeps_the_time_played_since_the_last_action(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    first = make_app(variant="seahaven", deal=7)
    play_a_move(first)
    settle(first, clock)
    clock.t += 40
    first.step()
    first.quit()
    first.close()
    again = make_app(variant=None, deal=None)
    assert table(again).elapsed() >= 40


def test_an_abandoned_game_is_recorded_with_the_time_played(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=7)
    play_a_move(app)
    settle(app, clock)
    clock.t += 40
    app.step()
    post_key(pygame.K_n, pygame.KMOD_CTRL)
    post_key(pygame.K_RETURN)
    app.step()
    assert app.persist.store.games()[0].seconds >= 40
