"""The looser game's C table refuses to be re-entered from the ``cancelled`` callback of its own
``verdict()``: a second search or a new root would pull the table out from under the first
(a segfault on the old code). Each case runs in a child process, so that a crash fails its test
instead of ending pytest."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.solver import native

REPO = Path(__file__).resolve().parents[2]
needs_c = pytest.mark.skipif(not native.c_built("_loose"), reason="the looser game's C module is not built")

SETUP = """
import game
from game.solver.kansas import KansasSearch
search = KansasSearch(game.VARIANTS["kansas"].instance(), 10, 0.0, lambda: False)
node, _ = search.start(game.new_game("kansas", deal=1).state)
relaxed = search.relaxed
table = relaxed.table
assert table is not None
cards, bottoms, reserve_n, stock_n, found = search._loose(node)
position = (cards, bottoms, reserve_n, stock_n, sum(h << 4 * i for i, h in enumerate(found)))
calls = []
caught = []
"""


def run(callback: str) -> subprocess.CompletedProcess[str]:
    """The child: a verdict on deal 1 whose ``cancelled`` runs ``callback`` on its second call
    (inside the search), then the table used again afterwards."""
    script = SETUP + textwrap.dedent(
        f"""
        def cancelled():
            calls.append(1)
            if len(calls) == 2:
                try:
                    {callback}
                except RuntimeError as exc:
                    caught.append(str(exc))
            return len(calls) > 4

        print("verdict", table.verdict(*position, 10**7, float("inf"), cancelled))
        print("again", table.verdict(*position, 10**5, float("inf"), lambda: False))
        print("caught", caught)
        """
    )
    return subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=120
    )


@needs_c
@pytest.mark.parametrize(
    "callback",
    [
        "table.verdict(*position, 10**6, float('inf'), lambda: False)",
        "table.__init__(relaxed.reserve, relaxed.stock, relaxed.waste, relaxed.base)",
        "table.__init__(b'', b'', b'', 0)",
    ],
    ids=["verdict", "init_same_root", "init_other_root"],
)
def test_loose_table_refuses_reentry_from_its_cancelled_callback(callback: str) -> None:
    child = run(callback)
    assert child.returncode == 0, f"child died ({child.returncode}): {child.stderr[-2000:]}"
    assert "called from the cancelled callback" in child.stdout
    assert "verdict -1" in child.stdout  # the outer search ended cancelled, as asked


@needs_c
def test_loose_table_answers_known_and_len_from_its_cancelled_callback() -> None:
    child = run("print('known', table.known(*position), 'len', len(table) > 0)")
    assert child.returncode == 0, f"child died ({child.returncode}): {child.stderr[-2000:]}"
    assert "known -1 len True" in child.stdout
    assert "caught []" in child.stdout


@needs_c
def test_loose_table_refused_root_leaves_the_table_as_it_was() -> None:
    from game.solver._loose import Table

    table = Table(b"\x00\x01", b"\x02", b"", 0)
    with pytest.raises(ValueError, match="not a Kansas position"):
        table.__init__(bytes(range(20)), b"", b"", 0)  # a reserve of 20: refused
    # The old code kept the 20-card reserve; the root's reserve of 2 still holds here.
    with pytest.raises(ValueError, match="beyond the root"):
        table.known(0, 0, 3, 0, 0)
    assert table.known(0, 0, 2, 1, 0) in (-1, 0, 1)
