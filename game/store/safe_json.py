"""JSON from disk, read with limits: a file can hold anything, and ``json.loads`` of
``'[' * 100000`` ends in a ``RecursionError`` rather than a ``ValueError``."""

from __future__ import annotations

import json
import re
from typing import Any

# A string (to its closing quote, or to the end when there is none: JSON then fails on it
# anyway) or a bracket. Possessive, so a string never backtracks: one pass over the text (the
# old pattern re-scanned an unclosed string from every quote in it, ``'"' + '\\"' * 60000``
# took 78 s).
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{}]', re.DOTALL)


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
    for token in _TOKEN.finditer(text):
        bracket = token.group()
        if bracket[0] == '"':
            continue
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest
