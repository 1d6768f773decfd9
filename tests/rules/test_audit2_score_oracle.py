"""Second rules audit: every hand's score, worked out again from docs/RULES.md ("Scoring"
of each variant) by a separate, plain reading of the rules, against the engine's score
sheet, over hands played by a seeded meld-happy random player in every variant (going
out, stock ends, concealed hands, sides with no meld or no canasta all come up)."""

import random

import pytest

from game.rules import VARIANTS, AskGoOut, Game, Meld, NextHand, Phase, TakePile
from game.rules import events as ev
from game.rules.cards import Card, Rank

WILD = Rank.JOKER  # the key of a meld of wild cards
BLACK_THREES = Rank.THREE


def value(c: Card, italian: bool) -> int:
    """Card values (Common terms): joker 50; A and 2 20; K-8 10; 7-4 5; black 3 5
    (italian 0)."""
    r = int(c.rank)
    if r == 0:
        return 50
    if r in (1, 2):
        return 20
    if r == 3:
        return 0 if italian else 5
    return 10 if r >= 8 else 5


def kind(cards: list[Card]) -> str | None:
    if len(cards) < 7:
        return None
    if all(c.is_wild for c in cards):
        return "wild"
    return "mixed" if any(c.is_wild for c in cards) else "natural"


def modern_score(g: Game, melds, threes, seats, went) -> int:
    """modern-american Scoring."""
    canastas = sum(1 for m in melds if len(m.cards) >= 7)
    melded = sum(value(c, False) for m in melds for c in m.cards)
    total = melded if canastas else -melded
    for m in melds:
        k = kind(m.cards)
        jokers = sum(1 for c in m.cards if c.rank == Rank.JOKER)
        if k == "natural":
            total += 2500 if m.rank in (Rank.ACE, Rank.SEVEN) else 500
        elif k == "mixed":
            total += 300
        elif k == "wild":
            total += 3000 if jokers == 0 else 2500 if jokers == 4 else 2000
        elif m.rank == WILD:
            total -= 2500 if jokers == 4 else 2000
        elif m.rank in (Rank.ACE, Rank.SEVEN) and not any(c.is_wild for c in m.cards):
            total -= 2500
    sign = -1 if canastas == 0 else 0 if canastas == 1 else 1
    red = sum(1 for c in threes if c.is_red_three)
    per_count = (0, 100, 300, 500, 1000)
    total += sign * (per_count[red] + per_count[len(threes) - red])
    total += 100 if went else 0
    for s in seats:
        hand = g.hands[s]
        total -= sum(5 if c.rank == Rank.THREE else value(c, False) for c in hand)
        for rank in (Rank.ACE, Rank.SEVEN):
            if sum(1 for c in hand if c.rank == rank) >= 3:
                total -= 1500
    return total


def expected(g: Game, side: int) -> int:
    """The hand's points for `side` by the variant's Scoring section."""
    rules = g.rules
    italian = rules.name == "italian"
    melds = list(g.melds[side].values())
    seats = [s for s in range(rules.players) if g.side_of[s] == side]
    went = g.went_out in seats
    if rules.name == "modern-american":
        return modern_score(g, melds, g.red_threes[side], seats, went)
    total = sum(value(c, italian) for m in melds for c in m.cards)
    kinds = [kind(m.cards) for m in melds if m.rank != BLACK_THREES]
    total += sum({"natural": 500, "mixed": 300, "wild": 2000}.get(k or "", 0) for k in kinds)
    n = len(g.red_threes[side])
    if italian:
        bonus = (0, 100, 200, 300, 800, 1000, 1200)[n]
        if not went:
            natural, mixed = "natural" in kinds, "mixed" in kinds
            bonus = bonus if natural and mixed else -bonus if natural else -2 * bonus
        total += bonus + (300 if went else 0)
    else:
        bonus = 800 if n == 4 else 100 * n
        total += bonus if melds else -bonus
        total += (200 if g.concealed else 100) if went else 0
    for s in seats:
        for c in g.hands[s]:
            black3 = c.is_black_three and not italian
            total -= rules.black3_in_hand_penalty if black3 else value(c, italian)
    return total


def concealed_by_events(g: Game) -> bool:
    """classic Concealed, read from the hand's events: the player who went out laid
    nothing before the last turn, added to no meld begun before it, and made a canasta."""
    seat = g.went_out
    starts = [i for i, e in enumerate(g.history)
              if isinstance(e, (ev.CardsDrawn, ev.PileTaken)) and e.seat != seat]
    turn = g.history[(starts[-1] + 1) if starts else 0:]
    before = g.history[:len(g.history) - len(turn)]
    if any(isinstance(e, ev.Melded) and e.seat == seat for e in before):
        return False
    mine: set = set()
    canasta = False
    for e in turn:
        if isinstance(e, ev.Melded) and e.seat == seat:
            if not e.new and e.rank not in mine:
                return False
            mine.add(e.rank)
            canasta = canasta or (e.rank is not None and e.size >= 7)
    return canasta


def choose(g: Game, rng: random.Random):
    """Meld and take whenever possible, go out when possible, ask now and then."""
    acts = g.legal_actions()
    melds = [a for a in acts if isinstance(a, (Meld, TakePile))]
    hand = len(g.hands[g.to_play])
    out = [a for a in melds if isinstance(a, Meld) and sum(map(len, a.groups)) >= hand - 1]
    if out and rng.random() < 0.9:
        return out[0]
    if melds and rng.random() < 0.75:
        return rng.choice(melds)
    if AskGoOut() in acts and rng.random() < 0.3:
        return AskGoOut()
    return rng.choice(acts)


@pytest.mark.parametrize("name", ["classic", "classic-2p", "classic-3p", "modern-american",
                                  "italian"])
def test_every_hand_scores_as_the_rules_say(name):
    rules = VARIANTS[name]
    hands = 0
    reasons: set[str] = set()
    for seed in range(16):
        if hands >= 50:
            break
        g = Game.new(rules, seed=400 + seed)
        rng = random.Random(seed)
        while not g.is_over and hands < 50:
            if g.phase is Phase.HAND_OVER:
                g.apply(NextHand())
                continue
            before = list(g.scores)
            out = g.apply(choose(g, rng))
            if not any(isinstance(e, ev.HandEnded) for e in out):
                continue
            hands += 1
            reasons.add(g.end_reason)
            if rules.concealed_going_out and g.went_out is not None:
                assert g.concealed == concealed_by_events(g)
            for side in range(rules.sides):
                assert g.hand_score()[side].total == expected(g, side), (name, seed, side)
                assert g.scores[side] == before[side] + expected(g, side)
            best = max(g.scores)
            assert g.is_over == (best >= rules.target and g.scores.count(best) == 1)
    assert hands >= 50 and "went_out" in reasons
