"""The statistics' running sums: everything the statistics screen shows but the list of games,
added up over the finished games up to one of them (``Sums.last_id``).

``tallies`` adds games to them with a few SQL passes; kept in the ``tallies`` table (as JSON,
read back with every value checked), they spare each opening of the screen a pass over every
game: it adds only the games finished since. They are derived data: whatever is odd about the
kept copy (missing, damaged, from other variants, not matching the games it says it counted)
only means they are added up again from the games.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from game.store import safe_json
from game.store.stats import DayPoint, Summary, day_streaks

MAX_CHARS = 50_000_000
"""Longer kept sums are not kept (a day a game for 400 years of games is some 25 MB)."""
ALL = ""
"""The JSON key of all variants together (``None`` in ``Sums.tallies``)."""


@dataclass
class Tally:
    """One variant's figures (or all variants'), as they are added up."""

    played: int = 0
    won: int = 0
    best_time: float | None = None
    """The fastest win, in seconds."""
    fewest_moves: int | None = None
    best_score: int | None = None
    daily_played: int = 0
    daily_won: int = 0
    streak: int = 0
    best_streak: int = 0
    daily_days: set[date] = field(default_factory=set)
    """The days whose deal of the day was won."""
    days: dict[str, list[int]] = field(default_factory=dict)
    """Finishing day (``YYYY-MM-DD``) -> [won, lost]."""

    def add_day(
        self, day: str, played: int, won: int, best_time: float | None, fewest: int | None, best_score: int
    ) -> None:
        """Games finished on ``day``: how many, how many won, the fastest win and the one in
        the fewest moves (``None``: no win), and the most cards home."""
        self.played += played
        self.won += won
        if best_time is not None:
            self.best_time = best_time if self.best_time is None else min(self.best_time, best_time)
        if fewest is not None:
            self.fewest_moves = fewest if self.fewest_moves is None else min(self.fewest_moves, fewest)
        self.best_score = best_score if self.best_score is None else max(self.best_score, best_score)
        tally_day = self.days.setdefault(day, [0, 0])
        tally_day[0] += won
        tally_day[1] += played - won

    def summary(self, variant: str | None, today: date) -> Summary:
        """The figures as the statistics table shows them."""
        daily_current, daily_best = day_streaks(self.daily_days, today)
        return Summary(
            variant=variant,
            played=self.played,
            won=self.won,
            lost=self.played - self.won,
            win_rate=self.won / self.played if self.played else None,
            current_streak=self.streak,
            best_streak=self.best_streak,
            best_time=None if self.best_time is None else float(self.best_time),
            fewest_moves=self.fewest_moves,
            best_score=self.best_score,
            daily_played=self.daily_played,
            daily_won=self.daily_won,
            daily_current_streak=daily_current,
            daily_best_streak=daily_best,
        )

    def day_points(self) -> list[DayPoint]:
        """Per day, oldest first, with the win rate up to its end."""
        points: list[DayPoint] = []
        wins = played = 0
        for day, (won, lost) in sorted(self.days.items()):
            wins, played = wins + won, played + won + lost
            points.append(DayPoint(date.fromisoformat(day), won, lost, wins / played))
        return points


@dataclass
class Sums:
    """The tallies of some variants and of them all together (key ``None``)."""

    tallies: dict[str | None, Tally]
    skipped: int = 0
    """Finished games left out for a damaged value."""
    last_id: int = 0
    """The newest finished game added (``games.id``)."""
    games: int = 0
    """How many rows of ``games`` there were up to ``last_id``, counted or left out."""

    @classmethod
    def empty(cls, keys: list[str | None]) -> Sums:
        """Nothing added yet."""
        return cls({key: Tally() for key in keys})

    def to_json(self) -> str:
        """The tallies and the games left out, as JSON (``from_json`` reads it back)."""
        tallies = {ALL if key is None else key: _tally_json(tally) for key, tally in self.tallies.items()}
        return json.dumps({"skipped": self.skipped, "tallies": tallies}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: object, last_id: object, games: object, keys: list[str | None]) -> Sums:
        """The sums ``to_json`` wrote, for exactly ``keys``; ``ValueError`` if anything in them
        is odd."""
        found = safe_json.loads(text, max_chars=MAX_CHARS, max_depth=5)
        if not isinstance(found, dict) or set(found) != {"skipped", "tallies"}:
            raise ValueError("not sums")
        tallies = found["tallies"]
        if not isinstance(tallies, dict) or set(tallies) != {ALL if key is None else key for key in keys}:
            raise ValueError("not the sums of these variants")
        return cls(
            {key: _tally(tallies[ALL if key is None else key]) for key in keys},
            skipped=_count(found["skipped"]),
            last_id=_count(last_id),
            games=_count(games),
        )


def _tally_json(tally: Tally) -> list[object]:
    return [
        tally.played,
        tally.won,
        tally.best_time,
        tally.fewest_moves,
        tally.best_score,
        tally.daily_played,
        tally.daily_won,
        tally.streak,
        tally.best_streak,
        sorted(day.isoformat() for day in tally.daily_days),
        tally.days,
    ]


def _tally(value: Any) -> Tally:
    if not isinstance(value, list) or len(value) != 11:
        raise ValueError("not a tally")
    played, won, best_time, fewest, best_score, daily_played, daily_won, streak, best, dailies, days = value
    if best_time is not None and (isinstance(best_time, bool) or not isinstance(best_time, (int, float))):
        raise ValueError("not a time")
    if not isinstance(dailies, list) or not isinstance(days, dict):
        raise ValueError("not days")
    return Tally(
        played=_count(played),
        won=_count(won),
        best_time=best_time,
        fewest_moves=None if fewest is None else _count(fewest),
        best_score=None if best_score is None else _count(best_score),
        daily_played=_count(daily_played),
        daily_won=_count(daily_won),
        streak=_count(streak),
        best_streak=_count(best),
        daily_days={date.fromisoformat(_day(day)) for day in dailies},
        days={_day(day): [_count(won), _count(lost)] for day, (won, lost) in days.items()},
    )


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError("not a count")
    return value


@functools.lru_cache(maxsize=1 << 16)  # the same days in every variant's tally and in all's
def _day(value: object) -> str:
    if not isinstance(value, str) or date.fromisoformat(value).isoformat() != value:
        raise ValueError("not a day")
    return value
