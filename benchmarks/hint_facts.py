"""Every fact the hints, the coach and the review state, checked against the real game:
false statements per variant.

For positions reached by `normal` play, the hint for the player to act is asked from that
player's view; each fact it carries is then re-derived from the true game (all hands
known) by `game.ai.fact_check`. At the same position the coach is asked about two moves
that need not be the best: the move `normal` makes there and one other legal move drawn
from the position's own seeded stream; each warning it gives is checked the same way. On
every `--review-every`-th position (the review's budget costs several hints) the review
line for the same two moves is made as `review.rate` makes it and checked too, and its
label must be the one its line states. Prints positions, statements and facts checked and
false statements.

Run: python benchmarks/hint_facts.py [--positions 300] [--variant NAME] [--show 5] [--seed 0]
     [--review-every 10] [--no-coach]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.analysis import HINT, analyse  # noqa: E402
from game.ai.fact_check import Checker, Said, normal_decisions, warning_said  # noqa: E402
from game.ai.hints import advise, coach, explain  # noqa: E402
from game.ai.review import WORLDS, rating, reason_and_facts  # noqa: E402
from game.i18n import tr, with_card_names  # noqa: E402
from game.rules import VARIANTS, Game  # noqa: E402
from game.rules.actions import Action  # noqa: E402


@dataclass
class Tally:
    """Statements and facts checked, and the false ones, for one kind of statement."""

    statements: int = 0
    facts: int = 0
    false: int = 0
    keys: Counter = field(default_factory=Counter)


def other_move(legal: list[Action], played: Action, seed: int, index: int) -> Action | None:
    """A legal move other than the one played, drawn from the position's own stream."""
    rest = [a for a in legal if a != played]
    return random.Random(seed * 1_000_003 + index).choice(rest) if rest else None


def _check(g: Game, seat: int, said, tally: Tally, label: str, show: int) -> None:
    tally.statements += 1
    tally.facts += len(said.facts)
    wrong = Checker(g, seat).false_statements(said)
    tally.false += len(wrong)
    for w in wrong[:max(show, 0)]:
        print(f"  FALSE {label}: {w}")


def run(variant: str, positions: int, show: int, seed: int = 0, coach_too: bool = True,
        review_every: int = 10) -> tuple[int, dict[str, Tally]]:
    tallies = {"hint": Tally(), "coach": Tally(), "review": Tally()}
    done = 0
    for i, (g, seat, played) in enumerate(normal_decisions(variant, positions, seed=seed)):
        view = g.view(seat)
        judged = analyse(view, HINT) if len(view.legal) > 1 else None
        hint = advise(judged) if judged is not None else explain(view, view.legal[0])
        tallies["hint"].keys[hint.reason_key] += 1
        _check(g, seat, hint, tallies["hint"], f"hint ({variant} #{i})", show)
        done += 1
        if judged is None or not coach_too:
            continue
        other = other_move(view.legal, played, seed, i)
        moves = [played] + ([other] if other is not None else [])
        for move in moves:
            warning = coach(view, move, judged)
            if warning is not None:
                tallies["coach"].keys[warning.key] += 1
                _check(g, seat, warning_said(warning, move), tallies["coach"],
                       f"coach ({variant} #{i})", show)
        if review_every <= 0 or i % review_every:
            continue
        for k, move in enumerate(moves):
            reviewed, _loss, label = rating(view, move, WORLDS, seed * 1000 + 2 * i + k)
            sentences, facts = reason_and_facts(reviewed, move, label)
            line = " ".join(tr(key, **with_card_names(dict(p))) for key, p in sentences)
            tally = tallies["review"]
            tally.keys[sentences[0][0] if sentences else "(none)"] += 1
            _check(g, seat, Said(move, facts, line), tally, f"review ({variant} #{i})", show)
            # the line is shown beside the review's label: a rated warning names it
            stated = [key.rsplit(".", 1)[1] for key, _ in sentences
                      if key.startswith("coach.rated.")]
            if stated and stated[0] != label:
                tally.false += 1
                if show > 0:
                    print(f"  FALSE review ({variant} #{i}): the line says {stated[0]}, "
                          f"the review rates it {label} [{line}]")
    return done, tallies


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--variant", choices=sorted(VARIANTS), action="append")
    ap.add_argument("--show", type=int, default=5, help="false statements to print per position")
    ap.add_argument("--seed", type=int, default=0, help="first game seed")
    ap.add_argument("--review-every", type=int, default=10,
                    help="check the review lines on every N-th position (0: never)")
    ap.add_argument("--no-coach", action="store_true", help="check the hints only")
    args = ap.parse_args()
    total_false = 0
    for variant in args.variant or sorted(VARIANTS):
        t0 = time.perf_counter()
        done, tallies = run(variant, args.positions, args.show, args.seed,
                            not args.no_coach, args.review_every)
        print(f"{variant:16s} positions {done:4d}  ({time.perf_counter() - t0:.0f} s)")
        for name, t in tallies.items():
            total_false += t.false
            print(f"   {name:6s} statements {t.statements:5d}  facts checked {t.facts:6d}"
                  f"  false {t.false}")
            if t.keys:
                print("      " + ", ".join(f"{k} {n}" for k, n in t.keys.most_common()))
        sys.stdout.flush()
    print(f"false statements in all: {total_false}")


if __name__ == "__main__":
    main()
