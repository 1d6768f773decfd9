"""How close the review's rating (`game.ai.review.rate`) comes to a very deep rating.

The positions are hint_agreement.py's (`normal` playing every seat, a real choice). Two
moves are rated at each: the hint's (`suggest`) and the review's own best on another
stream of worlds (hint_agreement.py --ceiling). A position is kept when its label is "in
doubt": the review (150 worlds, the position's own seed) costs one of the two moves 10
points or more.

`collect` plays every candidate move of a kept position (the review's own candidates,
both moves among them) in `--truth` worlds each, over several streams of worlds, with no
race: a move's true loss is the best candidate's mean less its own. The figures are
written to a JSON file.

`score` rates the same moves with the `rate` of the tree given by `--tree` (so an older
checkout is measured with the same truth), with `--seeds` seeds other than the one the
positions were kept by, and prints how often its label is the truth's label, how often
it puts the move on the same side of "good" (the hint agreement's line; how many of the
others it called best or good, too lenient), the mean error of its loss and the mean of
|error|:
    python benchmarks/rater_truth.py collect --variant italian --positions 200 --out T.json
    python benchmarks/rater_truth.py score --truth-file T.json [--tree ../main] [--seeds 3]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent


def positions(variant: str, count: int, seed: int):
    """hint_agreement.py's positions: (index, view)."""
    from game.ai.fact_check import normal_positions
    from game.rules.actions import NextHand

    done = 0
    for g, seat in normal_positions(variant, count * 4, seed=seed, every=2):
        if done == count:
            return
        view = g.view(seat)
        if len(view.legal) < 2 or any(isinstance(a, NextHand) for a in view.legal):
            continue
        yield done, view
        done += 1


def collect(args: argparse.Namespace) -> None:
    """The deep rating of every position in doubt, written to `--out` as it goes."""
    from dataclasses import replace

    from game.ai import review as R
    from game.ai.analysis import REVIEW, analyse, candidate_moves, play_out, worlds_for
    from game.ai.hints import suggest

    out = []
    t0 = time.process_time()
    for done, view in positions(args.variant, args.positions, args.seed):
        hint = suggest(view).action
        ceiling = analyse(view, replace(REVIEW, worlds=150), done + 1000).best.action
        losses = [R.rate(view, m, 0, 150, seed=done).loss for m in (hint, ceiling)]
        if max(losses) < args.doubt:
            continue
        moves = [a for a, _ in candidate_moves(view, REVIEW, own=hint)]
        if ceiling not in moves:
            moves.append(ceiling)
        margins: list[list[float]] = [[] for _ in moves]
        per = args.truth // args.streams
        for s in range(args.streams):
            m, _d, _c = play_out(view, moves, per, worlds_for(10_000_000 + 1000 * done + s),
                                 protect=len(moves), cap=math.inf)
            for i, row in enumerate(m):
                margins[i].extend(row)
        means = [sum(m) / len(m) for m in margins]
        top = max(range(len(moves)), key=lambda i: means[i])
        ses = []
        for i in range(len(moves)):
            d = [a - b for a, b in zip(margins[top], margins[i], strict=True)]
            mu = sum(d) / len(d)
            ses.append(math.sqrt(sum((x - mu) ** 2 for x in d) / (len(d) - 1) / len(d)))
        row = {"variant": args.variant, "index": done, "seed": args.seed,
               "moves": [a.to_dict() for a in moves], "means": means, "se": ses,
               "hint": moves.index(hint), "ceiling": moves.index(ceiling),
               "selected_losses": losses}
        out.append(row)
        print(f"{args.variant} #{done}: {len(moves)} moves, truth loss hint "
              f"{means[top] - means[row['hint']]:.0f} ceiling "
              f"{means[top] - means[row['ceiling']]:.0f} (rated {losses[0]:.0f}, "
              f"{losses[1]:.0f}) cpu {time.process_time() - t0:.0f} s", flush=True)
        Path(args.out).write_text(json.dumps(out))
    print(f"{len(out)} positions kept, cpu {time.process_time() - t0:.0f} s")


def score(args: argparse.Namespace) -> None:
    """The tree's `rate` against the deep rating of `--truth-file`."""
    sys.path.insert(0, str(Path(args.tree).resolve()))
    from game.ai import review as R
    from game.rules.actions import action_from_dict

    assert Path(R.__file__).resolve().is_relative_to(Path(args.tree).resolve()), R.__file__
    rows = json.loads(Path(args.truth_file).read_text())
    same = side = n = lenient = 0
    err = abserr = 0.0
    t0 = time.process_time()
    views: dict[tuple[str, int], object] = {}
    wanted = {(r["variant"], r["index"]) for r in rows}
    for variant in sorted({r["variant"] for r in rows}):
        seed = next(r["seed"] for r in rows if r["variant"] == variant)
        last = max(r["index"] for r in rows if r["variant"] == variant)
        for done, view in positions(variant, last + 1, seed):
            if (variant, done) in wanted:
                views[variant, done] = view
    per_variant: dict[str, list[int]] = {}
    for r in rows:
        view = views[r["variant"], r["index"]]
        moves = [action_from_dict(m) for m in r["moves"]]
        top = max(r["means"])
        for which in ("hint", "ceiling"):
            k = r[which]
            truth = top - r["means"][k]
            want = R.label_for(truth)
            for s in range(args.seeds):
                got = R.rate(view, moves[k], 0, args.worlds, seed=r["index"] + 7000 * (s + 1))
                n += 1
                same += got.label == want
                ok = (got.label in ("best", "good")) == (want in ("best", "good"))
                side += ok
                lenient += not ok and got.label in ("best", "good")
                err += got.loss - truth
                abserr += abs(got.loss - truth)
                v = per_variant.setdefault(r["variant"], [0, 0, 0])
                v[0] += 1
                v[1] += got.label == want
                v[2] += ok
                if args.show and not ok:
                    print(f"  {r['variant']} #{r['index']} {which} seed {s}: rated "
                          f"{got.loss:.0f} {got.label}, truth {truth:.0f} {want}", flush=True)
    for variant, (m, a, b) in sorted(per_variant.items()):
        print(f"  {variant:16s} ratings {m:3d}  same label {100 * a / m:5.1f}%  "
              f"same side of good {100 * b / m:5.1f}%")
    print(f"tree {args.tree}: {n} ratings of {len(rows)} positions at {args.worlds} worlds: "
          f"same label {100 * same / max(1, n):.1f}%, same side of good "
          f"{100 * side / max(1, n):.1f}% ({lenient} of the others rated best or good), "
          f"mean error {err / max(1, n):+.1f}, "
          f"mean |error| {abserr / max(1, n):.1f} (cpu {time.process_time() - t0:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--variant", required=True)
    c.add_argument("--positions", type=int, default=200)
    c.add_argument("--seed", type=int, default=11)
    c.add_argument("--doubt", type=float, default=10.0)
    c.add_argument("--truth", type=int, default=800)
    c.add_argument("--streams", type=int, default=4)
    c.add_argument("--out", required=True)
    s = sub.add_parser("score")
    s.add_argument("--truth-file", required=True)
    s.add_argument("--tree", default=str(TREE))
    s.add_argument("--seeds", type=int, default=3)
    s.add_argument("--worlds", type=int, default=150)
    s.add_argument("--show", action="store_true")
    args = ap.parse_args()
    if args.cmd == "collect":
        sys.path.insert(0, str(TREE))
        collect(args)
    else:
        score(args)


if __name__ == "__main__":
    main()
