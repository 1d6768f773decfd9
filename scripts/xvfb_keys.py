"""Play a whole game through the real window under Xvfb with key presses only.

    python scripts/xvfb_keys.py [--variant classic] [--display :96] [--out /tmp/xvfb_keys]
                                [--seed 1] [--max-minutes 60] [--target low] [--shots DIR]

The twin of xvfb_play.py (whose X server, window and read-only probes it uses): the
human's seat is played with `xdotool key` only -- Tab and the arrows move the focus ring,
Space selects a card, Return plays onto the ring's place, y/n answer the partner -- from
the main menu through Settings and the New game form to the result screen. The mouse is
never moved or pressed (the driver refuses to). The hint picks each move, as in
xvfb_play.py. With --shots, pictures of the focus ring on a card, on a meld and on the
pile are saved there the first time each happens.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import xvfb_play  # noqa: E402
from xvfb_play import HUMAN, Driver  # noqa: E402

KEY_WAIT = 0.07  # after a key, before asking the app what it did


class KeyDriver(Driver):
    shots_dir: Path | None = None
    taken: set[str]

    def look(self, fn: Any, timeout: float = 30.0) -> Any:
        """As Driver.look, but the idle UI loop is woken at once: it sleeps up to two
        seconds when nothing moves, and a keyboard player asks it a lot."""
        from game.ui.shell.app import wake

        if not self.app.running:
            raise xvfb_play.Stopped("the app has stopped")
        box: list[Any] = []
        done = threading.Event()
        self.probes.put((fn, box, done))
        wake()
        if not done.wait(timeout):
            raise xvfb_play.Stopped("the app stopped answering")
        if isinstance(box[0], Exception):
            raise box[0]
        return box[0]

    # -- no mouse -------------------------------------------------------------------------
    def click(self, pos: tuple[float, float], name: str) -> None:
        raise AssertionError(f"the keyboard driver never clicks ({name})")

    def drag(self, start: tuple[float, float], end: tuple[float, float], name: str) -> None:
        raise AssertionError(f"the keyboard driver never drags ({name})")

    def key(self, *names: str, gesture: str | None = None) -> None:
        self.rec.gestures[gesture or f"key {names[0]}"] += len(names)
        self.x.run("key", "--delay", "45", *names)
        time.sleep(KEY_WAIT)

    def shoot(self, name: str) -> None:
        if self.shots_dir is None or name in self.taken:
            return
        self.taken.add(name)
        time.sleep(0.4)
        self.x.shot(self.shots_dir / f"{name}.png")
        self.log(f"  screenshot {name}.png")

    # -- menus, forms and dialogs: the app's widget ring ------------------------------------
    def focus_widget(self, get: Any, name: str) -> bool:
        for _ in range(40):
            if self.look(lambda: self.app.focus.visible and self.app.focus.element is get()):
                return True
            self.key("Tab", gesture="key Tab (widgets)")
        self.anomaly(f"Tab never reached {name}")
        return False

    def click_widget(self, get: Any, name: str) -> None:
        from game.ui.table.scene import TableScene

        if isinstance(self.app.top, TableScene):
            key = self.look(lambda: next(k for k, b in self.table().buttons.items() if b is get()))
            self.ring_to("buttons", lambda s, key=key: s.key == key)
            self.key("Return")
            return
        if name.startswith("score sheet"):
            self.key("Return")
            return
        if self.focus_widget(get, name):
            self.key("Return")

    def choose_in_dropdown(self, get_choice: Any, value: Any, name: str) -> bool:
        if not self.focus_widget(lambda: get_choice().widget, name):
            return False
        n = self.look(lambda: len(get_choice().values))
        for _ in range(n):
            if self.look(lambda: get_choice().value == value):
                return True
            self.key("Right", gesture="key Right (choice)")
            time.sleep(0.1)
        ok = self.look(lambda: get_choice().value == value)
        if not ok:
            self.anomaly(f"Left/Right never chose {value!r} in the {name} drop-down")
        return ok

    def dialog(self) -> None:
        from game.i18n import tr

        self.wait(lambda: len(self.app.top.buttons) == len(self.app.top.options), 5, "the dialog's buttons")
        title = self.look(lambda: self.app.top.title() if callable(self.app.top.title) else self.app.top.title)
        if title == tr("ui.ask.title"):
            from game.ai.hints import suggest
            from game.rules.actions import AnswerGoOut

            h = suggest(self.look(lambda: self.game().view(HUMAN)))
            yes = h.action.yes if isinstance(h.action, AnswerGoOut) else True
            self.log(f"partner asks to go out: answering {'yes' if yes else 'no'} (key {'y' if yes else 'n'})")
            fp = self.look(self.fingerprint)
            self.key("y" if yes else "n")
            self.rec.moves["AnswerGoOut"] += 1
            if not self.wait(lambda: self.ask_done(fp), 10, "the answer"):
                self.anomaly("the answer key did not answer")
            return
        self.anomaly(f"a dialog nobody expected: {title!r}")
        self.key("Escape")
        time.sleep(0.5)

    def take_choice(self, action: Any, fp: tuple) -> bool:
        self.wait(lambda: len(self.app.top.buttons) == len(self.app.top.options), 5, "the choice")
        want = self.look(lambda: self.table().controller.describe_take(action))
        texts = self.look(lambda: [o[0]() if callable(o[0]) else o[0] for o in self.app.top.options])
        if want not in texts:
            self.anomaly(f"the take-the-pile choice does not offer {want!r}: {texts}")
            self.key("Escape")
            return False
        i = texts.index(want)
        self.log(f"  the pile dialog offers {len(texts) - 1} ways; choosing {want!r}")
        if not self.focus_widget(lambda: self.app.top.buttons[i], "the take choice"):
            return False
        self.key("Return")
        return self.changed(fp, "choosing how to take the pile") and self.look(self.top_kind) != "dialog"

    # -- the table's ring -------------------------------------------------------------------
    def ring_to(self, area_name: str, pred: Any) -> bool:
        """Tab to the area, Home, then as many Rights as it takes to reach the place."""
        from game.ui.table.keyboard import Area, spots

        area = Area(area_name)
        t = self.table
        for _ in range(3):
            for _ in range(6):
                if self.look(lambda: t().keys.visible and t().keys.area is area):
                    break
                self.key("Tab")
            self.key("Home")
            idx = self.look(lambda: next((i for i, s in enumerate(spots(t(), area)) if pred(s)), None))
            if idx is None:
                return False
            if idx:
                self.key(*["Right"] * idx, gesture="key Right")
            if self.wait(lambda: (s := t().keys.current(t())) is not None and pred(s), 3, "the ring"):
                return True
        self.anomaly(f"the ring never reached the place in {area_name}")
        return False

    def select(self, card: Any) -> tuple | None:
        def which() -> Any:
            t = self.table()
            got = self.card_point(card, frozenset(t.selected))
            return None if got is None else (got[1], got[1] in t.selected)

        got = self.look(which)
        if got is None:
            self.anomaly(f"{card.label} is not in the fanned hand")
            return None
        ident, already = got
        if already:
            return ident
        if not self.ring_to("hand", lambda s: s.key == ident):
            return None
        self.shoot("focus_ring_on_a_card")
        self.key("space")
        if not self.wait(lambda: ident in self.table().selected and self.idle(), 5, f"{card.label} to lift"):
            self.anomaly(f"Space on {card.label} did not select it")
            return None
        return ident

    def play_here(self, what: str) -> None:
        self.key("Return", gesture=f"key Return ({what})")

    def stage(self, cards: list[Any], onto_staged: int | None = None) -> bool:
        if self.select_all(cards) is None:
            return False
        n = self.look(lambda: len(self.table().staged))
        before = self.look(lambda: sum(len(g) for g in self.table().staged))
        if onto_staged is not None:
            ok = self.ring_to("melds", lambda s: s.kind == "staged" and s.key == onto_staged)
        else:
            ok = self.ring_to("melds", lambda s: s.kind == "new")
        if not ok:
            return False
        self.play_here("stage")
        want = n + 1 if onto_staged is None else n
        ok = self.wait(lambda: len(self.table().staged) == want
                       and sum(len(g) for g in self.table().staged) == before + len(cards) and self.idle(),
                       5, "the cards to be staged")
        if not ok:
            msg = self.look(lambda: (self.table().message_text() or ("", None))[0])
            self.anomaly(f"Return on the new-meld space did not stage {' '.join(c.label for c in cards)} ({msg!r})")
        return bool(ok)

    def confirm(self, fp: tuple, what: str) -> bool:
        self.confirms += 1
        if self.confirms % 2:
            self.ring_to("buttons", lambda s: s.key == "confirm")
        else:  # Return on the new-meld space with nothing selected lays the staging down
            self.ring_to("melds", lambda s: s.kind == "new")
        self.play_here("confirm")
        return self.changed(fp, what)

    def tidy(self) -> None:
        if self.look(lambda: bool(self.table().staged) or bool(self.table().selected)):
            if self.ring_to("buttons", lambda s: s.key == "cancel"):
                self.key("Return")
        self.wait(self.idle, 5, "the table to settle")

    def lay_group(self, grp: list, rank: int, melded: set, fp: tuple) -> bool:
        """Lay `grp` with the keys: select it, walk the ring to its meld (or the new-meld
        space) and press Return."""
        if self.select_all(grp) is None:
            return False
        if rank in melded:
            ok = self.ring_to("melds", lambda s, rank=rank: s.kind == "meld" and int(s.key) == rank)
            self.shoot("focus_ring_on_a_meld")
        else:
            ok = self.ring_to("melds", lambda s: s.kind == "new")
        if not ok:
            return False
        n = self.look(lambda: len(self.table().staged))
        self.play_here("meld")
        labels = " ".join(c.label for c in grp)
        if not self.wait(lambda n=n, fp=fp: self.fingerprint() != fp or len(self.table().staged) > n, 10,
                         f"{labels} to land"):
            msg = self.look(lambda: (self.table().message_text() or ("", None))[0])
            self.anomaly(f"Return with {labels} did nothing (table says {msg!r})")
            return False
        self.wait(self.quiet, 10, f"{labels} to land")
        return True

    def do(self, action: Any) -> bool:
        from game.rules import Phase
        from game.rules.actions import AskGoOut, Discard, Draw, Meld, PassPile, TakePile

        fp = self.look(self.fingerprint)
        if self.look(lambda: bool(self.table().selected) or bool(self.table().staged)):
            self.tidy()
        if isinstance(action, Draw):
            if not self.ring_to("deck", lambda s: s.kind == "stock"):
                return False
            self.play_here("draw")
            return self.changed(fp, "Return on the stock")
        if isinstance(action, Discard):
            if self.select(action.card) is None:
                return False
            if not self.ring_to("deck", lambda s: s.kind == "pile"):
                return False
            self.shoot("focus_ring_on_the_pile")
            self.play_here("discard")
            return self.changed(fp, f"Return with {action.card.label} on the pile")
        if isinstance(action, (PassPile, AskGoOut)):
            key = "pass" if isinstance(action, PassPile) else "goout"
            if not self.ring_to("buttons", lambda s: s.key == key):
                return False
            self.play_here(key)
            return self.changed(fp, f"Return on the {key} button")
        if isinstance(action, TakePile):
            for grp in action.melds:
                if not self.stage(list(grp)):
                    return False
            for c in action.cards:
                if self.select(c) is None:
                    return False
            if not self.ring_to("deck", lambda s: s.kind == "pile"):
                return False
            self.play_here("take")
            if not self.changed(fp, "Return on the pile"):
                return False
            if self.look(self.top_kind) == "dialog":
                return self.take_choice(action, fp)
            return self.look(lambda: self.game().phase) in (Phase.MELD, Phase.HAND_OVER, Phase.GAME_OVER)
        if isinstance(action, Meld):
            return self.meld(action, fp, fp[2])
        self.anomaly(f"no keys for {action}")
        return False


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="classic", choices=list(xvfb_play.VARIANT_NAMES))
    p.add_argument("--display", default=":96")
    p.add_argument("--out", default="/tmp/xvfb_keys")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-minutes", type=float, default=60.0)
    p.add_argument("--target", default="low")
    p.add_argument("--speed", type=int, default=4, help="index into the animation speeds (4: instant)")
    p.add_argument("--shots", default=None, help="where the focus-ring pictures go")
    p.add_argument("--screen", default="1280x800", help="the virtual screen's size (the window fills it)")
    args = p.parse_args(argv)
    xvfb_play.whole_game(args)
    shots = Path(args.shots) if args.shots else None

    class Configured(KeyDriver):
        def __init__(self, *a: Any, **kw: Any) -> None:
            super().__init__(*a, **kw)
            self.shots_dir = shots
            self.taken = set()

    return xvfb_play.play_variant(args, Configured)


if __name__ == "__main__":
    sys.exit(main())
