"""The ``solitaire`` command: play, print a deal, solve one.

Bad input never ends in a traceback: one line on stderr saying what is wrong and what is
allowed, and exit status 2.

Playing puts the window on screen first: the arguments are read, the few settings the window
needs are read from the store without loading it (``game.store.first_look``), the window opens
with its felt and title (``game.view.window.open_first``), and only then are the store, the
engine, the five games and the rest of the app loaded (``game.app``). Nothing at the top of
this module imports them.

Help and error lines are in the player's language (``game.i18n``), argparse's own words
("usage:", "options", "the following arguments are required") included; what ``deal``,
``solve``, ``daily`` and ``winnable`` (``game.cli_deals``) print is read by programs and stays
as it is.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, NoReturn

import game
from game.console import reach_terminal
from game.engine.deals import MAX_DEAL, MIN_DEAL, parse_deal_number
from game.engine.errors import GameError
from game.i18n import N_, _, set_language
from game.names import is_variant, variant_keys
from game.store.paths import DATA_DIR_HELP, ENV_VAR, NotADataFolder, expand
from game.streams import flush_stdout, open_stdout, output_failed

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from game.view.display import Display

EXIT_USAGE = 2

ARGPARSE_MESSAGES: dict[str, tuple[str, dict[str, str]]] = {
    # Translators: argparse's, before the usage line; keep the space at the end
    "usage: ": (N_("usage: "), {}),
    # Translators: the heading of the list of options in --help
    "options": (N_("options"), {}),
    # Translators: the heading of the list of arguments in --help
    "positional arguments": (N_("positional arguments"), {}),
    "show this help message and exit": (N_("show this help message and exit"), {}),
    # Translators: {argument} is an option (--window), {message} what is wrong with its value
    "argument %(argument_name)s: %(message)s": (
        N_("argument {argument}: {message}"),
        {"argument": "%(argument_name)s", "message": "%(message)s"},
    ),
    # Translators: {arguments} lists the options left out (--variant, --deal)
    "the following arguments are required: %s": (
        N_("the following arguments are required: {arguments}"),
        {"arguments": "%s"},
    ),
    # Translators: {arguments} is what was typed and not understood
    "unrecognized arguments: %s": (N_("unrecognized arguments: {arguments}"), {"arguments": "%s"}),
    "expected one argument": (N_("expected one argument"), {}),
    # Translators: {option} is what was typed, {matches} the options it could be
    "ambiguous option: %(option)s could match %(matches)s": (
        N_("ambiguous option: {option} could match {matches}"),
        {"option": "%(option)s", "matches": "%(matches)s"},
    ),
    # Translators: {value} is the value given to an option that takes none
    "ignored explicit argument %r": (N_("ignored explicit argument {value}"), {"value": "%r"}),
}
"""argparse's own messages the command line can show (argparse's words -> ours, with named
placeholders, and what argparse fills into each): ``_argparse_gettext`` answers argparse's
lookups with them."""


def _argparse_gettext(message: str) -> str:
    """argparse's ``message`` in the player's language, its ``%`` placeholders put back for
    argparse to fill; a message not listed stays argparse's own English."""
    known = ARGPARSE_MESSAGES.get(message)
    if known is None:
        return message
    ours, fields = known
    text = _(ours)
    return text.replace("%", "%%").format(**fields) if fields else text


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    """argparse's counted messages (none reachable with these options): its own English."""
    return singular if n == 1 else plural


@contextlib.contextmanager
def _argparse_in_our_language() -> Iterator[None]:
    """argparse's lookups (its module's ``_`` and ``ngettext``) answered from our catalogs while
    a parser is built and used, so its words are in the player's language too."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _argparse_gettext, _argparse_ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, sized to the terminal without ``shutil`` (argparse imports it,
    with its compression modules, for every argument added: ~1.5 ms before the window), with
    the list of games filled in when the help is shown."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24) -> None:
        super().__init__(prog, indent_increment, max_help_position, _terminal_width() - 2)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        if text is None or "{variants}" not in text:
            return text
        # The registry's keys, loaded only when the help is shown.
        return text.replace("{variants}", ", ".join(variant_keys()))


def _terminal_width() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` gives it: ``$COLUMNS``, else the
    terminal's, else 80."""
    with contextlib.suppress(ValueError):
        if (columns := int(os.environ.get("COLUMNS", ""))) > 0:
            return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


_SPACES = "\u00a0\u202f\u2009"
"""The no-break and thin spaces translations put before ":" or in numbers: shown as they are
(``isprintable`` calls them unprintable, but they break no line)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2, and whose help and
    version, when standard output cannot take them, fail (``main`` says so) instead of being
    dropped without a word as argparse drops them."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if not message:
            return
        if file is None or file is sys.stderr:
            with contextlib.suppress(OSError, AttributeError, ValueError, UnicodeError):
                (file or sys.stderr).write(message)  # nowhere to say more than this
            return
        file.write(message)

    def error(self, message: str) -> NoReturn:
        # argparse quotes some arguments as typed: a new line or a control character in one
        # must not break the message into several lines.
        shown = "".join(c if c.isprintable() or c in _SPACES else repr(c)[1:-1] for c in message)
        # Translators: {prog} is the command ("solitaire"), {message} what is wrong
        line = _("{prog}: error: {message} (see '{prog} --help')").format(prog=self.prog, message=shown)
        self.exit(EXIT_USAGE, line + "\n")


def _variant(text: str) -> str:
    if not is_variant(text):
        raise argparse.ArgumentTypeError(
            _("unknown variant {variant}; choose one of: {choices}").format(
                variant=repr(text), choices=", ".join(variant_keys())
            )
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
        raise argparse.ArgumentTypeError(
            _("window size must look like 1280x720, got {text}").format(text=repr(text))
        )
    return int(m[1]), int(m[2])


def _data_dir(text: str) -> str:
    try:
        expand(text)
    except NotADataFolder as exc:
        raise argparse.ArgumentTypeError(
            # Translators: {folder} is the folder given, {reason} why it cannot be used
            _("data folder {folder}: {reason}").format(folder=repr(text), reason=exc)
        ) from None
    return text


def _common(p: argparse.ArgumentParser, *, required: bool) -> None:
    p.add_argument(
        "--variant",
        type=_variant,
        required=required,
        metavar="V",
        # Translators: {variants} lists the games' keys as typed on the command line
        help=_("the game: {variants}"),  # the list filled in when shown (_Formatter)
    )
    deal_help = (
        _("deal number, {low} to {high}") if required else _("deal number, {low} to {high} (default: random)")
    )
    p.add_argument(
        "--deal",
        type=_deal,
        required=required,
        metavar="N",
        help=deal_help.format(low=MIN_DEAL, high=MAX_DEAL),
    )


def _new_parser(prog: str, description: str) -> _Parser:
    """A parser whose help option says so in the player's language."""
    p = _Parser(prog=prog, description=description, formatter_class=_Formatter, add_help=False)
    p.add_argument("-h", "--help", action="help", help=_("show this help message and exit"))
    return p


def play_parser() -> argparse.ArgumentParser:
    """The parser for playing: ``solitaire [--variant V] [--deal N] …``."""
    p = _new_parser(
        "solitaire",
        _(
            "Five classic patience games. Subcommands: 'deal' prints a deal, "
            "'solve' solves one, 'daily' prints the deal of the day, 'winnable' a "
            "proven-winnable deal ('solitaire deal --help', 'solitaire daily --help', ...)."
        ),
    )
    _common(p, required=False)
    p.add_argument("--fullscreen", action="store_true", help=_("start fullscreen"))
    p.add_argument("--window", type=_window, metavar="WxH", help=_("window size, e.g. 1280x720"))
    p.add_argument("--autoplay", action="store_true", help=_("let the computer play the deal"))
    p.add_argument(
        "--speech", action="store_true", help=_("speak the table for this run (see README, Accessibility)")
    )
    p.add_argument(
        "--data-dir", type=_data_dir, metavar="DIR", help=_(DATA_DIR_HELP).format(variable=ENV_VAR)
    )
    p.add_argument(
        "--exit-when-done",
        action="store_true",
        help=_("quit (status 0) when the game is won or stuck"),
    )
    p.add_argument("--version", action=_Version, nargs=0, help=_("show program's version number and exit"))
    return p


LICENSE = "GPL-3.0-or-later"
"""The game's licence (SPDX), as pyproject.toml declares it; the text is LICENSE."""


def version_text() -> str:
    """What ``--version`` prints: the version, the licence and whether the solver's searches
    run compiled (a release job fails on a build whose compile silently failed)."""
    from game.solver import native

    in_c = ", ".join(name for name in native.C_MODULES if native.c_built(name)) or "-"
    if native.compiled():
        solver = _("Solver: compiled with mypyc; written in C: {modules}").format(modules=in_c)
    else:
        solver = _("Solver: plain Python, not compiled; written in C: {modules}").format(modules=in_c)
    return "\n".join(
        [f"solitaire {game.__version__}", _("License: {license}").format(license=LICENSE), solver]
    )


class _Version(argparse.Action):
    """``--version``: prints :func:`version_text` as it is (argparse's own action rewraps it)."""

    def __call__(self, parser: argparse.ArgumentParser, *_args: object, **_kwargs: object) -> None:
        print(version_text())
        parser.exit(0)


def deal_parser() -> argparse.ArgumentParser:
    """The parser for ``solitaire deal --variant V --deal N``."""
    p = _new_parser("solitaire deal", _("Print the opening position of a deal."))
    _common(p, required=True)
    return p


def _budget(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(
            _("budget must be a number of seconds from 0 to 3600, got {text}").format(text=repr(text))
        )
    return seconds


def solve_parser() -> argparse.ArgumentParser:
    """The parser for ``solitaire solve --variant V --deal N [--budget S] [--json]``."""
    p = _new_parser(
        "solitaire solve",
        _(
            "Solve a deal with perfect information: a winning line, a proof that none "
            "exists, or 'unknown' when the budget runs out."
        ),
    )
    _common(p, required=True)
    p.add_argument(
        "--budget",
        type=_budget,
        default=10.0,
        metavar="SECONDS",
        help=_("time budget in seconds (default 10)"),
    )
    p.add_argument("--json", action="store_true", help=_("print one JSON object instead of text"))
    return p


def parse(make: Callable[[], argparse.ArgumentParser], argv: Sequence[str]) -> argparse.Namespace:
    """``argv`` read by the parser ``make`` builds, argparse's words in the player's language."""
    with _argparse_in_our_language():
        return make().parse_args(argv)


def solve_command(args: argparse.Namespace) -> int:
    """Print the verdict and the deal's difficulty, the winning moves one per line, the time and
    the positions searched (read by programs: not translated)."""
    import json

    from game.solver.rating import rate
    from game.solver.search import Budget, solve

    g = game.new_game(args.variant, deal=args.deal)
    result = solve(g, Budget(seconds=args.budget).for_search(args.variant))
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
    counted = f"{len(moves)} move" if len(moves) == 1 else f"{len(moves)} moves"
    lines.append(f"{counted}, {result.seconds:.3f} s, {result.positions} positions searched")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def deal_command(args: argparse.Namespace) -> int:
    """Print the opening position: Freecell Solver's format for the games with cells (read by
    programs: not translated)."""
    from game.fcs import fcs_board

    g = game.new_game(args.variant, deal=args.deal)
    if g.variant.cells:
        sys.stdout.write(fcs_board(g))
    else:
        sys.stdout.write(g.text() + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    with _collector_stopped():
        return _main(argv)


@contextlib.contextmanager
def _collector_stopped() -> Iterator[None]:
    """No garbage collection while the game starts up, until its first table frame is on screen
    (``game.app`` starts it again): start-up makes thousands of objects and next to no garbage.
    However ``main`` ends (a command, ``--help``, a usage error, no window), the collector runs
    again if it ran before: a caller that goes on in the same process (a test suite, a script)
    would otherwise make reference cycles that nothing frees (one run of the suite grew past
    20 GiB in the solver's tests after a test had asked for ``--version``)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _main(argv: Sequence[str] | None) -> int:
    """``main`` with the collector stopped."""
    reach_terminal()
    set_language(None)  # the system's, for the help and errors; the window applies the saved one
    args_list = list(sys.argv[1:] if argv is None else argv)
    closed = open_stdout()
    try:
        status = _commands(args_list)
        flush_stdout()
    except SystemExit:  # argparse: --help, --version, a usage error
        try:
            flush_stdout()
        except (OSError, UnicodeError) as exc:
            return output_failed(exc)
        raise
    except (OSError, UnicodeError) as exc:  # writing the output failed (streams.py)
        return output_failed(exc)
    if status is not None:
        return status
    if closed:
        sys.stdout = None  # playing writes nothing there
    args = parse(play_parser, args_list)
    display = _first_window(args)
    from game.app import run  # the store, scenes, card art, solver, sound and gamepads: after the window

    return run(args, None, display)


def _commands(args_list: list[str]) -> int | None:
    """``deal``, ``solve``, ``daily`` and ``winnable`` run, or the play command's arguments read
    (their help printed); the status of a command that ran, ``None`` to play."""
    if args_list and args_list[0] in ("deal", "solve", "daily", "winnable"):
        gc.enable()  # a search makes garbage
    if args_list and args_list[0] in ("daily", "winnable"):
        from game import cli_deals

        command, parser = {
            "daily": (cli_deals.daily_command, cli_deals.daily_parser),
            "winnable": (cli_deals.winnable_command, cli_deals.winnable_parser),
        }[args_list[0]]
        return _printing(command, parse(parser, args_list[1:]))
    if args_list and args_list[0] == "deal":
        return _printing(deal_command, parse(deal_parser, args_list[1:]))
    if args_list and args_list[0] == "solve":
        return _printing(solve_command, parse(solve_parser, args_list[1:]))
    parse(play_parser, args_list)  # --help and --version print here; an error exits here
    return None


def _first_window(args: argparse.Namespace) -> Display | None:
    """Window first: put the window on screen, felt and title, at the size and place the player
    left it, in their language, before the rest of the game is loaded (the store too: what the
    window needs of it is read by ``first_look``)."""
    from game.view.lean_pygame import pygame  # first: pygame without what the window does not need

    # isort: split
    from game.store.first_look import first_look
    from game.view.display import default_display
    from game.view.window import (
        NoWindow,
        caption,
        init_display,
        open_first,
        opening_variant,
        place_window,
        window_size_for,
    )

    look = first_look(args.data_dir)
    if look.language != "system":
        set_language(look.language)  # as App will: the window's first frames already in it
    display = default_display()
    try:
        init_display()  # before the size: without it the desktop is unknown, and App opened again
    except NoWindow:
        return display  # the app tries again and says what is wrong
    size, fullscreen, _ = window_size_for(args, look)  # App gives the notice of a size cut
    title = caption(opening_variant(args, look.last_variant, look.saved_variants))  # the title App keeps
    try:
        open_first(
            display, size, fullscreen, title=title, dark=look.high_contrast, look=(look.felt, look.theme)
        )
    except pygame.error:
        return display  # the app tries again and says what is wrong
    if args.window is None and not fullscreen:
        place_window(look.window_pos)
    return display


def _printing(command: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a command that prints; a failure to write its output (a full disk, a closed stream,
    a reader gone as ``solitaire solve ... | head`` leaves, a character set that cannot write it)
    is handled by ``main`` (``game.streams.output_failed``)."""
    status = command(args)
    sys.stdout.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
