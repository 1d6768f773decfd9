"""Finding an opening: a small set of melds from a hand worth the minimum count.

The legal-move generator offers one canonical opening built here; the engine's validator
still judges it like any other move."""

from __future__ import annotations

from .cards import Card, Rank
from .melds import values_for, wild_capacity, wild_room
from .ruleset import RuleSet


def split_hand(hand: list[Card]) -> tuple[dict[int, list[Card]], list[Card]]:
    """Naturals by rank, and the wild cards (threes are in neither)."""
    by_rank: dict[int, list[Card]] = {}
    wilds: list[Card] = []
    for c in hand:
        r = c.rank
        if r == 0 or r == 2:
            wilds.append(c)
        elif r != 3:
            if r in by_rank:
                by_rank[r].append(c)
            else:
                by_rank[r] = [c]
    return by_rank, wilds


def opening_groups(rules: RuleSet, hand: list[Card], minimum: int,
                   exclude: tuple[Rank, ...] = (), dead: frozenset[int] = frozenset(),
                   need_clean: bool = True, natural_only: bool = False
                   ) -> list[list[Card]] | None:
    """A small set of melds from `hand` worth at least `minimum`, or None.

    Natural melds first (most valuable first), then pairs completed with a wild card,
    then wild cards added where they fit, stopping as soon as the minimum is reached.
    `natural_only`: no wild card at all (italian openings)."""
    by_rank, wilds = split_hand(hand)
    if natural_only:
        wilds = []
    for r in exclude:
        by_rank.pop(r, None)
    if rules.restricted_melding:
        return opening_strict(rules, by_rank, wilds, minimum, dead, need_clean)
    return opening_from(rules, by_rank, wilds, minimum)


def opening_strict(rules: RuleSet, by_rank: dict[int, list[Card]], wilds: list[Card],
                    minimum: int, dead: frozenset[int], need_clean: bool
                    ) -> list[list[Card]] | None:
    """`_opening_from` for rule sets that cap melds, keep wild cards off some ranks, kill
    ranks, lock wild cards behind a meld of wild cards, or want a clean meld in the
    opening (`need_clean`). The engine's validator has the last word."""
    values = values_for(rules)
    cap = rules.max_meld_size or 10**6
    live = {r: cs for r, cs in by_rank.items() if r not in dead}
    if rules.canasta_from_hand_opens:
        for cs in live.values():
            if len(cs) >= 7 and cap >= 7:
                return [list(cs[:7])]
        if rules.wild_canasta and len(wilds) >= 7 and cap >= 7:
            return [list(wilds[:7])]
    triples = sorted((cs[:cap] for cs in live.values() if len(cs) >= 3),
                     key=lambda cs: -values[cs[0].code] * len(cs))
    pairs = sorted((cs for cs in live.values() if len(cs) == 2),
                   key=lambda cs: -values[cs[0].code])
    wilds = sorted(wilds, key=lambda c: -values[c.code])
    groups: list[list[Card]] = []
    total = 0
    for cs in triples:
        if total >= minimum:
            break
        groups.append(list(cs))
        total += values[cs[0].code] * len(cs)
    locked = False
    if not groups and need_clean:
        # no natural meld: only a meld of wild cards can make the opening clean
        if not rules.wild_canasta or len(wilds) < rules.wild_meld_min:
            return None
        take = wilds[:cap]
        wilds = wilds[len(take):]
        groups.append(take)
        total += sum(values[c.code] for c in take)
        locked = rules.wild_meld_locks and len(take) < 7
    if total < minimum and not locked:
        for cs in pairs:
            if total >= minimum or not wilds:
                break
            if wild_room(rules, cs[0].rank, 2, 0, False) < 1:
                continue
            w = wilds.pop(0)
            groups.append(list(cs) + [w])
            total += values[cs[0].code] * 2 + values[w.code]
        for g in groups:
            n = sum(1 for c in g if not c.is_wild)
            if n == 0:
                continue
            while (total < minimum and wilds
                   and wild_room(rules, g[0].rank, n, len(g) - n, False) > 0):
                w = wilds.pop(0)
                g.append(w)
                total += values[w.code]
    if total < minimum or not groups:
        return None
    return groups


def opening_from(rules: RuleSet, by_rank: dict[int, list[Card]], wilds: list[Card],
                  minimum: int) -> list[list[Card]] | None:
    values = values_for(rules)
    triples = []
    pairs = []
    bound = 0  # more than any opening from this hand can be worth
    for cs in by_rank.values():
        k = len(cs)
        if k >= 3:
            triples.append(cs)
            bound += values[cs[0].code] * k
        elif k == 2:
            pairs.append(cs)
            bound += values[cs[0].code] * 2
    if not triples and not (pairs and wilds):
        return None
    for w in wilds:
        bound += values[w.code]
    if bound < minimum:
        return None
    wilds = sorted(wilds, key=lambda c: -values[c.code])
    groups: list[list[Card]] = []
    total = 0
    triples.sort(key=lambda cs: -values[cs[0].code] * len(cs))
    for cs in triples:
        if total >= minimum:
            break
        groups.append(list(cs))
        total += values[cs[0].code] * len(cs)
    if total < minimum:
        pairs.sort(key=lambda cs: -values[cs[0].code])
        for cs in pairs:
            if total >= minimum or not wilds:
                break
            w = wilds.pop(0)
            groups.append(list(cs) + [w])
            total += values[cs[0].code] * 2 + values[w.code]
    if total < minimum:
        for g in groups:
            n = sum(1 for c in g if not c.is_wild)
            while total < minimum and wilds and wild_capacity(rules, n, len(g) - n) > 0:
                w = wilds.pop(0)
                g.append(w)
                total += values[w.code]
    if total < minimum or not groups:
        return None
    return groups
