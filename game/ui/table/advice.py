"""The human's position analysed off the UI thread, for the hint and the coach.

The analysis (game/ai/analysis.py) plays every candidate out in a few dozen sampled
worlds: a few hundred milliseconds, which would freeze the table's drawing if it ran in
the frame. It runs on a worker thread instead; the table asks each frame whether it is
done. The coach's verdict on a move the player is making (`Verdict`) is worked out the
same way: it waits for the position's analysis and analyses again only when that did
not try the move. `start` is how the work is started: a daemon thread normally,
anything a test likes (so a test counts frames drawn while the work is pending, with no
wall clock).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game.ai import hints
from game.ai.analysis import HINT, Analysis, analyse
from game.rules.actions import Action
from game.rules.view import PlayerView
from game.ui.shell.worker import Background, Starter, on_a_thread

_log = logging.getLogger(__name__)


class Advice(Background):
    """One position's analysis being worked out; `stamp` is the table's version of the
    position it was started for (a result for a position since left is never shown)."""

    def __init__(self, view: PlayerView, stamp: int, on_done: Callable[[], None] | None = None,
                 start: Starter = on_a_thread) -> None:
        super().__init__(on_done)
        self.view = view
        self.stamp = stamp
        self._analysis: Analysis | None = None
        self.error: str | None = None
        self.start(start)

    def work(self) -> None:
        try:
            self._analysis = analyse(self.view, HINT)
        except Exception as exc:  # noqa: BLE001 - handed to the table as "no hint this time"
            _log.exception("the analysis of the human's position failed")
            self.error = str(exc) or type(exc).__name__

    def analysis(self) -> Analysis | None:
        """The finished analysis, or None while it runs or when it failed (`error`)."""
        return self._analysis if self.done() else None


class Verdict(Background):
    """The coach's judgement of `action` in the position `advice` analyses: the warning
    (`hints.coach`) or None, worked out on a worker; `stamp` as the advice's."""

    def __init__(self, advice: Advice, action: Action, on_done: Callable[[], None] | None = None,
                 start: Starter = on_a_thread) -> None:
        super().__init__(on_done)
        self.advice = advice
        self.action = action
        self.stamp = advice.stamp
        self.warning: Any = None
        self.start(start)

    def work(self) -> None:
        try:
            self.advice.wait()
            self.warning = hints.coach(self.advice.view, self.action, self.advice.analysis())
        except Exception:  # noqa: BLE001 - the coach must never cost the game a move
            # ...but a coach that fails must not fall silent unseen either
            _log.exception("the coach failed to judge %s", self.action)
