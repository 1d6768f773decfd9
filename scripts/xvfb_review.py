"""One classic game to its end through the real window under Xvfb, then its last hand's
review stepped through, the same deal played by `hard` in the human's seat, the deal
played again, and the statistics screen -- with real X mouse and keys (xdotool), and a
screenshot of each.

    python scripts/xvfb_review.py [--display :73] [--out shots/xvfb_review] [--seed 1]
                                  [--target low]

The game itself is played by scripts/xvfb_play.py's driver; this script takes over at
the last hand's score sheet.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import xvfb_play as P  # noqa: E402


class ReviewDriver(P.LastSheetDriver):
    done_message = "done: review, duplicate, replay and statistics shown"

    def at_last_sheet(self) -> None:
        from game.ui.review.scene import ReviewScene

        self.click_widget(lambda: self.app.top.review_btn, "score sheet: Review this hand")
        self.wait(lambda: isinstance(self.app.top, ReviewScene), 10, "the review")
        self.log(f"review opened; rating at {self.look(lambda: self.app.top.job.progress):.0%}")
        self.shot("review_01_rating")
        started = time.monotonic()
        self.wait(lambda: self.app.top.job.done(), 300, "the ratings")
        rv = self.app.top
        self.log(f"review rated in {time.monotonic() - started:.1f} s: "
                 f"{self.look(lambda: (rv.review.counts(), round(rv.review.accuracy * 100)))}")
        # step with the real keys: the first moves, then the human's decisions
        for _ in range(3):
            self.x.key("Right")
        self.shot("review_02_step3")
        self.x.key("Down")
        self.shot("review_03_decision")
        # the costliest decision, by clicking its line in the summary
        costly = self.look(lambda: [r.center for r, _ in rv.costly_rects])
        if costly:
            self.click(costly[0], "review: costliest decision")
            self.shot("review_04_costliest")
        self.click_widget(lambda: rv.nav["last"], "review: End")
        self.click_widget(lambda: rv.dup_btn, "review: how would the computer have played")
        self.shot("review_05_duplicate_running")
        self.wait(lambda: rv.dup_job.done(), 300, "the duplicate")
        self.log(f"duplicate: {self.look(lambda: rv.dup)}")
        self.shot("review_06_duplicate")
        # play the deal again: a new table with the same shuffle
        self.click_widget(lambda: rv.replay_btn, "review: Play this deal again")
        self.wait(lambda: self.top_kind() == "table", 10, "the replayed deal")
        self.wait(lambda: self.quiet(), 30, "the deal's animation")
        self.log(f"replayed: hand {self.look(lambda: self.game().hand_number)}, "
                 f"seed {self.look(lambda: self.game().hand_seed)}")
        self.shot("replay_01_dealt")
        # the statistics, from the main menu
        self.x.key("Escape")
        self.wait(lambda: self.top_kind() == "dialog", 5, "the pause menu")
        to_menu = self.look(lambda: next(b.rect.center for b in self.app.top.buttons
                                         if b.text == self.tr("ui.pause.to_menu")))
        self.click(to_menu, "pause: main menu")
        self.wait(lambda: "stats" in getattr(self.app.top, "buttons", {}), 10, "the main menu")
        self.click_widget(lambda: self.app.top.buttons["stats"], "menu: Statistics")
        self.wait(lambda: type(self.app.top).__name__ == "StatsScene", 10, "the statistics")
        self.shot("stats_01")
        self.rec.finished = True

    @staticmethod
    def tr(key: str) -> str:
        from game.i18n import tr

        return tr(key)


def main(argv: list[str] | None = None) -> int:
    return P.last_sheet_main(argv, __doc__, ":73", "xvfb_review", ReviewDriver)


if __name__ == "__main__":
    sys.exit(main())
