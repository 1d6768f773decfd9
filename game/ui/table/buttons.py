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
LABEL_MARGIN = 20  # a label's room inside its button: widgets.fit_text's margin and the border


def _object_id(key: str) -> str:
    return WAITING if key == "confirm" else "#small"


def row_widths(needs: list[int], room: int, gap: int) -> list[int] | None:
    """The widths of a row of buttons whose labels need `needs` pixels: equal halves when
    each label fits its half, else each its need and the rest shared; None when the
    labels cannot stand side by side at their size."""
    if len(needs) == 1:
        return [room]
    half = (room - gap) // 2
    if all(n <= half for n in needs):
        return [half, room - gap - half]
    spare = room - gap - sum(needs)
    if spare < 0:
        return None
    first = needs[0] + spare // 2
    return [first, room - gap - first]


class TableButtons:
    def __init__(self) -> None:
        self.buttons: dict[str, Any] = {}
        self.bottom = 0  # the panel's text ends above the first row
        self._state: tuple | None = None

    def build(self, layout: TableLayout, manager: Any, add: Any, practice: bool, labels: dict[str, str],
              also: dict[str, list[str]] | None = None) -> None:
        """Make the rows of buttons; `add` registers each with the scene (hidden while it
        is covered). `also`: the other labels a button may take later (the sort's modes):
        every label fits its button at the theme's size."""
        L = layout
        p = L.panel
        pad = max(12, p.w // 16)
        bh = max(34, round(L.size[1] * 0.05))
        gap = max(6, bh // 5)
        room = p.w - 2 * pad
        texts = {"confirm": tr("ui.button.confirm"), "cancel": tr("ui.button.cancel"),
                 "goout": tr("ui.button.go_out"), "pass": tr("ui.button.pass"),
                 "hint": tr("ui.button.hint"), "menu": tr("ui.button.menu"), "undo": tr("ui.button.undo"),
                 **labels}
        theme = manager.get_theme()

        def need(key: str) -> int:
            font = theme.get_font([_object_id(key), "button"])
            return max(font.size(t)[0] for t in [texts[key], *(also or {}).get(key, [])]) + LABEL_MARGIN

        pairs: list[tuple[str, ...]] = [("confirm", "cancel"), ("goout", "pass"), ("hint", "sort")]
        if practice:
            pairs.append(("undo", "show_all"))
        rows: list[list[tuple[str, int]]] = []
        for pair in pairs:
            widths = row_widths([need(k) for k in pair], room, gap)
            # two labels too long to stand side by side: a row each, at their full size
            rows += [list(zip(pair, widths, strict=True))] if widths else [[(k, room)] for k in pair]
        rows.append([("menu", room)])
        y = L.size[1] - pad - len(rows) * (bh + gap) + gap
        self.bottom = y - gap
        self.buttons = {}
        for row in rows:
            x = p.x + pad
            for key, w in row:
                self.buttons[key] = add(button(pygame.Rect(x, y, w, bh), texts[key], manager,
                                               object_id=_object_id(key)))
                x += w + gap
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
