"""Runtime hook: report the first frame on stderr when ``SOLITAIRE_REPORT_FIRST_FRAME`` is set.

Only the benchmark sets the variable; without it this hook does nothing (not even import
pygame). With it, the first call of ``pygame.display.flip`` or ``pygame.display.update``
(the end of the first complete frame) writes ``solitaire: first frame`` to stderr; with the
value ``exit`` the process then ends at once (status 0), so launch timings need no kill.
``benchmarks/bundle.py`` runs ``python -m game`` through this same file for a fair comparison.
"""

import os
import sys


def _install() -> None:
    mode = os.environ.get("SOLITAIRE_REPORT_FIRST_FRAME", "")
    if not mode or mode == "0":
        return
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame.display

    done = []

    def wrap(real):  # type: ignore[no-untyped-def]
        def frame(*args, **kwargs):  # type: ignore[no-untyped-def]
            result = real(*args, **kwargs)
            if not done:
                done.append(True)
                sys.stderr.write("solitaire: first frame\n")
                sys.stderr.flush()
                if mode == "exit":
                    os._exit(0)
            return result

        return frame

    pygame.display.flip = wrap(pygame.display.flip)
    pygame.display.update = wrap(pygame.display.update)


_install()
