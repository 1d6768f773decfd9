"""Going out, and the partner's side of it: when to ask, and what to answer."""

from __future__ import annotations

from game.rules.cards import Card, Rank
from game.rules.view import PlayerView

from .evaluate import (
    card_values,
    hand_cost,
    held_group_cost,
    held_group_counts,
    other_sides,
    seat_cost,
    side_estimate,
    table_points,
)
from .melding import opponents_can_go_out
from .taking import stock_near_end, turns_left
from .weights import SHIPPED, Weights


def _melded_value(view: PlayerView, seat_cards) -> int:
    values = card_values(view.rules)
    return sum(values[c.code] for c in seat_cards if not c.is_three)


def hand_margin_if_out(view: PlayerView, goer: int) -> float:
    """Our estimated hand result minus the best opponent's if `goer` goes out now.

    The goer's cards are assumed to end on the table (when the viewer is the goer this
    is exact up to the final discard)."""
    ours = side_estimate(view, view.side, going_out=goer)
    if goer == view.seat:
        ours += _melded_value(view, view.hand)
    theirs = [side_estimate(view, s, going_out=goer) for s in other_sides(view)]
    return ours - (max(theirs) if theirs else 0.0)


def _final_totals(view: PlayerView, goer: int) -> tuple[float, list[float]] | None:
    """Our game score and each opponent side's, estimated for the hand ending now with
    `goer` going out (None when the scores do not cover the sides)."""
    if view.side >= len(view.scores) or any(s >= len(view.scores) for s in other_sides(view)):
        return None
    ours = view.scores[view.side] + side_estimate(view, view.side, going_out=goer)
    if goer == view.seat:
        ours += _melded_value(view, view.hand)
    theirs = [view.scores[s] + side_estimate(view, s, going_out=goer) for s in other_sides(view)]
    return ours, theirs


def game_won_by(view: PlayerView, goer: int) -> bool:
    """Would the hand ending now (`goer` going out) win the game for us, clearly ahead
    (by more than 60 points) of every other side, at the target?"""
    totals = _final_totals(view, goer)
    if totals is None:
        return False
    ours, theirs = totals
    return ours >= view.rules.target and all(t + 60 < ours for t in theirs)


def game_lost_by(view: PlayerView, goer: int) -> bool:
    """Would the hand ending now (`goer` going out) end the game with an opponent ahead
    of us? Then going out only seals the defeat; playing on may still catch up."""
    totals = _final_totals(view, goer)
    if totals is None:
        return False
    ours, theirs = totals
    best = max(theirs, default=float("-inf"))
    # a margin because the opponents' hands are only estimated
    return best >= view.rules.target and best > ours + 100


def _their_table_growing(view: PlayerView) -> bool:
    """The opponents' table is worth more than ours: every round lets them add to it."""
    ours = table_points(view.rules, view.my_melds, view.red_threes[view.side])
    best = max((table_points(view.rules, view.melds[s], view.red_threes[s])
                for s in other_sides(view)), default=0)
    return best > ours


def want_go_out(view: PlayerView, careful: bool = True, cost: float = 0.0,
                w: Weights = SHIPPED) -> bool:
    """Should we end the hand now, given that we can? `cost`: the penalties of the short
    melds the going-out move leaves (modern 7s/aces), which the table does not yet show."""
    if view.answer is True or not careful:
        return True
    if game_won_by(view, view.seat):
        return True
    if partner_can_shed(view) and not opponents_can_go_out(view):
        # partner was seen taking a group the rules punish in hand (modern: three aces or
        # 7s) and has the turns to discard it down: going out now would cost the side its
        # penalty, waiting a round or two costs little
        return False
    if stock_near_end(view):
        return True
    if cost > 0 and not opponents_can_go_out(view):
        # the way out leaves a short meld the rules punish (modern: 7s, aces, wild cards)
        # or partner said "no": while the hand is in no danger of ending, waiting keeps
        # the chance to finish or shed those cards; the lead the hand shows now stays
        return False
    if game_lost_by(view, view.seat):
        return False
    margin = hand_margin_if_out(view, view.seat) - cost
    if margin >= 0 or opponents_can_go_out(view):
        return True
    # Behind in this hand and the opponents cannot end it: keep building, unless their
    # table grows faster than ours.
    return not _their_table_growing(view) and margin > -w.go_out_behind


def partner_can_shed(view: PlayerView) -> bool:
    """Partner is seen to hold a group the rules punish when held at the end (its cards
    came from a taken pile) and has the turns left to discard it below the group size."""
    rules = view.rules
    partner = view.partner
    if partner is None or not rules.held_group_penalty:
        return False
    worst = max(held_group_counts(rules, view.known[partner]), default=0)
    if worst < rules.held_group_size:
        return False
    sheds = worst - rules.held_group_size + 1
    return sheds <= turns_left(view)


def should_ask(view: PlayerView) -> bool:
    """Ask partner before going out when their hand may hold a lot of points: they know
    what they hold and we do not."""
    partner = view.partner
    if partner is None or game_won_by(view, view.seat) or stock_near_end(view):
        return False
    if view.rules.held_group_penalty and view.hand_sizes[partner] >= view.rules.held_group_size:
        # partner may hold a group the rules punish (modern: three aces or 7s); only
        # partner knows, and going out would cost the side that penalty
        return True
    return view.hand_sizes[partner] >= 6 and seat_cost(view, partner) >= 50


def answer(view: PlayerView, careful: bool = True) -> bool:
    """Partner (`view.seat`'s partner) asks "may I go out?"."""
    if not careful:
        return True
    asker = view.partner
    if asker is None:
        return True
    if game_won_by(view, asker) or stock_near_end(view) or opponents_can_go_out(view):
        return True
    held = held_group_cost(view.rules, view.hand)
    if held:
        # a group the rules punish in my hand (modern: three aces or 7s) costs more than
        # the hand can gain by ending now: I shed or meld it first
        return False
    my_cost = hand_cost(view.rules, view.hand)
    ours = side_estimate(view, view.side, going_out=asker)
    margin = hand_margin_if_out(view, asker)
    # "No" when going out now would cost our side: we would score less than nothing,
    # or lose the hand, or my own hand is heavy and could still go on the table.
    if ours < 0 or margin < -100:
        return False
    meldable = _meldable_soon(view)
    return not (my_cost >= 100 and meldable >= my_cost * 0.5)


def _meldable_soon(view: PlayerView) -> int:
    """Points of my hand I could meld on my next turn (lay-offs, triples, wild cards)."""
    values = card_values(view.rules)
    mine = view.my_melds
    by_rank: dict[Rank, list[Card]] = {}
    for c in view.hand:
        by_rank.setdefault(c.rank, []).append(c)
    total = 0
    for rank, cards in by_rank.items():
        if rank.is_wild or rank in mine or (not rank.is_three and len(cards) >= 3):
            total += sum(values[c.code] for c in cards)
    return total
