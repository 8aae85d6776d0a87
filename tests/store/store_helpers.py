"""Helpers for the store tests: a settable clock and games in chosen states."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import game
from game.play import Game
from game.store.stats import GameRecord, Summary, day_streaks

RANKS = "A23456789TJQK"


class FakeClock:
    """A clock that stands still until moved."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 14, 9, 30, tzinfo=timezone(timedelta(hours=1)))

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def play_random(g: Game, rng: random.Random, actions: int) -> None:
    """Random legal actions with their automatic moves (stops early when stuck or won)."""
    for _ in range(actions):
        moves = g.legal_moves()
        if not moves or g.is_won():
            return
        g.play(rng.choice(moves))
        g.play_auto_moves()


def near_won(cards_left: int = 2) -> Game:
    """A Baker's Game position with the last ``cards_left`` (1 or 2) Kings still on the tableau."""
    full = {s: "".join(r + s for r in RANKS) for s in "CDHS"}
    short = {s: full[s][:-2] for s in "HS"}
    foundations = [full["C"], full["D"], short["H"] if cards_left == 2 else full["H"], short["S"]]
    fields = " ".join(f"foundation-{i}={cards}" for i, cards in enumerate(foundations, 1))
    kings = "tableau-1=KS" + (" tableau-2=KH" if cards_left == 2 else "")
    return game.from_text(f"bakers-game {fields} {kings}")


def stuck_game(key: str = "kansas", seed: int = 1) -> Game:
    """A numbered deal played at random until no legal move is left."""
    for deal in range(seed, seed + 200):
        g = game.new_game(key, deal=deal)
        play_random(g, random.Random(deal), 2000)
        if g.is_stuck() and g.moves_made:
            return g
    raise AssertionError("no stuck game found")


def make_big_database(folder: Path, games: int, clock: FakeClock | None = None) -> Path:
    """A closed database with settings, a Kansas game in progress and ``games`` finished games
    (inserted directly: fast enough for 200,000)."""
    from game.store import Store
    from game.store.paths import DB_NAME

    store = Store.open(folder, clock=clock or FakeClock())
    settings = store.load_settings()
    settings.card_style = "fourcolour"
    store.save_settings(settings)
    g = game.new_game("kansas", deal=3)
    store.start_game(g)
    play_random(g, random.Random(1), 3)
    store.save_game(g, 5.0)
    conn = store.connection
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO games (uid, variant, deal, result, seconds, moves, score, winnable_only, daily,"
        " started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?)",
        (_game_row(i) for i in range(games)),
    )
    conn.execute("COMMIT")
    store.close()
    return folder / DB_NAME


def _game_row(i: int) -> tuple[object, ...]:
    variant, result = ("kansas", "seahaven")[i % 2], ("won", "lost")[i % 3 == 0]
    finished = f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}T10:05:00+01:00"
    score = 52 if i % 3 else 10
    started = "2025-01-01T10:00:00+01:00"
    return (
        f"game-{i:08d}",
        variant,
        i % 1000 + 1,
        result,
        60.0 + i % 7,
        50 + i % 11,
        score,
        started,
        finished,
    )


ORACLE_TABLES = {
    "settings": "name, value",
    "saved_games": "*",
    "games": "*",
    "unreadable_saves": "*",
}


def readable_rows(path: Path, most_rowid: int) -> dict[str, list[tuple[object, ...]]]:
    """The oracle of a salvage: every row of ``path`` SQLite still reads one by one (each rowid
    from 1 to ``most_rowid`` alone, each setting by its name, schema errors ignored), as a fresh
    file's constraints take them in key order (``INSERT OR IGNORE``). Per table, its rows."""
    from dataclasses import fields

    from game.store import schema
    from game.store.settings import Settings

    source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    source.text_factory = _text_or_bytes
    fresh = sqlite3.connect(":memory:")
    for migration in schema.MIGRATIONS:  # a fresh file at this version's schema
        for statement in migration:
            fresh.execute(statement)
    try:
        source.execute("PRAGMA writable_schema = ON")
        for table, columns in ORACLE_TABLES.items():
            if table == "settings":
                lookups = [("name = ?", f.name) for f in fields(Settings)]
            else:
                lookups = [("rowid = ?", i) for i in range(1, most_rowid + 1)]
            for where, arg in lookups:
                try:
                    row = source.execute(f"SELECT {columns} FROM {table} WHERE {where}", (arg,)).fetchone()
                except (sqlite3.Error, UnicodeError):
                    continue
                if row is not None:
                    marks = ", ".join("?" * len(row))
                    with contextlib.suppress(sqlite3.Error):
                        fresh.execute(f"INSERT OR IGNORE INTO {table} VALUES ({marks})", row)
        return {t: stored_rows(fresh, t) for t in ORACLE_TABLES}
    finally:
        source.close()
        fresh.close()


def _text_or_bytes(value: bytes) -> str | bytes:
    try:
        return value.decode()
    except UnicodeDecodeError:
        return value


def stored_rows(conn: sqlite3.Connection, table: str) -> list[tuple[object, ...]]:
    """Every row of ``table`` (text that is not UTF-8 as bytes)."""
    factory = conn.text_factory
    conn.text_factory = _text_or_bytes
    try:
        rows = conn.execute(f"SELECT {ORACLE_TABLES[table]} FROM {table}").fetchall()
        return sorted((tuple(r) for r in rows), key=repr)
    finally:
        conn.text_factory = factory


def missing_rows(path: Path, before: dict[str, list[tuple[object, ...]]]) -> dict[str, int]:
    """Per table, how many rows of ``before`` the database at ``path`` does not hold."""
    conn = sqlite3.connect(path)
    try:
        missing = {}
        for table, rows in before.items():
            have = set(stored_rows(conn, table))
            missing[table] = sum(1 for r in rows if r not in have)
        return missing
    finally:
        conn.close()


def summarize(games: list[GameRecord], variant: str | None, today: date) -> Summary:
    """The statistics table of ``games`` (``stats.records`` of ``variant``, all when ``None``),
    read game by game: the oracle of ``tallies``, which adds them up in SQL."""
    wins = [g for g in games if g.won]
    current, best = streaks([g.won for g in games])
    daily = [g for g in games if g.daily is not None]
    daily_current, daily_best = day_streaks({g.daily for g in wins if g.daily is not None}, today)
    return Summary(
        variant=variant,
        played=len(games),
        won=len(wins),
        lost=len(games) - len(wins),
        win_rate=len(wins) / len(games) if games else None,
        current_streak=current,
        best_streak=best,
        best_time=min((g.seconds for g in wins), default=None),
        fewest_moves=min((g.moves for g in wins), default=None),
        best_score=max((g.score for g in games), default=None),
        daily_played=len(daily),
        daily_won=sum(g.won for g in daily),
        daily_current_streak=daily_current,
        daily_best_streak=daily_best,
    )


def streaks(results: list[bool]) -> tuple[int, int]:
    """The current and the best run of ``True`` in ``results`` (oldest first)."""
    current = best = 0
    for won in results:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best
