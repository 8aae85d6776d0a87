"""What the player asks for, whatever key or button said it."""

from __future__ import annotations

from enum import Enum


class Intent(Enum):
    """A request from the keyboard, the toolbar or a dialog."""

    MENU = "menu"
    NEW_DEAL = "new deal"
    SAME_DEAL = "same deal"
    RESTART = "restart"
    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    FINISH = "finish"
    RULES = "rules"
    FULLSCREEN = "fullscreen"
    ESCAPE = "escape"
    CHANGE_GAME = "change game"
    QUIT = "quit"
    CONFIRM = "confirm"
    CLOSE = "close"
    DEAL = "deal"
    MUTE = "mute"
    SHORTCUTS = "shortcuts"
    REWIND = "rewind"
    DEMO = "demo"
