"""The shipped table of proven-winnable deals: a cache of every game's deal of the day for a run
of dates, and a pool of winnable deals for "winnable deals only".

Each day's deal is a function of the date alone (``game.solver.daily_proof``: a search with a
budget of positions, never of time, so the same on every machine); the table is that function
computed once (``python -m game.winnable_table generate``, ``game.winnable_generate``),
checked and shipped, so the game reads a day instead of proving it, and each of its deals comes
with a winning line that the tests replay through the engine. A day beyond the table is proved
on the player's machine with the same function (``game.dailies``) and kept in the data folder
in the same format. The pool makes "winnable deals only" instant: a deal from it needs no
search at all.

The files are ``game/deals/<variant>.txt``, one deal a line::

    2026-01-01 1780232514 medium 1A14A1...
    - 88213 easy 2B1...

a date (or ``-`` for a deal of the pool), the deal number, its rating (``RATINGS``) and its
winning line, three characters a move (``encode_line``). The line wins as the table plays
with automatic moves on (each automatic move written out), so it also wins for a player who
plays without them: an automatic move is a legal move the player may make.

Which games ship a table is written by the generator in ``game/deals/SHIPPED.txt`` (``MANIFEST``,
one key a line). A game registered after the last table was made is not in it: it has no shipped
table (``Table.unshipped``), and its days are proved on the player's machine like any day beyond
the table, with no notice. A damaged file, or the missing file of a game the manifest names, is
no crash either: ``load`` keeps the good lines, drops the rest and says so in
``Table.problems`` (the notice a player sees); a day it lacks is proved instead, and a used-up
or damaged pool is refilled or searched.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import cache
from pathlib import Path

from game.engine.errors import GameError
from game.engine.moves import Move
from game.play import Game
from game.variants.piles import RawMove

RATINGS = ("easy", "medium", "hard", "expert")
"""A deal's rating in the table: easy, medium and hard as ``game.solver.rating`` rates the
deals won within its rating budget; "expert" for a deal won only by the generator's deeper
search (more positions than the rating budget allows)."""

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
"""The 64 characters a line is written in: one per pile index (shifted by one, so the
all-reserves pile -1 is ``0``) and one for the card count."""

POOL = "-"
"""The date column of a deal in the pool (no day's deal)."""

MANIFEST = "SHIPPED.txt"
"""The file, beside the games' files, naming the games whose table ships: one key a line, written
by the generator (``game.winnable_generate``). Upper case, so no game's key can take its name."""


class TableError(GameError):
    """A line of the table that cannot be read."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One proven-winnable deal: its day (``None`` for the pool), number, rating and line."""

    variant: str
    day: date | None
    deal: int
    rating: str
    line: str

    def raw_moves(self) -> list[RawMove]:
        """The winning line as the variant's raw moves."""
        return decode_line(self.line)


@dataclass
class Table:
    """Every game's entries as read from the shipped files, and what could not be read."""

    daily: dict[str, dict[date, Entry]] = field(default_factory=dict)
    pool: dict[str, list[Entry]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    unshipped: list[str] = field(default_factory=list)
    """Games asked for that never had a table in this folder (not in its ``MANIFEST``)."""

    @property
    def games(self) -> list[str]:
        """The games whose table this folder has (or should have: see ``problems``)."""
        return list(self.daily)

    def supported(self, variants: Iterable[str]) -> tuple[date, date] | None:
        """The first and last date on which every one of ``variants`` has its deal, the run
        unbroken from the first; ``None`` when there is none."""
        keys = list(variants)
        days = [set(self.daily.get(k, {})) for k in keys]
        if not days or not all(days):
            return None
        first = max(min(d) for d in days)
        last = first
        while all(last + timedelta(days=1) in d for d in days):
            last += timedelta(days=1)
        return (first, last) if all(first in d for d in days) else None


def encode_line(raw: Sequence[RawMove]) -> str:
    """``raw`` in three characters a move: source + 1, target + 1, count."""
    try:
        return "".join(ALPHABET[s + 1] + ALPHABET[t + 1] + ALPHABET[n] for s, t, n in raw)
    except IndexError:
        raise TableError(f"a move out of the table's range in {list(raw)[:5]}...") from None


def decode_line(text: str) -> list[RawMove]:
    """The raw moves ``encode_line`` wrote as ``text``."""
    if len(text) % 3:
        raise TableError(f"a winning line of {len(text)} characters (three a move)")
    try:
        codes = [ALPHABET.index(c) for c in text]
    except ValueError:
        raise TableError("a winning line with a character outside the table's alphabet") from None
    return [(codes[i] - 1, codes[i + 1] - 1, codes[i + 2]) for i in range(0, len(codes), 3)]


def parse_entry(variant: str, text: str) -> Entry:
    """One line of ``variant``'s file."""
    parts = text.split()
    if len(parts) != 4:
        raise TableError(f"{len(parts)} fields (date, deal, rating, line)")
    when, number, rating, line = parts
    try:
        day = None if when == POOL else date.fromisoformat(when)
        deal = int(number)
    except ValueError:
        raise TableError(f"bad date or deal number {when!r} {number!r}") from None
    if rating not in RATINGS:
        raise TableError(f"unknown rating {rating!r}")
    decode_line(line)
    return Entry(variant, day, deal, rating, line)


def format_entry(entry: Entry) -> str:
    """``entry`` as a line of its file (``parse_entry`` reads it back)."""
    when = entry.day.isoformat() if entry.day else POOL
    return f"{when} {entry.deal} {entry.rating} {entry.line}"


def table_dir() -> Path:
    """The folder of the shipped files: ``game/deals`` from source and in the bundle."""
    if getattr(sys, "frozen", False):
        from game.resources import base_dir

        return base_dir() / "game" / "deals"
    return Path(__file__).resolve().parent.parent / "deals"


def table_path(variant: str, folder: Path | None = None) -> Path:
    """The file of ``variant``'s deals."""
    return (folder or table_dir()) / f"{variant}.txt"


def read_into(table: Table, variant: str, path: Path) -> None:
    """Add ``variant``'s file at ``path`` to ``table``: the lines it can read, a problem for
    each it cannot, and one for a missing or unreadable file."""
    days = table.daily.setdefault(variant, {})
    pool = table.pool.setdefault(variant, [])
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        table.problems.append(f"{path.name}: {exc.__class__.__name__}")
        return
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            entry = parse_entry(variant, line)
        except TableError as exc:
            table.problems.append(f"{path.name}:{number}: {exc}")
            continue
        if entry.day is None:
            pool.append(entry)
        else:
            days[entry.day] = entry


def load(variants: Iterable[str], folder: Path | None = None) -> Table:
    """Every ``variants``' file in ``folder`` (the shipped one by default). A game the folder's
    ``MANIFEST`` does not name and that has no file is ``unshipped``, not a problem; without a
    manifest every game's file is expected."""
    table = Table()
    listed = manifest(folder or table_dir())
    for key in variants:
        path = table_path(key, folder)
        if listed is not None and key not in listed and not path.exists():
            table.unshipped.append(key)
        else:
            read_into(table, key, path)
    return table


def manifest(folder: Path) -> set[str] | None:
    """The games ``folder``'s ``MANIFEST`` names, or ``None`` when it has none (or it cannot
    be read)."""
    try:
        text = (folder / MANIFEST).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return {line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")}


def add_to_manifest(folder: Path, variant: str) -> None:
    """Name ``variant`` in ``folder``'s ``MANIFEST`` (made with its header when missing)."""
    path = folder / MANIFEST
    listed = manifest(folder)
    if listed is not None and variant in listed:
        return
    with path.open("a", encoding="utf-8") as f:
        if listed is None:
            f.write(_MANIFEST_HEADER)
        f.write(variant + "\n")


_MANIFEST_HEADER = (
    "# The games whose table of proven-winnable deals ships here, one key a line:\n"
    "# python -m game.winnable_table generate writes it (do not edit). A game named here\n"
    "# whose file is missing or damaged gets a notice; a game not named has no table shipped.\n"
)


@cache
def shipped() -> Table:
    """The shipped table, read once."""
    from game.variants import VARIANTS

    return load(VARIANTS)


def replay(g: Game, entry: Entry, *, automatic: bool) -> bool:
    """Whether ``entry``'s line wins ``g`` (its opening position) as the table plays it:
    with ``automatic``, the automatic moves due after each move must be the line's next ones
    (``Game.auto_moves``); without, every move is simply the player's."""
    try:
        moves = [Move(g.variant.pile_name(s), g.variant.pile_name(t), n) for s, t, n in entry.raw_moves()]
    except (GameError, IndexError):
        return False
    at = _autos(g, moves, 0) if automatic else 0
    while at is not None and at < len(moves):
        if not g.is_legal(moves[at]):
            return False
        g.play(moves[at])
        at = _autos(g, moves, at + 1) if automatic else at + 1
    return at is not None and g.is_won()


def _autos(g: Game, moves: Sequence[object], at: int) -> int | None:
    """Play the automatic moves due, each of which must be the line's next: the index after
    them, or ``None`` where the line leaves one out."""
    while autos := g.auto_moves():
        if at >= len(moves) or moves[at] != autos[0]:
            return None
        g.play(autos[0], automatic=True)
        at += 1
    return at


def opening(variant: str, deal: int) -> Game:
    """Deal ``deal`` of ``variant`` as dealt (``game.new_game`` without the scripting API)."""
    from game.engine.deals import check_deal_number, deal_order
    from game.variants import variant_class

    v = variant_class(variant).instance()
    return Game(v, v.deal(iter(deal_order(check_deal_number(deal)))), deal)


def wins(entry: Entry, *, automatic: bool = True) -> bool:
    """Whether ``entry``'s line wins its deal from the opening (a fresh game)."""
    try:
        g = opening(entry.variant, entry.deal)
    except (GameError, KeyError):
        return False
    return replay(g, entry, automatic=automatic)


def next_winnable(
    variant: str,
    played: Iterable[int] = (),
    *,
    automatic: bool = True,
    table: Table | None = None,
    cache: Path | None = None,
) -> Entry | None:
    """A deal of ``variant``'s pool (the shipped one and the one proved on this machine, kept
    in ``cache``) not in ``played`` whose line replays to a win as the table plays
    (``automatic``: with automatic moves), at random; once the pools are used up, a past day's
    deal of the day not played (proved the same way); ``None`` when none is left."""
    import random

    seen = set(played)
    source = table or shipped()
    today = date.today()
    past = [e for day, e in source.daily.get(variant, {}).items() if day < today]
    for entries in ([*source.pool.get(variant, []), *cached_pool(variant, cache)], past):
        fresh = [e for e in entries if e.deal not in seen]
        random.shuffle(fresh)
        found = next((e for e in fresh[:8] if wins(e, automatic=automatic)), None)
        if found is not None:
            return found
    return None


def cached_pool(variant: str, cache: Path | None) -> list[Entry]:
    """The winnable deals of ``variant`` proved on this machine and kept in ``cache`` (the
    pool's refill, ``game.dailies.refill_pool``)."""
    if cache is None:
        return []
    table = Table()
    read_into(table, variant, table_path(variant, cache))
    return table.pool.get(variant, [])


def unplayed(variant: str, played: Iterable[int], cache: Path | None, table: Table | None = None) -> int:
    """How many deals of ``variant``'s pools (shipped and cached) are not in ``played``."""
    seen = set(played)
    pool = [*(table or shipped()).pool.get(variant, []), *cached_pool(variant, cache)]
    return len({e.deal for e in pool} - seen)


def find_entry(variant: str, deal: int, cache: Path | None = None) -> Entry | None:
    """The shipped table's entry of deal ``deal`` of ``variant`` (a deal of the day or one of the
    pool, the pool proved on this machine in ``cache`` included), or ``None``."""
    source = shipped()
    entries = [*source.daily.get(variant, {}).values(), *source.pool.get(variant, [])]
    return next((e for e in [*entries, *cached_pool(variant, cache)] if e.deal == deal), None)
