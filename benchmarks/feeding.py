"""How much a computer player's discards feed the opponent who plays next.

Whole games of player A against player B (A in seats 0 and 2 of the even games, 1 and 3
of the odd ones); every discard A throws to an opponent is followed to that opponent's
turn, and a take of the pile counts the cards it took. Prints, for each player, the
discards thrown to an opponent, how many of them the opponent took the pile over, the
piles of six cards or more among those, and the pile cards handed over per discard.
The same numbers for B show what the opponent's own taking habits make of a discard.

Run: python benchmarks/feeding.py [--variant classic] [--games 150] [--a normal]
         [--b expert] [--seed 77000]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game.ai  # noqa: E402,F401 - registers the players
from game.ai.base import act, make_player  # noqa: E402
from game.rules import VARIANTS, Discard, Game, Phase, TakePile  # noqa: E402

BIG_PILE = 6
MAX_HANDS = 60


def feeding(variant: str, games: int, a: str, b: str, seed: int) -> dict[str, Counter]:
    """Per player name: discards to an opponent, takes they fed, big takes, cards fed."""
    rules = VARIANTS[variant]
    out: dict[str, Counter] = {a: Counter(), b: Counter()}
    for i in range(games):
        g = Game.new(rules, seed=seed + i)
        names = [a if (s + i) % 2 == 0 else b for s in range(rules.players)]
        agents = [make_player(n, (seed + i) * 7 + s) for s, n in enumerate(names)]
        thrower: tuple[str, int, int] | None = None  # name, next seat, pile size
        hands = 0
        while not g.is_over and hands < MAX_HANDS:
            if g.phase is Phase.HAND_OVER:
                hands += 1
                thrower = None
                g.apply(g.legal_actions()[0])
                continue
            seat = g.to_play
            view = g.view(seat)
            action = act(agents[seat], view)
            if thrower is not None and seat == thrower[1] and g.phase is Phase.DRAW:
                name, _, size = thrower
                if isinstance(action, TakePile):
                    out[name]["fed"] += 1
                    out[name]["cards"] += size
                    out[name]["big"] += size >= BIG_PILE
                thrower = None
            if isinstance(action, Discard):
                nxt = (seat + 1) % rules.players
                if view.side_of[nxt] != view.side:
                    out[names[seat]]["discards"] += 1
                    thrower = (names[seat], nxt, len(view.pile) + 1)
            g.apply(action)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="classic", choices=sorted(VARIANTS))
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--a", default="normal")
    ap.add_argument("--b", default="expert")
    ap.add_argument("--seed", type=int, default=77_000)
    args = ap.parse_args()
    for name, c in feeding(args.variant, args.games, args.a, args.b, args.seed).items():
        per = c["cards"] / c["discards"] if c["discards"] else 0.0
        print(f"{name:>8}: {c['discards']} discards to an opponent, {c['fed']} taken "
              f"({c['big']} piles of {BIG_PILE}+), {per:.3f} pile cards handed over a discard")


if __name__ == "__main__":
    main()
