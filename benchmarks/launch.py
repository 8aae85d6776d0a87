"""Launch to window, against GNOME AisleRiot on the same X display; CPU at rest.

On one Xvfb display (no window manager), the game (``python -m game --variant bakers-game
--deal 1 --window 1280x720``, through a small launcher that marks its first complete table
frame) and, when ``sol`` is installed, AisleRiot (``sol --variation bakers_game``) are launched
in turn, interleaved, ``--runs`` times each. An X client in this process listens to the root
window's ``MapNotify`` events, so both programs' "launch -> window mapped" is timed the same
way, from the same clock (``time.monotonic``, taken just before each launch). Printed: the
medians, AisleRiot's over the game's and the game's first complete table frame against 1.5x
AisleRiot's time to map.

Then the CPU at rest: each program is launched once more and left alone; the game has made a
move first, so its clock runs and the status line changes every second. Once it has been at
rest ``SETTLE`` seconds, its CPU time (``/proc/PID/stat``, user + system, threads included) over
``--rest`` seconds, as a percentage of one core; and the same for the game with its clock
paused (the menu in front) and for AisleRiot at rest. Nothing is asserted.

    python benchmarks/launch.py [--runs 7] [--rest 20] [--display :96]
"""

from __future__ import annotations

import argparse
import compileall
import ctypes
import ctypes.util
import json
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import xvfb

ROOT = Path(__file__).resolve().parent.parent
GAME_ARGS = ["--variant", "bakers-game", "--deal", "1", "--window", "1280x720"]
SOL_ARGS = ["--variation", "bakers_game"]
SETTLE = 11.0
"""Seconds a program is left after its window maps (and the game after its move) before its
CPU at rest is measured: the game closes its sound device 10 s after the last input
(``game.app.SOUND_REST_AFTER``)."""

HARNESS = r"""
import importlib.machinery, json, os, runpy, sys, time

marks = {}
flips = [0]

class Watch:
    # Wraps game.app once the game imports it (the game's own import order is kept: its
    # window opens before game.app is imported).
    def find_spec(self, name, path=None, target=None):
        if name != "game.app":
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        exec_module = spec.loader.exec_module
        def wrapped(module):
            exec_module(module)
            wrap(module)
        spec.loader.exec_module = wrapped
        return spec
sys.meta_path.insert(0, Watch())

def wrap(ga):
    global draw, flip, update
    draw = ga.App._draw
    flip, update = ga.pygame.display.flip, ga.pygame.display.update
    ga.pygame.display.flip, ga.pygame.display.update = counted_flip, counted_update
    ga.App._draw = watched_draw
    globals()["ga"] = ga

def counted_flip():
    flips[0] += 1
    flip()
def counted_update(*a):
    flips[0] += 1
    update(*a)

def report(**given):
    marks.update(given)
    print("BENCH " + json.dumps(marks), flush=True)

def watched_draw(self, damage):
    before = flips[0]
    draw(self, damage)
    if flips[0] == before or not isinstance(self.top, ga.TableScene):
        return
    if "first_table" not in marks:
        marks["first_table"] = time.monotonic()
    if self.top.busy() or "settled" in marks:
        return
    marks["settled"] = time.monotonic()
    mode = os.environ["BENCH_MODE"]
    if mode == "launch":
        report()
        self.quit()
        return
    table = self.top
    table.play(table.g.legal_moves()[0])  # the clock starts with the first move
    if mode == "paused":
        from game.scenes.menu import MenuScene
        self.push(MenuScene(self))
    report(clock=getattr(table, "clock_running", lambda: None)())

sys.argv = ["game", *sys.argv[1:]]
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


class XEvent(ctypes.Union):
    """Xlib's ``XEvent``, read as its ``XMapEvent`` member (24 longs in all)."""

    class Map(ctypes.Structure):
        _fields_ = (
            ("type", ctypes.c_int),
            ("serial", ctypes.c_ulong),
            ("send_event", ctypes.c_int),
            ("display", ctypes.c_void_p),
            ("event", ctypes.c_ulong),
            ("window", ctypes.c_ulong),
            ("override_redirect", ctypes.c_int),
        )

    _fields_ = (("map", Map), ("pad", ctypes.c_long * 24))


MAP_NOTIFY = 19
ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
MIN_SIDE = 200
"""A window mapped with a side shorter than this is not the program's main window."""
SUBSTRUCTURE_NOTIFY_MASK = 1 << 19


class MapWatch:
    """An X client that notes when top-level windows are mapped on ``display``."""

    def __init__(self, display: str) -> None:
        name = ctypes.util.find_library("X11")
        if name is None:
            raise RuntimeError("libX11 not found")
        self.x = ctypes.CDLL(name)
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
        self.x.XPending.argtypes = [ctypes.c_void_p]
        self.x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(XEvent)]
        self.x.XConnectionNumber.argtypes = [ctypes.c_void_p]
        self.x.XFlush.argtypes = [ctypes.c_void_p]
        self.x.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong, *[ctypes.c_void_p] * 7]
        self._on_error = ERROR_HANDLER(lambda dpy, error: 0)  # a window gone before it was asked about
        self.x.XSetErrorHandler(self._on_error)
        self.dpy = self.x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise RuntimeError(f"cannot open X display {display}")
        self.x.XSelectInput(self.dpy, self.x.XDefaultRootWindow(self.dpy), SUBSTRUCTURE_NOTIFY_MASK)
        self.x.XFlush(self.dpy)
        self.fd = self.x.XConnectionNumber(self.dpy)

    def drain(self) -> None:
        """Forget the maps seen so far."""
        self.next_map(0.0)
        while self.next_map(0.0) is not None:
            pass

    def next_map(self, timeout: float) -> float | None:
        """The time (``time.monotonic``) the next top-level window is mapped, waiting up to
        ``timeout`` seconds; None if none is."""
        deadline = time.monotonic() + timeout
        event = XEvent()
        while True:
            while self.x.XPending(self.dpy):
                self.x.XNextEvent(self.dpy, ctypes.byref(event))
                if event.map.type == MAP_NOTIFY and not event.map.override_redirect:
                    seen = time.monotonic()
                    if min(self.size(event.map.window)) >= MIN_SIDE:
                        return seen
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            select.select([self.fd], [], [], left)

    def size(self, window: int) -> tuple[int, int]:
        """``window``'s width and height (0, 0 if it has gone)."""
        root, x, y, width, height, border, depth = (ctypes.c_uint() for _ in range(7))
        refs = (ctypes.byref(v) for v in (root, x, y, width, height, border, depth))
        if not self.x.XGetGeometry(self.dpy, window, *refs):
            return 0, 0
        return width.value, height.value


def start_xvfb(display: str) -> subprocess.Popen[bytes]:
    """Xvfb on ``display``, or RuntimeError."""
    proc = xvfb.start_xvfb(display)
    if proc is None:
        raise RuntimeError(f"Xvfb {display} did not start")
    return proc


def environment(display: str, home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DISPLAY=display,
        SDL_VIDEODRIVER="x11",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        HOME=home,
        XDG_DATA_HOME=f"{home}/data",
        XDG_CONFIG_HOME=f"{home}/config",
        XDG_STATE_HOME=f"{home}/state",
        XDG_CACHE_HOME=f"{home}/cache",
        XDG_RUNTIME_DIR=f"{home}/run",
        NO_AT_BRIDGE="1",
        LANG="C.UTF-8",  # AisleRiot refuses to start in a locale that is not UTF-8
    )
    env.pop("LC_ALL", None)
    for name in ("SOLITAIRE_SPEED", "SDL_FRAMEBUFFER_ACCELERATION", "SOLITAIRE_DATA_DIR"):
        env.pop(name, None)
    return env


def launch_game(
    watch: MapWatch, env: dict[str, str], data: str, mode: str
) -> tuple[subprocess.Popen[str], float]:
    watch.drain()
    start = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-c", HARNESS, *GAME_ARGS, "--data-dir", data],
        env=env | {"BENCH_MODE": mode},
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return proc, start


def game_launch(watch: MapWatch, env: dict[str, str], data: str) -> dict[str, float]:
    """Times (ms from launch) to the window's map and the first complete table frame."""
    shutil.rmtree(data, ignore_errors=True)
    proc, start = launch_game(watch, env, data, "launch")
    mapped = watch.next_map(30.0)
    out, err = proc.communicate(timeout=60)
    marks = bench_line(out, err)
    return {
        "mapped": ((mapped or float("nan")) - start) * 1000,
        "first_table": (marks["first_table"] - start) * 1000,
        "settled": (marks["settled"] - start) * 1000,
    }


def bench_line(out: str, err: str) -> dict[str, float]:
    line = next((x for x in out.splitlines() if x.startswith("BENCH ")), None)
    if line is None:
        raise RuntimeError(f"no figures from the game:\n{err[-2000:]}")
    return json.loads(line[6:])  # type: ignore[no-any-return]


def sol_launch(watch: MapWatch, sol: str, env: dict[str, str]) -> float:
    """Milliseconds from launch to AisleRiot's window being mapped (it is then closed)."""
    watch.drain()
    start = time.monotonic()
    proc = subprocess.Popen([sol, *SOL_ARGS], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    mapped = watch.next_map(30.0)
    if proc.poll() is not None:
        raise RuntimeError(f"AisleRiot exited (status {proc.returncode}): {proc.communicate()[1][-500:]!r}")
    stop(proc)
    return ((mapped or float("nan")) - start) * 1000


def stop(proc: subprocess.Popen[str] | subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (all its threads), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def at_rest(pid: int, seconds: float) -> float:
    """Percent of one core process ``pid`` used over ``seconds`` of wall time."""
    before, t = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return (cpu_seconds(pid) - before) / (time.monotonic() - t) * 100


def game_rest(
    watch: MapWatch, env: dict[str, str], data: str, mode: str, seconds: float
) -> tuple[float, bool]:
    """The game's CPU at rest (percent of a core) after a move, clock running or paused."""
    shutil.rmtree(data, ignore_errors=True)
    proc, _ = launch_game(watch, env, data, mode)
    try:
        assert proc.stdout is not None
        line = ""
        while not line.startswith("BENCH "):
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError(
                    f"no figures from the game:\n{proc.stderr.read()[-2000:] if proc.stderr else ''}"
                )
        clock = bool(json.loads(line[6:]).get("clock"))
        time.sleep(SETTLE)
        return at_rest(proc.pid, seconds), clock
    finally:
        stop(proc)


def sol_rest(watch: MapWatch, sol: str, env: dict[str, str], seconds: float) -> float:
    watch.drain()
    proc = subprocess.Popen([sol, *SOL_ARGS], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        watch.next_map(30.0)
        time.sleep(SETTLE)
        return at_rest(proc.pid, seconds)
    finally:
        stop(proc)


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def find_sol() -> str | None:
    return shutil.which("sol") or next((p for p in ("/usr/games/sol",) if os.access(p, os.X_OK)), None)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--rest", type=float, default=20.0, help="seconds of CPU measured at rest")
    p.add_argument("--display", default=":96")
    args = p.parse_args()
    if shutil.which("Xvfb") is None:
        print("Xvfb is not installed (apt-get install -y xvfb): nothing measured")
        return 1
    compileall.compile_dir(str(ROOT / "game"), quiet=1)  # as a player's install has it after one start
    sol = find_sol()
    python = sys.version.split()[0]
    print(f"{load()}; Python {python}; {os.cpu_count()} CPUs; Xvfb {args.display}, no window manager")
    if sol is None:
        print("AisleRiot (sol) not installed: the game alone (apt-get install -y aisleriot)")
    xvfb = start_xvfb(args.display)
    try:
        with tempfile.TemporaryDirectory(prefix="solitaire-launch-") as home:
            os.makedirs(f"{home}/run", mode=0o700)
            env, data = environment(args.display, home), f"{home}/solitaire"
            watch = MapWatch(args.display)
            game_launch(watch, env, data)  # warm the file cache, both
            if sol:
                sol_launch(watch, sol, env)
            games, sols = [], []
            for _ in range(args.runs):
                games.append(game_launch(watch, env, data))
                if sol:
                    sols.append(sol_launch(watch, sol, env))
            report_launch(games, sols, args.runs)
            report_rest(watch, env, data, sol, args.rest)
    finally:
        xvfb.terminate()
        xvfb.wait(10)
    print(load())
    return 0


def report_rest(watch: MapWatch, env: dict[str, str], data: str, sol: str | None, seconds: float) -> None:
    print(f"\nCPU at rest over {seconds:.0f} s ({SETTLE:.0f} s after the last change), % of one core:")
    running, clock = game_rest(watch, env, data, "running", seconds)
    state = "running" if clock else "NOT running"
    print(f"  game, a move made, clock {state}:     {running:5.2f} %   (target <= 0.5 %)")
    paused, clock = game_rest(watch, env, data, "paused", seconds)
    print(f"  game, menu in front, clock {'running' if clock else 'paused'}:   {paused:5.2f} %")
    if sol:
        print(f"  AisleRiot, at rest after launch:             {sol_rest(watch, sol, env, seconds):5.2f} %")


def report_launch(games: list[dict[str, float]], sols: list[float], runs: int) -> None:
    mapped = statistics.median(g["mapped"] for g in games)
    first = statistics.median(g["first_table"] for g in games)
    settled = statistics.median(g["settled"] for g in games)
    print(f"\nLaunch to ... (ms, median of {runs}, interleaved)", end="")
    print("   window mapped   first table frame   deal settled")
    print(f"  game (bakers-game deal 1, 1280x720)     {mapped:13.0f}{first:20.0f}{settled:15.0f}")
    print("    runs, mapped: " + " ".join(f"{g['mapped']:.0f}" for g in games))
    if not sols:
        return
    sol = statistics.median(sols)
    print(f"  AisleRiot (sol --variation bakers_game) {sol:13.0f}")
    print("    runs, mapped: " + " ".join(f"{s:.0f}" for s in sols))
    print(f"  game / AisleRiot, window mapped:      {mapped / sol:5.2f}   (target <= 1.00)")
    print(f"  game first table frame / AisleRiot mapped: {first / sol:5.2f}   (target <= 1.50)")
    # On a shared machine a launch can be slowed by others' work: each game launch against the
    # AisleRiot launch right after it, and the quickest of each, are steadier than the medians.
    pairs = statistics.median(g["mapped"] / s for g, s in zip(games, sols, strict=True))
    firsts = statistics.median(g["first_table"] / s for g, s in zip(games, sols, strict=True))
    print(f"  median of the launch-by-launch ratios: mapped {pairs:.2f}, first table frame {firsts:.2f}")
    best_game, best_first = (min(g[k] for g in games) for k in ("mapped", "first_table"))
    best_sol = min(sols)
    print(
        f"  quickest of each: game mapped {best_game:.0f}, first table frame {best_first:.0f}, AisleRiot"
        f" mapped {best_sol:.0f} (ratios {best_game / best_sol:.2f}, {best_first / best_sol:.2f})"
    )


if __name__ == "__main__":
    sys.exit(main())
