"""Every rule of a variant as one small unit built from its `RuleSet` (see `base`).

`units_for(rules)` builds a rule set's units once and sorts their hooks; the engine's
checks and its move generation both read them, so they cannot disagree. A house rule is
one more unit here plus the `RuleSet` field that switches it on."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Literal, overload

from ..cards import NATURAL_RANKS, Rank, make_decks
from ..meldkeys import WILD_MELD
from ..ruleset import RuleSet
from . import discards, going_out, opening, placement, shapes, taking
from .base import MOST_WILDS_COUNTED, NO_LIMIT, Melding, Refusal, Rule, refuse

__all__ = ["Melding", "Refusal", "Rule", "RuleUnits", "refuse", "shapes_of", "units_for"]

# `wild_counts`' arguments (meld key, naturals, wild cards, new, opened) and
# `group_counts`' (meld key, naturals, jokers, 2s in hand, the meld's naturals and wild
# cards, new, opened)
CountsKey = tuple[int, int, int, bool, bool]
GroupKey = tuple[int, int, int, int, int, int, bool, bool]
# what an opening holds that `opening_need` reads, as bits of an index into `OpeningNeeds`
HOLDS_CANASTA = 1  # a canasta from the hand
HOLDS_CLEAN = 2  # a clean meld
# `opening_need` for each index of those bits: none, a canasta, a clean meld, both
OpeningNeeds = tuple[int, int, int, int]
# a group of `group_counts` as move generation reads it: (naturals, jokers, 2s, their
# sum, whether any is wild)
GroupShape = tuple[int, int, int, int, bool]
DiscardHook = Callable[..., Refusal | None]

# The order in which the units speak: when a move breaks several rules, the first
# one's reason is given.
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


# per meld key, count of naturals, of wild cards, whether new, whether wild cards were added
ShapeKey = tuple[int, int, int, bool, bool]
# `wild_room`'s arguments (meld key, naturals, wild cards, opened)
RoomKey = tuple[int, int, int, bool]
# `beyond_scopes`' arguments, the cards left capped at `left_cap`
ScopeKey = tuple[bool, int, bool, int, bool]


@dataclass(frozen=True)
class RuleUnits:
    """A rule set's units, per hook the units that answer it, in order, and what their
    answers about counts alone come to (worked out once, when the units are gathered:
    every game, copy and thread reads them and none writes them)."""

    rules: RuleSet
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
    opening_needs: tuple[Callable[..., int], ...]
    wild_locks: tuple[Callable[..., bool], ...]
    take_bounds: tuple[Callable[..., tuple[int, int]], ...]
    # past this many cards left in hand, no `most_cards_left` tells moves apart
    left_cap: int
    # the answers below, for every count of naturals and wild cards the decks hold
    wild_cards: int = field(init=False, repr=False, compare=False)  # in the decks
    shape_table: Mapping[ShapeKey, Refusal | None] = field(init=False, repr=False, compare=False)
    room_table: Mapping[RoomKey, int] = field(init=False, repr=False, compare=False)
    # `wild_counts` by its arguments, the meld key a `rank_class`
    wilds_table: Mapping[CountsKey, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    # the same less none at all: how many wild cards alone may be laid
    adds_table: Mapping[CountsKey, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    # `group_counts` for a new meld of each natural rank's class
    new_groups: Mapping[GroupKey, tuple[tuple[int, int, int], ...]] = field(init=False, repr=False, compare=False)
    # the same as move generation reads them (`shapes_of`)
    new_shapes: Mapping[GroupKey, tuple[GroupShape, ...]] = field(init=False, repr=False, compare=False)
    scope_table: Mapping[ScopeKey, bool] = field(init=False, repr=False, compare=False)
    # per opening-or-not plus 2 if the side's meld of wild cards is short of a canasta,
    # per meld key: `beyond_scopes` for groups without and with a wild card that leave
    # `left_cap` cards or more
    beyond_scopes_far: tuple[Mapping[int, tuple[bool, bool]], ...] = field(init=False, repr=False, compare=False)
    # per meld key, the first natural rank whose shape and wild-card room answers are the
    # same at every count (most variants treat the natural ranks alike; meld keys of
    # black 3s and wild cards stand alone): tables of counts are keyed by it, so that
    # each rank does not fill them again
    rank_class: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # the fewest cards a new meld of a natural rank may hold, by the shape rules: a hand
    # rank with fewer naturals and wild cards together makes no new meld
    least_new: int = field(init=False, repr=False, compare=False)
    # before and after the side's opening, per number of wild cards in hand (up to
    # `MOST_WILDS_COUNTED`, the last standing for any number), the fewest naturals of any
    # rank that a new meld may hold, by the counts `group_counts` draws from (NO_LIMIT:
    # none): a hand rank with fewer makes no new meld (sharper than `least_new` where a
    # rule denies wild cards, as the rule of five does after the opening)
    least_naturals: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False, repr=False, compare=False)
    # before and after the side's opening, the natural ranks whose pair may take no wild
    # card (so no pair of them becomes a meld): read by the go-out count
    bare_pairs: tuple[frozenset[int], frozenset[int]] = field(init=False, repr=False, compare=False)
    # the `hopeless` hooks as one callable (the hook itself when there is one), or None:
    # move generation asks it on every list of a side that has not opened
    any_hopeless: Callable[..., bool] | None = field(init=False, repr=False, compare=False)
    # `opening_need_table` for each minimum of the rule set
    need_tables: Mapping[int, OpeningNeeds] = field(init=False, repr=False, compare=False)
    # the `HOLDS_` bits some `opening_need` reads (its answer changes with them)
    holds_read: int = field(init=False, repr=False, compare=False)
    # whether any meld may take a wild card in the side's opening
    wilds_in_opening: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        def keep(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        rules = self.rules
        naturals = range(4 * rules.decks + 1)  # of one rank
        keep("wild_cards", sum(c.is_wild for c in make_decks(rules.decks, rules.jokers_per_deck)))
        wilds = range(self.wild_cards + 1)
        both = (True, False)
        keep("shape_table", _shape_table(self.shapes, naturals, wilds))
        keep("room_table", {(r, n, w, opened): _room(self.rooms, r, n, w, opened)
                            for r in Rank for n in naturals for w in wilds for opened in both})
        keep("rank_class", _rank_classes(self, naturals))
        keep("wilds_table", {(r, n, w, new, opened): self._wild_counts(r, n, w, new, opened)
                             for r in set(self.rank_class) for n in naturals for w in wilds
                             for new in both for opened in both})
        keep("adds_table", {key: tuple(w for w in counts if w)
                            for key, counts in self.wilds_table.items()})
        new_groups, new_shapes = self._new_groups(naturals[-1], rules.decks * rules.jokers_per_deck,
                                                  4 * rules.decks)
        keep("new_groups", new_groups)
        keep("new_shapes", new_shapes)
        cap = self.left_cap
        keep("scope_table", {
            (opening, r, wild, left, short): not any(
                _in_scope(u, opening, r, wild, left, short) for u in self.units
                if hasattr(u, "target") or hasattr(u, "melding"))
            for opening in both for r in Rank for wild in both for left in range(cap + 1)
            for short in both})
        keep("beyond_scopes_far", tuple(
            {r: (self.beyond_scopes(opening, r, False, cap, short),
                 self.beyond_scopes(opening, r, True, cap, short)) for r in Rank}
            for short in (False, True) for opening in (False, True)))
        keep("least_new", min((n + w for r in NATURAL_RANKS for n in range(1, 8) for w in range(8)
                               if self.shape_error(r, n, w, True, w > 0) is None), default=3))
        keep("least_naturals", tuple(
            tuple(_fewest_naturals(self, naturals[-1], opened,
                                   w if w < MOST_WILDS_COUNTED else NO_LIMIT)
                  for w in range(MOST_WILDS_COUNTED + 1))
            for opened in (False, True)))
        keep("bare_pairs", tuple(frozenset(r for r in NATURAL_RANKS if not self.wild_room(r, 2, 0, opened))
                                 for opened in (False, True)))
        hooks = self.hopeless
        keep("any_hopeless", None if not hooks else hooks[0] if len(hooks) == 1 else
             lambda *args: any(hook(*args) for hook in hooks))
        keep("need_tables", {m: self._need_table(m) for _, m in rules.minimums})
        keep("holds_read", sum(bit for bit in (HOLDS_CANASTA, HOLDS_CLEAN)
                               if any(t[h] != t[h | bit] for t in self.need_tables.values()
                                      for h in range(4))))
        keep("wilds_in_opening", any(any(counts) for (_, _, held, new, opened), counts
                                     in self.wilds_table.items() if new and not opened and not held))

    def shape_error(self, rank: int, naturals: int, wilds: int, new: bool,
                    added_wilds: bool = True) -> Refusal | None:
        """Why a meld of `rank` with these counts may not lie on the table, or None.
        `added_wilds` False: only naturals were added to a meld on the table, which the
        wild card limits then let pass (a cut-throat merge may have left it over them)."""
        key = (rank, naturals, wilds, new, added_wilds)
        table = self.shape_table
        return table[key] if key in table else _shape(self.shapes, *key)

    def wild_room(self, rank: int, naturals: int, wilds: int, opened: bool) -> int:
        """At most how many more wild cards a meld with these counts may take."""
        room = self.room_table.get((rank, naturals, wilds, opened))
        return room if room is not None else _room(self.rooms, rank, naturals, wilds, opened)

    def wild_counts(self, rank: int, naturals: int, wilds: int, new: bool, opened: bool
                    ) -> tuple[int, ...]:
        """How many wild cards may be added to a meld of `rank` holding these counts
        (`naturals` with the ones added): each count the room and the shape rules allow."""
        out = self.wilds_table.get((rank, naturals, wilds, new, opened))
        return out if out is not None else self._wild_counts(rank, naturals, wilds, new, opened)

    def _wild_counts(self, rank: int, naturals: int, wilds: int, new: bool, opened: bool
                     ) -> tuple[int, ...]:
        room = min(self.wild_room(rank, naturals, wilds, opened), self.wild_cards - wilds)
        return tuple(w for w in range(room + 1)
                     if self.shape_error(rank, naturals, wilds + w, new, w > 0) is None)

    def group_counts(self, rank: int, naturals: int, jokers: int, twos: int, n0: int, w0: int,
                     new: bool, opened: bool) -> tuple[tuple[int, int, int], ...]:
        """Every (naturals, jokers, 2s) from these many in hand that may go onto a meld of
        `rank` holding `n0` naturals and `w0` wild cards (`new`: none yet), by the shape
        rules and the wild-card room (a game remembers them: `CountTables`)."""
        found: tuple[tuple[int, int, int], ...] = ()
        for n in range(1, naturals + 1):
            found += self._groups_of(rank, n, jokers, twos, n0, w0, new, opened)
        return found

    def _groups_of(self, rank: int, n: int, jokers: int, twos: int, n0: int, w0: int,
                   new: bool, opened: bool) -> tuple[tuple[int, int, int], ...]:
        """The groups of `group_counts` that hold exactly `n` naturals."""
        key = (rank, n0 + n, w0, new, opened)
        table = self.wilds_table
        held = jokers + twos
        return tuple([(n, j, w - j) for w in (table[key] if key in table else self._wild_counts(*key))
                      if w <= held
                      for j in range(w - twos if w > twos else 0, (w if w < jokers else jokers) + 1)])

    def _new_groups(self, naturals: int, jokers: int, twos: int
                    ) -> tuple[dict[GroupKey, tuple[tuple[int, int, int], ...]],
                               dict[GroupKey, tuple[GroupShape, ...]]]:
        """`new_groups` and `new_shapes`: `group_counts` of a new meld of each natural
        rank's class, for every count of naturals, jokers and 2s in hand up to these. The
        groups from k naturals are those from k - 1 and those that hold all k, so each
        count of naturals is asked once per count of wild cards."""
        groups: dict[GroupKey, tuple[tuple[int, int, int], ...]] = {}
        shapes: dict[GroupKey, tuple[GroupShape, ...]] = {}
        for r in {self.rank_class[r] for r in NATURAL_RANKS}:
            for opened in (True, False):
                for j in range(jokers + 1):
                    for t in range(twos + 1):
                        grown: tuple[tuple[int, int, int], ...] = ()
                        grown_shapes: tuple[GroupShape, ...] = ()
                        for k in range(1, naturals + 1):
                            holding_all = self._groups_of(r, k, j, t, 0, 0, True, opened)
                            grown += holding_all
                            grown_shapes += shapes_of(holding_all)
                            key = (r, k, j, t, 0, 0, True, opened)
                            groups[key], shapes[key] = grown, grown_shapes
        return groups, shapes

    def new_group_counts(self, rank: int, naturals: int, jokers: int, twos: int, opened: bool
                         ) -> tuple[tuple[int, int, int], ...]:
        """`group_counts` of a new meld of `rank` (worked out beforehand)."""
        key = (self.rank_class[rank], naturals, jokers, twos, 0, 0, True, opened)
        out = self.new_groups.get(key)
        return out if out is not None else self.group_counts(*key)

    def opening_need_table(self, minimum: int) -> OpeningNeeds:
        """The least card value an opening must reach (NO_LIMIT: none opens) when the
        side's minimum is `minimum`, by what it holds (`HOLDS_CLEAN`, `HOLDS_CANASTA`):
        the largest of the units' `opening_need` answers."""
        table = self.need_tables.get(minimum)
        return table if table is not None else self._need_table(minimum)

    def _need_table(self, minimum: int) -> OpeningNeeds:
        def need(holds: int) -> int:
            return max((hook(minimum, bool(holds & HOLDS_CLEAN), bool(holds & HOLDS_CANASTA))
                        for hook in self.opening_needs), default=0)
        return need(0), need(HOLDS_CANASTA), need(HOLDS_CLEAN), need(HOLDS_CLEAN | HOLDS_CANASTA)

    def wild_meld_locks(self, wild_meld_size: int) -> bool:
        """Whether a side's meld of wild cards of this size (0: none) bars wild cards
        from its other melds."""
        return any(hook(wild_meld_size) for hook in self.wild_locks)

    def beyond_scopes(self, opening: bool, rank: int, wild: bool, left: int, short: bool = True) -> bool:
        """Whether no `target` or `melding` hook may speak, by the units' own scopes (see
        `Rule.only_ranks`), about a move that lays one group of the shape rules' counts
        and the wild-card rooms onto meld `rank` (`wild`: with a wild card; never a rank
        closed by a natural canasta), leaving `left` cards in hand, as the side's opening
        or not (`short`: the side's meld of wild cards may be short of a canasta; True
        when not known). Move generation then needs no `judge` for it."""
        return self.scope_table[opening, rank, wild, min(left, self.left_cap), short]

    def discard_hooks(self, pile_empty: bool, dead: frozenset[int]
                      ) -> tuple[dict[int, tuple[DiscardHook, ...]], frozenset[int]]:
        """Per card rank, the `discard` hooks that may refuse such a card, by the units'
        scopes (`Rule.discard_ranks`, `discard_on_empty_pile`, `discard_dead_ranks_only`;
        `dead`: the ranks nobody may meld), and the card codes of the ranks that have any
        (a game remembers them: `CountTables`)."""
        table: dict[int, tuple[DiscardHook, ...]] = {
            rank: tuple(u.discard for u in self.units if hasattr(u, "discard")
                        and (u.discard_ranks is None or rank in u.discard_ranks)
                        and (pile_empty or not u.discard_on_empty_pile)
                        and (rank in dead or not u.discard_dead_ranks_only))
            for rank in Rank}
        return table, frozenset(c.code for c in make_decks(1, 1) if table[c.rank])

    def sections(self) -> dict[str, str]:
        """Each unit's name and the rules section that explains it."""
        return {type(u).__name__: u.section for u in self.units}


def shapes_of(counts: tuple[tuple[int, int, int], ...]) -> tuple[GroupShape, ...]:
    """`group_counts`' groups as (naturals, jokers, 2s, their sum, whether any is wild)."""
    return tuple([(n, j, t, n + j + t, j + t > 0) for n, j, t in counts])


def _shape(shapes: tuple[Rule, ...], rank: int, naturals: int, wilds: int, new: bool,
           added_wilds: bool) -> Refusal | None:
    """`RuleUnits.shape_error` asked of the shape units."""
    for u in shapes:
        err: Refusal | None = u.shape(rank, naturals, wilds, new)  # type: ignore[attr-defined]
        if err is not None and (new or added_wilds or not u.lenient_for_naturals):
            return err
    return None


def _shape_table(shapes: tuple[Rule, ...], naturals: range, wilds: range
                 ) -> dict[ShapeKey, Refusal | None]:
    """`RuleUnits.shape_table`: `_shape` for every rank and count. Whether wild cards
    were added matters only to a meld on the table that a shape rule refuses (the rule
    may let naturals alone pass), so only those are asked twice."""
    table: dict[ShapeKey, Refusal | None] = {}
    for r in Rank:
        for n in naturals:
            for w in wilds:
                for new in (True, False):
                    err = table[r, n, w, new, True] = _shape(shapes, r, n, w, new, True)
                    table[r, n, w, new, False] = err if new or err is None else _shape(
                        shapes, r, n, w, new, False)
    return table


def _room(rooms: tuple[Callable[..., int], ...], rank: int, naturals: int, wilds: int,
          opened: bool) -> int:
    """`RuleUnits.wild_room` asked of the units."""
    room = NO_LIMIT
    for hook in rooms:
        room = min(room, hook(rank, naturals, wilds, opened))
    return max(room, 0)


def _rank_classes(units: RuleUnits, naturals: range) -> tuple[int, ...]:
    """`RuleUnits.rank_class`: natural ranks alike at every count of naturals the decks
    hold, and more wild cards than any limit."""
    out = [int(r) for r in Rank]
    seen: dict[tuple[tuple[bool, ...], tuple[int, ...]], int] = {}
    for r in NATURAL_RANKS:
        shapes = tuple(units.shape_error(r, n, w, new, added) is None for n in naturals
                       for w in range(7) for new in (True, False) for added in (True, False))
        rooms = tuple(units.wild_room(r, n, w, opened) for n in naturals for w in range(7)
                      for opened in (True, False))
        out[r] = seen.setdefault((shapes, rooms), r)
    return tuple(out)


def _fewest_naturals(units: RuleUnits, most: int, opened: bool, held: int) -> int:
    """`RuleUnits.least_naturals` with `held` wild cards in hand (asked of each rank's
    class, as move generation asks)."""
    classes = {units.rank_class[r] for r in NATURAL_RANKS}
    return min((n for r in classes for n in range(1, most + 1)
                if any(w <= held for w in units.wild_counts(r, n, 0, True, opened))),
               default=NO_LIMIT)


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


RefusalHooks = tuple[Callable[..., Refusal | None], ...]
_REFUSING = Literal["target", "melding", "discard", "any_discard", "final_discard", "take"]


# each hook's name with the answers it gives, so a misspelt name or a hook filed under
# the wrong answer is a type error
@overload
def _hooks(units: tuple[Rule, ...], name: _REFUSING, early: bool | None = None) -> RefusalHooks: ...
@overload
def _hooks(units: tuple[Rule, ...], name: Literal["wild_room", "opening_need"]
           ) -> tuple[Callable[..., int], ...]: ...
@overload
def _hooks(units: tuple[Rule, ...], name: Literal["going_out"]) -> tuple[Callable[..., str | None], ...]: ...
@overload
def _hooks(units: tuple[Rule, ...], name: Literal["hopeless", "locks_wilds"]
           ) -> tuple[Callable[..., bool], ...]: ...
@overload
def _hooks(units: tuple[Rule, ...], name: Literal["take_bounds"]
           ) -> tuple[Callable[..., tuple[int, int]], ...]: ...
def _hooks(units: tuple[Rule, ...], name: str, early: bool | None = None) -> tuple[Callable[..., object], ...]:
    """The units' hooks called `name`, in order; with `early`, only those that speak
    before (True) or after (False) the `target` hooks."""
    out = []
    for u in units:
        hook = getattr(u, name, None)
        if hook is None:
            continue
        if early is not None and u.before_targets != early:
            continue
        out.append(hook)
    return tuple(out)


@cache
def units_for(rules: RuleSet) -> RuleUnits:
    """The rule set's units, built once per rule set (a RuleSet is frozen and hashable,
    and its units are derived from it alone: every game of it shares them)."""
    units = tuple(cls(rules) for cls in ORDER if cls.applies(rules))
    return RuleUnits(
        rules=rules,
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
        opening_needs=_hooks(units, "opening_need"),
        wild_locks=_hooks(units, "locks_wilds"),
        take_bounds=_hooks(units, "take_bounds"),
        left_cap=1 + max((u.most_cards_left for u in units if u.most_cards_left < NO_LIMIT),
                         default=0),
    )


def _melding(units: tuple[Rule, ...], opening: bool
             ) -> tuple[tuple[Callable[..., Refusal | None], int], ...]:
    return tuple((u.melding, u.most_cards_left) for u in units
                 if hasattr(u, "melding") and not u.before_targets
                 and u.when_opening in (None, opening))
