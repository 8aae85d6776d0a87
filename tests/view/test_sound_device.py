"""Opening the sound device: quietly, once, and saying so when there is none."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(
    """
    import json
    from game.view.settings import Settings
    from game.view.sound import Sound

    sound = Sound(lambda: Settings())
    sound.play("pick")
    sound.play("drop")
    take = getattr(sound, "take_notice", lambda: None)
    print(json.dumps([sound.available, take(), take()]))
    """
)


def test_without_a_sound_device_the_terminal_stays_quiet_and_the_player_is_told_once() -> None:
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}  # SDL tries the real drivers
    env["SDL_VIDEODRIVER"] = "dummy"
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=60)
    available, notice, again = json.loads(done.stdout.strip().splitlines()[-1])
    if available:
        pytest.skip("this machine has a sound device")
    assert done.stderr.strip() == ""  # no "ALSA lib ..." lines
    assert notice == "Sound is off: no sound device was found."
    assert again is None
