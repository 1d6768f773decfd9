"""Matches between two computer players, with paired seeds and confidence intervals.

Whole games (`run_tournament`): every seed is played twice with the players' seats
swapped, so both get the same cards and the same seats over a pair; a win rate comes with
a Wilson 95% interval. Duplicate hands (`run_duplicate`): every deal is played as one hand
twice with the partnerships swapped, and the score margin per deal (mean of the two plays)
is reported with a normal 95% interval; the luck of the deal cancels out.
"""

from __future__ import annotations

import math
import statistics
import time
import traceback
from collections.abc import Iterable
from dataclasses import dataclass

from game.ai.base import act
from game.rules.actions import Action
from game.rules.engine import Game, Phase
from game.rules.ruleset import VARIANTS, RuleSet


@dataclass(frozen=True)
class Match:
    """One game or hand to play: who sits where, and the seed of the deal."""

    variant: str
    seed: int
    seats: tuple[str, ...]  # "a" or "b" per seat
    names: tuple[str, str]
    max_hands: int
    one_hand: bool
    rules: RuleSet | None = None  # a variant with house rules; else VARIANTS[variant]


# How many of a duplicate match's deals its result names as A's worst.
WORST_DEALS = 5


def seat_pattern(players: int, pair: int, swapped: bool) -> tuple[str, ...]:
    """Which player ('a' or 'b') sits where in game `pair` of the match (or its twin)."""
    base: tuple[str, ...]
    if players == 4:
        base = ("a", "b", "a", "b") if pair % 2 == 0 else ("b", "a", "b", "a")
    elif players == 3:
        lone = pair % 3  # one 'a' against two 'b', then the twin game the other way round
        base = tuple("a" if s == lone else "b" for s in range(3))
    else:
        base = ("a", "b") if pair % 2 == 0 else ("b", "a")
    if swapped:
        base = tuple("b" if x == "a" else "a" for x in base)
    return base


def _play(m: Match) -> dict:
    import game.ai  # noqa: F401 - registers the players (also in worker processes)
    from game.ai.base import make_player

    rules = m.rules or VARIANTS[m.variant]
    g = Game.new(rules, seed=m.seed)
    agents = [make_player(m.names[0] if who == "a" else m.names[1], m.seed * 7 + s)
              for s, who in enumerate(m.seats)]
    hands = 0
    try:
        while not g.is_over:
            if g.phase is Phase.HAND_OVER:
                hands += 1
                if m.one_hand or hands >= m.max_hands:
                    break
                g.apply(g.legal_actions()[0])
                continue
            seat = g.to_play
            view = g.view(seat)
            action: Action = act(agents[seat], view)
            g.apply(action)
        if g.is_over:
            hands += 1
    except Exception as e:  # noqa: BLE001 - reported in the results, never hidden
        detail = "".join(traceback.format_exception_only(type(e), e)).strip()
        return {"seed": m.seed, "seats": m.seats, "error": f"seed {m.seed}: {detail}"}
    # the sides (scoring units) each player controls, from the seats it sits in
    unit_of = [s % 2 if rules.partnerships else s for s in range(rules.players)]
    owner = {unit_of[s]: m.seats[s] for s in range(rules.players)}
    # A game stopped at the hand limit is adjudicated: the highest score wins it.
    adjudicated: list[str] = []
    if not g.is_over and not m.one_hand:
        best = max(g.scores)
        if g.scores.count(best) == 1:
            adjudicated = [owner[g.scores.index(best)]]
    hand_totals = [s.total for s in g.last_scores] if g.last_scores else []
    return {
        "seed": m.seed, "seats": m.seats, "error": None, "finished": g.is_over,
        "winners": [owner[w] for w in g.winners], "adjudicated": adjudicated, "hands": hands,
        "scores": list(g.scores), "hand_totals": hand_totals,
        "owner": [owner[u] for u in range(rules.sides)],
    }


def _run(matches: list[Match], jobs: int) -> list[dict]:
    if jobs <= 1:
        return [_play(m) for m in matches]
    import multiprocessing as mp

    with mp.get_context("fork").Pool(jobs) as pool:
        return pool.map(_play, matches, chunksize=1)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    if not values:
        return (0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def _side_means(r: dict, key: str) -> tuple[float, float]:
    a = [v for v, o in zip(r[key], r["owner"], strict=True) if o == "a"]
    b = [v for v, o in zip(r[key], r["owner"], strict=True) if o == "b"]
    return (statistics.fmean(a) if a else 0.0, statistics.fmean(b) if b else 0.0)


def run_tournament(variant: str, a: str, b: str, games: int, seed: int = 1, jobs: int = 1,
                   max_hands: int = 60, rules: RuleSet | None = None) -> dict:
    """`games` complete games (rounded up to pairs), seats alternated, seeds paired.

    A game still short of the target after `max_hands` hands is adjudicated to the higher
    score; `unfinished` and `adjudicated` say how many were."""
    rules = rules or VARIANTS[variant]
    pairs = (games + 1) // 2
    matches = []
    for i in range(pairs):
        s = seed * 1_000_003 + i
        for swapped in (False, True):
            matches.append(Match(variant, s, seat_pattern(rules.players, i, swapped), (a, b),
                                 max_hands, False, rules))
    start = time.perf_counter()
    results = _run(matches, jobs)
    elapsed = time.perf_counter() - start
    errors = [r["error"] for r in results if r["error"]]
    done = [r for r in results if not r["error"]]
    a_wins = sum(1 for r in done if r["finished"] and r["winners"] == ["a"])
    b_wins = sum(1 for r in done if r["finished"] and r["winners"] == ["b"])
    unfinished = sum(1 for r in done if not r["finished"])
    a_adj = sum(1 for r in done if not r["finished"] and r["adjudicated"] == ["a"])
    b_adj = sum(1 for r in done if not r["finished"] and r["adjudicated"] == ["b"])
    a_wins += a_adj
    b_wins += b_adj
    decided = a_wins + b_wins
    lo, hi = wilson(a_wins, decided)
    margins = []
    for r in done:
        ma, mb = _side_means(r, "scores")
        margins.append(ma - mb)
    mean, mlo, mhi = mean_ci(margins)
    return {
        "variant": rules.name, "a": a, "b": b, "games": len(results),
        "a_wins": a_wins, "b_wins": b_wins, "unfinished": unfinished,
        "adjudicated": {"a": a_adj, "b": b_adj},
        "a_win_rate": round(a_wins / decided, 4) if decided else None,
        "ci95": [round(lo, 4), round(hi, 4)],
        "mean_final_margin": round(mean, 1), "margin_ci95": [round(mlo, 1), round(mhi, 1)],
        "hands": sum(r["hands"] for r in done), "seed": seed, "jobs": jobs,
        "seconds": round(elapsed, 1), "errors": len(errors), "error_details": errors[:10],
    }


def run_duplicate(variant: str, a: str, b: str, deals: int, seed: int = 1, jobs: int = 1,
                  rules: RuleSet | None = None) -> dict:
    """Each deal played as one hand twice, partnerships swapped; margin per deal."""
    rules = rules or VARIANTS[variant]
    matches = []
    for i in range(deals):
        s = seed * 1_000_003 + i
        for swapped in (False, True):
            matches.append(Match(variant, s, seat_pattern(rules.players, 0, swapped), (a, b),
                                 1, True, rules))
    start = time.perf_counter()
    results = _run(matches, jobs)
    elapsed = time.perf_counter() - start
    errors = [r["error"] for r in results if r["error"]]
    by_seed: dict[int, list[float]] = {}
    for r in results:
        if r["error"] or not r["hand_totals"]:
            continue
        ma, mb = _side_means(r, "hand_totals")
        by_seed.setdefault(r["seed"], []).append(ma - mb)
    per_deal = {s: statistics.fmean(v) for s, v in by_seed.items() if len(v) == 2}
    margins = list(per_deal.values())
    mean, lo, hi = mean_ci(margins)
    # the deals A did worst in, to replay one by one (a deal's seed is Game.new's)
    worst = sorted(per_deal.items(), key=lambda sm: sm[1])[:WORST_DEALS]
    return {
        "variant": rules.name, "a": a, "b": b, "mode": "duplicate",
        "deals": len(margins), "hands": 2 * len(margins),
        "mean_margin_per_deal": round(mean, 1), "ci95": [round(lo, 1), round(hi, 1)],
        "a_better_deals": sum(1 for m in margins if m > 0),
        "b_better_deals": sum(1 for m in margins if m < 0),
        "worst_deals": [[seed, round(m, 1)] for seed, m in worst],
        "seed": seed, "jobs": jobs, "seconds": round(elapsed, 1),
        "errors": len(errors), "error_details": errors[:10],
        # every deal's margin, for paired_difference (in --json only: too long to print)
        "per_deal": [[seed, m] for seed, m in sorted(per_deal.items())],
    }


def paired_difference(first: dict, second: dict) -> dict:
    """Two duplicate matches' results over the same deals (one variant and seed, e.g. a
    changed `hard` against main's), deal by deal: the first's margin less the second's,
    its mean with a 95% CI, how many deals were played to another margin, and how closely
    the two margins follow each other. Only deals both finished are compared."""
    a, b = dict(map(tuple, first["per_deal"])), dict(map(tuple, second["per_deal"]))
    common = sorted(set(a) & set(b))
    xs, ys = [a[s] for s in common], [b[s] for s in common]
    diffs = [x - y for x, y in zip(xs, ys, strict=True)]
    mean, lo, hi = mean_ci(diffs)
    varied = len(common) > 1 and min(statistics.pstdev(xs), statistics.pstdev(ys)) > 0
    return {
        "deals": len(common),
        "first": round(statistics.fmean(xs), 1) if xs else 0.0,
        "second": round(statistics.fmean(ys), 1) if ys else 0.0,
        "difference": round(mean, 1), "ci95": [round(lo, 1), round(hi, 1)],
        "deals_differing": sum(1 for d in diffs if d),
        "correlation": round(statistics.correlation(xs, ys), 2) if varied else None,
    }


def format_result(result: dict) -> Iterable[str]:
    for k, v in result.items():
        if k != "per_deal":
            yield f"{k:>22}: {v}"
