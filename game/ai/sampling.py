"""Determinized sampling for the `hard` level.

For a close decision, the engine deals the cards the viewer has not seen afresh, many
times (`Game.resample`: each world shows the viewer exactly its own view). In each such
world every candidate move is played out (the replies by `normal` players, the rest of
the hand by `greedy` ones) and the move with the best mean result is kept. All candidates are tried on the same worlds (common random
numbers), so the comparison is far less noisy than the rollouts themselves.

The budget is counted in rollouts, not seconds, so a busy machine changes how long `hard`
thinks, not what it plays: given its seed it always decides the same. A wall-clock cap
only guards the wait on a machine far slower than the one the count was chosen on.

Only sampled worlds are ever built: the real hidden hands are never seen here.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from game.rules.actions import Action, AnswerGoOut, Discard, Draw, Meld, PassPile, TakePile
from game.rules.engine import Game, Phase
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
# Rollouts per sampled decision, shared out over the candidates: every candidate is
# played out in the same worlds, and never in fewer than MIN_WORLDS of them. This count
# and the rollout length below were chosen with benchmarks/ai_latency.py on a shared
# two-core machine: about 0.2-0.5 s of CPU per sampled decision.
ROLLOUTS = 80
MIN_WORLDS = 40
# A rollout plays CAREFUL_MOVES moves (per number of players: the replies to the
# candidate, such as whether the next player takes the pile) with `normal` players, then
# goes on with the much faster `greedy` ones, and after ROLLOUT_MOVES scores the position
# as it stands if the hand is still going. `normal`'s moves cost most of a rollout.
CAREFUL_MOVES = {2: 4, 3: 4, 4: 5}
ROLLOUT_MOVES = {2: 24, 3: 28, 4: 32}


@dataclass
class SampleResult:
    """One candidate move's result: its mean outcome over the sampled worlds."""

    action: Action
    mean: float
    worlds: int


@dataclass(frozen=True)
class Decision:
    """What one sampled decision cost: for the latency benchmark."""

    worlds: int
    rollouts: int
    capped: bool  # the wall-clock cap stopped it before its rollout count


class Sampler:
    """`hard`'s search. `rollouts`: the budget per sampled decision; `cap`: seconds of
    wall time after which no further world is started."""

    def __init__(self, seed: int, cap: float, rollouts: int = ROLLOUTS) -> None:
        self.rng = random.Random(seed ^ 0x5A17)
        self.cap = cap
        self.rollouts = rollouts
        self._players: tuple[list, list] | None = None
        self.last: list[SampleResult] = []
        self.decisions: list[Decision] = []

    # ------------------------------------------------------------------ candidates
    def candidates(self, view: PlayerView, options: list[tuple[float, Action]]) -> list[Action]:
        """The close alternatives worth playing out, the heuristic's choice first."""
        if not options:
            return []
        best_score, best = options[0]
        if isinstance(best, AnswerGoOut):
            return [best, AnswerGoOut(not best.yes)]
        if isinstance(best, (Draw, TakePile, PassPile)):
            alts: list[Action] = [a for s, a in options[1:] if isinstance(a, (Draw, TakePile, PassPile))
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

    def decide(self, view: PlayerView, options: list[tuple[float, Action]]) -> Action | None:
        """The best of the close candidates by their rollouts, or None when there is nothing to
        choose between."""
        cands = self.candidates(view, options)
        self.last = []
        if len(cands) < 2:
            return None
        results = self.evaluate(view, cands)
        self.last = results
        base = results[0]
        best = max(results[1:], key=lambda r: r.mean)
        return best.action if best.mean > base.mean + PRIOR else base.action

    # ------------------------------------------------------------------ rollouts
    def _rollout_players(self) -> tuple[list, list]:
        """`normal` for the moves right after the decision, `greedy` for the rest."""
        if self._players is None:
            from .heuristic import HeuristicPlayer
            from .simple import GreedyPlayer

            self._players = ([HeuristicPlayer("normal", seed=s) for s in range(4)],
                             [GreedyPlayer(seed=s) for s in range(4)])
        return self._players

    def evaluate(self, view: PlayerView, cands: list[Action]) -> list[SampleResult]:
        """Play every candidate out in the same sampled worlds; their mean margins."""
        worlds = max(MIN_WORLDS, self.rollouts // len(cands))
        start = time.perf_counter()
        totals = [0.0] * len(cands)
        done = 0
        while done < worlds and (done == 0 or time.perf_counter() - start < self.cap):
            # one seed per world: each candidate gets its own copy of the same deal
            world_seed = self.rng.getrandbits(64)
            for i, a in enumerate(cands):
                g = Game.resample(view, random.Random(world_seed))
                g.apply(a)  # a move legal in the view is legal in every world of it
                totals[i] += self.playout(g, view.seat)
            done += 1
        self.decisions.append(Decision(done, done * len(cands), done < worlds))
        return [SampleResult(a, totals[i] / done, done) for i, a in enumerate(cands)]

    def playout(self, g: Game, seat: int) -> float:
        """Play on to the end of the hand or ROLLOUT_MOVES: `normal` players first,
        whose replies are what a candidate is judged by, then the much faster `greedy`
        ones. The margin for the viewer's side in points."""
        careful, fast = self._rollout_players()
        players = g.rules.players
        careful_moves = CAREFUL_MOVES[players]
        cap = ROLLOUT_MOVES[players]
        moves = 0
        while moves < cap and g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            s = g.to_play
            v = g.view(s)
            p = (careful if moves < careful_moves else fast)[s]
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
    """Whether the engine accepts `action` in the viewer's position, judged on a world
    resampled from the view (legality depends only on what the view shows)."""
    return Game.resample(view, random.Random(0)).check(action) is None


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
