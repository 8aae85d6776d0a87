"""What the compact searches share: searches taking turns, lines as the table plays them, the
positions a depth-first search proves lost as it goes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import game
from game.engine.state import State
from game.solver.compact import Closures, Turns, as_played
from game.variants.base import RawMove


class Counting:
    """A stand-in search: stores one position per step, wins or ends after ``steps`` steps."""

    def __init__(self, steps: int, wins: bool) -> None:
        self.steps, self.wins = steps, wins
        self.seen: set[int] = set()
        self.exhausted = False
        self.stopped = False

    def begin(self, state: State) -> list[RawMove] | None:
        return None

    def resume(self, pause_at: int) -> list[RawMove] | None:
        while len(self.seen) < pause_at:
            if len(self.seen) == self.steps:
                if self.wins:
                    return [(0, 1, 1)]
                self.exhausted = True
                return None
            self.seen.add(len(self.seen))
        return None


def test_searches_taking_turns_share_one_budget_of_positions() -> None:
    searches = [Counting(10_000, True), Counting(10_000, True)]
    turns = Turns(searches, [70, 30], 1_000)
    assert turns.run(game.new_game("kansas", deal=1).state) is None
    assert len(turns.seen) == 1_000 and not turns.exhausted
    assert [len(s.seen) for s in searches] == [700, 300]


def test_later_turns_take_over_once_enough_positions_are_stored() -> None:
    searches = [Counting(10_000, True), Counting(10_000, True)]
    turns = Turns(searches, [100, 100], 1_000, later=(400, [300, 100]))
    assert turns.run(game.new_game("kansas", deal=1).state) is None
    # 200 each up to 400 stored, then 300 to 100 until the budget: 700 and 300.
    assert [len(s.seen) for s in searches] == [700, 300]


def test_a_schedule_of_turns_can_leave_a_search_out_until_a_later_change() -> None:
    searches = [Counting(10_000, True), Counting(10_000, True), Counting(10_000, True)]
    schedule = [(300, [100, 100, 0]), (600, [100, 0, 200])]
    turns = Turns(searches, [100, 0, 0], 1_000, schedule=schedule)
    assert turns.run(game.new_game("kansas", deal=1).state) is None
    # The first alone to 300; then rounds of 100 each with the second (the change is looked at
    # between rounds: 500, then 700 stored); then 100 and 200 with the third to 1,000.
    assert [len(s.seen) for s in searches] == [300 + 200 + 100, 200, 200]


def test_one_search_ending_without_a_win_is_a_proof_for_all() -> None:
    turns = Turns([Counting(10_000, True), Counting(50, False)], [100, 100], 10_000)
    assert turns.run(game.new_game("kansas", deal=1).state) is None
    assert turns.exhausted


def test_the_first_win_found_is_the_answer() -> None:
    turns = Turns([Counting(500, True), Counting(10_000, False)], [100, 100], 10_000)
    assert turns.run(game.new_game("kansas", deal=1).state) == [(0, 1, 1)]
    assert not turns.exhausted


def test_a_line_that_is_not_legal_as_played_is_given_back_unchanged() -> None:
    g = game.new_game("bakers-game", deal=3)
    v = g.variant
    line: list[RawMove] = [(v.foundations[0], v.tableau[0], 1)]  # nothing is home yet
    assert as_played(v, g.state, line) == line


class Giving:
    """A stand-in search that claims ``line`` wins."""

    def __init__(self, line: list[RawMove]) -> None:
        self.line = line
        self.seen: set[int] = {0}
        self.exhausted = False

    def run(self, state: State) -> list[RawMove] | None:
        return self.line


def _solved_with(line: list[RawMove], automatic: bool) -> object:
    from game.solver.search import Budget, _solve_cells

    g = game.new_game("seahaven", deal=7)
    return _solve_cells(
        g.variant, g.state, Budget(), lambda: False, lambda *_: Giving(line), automatic=automatic
    )


def test_a_line_that_does_not_win_at_the_table_or_as_given_is_no_win() -> None:
    from game.solver.cells import make_search

    g = game.new_game("seahaven", deal=7)
    good = make_search(g.variant, 100_000, 1e18, lambda: False).run(g.state)
    assert good is not None
    assert _solved_with(good, automatic=False) is not None  # the stand-in can win at all
    for bad in (good[:-1], [good[1], *good], good[:5] + good[6:]):  # short, illegal first, a gap
        assert _solved_with(bad, automatic=False) is None
        assert _solved_with(bad, automatic=True) is None


def lost_marks(graph: dict[str, str], root: str, won: str = "", carried: str = "") -> str:
    """The positions ``Closures`` marks lost when a depth-first search goes over ``graph`` (each
    position's children, one letter each, the last tried first) as ``DepthFirst`` does, storing
    a position's children before it expands them, and stops at the first position of
    ``won``; ``carried``: marks carried in."""
    closures = Closures({c.encode() for c in carried})
    seen: set[str] = set()

    def admit(position: str) -> bool:
        key = position.encode()
        if position in seen:
            closures.met(key)
            return False
        seen.add(position)
        closures.stored(key, key not in closures.marks)
        return key not in closures.marks

    todo = [[root] if admit(root) else []]
    while todo:
        if not todo[-1]:
            closures.closed()
            todo.pop()
            continue
        position = todo[-1].pop()
        if position in won:
            break
        closures.opened(position.encode())
        todo.append([child for child in graph.get(position, "") if admit(child)])
    return "".join(sorted(key.decode() for key in closures.marks))


def test_a_search_to_the_end_without_a_win_marks_every_position_lost() -> None:
    assert lost_marks({"A": "BC", "B": "D", "C": "D"}, "A") == "ABCD"


def test_a_position_leading_back_to_one_on_the_path_is_not_marked_on_its_own() -> None:
    # B leads back to A, which wins through W: B is not lost.
    assert lost_marks({"A": "WB", "B": "A"}, "A", won="W") == ""


def test_a_position_leading_to_one_still_waiting_is_not_marked_on_its_own() -> None:
    # C leads to B, stored but not yet searched; B turns out lost, but C was closed before.
    assert lost_marks({"A": "WBC", "C": "B"}, "A", won="W") == "B"


def test_a_position_leading_to_a_win_through_one_still_waiting_is_not_marked() -> None:
    assert lost_marks({"A": "BC", "C": "B", "B": "W"}, "A", won="W") == ""


def test_a_cycle_searched_to_the_end_is_marked_once_its_first_position_closes() -> None:
    assert lost_marks({"A": "WB", "B": "C", "C": "BD"}, "A", won="W") == "BCD"


def test_a_cycle_through_the_path_stays_open_until_the_oldest_position_in_it_closes() -> None:
    # B and C lean on A, which still has W to try.
    assert lost_marks({"A": "WB", "B": "C", "C": "AD"}, "A", won="W") == "D"
    assert lost_marks({"A": "XB", "B": "C", "C": "AD"}, "A", won="W") == "ABCDX"


def test_positions_carried_in_as_lost_are_not_searched_and_nothing_leans_on_them() -> None:
    assert lost_marks({"A": "WB", "B": "C", "C": "E"}, "A", won="W", carried="E") == "BCE"
    assert lost_marks({"A": "B", "B": "W"}, "A", won="W", carried="B") == "AB"  # taken as lost


NAMES = "ABCDEFGHIJKL"


def _reaching(graph: dict[str, str], targets: set[str]) -> set[str]:
    """The positions of ``graph`` from which some position of ``targets`` can be reached."""
    reach = set(targets)
    grew = True
    while grew:
        grew = False
        for position, children in graph.items():
            if position not in reach and any(child in reach for child in children):
                reach.add(position)
                grew = True
    return reach


Case = tuple[dict[str, str], str, str]


@st.composite
def graphs(draw: st.DrawFn) -> Case:
    """A graph of named positions (cycles, transpositions, dead ends), its wins and some of its
    lost positions carried in."""
    names = NAMES[: draw(st.integers(2, len(NAMES)))]
    graph = {n: "".join(draw(st.lists(st.sampled_from(names), max_size=4))) for n in names}
    won = "".join(draw(st.sets(st.sampled_from(names[1:]), max_size=3)))
    lost = sorted(set(names) - _reaching(graph, set(won)))
    carried = "".join(draw(st.sets(st.sampled_from(lost), max_size=3))) if lost else ""
    return graph, won, carried


@settings(max_examples=400, deadline=None)
@given(graphs())
def test_only_positions_that_cannot_reach_a_win_are_ever_marked(case: Case) -> None:
    graph, won, carried = case
    winners = _reaching(graph, set(won))
    marked = set(lost_marks(graph, "A", won=won, carried=carried))
    assert not marked & winners
    if "A" not in winners and not carried:  # a search to the end: all it met is marked
        assert marked == set(NAMES[: len(graph)]) - _unreached(graph, "A")


def _unreached(graph: dict[str, str], root: str) -> set[str]:
    reached, todo = {root}, [root]
    while todo:
        for child in graph[todo.pop()]:
            if child not in reached:
                reached.add(child)
                todo.append(child)
    return set(graph) - reached
