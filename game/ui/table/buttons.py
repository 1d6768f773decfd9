"""The table's buttons at the foot of the side panel: laid out from the window size,
labelled through the translation layer, enabled as the controller says."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import tr
from game.ui.geometry.layout import TableLayout
from game.ui.shell.widgets import button

ORDER = ("confirm", "cancel", "goout", "pass", "hint", "undo")
# Confirm glows gold only when the engine would take the staging; until then it keeps its
# size and weight but the plain colours (it may still be pressed, to hear why not)
READY, WAITING = "#primary", "#confirm_waiting"


class TableButtons:
    def __init__(self) -> None:
        self.buttons: dict[str, Any] = {}
        self.bottom = 0  # the panel's text ends above the first row
        self._state: tuple | None = None

    def build(self, layout: TableLayout, manager: Any, add: Any, practice: bool, labels: dict[str, str]) -> None:
        """Make the rows of buttons; `add` registers each with the scene (hidden while it
        is covered)."""
        L = layout
        p = L.panel
        pad = max(12, p.w // 16)
        bh = max(34, round(L.size[1] * 0.05))
        gap = max(6, bh // 5)
        cw = (p.w - 2 * pad - gap) // 2
        rows: list[tuple[str, ...]] = [("confirm", "cancel"), ("goout", "pass"), ("hint", "sort")]
        if practice:
            rows.append(("undo", "show_all"))
        rows.append(("menu",))
        y = L.size[1] - pad - len(rows) * (bh + gap) + gap
        self.bottom = y - gap
        texts = {"confirm": tr("ui.button.confirm"), "cancel": tr("ui.button.cancel"),
                 "goout": tr("ui.button.go_out"), "pass": tr("ui.button.pass"),
                 "hint": tr("ui.button.hint"), "menu": tr("ui.button.menu"), "undo": tr("ui.button.undo"),
                 **labels}
        self.buttons = {}
        for row in rows:
            for i, key in enumerate(row):
                wide = len(row) == 1
                r = pygame.Rect(p.x + pad + i * (cw + gap), y, p.w - 2 * pad if wide else cw, bh)
                oid = WAITING if key == "confirm" else "#small"
                self.buttons[key] = add(button(r, texts[key], manager, object_id=oid))
            y += bh + gap
        self._state = None

    def key_of(self, element: Any) -> str | None:
        for key, b in self.buttons.items():
            if element is b:
                return key
        return None

    def rect(self, key: str) -> pygame.Rect | None:
        b = self.buttons.get(key)
        return None if b is None else b.rect.copy()

    def relabel(self, key: str, text: str) -> None:
        if key in self.buttons:
            self.buttons[key].set_text(text)

    def forget_state(self) -> None:
        self._state = None

    def refresh(self, enabled: dict[str, bool], partnerships: bool) -> None:
        """Enable and disable as `enabled` says (only when something changed)."""
        if not self.buttons:
            return
        ready = enabled.get("confirm_ready", False)
        state = (*(enabled[k] for k in ORDER), ready)
        if state == self._state:
            return
        self._state = state
        confirm = self.buttons.get("confirm")
        if confirm is not None and confirm.object_ids[-1] != (want := READY if ready else WAITING):
            confirm.change_object_id(want)
        if not partnerships and self.buttons["goout"].visible:
            self.buttons["goout"].hide()  # nobody to ask without a partner
        for key, on in zip(ORDER, state[:-1], strict=True):
            b = self.buttons.get(key)
            if b is None:
                continue
            if on and not b.is_enabled:
                b.enable()
            elif not on and b.is_enabled:
                b.disable()
