"""Fourth rules audit, classic canasta and its 2- and 3-player forms (docs/RULES.md,
classic, classic-2p, classic-3p): the end of the stock, takes that use every hand card, a
red 3 just before the end of the stock, each player's own minimum, and ties. The earlier audits' cases are not
repeated. Every test names the paragraph it checks and asks both `check()` and
`legal_actions()`."""

import pytest

from game.rules import VARIANTS, Discard, Draw, Game, Meld, PassPile, Phase, Rank, TakePile
from game.rules.actions import NextHand
from tests.rules.scripting import C, accepted_and_listed, c1, hands_with, lines_of, refused, went_out

CLASSIC = VARIANTS["classic"]
TWO = VARIANTS["classic-2p"]
THREE = VARIANTS["classic-3p"]
hands = hands_with(("5S 6D 10S QD", "5H 6C 10D QH", "5C 7C 10H JC"))
CANASTA = "8S 8H 8D 8C 8S 8H 8D"


# classic The discard pile, "the top card is melded first, then the rest of the pile goes to
# the hand" + Going out, "A player may never empty the hand otherwise": a pair taking a
# one-card pile empties the hand; without a canasta that is refused (and not listed)
def test_a_take_that_uses_every_hand_card_needs_a_canasta():
    g = Game.scripted(CLASSIC, hands("KH KD"), pile="KS", melds={0: ["QS QH QC"]},
                      pile_frozen=False)
    refused(g, TakePile(C("KH KD")), "meld.keep_cards")
    assert g.legal_actions() == [Draw()]


# classic Going out, "Go out by melding every card": with a canasta on the table the same take
# goes out at once, with no discard, and scores 100 (not concealed: the pile was taken)
def test_a_take_that_uses_every_hand_card_goes_out_with_a_canasta():
    g = Game.scripted(CLASSIC, hands("KH KD"), pile="KS", melds={0: [CANASTA]},
                      pile_frozen=False)
    accepted_and_listed(g, TakePile(C("KH KD")))
    assert went_out(g.apply(TakePile(C("KH KD"))))
    assert g.phase is Phase.HAND_OVER and g.hands[0] == []
    got = lines_of(g, 0)
    assert got["score.went_out"] == 100 and "score.went_out_concealed" not in got
    assert g.melds[0][Rank.KING].size == 3


# classic Going out, "the player must keep at least one card after discarding": a pair taking a
# two-card pile would leave one card that can never be discarded without a canasta
def test_a_take_leaving_a_single_card_without_a_canasta_is_refused():
    g = Game.scripted(CLASSIC, hands("KH KD"), pile="9C KS", melds={0: ["QS QH QC"]},
                      pile_frozen=False)
    refused(g, TakePile(C("KH KD")), "meld.keep_cards")


# classic End of the stock, "each player in turn ... may take it whenever that is legal": a side
# that has not melded has no meld the top card matches, so it need not take, but may take
# with a pair and an opening (K-K-K 30 + A-A-A 60 >= 50); passing ends the hand
def test_stock_end_a_side_without_melds_may_open_with_the_pile_or_pass():
    g = Game.scripted(CLASSIC, hands("KC 4D 4H", "KH KD AS AH AD 6S"), stock="4C",
                      pile="9S", rest="pile", melds={0: ["QS QH QC"]})
    g.apply(Draw())
    assert not g.stock and g.phase is Phase.MELD
    g.apply(Discard(c1("KC")))
    assert g.phase is Phase.STOCK_END and g.to_play == 1
    accepted_and_listed(g, TakePile(C("KH KD"), [C("AS AH AD")]))
    accepted_and_listed(g, PassPile())
    refused(g, TakePile(C("KH KD")), "meld.minimum")
    g.apply(PassPile())
    assert g.phase is Phase.HAND_OVER


# classic End of the stock, "must take the pile if its top card matches a meld of their side and
# the pile is not frozen for them": the take onto the meld is the only way on, and after it
# the taker plays the rest of a turn (meld, discard) before the next player's choice
def test_stock_end_forced_take_then_a_full_turn_then_the_next_player():
    g = Game.scripted(CLASSIC, hands("9H 4D 4H", "KD 5D 6S AS"), stock="4C", pile="6H 7S",
                      rest="pile", melds={1: ["9H 9C 9D"]}, pile_frozen=False)
    g.apply(Draw())
    g.apply(Discard(c1("9H")))
    assert g.phase is Phase.STOCK_END and g.to_play == 1
    refused(g, PassPile(), "stockend.must_take")
    accepted_and_listed(g, TakePile(()))
    g.apply(TakePile(()))
    assert g.phase is Phase.MELD and g.melds[1][Rank.NINE].size == 4
    # seat 2 (no meld, no aces) cannot take the ace: the hand ends with it
    g.apply(Discard(c1("AS")))
    assert g.phase is Phase.HAND_OVER


# classic Red threes, "replaced by a card from the stock" + End of the stock: a red 3 drawn as
# the last card but one is replaced by the last card; the player then plays the turn and
# play on the pile begins after it (the hand does not end as with a red 3 last)
def test_red_three_second_to_last_is_replaced_then_the_turn_then_stock_end():
    g = Game.scripted(CLASSIC, hands("KC 4D 4H", "9S 9D AS"), stock="3H 9C", pile="6S",
                      rest="pile", melds={0: ["QS QC QH"], 1: ["9H 9C 9D"]})
    g.apply(Draw())
    assert [c.label for c in g.red_threes[0]] == ["3H"] and not g.stock
    assert g.phase is Phase.MELD and sorted(c.label for c in g.hands[0]) == ["4D", "4H",
                                                                              "9C", "KC"]
    g.apply(Discard(c1("9C")))
    assert g.phase is Phase.STOCK_END and g.to_play == 1
    accepted_and_listed(g, TakePile(C("9S 9D")))


# classic-3p "Each plays alone ... 13 cards each"; classic Initial meld: each player's minimum comes
# from their own score (below 0 -> 15, 1,500 -> 90, 3,000 -> 120), checked on real melds
@pytest.mark.parametrize("score,enough,short", [
    (-20, ["5S 5H 5D"], None),
    (1500, ["AS AH AD", "KS KH KD"], ["KS KH KD", "5S 5H 5D"]),
    (3000, ["AS AH AD AC", "KS KH KD 2C"], ["AS AH AD", "KS KH KD"]),
])
def test_three_players_each_own_minimum_including_negative(score, enough, short):
    hand = "AS AH AD AC KS KH KD 2C 5S 5H 5D 9C 4S"
    g = Game.scripted(THREE, [hand, "6S 6D 10S QD 7H", "6H 6C 10D QH 7D"], stock="JD",
                      scores=(score, 0, 0))
    g.apply(Draw())
    assert g.minimum(0) == {-20: 15, 1500: 90, 3000: 120}[score]
    opening = Meld([C(x) for x in enough])
    if len(opening.groups) == 1:
        accepted_and_listed(g, opening)
    else:  # the list offers one opening of several groups (see tests/rules/multimeld.py)
        assert g.check(opening) is None
        assert any(isinstance(a, Meld) for a in g.legal_actions())
    if short:
        refused(g, Meld([C(x) for x in short]), "meld.minimum")


# classic-2p "15 cards each. A stock draw takes 2 cards"; classic-3p "13 cards each; draw 2"
@pytest.mark.parametrize("name,dealt", [("classic-2p", 15), ("classic-3p", 13),
                                        ("classic", 11)])
def test_deal_and_draw_sizes(name, dealt):
    rules = VARIANTS[name]
    g = Game.new(rules, seed=21)
    # red 3s are laid out and replaced, so every hand holds exactly the dealt count
    assert [len(h) for h in g.hands] == [dealt] * rules.players
    before = len(g.hands[g.to_play])
    drew = 1 if name == "classic" else 2
    g.apply(Draw())
    assert len(g.hands[g.to_play]) == before + drew


# classic-2p "Everything else as in 1" + classic Scoring "an exact tie plays another hand": two
# players both past the target with the same total play on
def test_two_players_tie_past_the_target_plays_another_hand():
    def hand_from(scores):
        g = Game.scripted(TWO, ["9S 9D", "5H 6C 10D"], stock="9C 5S",
                          melds={0: [CANASTA, "KS KH KD KC KS KH KD"],
                                 1: ["QS QH QD QC QS QH QD"]}, scores=scores)
        g.apply(Draw())
        g.apply(Meld([C("9S 9D 9C")]))
        assert went_out(g.apply(Discard(c1("5S"))))
        return g

    # side 0: two natural canastas 1,000 + 140 melded, 9-9-9 30, out 100 = 1,270;
    # side 1: one natural canasta 500 + 70 melded, 5H 6C 10D -20 = 550
    g = hand_from((5000, 5000))
    assert g.scores == [6270, 5550] and g.is_over and g.winners == (0,)
    g = hand_from((4900, 5620))
    assert g.scores == [6170, 6170]
    assert not g.is_over and g.phase is Phase.HAND_OVER and g.winners == ()
    g.apply(NextHand())
    assert g.phase is not Phase.HAND_OVER


# classic End of the stock, "must take the pile if its top card matches a meld of their side"
# + The discard pile, "A player holding exactly 1 card may not take a pile of exactly 1
# card": after a forced take empties the pile, the next discard makes a one-card pile; a
# player holding one card beside a meld of its rank may not take it (canasta or not), so
# the hand ends with that player
def test_stock_end_one_card_against_a_one_card_pile_ends_the_hand():
    for side0 in (["KS KH KC"], ["KS KH KC", CANASTA]):
        g = Game.scripted(CLASSIC, ["9H 4D 4H", "KD 5D", "KC", "5C 7C 10H JC"], stock="4C",
                          pile="6H 7S", rest="pile", melds={0: side0, 1: ["9S 9C 9D"]},
                          pile_frozen=False)
        g.apply(Draw())
        g.apply(Discard(c1("9H")))
        assert g.phase is Phase.STOCK_END and g.legal_actions() == [TakePile(())]
        g.apply(TakePile(()))
        g.apply(Discard(c1("KD")))
        assert len(g.pile.cards) == 1 and len(g.hands[2]) == 1
        assert g.phase is Phase.HAND_OVER, side0
