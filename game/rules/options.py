"""The engine's legal-move generators: for each phase, exactly the legal moves, one
canonical action per distinct outcome (outcomes differ by which ranks go where; a
discard by its card, which lies face up).

Every single melding group and every way of taking the pile with hand cards is listed:
the candidates are counted out rank by rank (so many naturals, so many jokers, so many
2s), cut down by the rule units' shape rules and wild-card room, then judged by the same
units as `check()`. Moves of several groups are open-ended. For a side that has not
opened the list adds every minimal opening of several groups, from the hand and with the
pile (`openers`: none of its groups can be left out, nor a card taken out, with the rest
still an opening the same turn can complete), so every legal opening is listed or
reached by listed moves of the same turn; and one canonical way to go out when there is
one (every legal way out is listed or reached likewise)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from . import checks
from .actions import (
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
from .cards import Card, Rank, make_decks
from .errors import IllegalMove
from .meldkeys import BLACK_THREES, CANASTA_SIZE, WILD_MELD
from .melds import TableMeld, plan_go_out
from .movelist import LATER, Later, MoveList
from .openers import hand_openings, pile_openings
from .openings import sort_hand
from .units import Melding
from .units.base import MOST_WILDS_COUNTED

if TYPE_CHECKING:
    from .engine import Game

DRAW = Draw()
ASK = AskGoOut()
YES = AnswerGoOut(True)
NO = AnswerGoOut(False)
PASS = PassPile()
NEXT = NextHand()
_JOKER, _TWO = Rank.JOKER, Rank.TWO  # the wild ranks, as the hand loops read them
_DISCARDS = {c.code: Discard(c) for c in make_decks(1, 1)}


def outcome(groups: Iterable[Iterable[Card]], onto: Sequence[int | None]
            ) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Which ranks go onto which meld: two melding moves with the same outcome differ
    only in the suits of their cards."""
    by_target: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        naturals = {c.rank for c in g if not c.is_wild}
        if all(c.is_black_three for c in g):
            target = int(BLACK_THREES)
        elif naturals:
            target = int(naturals.pop())
        else:
            t = onto[i] if i < len(onto) else None
            target = int(WILD_MELD if t is None else t)
        by_target.setdefault(target, []).extend(int(c.rank) for c in g)
    return tuple(sorted((t, tuple(sorted(r))) for t, r in by_target.items()))


def _any(hooks: Iterable[Callable[..., object]], *args: object) -> bool:
    for hook in hooks:
        if hook(*args):
            return True
    return False


def _splits(wilds: tuple[Card, ...], n_jokers: int, w: int, splits: dict[int, list[tuple[Card, ...]]]
            ) -> list[tuple[Card, ...]]:
    """The groups of `w` of the hand's `wilds` (its `n_jokers` jokers first), one per number of
    jokers: the first jokers, then the first 2s (remembered in `splits`)."""
    n_twos = len(wilds) - n_jokers
    out = splits[w] = [wilds[:j] + wilds[n_jokers:n_jokers + w - j]
                       for j in range(max(0, w - n_twos), min(n_jokers, w) + 1)]
    return out



# ------------------------------------------------------------------ melding


def _meld_options(g: Game, seat: int, before_draw: bool, out: MoveList) -> None:
    hand = g.hands[seat]
    units = g.units
    if units.early and _any(units.early, g, Melding(g, seat, {}, [], None, len(hand),
                                                       before_draw)):
        return  # no melding at all now (italian: not before opening)
    by_rank, wilds, jokers, twos, black3 = sort_hand(hand)
    dead = g.dead_ranks()
    _group_options(g, seat, before_draw, by_rank, jokers, twos, dead, out)
    canonical = _canonical_melds(g, seat, before_draw, by_rank, (wilds, jokers, twos),
                                      black3, dead, out)
    threes: set[tuple[tuple[int, tuple[int, ...]], ...]] = set()
    for a, plan in canonical:
        targets = plan.targets
        if len(targets) == 1:
            # a move of one target: `out` already holds every legal one (the single
            # groups are complete, judged by the same units), black 3s aside
            if BLACK_THREES not in targets or (key := outcome(a.groups, a.onto)) in threes:
                continue
            threes.add(key)
        out.add(a, plan)


def _group_options(g: Game, seat: int, before_draw: bool, by_rank: dict[Rank, list[Card]],
                   jokers: list[Card], twos: list[Card], closed: frozenset[int],
                   out: MoveList) -> None:
    """Every single group the shape rules allow, judged by the units that may speak
    about it (`RuleUnits.beyond_scopes`), listed with its plan (LATER where no unit may
    refuse it)."""
    n_hand = len(g.hands[seat])
    listed, plans = out.actions, out.plans  # (each group listed with its plan)
    units = g.units
    side = g.side_of[seat]
    side_melds = g.melds[side]
    opening = not side_melds
    n_jokers, n_twos = len(jokers), len(twos)
    beyond_scopes, cap = units.beyond_scopes, units.left_cap
    # whether the side's meld of wild cards is short of a canasta (its lock's scope)
    short = (wm := side_melds.get(WILD_MELD)) is not None and len(wm.cards) < CANASTA_SIZE
    far_table = units.beyond_scopes_far[opening + 2 * short]
    tables, rank_class = g.cache.tables, units.rank_class
    # the groups of a new meld, worked out with the units; the rest as a game meets them
    new_shapes = units.new_shapes
    values = g.card_values
    hopeless = units.any_hopeless if opening else None  # an opening short of its minimum
    joker_value, two_value = values[jokers[0].code] if jokers else 0, values[twos[0].code] if twos else 0
    wilds, opened = (*jokers, *twos), not opening
    # fewer naturals make no new meld (see `least_naturals`)
    least = units.least_naturals[opened][min(n_jokers + n_twos, MOST_WILDS_COUNTED)]
    for rank, nat in by_rank.items():
        k = len(nat)
        if k < least and rank not in side_melds or closed and rank in closed:
            continue  # too few cards for a new meld, or a rank nobody may meld
        m = side_melds.get(rank)
        if m is None:
            shapes = new_shapes[rank_class[rank], k, n_jokers, n_twos, 0, 0, True, opened]
        else:
            shapes = tables.group_shapes((rank_class[rank], k, n_jokers, n_twos, m.naturals, m.wilds, False, opened))
        if not shapes:
            continue  # no group the shape rules allow
        if hopeless is not None and hopeless(g, side, (v := values[nat[0].code]) * k + joker_value * n_jokers
                                     + two_value * n_twos, k + n_jokers + n_twos, n_hand - k - n_jokers - n_twos):
            continue  # no opening from this rank, whatever goes with it
        far = far_table[rank]
        nat_t = tuple(nat)
        for n, j, t, size, wild in shapes:
            left = n_hand - size
            if hopeless is not None and hopeless(g, side, v * n + joker_value * j + two_value * t, size,
                                                 left):
                continue
            # the first j jokers and first t 2s (jokers lead `wilds`)
            group = nat_t[:n] + wilds[:j] + wilds[n_jokers:n_jokers + t] if wild else nat_t[:n]
            plan: Melding | Later | None
            if far[wild] if left >= cap else beyond_scopes(opening, rank, wild, left, short):
                plan = LATER  # no unit may refuse it (see `_later_plan`)
            elif (plan := _judged_group(g, seat, rank, group, left, before_draw)) is None:
                continue
            a = Meld.of((group,))
            listed.append(a)
            plans.append(plan)
    if n_jokers or n_twos:
        _wild_options(g, seat, before_draw, side_melds, wilds, n_jokers, closed, out, short)


def _wild_options(g: Game, seat: int, before_draw: bool, side_melds: dict[Rank, TableMeld],
                  wilds: tuple[Card, ...], n_jokers: int, closed: frozenset[int],
                  out: MoveList, short: bool) -> None:
    """Wild cards alone, within the shape rules: onto each meld, or as a new meld of
    wild cards (`wilds`: the hand's, its `n_jokers` jokers first); judged like
    `_group_options`' groups (`short`: as there)."""
    targets: list[tuple[Rank, TableMeld | None]] = list(side_melds.items())
    if WILD_MELD not in side_melds and g.rules.wild_canasta:
        targets.append((WILD_MELD, None))  # a new meld of wild cards
    elif not targets:
        return  # (an opening where wild cards make no meld of their own)
    opening = not side_melds
    units = g.units
    n_hand = len(g.hands[seat])
    listed, plans = out.actions, out.plans  # (each group listed with its plan)
    beyond_scopes, cap = units.beyond_scopes, units.left_cap
    adds = units.adds_table
    far_table = units.beyond_scopes_far[opening + 2 * short]
    hopeless = units.any_hopeless if opening else None  # as in `_group_options`
    values, side = g.card_values, g.side_of[seat]
    rank_class = units.rank_class
    nw = len(wilds)
    splits: dict[int, list[tuple[Card, ...]]] = {}  # per count, made once for all melds
    opened = not opening
    for rank, m in targets:
        if m is None:
            key = (rank_class[WILD_MELD], 0, 0, True, opened)
        elif rank == BLACK_THREES or closed and rank in closed:
            continue
        else:
            key = (rank_class[rank], m.naturals, m.wilds, False, opened)
        counts = adds[key] if key in adds else tuple(w for w in units.wild_counts(*key) if w)
        if not counts or counts[0] > nw:
            continue  # (most melds after a modern opening: the rule of five)
        onto = () if key[3] else (rank,)  # a new meld of wild cards names no meld
        far_wild = far_table[rank][1]
        for w in counts:
            if w > nw:
                break
            left = n_hand - w
            beyond = far_wild if left >= cap else beyond_scopes(opening, rank, True, left, short)
            for cards in splits.get(w) or _splits(wilds, n_jokers, w, splits):
                if hopeless is not None and hopeless(g, side, sum(values[c.code] for c in cards),
                                             w, left):
                    continue  # short of the opening's minimum, whatever else
                plan: Melding | Later | None
                if beyond:
                    plan = LATER  # as in `_group_options`
                elif (plan := _judged_group(g, seat, rank, cards, left, before_draw)) is None:
                    continue
                a = Meld.of((cards,), onto)
                listed.append(a)
                plans.append(plan)


def _judged_group(g: Game, seat: int, rank: Rank, group: tuple[Card, ...], left: int,
                  before_draw: bool) -> Melding | None:
    """The plan of a single group some unit may refuse, judged in full (None: refused)."""
    plan = Melding(g, seat, {rank: list(group)}, list(group), None, left, before_draw)
    return plan if checks.judge(g, plan, True) is None else None


def later_plan(g: Game, action: Action, before_draw: bool) -> Melding:
    """The plan of a move that was listed without one (LATER): a take under a natural
    top, or a single group."""
    if isinstance(action, TakePile):
        return _take_plan(g, action)
    assert isinstance(action, Meld)
    group = list(action.groups[0])
    onto = action.onto  # a group of naturals, or wild cards onto a meld or of their own
    rank = onto[0] if onto else None
    if rank is None:
        rank = WILD_MELD if group[0].is_wild else group[0].rank
    left = len(g.hands[g.to_play]) - len(group)
    return Melding(g, g.to_play, {rank: group}, group, None, left, before_draw)


def _canonical_melds(g: Game, seat: int, before_draw: bool, by_rank: dict[Rank, list[Card]],
                     wild: tuple[list[Card], list[Card], list[Card]], black3: list[Card],
                     dead: frozenset[int], listing: MoveList) -> list[tuple[Meld, Melding]]:
    """Black 3s, every minimal opening of several melds (`openers`), and one way to
    go out, when these are legal, with their plans (`wild`: the hand's wild cards,
    jokers and 2s, as `sort_hand` sorts them; `listing`: the move list being made,
    which keeps the way out)."""
    wilds = wild[0]
    out: list[tuple[Meld, Melding]] = []
    side = g.side_of[seat]
    side_melds = g.melds[side]
    # black 3s alone (judged in full: whether they are melded at all is the variant's)
    for k in (3, 4):
        if k <= len(black3):
            a = Meld.of((tuple(black3[:k]),))
            if (plan := _judged_own(g, a, before_draw)) is not None:
                out.append((a, plan))
    if not side_melds:  # every minimal opening of several groups (see `openers`)
        out.extend(hand_openings(g, seat, before_draw, by_rank, *wild, dead))
    # (bound by partner's "yes", the way out must be on offer whatever the hand: the
    # count is a necessary condition, so it holds back no way out there either)
    if g.answer is not False and not before_draw:
        way = _way_out(g, seat, before_draw) if might_go_out(
            g, seat, by_rank, len(wilds), len(black3), dead) else None
        if way is not None:
            out.append(way)
        if g.answer:  # the BindingYes unit asks for it next, in this very position
            listing.way_out = (seat, None if way is None else way[0])
    return out


def might_go_out(g: Game, seat: int, by_rank: dict[Rank, list[Card]], wilds: int,
                  black3: int, dead: frozenset[int]) -> bool:
    """A cheap necessary condition for `plan_go_out` to succeed (the hand's naturals
    by rank, its numbers of wild cards and black 3s; the ranks nobody may meld): one
    card at most that only the discard can be (as `plan_go_out` counts them) and more
    to meld, a wild card for each pair no meld takes (that may take one), canastas in
    reach (each wild card to one meld), and before the opening the minimum's worth."""
    side = g.side_of[seat]
    side_melds = g.melds[side]
    # counted first, without a loop: k ranks of at most N naturals hold 2k - N
    # single cards or more, and a single is an orphan unless a meld takes it (at most
    # one per meld); N is at most the hand less its wild cards and black 3s
    if 2 * len(by_rank) - len(g.hands[seat]) + wilds + black3 - len(side_melds) > 1:
        return False  # two orphans or more: as the loop below would find
    rules = g.rules
    orphans = 0
    if black3:
        if not rules.meld_black_threes:
            if rules.final_discard_no_stoppers:
                return False  # never melded, and no final discard either
            orphans = black3
        elif black3 < 3:
            orphans = black3
    for r, cs in by_rank.items():  # the orphans first: most hands have two
        if len(cs) == 1 and r not in side_melds or dead and r in dead:
            orphans += len(cs)  # (a rank nobody may meld: only the discard)
            if orphans > 1:
                return False
    pairs = []  # ranks held twice that no meld takes
    short = []  # the wild cards each meld in reach still needs to become a canasta
    for r, cs in by_rank.items():
        n = len(cs)
        if n == 1 and r not in side_melds or dead and r in dead:
            continue  # (counted above)
        m = side_melds.get(r)
        if m is None:
            if n == 2:
                wilds -= 1  # the pair becomes a meld only with a wild card
                if wilds < 0:
                    return False  # (wild cards are only ever taken away below)
                pairs.append(r)
                short.append(CANASTA_SIZE - 3)
            else:
                short.append(CANASTA_SIZE - n if n < CANASTA_SIZE else 0)
        elif (size := len(m.cards)) < CANASTA_SIZE:  # a canasta already is counted
            short.append(CANASTA_SIZE - size - n if size + n < CANASTA_SIZE else 0)
    if orphans > 1 or wilds < 0:
        return False
    if (orphans or rules.go_out_with_discard) and len(g.hands[seat]) < 2:
        return False  # the one card is the discard: nothing left to meld
    return _in_reach(g, side, by_rank, short, wilds) and _plannable(
        g, seat, pairs, bool(side_melds))


def _in_reach(g: Game, side: int, by_rank: dict[Rank, list[Card]], short: list[int],
              wilds: int) -> bool:
    """Whether the side's canastas and those the wild cards left may complete (`short`:
    the wild cards each meld in reach still needs) make the canastas going out needs."""
    rules = g.rules
    reach = g.canastas(side)
    need = rules.canastas_to_go_out
    if wilds >= CANASTA_SIZE and rules.wild_canasta:
        reach += 1
    if reach < need:
        for r, m in g.melds[side].items():
            if r != BLACK_THREES and len(m.cards) < CANASTA_SIZE and r not in by_rank:
                short.append(CANASTA_SIZE - len(m.cards))
        short.sort()
        for n in short:
            if n > wilds or reach >= need:
                break
            wilds -= n
            reach += 1
    return reach >= need


def _plannable(g: Game, seat: int, pairs: list[Rank], opened: bool) -> bool:
    """The rest of `_might_go_out` (asked last, rarely): each pair no meld takes may
    take a wild card (no plan melds it else), and before the side's opening the whole
    hand is worth the minimum that going out must reach (`_go_out_plan`'s; no card
    is worth less than nothing, or no bound)."""
    if pairs:
        bare = g.units.bare_pairs[opened]
        if bare and any(r in bare for r in pairs):
            return False
    if opened:
        return True
    side = g.side_of[seat]
    if (g.drew_from_stock and g.rules.concealed_going_out
            or g.rules.black_three_value < 0):
        return True
    values = g.card_values
    total = sum(values[c.code] for c in g.hands[seat])
    return total >= g.minimums[side]


def go_out_meld(g: Game, seat: int) -> Meld | None:
    """A legal move that melds the hand down to nothing or to one last discard (the
    one the move list of this very position found, when it looked)."""
    listed = g.listed()
    if listed is not None and listed.way_out is not None and listed.way_out[0] == seat:
        return listed.way_out[1]
    by_rank, wilds, _, _, black3 = sort_hand(g.hands[seat])
    if not might_go_out(g, seat, by_rank, len(wilds), len(black3), g.dead_ranks()):
        return None
    a = _go_out_move(g, seat)
    return a if a is not None and g.check(a) is None else None


def _way_out(g: Game, seat: int, before_draw: bool) -> tuple[Meld, Melding] | None:
    """Move generation's way out, with its plan (it asked `might_go_out` first)."""
    a = _go_out_move(g, seat)
    judged = None if a is None else _judged_own(g, a, before_draw)
    return None if a is None or judged is None else (a, judged)


def _go_out_move(g: Game, seat: int) -> Meld | None:
    """The move of the groups `go_out_plan` finds, not judged yet."""
    plan = go_out_plan(g, seat)
    return Meld([group for group, _ in plan], [t for _, t in plan]) if plan else None


def _judged_own(g: Game, a: Meld, before_draw: bool) -> Melding | None:
    """The plan of a move the generator built from the hand's own cards, judged as
    `check()` judges it without looking its cards up in the hand (None: refused)."""
    try:
        return checks.meld_plan(g, a, before_draw, own=True)
    except IllegalMove:
        return None


def go_out_plan(g: Game, seat: int) -> list[tuple[list[Card], Rank | None]] | None:
    """The groups `plan_go_out` finds to meld `seat`'s hand out, or None."""
    side = g.side_of[seat]
    opened = bool(g.melds[side])
    # going out concealed after a stock draw needs no minimum
    minimum = (0 if g.drew_from_stock and g.rules.concealed_going_out
               else g.minimums[side])
    return plan_go_out(g.rules, g.hands[seat], g.melds[side],
                       g.rules.canastas_to_go_out, opened, minimum,
                       dead=g.dead_ranks())


# ------------------------------------------------------------------ the pile


def _take_ok(g: Game, a: TakePile, top: Card, to_hand: int) -> Melding | Later | None:
    """The plan `a` takes the pile under `top` with (`to_hand`: how many pile cards
    the taker would add to the hand), or None: refused."""
    for hook in g.units.take:  # take_refusal, with the top card known
        if hook(g, a, top) is not None:
            return None
    if a.melds:
        try:
            return checks.validate_take(g, a)
        except IllegalMove:
            return None
    # the common case, judged without building groups
    seat = g.to_play
    cards = a.cards
    hand_after = len(g.hands[seat]) - len(cards) + to_hand
    key = WILD_MELD if top.is_wild else top.rank
    # under a natural top the counts came from the shape units' own answers
    # (`_take_candidates`), so the meld's shape is not asked again; and the other
    # melding units are asked only when their scope takes in one group laid on this
    # meld (`beyond_scopes`: the plan is then made only if the move is played); the
    # candidates list their wild cards last
    if key != WILD_MELD and g.units.beyond_scopes(
            not g.melds[g.side_of[seat]], key, bool(cards) and cards[-1].is_wild,
            hand_after):
        return LATER  # (`_take_plan`)
    m = Melding(g, seat, {key: [top, *cards]}, list(cards), top, hand_after)
    return None if checks.judge(g, m, key != WILD_MELD) is not None else m


def _take_plan(g: Game, action: TakePile) -> Melding:
    """The plan of a take listed without one (see `_take_ok`): the cards onto the
    meld of the natural top card."""
    top = g.pile.cards[-1]
    hand_after = len(g.hands[g.to_play]) - len(action.cards) + g.pile.to_hand()
    return Melding(g, g.to_play, {top.rank: [top, *action.cards]}, list(action.cards),
                   top, hand_after)


def _take_candidates(g: Game, top: Card, hand: list[Card], side_melds: dict[Rank, TableMeld],
                     least: int,
                     most: int) -> list[TakePile]:
    """The takes under a natural `top` that the shape rules and the take units' bounds
    (`least` naturals, `most` wild cards) allow. For a side's opening, takes the
    units call `hopeless` (short of the minimum, as the group with the top card
    counts) are left out."""
    rank = top.rank
    units = g.units
    if most > len(hand):
        most = len(hand)
    m = side_melds.get(rank)
    n0, w0 = (0, 0) if m is None else (m.naturals, m.wilds)
    # the top's rank, jokers and 2s of the hand in one pass
    nat: list[Card] = []
    jokers: list[Card] = []
    twos: list[Card] = []
    for c in hand:
        r = c.rank
        if r == rank:
            nat.append(c)
        elif r == _JOKER:
            jokers.append(c)
        elif r == _TWO:
            twos.append(c)
    # the top card is one of the naturals laid: n counts it
    if len(nat) < least:
        return []  # fewer naturals than every take asks for
    key = (units.rank_class[rank], len(nat) + 1, len(jokers), len(twos), n0, w0, m is None,
           bool(side_melds))
    counts = g.cache.tables.group_counts(key)
    if not counts:
        return []  # no meld of that shape
    hopeless = None if side_melds else units.any_hopeless
    if hopeless is not None:
        values = g.values()
        v0 = values[top.code] if g.rules.opening_counts_pile_card else 0
        nv = values[top.code]
        joker_value = values[jokers[0].code] if jokers else 0
        two_value = values[twos[0].code] if twos else 0
        side = g.side_of[g.to_play]
        n_hand = len(hand) + g.pile.to_hand()
    of = TakePile.of
    out = []
    for n, j, t in counts:
        if n - 1 < least or j + t > most:
            continue
        if hopeless is not None and hopeless(g, side, v0 + nv * (n - 1) + joker_value * j + two_value * t,
                                     n + j + t, n_hand - (n - 1 + j + t)):
            continue
        out.append(of((*nat[:n - 1], *jokers[:j], *twos[:t])))
    return out


def take_options(g: Game, seat: int, out: MoveList) -> None:
    """List every legal take of the pile, with its plan."""
    pile = g.pile
    if pile.blocked_reason():
        return
    top = pile.cards[-1]
    hand = g.hands[seat]
    side_melds = g.melds[g.side_of[seat]]
    rank = top.rank
    takes: list[TakePile]
    held = 0
    if top.is_wild:  # taken with cards of its kind alone
        same = [c for c in hand if c.rank == rank]
        held = len(same)
        takes = [TakePile.of(tuple(same[:k])) for k in range(1, held + 1)]
    else:
        # the take units' bounds first: on a pile frozen for the side most hands lack
        # the naturals they ask for, and no shape need be looked up; the units'
        # answers are remembered by all they read (see `units.base`)
        state = (pile.frozen, not side_melds)
        least, most = g.cache.tables.take_bounds.get(state) or checks.take_bounds(g, top, state)
        if least or not side_melds:
            # counted first: most such hands take nothing
            for c in hand:
                if c.rank == rank:
                    held += 1
            if held < least:
                if held < 2 or side_melds:
                    return  # (as below: no take, and no opening with the pile)
                takes = []
            else:
                takes = _take_candidates(g, top, hand, side_melds, least, most)
        else:  # no take is refused for want of naturals: the candidates count them
            _list_takes(g, _take_candidates(g, top, hand, side_melds, least, most),
                             top, out)
            return  # (the side has melded: no opening with the pile)
    _list_takes(g, takes, top, out)
    if side_melds or top.is_wild or held < 2:
        return
    # openings with the pile and melds from the hand (see `openers`)
    for a, plan in pile_openings(g, seat, top):
        out.add(a, plan)


def _list_takes(g: Game, takes: list[TakePile], top: Card, out: MoveList) -> None:
    """List the legal ones of `takes`, with their plans."""
    if takes:
        to_hand = g.pile.to_hand()
        for a in takes:
            plan = _take_ok(g, a, top, to_hand)
            if plan is not None:
                out.add(a, plan)


# ------------------------------------------------------------------ per phase


def open_moves(g: Game, out: MoveList) -> None:
    """Draw, or open from the hand first."""
    out.add(DRAW, None)
    _meld_options(g, g.to_play, True, out)


def draw_moves(g: Game, out: MoveList) -> None:
    """Draw, or take the pile."""
    if g.stock:
        out.add(DRAW, None)  # nothing to judge but the stock
    take_options(g, g.to_play, out)


def meld_moves(g: Game, out: MoveList) -> None:
    """After the draw: melds, asking partner, discards."""
    seat = g.to_play
    _meld_options(g, seat, False, out)  # (after the draw)
    if checks.ask_refusal(g) is None:
        out.add(ASK, None)
    hand = g.hands[seat]
    if len(hand) == 1:
        if checks.final_discard_refusal(g, hand[0]) is None:
            out.add(_DISCARDS[hand[0].code], None)
    else:
        for hook in g.units.any_discard:  # (a refusal is a non-empty tuple)
            if hook(g, hand):
                break  # no discard that keeps cards
        else:
            if g.units.discard:
                _discards(g, hand, out)
            else:  # no unit refuses a discard that keeps cards: each card's code once
                out.add_judged(_discards_of(hand).values())


def _discards(g: Game, hand: list[Card], out: MoveList) -> None:
    """Each discard of one of `hand`'s cards that keeps cards and that the units allow
    (where some unit may refuse one: `meld_moves` lists them itself where none may)."""
    # card_discard_refusal's hooks, asked here without the detour, each only about
    # the cards it may refuse (most cards: none); each card's code once, in the
    # order the hand first holds it, less the refused (the hooks only read: the
    # order they are asked in does not matter)
    by_rank, hooked = g.cache.tables.discard_hooks(not g.pile.cards, g.dead_ranks())
    discards = _discards_of(hand)
    for code in hooked.intersection(discards):
        card = discards[code].card  # (cards of one code read alike to every hook)
        for hook in by_rank[card.rank]:
            if hook(g, hand, card):  # a refusal is a non-empty tuple
                del discards[code]
                break
    out.add_judged(discards.values())


def _discards_of(hand: list[Card]) -> dict[int, Discard]:
    """The discard of each card code of `hand`, in the order the hand first holds it."""
    return {c.code: _DISCARDS[c.code] for c in hand}


def answer_moves(g: Game, out: MoveList) -> None:
    """Partner answers yes or no."""
    out.add_judged([YES, NO])


def stock_end_moves(g: Game, out: MoveList) -> None:
    """The stock is gone: take the pile, or pass when passing is allowed."""
    take_options(g, g.to_play, out)
    try:
        checks.validate_pass(g, out.actions)  # the options just listed: not worked out again
        out.add(PASS, None)
    except IllegalMove:
        pass


def hand_over_moves(g: Game, out: MoveList) -> None:
    """Deal the next hand."""
    out.add(NEXT, None)


def no_moves(g: Game, out: MoveList) -> None:
    """The game is over."""
    pass
