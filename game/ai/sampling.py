"""Determinized sampling for the `hard` level.

For a close decision, deal the cards the viewer has not seen into the other hands and
the stock, many times, consistently with everything the view shows (hand sizes, cards
known to be in a hand, every card on the table and in the pile). From each such world,
play every candidate move out with fast `normal` players and keep the move with the best
mean result. All candidates are tried on the same worlds (common random numbers), so the
comparison is far less noisy than the rollouts themselves.

Only sampled worlds are ever built: the real hidden hands are never seen here.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.rules.actions import Action, AnswerGoOut, Discard, Draw, Meld, PassPile, TakePile
from game.rules.cards import Card, make_decks
from game.rules.engine import Game, Phase
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView

from .evaluate import hand_cost, table_points
from .melding import goes_out

# Decisions whose alternatives the heuristic scores this close are sampled; clearer ones
# are left to the heuristic, which keeps `hard` fast on most moves.
CLOSE_DISCARD = 16.0
CLOSE_TAKE = 40.0
# The heuristic's own choice wins ties: a sampled alternative must beat it by this much
# on average (in hand points) before it is preferred, so noise alone never flips it.
PRIOR = 20.0
MAX_CANDIDATES = 3
MAX_WORLDS = 40
MIN_WORLDS = 6
ROLLOUT_MOVES = {2: 40, 3: 54, 4: 64}


# The budget is thinking time (this thread's CPU), so a busy machine or the table drawing
# beside it does not buy fewer rollouts; the wall clock may stretch it by this much at most,
# which keeps the wait bounded when the machine is very busy.
WALL_STRETCH = 1.25


class _Clock:
    """Time spent so far, in budget units: the larger of this thread's CPU time and the
    wall time shrunk by WALL_STRETCH."""

    def __init__(self) -> None:
        self.cpu0 = time.thread_time()
        self.wall0 = time.perf_counter()

    def __call__(self) -> float:
        return max(time.thread_time() - self.cpu0, (time.perf_counter() - self.wall0) / WALL_STRETCH)


@dataclass
class SampleResult:
    action: Action
    mean: float
    worlds: int


@cache
def _template(rules: RuleSet) -> dict[str, Any]:
    """A state dict of this engine's current format to fill in (keeps any fields the
    engine adds later at sensible defaults)."""
    return Game.new(rules, seed=0).to_dict()


def _enc(c: Card) -> str:
    return f"{c.label}/{c.deck}"


class Sampler:
    def __init__(self, seed: int, budget: float) -> None:
        self.rng = random.Random(seed ^ 0x5A17)
        self.budget = budget
        self._players: list | None = None
        self.last: list[SampleResult] = []

    # ------------------------------------------------------------------ candidates
    def candidates(self, view: PlayerView, options: list[tuple[float, Action]]) -> list[Action]:
        """The close alternatives worth playing out, the heuristic's choice first."""
        if not options:
            return []
        best_score, best = options[0]
        if isinstance(best, AnswerGoOut):
            return [best, AnswerGoOut(not best.yes)]
        if isinstance(best, (Draw, TakePile, PassPile)):
            alts = [a for s, a in options[1:] if isinstance(a, (Draw, TakePile, PassPile))
                    and abs(best_score - s) <= CLOSE_TAKE]
            return [best] + alts[:1]
        if isinstance(best, Meld) and goes_out(view, best):
            # going out now, against the best way of staying in
            stay = next((a for s, a in options[1:] if isinstance(a, Discard)
                         or (isinstance(a, Meld) and not goes_out(view, a))), None)
            return [best] + ([stay] if stay is not None and len(view.hand) > 1 else [])
        if isinstance(best, Discard):
            if len(view.hand) == 1:
                return [best]
            alts = [a for s, a in options[1:] if isinstance(a, Discard)
                    and best_score - s <= CLOSE_DISCARD]
            return [best] + alts[:MAX_CANDIDATES - 1]
        return [best]

    def decide(self, view: PlayerView, options: list[tuple[float, Action]],
               opened_at_turn_start: bool | None = None) -> Action | None:
        cands = self.candidates(view, options)
        self.last = []
        if len(cands) < 2:
            return None
        results = self.evaluate(view, cands, opened_at_turn_start)
        self.last = results
        if not results or results[0].worlds == 0:
            return None
        base = results[0]
        best = max(results[1:], key=lambda r: r.mean)
        return best.action if best.mean > base.mean + PRIOR else base.action

    # ------------------------------------------------------------------ worlds
    def world(self, view: PlayerView, opened_at_turn_start: bool | None = None) -> dict[str, Any]:
        """One deal of the unseen cards consistent with the view, as a state dict."""
        rules = view.rules
        d = dict(_template(rules))
        seen = Counter(c.identity for c in view.hand)
        for side in view.melds:
            for m in side.values():
                seen.update(c.identity for c in m.cards)
        seen.update(c.identity for c in view.pile)
        for r3 in view.red_threes:
            seen.update(c.identity for c in r3)
        for seat, cards in enumerate(view.known):
            if seat != view.seat:
                seen.update(c.identity for c in cards)
        unseen = []
        for c in make_decks(rules.decks, rules.jokers_per_deck):
            if seen[c.identity]:
                seen[c.identity] -= 1
            else:
                unseen.append(c)
        # Order by rank and suit only: which physical copy of a card is on the table says
        # nothing about the hidden hands, so it must not steer the deal either.
        unseen.sort(key=lambda c: c.code)
        self.rng.shuffle(unseen)
        hands: list[list[Card]] = []
        for seat in range(rules.players):
            if seat == view.seat:
                hands.append(list(view.hand))
                continue
            h = list(view.known[seat])
            need = view.hand_sizes[seat] - len(h)
            h.extend(unseen[:need])
            del unseen[:need]
            hands.append(h)
        stock = unseen[:view.stock_size]
        freezers = sum(1 for c in view.pile if c.is_wild or c.is_red_three)
        if view.pile_frozen and not freezers:
            freezers = 1
        elif not view.pile_frozen:
            freezers = 0
        opened = bool(view.my_melds)
        if opened_at_turn_start is None:
            opened_at_turn_start = opened and not view.melded_this_turn
        asker = None
        if view.phase is Phase.ASK_PARTNER:
            asker = view.partner
        elif view.asked:
            asker = view.to_play
        turn = dict(d.get("turn", {}))
        turn.update({
            "drew_from_stock": view.drew_from_stock,
            "took_pile": view.phase is Phase.MELD and not view.drew_from_stock,
            "opened_at_turn_start": opened_at_turn_start,
            "melded_this_turn": view.melded_this_turn, "asked": view.asked,
            "answer": view.answer, "asker": asker,
        })
        d.update({
            "seed": self.rng.randrange(1 << 30),
            "hand_number": view.hand_number, "dealer": view.dealer, "to_play": view.to_play,
            "phase": view.phase.value, "scores": list(view.scores),
            "hands": [[_enc(c) for c in h] for h in hands],
            "stock": [_enc(c) for c in stock],
            "pile": [_enc(c) for c in view.pile], "pile_freezers": freezers,
            "side_of": list(view.side_of),
            "melds": [{str(int(r)): [_enc(c) for c in m.cards] for r, m in side.items()}
                      for side in view.melds],
            "red_threes": [[_enc(c) for c in r3] for r3 in view.red_threes],
            "minimums": list(view.minimums),
            "known": [[_enc(c) for c in k] for k in view.known],
            "turn": turn, "went_out": None, "concealed": False, "end_reason": None,
            "winners": [],
        })
        return d

    # ------------------------------------------------------------------ rollouts
    def _rollout_players(self) -> list:
        if self._players is None:
            from .heuristic import HeuristicPlayer

            self._players = [HeuristicPlayer("normal", seed=s) for s in range(4)]
        return self._players

    def evaluate(self, view: PlayerView, cands: list[Action],
                 opened_at_turn_start: bool | None = None) -> list[SampleResult]:
        spent = _Clock()
        rows: list[list[float]] = []  # per world: one result per candidate
        per_round = None
        while len(rows) < MAX_WORLDS:
            now = spent()
            # only start a round of rollouts that is expected to finish within budget
            if now > self.budget or (per_round is not None and now + per_round > self.budget):
                break
            if len(rows) >= MIN_WORLDS and _settled(rows):
                break
            t0 = now
            state = self.world(view, opened_at_turn_start)
            seat = view.seat
            results: list[float] | None = []
            for a in cands:
                try:
                    g = Game.from_dict(state)
                    g.apply(a)
                except Exception:  # noqa: BLE001 - a world the engine refuses is skipped
                    results = None
                    break
                results.append(self.playout(g, seat, view))
            took = spent() - t0
            per_round = took if per_round is None else max(took, 0.5 * per_round + 0.5 * took)
            if results is not None:
                rows.append(results)
        n = len(rows)
        return [SampleResult(a, sum(r[i] for r in rows) / n if n else 0.0, n)
                for i, a in enumerate(cands)]

    def playout(self, g: Game, seat: int, view: PlayerView) -> float:
        """Play on with `normal` players; the margin for the viewer's side in points."""
        players = self._rollout_players()
        cap = ROLLOUT_MOVES.get(g.rules.players, 60)
        moves = 0
        while moves < cap and g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            s = g.to_play
            v = g.view(s)
            p = players[s % len(players)]
            if g.phase is Phase.ASK_PARTNER:
                a: Action = AnswerGoOut(p.answer_go_out(v))
            else:
                a = p.choose(v)
            g.apply(a)
            moves += 1
        my_side = g.side_of[seat]
        if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and g.last_scores:
            mine = g.side_of[seat] if g.rules.partnerships else seat
            totals = {s.side: s.total for s in g.last_scores}
            ours = totals.get(mine, 0)
            others = [t for side, t in totals.items() if side != mine]
            return ours - (max(others) if others else 0)
        return static_margin(g, my_side)


def is_legal(view: PlayerView, action: Action) -> bool:
    """Whether the engine accepts `action` in the viewer's position, judged on a sampled
    copy of it (legality depends only on the viewer's hand and the table)."""
    try:
        g = Game.from_dict(Sampler(0, 0.0).world(view))
        return g.check(action) is None
    except Exception:  # noqa: BLE001 - a position we cannot rebuild: do not risk it
        return False


def _settled(rows: list[list[float]]) -> bool:
    """Stop early once no alternative can plausibly beat the heuristic's choice by the
    prior, or one clearly does (paired differences, two standard errors)."""
    n = len(rows)
    for i in range(1, len(rows[0])):
        diffs = [r[i] - r[0] for r in rows]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        se = (var / n) ** 0.5
        if mean - 2 * se > PRIOR:
            return True
        if mean + 2 * se > PRIOR:
            return False
    return True


def static_margin(g: Game, my_side: int) -> float:
    """Table minus hands for each side of a rollout cut short; ours minus the best other."""
    rules = g.rules
    per_side: dict[int, float] = {}
    for side in set(g.side_of):
        v = float(table_points(rules, g.melds[side], g.red_threes[side]))  # type: ignore[arg-type]
        for s in range(rules.players):
            if g.side_of[s] == side:
                v -= hand_cost(rules, g.hands[s])
        per_side[side] = v
    ours = per_side.pop(my_side, 0.0)
    return ours - (max(per_side.values()) if per_side else 0.0)
