"""Static estimates of a position: what a side's table is worth and what a hand costs.

These are the numbers every heuristic decision is weighed in, so they follow the scoring
rules through the `RuleSet` fields only (new fields are read with defaults, so a variant
the engine gains later is still scored sensibly before it is tuned for).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Protocol

from game.rules.actions import Action, Meld, TakePile
from game.rules.cards import Card, Rank
from game.rules.cutthroat import side_threes
from game.rules.melds import values_for
from game.rules.ruleset import RuleSet
from game.rules.scoring import ScoredMeld, score_side
from game.rules.view import MeldView, PlayerView

BLACK_THREES = Rank.THREE  # engine key of a black-3 meld laid when going out
WILD_MELD = Rank.JOKER  # engine key of a meld made only of wild cards
# What an unknown card in an opponent's hand costs its side on average (a rough mean of
# the card values over a deck, weighted towards what players tend to keep).
UNKNOWN_CARD_COST = 9


def card_values(rules: RuleSet) -> tuple[int, ...]:
    """The point value of every card code under these rules (index by `Card.code`)."""
    return values_for(rules)


def canastas(melds: Mapping[Rank, MeldView]) -> int:
    """How many canastas these melds include (a black-3 meld never counts)."""
    return sum(1 for r, m in melds.items() if m.size >= 7 and r != BLACK_THREES)


def canasta_bonus(rules: RuleSet, rank: Rank, natural: bool, jokers: int = 0) -> int:
    """The bonus a canasta of `rank` would score: natural, mixed, or of wild cards with this many
    jokers."""
    if rank == WILD_MELD:
        return rules.wild_canasta_bonus_for(jokers)
    if natural:
        return rules.natural_canasta_bonus_for(rank)
    return rules.mixed_canasta_bonus


def starting_minimum(rules: RuleSet) -> int:
    """The opening minimum a side starts the game with (at a score of 0); the ruleset
    lists its thresholds highest first."""
    return next((m for at, m in rules.minimums if at <= 0), 0)


# A minimum raised to this many times the starting one (classic: 90 or 120 against 50)
# asks for wild cards in almost every opening; a smaller rise (modern: 155 against 125)
# is still met with the naturals a hand collects.
STEEP_MINIMUM = 1.5


def minimum_ratio(view: PlayerView) -> float:
    """Our side's opening minimum against the one the game starts with, when its score has
    raised it steeply (at least STEEP_MINIMUM times); otherwise 1."""
    base = starting_minimum(view.rules)
    ratio = view.minimums[view.side] / base if base > 0 else 1.0
    return ratio if ratio >= STEEP_MINIMUM else 1.0


def incomplete_penalty(rules: RuleSet, rank: int) -> int:
    """What an unfinished meld of `rank` costs at the end of the hand (modern: 7s, aces)."""
    return rules.incomplete_meld_penalty_for(rank)


def wild_meld_penalty(rules: RuleSet) -> int:
    """What an unfinished meld of wild cards costs at the end of the hand (modern)."""
    return rules.incomplete_wild_meld_penalty


class _SizedMeld(Protocol):
    # what the group penalty reads of a meld: a view's MeldView or, in rollouts, the
    # engine's own TableMeld
    @property
    def size(self) -> int: ...
    @property
    def wilds(self) -> int: ...


def group_penalty(rules: RuleSet, melds: Mapping[Rank, _SizedMeld], rank: Rank | None,
                  cards: Iterable[Card]) -> float:
    """The end-of-hand penalty a group would leave on the table if its meld stayed short:
    natural melds of penalised ranks (modern 7s and aces) and melds of wild cards."""
    cards = list(cards)
    m = melds.get(rank) if rank is not None else None
    size = (m.size if m else 0) + len(cards)
    if size >= 7:
        return 0.0
    if rank is None or rank == WILD_MELD:
        if all(c.is_wild for c in cards) and (m is None or rank == WILD_MELD):
            return float(wild_meld_penalty(rules)) if m is None else 0.0
        return 0.0
    if any(c.is_wild for c in cards) or (m is not None and m.wilds):
        return 0.0
    return float(incomplete_penalty(rules, int(rank))) if m is None else 0.0


def has_group_penalties(rules: RuleSet) -> bool:
    """Whether the variant punishes groups left short at the end (modern's 7s and aces,
    unfinished melds of wild cards)."""
    return bool(rules.incomplete_meld_penalty_by_rank or rules.incomplete_wild_meld_penalty)


def risks_group_penalty(rules: RuleSet, melds: Mapping[Rank, _SizedMeld], pile_top: Card | None,
                        action: Action) -> bool:
    """Whether `action` (a take under `pile_top`, or a meld) starts a group the variant
    punishes if it stays short, beside our side's `melds`."""
    if isinstance(action, TakePile):
        if pile_top is None:
            return False
        if group_penalty(rules, melds, pile_top.rank, (pile_top, *action.cards)):
            return True
        groups: tuple = action.melds
    elif isinstance(action, Meld):
        groups = action.groups
    else:
        return False
    for grp in groups:
        rank = next((c.rank for c in grp if c.is_natural), None)
        if group_penalty(rules, melds, rank, grp):
            return True
    return False


def table_points(rules: RuleSet, melds: Mapping[Rank, ScoredMeld],
                 red_threes: Iterable[Card]) -> int:
    """What a side's table would score if the hand ended now (no going-out bonus), by the
    engine's own scoring: red 3s signed as the variant signs them, unfinished melds'
    penalties, threes counted per colour where they are."""
    return sum(line.points for line in score_side(rules, melds, list(red_threes), {}, None,
                                                  False))


def hand_cost(rules: RuleSet, cards: Iterable[Card]) -> int:
    """Points a hand of these cards loses if the hand ends now."""
    values = card_values(rules)
    pen = rules.black3_in_hand_penalty
    return sum(pen if c.is_black_three else values[c.code] for c in cards)


def held_group_counts(rules: RuleSet, cards: Iterable[Card]) -> list[int]:
    """How many cards of each rank the rules punish when held in a group at the end of
    the hand (modern: aces, 7s) these cards hold; empty where the variant has none."""
    if not rules.held_group_penalty:
        return []
    counts = Counter(int(c.rank) for c in cards)
    return [counts[r] for r in rules.held_group_ranks]


def held_group_cost(rules: RuleSet, cards: Iterable[Card]) -> int:
    """The penalty for groups of punished ranks these cards would hold when the hand ends
    (modern: three or more aces or 7s in hand); 0 where the variant has none."""
    groups = sum(1 for n in held_group_counts(rules, cards) if n >= rules.held_group_size)
    return rules.held_group_penalty * groups


def seat_cost(view: PlayerView, seat: int) -> float:
    """Expected hand cost of a seat: exact for the viewer, known cards plus an average
    for the rest otherwise; groups the rules punish in hand count (modern aces, 7s)."""
    if seat == view.seat:
        return hand_cost(view.rules, view.hand) + held_group_cost(view.rules, view.hand)
    known = view.known[seat]
    return hand_cost(view.rules, known) + held_group_cost(view.rules, known) \
        + UNKNOWN_CARD_COST * max(
        view.hand_sizes[seat] - len(known), 0)


def side_seats(view: PlayerView, side: int) -> tuple[int, ...]:
    """The seats that belong to `side`."""
    return tuple(s for s in range(view.rules.players) if view.side_of[s] == side)


def side_estimate(view: PlayerView, side: int, going_out: int | None = None) -> float:
    """Estimated hand score of `side` if the hand ended now; `going_out` is the seat that
    would go out (its own hand then costs nothing and the side gets the bonus)."""
    rules = view.rules
    total: float = table_points(rules, view.melds[side],
                                side_threes(rules, view.red_threes, view.side_of, side))
    for s in side_seats(view, side):
        if s == going_out:
            total += rules.going_out_bonus
        else:
            total -= seat_cost(view, s)
    return total


def _other_sides(view: PlayerView) -> list[int]:
    return sorted({view.side_of[s] for s in range(view.rules.players)} - {view.side})


def other_sides(view: PlayerView) -> list[int]:
    """The sides other than the viewer's, in order."""
    return _other_sides(view)


def alliance_pending(view: PlayerView) -> bool:
    """Cut-throat before anyone took the pile: whoever takes it first plays alone against
    the other two, who then share one table and each score the partnership's hand."""
    rules = view.rules
    return bool(rules.cutthroat) and rules.players == 3 and len(set(view.side_of)) == 3
