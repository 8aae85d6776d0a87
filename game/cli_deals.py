"""``solitaire daily`` and ``solitaire winnable``: the deal of the day and a proven-winnable
deal, read by programs (a contract: the deal number on the first line, then its rating).

    solitaire daily --variant V [--date YYYY-MM-DD]
    solitaire winnable --variant V

Both answer from the shipped table of proven deals (``game.store.winnable``). ``daily`` for a
day the table lacks (or a damaged table) proves it here with the function the table was made
with (``game.dailies``: the same deal on every machine, whatever its speed; seconds for most
games, up to a minute for Kansas) and keeps it in the data folder. ``winnable`` with its pool
used up or damaged searches instead (a notice on stderr; the search gives up after
``SEARCH_SECONDS``).
"""

from __future__ import annotations

import argparse
import re
import sys
from datetime import date
from pathlib import Path

from game.cli import EXIT_USAGE, _new_parser, _Parser, _variant
from game.i18n import _

SEARCH_SECONDS = 9.0
"""``winnable``'s fallback search answers within this (the contract allows 10 s)."""


def _date(text: str) -> date:
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text, re.ASCII):
            raise ValueError(text)
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            # Translators: {text} is what was typed for --date
            _("not a date: {text} (write it like 2026-01-31)").format(text=repr(text))
        ) from None


def daily_parser() -> _Parser:
    """The parser for ``solitaire daily --variant V [--date YYYY-MM-DD]``."""
    p = _new_parser(
        "solitaire daily",
        _("Print the deal of the day's number on the first line, then its rating."),
    )
    p.add_argument("--variant", type=_variant, required=True, metavar="V", help=_("the game: {variants}"))
    p.add_argument(
        "--date", type=_date, default=None, metavar="YYYY-MM-DD", help=_("the day (default: today)")
    )
    return p


def winnable_parser() -> _Parser:
    """The parser for ``solitaire winnable --variant V``."""
    p = _new_parser(
        "solitaire winnable",
        _("Print a proven-winnable deal's number on the first line, then its rating."),
    )
    p.add_argument("--variant", type=_variant, required=True, metavar="V", help=_("the game: {variants}"))
    return p


def daily_command(args: argparse.Namespace) -> int:
    """Print the day's deal and its rating; a day without one: one line on stderr, status 2."""
    from game.dailies import NoDailyDeal, daily_entry
    from game.store.daily import in_range
    from game.store.winnable import shipped

    day = args.date or date.today()
    if in_range(day) and shipped().problems:
        sys.stderr.write(_damaged() + "\n")
    try:
        entry = daily_entry(args.variant, day, _cache())
    except NoDailyDeal as exc:
        sys.stderr.write(f"solitaire daily: {exc}\n")
        return EXIT_USAGE
    sys.stdout.write(f"{entry.deal}\n{entry.rating}\n")
    return 0


def _cache() -> Path | None:
    """The folder of the deals of the day proved on this machine (``None``: none usable)."""
    from game.store.daily import cache_folder
    from game.store.paths import NotADataFolder, data_dir

    try:
        return cache_folder(data_dir())
    except NotADataFolder:
        return None


def winnable_command(args: argparse.Namespace) -> int:
    """Print a deal of the shipped pool (or a past day's deal of the day; failing both, one a
    search proves) and its rating."""
    from game.store.winnable import next_winnable, shipped

    entry = next_winnable(args.variant, cache=_cache())
    if entry is not None:
        sys.stdout.write(f"{entry.deal}\n{entry.rating}\n")
        return 0
    if args.variant not in shipped().unshipped:  # a game that never shipped a table: nothing broke
        sys.stderr.write(_damaged() + "\n")
    return _search(args.variant)


def _damaged() -> str:
    """The notice of a shipped table that cannot be used (all or part of it)."""
    # Translators: the shipped table of proven-winnable deals cannot be used
    return _("The table of winnable deals is damaged or missing: searching instead.")


def _search(variant: str) -> int:
    """Random deals proved the way the table's were until one wins (``find_winnable``)."""
    from game.solver.daily_proof import find_winnable

    proof = find_winnable(variant, SEARCH_SECONDS)
    if proof is None:
        sys.stderr.write(_("No deal proved winnable in time: try again.") + "\n")
        return 1
    sys.stdout.write(f"{proof.deal}\n{proof.rating}\n")
    return 0
