"""Bundle sizes and launch-to-first-frame times of the PyInstaller builds against ``python -m game``.

    python benchmarks/bundle.py [--runs N] [--variant V] [--deal N]

Build first (``python build/build.py``). Sizes: the one-folder app ``dist/solitaire/`` (all its
files), the one-file executable and, on Linux, the tarball. Launch time: from starting the
process to the end of its first complete frame (the first ``pygame.display.flip``/``update``),
reported on stderr by ``build/hooks/rthook_first_frame.py`` when ``SOLITAIRE_REPORT_FIRST_FRAME``
is set: the frozen apps run that file as a PyInstaller runtime hook, ``python -m game`` runs it
just before the game's own code, so all three are measured the same way in the same run. The
runs are interleaved (one of each, N times, after one unmeasured warm-up each) and the median
is printed, with the median CPU time (user + system, of the process and its children until
it exits; steadier than the wall time on a busy machine, and for the one-file executable it
includes removing its unpacked files after the frame), followed by the start-up cost alone
(``--version``: interpreter, bundle and the game package's import, no window). The game's
bytecode is compiled first, as a player's install has it after its first start (otherwise
``PYTHONDONTWRITEBYTECODE=1`` would make ``python -m game`` compile every changed module on
every launch). Without a display the SDL dummy video driver is used, which leaves out the
time a real window system takes to map the window. The load average is printed before and
after: the figures mean little when other work competes for the processors.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

# build/build.py, by its path: plain ``import build`` names PyPA's build package to type checkers.
_spec = importlib.util.spec_from_file_location("build", ROOT / "build" / "build.py")
assert _spec is not None and _spec.loader is not None
build = importlib.util.module_from_spec(_spec)
sys.modules["build"] = build
_spec.loader.exec_module(build)

try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]

HOOK = ROOT / "build" / "hooks" / "rthook_first_frame.py"
MARK = "solitaire: first frame"
MIB = 1024 * 1024


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far (0 where unknown)."""
    if resource is None:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_frame(cmd: list[str], env: dict[str, str], cwd: Path, timeout: float = 60.0) -> tuple[float, float]:
    """Seconds from starting ``cmd`` until it reports its first frame, and its CPU seconds."""
    cpu = children_cpu()
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    assert proc.stderr is not None
    try:
        for line in proc.stderr:
            if line.strip() == MARK:
                took = time.perf_counter() - start
                break
        else:
            raise RuntimeError(f"{cmd[0]}: ended (status {proc.wait()}) without drawing a frame")
        proc.wait(timeout=timeout)
        return took, children_cpu() - cpu
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def wall(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    """Seconds from starting ``cmd`` until it exits (status 0 required)."""
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def load() -> str:
    """The load averages (1, 5, 15 minutes), where the system has them."""
    try:
        return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "load average unknown"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=7, help="measured launches of each (default 7)")
    p.add_argument("--variant", default="kansas")
    p.add_argument("--deal", default="5")
    args = p.parse_args(argv)
    compileall.compile_dir(str(ROOT / "game"), quiet=1)
    print(f"{load()} at the start; the game's bytecode compiled ahead")

    onedir, onefile = build.onedir_exe(), build.onefile_exe()
    tarball = build.DIST / f"solitaire-{build.version()}-{build.platform_tag()}.tar.gz"
    print("bundle sizes (MiB = 2^20 bytes):")
    if onedir.exists():
        print(f"  one-folder  dist/solitaire/                 {folder_size(onedir.parent) / MIB:6.1f} MiB")
    if onefile.exists():
        print(f"  one-file    dist/{onefile.name:29} {onefile.stat().st_size / MIB:6.1f} MiB")
    if tarball.exists():
        print(f"  tarball     dist/{tarball.name:29} {tarball.stat().st_size / MIB:6.1f} MiB")

    game_args = ["--variant", args.variant, "--deal", args.deal]
    hook_then_game = (
        f"import runpy, sys; exec(compile(open({str(HOOK)!r}).read(), {str(HOOK)!r}, 'exec')); "
        f"sys.argv = ['solitaire', *{game_args!r}]; "
        "runpy.run_module('game', run_name='__main__', alter_sys=True)"
    )
    candidates = {
        "one-folder": [str(onedir), *game_args],
        "one-file": [str(onefile), *game_args],
        "python -m game": [sys.executable, "-c", hook_then_game],
    }
    candidates = {k: v for k, v in candidates.items() if k == "python -m game" or Path(v[0]).exists()}

    with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as tmp:
        cwd = Path(tmp)
        env = dict(os.environ, SOLITAIRE_REPORT_FIRST_FRAME="exit", SOLITAIRE_DATA_DIR=str(cwd / "data"))
        env["PYTHONPATH"] = str(ROOT)
        if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
            env["SDL_VIDEODRIVER"] = "dummy"
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        times: dict[str, list[float]] = {k: [] for k in candidates}
        cpu: dict[str, list[float]] = {k: [] for k in candidates}
        bare: dict[str, list[float]] = {k: [] for k in candidates}
        version_cmds = {
            k: [*cmd[:1], "--version"]
            if k != "python -m game"
            else [sys.executable, "-m", "game", "--version"]
            for k, cmd in candidates.items()
        }
        for k, cmd in candidates.items():  # warm-up: page cache, first unpack, .pyc files
            first_frame(cmd, env, cwd)
            wall(version_cmds[k], env, cwd)
        for _ in range(args.runs):
            for k, cmd in candidates.items():
                took, used = first_frame(cmd, env, cwd)
                times[k].append(took)
                cpu[k].append(used)
                bare[k].append(wall(version_cmds[k], env, cwd))

    driver = env.get("SDL_VIDEODRIVER", "default")
    print(
        f"launch to first frame, median of {args.runs} "
        f"(video driver: {driver}, {args.variant} deal {args.deal}):"
    )
    for k, ts in times.items():
        print(
            f"  {k:15} {statistics.median(ts) * 1000:6.0f} ms"
            f"   (min {min(ts) * 1000:.0f}, max {max(ts) * 1000:.0f})"
            f"   CPU {statistics.median(cpu[k]) * 1000:.0f} ms"
        )
    print(f"start-up alone: '--version' from start to exit, median of {args.runs}:")
    for k, ts in bare.items():
        print(f"  {k:15} {statistics.median(ts) * 1000:6.0f} ms")
    print(f"{load()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
