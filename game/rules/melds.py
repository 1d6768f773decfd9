"""Melds on the table and what makes a meld valid under a RuleSet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from .cards import Card, Rank
from .meldkeys import BLACK_THREES, WILD_MELD, CanastaKind, MeldShape
from .ruleset import RuleSet
from .units import Refusal, units_for

if TYPE_CHECKING:
    from .view import MeldView

__all__ = ["BLACK_THREES", "WILD_MELD", "CanastaKind", "TableMeld", "plan_go_out",
           "shape_error", "value_table", "values_for", "wild_room"]


@cache
def value_table(black_three_value: int) -> tuple[int, ...]:
    """Card values indexed by `Card.code` (rank * 5 + suit)."""
    table = [0] * 70
    for code in range(70):
        rank, suit = divmod(code, 5)
        if rank == Rank.JOKER:
            v = 50
        elif rank in (Rank.ACE, Rank.TWO):
            v = 20
        elif rank >= Rank.EIGHT:
            v = 10
        elif rank >= Rank.FOUR:
            v = 5
        else:  # threes: black ones have a value, red ones only a bonus
            v = black_three_value if suit in (0, 3) else 0
        table[code] = v
    return tuple(table)


def values_for(rules: RuleSet) -> tuple[int, ...]:
    """The point value of every card code under this rule set (index by `Card.code`)."""
    return value_table(rules.black_three_value)


class TableMeld(MeldShape):
    """A side's meld of one rank (mutable engine state; views get snapshots)."""

    __slots__ = ("rank", "cards", "naturals", "wilds", "snapshot")

    def __init__(self, rank: Rank, cards: list[Card] | None = None) -> None:
        self.rank = rank
        self.cards: list[Card] = []
        self.naturals = 0
        self.wilds = 0
        self.snapshot: MeldView | None = None  # the views' MeldView of it, while current
        if cards:
            self.add(cards)

    @classmethod
    def showing(cls, m: MeldView) -> TableMeld:
        """The meld `m` shows, with `m` as its snapshot (a resampled world shows the very
        meld the view showed)."""
        t = cls(m.rank)
        t.cards = list(m.cards)
        t.naturals = m.naturals
        t.wilds = m.wilds
        t.snapshot = m
        return t

    def add(self, cards: Iterable[Card]) -> None:
        """Put cards onto the meld, counting naturals and wild cards."""
        for c in cards:
            self.cards.append(c)
            if c.is_wild:
                self.wilds += 1
            else:
                self.naturals += 1


def shape_error(rules: RuleSet, rank: Rank, naturals: int, wilds: int,
                new: bool) -> Refusal | None:
    """Why a meld of `rank` with these counts is not allowed, or None (the variant's
    shape rules; `new`: the meld does not exist on the table yet, so it is laid now)."""
    return units_for(rules).shape_error(rank, naturals, wilds, new)


def wild_room(rules: RuleSet, rank: int, naturals: int, wilds: int, opened: bool) -> int:
    """At most how many more wild cards a meld with these counts may take, by the
    variant's rules (`opened`: the side has made its initial meld)."""
    return units_for(rules).wild_room(rank, naturals, wilds, opened)


def plan_go_out(rules: RuleSet, hand: list[Card], melds: dict[Rank, TableMeld],
                need_canastas: int, opened: bool, minimum: int,
                keep_one: bool = True, dead: frozenset[int] = frozenset()
                ) -> list[tuple[list[Card], Rank | None]] | None:
    """Groups that meld the whole hand, or all but one card (left to discard), so that the
    side then has `need_canastas` canastas; None when no such plan is found.

    A greedy plan, not an exhaustive search: wild cards go first where a meld needs them,
    then where they complete a canasta. The engine validates whatever it suggests."""
    values = values_for(rules)
    # A natural with no partner and no meld to join can only be the discard: with two
    # such cards (or two black threes) there is no plan, and with one it is the discard.
    orphans, black3 = _orphans(hand, melds, dead)
    if not rules.meld_black_threes and black3:
        if rules.final_discard_no_stoppers:
            return None  # never melded, and not a final discard either
        orphans.extend(black3)
    elif len(black3) in (1, 2):
        orphans.extend(black3[:1] if len(black3) == 1 else black3)
    if len(orphans) > (1 if keep_one else 0):
        return None
    candidates: list[Card | None]
    if orphans:
        candidates = [orphans[0]]
    else:
        # a variant where going out always ends with a discard never melds everything
        candidates = [] if rules.go_out_with_discard else [None]
        if keep_one:
            seen: set[int] = set()
            for c in hand:
                if c.code not in seen:
                    seen.add(c.code)
                    if not (rules.final_discard_no_stoppers and c.is_wild):
                        candidates.append(c)
    strict = rules.go_out_needs_natural_and_mixed
    whole = _sort_all(rules, hand)  # sorted once: each candidate's rest is read off it
    for discard in candidates:
        # the candidate is one of the hand's own cards: it goes by identity (no __eq__)
        plan = _plan_sorted(rules, _without(rules, hand, whole, discard), melds,
                            need_canastas, opened)
        if strict and plan:
            rest = [c for c in hand if c is not discard]
            # wild cards may have spoilt the only natural canasta: keep each candidate
            # natural in turn
            tries = [frozenset([r]) for r in _natural_canasta_ranks(rest, melds)]
            while plan and not _kinds_ok(melds, plan) and tries:
                plan = _plan_all(rules, rest, melds, need_canastas, opened, tries.pop())
        if plan is None or not plan:
            continue
        if not opened and sum(values[c.code] for g, _ in plan for c in g) < minimum:
            continue
        return plan
    return None


def _orphans(hand: list[Card], melds: dict[Rank, TableMeld], dead: frozenset[int]
             ) -> tuple[list[Card], list[Card]]:
    """The hand's naturals with no partner and no meld to join (or of a rank nobody may
    meld), and its black 3s, in hand order."""
    ranks: dict[int, int] = {}  # the naturals by rank, and the black 3s: one pass
    black3: list[Card] = []
    for c in hand:
        if c.is_natural:
            ranks[c.rank] = ranks.get(c.rank, 0) + 1
        elif c.is_black_three:
            black3.append(c)
    orphans = [c for c in hand if c.is_natural and (c.rank in dead or (
        ranks[c.rank] == 1 and c.rank not in melds))]
    return orphans, black3


def _natural_canasta_ranks(cards: list[Card], melds: dict[Rank, TableMeld]) -> list[Rank]:
    """Ranks whose meld would be a natural canasta with these cards and no wild card."""
    count = Counter(c.rank for c in cards if c.is_natural)
    out = []
    for rank in set(count) | {r for r in melds if r not in (BLACK_THREES, WILD_MELD)}:
        m = melds.get(rank)
        if (m is None or m.wilds == 0) and (m.size if m else 0) + count[rank] >= 7:
            out.append(Rank(rank))
    return out


def _kinds_ok(melds: dict[Rank, TableMeld], plan: list[tuple[list[Card], Rank | None]]
              ) -> bool:
    """Whether the side has a natural and a mixed canasta after `plan` (italian)."""
    added: dict[Rank, list[Card]] = {}
    for cards, onto in plan:
        rank = onto
        if rank is None:
            rank = next((c.rank for c in cards if not c.is_wild), WILD_MELD)
        added.setdefault(rank, []).extend(cards)
    natural = mixed = False
    for rank in set(melds) | set(added):
        if rank in (BLACK_THREES, WILD_MELD):
            continue
        m = melds.get(rank)
        extra = added.get(rank, [])
        if (m.size if m else 0) + len(extra) < 7:
            continue
        if (m.wilds if m else 0) or any(c.is_wild for c in extra):
            mixed = True
        else:
            natural = True
    return natural and mixed


Groups = list[tuple[list[Card], Rank | None]]


def _plan_all(rules: RuleSet, cards: list[Card], melds: dict[Rank, TableMeld],
              need_canastas: int, opened: bool = True, protect: frozenset[int] = frozenset()
              ) -> Groups | None:
    """`protect`: ranks that take a wild card only to reach three cards."""
    return _plan_sorted(rules, _sort_cards(rules, cards), melds, need_canastas, opened, protect)


def _plan_sorted(rules: RuleSet, sorted_cards: _Split | None, melds: dict[Rank, TableMeld],
                 need_canastas: int, opened: bool = True, protect: frozenset[int] = frozenset()
                 ) -> Groups | None:
    """`_plan_all` of cards sorted by `_sort_cards` (its lists are not changed)."""
    if sorted_cards is None:
        return None
    by_rank, wilds, black3 = sorted_cards
    wilds = list(wilds)  # (handed out one by one below)
    laid = _lay_naturals(rules, by_rank, melds, wilds, opened)
    if laid is None:
        return None
    plan, counts = laid
    groups: Groups = []
    canastas = sum(1 for r, m in melds.items() if m.is_canasta and r not in counts)
    wm = melds.get(WILD_MELD)
    if rules.unfinished_wild_meld_binds and wm is not None and wm.size < 7:
        # the side may not go out before its meld of wild cards is a canasta
        need = 7 - wm.size
        if len(wilds) < need:
            return None
        groups.append((wilds[-need:], WILD_MELD))
        del wilds[-need:]
        canastas += 1
    # remaining wilds: complete canastas first, then anywhere they fit
    order = sorted((r for r in counts if r not in protect),
                   key=lambda r: -(counts[r][0] + counts[r][1]))
    _spread_wilds(rules, plan, counts, wilds, order, opened, up_to=7)
    _spread_wilds(rules, plan, counts, wilds, order, opened, up_to=None)
    groups.extend((g, None) for g in plan.values())
    canastas += sum(1 for n, w, _ in counts.values() if n + w >= 7)
    if wilds:
        gained = _leftover_wilds(rules, melds, counts, wilds, protect, opened, groups)
        if gained is None:
            return None
        canastas += gained
    if black3:
        groups.append((list(black3), None))
    return groups if canastas >= need_canastas else None


_Split = tuple[dict[Rank, list[Card]], list[Card], list[Card]]


def _sort_all(rules: RuleSet, hand: list[Card]) -> tuple[_Split, int]:
    """`_sort_cards`' lists for the whole hand, whatever it holds, and how many of its
    cards are threes never melded."""
    by_rank: dict[Rank, list[Card]] = {}
    wilds: list[Card] = []
    black3: list[Card] = []
    bad = 0
    for c in hand:
        if c.is_wild:
            wilds.append(c)
        elif c.is_black_three and not rules.lay_out_black_threes:
            black3.append(c)
        elif c.is_three:
            bad += 1
        else:
            by_rank.setdefault(c.rank, []).append(c)
    return (by_rank, wilds, black3), bad


def _without(rules: RuleSet, hand: list[Card], whole: tuple[_Split, int], discard: Card | None
             ) -> _Split | None:
    """`_sort_cards(rules, hand less discard)`, read off the whole hand's (`_sort_all`)."""
    (by_rank, wilds, black3), bad = whole
    if discard is None:
        pass
    elif discard.is_wild:
        wilds = [c for c in wilds if c is not discard]
    elif discard.is_black_three and not rules.lay_out_black_threes:
        black3 = [c for c in black3 if c is not discard]
    elif discard.is_three:
        bad -= 1
    else:
        same = by_rank[discard.rank]
        if len(same) > 1 and same[0] is discard:  # the rank's place moves: sorted afresh
            return _sort_cards(rules, [c for c in hand if c is not discard])
        by_rank = dict(by_rank)  # (the order of the ranks left is the rest's own)
        if len(same) == 1:
            del by_rank[discard.rank]
        else:
            by_rank[discard.rank] = [c for c in same if c is not discard]
    if bad or black3 and len(black3) not in (3, 4):
        return None
    return by_rank, wilds, black3


def _sort_cards(rules: RuleSet, cards: list[Card]
                ) -> tuple[dict[Rank, list[Card]], list[Card], list[Card]] | None:
    """Naturals by rank, wild cards, black 3s; None when some card can never be melded."""
    (by_rank, wilds, black3), bad = _sort_all(rules, cards)
    if bad or black3 and len(black3) not in (3, 4):
        return None
    return by_rank, wilds, black3


def _lay_naturals(rules: RuleSet, by_rank: dict[Rank, list[Card]], melds: dict[Rank, TableMeld],
                  wilds: list[Card], opened: bool
                  ) -> tuple[dict[Rank, list[Card]], dict[Rank, list[int]]] | None:
    """Each rank's naturals onto its meld, and wild cards into the new melds too small
    without them; the counts per meld are [naturals, wilds, new]."""
    plan: dict[Rank, list[Card]] = {}
    counts: dict[Rank, list[int]] = {}
    cap = rules.max_meld_size or 10**6
    for rank, nat in by_rank.items():
        m = melds.get(rank)
        n0, w0 = (m.naturals, m.wilds) if m else (0, 0)
        n = n0 + len(nat)
        if n + w0 > cap:
            return None
        plan[rank] = list(nat)
        counts[rank] = [n, w0, 0 if m else 1]
    for rank, (n, w, new) in counts.items():
        if new and n < 3:
            need = 3 - n
            if wild_room(rules, rank, n, w, opened) < need or len(wilds) < need:
                return None
            for _ in range(need):
                plan[rank].append(wilds.pop())
            counts[rank][1] += need
    return plan, counts


def _spread_wilds(rules: RuleSet, plan: dict[Rank, list[Card]], counts: dict[Rank, list[int]],
                  wilds: list[Card], order: list[Rank], opened: bool, up_to: int | None) -> None:
    """Wild cards into the planned melds, in `order`, while they fit (and, with `up_to`,
    while the meld is short of that size)."""
    for rank in order:
        n, w, _ = counts[rank]
        while wilds and (up_to is None or n + w < up_to) and wild_room(rules, rank, n, w, opened) > 0:
            plan[rank].append(wilds.pop())
            w += 1
        counts[rank][1] = w


def _leftover_wilds(rules: RuleSet, melds: dict[Rank, TableMeld], counts: dict[Rank, list[int]],
                    wilds: list[Card], protect: frozenset[int], opened: bool, groups: Groups
                    ) -> int | None:
    """Wild cards left over: onto the melds on the table the plan leaves alone, or as a
    meld of their own. Adds the groups; returns the canastas they complete, or None when
    some are still left."""
    gained = 0
    wm = melds.get(WILD_MELD)
    if wm is not None and rules.max_meld_size:
        # an unfinished meld of wild cards takes them first (it is capped, and it locks
        # the others)
        room = max(rules.max_meld_size - wm.size, 0)
        take = wilds[:room]
        if take:
            del wilds[:room]
            groups.append((take, WILD_MELD))
            gained += wm.size < 7 <= wm.size + len(take)
    for rank, m in melds.items():
        if rank in counts or rank in (BLACK_THREES, WILD_MELD) or rank in protect:
            continue
        room = wild_room(rules, rank, m.naturals, m.wilds, opened)
        take = wilds[:room]
        if take:
            del wilds[:room]
            groups.append((take, rank))
            gained += not m.is_canasta and m.size + len(take) >= 7
    cap = rules.max_meld_size or 10**6
    if (wilds and rules.wild_canasta and (wm is None or not rules.max_meld_size)
            and rules.wild_meld_min <= len(wilds) <= cap):
        groups.append((list(wilds), None))
        gained += len(wilds) >= 7
        wilds.clear()
    return None if wilds else gained
