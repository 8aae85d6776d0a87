"""JSON read from disk: its depth is checked in one pass over the text."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store import safe_json
from game.store.saves import MAX_ACTIONS_CHARS

REPO = Path(__file__).resolve().parents[2]
json_values = st.recursive(
    st.none() | st.integers() | st.text(alphabet='[]{}"\\ab,:'),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet='[]{}"\\a'), inner, max_size=3)
    ),
    max_leaves=20,
)


def depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    return 0


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_nesting_counts_brackets_outside_strings_only(value: object) -> None:
    assert safe_json.nesting(json.dumps(value)) == depth(value)


@pytest.mark.parametrize("text", ['"' + '\\"' * 60000, '["' + '\\"' * 60000 + "]"])
def test_a_crafted_move_list_is_refused_in_one_pass_not_quadratic_time(text: str) -> None:
    """Each of these is some 120 KB; the old check re-scanned an unclosed string from every quote
    in it (78 s for the first at the game's start). A child process, so a slow check fails the
    test by its timeout instead of hanging pytest (linear takes milliseconds)."""
    assert len(text) <= MAX_ACTIONS_CHARS
    script = (
        "import sys\nfrom game.store import safe_json\n"
        "try:\n    safe_json.loads(sys.stdin.read(), max_chars=10**6, max_depth=3)\n"
        "except ValueError as exc:\n    print('refused:', type(exc).__name__)\n"
    )
    try:
        child = subprocess.run(
            [sys.executable, "-c", script], input=text, cwd=REPO, capture_output=True, text=True, timeout=30
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the depth check took over 30 s on a 120 KB text: not one linear pass")
    assert child.stdout.startswith("refused: JSONDecodeError"), child.stderr
