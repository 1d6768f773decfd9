"""What a rule unit is, and the melding move the melding units judge.

A unit is built from a `RuleSet` and holds one rule. It may answer any of these hooks;
`RuleUnits` gathers, once per rule set, the units that answer each one, so a variant
never pays for a rule it does not have:

- `shape(rank, naturals, wilds, new)`: whether a meld with these counts may lie on the
  table (`new`: laid now);
- `wild_room(rank, naturals, wilds, opened)`: at most how many more wild cards such a
  meld may take: how the rule narrows move generation (never below what it allows);
- `target(game, melding, rank, existing, cards)`: cards going onto one meld;
- `going_out(game, side_melds, targets, canastas)`: why the side may not go out (a
  message key) once `targets` are laid;
- `melding(game, melding)`: a whole melding move;
- `discard(game, hand, card)` and `final_discard(game, card)`: a discard, and the one
  that empties the hand; `any_discard(game, hand)`: every discard that keeps cards;
- `take(game, action, top)`: the hand cards offered to take the pile;
- `take_bounds(game, top)`: at least how many naturals and at most how many wild cards
  from the hand may take the pile now (narrows move generation); it reads only whether
  `top` is wild, whether the pile is frozen and whether the side has melded (move
  generation remembers its answers under a natural top by the last two);
- `hopeless(game, side, value, size, hand_after)`: True when a group of this card value
  and size, laid from the hand or taking the pile with its top card, surely breaks the
  rule (narrows move generation);
- `opening_need(minimum, clean, canasta_from_hand)`: the least card value the side's
  opening must reach by this rule, when the side's minimum is `minimum`, by whether the
  opening holds a clean meld and a canasta from the hand (0: any; `NO_LIMIT`: none
  opens). It must never rise when either turns True: the search for openings of several
  groups (`openers`) prunes by that;
- `locks_wilds(wild_meld_size)`: whether a side's meld of wild cards of this size (0:
  none) bars wild cards from its other melds.

A unit may also say when its `target`, `melding` and `discard` hooks can speak at all
(`when_opening`, `most_cards_left`, `only_ranks`, `only_with_wilds`, `only_dead_ranks`,
`within_wild_room`, `only_while_wild_meld_short`, `discard_ranks`, `discard_on_empty_pile`,
`discard_dead_ranks_only`): move generation then leaves them unasked about a move outside
that scope, while `check()` always asks them, so the completeness test catches a scope
that is drawn too narrow. `before_targets` puts a `melding` hook before all the others.
Every such flag is declared, with its default, on `Rule`.

Each hook returns None or a refusal `(message key, parameters)`; the engine raises it as
`IllegalMove`. `section` names the part of the in-game rules that explains the unit."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..cards import Card, Rank
from ..errors import RefusalValue
from ..meldkeys import BLACK_THREES, CANASTA_SIZE
from ..ruleset import RuleSet

if TYPE_CHECKING:
    from ..engine import Game
    from ..melds import TableMeld

# a refusal's message key and its values (the translation layer words it at the edge)
Refusal = tuple[str, dict[str, RefusalValue]]
NO_LIMIT = 1 << 20
# the number of wild cards in hand past which `RuleUnits.least_naturals` tells no more apart
MOST_WILDS_COUNTED = 8


def refuse(key: str, **params: RefusalValue) -> Refusal:
    """A hook's refusal: the message key and its values."""
    return key, params


class Rule:
    """One rule of a variant. Subclasses define the hooks they answer (see the module)."""

    section: ClassVar[str] = "melds"
    # a shape rule that naturals alone never break further: a meld left over its wild
    # card limit (a cut-throat merge) still takes naturals
    lenient_for_naturals: ClassVar[bool] = False
    # the `melding` hook speaks first, before any `target` hook and the shape rules: it
    # refuses a melding whatever its groups (italian: no melding before the opening but
    # the opening itself)
    before_targets: ClassVar[bool] = False
    # when the `melding` hook may speak at all, so the engine asks it only then: for an
    # opening only (True), only after it (False), or both (None); and only when the move
    # leaves at most this many cards in hand
    when_opening: ClassVar[bool | None] = None
    most_cards_left: ClassVar[int] = NO_LIMIT
    # a narrower scope for the `target` and `melding` hooks, so move generation asks them
    # only about moves they may refuse: None, or the meld keys the move must lay cards on
    # for the hook to speak; and whether it speaks only when the move lays a wild card
    only_ranks: frozenset[int] | None = None
    only_with_wilds: ClassVar[bool] = False
    # the hook speaks only about ranks closed by a natural canasta, which move generation
    # never offers (it leaves out `Game.dead_ranks()` itself)
    only_dead_ranks: ClassVar[bool] = False
    # the `melding` hook never refuses a move of one group whose wild cards its own
    # `wild_room` made room for (it reads nothing `wild_room` does not): move generation
    # draws such groups' counts from the rooms, so it need not ask
    within_wild_room: ClassVar[bool] = False
    # the `melding` hook speaks about one group only while the side's meld of wild cards
    # is short of a canasta, and only about a group laid on another meld
    only_while_wild_meld_short: ClassVar[bool] = False
    # the same for the `discard` hook: the ranks of the cards it may refuse (None: any),
    # and whether it speaks only while the pile is empty
    discard_ranks: frozenset[int] | None = None
    discard_on_empty_pile: ClassVar[bool] = False
    # and whether it speaks only about cards of ranks nobody may meld (`Game.dead_ranks`)
    discard_dead_ranks_only: ClassVar[bool] = False

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        """Whether the rule set has this rule at all."""
        return True


class Melding:
    """A melding move once its groups are sorted into meld targets: the new melds and
    lay-offs of a Meld, an opening, or the melds laid when taking the pile."""

    __slots__ = ("seat", "side", "side_melds", "opening", "targets", "from_hand", "pile_card",
                 "hand_after", "before_draw", "_game", "_canastas", "_go_out")

    def __init__(self, game: Game, seat: int, targets: dict[Rank, list[Card]],
                 from_hand: list[Card], pile_card: Card | None, hand_after: int,
                 before_draw: bool = False) -> None:
        self._game = game
        self.seat = seat
        self.side = game.side_of[seat]
        self.side_melds: dict[Rank, TableMeld] = game.melds[self.side]
        self.opening = not self.side_melds  # the move is the side's initial meld
        self.targets = targets
        self.from_hand = from_hand
        self.pile_card = pile_card
        self.hand_after = hand_after
        self.before_draw = before_draw
        self._canastas: int | None = None
        self._go_out: tuple[str | None] | None = None

    def canastas(self) -> int:
        """The side's canastas once the move is made."""
        if self._canastas is None:
            n = 0
            side_melds = self.side_melds
            for rank, m in side_melds.items():
                if rank != BLACK_THREES and len(m.cards) >= CANASTA_SIZE:
                    n += 1
            for rank, cards in self.targets.items():
                meld = side_melds.get(rank)
                size = len(meld.cards) if meld is not None else 0
                if rank != BLACK_THREES and size < CANASTA_SIZE <= size + len(cards):
                    n += 1
            self._canastas = n
        return self._canastas

    def go_out_refusal(self) -> str | None:
        """Why the player could not go out with this move (a message key), or None."""
        if self._go_out is None:
            g = self._game
            key = None
            for hook in g.units.going_out:
                key = hook(g, self.side_melds, self.targets, self.canastas())
                if key:
                    break
            self._go_out = (key,)
        return self._go_out[0]
