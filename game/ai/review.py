"""Hand review: a finished hand replayed move by move, each of the human's decisions
rated by the position's analysis (game/ai/analysis.py, the judgement the hint, the
coach and `hard` share), and the same deal played by `hard` in the human's seat.

Pure Python (no pygame): the review scene runs `review_hand` and `duplicate` on a worker
thread (`Job`) and only draws what they return.

A hand is kept as a `HandRecord`: its seed, dealer, the scores before it and every move.
That is enough to deal it again (the deal depends on the seed alone, see
game/rules/deal.py) and to replay it exactly; the game's state after the replay is
compared with the recorded result before a review trusts it.

Rating. Each decision of the human (a position with more than one legal move) is judged
from the human's information set only: the analysis deals the cards the human had not
seen afresh (`Game.resample` of the human's view) and plays the human's move, every way
out, every take and the fast policy's best moves out in the same worlds (common random
numbers) at the REVIEW budget. A move's cost is how many hand points (the margin of the
human's side over the best other side) it lost on average against the best of them.
"""

from __future__ import annotations

import logging
import math
import random
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from game.ai.analysis import LABELS as LABELS  # the review's words are the analysis'
from game.ai.analysis import (
    REVIEW,
    Analysis,
    Candidate,
    Source,
    analyse,
    label_for,
    paired_gap,
    play_out,
    worlds_for,
)
from game.ai.analysis import THRESHOLDS as THRESHOLDS
from game.rules import Game, Phase
from game.rules.actions import Action, NextHand, action_from_dict
from game.rules.errors import GameStateError, IllegalMove
from game.rules.ruleset import RuleSet

from .base import act

_log = logging.getLogger(__name__)

# -------------------------------------------------------------------------- budget
# The labels and their thresholds are the analysis' own (game/ai/analysis.py), shared
# with the coach. Worlds each candidate is played out in: the REVIEW budget's, chosen
# with benchmarks/review_time.py (a 40-move hand reviews in well under 10 s here).
WORLDS = REVIEW.worlds
# A duplicate hand's wall-clock cap is the count's business here: it is judged by its
# rollout count, never cut short by a busy machine (it only takes longer).
CAP = 120.0
# A duplicate hand that runs this long has gone wrong (a real hand is ~40-150 moves).
MAX_MOVES = 2000


# -------------------------------------------------------------------------- records
@dataclass(frozen=True)
class HandRecord:
    """One finished (or, while it is played, unfinished) hand: enough to deal it again
    and replay every move."""

    hand: int  # the hand's number in its game
    seed: int  # its shuffle (game/rules/deal.py)
    dealer: int
    scores: tuple[int, ...]  # the running totals before the hand
    moves: tuple[Action, ...]
    human: int

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON data (kept in a save for reviewing later)."""
        return {"hand": self.hand, "seed": self.seed, "dealer": self.dealer,
                "scores": list(self.scores), "human": self.human,
                "moves": [a.to_dict() for a in self.moves]}

    @classmethod
    def from_dict(cls, d: Any) -> HandRecord | None:
        """A record read back from a save; None when it is not one this game wrote (a
        damaged entry costs its review, never the game)."""
        try:
            moves = tuple(action_from_dict(m) for m in d["moves"])
            fields = (d["hand"], d["seed"], d["dealer"], d["human"], *d["scores"])
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in fields):
                return None
            return cls(d["hand"], d["seed"], d["dealer"], tuple(d["scores"]), moves, d["human"])
        except (KeyError, TypeError, ValueError, AttributeError):
            return None


def record_of(game: Game, moves: list[Action], human: int) -> HandRecord | None:
    """The record of `game`'s hand just finished, played with `moves`."""
    if game.hand_seed is None or game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        return None
    totals = {s.side: s.total for s in game.last_scores}
    before = tuple(s - totals.get(i, 0) for i, s in enumerate(game.scores))
    return HandRecord(game.hand_number, game.hand_seed, game.dealer, before, tuple(moves), human)


def start_of(rules: RuleSet, rec: HandRecord) -> Game:
    """The hand's first position, dealt again from its seed (as deal.replay_deal does)."""
    g = Game(rules, None)
    if not 0 <= rec.dealer < rules.players or len(rec.scores) != len(g.scores):
        raise ValueError("the record does not belong to this variant")
    g.dealer = rec.dealer
    g.hand_number = rec.hand - 1
    g.scores = list(rec.scores)
    g.history = g.deal_from(rec.seed)
    return g


def copy_of(g: Game) -> Game:
    """An independent copy of the game, through its JSON form."""
    return Game.from_dict(g.to_dict())


def replay(rules: RuleSet, rec: HandRecord) -> list[Game] | None:
    """The position before each move and the one after the last; None when the moves do
    not replay from the deal to the hand's end (a damaged or foreign record)."""
    try:
        g = start_of(rules, rec)
        out = [copy_of(g)]
        for a in rec.moves:
            if g.check(a) is not None:
                return None
            g.apply(a)
            out.append(copy_of(g))
    except (ValueError, KeyError, IndexError, IllegalMove, GameStateError):
        return None
    if g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        return None
    return out


def unit_of(rules: RuleSet, g: Game, seat: int) -> int:
    """The seat's index among the hand's score sides."""
    return g.side_of[seat] if rules.partnerships else seat


def hand_totals(g: Game) -> dict[int, int]:
    """Each side's score for the hand just scored."""
    return {s.side: s.total for s in g.last_scores}


# -------------------------------------------------------------------------- rating
@dataclass(frozen=True)
class Tried:
    """A move considered at a decision, with how it did in the sampled worlds."""
    action: Action
    mean: float  # the human side's average hand margin after it (analysis.value)


@dataclass(frozen=True)
class Rated:
    """One decision of the human's, judged."""

    index: int  # the move's index in the hand
    action: Action
    best: Action  # the move the search rates highest (== action when it was best)
    loss: float  # expected hand points lost against `best` (0 when it was best)
    label: str
    reason: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]  # sentences: key, params
    tried: tuple[Tried, ...] = ()
    worlds: int = 0


@dataclass
class Review:
    """A reviewed hand: its record, the position before each move, the rated decisions."""
    record: HandRecord
    positions: list[Game]
    decisions: list[Rated] = field(default_factory=list)

    def rated(self, index: int) -> Rated | None:
        """The rating of the move at `index`, if that move was a decision."""
        return next((d for d in self.decisions if d.index == index), None)

    @property
    def accuracy(self) -> float:
        """The share of decisions rated "best" or "good" (1.0 with none to rate)."""
        if not self.decisions:
            return 1.0
        return sum(d.label in ("best", "good") for d in self.decisions) / len(self.decisions)

    def costliest(self, n: int = 3) -> list[Rated]:
        """The `n` decisions that lost most, the costliest first (only those that lost)."""
        losing = [d for d in self.decisions if d.label not in ("best", "good")]
        return sorted(losing, key=lambda d: (-d.loss, d.index))[:n]

    def counts(self) -> dict[str, int]:
        """How many decisions got each label."""
        return {name: sum(d.label == name for d in self.decisions) for name in LABELS}


Progress = Callable[[float], None]


class Cancelled(Exception):
    """The job was stopped (the player left the review)."""


def decision_points(positions: list[Game], rec: HandRecord) -> list[int]:
    """The indices of the moves that were the human's choice (more than one legal move)."""
    out = []
    for i, a in enumerate(rec.moves):
        g = positions[i]
        if g.to_play == rec.human and not isinstance(a, NextHand) and len(g.legal_actions()) > 1:
            out.append(i)
    return out


Sentences = tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]


def reason_for(judged: Analysis, chosen: Action, label: str) -> Sentences:
    """Why: for a move rated below "good", the coach's warning (the review's label, what
    it lost against the better move and why); otherwise why the move played beats the
    best other one. Said from the analysis itself, so it never contradicts the rating."""
    return reason_and_facts(judged, chosen, label)[0]


def reason_and_facts(judged: Analysis, chosen: Action,
                     label: str) -> tuple[Sentences, tuple[object, ...]]:
    """`reason_for`'s sentences with every fact they state (game/ai/fact_check.py checks
    them against the real game)."""
    from game.ai.hints import coach, contrast

    try:
        if label not in ("best", "good"):
            warning = coach(judged.view, chosen, judged)
            if warning is not None:
                return warning.sentences, warning.facts
        why, facts = contrast(judged, chosen)
        return tuple((x.key, x.params) for x in why), tuple(facts)
    except Exception:  # noqa: BLE001 - the reason is an extra: the rating stands without it
        _log.exception("no reason found for a review rating")
        return (), ()


def _judged(view, chosen: Action, worlds: int, seed: int) -> tuple[Analysis, Analysis, float]:
    """The review's analysis of the decision at `view` (`worlds` worlds a candidate), the
    analysis `chosen` is measured by (when another move is judged best, the two played
    again on worlds of their own: `measured`) and the gap between them."""
    first = analyse(view, replace(REVIEW, worlds=worlds), seed, own=chosen)
    judged = first
    if first.best.action != chosen:
        judged = measured(view, first.best.action, chosen, worlds, seed)
    return first, judged, judged.loss(chosen)[0]


def rating(view, chosen: Action, worlds: int = WORLDS,
           seed: int = 0) -> tuple[Analysis, float, str]:
    """The analysis `chosen` is measured by, what it lost against the best move (0 at
    best) and the label for that loss: what `rate` says, without the reason."""
    _first, judged, gap = _judged(view, chosen, worlds, seed)
    loss = max(0.0, gap)
    return judged, loss, label_for(loss)


def rate(view, chosen: Action, index: int, worlds: int = WORLDS, seed: int = 0) -> Rated:
    """The decision at `view` (the human's own view) judged by the analysis with
    `worlds` worlds a candidate, and, when another move is judged best, measured against
    that move on worlds of their own (`measured`)."""
    first, judged, gap = _judged(view, chosen, worlds, seed)
    loss = max(0.0, gap)
    label = label_for(loss)
    # a move within the noise of the best is the best: its own explanation, not another's
    best = chosen if label == "best" else judged.best.action
    mine = judged.find(chosen)
    # every move tried, on the analysis' scale; the player's by the gap measured
    tried = tuple(Tried(c.action, first.best.mean - gap if c.action == chosen
                        else first.value(c)) for c in first.candidates)
    return Rated(index, chosen, best, loss, label, reason_for(judged, chosen, label),
                 tried, mine.worlds if mine is not None else 0)


# The second look. The analysis picks the best of its candidates by their means over its
# worlds, and the move picked is the one whose worlds flattered it most: its lead over
# the player's move, read from those same worlds, overstates the loss (a move 5 points
# behind was rated 40 behind, a "good" move an "inaccuracy"). So the picked move and the
# player's are played again in worlds of their own (the stream of seed + EVAL_STREAM),
# and that unbiased gap is the loss. While the loss lies within DOUBT_Z standard errors
# of a label's threshold, both moves play MORE_WORLDS more (the same stream, common
# worlds), up to DEPTH times the analysis' worlds, so the label settles rather than
# flips with the seed.
EVAL_STREAM = 1 << 32
DOUBT_Z = 2.0
DEPTH = 3


def in_doubt(loss: float, se: float) -> bool:
    """Whether a loss of `loss` ± `se` points is near enough a label's threshold for
    the label to flip with the worlds."""
    return any(abs(loss - limit) < DOUBT_Z * se for limit, _name in THRESHOLDS[:2])


def measured(view, best: Action, chosen: Action, worlds: int, seed: int) -> Analysis:
    """`best` and `chosen` played on worlds of their own: `worlds` of them, more while
    the gap's label is in doubt (see EVAL_STREAM). An analysis of the two moves, `best`
    first, whose seed replays those worlds (analysis.gap_again)."""
    rng = worlds_for(seed + EVAL_STREAM)
    step = max(1, worlds // 2)
    played: list[list[float]] = [[], []]
    draws = 0
    want = worlds
    while True:
        more, drawn, _capped = play_out(view, [best, chosen], want - len(played[0]), rng,
                                        protect=2, cap=math.inf)
        draws += drawn
        for row, extra in zip(played, more, strict=True):
            row.extend(extra)
        gap, se = paired_gap(played[0], played[1])
        want = len(played[0]) + step
        if want > DEPTH * worlds or not in_doubt(gap, se):
            break
    budget = replace(REVIEW, worlds=len(played[0]))
    cands = (Candidate(best, tuple(played[0]), frozenset()),
             Candidate(chosen, tuple(played[1]), frozenset({Source.OWN})))
    return Analysis(view, cands, budget, seed + EVAL_STREAM, draws)


def review_hand(rules: RuleSet, rec: HandRecord, worlds: int = WORLDS, seed: int = 0,
                progress: Progress | None = None,
                cancelled: Callable[[], bool] | None = None) -> Review | None:
    """Rate every decision of the human's in the hand; None when it does not replay."""
    positions = replay(rules, rec)
    if positions is None:
        return None
    out = Review(rec, positions)
    points = decision_points(positions, rec)
    for k, i in enumerate(points):
        if cancelled is not None and cancelled():
            raise Cancelled
        view = positions[i].view(rec.human)
        out.decisions.append(rate(view, rec.moves[i], i, worlds, seed * 1000 + i))
        if progress is not None:
            progress((k + 1) / len(points))
    if progress is not None:
        progress(1.0)
    return out


# -------------------------------------------------------------------------- duplicate
@dataclass(frozen=True)
class Duplicate:
    """The same deal played from the human's seat by the human, and by `hard` RUNS times
    (the other seats by the game's own computer players, each run with other seeds, so
    the runs differ where the players' choices do): the first run in full, and every
    run's margin for the spread."""

    unit: int  # the human's score side
    yours: dict[int, int]  # each side's hand total, as the human played it
    hards: dict[int, int]  # the same with `hard` in the human's seat, its first run
    moves: int  # how many moves hard's first run took
    runs: tuple[int, ...] = ()  # hard's margin in every run, the first included
    hard_moves: tuple[Action, ...] = ()  # the first run's moves of the human's seat

    @staticmethod
    def margin(totals: dict[int, int], unit: int) -> int:
        """`unit`'s hand score less the best other side's."""
        others = [t for s, t in totals.items() if s != unit]
        return totals.get(unit, 0) - (max(others) if others else 0)

    @property
    def your_margin(self) -> int:
        """The margin the human's side made in the hand as played."""
        return self.margin(self.yours, self.unit)

    @property
    def hard_margin(self) -> int:
        """The margin `hard` made in the human's seat on the same deal."""
        return self.margin(self.hards, self.unit)

    @property
    def mean(self) -> float:
        """hard's average margin over its runs."""
        return statistics.fmean(self.runs) if self.runs else float(self.hard_margin)

    @property
    def spread(self) -> float:
        """The standard deviation of hard's margin over its runs (0 with one run)."""
        return statistics.stdev(self.runs) if len(self.runs) > 1 else 0.0


# How many times `hard` plays the deal in the human's seat: a mean and a spread, not one
# playout (the opponents' choices alone move a hand's margin by hundreds of points).
RUNS = 5


def duplicate(rules: RuleSet, rec: HandRecord, level: str, seed: int,
              progress: Progress | None = None,
              cancelled: Callable[[], bool] | None = None, runs: int | None = None
              ) -> Duplicate | None:
    """Deal the hand again and let `hard` play the human's seat `runs` times; the other
    seats are the game's own computer players (`level`, seeded as at the table in the
    first run, afresh in the others). None when the record does not replay."""
    runs = RUNS if runs is None else runs
    positions = replay(rules, rec)
    if positions is None:
        return None
    mine = positions[-1]
    unit = unit_of(rules, mine, rec.human)
    margins: list[int] = []
    first: tuple[Game, list[Action], int] | None = None
    for k in range(runs):
        def step(fraction: float, k: int = k) -> None:
            if progress is not None:
                progress(min(0.99, (k + fraction) / runs))

        played = _play_seat(rules, copy_of(positions[0]), rec, level, seed + 7919 * k,
                            step, cancelled)
        if played is None:
            return None
        margins.append(Duplicate.margin(hand_totals(played[0]), unit))
        if first is None:
            first = played
    if first is None:
        return None
    if progress is not None:
        progress(1.0)
    g, seat_moves, moves = first
    return Duplicate(unit, hand_totals(mine), hand_totals(g), moves, tuple(margins),
                     tuple(seat_moves))


def _play_seat(rules: RuleSet, g: Game, rec: HandRecord, level: str, seed: int,
               progress: Progress, cancelled: Callable[[], bool] | None
               ) -> tuple[Game, list[Action], int] | None:
    """One playout of the deal from its start, `hard` in the human's seat; the game at
    its end, the human seat's moves and every seat's count, or None when it does not
    end."""
    from game.ai import make_player
    from game.ai.heuristic import HeuristicPlayer

    # hard's search bounded by its rollout count alone (CAP): the same hand gives the
    # same duplicate on a busy machine as on an idle one
    players = {s: make_player(level, seed + s) if s != rec.human
               else HeuristicPlayer("hard", seed + s, budget=CAP)
               for s in range(rules.players)}
    expected = max(1, len(rec.moves))
    moves = 0
    seat_moves: list[Action] = []
    while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) and moves < MAX_MOVES:
        if cancelled is not None and cancelled():
            raise Cancelled
        s = g.to_play
        v = g.view(s)
        a: Action = act(players[s], v)
        if s == rec.human:
            seat_moves.append(a)
        g.apply(a)
        moves += 1
        progress(min(0.95, moves / expected))
    if g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        return None
    return g, seat_moves, moves


# -------------------------------------------------------------------------- worker
class Job:
    """A computation on a daemon thread: `progress` (0..1) and `result` are read by the
    UI thread each frame; `cancel()` stops it at the next decision or move."""

    def __init__(self, work: Callable[[Progress, Callable[[], bool]], Any],
                 on_progress: Callable[[], None] | None = None) -> None:
        self.progress = 0.0
        self.result: Any = None
        self.error: BaseException | None = None
        self.started = time.perf_counter()
        self.elapsed = 0.0
        self._stop = threading.Event()
        self._done = threading.Event()
        self._wake = on_progress
        self._work = work
        threading.Thread(target=self._run, name="canasta-review", daemon=True).start()

    def _step(self, fraction: float) -> None:
        self.progress = fraction
        if self._wake is not None:
            self._wake()

    def _run(self) -> None:
        try:
            self.result = self._work(self._step, self._stop.is_set)
        except Cancelled:
            pass
        except BaseException as exc:  # noqa: BLE001 - shown by the UI thread
            self.error = exc
        finally:
            self.elapsed = time.perf_counter() - self.started
            self._done.set()
            if self._wake is not None:
                self._wake()

    def done(self) -> bool:
        """Whether the work has ended (finished, failed or cancelled)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the work ends or `timeout` seconds pass; whether it ended."""
        return self._done.wait(timeout)

    def cancel(self) -> None:
        """Ask the work to stop at its next decision or move."""
        self._stop.set()


def seeded(seed: int) -> int:
    """A review's seed from the game's: the same hand always reviews the same way."""
    return random.Random(seed ^ 0x4E71E5).getrandbits(31)
