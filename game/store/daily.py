"""The deal of the day: one deal per variant per calendar date, the same for every player.

Offline and from the date alone: the deal number is ``1 + N mod (2**31 - 1)``, where ``N`` is
the first 8 bytes (big-endian) of the SHA-256 of the text ``"YYYY-MM-DD:variant"`` (for example
``"2025-03-14:kansas"``). Numbers up to ``2**31 - 1`` are deals every PySolFC numbering shares.
The date is the player's local calendar date.
"""

from __future__ import annotations

from datetime import date

DAILY_RANGE = 2**31 - 1
"""Deals of the day run from 1 to this."""


def daily_deal(variant: str, day: date) -> int:
    """The deal number of ``variant``'s deal of the day on ``day``."""
    import hashlib  # here: it loads OpenSSL (~3 MiB resident), which a plain start never needs

    digest = hashlib.sha256(f"{day.isoformat()}:{variant}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % DAILY_RANGE
