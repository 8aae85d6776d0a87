"""JSON from disk, read with limits: a file can hold anything, and ``json.loads`` of
``'[' * 100000`` ends in a ``RecursionError`` rather than a ``ValueError``."""

from __future__ import annotations

import json
import re
from typing import Any

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def loads(text: object, *, max_chars: int, max_depth: int) -> Any:
    """``text`` parsed as JSON, or ``ValueError`` saying why not (not text, longer than
    ``max_chars``, nested deeper than ``max_depth``, or not JSON)."""
    if not isinstance(text, str):
        raise ValueError(f"expected JSON text, found {type(text).__name__}")
    if len(text) > max_chars:
        raise ValueError(f"{len(text):,} characters, more than the {max_chars:,} allowed")
    if nesting(text) > max_depth:
        raise ValueError(f"nested deeper than {max_depth} levels")
    return json.loads(text)


def nesting(text: str) -> int:
    """How deep the brackets of JSON ``text`` go (brackets inside strings not counted)."""
    depth = deepest = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest
