"""Going out and keeping cards: what a side needs on the table to go out, the cards a
player must keep when it cannot, black 3s melded only when going out, and italian's
final discard (docs/RULES.md, "Going out" of each variant)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, Rank
from ..meldkeys import BLACK_THREES, CANASTA_SIZE, WILD_MELD
from ..ruleset import RuleSet
from .base import Melding, Refusal, Rule, refuse

if TYPE_CHECKING:
    from ..engine import Game
    from ..melds import TableMeld


class PartnerAnswer(Rule):
    """After partner's "no" the player may not go out this turn."""

    section = "going_out"

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.partnerships

    def going_out(self, g: Game, side_melds: dict[Rank, TableMeld], targets: dict[Rank, list[Card]], canastas: int) -> str | None:
        return "goout.partner_said_no" if g.answer is False else None


class BindingYes(Rule):
    """After partner's "yes" (where it binds) the player must go out this turn: no
    discard that keeps cards while a way out is open."""

    section = "going_out"

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.partnerships and rules.go_out_yes_binds

    def any_discard(self, g: Game, hand: list[Card]) -> Refusal | None:
        if g.answer and len(hand) > 1 and g.go_out_meld(g.to_play) is not None:
            return refuse("goout.must_go_out")
        return None


class CanastasToGoOut(Rule):
    """The side needs `canastas_to_go_out` canastas (it may complete them in the same
    turn)."""

    section = "going_out"

    def going_out(self, g: Game, side_melds: dict[Rank, TableMeld], targets: dict[Rank, list[Card]], canastas: int) -> str | None:
        return "goout.need_canastas" if canastas < self.rules.canastas_to_go_out else None


class UnfinishedWildMeld(Rule):
    """Italian: while the side's meld of wild cards is short of a canasta it may not go
    out, nor block the pile with a black 3 or a wild card (a hand of nothing but such
    cards may still discard one, or the player could not move)."""

    section = "going_out"
    discard_ranks = frozenset({0, 2, 3})  # wild cards and black 3s

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.unfinished_wild_meld_binds

    def going_out(self, g: Game, side_melds: dict[Rank, TableMeld], targets: dict[Rank, list[Card]], canastas: int) -> str | None:
        wm = side_melds.get(WILD_MELD)
        added = targets.get(WILD_MELD, ())
        if (wm is not None or added) and (wm.size if wm else 0) + len(added) < CANASTA_SIZE:
            return "goout.wild_meld_unfinished"
        return None

    def discard(self, g: Game, hand: list[Card], card: Card) -> Refusal | None:
        if not (card.is_wild or card.is_black_three):
            return None
        wm = g.melds[g.side_of[g.to_play]].get(WILD_MELD)
        if (wm is not None and wm.size < CANASTA_SIZE
                and any(not (c.is_wild or c.is_black_three) for c in hand)):
            return refuse("discard.wild_meld_unfinished")
        return None


class NaturalAndMixed(Rule):
    """Italian: going out needs a natural and a mixed canasta (a canasta of wild cards is
    neither)."""

    section = "going_out"

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.go_out_needs_natural_and_mixed

    def going_out(self, g: Game, side_melds: dict[Rank, TableMeld], targets: dict[Rank, list[Card]], canastas: int) -> str | None:
        natural = mixed = False
        for rank in set(side_melds) | set(targets):
            if rank == WILD_MELD or rank == BLACK_THREES:
                continue
            m = side_melds.get(rank)
            added = targets.get(rank, ())
            if (m.size if m else 0) + len(added) < CANASTA_SIZE:
                continue
            if (m.wilds if m else 0) or any(c.is_wild for c in added):
                mixed = True
            else:
                natural = True
        return None if natural and mixed else "goout.need_natural_and_mixed"


class BlackThreesOnlyGoingOut(Rule):
    """Classic: black 3s are melded only by a player who goes out in that turn."""

    section = "threes"
    only_ranks = frozenset({BLACK_THREES})

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.meld_black_threes and not rules.lay_out_black_threes

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if BLACK_THREES in m.targets and (m.hand_after > 1 or m.go_out_refusal()):
            return refuse("meld.black_threes_going_out")
        return None


class KeepDiscard(Rule):
    """Modern: going out always ends with a discard, so melds leave a card."""

    section = "going_out"
    most_cards_left = 0

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.go_out_with_discard

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        return refuse("meld.keep_discard") if m.hand_after == 0 else None


_KEEP_CARDS = {"goout.need_natural_and_mixed": "meld.keep_cards_natural_mixed"}


class KeepCards(Rule):
    """A player who may not go out keeps at least one card after discarding: melds
    never leave the hand empty, nor with one card (which would be the final discard)
    unless that card can be melded next to go out this turn; an opening before the draw
    (italian) may leave one, since a draw follows."""

    section = "going_out"
    most_cards_left = 1

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if m.hand_after > (0 if m.before_draw else 1):
            return None
        key = m.go_out_refusal()
        if key is None:
            return None
        # going out may take several moves of one turn (a take cannot meld the rest of
        # the pile in the same move): when the one card a move leaves can be melded
        # next, emptying the hand to go out, the move stands
        if m.hand_after == 1 and _last_card_goes_out(g, m):
            return None
        if key == "goout.need_canastas":
            return refuse("meld.keep_cards", need=self.rules.canastas_to_go_out)
        return refuse(_KEEP_CARDS.get(key, key))


class FinalDiscardNoStoppers(Rule):
    """Italian: the final discard is neither a black 3 nor a wild card. Only that
    discard is restricted: a melding may leave a wild card as the last card while it can
    still be melded or laid off this turn (going out by melding everything); a black 3
    left alone, which is never melded, is refused."""

    section = "going_out"
    most_cards_left = 1

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.final_discard_no_stoppers

    def final_discard(self, g: Game, card: Card) -> Refusal | None:
        if card.is_wild or card.is_black_three:
            return refuse("discard.final_stopper")
        return None

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if m.hand_after != 1 or m.before_draw:
            return None
        last = g.cards_left(m)
        if len(last) != 1:
            return None
        card = last[0]
        if card.is_black_three:
            return refuse("meld.last_card_stopper")
        if card.is_wild and not _can_follow(g, m, card):
            return refuse("meld.last_card_stopper")
        return None



def _can_follow(g: Game, m: Melding, card: Card) -> bool:
    """Whether `card` could be laid off right after the move `m`, emptying the hand:
    judged as one move made of both. A natural card goes only onto its own rank."""
    ranks = set(m.side_melds) | set(m.targets)
    if not card.is_wild:
        ranks &= {card.rank}
    for rank in ranks:
        if rank == BLACK_THREES:
            continue
        targets = {r: list(cs) for r, cs in m.targets.items()}
        targets.setdefault(rank, []).append(card)
        if g.judge_after(m, targets, card) is None:
            return True
    return False


def _last_card_goes_out(g: Game, m: Melding) -> bool:
    """Whether the one card `m` leaves in hand can be melded next to go out."""
    last = g.cards_left(m)
    return len(last) == 1 and not last[0].is_black_three and _can_follow(g, m, last[0])
