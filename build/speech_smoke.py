"""The speech part of ``build.py --smoke``: an executable run with ``--speech`` either speaks or
says once that no voice could start, cleanly, and keeps its transcript.

The Windows and macOS executables carry prismatoid (build/solitaire.spec), the Linux ones speak
through spd-say or espeak-ng where installed. One deal is played through with ``--speech`` and
``SOLITAIRE_SPEECH_LOG``: it must exit 0 with no traceback, the transcript must name the deal,
and the sentence saying no voice could start may be there once at most (a machine without a
screen reader or speech program, such as Wine or a CI runner, says it; one with a voice does not).
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

ARGS = ["--speech", "--variant", "bakers-game", "--deal", "5", "--autoplay", "--exit-when-done"]
NO_VOICE = "no voice could start"
"""English words of ``game.speech.sentences.no_voice_sentence`` (the run is in English)."""
DEAL = "Baker's Game, deal 5."


def check(exe: Path, cwd: Path, env: dict[str, str], encoding: str | None, timeout: float) -> list[str]:
    """Run ``exe`` with speech on; the failures (printed as ``build.py``'s smoke prints)."""
    log = cwd / "speech.log"
    log.unlink(missing_ok=True)
    started = time.perf_counter()
    try:
        proc = subprocess.run(
            [str(exe), *ARGS],
            cwd=cwd,
            env=dict(env, LANGUAGE="en", SOLITAIRE_SPEECH_LOG=str(log)),
            capture_output=True,
            text=True,
            encoding=encoding,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return [f"{exe.name} {' '.join(ARGS)}: timed out after {timeout} s"]
    said = log.read_text(encoding="utf-8").splitlines() if log.is_file() else []
    no_voice = [line for line in said if NO_VOICE in line]
    trouble = []
    if proc.returncode != 0 or "Traceback" in proc.stderr:
        trouble.append(f"exit {proc.returncode}, stderr: {proc.stderr.strip()[-500:]}")
    if not said or not said[0].startswith(DEAL):
        trouble.append(f"the transcript does not begin with {DEAL!r}: {said[:3]}")
    if len(no_voice) > 1:
        trouble.append(f"'no voice' said {len(no_voice)} times")
    voice = f"no voice, said once: {no_voice[0][:80]}" if no_voice else "a voice started"
    took = time.perf_counter() - started
    verdict = "FAIL" if trouble else "ok  "
    print(f"  {verdict} {took:5.2f}s  {' '.join(ARGS)}  ->  {len(said)} sentences; {voice}", flush=True)
    return [f"{exe.name} {' '.join(ARGS)}: {t}" for t in trouble]
