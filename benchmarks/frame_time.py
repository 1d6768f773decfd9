"""Frame time of the table mid-hand with animations running, and the menu's first frame.

    python benchmarks/frame_time.py [--frames 600] [--json]

Runs under SDL's dummy video driver. Every measured frame is one `App.frame` (events,
update, draw) of a table in the middle of a hand while cards fly: the computer seats play
at normal animation speed, and when the human seat is to move a legal move is made for
it after a third of a second, so something is nearly always moving. The first 240 frames (card art warming up) are
not counted. The menu's first frame is timed from process start, in a child process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _position():
    from game.rules import VARIANTS, Game

    return Game.scripted(VARIANTS["classic"], seed=5,
                         hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H QH QS 5C 5D",
                                "5S 6C 7H 7S 8C 9C 10C QC",
                                "5H 6S 7C 9S 10D QD KC 4D",
                                "4H 4S 10H 10S QC 9H 8H 5H"],
                         melds={0: ["9S 9C 9H 9D 2C JK 2S", "KS KC JK", "6S 6C 6D"],
                                1: ["JH JD JS JC JH JD JS", "10H 10D 2H", "4S 4C 4D", "AC AC 2D"]},
                         red_threes={0: "3H 3D", 1: "3H"}, pile="7C 5D 8H", to_play=0)


def measure(size: tuple[int, int], frames: int, warmup: int = 240, level: str = "greedy") -> dict:
    """Frame times in ms at `size`, the computer seats played by `level` (with `hard` they
    think for up to 0.35 s on a worker thread while the frames are drawn)."""
    import pygame

    from game.rules import Phase
    from game.rules.actions import Discard, Draw
    from game.ui.app import App
    from game.ui.prefs import Prefs
    from game.ui.session import Session
    from game.ui.table_scene import TableScene

    app = App(size=size, prefs=Prefs(animation_speed=1.0, muted=True))
    scene = TableScene(app, Session(_position(), level, seed=1))
    app.reset_to(scene)
    times: list[float] = []
    moving: list[float] = []
    idle = 0
    for i in range(warmup + frames):
        g = scene.game
        idle = idle + 1 if scene.my_turn() else 0
        if idle > 20:  # a quick human: a third of a second to decide
            idle = 0
            legal = g.legal_actions()
            if g.phase is Phase.DRAW:
                scene._apply(Draw())
            elif g.phase is Phase.MELD:
                scene._apply(next(a for a in legal if isinstance(a, Discard)))
            elif legal:
                scene._apply(legal[0])
        if app.top is not scene:  # the hand ended: back to the table for the next one
            app.top.next() if hasattr(app.top, "next") else app.pop()
            if app.top is not scene:
                break
        t0 = time.perf_counter()
        app.frame(1 / 60)
        t1 = time.perf_counter()
        pygame.display.flip()
        app.frames += 1
        if i >= warmup:
            times.append((t1 - t0) * 1000)
            if scene.animator.busy:
                moving.append(times[-1])
    def p99(xs: list[float]) -> float:
        xs = sorted(xs)
        return round(xs[min(len(xs) - 1, int(len(xs) * 0.99))], 2)

    # the headline figures are the frames in which cards were moving; the idle frames
    # (waiting for a move, when the autosave is written) are reported apart
    return {"size": f"{size[0]}x{size[1]}", "level": level, "frames": len(moving),
            "median_ms": round(statistics.median(moving), 2), "p99_ms": p99(moving),
            "max_ms": round(max(moving), 2),
            "all_frames": len(times), "all_median_ms": round(statistics.median(times), 2),
            "all_p99_ms": p99(times)}


def menu_first_frame(runs: int = 3) -> float:
    """Milliseconds from launching `python -m game.cli` to its first menu frame (best of
    `runs`, the process start included)."""
    env = dict(os.environ, CANASTA_FIRST_FRAME_EXIT="1", PYTHONPATH=str(ROOT))
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "game.cli"], env=env, cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
        wall = (time.perf_counter() - t0) * 1000
        if "first_frame_ms" not in out.stdout:
            raise RuntimeError(f"no first frame reported: {out.stdout} {out.stderr}")
        best = min(best, wall)
    return round(best, 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        os.environ["CANASTA_HOME"] = home  # never touch the player's saves
        runs = [((1280, 800), "greedy"), ((1920, 1080), "greedy"), ((1280, 800), "hard")]
        results = {"table": [measure(s, args.frames, level=lv) for s, lv in runs],
                   "menu_first_frame_ms": menu_first_frame()}
    if args.json:
        print(json.dumps(results))
    else:
        for r in results["table"]:
            print(f"table {r['size']:>9} ({r['level']:>6} thinking), cards moving: median {r['median_ms']:5.2f} ms  p99 {r['p99_ms']:5.2f} ms  "
                  f"max {r['max_ms']:5.2f} ms  ({r['frames']} frames); all {r['all_frames']} frames: "
                  f"median {r['all_median_ms']:.2f} ms  p99 {r['all_p99_ms']:.2f} ms")
        print(f"menu first frame: {results['menu_first_frame_ms']} ms after process start")
    return 0


if __name__ == "__main__":
    sys.exit(main())
