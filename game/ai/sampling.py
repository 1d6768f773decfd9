"""Determinized search for the `hard` level.

For a close decision, the engine deals the cards the viewer has not seen afresh, many
times (`Game.resample`: each world shows the viewer exactly its own view). Worlds the
play so far makes unlikely are mostly redrawn (inference.py: a seat that let a pile of
9s lie seldom holds a pair of 9s). In each kept world every candidate move is played out
and the move with the best mean result is kept. All candidates are tried on the same
worlds (common random numbers: one seed per world, the same world rebuilt from it for
every candidate, and deterministic rollout players), so the comparison is far less noisy
than the rollouts themselves; a candidate that is clearly behind after a first batch of
worlds is dropped, which spends the rollouts on the close ones.

A rollout plays the deciding seat's next few moves of its turn and every other seat's
next draw-or-take decision with `normal` (these replies are what a candidate is judged
by), then goes on with the fast policy of rollout.py and scores the position statically
when it is cut off (rollout.py).

The budget is counted in worlds and rollouts, not seconds, so a busy machine changes how
long `hard` thinks, not what it plays: given its seed it always decides the same. A
wall-clock cap only guards the wait on a machine far slower than the one the count was
chosen on.

Only sampled worlds are ever built: the real hidden hands are never seen here.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from game.rules.actions import Action, AnswerGoOut, Discard, Draw, Meld, PassPile, TakePile
from game.rules.engine import Game, Phase
from game.rules.view import PlayerView

from .analysis import HARD, analyse
from .evaluate import canastas
from .melding import cards_in, goes_out
from .rollout import fast_move, final_margin, static_margin

# Decisions whose alternatives the heuristic scores this close are sampled; clearer ones
# are left to the heuristic, which keeps `hard` fast on most moves.
CLOSE_DISCARD = 16.0
CLOSE_TAKE = 40.0
# The heuristic's own choice wins ties: a sampled alternative must beat it by this much
# on average (in hand points) before it is preferred, so noise alone never flips it.
PRIOR = 20.0
# Close discards played out beside the heuristic's own (besides the freeze and the wild
# lay-off below, which are tried whenever they are legal and may matter).
MAX_DISCARDS = 3
# A meld the heuristic scores at most this much (short of a canasta's worth) is played
# out against holding its cards back.
CLOSE_MELD = 40.0
# A wild card thrown to freeze the pile is tried once the visible pile is this big.
FREEZE_PILE = 5
# A wild lay-off is tried onto a meld this long or longer (one toward a canasta).
LAYOFF_MELD = 4
# Before its side's first canasta, a meld that leaves this few cards in hand is tried
# against holding the cards back (discarding instead): a short hand cannot take the pile.
HOLD_HAND = 4
# A rollout is scored statically after this many moves (per number of players), for
# hands dealt HAND_CARDS cards; longer deals (italian's 15 cards drawn two at a time) get
# proportionally more, since their hands take that much longer to play out.
ROLLOUT_MOVES = {2: 16, 3: 18, 4: 20}
HAND_CARDS = 11
# `normal` makes at most this many of the deciding seat's own moves after the candidate;
# the fast policy finishes a longer turn (a big pile taken into a hand of 40 cards
# costs `normal` a second to meld out, and a rollout no more than a plausible turn).
OWN_CAREFUL = 4


@dataclass
class SampleResult:
    """One candidate move's result: its mean outcome over the sampled worlds."""

    action: Action
    mean: float
    worlds: int


@dataclass(frozen=True)
class Decision:
    """What one sampled decision cost: for the latency benchmark."""

    worlds: int  # worlds kept and played out
    rollouts: int  # playouts over all candidates
    capped: bool  # the wall-clock cap stopped it before its world count
    candidates: int = 0
    draws: int = 0  # worlds dealt, the ones inference redrew included


class Sampler:
    """`hard`'s search (its budget is analysis.HARD); `cap`: seconds of wall time after
    which no further world is started."""

    def __init__(self, seed: int, cap: float) -> None:
        self.rng = random.Random(seed ^ 0x5A17)
        self.cap = cap
        self._careful: list | None = None
        self.last: list[SampleResult] = []
        # the figures of the latest decisions, for benchmarks and tests; bounded, since a
        # player lives as long as the game (days of play in one process)
        self.decisions: deque[Decision] = deque(maxlen=4096)

    # ------------------------------------------------------------------ candidates
    def candidates(self, view: PlayerView, options: list[tuple[float, Action]]) -> list[Action]:
        """The alternatives worth playing out, the heuristic's choice first."""
        if not options:
            return []
        best_score, best = options[0]
        if isinstance(best, AnswerGoOut):
            return [best, AnswerGoOut(not best.yes)]
        if isinstance(best, (Draw, TakePile, PassPile)):
            # taking against not taking: two ways of taking the same pile differ far
            # less, and a rollout after a take into a long hand is the dearest of all
            alts: list[Action] = [a for s, a in options[1:] if isinstance(a, (Draw, TakePile, PassPile))
                    and isinstance(a, TakePile) != isinstance(best, TakePile)
                    and abs(best_score - s) <= CLOSE_TAKE]
            return [best] + alts[:1]
        if isinstance(best, Meld) and goes_out(view, best):
            # going out now, against the best way of staying in
            stay = next((a for s, a in options[1:] if isinstance(a, Discard)
                         or (isinstance(a, Meld) and not goes_out(view, a))), None)
            return [best] + ([stay] if stay is not None and len(view.hand) > 1 else [])
        if isinstance(best, Meld):
            return [best] + (_hold_back(view, best, options)
                             or _hold_all(view, best_score, options))
        if isinstance(best, Discard):
            if len(view.hand) == 1:
                return [best]
            alts = [a for s, a in options[1:] if isinstance(a, Discard)
                    and not a.card.is_wild and best_score - s <= CLOSE_DISCARD]
            out: list[Action] = [best] + alts[:MAX_DISCARDS - 1]
            out += [a for a in (_freeze(view, options), _wild_layoff(view, options))
                    if a is not None and a not in out]
            return out
        return [best]

    def decide(self, view: PlayerView, options: list[tuple[float, Action]]) -> Action | None:
        """The best of the close candidates, every way out and every take by the
        analysis at the HARD budget (analysis.py), or None when there is nothing to
        choose between. The heuristic's own choice wins unless a move beats it by PRIOR
        on the same worlds, so noise alone never flips it."""
        cands = self.candidates(view, options)
        self.last = []
        if len(cands) < 2:
            return None
        judged = analyse(view, HARD, asked=cands, rng=self.rng, cap=self.cap, ranked=options,
                         favoured=cands[0], prior=PRIOR)
        self.last = [SampleResult(c.action, judged.value(c), c.worlds)
                     for c in judged.candidates]
        self.decisions.append(Decision(max(c.worlds for c in judged.candidates),
                                       judged.rollouts, judged.capped,
                                       len(judged.candidates), judged.draws))
        return judged.best.action

    # ------------------------------------------------------------------ rollouts
    def _careful_players(self) -> list:
        if self._careful is None:
            self._careful = careful_players()
        return self._careful

    def playout(self, g: Game, seat: int) -> float:
        """A rollout of `g` for `seat` with this search's `normal` players (`playout`)."""
        return playout(g, seat, self._careful_players())


def careful_players() -> list:
    """`normal` players for the replies a candidate is judged by."""
    from .heuristic import HeuristicPlayer

    return [HeuristicPlayer("normal", seed=s) for s in range(4)]


def playout(g: Game, seat: int, careful: list, depth: float = 1.0,
            thorough: bool = False) -> float:
    """Play on to the end of the hand or ROLLOUT_MOVES: `careful` (`normal`) players make
    the deciding seat's next moves of this turn (OWN_CAREFUL) and every other seat's next
    draw-or-take decision, the fast policy does the rest. The margin for the viewer's
    side in points; `depth` scales ROLLOUT_MOVES; `thorough`:
    `careful` makes every move."""
    players = g.rules.players
    cap = int(depth * ROLLOUT_MOVES[players] * max(g.rules.hand_size, HAND_CARDS) // HAND_CARDS)
    replies = players - 1  # the other seats' draw decisions still to make carefully
    own = OWN_CAREFUL  # the deciding seat's own moves still to make carefully
    own_turn = g.to_play == seat
    moves = 0
    while moves < cap and g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        s = g.to_play
        own_turn = own_turn and s == seat
        drawing = g.phase in (Phase.DRAW, Phase.OPEN, Phase.STOCK_END)
        if thorough or (own_turn and own > 0 and g.phase is not Phase.ASK_PARTNER) or (
                s != seat and drawing and replies > 0):
            if s != seat and drawing and g.phase is not Phase.OPEN:
                replies -= 1
            if s == seat:
                own -= 1
            a = careful[s].choose(g.view(s))
        else:
            a = fast_move(g)
        g.apply(a)
        moves += 1
    final = final_margin(g, seat)
    return final if final is not None else static_margin(g, g.side_of[seat])


def _hold_back(view: PlayerView, best: Meld, options: list[tuple[float, Action]]
               ) -> list[Action]:
    """Discarding instead of a meld that melts the hand down before the first canasta."""
    if not view.my_melds or canastas(view.my_melds) > 0:
        return []
    if len(view.hand) - cards_in(best) > HOLD_HAND:
        return []
    hold = next((a for _, a in options[1:] if isinstance(a, Discard) and not a.card.is_wild),
                None)
    return [hold] if hold is not None else []


def _hold_all(view: PlayerView, best_score: float, options: list[tuple[float, Action]]
              ) -> list[Action]:
    """Holding every card back (the turn's discard now) beside a meld the heuristic rates
    only a little above keeping its cards. Long hands (italian) meld most turns, and
    which pairs stay in the hand to take the next pile with decides many of their
    hands."""
    if best_score > CLOSE_MELD or len(view.hand) <= HOLD_HAND:
        return []
    hold = next((a for _, a in options[1:] if isinstance(a, Discard) and not a.card.is_wild),
                None)
    return [hold] if hold is not None else []


def _freeze(view: PlayerView, options: list[tuple[float, Action]]) -> Action | None:
    """A wild card thrown to freeze a pile worth denying."""
    if view.pile_frozen or len(view.pile) < FREEZE_PILE:
        return None
    return next((a for _, a in options if isinstance(a, Discard) and a.card.is_wild), None)


def _wild_layoff(view: PlayerView, options: list[tuple[float, Action]]) -> Action | None:
    """Wild cards laid onto one of our melds toward a canasta."""
    mine = view.my_melds
    for _, a in options:
        if isinstance(a, Meld) and len(a.groups) == 1 and a.onto and a.onto[0] is not None \
                and all(c.is_wild for c in a.groups[0]):
            m = mine.get(a.onto[0])
            if m is not None and LAYOFF_MELD <= m.size < 7:
                return a
    return None


def is_legal(view: PlayerView, action: Action) -> bool:
    """Whether the engine accepts `action` in the viewer's position, judged on a world
    resampled from the view (legality depends only on what the view shows)."""
    return Game.resample(view, random.Random(0)).check(action) is None
