"""The application: one window, one pygame_gui manager and a stack of scenes.

`run()` is what `canasta` calls. Heavy modules (the engine, card art, sounds, the table)
are imported only when a scene first needs them, so the menu shows quickly.

The loop draws at 60 frames a second only while something moves. Otherwise it sleeps on
the event queue until input arrives, a scene's timer falls due (`Scene.next_frame_in`), a
worker thread posts `WAKE_EVENT` (a computer player has decided) or pygame_gui needs a
frame (a held slider, a blinking text cursor, a tool tip coming up).
"""

from __future__ import annotations

import gc
import importlib
import importlib.resources
import os
import sys
import time
import warnings
from typing import Any

import pygame

from game.ui.shell.backdrop import draw_panels
from game.ui.shell.loop_clock import LoopClock, RealClock
from game.ui.shell.prefs import save_prefs
from game.ui.shell.scene import Scene
from game.ui.shell.window import WindowMixin, scaled_theme
from saves.settings import Settings, load_settings

# Every scene by name, as "module:factory": a scene opens another through `App.make`,
# never by importing it, and the modules load only when first needed (the menu shows fast)
SCENES: dict[str, str] = {
    "menu": "game.ui.screens.menu:MainMenuScene",
    "new_game": "game.ui.screens.menu:NewGameScene",
    "settings": "game.ui.screens.menu:SettingsScene",
    "rules": "game.ui.screens.rules:RulesScene",
    "load_game": "game.ui.screens.slots:LoadGameScene",
    "save_slot": "game.ui.screens.slots:SaveSlotDialog",
    "table": "game.ui.table.scene:TableScene",
    "table.new": "game.ui.table.scene:TableScene.new_game",
    "table.resume": "game.ui.table.scene:TableScene.from_autosave",
    "tutorial": "game.ui.learning.tutorial:TutorialScene.start",
    "hand_end": "game.ui.screens.score:HandEndScene",
    "game_over": "game.ui.screens.score:GameOverScene",
    "stats": "game.ui.screens.stats:StatsScene",
    "deal": "game.ui.screens.deal:DealScene",
    "review": "game.ui.review.scene:ReviewScene",
    "past_games": "game.ui.screens.past_games:PastGamesScene",
}

FPS = 60
FRAME = 1 / FPS
# nothing announced a timer: the loop still wakes this often, so a change no scene
# reported still reaches the screen
IDLE_HEARTBEAT = 2.0
# a focused text field's cursor blinks every 0.4 s (pygame_gui's default)
CURSOR_POLL = 0.2
# posted from worker threads (pygame.event.post is thread-safe): wakes the loop at once
WAKE_EVENT = pygame.event.custom_type()


class App(WindowMixin):
    def __init__(self, size: tuple[int, int] | None = None, prefs: Settings | None = None,
                 clock: LoopClock | None = None) -> None:
        self.prefs = prefs if prefs is not None else load_settings()
        from game.ui.shell.style import set_four_colour

        set_four_colour(self.prefs.four_colour)
        from game.i18n import LOCALE_DIR, resolve_language, set_locale, tr

        # the saved choice, else the system's language when we speak it, else English
        self.language = resolve_language(self.prefs.language)
        set_locale(self.language)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(tr("ui.title"))
        size = self.open_display(size)
        import pygame_gui

        # fonts the theme names are loaded on first use; pygame_gui warns about each one
        warnings.filterwarnings("ignore", message="Finding font with id", category=UserWarning)

        # pygame_gui's own localisation (python-i18n) reads our catalogues too, as the
        # "canasta" namespace: a widget given "canasta.ui.menu.quit" translates itself
        self.manager = pygame_gui.UIManager(size, None, enable_live_theme_updates=False,
                                            starting_language=self.language,
                                            translation_directory_paths=[str(LOCALE_DIR)])
        # labels naming cards ("8♥ 8♦") use pygame_gui's bundled Noto Sans JP, which has
        # the suits that Noto Sans lacks (theme.json: #cards, #primary_cards); its files
        # must be known before the theme preloads its fonts
        gui_data = importlib.resources.files("pygame_gui.data")
        self.manager.add_font_paths("noto_sans_jp", str(gui_data / "NotoSansJP-Regular.otf"),
                                    str(gui_data / "NotoSansJP-Bold.otf"))
        self.manager.get_theme().load_theme(scaled_theme(self.ui_scale))
        self.scenes: list[Scene] = []
        from game.ui.shell.focus import WidgetFocus

        self.focus = WidgetFocus()  # the keyboard's ring on menus, dialogs and forms
        self.clock: LoopClock = clock if clock is not None else RealClock()
        self.running = True
        self.exit_code = 0
        self._dirty = True  # the stack or the window changed: draw without waiting
        self._sound: Any = None
        self._art: Any = None
        self._art_key: Any = None
        self.frames = 0

    # -- shared services ---------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def sound(self):
        if self._sound is None:
            from sounds.player import SoundPlayer

            self._sound = SoundPlayer(self.prefs.sound_volume, self.prefs.muted)
        return self._sound

    @property
    def art(self):
        key = self.prefs.four_colour
        if self._art is None or self._art_key != key:
            from sprites import CardArt

            self._art = CardArt(four_colour=key, cache_entries=700)
            self._art_key = key
        return self._art

    def set_language(self, lang: str) -> None:
        """Show every word in `lang` ("" = the system's language) from this frame on.

        Our layer and pygame_gui switch together; then each scene on the stack, covered
        ones too, remakes its widgets and drops text rendered in the old language."""
        from game.i18n import resolve_language, set_locale, tr

        code = resolve_language(lang)
        self.prefs.language = lang
        if code == self.language:
            return
        self.language = code
        set_locale(code)
        self.manager.set_locale(code)
        pygame.display.set_caption(tr("ui.title"))
        for scene in list(self.scenes):
            scene.on_language_changed()

    def apply_prefs(self) -> None:
        from game.ui.shell.style import set_four_colour

        set_four_colour(self.prefs.four_colour)  # the suits in sentences follow the deck
        if self._sound is not None:
            self._sound.set_volume(self.prefs.sound_volume)
            self._sound.set_muted(self.prefs.muted)
        save_prefs(self.prefs)

    # -- the stack ---------------------------------------------------------------
    def make(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """The scene registered as `name`, made for this app (None when its factory finds
        nothing to show, e.g. "table.resume" without an autosave)."""
        module, _, path = SCENES[name].partition(":")
        factory: Any = importlib.import_module(module)
        for part in path.split("."):
            factory = getattr(factory, part)
        return factory(self, *args, **kwargs)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        self._dirty = True
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        self._dirty = True
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.quit()
        return scene

    def replace(self, scene: Scene) -> Scene:
        self._dirty = True
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def reset_to(self, scene: Scene) -> Scene:
        """Clear the whole stack (e.g. back to the main menu)."""
        while self.scenes:
            self.scenes.pop().leave()
        out = self.push(scene)
        settle_memory()
        return out

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # -- the loop ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == WAKE_EVENT:  # its only job was to end the wait
            return
        if event.type == pygame.QUIT:
            self.on_quit_request()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.mouse_used()
        elif self.focus.handle(self.top, event, typing=self._typing()):
            return
        consumed = self.manager.process_events(event)
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        if self.top is not None:
            self.top.handle(event)

    def _typing(self) -> bool:
        """A text entry has the keyboard focus (Space and the arrows are its own)."""
        from pygame_gui.elements import UITextEntryLine

        return any(isinstance(el, UITextEntryLine) and el.is_focused for el in self.manager.get_focus_set() or ())

    def on_quit_request(self) -> None:
        for scene in self.scenes:
            hook = getattr(scene, "on_quit", None)
            if hook is not None:
                hook()
        self.remember_window()
        save_prefs(self.prefs)
        from game.ui.shell.session import flush_saves

        flush_saves()
        self.quit(0)

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None,
              gui_dt: float | None = None) -> None:
        """One frame: `events` (already taken from the queue) and the queue's, then
        update and draw. `gui_dt` is pygame_gui's time step when it differs from the
        scenes' (after a sleep: tool-tip and cursor timers count the real time)."""
        self._dirty = False
        for event in [*(events or ()), *pygame.event.get()]:
            self.handle_event(event)
            if not self.running:
                return
        self.update(dt, gui_dt)
        self.draw()

    def update(self, dt: float, gui_dt: float | None = None) -> None:
        self.manager.update(dt if gui_dt is None else gui_dt)
        for scene in list(self.scenes):
            if scene is self.top or getattr(scene, "update_when_covered", False):
                scene.update(dt)

    def shown_scenes(self) -> list[Scene]:
        """The top scene and, under transparent ones, those that show through."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[max(0, start):]

    def draw(self) -> None:
        shown = self.shown_scenes()
        for scene in shown:
            scene.draw(self.screen)
        draw_panels(self.screen, self.manager)
        self.manager.draw_ui(self.screen)
        for scene in shown:  # text that sits on a pygame_gui panel
            hook = getattr(scene, "draw_after_ui", None)
            if hook is not None:
                hook(self.screen)
        self.focus.draw(self.screen, self.top)

    # -- idle ----------------------------------------------------------------------
    def next_frame_in(self) -> float | None:
        """Seconds until the next frame is due with no input (0.0: now, at the full
        rate; None: only input or a worker's WAKE_EVENT brings one)."""
        if self._dirty:
            return 0.0
        live = self.shown_scenes()
        live += [s for s in self.scenes if s not in live and
                 (s is self.top or getattr(s, "update_when_covered", False))]
        waits: list[float] = []
        for wait in (*(s.next_frame_in for s in live), self.gui_next_frame_in):
            w = wait()
            if w is not None:
                if w <= 0.0:
                    return 0.0  # something moves: the rest need not be asked
                waits.append(w)
        return min(waits) if waits else None

    def needs_frame(self) -> bool:
        return self.next_frame_in() == 0.0

    def gui_next_frame_in(self) -> float | None:
        """pygame_gui's own timers, which run in `UIManager.update`: a held slider or
        scroll button moves on without new events, a focused text field's cursor
        blinks, a hovered element's tool tip appears after a delay."""
        if any(pygame.mouse.get_pressed()):
            return 0.0
        from pygame_gui.core import UIElement
        from pygame_gui.elements import UITextEntryLine

        waits: list[float] = []
        for el in self.manager.get_sprite_group().sprites():
            if not isinstance(el, UIElement) or not el.visible:
                continue
            # a field focused by code (focus()) is not in the manager's focus set
            if isinstance(el, UITextEntryLine) and el.is_focused:
                waits.append(CURSOR_POLL)
            elif el.hovered and el.tool_tip is None and el.tool_tip_text:
                # shown once hover_time passes tool_tip_delay (checked before it grows)
                waits.append(max(0.0, el.tool_tip_delay - el.hover_time) + FRAME)
        return min(waits) if waits else None

    def _next_frame(self) -> tuple[list[pygame.event.Event], float, float]:
        """Wait for the next frame: (events already taken, scenes' dt, pygame_gui's dt)."""
        wait = self.next_frame_in()
        if wait is not None and wait <= FRAME:
            dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
            return [], dt, dt
        timeout = IDLE_HEARTBEAT if wait is None else min(wait, IDLE_HEARTBEAT)
        events = self.clock.wait_for_event(timeout)
        # a burst of input (mouse motion) is still drawn at most at the full rate
        elapsed = self.clock.tick(FPS) / 1000.0
        if wait is not None and all(e.type == WAKE_EVENT for e in events):
            # a scene's timer or a worker woke the loop, not input: the time slept counts
            # (the pause before a computer move is counted down in dt, and is slept through)
            return events, min(elapsed, timeout), min(elapsed, 5.0)
        # nothing was moving: whatever this input starts, starts from its first frame
        return events, min(elapsed, FRAME), min(elapsed, 5.0)

    def run_loop(self, first_frame_hook=None) -> int:
        self.clock.tick()
        while self.running:
            events, dt, gui_dt = self._next_frame()
            self.frame(dt, events, gui_dt)
            if not self.running:
                break
            pygame.display.flip()
            self.frames += 1
            if self.frames == 1 and first_frame_hook is not None:
                first_frame_hook()
        return self.exit_code


def wake() -> None:
    """Wake the UI loop from another thread (a computer player has decided). Nothing
    to wake once the window is closed."""
    if pygame.display.get_init():
        try:
            pygame.event.post(pygame.event.Event(WAKE_EVENT))
        except pygame.error:  # closed between the check and the post
            pass


def settle_memory() -> None:
    """Collect once, then move everything alive to the permanent generation: the cyclic
    collector otherwise walks thousands of long-lived widgets and surfaces in the middle
    of play, which showed up as 20-30 ms frames."""
    gc.collect()
    gc.freeze()


def run(argv: list[str] | None = None) -> int:
    """Open the window and play; returns the process exit code."""
    started = time.perf_counter()
    try:
        app = App()
        app.push(app.make("menu"))

        def first_frame() -> None:
            # benchmarks/frame_time.py reads this to time the menu's first frame
            if os.environ.get("CANASTA_FIRST_FRAME_EXIT"):
                print(f"first_frame_ms {1000 * (time.perf_counter() - started):.1f}", flush=True)
                # wall clock (epoch) and the process's CPU time since it started
                print(f"first_frame_at {time.time():.6f} cpu {time.process_time():.6f}", flush=True)
                app.quit(0)

        code = app.run_loop(first_frame)
    except KeyboardInterrupt:
        code = 130
    except pygame.error as exc:
        print(f"canasta: cannot open the window: {exc}", file=sys.stderr)
        code = 1
    finally:
        from game.ui.shell.session import flush_saves

        flush_saves()
        pygame.quit()
    return code
