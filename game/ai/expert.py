"""`expert`: a reference opponent written from published club-player strategy.

It is deliberately independent of the `easy`/`normal`/`hard` heuristic (it imports none
of its modules), so that tuning `normal` against it measures something real. Its play
follows the advice found in published Canasta strategy writing - Tuomas Korppi's
"A Small Canasta Strategy Guide", the GameColony "Canasta Tips and Strategies", Roger
White's "Tips and Tricks for Canasta" and the Canasta Palace lessons:

- The side that takes the pile first becomes dominant: take the pile early and often,
  and count what the pile's cards do for the hand, not only how many there are.
- Discard black threes and singletons first; never a card the next player can use to
  take an unfrozen pile by laying it off on a meld of theirs; a rank the next player
  discarded or declined lately is the safest natural card.
- Freeze the pile with a wild card when it has grown big, the opponents can take almost
  anything we throw, and our side holds the pairs that can still take a frozen pile.
- Keep pairs while the pile is frozen; keep wild cards for canastas, put them on one
  meld at a time that is close to seven, two before jokers, and open with as few of them
  as the minimum allows.
- Do not melt the hand down before the side has a canasta: a short hand can neither take
  the pile nor threaten to go out.
- Go out when the side is ahead on the hand or the opponents are close to going out
  (few cards, a canasta or a meld of six); partner says "yes" unless their own hand
  still holds many points they can meld next turn, and always "yes" under threat.

Every variant difference is read from the `RuleSet` (draw count, canastas needed,
penalised melds, stoppers, ...); moves are always chosen from `view.legal`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

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
from game.rules.cards import Card, Rank
from game.rules.melds import values_for
from game.rules.view import MeldView, PlayerView

from .base import register

JOKER, TWO, THREE = 0, 2, 3
WILD_MELD_KEY = Rank.JOKER  # the engine files a meld of wild cards under the joker's rank


@dataclass
class Reading:
    """What the expert reads off the table once per decision."""

    view: PlayerView
    values: tuple[int, ...] = field(init=False)
    hand_counts: Counter = field(init=False)
    unseen: Counter = field(init=False)
    hidden: int = field(init=False)
    # per seat: ranks it threw (it holds no pair of them, most likely) and ranks it let
    # lie on top of the pile when it could have taken it with a pair
    threw: list[Counter] = field(init=False)
    declined: list[Counter] = field(init=False)

    def __post_init__(self) -> None:
        v = self.view
        rules = v.rules
        self.values = values_for(rules)
        self.hand_counts = Counter(c.rank for c in v.hand)
        copies = Counter({r: rules.decks * 4 for r in range(1, 14)})
        copies[JOKER] = rules.decks * rules.jokers_per_deck
        seen: Counter = Counter(c.rank for c in v.hand)
        for side in v.melds:
            for m in side.values():
                seen.update(c.rank for c in m.cards)
        seen.update(c.rank for c in v.pile)
        for seat, cards in enumerate(v.known):
            if seat != v.seat:
                seen.update(c.rank for c in cards)
        self.unseen = Counter({r: max(copies[r] - seen[r], 0) for r in copies})
        self.hidden = v.stock_size + v.pile_hidden + sum(
            max(n - len(v.known[s]), 0) for s, n in enumerate(v.hand_sizes) if s != v.seat)
        n = rules.players
        self.threw = [Counter() for _ in range(n)]
        self.declined = [Counter() for _ in range(n)]
        # One discard per turn: counting down from the top, the k-th card was thrown by
        # the k-th seat before the one to play, and the seat after it let it lie.
        for k, c in enumerate(reversed(v.pile)):
            thrower = (v.to_play - 1 - k) % n
            self.threw[thrower][c.rank] += 1
            if k > 0 and c.is_natural:
                self.declined[(thrower + 1) % n][c.rank] += 1

    # ------------------------------------------------------------------ estimates
    def p_pair(self, seat: int, rank: int, need: int = 2) -> float:
        """Chance that `seat` holds `need` cards of `rank`, lowered when it threw or
        declined the rank, certain when it took them with a pile."""
        v = self.view
        known = sum(1 for c in v.known[seat] if c.rank == rank)
        if known >= need:
            return 1.0
        unknown = max(v.hand_sizes[seat] - len(v.known[seat]), 0)
        good = self.unseen[rank]
        if good <= 0 or self.hidden <= 0:
            return 0.0
        per_card = min(1.0, good / self.hidden)
        lam = per_card * unknown
        short = need - known
        # Poisson tail: good enough for a card player's estimate
        p = _poisson_at_least(lam, short)
        if self.threw[seat][rank] or self.declined[seat][rank]:
            p *= 0.25
        return p

    def hand_cost(self, cards) -> int:
        """Penalty points of these cards if the hand ended with them held."""
        rules = self.view.rules
        return sum(rules.black3_in_hand_penalty if c.is_black_three else self.values[c.code]
                   for c in cards)

    def unknown_hand_cost(self, seat: int) -> float:
        """Estimated penalty of `seat`'s hand: its known cards plus an average for the hidden ones."""
        v = self.view
        known = v.known[seat]
        return self.hand_cost(known) + 9.0 * max(v.hand_sizes[seat] - len(known), 0)

    def table_value(self, side: int) -> float:
        """What a side's melds would score now (card values plus canasta bonuses)."""
        rules = self.view.rules
        total = 0.0
        canastas = 0
        for rank, m in self.view.melds[side].items():
            total += sum(self.values[c.code] for c in m.cards)
            if m.size >= 7:
                canastas += 1
                total += canasta_bonus(rules, int(rank), m)
            elif m.wilds == 0 and rank != WILD_MELD_KEY:
                total -= rules.incomplete_meld_penalty_for(int(rank))
            elif rank == WILD_MELD_KEY:
                total -= rules.incomplete_wild_meld_penalty
        if rules.melds_negative_without_canasta and canastas == 0:
            total = -abs(total)
        return total

    def canastas(self, side: int) -> int:
        """How many canastas `side` has on the table."""
        return sum(1 for r, m in self.view.melds[side].items() if m.size >= 7 and r != THREE)

    def threatens_to_go_out(self, seat: int) -> bool:
        """An opponent close to going out: few cards, and the canastas it needs are there
        or one card away."""
        v = self.view
        side = v.side_of[seat]
        need = v.rules.canastas_to_go_out
        have = self.canastas(side)
        near = sum(1 for r, m in v.melds[side].items() if m.size == 6 and r != THREE)
        if v.hand_sizes[seat] > 3:
            return False
        return have >= need or (have + near >= need and v.hand_sizes[seat] >= 2)

    def opponents_threaten(self) -> bool:
        """Whether any opponent looks close to going out."""
        return any(self.threatens_to_go_out(s) for s in self.view.opponents())


def _poisson_at_least(lam: float, k: int) -> float:
    if k <= 0:
        return 1.0
    term = 2.718281828 ** (-lam)
    below = term
    for i in range(1, k):
        term *= lam / i
        below += term
    return max(0.0, min(1.0, 1.0 - below))


def canasta_bonus(rules, rank: int, m: MeldView) -> int:
    """The bonus a canasta of `rank` shaped like `m` would score."""
    if rank == WILD_MELD_KEY:
        return rules.wild_canasta_bonus_for(sum(1 for c in m.cards if c.rank == JOKER))
    if m.wilds == 0:
        return rules.natural_canasta_bonus_for(rank)
    return rules.mixed_canasta_bonus


def _group_rank(action: Meld, i: int) -> Rank | None:
    for c in action.groups[i]:
        if c.is_natural:
            return c.rank
    target = action.target(i)
    if target is not None:
        return target
    if all(c.is_wild for c in action.groups[i]):
        return WILD_MELD_KEY
    return action.groups[i][0].rank


def _wild_weight(cards) -> float:
    # a joker is worth 50 and a 2 only 20: spend twos first
    return sum(1.5 if c.rank == JOKER else 1.0 for c in cards if c.is_wild)


class ExpertPlayer:
    """Our reference opponent: reads the table, counts cards and plays by fixed priorities."""

    name = "expert"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # ------------------------------------------------------------------ protocol
    def choose(self, view: PlayerView) -> Action:
        """The move to make; `view.legal` holds the engine's legal moves."""
        legal = view.legal
        if not legal:
            raise ValueError("choose() called for a seat that is not to act")
        if len(legal) == 1:
            return legal[0]
        kinds = {type(a) for a in legal}
        if AnswerGoOut in kinds:
            return AnswerGoOut(self.answer_go_out(view))
        if NextHand in kinds:
            return next(a for a in legal if isinstance(a, NextHand))
        r = Reading(view)
        if kinds & {Draw, TakePile, PassPile} and Discard not in kinds:
            return self._draw(r)
        return self._turn(r)

    def answer_go_out(self, view: PlayerView) -> bool:
        """Yes when an opponent threatens or the stock runs low; no while its own hand is heavy and
        much of it can be melded next turn."""
        r = Reading(view)
        if r.opponents_threaten() or view.stock_size <= view.rules.players * 2:
            return True
        asker = view.partner
        if asker is None:
            return True
        # "no" only while my own hand is heavy and much of it can go down next turn
        mine = r.hand_cost(view.hand)
        meldable = sum(r.values[c.code] for c in view.hand
                       if c.is_wild or c.rank in view.my_melds
                       or (c.is_natural and r.hand_counts[c.rank] >= 3))
        ours = r.table_value(view.side) + view.rules.going_out_bonus - mine
        theirs = max(r.table_value(view.side_of[s]) - r.unknown_hand_cost(s)
                     for s in view.opponents())
        if ours > theirs + 300:
            return True
        return not (mine >= 80 and meldable >= mine * 0.5)

    # ------------------------------------------------------------------ drawing
    def _draw(self, r: Reading) -> Action:
        v = r.view
        legal = v.legal
        opens = [a for a in legal if isinstance(a, Meld)]
        if opens:
            # opening from the hand before drawing (italian): fewest wild cards
            return min(opens, key=lambda a: (_wild_weight(c for g in a.groups for c in g),
                                             sum(len(g) for g in a.groups)))
        takes = [a for a in legal if isinstance(a, TakePile)]
        scored = [(self._take_worth(r, a), a) for a in takes]
        best = max(scored, key=lambda t: t[0], default=None)
        draw = next((a for a in legal if isinstance(a, Draw)), None)
        passing = next((a for a in legal if isinstance(a, PassPile)), None)
        stock_value = 7.0 * v.rules.draw_count
        if best is not None:
            if draw is None and passing is None:
                return best[1]
            if draw is not None and best[0] > stock_value:
                return best[1]
            if passing is not None and best[0] > 0:
                return best[1]
        return draw or passing or legal[0]

    def _take_worth(self, r: Reading, action: TakePile) -> float:
        v = r.view
        rules = v.rules
        top = v.pile[-1]
        counts = Counter(r.hand_counts)
        used = list(action.cards) + [c for g in action.melds for c in g]
        for c in used:
            counts[c.rank] -= 1
        rest = list(v.pile[:-1])
        for c in rest:
            counts[c.rank] += 1
        mine = v.my_melds
        worth = 10.0 + r.values[top.code]
        for c in rest:
            if c.is_red_three:
                worth += rules.red_three_bonus
            elif c.is_black_three:
                worth -= 4.0
            elif c.is_wild:
                worth += 30.0
            elif c.rank in mine or counts[c.rank] >= 2:
                worth += 14.0
            else:
                worth += 4.0
        worth += 8.0 * v.pile_hidden  # italian's face-down starting cards
        worth -= 30.0 * _wild_weight(used)
        m = mine.get(top.rank)
        size_after = (m.size if m else 0) + 1 + len(action.cards)
        if size_after >= 7 and (m is None or m.size < 7):
            worth += 200.0
        if action.melds:
            worth += 40.0  # the opening: the pile is no longer frozen for us
        # penalised melds that may stay short (modern: sevens, aces, wild-card melds)
        penalty = rules.incomplete_meld_penalty_for(int(top.rank))
        if penalty and size_after < 7 and (m is None or m.wilds == 0):
            worth -= 0.5 * penalty * (1.0 if size_after < 5 else 0.4)
        for g in action.melds:
            if all(c.is_wild for c in g):
                worth -= 0.5 * rules.incomplete_wild_meld_penalty
        if rules.cutthroat and rules.players == 3 and len(set(v.side_of)) == 3:
            worth -= 350.0  # the first taker plays alone against two
        # the dominant side is the one that holds the cards
        if len(v.hand) <= 4:
            worth += 30.0
        return worth

    # ------------------------------------------------------------------ the turn
    def _turn(self, r: Reading) -> Action:
        v = r.view
        legal = v.legal
        melds = [a for a in legal if isinstance(a, Meld)]
        discards = [a for a in legal if isinstance(a, Discard)]
        ask = next((a for a in legal if isinstance(a, AskGoOut)), None)
        n = len(v.hand)
        out: list[Action] = [m for m in melds if n - sum(len(g) for g in m.groups) <= 1]
        if n == 1:
            out += discards
        if out:
            if self._go_out_now(r):
                if ask is not None and v.answer is None and self._ask_first(r):
                    return ask
                return max(out, key=lambda a: sum(len(g) for g in a.groups)
                           if isinstance(a, Meld) else 0)
            if len(out) == len(legal):
                return out[0]
        staying = [m for m in melds if m not in out]
        if staying:
            scored = [(self._meld_worth(r, m), m) for m in staying]
            worth, best = max(scored, key=lambda t: t[0])
            if worth > 0:
                return best
        if discards:
            return self._discard(r, discards)
        return out[0] if out else legal[0]

    def _go_out_now(self, r: Reading) -> bool:
        v = r.view
        if v.answer is True:
            return True
        if r.opponents_threaten() or v.stock_size <= v.rules.players * v.rules.draw_count:
            return True
        rules = v.rules
        ours = r.table_value(v.side) + rules.going_out_bonus
        ours -= sum(r.unknown_hand_cost(s) for s in range(rules.players)
                    if v.side_of[s] == v.side and s != v.seat)
        theirs = max(r.table_value(v.side_of[s]) for s in v.opponents())
        their_hands = sum(r.unknown_hand_cost(s) for s in v.opponents())
        # ahead on the hand: end it before the opponents catch up
        return ours >= theirs - their_hands - 300

    def _ask_first(self, r: Reading) -> bool:
        v = r.view
        partner = v.partner
        return partner is not None and v.hand_sizes[partner] >= 6

    def _meld_worth(self, r: Reading, action: Meld) -> float:
        v = r.view
        rules = v.rules
        mine = v.my_melds
        need = rules.canastas_to_go_out
        have = r.canastas(v.side)
        hand_after = len(v.hand) - sum(len(g) for g in action.groups)
        late = v.stock_size <= rules.players * rules.draw_count * 3
        urgent = late or r.opponents_threaten()
        if not mine:
            # the opening: as few wild cards (twos before jokers) and cards as will do
            wilds = _wild_weight(c for g in action.groups for c in g)
            worth = 60.0 - 28.0 * wilds - 2.0 * sum(len(g) for g in action.groups)
            if hand_after < 5 and not urgent:
                worth -= 20.0
            for i in range(len(action.groups)):
                rank = _group_rank(action, i)
                if rank == WILD_MELD_KEY:
                    worth -= 0.5 * rules.incomplete_wild_meld_penalty
                elif rank is not None:
                    worth -= 0.5 * rules.incomplete_meld_penalty_for(rank)
            return worth if worth > 0 else (5.0 if urgent else worth)
        total = 0.0
        for i, g in enumerate(action.groups):
            rank = _group_rank(action, i)
            m = mine.get(rank) if rank is not None else None
            size0 = m.size if m else 0
            size1 = size0 + len(g)
            wild = sum(1 for c in g if c.is_wild)
            if size0 < 7 <= size1:
                total += 220.0 if have < need else 120.0
                continue
            value = sum(r.values[c.code] for c in g)
            gain = 3.0 + 0.2 * value
            if urgent:
                gain += 0.5 * value
            if wild:
                # wild cards go on a meld that is close to a canasta, never on a short
                # fresh one: one target at a time
                if size1 >= 6:
                    gain += 5.0
                else:
                    gain -= 30.0 * _wild_weight(g) * (0.3 if urgent else 1.0)
                if m is not None and m.wilds == 0 and size1 < 7:
                    gain -= 20.0  # gives up a natural canasta in the making
            if rank == WILD_MELD_KEY and m is None:
                gain -= 0.6 * rules.incomplete_wild_meld_penalty
            elif m is None and rank is not None and wild == 0:
                pen = rules.incomplete_meld_penalty_for(rank)
                if pen:
                    gain -= pen * (0.3 if size1 >= 5 else 0.8)
            if m is None and wild == 0 and not urgent and v.pile_frozen \
                    and len(v.pile) >= 4 and len(g) == 3:
                gain -= 15.0  # a concealed triple still takes a frozen pile
            total += gain
        if not urgent and have < need and hand_after < 6:
            # a short hand before the canasta can neither take nor go out
            total -= 12.0 * (6 - hand_after)
        return total

    # ------------------------------------------------------------------ discarding
    def _discard(self, r: Reading, discards: list[Discard]) -> Action:
        costs = {}
        for d in discards:
            c = d.card
            if c.code in costs:
                continue
            costs[c.code] = (self._keep(r, c) + self._danger(r, c), d)
        cost, best = min(costs.values(), key=lambda t: t[0])
        freeze = self._freeze_choice(r, discards, cost)
        return freeze or best

    def _keep(self, r: Reading, c: Card) -> float:
        v = r.view
        rules = v.rules
        late = v.stock_size <= rules.players * rules.draw_count * 3
        if c.is_wild:
            return 90.0 + r.values[c.code]
        if c.is_black_three:
            return -6.0 if len(v.pile) >= 4 else 0.0
        k = r.hand_counts[c.rank]
        value = r.values[c.code]
        if c.rank in rules.held_group_ranks and k >= rules.held_group_size:
            return -20.0  # a group that costs a fortune if still held at the end
        if c.rank in v.dead_ranks:
            return -value * 0.2
        frozen = v.pile_frozen or not v.my_melds
        if k >= 3:
            keep = 40.0
        elif k == 2:
            keep = 26.0 + (12.0 if frozen else 0.0)
        elif c.rank in v.my_melds:
            keep = 10.0
        else:
            keep = 1.0 + 1.2 * r.unseen[c.rank]
        keep -= value * (0.6 if late else 0.15)
        return keep

    def _danger(self, r: Reading, c: Card) -> float:
        v = r.view
        rules = v.rules
        nxt = (v.seat + 1) % rules.players
        if v.side_of[nxt] == v.side or c.is_black_three:
            return 0.0
        if rules.cutthroat and rules.players == 3 and len(set(v.side_of)) == 3:
            return 0.0
        side = v.side_of[nxt]
        theirs = v.melds[side]
        opened = bool(theirs)
        if c.is_wild:
            if rules.wild_top_take_same:
                return 300.0 * r.p_pair(nxt, c.rank, rules.wild_top_take_same)
            return 0.0
        if c.rank in v.dead_ranks:
            return 0.0
        if not opened and rules.open_before_draw:
            opened_factor = 0.25
        else:
            opened_factor = 1.0
        if not v.pile and v.hand_sizes[nxt] == 1:
            return 0.0
        frozen = v.pile_frozen or rules.take_needs_natural_pair
        need = rules.stopper_take_naturals if (rules.stopper_take_naturals
                                               and v.pile_frozen) else 2
        m = theirs.get(c.rank)
        pile_cards = v.pile_size + 1
        gain = 30.0 + 15.0 * pile_cards
        if m is not None and m.size >= 4:
            # the card (and maybe more from the pile) grows their meld toward a canasta
            more = sum(1 for x in v.pile if x.rank == c.rank)
            if m.size + 1 + more >= 7 > m.size:
                gain += canasta_bonus(rules, int(c.rank), m) * (1.0 if m.size + 1 >= 7 else 0.5)
        if opened and not frozen and m is not None:
            if rules.take_join_max_size and m.size > rules.take_join_max_size:
                p = r.p_pair(nxt, c.rank, need)
            else:
                p = 1.0  # a lay-off takes it
        else:
            p = r.p_pair(nxt, c.rank, need)
            if not frozen and opened:
                # one natural plus a wild card takes an unfrozen pile too
                p = min(1.0, p + 0.5 * r.p_pair(nxt, c.rank, 1) * 0.6)
        return opened_factor * p * gain

    def _freeze_choice(self, r: Reading, discards: list[Discard], best_cost: float
                       ) -> Discard | None:
        """Throw a wild card onto a big pile the opponents are about to take when our
        side can still take a frozen pile (we hold pairs) - two before jokers."""
        v = r.view
        if v.pile_frozen or len(v.pile) < 5:
            return None
        wilds = [d for d in discards if d.card.is_wild]
        if not wilds:
            return None
        wild_count = sum(1 for c in v.hand if c.is_wild)
        pairs = sum(1 for rank, k in r.hand_counts.items() if k >= 2 and rank not in
                    (JOKER, TWO, THREE))
        if pairs < 2 and wild_count < 2:
            return None
        if best_cost < 60.0 + 12.0 * len(v.pile):
            return None
        return min(wilds, key=lambda d: (d.card.rank == JOKER, r.values[d.card.code]))


register("expert", ExpertPlayer)
