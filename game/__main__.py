"""``python -m game``: the same as the ``solitaire`` command."""

import sys

from game.cli import main

sys.exit(main())
