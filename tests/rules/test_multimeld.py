"""Moves of several groups (openings, openings with the pile, ways out) against the
brute-force enumerator of `tests.rules.multimeld`.

- Every listed move of several groups passes `check()` and is one of the enumerator's
  legal outcomes (so the enumerator proposes at least what the engine lists).
- Every legal opening of several groups (from the hand, or with the pile) and every
  legal way out of several groups is listed or reached by a sequence of listed moves in
  the same turn (an italian opening before the draw may go on after the draw), in every
  variant, on positions of random and of `normal` play.
- Scripted positions pin the openings the move list must offer whole: one whose groups
  are each below the minimum (classic), modern's wild cards that may join a small meld
  or the aces only within the initial meld, a take of the pile with a meld from the hand
  beside a take that opens alone (classic), italian before the draw."""

import dataclasses
import random
from collections import Counter

import pytest

from game.rules import VARIANTS, Draw, Game, Meld, Phase, RuleSet, TakePile, checks, engine
from game.rules.units import Melding, Refusal, Rule, RuleUnits, refuse, units_for
from tests.rules.completeness import describe, outcome_key, positions
from tests.rules.multimeld import audit, groups_of, multi_candidates, opened, reachable
from tests.rules.scripting import C, hands_with

NAMES = sorted(VARIANTS)
hands = hands_with(("5S 6D 10S QD", "5H 6C 10D QH", "5C 7C 10H JC"))


OPENING_POSITIONS = 150  # per agent: enough openings of several groups, CI-cheap


def _legal_multi(g: Game) -> set:
    return {outcome_key(g, a) for a in multi_candidates(g) if g.check(a) is None}


def _played(name: str, seeds: tuple[int, int], count: int = 120):
    """Every position of `count` moves of random play and of `count` of normal play."""
    yield from positions(name, "random", seeds[0], count=count, every=1.0)
    yield from positions(name, "normal", seeds[1], count=count, every=1.0)


@pytest.mark.parametrize("name", NAMES)
def test_listed_moves_of_several_groups_are_legal_and_enumerated(name):
    seen = 0
    for g in _played(name, (11, 12)):
        listed = [a for a in g.legal_actions() if groups_of(a) > 1]
        if not listed:
            continue
        seen += 1
        legal = _legal_multi(g)
        hand = len(g.hands[g.to_play])
        for a in listed:
            assert g.check(a) is None, (describe(g), str(a))
            # the enumerator proposes openings of up to four groups and, once the side
            # has melded, ways out only
            if opened(g) and not (isinstance(a, Meld) and sum(map(len, a.groups)) >= hand - 1):
                continue
            if groups_of(a) <= 4 or opened(g):
                assert outcome_key(g, a) in legal, (describe(g), str(a))
    assert seen, "no position listed a move of several groups: the sample proves nothing"


@pytest.mark.parametrize("name", NAMES)
def test_an_opening_keeps_the_plan_check_makes(name):
    """`openers` judges an opening from the hand on a plan of its own making (its shapes
    are the shape units' answers): the plan `apply` carries out is the one `check()`
    makes of the same groups."""
    seen = 0
    for g in _played(name, (11, 12), count=80):
        if opened(g):
            continue
        for a in g.legal_actions():
            if not isinstance(a, Meld) or len(a.groups) < 2:
                continue
            listed = g.move_list()
            kept = listed.plans[listed.index(a)]
            assert isinstance(kept, Melding)
            made = checks.meld_plan(g, a, g.phase is Phase.OPEN)
            assert (kept.targets, kept.from_hand, kept.hand_after, kept.before_draw) == (
                made.targets, made.from_hand, made.hand_after, made.before_draw), str(a)
            seen += 1
    assert seen, "no opening of several groups listed: the sample proves nothing"


@pytest.mark.parametrize("name", NAMES)
def test_every_way_out_of_several_groups_is_reachable(name):
    for g in _played(name, (13, 14)):
        if g.phase is not Phase.MELD or not opened(g):
            continue
        found = audit(g)
        assert found.unknown == 0, describe(g)
        assert not found.unreachable, (describe(g), [str(a) for a in found.unreachable])


def test_ways_out_of_a_scripted_hand_are_all_reachable():
    """Classic, a canasta on the table, 9-9-9 K-K-K 2S 5S after the draw: the 2 may go with
    the nines, the kings or onto the canasta, 5S is discarded (three ways out); each is
    listed or reached by listed moves."""
    g = Game.scripted(VARIANTS["classic"], hands("9C 9D KS KH KD 2S 5S"), stock="9H",
                      melds={0: ["8S 8H 8D 8C 8S 8H 8D"]})
    g.apply(Draw())
    found = audit(g)
    assert found.legal == 3 and found.unknown == 0
    assert found.unlisted == 2 and found.unreachable == []


@pytest.mark.parametrize("name", NAMES)
def test_every_opening_of_several_groups_is_reachable(name):
    """Every legal opening of several groups, from the hand or with the pile, on the
    positions of a side that has not opened (a bounded, seeded sample per variant)."""
    checked = 0
    for g in _played(name, (15, 16), count=OPENING_POSITIONS):
        if opened(g) or g.phase not in (Phase.OPEN, Phase.MELD, Phase.DRAW, Phase.STOCK_END):
            continue
        found = audit(g)
        checked += found.legal
        assert found.unknown == 0, describe(g)
        assert not found.unreachable, (describe(g), [str(a) for a in found.unreachable])
    assert checked, "no legal opening of several groups: the sample proves nothing"


def _top_minimum(rules: RuleSet) -> dict[str, object]:
    """The variant's highest minimum from the first hand."""
    return {"minimums": ((-(10**9), max(m for _, m in rules.minimums)),)}


# The rules of an opening that the search for openings of several groups must obey, each
# switched on in every variant (with what it needs to matter): the minimum, a clean meld,
# the waiver for a canasta from the hand (under a minimum a canasta may fall short of),
# and the lock of an unfinished meld of wild cards.
OPENING_RULES = {
    "minimum": _top_minimum,
    "clean meld": lambda rules: {"opening_needs_clean_meld": True},
    "canasta from the hand": lambda rules: {"canasta_from_hand_opens": True, **_top_minimum(rules)},
    "wild meld lock": lambda rules: {"wild_canasta": True, "wild_meld_min": 3,
                                     "wild_meld_locks": True},
}
RULE_POSITIONS = 16  # per variant and rule, of random play


def _enriched(g: Game, rng: random.Random) -> Game:
    """A copy of `g` whose player holds up to two more wild cards and two more cards
    of the ranks it holds pairs of, swapped with stock cards (so that openings of several
    groups, and the rules about them, come up in most positions)."""
    g = g.copy()
    hand, stock = g.hands[g.to_play], g.stock
    pairs = Counter(c.rank for c in hand if c.is_natural)
    wild = [i for i, c in enumerate(stock) if c.is_wild]
    more = [i for i, c in enumerate(stock) if c.is_natural and pairs[c.rank] >= 2]
    spare = [i for i, c in enumerate(hand) if c.is_natural and pairs[c.rank] < 2]
    rng.shuffle(spare)
    for s, h in zip(rng.sample(wild, min(2, len(wild))) + rng.sample(more, min(2, len(more))),
                    spare, strict=False):
        hand[h], stock[s] = stock[s], hand[h]
    return g


@pytest.mark.parametrize("rule", sorted(OPENING_RULES))
def test_openings_of_several_groups_obey_each_opening_rule(rule):
    """With the rule switched on, in every variant: each listed move of several groups
    of a side that has not opened is legal and one the enumerator finds, and every legal
    one is listed or reached by listed moves - but a way out (all cards laid but at most
    one), of which the list offers one. The sample holds moves the rule refuses (or, for
    the waiver, allows below the minimum), in some variant (italian's natural openings
    are all clean, say)."""
    bites = 0
    for name in NAMES:
        rules = VARIANTS[name].with_options(**OPENING_RULES[rule](VARIANTS[name]))
        rng = random.Random(5)
        for played in positions(rules, "random", 17, count=RULE_POSITIONS, every=1.0):
            if opened(played) or played.phase not in (Phase.OPEN, Phase.MELD, Phase.DRAW,
                                                      Phase.STOCK_END):
                continue
            g = _enriched(played, rng)
            assert not g.invariant_violations()
            legal = _legal_multi(g)
            listed = [a for a in g.legal_actions() if groups_of(a) > 1]
            for a in listed:
                assert g.check(a) is None, (describe(g), str(a))
                assert groups_of(a) > 4 or outcome_key(g, a) in legal, (describe(g), str(a))
            found = audit(g)
            assert found.unknown == 0, describe(g)
            ways_out = [a for a in found.unreachable if _left(g, a) <= 1]
            assert not ways_out or any(_left(g, a) <= 1 for a in listed), describe(g)
            assert len(ways_out) == len(found.unreachable), (
                describe(g), [str(a) for a in found.unreachable])
            bites += sum(_bites(g, rule, a) for a in multi_candidates(g))
    assert bites, "the rule never spoke: the sample proves nothing"


def test_what_an_opening_needs_never_rises_with_a_clean_meld_or_a_canasta_from_the_hand():
    """`openers` prunes its search by the units' `opening_need` on this promise, with
    each opening rule on in every variant and at each of its minimums."""
    relaxed = 0
    for rule, options in OPENING_RULES.items():
        for name in NAMES:
            units = units_for(VARIANTS[name].with_options(**options(VARIANTS[name])))
            for _, minimum in units.rules.minimums:
                plain, canasta, clean, both = units.opening_need_table(minimum)
                assert plain >= clean >= both and plain >= canasta >= both, (rule, name, minimum)
                relaxed += plain > both
    assert relaxed, "no rule asked less of an opening with a clean meld or a canasta"


class _DearerOpening(Rule):
    """A house rule no variant has, known to this unit alone: the side's opening is worth
    30 more than its minimum."""

    section = "minimum"
    when_opening = True

    def melding(self, g: Game, m: Melding) -> Refusal | None:
        if not m.opening:
            return None
        value = sum(g.card_values[c.code] for c in m.from_hand)
        if m.pile_card is not None and self.rules.opening_counts_pile_card:
            value += g.card_values[m.pile_card.code]
        need = self.opening_need(g.minimums[m.side], False, False)
        return refuse("meld.minimum", value=value, minimum=need) if value < need else None

    def opening_need(self, minimum: int, clean: bool, canasta_from_hand: bool) -> int:
        return minimum + 30


def _with_unit(rules: RuleSet, unit: Rule) -> RuleUnits:
    """The rule set's units and one more, asked last."""
    base = units_for(rules)
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base) if f.init}
    fields.update(units=(*base.units, unit),
                  melding_opening=(*base.melding_opening, (unit.melding, unit.most_cards_left)),
                  opening_needs=(*base.opening_needs, unit.opening_need))
    return RuleUnits(**fields)


def test_the_search_for_openings_follows_a_rule_its_unit_alone_knows(monkeypatch):
    """Classic with `_DearerOpening`: every listed move of several groups is legal, and
    every legal opening of several groups is listed or reached by listed moves - the
    search reads what an opening needs from the units, not from the minimum."""
    rules = VARIANTS["classic"]
    units = _with_unit(rules, _DearerOpening(rules))
    monkeypatch.setattr(engine, "units_for", lambda r: units if r == rules else units_for(r))
    rng = random.Random(5)
    bites = 0
    for played in positions(rules, "random", 17, count=2 * RULE_POSITIONS, every=1.0):
        if opened(played) or played.phase not in (Phase.OPEN, Phase.MELD, Phase.DRAW,
                                                  Phase.STOCK_END):
            continue
        g = _enriched(played, rng)
        assert g.units is units
        legal = _legal_multi(g)
        for a in g.legal_actions():
            if groups_of(a) > 1:
                assert g.check(a) is None and outcome_key(g, a) in legal, (describe(g), str(a))
        found = audit(g)
        assert found.unknown == 0, describe(g)
        assert all(_left(g, a) <= 1 for a in found.unreachable), (
            describe(g), [str(a) for a in found.unreachable])
        bites += sum(g.check(a) is not None and g.check(a).params.get("minimum") ==
                     g.minimums[g.side_of[g.to_play]] + 30 for a in multi_candidates(g))
    assert bites, "the unit never spoke: the sample proves nothing"


def _left(g: Game, a: Meld | TakePile) -> int:
    """The cards `a` leaves in hand (a take: before the pile's other cards join it)."""
    return len(g.hands[g.to_play]) - sum(map(len, a.groups if isinstance(a, Meld) else
                                             (a.cards, *a.melds)))


def _bites(g: Game, rule: str, a: Meld | TakePile) -> bool:
    """Whether `rule` decides about `a`: refuses it, or (the waiver) lets a canasta from
    the hand open below the minimum."""
    refusal = g.check(a)
    if rule == "canasta from the hand":
        return refusal is None and isinstance(a, Meld) and any(len(x) >= 7 for x in a.groups) and (
            sum(g.card_values[c.code] for x in a.groups for c in x) < g.minimums[g.side_of[g.to_play]])
    return refusal is not None and refusal.key == {
        "minimum": "meld.minimum", "clean meld": "meld.opening_needs_clean",
        "wild meld lock": "meld.wild_meld_lock"}[rule]


def test_the_enumerator_and_the_reachability_search_on_a_scripted_opening():
    """Classic, side at 0 (minimum 50). A-A-A opens alone and is listed; A-A-A + K-K-2 is
    reached by that move and a single group after it; 4-4-4 + K-K-2 (15 + 40 = 55) is a
    legal opening of its own, each group below the minimum: the enumerator proposes it,
    and the move list offers it (as it offers 4-4-4 + Q-Q-2)."""
    g = Game.scripted(VARIANTS["classic"], hands("AD AC AH KS KH 2D QH QS 4S 4H 9C"),
                      stock="4C", pile="9S 8D")
    g.apply(Draw())
    legal = _legal_multi(g)
    for groups in (("4S 4H 4C", "KS KH 2D"), ("AD AC AH", "KS KH 2D")):
        a = Meld([C(x) for x in groups])
        assert g.check(a) is None
        assert outcome_key(g, a) in legal, groups
    assert reachable(g, Meld([C("AD AC AH")])) is True
    assert reachable(g, Meld([C("AD AC AH"), C("KS KH 2D")])) is True
    assert _listed_multi(g) == {_key(g, "4S 4H 4C", "KS KH 2D"), _key(g, "4S 4H 4C", "QH QS 2D")}
    found = audit(g)
    assert found.unknown == 0 and found.unreachable == []
    # 4-4-4 + Q-Q-K is no meld at all: the enumerator never proposes mixed ranks
    assert not any(len({c.rank for c in grp if not c.is_wild}) > 1
                   for a in multi_candidates(g) for grp in getattr(a, "groups", ()))


def test_an_italian_opening_before_the_draw_goes_on_after_the_draw():
    """Italian, side at 0 (minimum 50), before the draw: A-A-A (60) opens alone and is the
    one opening listed. A-A-A + K-K-K is reached by A-A-A, the draw and K-K-K after it;
    K-K-K + 8-8-8 (30 + 30) is a legal opening whose groups are each below the minimum:
    the enumerator judges it legal and the move list offers it."""
    fillers = ("4S 6D 8S 10D 5H 5H 6S 6S 7H 7H 8H 8H 9D 9D JD",
               "4H 6C 10S 8C 5D 5D 6D 6H 7D 7D 8D 8D 9S 9S JS",
               "4D 8D 10H 6H 5C 5C 6C 6C 7C 7C 8C 10C 9C 9C JC")
    g = Game.scripted(VARIANTS["italian"],
                      ["AH AS AD KS KH KD 8S 8C 8H 5S 6D 7C 9H JH 4C", *fillers], stock="5D 4D")
    assert g.phase is Phase.OPEN
    both = Meld([C("AH AS AD"), C("KS KH KD")])
    assert g.check(both) is None
    assert reachable(g, both) is False  # not before the draw ...
    assert reachable(g, both, through_draw=True) is True  # ... but after it
    found = audit(g)
    assert found.legal == 4 and found.unlisted == 3 and found.after_draw == 3
    assert outcome_key(g, Meld([C("KS KH KD"), C("8S 8C 8H")])) in _legal_multi(g)
    assert _listed_multi(g) == {_key(g, "KS KH KD", "8S 8C 8H")}


def _key(g: Game, *groups: str) -> tuple:
    return outcome_key(g, Meld([C(x) for x in groups]))


def _listed_multi(g: Game) -> set:
    return {outcome_key(g, a) for a in g.legal_actions() if groups_of(a) > 1}


def test_a_take_with_a_meld_from_the_hand_beside_a_take_that_opens_alone():
    """Classic, side at 0 (minimum 50), the pile frozen for the side under 9D. 9S 9C 2C
    takes it alone (30 + 20), so the 2 is spent there; 9S 9C with Q-Q-2 from the hand
    (30 + 40) and with 8-8-2 (30 + 40) are openings of their own that no take alone
    leads to: both are listed."""
    g = Game.scripted(VARIANTS["classic"], hands("QS 9S QD 8H KS 10C 2C 5H 8C 9C AD"),
                      stock="4H", pile="6S 9D")
    assert g.phase is Phase.DRAW
    takes = {str(a) for a in g.legal_actions() if isinstance(a, TakePile)}
    assert takes == {"TakePile[9S 9C 2C]", "TakePile[9S 9C] + [QS QD 2C]",
                     "TakePile[9S 9C] + [8H 8C 2C]"}
    found = audit(g)
    assert found.legal == 2 and found.unknown == 0 and found.unreachable == []


def _modern(hand: str, stock: str) -> Game:
    """Modern-american, side at 0 (minimum 125), after the draw; the other seats hold
    natural cards the test does not look at."""
    used = Counter((hand + " " + stock).split())
    pool = []
    for label in (r + s for r in "4 5 6 8 9 10 J".split() for s in "SHDC"):
        while used[label] < 2:
            used[label] += 1
            pool.append(label)
    g = Game.scripted(VARIANTS["modern-american"],
                      [hand, *(" ".join(pool[i * 13:(i + 1) * 13]) for i in range(3))],
                      stock=stock)
    g.apply(Draw())
    return g


def test_modern_aces_take_their_wild_card_within_the_opening():
    """A-A-JK (90) + K-K-K + Q-Q-Q (60): no group may be left out, and A-A-JK cannot be
    laid after the opening (aces take wild cards only within the initial meld): listed
    whole, the one opening of several groups."""
    g = _modern("AS AH JK KS KH KD QS QH QD 9S 8H 6D 5C", "7D")
    assert _listed_multi(g) == {_key(g, "AS AH JK", "KS KH KD", "QS QH QD")}
    found = audit(g)
    assert found.legal == 1 and found.unreachable == []


def test_modern_wild_cards_in_small_melds_go_in_with_the_opening():
    """K-K-K-2 + Q-Q-Q-2 + J-J-J (50 + 50 + 30): by the rule of five no 2 joins a meld of
    three naturals once the side is open, so each placement of the two 2s that reaches
    the minimum is an opening of its own, listed."""
    g = _modern("KS KH KD QS QH QD JS JH JD 2S 2H 8H 5C", "7D")
    listed = _listed_multi(g)
    assert _key(g, "KS KH KD 2S", "QS QH QD 2H", "JS JH JD") in listed
    assert _key(g, "KS KH KD 2S 2H", "QS QH QD", "JS JH JD") in listed
    found = audit(g)
    assert found.unknown == 0 and found.unreachable == []
