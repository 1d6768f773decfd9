"""Italian three-deck canasta (docs/RULES.md, italian): scenarios 20–24 of the positions every
engine must get right, then every rule of the variant
with a legal case accepted and the matching illegal case refused with its reason."""

import json

import pytest

from game.rules import (
    VARIANTS,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Game,
    Meld,
    Phase,
    Rank,
    TakePile,
)
from game.rules import events as ev
from game.rules.cards import make_decks
from game.rules.deal import UPCARD_COUNT
from game.rules.melds import WILD_MELD
from game.rules.pile import StopperPile
from game.rules.ruleset import HOUSE_OPTIONS, house_options_for
from tests.rules.scripting import C, c1, hands_with, lines_of, refused

IT = VARIANTS["italian"]
FILLERS = ("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H")
hands = hands_with(FILLERS)
# a side that may go out: a natural and a mixed canasta
OPEN_BOTH = ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH 2C"]


def accepted(g: Game, action) -> None:
    assert g.why_illegal(action) is None, g.why_illegal(action)


def pass_turn(g: Game, card: str | None = None) -> None:
    """The player to act draws (from OPEN or DRAW) and discards a card."""
    if g.phase in (Phase.OPEN, Phase.DRAW):
        g.apply(Draw())
    hand = g.hands[g.to_play]
    pick = c1(card) if card else next(c for c in hand if c.is_natural)
    g.apply(Discard(pick))


def form_pile(top_cards: str) -> tuple[Game, ev.PileFormed]:
    """Form a starting pile from a stock whose next cards are `top_cards`."""
    g = Game(IT, seed=3)
    listed = C(top_cards)
    rest = [c for c in make_decks(3, 2)][:60]
    g.stock = rest + list(reversed(listed))
    return g, g._form_buried_pile()


# ---------------------------------------------------------------- scenarios 20–24

def test_scenario_20_upcard_queen_buries_twelve_upcard_two_joins_the_pile():
    g, e = form_pile("QH 5C")
    assert g.pile.top.label == "QH"
    assert (len(g.pile), g.pile.hidden, e.buried, e.wilds) == (13, 12, 12, ())
    assert not g.pile.frozen  # the starting pile was not discarded: nothing blocks
    g, e = form_pile("2C JK 9D")
    assert g.pile.top.label == "9D" and e.upcard.label == "9D"
    assert [c.label for c in e.wilds] == ["2C", "JK"]
    assert (len(g.pile), g.pile.hidden) == (2 + 9 + 1, 9)
    assert [c.label for c in g.pile.cards[9:]] == ["2C", "JK", "9D"]
    assert not g.pile.frozen  # wild cards buried while forming the pile do not block


@pytest.mark.parametrize("upcard,count", [("AS", 14), ("KS", 13), ("JD", 11), ("10C", 10),
                                          ("4H", 4), ("3S", 3), ("3H", 3)])
def test_upcard_counts(upcard, count):
    g, e = form_pile(upcard)
    assert UPCARD_COUNT[c1(upcard).rank] == count
    assert g.pile.hidden == count and len(g.pile) == count + 1


def test_scenario_21_cards_drawn_cannot_open_until_the_next_turn():
    g = Game.scripted(IT, hands("KS KH AS AH 5S 6D 7C"), stock="KD AD", pile="4C 9S")
    assert g.phase is Phase.OPEN
    refused(g, Meld([C("KS KH AS")]), "meld.one_rank")
    g.apply(Draw())
    # K-K-K + A-A-A = 90 would open, but the K and the A were drawn this turn
    reason = refused(g, Meld([C("KS KH KD"), C("AS AH AD")]), "meld.open_before_draw")
    assert "before drawing" in reason
    assert not any(isinstance(a, Meld) for a in g.legal_actions())
    g.apply(Discard(c1("5S")))
    for _ in range(3):
        pass_turn(g)
    assert g.to_play == 0 and g.phase is Phase.OPEN
    opening = Meld([C("KS KH KD"), C("AS AH AD")])
    accepted(g, opening)
    assert any(isinstance(a, Meld) for a in g.legal_actions())
    g.apply(opening)
    assert g.phase is Phase.DRAW  # opened: now draw two or take the pile


def test_scenario_22_covered_black_three_needs_three_naturals():
    g = Game.scripted(IT, hands("9H 9D 5S 6C"), pile="4C 3S 9S", melds={0: ["KS KH KD"]})
    assert g.pile.frozen and g.phase is Phase.DRAW
    reason = refused(g, TakePile(C("9H 9D")), "take.stopper_naturals")
    assert reason == ("The pile holds a discarded black 3 or wild card: "
                      "you need 3 natural Nines.")
    g = Game.scripted(IT, hands("9H 9D 9C 5S 6C"), pile="4C 3S 9S", melds={0: ["KS KH KD"]})
    accepted(g, TakePile(C("9H 9D 9C")))
    assert TakePile(C("9H 9D 9C")) in g.legal_actions()
    g.apply(TakePile(C("9H 9D 9C")))
    assert g.melds[0][Rank.NINE].size == 4
    assert {c.label for c in g.hands[0]} >= {"4C", "3S"}


def test_scenario_23_two_natural_canastas_and_no_mixed_cannot_go_out():
    melds = ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH QD"]
    g = Game.scripted(IT, hands("5S 5H 5D 8C 9C"), stock="8D 8H", melds={0: melds})
    g.apply(Draw())
    reason = refused(g, Meld([C("5S 5H 5D"), C("8C 8D 8H")]), "meld.keep_cards_natural_mixed")
    assert "a natural and a mixed canasta" in reason
    accepted(g, Meld([C("5S 5H 5D")]))
    g = Game.scripted(IT, hands("5S 5H 5D 8C"), stock="8D 8H", melds={0: melds})
    g.apply(Draw())
    refused(g, Meld([C("5S 5H 5D"), C("8C 8D 8H")]), "meld.keep_cards_natural_mixed")
    # with a mixed canasta instead of the second natural one, the same move goes out
    g = Game.scripted(IT, hands("5S 5H 5D 8C"), stock="8D 8H", melds={0: OPEN_BOTH})
    g.apply(Draw())
    out = g.apply(Meld([C("5S 5H 5D"), C("8C 8D 8H")]))
    assert any(isinstance(e, ev.WentOut) for e in out)


def test_scenario_24_losing_side_four_red_threes_only_a_mixed_canasta():
    g = go_out_by_side_0(melds1=["JS JH JD JC JS JH 2D"], red1="3H 3D 3H 3D")
    lines = lines_of(g, 1)
    assert lines["score.red_threes_no_natural"] == -1600


# ---------------------------------------------------------------- cards and deal

def test_162_distinct_cards_and_fifteen_each():
    deck = make_decks(IT.decks, IT.jokers_per_deck)
    assert len(deck) == IT.deck_size == 162
    assert len({c.identity for c in deck}) == 162
    assert sum(1 for c in deck if c.rank == Rank.JOKER) == 6
    for seed in range(4):
        g = Game.new(IT, seed=seed)
        assert all(len(h) == 15 for h in g.hands)
        assert not g.invariant_violations()
        assert len({c.identity for c in g.all_cards()}) == 162


def test_invariant_catches_a_lost_or_doubled_card():
    g = Game.new(IT, seed=5)
    g.hands[0].append(g.hands[1][0])
    assert any("162" in p or "twice" in p for p in g.invariant_violations())


def test_black_three_is_worth_nothing():
    assert IT.black_three_value == 0 and IT.black3_in_hand_penalty == 0


@pytest.mark.parametrize("seed", range(12))
def test_deal_red_threes_replaced_in_seat_order_and_pile_formed(seed):
    g = Game.new(IT, seed=seed)
    first = (g.dealer + 1) % 4
    assert not any(c.is_red_three for h in g.hands for c in h)
    laid = [e.seat for e in g.history if isinstance(e, ev.RedThreeLaidOut)]
    order = [(s - first) % 4 for s in laid]
    assert order == sorted(order)
    assert all(e.replaced for e in g.history if isinstance(e, ev.RedThreeLaidOut))
    formed = [e for e in g.history if isinstance(e, ev.PileFormed)]
    assert len(formed) == 1
    top = g.pile.top
    assert not top.is_wild and formed[0].upcard is top
    assert g.pile.hidden == UPCARD_COUNT[top.rank] == formed[0].buried
    assert len(g.pile) == g.pile.hidden + len(formed[0].wilds) + 1
    assert g.pile.freezers == 0
    assert g.phase is Phase.OPEN and g.to_play == first
    # the face-down cards are nobody's knowledge
    v = g.view(first)
    assert v.pile == tuple(g.pile.cards[g.pile.hidden:]) and v.pile_size == len(g.pile)


def test_a_seed_with_a_wild_upcard_exists_and_it_went_into_the_pile():
    for seed in range(400):
        g = Game.new(IT, seed=seed)
        formed = next(e for e in g.history if isinstance(e, ev.PileFormed))
        if formed.wilds:
            assert all(c in g.pile.cards for c in formed.wilds)
            assert g.pile.freezers == 0
            return
    pytest.fail("no deal turned a wild card")


def test_scripted_accepts_three_copies_not_four():
    g = Game.scripted(IT, hands("KS KS KS 5H"))
    assert [c.label for c in g.hands[0]].count("KS") == 3
    assert len({c.identity for c in g.all_cards()}) == 162
    with pytest.raises(ValueError):
        Game.scripted(IT, hands("KS KS KS KS"))


def test_red_three_drawn_is_replaced_even_from_the_last_card():
    g = Game.scripted(IT, hands("5S 6D 8C"), stock="3H 5C 7D", pile="4C 9S", rest="pile",
                      melds={0: ["KS KH KD"]})
    assert len(g.stock) == 3
    out = g.apply(Draw())
    assert any(isinstance(e, ev.RedThreeLaidOut) and e.replaced for e in out)
    assert {"5C", "7D"} <= {c.label for c in g.hands[0]}
    assert not g.stock and g.phase is Phase.MELD  # the player finishes the turn


def test_red_three_in_a_taken_pile_is_laid_out_not_replaced():
    g = Game.scripted(IT, hands("9H 9D 5S 6C"), pile="3H 4C 9S", melds={0: ["KS KH KD"]})
    stock = len(g.stock)
    out = g.apply(TakePile(C("9H 9D")))
    assert any(isinstance(e, ev.RedThreeLaidOut) and not e.replaced for e in out)
    assert [c.label for c in g.red_threes[0]] == ["3H"]
    assert len(g.stock) == stock and "3H" not in [c.label for c in g.hands[0]]


# ---------------------------------------------------------------- the OPEN phase

def test_open_phase_for_an_unopened_side_draw_for_an_open_one():
    assert Game.scripted(IT, hands("5S 6D 8C"), pile="9S").phase is Phase.OPEN
    g = Game.scripted(IT, hands("5S 6D 8C"), pile="9S", melds={0: ["KS KH KD"]})
    assert g.phase is Phase.DRAW
    # partner's opening opens the side
    g = Game.scripted(IT, hands("5S 6D 8C"), pile="9S", melds={0: ["KS KH KD"]}, to_play=2)
    assert g.phase is Phase.DRAW
    assert Game.scripted(IT, hands("5S 6D 8C"), pile="9S", melds={0: ["KS KH KD"]},
                         to_play=1).phase is Phase.OPEN


def test_open_phase_moves_refused():
    g = Game.scripted(IT, hands("5S 6D 8C"), pile="9S")
    refused(g, Discard(c1("5S")), "turn.draw_first")
    refused(g, AskGoOut(), "turn.draw_first")
    assert g.legal_actions() == [Draw()]


def test_opening_minimum_is_met_from_the_hand():
    g = Game.scripted(IT, hands("KS KH KD AS AH AD 5S 2C"), stock="9C 9D", pile="4C 9S")
    reason = refused(g, Meld([C("KS KH KD")]), "meld.minimum")
    assert "30" in reason and "50" in reason
    accepted(g, Meld([C("KS KH KD"), C("AS AH AD")]))
    opening = [a for a in g.legal_actions() if isinstance(a, Meld)]
    assert len(opening) == 1 and g.why_illegal(opening[0]) is None
    g.apply(opening[0])
    assert g.phase is Phase.DRAW and g.melds[0]
    g.apply(Draw())
    accepted(g, Meld([C("9C 9D 2C")]))  # once open, wild cards are fine after the draw


def test_opening_must_be_natural_unless_dirty_opening():
    h = hands("KS KH KD 2C AS AH AD 5S")
    g = Game.scripted(IT, h, pile="4C 9S")
    refused(g, Meld([C("KS KH KD 2C"), C("AS AH AD")]), "meld.opening_natural")
    refused(g, Meld([C("AS AH 2C")]), "meld.opening_natural")
    accepted(g, Meld([C("KS KH KD"), C("AS AH AD")]))
    dirty = IT.with_options(dirty_opening=True)
    g = Game.scripted(dirty, h, pile="4C 9S")
    accepted(g, Meld([C("AS AH 2C")]))  # 60
    accepted(g, Meld([C("KS KH KD 2C")]))  # 50


def test_opening_may_leave_one_card_before_the_draw():
    g = Game.scripted(IT, hands("AS AH AD 5S"), stock="9C 9D", pile="4C 9S")
    accepted(g, Meld([C("AS AH AD")]))
    g.apply(Meld([C("AS AH AD")]))
    g.apply(Draw())
    assert len(g.hands[0]) == 3


@pytest.mark.parametrize("score,minimum", [
    (-500, 50), (0, 50), (2995, 50), (3000, 90), (4995, 90), (5000, 120), (6995, 120),
    (7000, 160), (9995, 160), (10000, 180), (11995, 180), (12000, 200), (14000, 200)])
def test_opening_minimum_by_score(score, minimum):
    assert IT.minimum_for(score) == minimum
    g = Game.scripted(IT, hands("5S 6D 8C"), scores=(score, 0), pile="9S")
    assert g.minimum(0) == minimum and g.minimum(1) == 50


def test_opening_at_ninety():
    h = hands("KS KH KD AS AH AD 5S")  # 90
    g = Game.scripted(IT, h, scores=(5000, 0), pile="9S")
    refused(g, Meld([C("KS KH KD"), C("AS AH AD")]), "meld.minimum")
    g = Game.scripted(IT, h, scores=(3000, 0), pile="9S")
    accepted(g, Meld([C("KS KH KD"), C("AS AH AD")]))


# ---------------------------------------------------------------- taking the pile

def test_pile_needs_an_open_side_then_a_natural_pair():
    g = Game.scripted(IT, hands("9H 9D KS KH KD AS AH AD 5S 6D"), pile="4C 9S")
    reason = refused(g, TakePile(C("9H 9D")), "take.not_open")
    assert "not opened" in reason
    refused(g, TakePile(C("9H 9D"), [C("KS KH KD"), C("AS AH AD")]), "take.not_open")
    g.apply(Meld([C("KS KH KD"), C("AS AH AD")]))
    assert g.phase is Phase.DRAW
    accepted(g, TakePile(C("9H 9D")))
    assert TakePile(C("9H 9D")) in g.legal_actions()


def test_pile_needs_a_natural_pair_from_the_hand():
    g = Game.scripted(IT, hands("9H 2C 5S 6D"), pile="4C 9S", melds={0: ["9C 9D 9S"]},
                      pile_frozen=False)
    refused(g, TakePile(C("9H 2C")), "take.natural_pair")
    refused(g, TakePile(C("9H")), "take.natural_pair")
    refused(g, TakePile([]), "take.natural_pair")  # not even onto the side's 9s
    refused(g, TakePile(C("5S 6D")), "take.wrong_rank")
    g = Game.scripted(IT, hands("9H 9D 5S 6D"), pile="4C 9S", melds={0: ["9C 9D 9S"]})
    g.apply(TakePile(C("9H 9D")))
    assert g.melds[0][Rank.NINE].size == 6  # joins the side's meld of 9s


def test_right_after_a_black_three_the_next_player_cannot_take():
    g = Game.scripted(IT, hands("5S 6D 8C", "9H 9D 9C 3S 4S", FILLERS[1], FILLERS[2]),
                      pile="4C 9S", melds={0: ["KS KH KD"], 1: ["QS QH QD"]}, to_play=1)
    g.apply(Draw())
    g.apply(Discard(c1("3S")))
    assert g.to_play == 2 and g.pile.top.label == "3S"
    reason = refused(g, TakePile(C("3C 3C")), "pile.black_three_discarded")
    assert reason == "A black 3 was discarded: the next player cannot take the pile."
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())


def test_covered_discarded_wild_needs_three_naturals_buried_one_does_not():
    pile = "4C 2D 9S"
    g = Game.scripted(IT, hands("9H 9D 5S 6C"), pile=pile, melds={0: ["KS KH KD"]})
    refused(g, TakePile(C("9H 9D")), "take.stopper_naturals")
    # the same pile with the 2 buried while forming the starting pile
    g = Game.scripted(IT, hands("9H 9D 5S 6C"), pile=pile, melds={0: ["KS KH KD"]},
                      pile_frozen=False, pile_hidden=1)
    accepted(g, TakePile(C("9H 9D")))
    g.apply(TakePile(C("9H 9D")))
    # face-down cards reach the taker's hand but not the public record
    assert [c.label for c in g.known[0]] == ["2D"]


@pytest.mark.parametrize("top,good,bad,key", [
    ("JK", "JK JK JK", "JK JK 2C", "take.three_jokers"),
    ("2D", "2S 2H 2C", "2S 2H JK", "take.three_twos"),
])
def test_wild_on_top_taken_only_with_three_of_its_kind(top, good, bad, key):
    g = Game.scripted(IT, hands(good + " 5H 5S 6C"), pile="4C 9S " + top,
                      melds={0: ["KS KH KD"]})
    accepted(g, TakePile(C(good)))
    assert TakePile(C(good)) in g.legal_actions()
    g2 = Game.scripted(IT, hands(bad + " 5H 5S 6C"), pile="4C 9S " + top,
                       melds={0: ["KS KH KD"]})
    reason = refused(g2, TakePile(C(bad)), key)
    assert "3" in reason
    refused(g2, TakePile(C(bad)[:2]), key)
    out = g.apply(TakePile(C(good)))
    wm = g.melds[0][WILD_MELD]
    assert wm.size == 4 and all(c.is_wild for c in wm.cards)
    assert any(isinstance(e, ev.Melded) and e.new for e in out)


def test_wild_on_top_joins_an_existing_wild_meld():
    g = Game.scripted(IT, hands("JK JK JK 5S 6C"), pile="4C 9S JK",
                      melds={0: ["KS KH KD", "2C 2D 2H"]})
    g.apply(TakePile(C("JK JK JK")))
    assert g.melds[0][WILD_MELD].size == 7


def test_red_three_turned_up_blocks_until_covered():
    g = Game.scripted(IT, hands("5S 6D 8C"), pile="4C 3H", melds={0: ["KS KH KD"]},
                      pile_hidden=1)
    refused(g, TakePile(C("5S 6D")), "pile.red_three_on_top")


# ---------------------------------------------------------------- melds

def test_meld_shapes():
    g = Game.scripted(IT, hands("KS KH KD 2C 2D JK 5S 5H 8C 9C"), stock="4C 4D",
                      pile="9S", melds={0: ["QS QH QD"]})
    g.apply(Draw())
    refused(g, Meld([C("KS KH KD 2C 2D JK")]), "meld.too_many_wilds")
    refused(g, Meld([C("5S 5H 2C 2D")]), "meld.ratio")
    refused(g, Meld([C("5S 5H")]), "meld.too_small")
    accepted(g, Meld([C("KS KH KD 2C 2D")]))
    accepted(g, Meld([C("5S 5H 2C")]))


def test_black_threes_are_never_melded():
    g = Game.scripted(IT, hands("3S 3C 3S 3C 8C 9C"), stock="4C 4D", pile="9S",
                      melds={0: OPEN_BOTH})
    g.apply(Draw())
    reason = refused(g, Meld([C("3S 3C 3S")]), "meld.black_threes_never")
    assert reason == "Black 3s are never melded."
    refused(g, Meld([C("3S 3C 3S 3C")]), "meld.black_threes_never")


def test_wild_card_meld_allowed_and_blocks_going_out_and_stoppers_until_complete():
    melds = OPEN_BOTH + ["JK 2D 2H"]
    g = Game.scripted(IT, hands("5S 5H 5D 8C"), stock="8D 8H", melds={0: melds})
    g.apply(Draw())
    reason = refused(g, Meld([C("5S 5H 5D"), C("8C 8D 8H")]), "goout.wild_meld_unfinished")
    assert "wild cards" in reason
    g = Game.scripted(IT, hands("5S 5H 5D 8C 9C"), stock="8D 8H", melds={0: melds})
    g.apply(Draw())
    refused(g, Meld([C("5S 5H 5D"), C("8C 8D 8H")]), "goout.wild_meld_unfinished")
    accepted(g, Meld([C("5S 5H 5D")]))
    # without the meld of wild cards the same move goes out
    g = Game.scripted(IT, hands("5S 5H 5D 8C"), stock="8D 8H", melds={0: OPEN_BOTH})
    g.apply(Draw())
    accepted(g, Meld([C("5S 5H 5D"), C("8C 8D 8H")]))


def test_unfinished_wild_meld_forbids_blocking_the_pile():
    melds = ["KS KH KD", "JK 2D 2H"]
    g = Game.scripted(IT, hands("3S JK 5S 8C"), stock="9D 4H", pile="9S", melds={0: melds})
    g.apply(Draw())
    reason = refused(g, Discard(c1("3S")), "discard.wild_meld_unfinished")
    assert "block the pile" in reason
    refused(g, Discard(c1("JK")), "discard.wild_meld_unfinished")
    accepted(g, Discard(c1("8C")))
    accepted(g, Meld([C("JK")], [WILD_MELD]))
    # a hand of nothing but black 3s and wild cards must still discard one
    g = Game.scripted(IT, hands("3S"), stock="3C JK", pile="9S", melds={0: melds})
    g.apply(Draw())
    accepted(g, Discard(c1("3S")))
    # a complete wild canasta lifts the block
    g = Game.scripted(IT, hands("3S JK 5S 8C"), stock="9D 4H", pile="9S",
                      melds={0: ["KS KH KD", "JK 2D 2H 2C 2S JK JK"]})
    g.apply(Draw())
    accepted(g, Discard(c1("3S")))


def test_wild_canasta_does_not_count_as_the_mixed_one():
    melds = ["KS KH KD KC KS KH KD", "JK JK 2D 2H 2C 2S JK"]
    g = Game.scripted(IT, hands("5S 5H 5D 8C"), stock="8D 8H", melds={0: melds})
    g.apply(Draw())
    refused(g, Meld([C("5S 5H 5D"), C("8C 8D 8H")]), "meld.keep_cards_natural_mixed")


# ---------------------------------------------------------------- going out

def test_go_out_with_a_final_discard_that_is_not_a_stopper():
    g = Game.scripted(IT, hands("5S 5H 8C"), stock="5D 5C", pile="9S", melds={0: OPEN_BOTH})
    g.apply(Draw())
    accepted(g, Meld([C("5S 5H 5D")]))
    g.apply(Meld([C("5S 5H 5D 5C")]))
    assert [c.label for c in g.hands[0]] == ["8C"]
    out = g.apply(Discard(c1("8C")))
    assert any(isinstance(e, ev.WentOut) for e in out)


@pytest.mark.parametrize("last", ["3S", "2C"])
def test_final_discard_may_not_be_a_black_three_or_wild(last):
    g = Game.scripted(IT, hands(f"5S 5H {last}"), stock="5D 5C", pile="9S",
                      melds={0: OPEN_BOTH})
    g.apply(Draw())
    if last == "3S":  # a black 3 left alone could never leave the hand
        reason = refused(g, Meld([C("5S 5H 5D 5C")]), "meld.last_card_stopper")
        assert "black 3 or a wild card" in reason
    else:  # the 2 may still be laid off this turn, or go out with the rest
        accepted(g, Meld([C("5S 5H 5D 5C")]))
        accepted(g, Meld([C("5S 5H 5D 5C 2C")]))
    # reached only by editing the hand: the discard itself is refused as well
    g.hands[0] = [c for c in g.hands[0] if c.label == last]
    refused(g, Discard(c1(last)), "discard.final_stopper")


def test_last_card_discard_needs_the_natural_and_mixed_canasta():
    g = Game.scripted(IT, hands("8C 5S"), stock="5D 5C", pile="9S",
                      melds={0: ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH QD", "5H 5S 5D"]})
    g.apply(Draw())
    refused(g, Meld([C("5S 5D 5C")]), "meld.keep_cards_natural_mixed")
    g.hands[0] = [c for c in g.hands[0] if c.label == "8C"]  # only to reach the rule
    refused(g, Discard(c1("8C")), "discard.keep_card_natural_mixed")


def test_going_out_is_offered_when_simple():
    g = Game.scripted(IT, hands("5S 5H 8C"), stock="5D 5C", pile="9S", melds={0: OPEN_BOTH})
    g.apply(Draw())
    out = [a for a in g.legal_actions() if isinstance(a, Meld)
           and sum(len(x) for x in a.groups) >= len(g.hands[0]) - 1]
    assert out, g.legal_actions()
    a = out[0]
    g.apply(a)
    if g.hands[0]:
        g.apply(next(x for x in g.legal_actions() if isinstance(x, Discard)))
    assert g.went_out == 0


def test_ask_partner_no_waits_a_round_yes_only_permits():
    g = Game.scripted(IT, hands("5S 5H 8C"), stock="5D 5C 4H 4D 4S 4C 9H 9D 5S 7C",
                      pile="9S", melds={0: OPEN_BOTH})
    g.apply(Draw())
    g.apply(AskGoOut())
    assert g.to_play == 2 and g.phase is Phase.ASK_PARTNER
    g.apply(AnswerGoOut(False))
    refused(g, Meld([C("5S 5H 5D 5C")]), "goout.partner_said_no")
    g.apply(Discard(c1("8C")))
    for _ in range(3):
        pass_turn(g)
    # a round later the same player may go out
    g.apply(Draw())
    g.apply(Meld([C("5S 5H 5D 5C 5S")]))
    out = g.apply(Discard(c1("7C")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    g = Game.scripted(IT, hands("5S 5H 8C"), stock="5D 5C", pile="9S", melds={0: OPEN_BOTH})
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(True))
    accepted(g, Meld([C("5S 5H 5D 5C")]))
    accepted(g, Discard(c1("8C")))  # "yes" permits, it does not oblige


# ---------------------------------------------------------------- end of the stock

def test_draw_two_with_one_card_left_then_the_hand_ends():
    g = Game.scripted(IT, hands("5S 6D 8C"), stock="9C", pile="9S", rest="pile",
                      melds={0: ["KS KH KD"]})
    assert len(g.stock) == 1
    out = g.apply(Draw())
    assert [c.label for e in out if isinstance(e, ev.CardsDrawn) for c in e.cards] == ["9C"]
    assert g.phase is Phase.MELD
    out = g.apply(Discard(c1("5S")))
    assert any(isinstance(e, ev.HandEnded) and e.reason == "stock_out" for e in out)
    assert g.phase is Phase.HAND_OVER and g.went_out is None
    assert "score.went_out" not in lines_of(g, 0)


def test_last_stock_card_red_three_ends_the_hand():
    g = Game.scripted(IT, hands("5S 6D 8C"), stock="9C 3H", pile="9S", rest="pile",
                      melds={0: ["KS KH KD"]})
    out = g.apply(Draw())
    assert any(isinstance(e, ev.HandEnded) and e.reason == "stock_red_three" for e in out)


# ---------------------------------------------------------------- scoring

def go_out_by_side_0(melds1=(), red1="", red0="3H 3D", hand2="8C JK",
                     melds0=OPEN_BOTH + ["5S 5H 5D"]) -> Game:
    """Seat 0 draws 9D 4C, melds 9S 9H 9D and goes out discarding 4C."""
    g = Game.scripted(IT, hands("9S 9H", h2=hand2), stock="9D 4C", pile="6S",
                      melds={0: list(melds0), 1: list(melds1)},
                      red_threes={0: red0, 1: red1} if red1 else {0: red0})
    g.apply(Draw())
    g.apply(Meld([C("9S 9H 9D")]))
    out = g.apply(Discard(c1("4C")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    assert g.phase is Phase.HAND_OVER
    return g


def test_scoring_of_the_side_that_went_out_line_by_line():
    g = go_out_by_side_0()
    s = g.hand_score()[0]
    got = sorted((line.key, line.points) for line in s.lines)
    assert got == sorted([
        ("score.melded_cards", 70 + 80 + 15 + 30),
        ("score.natural_canasta", 500), ("score.mixed_canasta", 300),
        ("score.red_threes", 200), ("score.went_out", 300),
        ("score.cards_in_hand", -60)])  # partner's 8 and joker
    assert s.total == 195 + 800 + 200 + 300 - 60
    assert g.scores[0] == s.total


def test_scoring_of_the_other_side_minus_both_hands():
    g = go_out_by_side_0(melds1=["JS JH JD JC JS JH JD"], red1="3H 3D 3H 3D")
    s = g.hand_score()[1]
    got = sorted((line.key, line.points) for line in s.lines)
    assert got == sorted([
        ("score.melded_cards", 70), ("score.natural_canasta", 500),
        ("score.red_threes_no_mixed", -800),
        ("score.cards_in_hand", -30), ("score.cards_in_hand", -30)])
    assert s.total == 70 + 500 - 800 - 60
    assert "score.went_out" not in lines_of(g, 1)


@pytest.mark.parametrize("melds1,key,points", [
    (["JS JH JD JC JS JH JD", "10S 10H 10D 10C 10S 10H 2D"], "score.red_threes", 300),
    (["JS JH JD JC JS JH JD"], "score.red_threes_no_mixed", -300),
    (["JS JH JD JC JS JH 2D"], "score.red_threes_no_natural", -600),
    ([], "score.red_threes_no_natural", -600),
    (["JK JK 2D 2H 2C 2S JK", "JS JH JD JC JS JH 2D"], "score.red_threes_no_natural", -600),
])
def test_other_sides_red_threes_signed_by_its_canastas(melds1, key, points):
    g = go_out_by_side_0(melds1=melds1, red1="3H 3D 3H")
    assert lines_of(g, 1)[key] == points


@pytest.mark.parametrize("red0,bonus", [("3H", 100), ("3H 3D 3H", 300),
                                        ("3H 3D 3H 3D", 800), ("3H 3D 3H 3D 3H", 1000),
                                        ("3H 3D 3H 3D 3H 3D", 1200)])
def test_red_three_bonus_by_count(red0, bonus):
    g = go_out_by_side_0(red0=red0)
    assert lines_of(g, 0)["score.red_threes"] == bonus


def test_five_and_six_red_threes_of_a_losing_side():
    g = go_out_by_side_0(melds1=["JS JH JD JC JS JH JD", "10S 10H 10D 10C 10S 10H 2D"],
                         red0="3H", red1="3H 3D 3H 3D 3D")
    assert lines_of(g, 1)["score.red_threes"] == 1000
    g = go_out_by_side_0(melds1=[], red0="3H", red1="3H 3D 3H 3D 3D")
    assert lines_of(g, 1)["score.red_threes_no_natural"] == -2000
    g = go_out_by_side_0(melds1=["JS JH JD JC JS JH JD"], red0="", red1="3H 3D 3H 3D 3D 3H")
    assert lines_of(g, 1)["score.red_threes_no_mixed"] == -1200


def test_wild_canasta_scores_two_thousand():
    g = go_out_by_side_0(melds0=OPEN_BOTH + ["JK JK 2D 2H 2S 2S JK"])
    lines = lines_of(g, 0)
    assert lines["score.wild_canasta"] == 2000
    assert lines["score.melded_cards"] == 70 + 80 + 30 + 150 + 80


def test_black_three_in_hand_costs_nothing():
    g = go_out_by_side_0(hand2="3S 3C 8C")
    assert lines_of(g, 0)["score.cards_in_hand"] == -10


def test_stock_out_treats_both_sides_as_not_going_out():
    g = Game.scripted(IT, hands("5S 6D 8C"), stock="9C", pile="9S", rest="pile",
                      melds={0: ["KS KH KD KC KS KH KD"], 1: ["QS QH QD"]},
                      red_threes={0: "3H", 1: "3D"})
    g.apply(Draw())
    g.apply(Discard(c1("5S")))
    assert g.end_reason == "stock_out"
    assert lines_of(g, 0)["score.red_threes_no_mixed"] == -100
    assert lines_of(g, 1)["score.red_threes_no_natural"] == -200


@pytest.mark.parametrize("target,over", [(None, True), (15000, False)])
def test_game_to_twelve_thousand_option_fifteen(target, over):
    assert IT.target == 12000 and 15000 in IT.target_options
    rules = IT if target is None else IT.with_options(target=target)
    g = Game.scripted(rules, hands("9S 9H", h2="8C JK"), stock="9D 4C", pile="6S",
                      melds={0: OPEN_BOTH + ["5S 5H 5D"]}, scores=(11000, 0))
    g.apply(Draw())
    g.apply(Meld([C("9S 9H 9D")]))
    g.apply(Discard(c1("4C")))
    assert g.is_over is over
    assert (g.winners == (0,)) is over


# ---------------------------------------------------------------- generator, saves, options

def test_every_generated_action_is_legal_through_a_few_hands():
    import random

    for seed in range(3):
        g = Game.new(IT, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.is_over:
                break
            legal = g.legal_actions()
            assert legal
            for a in legal:
                assert g.why_illegal(a) is None, (a, g.why_illegal(a))
            g.apply(rng.choice(legal))
            assert not g.invariant_violations()


def test_round_trip_keeps_the_face_down_cards_and_blocks():
    g = Game.new(IT, seed=11)
    d = json.loads(json.dumps(g.to_dict()))
    r = Game.from_dict(d)
    assert isinstance(r.pile, StopperPile)
    assert r.pile.hidden == g.pile.hidden and r.to_dict() == g.to_dict()
    assert r.phase is Phase.OPEN
    d.pop("pile_hidden")  # states from before italian: nothing face down
    assert Game.from_dict(d).pile.hidden == 0


def test_house_options_are_scoped_per_variant():
    assert house_options_for(IT) == {"dirty_opening": (False, True),
                                     "go_out_yes_binds": (True, False)}
    classic = house_options_for(VARIANTS["classic"])
    assert "dirty_opening" not in classic and "cutthroat" not in classic
    assert "cutthroat" in house_options_for(VARIANTS["classic-3p"])
    assert set(house_options_for(VARIANTS["modern-american"])) == set(classic)
    assert HOUSE_OPTIONS["dirty_opening"] == (False, True)
    assert IT.with_options(dirty_opening=True).dirty_opening
