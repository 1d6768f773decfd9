"""Save a PNG of every scene into screenshots/ (headless; the folder is not tracked).

    python scripts/screenshots.py [--size 1280x800] [--lang en|it|es] [--out DIR]
    python scripts/screenshots.py --readme

English goes to screenshots/, Italian and Spanish to screenshots/<lang>/. `--readme` also
writes the images README.md shows into docs/screenshots/, reduced to palette PNGs with
pngquant (Debian: `apt-get install pngquant`) so the repository stays small.

Each scene is reached the way a player reaches it: real pygame events posted into the
real scenes (clicks, a drag, key presses), then the frame is saved.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ai.base import act  # noqa: E402
from game.i18n import LANGUAGES  # noqa: E402
from game.rules import VARIANTS, Game, Rank  # noqa: E402
from game.ui.screens.menu import MainMenuScene, NewGameScene, SettingsScene  # noqa: E402
from game.ui.screens.rules import RulesScene  # noqa: E402
from game.ui.shell.app import App  # noqa: E402
from game.ui.shell.prefs import INSTANT  # noqa: E402
from game.ui.shell.session import Session, flush_saves  # noqa: E402
from game.ui.table.scene import TableScene  # noqa: E402
from saves.settings import Settings  # noqa: E402

OTHERS = ["5S 6C 7H 7S 8C 9C 10C QC", "5H 6S 7C 9S 10D QD KC 4D", "4H 4S 10H 10S QC 9H 8H 5H"]


class Shooter:
    def __init__(self, size: tuple[int, int], out: Path, lang: str = "en") -> None:
        self.app = App(size=size, prefs=Settings(animation_speed=INSTANT, muted=True, language=lang))
        self.out = out
        self.saved: list[Path] = []

    def frames(self, n: int = 3) -> None:
        for _ in range(n):
            self.app.frame(1 / 60)
            self.app.frames += 1

    def post(self, kind: int, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def click(self, pos) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(2)

    def drag(self, start, end, settle: int = 2) -> None:
        """Press on `start`, move to `end`, release there, then let `settle` frames run."""
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frames(1)
        self.post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
        self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frames(settle)

    def key(self, key: int) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        self.frames(2)

    def shot(self, name: str) -> None:
        self.frames(2)
        path = self.out / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        self.saved.append(path)
        print("wrote", path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)

    def table(self, game: Game) -> TableScene:
        scene = TableScene(self.app, Session(game, "normal", seed=2))
        self.app.reset_to(scene)
        self.frames(4)
        while scene.animator.busy:
            self.frames(1)
        return scene


def statistics_shot(s: Shooter) -> None:
    """The Statistics screen after games played through the engine and recorded as the
    table records them: ten finished classic games and three hands of the next."""
    import game.ai  # noqa: F401 - registers the players
    from game.ai.base import make_player
    from game.rules import Phase
    from game.rules.actions import NextHand
    from saves.stats import Stats, note_events, save_stats

    stats = Stats()
    for seed in range(1, 12):
        g = Game.new(VARIANTS["classic"], seed=seed)
        # the "human" side is a little stronger than its opponents: wins and some losses
        players = [make_player("greedy" if i % 2 == 0 else "easy", seed * 10 + i) for i in range(4)]
        while not g.is_over and not (seed == 11 and g.hand_number > 3):
            if g.phase is Phase.HAND_OVER:
                events = g.apply(NextHand())
            else:
                events = g.apply(act(players[g.to_play], g.view(g.to_play)))
            note_events(stats, g, events, f"classic:{seed}", "normal", 0)
    save_stats(stats)
    app = s.app
    app.reset_to(MainMenuScene(app))
    s.frames(2)
    s.click(app.top.buttons["stats"].rect.center)
    s.shot("statistics")


def review_shot(s: Shooter) -> None:
    """The hand review of a classic hand (`normal` in every seat, the human's too), on its
    costliest decision, with the same deal played by `hard` in the human's seat."""
    import time

    from game.ai import make_player
    from game.rules import Phase

    session = Session.new(VARIANTS["classic"], "normal", 6)
    me = make_player("normal", 99)
    while session.game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        g = session.game
        p = me if g.to_play == session.human else session.players[g.to_play]
        v = g.view(g.to_play)
        session.apply(act(p, v))
    scene = s.app.make("review", session)
    s.app.reset_to(scene)
    for job in (scene.job, None):
        while job is not None and not job.done():
            time.sleep(0.05)
            s.frames(1)
        if job is None:
            s.click(scene.dup_btn.rect.center)
            while not scene.dup_job.done():
                time.sleep(0.05)
                s.frames(1)
    s.frames(2)
    worst = scene.review.costliest() or scene.review.decisions
    if worst:
        scene.step = worst[0].index
    s.shot("review")


def card_pos(scene: TableScene, label: str) -> tuple[int, int]:
    for it in scene.board.hand:
        if it.card is not None and it.card.label == label:
            return it.rect.x + 6, it.rect.centery
    raise LookupError(label)


def mid_hand() -> Game:
    return Game.scripted(VARIANTS["classic"], seed=5,
                         hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H QH QS JK 5D", *OTHERS],
                         melds={0: ["9S 9C 9H 9D 2C JK 2S", "KS KC JK", "6S 6C 6D"],
                                1: ["JH JD JS JC JH JD JS", "10H 10D 2H", "4S 4C 4D", "AC AC 2D"]},
                         red_threes={0: "3H 3D", 1: "3H"}, pile="7C 2D 5D 8H", scores=(1850, 2340),
                         to_play=0)


def learning_shots(s: Shooter) -> None:
    """Issue 8's scenes: rules at a section, a hint, the coach, practice, the tutorial,
    and the named-slot dialogs."""
    from game.ui.learning.tutorial import TutorialScene
    from game.ui.screens.slots import LoadGameScene, SaveSlotDialog

    app = s.app
    app.reset_to(MainMenuScene(app))
    app.push(RulesScene(app, VARIANTS["classic"], "pile"))
    s.shot("rules_pile")
    app.pop()

    # a hint, shown on the table
    table = s.table(mid_hand())
    s.key(pygame.K_h)
    s.shot("hint")

    # the coach before a wild-card discard, in a practice game with every hand shown
    g = Game.scripted(VARIANTS["classic"], seed=5,
                      hands=["KH KD 9D AH 2D 7D 4C 8S 6H QH QS", *OTHERS], pile="5C 6D",
                      melds={0: ["9S 9C 9H"], 1: ["JH JD JS"]}, stock="4H", to_play=0)
    table = TableScene(app, Session(g, "normal", seed=2))
    table.session.practice = True
    table.session.coach = True
    app.reset_to(table)
    s.frames(4)
    s.click(table.layout.stock.center)
    table.toggle_show_all()
    s.frames(2)
    s.shot("practice_show_all")
    start = card_pos(table, "2D")
    s.drag(start, table.layout.pile.center, settle=3)
    s.shot("coach")
    s.key(pygame.K_ESCAPE)

    # a refusal with its "Rule" link
    s.click(table.layout.pile.center)
    s.shot("why_not")

    # save, then the load dialog
    app.push(SaveSlotDialog(app, table.session))
    s.shot("save_slot")
    app.top.save()
    app.push(SaveSlotDialog(app, table.session))
    app.top.entry.set_text("Sunday practice")
    app.top.save()
    app.reset_to(MainMenuScene(app))
    app.push(LoadGameScene(app))
    s.shot("load_game")

    # the tutorial: a few steps in
    tut = TutorialScene.start(app)
    app.reset_to(tut)
    s.frames(4)
    s.shot("tutorial_welcome")
    for _ in range(2):
        s.key(pygame.K_RETURN)
    s.shot("tutorial_draw")
    s.click(tut.layout.stock.center)
    s.frames(4)
    s.key(pygame.K_RETURN)
    s.frames(2)
    s.shot("tutorial_meld")


def variant_shots(s: Shooter) -> None:
    """Italian at the start of a hand: the buried starting pile, three back colours, an
    opening from the hand staged in the OPEN phase; modern american's laid-out threes."""
    from game.rules import Phase
    from game.rules.actions import Meld

    g = Game.new(VARIANTS["italian"], seed=5)
    table = s.table(g)
    for _ in range(600):  # the computer players take their turns up to ours
        if table.my_turn():
            break
        s.frames(1)
    if g.phase is Phase.OPEN:
        opening = next((a for a in g.legal_actions() if isinstance(a, Meld)), None)
        for grp in opening.groups if opening else ():
            for c in grp:
                s.click(_pos_of(table, c))
            start = _pos_of(table, grp[0])
            s.drag(start, table.board.new_meld.center)
    s.shot("table_italian")

    g = Game.scripted(VARIANTS["modern-american"], seed=5,
                      hands=["KH KD 9D AH AD 7D 4C 8S 6H QH QS", *OTHERS],
                      melds={0: ["6D 6D 6C 6S 6H", "KS KC KD"], 1: ["JH JD JS JC", "10H 10D 10S"]},
                      red_threes={0: "3H 3S 3C", 1: "3D"}, pile="7C 5D 8H", scores=(1250, 900),
                      to_play=0)
    table = s.table(g)
    s.click(table.layout.stock.center)
    s.shot("table_modern_american")
    s.app.reset_to(MainMenuScene(s.app))  # the table's autosave lands before the home goes
    s.frames(2)


def _pos_of(scene: TableScene, card) -> tuple[int, int]:
    for it in scene.board.hand:
        if it.card is not None and it.card.identity == card.identity:
            return it.rect.x + 6, it.rect.centery
    raise LookupError(card.label)


README_SHOTS = ROOT / "docs" / "screenshots"
# Each committed screenshot stays under this size (the palette PNGs are about 70-190 KB).
MAX_README_SHOT_BYTES = 250_000


def readme_shot_names(readme: Path = ROOT / "README.md") -> list[str]:
    """The screenshots README.md shows, by name, in the order it shows them."""
    names = re.findall(r"\(docs/screenshots/([\w-]+)\.png\)", readme.read_text(encoding="utf-8"))
    return list(dict.fromkeys(names))


def publish_readme_shots(rendered: Path, pngquant: str) -> None:
    """Copy the README's screenshots from `rendered` into docs/screenshots/ as palette PNGs."""
    README_SHOTS.mkdir(parents=True, exist_ok=True)
    for name in readme_shot_names():
        target = README_SHOTS / f"{name}.png"
        # quality 70-95: the felt's gradient bands slightly below that; --strip drops metadata
        subprocess.run([pngquant, "--quality=70-95", "--speed", "1", "--strip", "--force",
                        "--output", str(target), str(rendered / f"{name}.png")], check=True)
        size = target.stat().st_size
        print("wrote", target.relative_to(ROOT), f"{size // 1000} KB")
        if size > MAX_README_SHOT_BYTES:
            raise SystemExit(f"{target.name} is {size} bytes, over {MAX_README_SHOT_BYTES}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--lang", default="en", choices=LANGUAGES, help="the language shown")
    ap.add_argument("--out", default=None, help="folder for the PNGs")
    ap.add_argument("--readme", action="store_true",
                    help="also write README.md's screenshots into docs/screenshots/ (needs pngquant)")
    args = ap.parse_args()
    pngquant = shutil.which("pngquant") or ""
    if args.readme and (args.lang != "en" or args.size != "1280x800"):
        ap.error("--readme shows the English table at 1280x800")
    if args.readme and not pngquant:
        ap.error("--readme needs pngquant (Debian: apt-get install pngquant)")
    size = tuple(int(v) for v in args.size.split("x"))
    default = ROOT / "screenshots"
    out = Path(args.out) if args.out else default if args.lang == "en" else default / args.lang
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["CANASTA_HOME"] = home  # screenshots never touch the player's files
        s = Shooter(size, out, args.lang)  # type: ignore[arg-type]
        app = s.app
        app.push(MainMenuScene(app))
        s.shot("menu")
        app.push(NewGameScene(app))
        s.shot("new_game")
        app.pop()
        app.push(SettingsScene(app))
        s.shot("settings")
        app.pop()
        app.push(RulesScene(app))
        s.shot("rules")

        table = s.table(mid_hand())
        s.click(table.layout.stock.center)
        for label in ("QH", "QS"):
            s.click(card_pos(table, label))
        s.shot("table")

        # a drag in progress over a meld that refuses it: the engine's reason shows
        start = card_pos(table, "8S")
        box = table.board.own_meld(Rank.KING)
        end = (box.column.centerx, box.column.y + table.layout.table_h // 2)
        s.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        s.frames(1)
        s.post(pygame.MOUSEMOTION, pos=((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), rel=(0, 0), buttons=(1, 0, 0))
        s.post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
        s.frames(1)
        s.shot("drag_refused")
        s.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        s.frames(2)

        # the last hand: draw, meld three queens, discard the last card and go out
        g = Game.scripted(VARIANTS["classic"], hands=["QH QD QS", *OTHERS], stock="4C",
                          melds={0: ["9S 9C 9H 9D 2C JK 2S", "KS KC KD 2H"], 1: ["10H 10D 2D", "5C 5D 5S"]},
                          red_threes={0: "3H"}, pile="7C 8H", scores=(4720, 3890), to_play=0)
        table = s.table(g)
        s.click(table.layout.stock.center)
        for label in ("QH", "QD", "QS"):
            s.click(card_pos(table, label))
        r = table.board.new_meld
        start = card_pos(table, "QD")
        s.drag(start, r.center)
        start = card_pos(table, "4C")
        s.drag(start, table.layout.pile.center, settle=12)
        s.shot("hand_end")
        s.key(pygame.K_RETURN)
        s.shot("game_over")
        learning_shots(s)
        variant_shots(s)
        statistics_shot(s)
        review_shot(s)
        flush_saves()  # the last autosave lands before its temporary home is removed
    pygame.quit()
    if args.readme:
        publish_readme_shots(out, pngquant)
    return 0


if __name__ == "__main__":
    sys.exit(main())
