"""Which card to throw: what it is worth to us against what it gives the next player.

The only player who can use a discard is the next one (everybody after sees it covered),
so the danger of a card is the chance that the next seat, if it is an opponent, can take
the pile with it, times what the pile is worth to them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from game.rules.cards import Card, Rank
from game.rules.view import PlayerView

from .evaluate import (
    alliance_pending,
    canasta_bonus,
    card_values,
    minimum_ratio,
    table_points,
)
from .memory import Memory
from .taking import stock_near_end
from .weights import SHIPPED, Weights


@dataclass(frozen=True)
class DiscardScore:
    """How a discard scores: what we give up by throwing the card and what the next player may gain
    from it."""

    card: Card
    keep: float  # what we lose by giving the card up
    danger: float  # expected points the next opponent gains from it
    take_chance: float

    @property
    def cost(self) -> float:
        """The discard's total cost; the lowest is thrown."""
        return self.keep + self.danger


def next_seat(view: PlayerView) -> int:
    """The seat that plays after us, the one our discard is offered to."""
    return (view.seat + 1) % view.rules.players


def pile_worth_to_taker(view: PlayerView, w: Weights = SHIPPED) -> float:
    """Rough points a player gains by taking the pile after our discard lands on it
    (the face-down cards of italian's starting pile go to the taker too)."""
    size = view.pile_size + 1
    return w.pile_worth_base + w.pile_worth_per_card * size


# Three players: how far a lead of this many points (game score plus table) moves the
# weight of feeding an opponent from 1, and how far at most.
THREAT_SCALE = 1000.0
THREAT_CAP = 0.6
# Chance the seat after the next one takes the pile the next seat leaves (lower while its
# side has not melded), and the least weight feeding the next seat keeps.
PASS_ON_TAKE = 0.6
PASS_ON_UNOPENED = 0.3
MIN_FEED_WEIGHT = 0.15
# Weight of the pile's danger against what our cards are worth while we have not opened.
UNOPENED_DEFENCE = 0.5
# Chance that a side which has not opened opens from its hand before drawing and so may
# take the pile in the same turn (italian): it needs natural melds worth the minimum.
OPEN_THEN_TAKE = 0.25


def seat_standing(view: PlayerView, seat: int) -> float:
    """A seat's game score plus what its side's table would bank if the hand ended now."""
    rules = view.rules
    unit = seat % 2 if rules.partnerships else seat
    side = view.side_of[seat]
    # red 3s are kept per scoring unit (cut-throat: each partner's own)
    return (view.scores[min(unit, len(view.scores) - 1)]
            + table_points(rules, view.melds[side], view.red_threes[unit]))


def threat(view: PlayerView, seat: int) -> float:
    """How much points going to opponent `seat` hurt us, relative to points going to an
    opponent of another side (1 when there is only one opposing side). Only the leader
    can be caught from behind: feeding a trailing opponent costs us less than letting
    the leading one collect."""
    rival_side = view.side_of[seat]
    others = [s for s in view.opponents() if view.side_of[s] != rival_side]
    if not others:
        return 1.0
    lead = seat_standing(view, seat) - max(seat_standing(view, s) for s in others)
    return 1.0 + max(-THREAT_CAP, min(THREAT_CAP, lead / THREAT_SCALE))


def feed_weight(view: PlayerView) -> float:
    """What a pile taken by the next seat costs us, per point it gains. With more than
    one opponent the pile the next seat leaves goes on to the seat after it: a card kept
    safe from the next seat mostly feeds that one instead (three players)."""
    rules = view.rules
    nxt = next_seat(view)
    if view.side_of[nxt] == view.side:
        return 0.0
    if alliance_pending(view):
        # whoever takes the pile first plays alone, which costs them more than the pile
        # is worth: nothing to defend against yet
        return 0.0
    w = threat(view, nxt)
    after = (nxt + 1) % rules.players
    if after != view.seat and view.side_of[after] != view.side:
        side = view.side_of[after]
        p = PASS_ON_TAKE * (1.0 if view.melds[side] else PASS_ON_UNOPENED)
        w -= p * threat(view, after)
    return max(w, MIN_FEED_WEIGHT)


# How much less often a pair takes the pile when the take starts a new meld of a rank the
# rules punish when unfinished (against greedy over three seeds 0.5 beat 0.3; 1 and 0 did worse).
PUNISHED_START = 0.5


def take_chance(view: PlayerView, mem: Memory | None, card: Card, counting: bool,
                frozen_after: bool) -> float:
    """Chance the next seat can take the pile if `card` is on top."""
    rules = view.rules
    nxt = next_seat(view)
    if view.side_of[nxt] == view.side:
        return 0.0
    if card.is_black_three:
        return 0.0  # blocks the next player whatever they hold
    their_side = view.side_of[nxt]
    their_melds = view.melds[their_side]
    opened = bool(their_melds)
    # Italian: only an open side takes the pile; an unopened one must first open from
    # its hand, which it can seldom do in the very turn our discard lies on top.
    opening_first = 1.0 if opened or not rules.open_before_draw else OPEN_THEN_TAKE
    if card.is_wild:
        same = rules.wild_top_take_same
        if not same or not counting or mem is None:
            return 0.0  # blocks the next player whatever they hold
        return opening_first * mem.p_holds(nxt, card.rank, same)
    rank = card.rank
    if rank in view.dead_ranks:
        return 0.0  # nobody may meld it, so nobody can take the pile with it
    need = 2
    if rules.take_needs_natural_pair:
        frozen_after = True  # every take needs a natural pair (modern american)
    if rules.stopper_take_naturals and view.pile_frozen:
        # a discarded stopper lies in the pile: it takes three naturals, not a pair
        need = rules.stopper_take_naturals
    if len(view.pile) == 0 and view.hand_sizes[nxt] == 1:
        return 0.0  # a player holding one card may not take a one-card pile
    if opened and not frozen_after and rank in their_melds:
        return 1.0
    if not counting or mem is None:
        known = sum(1 for c in view.known[nxt] if c.rank == rank)
        return opening_first * (1.0 if known >= need else (0.15 if known == need - 1 else 0.0))
    pair = opening_first * mem.p_holds(nxt, rank, need)
    if rules.incomplete_meld_penalty_for(int(rank)) and rank not in their_melds:
        # the take would start a meld the rules punish when it stays short (modern: aces
        # and 7s, 2,500): a pair of them is seldom spent on that, more often kept
        pair *= PUNISHED_START
    if frozen_after or not opened:
        return pair
    # unfrozen: one natural plus a wild card also takes it
    one = mem.p_holds(nxt, rank, 1)
    return min(1.0, pair + (one - pair) * mem.p_holds_wild(nxt))


# Three players: share of our discards that the seat after the next one ends up taking
# (measured: with the next seat kept off the pile, the one after it takes about half of
# what we throw, a lay-off of the other opponent's discard on top), and the share of a
# canasta bonus each card added to a meld of five or more counts towards it.
PASS_ON_SHARE = 0.45
GIFT_CANASTA_SHARE = 0.25


def pass_on_seat(view: PlayerView) -> tuple[int, float] | None:
    """The opponent who plays after the next one and how much its gains hurt us (its
    `threat`), when our discards pile up for it (three players); None where the seat
    after the next is us, our partner or the next seat's partner (two and four players)
    or while whoever takes the pile first will play alone."""
    nxt = next_seat(view)
    after = (nxt + 1) % view.rules.players
    if after == view.seat or view.side_of[after] in (view.side, view.side_of[nxt]):
        return None
    if alliance_pending(view):
        return None
    return after, threat(view, after)


def pass_on_gift(view: PlayerView, card: Card, value: int, seat: tuple[int, float] | None) -> float:
    """What our discard gives the opponent who plays after the next one (`pass_on_seat`):
    the next seat seldom takes a pile we keep safe from it, so our discards pile up
    under the other opponent's, and the seat after it takes them with any lay-off. A card
    of a rank it has melded then grows that meld: its value, and a share of the canasta
    it brings nearer."""
    if seat is None or not card.is_natural:
        return 0.0
    after, weight = seat
    m = view.melds[view.side_of[after]].get(card.rank)
    if m is None or m.size >= 7:
        return 0.0
    gift = float(value)
    if m.size + 1 >= 5:
        gift += GIFT_CANASTA_SHARE * canasta_bonus(view.rules, card.rank, m.wilds == 0)
    return PASS_ON_SHARE * gift * weight


FEEDS = 0.5  # a take chance from which a discard counts as feeding
# Share of the penalty for a group held at the end (modern: three aces or 7s) that a card
# of the group costs to keep, early and near the end of the stock.
HELD_SHED = 0.2
HELD_SHED_ENDING = 0.4


def canasta_gain(view: PlayerView, card: Card, w: Weights = SHIPPED) -> float:
    """What a take with `card` on top does to the taker's meld of its rank: the canasta
    bonus when the card, the pair or lay-off that takes it and the pile's other cards of
    the rank complete one, a share of it when they leave it one card short."""
    if not card.is_natural:
        return 0.0
    nxt = next_seat(view)
    melds = view.melds[view.side_of[nxt]]
    m = melds.get(card.rank)
    before = m.size if m else 0
    if before >= 7:
        return 0.0
    in_pile = sum(1 for c in view.pile if c.rank == card.rank)
    after = (before if m else 2) + 1 + in_pile
    natural = m is None or m.wilds == 0
    bonus = canasta_bonus(view.rules, card.rank, natural)
    if after >= 7:
        return float(bonus)
    if after == 6:
        return w.near_canasta_share * bonus
    return 0.0


def hand_opening_value(values: tuple[int, ...], counts: Counter[Rank],
                       dead: frozenset[int] = frozenset()) -> int:
    """What the natural melds (three or more of a live rank) a hand holds count towards
    an opening."""
    total = 0
    for rank, k in counts.items():
        if k >= 3 and rank.is_natural and rank not in dead:
            total += k * values[_natural_code(rank)]
    return total


def _natural_code(rank: int) -> int:
    # every suit of a natural rank has the same value: look it up by the first suit
    return rank * 5


def opening_keep(view: PlayerView, counts: Counter[Rank], rank: Rank) -> float:
    """Extra reason to keep a card of `rank` while the side must open from its hand with
    natural melds only (italian): throwing one of a triple can cost the opening, a hand
    that already reaches the minimum opens next turn unless we break it, and while it
    falls short the pairs of high cards are what can still make up the difference."""
    rules = view.rules
    k = counts[rank]
    if view.my_melds or not rules.open_before_draw or k < 2:
        return 0.0
    values = card_values(rules)
    dead = view.dead_ranks
    if rank in dead:
        return 0.0
    before = hand_opening_value(values, counts, dead)
    minimum = view.minimums[view.side]
    v = values[_natural_code(rank)]
    if k == 2:
        short = minimum - before
        return 0.5 * min(3 * v, short) if short > 0 else 0.0
    counts[rank] -= 1
    after = hand_opening_value(values, counts, dead)
    counts[rank] += 1
    keep = 0.6 * (before - after)
    if after < minimum <= before:
        keep += 150.0  # the opening is in hand: breaking it costs at least a turn
    return keep


# Unopened: how much a card's point value adds to keeping it for each time over the
# starting minimum our side's minimum is raised (its score: 90 or 120 against 50), and
# the most it adds.
COUNT_WEIGHT_PER_RAISE = 0.4
COUNT_WEIGHT_MAX = 0.6


def opening_count_weight(view: PlayerView) -> float:
    """Weight of a card's value towards keeping it while our side has not opened: 0 at
    the minimum the game starts with, growing with the minimum the side must reach."""
    if view.my_melds:
        return 0.0
    raised = minimum_ratio(view) - 1.0
    return max(0.0, min(COUNT_WEIGHT_MAX, COUNT_WEIGHT_PER_RAISE * raised))


def score_discards(view: PlayerView, mem: Memory | None, counting: bool = True,
                   hold_back: bool = True, w: Weights = SHIPPED) -> list[DiscardScore]:
    """One score per distinct card in hand (copies are interchangeable)."""
    return DiscardScorer(view, mem, counting, hold_back, w).own


class DiscardScorer:
    """Scores the discards of hands seen from one view. What a card gives the next
    player (its danger) does not depend on the hand it leaves, so a turn that weighs
    several hands (each meld leaves another) works out a card's danger once."""

    def __init__(self, view: PlayerView, mem: Memory | None, counting: bool = True,
                 hold_back: bool = True, w: Weights = SHIPPED) -> None:
        self.view = view
        self.mem = mem
        self.counting = counting
        self.hold_back = hold_back
        self.w = w
        self.values = card_values(view.rules)
        self.mine = view.my_melds
        self.ending = stock_near_end(view)
        self.frozen = view.pile_frozen or not self.mine
        self.pile_big = len(view.pile) >= 6
        self.worth = pile_worth_to_taker(view, w)
        feed = feed_weight(view)
        if view.rules.open_before_draw and not self.mine:
            # Until the side opens (italian: from the hand, natural melds only) it can neither
            # meld nor take the pile; the pairs and triples it holds are its way in, and
            # giving them up to keep the pile from the opponents costs more than it saves.
            feed *= UNOPENED_DEFENCE
        self.feed = feed
        self.count_weight = opening_count_weight(view)
        self.pass_on = pass_on_seat(view) if counting else None
        self._dangers: dict[int, tuple[float, float]] = {}  # by card code: danger, take chance

    @cached_property
    def own(self) -> list[DiscardScore]:
        """The scores of the view's own hand."""
        return self.scores(self.view.hand)

    def scores(self, hand: Sequence[Card]) -> list[DiscardScore]:
        """One score per distinct card of `hand` (copies are interchangeable)."""
        view, w, counting, hold_back = self.view, self.w, self.counting, self.hold_back
        counts = Counter(c.rank for c in hand)
        seen: set[int] = set()
        out: list[DiscardScore] = []
        for c in hand:
            if c.code in seen:
                continue
            seen.add(c.code)
            keep = self._keep(c, counts, len(hand))
            danger, chance = self._danger(c)
            out.append(DiscardScore(c, keep, danger, chance))
        if counting and hold_back and _freeze_pays(view, counts, out):
            out = [DiscardScore(s.card, min(s.keep, w.freeze_keep_joker if s.card.rank == 0
                                            else w.freeze_keep_two), s.danger, s.take_chance)
                   if s.card.is_wild else s for s in out]
        elif counting and hold_back and (_pile_passes_on(view, counts)
                                         or _freeze_shuts_out(view, counts)):
            out = [DiscardScore(s.card, FREEZE_PASS_ON_TWO, s.danger, s.take_chance)
                   if s.card.is_wild and s.card.rank != 0 else s for s in out]
        return out

    def _keep(self, c: Card, counts: Counter[Rank], hand_size: int) -> float:
        """What we lose by giving up `c` from a hand of `hand_size` cards with these counts."""
        view, mem, w, counting = self.view, self.mem, self.w, self.counting
        v = self.values[c.code]
        if c.is_wild:
            # Only ever worth throwing to freeze a dangerous pile; the defence logic
            # compares this cost against the danger it removes.
            return w.keep_wild + v
        if c.is_black_three:
            return w.keep_black3 if (not self.pile_big and hand_size > 3) \
                else w.keep_black3_blocking
        k = counts[c.rank]
        if c.rank in self.mine:
            keep = w.keep_melded + (w.keep_melded_frozen if self.frozen and k >= 2 else 0.0)
        elif k >= 3:
            keep = w.keep_triple
        elif k == 2:
            keep = w.keep_pair + (w.keep_pair_frozen if self.frozen and self.hold_back else 0.0)
            if mem is not None and counting and mem.unseen(c.rank) == 0:
                keep -= w.keep_pair_dead
        else:
            keep = w.keep_single
            if mem is not None and counting:
                keep += w.keep_single_live * mem.unseen(c.rank)
        # Wild cards aside, aces weigh most in what the hand costs at its end.
        keep -= v * (w.shed_value_ending if self.ending else w.shed_value)
        if not self.mine and not self.ending:
            # Unopened against a high minimum: the hand's count is what opens it, and
            # a pair of aces or kings counts four times a pair of fives - keep the
            # high cards and shed the low ones.
            keep += v * self.count_weight
        if counting:
            keep += opening_keep(view, counts, c.rank)
        held = view.rules.held_group_penalty
        if held and c.rank in view.rules.held_group_ranks \
                and k >= view.rules.held_group_size and k < 7:
            # a group of these left in hand at the end costs a fortune: shed them,
            # at any price once the stock runs low (one discard a turn)
            keep = min(keep, -held * (HELD_SHED_ENDING if self.ending else HELD_SHED))
        return keep

    def _danger(self, c: Card) -> tuple[float, float]:
        """The points the next opponent may expect from `c` on top, and its take chance."""
        known = self._dangers.get(c.code)
        if known is not None:
            return known
        view, counting = self.view, self.counting
        frozen_after = view.pile_frozen or c.is_wild
        chance = take_chance(view, self.mem, c, counting, frozen_after)
        gain = self.worth + (canasta_gain(view, c, self.w) if counting else 0.0)
        danger = chance * gain * self.feed
        if counting:
            danger += pass_on_gift(view, c, self.values[c.code], self.pass_on)
        self._dangers[c.code] = danger, chance
        return danger, chance


# Freezing against the seat after the next one: the least pile worth freezing, and what a
# 2 is then worth keeping (below any natural card: it is the discard).
PASS_ON_PILE = 1
PASS_ON_PAIRS = 1
FREEZE_PASS_ON_TWO = -5.0
# Freezing against a short hand: a next opponent holding this few cards rarely has the
# natural pair a frozen pile asks for, and the least pile worth a 2.
SHORT_HAND = 6
SHORT_HAND_PILE = 2


def _freeze_shuts_out(view: PlayerView, counts: Counter) -> bool:
    """The next opponent has melded its hand down to a few cards and takes an unfrozen
    pile with any lay-off; frozen, it needs a natural pair of the top card, which a short
    hand seldom holds, while ours holds one. Only where no partner of ours plays right
    after that opponent: a freeze would shut our partner out too."""
    rules = view.rules
    if view.pile_frozen or not view.my_melds or alliance_pending(view):
        return False
    if rules.wild_discard_only_going_out or len(view.pile) < SHORT_HAND_PILE:
        return False
    nxt = next_seat(view)
    after = (nxt + 1) % rules.players
    if view.side_of[nxt] == view.side or view.hand_sizes[nxt] > SHORT_HAND:
        return False
    if after != view.seat and view.side_of[after] == view.side:
        return False
    return counts[2] >= 1 and _natural_pairs(counts) >= 1


def _natural_pairs(counts: Counter) -> int:
    """How many natural ranks the hand holds two or more of (the keys to a frozen pile)."""
    return sum(1 for rank, k in counts.items() if k >= 2 and rank not in (0, 2, 3))


def _pile_passes_on(view: PlayerView, counts: Counter) -> bool:
    """With three or more sides the pile the next seat leaves goes on to another opponent
    (three players: the seat before us), who takes a growing unfrozen pile with any lay-off
    and so collects what we keep from the next seat. A 2 freezes it for both of them,
    while our hand holds the natural pairs that still take a frozen pile."""
    rules = view.rules
    if view.pile_frozen or not view.my_melds or alliance_pending(view):
        return False
    if rules.wild_discard_only_going_out or len(view.pile) < PASS_ON_PILE:
        return False
    nxt = next_seat(view)
    after = (nxt + 1) % rules.players
    if after == view.seat or view.side_of[after] in (view.side, view.side_of[nxt]):
        return False
    if view.side_of[nxt] == view.side:
        return False
    return _natural_pairs(counts) >= PASS_ON_PAIRS and counts[2] >= 1


def _freeze_pays(view: PlayerView, counts: Counter, scores: list[DiscardScore]) -> bool:
    """Every natural discard feeds the next player an unfrozen pile, and our hand holds
    at least two natural pairs - the keys to a frozen pile, which makes freezing it
    hurt them more than us."""
    if view.pile_frozen or not view.my_melds or feed_weight(view) <= MIN_FEED_WEIGHT:
        return False
    naturals = [s for s in scores if not s.card.is_wild and not s.card.is_black_three]
    if not naturals or any(s.card.is_black_three for s in scores):
        return False
    if any(s.take_chance < FEEDS for s in naturals):
        return False
    pairs = sum(1 for rank, k in counts.items() if k >= 2 and rank not in (0, 2, 3))
    return pairs >= 2
