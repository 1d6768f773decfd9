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
import threading
from collections.abc import Callable
from typing import Any

from game.ai import hints
from game.ai.analysis import HINT, Analysis, analyse
from game.rules.actions import Action
from game.rules.view import PlayerView

_log = logging.getLogger(__name__)

Starter = Callable[[Callable[[], None]], None]


def on_a_thread(work: Callable[[], None]) -> None:
    # a daemon: closing the window while the analysis runs must not wait for it
    threading.Thread(target=work, name="canasta-advice", daemon=True).start()


class Advice:
    """One position's analysis being worked out; `stamp` is the table's version of the
    position it was started for (a result for a position since left is never shown)."""

    def __init__(self, view: PlayerView, stamp: int, on_done: Callable[[], None] | None = None,
                 start: Starter = on_a_thread) -> None:
        self.view = view
        self.stamp = stamp
        self._on_done = on_done
        self._analysis: Analysis | None = None
        self.error: str | None = None
        self._finished = threading.Event()
        start(self._run)

    def _run(self) -> None:
        try:
            self._analysis = analyse(self.view, HINT)
        except Exception as exc:  # noqa: BLE001 - handed to the table as "no hint this time"
            _log.exception("the analysis of the human's position failed")
            self.error = str(exc) or type(exc).__name__
        finally:
            self._finished.set()
            if self._on_done is not None:
                self._on_done()

    def done(self) -> bool:
        return self._finished.is_set()

    def analysis(self) -> Analysis | None:
        """The finished analysis, or None while it runs or when it failed (`error`)."""
        return self._analysis if self.done() else None

    def wait(self) -> None:
        """Block until the analysis has ended (a worker's business, never the UI's)."""
        self._finished.wait()


class Verdict:
    """The coach's judgement of `action` in the position `advice` analyses: the warning
    (`hints.coach`) or None, worked out on a worker; `stamp` as the advice's."""

    def __init__(self, advice: Advice, action: Action, on_done: Callable[[], None] | None = None,
                 start: Starter = on_a_thread) -> None:
        self.advice = advice
        self.action = action
        self.stamp = advice.stamp
        self._on_done = on_done
        self.warning: Any = None
        self._finished = threading.Event()
        start(self._run)

    def _run(self) -> None:
        try:
            self.advice.wait()
            self.warning = hints.coach(self.advice.view, self.action, self.advice.analysis())
        except Exception:  # noqa: BLE001 - the coach must never cost the game a move
            # ...but a coach that fails must not fall silent unseen either
            _log.exception("the coach failed to judge %s", self.action)
        finally:
            self._finished.set()
            if self._on_done is not None:
                self._on_done()

    def done(self) -> bool:
        return self._finished.is_set()
