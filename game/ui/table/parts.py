"""What the table's parts (the keyboard ring, the frame, the input mixin) read of the
table scene, declared as a protocol so that none of them imports table/scene.py: the
scene imports its parts, and they know it only by this shape."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.rules import Game
    from game.ui.geometry.board import Board
    from game.ui.geometry.layout import TableLayout
    from game.ui.motion.tween import Animator
    from game.ui.shell.app import App
    from game.ui.shell.session import Session
    from game.ui.table.buttons import TableButtons
    from game.ui.table.controller import TableController
    from game.ui.table.drag import Drag, Target
    from game.ui.table.draw import TableRenderer
    from game.ui.table.text import Tone
    from game.ui.table.view import TableView


class TableParts(Protocol):
    app: App
    session: Session
    controller: TableController
    animator: Animator
    layout: TableLayout
    view: TableView
    renderer: TableRenderer
    panel: TableButtons
    drag: Drag | None
    held: dict
    hand_disp: dict[tuple[int, int], list[float]]
    log_hidden: int
    _board_key: tuple | None

    @property
    def game(self) -> Game: ...
    @property
    def board(self) -> Board: ...
    @property
    def staged(self) -> list: ...
    @property
    def selected(self) -> set[tuple[int, int]]: ...
    @property
    def toast(self) -> Target | None: ...
    @property
    def panel_bottom(self) -> int: ...
    def say(self, text: str, tone: Tone = ...) -> None: ...
    def confirm(self) -> None: ...
    def draw_from_stock(self) -> None: ...
    def take_pile(self) -> None: ...
    def press_button(self, key: str) -> None: ...
    def drop(self, t: Target, cards: list, origins: dict) -> None: ...

