"""One classic game to its end through the real window under Xvfb, then Past games: the
game opened, its second hand reviewed, its record exported and `canasta verify --record`
run on the exported file -- with real X mouse and keys (xdotool), a screenshot of each
step, and the command's output in the log.

    python scripts/xvfb_past_games.py [--display :15] [--out shots/xvfb_past_games]
                                      [--seed 1] [--target low]

The game itself is played by scripts/xvfb_play.py's driver (New game shows the
commitment and the player's seed); this script takes over at the last score sheet. The
exported record is copied to OUT/record.json before the game's private folder goes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import xvfb_play as P  # noqa: E402


class PastGamesDriver(P.LastSheetDriver):
    done_message = "done: Past games, a hand reviewed, the record exported and verified"

    def at_last_sheet(self) -> None:
        self.click_widget(lambda: self.app.top.next_btn, "score sheet: Result")
        self.wait(lambda: self.top_kind() == "game_over", 10, "the result")
        self.shot("game_over")
        self.click_widget(lambda: self.app.top.menu, "result: main menu")
        self.wait(lambda: "past" in getattr(self.app.top, "buttons", {}), 10, "the main menu")
        self.past_games()

    def past_games(self) -> None:
        from game.ui.review.scene import ReviewScene
        from game.ui.screens.past_games import PastGamesScene

        self.click_widget(lambda: self.app.top.buttons["past"], "menu: Past games")
        self.wait(lambda: isinstance(self.app.top, PastGamesScene), 10, "Past games")
        past = self.app.top
        self.log(f"Past games lists {self.look(lambda: len(past.rows))} game(s): {self.look(lambda: past.rows)}")
        self.shot("past_01_list")
        self.click_widget(lambda: past.buttons["open"], "Past games: Open")
        self.wait(lambda: past.record is not None, 20, "the game's hands")
        self.x.key("Down")  # the second hand
        self.wait(lambda: past.hand == 1, 5, "the second hand selected")
        self.log(f"hands: {self.look(lambda: past.rows)}")
        self.shot("past_02_hands")
        self.click_widget(lambda: past.buttons["review"], "Past games: Review")
        self.wait(lambda: isinstance(self.app.top, ReviewScene), 10, "the review")
        rv = self.app.top
        started = time.monotonic()
        self.wait(lambda: rv.job.done(), 300, "the ratings")
        self.log(f"hand {self.look(lambda: rv.rec.hand)} rated in {time.monotonic() - started:.1f} s: "
                 f"{self.look(lambda: (rv.review.counts(), round(rv.review.accuracy * 100)))}")
        self.x.key("Down")  # the first decision
        self.shot("past_03_review_hand2")
        self.x.key("Escape")
        self.wait(lambda: self.app.top is past, 10, "Past games again")
        from saves.archive import load_game

        ratings = self.look(lambda: load_game(past.file)["hands"][1].get("ratings"))
        self.log(f"ratings kept in the record: {len(ratings or [])} decision(s)")
        self.click_widget(lambda: past.buttons["verify"], "Past games: Verify")
        self.wait(lambda: self.top_kind() == "dialog", 10, "the verification")
        self.log(f"verify dialog: {self.look(lambda: self.app.top.text())}")
        self.shot("past_04_verify")
        self.x.key("Escape")
        self.wait(lambda: self.app.top is past, 10, "Past games again")
        self.click_widget(lambda: past.buttons["export"], "Past games: Export")
        self.wait(lambda: self.top_kind() == "dialog", 10, "the export")
        self.shot("past_05_export")
        from saves.paths import data_dir

        exported = data_dir() / "exports" / past.file
        kept = self.out / "record.json"
        shutil.copyfile(exported, kept)
        result = subprocess.run([sys.executable, "-c", "import sys; from game.cli import main; sys.exit(main())",
                                 "verify", "--record", str(kept)], cwd=ROOT, capture_output=True, text=True,
                                env={**os.environ, "SDL_VIDEODRIVER": "dummy"}, timeout=300)
        self.log(f"$ canasta verify --record {kept}\n{result.stdout.strip()}\n(exit status {result.returncode})")
        (self.out / "verify_record.txt").write_text(
            f"$ canasta verify --record {kept}\n{result.stdout}{result.stderr}(exit status {result.returncode})\n",
            encoding="utf-8")
        self.x.key("Escape")
        self.rec.finished = result.returncode == 0


def main(argv: list[str] | None = None) -> int:
    return P.last_sheet_main(argv, __doc__, ":15", "xvfb_past_games", PastGamesDriver)


if __name__ == "__main__":
    sys.exit(main())
