"""Every reason a hint gives is a fact computed for the position: for each reason kind, a
position where the claim holds (it is said) and a near-identical one where it does not
(it is not said); per variant, the pile-taking and going-out sentences; and the checker
that re-derives every stated fact from the real game finds nothing false."""

from __future__ import annotations

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai import facts as F
from game.ai.base import act
from game.ai.fact_check import Checker, normal_positions
from game.ai.hints import explain, suggest
from game.rules import VARIANTS, Discard, Draw, Game, Meld, TakePile
from game.rules.cards import parse_card

CLASSIC = VARIANTS["classic"]
ITALIAN = VARIANTS["italian"]
OTHERS = ["4S 6D 8S JD 9D", "4H 6C 10S QC 9C", "4D 7C 10H JC 9H"]


def _classic(hand: str = "JS 5S 6C 9S KD QS 7H", pile_frozen: bool | None = None,
             theirs: tuple[str, ...] = ("JH JC JD",), pile: str = "5D 10C 6H 7S QD 4C") -> Game:
    g = Game.scripted(CLASSIC, [hand, *OTHERS], pile=pile, stock="4D",
                      melds={0: ["AS AH AD"], 1: list(theirs)}, pile_frozen=pile_frozen)
    g.apply(Draw())
    return g


def _discard_hint(g: Game, label: str):
    view = g.view(g.to_play)
    card = next(c for c in view.hand if c.label == label)
    return explain(view, Discard(card))


def _keys(hint) -> list[str]:
    return [s.key for s in hint.sentences]


def _no_false_facts(g: Game, hint) -> None:
    assert Checker(g, g.to_play).false_statements(hint) == []


# ------------------------------------------------------------------ discards
def test_a_card_the_next_player_lays_off_is_named_as_the_risk():
    """The learner's report: "lone card, the next player is unlikely to use it" while West
    held a meld of jacks and the pile was not frozen."""
    g = _classic()
    h = _discard_hint(g, "JS")
    assert "hint.fact.next_lays_off" in _keys(h)
    assert "meld of Jacks" in h.reason and "unlikely" not in h.reason
    (fact,) = [f for f in h.facts if isinstance(f, F.TakeFact)]
    assert fact.certainty is F.Certainty.CERTAIN and fact.way is F.TakeWay.LAY_OFF
    _no_false_facts(g, h)


def test_the_same_card_on_a_frozen_pile_needs_a_pair_and_is_not_a_lay_off():
    g = _classic(pile_frozen=True)
    h = _discard_hint(g, "JS")
    assert "hint.fact.next_lays_off" not in _keys(h)
    assert "hint.fact.next_needs_pair" in _keys(h) and "natural pair of Jacks" in h.reason
    _no_false_facts(g, h)


def test_without_their_meld_the_jack_needs_cards_from_their_hand():
    g = _classic(theirs=("KH KC KS",))
    h = _discard_hint(g, "JS")
    assert "hint.fact.next_lays_off" not in _keys(h)
    assert "hint.fact.next_needs_wild" in _keys(h)
    _no_false_facts(g, h)


def test_a_black_three_blocks_with_the_engines_own_words():
    g = _classic(hand="JS 3S 5S")
    h = _discard_hint(g, "3S")
    assert _keys(h)[1:] == ["hint.fact.next_cannot", "pile.blocked_black_three"]
    _no_false_facts(g, h)
    h = _discard_hint(g, "5S")
    assert "hint.fact.next_cannot" not in _keys(h)


def test_when_every_card_feeds_the_hint_says_so_and_names_the_risk_taken():
    g = _classic(hand="JS KD", theirs=("JH JC JD", "KH KC KS", "4H 4C 4S"))  # draws the 4D
    h = suggest(g.view(0))
    assert isinstance(h.action, Discard)
    assert h.reason_key == "hint.discard_no_safe_card"
    assert "hint.fact.next_lays_off" in _keys(h)
    _no_false_facts(g, h)
    # one safe card left: no "no card is safe"
    g = _classic(hand="JS KD 5S", theirs=("JH JC JD", "KH KC KS", "4H 4C 4S"))
    for label in ("JS", "KD"):
        assert _discard_hint(g, label).reason_key != "hint.discard_no_safe_card"


def test_completing_their_canasta_is_said_as_such():
    g = _classic(hand="JS 5S 6C", theirs=("JH JH JD JC 2C 2H",))
    h = _discard_hint(g, "JS")
    assert "hint.fact.next_lays_off_canasta" in _keys(h)
    g = _classic(hand="JS 5S 6C", theirs=("JH JH JD JC 2C",))
    assert "hint.fact.next_lays_off_canasta" not in _keys(_discard_hint(g, "JS"))


# ------------------------------------------------------------------ taking, per variant
def _italian(melds: dict | None = None, pile: str = "JD 3S KC", pile_frozen: bool | None = None,
             hand: str = "KS KH 5S 6C 9C 8D QS 7H 8C") -> Game:
    others = ["4H 6H 10S JC 5C", "4D 6D 10H JH 5D", "4C 6S 10D JS 5H"]
    return Game.scripted(ITALIAN, [hand, *others], pile=pile, melds=melds or {},
                         pile_frozen=pile_frozen)


def test_italian_unopened_side_is_told_the_engines_rule_not_a_first_meld_minimum():
    """The report: "your pair of Ks takes the pile only as your side's first meld…" in
    italian, where an unopened side may not take the pile at all."""
    g = _italian()
    h = explain(g.view(0), Draw())
    assert _keys(h) == ["hint.draw_cannot_take", "take.not_open"]
    assert "minimum" not in h.reason
    _no_false_facts(g, h)


def test_italian_stopper_in_the_pile_needs_three_naturals():
    """The report: "you need a natural pair of 6s" with a black 3 in the pile."""
    # the pile holds an 8 to pair our 8s: worth taking once the pair of kings may
    pile = "JD 3S 8H KC"
    g = _italian(melds={0: ["AS AH AD"]}, pile=pile)
    h = explain(g.view(0), Draw())
    assert _keys(h) == ["hint.draw_cannot_take", "take.stopper_naturals"]
    assert dict(h.sentences[1].params)["count"] == 3
    _no_false_facts(g, h)
    # no discarded stopper: the pair takes it, and the hint says so
    g = _italian(melds={0: ["AS AH AD"]}, pile=pile, pile_frozen=False)
    h = suggest(g.view(0))
    assert h.reason_key == "hint.take_pair"
    _no_false_facts(g, h)


def test_italian_take_by_an_unopened_side_follows_an_opening_from_the_hand():
    """The 2,000-position fact run: "…only with three natural Aces from their hand. Their
    side has not melded yet, so that take must also be their first meld" in italian, where
    the take can only come after an opening from the hand (here of 50 points), which the
    checker now finds among every opening the engine offers."""
    # the position the run found (its 63rd), written out so that it does not hang on how
    # `normal` plays: West's side, unopened, needs 50; the pile is frozen by its 2
    g = Game.scripted(VARIANTS["italian"], hands=[
        "7H JK 5H 8H 2C QH 5C 5C 10S 2D 7D QC 4S 8S 9H 5D",
        "KC AD 6D 6S KC QH AS JK 7D JK 2D 9H AC 5H 3C 4S",
        "4D JK AC 4D 7S 9S 6C AH 9D 4H 5C 8S KS 10D AH 5S",
        "4H 2H 6H 4C 10S 4C 4C 2H JH 6C 6H 7C 2S 8D 2C 7D"],
        stock="7S 3D 8C 9C", pile="5S 6S 9D KD 6D 2S 5D JC 3C AH", pile_hidden=5,
        scores=(2230, 5635), to_play=1)
    g.apply(Draw())
    seat = 1
    view = g.view(seat)
    ace = next(c for c in view.hand if c.rank.label == "A")
    h = explain(view, Discard(ace))
    assert _keys(h)[1:] == ["hint.fact.next_needs_three", "hint.fact.taker_opens_first"]
    assert dict(h.sentences[2].params) == {"minimum": 50}
    assert "50 points" in h.reason and "first meld" not in h.reason
    assert Checker(g, seat).false_statements(h) == []


@pytest.mark.parametrize("variant,key", [
    ("classic", "meld.minimum"), ("classic-2p", "meld.minimum"), ("classic-3p", "meld.minimum"),
    ("modern-american", "meld.minimum_hand")])
def test_an_unopened_pair_below_the_minimum_is_told_the_engines_refusal(variant, key):
    """Holding a pair of the top card's rank without the first meld's minimum: the hint
    says what the engine says (the minimum), never "you need a natural pair"."""
    rules = VARIANTS[variant]
    others = ["4S 6S 8S 10S KS", "4C 6C 8C 10C KC", "4D 6D 8D 10D KD"]
    hands = ["QH QC 10H 8H 7S 6H 5S 4H 9H", *others[:rules.players - 1]]
    g = Game.scripted(rules, hands, stock="9D", pile="5H QS", to_play=0)
    h = explain(g.view(0), Draw())
    (fact,) = h.facts
    assert isinstance(fact, F.OwnTakeFact) and fact.refusal == key
    assert g.check(TakePile(fact.cards)).key == key
    assert "pair" not in h.reason
    _no_false_facts(g, h)


# ------------------------------------------------------------------ canastas and going out
def test_italian_second_mixed_canasta_is_not_said_to_allow_going_out():
    """The report: "Meld Joker: it completes a canasta of Ks, which your side needs to go
    out" when the side already had its mixed canasta and needed a natural one."""
    g = _italian(melds={0: ["QS QH QD QC QS QH 2C", "KS KH KD KC KS 2D"]},
                 hand="JK 5S 6C 9C 8D 7H", pile="JD 9S", pile_frozen=False)
    g.apply(Draw())
    view = g.view(0)
    joker = next(c for c in view.hand if c.is_wild and c.rank == 0)
    meld = Meld([[joker]], [13])
    assert g.check(meld) is None
    h = explain(view, meld)
    assert "hint.fact.canasta_mixed" in _keys(h)
    assert "hint.fact.can_go_out_after" not in _keys(h)
    assert "goout.need_natural_and_mixed" in _keys(h)
    _no_false_facts(g, h)
    # with a natural canasta on the table, the same joker does give what going out needs
    g = _italian(melds={0: ["QS QH QD QC QS QH QD", "KS KH KD KC KS 2D"]},
                 hand="JK 5S 6C 9C 8D 7H", pile="JD 9S", pile_frozen=False)
    g.apply(Draw())
    h = explain(g.view(0), meld)
    assert "hint.fact.can_go_out_after" in _keys(h)
    _no_false_facts(g, h)


def test_classic_2p_first_canasta_still_leaves_one_to_make():
    g = Game.scripted(VARIANTS["classic-2p"], ["KS 5S 6C 9C 8D", "4H 6H 10S QC 5C"],
                      melds={0: ["KH KD KC KS KH KD"]}, pile="JD 9S", pile_frozen=False)
    g.apply(Draw())
    view = g.view(0)
    king = next(c for c in view.hand if c.rank == 13)
    h = explain(view, Meld([[king]]))
    # said to a player alone: "you", in the solo wording of the same requirement
    assert "goout.need_canastas_solo" in _keys(h) and not any(
        k.startswith("hint.fact.can_go_out_after") for k in _keys(h))
    assert "side" not in h.reason and "You do not have enough canastas" in h.reason
    _no_false_facts(g, h)


@pytest.mark.parametrize("variant,melds,possible,refusal", [
    ("classic", ["5S 5H 5D"], False, "discard.keep_card"),
    ("classic", ["5S 5H 5D 5C 5S 5H 5D"], True, None),
    ("classic-2p", ["5S 5H 5D 5C 5S 5H 5D"], False, "discard.keep_card"),
    ("italian", ["5S 5H 5D 5C 5S 5H 5D", "6S 6H 6D 6C 6S 6H 6D"], False,
     "discard.keep_card_natural_mixed"),
    ("italian", ["5S 5H 5D 5C 5S 5H 5D", "6S 6H 6D 6C 6S 6H 2D"], True, None),
])
def test_go_out_now_per_variant(variant, melds, possible, refusal):
    rules = VARIANTS[variant]
    hands = ["9C 9D 9H 4C", "4H 7H 10S QC 8C", "4D 7D 10H JH 8D", "4S 7S 10D JS 8S"]
    g = Game.scripted(rules, hands[:rules.players], melds={0: melds}, pile="JD 8H", stock="9S 9S",
                      pile_frozen=False)
    g.apply(Draw())
    now = F.goes_out_now(g.view(0))
    assert now.possible is possible
    assert now.refusal == refusal


# ------------------------------------------------------------------ the checker
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_no_hint_states_a_false_fact_in_positions_reached_by_normal(variant):
    checked = 0
    for g, seat in normal_positions(variant, 24, seed=3):
        hint = suggest(g.view(seat))
        assert Checker(g, seat).false_statements(hint) == []
        checked += len(hint.facts)
    assert checked > 24


def test_the_checker_catches_a_false_claim():
    """The checker is not a rubber stamp: a lay-off claim about a card nobody can lay off
    is refused."""
    g = _classic(theirs=("KH KC KS",))
    h = _discard_hint(g, "JS")
    (fact,) = [f for f in h.facts if isinstance(f, F.TakeFact)]
    forged = F.TakeFact(fact.seat, fact.card, fact.pile_count, F.Certainty.CERTAIN,
                        F.TakeWay.LAY_OFF, unseen=fact.unseen, opened=True)
    assert Checker(g, 0).check(forged, h) is not None
    assert parse_card("JS") == fact.card


@pytest.mark.parametrize("variant", ["classic", "modern-american", "italian"])
def test_computer_players_ask_only_when_a_yes_can_be_honoured(variant):
    """A partner's "yes" must be one the asker can act on: `normal` asks only when the
    engine offers it a way out this turn (deals are played until it has asked twice)."""
    from game.ai.heuristic import HeuristicPlayer
    from game.rules import AskGoOut, Phase

    asked = 0
    for seed in range(60):
        if asked >= 2:
            break
        g = Game.new(VARIANTS[variant], seed=seed)
        players = [HeuristicPlayer("normal", seed=s) for s in range(4)]
        while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            seat = g.to_play
            view = g.view(seat)
            if g.phase is Phase.ASK_PARTNER:
                g.apply(act(players[seat], view))
                continue
            a = players[seat].choose(view)
            if isinstance(a, AskGoOut):
                asked += 1
                assert F.goes_out_now(view).possible
            g.apply(a)
    assert asked >= 1, "no deal had a question to check"


def test_melding_down_to_a_card_that_must_be_kept_is_not_going_out():
    # no canasta yet: the engine lets the 8s be melded, but the 2 left must stay in hand
    g = Game.scripted(CLASSIC, ["8H 8C 8D", *OTHERS], pile="5D 10C", stock="2H",
                      melds={0: ["7S 7H 7D 7C 7S 7H"]})
    g.apply(Draw())
    view = g.view(0)
    eights = Meld([[c for c in view.hand if c.label != "2H"]])
    assert eights in view.legal
    assert not F.meld_ends_hand(view, eights) and not F.goes_out_now(view).possible
    hint = explain(view, eights)
    assert not any(k.startswith("hint.go_out") for k in _keys(hint))
    _no_false_facts(g, hint)
