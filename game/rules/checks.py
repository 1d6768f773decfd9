"""The engine's validators: one per kind of action, each reading the variant's rule
units (`game.rules.units`). A validator returns the plan `apply` carries out, so a move
is checked exactly once and a refused move leaves the state untouched. The move
generators (`options`) judge their candidates with the same `judge` and `take_refusal`."""

from __future__ import annotations

from typing import Any

from .actions import Action, Discard, Meld, TakePile
from .cards import Card, Rank
from .errors import IllegalMove
from .meldkeys import BLACK_THREES, WILD_MELD
from .movelist import MoveList
from .units import Melding, Refusal

_KEEP_CARD = {"goout.need_natural_and_mixed": "discard.keep_card_natural_mixed"}


def _raise(refusal: Refusal | None) -> None:
    if refusal is not None:
        raise IllegalMove(refusal[0], **refusal[1])


def group_targets(groups, side_melds, wild_canasta: bool, lay_out_threes: bool,
                  meld_black_threes: bool) -> dict[Rank, list[Card]]:
    """Sort a move's groups into the melds they go to (a group of a rank the side holds
    joins that meld); raise when a group is no meld of one rank at all."""
    targets: dict[Rank, list[Card]] = {}
    for cards, onto in groups:
        if not cards:
            raise IllegalMove("meld.empty_group")
        rank: Rank | None = None
        black3 = 0
        for c in cards:
            if c.is_red_three:
                raise IllegalMove("meld.red_three")
            if c.is_black_three:
                black3 += 1
            elif not c.is_wild:
                if rank is not None and c.rank != rank:
                    raise IllegalMove("meld.one_rank")
                rank = c.rank
        if black3:
            if lay_out_threes:
                raise IllegalMove("meld.threes_never")
            if not meld_black_threes:
                raise IllegalMove("meld.black_threes_never")
            if black3 != len(cards):
                raise IllegalMove("meld.black_threes")
            rank = BLACK_THREES
        elif rank is None:
            rank = _wild_group_target(onto, groups, side_melds, wild_canasta)
        elif onto is not None and onto != rank:
            raise IllegalMove("meld.one_rank")
        targets.setdefault(rank, []).extend(cards)
    return targets


def _wild_group_target(onto, groups, side_melds, wild_canasta: bool) -> Rank:
    if onto is not None:
        if onto not in side_melds and not any(c.rank == onto for g, _ in groups for c in g):
            raise IllegalMove("meld.no_such_meld", rank=Rank(onto).label)
        return onto
    if wild_canasta:
        return WILD_MELD
    raise IllegalMove("meld.wild_needs_target")


class Checks:
    """Mixed into `Game`: reads its state, never changes it."""

    def judge(self: Any, m: Melding, shaped: bool = False) -> Refusal | None:
        """The first rule a melding breaks, or None. `shaped`: the move's counts were
        drawn from the shape units' own answers (`RuleUnits.group_counts`,
        `wild_counts`), so every meld's shape is known to pass and is not asked again."""
        units = self.units
        for hook in units.early:
            ref = hook(self, m)
            if ref is not None:
                return ref
        side_melds = m.side_melds
        shape = units.shape_error
        target_hooks = units.targets
        for rank, cards in m.targets.items():
            if target_hooks:
                existing = side_melds.get(rank)
                for hook in target_hooks:
                    ref = hook(self, m, rank, existing, cards)
                    if ref is not None:
                        return ref
            if shaped:
                continue
            existing = side_melds.get(rank)
            wild = 0
            for c in cards:
                if c.is_wild:
                    wild += 1
            if existing is None:
                ref = shape(rank, len(cards) - wild, wild, True, True)
            else:
                ref = shape(rank, existing.naturals + len(cards) - wild, existing.wilds + wild,
                            False, wild > 0)
            if ref is not None:
                return ref
        left = m.hand_after
        for hook, most in units.melding_opening if m.opening else units.melding_after:
            if left <= most:
                ref = hook(self, m)
                if ref is not None:
                    return ref
        return None

    def judge_after(self: Any, m: Melding, targets: dict[Rank, list[Card]], card: Card) -> Refusal | None:
        """`m` with `card` (the hand's last) laid too, as one move that empties the hand."""
        return self.judge(Melding(self, m.seat, targets, m.from_hand + [card], m.pile_card,
                                  m.hand_after - 1, m.before_draw))

    def cards_left(self: Any, m: Melding) -> list[Card]:
        """The hand once `m` is made (with the rest of a taken pile)."""
        rest = list(self.hands[m.seat])
        self._remove_from(rest, m.from_hand)
        if m.pile_card is not None:
            rest.extend(c for c in self.pile.cards[:-1] if not c.is_red_three)
        return rest

    def _melding(self: Any, groups, from_hand: list[Card], pile_card: Card | None,
                 hand_after: int, before_draw: bool = False, own: bool = False) -> Melding:
        """The move's plan, judged by the units (`own`: its cards were taken from the
        hand by the move generator, so they need not be looked up there)."""
        seat = self.to_play
        if not own:
            self._check_in_hand(self.hands[seat], from_hand)
        r = self.rules
        targets = group_targets(groups, self.melds[self.side_of[seat]], r.wild_canasta,
                                r.lay_out_black_threes, r.meld_black_threes)
        m = Melding(self, seat, targets, from_hand, pile_card, hand_after, before_draw)
        _raise(self.judge(m))
        return m

    def _check_in_hand(self, hand: list[Card], cards) -> None:
        codes = [c.code for c in hand]
        for c in cards:
            try:
                codes.remove(c.code)
            except ValueError:
                raise IllegalMove("hand.not_in_hand", card=c.label) from None

    # ------------------------------------------------------------------ per action
    def _v_draw(self: Any, action: Action) -> None:
        if not self.stock:
            raise IllegalMove("draw.stock_empty")

    def take_refusal(self: Any, action: TakePile) -> Refusal | None:
        """Why the hand cards of `action` may not take the pile (before its melds)."""
        top = self.pile.top
        for hook in self.units.take:
            ref = hook(self, action, top)
            if ref is not None:
                return ref
        return None

    def _v_take(self: Any, action: TakePile, own: bool = False) -> Melding:
        """`own`: the move generator took its cards from the hand (see `_melding`)."""
        _raise(self.take_refusal(action))
        top = self.pile.top
        cards = list(action.cards)
        # the top card is melded with `cards`: it counts in that group's shape
        target = None if top.is_wild else top.rank
        groups = [([top, *cards], target)] + [(list(g), None) for g in action.melds]
        from_hand = cards + [c for g in action.melds for c in g]
        hand_after = len(self.hands[self.to_play]) - len(from_hand) + self.pile.to_hand()
        return self._melding(groups, from_hand, top, hand_after, own=own)

    def _v_meld(self: Any, action: Meld) -> Melding:
        return self._meld_move(action, before_draw=False)

    def _v_open(self: Any, action: Meld) -> Melding:
        """An opening from the hand before drawing (italian OPEN phase)."""
        return self._meld_move(action, before_draw=True)

    def _meld_move(self: Any, action: Meld, before_draw: bool, own: bool = False) -> Melding:
        if not action.groups:
            raise IllegalMove("meld.empty_group")
        groups = [(list(g), action.target(i)) for i, g in enumerate(action.groups)]
        from_hand = [c for g in action.groups for c in g]
        hand_after = len(self.hands[self.to_play]) - len(from_hand)
        return self._melding(groups, from_hand, None, hand_after, before_draw, own)

    def discard_refusal(self: Any, hand: list[Card], card: Card) -> Refusal | None:
        """Why `card` may not be discarded from `hand` while keeping cards, or None."""
        for hook in self.units.any_discard:
            ref = hook(self, hand)
            if ref is not None:
                return ref
        return self.card_discard_refusal(hand, card)

    def card_discard_refusal(self: Any, hand: list[Card], card: Card) -> Refusal | None:
        """Why this very card may not be discarded from `hand` while keeping cards."""
        for hook in self.units.discard:
            ref = hook(self, hand, card)
            if ref is not None:
                return ref
        return None

    def final_discard_refusal(self: Any, card: Card) -> Refusal | None:
        """Why `card`, the hand's last, may not be discarded (going out), or None."""
        side_melds = self.melds[self.side_of[self.to_play]]
        canastas = self.canastas(self.side_of[self.to_play])
        for hook in self.units.going_out:
            key = hook(self, side_melds, {}, canastas)
            if key == "goout.need_canastas":
                return "discard.keep_card", {"need": self.rules.canastas_to_go_out}
            if key:
                return _KEEP_CARD.get(key, key), {}
        for hook in self.units.final_discard:
            ref = hook(self, card)
            if ref is not None:
                return ref
        return None

    def _v_discard(self: Any, action: Discard) -> None:
        hand = self.hands[self.to_play]
        card = action.card
        self._check_in_hand(hand, [card])
        _raise(self.discard_refusal(hand, card))
        if len(hand) == 1:
            _raise(self.final_discard_refusal(card))

    def ask_refusal(self: Any) -> str | None:
        """Why the player may not ask partner "may I go out?" now (a message key)."""
        if not self.rules.partnerships:
            return "ask.no_partner"
        if self.rules.ask_once_per_hand and self.asked_in_hand[self.to_play]:
            return "ask.once_per_hand"
        if self.asked:
            return "ask.already"
        if not self.drew_from_stock or self.melded_this_turn:
            return "ask.after_draw"
        return None

    def _v_ask(self: Any, action: Action) -> None:
        key = self.ask_refusal()
        if key is not None:
            raise IllegalMove(key)

    def _v_answer(self, action: Action) -> None:
        return None

    def _v_pass(self: Any, action: Action, takes: list[Action] | None = None) -> None:
        """`takes`: the position's take options when the caller has them already."""
        seat = self.to_play
        top = self.pile.top
        side_melds = self.melds[self.side_of[seat]]
        if takes is None and top is not None and top.rank in side_melds and not self.pile.frozen:
            listing = MoveList()
            self._take_options(seat, listing)
            takes = listing.actions
        if (top is not None and top.rank in side_melds and not self.pile.frozen
                and any(isinstance(a, TakePile) and not a.cards and not a.melds
                        for a in takes or ())):
            raise IllegalMove("stockend.must_take", rank=top.rank.label)

    def _v_next(self, action: Action) -> None:
        return None
