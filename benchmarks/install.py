"""The README's play command on a fresh machine, timed: venv, ``pip install -e .``, first window.

A clean clone of a commit (``--rev``, default ``HEAD``; several may be given, measured in turn,
so a before and after share the machine's load) in a temporary folder; then, as the README
says, ``python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/solitaire``, the last
on an Xvfb display until its window is mapped (``benchmarks/launch.py``'s ``MapWatch``). pip
uses whatever index this machine is configured with and its cache as it is; the solver's
compile dominates. Then ``pip install -e .`` again in the same clone (a current build reused).

    python benchmarks/install.py [--rev 587ba57 --rev HEAD] [--display :95]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from launch import MapWatch, start_xvfb  # noqa: E402

ROOT = HERE.parent


def timed(cmd: list[str], cwd: str, env: dict[str, str]) -> float:
    start = time.monotonic()
    subprocess.run(cmd, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - start


def first_window(clone: str, env: dict[str, str], display: str, watch: MapWatch) -> float:
    watch.drain()
    start = time.monotonic()
    proc = subprocess.Popen(
        [f"{clone}/.venv/bin/solitaire", "--data-dir", f"{clone}/data"],
        cwd=clone,
        env=env | {"DISPLAY": display, "SDL_AUDIODRIVER": "dummy"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    mapped = watch.next_map(60.0)
    proc.terminate()
    proc.wait(10)
    return (mapped or float("nan")) - start


def measure(rev: str, display: str, watch: MapWatch) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SOLITAIRE_", "VIRTUAL_ENV"))}
    with tempfile.TemporaryDirectory(prefix="solitaire-install-") as tmp:
        clone = f"{tmp}/solitaire"
        subprocess.run(["git", "clone", "-q", "--no-checkout", str(ROOT), clone], check=True)
        subprocess.run(["git", "-C", clone, "checkout", "-q", rev], check=True)
        venv = timed([sys.executable, "-m", "venv", ".venv"], clone, env)
        install = timed([".venv/bin/pip", "install", "-q", "-e", "."], clone, env)
        window = first_window(clone, env, display, watch)
        again = timed([".venv/bin/pip", "install", "-q", "-e", "."], clone, env)
        total = venv + install + window
        how = subprocess.run(
            [".venv/bin/python", "-c", "from game.solver.native import describe; print(describe())"],
            cwd=clone,
            env=env,
            capture_output=True,
            text=True,
        ).stdout.strip()
        print(
            f"{rev:<10} venv {venv:5.1f} s  pip install -e . {install:6.1f} s  first window {window:5.2f} s"
            f"  total {total:6.1f} s   (pip install -e . again: {again:5.1f} s)\n           solver: {how}",
            flush=True,
        )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rev", action="append", help="commit to measure (repeatable; default HEAD)")
    p.add_argument("--display", default=":95")
    args = p.parse_args()
    print("load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f"; {os.cpu_count()} CPUs")
    xvfb = start_xvfb(args.display)
    try:
        watch = MapWatch(args.display)
        for rev in args.rev or ["HEAD"]:
            measure(rev, args.display, watch)
    finally:
        xvfb.terminate()
        xvfb.wait(10)
    print("load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + "   target: total <= 45 s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
