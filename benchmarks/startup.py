"""Start-up: launch to the first table frame, beside a bare pygame-ce window; idle memory.

Runs ``python -m game --variant kansas --deal 1 --window 1280x720`` as a subprocess through a
small launcher (``HARNESS`` below) that wraps ``App._draw`` and, when the first frame with the
table in front has been presented, notes the time (``time.monotonic`` is system-wide, so it
compares with the parent's launch time), the process's VmRSS, and later the time the deal
animation has settled; then it times full table frames (draw + flip) and quits. A bare
window (``display.init``, ``set_mode``, ``fill``, ``flip``) is launched the same way. Medians
of several runs, with the dummy driver and, when ``Xvfb`` is installed, under Xvfb with
``SDL_FRAMEBUFFER_ACCELERATION`` unset and ``0``. Prints figures beside the targets; nothing
is asserted.

Then the idle memory: the game at 1280x720, 1536x864, 1920x1080 and 3840x2160 (dummy driver),
its VmRSS 7 s after launch, asleep with the table still (the layer is parked 2 s after the last
input), fresh and after one move (``--memory-only`` for just that).

    python benchmarks/startup.py [--runs 7] [--no-xvfb] [--memory-only] [--memory-runs 3]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import xvfb

ROOT = Path(__file__).resolve().parent.parent
GAME_ARGS = ["--variant", "kansas", "--deal", "1", "--window", "1280x720"]
DISPLAY = ":97"
FULL_FRAMES = 30

HARNESS = r"""
import json, os, runpy, sys, time
T_START = time.monotonic()
import game.app as ga
T_IMPORTED = time.monotonic()
marks = {"start": T_START, "imported": T_IMPORTED}

def rss_mib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")

init = ga.App.__init__
def timed_init(self, *a, **k):
    marks["init_start"] = time.monotonic()
    init(self, *a, **k)
    marks["init_end"] = time.monotonic()
ga.App.__init__ = timed_init

draw = ga.App._draw
flips = [0]
flip, update = ga.pygame.display.flip, ga.pygame.display.update
def counted_flip():
    flips[0] += 1
    flip()
def counted_update(*a):
    flips[0] += 1
    update(*a)
ga.pygame.display.flip, ga.pygame.display.update = counted_flip, counted_update

def full_frames(app, n):
    pg = ga.pygame
    out, bare = [], []
    for _ in range(n):
        t = time.perf_counter()
        app.top.draw(app.surface)
        flip()
        out.append((time.perf_counter() - t) * 1000)
    for _ in range(n):
        t = time.perf_counter()
        app.surface.fill((38, 116, 70))
        flip()
        bare.append((time.perf_counter() - t) * 1000)
    return out, bare

def watched_draw(self, damage):
    before = flips[0]
    draw(self, damage)
    if flips[0] == before or not isinstance(self.top, ga.TableScene):
        return
    now = time.monotonic()
    if "first_table" not in marks:
        marks["first_table"] = now
        marks["rss_first"] = rss_mib()
        marks["busy_at_first"] = self.top.busy()
    if not self.top.busy() and "settled" not in marks:
        marks["settled"] = now
        marks["rss_settled"] = rss_mib()
        marks["frames"], marks["fill_flip"] = full_frames(self, int(os.environ["BENCH_FRAMES"]))
        marks["driver"] = ga.pygame.display.get_driver()
        marks["size"] = list(self.surface.get_size())
        print("BENCH " + json.dumps(marks), flush=True)
        self.quit()
ga.App._draw = watched_draw

sys.argv = ["game", *sys.argv[1:]]
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""

BARE = r"""
import os, time, json
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.display.init()
surface = pygame.display.set_mode((1280, 720))
surface.fill((38, 116, 70))
pygame.display.flip()
shown = time.monotonic()
frames = []
for _ in range(int(os.environ["BENCH_FRAMES"])):
    t = time.perf_counter()
    surface.fill((38, 116, 70))
    pygame.display.flip()
    frames.append((time.perf_counter() - t) * 1000)
marks = {"first_table": shown, "fill_flip": frames, "driver": pygame.display.get_driver()}
print("BENCH " + json.dumps(marks))
pygame.quit()
"""


IDLE_HARNESS = r"""
import json, os, runpy, sys, time
T_START = time.monotonic()
import game.app as ga

def status():
    out = {}
    with open("/proc/self/status") as f:
        for line in f:
            key = line.split(":")[0]
            if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
                out[key] = int(line.split()[1]) / 1024
    return out

def pixels(surface):
    return surface.get_height() * surface.get_pitch() / 2**20 if surface is not None else 0.0

wait = ga.App._wait
move_at = float(os.environ.get("BENCH_MOVE_AT") or "inf")
ticking = False
def measured_wait(self):
    global move_at, ticking
    if not ticking:  # the idle loop sleeps until an event: wake it to look at the time
        ticking = True
        ga.pygame.time.set_timer(ga.pygame.event.custom_type(), 250)
    if time.monotonic() - T_START >= move_at:  # D: deal from the stock, as a player would
        move_at = float("inf")
        pg = ga.pygame
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_d, mod=0, unicode="d", scancode=0))
        return None
    if time.monotonic() - T_START >= float(os.environ["BENCH_IDLE_AT"]):
        r = self.renderer
        marks = status()
        marks["window"] = pixels(self.surface)
        layer = r._layers.surface
        marks["layer"] = pixels(layer) if layer is not None else 0.0
        marks["parked"] = getattr(r, "parked", False)
        marks["cards"] = sum(pixels(s) for s, _ in self.art._cache.values())
        marks["card_images"] = len(self.art._cache)
        marks["modules"] = len(sys.modules)
        marks["size"] = list(self.surface.get_size())
        print("BENCH " + json.dumps(marks), flush=True)
        self.quit()
        return None
    return wait(self)
ga.App._wait = measured_wait

sys.argv = ["game", *sys.argv[1:]]
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""
"""Runs the game until it has been idle (asleep in ``App._wait``) ``BENCH_IDLE_AT`` seconds
after the start, then reports its memory: VmRSS and its parts, and the big surfaces. With
``BENCH_MOVE_AT``, the D key (deal from the stock) is pressed at the first wait after that time."""

IDLE_SIZES = ("1280x720", "1536x864", "1920x1080", "3840x2160")
IDLE_AT = 7.0
MOVE_AT = 2.0


def idle_memory(runs: int, home: str) -> None:
    """Print the resident memory of an idle table at each of ``IDLE_SIZES`` (medians of ``runs``)."""
    env = environment("dummy", None, home) | {"BENCH_IDLE_AT": str(IDLE_AT)}
    print(
        f"\nIdle memory, dummy driver, kansas deal 5, {IDLE_AT:.0f} s after launch (MiB; median of {runs};"
        f" {load_average()}); 'moved': D (deal from the stock) pressed {MOVE_AT:.0f} s after launch"
    )
    print(
        f"{'window':<11}{'':<7}{'VmRSS':>7}{'anon':>7}{'file':>7}   {'window px':>9}{'layer px':>9}"
        f"{'cards px':>9}{'modules':>8}   target VmRSS <= 55"
    )
    for size in IDLE_SIZES:
        args = ["--variant", "kansas", "--deal", "5", "--window", size]
        for label, extra in (("fresh", {}), ("moved", {"BENCH_MOVE_AT": str(MOVE_AT)})):
            got = [launch(IDLE_HARNESS, env | extra, args) for _ in range(runs)]
            parked = "parked" if all(g.get("parked") for g in got) else "kept"
            print(
                f"{size:<11}{label:<7}{med(got, 'VmRSS'):7.1f}{med(got, 'RssAnon'):7.1f}"
                f"{med(got, 'RssFile'):7.1f}   {med(got, 'window'):9.1f}{med(got, 'layer'):9.1f}"
                f"{med(got, 'cards'):9.1f}{med(got, 'modules'):8.0f}   layer {parked}"
            )
    print("  anon = private memory (Python's heap, surfaces, SDL); file = mapped libraries (shared);")
    print(
        "  'px' = pixel memory of the window surface, the table layer (0 while parked) and the card images."
    )


def load_average() -> str:
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def launch(code: str, env: dict[str, str], args: list[str]) -> dict[str, object]:
    """Run ``code`` in a fresh interpreter; its BENCH line, with times made relative to launch."""
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    end = time.monotonic()
    line = next((x for x in proc.stdout.splitlines() if x.startswith("BENCH ")), None)
    if line is None:
        raise RuntimeError(f"no figures from the child (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
    marks: dict[str, Any] = json.loads(line[6:])
    for key in ("start", "imported", "init_start", "init_end", "first_table", "settled"):
        if key in marks:
            marks[key] = (marks[key] - start) * 1000
    marks["exit"] = (end - start) * 1000
    return marks


def environment(driver: str, accel: str | None, home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        BENCH_FRAMES=str(FULL_FRAMES),
        SOLITAIRE_DATA_DIR=f"{home}/solitaire",
        HOME=home,
        XDG_DATA_HOME=f"{home}/data",
        XDG_CONFIG_HOME=f"{home}/config",
        XDG_STATE_HOME=f"{home}/state",
        XDG_CACHE_HOME=f"{home}/cache",
    )
    env.pop("SOLITAIRE_SPEED", None)
    env.pop("SDL_FRAMEBUFFER_ACCELERATION", None)
    if driver == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
        env.pop("DISPLAY", None)
    else:
        env["SDL_VIDEODRIVER"] = "x11"
        env["DISPLAY"] = DISPLAY
    if accel is not None:
        env["SDL_FRAMEBUFFER_ACCELERATION"] = accel
    return env


def med(runs: list[dict[str, object]], key: str) -> float:
    values = [float(r[key]) for r in runs if key in r]  # type: ignore[arg-type]
    return statistics.median(values) if values else float("nan")


def med_frames(runs: list[dict[str, object]], key: str) -> tuple[float, float]:
    """Median over runs of each run's median and p95 frame time."""
    p50s, p95s = [], []
    for r in runs:
        v = r.get(key)
        if isinstance(v, list) and len(v) > 1:
            p50s.append(statistics.median(v))
            p95s.append(statistics.quantiles(v, n=20, method="inclusive")[18])
    if not p50s:
        return float("nan"), float("nan")
    return statistics.median(p50s), statistics.median(p95s)


def start_xvfb() -> subprocess.Popen[bytes] | None:
    """Xvfb on ``DISPLAY``, or None where it cannot run."""
    return xvfb.start_xvfb(DISPLAY)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--no-xvfb", action="store_true")
    p.add_argument("--memory-only", action="store_true", help="only the idle memory at several window sizes")
    p.add_argument("--memory-runs", type=int, default=3)
    p.add_argument(
        "--no-precompile", action="store_true", help="leave bytecode as it is (see the note printed)"
    )
    args = p.parse_args()
    if not args.no_precompile:
        # A player's install caches bytecode after the first start; this machine sets
        # PYTHONDONTWRITEBYTECODE=1, which would make every start compile every module again.
        compileall.compile_dir(str(Path(__file__).resolve().parent.parent / "game"), quiet=1)
        print("bytecode compiled ahead, as a player's install has it after its first start")
    if args.memory_only:
        with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as home:
            idle_memory(args.memory_runs, home)
        return 0
    print(load_average())
    xvfb = None if args.no_xvfb else start_xvfb()
    configs: list[tuple[str, str, str | None, dict[str, str]]] = [
        ("dummy", "dummy", None, {}),
        ("dummy, SOLITAIRE_SPEED=off", "dummy", None, {"SOLITAIRE_SPEED": "off"}),
    ]
    if xvfb is not None:
        configs += [
            ("Xvfb, FB_ACCELERATION unset", "x11", None, {}),
            ("Xvfb, FB_ACCELERATION=0", "x11", "0", {}),
        ]
    results = []
    try:
        with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as home:
            for name, driver, accel, extra in configs:
                env = environment(driver, accel, home) | extra
                game_runs, bare_runs = [], []
                launch(HARNESS, env, GAME_ARGS)  # warm the file cache and bytecode
                for _ in range(args.runs):  # interleaved, so drift hits both alike
                    bare_runs.append(launch(BARE, env, []))
                    game_runs.append(launch(HARNESS, env, GAME_ARGS))
                results.append((name, game_runs, bare_runs))
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)

    print(
        f"Python {sys.version.split()[0]}, {args.runs} runs each (medians), window 1280x720, "
        f"{os.cpu_count()} CPUs"
    )
    if xvfb is None and not args.no_xvfb:
        print("Xvfb not found: dummy driver only (apt-get install -y xvfb)")
    print(
        "\nLaunch to ... (ms)                 bare  | game: python up  imported  App()  1st table"
        "  settled  exit"
    )
    for name, game_runs, bare_runs in results:
        print(
            f"{name:<32}{med(bare_runs, 'first_table'):7.0f}  |{med(game_runs, 'start'):16.0f}"
            f"{med(game_runs, 'imported'):10.0f}{med(game_runs, 'init_end'):7.0f}"
            f"{med(game_runs, 'first_table'):11.0f}{med(game_runs, 'settled'):9.0f}"
            f"{med(game_runs, 'exit'):6.0f}"
        )
    print("  targets: first table frame < 300 ms from source (bare window ~105 ms here; AisleRiot ~126 ms)")
    print("  'bare' = a bare pygame-ce window's first flip; 'python up' = the launcher's first line runs;")
    print("  'imported' = game.app (and pygame) imported; 'App()' = App.__init__ done (window open, store")
    print("  opened, 52 faces + back rendered); '1st table' = the first")
    print("  table frame presented (with normal speed the deal animation starts there: cards in flight);")
    print("  'settled' = first frame with every card at rest (includes the deal animation's length).")

    print(
        "\nFull frame, 1280x720 (ms)          table draw+flip p50/p95     fill+flip p50/p95"
        "   bare fill+flip p50"
    )
    for name, game_runs, bare_runs in results:
        f50, f95 = med_frames(game_runs, "frames")
        b50, b95 = med_frames(game_runs, "fill_flip")
        w50, _ = med_frames(bare_runs, "fill_flip")
        print(f"{name:<32}{f50:13.2f}{f95:8.2f}{b50:17.2f}{b95:7.2f}{w50:14.2f}")

    print("\nIdle memory (VmRSS MiB)           at first table frame   after the deal settled   target <= 55")
    for name, game_runs, _ in results:
        print(f"{name:<32}{med(game_runs, 'rss_first'):16.1f}{med(game_runs, 'rss_settled'):22.1f}")
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as home:
        idle_memory(args.memory_runs, home)
    print(load_average())
    return 0


if __name__ == "__main__":
    sys.exit(main())
