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
import gc
import os
import time
from collections.abc import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # real pixels: sharp cards on HiDPI
from game.view.lean_pygame import pygame  # first: pygame without what the first frame never needs

# isort: split

from game.app_intents import IntentRouting
from game.app_speech import AppSpeech
from game.app_store import Persistence, first_variant, place_window
from game.controls.gamepad import EVENTS as GAMEPAD_EVENTS
from game.controls.gamepad import Gamepads
from game.controls.intents import Intent
from game.controls.keys import intent_for_key
from game.i18n import _, set_language
from game.scenes.base import Damage, Scene, Services
from game.scenes.play_clock import MINIMISED, UNFOCUSED
from game.scenes.table import TableScene
from game.solver.advisor import Advisor, Worker
from game.streams import say
from game.view.damage import merge_rects
from game.view.display import Display, default_display
from game.view.large_print import make_art
from game.view.renderer import Renderer
from game.view.settings import Settings
from game.view.sleep import WAKE, Doorbell, wait_event
from game.view.sound import Sound
from game.view.themes import felt_colours, set_theme
from game.view.widgets import reset_fonts, trim_texts
from game.view.window import (
    NoWindow,
    caption,
    centred,
    default_window_size,
    fit_desktop,
    init_display,
    take,
    window_size_for,
)

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
    except NoWindow as exc:
        say(no_window_line(str(exc)))
        return EXIT_NO_WINDOW
    except Exception as exc:
        if os.environ.get("SOLITAIRE_DEBUG"):
            import traceback

            traceback.print_exc()
        say(f"solitaire: unexpected error: {type(exc).__name__}: {exc}")
        return 1
    finally:
        if app is not None:
            app.close()
        pygame.quit()


EXIT_NO_WINDOW = 3
"""The exit status when no window can be opened (``NoWindow``)."""


def no_window_line(reason: str) -> str:
    """What the player reads when no window can be opened: why, and what to try."""
    # Translators: {reason} is the system's own words (such as "x11 not available")
    return _(
        "solitaire: no window can be opened ({reason}): no graphical display was found. Run it "
        "from your desktop, or check that DISPLAY (X11) or WAYLAND_DISPLAY is set and that "
        "SDL_VIDEODRIVER, if set, names a driver that works here. 'solitaire deal' and "
        "'solitaire solve' need no window."
    ).format(reason=reason)


def _collect_garbage() -> None:
    """Let the garbage collector run again if ``game.cli`` stopped it while the game started up
    (its passes over the thousands of objects the imports make cost ~3 ms of the first table
    frame); what start-up made stays, so it is kept out of every later pass (``gc.freeze``).
    An app made with the collector running (a test, a script) freezes nothing: frozen objects
    are never collected, so a closed app frozen with them would stay in memory (~4 MiB each)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _refresh_rate() -> int:
    """The display's refresh rate (at least 60) for the frame cap while animating."""
    try:
        rates = pygame.display.get_desktop_refresh_rates()
        rate = int(rates[0]) if rates else 60
    except (pygame.error, AttributeError, IndexError):
        rate = 60
    return max(60, min(240, rate))


class App(IntentRouting):
    """The program: builds the store, the settings, the card art and the first scene, and runs the
    frame loop (events in, frames out, sleeping while idle).

    Its bases hold the rest: the window (``game.app_window``), the scene stack
    (``game.app_scenes``) and where the scenes' requests go (``game.app_intents``). The scenes
    see it only as ``game.scenes.base.Services``.
    """

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
        if persist is None:
            set_language(None)  # the store's notices on opening it: in the system's language
        self.persist = persist or Persistence.open(getattr(args, "data_dir", None))
        stored = self.persist.stored
        set_language(stored.language)  # before the first text is drawn
        self.settings: Settings = self.persist.view_settings(
            speed or os.environ.get("SOLITAIRE_SPEED"), speech=bool(getattr(args, "speech", False))
        )
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
        if taken is not None:
            self.surface = taken
        else:
            try:
                with centred():
                    self.surface = self._open_window()
            except pygame.error as exc:  # the video driver started, yet no window opens
                raise NoWindow(str(exc)) from None
            if window is None and not self.fullscreen:
                place_window(stored.window_pos)
        self.art = make_art(self.settings.card_style, self.settings.large_print, self.settings.card_back)
        self.renderer = Renderer(self.art)
        self.renderer.high_contrast = self.settings.high_contrast
        set_theme(self.settings.theme)
        self.renderer.set_felt(felt_colours(self.settings.felt))
        self.sound = Sound(lambda: self.settings)
        """Sound effects; the mixer opens on the first one."""
        self.gamepads = Gamepads()
        self._later: list[Callable[[], object]] = [
            self.gamepads.start,
            self._set_icon,
            _collect_garbage,
            self.persist.prove_ahead,
        ]
        """Set-up the first frame does not need, done once it has been presented (``step``)."""
        self._ticker = pygame.time.Clock()
        self.fps = _refresh_rate()
        self._full_redraw = True
        self._laid_out = self.surface.get_size()
        self._advisor: Advisor | None = None
        self._doorbell = Doorbell()
        """Wakes the sleeping loop when the solver's answer arrives."""
        self.input_time = self.now()
        """When the events being handled were taken from the queue (``step``): the time of a
        click or key, which an idle loop's last frame can be a second older than."""
        self._active_at = self.now()
        """When input last came or a scene was last busy (``go_idle`` parks the layer after a while)."""
        self.speech = AppSpeech()
        """Speech for blind and low-vision players (nothing of it loaded while it is off)."""
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
    def services(self) -> Services:
        return self

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
        self.speech.close()
        if self._advisor is not None:
            self._advisor.close()
        self.display.close()
        self.persist.store.release_claims()

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
        self.input_time = self.now()  # pygame's events carry no time of their own
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
            damage = self._update_front(self.now())
            self.speech.frame(self, self.settings.speech)
            if self.shown:  # minimised: restoring it redraws everything
                self._draw(damage)
            while self._later:
                self._later.pop(0)()
            if events or self.top.busy():
                self._active_at = self.now()
        return self.running

    def _update_front(self, now: float) -> Damage:
        """Update the front scene; if that put another scene in front (the table's last move
        shows the win or no-moves screen) or took it away, update the new front one too before
        the frame is drawn. A scene is never drawn before its first update: an overlay makes its
        backdrop there, and drawn without one it is black but for its buttons until the next
        frame, which an idle loop makes only for the next event."""
        front = self.top
        damage = front.update(now)
        for _tries in range(len(self.scenes) + 2):  # a few: each update may change the front again
            if not self.scenes or self.top is front:
                break
            front = self.top
            front.update(now)
            damage = True
        return damage

    def _sound_notice(self) -> None:
        """When no sound device was found: say so on the table (after any other message), once
        for good, not on every launch; a device found again makes a later loss news again."""
        told = self.persist.stored.no_sound_told
        if self.sound.available and told:
            self.persist.remember(no_sound_told=False)
            return
        table = self.table
        if self.sound.notice is not None and table is not None and table.toast is None:
            notice = self.sound.take_notice()
            if notice is not None and not told:
                table.show_toast(notice)
                self.persist.remember(no_sound_told=True)

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
        elif self._is_calendar_key(event):
            self.show_calendar()
        elif event.type in GAMEPAD_EVENTS:
            self.gamepads.handle(event, self.top if self.scenes else None)
        elif self.speech.handle_key(self, event):
            pass  # R reads the table, L repeats (only while speech is on)
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
                clock = scene.session.clock
                (clock.pause if paused else clock.resume)(reason, self.now())
        if not paused:
            self._full_redraw = True

    def _is_stats_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        from game.scenes.stats import is_stats_key  # the statistics code loads on first use

        return is_stats_key(self, event)

    def _is_calendar_key(self, event: pygame.event.Event) -> bool:
        """C on the table, or on the chooser while no deal number is typed."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_c or not self.scenes:
            return False
        from game.scenes.calendar import is_calendar_key
        from game.scenes.chooser import ChooserScene

        top = self.top
        if isinstance(top, ChooserScene):
            return not top.typing and is_calendar_key(event)
        return isinstance(top, TableScene) and is_calendar_key(event)

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
