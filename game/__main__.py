"""``python -m game``: the same as the ``solitaire`` command (and the frozen app's entry point)."""

import multiprocessing
import sys

if __name__ == "__main__":
    # A frozen app re-runs itself for the solver's "spawn" worker process; this hands control
    # to multiprocessing in that child instead of starting a second game.
    multiprocessing.freeze_support()

    from game.cli import main

    sys.exit(main())
