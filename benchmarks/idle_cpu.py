"""CPU used by the app while the player does nothing: the main menu, the table at the
human's turn, and the hand's score sheet.

    python benchmarks/idle_cpu.py [--seconds 10] [--runs 3] [--driver auto|xvfb|dummy] [--json]

Each screen is measured in its own process running the real `App.run_loop`: after a
settling period (the deal, card art warming up) the process CPU time over `--seconds` of
wall time is read, all threads included. The figure is that time as a share of one core,
the median of `--runs` runs, with the frames drawn a second beside it. With `--driver
auto` an Xvfb server is started when one is installed (a real X window, as a player
has), else SDL's dummy driver is used.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from frame_time import mid_hand_position  # noqa: E402 - the same position, one definition

SCREENS = ("menu", "table", "score")
SIZE = (1280, 800)


def _ended_game():
    """A classic hand the human has just gone out in (its score sheet is shown)."""
    from game.rules import VARIANTS, Game, Phase
    from game.rules.actions import Discard, Draw, Meld

    g = Game.scripted(VARIANTS["classic"],
                      hands=["QH QD QS", "5C 5D 6C 7C 7H 7S 8C 9C 10C JC QC",
                             "5H 5S 6S 7D 8D 9S 10D JD QD KC 4D",
                             "4H 4S 10H 10S JH JS QH QS 9H 8H 5H"],
                      stock="4C", melds={0: ["9S 9C 9H 9D 2C JK 2S", "KS KC KD 2H"], 1: ["10H 10D 2D"]},
                      red_threes={0: "3H"}, pile="7C 8H", to_play=0)
    g.apply(Draw())
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Meld) and sum(map(len, a.groups)) == 3))
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Discard)))
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER), g.phase
    return g


def child(screen: str, warmup: float, seconds: float) -> int:
    """Run the app on `screen`; print one JSON line with the CPU share over `seconds`."""
    import pygame

    from game.ui.shell.app import App
    from saves.settings import Settings

    app = App(size=SIZE, prefs=Settings(animation_speed=1.0, muted=True, seen_tutorial=True))
    if screen == "menu":
        from game.ui.screens.menu import MainMenuScene

        app.push(MainMenuScene(app))
    else:
        from game.ui.shell.session import Session
        from game.ui.table.scene import TableScene

        game = mid_hand_position() if screen == "table" else _ended_game()
        table = TableScene(app, Session(game, "normal", seed=1))
        app.reset_to(table)
        if screen == "score":
            from game.ui.screens.score import HandEndScene

            app.push(HandEndScene(app, table))
    out: dict[str, float | str] = {"screen": screen}

    def watch() -> None:
        time.sleep(warmup)
        c0, w0, f0 = time.process_time(), time.perf_counter(), app.frames
        time.sleep(seconds)
        c1, w1, f1 = time.process_time(), time.perf_counter(), app.frames
        out.update(cpu=(c1 - c0) / (w1 - w0), fps=(f1 - f0) / (w1 - w0))
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=watch, daemon=True).start()
    code = app.run_loop()
    from game.ui.shell.session import flush_saves

    flush_saves()
    if app.top is not None and screen != "menu":
        out["top"] = type(app.top).__name__
    print(json.dumps(out), flush=True)
    pygame.quit()
    return code


class Xvfb:
    """A private X server for the children, stopped when the run ends."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self.display = ""

    def __enter__(self) -> Xvfb:
        for n in range(140, 200):
            if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
                break
        self.display = f":{n}"
        self.proc = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)


def measure(screen: str, env: dict[str, str], warmup: float, seconds: float) -> dict:
    with tempfile.TemporaryDirectory() as home:
        run_env = dict(env, CANASTA_HOME=home, PYTHONPATH=str(ROOT), LANGUAGE="en")
        done = subprocess.run([sys.executable, __file__, "--child", screen, "--warmup", str(warmup),
                               "--seconds", str(seconds)], env=run_env, cwd=ROOT,
                              capture_output=True, text=True, timeout=warmup + seconds + 120)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"{screen}: the app failed ({done.returncode}): {done.stdout}{done.stderr}")
    return json.loads(lines[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--warmup", type=float, default=6.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--driver", choices=("auto", "xvfb", "dummy"), default="auto")
    ap.add_argument("--screens", default=",".join(SCREENS))
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--child", choices=SCREENS, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child(args.child, args.warmup, args.seconds)
    use_xvfb = args.driver == "xvfb" or (args.driver == "auto" and shutil.which("Xvfb") is not None)
    env = dict(os.environ, SDL_AUDIODRIVER="dummy")
    results: dict[str, dict] = {}
    with Xvfb() if use_xvfb else _Nothing() as server:
        if use_xvfb:
            env.update(SDL_VIDEODRIVER="x11", DISPLAY=server.display)
        else:
            env.update(SDL_VIDEODRIVER="dummy")
        for screen in args.screens.split(","):
            runs = [measure(screen, env, args.warmup, args.seconds) for _ in range(args.runs)]
            results[screen] = {"cpu_pct": round(100 * statistics.median(r["cpu"] for r in runs), 2),
                               "runs_pct": [round(100 * r["cpu"], 2) for r in runs],
                               "fps": round(statistics.median(r["fps"] for r in runs), 1)}
    driver = "xvfb" if use_xvfb else "dummy"
    if args.json:
        print(json.dumps({"driver": driver, "seconds": args.seconds, "screens": results}))
    else:
        for screen, r in results.items():
            print(f"idle {screen:>5} ({driver}, {SIZE[0]}x{SIZE[1]}): {r['cpu_pct']:5.2f}% of one core "
                  f"(median of {len(r['runs_pct'])}: {r['runs_pct']}), {r['fps']} frames/s")
    return 0


class _Nothing:
    display = ""

    def __enter__(self) -> _Nothing:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


if __name__ == "__main__":
    sys.exit(main())
