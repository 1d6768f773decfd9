"""Play whole games through the real window under Xvfb, with real X mouse and keys.

    python scripts/xvfb_play.py --variant all [--display :97] [--out /tmp/xvfb_play]
                                [--seed 1] [--max-minutes 90] [--target N] [--speed 3]

What a new player would do, done by a program: start Xvfb, open the real game (the same
`App` and main menu `canasta` opens) on that screen, and play the human's seat with
`xdotool` -- the mouse pointer moves, presses and releases; the keyboard sends Return.
Nothing is posted into pygame's queue and no engine move is made by hand: every move
goes through the table's own input handling.

The computer seats play as usual. For the human seat the driver asks the hint
(`game.ai.hints.suggest`) what to do and turns it into gestures: click the stock, click
cards to select them and drag them onto the new-meld space, a meld or the pile, confirm
a staged opening with the Confirm button or Return, click the pile to take it (and pick
the choice in the dialog when one opens), answer "may I go out?", press Next deal on the
score sheet. Positions are read from the live scene (the same rects the table hit-tests
against), on the main thread between two frames, so the driver never reads a table that
is half-way through a frame.

A gesture that does not change the game the way it should is an anomaly: it is logged
with a screenshot, and (after two tries) the driver makes a plainer legal move so the
game can go on. Screenshots at every hand end and at the end go to OUT/<variant>/, with
`log.txt` and `summary.json`.

`--variant all` plays each variant in its own process, one after the other.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VARIANT_NAMES = ("classic", "classic-2p", "classic-3p", "modern-american", "italian")
HUMAN = 0


# -- the X server -------------------------------------------------------------------------
def start_xvfb(display: str, size: str = "1280x800x24") -> subprocess.Popen:
    num = display.lstrip(":")
    if Path(f"/tmp/.X11-unix/X{num}").exists() or Path(f"/tmp/.X{num}-lock").exists():
        raise SystemExit(f"display {display} is in use; pick another with --display")
    proc = subprocess.Popen(["Xvfb", display, "-screen", "0", size, "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{num}").exists():
            break
        if proc.poll() is not None:
            raise SystemExit(f"Xvfb {display} exited at once (code {proc.returncode})")
        time.sleep(0.1)
    else:
        proc.kill()
        raise SystemExit(f"Xvfb {display} did not come up")
    time.sleep(0.3)
    return proc


class X:
    """Real input through xdotool, and screenshots through ImageMagick's `import`."""

    def __init__(self, display: str) -> None:
        self.env = {**os.environ, "DISPLAY": display}
        self.origin = (0, 0)  # the window's top-left on the screen

    def run(self, *args: str, check: bool = True) -> str:
        out = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30)
        if check and out.returncode != 0:
            raise RuntimeError(f"xdotool {' '.join(args)}: {out.stderr.strip()}")
        return out.stdout

    def find_window(self, wid: int) -> None:
        """Put the window (X id from SDL) at the screen's top-left, give it the keyboard,
        and remember where it is."""
        self.run("windowmove", "--sync", str(wid), "0", "0", check=False)
        self.run("windowfocus", "--sync", str(wid), check=False)
        geo = dict(line.split("=", 1) for line in self.run("getwindowgeometry", "--shell", str(wid)).split())
        self.origin = (int(geo["X"]), int(geo["Y"]))

    def _at(self, pos: tuple[float, float]) -> tuple[str, str]:
        return str(round(pos[0]) + self.origin[0]), str(round(pos[1]) + self.origin[1])

    def move(self, pos: tuple[float, float]) -> None:
        self.run("mousemove", *self._at(pos))

    def click(self, pos: tuple[float, float], button: int = 1) -> None:
        # as a hand does it: arrive, rest a moment, press, release
        self.run("mousemove", *self._at(pos), "sleep", "0.08", "mousedown", str(button), "sleep", "0.07",
                 "mouseup", str(button))

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
        args = ["mousemove", *self._at(start), "sleep", "0.08", "mousedown", "1", "sleep", "0.08"]
        for i in range(1, steps + 1):
            f = i / steps
            args += ["mousemove", *self._at((start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)),
                     "sleep", "0.03"]
        args += ["sleep", "0.1", "mouseup", "1"]
        self.run(*args)

    def key(self, name: str) -> None:
        self.run("key", name)

    def shot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True, timeout=60,
                       capture_output=True)
        return path


# -- the app, with a way to look at it between two frames ----------------------------------
class Stopped(RuntimeError):
    pass


def make_app(probes: queue.Queue, size: tuple[int, int]) -> Any:
    from game.ui.shell.app import App

    class ObservedApp(App):
        """The real App; after each frame it runs the driver's read-only questions."""

        crashed: str | None = None

        def frame(self, dt: float, *args: Any) -> None:
            try:
                super().frame(dt, *args)  # the loop hands on the events and pygame_gui's step
            except Exception:
                self.crashed = traceback.format_exc()
                self.quit(3)
                raise
            while True:
                try:
                    fn, box, done = probes.get_nowait()
                except queue.Empty:
                    break
                try:
                    box.append(fn())
                except Exception as exc:  # noqa: BLE001 - handed to the driver
                    box.append(exc)
                done.set()

    # the whole virtual screen (a first start with nothing remembered would take four
    # fifths of it), so the pictures show the table at the screen's size
    return ObservedApp(size=size)


@dataclass
class Anomaly:
    when: float
    hand: int
    what: str
    shot: str = ""


@dataclass
class Record:
    variant: str
    seed: int
    started: float = field(default_factory=time.monotonic)
    hands: list[dict[str, Any]] = field(default_factory=list)
    anomalies: list[Anomaly] = field(default_factory=list)
    moves: Counter = field(default_factory=Counter)
    gestures: Counter = field(default_factory=Counter)
    final: dict[str, Any] = field(default_factory=dict)
    finished: bool = False
    error: str = ""


class Driver:
    cutthroat = False  # choose the cut-throat house rule in the New game form
    take_first = False  # take the pile whenever allowed while nobody has taken it this hand
    hands_wanted = 0  # stop after this many hands (0: the whole game)

    def __init__(self, app: Any, probes: queue.Queue, x: X, out: Path, rec: Record, target: str | None,
                 speed: int | None, deadline: float, ask_first: bool = False) -> None:
        self.app = app
        self.ask_first = ask_first
        self.probes = probes
        self.x = x
        self.out = out
        self.rec = rec
        self.target = target
        self.speed = speed
        self.deadline = deadline
        self.log_file = (out / "log.txt").open("w", encoding="utf-8")
        self.failures: Counter = Counter()
        self.confirms = 0
        self.shot_hands: set[int] = set()
        self.table_shots: set[int] = set()

    # -- plumbing ---------------------------------------------------------------------
    def log(self, text: str) -> None:
        t = time.monotonic() - self.rec.started
        line = f"[{t:8.1f}s] {text}"
        print(f"{self.rec.variant}: {line}", flush=True)
        self.log_file.write(line + "\n")
        self.log_file.flush()

    def look(self, fn: Callable[[], Any], timeout: float = 30.0) -> Any:
        """Run `fn` on the main thread between two frames and return what it returns."""
        if not self.app.running:
            raise Stopped("the app has stopped")
        box: list[Any] = []
        done = threading.Event()
        self.probes.put((fn, box, done))
        from game.ui.shell.app import wake

        wake()  # an idle table sleeps up to two seconds between frames: the question would wait
        if not done.wait(timeout):
            raise Stopped("the app stopped answering")
        if isinstance(box[0], Exception):
            raise box[0]
        return box[0]

    def wait(self, cond: Callable[[], Any], timeout: float, what: str) -> Any:
        end = time.monotonic() + timeout
        while True:
            v = self.look(cond)
            if v:
                return v
            if time.monotonic() > end:
                return None
            if time.monotonic() > self.deadline:
                raise Stopped(f"out of time while waiting for {what}")
            time.sleep(0.05)

    def shot(self, name: str) -> Path:
        time.sleep(0.35)  # a few frames so what was just clicked is drawn
        return self.x.shot(self.out / f"{name}.png")

    def anomaly(self, what: str) -> None:
        hand = self.look(lambda: getattr(self.game(), "hand_number", 0))
        n = len(self.rec.anomalies) + 1
        path = self.shot(f"anomaly_{n:02d}")
        self.rec.anomalies.append(Anomaly(time.monotonic() - self.rec.started, hand, what, str(path)))
        self.log(f"ANOMALY {n}: {what} (screenshot {path.name})")

    # -- reading the scene (these run on the main thread) -------------------------------
    def table(self) -> Any:
        from game.ui.table.scene import TableScene

        for s in reversed(self.app.scenes):
            if isinstance(s, TableScene):
                return s
            t = getattr(s, "table", None)
            if isinstance(t, TableScene):
                return t
        return None

    def game(self) -> Any:
        t = self.table()
        return None if t is None else t.game

    def top_kind(self) -> str:
        from game.ui.screens.menu import MainMenuScene, NewGameScene, SettingsScene
        from game.ui.screens.score import GameOverScene, HandEndScene
        from game.ui.shell.dialogs import Dialog
        from game.ui.table.scene import TableScene

        top = self.app.top
        for kind, cls in (("menu", MainMenuScene), ("new", NewGameScene), ("settings", SettingsScene),
                          ("hand_end", HandEndScene), ("game_over", GameOverScene), ("dialog", Dialog),
                          ("table", TableScene)):
            if isinstance(top, cls):
                return kind
        return type(top).__name__

    def fingerprint(self) -> tuple:
        g = self.game()
        return (g.hand_number, len(g.history), g.phase, g.to_play, tuple(g.scores))

    def idle(self) -> bool:
        """The human may act: the table is on top, nothing moves, nothing is held."""
        t = self.table()
        if t is None or self.app.top is not t:
            return False
        return t.my_turn() and t.drag is None and t.press is None and t._hand_settled(t.board)

    def quiet(self) -> bool:
        """Nothing is animating on the table (whoever's turn it is)."""
        t = self.table()
        return t is not None and not t.animator.busy and t.drag is None

    def card_point(self, card: Any, avoid: frozenset = frozenset()) -> tuple[tuple[int, int], tuple] | None:
        """A point on the visible strip of that card in the fan (same copy if shown, else
        any copy of that face), and the identity of the copy it is on."""
        t = self.table()
        items = [it for it in t.board.hand if it.card is not None]
        pick = next((i for i, it in enumerate(items) if it.card.identity == card.identity), None)
        if pick is None:
            pick = next((i for i, it in enumerate(items) if it.card.code == card.code
                         and it.card.identity not in avoid), None)
        if pick is None:
            return None
        it = items[pick]
        nxt = items[pick + 1].rect.x if pick + 1 < len(items) else it.rect.right
        strip = max(1, nxt - it.rect.x) if nxt > it.rect.x else it.rect.w
        return (it.rect.x + max(1, min(8, strip // 2)), it.rect.centery), it.card.identity

    # -- gestures -----------------------------------------------------------------------
    def click(self, pos: tuple[float, float], name: str) -> None:
        self.rec.gestures[name] += 1
        self.x.click(pos)

    def drag(self, start: tuple[float, float], end: tuple[float, float], name: str) -> None:
        self.rec.gestures[name] += 1
        self.x.drag(start, end)

    def click_widget(self, get: Callable[[], Any], name: str) -> None:
        rect = self.look(lambda: get().rect.copy())
        self.click(rect.center, name)

    def choose_in_dropdown(self, get_choice: Callable[[], Any], value: Any, name: str) -> bool:
        """Open a drop-down by clicking it, then click the entry that shows `value`."""
        def closed_rect() -> Any:
            w = get_choice().widget
            return w.rect.copy()

        def wanted_label() -> str:
            ch = get_choice()
            return ch.labels[ch.values.index(value)]

        if self.look(lambda: get_choice().value == value):
            return True
        label = self.look(wanted_label)
        self.click(self.look(closed_rect).center, f"open {name}")

        def entry() -> Any:
            w = get_choice().widget
            if w.current_state is not w.menu_states["expanded"]:
                return None
            lst = w.menu_states["expanded"].options_selection_list
            if lst is None:
                return None
            for item in lst.item_list:
                el = item.get("button_element")
                if item["text"] == label and el is not None and el.visible:
                    return el.rect.copy()
            return None

        r = self.wait(entry, 5, f"the {name} list to open")
        if r is None:
            self.anomaly(f"the {name} drop-down did not open (or {label!r} is not in it)")
            return False
        self.click(r.center, f"pick {name}")
        ok = self.wait(lambda: get_choice().value == value, 5, f"{name} = {value}")
        time.sleep(0.5)  # the change reaches the scene as an event a frame later (it may rebuild its widgets)
        if not ok:
            self.anomaly(f"clicking {label!r} did not choose it in the {name} drop-down")
        return bool(ok)

    # -- the menus ----------------------------------------------------------------------
    def through_the_menu(self) -> None:
        import pygame

        from game.i18n import tr
        from game.ui.shell.prefs import SPEEDS

        wid = self.look(lambda: pygame.display.get_wm_info()["window"])
        self.x.find_window(wid)
        self.log(f"window {self.look(lambda: tr('ui.title'))!r} (X id {wid:#x}) at {self.x.origin}")
        self.wait(lambda: self.top_kind() == "menu" and self.app.frames > 2, 30, "the menu")
        self.shot("00_menu")
        if self.speed is not None:
            self.click_widget(lambda: self.app.top.buttons["settings"], "menu: Settings")
            if not self.wait(lambda: self.top_kind() == "settings", 10, "Settings"):
                self.anomaly("Settings did not open")
            else:
                speed = SPEEDS[self.speed]
                self.choose_in_dropdown(lambda: self.app.top.choices["speed"], speed, "animation speed")
                self.shot("01_settings")
                self.click_widget(lambda: self.app.top.done_btn, "settings: Done")
                self.wait(lambda: self.top_kind() == "menu", 10, "the menu again")
                got = self.look(lambda: self.app.prefs.animation_speed)
                self.log(f"animation speed now {got}")
                if got != speed:
                    self.anomaly(f"animation speed is {got}, chose {speed}")
        self.click_widget(lambda: self.app.top.buttons["new"], "menu: New game")
        if not self.wait(lambda: self.top_kind() == "new", 10, "the New game dialog"):
            raise Stopped("New game did not open")
        self.choose_in_dropdown(lambda: self.app.top.choices["variant"], self.rec.variant, "variant")
        if self.target is not None:
            offered = self.look(lambda: list(self.app.top.choices["target"].values))
            target = min(offered) if self.target == "low" else int(self.target)
            if target not in offered:
                raise Stopped(f"the New game dialog offers the targets {offered}, not {target}")
            self.choose_in_dropdown(lambda: self.app.top.choices["target"], target, "target")
        if self.cutthroat:
            self.choose_in_dropdown(lambda: self.app.top.choices["house:cutthroat"], True, "cut-throat")
        chosen = self.look(lambda: {k: self.app.top.choices[k].value for k in ("variant", "target", "level")})
        self.log(f"new game: {chosen}")
        self.shot("02_new_game")
        self.click_widget(lambda: self.app.top.play_btn, "new game: Play")
        if not self.wait(lambda: self.top_kind() == "table", 20, "the table"):
            raise Stopped("Play did not open the table")
        rules = self.look(lambda: (self.game().rules.name, self.game().rules.target))
        self.log(f"dealt: {rules[0]}, playing to {rules[1]}")
        if rules[0] != self.rec.variant:
            self.anomaly(f"the table plays {rules[0]}, chose {self.rec.variant}")

    # -- the game -------------------------------------------------------------------------
    def play(self) -> None:
        self.through_the_menu()
        last_progress = time.monotonic()
        last_fp = None
        while True:
            if time.monotonic() > self.deadline:
                self.anomaly("out of time (--max-minutes)")
                raise Stopped("out of time")
            kind = self.look(self.top_kind)
            if kind == "game_over":
                self.game_over()
                return
            if kind == "hand_end":
                self.hand_end()
                last_progress = time.monotonic()
                continue
            if kind == "dialog":
                self.dialog()
                continue
            if kind != "table":
                self.anomaly(f"unexpected screen on top: {kind}")
                raise Stopped(f"stuck on {kind}")
            fp = self.look(self.fingerprint)
            if fp != last_fp:
                last_fp, last_progress = fp, time.monotonic()
            elif time.monotonic() - last_progress > 120:
                self.anomaly(f"nothing happened for two minutes ({fp[2]}, seat {fp[3]} to play)")
                raise Stopped("the table is stuck")
            if not self.look(self.idle):
                time.sleep(0.08)
                continue
            self.my_turn()

    def hand_end(self) -> None:
        from game.i18n import say

        def read() -> dict[str, Any]:
            g = self.game()
            t = self.table()
            return {"hand": g.hand_number, "phase": g.phase.name,
                    "this_hand": {t.side_name(s.side): s.total for s in g.last_scores},
                    "lines": {t.side_name(s.side): [(say(ln.key, ln.params), ln.points) for ln in s.lines]
                              for s in g.last_scores},
                    "totals": {t.side_name(s): v for s, v in enumerate(g.scores)}}

        self.wait(lambda: self.app.top.next_btn.visible, 5, "the score sheet")
        info = self.look(read)
        if info["hand"] not in self.shot_hands:
            self.shot_hands.add(info["hand"])
            path = self.shot(f"hand_{info['hand']:02d}_end")
            info["shot"] = str(path)
            self.rec.hands.append(info)
            self.log(f"hand {info['hand']} over: this hand {info['this_hand']}, totals {info['totals']}")
        over = info["phase"] == "GAME_OVER"
        if self.hands_wanted and info["hand"] >= self.hands_wanted and not over:
            self.rec.finished = True
            raise Stopped(f"stopped after {info['hand']} hand(s), as asked")
        fp = self.look(lambda: self.game().hand_number)
        self.click_widget(lambda: self.app.top.next_btn, "score sheet: Next deal" if not over else "score sheet: Result")
        if over:
            ok = self.wait(lambda: self.top_kind() == "game_over", 10, "the result")
        else:
            ok = self.wait(lambda: self.top_kind() != "hand_end" and self.game().hand_number == fp + 1, 10, "the next deal")
        if not ok:
            self.anomaly("the score sheet's button did not move on")

    def game_over(self) -> None:
        def read() -> dict[str, Any]:
            g = self.game()
            t = self.table()
            return {"hands": g.hand_number, "scores": {t.side_name(s): v for s, v in enumerate(g.scores)},
                    "winners": [t.side_name(s) for s in g.winners], "human_won": t.session.human_side in g.winners,
                    "target": g.rules.target}

        self.wait(lambda: self.app.top.menu.visible, 5, "the result")
        self.rec.final = self.look(read)
        self.rec.final["shot"] = str(self.shot("game_over"))
        self.rec.finished = True
        self.log(f"GAME OVER after {self.rec.final['hands']} hands: {self.rec.final['scores']}, "
                 f"won by {self.rec.final['winners']}")

    def dialog(self) -> None:
        from game.i18n import tr

        def read() -> tuple[str, list[str], list[Any]]:
            d = self.app.top
            title = d.title() if callable(d.title) else d.title
            texts = [o[0]() if callable(o[0]) else o[0] for o in d.options]
            return title, texts, [b.rect.copy() for b in d.buttons]

        self.wait(lambda: len(self.app.top.buttons) == len(self.app.top.options), 5, "the dialog's buttons")
        title, texts, rects = self.look(read)
        if title == tr("ui.ask.title"):
            from game.ai.hints import suggest
            from game.rules.actions import AnswerGoOut

            view = self.look(lambda: self.game().view(HUMAN))
            h = suggest(view)
            yes = h.action.yes if isinstance(h.action, AnswerGoOut) else True
            self.log(f"partner asks to go out: answering {'yes' if yes else 'no'}")
            if not self.rec.moves["AnswerGoOut"]:
                self.shot("partner_asks")
            fp = self.look(self.fingerprint)
            self.click(rects[0 if yes else 1].center, "dialog: yes" if yes else "dialog: no")
            self.rec.moves["AnswerGoOut"] += 1
            if not self.wait(lambda: self.ask_done(fp), 10, "the answer"):
                self.anomaly("clicking the answer did not answer")
            return
        self.anomaly(f"a dialog nobody expected: {title!r} {texts}")
        self.click(rects[-1].center, "dialog: last option")
        time.sleep(0.5)

    def ask_done(self, fp: tuple) -> bool:
        return self.top_kind() != "dialog" and self.fingerprint() != fp

    # -- the human's move -----------------------------------------------------------------
    def pile_taken(self) -> bool:
        """Somebody took the pile this hand (main thread)."""
        from game.rules.events import PileTaken

        g = self.game()
        return any(isinstance(e, PileTaken) for e in g.history)

    def pick(self, view: Any) -> Any:
        """The human's move in `view`: the hint's (asked directly; xvfb_hints presses H)."""
        from game.ai.hints import suggest

        return suggest(view).action

    def my_turn(self) -> None:
        from game.rules.actions import TakePile

        view = self.look(lambda: self.game().view(HUMAN))
        fp = self.look(self.fingerprint)
        tries = self.failures[fp]
        if tries >= 2:
            action = self.look(lambda: plain_move(self.game()))
            self.log(f"  (falling back to a plain move after {tries} failed tries)")
        else:
            action = self.pick(view)
            if self.take_first and self.look(lambda: not self.pile_taken()):
                take = next((a for a in view.legal if isinstance(a, TakePile)), None)
                if take is not None:
                    self.log("  (--take-first: taking the pile before anyone else)")
                    action = take
            if self.ask_first and self.going_out(view, action):
                from game.rules.actions import AskGoOut

                ask = next((a for a in view.legal if isinstance(a, AskGoOut)), None)
                if ask is not None and view.answer is None:
                    self.log("  (--ask: asking partner before going out)")
                    action = ask
        name = type(action).__name__
        self.log(f"hand {fp[0]} {fp[2].name.lower()}: {describe(action)}")
        if fp[2].name == "MELD" and fp[0] not in self.table_shots and self.look(lambda: bool(self.game().melds[0])):
            self.table_shots.add(fp[0])  # once a hand: the table mid-play, the side opened
            self.shot(f"hand_{fp[0]:02d}_table")
        ok = self.do(action)
        if ok:
            self.rec.moves[name] += 1
        else:
            self.failures[fp] += 1
            self.tidy()

    @staticmethod
    def going_out(view: Any, action: Any) -> bool:
        from game.ai.melding import goes_out
        from game.rules.actions import Discard, Meld

        if isinstance(action, Discard):
            return len(view.hand) == 1
        return isinstance(action, Meld) and goes_out(view, action)

    def tidy(self) -> None:
        """After a refused gesture: give staged cards back and drop the selection."""
        if self.look(lambda: bool(self.table().staged)):
            self.click_widget(lambda: self.table().buttons["cancel"], "Cancel")
        if self.look(lambda: bool(self.table().selected)):
            self.x.click(self.look(lambda: self.table().layout.play.center), button=3)
        self.wait(self.idle, 5, "the table to settle")

    def changed(self, fp: tuple, what: str, timeout: float = 10) -> bool:
        ok = self.wait(lambda: self.fingerprint() != fp or self.top_kind() == "dialog", timeout, what)
        if not ok:
            msg = self.look(lambda: (self.table().message_text() or ("", None))[0])
            self.anomaly(f"{what}: the game did not change (table says {msg!r})")
            return False
        return True

    def do(self, action: Any) -> bool:
        from game.rules import Phase
        from game.rules.actions import AskGoOut, Discard, Draw, Meld, PassPile, TakePile

        fp = self.look(self.fingerprint)
        phase = fp[2]
        t = self.table
        if self.look(lambda: bool(t().selected) or bool(t().staged)):
            self.tidy()
        if isinstance(action, Draw):
            self.click(self.look(lambda: t().layout.stock.center), "click stock")
            return self.changed(fp, "clicking the stock to draw")
        if isinstance(action, Discard):
            got = self.look(lambda: self.card_point(action.card))
            if got is None:
                self.anomaly(f"{action.card.label} is not in the fanned hand")
                return False
            self.drag(got[0], self.look(lambda: t().layout.pile.center), "drag card to pile")
            return self.changed(fp, f"dragging {action.card.label} onto the pile")
        if isinstance(action, PassPile):
            self.click_widget(lambda: t().buttons["pass"], "Pass button")
            return self.changed(fp, "the Pass button")
        if isinstance(action, AskGoOut):
            self.click_widget(lambda: t().buttons["goout"], "Go out? button")
            ok = self.changed(fp, "the Go out? button")
            if ok and not self.rec.moves["AskGoOut"]:
                self.shot("asked_partner")  # the first time: how the table shows the question
            return ok
        if isinstance(action, TakePile):
            for grp in action.melds:
                if not self.stage(list(grp)):
                    return False
            for c in action.cards:
                if not self.select(c):
                    return False
            self.click(self.look(lambda: t().layout.pile.center), "click pile")
            if not self.changed(fp, "clicking the pile"):
                return False
            if self.look(self.top_kind) == "dialog":
                return self.take_choice(action, fp)
            if self.look(lambda: self.game().phase) in (Phase.MELD, Phase.HAND_OVER, Phase.GAME_OVER):
                if self.cutthroat and not self.rec.moves["TakePile"]:
                    time.sleep(0.6)  # the pile's cards on their way, the banner up
                    self.shot("cutthroat_taken")
                return True
            self.anomaly(f"after clicking the pile the game is in {self.look(lambda: self.game().phase).name}")
            return False
        if isinstance(action, Meld):
            return self.meld(action, fp, phase)
        self.anomaly(f"no gesture for {action}")
        return False

    def take_choice(self, action: Any, fp: tuple) -> bool:
        def read() -> tuple[str, list[str], list[Any]]:
            d = self.app.top
            texts = [o[0]() if callable(o[0]) else o[0] for o in d.options]
            return self.table().controller.describe_take(action), texts, [b.rect.copy() for b in d.buttons]

        self.wait(lambda: len(self.app.top.buttons) == len(self.app.top.options), 5, "the choice")
        want, texts, rects = self.look(read)
        if want not in texts:
            self.anomaly(f"the take-the-pile choice does not offer {want!r}: {texts}")
            self.click(rects[-1].center, "dialog: cancel")
            return False
        self.log(f"  the pile dialog offers {len(texts) - 1} ways; choosing {want!r}")
        self.click(rects[texts.index(want)].center, "dialog: take choice")
        return self.changed(fp, "choosing how to take the pile") and self.look(self.top_kind) != "dialog"

    def point_of(self, ident: tuple) -> tuple[int, int] | None:
        """Where to press on the card with that identity (main thread)."""
        t = self.table()
        items = [it for it in t.board.hand if it.card is not None]
        for it in items:
            if it.card.identity == ident:
                got = self.card_point(it.card)
                return None if got is None else got[0]
        return None

    def select(self, card: Any) -> tuple | None:
        """Click the card so it lifts; the identity of the copy clicked (None: failed)."""
        def where() -> Any:
            t = self.table()
            got = self.card_point(card, frozenset(t.selected))
            if got is None:
                return None
            return got[0], got[1], got[1] in t.selected

        got = self.look(where)
        if got is None:
            self.anomaly(f"{card.label} is not in the fanned hand")
            return None
        pos, ident, already = got
        if already:
            return ident
        self.click(pos, "click card (select)")
        if not self.wait(lambda: ident in self.table().selected and self.idle(), 5, f"{card.label} to lift"):
            self.anomaly(f"clicking {card.label} did not select it")
            return None
        return ident

    def select_all(self, cards: list[Any]) -> tuple | None:
        first = None
        for c in cards:
            ident = self.select(c)
            if ident is None:
                return None
            first = first or ident
        return first

    def staged_box(self, rank: int) -> int | None:
        """The staging row's group of that rank (main thread)."""
        for i, grp in enumerate(self.table().staged):
            if target_rank(grp, None) == rank:
                return i
        return None

    def stage(self, cards: list[Any], onto_staged: int | None = None) -> bool:
        """Select the cards and drag them to the new-meld space (or onto a staged meld)."""
        first = self.select_all(cards)
        if first is None:
            return False
        n = self.look(lambda: len(self.table().staged))
        before = self.look(lambda: sum(len(g) for g in self.table().staged))

        def target() -> Any:
            t = self.table()
            if onto_staged is not None:
                box = next(b for b in t.board.staged if b.staged == onto_staged)
                return box.column.centerx, box.column.y + t.layout.table_h // 2
            r = t.board.new_meld
            return None if r is None else r.center

        end = self.look(target)
        if end is None:
            self.anomaly("the new-meld space is not shown")
            return False
        self.drag(self.look(lambda: self.point_of(first)), end, "drag cards to stage")
        want = n + 1 if onto_staged is None else n
        ok = self.wait(lambda: len(self.table().staged) == want and sum(len(g) for g in self.table().staged) == before + len(cards)
                       and self.idle(), 5, "the cards to be staged")
        if not ok:
            msg = self.look(lambda: (self.table().message_text() or ("", None))[0])
            self.anomaly(f"dragging {' '.join(c.label for c in cards)} to stage did not stage them ({msg!r})")
        return bool(ok)

    def confirm(self, fp: tuple, what: str) -> bool:
        self.confirms += 1
        if self.confirms % 2:
            self.click_widget(lambda: self.table().buttons["confirm"], "Confirm button")
        else:
            self.rec.gestures["Return key"] += 1
            self.x.key("Return")
        return self.changed(fp, what)

    def meld(self, action: Any, fp: tuple, phase: Any) -> bool:
        opened = self.look(lambda: bool(self.game().melds[self.game().side_of_seat(HUMAN)]))
        groups = [(list(grp), target_rank(grp, action.target(i))) for i, grp in enumerate(action.groups)]
        if not opened:
            # an opening: stage every meld, then confirm the lot
            for grp, rank in groups:
                if not self.stage(grp, onto_staged=self.look(lambda rank=rank: self.staged_box(rank))):
                    return False
            return self.confirm(fp, "confirming the staged opening")
        # an open side: each meld dropped where it goes; one the engine will not take on
        # its own waits in the staging row and the row is confirmed at the end
        for grp, rank in groups:
            if self.look(lambda: self.game().phase) is not phase:
                break
            melded = self.look(lambda: set(self.game().melds[self.game().side_of_seat(HUMAN)]))
            if rank not in melded and self.look(lambda rank=rank: self.staged_box(rank)) is not None:
                if not self.stage(grp, onto_staged=self.look(lambda rank=rank: self.staged_box(rank))):
                    return False
                continue
            if not self.lay_group(grp, rank, melded, fp):
                return False
            fp = self.look(self.fingerprint)
        if self.look(lambda: bool(self.table().staged)):
            return self.confirm(fp, "confirming the staged melds")
        return True

    def lay_group(self, grp: list, rank: int, melded: set, fp: tuple) -> bool:
        """Lay `grp` on the side's meld of `rank` (or as a new meld) on an open side, by
        dragging it there; True once it landed or was staged."""
        first = self.select_all(grp)
        if first is None:
            return False

        def end_point(rank: int = rank, melded: set = melded) -> Any:
            t = self.table()
            if rank in melded:
                box = t.board.own_meld(rank)
                return None if box is None else (box.column.centerx, box.column.y + t.layout.table_h // 2)
            return None if t.board.new_meld is None else t.board.new_meld.center

        end = self.look(end_point)
        if end is None:
            self.anomaly(f"nowhere to drop {' '.join(c.label for c in grp)}")
            return False
        n = self.look(lambda: len(self.table().staged))
        self.drag(self.look(lambda first=first: self.point_of(first)), end,
                  "drag cards onto meld" if rank in melded else "drag cards to new meld")
        labels = " ".join(c.label for c in grp)
        ok = self.wait(lambda n=n, fp=fp: self.fingerprint() != fp or len(self.table().staged) > n, 10, f"{labels} to land")
        if not ok:
            msg = self.look(lambda: (self.table().message_text() or ("", None))[0])
            self.anomaly(f"dropping {labels} {'on its meld' if rank in melded else 'on the new-meld space'} "
                         f"did nothing (table says {msg!r})")
            return False
        self.wait(self.quiet, 10, f"{labels} to land")
        return True


class Shown(Exception):
    """Everything a script set out to show was shown: its driver stops playing."""


class LastSheetDriver(Driver):
    """Plays a whole game, then hands the last score sheet over to `at_last_sheet`
    (the scripts that show what comes after a game: xvfb_review, xvfb_past_games)."""

    done_message = "done"

    def play(self) -> None:
        try:
            super().play()
        except Shown:
            self.log(self.done_message)

    def hand_end(self) -> None:
        if not self.look(lambda: self.game().phase.name == "GAME_OVER"):
            super().hand_end()
            return
        self.wait(lambda: self.app.top.next_btn.visible, 5, "the score sheet")
        self.shot("hand_last_end")
        self.at_last_sheet()
        raise Shown

    def at_last_sheet(self) -> None:
        raise NotImplementedError


def last_sheet_main(argv: list[str] | None, doc: str, display: str, out: str,
                    driver_class: type[LastSheetDriver]) -> int:
    """The command line of a script built on LastSheetDriver: one classic game."""
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    p.add_argument("--display", default=display)
    p.add_argument("--out", default=str(ROOT / "shots" / out))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--target", default="low")
    p.add_argument("--max-minutes", type=float, default=60.0)
    p.add_argument("--speed", type=int, default=3)
    p.add_argument("--screen", default="1280x800", help="the virtual screen's size (the window fills it)")
    args = whole_game(p.parse_args(argv))
    args.variant = "classic"
    return play_variant(args, driver_class)


def target_rank(grp: Any, onto: Any) -> int:
    if onto is not None:
        return int(onto)
    naturals = [c for c in grp if not c.is_wild]
    return int(naturals[0].rank) if naturals else 0


def describe(action: Any) -> str:
    from game.rules.actions import Discard, Meld, TakePile

    if isinstance(action, Discard):
        return f"discard {action.card.label}"
    if isinstance(action, TakePile):
        extra = "".join(" + [" + " ".join(c.label for c in g) + "]" for g in action.melds)
        return "take the pile with [" + " ".join(c.label for c in action.cards) + "]" + extra
    if isinstance(action, Meld):
        return "meld " + " ".join("[" + " ".join(c.label for c in g) + "]" + (f"->{action.target(i).label}" if action.target(i) else "")
                                  for i, g in enumerate(action.groups))
    return str(action)


def plain_move(g: Any) -> Any:
    """The simplest legal move: draw, or discard the first card the engine allows."""
    from game.rules.actions import Discard, Draw, PassPile, TakePile

    legal = g.legal_actions()
    for kind in (Draw, Discard, PassPile, TakePile):
        for a in legal:
            if isinstance(a, kind):
                return a
    return legal[0]


# -- one variant ---------------------------------------------------------------------------
def whole_game(args: argparse.Namespace) -> argparse.Namespace:
    """`args` of a script that drives one plain game (xvfb_keys, xvfb_review) with this
    script's own options it does not offer set to their plain values."""
    args.ask = False
    args.cutthroat = args.take_first = False
    args.hands = 0
    return args


def screen_size(screen: str) -> tuple[int, int]:
    """"1280x800" as (1280, 800)."""
    w, h = (int(v) for v in screen.split("x"))
    return w, h


def play_variant(args: argparse.Namespace, driver_class: type[Driver] | None = None) -> int:
    """Play `args.variant` in a real window with `driver_class` (this script's Driver
    unless a script drives it its own way); 0 when the game finished without error."""
    variant = args.variant
    out = Path(args.out) / variant
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    xvfb = start_xvfb(args.display, f"{args.screen}x24")
    home = tempfile.mkdtemp(prefix="canasta-xvfb-")
    os.environ["DISPLAY"] = args.display
    os.environ["CANASTA_HOME"] = home
    os.environ.pop("SDL_VIDEODRIVER", None)  # the real X11 window, not the dummy driver
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # Xvfb has no sound card
    random.seed(args.seed)  # the New game dialog's deal seed comes from `random`
    rec = Record(variant, args.seed)
    probes: queue.Queue = queue.Queue()
    code = 1
    driver: Driver | None = None
    try:
        import pygame

        from game.ui.screens.menu import MainMenuScene
        from game.ui.shell.session import flush_saves

        app = make_app(probes, screen_size(args.screen))
        app.push(MainMenuScene(app))
        x = X(args.display)
        driver = (driver_class or Driver)(app, probes, x, out, rec, args.target, None if args.speed < 0 else args.speed,
                        time.monotonic() + args.max_minutes * 60, args.ask)
        driver.cutthroat, driver.take_first, driver.hands_wanted = args.cutthroat, args.take_first, args.hands

        def drive() -> None:
            try:
                driver.play()
            except Stopped as exc:
                if rec.finished:  # --hands: stopped where asked
                    driver.log(str(exc))
                else:
                    rec.error = str(exc)
            except Exception:  # noqa: BLE001 - reported in the log and the summary
                rec.error = traceback.format_exc()
            finally:
                if rec.error:
                    driver.log(f"STOPPED: {rec.error}")
                if app.running:
                    try:
                        driver.look(lambda: app.quit(0), timeout=10)
                    except Stopped:
                        pass

        thread = threading.Thread(target=drive, name="xdotool-driver", daemon=True)
        thread.start()
        try:
            app.run_loop()
        finally:
            app.running = False
            flush_saves()
        thread.join(30)
        if getattr(app, "crashed", None):
            rec.error = rec.error or app.crashed
            driver.log(f"THE APP CRASHED:\n{app.crashed}")
        pygame.quit()
        code = 0 if rec.finished and not rec.error else 1
    except Exception:  # noqa: BLE001
        rec.error = traceback.format_exc()
        print(rec.error, file=sys.stderr)
    finally:
        minutes = (time.monotonic() - rec.started) / 60
        summary = {"variant": variant, "seed": args.seed, "finished": rec.finished, "minutes": round(minutes, 1),
                   "hands": rec.hands, "final": rec.final, "human_moves": dict(rec.moves),
                   "gestures": dict(rec.gestures),
                   "anomalies": [a.__dict__ for a in rec.anomalies], "error": rec.error}
        (out / "summary.json").write_text(json.dumps(summary, indent=1, default=str), encoding="utf-8")
        if driver is not None:
            driver.log(f"done in {minutes:.1f} min: finished={rec.finished}, {len(rec.hands)} hands, "
                       f"{len(rec.anomalies)} anomalies; moves {dict(rec.moves)}")
        xvfb.terminate()
        try:
            xvfb.wait(10)
        except subprocess.TimeoutExpired:
            xvfb.kill()
        shutil.rmtree(home, ignore_errors=True)
    return code


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="all", choices=[*VARIANT_NAMES, "all"])
    p.add_argument("--display", default=":97")
    p.add_argument("--out", default="/tmp/xvfb_play")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--screen", default="1280x800", help="the virtual screen's size (the window fills it)")
    p.add_argument("--max-minutes", type=float, default=120.0, help="per variant")
    p.add_argument("--target", default=None,
                   help="choose this target score in the New game dialog (one the variant offers; 'low': its lowest)")
    p.add_argument("--speed", type=int, default=3,
                   help="animation speed to choose in Settings (index into the list; 3 = the fastest animated; -1: leave it)")
    p.add_argument("--cutthroat", action="store_true", help="classic-3p: choose the cut-throat house rule")
    p.add_argument("--take-first", action="store_true",
                   help="take the pile whenever the engine allows it while nobody has taken it this hand "
                        "(with --cutthroat: the human becomes the lone player)")
    p.add_argument("--hands", type=int, default=0, help="stop after this many hands (0: play to the game's end)")
    p.add_argument("--ask", action="store_true",
                   help="before going out, ask partner first whenever the table offers it (exercises the Go out? button)")
    args = p.parse_args(argv)
    if args.variant != "all":
        return play_variant(args)
    worst = 0
    for v in VARIANT_NAMES:
        cmd = [sys.executable, __file__, "--variant", v, "--display", args.display, "--out", args.out,
               "--seed", str(args.seed), "--screen", args.screen, "--max-minutes", str(args.max_minutes), "--speed", str(args.speed)]
        if args.target is not None:
            cmd += ["--target", args.target]
        if args.ask:
            cmd.append("--ask")
        worst = max(worst, subprocess.call(cmd))
    return worst


if __name__ == "__main__":
    sys.exit(main())
