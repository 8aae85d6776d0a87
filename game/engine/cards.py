"""Cards as small immutable values.

A card is an ``int`` subclass from 0 to 51 (``suit * 13 + rank - 1``), so that the engine can
use it as a table index, while ``str(card)`` gives its two-character text form: rank from
``A23456789TJQK`` then suit from ``CDHS`` (``TD`` is the ten of diamonds). A face-down card is
written in lower case (``td``); facing is a property of where a card lies, not of the card.
"""

from __future__ import annotations

from typing import Final

from game.engine.errors import InvalidPosition, shown

RANK_LETTERS: Final = "A23456789TJQK"
SUIT_LETTERS: Final = "CDHS"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES: Final = (
    "",
    "Ace",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
)
ACE: Final = 1
KING: Final = 13
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


class Card(int):
    """One of the 52 cards. Build one with ``Card.make(rank, suit)`` or ``Card.parse("TD")``."""

    __slots__ = ()

    @staticmethod
    def make(rank: int, suit: int) -> Card:
        """The card of ``rank`` (1 = Ace … 13 = King) and ``suit`` (0 clubs … 3 spades)."""
        if not (ACE <= rank <= KING and 0 <= suit <= 3):
            raise ValueError(f"no card of rank {rank} and suit {suit}")
        return DECK[suit * 13 + rank - 1]

    @staticmethod
    def parse(text: str) -> Card:
        """The card written ``text`` (either case): ``"TD"``, ``"td"``, ``"10d"``.

        >>> Card.parse("10d") == Card.parse("td") == Card.make(10, DIAMONDS)
        True
        >>> Card.parse("QS").name
        'Queen of spades'
        """
        card, _ = parse_card(text)
        return card

    @property
    def rank(self) -> int:
        """1 (Ace) to 13 (King)."""
        return int(self) % 13 + 1

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return int(self) // 13

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red; clubs and spades black."""
        return self.suit in (DIAMONDS, HEARTS)

    @property
    def name(self) -> str:
        """The card's name in words: ``"Ten of diamonds"``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def text(self, face_up: bool = True) -> str:
        """The two-character text form, lower case when ``face_up`` is false.

        >>> Card.make(10, DIAMONDS).text(), Card.make(ACE, SPADES).text(face_up=False)
        ('TD', 'as')
        """
        t = RANK_LETTERS[self.rank - 1] + SUIT_LETTERS[self.suit]
        return t if face_up else t.lower()

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Card({self.text()!r})"


DECK: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(52))
"""All 52 cards, clubs Ace to King, then diamonds, hearts, spades."""

RANK: Final[tuple[int, ...]] = tuple(c % 13 + 1 for c in range(52))
SUIT: Final[tuple[int, ...]] = tuple(c // 13 for c in range(52))
IS_RED: Final[tuple[bool, ...]] = tuple(SUIT[c] in (DIAMONDS, HEARTS) for c in range(52))


def rank_letter(rank: int) -> str:
    """The one-letter form of a rank (``"T"`` for ten)."""
    return RANK_LETTERS[rank - 1]


def parse_rank(text: str) -> int:
    """A rank from its letter (``"A"``, ``"T"`` or ``"10"``, ``"K"``), case-insensitive."""
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANK_LETTERS:
        raise InvalidPosition(f"not a rank: {shown(text)} (use one of {RANK_LETTERS})")
    return RANK_LETTERS.index(t) + 1


def parse_card(text: str) -> tuple[Card, bool]:
    """A card and whether it is face up (upper case) from its text form."""
    if len(text) not in (2, 3) or not text.isalnum():
        raise InvalidPosition(f"not a card: {shown(text)} (write rank then suit, like TD or td)")
    suit_letter = text[-1]
    if suit_letter.upper() not in SUIT_LETTERS:
        raise InvalidPosition(f"not a card: {shown(text)} (suit must be one of {SUIT_LETTERS})")
    face_up = text == text.upper()
    if not face_up and text != text.lower():
        raise InvalidPosition(f"mixed case in card {shown(text)}: face up is TD, face down is td")
    rank = parse_rank(text[:-1])
    return Card.make(rank, SUIT_LETTERS.index(suit_letter.upper())), face_up


def split_cards(text: str) -> list[str]:
    """Split a run of two-character card texts (``"td9sKH"``) into its cards."""
    if text in ("", "-"):
        return []
    if len(text) % 2:
        raise InvalidPosition(f"cards must be two characters each: {shown(text)}")
    return [text[i : i + 2] for i in range(0, len(text), 2)]
