"""Every difference between the variants we ship, as data.

The engine reads these fields; it never asks which variant it is playing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .json_values import Json, JsonObject

# a house option's value (and a chosen target score)
OptionValue = bool | int | str
# (lowest score, minimum count) pairs, highest threshold first; the first threshold the
# side's score reaches gives the minimum.
MinimumTable = tuple[tuple[int, int], ...]

CLASSIC_MINIMUMS: MinimumTable = ((3000, 120), (1500, 90), (0, 50), (-(10**9), 15))


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One variant's rules as data: the engine reads these fields and never asks which variant it
    plays."""

    name: str
    players: int = 4
    decks: int = 2
    jokers_per_deck: int = 2
    hand_size: int = 11
    draw_count: int = 1
    canastas_to_go_out: int = 1
    target: int = 5000
    target_options: tuple[int, ...] = (2500, 5000, 7500, 10000)
    minimums: MinimumTable = CLASSIC_MINIMUMS

    # Meld shape. "natural_gt_wild": more naturals than wilds; "hoyle": at least two
    # naturals. Either way at most `max_wilds` wild cards in a meld.
    wild_ratio: str = "natural_gt_wild"
    max_wilds: int = 3
    # A canasta of seven wild cards, laid down complete in one go (the Spanish *Canasta*).
    wild_canasta: bool = False
    wild_canasta_bonus: int = 2000

    # Partner's answer to "may I go out?": True = "yes" obliges the player to go out.
    go_out_yes_binds: bool = True
    # One reading of the rules: the hand ends as soon as a player cannot draw (no play on the pile).
    stock_out_ends_hand: bool = False
    # Penalty for each black 3 left in a hand (the Spanish *Canasta* uses 100 instead of its value 5).
    black3_in_hand_penalty: int = 5
    # Three players: the first to take the pile plays alone against the other two.
    cutthroat: bool = False
    # House rule: the pile is frozen whatever it holds, so taking it always needs a natural
    # pair of the top card's rank (classic rules; the others always ask a pair already).
    pile_always_frozen: bool = False

    # Scoring.
    black_three_value: int = 5
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    going_out_bonus: int = 100
    concealed_bonus: int = 200
    red_three_bonus: int = 100
    all_red_threes_bonus: int = 800

    # ---- modern American canasta (docs/RULES.md, modern-american); the defaults keep classic behaviour ----
    pile_starts_empty: bool = False
    # Black threes are laid out and replaced like red ones (so no three is ever melded or
    # discarded); a three drawn as the very last stock card stays in hand and ends the hand.
    lay_out_black_threes: bool = False
    last_three_stays_in_hand: bool = False
    # Meld shape: 0 = no size limit; ranks whose melds never hold a wild card; ranks whose
    # melds take wild cards only in the side's initial meld.
    max_meld_size: int = 0
    wild_free_ranks: tuple[int, ...] = ()
    opening_only_wild_ranks: tuple[int, ...] = ()
    # Rule of five: after the side's initial meld a wild card goes only into a meld with at
    # least this many naturals (or into a meld of wild cards); 0 = off.
    rule_of_five: int = 0
    # A natural canasta of a rank, by either side, stops anyone melding that rank.
    dead_ranks: bool = False
    # Smallest meld of wild cards that may be laid (7: only a complete canasta at once).
    wild_meld_min: int = 7
    # While a side has an incomplete meld of wild cards, no wild card goes anywhere else.
    wild_meld_locks: bool = False
    # Initial meld: whether the top card of a taken pile counts towards the minimum; whether
    # it must include a natural meld of 3+ naturals or a meld of wild cards; whether a
    # complete natural or wild canasta laid from the hand needs no minimum.
    opening_counts_pile_card: bool = True
    opening_needs_clean_meld: bool = False
    canasta_from_hand_opens: bool = False
    # Going out concealed: its own bonus, and no minimum after a stock draw.
    concealed_going_out: bool = True
    # Taking the pile: always with a natural pair; onto an existing meld only while it
    # holds at most this many cards (0 = any).
    take_needs_natural_pair: bool = False
    take_join_max_size: int = 0
    # Discarding: a wild card only to go out (or from a hand of nothing but wild cards);
    # ranks that go onto an empty pile only when no other live natural card is held.
    wild_discard_only_going_out: bool = False
    empty_pile_guarded_ranks: tuple[int, ...] = ()
    # Going out always ends with a discard (melds must leave a card to discard).
    go_out_with_discard: bool = False
    ask_once_per_hand: bool = False

    # Modern scoring. Natural canastas of these ranks score this instead of the usual bonus.
    natural_canasta_bonus_by_rank: tuple[tuple[int, int], ...] = ()
    # Wild canasta bonus indexed by how many jokers it holds (empty: wild_canasta_bonus).
    wild_canasta_bonus_by_jokers: tuple[int, ...] = ()
    # Melded card values count against a side that has no canasta.
    melds_negative_without_canasta: bool = False
    # Threes scored per colour: bonus by count, signed by the side's canastas (index
    # min(canastas, len - 1)); off when empty.
    three_bonus_by_count: tuple[int, ...] = ()
    three_sign_by_canastas: tuple[int, ...] = ()
    # Penalties: an incomplete natural meld of these ranks; an incomplete meld of wild
    # cards (more if it holds every joker); a player left holding `held_group_size`+ cards
    # of one of `held_group_ranks`, per such group.
    incomplete_meld_penalty_by_rank: tuple[tuple[int, int], ...] = ()
    incomplete_wild_meld_penalty: int = 0
    incomplete_wild_meld_all_jokers_penalty: int = 0
    held_group_penalty: int = 0
    held_group_ranks: tuple[int, ...] = ()
    held_group_size: int = 3

    # ---- Italian three-deck canasta (docs/RULES.md, italian); the defaults keep classic behaviour ----
    # Starting pile: wild cards turned go into it until a non-wild card shows; as many stock
    # cards as that card's count (A 14, K 13 ... 3) go face down under it.
    pile_buries_by_upcard: bool = False
    # A side that has not opened may open only from the hand before drawing (the OPEN
    # phase); it may not meld after drawing, and the pile needs an open side.
    open_before_draw: bool = False
    # Opening melds may hold wild cards (italian's house option `dirty_opening`).
    dirty_opening: bool = True
    # Black threes may be melded (by a player going out); off: never.
    meld_black_threes: bool = True
    # Pile blocks: a discarded black 3 or wild card anywhere in the pile raises what taking
    # needs to this many naturals of the top rank (0 = off, classic freezing instead); a
    # wild card on top is taken only with this many of the same kind (0 = never).
    stopper_take_naturals: int = 0
    wild_top_take_same: int = 0
    # A red 3 drawn is replaced whenever the stock still has a card (classic: only while
    # the stock holds at least a full draw).
    replace_red_three_from_short_stock: bool = False
    # Going out needs a natural and a mixed canasta (a wild canasta is neither); the final
    # discard may not be a black 3 or a wild card; while the side's meld of wild cards is
    # short of a canasta it may not go out nor discard a black 3 or a wild card.
    go_out_needs_natural_and_mixed: bool = False
    final_discard_no_stoppers: bool = False
    unfinished_wild_meld_binds: bool = False
    # Red 3s: bonus by how many the side laid out (empty: red_three_bonus each and
    # all_red_threes_bonus for four); sign for a side that did not go out, by its canastas:
    # (natural and mixed, natural only, no natural). Empty: negative only with no meld.
    red_three_bonus_by_count: tuple[int, ...] = ()
    red_three_sign_by_canasta_kinds: tuple[int, ...] = ()
    # House-rule options offered for this variant (names in HOUSE_OPTIONS); empty: the
    # generic ones.
    house_options: tuple[str, ...] = ()

    @property
    def partnerships(self) -> bool:
        """Four players in two partnerships."""
        return self.players == 4

    @property
    def sides(self) -> int:
        """Number of scoring units: partnerships in 4p, single players otherwise."""
        return 2 if self.players == 4 else self.players

    def natural_canasta_bonus_for(self, rank: int) -> int:
        """The bonus for a natural canasta of `rank` (some variants pay more for some ranks)."""
        for r, bonus in self.natural_canasta_bonus_by_rank:
            if r == rank:
                return bonus
        return self.natural_canasta_bonus

    def wild_canasta_bonus_for(self, jokers: int) -> int:
        """The bonus for a canasta of wild cards holding this many jokers."""
        table = self.wild_canasta_bonus_by_jokers
        if 0 <= jokers < len(table):
            return table[jokers]
        return self.wild_canasta_bonus

    def incomplete_meld_penalty_for(self, rank: int) -> int:
        """The penalty for an unfinished meld of `rank` left when the hand ends (0 where none
        applies)."""
        for r, penalty in self.incomplete_meld_penalty_by_rank:
            if r == rank:
                return penalty
        return 0

    @property
    def deck_size(self) -> int:
        """Cards in play: every deck with its jokers."""
        return self.decks * (52 + self.jokers_per_deck)

    def minimum_for(self, score: int) -> int:
        """The initial meld a side needs with `score` points on the game so far."""
        for threshold, minimum in self.minimums:
            if score >= threshold:
                return minimum
        return self.minimums[-1][1]

    def with_options(self, **options: OptionValue) -> RuleSet:
        """A copy with house-rule options changed; unknown names are refused."""
        known = {f.name for f in fields(self)}
        unknown = set(options) - known
        if unknown:
            raise ValueError(f"Unknown rule option(s): {', '.join(sorted(unknown))}")
        # (each value is of its field's kind: the type checker cannot follow a name to a field)
        return replace(self, **options)  # type: ignore[arg-type]

    def to_dict(self) -> JsonObject:
        """Every field by name, JSON-ready (tuples as lists)."""
        # field by field rather than dataclasses.asdict, whose deep copy cost more than the
        # rest of a Game.to_dict
        return {name: _lists(getattr(self, name)) for name in _FIELD_NAMES}

    @classmethod
    def from_dict(cls, d: object) -> RuleSet:
        """The rule set `to_dict` wrote, every value checked (GameStateError names the
        first bad field)."""
        from .saved_rules import rules_from_fields

        return rules_from_fields(d)



def _lists(v: object) -> Json:
    """A field's value as JSON: tuples as lists."""
    if isinstance(v, tuple):
        return [_lists(x) for x in v]
    assert v is None or isinstance(v, (bool, int, float, str))  # (every field's kind)
    return v


_FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(RuleSet))

CLASSIC = RuleSet(name="classic")
CLASSIC_2P = RuleSet(name="classic-2p", players=2, hand_size=15, draw_count=2,
                     canastas_to_go_out=2)
CLASSIC_3P = RuleSet(name="classic-3p", players=3, hand_size=13, draw_count=2,
                     target=7500)

MODERN_MINIMUMS: MinimumTable = ((5000, 180), (3000, 155), (-(10**9), 125))
_ACE, _SEVEN = 1, 7

MODERN_AMERICAN = RuleSet(
    name="modern-american", players=4, hand_size=13, draw_count=1, canastas_to_go_out=2,
    target=8500, minimums=MODERN_MINIMUMS,
    wild_ratio="hoyle", max_wilds=2, wild_canasta=True, wild_canasta_bonus=2000,
    go_out_yes_binds=False, stock_out_ends_hand=True,
    pile_starts_empty=True, lay_out_black_threes=True, last_three_stays_in_hand=True,
    max_meld_size=7, wild_free_ranks=(_SEVEN,), opening_only_wild_ranks=(_ACE,),
    rule_of_five=5, dead_ranks=True, wild_meld_min=3, wild_meld_locks=True,
    opening_counts_pile_card=False, opening_needs_clean_meld=True,
    canasta_from_hand_opens=True, concealed_going_out=False,
    take_needs_natural_pair=True, take_join_max_size=4,
    wild_discard_only_going_out=True, empty_pile_guarded_ranks=(_ACE, _SEVEN),
    go_out_with_discard=True, ask_once_per_hand=True,
    natural_canasta_bonus_by_rank=((_ACE, 2500), (_SEVEN, 2500)),
    # seven 2s 3,000; four jokers + three 2s 2,500; any other mix 2,000
    wild_canasta_bonus_by_jokers=(3000, 2000, 2000, 2000, 2500),
    melds_negative_without_canasta=True,
    three_bonus_by_count=(0, 100, 300, 500, 1000), three_sign_by_canastas=(-1, 0, 1),
    incomplete_meld_penalty_by_rank=((_ACE, 2500), (_SEVEN, 2500)),
    incomplete_wild_meld_penalty=2000, incomplete_wild_meld_all_jokers_penalty=2500,
    held_group_penalty=1500, held_group_ranks=(_ACE, _SEVEN), held_group_size=3,
)

# Italian three-deck canasta (docs/RULES.md, italian; the Italian *Canasta*). Where the
# rules are silent:
# - Asking partner: as in classic, right after a stock draw; a "no" forbids going out for
#   the rest of this turn (the player "waits a round"), a "yes" permits without obliging
#   (house option `go_out_yes_binds`).
# - The opening is one move in the OPEN phase, judged on its own (several melds add up);
#   it may leave a single card, since the player draws next. A side can never open with
#   the pile (the pile needs an open side), so the pile card never counts.
# - A turned red 3 or black 3 as the starting pile's top card blocks the pile until a
#   discard covers it; it was not discarded, so once covered it does not block.
# - Scripted piles (`Game.scripted`) count every black 3 and wild card as discarded unless
#   `pile_frozen=False`; the face-down cards are `pile_hidden` at the bottom.
# - A melding may not leave exactly one black 3 or wild card (it could never be
#   discarded to go out); a hand of nothing but black 3s and wild cards may discard one
#   even while the side's meld of wild cards is unfinished (or the player could not move).
# - An unfinished meld of wild cards has no penalty: its cards count as melded cards.
# - When the stock runs out nobody went out: both sides' red 3s are signed by their
#   canastas. A red 3 drawn as the very last stock card cannot be replaced, so the hand
#   ends at once, as when a player must draw from an empty stock.
ITALIAN_MINIMUMS: MinimumTable = ((12000, 200), (10000, 180), (7000, 160), (5000, 120),
                                  (3000, 90), (-(10**9), 50))

ITALIAN = RuleSet(
    name="italian", players=4, decks=3, jokers_per_deck=2, hand_size=15, draw_count=2,
    canastas_to_go_out=2, target=12000, target_options=(12000, 15000),
    minimums=ITALIAN_MINIMUMS,
    wild_ratio="natural_gt_wild", max_wilds=2, wild_canasta=True, wild_canasta_bonus=2000,
    wild_meld_min=3,
    # the Italian *Canasta*: after a "no" the player waits a round; a "yes" only permits
    go_out_yes_binds=False, stock_out_ends_hand=True,
    black3_in_hand_penalty=0, black_three_value=0,
    going_out_bonus=300, concealed_going_out=False,
    take_needs_natural_pair=True,
    pile_buries_by_upcard=True, open_before_draw=True, dirty_opening=False,
    meld_black_threes=False, stopper_take_naturals=3, wild_top_take_same=3,
    replace_red_three_from_short_stock=True,
    go_out_needs_natural_and_mixed=True, final_discard_no_stoppers=True,
    unfinished_wild_meld_binds=True,
    red_three_bonus_by_count=(0, 100, 200, 300, 800, 1000, 1200),
    red_three_sign_by_canasta_kinds=(1, -1, -2),
    house_options=("dirty_opening", "go_out_yes_binds"),
)

VARIANTS: dict[str, RuleSet] = {
    r.name: r for r in (CLASSIC, CLASSIC_2P, CLASSIC_3P, MODERN_AMERICAN, ITALIAN)}


# What each option needs of a variant to change anything in it: the New-game form offers
# an option only where it does (it offered the partner's answer without partners, the
# black 3 penalty where black 3s are laid out, "seven wild cards at once" in modern).
_OPTION_APPLIES: dict[str, Callable[[RuleSet], bool]] = {
    "go_out_yes_binds": lambda r: r.partnerships,  # the answer of a partner
    "black3_in_hand_penalty": lambda r: not r.lay_out_black_threes,  # laid out, never held
    "wild_canasta": lambda r: r.wild_meld_min >= 7,  # "seven laid down at once"
    "cutthroat": lambda r: r.players == 3,
    "pile_always_frozen": lambda r: not r.take_needs_natural_pair,  # a pair is asked already
}


def offered_house_options(rules: RuleSet) -> dict[str, tuple[OptionValue, ...]]:
    """The house-rule options the New-game form offers for this variant: those of
    `house_options_for` that change something in it."""
    return {n: v for n, v in house_options_for(rules).items()
            if n not in _OPTION_APPLIES or _OPTION_APPLIES[n](rules)}


# House-rule options a player may change, per field: the allowed values.
HOUSE_OPTIONS: dict[str, tuple[OptionValue, ...]] = {
    "wild_ratio": ("natural_gt_wild", "hoyle"),
    "wild_canasta": (False, True),
    "go_out_yes_binds": (True, False),
    "stock_out_ends_hand": (False, True),
    "black3_in_hand_penalty": (5, 100),
    "pile_always_frozen": (False, True),
    "cutthroat": (False, True),
    "dirty_opening": (False, True),
}

# Options offered only by the variants that list them in `RuleSet.house_options`.
_VARIANT_ONLY_OPTIONS = frozenset({"dirty_opening"})


def house_options_for(rules: RuleSet) -> dict[str, tuple[OptionValue, ...]]:
    """The house-rule options a game of this variant may carry (a save is checked against
    these; `offered_house_options` narrows them to what the New-game form shows). An
    option that changes nothing in a variant stays valid: earlier versions offered some
    of them, and their saves must still load."""
    if rules.house_options:
        return {n: HOUSE_OPTIONS[n] for n in rules.house_options if n in HOUSE_OPTIONS}
    return {n: v for n, v in HOUSE_OPTIONS.items()
            if n not in _VARIANT_ONLY_OPTIONS and (n != "cutthroat" or rules.players == 3)}
