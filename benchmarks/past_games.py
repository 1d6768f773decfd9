"""How long the Past games list takes to open with many archived games (target: 1,000
games in under 0.5 s), and how long archiving one more game takes at that size.

    python benchmarks/past_games.py [--games 1000] [--runs 5] [--dir PATH]

The games are real records (a whole classic game played by greedy players, archived
under successive finishing times) in a temp CANASTA_HOME, or in --dir to measure another
disk. "list" is `saves.archive.list_games()`, what the Past games screen reads; "open
screen" builds the screen's rows from it as the screen does.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    home = args.dir or Path(tempfile.mkdtemp(prefix="canasta-past-"))
    os.environ["CANASTA_HOME"] = str(home)

    from saves.archive import add_game, list_games
    from tests.record.records import game_record

    record = game_record()
    start = time.perf_counter()
    for n in range(args.games):
        stamp = f"2026-{1 + n // 28 // 24 % 12:02}-{1 + n // 24 % 28:02}T{n % 24:02}:00:00Z"
        add_game({**record, "finished": stamp}, keep=args.games)
    filled = time.perf_counter() - start
    listed = len(list_games().games)
    times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        list_games()
        times.append(time.perf_counter() - t)
    # the screen itself: the list read, its rows made and drawn once (a headless window)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.screens.past_games import PastGamesScene
    from game.ui.shell.app import App
    from saves.settings import Settings

    app = App(size=(1280, 800), prefs=Settings(muted=True))
    screens = []
    for _ in range(args.runs):
        t = time.perf_counter()
        scene = app.push(PastGamesScene(app))
        app.frame(1 / 60)
        screens.append(time.perf_counter() - t)
        assert len(scene.rows) == listed
        app.pop()
    t = time.perf_counter()
    add_game({**record, "finished": "2027-01-01T00:00:00Z"}, keep=args.games + 1)
    one_more = time.perf_counter() - t
    size = sum(p.stat().st_size for p in (home / "data" / "archive").iterdir())
    print(f"{listed} games archived ({size / 1e6:.1f} MB on disk, {filled:.1f} s to archive)")
    print(f"list: median {statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms "
          f"over {args.runs} runs (target < 500 ms)")
    print(f"open screen: median {statistics.median(screens) * 1000:.1f} ms, worst {max(screens) * 1000:.1f} ms "
          f"over {args.runs} runs (target < 500 ms)")
    print(f"archiving one more game: {one_more * 1000:.1f} ms")
    print(f"load: {os.getloadavg()[0]:.2f} (1-minute average)")


if __name__ == "__main__":
    main()
