"""The speaker never makes the loop wait, a new focus cuts the old sentence short, and the
transcript gets every sentence as one line."""

from __future__ import annotations

import threading
from pathlib import Path

from game.speech.backends import TranscriptVoice
from game.speech.speaker import Speaker


class SlowVoice:
    """A voice that speaks until it is stopped (or two seconds pass)."""

    name = "slow"

    def __init__(self) -> None:
        self.started: list[str] = []
        self.stops = 0
        self.began = threading.Event()
        self._stopped = threading.Event()

    def start(self, text: str, language: str) -> None:
        self.started.append(text)
        self._stopped.clear()
        self.began.set()

    def wait(self) -> None:
        self._stopped.wait(2.0)

    def stop(self) -> None:
        self.stops += 1
        self._stopped.set()

    def close(self) -> None:
        return


def test_saying_returns_at_once_while_the_voice_is_still_speaking() -> None:
    voice = SlowVoice()
    speaker = Speaker(voice, None, "en")
    try:
        speaker.say("Tableau 1: the ace of spades.")
        speaker.say("Tableau 2: the two of hearts.")  # a blocking say would wait two seconds here
        assert voice.began.wait(1.0)
        assert voice.started == ["Tableau 1: the ace of spades."]
        assert not speaker.idle()
    finally:
        speaker.close()


def test_a_new_focus_cuts_the_sentence_short_and_drops_the_queued_ones() -> None:
    voice = SlowVoice()
    speaker = Speaker(voice, None, "en")
    try:
        speaker.say("first")
        assert voice.began.wait(1.0)
        voice.began.clear()
        speaker.say("queued")
        speaker.say("the new focus", interrupt=True)
        assert voice.stops >= 1
        assert voice.began.wait(1.0)
        assert voice.started == ["first", "the new focus"]
    finally:
        speaker.close()


def test_the_transcript_has_each_sentence_on_one_line_even_the_cut_ones(tmp_path: Path) -> None:
    log = tmp_path / "speech.log"
    log.write_text("an earlier run\n", encoding="utf-8")
    speaker = Speaker(SlowVoice(), TranscriptVoice(log), "en")
    try:
        speaker.say("Tableau 3:\nthe seven of spades.")
        speaker.say("Cut short", interrupt=True)
        speaker.say("   ")
    finally:
        speaker.close()
    assert log.read_text(encoding="utf-8").splitlines() == [
        "an earlier run",
        "Tableau 3: the seven of spades.",
        "Cut short",
    ]


def test_the_repeat_key_has_the_last_sentence() -> None:
    speaker = Speaker(None, None, "en")
    speaker.say("one")
    speaker.say("two")
    assert speaker.last == "two"
