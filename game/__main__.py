"""``python -m game``: the same as the ``solitaire`` command (and the frozen app's entry point)."""

import sys

if __name__ == "__main__":
    # A frozen app re-runs itself for the solver's "spawn" worker process (and its resource
    # tracker): freeze_support hands control to multiprocessing in such a child instead of
    # starting a second game. Other launches skip importing multiprocessing (~10 ms).
    if getattr(sys, "frozen", False) and (
        sys.argv[1:2] == ["--multiprocessing-fork"] or "-c" in sys.argv[1:]
    ):
        import multiprocessing

        multiprocessing.freeze_support()

    from game.cli import main

    sys.exit(main())
