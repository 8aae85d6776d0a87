"""Issue 37's "Done when": a whole deal played by keys alone in the real app, headless, with
the transcript back-end (``SOLITAIRE_SPEECH_LOG``), can be followed from the transcript alone:
every card turned face up is named, every refused move has its reason, the result is said;
in German and Russian no English card or pile name is left in it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.engine.moves import Move
from game.engine.state import State
from game.solver.heuristic import is_stock_action
from game.solver.search import Budget, solve
from game.variants.words import card_words
from tests.app.conftest import FakeClock, post_key
from tests.app.conftest import settle as settle_app
from tests.app.test_keyboard_play import KEY_FOR, Keyboard, path, play_move, table

DEAL = ("lady-jane", 1)
"""A deal with face-down cards, a stock and reserves, which the solver wins at once."""
ENGLISH_WORDS = {
    *("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("jack", "queen", "king", "clubs", "diamonds", "hearts", "spades", "of"),
    *("tableau", "foundation", "reserve", "waste", "stock", "from", "turned", "face", "dealt"),
}


def face_up(state: State) -> set[int]:
    return {c for i, pile in enumerate(state.piles) for c in pile[state.hidden[i] :]}


def refuse_one(app: App, clock: FakeClock, move: Move) -> str | None:
    """Before ``move``: pick its cards up and drop them on a pile they may not go to (then put
    them back); the message the table showed. None when every pile would take them."""
    t = table(app)
    g, v = t.g, t.g.variant
    source = v.index[move.source]
    card = len(g.state.piles[source]) - move.count
    wrong = [
        i
        for i, name in enumerate(v.names)
        if i != source and name not in {m.target for m in g.legal_moves() if m.source == move.source}
    ]
    if not wrong:
        return None
    for d in path(t, lambda f: f.pile == source and f.index == card):
        post_key(KEY_FOR[d])
    post_key(pygame.K_RETURN)
    settle_app(app, clock)
    for d in path(t, lambda f: f.pile == wrong[0]):
        post_key(KEY_FOR[d])
    post_key(pygame.K_RETURN)
    settle_app(app, clock)
    assert t.toast is not None and t.g.why_illegal(Move(move.source, v.names[wrong[0]], move.count))
    shown = t.toast[0]
    clock.t += 5  # the reason's message goes, so the next one is news
    post_key(pygame.K_ESCAPE)
    settle_app(app, clock)
    return shown


def play_by_keys(
    make_app: Callable[..., App], clock: FakeClock
) -> tuple[list[str], list[set[int]], list[str]]:
    """Win the deal by keys with a refusal tried before every fourth move; the transcript's
    lines, the cards each action turned face up, and the refusals' messages on the screen."""
    app = make_app(variant=DEAL[0], deal=DEAL[1])
    t = table(app)
    app.settings.auto_moves = False  # the solver's line has the automatic moves in it
    line = solve(t.g, Budget(seconds=20)).moves
    assert line
    keys = Keyboard()
    keys.arrow((0, 1))
    settle_app(app, clock)
    turned: list[set[int]] = []
    refusals = []
    for i, move in enumerate(line):
        if i % 4 == 1 and not is_stock_action(t.g.variant, move):
            shown = refuse_one(app, clock, move)
            refusals += [shown] if shown is not None else []
        before = face_up(t.g.state)
        play_move(app, clock, keys, move)
        turned.append(face_up(t.g.state) - before)
    settle_app(app, clock)
    assert t.g.is_won()
    log = Path(app.speech.narrator.speaker.transcript.path)  # type: ignore[union-attr]
    return log.read_text(encoding="utf-8").splitlines(), turned, refusals


@pytest.fixture
def transcript(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "speech.log"
    monkeypatch.setenv("SOLITAIRE_SPEECH_LOG", str(path))
    return path


@pytest.mark.slow
def test_a_deal_played_by_keys_can_be_followed_from_the_transcript_alone(
    make_app: Callable[..., App], clock: FakeClock, transcript: Path
) -> None:
    lines, turned, refusals = play_by_keys(make_app, clock)
    text = "\n".join(lines)
    assert lines[0].startswith("Lady Jane, deal 1.")
    named = [c for cards in turned for c in cards]
    assert named, "the deal turns cards face up"
    for card in named:
        assert re.search(rf"^(Turned face up|Dealt): .*{card_words(card)}", text, re.M), card_words(card)
    assert len(refusals) >= 3
    for reason in refusals:
        assert reason in lines  # the engine's reason, as the screen shows it
    assert "You won!" in lines and "52 cards of 52 are home." in lines
    assert any(line.startswith("Picked up ") for line in lines)
    assert any(re.match(r"^[A-Z][a-z]+ \d+: the .+ of ", line) for line in lines), "a focus is said"
