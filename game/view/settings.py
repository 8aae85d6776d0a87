"""The player's options for the table (kept in memory; the store will persist them)."""

from __future__ import annotations

from dataclasses import dataclass

from game.view.animation import SPEEDS
from game.view.backs import BACK_ORDER
from game.view.themes import FELT_ORDER, THEME_ORDER

SPEED_ORDER = ("normal", "fast", "slow", "off")
CARD_STYLES = ("classic", "fourcolour")
VOLUME_STEPS = (0.25, 0.5, 0.8, 1.0)
SPEECH_ORDER = ("off", "brief", "full")
CARD_SIZE_ORDER = ("normal", "large", "largest")
"""The card sizes (``game.view.layout.CARD_SIZES``), in the order the menu cycles them."""


@dataclass
class Settings:
    """Animation speed, automatic moves, click-to-move, the card style, sound, contrast, speech."""

    speed: str = "normal"
    auto_moves: bool = True
    """Safe cards go to the foundations after each action, and a certain win finishes itself."""
    click_to_move: bool = False
    """Click a card, then click where it should go (dragging works as well)."""
    card_style: str = "classic"
    """One of ``CARD_STYLES``; ``fourcolour`` is the colour-blind-friendly deck."""
    sound: bool = True
    """Sound effects on (M mutes and unmutes)."""
    volume: float = 0.8
    """The effects' volume, 0 to 1."""
    high_contrast: bool = False
    """A dark plain table, bright outlines and thicker focus and highlight rings."""
    speech: str = "off"
    """Speech for blind and low-vision players: ``off``, ``brief`` or ``full`` (``game.app_speech``)."""
    large_print: bool = False
    """Card faces with a big rank and suit in the strip a fan leaves visible (``game.view.large_print``)."""
    card_size: str = "normal"
    """One of ``CARD_SIZE_ORDER``: cards larger than the window gives, fans overlapping more."""
    last_move: bool = True
    """The last move's cards (and an automatic move's source pile) outlined for a moment."""
    theme: str = "classic"
    """The interface's colours, one of ``themes.THEME_ORDER``: ``classic`` or ``dark``."""
    felt: str = "green"
    """The felt's colour, one of ``themes.FELT_ORDER`` (the high-contrast table wins over it)."""
    card_back: str = "standard"
    """The backs' design, one of ``backs.BACK_ORDER`` (``standard``: the card style's own)."""
    show_clock: bool = True
    """The clock in the status line (hidden, it still counts for the statistics)."""
    show_score: bool = True
    """The score in the status line."""
    show_moves: bool = True
    """The move count in the status line."""
    mirror: bool = False
    """The left-handed layout: the table mirrored left to right (``game.view.layout``)."""
    one_click: bool = False
    """A click on a card plays it: home if it can go, else where the hint would put it; a
    second click on it tries the next place (``game.controls.one_click``)."""

    @property
    def speed_factor(self) -> float:
        """The factor on every animation's duration (0: no animation)."""
        return SPEEDS.get(self.speed, 1.0)

    def next_speed(self) -> None:
        """Cycle normal -> fast -> slow -> off -> normal."""
        self.speed = SPEED_ORDER[(SPEED_ORDER.index(self.speed) + 1) % len(SPEED_ORDER)]

    def next_speech(self) -> None:
        """Cycle speech off -> brief -> full -> off."""
        self.speech = SPEECH_ORDER[(SPEECH_ORDER.index(self.speech) + 1) % len(SPEECH_ORDER)]

    def next_card_style(self) -> None:
        """Cycle through the card styles."""
        self.card_style = CARD_STYLES[(CARD_STYLES.index(self.card_style) + 1) % len(CARD_STYLES)]

    def next_card_size(self) -> None:
        """Cycle normal -> large -> largest -> normal."""
        self.card_size = _after(CARD_SIZE_ORDER, self.card_size)

    def next_theme(self) -> None:
        """Cycle through the themes."""
        self.theme = _after(THEME_ORDER, self.theme)

    def next_felt(self) -> None:
        """Cycle through the felt colours."""
        self.felt = _after(FELT_ORDER, self.felt)

    def next_card_back(self) -> None:
        """Cycle through the card backs."""
        self.card_back = _after(BACK_ORDER, self.card_back)

    def next_volume(self) -> None:
        """Cycle the sound: off -> 25% -> 50% -> 80% -> 100% -> off (one menu entry)."""
        if not self.sound:
            self.sound, self.volume = True, VOLUME_STEPS[0]
            return
        louder = [v for v in VOLUME_STEPS if v > self.volume + 0.01]
        if louder:
            self.volume = louder[0]
        else:
            self.sound = False


def _after(order: tuple[str, ...], value: str) -> str:
    """The entry after ``value`` in ``order``, round to the first (an unknown value: the first)."""
    return order[(order.index(value) + 1) % len(order)] if value in order else order[0]
