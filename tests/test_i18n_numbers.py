"""``game.i18n.format_number`` in English is written out without Babel (its load cost the first
table frame ~6 ms): it must say exactly what Babel says."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from game import i18n


@pytest.mark.parametrize(
    "value", [0, 1, 7, 42, 999, 1000, 1234, 12345, 999_999, 1_000_000, 8589934591, -1, -1234]
)
def test_english_numbers_are_what_babel_writes(value: int) -> None:
    assert i18n.current_language() == i18n.SOURCE_LANGUAGE
    assert i18n.format_number(value) == format_decimal(value, locale="en")
