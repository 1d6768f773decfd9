"""What the drawing code may read of the table, and nothing more.

The renderer, the panel, the score sheets and the lesson's overlays get a `TableView`:
the position and the words from the controller, the geometry (layout, board, where the
hand's cards are easing to, the buttons' rectangles) from the scene, all read-only. They
change nothing; the player's intents go to the controller through the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.i18n import tr
from game.rules import Game
from game.rules.cards import Card
from game.ui.shell import style
from game.ui.table import text as table_text
from game.ui.table.guidance import advice_text
from game.ui.table.text import Tone

if TYPE_CHECKING:
    from game.ui.geometry.board import Board
    from game.ui.geometry.layout import TableLayout
    from game.ui.shell.app import App
    from game.ui.shell.session import Session
    from game.ui.table.controller import TableController

Colour = tuple[int, int, int]

TONE_COLOURS: dict[Tone, Colour] = {
    Tone.PLAIN: style.CREAM,
    Tone.REFUSAL: style.ILLEGAL,
    Tone.ADVICE: style.GOLD,
    Tone.BLOCKED: style.BLACK_BADGE,
    Tone.FROZEN: (40, 90, 150),
    Tone.CLOSED: (70, 90, 110),
}


class TableView:
    """A read-only window on one table.

    `geometry` hands over the scene's layout, board, hand positions and button rectangles
    as callables, so what is read is always the current frame's; `words` the sentences a
    scene may phrase its own way (the lesson's badge and panel prompt)."""

    def __init__(self, controller: TableController, art: Callable[[], Any], back_colour: Callable[[], str],
                 layout: Callable[[], TableLayout], board: Callable[[], Board],
                 hand_disp: Callable[[], Mapping[tuple[int, int], list[float]]],
                 button_rect: Callable[[str], pygame.Rect | None],
                 badge_text: Callable[[], str], prompt_text: Callable[[], str],
                 dragging: Callable[[], bool], log_scroll: Callable[[], int] = lambda: 0) -> None:
        self._c = controller
        self._art = art
        self._back_colour = back_colour
        self._layout = layout
        self._board = board
        self._hand_disp = hand_disp
        self._button_rect = button_rect
        self._badge_text = badge_text
        self._prompt_text = prompt_text
        self._dragging = dragging
        self.log_scroll = log_scroll  # lines the player scrolled the move log back

    # -- the position --------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._c.game

    @property
    def human(self) -> int:
        return self._c.human

    @property
    def human_side(self) -> int:
        return self._c.human_side

    @property
    def human_unit(self) -> int:
        """The human's index in the scores (a cut-throat partner keeps their own total)."""
        return self._c.session.human_unit

    @property
    def level(self) -> str:
        return self._c.session.level

    def my_turn(self) -> bool:
        return self._c.my_turn()

    def stock_hot(self) -> bool:
        return self._c.stock_hot(self._dragging())

    def pile_hot(self) -> bool:
        return self._c.pile_hot(self._dragging())

    # -- geometry ------------------------------------------------------------------------
    @property
    def layout(self) -> TableLayout:
        return self._layout()

    @property
    def board(self) -> Board:
        return self._board()

    @property
    def hand_disp(self) -> Mapping[tuple[int, int], list[float]]:
        return self._hand_disp()

    def button_rect(self, key: str) -> pygame.Rect | None:
        return self._button_rect(key)

    @property
    def art(self) -> Any:
        return self._art()

    @property
    def back_colour(self) -> str:
        return self._back_colour()

    # -- words ---------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return table_text.seat_name(self.game, self.human, seat)

    def side_name(self, side: int) -> str:
        return table_text.side_name(self.game, self.human, side)

    def canasta_word(self, natural: bool) -> str:
        return table_text.canasta_word(natural)

    def stock_label(self, n: int) -> str:
        return table_text.stock_label(n)

    def pile_label(self, n: int, buried: int = 0) -> str:
        return table_text.pile_label(n, buried)

    def new_meld_label(self) -> str:
        return tr("ui.new_meld")

    def badge_text(self) -> str:
        return self._badge_text()

    def pile_state(self, flying: Sequence[Card] = ()) -> tuple[str, Colour] | None:
        state = table_text.pile_state(self.game, self.human_side, flying)
        return None if state is None else (state[0], TONE_COLOURS[state[1]])

    def turn_text(self) -> tuple[str, bool]:
        return self._c.turn_text()

    def prompt_text(self) -> str:
        return self._prompt_text()

    def log_lines(self) -> list[tuple[str, bool]]:
        """This hand's moves in words, oldest first; True for the moves of the player
        whose turn it is (the ones at the end)."""
        lines = self._c.log.lines
        to_play = self.game.to_play
        hot = len(lines)
        while hot > 0 and lines[hot - 1].seat == to_play:
            hot -= 1
        return [(line.text(self.seat_name, self.human), i >= hot) for i, line in enumerate(lines)]

    def log_key(self) -> tuple:
        """Changes whenever the log would be drawn differently."""
        return len(self._c.log), self._c.version, self.game.to_play, self.log_scroll()

    def message_text(self) -> tuple[str, Colour] | None:
        """The panel's sentence; not one the table shows in a box of its own: a refusal
        beside the try (said twice, the panel's copy and the box stacked over the box's
        "Rule" link), or the hint (said twice, its panel copy pushed the move log out)."""
        n = self._c.message_now()
        if n is None:
            return None
        shown = self._c.refusal_now()
        if shown is not None and n.tone is Tone.REFUSAL and n.text == shown.text:
            return None
        hint = self._c.current_hint()
        if hint is not None and n.tone is Tone.ADVICE and n.text == advice_text(hint):
            return None
        return n.text, TONE_COLOURS[n.tone]


class TableHandle(Protocol):
    """What the score sheets hold of the table: its view, and the one intent they send;
    and what dealing the hand again takes (table/replay.py)."""

    view: TableView
    app: App
    session: Session

    def next_hand(self) -> None: ...
    @property
    def game(self) -> Game: ...
    def seat_name(self, seat: int) -> str: ...
    def say(self, text: str, tone: Tone) -> None: ...
