"""What the player sees: layout (pile rectangles from the window size), card art, the
renderer and the animations. pygame lives here and in ``controls``, ``scenes`` and ``app``.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
