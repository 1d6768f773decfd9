"""One classic hand played through the real window under Xvfb by pressing H at every
decision of the human's seat and doing what the table's hint then says (real X keys and
mouse, xdotool), then the hand reviewed: how the review rates each followed hint.

    python scripts/xvfb_hints.py [--display :44] [--out shots/xvfb_hints] [--seed 1]

Screenshots of the first three hints as the table shows them go to OUT/classic/, with
the review's summary; the log lists every decision: the hint followed and its rating.
A move the driver had to make otherwise (a gesture refused twice) is said as such and
left out of the count.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import xvfb_play as P  # noqa: E402

GOOD = ("best", "good")


class HintDriver(P.LastSheetDriver):
    done_message = "done: a hand played by the hints, then reviewed"

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.followed: dict[int, Any] = {}  # the hints played, by their index in the hand

    def pick(self, view: Any) -> Any:
        ctl = self.look(lambda: self.table().controller)
        self.x.key("h")
        if not self.wait(lambda: ctl.current_hint() is not None, 60, "the hint"):
            self.anomaly("H showed no hint")
            return super().pick(view)
        hint = self.look(ctl.current_hint)
        if len(self.followed) < 3:
            self.shot(f"hint_{len(self.followed) + 1}")
        index = self.look(lambda: len(ctl.session.moves))
        self.log(f"  H: {P.describe(hint.action)} (move {index})")
        self.followed[index] = hint.action
        return hint.action

    def hand_end(self) -> None:
        self.wait(lambda: self.app.top.next_btn.visible, 5, "the score sheet")
        self.shot("hand_end")
        self.at_last_sheet()
        raise P.Shown

    def at_last_sheet(self) -> None:
        from game.ui.review.scene import ReviewScene

        self.click_widget(lambda: self.app.top.review_btn, "score sheet: Review this hand")
        self.wait(lambda: isinstance(self.app.top, ReviewScene), 10, "the review")
        started = time.monotonic()
        self.wait(lambda: self.app.top.job.done(), 600, "the ratings")
        rv = self.app.top
        rated = self.look(lambda: [(d.index, d.action, d.label, round(d.loss)) for d in rv.review.decisions])
        self.log(f"review rated in {time.monotonic() - started:.1f} s")
        good = bad = 0
        for index, action, label, loss in rated:
            followed = index in self.followed  # the move made there was the hint's
            good += followed and label in GOOD
            bad += followed and label not in GOOD
            self.log(f"  {'hint' if followed else 'other'} {P.describe(action)}: {label} {-loss:+d}")
        self.log(f"followed hints rated best or good: {good} of {good + bad}")
        self.shot("review")
        costly = self.look(lambda: [r.center for r, _ in rv.costly_rects])
        if costly:
            self.click(costly[0], "review: costliest decision")
            self.shot("review_costliest")
        self.rec.finished = True


def main(argv: list[str] | None = None) -> int:
    return P.last_sheet_main(argv, __doc__, ":44", "xvfb_hints", HintDriver)


if __name__ == "__main__":
    sys.exit(main())
