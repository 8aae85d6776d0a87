"""The ``solitaire`` command: play, print a deal, (later) solve.

Bad input never ends in a traceback: one line on stderr saying what is wrong and what is
allowed, and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

import game
from game.console import reach_terminal
from game.engine.deals import MAX_DEAL, MIN_DEAL, parse_deal_number
from game.engine.errors import GameError
from game.store.paths import DATA_DIR_HELP, NotADataFolder, expand

if TYPE_CHECKING:
    from game.app_store import Persistence
    from game.view.display import Display

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes some arguments as typed: a new line or a control character in one
        # must not break the message into several lines.
        shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {shown} (see '{self.prog} --help')\n")


def _variant(text: str) -> str:
    if text not in game.VARIANTS:
        raise argparse.ArgumentTypeError(
            f"unknown variant {text!r}; choose one of: {', '.join(game.VARIANTS)}"
        )
    return text


def _deal(text: str) -> int:
    try:
        return parse_deal_number(text)
    except GameError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _window(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{2,5})[xX](\d{2,5})", text.strip(), re.ASCII)
    if not m:
        raise argparse.ArgumentTypeError(f"window size must look like 1280x720, got {text!r}")
    return int(m[1]), int(m[2])


def _data_dir(text: str) -> str:
    try:
        expand(text)
    except NotADataFolder as exc:
        raise argparse.ArgumentTypeError(f"data folder {text!r}: {exc}") from None
    return text


def _common(p: argparse.ArgumentParser, *, required: bool) -> None:
    p.add_argument(
        "--variant",
        type=_variant,
        required=required,
        metavar="V",
        help=f"the game: {', '.join(game.VARIANTS)}",
    )
    p.add_argument(
        "--deal",
        type=_deal,
        required=required,
        metavar="N",
        help=f"deal number, {MIN_DEAL} to {MAX_DEAL}" + ("" if required else " (default: random)"),
    )


def play_parser() -> argparse.ArgumentParser:
    """The parser for playing: ``solitaire [--variant V] [--deal N] …``."""
    p = _Parser(
        prog="solitaire",
        description="Five classic patience games. Subcommands: 'deal' prints a deal, "
        "'solve' solves one ('solitaire deal --help', 'solitaire solve --help').",
    )
    _common(p, required=False)
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    p.add_argument("--window", type=_window, metavar="WxH", help="window size, e.g. 1280x720")
    p.add_argument("--autoplay", action="store_true", help="let the computer play the deal")
    p.add_argument("--data-dir", type=_data_dir, metavar="DIR", help=DATA_DIR_HELP)
    p.add_argument(
        "--exit-when-done", action="store_true", help="quit (status 0) when the game is won or stuck"
    )
    p.add_argument("--version", action="version", version=f"solitaire {game.__version__}")
    return p


def deal_parser() -> argparse.ArgumentParser:
    """The parser for ``solitaire deal --variant V --deal N``."""
    p = _Parser(prog="solitaire deal", description="Print the opening position of a deal.")
    _common(p, required=True)
    return p


def _budget(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(f"budget must be a number of seconds from 0 to 3600, got {text!r}")
    return seconds


def solve_parser() -> argparse.ArgumentParser:
    """The parser for ``solitaire solve --variant V --deal N [--budget S] [--json]``."""
    p = _Parser(
        prog="solitaire solve",
        description="Solve a deal with perfect information: a winning line, a proof that none "
        "exists, or 'unknown' when the budget runs out.",
    )
    _common(p, required=True)
    p.add_argument("--budget", type=_budget, default=10.0, metavar="SECONDS", help="time budget (default 10)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    return p


def solve_command(args: argparse.Namespace) -> int:
    """Print the verdict and the deal's difficulty, the winning moves one per line, the time and
    the positions searched."""
    import json

    from game.solver.rating import rate
    from game.solver.search import Budget, solve

    g = game.new_game(args.variant, deal=args.deal)
    result = solve(g, Budget(seconds=args.budget).for_game(args.variant))
    moves = [str(m) for m in result.moves]
    rating = rate(args.variant, result)
    if args.json:
        record = {
            "variant": args.variant,
            "deal": args.deal,
            "verdict": result.verdict.value,
            "moves": moves,
            "seconds": round(result.seconds, 4),
            "nodes": result.positions,
            "rating": rating.value,
        }
        sys.stdout.write(json.dumps(record) + "\n")
        return 0
    lines = [f"{args.variant} deal {args.deal}: {result.verdict.value} (difficulty: {rating})", *moves]
    lines.append(f"{len(moves)} moves, {result.seconds:.3f} s, {result.positions} positions searched")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def deal_command(args: argparse.Namespace) -> int:
    """Print the opening position: Freecell Solver's format for the games with cells."""
    from game.fcs import fcs_board

    g = game.new_game(args.variant, deal=args.deal)
    if g.variant.cells:
        sys.stdout.write(fcs_board(g))
    else:
        sys.stdout.write(g.text() + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    reach_terminal()
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] == "deal":
        return _printing(deal_command, deal_parser().parse_args(args_list[1:]))
    if args_list and args_list[0] == "solve":
        return _printing(solve_command, solve_parser().parse_args(args_list[1:]))
    args = play_parser().parse_args(args_list)
    persist, display = _first_window(args)
    from game.app import run  # the scenes, card art, solver, sound and gamepads: after the window

    return run(args, persist, display)


def _first_window(args: argparse.Namespace) -> tuple[Persistence | None, Display | None]:
    """Window first: open the store (the window's size and place are kept there) and put the
    window on screen, felt and title, before the rest of the game is loaded."""
    from game.view.lean_pygame import pygame  # first: pygame without what the window does not need

    # isort: split
    from game.app_store import Persistence, first_variant, place_window
    from game.view.display import default_display
    from game.view.window import caption, open_first, window_size_for

    try:
        persist = Persistence.open(args.data_dir)
    except Exception:  # the app opens it again, and says what is wrong
        return None, None
    display = default_display()
    stored = persist.stored
    size, fullscreen, _ = window_size_for(args, stored)  # App gives the notice of a size cut
    title = caption(first_variant(args, persist))  # the title App keeps
    try:
        open_first(display, size, fullscreen, title=title, dark=stored.high_contrast)
    except pygame.error:
        return persist, display  # the app tries again and says what is wrong
    if args.window is None and not fullscreen:
        place_window(stored.window_pos)
    return persist, display


def _printing(command: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a command that prints, quietly giving up (status 1) when its reader has gone, as
    ``solitaire solve ... | head`` does, instead of a traceback."""
    try:
        status = command(args)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # Python flushes stdout again on exit: point it at nothing so that cannot fail too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
