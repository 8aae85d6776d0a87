"""An Xvfb server for the benchmarks that draw to a real X display (frames, launch, startup)."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path


def start_xvfb(display: str, screen: str = "1920x1080x24") -> subprocess.Popen[bytes] | None:
    """Xvfb on ``display`` (``":94"``) once its socket is there; None when Xvfb is not
    installed or did not start within ten seconds."""
    if shutil.which("Xvfb") is None:
        return None
    proc = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", screen, "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    socket = Path(f"/tmp/.X11-unix/X{display[1:]}")
    for _ in range(200):
        if socket.exists():
            return proc
        if proc.poll() is not None:
            return None
        time.sleep(0.05)
    proc.terminate()
    return None
