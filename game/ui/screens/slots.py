"""Named save slots: "Save game…" from the table's pause menu, "Load game…" from the main
menu (load, delete with a confirmation, and a clear word about files that cannot be read).

The files are the saves package's business (saves/store.py); here are only the dialogs.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIPanel, UISelectionList

from game.i18n import date_time, number, tr
from game.ui.shell import style
from game.ui.shell.backdrop import felt
from game.ui.shell.dialogs import Dialog, EntryDialog, ask_before_replacing
from game.ui.shell.scene import Scene
from game.ui.shell.widgets import button, label

T = style.TEXT


def _store():
    from saves import store

    return store


def _message(exc: BaseException) -> str:
    return str(getattr(exc, "message", None) or exc)


def default_slot_name(session, now: datetime | None = None) -> str:
    """The name a save is offered under: the moment, written as the language writes dates
    (the very form the list of saves shows beside it)."""
    g = session.game
    return tr("ui.slots.default_name", when=date_time(now or datetime.now()), hand=g.hand_number)


class SaveSlotDialog(EntryDialog):
    """Ask for a name and save the game under it (asking first before replacing a save)."""

    title_key = "ui.slots.save_title"
    prompt_key = "ui.slots.name_prompt"
    submit_key = "ui.slots.save"
    max_length = 60

    def __init__(self, app, session, on_saved: Callable[[str], None] | None = None) -> None:
        super().__init__(app, default_slot_name(session))
        self.session = session
        self.on_saved = on_saved

    def submit(self) -> None:
        self.save()

    def save(self, replace: bool = False) -> None:
        name = " ".join(self.typed().split())
        if not name:
            self.error = tr("ui.slots.need_name")
            return
        store = _store()
        if not replace:
            try:
                taken = {s.name for s in store.list_slots()}
            except Exception:  # noqa: BLE001 - the list only serves the question below
                taken = set()
            if name in taken:
                self.app.push(Dialog(self.app, lambda: tr("ui.slots.replace_title"),
                                     tr("ui.slots.replace_text", name=name),
                                     [(lambda: tr("ui.slots.replace"), lambda: self.save(True)),
                                      (lambda: tr("ui.cancel"), lambda: None)], escape=1, primary=1))
                return
        try:
            store.save_slot(name, self.session.game, self.session.extra())
        except Exception as exc:  # noqa: BLE001 - SaveError, or a refused name: say so
            self.error = _message(exc)
            return
        self.app.pop()
        if self.on_saved is not None:
            self.on_saved(name)


class LoadGameScene(Scene):
    """The saved games, newest first: name, variant, scores, hand and date; Load, Delete.
    Files that cannot be read follow, marked as damaged: selecting one says why, and
    Delete removes it."""

    arrows_scroll = True  # Up/Down walk the saved games; Tab walks the buttons

    def __init__(self, app) -> None:
        super().__init__(app)
        self.slots: list[Any] = []
        self.problems: list[Any] = []
        self.message = ""
        self.selected: int | None = None
        self.rows: list[str] = []
        self.list: UISelectionList | None = None
        self.rescan()

    def rescan(self) -> None:
        try:
            self.slots, self.problems = _store().scan_slots()
        except Exception as exc:  # noqa: BLE001 - an unreadable folder: say so, list nothing
            self.slots, self.problems = [], []
            self.message = _message(exc)
        self.selected = 0 if self.slots or self.problems else None

    def entries(self) -> list[Any]:
        """What the rows show, in order: the saves that load (SlotInfo), then the files
        that do not (their SaveError)."""
        return [*self.slots, *self.problems]

    @staticmethod
    def is_damaged(entry: Any) -> bool:
        return not hasattr(entry, "saved_at")

    def describe_damaged(self, problem) -> str:
        return tr("ui.slots.damaged_row", name=problem.path.stem)

    def describe(self, slot) -> str:
        scores = " : ".join(number(v) for v in slot.scores)
        when = date_time(slot.saved_at.astimezone()) if slot.saved_at else ""
        variant = tr(f"ui.variant.{slot.variant}")
        return tr("ui.slots.row", name=slot.name, variant=variant, scores=scores,
                  hand=slot.hand_number, when=when)

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        pw, ph = min(self.px(900), w - 60), min(h - self.px(50), self.px(640))
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def build_ui(self) -> None:
        m = self.app.manager
        r = self.panel_rect()
        panel = self.ui_add(UIPanel(r, manager=m))
        px = self.px
        label(pygame.Rect(0, px(12), r.w - 6, px(44)), tr("ui.slots.load_title"), m, container=panel,
              object_id="#title")
        self.rows = [self.describe_damaged(e) if self.is_damaged(e) else self.describe(e)
                     for e in self.entries()]
        list_h = r.h - px(210)
        self.list = None
        if self.rows:
            items: list[str | tuple[str, str]] = [(text, f"#slot{i}") for i, text in enumerate(self.rows)]
            self.list = UISelectionList(pygame.Rect(px(24), px(70), r.w - px(54), list_h), items, manager=m,
                                        container=panel, default_selection=items[self.selected or 0])
        else:
            label(pygame.Rect(px(24), px(70), r.w - px(54), px(40)), tr("ui.slots.none"), m, container=panel)
        bw, bh = px(180), px(46)
        y = r.h - bh - px(20)
        self.back_btn = button(pygame.Rect(px(20), y, bw, bh), tr("ui.back"), m, container=panel)
        self.delete_btn = button(pygame.Rect(r.w - 2 * bw - px(44), y, bw, bh), tr("ui.slots.delete"), m,
                                 container=panel)
        self.load_btn = button(pygame.Rect(r.w - bw - px(24), y, bw, bh), tr("ui.slots.load"), m,
                               container=panel, object_id="#primary")
        if not self.rows:
            self.delete_btn.disable()
            self.load_btn.disable()

    def _selection(self) -> int | None:
        if self.list is None:
            return None
        text = self.list.get_single_selection()
        if not isinstance(text, str):  # None: nothing selected (a tuple comes only with object ids)
            return self.selected
        try:
            return self.rows.index(text)
        except ValueError:
            return self.selected

    def select(self, i: int) -> None:
        """Select row `i` (as a click on it does)."""
        self.selected = i
        if self.list is not None:
            for j, item in enumerate(self.list.item_list):
                item["selected"] = j == i
                b = item.get("button_element")
                if b is not None:
                    if j == i:
                        b.select()
                    else:
                        b.unselect()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.selected = self._selection()
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.selected = self._selection()
            self.load()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_btn:
                self.app.pop()
            elif event.ui_element is self.load_btn:
                self.load()
            elif event.ui_element is self.delete_btn:
                self.ask_delete()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.load()
            elif event.key == pygame.K_DELETE:
                self.ask_delete()
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.rows:
                i = self._selection() or 0
                self.select(max(0, min(len(self.rows) - 1, i + (1 if event.key == pygame.K_DOWN else -1))))

    def current(self):
        i = self._selection()
        entries = self.entries()
        if i is None or not 0 <= i < len(entries):
            return None
        return entries[i]

    def load(self) -> None:
        slot = self.current()
        if slot is None:
            return
        if self.is_damaged(slot):
            self.message = _message(slot)
            return
        ask_before_replacing(self.app, "ui.replace.load_text", lambda: self._load(slot))

    def _load(self, slot) -> None:
        from game.ui.shell.session import Session

        try:
            loaded = _store().load_with_backup(slot.path)
        except Exception as exc:  # noqa: BLE001 - SaveError: its sentence names the file
            self.message = _message(exc)
            return
        session = Session.from_loaded(loaded, coach_default=bool(self.app.prefs.coach))
        self.app.reset_to(self.app.make("table", session, animate_history=False))

    def ask_delete(self) -> None:
        slot = self.current()
        if slot is None:
            return
        # a damaged file has no name to trust: it goes by its file name
        name = slot.path.stem if self.is_damaged(slot) else slot.name

        def really() -> None:
            try:
                _store().delete_slot(name)
                if slot.path.exists():  # a file whose stored name differs from its file name
                    slot.path.unlink()
            except Exception as exc:  # noqa: BLE001
                self.message = _message(exc)
            else:
                self.message = tr("ui.slots.deleted", name=name)
            self.rescan()
            self.resize(self.app.size)

        self.app.push(Dialog(self.app, lambda: tr("ui.slots.delete_title"),
                             tr("ui.slots.delete_text", name=name),
                             [(lambda: tr("ui.slots.delete"), really), (lambda: tr("ui.cancel"), lambda: None)],
                             escape=1, primary=1))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        if self.app.top is not self:
            return
        from saves.messages import list_problems_message

        r = self.panel_rect()
        size = max(13, round(self.app.size[1] * 0.019))
        y = r.bottom - 130
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.problems:
            lines.append((list_problems_message(len(self.problems)), style.ILLEGAL))
            for p in self.problems[:2]:
                lines.append((_message(p), style.MUTED))
        if self.message:
            lines.append((self.message, style.GOLD))
        for text, colour in lines:
            for line in T.wrap(text, size, r.w - 60)[:2]:
                img = T.render(line, size, colour)
                surface.blit(img, (r.x + 26, y))
                y += img.get_height()
