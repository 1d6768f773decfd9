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

`static_margin` scores a rollout cut short, ours minus the best other side's: each
side's table as the engine would score it if the hand ended now (its own scoring, so
italian's red 3s signed by the canastas made and modern's threes count as they will),
plus part of the bonus of a meld one or two cards short of a canasta, minus the cards
held -- a side's counted in full only once another side may go out, and its wild cards
until then counted as the asset they are (weights.py: cut_held_wild). Before that nobody
can catch it with them: the cards held (a pile just taken above all) are tomorrow's
melds far more than tonight's penalty, and the side itself chooses when to end the
hand. Counting them in full made taking a big pile, or keeping cards back, look like a
loss of hundreds of points in a rollout cut a few turns later; and counting them in
full as soon as the side's *own* canasta let it go out made the move that completed
the canasta look like a blunder (a review rated laying off the 10 that completed a
canasta of 10s "Blunder -769").

A rollout that ends the game is scored `decisive` points (weights.py) for the side
that won the game (against), beyond the hand's margin: winning the game is not worth
one hand's points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

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
from game.rules.cards import Rank
from game.rules.engine import Game, Phase
from game.rules.melds import BLACK_THREES, WILD_MELD, TableMeld, values_for
from game.rules.ruleset import RuleSet
from game.rules.scoring import score_side

from .evaluate import UNKNOWN_CARD_COST, has_group_penalties, risks_group_penalty, table_points
from .melding import cards_in
from .weights import SHIPPED, Weights

CANASTA = 7


def fast_move(g: Game, w: Weights = SHIPPED) -> Action:
    """The fast policy's move for the seat to play in `g` (a sampled world)."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = g.phase
    if phase is Phase.ASK_PARTNER:
        return AnswerGoOut(not ending_loses(g, g.to_play))
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
        hand = len(g.hands[seat])
        best = max(melds, key=cards_in)
        # (the biggest meld leaves the fewest cards: the score is asked only where it
        # would leave at most one, elsewhere its answer changes nothing)
        if hand - cards_in(best) > 1 or not ending_loses(g, seat):
            return best
        # going out would hand the game to the opponents: meld, but keep a card back
        keep_back = [a for a in melds if hand - cards_in(a) > 1]
        if keep_back:
            return max(keep_back, key=cards_in)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        held = Counter(c.rank for c in g.hands[seat])
        return min(discards, key=lambda a: _keep_value(g, seat, a, held, w))
    for kind in (Draw, PassPile):
        for a in legal:
            if isinstance(a, kind):
                return a
    return legal[0]


def _keep_value(g: Game, seat: int, d: Discard, held: Counter[Rank], w: Weights
                ) -> tuple[float, int]:
    """How much the seat, holding `held` cards of each rank, would rather keep this card
    (lower = thrown first)."""
    card = d.card
    if card.is_wild:
        return (w.fast_wild, card.code)
    rules = g.rules
    value = float(values_for(rules)[card.code])
    same = held[card.rank] - 1
    value += w.fast_paired * same
    nxt = (seat + 1) % rules.players
    if g.side_of[nxt] != g.side_of[seat] and not g.pile.frozen \
            and card.rank in g.melds[g.side_of[nxt]]:
        value += w.fast_feeds
    return (value, card.code)


def ending_loses(g: Game, seat: int) -> bool:
    """Whether the hand ending now, `seat` going out, would end the game with another
    score unit ahead of `seat`'s: each unit's score, plus its table, less what its
    seats' cards cost on average (the one going out holds none), plus the bonus for
    going out. Hands are counted, never read: a rollout's players must not know the
    sampled world's hidden cards, or asking the partner first would look like an
    oracle that says "no" in exactly the worlds where going out loses."""
    rules = g.rules
    unit_of = g.side_of if rules.partnerships else list(range(rules.players))
    totals = {u: float(g.scores[u]) for u in set(unit_of)}
    for u in totals:
        totals[u] += table_points(rules, g.melds[g.side_of[unit_of.index(u)]],
                                  g.red_threes[g.side_of[unit_of.index(u)]])
    for s in range(rules.players):
        if s != seat:
            totals[unit_of[s]] -= UNKNOWN_CARD_COST * len(g.hands[s])
    mine = unit_of[seat]
    totals[mine] += rules.going_out_bonus
    best = max(t for u, t in totals.items() if u != mine)
    return best >= rules.target and best > totals[mine]


def final_margin(g: Game, seat: int, w: Weights = SHIPPED) -> float | None:
    """The hand's scored margin for `seat`'s side once the hand is over, else None."""
    if g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) or not g.last_scores:
        return None
    # scores are per partnership, or per player (cut-throat partners included)
    mine = g.side_of[seat] if g.rules.partnerships else seat
    totals = {s.side: s.total for s in g.last_scores}
    ours = totals.get(mine, 0)
    others = [t for side, t in totals.items() if side != mine]
    margin = float(ours - (max(others) if others else 0))
    if g.phase is Phase.GAME_OVER and g.winners:
        margin += w.decisive if mine in g.winners else -w.decisive
    return margin


def may_go_out(rules: RuleSet, melds: Mapping[Rank, TableMeld]) -> bool:
    """Whether a side with these melds has the canastas going out needs."""
    natural = mixed = 0
    for rank, m in melds.items():
        if m.size >= CANASTA and rank not in (BLACK_THREES, WILD_MELD):
            if m.wilds:
                mixed += 1
            else:
                natural += 1
    if rules.go_out_needs_natural_and_mixed:
        return natural > 0 and mixed > 0
    return natural + mixed >= rules.canastas_to_go_out


def _near_canastas(rules: RuleSet, melds: Mapping[Rank, TableMeld], w: Weights) -> float:
    """Part of the bonus of the melds one or two cards short of a canasta (of the kind
    they are now): a cut-off a turn before a canasta is not worth the same as one that
    left the meld at three cards."""
    credit = 0.0
    for rank, m in melds.items():
        share = w.cut_near5 if m.size == 5 else w.cut_near6 if m.size == 6 else 0.0
        if share and rank not in (BLACK_THREES, WILD_MELD):
            bonus = (rules.mixed_canasta_bonus if m.wilds
                     else rules.natural_canasta_bonus_for(int(rank)))
            credit += share * bonus
    return credit


def static_margin(g: Game, my_side: int, w: Weights = SHIPPED) -> float:
    """A rollout cut short, scored for `my_side`: ours minus the best other side's (see
    the module's docstring)."""
    rules = g.rules
    sides = set(g.side_of)
    may = {side for side in sides if may_go_out(rules, g.melds[side])}
    per_side: dict[int, float] = {}
    values = values_for(rules)
    for side in sides:
        seats = [s for s in range(rules.players) if g.side_of[s] == side]
        if may - {side}:
            share, wilds = 1.0, 0.0
            hands = {s: g.hands[s] for s in seats}
        else:
            share = w.cut_held_far
            wilds = w.cut_held_wild * sum(values[c.code] for s in seats for c in g.hands[s]
                                          if c.is_wild)
            hands = {s: [c for c in g.hands[s] if not c.is_wild] for s in seats}
        melds = g.melds[side]
        cost = score_side(rules, {}, [], hands, None, False)
        per_side[side] = (table_points(rules, melds, g.red_threes[side])
                          + _near_canastas(rules, melds, w) + share * sum(x.points for x in cost)
                          + wilds)
    ours = per_side.pop(my_side, 0.0)
    return ours - (max(per_side.values()) if per_side else 0.0)
