"""Statistics: what counts as played, won and lost, streaks, records, the list and the chart."""

from __future__ import annotations

import random
from datetime import date

import pytest
from store_helpers import near_won, play_random, streaks, stuck_game

import game
from game.store import LOSS_RULE
from game.store.stats import day_streaks


def win(store, *, daily=None, seconds=30.0, winnable_only=False):
    """Start a near-won game and win it in two actions."""
    g = near_won(2)
    store.start_game(g, daily=daily, winnable_only=winnable_only)
    g.play(game.Move("tableau-1", "foundation-4"))
    store.save_game(g, seconds / 2)
    g.play(game.Move("tableau-2", "foundation-3"))
    store.save_game(g, seconds)
    return g


def lose(store, key="kansas", deal=1, actions=3):
    """Start a game, make ``actions`` actions, then deal another one (that counts as a loss)."""
    g = game.new_game(key, deal=deal)
    store.start_game(g)
    play_random(g, random.Random(deal), actions)
    store.save_game(g, 12.0)
    store.abandon_game(key)
    return g


def test_a_win_is_recorded_once_with_its_time_moves_and_score(open_store):
    store = open_store()
    g = win(store, seconds=42.0)
    store.save_game(g, 42.0)  # saved again after the win: still one game
    (record,) = store.games()
    assert (record.variant, record.result, record.seconds, record.moves, record.score) == (
        "bakers-game", "won", 42.0, 2, 52,
    )  # fmt: skip
    assert record.won


def test_undoing_a_win_and_dealing_again_keeps_the_win(open_store):
    store = open_store()
    g = win(store)
    g.undo()
    store.save_game(g, 50.0)
    store.start_game(game.new_game("bakers-game", deal=5))
    assert [r.result for r in store.games()] == ["won"]


def test_a_game_left_for_another_deal_after_a_move_counts_as_played_not_won(open_store):
    store = open_store()
    g = game.new_game("kansas", deal=3)
    store.start_game(g)
    play_random(g, random.Random(3), 4)
    store.save_game(g, 20.0)
    store.start_game(game.new_game("kansas", deal=4))
    (record,) = store.games()
    assert record.result == "abandoned" and record.deal == 3 and record.moves == g.moves_made
    summary = store.summary("kansas")
    assert (summary.played, summary.won, summary.lost, summary.win_rate) == (1, 0, 1, 0.0)


def test_a_game_left_without_a_move_does_not_count(open_store):
    store = open_store()
    store.start_game(game.new_game("kansas", deal=3))
    store.start_game(game.new_game("kansas", deal=4))
    assert store.games() == []


def test_moves_that_were_all_undone_still_count_as_played(open_store):
    store = open_store()
    g = game.new_game("kansas", deal=3)
    store.start_game(g)
    play_random(g, random.Random(3), 2)
    store.save_game(g, 1.0)
    while g.can_undo():
        g.undo()
        store.save_game(g, 1.0)
    store.start_game(game.new_game("kansas", deal=4))
    assert [r.result for r in store.games()] == ["abandoned"]


def test_a_game_left_with_no_legal_move_is_recorded_as_lost(open_store):
    store = open_store()
    g = stuck_game()
    store.start_game(g)
    store.save_game(g, 99.0)
    store.start_game(game.new_game("kansas", deal=1))
    assert [r.result for r in store.games()] == ["lost"]


def test_quitting_is_not_losing(open_store):
    store = open_store()
    g = game.new_game("kansas", deal=3)
    store.start_game(g)
    play_random(g, random.Random(3), 4)
    store.save_game(g, 20.0)
    store.close()
    store = open_store()
    assert store.games() == []
    assert store.load_game("kansas") is not None


def test_starting_a_deal_after_a_restart_ends_the_saved_game(open_store):
    store = open_store()
    lose_later = game.new_game("kansas", deal=3)
    store.start_game(lose_later)
    play_random(lose_later, random.Random(3), 4)
    store.save_game(lose_later, 20.0)
    store.close()
    store = open_store()
    store.start_game(game.new_game("kansas", deal=8))
    assert [(r.deal, r.result) for r in store.games()] == [(3, "abandoned")]


def test_summary_figures(open_store):
    store = open_store()
    win(store, seconds=80.0)
    lose(store, "bakers-game", 1)
    win(store, seconds=50.0)
    win(store, seconds=70.0)
    lose(store, "bakers-game", 2)
    win(store, seconds=60.0)
    s = store.summary("bakers-game")
    assert (s.played, s.won, s.lost) == (6, 4, 2)
    assert s.win_rate == pytest.approx(4 / 6)
    assert (s.current_streak, s.best_streak) == (1, 2)
    assert s.best_time == 50.0 and s.fewest_moves == 2 and s.best_score == 52
    assert store.summary("kansas").played == 0 and store.summary("kansas").win_rate is None


def test_summaries_cover_every_variant(open_store):
    store = open_store()
    win(store)
    lose(store, "kansas", 2)
    summaries = store.summaries()
    assert list(summaries) == list(game.VARIANTS)
    assert summaries["bakers-game"].won == 1 and summaries["kansas"].lost == 1
    assert store.summary().played == 2


def test_winnable_only_games_are_marked_and_can_be_counted_apart(open_store):
    store = open_store()
    win(store, winnable_only=True)
    win(store)
    assert [r.winnable_only for r in store.games()] == [False, True]
    assert store.summary("bakers-game", winnable_only=True).played == 1


def test_streak_rules():
    assert streaks([]) == (0, 0)
    assert streaks([True, True, False, True]) == (1, 2)
    assert streaks([False, True, True, True]) == (3, 3)


def test_deal_of_the_day_streak_counts_days_in_a_row():
    d = date(2025, 3, 14)
    days = {date(2025, 3, 1), date(2025, 3, 2), date(2025, 3, 3), date(2025, 3, 12), date(2025, 3, 13)}
    assert day_streaks(days, d) == (2, 3)  # yesterday's win keeps the streak alive today
    assert day_streaks(days | {d}, d) == (3, 3)
    assert day_streaks(days, date(2025, 3, 15)) == (0, 3)


def test_deal_of_the_day_results_have_their_own_streak(open_store, clock):
    store = open_store()
    for _ in range(3):
        win(store, daily=clock().date())
        clock.advance(days=1)
    lose(store, "bakers-game", 9)
    s = store.summary("bakers-game")
    assert (s.daily_played, s.daily_won, s.daily_current_streak, s.daily_best_streak) == (3, 3, 3, 3)
    assert store.games()[1].daily == date(2025, 3, 16)


def test_the_game_list_is_newest_first_with_deal_numbers(open_store):
    store = open_store()
    for deal in (11, 12, 13):
        lose(store, "kansas", deal)
    assert [r.deal for r in store.games("kansas")] == [13, 12, 11]
    assert [r.deal for r in store.games("kansas", limit=1, offset=1)] == [12]
    replay = game.new_game("kansas", deal=store.games("kansas")[0].deal)
    assert replay.deal == 13


def test_chart_series_per_game(open_store):
    store = open_store()
    win(store)
    lose(store, "bakers-game", 1)
    win(store)
    points = store.chart("bakers-game", window=2)
    assert [p.won for p in points] == [True, False, True]
    assert [(p.wins, p.losses) for p in points] == [(1, 0), (1, 1), (2, 1)]
    assert [p.win_rate for p in points] == [1.0, 0.5, pytest.approx(2 / 3)]
    assert [p.recent_win_rate for p in points] == [1.0, 0.5, 0.5]


def test_chart_series_per_day(open_store, clock):
    store = open_store()
    win(store)
    lose(store, "bakers-game", 1)
    clock.advance(days=2)
    win(store)
    points = store.by_day("bakers-game")
    assert [(p.day, p.wins, p.losses) for p in points] == [
        (date(2025, 3, 14), 1, 1),
        (date(2025, 3, 16), 1, 0),
    ]
    assert [p.win_rate for p in points] == [0.5, pytest.approx(2 / 3)]


def test_the_loss_rule_is_one_line_for_the_screen():
    assert "\n" not in LOSS_RULE and "quitting does not" in LOSS_RULE


def test_a_game_first_seen_already_won_is_recorded_as_won(open_store):
    store = open_store()
    g = near_won(1)
    g.play(game.Move("tableau-1", "foundation-4"))
    store.save_game(g, 5.0)
    assert [r.result for r in store.games()] == ["won"]
    assert store.saved_variants() == []


def test_an_in_memory_store_keeps_statistics_for_the_session():
    from game.store import Store

    with Store.in_memory() as store:
        win(store)
        assert not store.persistent and store.summary().won == 1
