"""One analysis of a position: the judgement every teaching voice and `hard` share.

From a `PlayerView` only, the candidate moves are gathered -- every way out, every take
of the pile, the fast policy's top moves and, when given, the player's own move -- and
each is played out in the *same* sampled worlds (common random numbers: one world dealt
per seed and copied for every candidate; the rollouts are `hard`'s, see sampling.py).
A candidate's value is its mean hand margin in points (the viewer's side against the
best other side); its loss is the paired mean of what it scored below the best move in
the worlds both were played in, with that difference's standard error.

The candidates race (`race`): all are played in a first batch of worlds, then those
clearly behind the leader on the paired difference, and exact twins of a move kept (the
same position reached another way), stop; the rest go on, and the analysis ends as soon
as one is left. Clear positions cost a few worlds; the budget is spent on close ones.

`hard` plays the best move at the HARD budget, the hint shows it at HINT, the coach
compares the player's intended move with it at HINT and the hand review rates every
decision at REVIEW. A budget is counted in worlds and rollouts, so an analysis is the
same for a seed on any machine; the wall-clock cap is only a safety net (a machine far
slower than any the budgets were chosen on) that tests and reviews never reach.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from game.rules.actions import Action, AnswerGoOut, AskGoOut, Discard, Meld, TakePile
from game.rules.cards import Card
from game.rules.engine import Game
from game.rules.memo import CountTables
from game.rules.units import units_for
from game.rules.view import PlayerView

from .facts import meld_ends_hand
from .inference import MAX_DRAWS, Inference


@dataclass(frozen=True)
class Budget:
    """How much an analysis plays out: at most `worlds` per candidate and `rollouts` in
    all (0: no bound but the worlds), the fast policy's top `policy` moves among the
    candidates."""

    worlds: int
    policy: int
    rollouts: int = 0
    # moves that differ only in suits no rule reads are played once, and the race stops
    # no move as a twin of another on its margins alone (see `suit_blind`)
    suit_blind: bool = False
    # points a move must trail the leader by, beyond RACE_Z standard errors, to leave
    # the race: a few worlds in which two moves scored nearly alike give a tiny standard
    # error, while the worlds that tell them apart (a pile taken, a hand caught) are rare
    trail: float = 0.0
    # the share of `worlds` every move is played in before the race may stop one (at
    # least RACE_FIRST): a margin's tail is a few rare worlds (a big pile taken, a hand
    # caught), so a gap over the first 8 can look clear with a standard error that has
    # not met them yet
    settle: float = 0.0
    # how far a rollout plays before the cut-off scores it, as a multiple of the moves
    # sampling.ROLLOUT_MOVES gives (1: as the hint and the review play)
    depth: float = 1.0
    # `normal` makes every move of a rollout, not only the replies a candidate is
    # judged by (see sampling.playout)
    thorough: bool = False

    @property
    def first(self) -> int:
        """The worlds every candidate is played in before the race may stop one."""
        return max(RACE_FIRST, int(self.worlds * self.settle))


# (hard and the hint bound their playouts in all, so a position with many close
# candidates costs no more than a few clear ones: see benchmarks/ai_latency.py)
HARD = Budget(worlds=40, policy=3, rollouts=96)
# The hint plays suit twins once and races without margin twins or moves trailing by
# under 20 points (the review's "best"); 128 playouts in all keep it within its latency
# (benchmarks/ai_latency.py --hints: p95 under 200 ms in every variant), up to 64 worlds
# when only two moves are left.
HINT = Budget(worlds=64, policy=3, rollouts=128, suit_blind=True, trail=20.0)
# The review rates a move once and has the time to settle its race over a quarter of
# its worlds (a 150-world rating stopped both takes of the pile after 8 worlds, drawing
# 464 points ahead; over 60 worlds the better take is 35 behind).
REVIEW = Budget(worlds=60, policy=3, settle=0.25)
DEEP = Budget(worlds=150, policy=4)
# Seconds after which no new world is started: a guard for a machine far slower than
# the budgets were chosen on, never reached by a test or a review on this one.
SAFETY_CAP = 60.0
# The race: every candidate is played in the first RACE_FIRST worlds (or the budget's
# `first`, when it settles over more); then, every
# RACE_STEP worlds, a candidate stops when it trails the leader (their paired difference)
# by more than the budget's `trail` points plus RACE_Z standard errors, or when it scored exactly as
# a move kept in every world so far (the same position reached another way; not in a
# `suit_blind` budget, which plays the twins it can tell for sure once from the start).
# The analysis ends when one candidate is left (besides the protected), or at its worlds
# or rollouts.
RACE_FIRST = 8
RACE_STEP = 4
RACE_Z = 2.5


class Source(Enum):
    """Why a move is among the candidates."""

    OUT = "out"  # it ends the hand (or asks the partner to)
    TAKE = "take"  # it takes the pile
    POLICY = "policy"  # one of the fast policy's top moves
    OWN = "own"  # the player's own move
    ASKED = "asked"  # the caller's own list (hard's close alternatives)


# Expected hand points lost against the best move, and the word for it (measured on
# classic with `normal` in every seat, see benchmarks/review_time.py --swing --noise: a
# hand's margin has a standard deviation of about 800 points, the best and worst of a
# decision's moves differ by about 80 on average, and two reviews in other worlds rate
# a decision about 11 points apart):
#  - under 20 points is within the estimate's own noise: "best";
#  - under 50 is well inside a typical decision's best-to-worst spread: "good";
#  - under 100 is about one typical spread, or going out's bonus: "inaccuracy";
#  - under 250 is up to three spreads, short of a canasta's bonus: "mistake";
#  - 250 or more loses three typical spreads in one move: "blunder".
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS: tuple[tuple[float, str], ...] = ((20.0, "best"), (50.0, "good"),
                                             (100.0, "inaccuracy"), (250.0, "mistake"))


def label_for(loss: float) -> str:
    """The word for a move that loses `loss` points on average against the best."""
    for limit, name in THRESHOLDS:
        if loss < limit:
            return name
    return "blunder"


@dataclass(frozen=True)
class Candidate:
    """One move played out: its margins world by world (the first `worlds` of the
    analysis' worlds), and why it was tried."""

    action: Action
    margins: tuple[float, ...]
    sources: frozenset[Source]

    @property
    def worlds(self) -> int:
        """How many worlds it was played out in (fewer once pruned)."""
        return len(self.margins)

    @property
    def mean(self) -> float:
        """Its mean margin over those worlds."""
        return sum(self.margins) / len(self.margins) if self.margins else 0.0


@dataclass(frozen=True)
class Analysis:
    """The candidates of one position, best first."""

    view: PlayerView = field(compare=False, repr=False)
    candidates: tuple[Candidate, ...]
    budget: Budget
    seed: int
    draws: int = field(default=0, compare=False)  # worlds dealt, inference's redraws included
    capped: bool = field(default=False, compare=False)  # the safety cap stopped it

    @property
    def rollouts(self) -> int:
        """The playouts it took, over all candidates."""
        return sum(c.worlds for c in self.candidates)

    @property
    def best(self) -> Candidate:
        """The move judged best."""
        return self.candidates[0]

    def find(self, action: Action) -> Candidate | None:
        """The candidate of this move, None when it was not tried."""
        return next((c for c in self.candidates if c.action == action), None)

    def value(self, c: Candidate) -> float:
        """A move's mean margin on the best move's scale: the best's mean less what the
        move scored below it over the worlds both were played in (a move that left the
        race early is not judged by its few worlds' luck)."""
        return self.best.mean - paired_gap(self.best.margins, c.margins)[0]

    def loss(self, action: Action) -> tuple[float, float]:
        """What `action` scored below the best move on average over the worlds both
        were played in, and that difference's standard error (0, 0 for the best)."""
        c = self.find(action)
        if c is None:
            raise KeyError(f"{action} was not analysed")
        return paired_gap(self.best.margins, c.margins)


def paired_gap(better: Sequence[float], worse: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of `better - worse` world by world (common worlds only)."""
    d = [a - b for a, b in zip(better, worse, strict=False)]
    n = len(d)
    if n == 0:
        return 0.0, 0.0
    mean = sum(d) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, math.sqrt(var / n)


def ends_hand(view: PlayerView, action: Action) -> bool:
    """Whether the move ends the hand now: a melding that leaves at most the last
    discard, or the last card thrown."""
    if isinstance(action, Meld):
        return meld_ends_hand(view, action)
    return isinstance(action, Discard) and len(view.hand) == 1


def ways_out(view: PlayerView) -> list[Action]:
    """Every move the engine offers that ends the hand now, and asking the partner
    first when there is one."""
    out = [a for a in view.legal if ends_hand(view, a)]
    if out:  # asking first is a way out only where there is one to ask about
        out += [a for a in view.legal if isinstance(a, AskGoOut)]
    return out


def _card_key(c: Card) -> tuple[int, bool]:
    """A card as the rules read it: its rank, and for a 3 its colour (red or black)."""
    return (c.rank, c.is_red_three)


def suit_blind(action: Action) -> object:
    """The move with every card read by rank alone (a 3 keeps its colour): two moves with
    the same key reach positions that differ only in suits, which no rule reads, so over
    worlds dealt from the same view they are worth the same."""
    if isinstance(action, Discard):
        return ("discard", _card_key(action.card))
    if isinstance(action, Meld):
        return ("meld", tuple(sorted((tuple(sorted(map(_card_key, g))), action.target(i) or 0)
                                     for i, g in enumerate(action.groups))))
    if isinstance(action, TakePile):
        return ("take", tuple(sorted(map(_card_key, action.cards))),
                tuple(sorted(tuple(sorted(map(_card_key, g))) for g in action.melds)))
    return action


def candidate_moves(view: PlayerView, budget: Budget, own: Action | None = None,
                    asked: Iterable[Action] = (),
                    ranked: Sequence[tuple[float, Action]] | None = None
                    ) -> list[tuple[Action, set[Source]]]:
    """The moves worth playing out and why, the policy's choice (or `own`) first."""
    found: dict[Action, set[Source]] = {}
    keys: dict[object, Action] = {}  # each move by its key, the first of its twins

    def key(a: Action) -> object:
        return suit_blind(a) if budget.suit_blind else a

    def add(a: Action, why: Source) -> None:
        a = keys.setdefault(key(a), a)
        found.setdefault(a, set()).add(why)

    if own is not None:
        add(own, Source.OWN)
    if ranked is None:
        from .heuristic import HeuristicPlayer

        ranked = HeuristicPlayer("normal").ranked(view)
    if any(isinstance(a, AnswerGoOut) for _, a in ranked):
        for _, a in ranked:
            add(a, Source.POLICY)
        return list(found.items())
    for a in asked:
        add(a, Source.ASKED)
    top: dict[object, Action] = {}  # the policy's best `policy` moves, suit twins once
    for _, a in ranked:
        if len(top) == budget.policy:
            break
        top.setdefault(key(a), a)
    for a in top.values():
        add(a, Source.POLICY)
    for a in ways_out(view):
        add(a, Source.OUT)
    for a in view.legal:
        if isinstance(a, TakePile):
            add(a, Source.TAKE)
    return list(found.items())


class Worlds:
    """The sampled worlds of one analysis: seeds drawn from a seeded rng, implausible
    worlds mostly redrawn (inference.py), every candidate played out from the same one."""

    def __init__(self, rng: random.Random, tables: CountTables | None = None) -> None:
        self.rng = rng
        self.tables = tables  # this search's worlds' counts, on its thread (rules/memo.py)
        self.draws = 0

    def next(self, view: PlayerView, inference: Inference) -> tuple[int, Game]:
        """The next world and its seed, kept with the probability inference gives it
        (else redrawn, at most MAX_DRAWS times, then the likeliest drawn is kept)."""
        best: tuple[int, Game] | None = None
        best_w = -1.0
        for _ in range(MAX_DRAWS):
            seed = self.rng.getrandbits(64)
            self.draws += 1
            world = Game.resample(view, random.Random(seed), self.tables)
            if not inference.informative:
                return seed, world
            w = inference.weight(world)
            if self.rng.random() < w:
                return seed, world
            if w > best_w:
                best, best_w = (seed, world), w
        assert best is not None
        return best


def play_out(view: PlayerView, moves: Sequence[Action], worlds: int, rng: random.Random,
             protect: int = 0, cap: float = SAFETY_CAP, rollouts: int = 0,
             bonus: Sequence[float] = (), twins: bool = True, trail: float = 0.0,
             first: int = RACE_FIRST, depth: float = 1.0, thorough: bool = False
             ) -> tuple[list[list[float]], int, bool]:
    """The moves raced over the same worlds (see RACE_FIRST; the first race after `first`
    worlds): each move's margins, the worlds dealt, and whether the safety cap cut it
    short. The first `protect` moves are played in every world; `rollouts` (when not 0)
    bounds the playouts in all; `bonus`, points a move is credited with in the race
    (hard's own choice wins ties); `depth`, the rollouts' length against the usual; `thorough`, `normal` plays them through."""
    from .sampling import careful_players, playout

    careful = careful_players()
    inference = Inference.of(view)
    source = Worlds(rng, CountTables(units_for(view.rules)))
    start = time.perf_counter()
    margins: list[list[float]] = [[] for _ in moves]
    credit = [bonus[i] if i < len(bonus) else 0.0 for i in range(len(moves))]
    alive = list(range(len(moves)))
    spent = 0
    for done in range(worlds):
        if done and time.perf_counter() - start >= cap:
            return margins, source.draws, True
        if done and rollouts and spent + len(alive) > rollouts:
            break
        _seed, world = source.next(view, inference)
        for k, i in enumerate(alive):
            g = world if k == len(alive) - 1 else world.copy()
            g.apply(moves[i])  # a move legal in the view is legal in every world of it
            margins[i].append(playout(g, view.seat, careful, depth,
                                             thorough))
        spent += len(alive)
        played = done + 1
        if played >= first and (played - first) % RACE_STEP == 0:
            alive = race(alive, margins, protect, credit, twins, trail)
            if len(alive) == 1:
                break
    return margins, source.draws, False


def race(alive: list[int], margins: list[list[float]], protect: int,
         credit: Sequence[float], twins: bool = True, trail: float = 0.0) -> list[int]:
    """The moves still raced: the leader (best mean with its credit), the protected, and
    every other move neither clearly behind the leader nor a twin of one kept."""
    n = len(margins[alive[0]])
    leader = max(alive, key=lambda i: sum(margins[i]) + n * credit[i])
    keep: list[int] = []
    for i in alive:
        if i < protect or i == leader:
            keep.append(i)
            continue
        gap, se = paired_gap(margins[leader], margins[i])
        behind = gap + credit[leader] - credit[i] - RACE_Z * se > trail
        twin = twins and any(margins[j] == margins[i] and credit[j] == credit[i] for j in keep)
        if not behind and not twin:
            keep.append(i)
    return keep


def worlds_for(seed: int) -> random.Random:
    """The stream an analysis of this seed draws its worlds from."""
    return random.Random(seed ^ 0xA5A1)


def gap_again(view: PlayerView, better: Action, worse: Action, worlds: int,
              seed: int) -> tuple[float, float]:
    """`better`'s mean margin above `worse` over the first `worlds` worlds of the analysis
    of this seed, and its standard error, played again for the two moves alone: the world
    seeds do not depend on which moves are tried, so this is the gap the analysis itself
    measured."""
    margins, _draws, _capped = play_out(view, [better, worse], worlds, worlds_for(seed),
                                        protect=2, cap=math.inf)
    return paired_gap(margins[0], margins[1])


def analyse(view: PlayerView, budget: Budget = REVIEW, seed: int = 0,
            own: Action | None = None, asked: Iterable[Action] = (),
            rng: random.Random | None = None, cap: float = SAFETY_CAP,
            ranked: Sequence[tuple[float, Action]] | None = None,
            favoured: Action | None = None, prior: float = 0.0) -> Analysis:
    """The position judged: every candidate with its margins, best first. `own` is the
    player's move (played in every world); `asked`, further moves to try; `rng`, a
    caller's own stream of worlds (hard's, one per game) instead of one from `seed`;
    `ranked`, the fast policy's ranking when the caller has made it; `favoured`, a move
    the best must beat by `prior` points on average (hard's own choice)."""
    if not view.legal:
        raise ValueError("nothing to analyse: it is not this seat's turn")
    found = candidate_moves(view, budget, own, asked, ranked)
    moves = [a for a, _ in found]
    if len(moves) == 1:
        return Analysis(view, (Candidate(moves[0], (), frozenset(found[0][1])),), budget, seed)
    rng = rng if rng is not None else worlds_for(seed)
    credit = [prior if a == favoured else 0.0 for a in moves]
    margins, draws, capped = play_out(view, moves, budget.worlds, rng,
                                      protect=1 if own is not None else 0, cap=cap,
                                      rollouts=budget.rollouts, bonus=credit,
                                      twins=not budget.suit_blind, trail=budget.trail,
                                      first=budget.first, depth=budget.depth,
                                      thorough=budget.thorough)
    cands = [Candidate(a, tuple(m), frozenset(why))
             for (a, why), m in zip(found, margins, strict=True)]
    full = max(c.worlds for c in cands)
    # the best is the best mean among those played in every world; the ones dropped
    # from the race follow in the order of their loss against it
    finished = [(c, bonus) for c, bonus in zip(cands, credit, strict=True) if c.worlds == full]
    best = max(finished, key=lambda cb: cb[0].mean + cb[1])[0]
    if isinstance(best.action, AskGoOut):
        # asking commits the side to going out if partner says yes: it is the move only
        # while going out is, else it is playing on with a question in between
        # (a way out that left the race as asking's twin is compared over its worlds)
        staying = [c for c, _ in finished
                   if not ends_hand(view, c.action) and not isinstance(c.action, AskGoOut)]
        if staying:
            stay = max(staying, key=lambda c: c.mean)
            if not any(paired_gap(c.margins, stay.margins)[0] > 0
                       for c in cands if ends_hand(view, c.action)):
                best = stay
    rest = sorted((c for c in cands if c is not best),
                  key=lambda c: paired_gap(best.margins, c.margins)[0])
    return Analysis(view, (best, *rest), budget, seed, draws, capped)
