"""Screens for a translation review: every variant's rules, a hint, a refusal and a score
sheet, in the languages asked for (headless).

    python scripts/i18n_screens.py [--lang it es] [--variant classic ...] [--out DIR]

Writes <out>/<lang>/<variant>_rules_<n>.png (the rules page, screen by screen, top to
bottom), _hint.png, _refusal.png and _score.png. The default folder is a temporary one
outside the repository: these pictures are for reading, not for committing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import pygame  # noqa: E402
from screenshots import Shooter  # noqa: E402

from game.ai import make_player  # noqa: E402
from game.i18n import LANGUAGES  # noqa: E402
from game.rules import VARIANTS, Draw, Game, Phase, TakePile  # noqa: E402
from game.ui.screens.menu import MainMenuScene  # noqa: E402
from game.ui.screens.rules import RulesScene  # noqa: E402
from game.ui.screens.score import HandEndScene  # noqa: E402


def rules_pages(cam: Shooter, variant: str) -> None:
    """The whole rules page of `variant`, one screen at a time."""
    cam.app.reset_to(MainMenuScene(cam.app))
    scene = RulesScene(cam.app, VARIANTS[variant])
    cam.app.push(scene)
    cam.frames(3)
    page, step = 1, max(100, scene.view_rect().h - 40)
    while True:
        cam.shot(f"{variant}_rules_{page}")
        if scene.scroll >= scene.max_scroll:
            break
        scene.scroll_to(scene.scroll + step)
        page += 1


def hint_and_refusal(cam: Shooter, variant: str, seed: int) -> None:
    """At the human's first turn: the hint (H), then refused moves: a discard before
    drawing (every variant refuses it), and taking the pile when the rules forbid it."""
    table = cam.table(Game.new(VARIANTS[variant], seed=seed))
    for _ in range(900):  # the computer players take their turns up to ours
        if table.my_turn():
            break
        cam.frames(1)
    cam.key(pygame.K_h)
    cam.shot(f"{variant}_hint")
    table = cam.table(table.game)
    hand = [it for it in table.board.hand if it.card is not None]
    start = (hand[0].rect.x + 6, hand[0].rect.centery)
    end = table.layout.pile.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    cam.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    cam.frames(1)
    cam.shot(f"{variant}_refusal")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    cam.frames(2)
    if table.game.pile and not any(isinstance(a, TakePile) for a in table.game.legal_actions()):
        table = cam.table(table.game)
        cam.click(table.layout.pile.center)
        cam.shot(f"{variant}_refusal_pile")


def score_sheet(cam: Shooter, variant: str, seed: int) -> None:
    """A hand played to its end by computer players, then its score sheet."""
    game = Game.new(VARIANTS[variant], seed=seed)
    players = [make_player("normal", seed=seed + s) for s in range(game.players)]
    for _ in range(5000):
        if game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            break
        seat = next(s for s in range(game.players) if game.view(s).legal)
        action = players[seat].choose(game.view(seat))
        game.apply(action if action is not None else Draw())
    table = cam.table(game)
    cam.app.push(HandEndScene(cam.app, table))
    cam.frames(4)
    cam.shot(f"{variant}_score")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", nargs="+", default=["it", "es"], choices=LANGUAGES)
    ap.add_argument("--variant", nargs="+", default=sorted(VARIANTS), choices=sorted(VARIANTS))
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default=None, help="folder for the PNGs (default: a temporary one)")
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="canasta_i18n_"))
    with tempfile.TemporaryDirectory() as home:
        os.environ["CANASTA_HOME"] = home  # never touch the player's saves and settings
        for lang in args.lang:
            folder = out / lang
            folder.mkdir(parents=True, exist_ok=True)
            cam = Shooter(size, folder, lang)  # type: ignore[arg-type]
            for variant in args.variant:
                rules_pages(cam, variant)
                hint_and_refusal(cam, variant, args.seed)
                score_sheet(cam, variant, args.seed)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
