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

from operator import attrgetter
from typing import Any

from .actions import (
    _SET_GROUPS,
    _SET_ONTO,
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Meld,
    NextHand,
    PassPile,
    TakePile,
    _new,
)
from .cards import Card, Rank, make_decks
from .errors import IllegalMove
from .meldkeys import BLACK_THREES, CANASTA_SIZE, WILD_MELD
from .melds import plan_go_out
from .openers import hand_openings, pile_openings
from .openings import sort_hand
from .units import Melding
from .units.base import MOST_WILDS_COUNTED, NO_LIMIT

DRAW = Draw()
ASK = AskGoOut()
YES = AnswerGoOut(True)
NO = AnswerGoOut(False)
PASS = PassPile()
NEXT = NextHand()
_DRAW_PLAN = (DRAW, None)  # a draw's entry in the move list's plans (see Game.apply)
_DRAW_ID = id(DRAW)
# the same for the answers and the next hand (the shared objects live as long as the module)
_YES_ID, _NO_ID, _NEXT_ID = id(YES), id(NO), id(NEXT)
_YES_PLAN, _NO_PLAN, _NEXT_PLAN = (YES, None), (NO, None), (NEXT, None)
_DISCARDS = {c.code: Discard(c) for c in make_decks(1, 1)}
_DISCARDS_KEY = -1  # where the move list keeps the discards it judged (never an id())
# where it keeps its way out under partner's binding "yes" (see LegalMoves.go_out_meld)
_GO_OUT_KEY = -3
_RANK = attrgetter("rank")


def outcome(groups, onto) -> tuple:
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


def _one_hook(hooks):
    """The hooks as one callable (the hook itself when there is one), or None."""
    if not hooks:
        return None
    if len(hooks) == 1:
        return hooks[0]
    return lambda *args: _any(hooks, *args)


def _any(hooks, *args) -> bool:
    for hook in hooks:
        if hook(*args):
            return True
    return False


def _splits(wilds: tuple[Card, ...], nj: int, w: int, splits: dict) -> list[tuple[Card, ...]]:
    """The groups of `w` of the hand's `wilds` (its `nj` jokers first), one per number of
    jokers: the first jokers, then the first 2s (remembered in `splits`)."""
    nt = len(wilds) - nj
    out = splits[w] = [wilds[:j] + wilds[nj:nj + w - j]
                       for j in range(max(0, w - nt), min(nj, w) + 1)]
    return out


class LegalMoves:
    """Mixed into `Game`: reads its state, never changes it."""

    # ------------------------------------------------------------------ melding
    def _meld_options(self: Any, seat: int, before_draw: bool) -> list[Action]:
        hand = self.hands[seat]
        units = self.units
        if units.early and _any(units.early, self, Melding(self, seat, {}, [], None, len(hand),
                                                           before_draw)):
            return []  # no melding at all now (italian: not before opening)
        by_rank, wilds, jokers, twos, black3 = sort_hand(hand)
        dead = self.dead_ranks()
        out = self._group_options(seat, before_draw, by_rank, jokers, twos, dead)
        canonical = self._canonical_melds(seat, before_draw, by_rank, (wilds, jokers, twos),
                                          black3, dead)
        if not canonical:
            return out  # (most lists)
        plans = self._plans
        threes: set[tuple] = set()
        for a in canonical:
            targets = plans[id(a)][1].targets
            if len(targets) == 1:
                # a move of one target: `out` already holds every legal one (the single
                # groups are complete, judged by the same units), black 3s aside
                if BLACK_THREES not in targets or (key := outcome(a.groups, a.onto)) in threes:
                    continue
                threes.add(key)
            out.append(a)
        return out

    def _group_options(self: Any, seat: int, before_draw: bool, by_rank: dict[Rank, list[Card]],
                       jokers: list[Card], twos: list[Card], closed: frozenset[int]
                       ) -> list[Action]:
        """Every single group the shape rules allow, judged by the units that may speak
        about it (`RuleUnits.quiet`); each legal one remembers its plan for `apply`."""
        out: list[Action] = []
        n_hand = len(self.hands[seat])
        units = self.units
        side = self.side_of[seat]
        side_melds = self.melds[side]
        opening = not side_melds
        nj, nt = len(jokers), len(twos)
        quiet, cap = units.quiet, units.left_cap
        # whether the side's meld of wild cards is short of a canasta (its lock's scope: `quiet`)
        short = (wm := side_melds.get(WILD_MELD)) is not None and len(wm.cards) < CANASTA_SIZE
        calm_of = units.calm[opening + 2 * short]
        recipes, alike = units.recipe_memo, units.rank_class  # group_recipes' memo, by class
        plans = self._plans  # id -> (move, the plan it was judged with): see Game.apply
        values = self.card_values
        hope = units.one_hopeless if opening else None  # an opening short of its minimum
        jv, tv = values[jokers[0].code] if jokers else 0, values[twos[0].code] if twos else 0
        wilds, opened = (*jokers, *twos), not opening
        # fewer naturals make no new meld (see `least_naturals`)
        least = units.least_naturals[opened][min(nj + nt, MOST_WILDS_COUNTED)]
        for rank, nat in by_rank.items():
            k = len(nat)
            if k < least and rank not in side_melds or closed and rank in closed:
                continue  # too few cards for a new meld, or a rank nobody may meld
            m = side_melds.get(rank)
            key = ((alike[rank], k, nj, nt, 0, 0, True, opened) if m is None else
                   (alike[rank], k, nj, nt, m.naturals, m.wilds, False, opened))
            if (recipe := recipes.get(key)) is None:
                recipe = units.group_recipes(key)
            if not recipe:
                continue  # no group the shape rules allow
            if hope is not None and hope(self, side, (v := values[nat[0].code]) * k + jv * nj
                                         + tv * nt, k + nj + nt, n_hand - k - nj - nt):
                continue  # no opening from this rank, whatever goes with it
            calm = calm_of.get(rank) or units.calm_pair(opening, rank, short)
            nat_t = tuple(nat)
            for n, j, t, size, wild in recipe:
                left = n_hand - size
                if hope is not None and hope(self, side, v * n + jv * j + tv * t, size, left):
                    continue
                # the first j jokers and first t 2s (jokers lead `wilds`)
                group = nat_t[:n] + wilds[:j] + wilds[nj:nj + t] if wild else nat_t[:n]
                if calm[wild] if left >= cap else quiet(opening, rank, wild, left, short):
                    plan = None  # no unit may refuse it: no plan kept (see `listed_plan`)
                elif (plan := self._judged_group(seat, rank, group, left, before_draw)) is None:
                    continue
                a = _new(Meld)  # Meld.of, inlined
                _SET_GROUPS(a, (group,))
                _SET_ONTO(a, ())
                out.append(a)
                if plan is not None:
                    plans[id(a)] = (a, plan)
        if nj or nt:
            self._wild_options(seat, before_draw, side_melds, wilds, nj, closed, out, short)
        return out

    def _wild_options(self: Any, seat: int, before_draw: bool, side_melds,
                      wilds: tuple[Card, ...], nj: int, closed: frozenset[int],
                      out: list[Action], short: bool) -> None:
        """Wild cards alone, within the shape rules: onto each meld, or as a new meld of
        wild cards (`wilds`: the hand's, its `nj` jokers first); judged like
        `_group_options`' groups (`short`: as there)."""
        targets = list(side_melds.items())
        if WILD_MELD not in side_melds and self.rules.wild_canasta:
            targets.append((WILD_MELD, None))  # a new meld of wild cards
        elif not targets:
            return  # (an opening where wild cards make no meld of their own)
        opening = not side_melds
        units = self.units
        n_hand = len(self.hands[seat])
        plans = self._plans
        quiet, cap = units.quiet, units.left_cap
        memo = units.adds_memo  # wild_adds' memo (asked directly: it is filled below)
        calm_of = units.calm[opening + 2 * short]
        hope = units.one_hopeless if opening else None  # as in `_group_options`
        values, side = self.card_values, self.side_of[seat]
        alike = units.rank_class
        nw = len(wilds)
        splits: dict[int, list[tuple[Card, ...]]] = {}  # per count, made once for all melds
        opened = not opening
        for rank, m in targets:
            if m is None:
                key = (alike[WILD_MELD], 0, 0, True, opened)
            elif rank == BLACK_THREES or closed and rank in closed:
                continue
            else:
                key = (alike[rank], m.naturals, m.wilds, False, opened)
            if (counts := memo.get(key)) is None:
                counts = units.wild_adds(key)
            if not counts or counts[0] > nw:
                continue  # (most melds after a modern opening: the rule of five)
            onto = () if key[3] else (rank,)  # a new meld of wild cards names no meld
            calm_far = (calm_of.get(rank) or units.calm_pair(opening, rank, short))[1]
            for w in counts:
                if w > nw:
                    break
                left = n_hand - w
                calm = calm_far if left >= cap else quiet(opening, rank, True, left, short)
                for cards in splits.get(w) or _splits(wilds, nj, w, splits):
                    if hope is not None and hope(self, side, sum(values[c.code] for c in cards),
                                                 w, left):
                        continue  # short of the opening's minimum, whatever else
                    if calm:
                        plan = None  # as in `_group_options`
                    elif (plan := self._judged_group(seat, rank, cards, left, before_draw)) is None:
                        continue
                    a = _new(Meld)  # Meld.of, inlined
                    _SET_GROUPS(a, (cards,))
                    _SET_ONTO(a, onto)
                    out.append(a)
                    if plan is not None:
                        plans[id(a)] = (a, plan)

    def _judged_group(self: Any, seat: int, rank: Rank, group: tuple[Card, ...], left: int,
                      before_draw: bool) -> Melding | None:
        """The plan of a single group some unit may refuse, judged in full (None: refused)."""
        plan = Melding(self, seat, {rank: list(group)}, list(group), None, left, before_draw)
        return plan if self.judge(plan, True) is None else None

    def listed_plan(self: Any, action: Meld, listed: list[Action], before_draw: bool
                    ) -> Melding | None:
        """The plan of `action` when it is one of the single groups the move list `listed`
        holds without a plan (a Meld listed without one is such a group: every other keeps
        its plan), made now: most listed moves are never played. None: not listed."""
        for a in listed:
            if a is action:
                break
        else:
            return None
        group = list(action.groups[0])
        onto = action.onto  # a group of naturals, or wild cards onto a meld or of their own
        rank = onto[0] if onto else None
        if rank is None:
            rank = WILD_MELD if group[0].is_wild else group[0].rank
        left = len(self.hands[self.to_play]) - len(group)
        return Melding(self, self.to_play, {rank: group}, group, None, left, before_draw)

    def _canonical_melds(self: Any, seat: int, before_draw: bool, by_rank: dict[Rank, list[Card]],
                         wild: tuple[list[Card], list[Card], list[Card]], black3: list[Card],
                         dead: frozenset[int]) -> list[Meld]:
        """Black 3s, every minimal opening of several melds (`openers`), and one way to
        go out, when these are legal (`wild`: the hand's wild cards, jokers and 2s, as
        `sort_hand` sorts them)."""
        wilds = wild[0]
        out: list[Meld] = []
        side = self.side_of[seat]
        side_melds = self.melds[side]
        # black 3s alone (judged in full: whether they are melded at all is the variant's)
        if len(black3) >= 3:
            out.extend(a for k in (3, 4) if k <= len(black3)
                       and self._judged_own(a := Meld.of((tuple(black3[:k]),)), before_draw))
        if not side_melds:  # every minimal opening of several groups (see `openers`)
            out.extend(hand_openings(self, seat, before_draw, by_rank, *wild, dead))
        # (bound by partner's "yes", the way out must be on offer whatever the hand: the
        # count is a necessary condition, so it holds back no way out there either)
        if self.answer is not False and not before_draw:
            way = self.go_out_meld(seat, before_draw) if self._might_go_out(
                seat, by_rank, len(wilds), len(black3), dead) else None
            if way is not None:
                out.append(way)
            if self.answer:  # the BindingYes unit asks for it next, in this very position
                self._plans[_GO_OUT_KEY] = (self._position_key(), seat, way)
        return out

    def _might_go_out(self: Any, seat: int, by_rank: dict[Rank, list[Card]], wilds: int,
                      black3: int, dead: frozenset[int]) -> bool:
        """A cheap necessary condition for `plan_go_out` to succeed (the hand's naturals
        by rank, its numbers of wild cards and black 3s; the ranks nobody may meld): one
        card at most that only the discard can be (as `plan_go_out` counts them) and more
        to meld, a wild card for each pair no meld takes (that may take one), canastas in
        reach (each wild card to one meld), and before the opening the minimum's worth."""
        side = self.side_of[seat]
        side_melds = self.melds[side]
        # counted first, without a loop: k ranks of at most N naturals hold 2k - N
        # single cards or more, and a single is an orphan unless a meld takes it (at most
        # one per meld); N is at most the hand less its wild cards and black 3s
        if 2 * len(by_rank) - len(self.hands[seat]) + wilds + black3 - len(side_melds) > 1:
            return False  # two orphans or more: as the loop below would find
        rules = self.rules
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
        if (orphans or rules.go_out_with_discard) and len(self.hands[seat]) < 2:
            return False  # the one card is the discard: nothing left to meld
        return self._in_reach(side, by_rank, short, wilds) and self._plannable(
            seat, pairs, bool(side_melds))

    def _in_reach(self: Any, side: int, by_rank: dict[Rank, list[Card]], short: list[int],
                  wilds: int) -> bool:
        """Whether the side's canastas and those the wild cards left may complete (`short`:
        the wild cards each meld in reach still needs) make the canastas going out needs."""
        rules = self.rules
        reach = self.canastas(side)
        need = rules.canastas_to_go_out
        if wilds >= CANASTA_SIZE and rules.wild_canasta:
            reach += 1
        if reach < need:
            for r, m in self.melds[side].items():
                if r != BLACK_THREES and len(m.cards) < CANASTA_SIZE and r not in by_rank:
                    short.append(CANASTA_SIZE - len(m.cards))
            short.sort()
            for n in short:
                if n > wilds or reach >= need:
                    break
                wilds -= n
                reach += 1
        return reach >= need

    def _plannable(self: Any, seat: int, pairs: list[Rank], opened: bool) -> bool:
        """The rest of `_might_go_out` (asked last, rarely): each pair no meld takes may
        take a wild card (no plan melds it else), and before the side's opening the whole
        hand is worth the minimum that going out must reach (`_go_out_plan`'s; no card
        is worth less than nothing, or no bound)."""
        if pairs:
            bare = self.units.bare_pairs[opened]
            if bare and any(r in bare for r in pairs):
                return False
        if opened:
            return True
        side = self.side_of[seat]
        if (self.drew_from_stock and self.rules.concealed_going_out
                or self.rules.black_three_value < 0):
            return True
        values = self.card_values
        total = sum(values[c.code] for c in self.hands[seat])
        return total >= self.minimums[side]

    def go_out_meld(self: Any, seat: int, before_draw: bool | None = None) -> Meld | None:
        """A legal move that melds the hand down to nothing or to one last discard.
        `before_draw` (move generation): judged as `_judged_own` judges, its plan kept
        (move generation has asked `_might_go_out` first; other callers are asked it here,
        or handed the answer the move list of this very position found)."""
        if before_draw is None:
            got = self._plans.get(_GO_OUT_KEY)  # this position's own, when listed
            if got is not None and got[1] == seat and got[0] == self._position_key():
                return got[2]
            by_rank, wilds, _, _, black3 = sort_hand(self.hands[seat])
            if not self._might_go_out(seat, by_rank, len(wilds), len(black3), self.dead_ranks()):
                return None
        plan = self._go_out_plan(seat)
        if not plan:
            return None
        a = Meld([g for g, _ in plan], [t for _, t in plan])
        if before_draw is None:
            return a if self.check(a) is None else None
        return a if self._judged_own(a, before_draw) else None

    def _judged_own(self: Any, a: Meld, before_draw: bool) -> bool:
        """Whether a move the generator built from the hand's own cards is legal: judged
        as `check()` judges it, without looking its cards up in the hand. Its plan is kept."""
        try:
            m = self._meld_move(a, before_draw, own=True)
        except IllegalMove:
            return False
        self._plans[id(a)] = (a, m)
        return True

    def _go_out_plan(self: Any, seat: int) -> list[tuple[list[Card], Rank | None]] | None:
        side = self.side_of[seat]
        opened = bool(self.melds[side])
        # going out concealed after a stock draw needs no minimum
        minimum = (0 if self.drew_from_stock and self.rules.concealed_going_out
                   else self.minimums[side])
        return plan_go_out(self.rules, self.hands[seat], self.melds[side],
                           self.rules.canastas_to_go_out, opened, minimum,
                           dead=self.dead_ranks())

    # ------------------------------------------------------------------ the pile
    def _take_ok(self: Any, a: TakePile, top: Card, to_hand: int) -> bool:
        """Whether `a` takes the pile under `top` (`to_hand`: how many pile cards the
        taker would add to the hand); a legal take remembers its plan."""
        for hook in self.units.take:  # take_refusal, with the top card known
            if hook(self, a, top) is not None:
                return False
        if a.melds:
            return self._judged(a)
        # the common case, judged without building groups
        seat = self.to_play
        cards = a.cards
        hand_after = len(self.hands[seat]) - len(cards) + to_hand
        key = WILD_MELD if top.is_wild else top.rank
        # under a natural top the counts came from the shape units' own answers
        # (`_take_candidates`), so the meld's shape is not asked again; and the other
        # melding units are asked only when their scope takes in one group laid on this
        # meld (`quiet`: the plan is then made only if the move is played); the
        # candidates list their wild cards last
        if key != WILD_MELD and self.units.quiet(
                not self.melds[self.side_of[seat]], key, bool(cards) and cards[-1].is_wild,
                hand_after):
            self._plans[id(a)] = (a, (key, hand_after))  # see Game.apply
            return True
        m = Melding(self, seat, {key: [top, *cards]}, list(cards), top, hand_after)
        if self.judge(m, key != WILD_MELD) is not None:
            return False
        self._plans[id(a)] = (a, m)  # see Game.apply
        return True

    def _take_plan(self: Any, action: TakePile, plan: tuple[Rank, int]) -> Melding:
        """The plan of a take judged without one (see `_take_ok`): its meld key and the
        cards the hand keeps."""
        key, hand_after = plan
        top = self.pile.cards[-1]
        return Melding(self, self.to_play, {key: [top, *action.cards]}, list(action.cards), top,
                       hand_after)

    def _take_bounds(self: Any, top: Card, key: tuple[bool, bool]) -> tuple[int, int]:
        """At least how many naturals and at most how many wild cards of the hand take the
        pile under the natural `top`, by the take units (remembered under `key`)."""
        least, most = 0, NO_LIMIT
        for bounds in self.units.take_bounds:
            lo, hi = bounds(self, top)
            least, most = max(least, lo), min(most, hi)
        self.units.take_bounds_memo[key] = least, most
        return least, most

    def _take_candidates(self: Any, top: Card, hand: list[Card], side_melds, least: int,
                         most: int) -> list[TakePile]:
        """The takes under a natural `top` that the shape rules and the take units' bounds
        (`least` naturals, `most` wild cards) allow. For a side's opening, takes the
        units call `hopeless` (short of the minimum, as the group with the top card
        counts) are left out."""
        rank = top.rank
        units = self.units
        if most > len(hand):
            most = len(hand)
        m = side_melds.get(rank)
        n0, w0 = (0, 0) if m is None else (m.naturals, m.wilds)
        # the top's rank, jokers and 2s of the hand in one pass (ints: no Rank.X lookups)
        nat: list[Card] = []
        jokers: list[Card] = []
        twos: list[Card] = []
        for c in hand:
            r = c.rank
            if r == rank:
                nat.append(c)
            elif r == 0:
                jokers.append(c)
            elif r == 2:
                twos.append(c)
        # the top card is one of the naturals laid: n counts it
        if len(nat) < least:
            return []  # fewer naturals than every take asks for
        key = (units.rank_class[rank], len(nat) + 1, len(jokers), len(twos), n0, w0, m is None,
               bool(side_melds))
        counts = units.group_memo.get(key)
        if counts is None:
            counts = units.group_counts(*key)
        if not counts:
            return []  # no meld of that shape
        hope = None if side_melds else _one_hook(units.hopeless)
        if hope is not None:
            values = self.values()
            v0 = values[top.code] if self.rules.opening_counts_pile_card else 0
            nv = values[top.code]
            jv = values[jokers[0].code] if jokers else 0
            tv = values[twos[0].code] if twos else 0
            side = self.side_of[self.to_play]
            n_hand = len(hand) + self.pile.to_hand()
        of = TakePile.of
        out = []
        for n, j, t in counts:
            if n - 1 < least or j + t > most:
                continue
            if hope is not None and hope(self, side, v0 + nv * (n - 1) + jv * j + tv * t,
                                         n + j + t, n_hand - (n - 1 + j + t)):
                continue
            out.append(of((*nat[:n - 1], *jokers[:j], *twos[:t])))
        return out

    def _take_options(self: Any, seat: int) -> list[Action]:
        pile = self.pile
        if pile.blocked_reason():
            return []
        top = pile.cards[-1]
        hand = self.hands[seat]
        side_melds = self.melds[self.side_of[seat]]
        rank = top.rank
        out: list[Action]
        held = 0
        if top.is_wild:  # taken with cards of its kind alone
            same = [c for c in hand if c.rank == rank]
            held = len(same)
            out = [TakePile.of(tuple(same[:k])) for k in range(1, held + 1)]
        else:
            # the take units' bounds first: on a pile frozen for the side most hands lack
            # the naturals they ask for, and no shape need be looked up; the units'
            # answers are remembered by all they read (see `units.base`)
            state = (pile.frozen, not side_melds)
            least, most = self.units.take_bounds_memo.get(state) or self._take_bounds(top, state)
            if least or not side_melds:
                # counted first, in a plain loop (faster than a list of the hand's ranks
                # in 3.11): most such hands take nothing
                for c in hand:
                    if c.rank == rank:
                        held += 1
                if held < least:
                    if held < 2 or side_melds:
                        return []  # (as below: no take, and no opening with the pile)
                    out = []
                else:
                    out = self._take_candidates(top, hand, side_melds, least, most)
            else:  # no take is refused for want of naturals: the candidates count them
                out = self._take_candidates(top, hand, side_melds, least, most)
                if out:
                    to_hand = pile.to_hand()
                    out = [a for a in out if self._take_ok(a, top, to_hand)]
                return out  # (the side has melded: no opening with the pile)
        if out:
            to_hand = pile.to_hand()
            out = [a for a in out if self._take_ok(a, top, to_hand)]
        if side_melds or top.is_wild or held < 2:
            return out
        # openings with the pile and melds from the hand (see `openers`)
        out.extend(pile_openings(self, seat, top))
        return out

    # ------------------------------------------------------------------ per phase
    def _gen_open(self: Any) -> list[Action]:
        """Draw, or open from the hand first."""
        return [DRAW, *self._meld_options(self.to_play, before_draw=True)]

    def _gen_draw(self: Any) -> list[Action]:
        out: list[Action] = [DRAW] if self.stock else []
        if out:
            self._plans[_DRAW_ID] = _DRAW_PLAN  # nothing to judge but the stock
        out.extend(self._take_options(self.to_play))
        return out

    def _gen_meld(self: Any) -> list[Action]:
        seat = self.to_play
        out = self._meld_options(seat, False)  # (after the draw)
        if self.ask_refusal() is None:
            out.append(ASK)
        hand = self.hands[seat]
        start = len(out)
        if len(hand) == 1:
            if self.final_discard_refusal(hand[0]) is None:
                out.append(_DISCARDS[hand[0].code])
        else:
            for hook in self.units.any_discard:  # (a refusal is a non-empty tuple)
                if hook(self, hand):
                    break  # no discard that keeps cards
            else:
                if self.units.discard:
                    self._discards(hand, out)
                else:  # no unit refuses a discard that keeps cards: each card's code once
                    out.extend(map(_DISCARDS.__getitem__, dict.fromkeys([c.code for c in hand])))
        # judged here: apply need not ask the units again (see `_judged_discard`)
        self._plans[_DISCARDS_KEY] = (out, start)
        return out

    def _judged_discard(self: Any, action: Action) -> bool:
        """Whether `action` is one of the discards the last move list judged legal (that
        list's own objects: `_DISCARDS`' shared ones)."""
        if type(action) is not Discard:
            return False
        listed = self._plans.get(_DISCARDS_KEY)
        if listed is None:
            return False
        out, start = listed  # the list itself (legal_actions hands out copies)
        for i in range(start, len(out)):
            if out[i] is action:
                return True
        return False

    def _discards(self: Any, hand: list[Card], out: list[Action]) -> None:
        """Each discard of one of `hand`'s cards that keeps cards and that the units allow
        (where some unit may refuse one: `_gen_meld` lists them itself where none may)."""
        # card_discard_refusal's hooks, asked here without the detour, each only about
        # the cards it may refuse (most cards: none); each card's code once, in the
        # order the hand first holds it, less the refused (the hooks only read: the
        # order they are asked in does not matter)
        by_rank, hooked = self.units.discard_hooks(not self.pile.cards, self.dead_ranks())
        codes = dict.fromkeys([c.code for c in hand])
        for code in hooked.intersection(codes):
            card = _DISCARDS[code].card  # (cards of one code read alike to every hook)
            for hook in by_rank[card.rank]:
                if hook(self, hand, card):  # a refusal is a non-empty tuple
                    del codes[code]
                    break
        out.extend(map(_DISCARDS.__getitem__, codes))

    def _gen_ask(self: Any) -> list[Action]:
        plans = self._plans  # nothing to judge: see Game.apply
        plans[_YES_ID], plans[_NO_ID] = _YES_PLAN, _NO_PLAN
        return [YES, NO]

    def _gen_stock_end(self: Any) -> list[Action]:
        out = self._take_options(self.to_play)
        try:
            self._v_pass(PASS, out)  # the options just listed: not worked out again
            out.append(PASS)
        except IllegalMove:
            pass
        return out

    def _gen_hand_over(self: Any) -> list[Action]:
        self._plans[_NEXT_ID] = _NEXT_PLAN  # nothing to judge: see Game.apply
        return [NEXT]

    def _gen_none(self: Any) -> list[Action]:
        return []
