"""``python -m game.winnable_table generate|check``: make or check the shipped table of
proven-winnable deals (the table is read by ``game.store.winnable``; the generator, which runs
the solver, is ``game.winnable_generate``)."""

from __future__ import annotations

import sys

from game.winnable_generate import main

if __name__ == "__main__":
    sys.exit(main())
