"""The advisor: what the solver knows about the positions met in play."""

from __future__ import annotations

import time

import pytest
from solver_stand_in import InlineWorker

import game
from game.engine.moves import Move
from game.play import Game
from game.solver import advisor as advisor_module
from game.solver.advisor import DEEP_CHECK_BUDGET, RESTART_DELAY, Advisor, Outlook
from game.solver.rating import Difficulty
from game.solver.search import Budget, Verdict
from game.solver.worker import SolverWorker

# Baker's Game deal 3 is winnable; these four moves fill the cells and lose it on the fourth
# (one legal move is left).
LOSING = (
    "tableau-1 -> reserve-1",
    "tableau-2 -> reserve-2",
    "tableau-3 -> reserve-3",
    "tableau-8 -> reserve-4",
)


def opening(key: str = "bakers-game", deal: int = 3) -> Game:
    g = game.new_game(key, deal)
    g.play_auto_moves()
    return g


def act(g: Game, move: str) -> None:
    """A player's action: the move, then the safe moves into the same step."""
    g.play(Move.parse(move))
    g.play_auto_moves()


@pytest.fixture
def worker() -> InlineWorker:
    return InlineWorker()


@pytest.fixture
def advisor(worker: InlineWorker) -> Advisor:
    return Advisor(lambda: worker)


def test_a_position_is_checking_until_the_answer_comes(advisor: Advisor, worker: InlineWorker) -> None:
    g = opening()
    worker.hold = True
    advisor.follow(g)
    assert advisor.outlook(g) is Outlook.CHECKING
    assert advisor.busy()
    worker.hold = False
    assert advisor.poll()
    assert advisor.outlook(g) is Outlook.WINNABLE
    assert not advisor.busy()


def test_the_known_line_replays_to_a_win(advisor: Advisor) -> None:
    g = opening()
    advisor.follow(g)
    advisor.poll()
    line = advisor.line(g)
    assert line
    for move in line:
        g.play(move)
    assert g.is_won()


def test_following_the_line_needs_no_new_search(advisor: Advisor, worker: InlineWorker) -> None:
    g = opening()
    advisor.follow(g)
    advisor.poll()
    line = advisor.line(g)
    assert line
    g.play(line[0])
    g.play_auto_moves()
    advisor.follow(g)
    assert advisor.outlook(g) is Outlook.WINNABLE
    assert g.text() not in [text for _, text, _ in worker.requests]


def test_positions_after_a_lost_one_are_lost_without_a_search(advisor: Advisor, worker: InlineWorker) -> None:
    g = opening()
    for move in LOSING:
        act(g, move)
    advisor.follow(g)
    advisor.poll()
    assert advisor.outlook(g) is Outlook.UNWINNABLE
    act(g, str(g.legal_moves()[0]))
    advisor.follow(g)
    advisor.poll()
    assert advisor.outlook(g) is Outlook.UNWINNABLE
    assert g.text() not in [text for _, text, _ in worker.requests]


def test_rewind_finds_the_last_winnable_position_by_checking_back(
    advisor: Advisor, worker: InlineWorker
) -> None:
    g = opening()
    for move in LOSING:
        act(g, move)
    advisor.follow(g)
    for _ in range(10):  # the current position, then the ones before it, newest first
        advisor.poll()
    assert advisor.outlook(g) is Outlook.UNWINNABLE
    assert advisor.rewind_steps(g) == 1


QUICK = Budget(seconds=5.0, positions=1)
"""A quick check that can decide nothing."""


def after_a_move() -> Game:
    """Baker's Game deal 3 after one move that keeps it winnable (not the opening, which is
    searched with the rating budget)."""
    g = opening()
    act(g, LOSING[0])
    return g


def searches_of(worker: InlineWorker, g: Game) -> list[Budget]:
    """The searches asked for of ``g``'s current position (the deal's rating aside)."""
    return [budget for _, text, budget in worker.requests if text == g.text()]


def test_a_position_left_unknown_is_searched_again_deeper(worker: InlineWorker) -> None:
    advisor = Advisor(lambda: worker, check_budget=QUICK)
    g = after_a_move()
    advisor.follow(g)
    advisor.poll()
    assert advisor.outlook(g) is Outlook.UNKNOWN
    assert advisor.deepening(g)
    assert [(text, budget) for _, text, budget in worker.requests] == [
        (g.text(), QUICK),
        (g.text(), DEEP_CHECK_BUDGET),
    ]


def test_the_deeper_search_replaces_unknown_with_its_verdict(worker: InlineWorker) -> None:
    advisor = Advisor(lambda: worker, check_budget=QUICK)
    g = after_a_move()
    advisor.follow(g)
    advisor.poll()
    advisor.poll()
    assert advisor.outlook(g) is Outlook.WINNABLE
    assert not advisor.deepening(g)
    opening_text = Game(g.variant, g.initial_state).text()
    assert not advisor.busy() or worker.requests[-1][1] == opening_text  # only the deal's rating is left


def test_a_newer_position_cuts_the_deeper_search_short(worker: InlineWorker) -> None:
    advisor = Advisor(lambda: worker, check_budget=QUICK)
    g = after_a_move()
    advisor.follow(g)
    advisor.poll()
    worker.hold = True
    act(g, LOSING[1])
    advisor.follow(g)
    assert advisor.outlook(g) is Outlook.CHECKING
    assert not advisor.deepening(g)
    assert worker.requests[-1][1:] == (g.text(), QUICK)


def test_a_position_searched_deeper_is_not_searched_again(worker: InlineWorker) -> None:
    advisor = Advisor(lambda: worker, check_budget=QUICK, deep_budget=QUICK)
    g = after_a_move()
    advisor.follow(g)
    advisor.poll()
    advisor.poll()
    assert advisor.outlook(g) is Outlook.UNKNOWN
    advisor.follow(g)
    assert len(searches_of(worker, g)) == 2


def test_without_a_deeper_budget_an_unknown_position_is_searched_once(worker: InlineWorker) -> None:
    advisor = Advisor(lambda: worker, check_budget=QUICK, deep_budget=None)
    g = after_a_move()
    advisor.follow(g)
    advisor.poll()
    assert advisor.outlook(g) is Outlook.UNKNOWN
    assert len(searches_of(worker, g)) == 1


def test_rewind_searches_deeper_a_position_the_quick_check_left_unknown(worker: InlineWorker) -> None:
    advisor = Advisor(lambda: worker, check_budget=QUICK)
    g = opening()
    for move in LOSING:
        act(g, move)
        advisor.follow(g)
        for _ in range(10):
            advisor.poll()
    assert advisor.outlook(g) is Outlook.UNWINNABLE
    assert advisor.rewind_steps(g) == 1


def test_a_deal_left_unknown_by_its_rating_and_won_deeper_is_rated_hard(
    worker: InlineWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(advisor_module, "RATING_BUDGET", QUICK)
    advisor = Advisor(lambda: worker)
    g = opening()
    advisor.follow(g)
    advisor.poll()
    assert advisor.rating(g) is Difficulty.UNKNOWN
    advisor.poll()
    assert advisor.outlook(g) is Outlook.WINNABLE
    assert advisor.rating(g) is Difficulty.HARD


def test_a_deal_left_unknown_by_its_rating_and_proved_lost_deeper_is_rated_unwinnable(
    worker: InlineWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(advisor_module, "RATING_BUDGET", QUICK)
    advisor = Advisor(lambda: worker)
    g = opening("bakers-game", 1)  # proved unwinnable from the deal
    advisor.follow(g)
    advisor.poll()
    assert advisor.rating(g) is Difficulty.UNKNOWN
    advisor.poll()
    assert advisor.rating(g) is Difficulty.UNWINNABLE


def test_rewind_steps_is_none_when_nothing_was_ever_winnable(advisor: Advisor) -> None:
    g = opening("bakers-game", 1)  # proved unwinnable from the deal
    advisor.follow(g)
    advisor.poll()
    assert advisor.outlook(g) is Outlook.UNWINNABLE
    assert advisor.rewind_steps(g) is None


def test_the_opening_search_rates_the_deal(advisor: Advisor) -> None:
    g = opening("seahaven", 2)  # a win found in a few hundred positions
    advisor.follow(g)
    advisor.poll()
    assert advisor.rating(g) is Difficulty.EASY


def test_an_unwinnable_deal_is_rated_unwinnable(advisor: Advisor) -> None:
    g = opening("bakers-game", 1)
    advisor.follow(g)
    advisor.poll()
    assert advisor.rating(g) is Difficulty.UNWINNABLE


def test_the_opening_search_is_not_cut_short_by_later_positions(
    advisor: Advisor, worker: InlineWorker
) -> None:
    g = opening()
    worker.hold = True
    advisor.follow(g)
    act(g, LOSING[0])
    advisor.follow(g)
    assert len(worker.requests) == 1
    worker.hold = False
    advisor.poll()  # the opening's answer; then the current position is asked for
    assert len(worker.requests) == 2
    assert advisor.rating(g) is not None


def test_without_checks_nothing_is_searched_until_wanted(advisor: Advisor, worker: InlineWorker) -> None:
    g = opening()
    advisor.follow(g, checks=False)
    assert worker.requests == []
    advisor.want(g)
    assert len(worker.requests) == 1


def test_consider_searches_a_candidate_deal(advisor: Advisor) -> None:
    candidate = game.new_game("seahaven", 2)
    advisor.consider(candidate)
    advisor.poll()
    assert advisor.outlook(candidate) is Outlook.WINNABLE
    assert advisor.rating(candidate) is Difficulty.EASY


def test_a_worker_that_cannot_start_makes_the_solver_unavailable() -> None:
    def broken() -> InlineWorker:
        raise OSError("no processes here")

    advisor = Advisor(broken)
    g = opening()
    advisor.follow(g)
    assert advisor.broken
    assert advisor.outlook(g) is Outlook.UNAVAILABLE
    assert not advisor.poll()


def test_a_dead_worker_has_the_position_asked_again_after_a_pause(worker: InlineWorker) -> None:
    now = [50.0]
    advisor = Advisor(lambda: worker, clock=lambda: now[0])
    g = opening()
    worker.hold = True
    advisor.follow(g)
    worker.closed = True  # died mid-search; SolverWorker.submit starts a new process
    assert advisor.poll()
    assert len(worker.requests) == 1
    now[0] += RESTART_DELAY
    worker.closed = False
    assert advisor.poll()
    assert [text for _, text, _ in worker.requests] == [g.text(), g.text()]


def test_the_real_worker_process_answers() -> None:
    advisor = Advisor(SolverWorker)
    try:
        g = opening("seahaven", 2)
        advisor.follow(g)
        deadline = time.monotonic() + 60
        while advisor.outlook(g) is Outlook.CHECKING and time.monotonic() < deadline:
            advisor.poll()
            time.sleep(0.02)
        assert advisor.outlook(g) is Outlook.WINNABLE
        assert advisor.line(g)
    finally:
        advisor.close()


def test_an_idle_worker_process_exits_and_the_next_request_starts_another() -> None:
    worker = SolverWorker(idle_exit=0.5)
    try:
        g = opening("seahaven", 2)
        first = worker.wait(worker.submit(g, Budget(10)), timeout=60)
        assert first is not None and first.verdict is Verdict.WINNABLE
        deadline = time.monotonic() + 20
        while worker.alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not worker.alive()
        again = worker.wait(worker.submit(g, Budget(10)), timeout=60)
        assert again is not None and again.verdict is Verdict.WINNABLE
    finally:
        worker.close()


def away_from_the_opening(key: str = "seahaven", deal: int = 2) -> Game:
    """A game as it is resumed: a move made, the opening never searched in this session."""
    g = opening(key, deal)
    g.play(g.legal_moves()[0])
    g.play_auto_moves()
    return g


def test_a_game_resumed_away_from_its_opening_is_rated_again(advisor: Advisor) -> None:
    g = away_from_the_opening()
    advisor.follow(g)
    advisor.poll()  # the position in play first, then the opening with the rating budget
    advisor.poll()
    assert advisor.rating(g) is Difficulty.EASY


def test_rating_a_resumed_game_again_gives_way_to_the_position_in_play(
    advisor: Advisor, worker: InlineWorker
) -> None:
    g = away_from_the_opening()
    advisor.follow(g)
    advisor.poll()
    worker.hold = True
    advisor.poll()
    assert worker.requests[-1][1] == Game(g.variant, g.initial_state).text()  # the opening, rated
    g.play(g.legal_moves()[0])
    g.play_auto_moves()
    advisor.follow(g)
    assert worker.requests[-1][1] == g.text()  # not kept waiting behind the rating
    worker.hold = False
    advisor.poll()
    advisor.poll()
    assert advisor.rating(g) is Difficulty.EASY  # rated once nothing else is to be searched


def lose_in_play(advisor: Advisor) -> None:
    """Baker's Game deal 3 from its opening to its loss, the advisor following each action."""
    g = opening()
    advisor.follow(g)
    advisor.poll()
    for move in LOSING:
        act(g, move)
        advisor.follow(g)
        advisor.poll()


def test_a_rating_searches_from_nothing_and_the_checks_after_it_carry_over(
    advisor: Advisor, worker: InlineWorker
) -> None:
    lose_in_play(advisor)
    assert len(worker.kept) >= 2
    assert worker.kept[0] is False  # the opening's search gives the deal's rating
    assert all(worker.kept[1:])


def test_without_reuse_no_check_carries_over(worker: InlineWorker) -> None:
    advisor = Advisor(lambda: worker, reuse=False)
    lose_in_play(advisor)
    assert len(worker.kept) >= 2 and not any(worker.kept)


def test_a_lady_jane_check_is_ended_by_its_time_limit_and_a_rating_by_its_positions(
    advisor: Advisor, worker: InlineWorker
) -> None:
    g = opening("lady-jane", 5)
    advisor.follow(g)
    rating = worker.requests[-1][2]
    assert rating == advisor_module.RATING_BUDGET.for_game("lady-jane")
    advisor.poll()
    worker.hold = True  # no answer: the last request is the check
    g.play(g.legal_moves()[-1])
    advisor.follow(g)
    check = worker.requests[-1][2]
    assert check == advisor_module.CHECK_BUDGET.for_search("lady-jane")
    assert check.positions > rating.positions and check.seconds < rating.seconds
