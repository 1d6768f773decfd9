"""Every rule of a variant as one small unit built from its `RuleSet` (see `base`).

`units_for(rules)` builds a rule set's units once and sorts their hooks; the engine's
checks and its move generation both read them, so they cannot disagree. A house rule is
one more unit here plus the `RuleSet` field that switches it on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from ..cards import NATURAL_RANKS, Rank, make_decks
from ..meldkeys import WILD_MELD
from ..ruleset import RuleSet
from . import discards, going_out, opening, placement, shapes, taking
from .base import MOST_WILDS_COUNTED, NO_LIMIT, Melding, Refusal, Rule, refuse

if TYPE_CHECKING:
    from ..openers import OpeningTables

__all__ = ["Melding", "Refusal", "Rule", "RuleUnits", "refuse", "units_for"]

# The order in which the units speak: when a move breaks several rules, the first
# one's reason is given.
# `wild_counts`' arguments (meld key, naturals, wild cards, new, opened) and
# `group_counts`' (meld key, naturals, jokers, 2s in hand, the meld's naturals and wild
# cards, new, opened)
CountsKey = tuple[int, int, int, bool, bool]
GroupKey = tuple[int, int, int, int, int, int, bool, bool]
DiscardHook = Callable[..., Refusal | None]

ORDER: tuple[type[Rule], ...] = (
    # whether the pile may be taken at all, and (italian) melding before the opening
    taking.OpenBeforeDraw, taking.PileBlocked, taking.OneCardPile,
    # the shapes of melds
    shapes.DeadRanks, shapes.BlackThreeMelds, shapes.WildMelds, shapes.MeldSize,
    shapes.SizeCap, shapes.WildFreeRanks, shapes.WildLimits,
    # the hand cards that take the pile
    taking.WildTopTake, taking.TopRankCards, taking.StopperNaturals, taking.NaturalPair,
    taking.FrozenPile,
    # what going out needs
    going_out.PartnerAnswer, going_out.CanastasToGoOut, going_out.UnfinishedWildMeld,
    going_out.NaturalAndMixed,
    # where wild cards may go
    placement.OpeningOnlyWildRanks, placement.RuleOfFive, placement.WildMeldLock,
    # the initial meld
    opening.OpeningMinimum, opening.NaturalOpening, opening.CleanOpening,
    # the cards a player keeps, and the last discard
    going_out.BlackThreesOnlyGoingOut, going_out.KeepDiscard, going_out.KeepCards,
    going_out.FinalDiscardNoStoppers, going_out.BindingYes,
    # discards that keep cards
    discards.ThreesLaidOut, discards.WildDiscardOnlyGoingOut, discards.EmptyPileGuarded,
)


@dataclass(frozen=True)
class RuleUnits:
    """A rule set's units, and per hook the units that answer it, in order."""

    units: tuple[Rule, ...]
    shapes: tuple[Rule, ...]
    rooms: tuple[Callable[..., int], ...]
    targets: tuple[Callable[..., Refusal | None], ...]
    early: tuple[Callable[..., Refusal | None], ...]
    # the `melding` hooks that may speak on an opening, and after it: (hook, most cards
    # the move may leave for it to speak)
    melding_opening: tuple[tuple[Callable[..., Refusal | None], int], ...]
    melding_after: tuple[tuple[Callable[..., Refusal | None], int], ...]
    going_out: tuple[Callable[..., str | None], ...]
    discard: tuple[Callable[..., Refusal | None], ...]
    any_discard: tuple[Callable[..., Refusal | None], ...]
    final_discard: tuple[Callable[..., Refusal | None], ...]
    take: tuple[Callable[..., Refusal | None], ...]
    hopeless: tuple[Callable[..., bool], ...]
    take_bounds: tuple[Callable[..., tuple[int, int]], ...]
    # past this many cards left in hand, no `most_cards_left` tells moves apart
    left_cap: int
    # the shape and room answers depend on the counts alone: each is worked out once
    _shape_memo: dict[tuple[int, int, int, bool, bool], Refusal | None] = field(default_factory=dict, compare=False)
    _room_memo: dict[tuple[int, int, int, bool], int] = field(default_factory=dict, compare=False)
    # wild_counts' and group_counts' answers by their arguments (group_memo, adds_memo and
    # group_shapes_memo are read by move generation itself)
    wilds_memo: dict[CountsKey, tuple[int, ...]] = field(default_factory=dict, compare=False)
    group_memo: dict[GroupKey, tuple[tuple[int, int, int], ...]] = field(default_factory=dict,
                                                                    compare=False)
    adds_memo: dict[CountsKey, tuple[int, ...]] = field(default_factory=dict, compare=False)
    group_shapes_memo: dict[GroupKey, tuple[tuple[int, int, int, int, bool], ...]] = field(
        default_factory=dict, compare=False)
    _beyond_memo: dict[tuple[bool, int, bool, int, bool], bool] = field(default_factory=dict, compare=False)
    # what the opening search worked out, by the counts it read (see `openers`)
    openings: OpeningTables = field(default_factory=lambda: _opening_tables(), compare=False)
    _discard_memo: dict[tuple[bool, frozenset[int]], tuple[dict[int, tuple[DiscardHook, ...]],
                                                          frozenset[int]]] = field(
        default_factory=dict, compare=False)
    # per opening-or-not plus 2 if the side's meld of wild cards is short of a canasta,
    # per meld key: `beyond_scopes` for groups without and with a wild card that leave
    # `left_cap` cards or more (filled by `beyond_scopes_far_pair`)
    beyond_scopes_far: tuple[dict[int, tuple[bool, bool]], ...] = field(
        default_factory=lambda: ({}, {}, {}, {}), compare=False)
    # the take units' bounds under a natural top, by (pile frozen, side not melded): all
    # they read (see `base`)
    take_bounds_memo: dict[tuple[bool, bool], tuple[int, int]] = field(default_factory=dict,
                                                                       compare=False)

    def shape_error(self, rank: int, naturals: int, wilds: int, new: bool,
                    added_wilds: bool = True) -> Refusal | None:
        """Why a meld of `rank` with these counts may not lie on the table, or None.
        `added_wilds` False: only naturals were added to a meld on the table, which the
        wild card limits then let pass (a cut-throat merge may have left it over them)."""
        key = (rank, naturals, wilds, new, added_wilds)
        memo = self._shape_memo
        if key in memo:
            return memo[key]
        err = None
        for u in self.shapes:
            err = u.shape(rank, naturals, wilds, new)  # type: ignore[attr-defined]
            if err is not None and (new or added_wilds or not u.lenient_for_naturals):
                break
            err = None
        memo[key] = err
        return err

    def wild_room(self, rank: int, naturals: int, wilds: int, opened: bool) -> int:
        """At most how many more wild cards a meld with these counts may take."""
        key = (rank, naturals, wilds, opened)
        room = self._room_memo.get(key)
        if room is None:
            room = NO_LIMIT
            for hook in self.rooms:
                room = min(room, hook(rank, naturals, wilds, opened))
            room = self._room_memo[key] = max(room, 0)
        return room

    def wild_counts(self, rank: int, naturals: int, wilds: int, new: bool, opened: bool
                    ) -> tuple[int, ...]:
        """How many wild cards may be added to a meld of `rank` holding these counts
        (`naturals` with the ones added): each count the room and the shape rules allow."""
        key = (rank, naturals, wilds, new, opened)
        out = self.wilds_memo.get(key)
        if out is None:
            room = min(self.wild_room(rank, naturals, wilds, opened), 64)
            out = self.wilds_memo[key] = tuple(
                w for w in range(room + 1)
                if self.shape_error(rank, naturals, wilds + w, new, w > 0) is None)
        return out

    def group_counts(self, rank: int, naturals: int, jokers: int, twos: int, n0: int, w0: int,
                     new: bool, opened: bool) -> tuple[tuple[int, int, int], ...]:
        """Every (naturals, jokers, 2s) from these many in hand that may go onto a meld of
        `rank` holding `n0` naturals and `w0` wild cards (`new`: none yet), by the shape
        rules and the wild-card room."""
        key = (rank, naturals, jokers, twos, n0, w0, new, opened)
        out = self.group_memo.get(key)
        if out is None:
            found: list[tuple[int, int, int]] = []
            for n in range(1, naturals + 1):
                for w in self.wild_counts(rank, n0 + n, w0, new, opened):
                    if w > jokers + twos:
                        break
                    found.extend((n, j, w - j) for j in range(max(0, w - twos), min(jokers, w) + 1))
            out = self.group_memo[key] = tuple(found)
        return out

    def wild_adds(self, key: CountsKey) -> tuple[int, ...]:
        """`wild_counts(*key)` less none at all: how many wild cards alone may be laid
        (remembered in `adds_memo`)."""
        memo = self.adds_memo
        if len(memo) >= _MOST_RECIPES:
            memo.clear()  # (the keys are few; a bound all the same)
        out = memo[key] = tuple(w for w in self.wild_counts(*key) if w)
        return out

    def group_shapes(self, key: GroupKey) -> tuple[tuple[int, int, int, int, bool], ...]:
        """`group_counts(*key)` as move generation reads it: (naturals, jokers, 2s, their
        sum, whether any is wild) per group (remembered in `group_shapes_memo`)."""
        memo = self.group_shapes_memo
        if len(memo) >= _MOST_RECIPES:
            memo.clear()  # (the keys are few; a bound all the same)
        out = memo[key] = tuple((n, j, t, n + j + t, j + t > 0)
                                for n, j, t in self.group_counts(*key))
        return out

    @cached_property
    def rank_class(self) -> tuple[int, ...]:
        """Per meld key, the first natural rank whose shape and wild-card room answers are
        the same at every count (most variants treat the natural ranks alike; meld keys
        of black 3s and wild cards stand alone): the count memos are keyed by it, so that
        each rank does not fill them again."""
        out = [int(r) for r in Rank]
        seen: dict[tuple[tuple[bool, ...], tuple[int, ...]], int] = {}
        naturals = range(4 * max((u.rules.decks for u in self.units), default=2) + 1)
        for r in NATURAL_RANKS:
            # every count of naturals the decks hold, and more wild cards than any limit
            shapes = tuple(self.shape_error(r, n, w, new, added) is None for n in naturals
                           for w in range(7) for new in (True, False) for added in (True, False))
            rooms = tuple(self.wild_room(r, n, w, opened) for n in naturals for w in range(7)
                          for opened in (True, False))
            out[r] = seen.setdefault((shapes, rooms), r)
        return tuple(out)

    @cached_property
    def any_hopeless(self) -> Callable[..., bool] | None:
        """The `hopeless` hooks as one callable (the hook itself when there is one), or
        None: move generation asks it on every list of a side that has not opened."""
        hooks = self.hopeless
        if not hooks:
            return None
        if len(hooks) == 1:
            return hooks[0]
        return lambda *args: any(hook(*args) for hook in hooks)

    @cached_property
    def bare_pairs(self) -> tuple[frozenset[int], frozenset[int]]:
        """Before and after the side's opening, the natural ranks whose pair may take no
        wild card (so no pair of them becomes a meld): read by the go-out count."""
        before, after = (frozenset(r for r in NATURAL_RANKS
                                   if not self.wild_room(r, 2, 0, opened))
                         for opened in (False, True))
        return before, after

    @cached_property
    def least_new(self) -> int:
        """The fewest cards a new meld of a natural rank may hold, by the shape rules: a
        hand rank with fewer naturals and wild cards together makes no new meld."""
        return min((n + w for r in NATURAL_RANKS
                    for n in range(1, 8) for w in range(8)
                    if self.shape_error(r, n, w, True, w > 0) is None), default=3)

    @cached_property
    def least_naturals(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Before and after the side's opening, per number of wild cards in hand (up to
        `MOST_WILDS_COUNTED`, the last standing for any number), the fewest naturals of any rank that
        a new meld may hold, by the counts `group_counts` draws from (NO_LIMIT: none): a
        hand rank with fewer makes no new meld (sharper than `least_new` where a rule
        denies wild cards, as the rule of five does after the opening)."""
        most = 4 * max((u.rules.decks for u in self.units), default=2)

        def fewest(opened: bool, held: int) -> int:
            return min((n for r in NATURAL_RANKS for n in range(1, most + 1)
                        if any(w <= held for w in self.wild_counts(r, n, 0, True, opened))),
                       default=NO_LIMIT)

        before, after = (tuple(fewest(opened, w if w < MOST_WILDS_COUNTED else NO_LIMIT)
                               for w in range(MOST_WILDS_COUNTED + 1))
                         for opened in (False, True))
        return before, after

    def beyond_scopes(self, opening: bool, rank: int, wild: bool, left: int, short: bool = True) -> bool:
        """Whether no `target` or `melding` hook may speak, by the units' own scopes (see
        `Rule.only_ranks`), about a move that lays one group of the shape rules' counts
        and the wild-card rooms onto meld `rank` (`wild`: with a wild card; never a rank
        closed by a natural canasta), leaving `left` cards in hand, as the side's opening
        or not (`short`: the side's meld of wild cards may be short of a canasta; True
        when not known). Move generation then needs no `judge` for it."""
        key = (opening, rank, wild, min(left, self.left_cap), short)
        hit = self._beyond_memo.get(key)
        if hit is None:
            hit = self._beyond_memo[key] = not any(
                _in_scope(u, opening, rank, wild, left, short) for u in self.units
                if hasattr(u, "target") or hasattr(u, "melding"))
        return hit

    def beyond_scopes_far_pair(self, opening: bool, rank: int, short: bool = False) -> tuple[bool, bool]:
        """`beyond_scopes_far[opening + 2 * short][rank]`, worked out and remembered on first
        use."""
        cap = self.left_cap
        pair = self.beyond_scopes_far[opening + 2 * short][rank] = (
            self.beyond_scopes(opening, rank, False, cap, short), self.beyond_scopes(opening, rank, True, cap, short))
        return pair

    def discard_hooks(self, pile_empty: bool, dead: frozenset[int] = frozenset()
                      ) -> tuple[dict[int, tuple[Callable[..., Refusal | None], ...]], frozenset[int]]:
        """Per card rank, the `discard` hooks that may refuse such a card, by the units'
        scopes (`Rule.discard_ranks`, `discard_on_empty_pile`, `discard_dead_ranks_only`;
        `dead`: the ranks nobody may meld), and the card codes of the ranks that have any
        (remembered by all the scopes read)."""
        key = (pile_empty, dead)
        hit = self._discard_memo.get(key)
        if hit is None:
            if len(self._discard_memo) >= _MOST_RECIPES:
                self._discard_memo.clear()  # (a few dead-rank sets in a game; a bound)
            table: dict[int, tuple[DiscardHook, ...]] = {
                rank: tuple(u.discard for u in self.units if hasattr(u, "discard")
                            and (u.discard_ranks is None or rank in u.discard_ranks)
                            and (pile_empty or not u.discard_on_empty_pile)
                            and (rank in dead or not u.discard_dead_ranks_only))
                for rank in Rank}
            codes = frozenset(c.code for c in make_decks(1, 1) if table[c.rank])
            hit = self._discard_memo[key] = (table, codes)
        return hit

    def sections(self) -> dict[str, str]:
        """Each unit's name and the rules section that explains it."""
        return {type(u).__name__: u.section for u in self.units}


def _in_scope(u: Rule, opening: bool, rank: int, wild: bool, left: int, short: bool) -> bool:
    """Whether unit `u`'s `target` or `melding` hook may speak about such a move (see
    `RuleUnits.beyond_scopes`); a hook on the move as a whole may speak whatever its rank."""
    if (u.only_ranks is not None and rank not in u.only_ranks) or (
            u.only_with_wilds and not wild) or u.only_dead_ranks:
        return False
    if hasattr(u, "target"):
        return True
    if u.within_wild_room or u.only_while_wild_meld_short and (not short or rank == WILD_MELD):
        return False
    return u.when_opening in (None, opening) and left <= u.most_cards_left


def _hooks(units: tuple[Rule, ...], name: str, early: bool | None = None) -> tuple[Any, ...]:
    out = []
    for u in units:
        hook = getattr(u, name, None)
        if hook is None:
            continue
        if early is not None and u.before_targets != early:
            continue
        out.append(hook)
    return tuple(out)


_MOST_RECIPES = 1 << 14


def _opening_tables() -> OpeningTables:
    from ..openers import OpeningTables  # (openers reads the units: imported once they are)

    return OpeningTables()


@cache
def units_for(rules: RuleSet) -> RuleUnits:
    """The rule set's units, built once per rule set (a RuleSet is frozen and hashable,
    and its units are derived from it alone: every game of it shares them)."""
    units = tuple(cls(rules) for cls in ORDER if cls.applies(rules))
    return RuleUnits(
        units=units,
        shapes=tuple(u for u in units if hasattr(u, "shape")),
        rooms=_hooks(units, "wild_room"),
        targets=_hooks(units, "target"),
        early=_hooks(units, "melding", early=True),
        melding_opening=_melding(units, opening=True),
        melding_after=_melding(units, opening=False),
        going_out=_hooks(units, "going_out"),
        discard=_hooks(units, "discard"),
        any_discard=_hooks(units, "any_discard"),
        final_discard=_hooks(units, "final_discard"),
        take=_hooks(units, "take"),
        hopeless=_hooks(units, "hopeless"),
        take_bounds=_hooks(units, "take_bounds"),
        left_cap=1 + max((u.most_cards_left for u in units if u.most_cards_left < NO_LIMIT),
                         default=0),
    )


def _melding(units: tuple[Rule, ...], opening: bool) -> tuple[tuple[Any, int], ...]:
    return tuple((u.melding, u.most_cards_left) for u in units
                 if hasattr(u, "melding") and not u.before_targets
                 and u.when_opening in (None, opening))
