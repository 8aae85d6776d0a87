"""The effects are made in code: short, loud enough, never clipping past 16 bits."""

from __future__ import annotations

from array import array

import pytest

from game.view.settings import Settings
from game.view.sound import EFFECTS, RATE, pcm


@pytest.mark.parametrize("name", list(EFFECTS))
def test_each_effect_is_short_audible_pcm(name: str) -> None:
    samples = EFFECTS[name](RATE)
    assert 0 < len(samples) < RATE * 1.5
    assert max(abs(v) for v in samples) > 0.2
    data = array("h")
    data.frombytes(pcm(samples))
    assert len(data) == len(samples)


def test_stereo_pcm_repeats_each_sample() -> None:
    data = array("h")
    data.frombytes(pcm([0.5, -0.5, 2.0], channels=2))
    assert list(data) == [16000, 16000, -16000, -16000, 32000, 32000]


def test_the_volume_entry_cycles_through_off() -> None:
    s = Settings()
    seen = []
    for _ in range(6):
        s.next_volume()
        seen.append((s.sound, s.volume))
    assert (False, 1.0) in seen and seen[-1][0]
