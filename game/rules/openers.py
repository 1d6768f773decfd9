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

The candidates are counted out rank by rank from the rule units' own answers
(`group_counts`, `wild_counts`: the shapes and the wild-card room before and after the
opening); what the units alone decide beyond shapes (the minimum, a clean meld, the
waiver of a canasta from the hand) is only used to skip candidates that are surely not
minimal. Each candidate left is judged by the same units as `check()`."""

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
from .units import Melding, RuleUnits

if TYPE_CHECKING:
    from .engine import Game

_NONE = 1 << 40  # "no reduction": more than any hand is worth
_MEMO_MOST = 50_000  # answers remembered per game (see `OpeningTables.make_room`)


class _Opt(NamedTuple):
    """One group of an opening: `n` naturals of its target (the taken top card counted
    for the pile's group; none: the meld of wild cards) with `j` jokers and `t` 2s."""

    n: int
    j: int
    t: int
    value: int  # what it adds to the opening's count
    clean: bool  # a natural meld of three or more, or a meld of wild cards
    big: bool  # a canasta laid from the hand
    drop: bool  # may be laid alone once the side is open
    # each card that may be taken out and laid later: (value given back, clean after, big after)
    takeouts: tuple[tuple[int, bool, bool], ...]
    # the least value given back by a reduction that stays a reduction in any superset
    least_giveback: int


class _Target(NamedTuple):
    """A meld key's groups (`_build`), with what `_search` bounds its branches by."""

    opts: list[_Opt]
    best: int  # the most a group adds
    nat: int  # the most a group's naturals add
    big: bool  # whether some group is a canasta from the hand
    clean: bool  # whether some group is clean


# what the search reads of a hand: its tag (hand or pile, the minimum, the wild cards, the
# pile's part) and each target's kind and count
PatternKey = tuple[str | int, ...]


class _Pattern(NamedTuple):
    """A hand's targets in the canonical order `_pattern` puts them in."""

    key: PatternKey
    ranks: list[Rank]  # each target's meld key
    targets: list[_Target]
    places: list[int]  # each target's place in the hand's own order


# a remembered opening's group: its target's place in the canonical order, its place
# among that target's groups, the group
_Placed = tuple[int, int, _Opt]
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

    groups: dict[_GroupsKey, _Target | None] = field(default_factory=dict)
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


class _Ctx(NamedTuple):
    minimum: int
    need_clean: bool
    waive: bool  # a canasta from the hand needs no minimum (and no clean meld)
    # an unfinished meld of wild cards bars wild cards from the other melds (the lock
    # unit refuses such openings; the search spares building them)
    lock: bool


def _minimal(c: _Ctx, chosen: list[tuple[int, _Opt]], total: int, clean: int, big: int) -> bool:
    """Whether these groups (worth `total`, `clean` of them clean, `big` of them canastas
    from the hand) open and no reduction of them does. Groups open (as far as the count
    and the clean meld go) when they are worth the minimum and hold a clean meld if one
    is needed, or hold a canasta from the hand that waives both (written out below for
    each reduction: this runs for every candidate)."""
    minimum, need_clean, waive = c.minimum, c.need_clean, c.waive
    waived = waive and big > 0
    if not ((total >= minimum or waived) and (not need_clean or clean > 0 or waived)):
        return False
    for _, o in chosen:
        rest, big_o = clean - o.clean, big - o.big
        if o.drop:
            waived = waive and big_o > 0
            if (total - o.value >= minimum or waived) and (
                    not need_clean or rest > 0 or waived):
                return False
        for dv, cl, bg in o.takeouts:
            waived = waive and big_o + bg > 0
            if (total - dv >= minimum or waived) and (
                    not need_clean or rest + cl > 0 or waived):
                return False
    return True


def _options(g: Game, rank: int, have: int, n_jokers: int, n_twos: int, values: tuple[int, int, int],
             ctx: _Ctx, take: tuple[int, int, int] | None = None) -> _Target | None:
    """`_build`'s groups (None: no group), remembered by the game (they depend on the
    rank's shape class, its naturals' worth and the counts alone: the wild cards' values
    and `ctx.need_clean` are the rule set's)."""
    key = (g.units.rank_class[rank], values[0], have, n_jokers, n_twos, take)
    tables = g.cache.tables.openings
    memo = tables.groups
    if key in memo:
        return memo[key]
    tables.make_room()
    opts = _build(g.units, rank, have, n_jokers, n_twos, values, ctx, take)
    _, joker_value, two_value = values
    out = memo[key] = _Target(
        opts, max(o.value for o in opts), max(o.value - joker_value * o.j - two_value * o.t for o in opts),
        any(o.big for o in opts), any(o.clean for o in opts)) if opts else None
    return out


def _build(units: RuleUnits, rank: int, have: int, n_jokers: int, n_twos: int, values: tuple[int, int, int],
           ctx: _Ctx, take: tuple[int, int, int] | None) -> list[_Opt]:
    """The groups of `rank` (WILD_MELD: wild cards alone) from `have` naturals, `n_jokers`
    jokers and `n_twos` 2s, as an opening; `values`: a natural's, a joker's, a 2's.
    `take`: the group holding the pile's top card (`have` counts it), with the fewest
    hand naturals and the most wild cards the take units allow, and the top card's
    worth to the count."""
    cls = units.rank_class[rank]
    v, joker_value, two_value = values
    if rank == WILD_MELD:
        ws = [w for w in units.wild_counts(cls, 0, 0, True, False) if 0 < w <= n_jokers + n_twos]
        counts = [(0, j, w - j) for w in ws for j in range(max(0, w - n_twos), min(n_jokers, w) + 1)]
    else:
        counts = list(units.group_counts(cls, have, n_jokers, n_twos, 0, 0, True, False))
    least, most, v0 = take if take is not None else (0, 1 << 20, 0)
    top = 1 if take is not None else 0  # the top card: not the hand's, nor taken out
    fits = {(n, j, t) for n, j, t in counts if n - top >= least and j + t <= most}
    out = []
    for n, j, t in counts:
        if (n, j, t) not in fits:
            continue
        w = j + t
        takeouts = []
        if n - top > 0 and (n - 1, j, t) in fits and 0 in units.wild_counts(
                cls, n, w, False, True):  # (a natural laid alone onto the rest)
            takeouts.append((v, _clean(rank, n - 1, w), _big(take, n + w - 1)))
        for k, kv, have_k in ((0, joker_value, j), (1, two_value, t)):
            if have_k and (n, j - (k == 0), t - (k == 1)) in fits and 1 in units.wild_counts(
                    cls, n, w - 1, False, True):
                takeouts.append((kv, _clean(rank, n, w - 1), _big(take, n + w - 1)))
        drop = take is None and w in units.wild_counts(cls, n, 0, True, True)
        value = v0 + v * (n - top) + joker_value * j + two_value * t
        clean, big = _clean(rank, n, w), _big(take, n + w)
        # (a reduction that spoils a clean meld, or a canasta from the hand that waives the
        # minimum, may leave no opening however much it keeps)
        waiver = ctx.waive and big
        giveback = min((dv for dv, cl, bg in takeouts if (cl or not clean) and (bg or not waiver)),
                       default=_NONE)
        if drop and not (ctx.need_clean and clean) and not waiver:
            giveback = min(giveback, value)
        out.append(_Opt(n, j, t, value, clean, big, drop, tuple(takeouts), giveback))
    return out


def _clean(rank: int, n: int, w: int) -> bool:
    return rank == WILD_MELD or (n >= 3 and not w)


def _big(take: object, size: int) -> bool:
    return take is None and size >= CANASTA_SIZE


def _suffixes(ctx: _Ctx, targets: list[_Target]
              ) -> tuple[list[int], list[int], list[bool], list[bool]]:
    """Per i, what targets[i:] may bring: the most they can add, the most their naturals
    can add (each wild card counts once), whether they hold a canasta from the hand
    (that opens) and whether they hold a clean meld (if one is needed)."""
    m = len(targets)
    rest, nats = [0] * (m + 1), [0] * (m + 1)
    bigs, cleans = [False] * (m + 1), [not ctx.need_clean] * (m + 1)
    waive = ctx.waive
    for i in range(m - 1, -1, -1):
        tg = targets[i]
        rest[i], nats[i] = rest[i + 1] + tg.best, nats[i + 1] + tg.nat
        bigs[i], cleans[i] = bigs[i + 1] or waive and tg.big, cleans[i + 1] or tg.clean
    return rest, nats, bigs, cleans


def _search(ctx: _Ctx, fixed: list[_Opt], targets: list[_Target], n_jokers: int, n_twos: int,
            wild_values: tuple[int, int]) -> list[list[tuple[int, _Opt]]]:
    """Every minimal opening of `fixed` plus at most one group per target, two groups
    or more. A branch stops where some reduction that stays one in any superset already
    leaves the minimum (no superset is minimal) or where the rest cannot reach it (nor
    hold a canasta from the hand that waives it); `wild_values`: a joker's and a 2's worth.
    Each group comes with its target's place in `targets` (-1: `fixed`)."""
    m = len(targets)
    joker_value, two_value = wild_values
    waive, lock, minimum = ctx.waive, ctx.lock, ctx.minimum
    rest, nats, bigs, cleans = _suffixes(ctx, targets)
    found: list[list[tuple[int, _Opt]]] = []
    chosen = [(-1, o) for o in fixed]

    # (`reach` below: whether totals with groups of targets[i:] may open, see `_minimal`:
    # waive and (big > 0 or bigs[i]) or (clean > 0 or cleans[i]) and total +
    # min(rest[i], nats[i] + joker_value * j + two_value * t) >= minimum - written out where it is asked)

    def walk(i: int, total: int, giveback: int, j: int, t: int, clean: int, big: int) -> None:
        """The openings of `chosen` plus groups of targets[i:]: `chosen` alone, then by
        their next group, from the last target that may still open back to targets[i]
        (the order of a search that leaves each target out before trying its groups)."""
        if len(chosen) >= 2 and (total >= minimum or waive and big) and _minimal(
                ctx, chosen, total, clean, big):
            found.append(list(chosen))
        if i == m:
            return
        end = i
        wild = joker_value * j + two_value * t
        some = waive and big > 0
        while end + 1 < m:
            e = end + 1
            if not (some or waive and bigs[e] or (clean > 0 or cleans[e])
                    and total + min(rest[e], nats[e] + wild) >= minimum):
                break
            end = e
        for k in range(end, i - 1, -1):
            nxt = k + 1
            rest_n, nats_n, bigs_n, cleans_n = rest[nxt], nats[nxt], bigs[nxt], cleans[nxt]
            for o in targets[k].opts:
                oj, ot = o.j, o.t
                if oj > j or ot > t or lock and not o.n and (
                        oj + ot < CANASTA_SIZE and any(c.j or c.t for _, c in chosen)):
                    continue  # (the meld of wild cards comes last: see `_targets`)
                tot = total + o.value
                c = o.least_giveback if o.least_giveback < giveback else giveback
                if tot - c >= minimum:
                    continue  # a reduction already opens, in this and every larger set
                b, cl, jr, tr = big + o.big, clean + o.clean, j - oj, t - ot
                if (waive and (b > 0 or bigs_n) or (cl > 0 or cleans_n)
                        and tot + min(rest_n, nats_n + joker_value * jr + two_value * tr) >= minimum):
                    chosen.append((k, o))
                    walk(nxt, tot, c, jr, tr, cl, b)
                    chosen.pop()

    total, clean, big = (sum(o.value for o in fixed), sum(o.clean for o in fixed),
                         sum(o.big for o in fixed))
    if m:
        walk(0, total, min((o.least_giveback for o in fixed), default=_NONE), n_jokers, n_twos, clean, big)
    return found


def _cards(placed: list[_Placed], ranks: list[Rank], by_rank: dict[Rank, list[Card]],
           jokers: list[Card], twos: list[Card], top: int = 0) -> list[tuple[Card, ...]]:
    """The groups' hand cards, each group's meld key read in `ranks` (`top`: the first
    group holds the pile's top card)."""
    out = []
    j = t = 0
    for i, _, o in placed:
        n = o.n - top
        top = 0
        cards = by_rank[ranks[i]][:n] if n else []  # (a group of wild cards has no natural)
        if o.j:
            cards += jokers[j:j + o.j]
            j += o.j
        if o.t:
            cards += twos[t:t + o.t]
            t += o.t
        out.append(tuple(cards))
    return out


def _wild_values(g: Game, jokers: list[Card], twos: list[Card]) -> tuple[int, int]:
    """A joker's and a 2's worth (0 where the hand holds none)."""
    v = g.card_values
    return v[jokers[0].code] if jokers else 0, v[twos[0].code] if twos else 0


def _bound(g: Game, by_rank: dict[Rank, list[Card]], wilds: list[Card], skip: frozenset[int]
           ) -> int:
    """More than any opening from these cards can be worth: every natural of a rank held
    three times or more, every wild card, and the best pairs, one for each wild card (a
    pair makes a meld only with a wild card; no rule lets one take less)."""
    v = g.card_values
    total = 0
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
    return total


def _may_waive(by_rank: dict[Rank, list[Card]], wilds: list[Card],
               pile_rank: int | None = None) -> bool:
    """Whether a canasta from the hand, which needs no minimum where the rules say so
    (asked only then), is in reach (counted generously: every wild card with each rank)."""
    w = len(wilds)
    return w >= CANASTA_SIZE or any(len(cs) + w >= CANASTA_SIZE for r, cs in by_rank.items()
                                    if r != pile_rank)


def _context(g: Game, side: int) -> _Ctx:
    """The side's minimum with the rule set's opening rules."""
    r = g.rules
    return _Ctx(g.minimums[side], r.opening_needs_clean_meld, r.canasta_from_hand_opens,
                r.wild_meld_locks)


def _pattern(g: Game, tag: PatternKey, by_rank: dict[Rank, list[Card]], n_jokers: int, n_twos: int,
             wild_values: tuple[int, int], ctx: _Ctx, skip: frozenset[int]) -> _Pattern:
    """Per meld key the hand could open (no rank in `skip`), its groups (`_options`),
    in a canonical order - by kind (`_kinds`: ranks of one kind make the same groups)
    and count, the meld of wild cards last (`_search` relies on it) - and what the
    search reads of them as a key: `tag` (the minimum, the wild cards, the pile's part)
    and each rank's kind and count in that order."""
    units = g.units
    least = units.least_new - n_jokers - n_twos  # fewer naturals make no new meld (see `least_new`)
    kinds = _kinds(g)
    values = g.card_values
    entries: list[tuple[int, int, int, Rank, _Target]] = []
    for rank, cs in by_rank.items():
        n = len(cs)
        if (n >= least or rank == Rank.THREE) and rank not in skip:
            code = cs[0].code
            tg = _options(g, rank, n, n_jokers, n_twos, (values[code], *wild_values), ctx)
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
        tg = _options(g, WILD_MELD, 0, n_jokers, n_twos, (0, *wild_values), ctx)
        if tg is not None:
            out.ranks.append(WILD_MELD)
            out.targets.append(tg)
            out.places.append(len(entries))
    return out._replace(key=tuple(key))


def _kinds(g: Game) -> tuple[int, ...]:
    """Each card code's kind, for the first card of a rank's naturals: its shape class
    (the units' answers depend on it alone), its worth (`_targets` counts the first card's)
    and whether it is a 3 (`_targets` keeps those at any count)."""
    tables = g.cache.tables.openings
    if tables.kinds is None:
        rank_class = g.units.rank_class
        tables.kinds = tuple(
            -(v * 4096 + rank_class[rank] * 2 + (rank == Rank.THREE))
            for v, rank in ((v, code_rank(code)) for code, v in enumerate(g.card_values)))
    return tables.kinds


def _found(g: Game, p: _Pattern, search: Callable[[list[_Target]], list[list[tuple[int, _Opt]]]]
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
    firsts: dict[_Opt, int] = {}
    out: list[list[_Placed]] = []
    for chosen in search([targets[i] for i in order]):
        out.append([(order[k], targets[order[k]].opts.index(o), o) if k >= 0
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
    rules = g.rules
    if not rules.dirty_opening:
        # (italian: no wild card in the opening; the units' rooms say so too)
        wilds = jokers = twos = []
    if len(by_rank) + bool(wilds) < 2:
        return []  # not two meld keys
    side = g.side_of[seat]
    if _bound(g, by_rank, wilds, dead) < g.minimums[side] and not (
            rules.canasta_from_hand_opens and _may_waive(by_rank, wilds)):
        return []  # not worth the minimum whatever is laid (most hands: no context made)
    ctx = _context(g, side)
    wild_values = _wild_values(g, jokers, twos)
    n_jokers, n_twos = len(jokers), len(twos)
    p = _pattern(g, ("h", ctx.minimum, n_jokers, n_twos), by_rank, n_jokers, n_twos, wild_values, ctx, dead)
    if len(p.targets) < 2:
        return []
    out = []
    n_hand = len(g.hands[seat])
    for placed in _found(g, p, lambda own: _search(ctx, [], own, n_jokers, n_twos, wild_values)):
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


def _pile_search(g: Game, ctx: _Ctx, top: Card, nat: int, bounds: tuple[int, int], n_jokers: int,
                 n_twos: int, wild_values: tuple[int, int], targets: list[_Target]
                 ) -> list[list[tuple[int, _Opt]]]:
    """Every minimal opening with the pile these counts hold (before judging): the
    pile's group first (`bounds`: the take units' least hand naturals, most wild cards,
    `nat`: the hand's naturals of its rank)."""
    values = g.card_values
    v0 = values[top.code] if g.rules.opening_counts_pile_card else 0
    take = _options(g, top.rank, nat + 1, n_jokers, n_twos, (values[top.code], *wild_values), ctx,
                    take=(*bounds, v0))
    found: list[list[tuple[int, _Opt]]] = []
    for first in take.opts if take is not None else ():
        found += _search(ctx, [first], targets, n_jokers - first.j, n_twos - first.t, wild_values)
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
    ctx = _context(g, g.side_of[seat])
    skip = g.dead_ranks() | {rank}
    values = g.card_values
    v0 = values[top.code] if g.rules.opening_counts_pile_card else 0
    if (_bound(g, by_rank, wilds, skip) + v0 + values[top.code] * len(nat) < ctx.minimum
            and not (ctx.waive and _may_waive(by_rank, wilds, rank))):
        return []
    n_jokers, n_twos = len(jokers), len(twos)
    wild_values = _wild_values(g, jokers, twos)
    kinds = _kinds(g)
    p = _pattern(g, ("p", ctx.minimum, n_jokers, n_twos, kinds[top.code], len(nat), *bounds), by_rank,
                 n_jokers, n_twos, wild_values, ctx, skip)
    if not p.targets:
        return []  # (an opening with the pile holds a group from the hand too)
    p.ranks.append(rank)  # (the pile's group: the last place, first in the hand's order)
    p.places.append(-1)
    out = []
    for placed in _found(g, p, lambda own: _pile_search(g, ctx, top, len(nat), bounds, n_jokers, n_twos,
                                                          wild_values, own)):
        groups = _cards(placed, p.ranks, by_rank, jokers, twos, top=1)
        a = TakePile(groups[0], groups[1:])
        try:  # judged as `check()` judges it, its cards known to be the hand's
            out.append((a, checks.validate_take(g, a, own=True)))
        except IllegalMove:
            pass
    return out
