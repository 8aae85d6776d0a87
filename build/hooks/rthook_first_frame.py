"""Runtime hook: report the first frame on stderr when ``SOLITAIRE_REPORT_FIRST_FRAME`` is set.

Only the benchmark sets the variable; without it this hook does nothing. With it, the first
call of ``pygame.display.flip`` or ``pygame.display.update`` (the end of the first complete
frame) writes ``solitaire: first frame`` to stderr; with the value ``exit`` the process then
ends at once (status 0), so launch timings need no kill. The hook imports nothing of pygame
itself: it waits for the game to import ``pygame.display`` (a finder on ``sys.meta_path``) and
wraps the two functions then, so the game imports pygame its own way, as it does unmeasured.
``benchmarks/bundle.py`` runs ``python -m game`` through this same file for a fair comparison.
"""

import os
import sys

WATCHED = "pygame.display"


def _wrap_display(display, mode):  # type: ignore[no-untyped-def]
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

    display.flip = wrap(display.flip)
    display.update = wrap(display.update)


class _Loader:
    """Loads ``pygame.display`` with the real loader, then wraps its flip and update."""

    def __init__(self, inner, mode):  # type: ignore[no-untyped-def]
        self.inner, self.mode = inner, mode

    def create_module(self, spec):  # type: ignore[no-untyped-def]
        return self.inner.create_module(spec)

    def exec_module(self, module):  # type: ignore[no-untyped-def]
        self.inner.exec_module(module)
        _wrap_display(module, self.mode)


class _Watch:
    """A finder that finds nothing but ``pygame.display``, through the path finder, once."""

    def __init__(self, mode):  # type: ignore[no-untyped-def]
        self.mode = mode

    def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
        if name != WATCHED:
            return None
        sys.meta_path.remove(self)
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loader(spec.loader, self.mode)
        return spec


def _install() -> None:
    mode = os.environ.get("SOLITAIRE_REPORT_FIRST_FRAME", "")
    if not mode or mode == "0":
        return
    if WATCHED in sys.modules:
        _wrap_display(sys.modules[WATCHED], mode)
    else:
        sys.meta_path.insert(0, _Watch(mode))


_install()
