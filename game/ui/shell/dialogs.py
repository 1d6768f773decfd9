"""Modal dialogs pushed on top of the table: a question, a choice, the pause menu."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIPanel, UITextBox, UITextEntryLine

from game.i18n import tr
from game.ui.shell import style
from game.ui.shell.backdrop import dim
from game.ui.shell.scene import Scene
from game.ui.shell.widgets import button, label

# A dialog's words: a finished sentence, or a function making it, so that a dialog left
# open while the player changes language is rebuilt in the new one.
Text = str | Callable[[], str]


def _words(text: Text) -> str:
    return text() if callable(text) else text


def _suits_in_gui_font(text: str) -> str:
    """Card suits ("2♦") drawn with a font that has them: the theme's Noto Sans has not."""
    return style.suit_markup(text)


class Opens:
    """An option that opens a screen over its dialog (the pause menu's Rules, Settings,
    Save): the dialog stays beneath, and when that screen closes the player is back on
    it with the focus on the option that opened it."""

    def __init__(self, open_screen: Callable[[], object]) -> None:
        self.open_screen = open_screen

    def __call__(self) -> object:
        return self.open_screen()


class Dialog(Scene):
    """A themed panel in the middle of the window over the dimmed scene below.

    `options` are (label, callback) pairs, one button each; Esc picks `escape` (an index
    into options) when given. With `copy` the text is a Tab stop of its own: Enter, Space
    or Ctrl+C on it call `copy` (the pause menu's commitment onto the clipboard)."""

    transparent = True

    def __init__(self, app, title: Text, text: Text, options: Sequence[tuple[Text, Callable[[], object]]],
                 escape: int | None = None, primary: int = 0, width: int = 520,
                 copy: Callable[[], object] | None = None) -> None:
        super().__init__(app)
        self.copy = copy
        self.body: UITextBox | None = None
        self.title = title
        self.text = text
        self.options = options
        self.escape = escape
        self.primary = primary
        self.width = width
        self.buttons: list = []

    def build_ui(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        px = self.px  # every size below is the 1280x800 design's, scaled with the window
        n = len(self.options)
        vertical = n > 2
        bh, gap, edge = px(44), px(10), px(20)
        pw = min(px(self.width), w - 40)
        text_h = 0
        body = _words(self.text)
        if body:
            # measured with the text box's font (theme: 17 pt, padding 14, both scaled):
            # a longer translation gets the lines it needs instead of a scroll bar
            size = px(17)
            lines = sum(max(1, len(style.TEXT.wrap(part, size, pw - px(46) - 2 * px(14) - px(6))))
                        for part in body.split("\n"))
            needed = round(style.font(size).get_linesize() * 1.3) * lines + px(34)
            # all of it when the window has the room (the rest of the dialog stays in
            # view); a text box scrolls only when it has not
            room = h - px(20) - (px(70) + (n * (bh + gap) if vertical else bh + gap) + edge)
            text_h = min(needed, max(px(60), room))
        ph = px(70) + text_h + (n * (bh + gap) if vertical else bh + gap) + edge
        rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        panel = self.ui_add(UIPanel(rect, manager=m))
        label(pygame.Rect(0, px(14), pw - 6, px(40)), _words(self.title), m, container=panel,
              object_id="#title")
        y = px(62)
        if body:
            self.body = UITextBox(_suits_in_gui_font(body).replace("\n", "<br>"),
                                  pygame.Rect(edge, y, pw - px(46), text_h), manager=m, container=panel,
                                  object_id="#copyable" if self.copy is not None else None)
            y += text_h + gap
        self.buttons = []
        for i, (text, _cb) in enumerate(self.options):
            oid = "#primary" if i == self.primary else None
            if vertical:
                r = pygame.Rect(px(30), y + i * (bh + gap), pw - px(66), bh)
            else:
                bw = (pw - 2 * edge - edge * (n - 1)) // n
                r = pygame.Rect(edge + i * (bw + edge), y, bw - px(6), bh)
            self.buttons.append(button(r, _words(text), m, container=panel, object_id=oid))
        self.app.focus.start_on(self, self.buttons[self.primary])

    def choose(self, i: int) -> None:
        act = self.options[i][1]
        if not isinstance(act, Opens):
            self.app.pop()
        act()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for i, b in enumerate(self.buttons):
                if event.ui_element is b:
                    self.choose(i)
                    return
        elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is self.body:
            if self.copy is not None:
                self.copy()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL and self.copy is not None:
                self.copy()
            elif event.key == pygame.K_ESCAPE and self.escape is not None:
                self.choose(self.escape)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose(self.primary)
            elif event.key == pygame.K_y and len(self.options) == 2:
                self.choose(0)
            elif event.key == pygame.K_n and len(self.options) == 2:
                self.choose(1)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim(surface.get_size(), 120), (0, 0))


def yes_no(app, title: Text, text: Text, on_answer: Callable[[bool], None]) -> Dialog:
    return Dialog(app, title, text, [(lambda: tr("ui.yes"), lambda: on_answer(True)),
                                     (lambda: tr("ui.no"), lambda: on_answer(False))], escape=1)


def ask_before_replacing(app, text_key: str, go: Callable[[], None]) -> None:
    """Run `go` once the player agrees to lose the game in progress (the autosave that
    Continue would resume); straight away when there is none. Esc keeps the game."""
    from saves.store import has_autosave

    if not has_autosave():
        go()
        return
    app.push(Dialog(app, lambda: tr("ui.replace.title"), lambda: tr(text_key),
                    [(lambda: tr("ui.replace.confirm"), go), (lambda: tr("ui.replace.keep"), lambda: None)],
                    escape=1, primary=1, width=620))


def keys_dialog(app) -> Dialog:
    """The keyboard's keys, at the table and on every other screen."""
    return Dialog(app, lambda: tr("ui.keys.title"), lambda: tr("ui.keys.text"),
                  [(lambda: tr("ui.done"), lambda: None)], escape=0, width=860)


class EntryDialog(Scene):
    """A dialog that asks for one line of text: a title, a prompt, the field, a primary
    button and Cancel (Enter and the button submit, Esc and Cancel close). What the text is
    for is the subclass's `submit`; a refusal it sets in `error` is said in red below."""

    transparent = True
    title_key = ""
    prompt_key = ""
    submit_key = ""
    width = 560  # the panel's size before the interface's scale
    height = 250
    max_length: int | None = None

    def __init__(self, app, text: str = "") -> None:
        super().__init__(app)
        self.text = text
        self.error = ""
        self.entry: UITextEntryLine | None = None

    def rect(self) -> pygame.Rect:
        w, h = self.app.size
        pw, ph = min(self.px(self.width), w - 40), self.px(self.height)
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def build_ui(self) -> None:
        m = self.app.manager
        r = self.rect()
        px = self.px
        panel = self.ui_add(UIPanel(r, manager=m))
        label(pygame.Rect(0, px(14), r.w - 6, px(40)), tr(self.title_key), m, container=panel,
              object_id="#title")
        label(pygame.Rect(px(24), px(62), r.w - px(54), px(26)), tr(self.prompt_key), m, container=panel)
        self.entry = UITextEntryLine(pygame.Rect(px(24), px(92), r.w - px(54), px(38)), manager=m,
                                     container=panel)
        if self.max_length is not None:
            self.entry.set_text_length_limit(self.max_length)
        self.entry.set_text(self.text)
        self.entry.focus()
        bw = (r.w - px(72)) // 2
        self.ok_btn = button(pygame.Rect(px(24), r.h - px(70), bw, px(46)), tr(self.submit_key), m,
                             container=panel, object_id="#primary")
        self.cancel_btn = button(pygame.Rect(px(48) + bw, r.h - px(70), bw, px(46)), tr("ui.cancel"), m,
                                 container=panel)

    def typed(self) -> str:
        """The field's text (kept in `text`, so a rebuilt dialog shows it again)."""
        if self.entry is not None:
            self.text = self.entry.get_text()
        return self.text

    def submit(self) -> None:
        raise NotImplementedError

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.ok_btn:
                self.submit()
            elif event.ui_element is self.cancel_btn:
                self.app.pop()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.submit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim(surface.get_size(), 120), (0, 0))

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        if self.error and self.app.top is self:
            r = self.rect()
            size = max(13, round(self.app.size[1] * 0.018))
            y = r.y + self.px(138)
            for line in style.TEXT.wrap(self.error, size, r.w - 50)[:3]:
                img = style.TEXT.render(line, size, style.ILLEGAL)
                surface.blit(img, (r.x + 24, y))
                y += img.get_height()
