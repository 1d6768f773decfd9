"""Openings of several melds for a side that has not opened: from the hand, and with
the discard pile (its top card with hand cards, plus melds from the hand).

The move list offers every single group already, so of the openings of several groups
it needs only the *minimal* ones: those from which no group can be dropped and no card
taken out (leaving legal groups) with the rest still a legal opening, by a reduction
that the same turn can undo - the group or card melded alone once the side is open.
Every larger legal opening then follows by single groups and lay-offs of the same
turn. Where a variant forbids adding something once the side is open (modern: a wild
card goes only into a meld of five naturals or more, aces take wild cards only within
the initial meld), that reduction cannot be undone, so the openings holding such
groups are listed whole.

This module only searches. The candidates are counted out rank by rank from the rule
units' answers about counts (`group_counts`, `wild_counts`: the shapes and the wild-card
room before and after the opening); whether a set of groups opens at all is the units'
`opening_need` (the minimum, a clean meld, the waiver of a canasta from the hand), read
as a table by whether it holds a clean meld and a canasta from the hand; and each
candidate left is judged by the same units as `check()`. The search prunes a branch
only where that table proves no minimal opening lies beyond it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from . import checks
from .actions import Meld, TakePile
from .cards import Card, Rank, code_rank
from .errors import IllegalMove
from .meldkeys import CANASTA_SIZE, WILD_MELD
from .openings import sort_hand
from .units import HOLDS_CANASTA, HOLDS_CLEAN, Melding, OpeningNeeds, RuleUnits
from .units.base import NO_LIMIT
from .units.opening import is_canasta_from_hand, is_clean

if TYPE_CHECKING:
    from .engine import Game

_MEMO_MOST = 50_000  # answers remembered per game (see `OpeningTables.make_room`)


class _Group(NamedTuple):
    """One group of an opening: `naturals` of its meld key (the taken top card counted
    for the pile's group; none: the meld of wild cards) with `jokers` and `twos`."""

    naturals: int
    jokers: int
    twos: int
    value: int  # what it adds to the opening's count
    holds: int  # a clean meld, a canasta from the hand (`units.HOLDS_CLEAN`, `HOLDS_CANASTA`)
    droppable: bool  # may be laid alone once the side is open
    # a meld of wild cards that bars wild cards from the other melds (`locks_wilds`)
    locks: bool
    # each card that may be taken out and laid later: (value given back, what the group
    # holds after)
    takeouts: tuple[tuple[int, int], ...]
    # the least value given back by a reduction that loses nothing `opening_need` reads
    # of the group (so it stays a reduction of the same standing in any superset;
    # NO_LIMIT: none)
    least_giveback: int


class _KeyGroups(NamedTuple):
    """A meld key's groups (`_build`), with what `_search` bounds its branches by."""

    groups: list[_Group]
    most_value: int  # the most a group adds
    most_naturals_value: int  # the most a group's naturals add
    holds: int  # what some group holds (`_Group.holds`)


# what the search reads of a hand: its tag (hand or pile, the minimum, the wild cards, the
# pile's part) and each target's kind and count
PatternKey = tuple[str | int, ...]


class _Pattern(NamedTuple):
    """A hand's targets in the canonical order `_pattern` puts them in."""

    key: PatternKey
    ranks: list[Rank]  # each target's meld key
    targets: list[_KeyGroups]
    places: list[int]  # each target's place in the hand's own order


# a remembered opening's group: its target's place in the canonical order, its place
# among that target's groups, the group
_Placed = tuple[int, int, _Group]
# a meld key's groups by what they are built from: its shape class (`rank_class`), a
# natural's worth, its naturals, jokers and 2s in hand, and for the pile's group the
# take's bounds and the top card's worth
_GroupsKey = tuple[int, int, int, int, int, tuple[int, int, int] | None]


@dataclass(slots=True)
class OpeningTables:
    """What the opening search worked out for one game, by the counts it read (its
    answers depend on nothing else): the groups of a meld key, the openings of a pattern
    (with the order of targets they were searched in), the same in another order, and
    each card code's kind (`_kinds`)."""

    groups: dict[_GroupsKey, _KeyGroups | None] = field(default_factory=dict)
    searches: dict[PatternKey, tuple[tuple[int, ...], list[list[_Placed]]]] = field(
        default_factory=dict)
    orders: dict[tuple[PatternKey, tuple[int, ...]], list[list[_Placed]]] = field(
        default_factory=dict)
    kinds: tuple[int, ...] | None = None

    def __len__(self) -> int:
        return len(self.groups) + len(self.searches) + len(self.orders)

    def clear(self) -> None:
        """Forget every answer."""
        self.groups.clear()
        self.searches.clear()
        self.orders.clear()
        self.kinds = None

    def make_room(self) -> None:
        """Keep the tables bounded (a hand's patterns are many): past the bound, forget."""
        if len(self) >= _MEMO_MOST:
            self.clear()


def _most_needed(table: OpeningNeeds) -> int:
    """The most an opening that can open at all must be worth, by `table` (the units'
    `opening_need_table`)."""
    most = 0
    for need in table:
        if most < need < NO_LIMIT:
            most = need
    return most


def _irreducible(needs: OpeningNeeds, chosen: list[tuple[int, _Group]], total: int) -> bool:
    """Whether no reduction of these groups (worth `total`) opens."""
    for i, (_, o) in enumerate(chosen):
        rest = 0  # what the other groups hold
        for k, (_, other) in enumerate(chosen):
            if k != i:
                rest |= other.holds
        if o.droppable and total - o.value >= needs[rest]:
            return False
        for given_back, holds_after in o.takeouts:
            if total - given_back >= needs[rest | holds_after]:
                return False
    return True


def _key_groups(g: Game, rank: int, have: int, n_jokers: int, n_twos: int, values: tuple[int, int, int],
                take: tuple[int, int, int] | None = None) -> _KeyGroups | None:
    """`_build`'s groups (None: no group), remembered by the game (they depend on the
    rank's shape class, its naturals' worth and the counts alone: the wild cards' values
    and what `opening_need` reads are the rule set's)."""
    key = (g.units.rank_class[rank], values[0], have, n_jokers, n_twos, take)
    tables = g.cache.tables.openings
    memo = tables.groups
    if key in memo:
        return memo[key]
    tables.make_room()
    groups = _build(g.units, rank, have, n_jokers, n_twos, values, take)
    _, joker_value, two_value = values
    out = memo[key] = _KeyGroups(
        groups, max(o.value for o in groups),
        max(o.value - joker_value * o.jokers - two_value * o.twos for o in groups),
        _holds_any(groups)) if groups else None
    return out


def _holds_any(groups: list[_Group]) -> int:
    """What some of the groups holds."""
    holds = 0
    for o in groups:
        holds |= o.holds
    return holds


def _build(units: RuleUnits, rank: int, have: int, n_jokers: int, n_twos: int, values: tuple[int, int, int],
           take: tuple[int, int, int] | None) -> list[_Group]:
    """The groups of `rank` (WILD_MELD: wild cards alone) from `have` naturals, `n_jokers`
    jokers and `n_twos` 2s, as an opening; `values`: a natural's, a joker's, a 2's.
    `take`: the group holding the pile's top card (`have` counts it), with the fewest
    hand naturals and the most wild cards the take units allow, and the top card's
    worth to the count."""
    cls = units.rank_class[rank]
    natural_value, joker_value, two_value = values
    if rank == WILD_MELD:
        sizes = [w for w in units.wild_counts(cls, 0, 0, True, False) if 0 < w <= n_jokers + n_twos]
        counts = [(0, j, w - j) for w in sizes for j in range(max(0, w - n_twos), min(n_jokers, w) + 1)]
    else:
        counts = list(units.new_group_counts(rank, have, n_jokers, n_twos, False))
    least, most, top_value = take if take is not None else (0, NO_LIMIT, 0)
    holds_top = take is not None
    top = 1 if holds_top else 0  # the top card: not the hand's, nor taken out
    fits = {(n, j, t) for n, j, t in counts if n - top >= least and j + t <= most}
    read = units.holds_read
    out = []
    for n, j, t in counts:
        if (n, j, t) not in fits:
            continue
        w = j + t
        takeouts = []
        if n - top > 0 and (n - 1, j, t) in fits and 0 in units.wild_counts(
                cls, n, w, False, True):  # (a natural laid alone onto the rest)
            takeouts.append((natural_value, _holds(rank, n - 1, w, holds_top)))
        if j and (n, j - 1, t) in fits and 1 in units.wild_counts(cls, n, w - 1, False, True):
            takeouts.append((joker_value, _holds(rank, n, w - 1, holds_top)))
        if t and (n, j, t - 1) in fits and 1 in units.wild_counts(cls, n, w - 1, False, True):
            takeouts.append((two_value, _holds(rank, n, w - 1, holds_top)))
        droppable = not holds_top and w in units.wild_counts(cls, n, 0, True, True)
        value = top_value + natural_value * (n - top) + joker_value * j + two_value * t
        holds = _holds(rank, n, w, holds_top)
        # (a reduction that spoils a clean meld, or a canasta from the hand, may leave no
        # opening however much it keeps, where the units read those)
        giveback = min((given_back for given_back, holds_after in takeouts
                        if not holds & read & ~holds_after), default=NO_LIMIT)
        if droppable and not holds & read:
            giveback = min(giveback, value)
        locks = rank == WILD_MELD and units.wild_meld_locks(w)
        out.append(_Group(n, j, t, value, holds, droppable, locks, tuple(takeouts), giveback))
    return out


def _holds(rank: int, naturals: int, wilds: int, holds_top: bool) -> int:
    """What a group holds that `opening_need` reads (`holds_top`: the pile's top card)."""
    return ((HOLDS_CLEAN if is_clean(rank, naturals, wilds) else 0)
            | (HOLDS_CANASTA if is_canasta_from_hand(naturals + wilds, holds_top) else 0))


def _suffixes(targets: list[_KeyGroups]) -> tuple[list[int], list[int], list[int]]:
    """Per i, what targets[i:] may bring: the most they can add, the most their naturals
    can add (each wild card counts once), and what they may hold (`_Group.holds`)."""
    m = len(targets)
    most, naturals, holds = [0] * (m + 1), [0] * (m + 1), [0] * (m + 1)
    for i in range(m - 1, -1, -1):
        tg = targets[i]
        most[i], naturals[i] = most[i + 1] + tg.most_value, naturals[i + 1] + tg.most_naturals_value
        holds[i] = holds[i + 1] | tg.holds
    return most, naturals, holds


def _search(table: OpeningNeeds, fixed: list[_Group], targets: list[_KeyGroups], n_jokers: int, n_twos: int,
            wild_values: tuple[int, int]) -> list[list[tuple[int, _Group]]]:
    """Every minimal opening of `fixed` plus at most one group per target, two groups
    or more; `wild_values`: a joker's and a 2's worth. Each group comes with its
    target's place in `targets` (-1: `fixed`).

    A branch stops where the rest cannot open (`opening_need` never rises as a clean
    meld or a canasta from the hand joins, so the most the rest may add, with every
    clean meld and canasta it may hold, bounds every superset), or where a reduction
    that keeps what `opening_need` reads already gives back no more than the value
    past every need (the same reduction opens in every superset that opens, so none is
    minimal)."""
    m = len(targets)
    joker_value, two_value = wild_values
    enough = _most_needed(table)
    most, naturals, beyond = _suffixes(targets)
    found: list[list[tuple[int, _Group]]] = []
    chosen = [(-1, o) for o in fixed]

    def walk(i: int, total: int, giveback: int, j: int, t: int, holds: int) -> None:
        """The openings of `chosen` plus groups of targets[i:]: `chosen` alone, then by
        their next group, from the last target that may still open back to targets[i]
        (the order of a search that leaves each target out before trying its groups)."""
        if len(chosen) >= 2 and total >= table[holds] and _irreducible(table, chosen, total):
            found.append(list(chosen))
        if i == m:
            return
        end = i
        wild = joker_value * j + two_value * t
        while end + 1 < m:
            e = end + 1
            if total + min(most[e], naturals[e] + wild) < table[holds | beyond[e]]:
                break
            end = e
        for k in range(end, i - 1, -1):
            nxt = k + 1
            most_n, naturals_n, beyond_n = most[nxt], naturals[nxt], beyond[nxt]
            for o in targets[k].groups:
                oj, ot = o.jokers, o.twos
                if oj > j or ot > t:
                    continue
                if o.locks and any(c.jokers or c.twos for _, c in chosen):
                    continue  # (the meld of wild cards comes last: see `_pattern`)
                tot = total + o.value
                c = o.least_giveback if o.least_giveback < giveback else giveback
                if tot - c >= enough:
                    continue  # a reduction already opens, in this and every larger set
                h, jr, tr = holds | o.holds, j - oj, t - ot
                if tot + min(most_n, naturals_n + joker_value * jr + two_value * tr) >= table[h | beyond_n]:
                    chosen.append((k, o))
                    walk(nxt, tot, c, jr, tr, h)
                    chosen.pop()

    if m:
        walk(0, sum(o.value for o in fixed), min((o.least_giveback for o in fixed), default=NO_LIMIT),
             n_jokers, n_twos, _holds_any(fixed))
    return found


def _cards(placed: list[_Placed], ranks: list[Rank], by_rank: dict[Rank, list[Card]],
           jokers: list[Card], twos: list[Card], top: int = 0) -> list[tuple[Card, ...]]:
    """The groups' hand cards, each group's meld key read in `ranks` (`top`: the first
    group holds the pile's top card)."""
    out = []
    j = t = 0
    for i, _, o in placed:
        n = o.naturals - top
        top = 0
        cards = by_rank[ranks[i]][:n] if n else []  # (a group of wild cards has no natural)
        if o.jokers:
            cards += jokers[j:j + o.jokers]
            j += o.jokers
        if o.twos:
            cards += twos[t:t + o.twos]
            t += o.twos
        out.append(tuple(cards))
    return out


def _wild_values(g: Game, jokers: list[Card], twos: list[Card]) -> tuple[int, int]:
    """A joker's and a 2's worth (0 where the hand holds none)."""
    v = g.card_values
    return v[jokers[0].code] if jokers else 0, v[twos[0].code] if twos else 0


def _out_of_reach(g: Game, table: OpeningNeeds, by_rank: dict[Rank, list[Card]], wilds: list[Card],
                  skip: frozenset[int], pile: tuple[int, int] | None = None) -> bool:
    """Whether these cards (no rank in `skip`; `pile`: the rank of the pile's top card
    and what its group's naturals are worth) open in no way, by `table` (the units'
    `opening_need_table`): short of what an opening with a clean meld needs, and of
    what one with a canasta from the hand needs or with no canasta in reach. An
    opening is worth less than every natural of a rank held three times or more,
    every wild card, and the best pairs, one for each wild card (a pair makes a meld
    only with a wild card; no rule lets one take less); a canasta is in reach where a
    rank and every wild card make one."""
    pile_rank, total = pile if pile is not None else (None, 0)
    v = g.card_values
    pairs = []
    nw = len(wilds)
    for rank, cs in by_rank.items():
        n = len(cs)
        if n >= 3:
            if not skip or rank not in skip:
                total += v[cs[0].code] * n
        elif n == 2 and nw and (not skip or rank not in skip):
            pairs.append(v[cs[0].code] * 2)
    for c in wilds:
        total += v[c.code]
    if pairs:
        pairs.sort(reverse=True)
        total += sum(pairs[:nw])
    return total < table[HOLDS_CLEAN] and (total < table[HOLDS_CLEAN | HOLDS_CANASTA] or not (
        nw >= CANASTA_SIZE or any(len(cs) + nw >= CANASTA_SIZE for r, cs in by_rank.items()
                                  if r != pile_rank)))


def _pattern(g: Game, tag: PatternKey, by_rank: dict[Rank, list[Card]], n_jokers: int, n_twos: int,
             wild_values: tuple[int, int], skip: frozenset[int]) -> _Pattern:
    """Per meld key the hand could open (no rank in `skip`), its groups (`_key_groups`),
    in a canonical order - by kind (`_kinds`: ranks of one kind make the same groups)
    and count, the meld of wild cards last (`_search` relies on it) - and what the
    search reads of them as a key: `tag` (the minimum, the wild cards, the pile's part)
    and each rank's kind and count in that order."""
    units = g.units
    least = units.least_new - n_jokers - n_twos  # fewer naturals make no new meld (see `least_new`)
    kinds = _kinds(g)
    values = g.card_values
    entries: list[tuple[int, int, int, Rank, _KeyGroups]] = []
    for rank, cs in by_rank.items():
        n = len(cs)
        if (n >= least or rank == Rank.THREE) and rank not in skip:
            code = cs[0].code
            tg = _key_groups(g, rank, n, n_jokers, n_twos, (values[code], *wild_values))
            if tg is not None:
                entries.append((kinds[code], -n, len(entries), rank, tg))
    entries.sort()  # (the hand's places are all different: ranks and groups never compared)
    key: list[str | int] = list(tag)
    out = _Pattern((), [], [], [])
    for kind, n, i, rank, tg in entries:
        key.append(kind)
        key.append(n)
        out.ranks.append(rank)
        out.targets.append(tg)
        out.places.append(i)
    if n_jokers + n_twos and g.rules.wild_canasta:
        tg = _key_groups(g, WILD_MELD, 0, n_jokers, n_twos, (0, *wild_values))
        if tg is not None:
            out.ranks.append(WILD_MELD)
            out.targets.append(tg)
            out.places.append(len(entries))
    return out._replace(key=tuple(key))


def _kinds(g: Game) -> tuple[int, ...]:
    """Each card code's kind, for the first card of a rank's naturals: what tells ranks
    apart to the search - its worth (`_pattern` counts the first card's), its shape
    class (the units' answers depend on it alone) and whether it is a 3 (`_pattern`
    keeps those at any count) - as its place among the kinds, the most valuable first."""
    tables = g.cache.tables.openings
    if tables.kinds is None:
        rank_class = g.units.rank_class
        kind = [(-v, -rank_class[rank], rank != Rank.THREE)
                for v, rank in ((v, code_rank(code)) for code, v in enumerate(g.card_values))]
        place = {k: i for i, k in enumerate(sorted(set(kind)))}
        tables.kinds = tuple(place[k] for k in kind)
    return tables.kinds


def _found(g: Game, p: _Pattern, search: Callable[[list[_KeyGroups]], list[list[tuple[int, _Group]]]]
           ) -> list[list[_Placed]]:
    """The minimal openings these targets hold, as this hand's own search lists them,
    each group by its target's place in the canonical order (the pile's group: the last
    place of `p.ranks`) and its place among that target's groups. Searched (`search`
    with the targets in the hand's order) once per key, and kept with the order it was
    searched in; a hand of another order puts the answer in its own (`_ordered`)."""
    mine = tuple(p.places)
    tables = g.cache.tables.openings
    kept = tables.searches.get(p.key)
    if kept is not None:
        theirs, found = kept
        return found if theirs == mine else _ordered(g, found, p, mine)
    targets = p.targets
    order = sorted(range(len(targets)), key=p.places.__getitem__)
    pile = len(targets)  # (past the targets: the pile's group, in `pile_openings`)
    firsts: dict[_Group, int] = {}
    out: list[list[_Placed]] = []
    for chosen in search([targets[i] for i in order]):
        out.append([(order[k], targets[order[k]].groups.index(o), o) if k >= 0
                    else (pile, firsts.setdefault(o, len(firsts)), o) for k, o in chosen])
    tables.make_room()
    tables.searches[p.key] = (mine, out)
    return out


def _ordered(g: Game, found: list[list[_Placed]], p: _Pattern, mine: tuple[int, ...]
             ) -> list[list[_Placed]]:
    """`found` as a hand whose targets lie in the order `mine` lists them: its groups
    in the hand's order of targets (the pile's group first), its openings in the order
    of its own search - an opening before those holding it, the later targets' groups
    first (a target's groups in their order) - which finds the same openings in any
    order. Remembered per order."""
    tables = g.cache.tables.openings
    key = (p.key, mine)
    ordered = tables.orders.get(key)
    if ordered is None:
        places = p.places
        at = [sorted((places[i], k, i, o) for i, k, o in placed) for placed in found]
        at.sort(key=lambda els: [(-a, k) for a, k, _, _ in els])
        ordered = [[(i, k, o) for _, k, i, o in els] for els in at]
        tables.make_room()
        tables.orders[key] = ordered
    return ordered


def hand_openings(g: Game, seat: int, before_draw: bool, by_rank: dict[Rank, list[Card]],
                  wilds: list[Card], jokers: list[Card], twos: list[Card],
                  dead: frozenset[int]) -> list[tuple[Meld, Melding]]:
    """Every minimal opening of several groups from the hand that the units allow, with
    its plan (the hand's cards as `sort_hand` sorts them). The
    search reads counts alone (`_pattern`): its answer is remembered by them, and only
    its cards are judged per position."""
    units = g.units
    if not units.wilds_in_opening:
        wilds = jokers = twos = []  # (no meld may take them in the opening)
    if len(by_rank) + bool(wilds) < 2:
        return []  # not two meld keys
    minimum = g.minimums[g.side_of[seat]]
    table = units.opening_need_table(minimum)
    if _out_of_reach(g, table, by_rank, wilds, dead):
        return []  # (most hands: nothing searched)
    wild_values = _wild_values(g, jokers, twos)
    n_jokers, n_twos = len(jokers), len(twos)
    p = _pattern(g, ("h", minimum, n_jokers, n_twos), by_rank, n_jokers, n_twos, wild_values, dead)
    if len(p.targets) < 2:
        return []
    out = []
    n_hand = len(g.hands[seat])
    for placed in _found(g, p, lambda own: _search(table, [], own, n_jokers, n_twos, wild_values)):
        groups = _cards(placed, p.ranks, by_rank, jokers, twos)
        plan = _judged(g, seat, placed, p.ranks, groups, n_hand, before_draw)
        if plan is not None:
            out.append((Meld.of(tuple(groups)), plan))
    return out


def _judged(g: Game, seat: int, placed: list[_Placed], ranks: list[Rank],
            groups: list[tuple[Card, ...]], n_hand: int, before_draw: bool) -> Melding | None:
    """The plan of an opening from the hand, judged as `check()` judges it (the plan
    `_meld_move` makes of these groups: one target each, wild cards alone to the meld of
    wild cards), or None if a unit refuses it. Every `target` and `melding` hook is
    asked; the shapes are not asked again, as for single groups, since the groups'
    counts are the shape units' own answers (`group_counts`, `wild_counts`)."""
    targets: dict[Rank, list[Card]] = {}
    from_hand: list[Card] = []
    for (i, _, _), cards in zip(placed, groups, strict=True):
        targets[ranks[i]] = list(cards)
        from_hand.extend(cards)
    plan = Melding(g, seat, targets, from_hand, None, n_hand - len(from_hand), before_draw)
    return plan if checks.judge(g, plan, True) is None else None


def _pile_search(g: Game, table: OpeningNeeds, top: Card, nat: int, bounds: tuple[int, int], n_jokers: int,
                 n_twos: int, wild_values: tuple[int, int], targets: list[_KeyGroups]
                 ) -> list[list[tuple[int, _Group]]]:
    """Every minimal opening with the pile these counts hold (before judging): the
    pile's group first (`bounds`: the take units' least hand naturals, most wild cards,
    `nat`: the hand's naturals of its rank)."""
    values = g.card_values
    top_value = values[top.code] if g.rules.opening_counts_pile_card else 0
    take = _key_groups(g, top.rank, nat + 1, n_jokers, n_twos, (values[top.code], *wild_values),
                       take=(*bounds, top_value))
    found: list[list[tuple[int, _Group]]] = []
    for first in take.groups if take is not None else ():
        found += _search(table, [first], targets, n_jokers - first.jokers, n_twos - first.twos, wild_values)
    return found


def pile_openings(g: Game, seat: int, top: Card) -> list[tuple[TakePile, Melding]]:
    """Every minimal opening with the pile: its top card with hand cards of its rank
    (and wild cards where the take allows them), plus groups from the hand, that the
    units allow, with its plan. The search is remembered by what it reads,
    as in `hand_openings`."""
    rank = top.rank
    units = g.units
    # the take units' bounds as `options.take_options` asks them (a side that has not opened)
    state = (g.pile.frozen, True)
    bounds = g.cache.tables.take_bounds.get(state) or checks.take_bounds(g, top, state)
    by_rank, wilds, jokers, twos, _ = sort_hand(g.hands[seat])
    nat = by_rank.get(rank, [])
    probe = TakePile.of(tuple(nat))  # every natural and no wild card: the easiest take
    if len(nat) < max(bounds[0], 1) or any(hook(g, probe, top) is not None for hook in units.take):
        return []  # the take units refuse every take of this pile
    minimum = g.minimums[g.side_of[seat]]
    table = units.opening_need_table(minimum)
    values = g.card_values
    top_value = values[top.code] if g.rules.opening_counts_pile_card else 0
    skip = g.dead_ranks() | {rank}
    if _out_of_reach(g, table, by_rank, wilds, skip, (rank, top_value + values[top.code] * len(nat))):
        return []
    n_jokers, n_twos = len(jokers), len(twos)
    wild_values = _wild_values(g, jokers, twos)
    kinds = _kinds(g)
    p = _pattern(g, ("p", minimum, n_jokers, n_twos, kinds[top.code], len(nat), *bounds), by_rank,
                 n_jokers, n_twos, wild_values, skip)
    if not p.targets:
        return []  # (an opening with the pile holds a group from the hand too)
    p.ranks.append(rank)  # (the pile's group: the last place, first in the hand's order)
    p.places.append(-1)
    out = []
    for placed in _found(g, p, lambda own: _pile_search(g, table, top, len(nat), bounds, n_jokers, n_twos,
                                                          wild_values, own)):
        groups = _cards(placed, p.ranks, by_rank, jokers, twos, top=1)
        a = TakePile(groups[0], groups[1:])
        try:  # judged as `check()` judges it, its cards known to be the hand's
            out.append((a, checks.validate_take(g, a, own=True)))
        except IllegalMove:
            pass
    return out
