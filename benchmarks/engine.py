"""Engine speed: legal-move generations and play+undo pairs per second, per variant.

Random legal play from numbered deals (same seeds every run). "Fresh" generations are on
positions never seen before (the per-position cache is cleared first); "cached" repeats a
position's generation, which is what the cache makes cheap. Prints medians of several runs.

    python benchmarks/engine.py [--runs 5] [--actions 2000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import game
from game.engine.state import State


def collect_states(key: str, actions: int, seed: int) -> list[State]:
    """States met in random legal play from deal ``seed``, restarting when stuck or won."""
    rng = random.Random(seed)
    g = game.new_game(key, deal=seed)
    states: list[State] = []
    deal = seed
    while len(states) < actions:
        moves = g.legal_moves()
        if not moves or g.is_won():
            deal += 1
            g = game.new_game(key, deal=deal)
            continue
        g.play(rng.choice(moves))
        states.append(g.state)
    return states


def fresh_generation_rate(key: str, states: list[State]) -> float:
    """Legal-move generations per second on positions whose cache is empty."""
    v = game.VARIANTS[key].instance()
    copies = [State(s.piles, s.hidden, s.base_rank, s.redeals_left) for s in states]
    start = time.perf_counter()
    for s in copies:
        v.legal(s)
    return len(copies) / (time.perf_counter() - start)


def play_undo_rate(key: str, actions: int, seed: int) -> float:
    """Play+undo pairs per second: at each position play a random legal move, undo it, then
    play one to go on."""
    rng = random.Random(seed)
    g = game.new_game(key, deal=seed)
    pairs = 0
    elapsed = 0.0
    deal = seed
    while pairs < actions:
        moves = g.legal_moves()
        if not moves or g.is_won():
            deal += 1
            g = game.new_game(key, deal=deal)
            continue
        move = rng.choice(moves)
        t0 = time.perf_counter()
        g.play(move)
        g.undo()
        elapsed += time.perf_counter() - t0
        pairs += 1
        g.play(rng.choice(moves))
    return pairs / elapsed


def main() -> None:
    """Print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--actions", type=int, default=2000)
    args = ap.parse_args()
    print(f"{'variant':<12} {'gen/s fresh':>12} {'play+undo/s':>12}   (median of {args.runs} runs)")
    for key in game.VARIANTS:
        gens, pairs = [], []
        for run in range(args.runs):
            states = collect_states(key, args.actions, 1000 + run)
            gens.append(fresh_generation_rate(key, states))
            pairs.append(play_undo_rate(key, args.actions, 2000 + run))
        print(f"{key:<12} {statistics.median(gens):>12,.0f} {statistics.median(pairs):>12,.0f}")


if __name__ == "__main__":
    main()
