"""Rules on taking the discard pile: when it is blocked, frozen or needs an open side,
and which hand cards take it (docs/RULES.md, "The discard pile" / "Taking the pile" of
each variant). The cards then laid are judged by the melding units."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..cards import Card, Rank
from ..ruleset import RuleSet
from .base import NO_LIMIT, Melding, Refusal, Rule, refuse

if TYPE_CHECKING:
    from ..actions import TakePile
    from ..engine import Game
    from ..melds import TableMeld


def _side_melds(g: Game) -> dict[Rank, TableMeld]:
    return g.melds[g.side_of[g.to_play]]


def _naturals(cards: Iterable[Card]) -> int:
    n = 0
    for c in cards:  # a plain loop: asked for every take listed
        if not c.is_wild:
            n += 1
    return n


class OpenBeforeDraw(Rule):
    """Italian: a side that has not opened opens from the hand before drawing; it melds
    nothing after the draw, and the pile needs an open side."""

    section = "minimum"
    before_targets = True
    when_opening = True

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.open_before_draw

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if m.opening and not m.before_draw and m.pile_card is None:
            return refuse("meld.open_before_draw")
        return None

    def take(self, g: Game, action: TakePile, top: Card) -> Refusal | None:
        return None if _side_melds(g) else refuse("take.not_open")


class PileBlocked(Rule):
    """Nobody takes the pile while it is empty or its top card blocks it (classic: a
    wild card or a black 3; italian: a black 3 just discarded)."""

    section = "pile"

    def take(self, g: Game, action: TakePile, top: Card | None) -> Refusal | None:
        key = g.pile.blocked_reason()
        return refuse(key) if key else None


class OneCardPile(Rule):
    """A player holding one card may not take a pile of one card."""

    section = "pile"

    def take(self, g: Game, action: TakePile, top: Card) -> Refusal | None:
        if len(g.hands[g.to_play]) == 1 and len(g.pile) == 1:
            return refuse("pile.one_card")
        return None


class WildTopTake(Rule):
    """Italian: a wild card on top is taken only with three of its kind from the hand."""

    section = "pile"

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.wild_top_take_same > 0

    def take(self, g: Game, action: TakePile, top: Card) -> Refusal | None:
        if not top.is_wild:
            return None
        need = self.rules.wild_top_take_same
        if len(action.cards) < need or any(c.rank != top.rank for c in action.cards):
            return refuse("take.three_jokers" if top.rank == Rank.JOKER else "take.three_twos",
                          count=need)
        return None


class TopRankCards(Rule):
    """The natural cards offered are of the top card's rank (and, where the pile always
    needs a natural pair, there is no wild card among them)."""

    section = "pile"

    def take(self, g: Game, action: TakePile, top: Card) -> Refusal | None:
        if top.is_wild:
            return None
        rank = top.rank
        for c in action.cards:
            if c.is_wild:
                if self.rules.take_needs_natural_pair:
                    return refuse("take.natural_pair", rank=rank)
            elif c.rank != rank:
                return refuse("take.wrong_rank", rank=rank)
        return None

    def take_bounds(self, g: Game, top: Card) -> tuple[int, int]:
        return 0, (0 if self.rules.take_needs_natural_pair and not top.is_wild else NO_LIMIT)


class StopperNaturals(Rule):
    """Italian: while a discarded black 3 or wild card lies in the pile, taking needs
    three naturals of the top rank."""

    section = "pile"

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.stopper_take_naturals > 0

    def take(self, g: Game, action: TakePile, top: Card) -> Refusal | None:
        need = self.rules.stopper_take_naturals
        if not top.is_wild and g.pile.frozen and _naturals(action.cards) < need:
            return refuse("take.stopper_naturals", rank=top.rank, count=need)
        return None

    def take_bounds(self, g: Game, top: Card) -> tuple[int, int]:
        frozen = not top.is_wild and g.pile.frozen
        return (self.rules.stopper_take_naturals if frozen else 0), NO_LIMIT


class NaturalPair(Rule):
    """Modern and italian: the pile is always taken with a natural pair of the top rank;
    modern: onto an existing meld only while it holds at most `take_join_max_size`."""

    section = "pile"

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return rules.take_needs_natural_pair

    def take(self, g: Game, action: TakePile, top: Card) -> Refusal | None:
        if top.is_wild:
            return None
        if _naturals(action.cards) < 2:
            return refuse("take.natural_pair", rank=top.rank)
        most = self.rules.take_join_max_size
        m = g.melds[g.side_of[g.to_play]].get(top.rank)  # `_side_melds`: asked per take listed
        if most and m is not None and m.size > most:
            return refuse("take.meld_too_big", rank=top.rank, count=m.size, max=most)
        return None

    def take_bounds(self, g: Game, top: Card) -> tuple[int, int]:
        return (0 if top.is_wild else 2), NO_LIMIT


class FrozenPile(Rule):
    """Classic: a pile frozen (for everyone, or for a side that has not melded) is
    taken only with a natural pair of the top rank; otherwise with two cards of the
    hand, or by laying the top card on the side's meld of its rank."""

    section = "pile"

    @classmethod
    def applies(cls, rules: RuleSet) -> bool:
        return not rules.take_needs_natural_pair

    def take(self, g: Game, action: TakePile, top: Card) -> Refusal | None:
        side_melds = g.melds[g.side_of[g.to_play]]  # `_side_melds`: asked per take listed
        rank = top.rank
        if g.pile.frozen_for(bool(side_melds)):
            if _naturals(action.cards) < 2:
                key = "pile.frozen_need_pair" if g.pile.frozen else "pile.unopened_need_pair"
                return refuse(key, rank=rank)
        elif rank not in side_melds and len(action.cards) < 2:
            return refuse("take.need_two", rank=rank)
        return None

    def take_bounds(self, g: Game, top: Card) -> tuple[int, int]:
        return (2 if g.pile.frozen_for(bool(_side_melds(g))) else 0), NO_LIMIT
