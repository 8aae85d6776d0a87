"""The keyboard shortcuts."""

from __future__ import annotations

import pygame

from game.controls.intents import Intent

_CTRL_KEYS = {
    pygame.K_n: Intent.NEW_DEAL,
    pygame.K_r: Intent.RESTART,
    pygame.K_z: Intent.UNDO,
    pygame.K_y: Intent.REDO,
    pygame.K_q: Intent.QUIT,
    pygame.K_g: Intent.CHANGE_GAME,
}
_PLAIN_KEYS = {
    pygame.K_h: Intent.HINT,
    pygame.K_f: Intent.FINISH,
    pygame.K_F1: Intent.RULES,
    pygame.K_F2: Intent.NEW_DEAL,
    pygame.K_F11: Intent.FULLSCREEN,
    pygame.K_ESCAPE: Intent.ESCAPE,
    pygame.K_BACKSPACE: Intent.UNDO,
    pygame.K_d: Intent.DEAL,
    pygame.K_m: Intent.MUTE,
    pygame.K_QUESTION: Intent.SHORTCUTS,
}
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def intent_for_key(key: int, mod: int) -> Intent | None:
    """The intent of a key press: Ctrl+N new deal, Ctrl+R restart, Ctrl+Z undo, Ctrl+Shift+Z and
    Ctrl+Y redo, Shift+Backspace rewind (to the last winnable position), H hint, F finish,
    D deal, M mute, ``?`` the shortcuts, F1 rules, F11 and Alt+Enter fullscreen, Esc, Ctrl+G
    the games, Ctrl+Q quit. (The focus keys are ``game.controls.focus``'s; P, held, peeks:
    ``game.controls.peek``.)"""
    ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    if ctrl and key == pygame.K_z and mod & pygame.KMOD_SHIFT:
        return Intent.REDO
    if ctrl:
        return _CTRL_KEYS.get(key)
    if key in _ENTER and mod & pygame.KMOD_ALT:
        return Intent.FULLSCREEN
    if mod & pygame.KMOD_ALT:
        return None
    if key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT:
        return Intent.SHORTCUTS
    if key == pygame.K_BACKSPACE and mod & pygame.KMOD_SHIFT:
        return Intent.REWIND
    return _PLAIN_KEYS.get(key)
