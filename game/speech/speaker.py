"""The speaker: sentences queued for a voice, spoken on a thread so the frame loop never waits.

``say`` returns at once. A sentence said with ``interrupt=True`` (a new focus) drops what is
still queued and cuts the sentence being spoken short. The transcript, when there is one, gets
every sentence as it is said, whether the voice finishes it or not.
"""

from __future__ import annotations

import contextlib
import queue
import threading

from game.speech.backends import TranscriptVoice, Voice


class Speaker:
    """Says sentences through ``voice`` (if any) and writes them to ``transcript`` (if any)."""

    def __init__(self, voice: Voice | None, transcript: TranscriptVoice | None, language: str) -> None:
        self.voice = voice
        self.transcript = transcript
        self.language = language
        self.last = ""
        """The last sentence said (what the repeat key says again)."""
        self._queue: queue.Queue[tuple[int, str] | None] = queue.Queue()
        self._generation = 0
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        if voice is not None:
            self._thread = threading.Thread(target=self._speak_queued, name="speech", daemon=True)
            self._thread.start()

    def say(self, text: str, interrupt: bool = False) -> None:
        """Speak ``text`` after what is queued (``interrupt``: instead of it)."""
        text = " ".join(text.split())
        if not text:
            return
        self.last = text
        if self.transcript is not None:
            try:
                self.transcript.start(text, self.language)
            except OSError:
                self.transcript = None  # the file went away or the disk is full: play on
        if self.voice is None:
            return
        if interrupt:
            self.stop()
        self._queue.put((self._generation, text))

    def stop(self) -> None:
        """Drop the queued sentences and cut the one being spoken short."""
        with self._lock:
            self._generation += 1
            if self.voice is not None:
                with contextlib.suppress(Exception):  # a voice that failed: nothing to stop
                    self.voice.stop()

    def idle(self) -> bool:
        """Whether nothing is queued (the sentence being spoken may still be going)."""
        return self._queue.empty()

    def close(self) -> None:
        """Stop speaking and end the thread."""
        self.stop()
        self._queue.put(None)
        if self._thread is not None:
            self._thread.join(timeout=1.0)
        if self.voice is not None:
            self.voice.close()

    def _speak_queued(self) -> None:
        voice = self.voice
        assert voice is not None
        while (item := self._queue.get()) is not None:
            generation, text = item
            with self._lock:
                if generation != self._generation:
                    continue  # cut short before it began
                try:
                    voice.start(text, self.language)
                except Exception:  # a voice's own failure (a program gone, a library's error): next
                    continue
            with contextlib.suppress(Exception):
                voice.wait()
