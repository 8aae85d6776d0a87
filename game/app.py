"""The one main loop: the window, the scene stack, events in, frames out.

``run(args)`` is what the ``solitaire`` command calls. The loop redraws only when a scene
says something changed or while an animation runs; when idle it sleeps in the kernel
(``game.view.sleep.wait_event``) until the next event, the next second of a running game clock
or the next thing a scene has scheduled, so an idle table costs next to nothing; minimised, it
wakes only for events. Tests build an ``App`` with a window size and a fake
clock, post pygame events and call ``step()`` one frame at a time. The environment variable
``SOLITAIRE_SPEED`` (``normal``, ``fast``, ``slow``, ``off``) sets the starting animation speed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
import warnings
from collections.abc import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # real pixels: sharp cards on HiDPI
from game.view.lean_pygame import pygame  # first: pygame without what the first frame never needs

# isort: split

from game.app_store import Persistence, first_variant, place_window, window_position
from game.controls.gamepad import EVENTS as GAMEPAD_EVENTS
from game.controls.gamepad import Gamepads
from game.controls.intents import Intent
from game.controls.keys import intent_for_key
from game.scenes.base import Damage, Scene
from game.scenes.play_clock import MINIMISED, UNFOCUSED
from game.scenes.table import TableScene
from game.solver.advisor import Advisor, Worker
from game.view.card_art import CardArt
from game.view.display import Display, current_window, default_display
from game.view.layout import MIN_WINDOW, clamp_window
from game.view.renderer import Renderer
from game.view.settings import Settings
from game.view.sleep import WAKE, Doorbell, wait_event
from game.view.sound import Sound
from game.view.widgets import reset_fonts, trim_texts
from game.view.window import caption, default_window_size, fit_desktop, init_display, take, window_size_for

__all__ = ["App", "caption", "default_window_size", "fit_desktop", "merge_rects", "run"]

IDLE_TEXTS = 64
"""Rendered lines of text kept while idle (the bars need a few dozen; a rules page, hundreds)."""
SOUND_REST_AFTER = 10.0
"""Seconds without input or animation before the mixer is closed (``Sound.rest``); the next
effect opens it again, a few milliseconds late."""
PARK_AFTER = 2.0
"""Seconds without input or animation before an idle table parks its layer (``go_idle``): a
player making moves keeps it, and the first frame after a pause pays for rebuilding it."""


def run(args: argparse.Namespace, persist: Persistence | None = None, display: Display | None = None) -> int:
    """Play: open the window (or take the one ``game.view.window.open_first`` opened on
    ``display``, with the store it opened, ``persist``) and run until the player quits; returns
    the exit status."""
    app: App | None = None
    try:
        app = App(args, persist=persist, display=display)
        return app.run()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if os.environ.get("SOLITAIRE_DEBUG"):
            import traceback

            traceback.print_exc()
        print(f"solitaire: unexpected error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        if app is not None:
            app.close()
        pygame.quit()


def _refresh_rate() -> int:
    """The display's refresh rate (at least 60) for the frame cap while animating."""
    try:
        rates = pygame.display.get_desktop_refresh_rates()
        rate = int(rates[0]) if rates else 60
    except (pygame.error, AttributeError, IndexError):
        rate = 60
    return max(60, min(240, rate))


class App:
    """The window, the settings, the card art and the scene stack."""

    solver_worker: Callable[[], Worker] | None = None
    """What runs the advisor's searches: None for the worker process (tests put a synchronous
    stand-in here)."""

    def __init__(
        self,
        args: argparse.Namespace,
        *,
        clock: Callable[[], float] | None = None,
        speed: str | None = None,
        display: Display | None = None,
        persist: Persistence | None = None,
    ) -> None:
        init_display()
        pygame.font.init()
        reset_fonts()
        self._clock = clock or time.monotonic
        self.persist = persist or Persistence.open(getattr(args, "data_dir", None))
        stored = self.persist.stored
        self.settings: Settings = self.persist.view_settings(speed or os.environ.get("SOLITAIRE_SPEED"))
        window = getattr(args, "window", None)
        self.window_size, self.fullscreen, too_large = window_size_for(args, stored)
        if too_large is not None and window:
            self.persist.notice(too_large)
        self.exit_when_done = bool(getattr(args, "exit_when_done", False))
        self.running = True
        self.exit_code = 0
        self._caption = ""
        self.window_pauses: set[str] = set()
        """Why the window cannot be played in now (minimised, unfocused): the game clock pauses."""
        self.scenes: list[Scene] = []
        self.display = display or default_display()
        """The window; the surface is in its drawable's pixels (``display.scale`` per point)."""
        self.display.set_caption(caption(self._first_variant(args)))  # the title the window maps with
        self._windowed_at: tuple[int, int] | None = stored.window_pos
        """Where the window was before full screen (its place again after)."""
        taken = take(self.display, self.window_size, self.fullscreen)
        self.surface = taken or self._open_window()
        if window is None and not self.fullscreen and taken is None:
            place_window(stored.window_pos)
        self.art = CardArt(self.settings.card_style)
        self.renderer = Renderer(self.art)
        self.renderer.high_contrast = self.settings.high_contrast
        self.sound = Sound(lambda: self.settings)
        """Sound effects; the mixer opens on the first one."""
        self.gamepads = Gamepads()
        self._later: list[Callable[[], object]] = [self.gamepads.start, self._set_icon]
        """Set-up the first frame does not need, done once it has been presented (``step``)."""
        self._ticker = pygame.time.Clock()
        self.fps = _refresh_rate()
        self._full_redraw = True
        self._laid_out = self.surface.get_size()
        self._advisor: Advisor | None = None
        self._doorbell = Doorbell()
        """Wakes the sleeping loop when the solver's answer arrives."""
        self._active_at = self.now()
        """When input last came or a scene was last busy (``go_idle`` parks the layer after a while)."""
        self._first_scene(args)

    @property
    def shown(self) -> bool:
        """Whether the window is on screen (not minimised or hidden): if not, no frames are made
        and the idle loop wakes only for events."""
        return MINIMISED not in self.window_pauses

    def _first_variant(self, args: argparse.Namespace) -> str | None:
        """The game the window opens on (``game.app_store.first_variant``)."""
        return first_variant(args, self.persist)

    def _first_scene(self, args: argparse.Namespace) -> None:
        variant, deal = self._first_variant(args), getattr(args, "deal", None)
        autoplay = bool(getattr(args, "autoplay", False))
        if variant is not None:
            self.push(TableScene(self, variant, deal, autoplay=autoplay))
        else:
            from game.scenes.chooser import ChooserScene  # with no game named: not before

            self.push(ChooserScene(self, deal))

    @property
    def advisor(self) -> Advisor:
        """The solver's knowledge of the games played (its worker process starts on first use)."""
        if self._advisor is None:
            self._advisor = Advisor(type(self).solver_worker, clock=self.now)
        return self._advisor

    def close(self) -> None:
        """Stop the solver's worker process, if it was started, close the window, and let
        other windows play this one's games."""
        self._doorbell.close()
        if self._advisor is not None:
            self._advisor.close()
        self.display.close()
        self.persist.store.release_claims()

    # --------------------------------------------------------------- window

    def _open_window(self) -> pygame.Surface:
        surface = self.display.open(self.window_size, self.fullscreen)
        if not self.fullscreen:
            self._set_minimum_size()
        return surface

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                current_window().minimum_size = MIN_WINDOW  # in points, as the window's size
        except (pygame.error, AttributeError):
            pass

    def _set_icon(self) -> None:
        with contextlib.suppress(pygame.error, OSError, ValueError):
            self.display.set_icon(self.renderer.preview_art.face("AS", 64))

    @property
    def size(self) -> tuple[int, int]:
        """The surface's size in pixels (the drawable's: ``display.scale`` per window point)."""
        return self.surface.get_size()

    def toggle_fullscreen(self) -> None:
        """Fullscreen at the desktop's resolution, or back to the window it came from: its size
        and its place on the desktop."""
        if not self.fullscreen:
            self.window_size = self.display.window_size()
            self._windowed_at = window_position() or self._windowed_at
        self.fullscreen = not self.fullscreen
        self.surface = self._open_window()
        if not self.fullscreen:
            self._restore_window()
        self._relayout()
        self.persist.window_changed(self.window_size, self.fullscreen)

    def _restore_window(self) -> None:
        """Back from full screen, at the place the window had (its size is the display's to
        restore): without a window manager, or with some, nothing else puts it back."""
        place_window(self._windowed_at)

    def _resized(self, size: tuple[int, int]) -> None:
        """The window was resized (by the player or the system): clamp and lay out again."""
        if not self.fullscreen:
            wanted = clamp_window(size)
            self.surface = self.display.resized(wanted)
            self.window_size = wanted
            self.persist.window_changed(self.window_size, self.fullscreen)
        self._relayout()

    def _relayout(self) -> None:
        self.renderer.discard_parked_layer()  # the window's pixels may be gone
        self._laid_out = self.surface.get_size()
        for scene in self.scenes:
            scene.resize()
        self._full_redraw = True

    # --------------------------------------------------------------- scenes

    @property
    def top(self) -> Scene:
        """The scene in front."""
        return self.scenes[-1]

    @property
    def table(self) -> TableScene | None:
        """The table scene, if a game is on the stack."""
        return next((s for s in self.scenes if isinstance(s, TableScene)), None)

    def scene_below(self, scene: Scene) -> Scene | None:
        """The scene under ``scene`` on the stack."""
        i = self.scenes.index(scene)
        return self.scenes[i - 1] if i > 0 else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` in front."""
        if self.scenes:
            self.top.cover()
        self.scenes.append(scene)
        scene.enter()
        self._full_redraw = True
        self._show_caption()

    def pop(self, scene: Scene) -> None:
        """Remove ``scene`` (normally the one in front)."""
        if scene not in self.scenes:
            return
        was_top = scene is self.top
        self.scenes.remove(scene)
        scene.exit()
        if was_top and self.scenes:
            self.top.uncover()
        self._full_redraw = True
        self._show_caption()

    def _show_caption(self) -> None:
        """The window's title: the game on the table, or just the program's name."""
        table = self.table
        title = caption(table.g.key if table is not None else None)
        if title != self._caption:
            self._caption = title
            self.display.set_caption(title)

    def replace_all(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def start_game(self, variant: str, deal: int | None = None, *, daily: bool = False) -> None:
        """A table for ``variant``: its saved game, deal ``deal``, or (``daily``) today's deal
        (asking first when that abandons a game in progress of ``variant``)."""

        def start() -> None:
            self.replace_all(TableScene(self, variant, deal, daily=daily))

        if deal is None and not daily:
            start()
        else:
            self.confirm_abandon(variant, start, daily=daily)

    def confirm_abandon(
        self, variant: str, then: Callable[[], None], *, daily: bool = False, restart: bool = False
    ) -> None:
        """Do ``then``, which ends ``variant``'s game in progress; when a move was made in it,
        ask first, once: it counts as a loss (Enter confirms, Esc keeps playing)."""
        from game.scenes.dialog import Dialog

        table = self.table
        if table is not None and table.g.key == variant:  # the computer's games are not counted
            asks = table.autoplay is None and table.would_count_as_lost() and not (daily and table.daily)
        else:
            asks = self.persist.would_abandon(variant, daily=daily)
        if not asks:
            then()
            return
        title, confirm = ("Restart this deal?", "Restart") if restart else (ABANDON_TITLE, "Abandon")
        if isinstance(self.top, Dialog) and self.top.title == title:
            return
        lines = ["The game so far counts as a loss." if restart else "It counts as a loss."]
        buttons = [(Intent.CONFIRM, confirm), (Intent.CLOSE, "Keep playing")]
        self.push(
            Dialog(
                self, title, lines, buttons, lambda a: then() if a is Intent.CONFIRM else None, Intent.CLOSE
            )
        )

    def show_stats(self) -> None:
        """The statistics screen (over the table or the chooser)."""
        from game.scenes.stats import StatsScene

        if not isinstance(self.top, StatsScene):
            self.push(StatsScene(self))

    # -------------------------------------------------------------- intents

    def perform(self, intent: Intent) -> None:
        """Requests the table leaves to the app: menu, rules, fullscreen, change game, quit."""
        if intent is Intent.FULLSCREEN or (intent is Intent.ESCAPE and self.fullscreen):
            self.toggle_fullscreen()
        elif intent in (Intent.ESCAPE, Intent.MENU):
            from game.scenes.menu import MenuScene

            self.push(MenuScene(self))
        elif intent is Intent.RULES and self.table is not None:
            from game.scenes.rules import RulesScene

            self.push(RulesScene(self, self.table.g.variant))
        elif intent is Intent.CHANGE_GAME:
            from game.scenes.chooser import ChooserScene

            self.push(ChooserScene(self))
        elif intent is Intent.QUIT:
            self.request_quit()
        elif intent is Intent.SHORTCUTS:
            from game.scenes.shortcuts import ShortcutsScene

            self.push(ShortcutsScene(self))
        elif intent is Intent.MUTE:
            self.toggle_sound()
        elif intent is Intent.DEMO and self.table is not None:
            table = self.table
            self.push(TableScene(self, table.g.key, demo=table.g))

    def request_quit(self) -> None:
        """Quit, asking first when a game in progress would be lost (the store saves nothing)."""
        from game.scenes.dialog import Dialog

        table = self.table
        if any(isinstance(s, Dialog) and s.title == _QUIT_TITLE for s in self.scenes):
            return
        if table is not None and table.in_progress() and not self.persist.store.persistent:
            self.push(
                Dialog(
                    self,
                    _QUIT_TITLE,
                    ["The game in progress will be lost."],
                    [(Intent.QUIT, "Quit"), (Intent.CLOSE, "Keep playing")],
                    self._quit_choice,
                    escape=Intent.CLOSE,
                )
            )
        else:
            self.quit()

    def _quit_choice(self, action: object) -> None:
        if action is Intent.QUIT:
            self.quit()

    def quit(self, code: int = 0) -> None:
        """Leave the main loop with exit status ``code``."""
        if self.running:
            self.persist.window_changed(self.window_size, self.fullscreen, with_position=True)
            if self.table is not None:
                self.table.save_time()  # before the variant's lock goes
            self.persist.store.release_claims()
        self.running = False
        self.exit_code = code

    def game_over(self, table: TableScene, won: bool) -> None:
        """The game is won or stuck: quit if told to, else show the win or no-moves screen."""
        if table.demo:
            result = "won the deal" if won else "found no move left"
            table.show_toast(f"The demo {result}. Press a key or click to go back.", None)
        elif self.exit_when_done:
            print(table.outcome(), flush=True)
            self.quit(0)
        else:
            from game.scenes.stuck import StuckScene
            from game.scenes.win import WinScene

            self.push(WinScene(self, table) if won else StuckScene(self, table))

    def autoplay_gave_up(self, table: TableScene) -> None:
        """Autoplay found no new position to go to (the game is neither won nor stuck)."""
        if self.exit_when_done and not table.demo:
            print(table.outcome(), flush=True)
            self.quit(0)
        else:
            table.show_toast("Autoplay stopped: no new position to reach.")

    def toggle_sound(self) -> None:
        """M: sound effects off, or back on at the chosen volume."""
        self.settings.sound = not self.settings.sound
        if not self.settings.sound:
            self.sound.stop()
        self.persist.settings_changed(self.settings)
        table = self.table
        if table is not None:
            table.show_toast("Sound on" if self.settings.sound else "Sound off")

    def set_high_contrast(self, on: bool) -> None:
        """A dark plain table with bright outlines and thicker rings, or the felt again."""
        self.settings.high_contrast = on
        self.renderer.set_high_contrast(on)
        self._relayout()

    def set_card_style(self, style: str) -> None:
        """Use another card style."""
        self.settings.card_style = style
        self.art = CardArt(style)
        self.renderer.set_art(self.art)
        self._relayout()

    # ----------------------------------------------------------------- loop

    def now(self) -> float:
        """The app's clock in seconds."""
        return self._clock()

    def run(self) -> int:
        """Run until quit; returns the exit status."""
        while self.running:
            if self.top.busy() and self.shown:
                self.step()
                self._ticker.tick(self.fps)  # after the frame: the first is not held back
            elif self._warm_cards():
                self.step()
            else:
                self.go_idle()
                self.step(self._wait())
        return self.exit_code

    def go_idle(self) -> None:
        """Before sleeping: drop what only animations need and, after ``PARK_AFTER`` seconds
        without input, park the table layer.

        A parked layer's pixels (a window-sized surface) are let go until a frame draws
        outside the window's bars; it is then rebuilt from the window (``_draw``).
        """
        self.renderer.trim()
        trim_texts(IDLE_TEXTS)
        if not self.shown or self._sound_rest_in() == 0.0:
            self.sound.rest()
        if self._park_in() != 0.0:
            return
        top = self.top
        covered = top.layer_cover() if isinstance(top, TableScene) else None
        if covered is not None:
            banner = self.persist.banner_rect(self.surface.get_size())
            self.renderer.park_layer(covered if banner is None else [*covered, banner])

    def _warm_cards(self) -> bool:
        """While idle, render a few card images the table has not needed yet (a few ms)."""
        table = self.table
        if table is not None and self.renderer.art.warm_some(table.layout.card_w, 0.006):
            return True
        return self.sound.warm_one()

    def _park_in(self) -> float | None:
        """Seconds until ``go_idle`` may park the table layer (0: now), or None if nothing to park."""
        if not self.scenes or self.renderer.parked or not isinstance(self.top, TableScene):
            return None
        return max(0.0, self._active_at + PARK_AFTER - self.now())

    def _sound_rest_in(self) -> float | None:
        """Seconds until ``go_idle`` may close the mixer (0: now), or None if it is closed."""
        if not self.sound.open:
            return None
        wait = max(0.0, self._active_at + SOUND_REST_AFTER - self.now())
        return 1.0 if wait == 0.0 and self.sound.playing() else wait  # a long chime: look again

    def _wait(self) -> pygame.event.Event | None:
        """Sleep until an event or the next scheduled wake-up (see ``wake_in``)."""
        self._doorbell.watch(self._advisor.waitables() if self._advisor is not None else ())
        wake = self.wake_in()
        return wait_event(None if wake is None else int(wake * 1000) + 1)

    def wake_in(self) -> float | None:
        """Seconds until the idle loop must wake without an event (None: only for an event):
        the front scene's next change (a running clock's next second, a hint or notice to take
        down), the banner's, parking the layer, closing the mixer. Minimised or hidden: only events."""
        if not self.shown:
            return None
        now = self.now()
        times = [self.top.wakeup(now), self._park_in() or None, self.persist.banner_expires_in(now)]
        times.append(self._sound_rest_in() or None)
        present = [t for t in times if t is not None]
        return max(0.0, min(present)) if present else None

    def step(self, first: pygame.event.Event | None = None) -> bool:
        """One frame: handle the waiting events, update the front scene, draw what changed."""
        events = ([first] if first is not None else []) + pygame.event.get()
        resizes = [e for e in events if e.type == pygame.VIDEORESIZE]
        for event in events:
            if event.type == pygame.VIDEORESIZE and event is not resizes[-1]:
                continue  # while the window is being dragged larger, lay out once a frame
            self._dispatch(self.display.to_pixels(event))
            if not self.running:
                return False
        if self.surface.get_size() != self._laid_out:
            self._relayout()
        if self.persist.tick(self.now(), self.settings):
            self._full_redraw = True
        self._sound_notice()
        if self.scenes:
            if self.renderer.parked and any(e.type == pygame.MOUSEMOTION for e in events):
                # The pointer moves: a click may follow. Rebuild the layer now, on a frame with
                # nothing to show, not on the click's (a frame's worth of time at 4K).
                self.renderer.restore_layer(self.surface)
            damage = self.top.update(self.now())
            if self.shown:  # minimised: restoring it redraws everything
                self._draw(damage)
            while self._later:
                self._later.pop(0)()
            if events or self.top.busy():
                self._active_at = self.now()
        return self.running

    def _sound_notice(self) -> None:
        """Once, when no sound device was found: say so on the table (after any other message)."""
        table = self.table
        if self.sound.notice is not None and table is not None and table.toast is None:
            notice = self.sound.take_notice()
            if notice is not None:
                table.show_toast(notice)

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
        elif event.type == pygame.VIDEORESIZE:
            self._resized(event.size)
        elif event.type == pygame.WINDOWDISPLAYCHANGED:
            self._resized(self.display.window_size())  # the new screen may have another scale
        elif event.type in _WINDOW_PAUSES:
            self._window_paused(event.type)
        elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            self._full_redraw = True
        elif event.type == WAKE:
            pass  # the solver answered: the front scene's update takes it
        elif event.type == pygame.KEYDOWN and intent_for_key(event.key, event.mod) is Intent.FULLSCREEN:
            self.toggle_fullscreen()
        elif self._is_stats_key(event):
            self.show_stats()
        elif event.type in GAMEPAD_EVENTS:
            self.gamepads.handle(event, self.top if self.scenes else None)
        elif self.scenes:
            self.top.handle_event(event)

    def _window_paused(self, kind: int) -> None:
        """Minimised or restored, focus lost or gained: the clocks of the tables pause or run on."""
        reason, paused = _WINDOW_PAUSES[kind]
        if paused:
            self.window_pauses.add(reason)
        else:
            self.window_pauses.discard(reason)
        for scene in self.scenes:
            if isinstance(scene, TableScene):
                (scene.clock.pause if paused else scene.clock.resume)(reason, self.now())
        if not paused:
            self._full_redraw = True

    def _is_stats_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        from game.scenes.stats import is_stats_key  # the statistics code loads on first use

        return is_stats_key(self, event)

    def _draw(self, damage: Damage) -> None:
        if self._full_redraw:
            damage, self._full_redraw = True, False
        if not self.scenes or damage is False:
            return
        renderer = self.renderer
        if renderer.parked and (damage is True or not all(map(renderer.parked_covers, damage))):
            renderer.restore_layer(self.surface)  # before anything is drawn over the window
        if damage is True:
            self.top.draw(self.surface)
            self.persist.draw_banner(self.surface)
            self.display.flip()
            return
        areas = merge_rects(damage, self.surface.get_rect())
        for area in areas:
            self.surface.set_clip(area)
            self.top.draw(self.surface)
            self.persist.draw_banner(self.surface)
        self.surface.set_clip(None)
        self.display.update(areas)


def merge_rects(rects: list[pygame.Rect], bounds: pygame.Rect, most: int = 8) -> list[pygame.Rect]:
    """``rects`` clipped to ``bounds`` and merged: two become their union when it covers no
    more than they do apart, and while more than ``most`` remain, the two whose union adds
    the least. (A card's rectangle touching the status strip must not make the whole
    window's width one area.)"""
    merged: list[pygame.Rect] = []
    for rect in (r.clip(bounds) for r in rects):
        i = 0
        while i < len(merged) and rect.width and rect.height:
            other = merged[i]
            union = rect.union(other)
            if _area(union) <= _area(rect) + _area(other) and other.colliderect(rect):
                rect = union  # and look again: the union may now cover others
                merged.pop(i)
                i = 0
            else:
                i += 1
        if rect.width and rect.height:
            merged.append(rect)
    while len(merged) > most:
        _, i, j = min(
            (_area(a.union(b)) - _area(a) - _area(b), i, j)
            for i, a in enumerate(merged)
            for j, b in enumerate(merged[:i])
        )
        merged[j] = merged[j].union(merged.pop(i))
    return merged


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


_QUIT_TITLE = "Quit the game?"
ABANDON_TITLE = "Abandon this game?"

_WINDOW_PAUSES = {
    pygame.WINDOWMINIMIZED: (MINIMISED, True),
    pygame.WINDOWHIDDEN: (MINIMISED, True),
    pygame.WINDOWRESTORED: (MINIMISED, False),
    pygame.WINDOWMAXIMIZED: (MINIMISED, False),
    pygame.WINDOWSHOWN: (MINIMISED, False),
    pygame.WINDOWFOCUSLOST: (UNFOCUSED, True),
    pygame.WINDOWFOCUSGAINED: (UNFOCUSED, False),
}
"""Window events that pause the game clock or let it run on: (reason, paused)."""
