"""The transcript in German and Russian: cards and piles named in the player's language, no
English card or pile name left (issue 37's "Done when")."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from game.app import App
from game.i18n import set_language
from game.variants.words import CARD_WORDS, card_words, pile_words
from tests.app.conftest import FakeClock
from tests.app.test_speech_transcript import ENGLISH_WORDS, play_by_keys, transcript

__all__ = ["transcript"]


@pytest.mark.slow
@pytest.mark.parametrize("language", ["de", "ru"])
def test_the_transcript_names_cards_and_piles_in_the_players_language(
    make_app: Callable[..., App],
    clock: FakeClock,
    transcript: Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    monkeypatch.setenv("LANGUAGE", language)
    lines, turned, refusals = play_by_keys(make_app, clock)
    set_language(language)
    local = {
        w.lower()
        for name in ("tableau-1", "foundation-1", "reserve-1", "waste", "stock")
        for w in re.findall(r"\w+", pile_words(name))
    }
    forbidden = ENGLISH_WORDS - local
    words = {w.lower() for line in lines for w in re.findall(r"[^\W\d_]+", line)}
    assert words & forbidden == set(), lines
    text = "\n".join(lines)
    for card in (c for cards in turned for c in cards):
        assert card_words(card) in text
    assert not any(english in text for english in CARD_WORDS)
    assert len(refusals) >= 3 and all(reason in lines for reason in refusals)
