"""The heuristic computer player in three strengths: easy, normal and hard.

It decides from a `PlayerView` only. Every move it returns is one of `view.legal` (the
engine's canonical legal moves), so legality never depends on the heuristic being right;
the heuristic only orders and chooses. `hard` additionally samples the hidden cards and
plays the close decisions out (see `sampling.py`).
"""

from __future__ import annotations

import random

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
from .discarding import DiscardScore, score_discards
from .melding import cards_in, goes_out, meld_value, opening_penalty, safer_opening
from .memory import Memory
from .partner import answer, should_ask, want_go_out
from .style import LEVELS, Style
from .taking import draw_value, take_value


class HeuristicPlayer:
    """`HeuristicPlayer("normal", seed)`; levels "easy", "normal", "hard"."""

    def __init__(self, level: str = "normal", seed: int = 0, budget: float | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
        style = LEVELS[level]
        if budget is not None:
            style = Style(**{**style.__dict__, "budget": budget})
        self.style: Style = style
        self.name = level
        self.rng = random.Random(seed)
        self.seed = seed
        self._sampler = None

    # ------------------------------------------------------------------ protocol
    def choose(self, view: PlayerView) -> Action:
        if not isinstance(view, PlayerView):
            raise TypeError("a computer player decides from a PlayerView only")
        legal = view.legal
        if not legal:
            raise ValueError("choose() called for a seat that is not to act")
        if len(legal) == 1:
            return legal[0]
        options = self.ranked(view)
        best = options[0][1]
        if self.style.sampling:
            best = self._sample(view, options) or best
        return best

    def answer_go_out(self, view: PlayerView) -> bool:
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

    def _pick(self, scored: list[tuple[float, Action]]) -> list[tuple[float, Action]]:
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
                v = take_value(view, a)
                out.append((v, a))
            elif isinstance(a, Draw):
                out.append((draw_value(view), a))
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
        if out_moves:
            if want_go_out(view, style.careful_go_out):
                if ask is not None and style.careful_go_out and view.answer is None \
                        and should_ask(view):
                    return [(1000.0, ask)] + [(900.0, a) for a in out_moves]
                best = max(out_moves, key=lambda a: cards_in(a) if isinstance(a, Meld) else 0)
                return [(1000.0, best)] + [(0.0, a) for a in legal if a != best]
            if len(out_moves) == len(legal) or (len(hand) == 1):
                return [(0.0, a) for a in out_moves]
        staying = [m for m in melds if m not in out_moves]
        meld_scored: list[tuple[float, Action]] = []
        if not view.my_melds:
            # Not open yet: the engine offers one opening that just reaches the minimum.
            # Open at once: until then the pile is frozen for us.
            for m in staying:
                penalty = opening_penalty(view, m) if style.counting else 0.0
                if penalty > 0:
                    # open without the melds that would cost a penalty, or wait
                    alt = safer_opening(view)
                    if alt is not None:
                        meld_scored.append((500.0 + cards_in(alt), alt))
                    meld_scored.append((-penalty, m))
                else:
                    meld_scored.append((500.0 + cards_in(m), m))
        else:
            for m in staying:
                if style.hold_back or style.counting:
                    v = meld_value(view, m, mem, style.hold_back)
                else:
                    v = 5.0 + cards_in(m)  # easy: meld whatever it can, biggest first
                meld_scored.append((v, m))
        disc_scored = [(-sc.cost, Discard(sc.card))
                       for sc in self._discard_scores(view, mem, discards)]
        if len(hand) == 1 and meld_scored:
            disc_scored = []
        # Melds worth laying come before any discard (a discard ends the turn); the
        # others are held back and only listed last, for the hints to explain.
        play = self._pick([t for t in meld_scored if t[0] > 0])
        hold = sorted((t for t in meld_scored if t[0] <= 0), key=lambda t: -t[0])
        ranked = play + self._pick(disc_scored) + hold
        return ranked or [(0.0, a) for a in legal]

    def _discard_scores(self, view: PlayerView, mem: Memory | None,
                        discards: list[Discard]) -> list[DiscardScore]:
        if not discards:
            return []
        legal_codes = {d.card.code for d in discards}
        scores = score_discards(view, mem, counting=self.style.counting,
                                hold_back=self.style.hold_back)
        out = [s for s in scores if s.card.code in legal_codes]
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


def _factory(level: str):
    return lambda seed=0: HeuristicPlayer(level, seed)


register("easy", _factory("easy"))
register("normal", _factory("normal"))
register("hard", _factory("hard"))
register("heuristic", _factory("normal"))
