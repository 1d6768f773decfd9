"""Any screen: the window fits the screen it opens on, F11 and Settings switch fullscreen
(remembered), and the whole interface - buttons, dialogs, their text - scales with the
window, not only the cards."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.ui.screens.menu import MainMenuScene, SettingsScene
from game.ui.shell import window
from game.ui.shell.app import App
from game.ui.shell.dialogs import Dialog, yes_no
from game.ui.shell.prefs import INSTANT
from saves.settings import Settings, load_settings

from .driving import frames as _frames


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    _frames(app, 2)


def _prefs(**kw) -> Settings:
    return Settings(animation_speed=INSTANT, muted=True, **kw)


def _menu(app: App) -> MainMenuScene:
    menu = app.push(MainMenuScene(app))
    _frames(app, 2)
    return menu  # type: ignore[return-value]


@pytest.fixture
def screen(monkeypatch):
    """Pretend the desktop has a given size (the dummy driver's is 1024x768)."""
    def use(size: tuple[int, int]) -> None:
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])
    return use


def _inside(rect: pygame.Rect, size: tuple[int, int]) -> bool:
    return pygame.Rect((0, 0), size).contains(rect)


# -- the window's size at start -------------------------------------------------------------
def test_first_start_takes_a_good_part_of_a_large_screen(screen):
    screen((2560, 1440))
    app = App(prefs=_prefs())  # nothing remembered: a first start
    assert app.screen.get_size() == (2048, 1152)
    assert app.ui_scale > 1.3


def test_a_remembered_size_larger_than_the_screen_is_clamped(screen):
    screen((1024, 600))
    app = App(prefs=_prefs(window_size=(1280, 800)))
    assert app.screen.get_size() == (1024, 600)
    menu = _menu(app)
    quit_button = menu.buttons["quit"]
    assert _inside(quit_button.rect, (1024, 600)), quit_button.rect  # it was cut off


@pytest.mark.parametrize(("saved", "desktop", "expected"), [
    (None, (1920, 1080), (1536, 864)),
    (None, (1366, 768), (1093, 614)),
    (None, (1024, 600), (960, 600)),  # a fifth smaller would be under the layouts' minimum
    (None, (800, 480), (800, 480)),  # a screen smaller than the minimum: all of it
    ((1600, 1000), (1920, 1080), (1600, 1000)),
    ((1600, 1000), (1280, 720), (1280, 720)),
    ((700, 500), (1920, 1080), (960, 600)),
    ((1280, 800), None, (1280, 800)),
    (None, None, (1280, 800)),
])
def test_window_size_for(saved, desktop, expected):
    assert window.window_size_for(saved, desktop) == expected


@pytest.mark.parametrize(("saved", "size", "desktop", "expected"), [
    (None, (1280, 800), (1920, 1080), None),
    ((200, 100), (1280, 800), (1920, 1080), (200, 100)),
    ((1800, 900), (1280, 800), (1920, 1080), (640, 280)),  # off the right and the bottom
    ((-500, -40), (1280, 800), (1920, 1080), (0, 0)),
    ((2100, 300), (1024, 600), (1024, 600), (0, 0)),  # a monitor that is gone
])
def test_window_pos_for(saved, size, desktop, expected):
    assert window.window_pos_for(saved, size, desktop) == expected


def test_a_remembered_position_off_the_screen_is_brought_back(screen):
    screen((1920, 1080))
    app = App(prefs=_prefs(window_size=(1280, 800), window_pos=(1800, 900)))
    assert window.window_position() == (640, 280)
    window.move_window((100, 50))
    app.on_quit_request()  # where the window is now is kept for the next start
    assert load_settings().window_pos == (100, 50)


# -- the interface's scale ------------------------------------------------------------------
def test_scale_follows_the_window_within_its_range():
    assert window.ui_scale((1280, 800)) == 1.0
    assert window.ui_scale((2560, 1440)) == 1.8
    assert window.ui_scale((1920, 1080)) == 1.35
    assert window.ui_scale((1024, 600)) == window.SCALE_RANGE[0]
    assert window.ui_scale((7680, 4320)) == window.SCALE_RANGE[1]
    theme = window.scaled_theme(2.0)
    assert theme["#title"]["font"]["size"] == "60" and theme["text_box"]["misc"]["padding"] == "28,20"
    assert window.scaled_theme(1.0) == window._design_theme()


def _dialog(app: App) -> Dialog:
    d = app.push(yes_no(app, "Replace the game?", "The game in progress will be lost.", lambda _yes: None))
    _frames(app, 2)
    return d  # type: ignore[return-value]


def _measure(size: tuple[int, int]) -> dict[str, object]:
    app = App(size=size, prefs=_prefs())
    menu = _menu(app)
    quit_btn = menu.buttons["quit"]
    d = _dialog(app)
    panel = d._ui[0]
    out = {"app": app, "menu_button": quit_btn.rect.copy(), "menu_font": quit_btn.font.point_size,
           "dialog": panel.rect.copy(), "dialog_button": d.buttons[0].rect.copy(),
           "dialog_font": d.buttons[0].font.point_size}
    return out


def test_buttons_dialogs_and_their_text_grow_with_the_window():
    small, big = _measure((1280, 800)), _measure((2560, 1440))
    for key in ("menu_button", "dialog", "dialog_button"):
        assert big[key].h > small[key].h * 1.5, key  # type: ignore[attr-defined]
        assert big[key].w > small[key].w * 1.3, key  # type: ignore[attr-defined]
    assert big["menu_font"] > small["menu_font"] * 1.5
    assert big["dialog_font"] > small["dialog_font"] * 1.5


def test_everything_fits_a_1024x600_window():
    m = _measure((1024, 600))
    app: App = m["app"]  # type: ignore[assignment]
    for key in ("menu_button", "dialog", "dialog_button"):
        assert _inside(m[key], app.size), key  # type: ignore[arg-type]
    app.pop()
    settings = app.push(SettingsScene(app))
    _frames(app, 2)
    rows = [c.widget.rect for c in settings.choices.values()] + [settings.volume.rect]
    buttons = [settings.done_btn.rect, settings.keys_btn.rect]
    for r in rows + buttons:
        assert _inside(r, app.size), r
    assert max(r.bottom for r in rows) <= min(b.top for b in buttons), "a row runs into the buttons"


def test_resizing_reloads_the_theme_at_the_new_scale():
    app = App(size=(1280, 800), prefs=_prefs())
    menu = _menu(app)
    before = menu.buttons["quit"].font.point_size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    _frames(app, 2)
    assert app.ui_scale == 1.35
    assert app.top.buttons["quit"].font.point_size > before  # type: ignore[union-attr]


# -- fullscreen -----------------------------------------------------------------------------
def test_f11_switches_fullscreen_and_it_is_remembered():
    app = App(size=(1280, 800), prefs=_prefs())
    _menu(app)
    _key(app, pygame.K_F11)
    assert app.fullscreen and pygame.display.is_fullscreen()
    desktop = tuple(pygame.display.get_desktop_sizes()[0])
    assert app.screen.get_size() == desktop
    assert all(_inside(b.rect, desktop) for b in app.top.buttons.values())  # type: ignore[union-attr]
    assert load_settings().fullscreen is True
    assert App(prefs=load_settings()).fullscreen  # the next start opens fullscreen
    _key(app, pygame.K_F11)
    assert not app.fullscreen and not pygame.display.is_fullscreen()
    assert app.screen.get_size() == (1280, 800)  # the window's own size again
    assert load_settings().fullscreen is False


def test_settings_offers_fullscreen():
    app = App(size=(1280, 800), prefs=_prefs())
    _menu(app)
    settings = app.push(SettingsScene(app))
    _frames(app, 2)
    row = settings.choices["fullscreen"]
    assert row.value is False
    row.widget.selected_option = (row.labels[1], "#o1")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=row.widget,
                                         text=row.labels[1]))
    _frames(app, 2)
    assert app.fullscreen and load_settings().fullscreen is True
    assert app.top is settings and settings.choices["fullscreen"].value is True  # rebuilt, still shown
    app.set_fullscreen(False)
