"""Store speed: the time one save takes after a player action, and the time a resume takes.

Random legal play (with undo and redo) from numbered deals of every variant, saving after
each action into a fresh database in a temporary folder (or ``--data-dir``), as the table
does. Prints the median and 95th percentile of one ``save_game`` for each ``synchronous``
level (FULL is what the game uses), then the time to ``load_game`` (open + replay) a game of
``--actions`` actions.

    python benchmarks/store.py [--actions 300] [--games 5] [--data-dir DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

import game
from game.play import Game
from game.store import Store


def play_one(g: Game, rng: random.Random) -> bool:
    """One random player action (a move with its automatic moves, or undo, or redo)."""
    r = rng.random()
    if r < 0.08 and g.can_undo():
        g.undo()
    elif r < 0.12 and g.can_redo():
        g.redo()
    else:
        moves = g.legal_moves()
        if not moves or g.is_won():
            return False
        g.play(rng.choice(moves))
        g.play_auto_moves()
    return True


def save_times(folder: Path, synchronous: str, actions: int, games: int) -> list[float]:
    """Seconds per ``save_game`` over ``games`` games per variant of up to ``actions`` actions."""
    times: list[float] = []
    with Store.open(folder, synchronous=synchronous) as store:
        for key in game.VARIANTS:
            for deal in range(1, games + 1):
                rng = random.Random(deal)
                g = game.new_game(key, deal=deal)
                store.start_game(g)
                for i in range(actions):
                    if not play_one(g, rng):
                        break
                    start = time.perf_counter()
                    store.save_game(g, float(i))
                    times.append(time.perf_counter() - start)
    return times


def load_time(folder: Path, actions: int, repeats: int = 20) -> tuple[float, int]:
    """Median seconds to open the store and resume a game of ``actions`` actions or more."""
    rng = random.Random(7)
    g = game.new_game("kansas", deal=7)
    with Store.open(folder) as store:
        store.start_game(g)
        for i in range(actions):
            while not play_one(g, rng):  # stuck: back up a little and try other moves
                g.undo()
            store.save_game(g, float(i))
    made = len(g.history) + len(g.redo_history)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        with Store.open(folder) as store:
            saved = store.load_game("kansas")
        times.append(time.perf_counter() - start)
        assert saved is not None and saved.game.text() == g.text()
    return statistics.median(times), made


def ms(seconds: float) -> str:
    """Milliseconds, three decimals."""
    return f"{seconds * 1000:.3f} ms"


def main() -> None:
    """Print the figures."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--actions", type=int, default=300, help="actions per game at most")
    p.add_argument("--games", type=int, default=5, help="games per variant")
    p.add_argument("--data-dir", help="where to put the database (default: a temporary folder)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="store-bench-", dir=args.data_dir) as tmp:
        for level in ("FULL", "NORMAL"):
            times = save_times(Path(tmp) / level, level, args.actions, args.games)
            q95 = statistics.quantiles(times, n=20)[-1]
            print(
                f"save_game, synchronous={level}: median {ms(statistics.median(times))}, "
                f"95th percentile {ms(q95)}, over {len(times)} saves"
            )
        seconds, made = load_time(Path(tmp) / "load", args.actions)
        print(f"open + load_game of a {made}-action game: median {ms(seconds)}")


if __name__ == "__main__":
    main()
