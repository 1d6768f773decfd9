"""Frame time of the table mid-hand with animations running, the peak memory of a whole
game, and the menu's first frame.

    python benchmarks/frame_time.py [--frames 600] [--json]

Runs under SDL's dummy video driver.

Frame time: every measured frame is one `App.frame` (events, update, draw) of a table in
the middle of a hand while cards fly, paced at 60 frames a second of real time as the app
runs (a computer player's thinking on its worker thread takes real time too). The
computer seats play at normal animation speed, and when the human seat is to move a
legal move is made for it after a third of a second, so something is nearly always
moving. The first 240 frames (card art warming up) are not counted; then frames are drawn
until `--frames` of them had cards moving (the headline figures), whatever the hand does
(a new deal starts when one ends). Each frame's wall time is printed beside the main
thread's CPU time in it (on a loaded machine the wall time also holds the waits for a core).

Memory: a whole game at 1920x1080 in a child process, every seat played by `greedy` at
the fastest animated speed, each frame drawn (card art and text caches fill as in
play); its peak resident set size.

Menu: from launching `python -m game.cli` to its first frame, in a child process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FRAME = 1 / 60


def mid_hand_position():
    """A classic mid-hand position with the human (seat 0) to draw; idle_cpu.py uses it too."""
    from game.rules import VARIANTS, Game

    return Game.scripted(VARIANTS["classic"], seed=5,
                         hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H QH QS 5C 5D",
                                "5S 6C 7H 7S 8C 9C 10C QC",
                                "5H 6S 7C 9S 10D QD KC 4D",
                                "4H 4S 10H 10S QC 9H 8H 5H"],
                         melds={0: ["9S 9C 9H 9D 2C JK 2S", "KS KC JK", "6S 6C 6D"],
                                1: ["JH JD JS JC JH JD JS", "10H 10D 2H", "4S 4C 4D", "AC AC 2D"]},
                         red_threes={0: "3H 3D", 1: "3H"}, pile="7C 5D 8H", to_play=0)


def _human_move(scene, chooser=None):
    """A move for the human seat: `chooser`'s, else a quick legal one (draw, then discard)."""
    from game.ai.base import act
    from game.rules import Phase
    from game.rules.actions import Discard, Draw

    g = scene.game
    if chooser is not None:
        return act(chooser, g.view(scene.session.human))
    legal = g.legal_actions()
    if g.phase is Phase.DRAW:
        return Draw()
    if g.phase is Phase.MELD:
        return next(a for a in legal if isinstance(a, Discard))
    return legal[0] if legal else None


def _past_the_score_sheet(app, scene) -> bool:
    """The hand ended: on to the next deal. False when the game is over."""
    from game.ui.screens.score import HandEndScene

    while app.top is not scene:
        top = app.top
        if isinstance(top, HandEndScene) and not scene.game.is_over:
            top.next()
        else:
            return False
    return True


def measure(size: tuple[int, int], frames: int, warmup: int = 240, level: str = "greedy") -> dict:
    """Frame times in ms at `size`, the computer seats played by `level` (with `hard` they
    think for up to 0.35 s on a worker thread while the frames are drawn)."""
    import pygame

    from game.ui.shell.app import App
    from game.ui.shell.session import Session, flush_saves
    from game.ui.table.scene import TableScene
    from saves.settings import Settings

    app = App(size=size, prefs=Settings(animation_speed=1.0, muted=True))
    scene = TableScene(app, Session(mid_hand_position(), level, seed=1))
    app.reset_to(scene)
    times: list[float] = []
    moving: list[float] = []
    # the main thread's CPU time in each moving frame: what the frame costs, apart from
    # the waits a loaded machine (or a computer player's thread holding the GIL) adds
    moving_cpu: list[float] = []
    idle = 0
    limit = warmup + 30 * frames  # a table that stops moving for good is a failure, not a hang
    next_frame = time.perf_counter()
    try:
        for i in range(limit):
            if len(moving) >= frames:
                break
            idle = idle + 1 if scene.my_turn() else 0
            if idle > 20:  # a quick human: a third of a second to decide
                idle = 0
                action = _human_move(scene)
                if action is not None:
                    scene._apply(action)
            if app.top is not scene and not _past_the_score_sheet(app, scene):
                # the game is over: a fresh one from the same position keeps cards moving
                scene = TableScene(app, Session(mid_hand_position(), level, seed=i))
                app.reset_to(scene)
            # paced like the app's loop: worker threads and timers run in real time
            pause = next_frame - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            next_frame = max(next_frame + FRAME, time.perf_counter())
            t0, c0 = time.perf_counter(), time.thread_time()
            app.frame(FRAME)
            t1, c1 = time.perf_counter(), time.thread_time()
            pygame.display.flip()
            app.frames += 1
            if i >= warmup:
                times.append((t1 - t0) * 1000)
                if scene.animator.busy:
                    moving.append(times[-1])
                    moving_cpu.append((c1 - c0) * 1000)
    finally:
        flush_saves()  # the autosave writer finishes before its home is removed
    if not moving:
        raise RuntimeError(f"{size} {level}: no frame with cards moving in {limit} frames")

    def p99(xs: list[float]) -> float:
        xs = sorted(xs)
        return round(xs[min(len(xs) - 1, int(len(xs) * 0.99))], 2)

    # the headline figures are the frames in which cards were moving; the idle frames
    # (waiting for a move, when the autosave is written) are reported apart
    return {"size": f"{size[0]}x{size[1]}", "level": level, "frames": len(moving),
            "median_ms": round(statistics.median(moving), 2), "p99_ms": p99(moving),
            "max_ms": round(max(moving), 2),
            "cpu_median_ms": round(statistics.median(moving_cpu), 2), "cpu_p99_ms": p99(moving_cpu),
            "all_frames": len(times), "all_median_ms": round(statistics.median(times), 2),
            "all_p99_ms": p99(times)}


def whole_game(size: tuple[int, int], variant: str = "classic", seed: int = 3,
               max_frames: int = 200_000) -> dict:
    """Play a whole game at `size`, drawing every frame; peak RSS and what was cached."""
    import resource

    import pygame

    from game.ai import make_player
    from game.rules import VARIANTS, Game
    from game.ui.shell.app import App
    from game.ui.shell.loop_clock import wait_for_event
    from game.ui.shell.prefs import SPEEDS
    from game.ui.shell.session import Session, flush_saves
    from game.ui.table.scene import TableScene
    from saves.settings import Settings

    fastest = max(s for s in SPEEDS if s < 10)  # animated: flights draw their cards
    app = App(size=size, prefs=Settings(animation_speed=fastest, muted=True))
    scene = TableScene(app, Session(Game.new(VARIANTS[variant], seed=seed), "greedy", seed=seed))
    app.reset_to(scene)
    me = make_player("greedy", seed + 100)
    start = time.perf_counter()
    frames = 0
    try:
        while frames < max_frames:
            if scene.my_turn() and app.top is scene:
                action = _human_move(scene, me)
                if action is not None:
                    scene._apply(action)
            if app.top is not scene and not _past_the_score_sheet(app, scene):
                break
            # as the app does: while a computer player thinks on its thread, sleep until
            # it posts its wake-up (a spinning loop would fight it for the GIL); a scene's
            # timer (the pause before a computer move) is skipped to at once: the frame
            # gets the time it would have slept
            wait = app.next_frame_in()
            dt, events = FRAME, []
            if wait is not None and wait > 0.0:
                dt = wait
            elif wait is None:
                events = wait_for_event(0.25)
            app.frame(dt, events)
            pygame.display.flip()
            app.frames += 1
            frames += 1
    finally:
        flush_saves()
    g = scene.game
    if not g.is_over:
        raise RuntimeError(f"the game did not end in {frames} frames (hand {g.hand_number})")
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return {"size": f"{size[0]}x{size[1]}", "variant": variant, "hands": g.hand_number,
            "frames": frames, "seconds": round(time.perf_counter() - start, 1),
            "peak_rss_mb": round(peak_kb / 1024, 1), "card_art_cached": len(app.art._cache),
            "card_art_mb": round(app.art._cache.bytes / 2**20, 1),
            "table_cached": len(scene.renderer._cache),
            "table_cache_mb": round(scene.renderer._cache.bytes / 2**20, 1)}


def whole_game_in_child(size: tuple[int, int], variant: str) -> dict:
    """`whole_game` in a fresh process, so its peak is the game's alone."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CANASTA_HOME=home, PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, __file__, "--whole-game", f"{size[0]}x{size[1]}",
                              "--variant", variant], env=env, cwd=ROOT, capture_output=True, text=True,
                             timeout=1800)
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    if out.returncode != 0 or not lines:
        raise RuntimeError(f"whole game failed ({out.returncode}): {out.stdout} {out.stderr}")
    return json.loads(lines[-1])


def menu_first_frame(runs: int = 3) -> dict[str, float]:
    """From launching `python -m game.cli` to its first menu frame on the screen (best of
    `runs`; interpreter start and imports included): milliseconds of wall time, and of
    the process's CPU time (what a quiet machine would take; a loaded one adds waits)."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CANASTA_FIRST_FRAME_EXIT="1", PYTHONPATH=str(ROOT), CANASTA_HOME=home)
        wall = cpu = float("inf")
        for _ in range(runs):
            launched = time.time()
            out = subprocess.run([sys.executable, "-m", "game.cli"], env=env, cwd=ROOT,
                                 capture_output=True, text=True, timeout=60)
            shown = [ln.split() for ln in out.stdout.splitlines() if ln.startswith("first_frame_at ")]
            if not shown:
                raise RuntimeError(f"no first frame reported: {out.stdout} {out.stderr}")
            wall = min(wall, (float(shown[-1][1]) - launched) * 1000)
            cpu = min(cpu, float(shown[-1][3]) * 1000)
    return {"wall_ms": round(wall, 1), "cpu_ms": round(cpu, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=600, help="frames with cards moving per configuration")
    ap.add_argument("--variant", default="classic", help="the whole game's variant")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--whole-game", metavar="WxH", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.whole_game:
        w, h = (int(x) for x in args.whole_game.split("x"))
        print(json.dumps(whole_game((w, h), args.variant)), flush=True)
        return 0

    with tempfile.TemporaryDirectory() as home:
        os.environ["CANASTA_HOME"] = home  # never touch the player's saves
        runs = [((1280, 800), "greedy"), ((1920, 1080), "greedy"), ((1280, 800), "hard")]
        results = {"table": [measure(s, args.frames, level=lv) for s, lv in runs]}
    results["whole_game"] = whole_game_in_child((1920, 1080), args.variant)
    results["menu_first_frame_ms"] = menu_first_frame()
    if args.json:
        print(json.dumps(results))
    else:
        for r in results["table"]:
            print(f"table {r['size']:>9} ({r['level']:>6} thinking), cards moving: median {r['median_ms']:5.2f} ms  p99 {r['p99_ms']:5.2f} ms  "
                  f"max {r['max_ms']:5.2f} ms  ({r['frames']} frames; CPU median {r['cpu_median_ms']:.2f} ms "
                  f"p99 {r['cpu_p99_ms']:.2f} ms); all {r['all_frames']} frames: "
                  f"median {r['all_median_ms']:.2f} ms  p99 {r['all_p99_ms']:.2f} ms")
        g = results["whole_game"]
        print(f"whole game {g['size']} ({g['variant']}, {g['hands']} hands, {g['frames']} frames, {g['seconds']} s): "
              f"peak RSS {g['peak_rss_mb']} MB; card art cache {g['card_art_cached']} surfaces "
              f"({g['card_art_mb']} MB), table cache {g['table_cached']} ({g['table_cache_mb']} MB)")
        m = results["menu_first_frame_ms"]
        print(f"menu first frame: {m['wall_ms']} ms after process start ({m['cpu_ms']} ms of CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
