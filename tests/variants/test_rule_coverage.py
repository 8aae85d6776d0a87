"""Every numbered rule a variant's docstring claims has at least one test named after it.

A test named after several rules starts with each of their ids: ``test_bg4_sh4_…`` is a test
of BG-4 and of SH-4 (the rules Baker's Game and Seahaven share, test_suit_cell_games.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import game
from game.names import VARIANT_NAMES

HERE = Path(__file__).parent
RULES_DOC = HERE.parents[1] / "docs" / "rules.md"
RULE_PREFIX = re.compile(r"test_((?:[a-z]{2}\d+_)+)")


CLAIM = re.compile(r"rules\.md ([A-Z]+)-1 … \1-(\d+)")


def claimed_rule_ids(cls: type[game.Variant]) -> list[str]:
    """``LJ-1`` … ``LJ-9`` from a docstring that says ``(rules.md LJ-1 … LJ-9)``."""
    m = CLAIM.search(cls.__doc__ or "")
    assert m, f"{cls.__name__}'s docstring does not name its rules"
    return [f"{m[1]}-{i}" for i in range(1, int(m[2]) + 1)]


CLAIMING = [key for key, cls in game.VARIANTS.items() if CLAIM.search(cls.__doc__ or "")]
"""The games whose docstrings number their rules: the shipped five, and any game added that
states its rules in docs/rules.md (one that does not is still a game, with no ids to test)."""


def defined_test_names() -> set[str]:
    return {name for f in HERE.glob("test_*.py") for name in re.findall(r"def (test_\w+)", f.read_text())}


def rule_ids_in_name(name: str) -> set[str]:
    """``{"BG-4", "SH-4"}`` from ``test_bg4_sh4_group_limit``; empty for a name without ids."""
    m = RULE_PREFIX.match(name)
    tokens = m[1].rstrip("_").split("_") if m else []
    return {f"{t[:2].upper()}-{t[2:]}" for t in tokens}


def rule_ids_tested() -> set[str]:
    return {rule for name in defined_test_names() for rule in rule_ids_in_name(name)}


@pytest.mark.parametrize("key", CLAIMING)
def test_every_rule_id_has_a_test_named_after_it(key: str) -> None:
    tested = rule_ids_tested()
    missing = [rule for rule in claimed_rule_ids(game.VARIANTS[key]) if rule not in tested]
    assert missing == []


def test_a_test_named_after_two_games_counts_for_both() -> None:
    assert rule_ids_in_name("test_bg7_sh8_foundation_top_goes_to_an_empty_cell") == {"BG-7", "SH-8"}
    assert rule_ids_in_name("test_lj10_x") == {"LJ-10"}
    assert rule_ids_in_name("test_undo_restores_the_position") == set()


def test_rule_ids_cover_all_forty_four_rules_of_the_five_games() -> None:
    assert sum(len(claimed_rule_ids(game.VARIANTS[key])) for key in VARIANT_NAMES) == 44


@pytest.mark.parametrize("key", CLAIMING)
def test_docs_rules_md_states_every_rule_the_variant_claims(key: str) -> None:
    stated = set(re.findall(r"^- \*\*([A-Z]{2}-\d+)\b", RULES_DOC.read_text(), re.MULTILINE))
    missing = [rule for rule in claimed_rule_ids(game.VARIANTS[key]) if rule not in stated]
    assert missing == []


def test_docs_rules_md_states_that_automatic_moves_never_undo_the_players_action() -> None:
    assert "**Automatic moves never undo the player's own action.**" in RULES_DOC.read_text()


@pytest.mark.parametrize("key", list(VARIANT_NAMES))
def test_each_shipped_game_numbers_its_rules_in_docs_rules_md(key: str) -> None:
    assert "docs/rules.md" in (game.VARIANTS[key].__doc__ or "") and key in CLAIMING
