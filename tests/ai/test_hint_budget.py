"""The hint's analysis (analysis.HINT): suit twins played once, and no move stopped for
scoring like the leader in the first few worlds (benchmarks/hint_agreement.py found both
among the hints the review rated a mistake); the review's race (analysis.REVIEW) plays
every move in a quarter of its worlds before it stops one (hint_agreement.py --ceiling
found the review disagreeing with itself there)."""

from __future__ import annotations

import game.ai  # noqa: F401 - registers the players
from game.ai.analysis import HINT, RACE_FIRST, REVIEW, analyse, suit_blind
from game.ai.fact_check import normal_positions
from game.rules import Discard, Draw, NextHand, TakePile
from game.rules.view import PlayerView


def _decision(variant: str, k: int) -> PlayerView:
    """The `k`-th position with a real choice that hint_agreement.py rates (seed 11)."""
    done = 0
    for g, seat in normal_positions(variant, 240, seed=11, every=2):
        view = g.view(seat)
        if len(view.legal) < 2 or any(isinstance(a, NextHand) for a in view.legal):
            continue
        if done == k:
            return view
        done += 1
    raise AssertionError("too few positions")


def test_discards_that_differ_only_in_suit_are_played_once():
    """7♠ and 7♦ were two of the three candidates, leaving 9♣ one slot against two copies
    of one move."""
    view = _decision("modern-american", 14)
    sevens = [a for a in view.legal if isinstance(a, Discard) and a.card.rank.label == "7"]
    assert len(sevens) == 2 and suit_blind(sevens[0]) == suit_blind(sevens[1])
    judged = analyse(view, HINT)
    keys = [suit_blind(c.action) for c in judged.candidates]
    assert len(keys) == len(set(keys))
    assert len([c for c in judged.candidates if c.action in sevens]) == 1


def test_a_move_that_scored_like_the_leader_in_the_first_worlds_stays_in_the_race():
    """K♦ and 10♦ count alike in a hand caught at the end, so they scored the same in the
    first 8 worlds and 10♦ was stopped as K♦'s twin; the review rates 10♦ better by 223."""
    view = _decision("modern-american", 41)
    judged = analyse(view, HINT)
    assert len(judged.candidates) == 2
    assert all(c.worlds > RACE_FIRST for c in judged.candidates)


def test_the_review_plays_every_move_in_a_quarter_of_its_worlds_before_stopping_one():
    """Over the first 8 worlds of seed 1027 drawing led both takes of the pile by 464 points
    with a small standard error, so the review stopped them and rated the take a blunder;
    over the review's 60 worlds the best take is within 50 points of drawing."""
    view = _decision("modern-american", 27)
    judged = analyse(view, REVIEW, 1027)
    assert all(c.worlds >= REVIEW.worlds // 4 for c in judged.candidates)
    takes = [c for c in judged.candidates if isinstance(c.action, TakePile)]
    assert isinstance(judged.best.action, Draw) and len(takes) == 2
    assert min(judged.loss(c.action)[0] for c in takes) < 50
