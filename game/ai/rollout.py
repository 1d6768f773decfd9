"""The fast rollout policy of `hard`'s search, and the static evaluation at its cut-off.

A rollout plays a sampled world on from a candidate move. Most of its moves are made by
`fast_move`, which reads the engine state of the world directly (no `PlayerView` is
built: the world is the search's own sampled game, never the real one) and plays like a
plain club player in a hurry: it takes the pile whenever it may, melds what it can, and
discards its cheapest useless card, avoiding cards the next opponent could lay off onto
an unfrozen pile. It is several times cheaper than `normal` and far less naive than
`greedy`, whose discards feed the opponents' melds without a thought; the search only
compares candidates in the same worlds, so what it needs from a rollout is a plausible
continuation, not a strong one.

`static_margin` scores a rollout cut short: what each side has on the table minus what
its hands would cost if the hand ended now, ours minus the best other side's.
"""

from __future__ import annotations

from game.rules.actions import (
    Action,
    AnswerGoOut,
    Discard,
    Draw,
    Meld,
    NextHand,
    PassPile,
    TakePile,
)
from game.rules.engine import Game, Phase
from game.rules.melds import values_for

from .evaluate import hand_cost, has_group_penalties, risks_group_penalty, table_points

# Discard preference: a card the next player could lay off onto its side's meld and so
# take an unfrozen pile with costs this much more than its point value; a wild card is
# kept unless nothing else is left.
FEEDS = 100.0
WILD = 1000.0
# Each other card of its rank held makes a card this much more worth keeping (pairs are
# the melds of tomorrow).
PAIRED = 15.0


def fast_move(g: Game) -> Action:
    """The fast policy's move for the seat to play in `g` (a sampled world)."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = g.phase
    if phase is Phase.ASK_PARTNER:
        return AnswerGoOut(True)
    if phase is Phase.HAND_OVER:
        return next((a for a in legal if isinstance(a, NextHand)), legal[0])
    seat = g.to_play
    mine = g.melds[g.side_of[seat]]
    if has_group_penalties(g.rules):
        top = g.pile.cards[-1] if g.pile.cards else None
        legal = [a for a in legal if not risks_group_penalty(g.rules, mine, top, a)] or legal
    takes = [a for a in legal if isinstance(a, TakePile)]
    if takes:
        return max(takes, key=lambda a: len(a.cards) + sum(len(x) for x in a.melds))
    melds = [a for a in legal if isinstance(a, Meld)]
    if melds:
        return max(melds, key=lambda a: sum(len(x) for x in a.groups))
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: _keep_value(g, seat, a))
    for kind in (Draw, PassPile):
        for a in legal:
            if isinstance(a, kind):
                return a
    return legal[0]


def _keep_value(g: Game, seat: int, d: Discard) -> tuple[float, int]:
    """How much the seat would rather keep this card (lower = thrown first)."""
    card = d.card
    if card.is_wild:
        return (WILD, card.code)
    rules = g.rules
    value = float(values_for(rules)[card.code])
    hand = g.hands[seat]
    same = sum(1 for c in hand if c.rank == card.rank) - 1
    value += PAIRED * same
    nxt = (seat + 1) % rules.players
    if g.side_of[nxt] != g.side_of[seat] and not g.pile.frozen \
            and card.rank in g.melds[g.side_of[nxt]]:
        value += FEEDS
    return (value, card.code)


def final_margin(g: Game, seat: int) -> float | None:
    """The hand's scored margin for `seat`'s side once the hand is over, else None."""
    if g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) or not g.last_scores:
        return None
    # scores are per partnership, or per player (cut-throat partners included)
    mine = g.side_of[seat] if g.rules.partnerships else seat
    totals = {s.side: s.total for s in g.last_scores}
    ours = totals.get(mine, 0)
    others = [t for side, t in totals.items() if side != mine]
    return float(ours - (max(others) if others else 0))


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
