"""Multi-group melds: a brute-force enumerator and a reachability check.

`legal_actions()` lists every single group and every take, the minimal openings of
several groups and one way out of several groups. Before a side has opened a single group
below the minimum is illegal, so a legal opening of several groups that is not listed
(K-K-K + Q-Q-Q + J-J-J where K-K-K + Q-Q-Q opens) must be reached by some sequence of
listed moves in the same turn that leads to the same hand and melds. This module proposes, knowing no rule beyond
the shapes any variant could accept (1+ naturals of one rank with up to three wild cards,
wild cards alone, three or four black threes):

- openings of 2–4 groups from the hand (OPEN phase, or MELD phase before the side opened)
  whose card value reaches the side's minimum or that hold seven cards of one target;
- ways out: every placement of all the hand's cards but at most one, in any number of
  groups, new or onto the side's melds (MELD phase of a side that has melded);
- openings with the pile: a take of the top card with hand cards plus 1–3 further groups
  from the hand (side not opened).

`check()` judges each; legal ones are reduced to distinct outcomes (`completeness.outcome_key`).
An unlisted legal outcome is then searched for among the end states of sequences of listed
moves in the same turn (`reachable`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from game.rules import Game, Phase
from game.rules.actions import Action, Draw, Meld, TakePile
from game.rules.cards import Card, Rank
from game.rules.melds import BLACK_THREES, WILD_MELD, values_for
from tests.rules.completeness import outcome_key

MAX_WILDS = 3  # no variant allows more than three wild cards in a group of naturals


@dataclass
class _Hand:
    naturals: dict[Rank, list[Card]]
    jokers: list[Card]
    twos: list[Card]
    threes: list[Card]


def _split(hand: list[Card]) -> _Hand:
    h = _Hand({}, [], [], [])
    for c in hand:
        if c.is_black_three:
            h.threes.append(c)
        elif c.is_wild:
            (h.jokers if c.rank == Rank.JOKER else h.twos).append(c)
        elif c.is_natural:
            h.naturals.setdefault(c.rank, []).append(c)
    return h


def _wild_pairs(jokers: int, twos: int, most: int, least: int = 0) -> Iterator[tuple[int, int]]:
    for j in range(min(jokers, most) + 1):
        for t in range(min(twos, most - j) + 1):
            if j + t >= least:
                yield j, t


@dataclass(frozen=True)
class _Option:
    """One group: `k` naturals of `target` (a rank, WILD_MELD or BLACK_THREES), `j` jokers,
    `t` twos; `onto` when the side already has a meld of that target."""
    target: Rank
    k: int
    j: int
    t: int
    onto: Rank | None


def _options(h: _Hand, on_table: set[Rank], full: bool) -> dict[Rank, list[_Option]]:
    """Every group per target. `full`: naturals of a rank all in one group (ways out)."""
    out: dict[Rank, list[_Option]] = {}
    nj, nt = len(h.jokers), len(h.twos)
    for rank, cards in h.naturals.items():
        onto = rank if rank in on_table else None
        counts = [len(cards)] if full else range(1, len(cards) + 1)
        opts = [_Option(rank, k, j, t, onto) for k in counts
                for j, t in _wild_pairs(nj, nt, MAX_WILDS)
                if onto is not None or k + j + t >= 3]
        out[rank] = opts
    for rank in on_table - set(h.naturals) - {WILD_MELD, BLACK_THREES}:
        out[rank] = [_Option(rank, 0, j, t, rank) for j, t in _wild_pairs(nj, nt, MAX_WILDS, 1)]
    wild_onto = WILD_MELD if WILD_MELD in on_table else None
    least = 1 if wild_onto is not None else 3
    out[WILD_MELD] = [_Option(WILD_MELD, 0, j, t, wild_onto)
                      for j, t in _wild_pairs(nj, nt, 7, least)]
    if len(h.threes) >= 3:
        out[BLACK_THREES] = [_Option(BLACK_THREES, k, 0, 0, None)
                             for k in range(3, len(h.threes) + 1)]
    return out


def _cards_of(h: _Hand, opts: tuple[_Option, ...]) -> tuple[tuple[Card, ...], ...]:
    """The opts as card groups, drawing wild cards from the hand in turn."""
    j = t = 0
    groups = []
    for o in opts:
        pool = h.threes if o.target == BLACK_THREES else h.naturals.get(o.target, [])
        groups.append(tuple(pool[:o.k]) + tuple(h.jokers[j:j + o.j]) + tuple(h.twos[t:t + o.t]))
        j += o.j
        t += o.t
    return tuple(groups)


def _combos(options: dict[Rank, list[_Option]], jokers: int, twos: int, least: int, most: int
            ) -> Iterator[tuple[_Option, ...]]:
    """Every choice of at most one option per target, `least`..`most` groups, within the
    hand's wild cards."""
    targets = sorted(options)

    def walk(i: int, chosen: tuple[_Option, ...], j: int, t: int) -> Iterator[tuple[_Option, ...]]:
        if i == len(targets):
            if len(chosen) >= least:
                yield chosen
            return
        yield from walk(i + 1, chosen, j, t)
        if len(chosen) < most:
            for o in options[targets[i]]:
                if o.j <= j and o.t <= t:
                    yield from walk(i + 1, (*chosen, o), j - o.j, t - o.t)

    yield from walk(0, (), jokers, twos)


def _worth(g: Game, opts: tuple[_Option, ...], h: _Hand) -> int:
    values = values_for(g.rules)
    return sum(values[c.code] for grp in _cards_of(h, opts) for c in grp)


def _side(g: Game) -> int:
    return g.side_of[g.to_play]


def opened(g: Game) -> bool:
    return bool(g.melds[_side(g)])


def opening_candidates(g: Game) -> Iterator[Action]:
    h = _split(g.hands[g.to_play])
    options = _options(h, set(), full=False)
    minimum = g.minimum(_side(g))
    for opts in _combos(options, len(h.jokers), len(h.twos), 2, 4):
        if _worth(g, opts, h) >= minimum or any(o.k + o.j + o.t >= 7 for o in opts):
            yield Meld(_cards_of(h, opts))


def way_out_candidates(g: Game) -> Iterator[Action]:
    hand = g.hands[g.to_play]
    on_table = set(g.melds[_side(g)])
    leftovers: list[Card | None] = [None, *{c.code: c for c in hand}.values()]
    for left in leftovers:
        rest = list(hand)
        if left is not None:
            rest.remove(left)
        h = _split(rest)
        # ranks with fewer than three naturals and no meld need wild cards to be placed:
        # most hands cannot be, and need not be enumerated
        short = sum(max(0, 3 - len(cs)) for r, cs in h.naturals.items() if r not in on_table)
        if short > len(h.jokers) + len(h.twos) or 0 < len(h.threes) < 3:
            continue
        options = _options(h, on_table, full=True)
        # every wild card and every natural placed: the rank targets are all chosen
        need = len(rest)
        for opts in _combos(options, len(h.jokers), len(h.twos), 2, len(options)):
            if sum(o.k + o.j + o.t for o in opts) == need:
                yield Meld(_cards_of(h, opts), [o.onto for o in opts])


def take_candidates(g: Game) -> Iterator[Action]:
    top = g.pile.top
    if top is None or not top.is_natural:
        return
    hand = g.hands[g.to_play]
    h = _split(hand)
    same = h.naturals.get(top.rank, [])
    minimum = g.minimum(_side(g))
    values = values_for(g.rules)
    for k in range(len(same) + 1):
        for j, t in _wild_pairs(len(h.jokers), len(h.twos), MAX_WILDS):
            if k + j + t < 2:
                continue
            pair = tuple(same[:k]) + tuple(h.jokers[:j]) + tuple(h.twos[:t])
            rest = list(hand)
            for c in pair:
                rest.remove(c)
            hr = _split(rest)
            hr.naturals.pop(top.rank, None)  # the top card's rank goes in the take itself
            options = _options(hr, set(), full=False)
            base = sum(values[c.code] for c in pair) + values[top.code]
            for opts in _combos(options, len(hr.jokers), len(hr.twos), 1, 3):
                if base + _worth(g, opts, hr) >= minimum or any(
                        o.k + o.j + o.t >= 7 for o in opts):
                    yield TakePile(pair, _cards_of(hr, opts))


def multi_candidates(g: Game) -> Iterator[Action]:
    """The multi-group moves worth asking `check()` about in this position."""
    if g.phase is Phase.OPEN or (g.phase is Phase.MELD and not opened(g)):
        yield from opening_candidates(g)
    if g.phase is Phase.MELD and opened(g):
        yield from way_out_candidates(g)
    if g.phase in (Phase.OPEN, Phase.DRAW, Phase.STOCK_END) and not opened(g):
        yield from take_candidates(g)


# ---------------------------------------------------------------- reachability

def clone(g: Game) -> Game:
    """A copy to play on (through the save format: a deep copy trips over the message
    parameters some cached refusals hold)."""
    return Game.from_dict(g.to_dict())


def state_key(g: Game, seat: int) -> tuple:
    """A seat's hand and its side's melds (and threes laid out), up to suits."""
    side = g.side_of[seat]
    melds = tuple(sorted((int(r), tuple(sorted(int(c.rank) for c in m.cards)))
                         for r, m in g.melds[side].items()))
    threes = len(g.red_threes[side]) if side < len(g.red_threes) else 0
    return (tuple(sorted(int(c.rank) for c in g.hands[seat])), melds, threes)


def _within(state: tuple, goal: tuple) -> bool:
    """Whether `state` can still grow into `goal`: every meld's cards a part of the goal's."""
    goal_melds = dict(goal[1])
    for r, cards in state[1]:
        want = goal_melds.get(r)
        if want is None or Counter(cards) - Counter(want):
            return False
    return True


@dataclass
class Search:
    budget: int = 4000  # positions visited per search; beyond it the answer is "unknown"
    seen: set = field(default_factory=set)
    visited: int = 0


def reachable(g: Game, action: Action, budget: int = 4000, through_draw: bool = False
              ) -> bool | None:
    """Whether the end state of `action` is reached by listed moves of the same player in
    the same turn (True/False), or None when the search ran out of budget.
    `through_draw`: an opening before the draw (italian) may go on after the draw; the
    cards drawn are then left out of the comparison."""
    seat = g.to_play
    after = clone(g)
    after.apply(action)
    goal = state_key(after, seat)
    search = Search(budget)
    found = _search(g, seat, goal, search, through_draw)
    if found:
        return True
    return None if search.visited >= search.budget else False


def _drawn(g: Game, seat: int, goal: tuple) -> tuple:
    """Draw for `seat` and return `goal` with the drawn cards added to the hand."""
    before = Counter(int(c.rank) for c in g.hands[seat])
    g.apply(Draw())
    drawn = Counter(int(c.rank) for c in g.hands[seat]) - before
    return (tuple(sorted([*goal[0], *drawn.elements()])), goal[1], state_key(g, seat)[2])


def _search(g: Game, seat: int, goal: tuple, s: Search, through_draw: bool) -> bool:
    for a in g.legal_actions():
        if not isinstance(a, (Meld, TakePile)):
            continue
        s.visited += 1
        if s.visited >= s.budget:
            return False
        nxt = clone(g)
        nxt.apply(a)
        here = goal
        if through_draw and nxt.to_play == seat and nxt.phase is Phase.DRAW:
            here = _drawn(nxt, seat, goal)
        key = state_key(nxt, seat)
        if key == here:
            return True
        if (key, here) in s.seen or not _within(key, here):
            continue
        s.seen.add((key, here))
        if nxt.to_play == seat and nxt.phase in (Phase.MELD, Phase.OPEN) and _search(
                nxt, seat, here, s, through_draw):
            return True
    return False


@dataclass
class Finding:
    legal: int = 0  # distinct legal multi-group outcomes
    unlisted: int = 0  # of those, not listed
    unreachable: list[Action] = field(default_factory=list)
    unknown: int = 0  # searches that ran out of budget
    after_draw: int = 0  # openings before the draw reached only by melding after it


def audit(g: Game, budget: int = 4000) -> Finding:
    """The legal multi-group outcomes of this position, and which cannot be reached."""
    listed = {outcome_key(g, a) for a in g.legal_actions()}
    seen: set[tuple] = set()
    f = Finding()
    for a in multi_candidates(g):
        k = outcome_key(g, a)
        if k in seen:
            continue
        seen.add(k)
        if g.check(a) is not None:
            continue
        f.legal += 1
        if k in listed:
            continue
        f.unlisted += 1
        r = reachable(g, a, budget)
        if r is False and g.phase is Phase.OPEN and reachable(g, a, budget, through_draw=True):
            f.after_draw += 1
            continue
        if r is None:
            f.unknown += 1
        elif not r:
            f.unreachable.append(a)
    return f


def groups_of(a: Action) -> int:
    if isinstance(a, Meld):
        return len(a.groups)
    if isinstance(a, TakePile):
        return 1 + len(a.melds)
    return 0

