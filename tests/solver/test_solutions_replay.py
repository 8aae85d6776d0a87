"""Every winning line the solver finds replays through ``Game.play`` to a win, in every variant.

The deals are ones the solver decides within a small positions budget, so the searches are
deterministic and quick. Baker's Game, Seahaven Towers and Lady Jane have plenty of quick wins;
most Aunt Mary deals are unwinnable (about one in ten is won: its list holds deals of 1..771
the solver wins within about 20,000 positions); in Kansas about a quarter of deals 1..200 are
won within 10 s. The Aunt Mary and Kansas lists also hold deals proved unwinnable quickly (the
expected verdict is pinned for each deal).

Kansas deals 8, 23, 114 and 325 were pinned as unwinnable by the engine-level search, which
sends every base-rank card home at once; but a card one rank below the base can be parked on
a base-rank card, so holding one back can be needed, and those proofs did not cover every line.
The Kansas search (``game.solver.kansas``) decides by the rules alone, and wins deal 8. Its
list holds deals up to 4138 that the search of the real game alone won within 20,000
positions, and its proofs agree with the engine-level search's.
"""

from __future__ import annotations

import pytest

import game
from game.solver.search import Budget, Verdict, solve

POSITIONS = 40_000
"""Budget for each search: several times what these deals need, so a slightly worse move
order does not turn a pinned verdict into 'unknown'."""

POSITIONS_BY_GAME = {"kansas": 2_000_000}
"""Kansas counts the positions of its looser game too, far cheaper ones (deal 1410: about
1.2 million in all, most of them in the dead-end tests)."""


def _deals(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.split())


WON = {
    "bakers-game": _deals(
        "2 3 13 15 17 18 20 29 33 38 44 46 50 51 54 56 62 65 77 78 82 83 88 91 99 102 107 116 123 "
        "125 133 134 135 137 140 146 147 148 154 156 159 161 171 175 176 178 185 190 192 194 195 "
        "196 199 202 219 "
    ),
    "seahaven": _deals(
        "2 3 5 6 7 8 9 12 13 14 16 17 19 20 22 23 24 25 26 27 28 29 30 31 32 33 35 36 39 40 41 42 "
        "44 45 46 47 48 49 50 51 53 54 55 56 57 58 59 61 62 63 64 65 66 67 69 "
    ),
    "lady-jane": _deals(
        "1 3 4 5 6 14 19 26 27 29 31 34 45 47 49 50 51 53 54 55 58 59 61 63 65 68 69 71 72 74 75 "
        "77 78 79 81 85 98 101 103 105 106 111 113 115 116 117 122 124 127 128 129 133 134 135 137 "
    ),
    "aunt-mary": _deals(
        "2 10 13 35 59 79 118 128 135 152 161 198 201 211 220 221 224 233 254 269 289 297 301 309 313 "
        "347 360 409 411 447 462 467 480 484 495 515 523 553 557 581 598 600 601 620 628 636 638 675 "
        "690 710 741 744 753 771"
    ),
    "kansas": _deals(
        "65 152 179 218 259 295 480 502 505 623 743 920 1003 1194 1224 1254 1272 1290 1354 1410 "
        "1415 1563 1597 1625 1632 1643 1710 1735 1951 2025 2059 2084 2141 2180 2363 2752 2886 "
        "3032 3087 3119 3247 3281 3427 3429 3437 3590 3891 3904 4019 4099 4133 4138 "
    ),
}
LOST = {
    "aunt-mary": _deals(
        "9 11 16 17 21 23 28 29 36 39 44 49 61 62 64 65 66 75 78 86 91 92 94 95 98 110 111 121 "
        "126 127 130 137 138 140 141 143 145 151 153 154 159 160 162 163 166 169 "
    ),
    "kansas": _deals("14 46 74 181 209 328 427 568 574 725 798 960 964 985"),
}

CASES = [(key, deal, Verdict.WINNABLE) for key, deals in WON.items() for deal in deals] + [
    (key, deal, Verdict.UNWINNABLE) for key, deals in LOST.items() for deal in deals
]


@pytest.mark.parametrize(("key", "deal", "verdict"), CASES, ids=[f"{k}-{d}" for k, d, _ in CASES])
def test_solver_verdict_and_line_replay(key: str, deal: int, verdict: Verdict) -> None:
    positions = POSITIONS_BY_GAME.get(key, POSITIONS)
    result = solve(game.new_game(key, deal=deal), Budget(seconds=600, positions=positions))
    assert result.verdict is verdict
    g = game.new_game(key, deal=deal)
    for move in result.moves:
        g.play(move)
    assert g.is_won() == (verdict is Verdict.WINNABLE)


def test_positions_budget_gives_the_same_answer_every_run() -> None:
    runs = [
        solve(game.new_game("bakers-game", deal=13), Budget(seconds=600, positions=POSITIONS)) for _ in "ab"
    ]
    assert runs[0].moves == runs[1].moves and runs[0].positions == runs[1].positions
