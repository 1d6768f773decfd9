"""The heuristic computer player in three strengths: easy, normal and hard.

It decides from a `PlayerView` only. Every move it returns is one of `view.legal` (the
engine's canonical legal moves), so legality never depends on the heuristic being right;
the heuristic only orders and chooses. `hard` additionally samples the hidden cards and
plays the close decisions out (see `sampling.py`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.rules.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Meld,
    NextHand,
    PassPile,
    TakePile,
)
from game.rules.view import PlayerView

from .base import register
from .discarding import DiscardScore, DiscardScorer
from .melding import (
    MeldTurn,
    cards_in,
    goes_out,
    meld_value,
    move_penalty,
    opening_penalty,
    opening_value,
    safer_opening,
)
from .memory import Memory
from .partner import answer, should_ask, want_go_out
from .style import LEVELS, Style
from .taking import draw_value, take_value
from .weights import SHIPPED, Weights

if TYPE_CHECKING:
    from .sampling import Sampler  # imported on first use: only the hard level needs it


class HeuristicPlayer:
    """`HeuristicPlayer("normal", seed)`; levels "easy", "normal", "hard". `weights`: the
    evaluation its moves are ranked in (the shipped one unless a tuner tries another)."""

    def __init__(self, level: str = "normal", seed: int = 0, budget: float | None = None,
                 weights: Weights = SHIPPED) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
        style = LEVELS[level]
        if budget is not None:
            style = Style(**{**style.__dict__, "budget": budget})
        self.style: Style = style
        self.weights = weights
        self.name = level
        self.rng = random.Random(seed)
        self.seed = seed
        self._sampler: Sampler | None = None  # made on the first hard decision
        # partner said "no" to going out earlier in this hand (a new hand refills the
        # stock, which resets it): the reason, a group in partner's hand the rules punish,
        # may still be there when we can go out again without asking
        self._refused = False
        self._stock_seen = -1

    # ------------------------------------------------------------------ protocol
    def choose(self, view: PlayerView) -> Action:
        """The move this level plays: its best-ranked move, sampled among close ones at `hard`."""
        if not isinstance(view, PlayerView):
            raise TypeError("a computer player decides from a PlayerView only")
        legal = view.legal
        if not legal:
            raise ValueError("choose() called for a seat that is not to act")
        if view.stock_size > self._stock_seen:
            self._refused = False  # a new hand
        self._stock_seen = view.stock_size
        if view.answer is False:
            self._refused = True
        if len(legal) == 1:
            return legal[0]
        options = self.ranked(view)
        best = options[0][1]
        if self.style.sampling:
            best = self._sample(view, options) or best
        return best

    def answer_go_out(self, view: PlayerView) -> bool:
        """Whether to let the partner go out, by the partnership's position (sampled at `hard`)."""
        if not isinstance(view, PlayerView):
            raise TypeError("a computer player decides from a PlayerView only")
        yes = answer(view, self.style.careful_go_out)
        if self.style.sampling and view.legal:
            picked = self._sample(view, [(1.0, AnswerGoOut(yes)), (0.0, AnswerGoOut(not yes))])
            if isinstance(picked, AnswerGoOut):
                return picked.yes
        return yes

    # ------------------------------------------------------------------ ranking
    def ranked(self, view: PlayerView) -> list[tuple[float, Action]]:
        """The legal moves this player would consider, best first, with a rough score.

        Only the first entry is sure to be what `normal` plays; the rest are the
        alternatives `hard` samples and `hints` explains against."""
        legal = view.legal
        kinds = {type(a) for a in legal}
        if AnswerGoOut in kinds:
            yes = answer(view, self.style.careful_go_out)
            return [(1.0, AnswerGoOut(yes)), (0.0, AnswerGoOut(not yes))]
        if NextHand in kinds:
            return [(0.0, next(a for a in legal if isinstance(a, NextHand)))]
        if kinds & {Draw, TakePile, PassPile} and not kinds & {Discard}:
            return self._rank_draw(view)
        if kinds & {Meld, Discard, AskGoOut}:
            return self._rank_turn(view)
        return [(0.0, a) for a in legal]  # a phase this player does not know: in order

    def _pick(self, scored: Sequence[tuple[float, Action]]) -> list[tuple[float, Action]]:
        """Sort best first; a noisy level shuffles the near-best to the front."""
        scored = sorted(scored, key=lambda t: -t[0])
        noise = self.style.noise
        if noise > 0 and len(scored) > 1:
            top = scored[0][0]
            near = [t for t in scored if t[0] >= top - noise]
            choice = self.rng.choice(near)
            scored.remove(choice)
            scored.insert(0, choice)
        return scored

    def _rank_draw(self, view: PlayerView) -> list[tuple[float, Action]]:
        legal = view.legal
        out: list[tuple[float, Action]] = []
        ending = view.stock_size == 0
        for a in legal:
            if isinstance(a, TakePile):
                v = take_value(view, a, self.weights)
                out.append((v, a))
            elif isinstance(a, Draw):
                out.append((draw_value(view, self.weights), a))
            elif isinstance(a, PassPile):
                out.append((0.0, a))
            elif isinstance(a, Meld):
                # opening from the hand before drawing (italian): always worth it
                out.append((1000.0 + cards_in(a), a))
            else:
                out.append((-1.0, a))
        if ending and not any(isinstance(a, PassPile) for a in legal):
            return sorted(out, key=lambda t: -t[0])  # a forced take: the best of them
        return self._pick(out)

    def _rank_turn(self, view: PlayerView) -> list[tuple[float, Action]]:
        style = self.style
        legal = view.legal
        melds = [a for a in legal if isinstance(a, Meld)]
        discards = [a for a in legal if isinstance(a, Discard)]
        ask = next((a for a in legal if isinstance(a, AskGoOut)), None)
        hand = view.hand
        out_moves: list[Action] = [m for m in melds if goes_out(view, m)]
        if len(hand) == 1:
            out_moves += discards
        mem = Memory(view) if style.counting else None
        scorer = DiscardScorer(view, mem, style.counting, style.hold_back, self.weights)
        if out_moves:
            # the way out that leaves the fewest short-meld penalties, then melds most
            def out_key(a: Action) -> tuple[float, int]:
                if isinstance(a, Meld):
                    return (-move_penalty(view, a), cards_in(a))
                return (0.0, 0)
            out_moves.sort(key=out_key, reverse=True)
            cost = -out_key(out_moves[0])[0] if style.counting else 0.0
            if self._refused and style.counting:
                cost += view.rules.held_group_penalty
            if want_go_out(view, style.careful_go_out, cost, self.weights):
                if ask is not None and style.careful_go_out and view.answer is None \
                        and should_ask(view):
                    return [(1000.0, ask)] + [(900.0, a) for a in out_moves]
                best = out_moves[0]
                return [(1000.0, best)] + [(0.0, a) for a in legal if a != best]
            if len(out_moves) == len(legal) or (len(hand) == 1):
                return [(0.0, a) for a in out_moves]
        staying = [m for m in melds if m not in out_moves]
        meld_scored: list[tuple[float, Action]] = []
        if not view.my_melds:
            # Not open yet: the engine offers every single group and every minimal opening
            # of several melds. Open at once: until then the pile is frozen for us.
            for m in staying:
                penalty = opening_penalty(view, m) if style.counting else 0.0
                if penalty > 0:
                    # open without the melds that would cost a penalty, or wait
                    alt = safer_opening(view)
                    if alt is not None:
                        meld_scored.append((500.0 + cards_in(alt), alt))
                    meld_scored.append((-penalty, m))
                elif style.counting:
                    # fewest wild cards first, 2s before jokers; one that ties wild
                    # cards to short melds early waits
                    worth = opening_value(view, m, self.weights)
                    meld_scored.append((500.0 + worth if worth > 0 else worth, m))
                else:
                    meld_scored.append((500.0 + cards_in(m), m))
        else:
            now = _cheapest(view, scorer.own) if style.counting else None
            turn = MeldTurn.of(view)
            for m in staying:
                if style.hold_back or style.counting:
                    v = meld_value(view, m, mem, style.hold_back, self.weights, turn)
                    if now is not None and v > 0:
                        # the turn ends with a discard: a meld that takes the safe
                        # discard out of the hand costs what the next-best one gives away
                        # (a lay-off onto the opponents' meld of a big unfrozen pile)
                        after = _cheapest(view, scorer.scores(_without(view.hand, m)))
                        if after is not None:
                            v -= max(0.0, after.danger - now.danger)
                else:
                    v = 5.0 + cards_in(m)  # easy: meld whatever it can, biggest first
                meld_scored.append((v, m))
        disc_scored = [(-sc.cost, Discard(sc.card))
                       for sc in self._discard_scores(scorer, discards)]
        if len(hand) == 1 and meld_scored:
            disc_scored = []
        # Melds worth laying come before any discard (a discard ends the turn); the
        # others are held back and only listed last, for the hints to explain.
        play = self._pick([t for t in meld_scored if t[0] > 0])
        hold = sorted((t for t in meld_scored if t[0] <= 0), key=lambda t: -t[0])
        ranked = play + self._pick(disc_scored) + hold
        return ranked or [(0.0, a) for a in legal]

    def _discard_scores(self, scorer: DiscardScorer,
                        discards: list[Discard]) -> list[DiscardScore]:
        if not discards:
            return []
        legal_codes = {d.card.code for d in discards}
        out = [s for s in scorer.own if s.card.code in legal_codes]
        if not self.style.defend:
            # without defence a wild card is never thrown to freeze the pile
            out = [s for s in out if not s.card.is_wild] or out
        return out

    # ------------------------------------------------------------------ hard
    def _sample(self, view: PlayerView, options: list[tuple[float, Action]]) -> Action | None:
        from .sampling import Sampler

        if self._sampler is None:
            self._sampler = Sampler(self.seed, self.style.budget)
        return self._sampler.decide(view, options)


def _cheapest(view: PlayerView, scores: list[DiscardScore]) -> DiscardScore | None:
    """The discard a hand with these scores would end the turn with (None: no card)."""
    if view.rules.wild_discard_only_going_out:
        scores = [sc for sc in scores if not sc.card.is_wild] or scores
    return min(scores, key=lambda sc: sc.cost, default=None)


def _without(hand, action: Meld) -> list:
    left = list(hand)
    for g in action.groups:
        for c in g:
            left.remove(c)
    return left


def _factory(level: str):
    return lambda seed=0: HeuristicPlayer(level, seed)


register("easy", _factory("easy"))
register("normal", _factory("normal"))
register("hard", _factory("hard"))
register("heuristic", _factory("normal"))
