"""Third rules audit: a second, independent reading of docs/RULES.md set against the
engine on positions reached by play in all five variants.

Each oracle below is written straight from the rules text, without the engine's rule
units: taking the pile once the side has melded, a single card laid off onto the side's
meld, a discard, and a one-group initial meld. For every such move of a sampled position
the oracle's verdict must equal `check()`'s. The positions are kept clear of going out
(the hand keeps two cards or more after the move), of the minimum where it is not the
point (the side has melded), and of partner's answer, so each oracle reads one rule
family; going out, the minimum and asking are covered by the scripted scenarios."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pytest

from game.rules import Discard, Game, Meld, Phase, Rank, TakePile
from game.rules.cards import Card
from game.rules.melds import BLACK_THREES, WILD_MELD, values_for
from tests.rules.completeness import positions

VARIANT_NAMES = ("classic", "classic-2p", "classic-3p", "modern-american", "italian")
MODERN, ITALIAN = "modern-american", "italian"
CANASTA = 7


def _own_melds(g: Game) -> dict:
    return g.melds[g.side_of[g.to_play]]


def _dead(g: Game) -> set[int]:
    """modern Melds: a natural canasta of a rank, by either side, closes the rank."""
    if g.rules.name != MODERN:
        return set()
    return {r for melds in g.melds for r, m in melds.items()
            if r not in (WILD_MELD, BLACK_THREES) and m.size >= CANASTA and m.wilds == 0}


def _unfinished_wild_meld(melds: dict) -> bool:
    wm = melds.get(WILD_MELD)
    return wm is not None and wm.size < CANASTA


# ---------------------------------------------------------------- the oracles

def take_ok(g: Game, cards: tuple[Card, ...]) -> bool:
    """Taking the pile with `cards` from the hand, the side having melded."""
    name, pile = g.rules.name, g.pile
    if not pile.cards:
        return False
    top = pile.top
    melds = _own_melds(g)
    if name == ITALIAN:
        # black 3s block (right after the discard; a turned-up one until covered); a
        # turned-up red 3 too; a wild card on top needs three of its kind
        if top.is_black_three or top.is_red_three:
            return False
        if top.is_wild:
            return len(cards) >= 3 and all(c.rank == top.rank for c in cards)
        if any(c.is_wild or c.rank != top.rank for c in cards):
            return False
        return len(cards) >= (3 if pile.frozen else 2)  # a discarded stopper needs three
    if name == MODERN:
        if top.is_wild or top.rank in _dead(g):
            return False
        if len(cards) < 2 or any(c.is_wild or c.rank != top.rank for c in cards):
            return False
        m = melds.get(top.rank)
        if m is not None and m.size > 4:  # joins a meld only of three or four cards
            return False
        return (m.size if m else 0) + 1 + len(cards) <= CANASTA
    # classic: never under a wild card or a black 3; one card never takes a one-card pile
    if top.is_wild or top.is_black_three:
        return False
    if len(g.hands[g.to_play]) == 1 and len(pile) == 1:
        return False
    if any(not c.is_wild and c.rank != top.rank for c in cards):
        return False
    naturals = sum(1 for c in cards if not c.is_wild)
    m = melds.get(top.rank)
    if pile.frozen and naturals < 2:  # a frozen pile needs a natural pair
        return False
    if not pile.frozen and m is None and len(cards) < 2:  # else two cards, or the meld
        return False
    n = (m.naturals if m else 0) + 1 + naturals
    w = (m.wilds if m else 0) + len(cards) - naturals
    if n + w < 3:
        return False
    return w <= 3 and n > w


def lay_off_ok(g: Game, card: Card, rank: int) -> bool | None:
    """One card onto the side's meld `rank` (None: a case the oracle leaves alone)."""
    name = g.rules.name
    melds = _own_melds(g)
    m = melds[rank]
    if rank == BLACK_THREES or (rank == WILD_MELD and name not in (MODERN, ITALIAN)):
        return None
    if rank == WILD_MELD:
        return card.is_wild and (name != MODERN or m.size < CANASTA)
    if not card.is_wild:
        if card.rank != rank:
            return False
        return name != MODERN or (m.size < CANASTA and rank not in _dead(g))
    n, w = m.naturals, m.wilds
    if name == MODERN:
        # seven cards at most; no wild card on 7s, nor on aces after the initial meld;
        # the rule of five; at most two; none while a meld of wild cards is unfinished
        return (m.size < CANASTA and rank not in (Rank.SEVEN, Rank.ACE) and n >= 5
                and w + 1 <= 2 and not _unfinished_wild_meld(melds))
    most = 2 if name == ITALIAN else 3
    return w + 1 <= most and n > w + 1


def _modern_discard_ok(g: Game, hand: list[Card], card: Card, dead_check: bool) -> bool:
    if card.is_wild and any(not c.is_wild for c in hand):
        return False  # a wild card only to go out or from a hand of wild cards
    if g.pile.cards:
        return True
    dead = _dead(g)
    guarded = (Rank.ACE, Rank.SEVEN)
    if card.rank in guarded and any(c.is_natural and c.rank not in guarded and c.rank not in dead
                                    for c in hand):
        return False
    if dead_check and card.rank in dead:
        return not any(c.rank not in dead and _modern_discard_ok(g, hand, c, False)
                       for c in hand)
    return True


def discard_ok(g: Game, card: Card) -> bool:
    """Discarding `card` (the last one: going out)."""
    name = g.rules.name
    hand = g.hands[g.to_play]
    melds = _own_melds(g)
    canastas = [m for r, m in melds.items() if m.size >= CANASTA and r != BLACK_THREES]
    if len(hand) == 1:
        if name == ITALIAN:
            kinds = {m.wilds > 0 for r, m in melds.items()
                     if m.size >= CANASTA and r not in (WILD_MELD, BLACK_THREES)}
            return (kinds == {True, False} and not _unfinished_wild_meld(melds)
                    and not (card.is_wild or card.is_black_three))
        return len(canastas) >= g.rules.canastas_to_go_out
    if name == MODERN:
        return _modern_discard_ok(g, hand, card, True)
    if name == ITALIAN and (card.is_wild or card.is_black_three):
        return not (_unfinished_wild_meld(melds)
                    and any(not (c.is_wild or c.is_black_three) for c in hand))
    return True


def opening_ok(g: Game, cards: tuple[Card, ...], before_draw: bool) -> bool:
    """One group from the hand as the side's initial meld."""
    name = g.rules.name
    value = sum(values_for(g.rules)[c.code] for c in cards)
    minimum = g.minimums[g.side_of[g.to_play]]
    naturals = [c for c in cards if not c.is_wild]
    wilds = len(cards) - len(naturals)
    if any(c.is_three for c in cards) or len({c.rank for c in naturals}) > 1:
        return False
    if len(cards) < 3:
        return False
    if name == ITALIAN:  # before the draw only, natural melds only
        return before_draw and not wilds and value >= minimum
    if name == MODERN:
        canasta = len(cards) >= CANASTA
        if len(cards) > CANASTA:
            return False
        if not naturals:  # a meld of wild cards is a clean initial meld
            return value >= minimum or canasta
        if naturals[0].rank in _dead(g) or wilds > 2 or len(naturals) < 2:
            return False
        if wilds and (naturals[0].rank == Rank.SEVEN or not canasta):
            return False  # sevens take none; a mixed meld alone is no clean opening
        return value >= minimum or canasta
    return bool(naturals) and wilds <= 3 and len(naturals) > wilds and value >= minimum


# ---------------------------------------------------------------- comparing

def _distinct(cards: Iterable[Card], k: int) -> Iterable[tuple[Card, ...]]:
    seen: set[tuple[int, ...]] = set()
    for combo in itertools.combinations(cards, k):
        key = tuple(sorted(c.code for c in combo))
        if key not in seen:
            seen.add(key)
            yield combo


def _verdicts(g: Game) -> Iterable[tuple[object, bool]]:
    """(action, the oracle's verdict) for the moves this position's oracles judge."""
    hand = g.hands[g.to_play]
    melds = _own_melds(g)
    if g.phase in (Phase.DRAW, Phase.STOCK_END) and melds and g.pile.cards:
        for k in range(4):
            for cards in _distinct(hand, k):
                if len(hand) - k + g.pile.to_hand() >= 2:
                    yield TakePile(cards), take_ok(g, cards)
    if g.phase not in (Phase.MELD, Phase.OPEN) or g.answer is not None or g.asked:
        return
    if g.phase is Phase.MELD:
        for card in {c.code: c for c in hand}.values():
            yield Discard(card), discard_ok(g, card)
            if len(hand) >= 3:
                for rank in melds:
                    verdict = lay_off_ok(g, card, rank)
                    if verdict is not None:
                        yield Meld([[card]], [rank]), verdict
    if not melds:
        for k in range(3, 6):
            for cards in _distinct(hand, k):
                if len(hand) - k >= 2:
                    yield Meld([cards]), opening_ok(g, cards, g.phase is Phase.OPEN)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("agent,seed", [("random", 11), ("normal", 12)])
def test_check_agrees_with_an_independent_reading_of_the_rules(variant, agent, seed):
    judged = 0
    mismatches: list[str] = []
    for g in positions(variant, agent, seed, 60, every=0.6):
        for action, verdict in _verdicts(g):
            judged += 1
            err = g.check(action)
            if verdict != (err is None):
                mismatches.append(f"{action}: rules say {'legal' if verdict else 'illegal'}, "
                                  f"engine {err.key if err else 'legal'}")
    assert judged > 200
    assert mismatches == []
