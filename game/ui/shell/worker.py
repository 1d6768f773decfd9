"""Work done off the UI thread: a computer player's move, the hint's analysis, the
coach's verdict. Each takes long enough to freeze the table's drawing if it ran in the
frame, so it runs on a worker and the table asks each frame whether it is done."""

from __future__ import annotations

import threading
from collections.abc import Callable

Starter = Callable[[Callable[[], None]], None]


def on_a_thread(work: Callable[[], None]) -> None:
    # a daemon: closing the window while the work runs must not wait for it
    threading.Thread(target=work, name="canasta-worker", daemon=True).start()


class Background:
    """One piece of work on a worker: a subclass sets its fields, then calls `start`;
    `work` does the job (keeping its own errors: each kind fails its own way), and
    `on_done` is called from the worker once it has ended."""

    def __init__(self, on_done: Callable[[], None] | None) -> None:
        self._on_done = on_done
        self._finished = threading.Event()

    def start(self, starter: Starter = on_a_thread) -> None:
        starter(self._run)

    def work(self) -> None:
        raise NotImplementedError

    def _run(self) -> None:
        try:
            self.work()
        finally:
            self._finished.set()
            if self._on_done is not None:
                self._on_done()

    def done(self) -> bool:
        return self._finished.is_set()

    def wait(self) -> None:
        """Block until the work has ended (a worker's business, never the UI's)."""
        self._finished.wait()
