"""The engine's validators: one per kind of action, each reading the variant's rule
units (`game.rules.units`). A validator returns the plan `apply` carries out, so a move
is checked exactly once and a refused move leaves the state untouched. The move
generators (`options`) judge their candidates with the same `judge` and `take_refusal`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .actions import Action, Discard, Meld, TakePile
from .cards import Card, Rank
from .errors import IllegalMove
from .meldkeys import BLACK_THREES, WILD_MELD
from .units import Melding, Refusal
from .units.base import NO_LIMIT

if TYPE_CHECKING:
    from .engine import Game
    from .melds import TableMeld

# a move's groups, each with the meld it names (`Meld.onto`; None: its cards say)
Groups = list[tuple[list[Card], Rank | None]]
_KEEP_CARD = {"goout.need_natural_and_mixed": "discard.keep_card_natural_mixed"}


def _raise(refusal: Refusal | None) -> None:
    if refusal is not None:
        raise IllegalMove(refusal[0], **refusal[1])


def group_targets(groups: Groups, side_melds: dict[Rank, TableMeld], wild_canasta: bool, lay_out_threes: bool,
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


def _wild_group_target(onto: Rank | None, groups: Groups, side_melds: dict[Rank, TableMeld],
                       wild_canasta: bool) -> Rank:
    if onto is not None:
        if onto not in side_melds and not any(c.rank == onto for g, _ in groups for c in g):
            raise IllegalMove("meld.no_such_meld", rank=Rank(onto).label)
        return onto
    if wild_canasta:
        return WILD_MELD
    raise IllegalMove("meld.wild_needs_target")



def judge(g: Game, m: Melding, shaped: bool = False) -> Refusal | None:
    """The first rule a melding breaks, or None. `shaped`: the move's counts were
    drawn from the shape units' own answers (`RuleUnits.group_counts`,
    `wild_counts`), so every meld's shape is known to pass and is not asked again."""
    units = g.units
    for hook in units.early:
        ref = hook(g, m)
        if ref is not None:
            return ref
    side_melds = m.side_melds
    shape = units.shape_error
    target_hooks = units.targets
    for rank, cards in m.targets.items():
        if target_hooks:
            existing = side_melds.get(rank)
            for hook in target_hooks:
                ref = hook(g, m, rank, existing, cards)
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
            ref = hook(g, m)
            if ref is not None:
                return ref
    return None


def judge_after(g: Game, m: Melding, targets: dict[Rank, list[Card]], card: Card) -> Refusal | None:
    """`m` with `card` (the hand's last) laid too, as one move that empties the hand."""
    return judge(g, Melding(g, m.seat, targets, m.from_hand + [card], m.pile_card,
                              m.hand_after - 1, m.before_draw))


def cards_left(g: Game, m: Melding) -> list[Card]:
    """The hand once `m` is made (with the rest of a taken pile)."""
    rest = list(g.hands[m.seat])
    g._remove_from(rest, m.from_hand)
    if m.pile_card is not None:
        rest.extend(c for c in g.pile.cards[:-1] if not c.is_red_three)
    return rest


def _melding(g: Game, groups: Groups, from_hand: list[Card], pile_card: Card | None,
             hand_after: int, before_draw: bool = False, own: bool = False) -> Melding:
    """The move's plan, judged by the units (`own`: its cards were taken from the
    hand by the move generator, so they need not be looked up there)."""
    seat = g.to_play
    if not own:
        _check_in_hand(g.hands[seat], from_hand)
    r = g.rules
    targets = group_targets(groups, g.melds[g.side_of[seat]], r.wild_canasta,
                            r.lay_out_black_threes, r.meld_black_threes)
    m = Melding(g, seat, targets, from_hand, pile_card, hand_after, before_draw)
    _raise(judge(g, m))
    return m


def _check_in_hand(hand: list[Card], cards: Iterable[Card]) -> None:
    codes = [c.code for c in hand]
    for c in cards:
        try:
            codes.remove(c.code)
        except ValueError:
            raise IllegalMove("hand.not_in_hand", card=c.label) from None


# ------------------------------------------------------------------ per action


def validate_draw(g: Game) -> None:
    """A draw: the stock must hold a card."""
    if not g.stock:
        raise IllegalMove("draw.stock_empty")


def take_refusal(g: Game, action: TakePile) -> Refusal | None:
    """Why the hand cards of `action` may not take the pile (before its melds)."""
    top = g.pile.top
    for hook in g.units.take:
        ref = hook(g, action, top)
        if ref is not None:
            return ref
    return None


def take_bounds(g: Game, top: Card, key: tuple[bool, bool]) -> tuple[int, int]:
    """At least how many naturals and at most how many wild cards of the hand take the
    pile under the natural `top`, by the take units (remembered under `key`)."""
    least, most = 0, NO_LIMIT
    for bounds in g.units.take_bounds:
        lo, hi = bounds(g, top)
        least, most = max(least, lo), min(most, hi)
    g.cache.tables.take_bounds[key] = least, most
    return least, most


def validate_take(g: Game, action: TakePile, own: bool = False) -> Melding:
    """`own`: the move generator took its cards from the hand (see `_melding`)."""
    _raise(take_refusal(g, action))
    top = g.pile.top
    assert top is not None  # (a take unit refuses an empty pile)
    cards = list(action.cards)
    # the top card is melded with `cards`: it counts in that group's shape
    target = None if top.is_wild else top.rank
    groups = [([top, *cards], target)] + [(list(group), None) for group in action.melds]
    from_hand = cards + [c for group in action.melds for c in group]
    hand_after = len(g.hands[g.to_play]) - len(from_hand) + g.pile.to_hand()
    return _melding(g, groups, from_hand, top, hand_after, own=own)






def meld_plan(g: Game, action: Meld, before_draw: bool, own: bool = False) -> Melding:
    """The plan of a Meld, judged by the units (`own`: as in `_melding`)."""
    if not action.groups:
        raise IllegalMove("meld.empty_group")
    groups = [(list(group), action.target(i)) for i, group in enumerate(action.groups)]
    from_hand = [c for group in action.groups for c in group]
    hand_after = len(g.hands[g.to_play]) - len(from_hand)
    return _melding(g, groups, from_hand, None, hand_after, before_draw, own)


def discard_refusal(g: Game, hand: list[Card], card: Card) -> Refusal | None:
    """Why `card` may not be discarded from `hand` while keeping cards, or None."""
    for hook in g.units.any_discard:
        ref = hook(g, hand)
        if ref is not None:
            return ref
    return card_discard_refusal(g, hand, card)


def card_discard_refusal(g: Game, hand: list[Card], card: Card) -> Refusal | None:
    """Why this very card may not be discarded from `hand` while keeping cards."""
    for hook in g.units.discard:
        ref = hook(g, hand, card)
        if ref is not None:
            return ref
    return None


def final_discard_refusal(g: Game, card: Card) -> Refusal | None:
    """Why `card`, the hand's last, may not be discarded (going out), or None."""
    side_melds = g.melds[g.side_of[g.to_play]]
    canastas = g.canastas(g.side_of[g.to_play])
    for going_out in g.units.going_out:
        key = going_out(g, side_melds, {}, canastas)
        if key == "goout.need_canastas":
            return "discard.keep_card", {"need": g.rules.canastas_to_go_out}
        if key:
            return _KEEP_CARD.get(key, key), {}
    for final_discard in g.units.final_discard:
        ref = final_discard(g, card)
        if ref is not None:
            return ref
    return None


def validate_discard(g: Game, action: Discard) -> None:
    """A discard: the card in hand, and no unit refusing it."""
    hand = g.hands[g.to_play]
    card = action.card
    _check_in_hand(hand, [card])
    _raise(discard_refusal(g, hand, card))
    if len(hand) == 1:
        _raise(final_discard_refusal(g, card))


def ask_refusal(g: Game) -> str | None:
    """Why the player may not ask partner "may I go out?" now (a message key)."""
    if not g.rules.partnerships:
        return "ask.no_partner"
    if g.rules.ask_once_per_hand and g.asked_in_hand[g.to_play]:
        return "ask.once_per_hand"
    if g.asked:
        return "ask.already"
    if not g.drew_from_stock or g.melded_this_turn:
        return "ask.after_draw"
    return None


def validate_ask(g: Game) -> None:
    """Asking partner "may I go out?" now."""
    key = ask_refusal(g)
    if key is not None:
        raise IllegalMove(key)




def validate_pass(g: Game, takes: list[Action] | None = None) -> None:
    """`takes`: the position's take options, while its move list is being made."""
    top = g.pile.top
    side_melds = g.melds[g.side_of[g.to_play]]
    if top is None or top.rank not in side_melds or g.pile.frozen:
        return
    if takes is None:
        takes = g.move_list().actions
    if any(isinstance(a, TakePile) and not a.cards and not a.melds for a in takes):
        raise IllegalMove("stockend.must_take", rank=top.rank.label)
