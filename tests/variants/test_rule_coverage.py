"""Every numbered rule a variant's docstring claims has at least one test named after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import game

HERE = Path(__file__).parent


def claimed_rule_ids(cls: type[game.Variant]) -> list[str]:
    """``LJ-1`` … ``LJ-9`` from a docstring that says ``(rules.md LJ-1 … LJ-9)``."""
    m = re.search(r"rules\.md ([A-Z]+)-1 … \1-(\d+)", cls.__doc__ or "")
    assert m, f"{cls.__name__}'s docstring does not name its rules"
    return [f"{m[1]}-{i}" for i in range(1, int(m[2]) + 1)]


def defined_test_names() -> set[str]:
    return {name for f in HERE.glob("test_*.py") for name in re.findall(r"def (test_\w+)", f.read_text())}


@pytest.mark.parametrize("key", list(game.VARIANTS))
def test_every_rule_id_has_a_test_named_after_it(key: str) -> None:
    names = defined_test_names()
    missing = [
        rule
        for rule in claimed_rule_ids(game.VARIANTS[key])
        if not any(n.startswith(f"test_{rule.replace('-', '').lower()}_") for n in names)
    ]
    assert missing == []


def test_rule_ids_cover_all_forty_four_rules() -> None:
    assert sum(len(claimed_rule_ids(cls)) for cls in game.VARIANTS.values()) == 44
