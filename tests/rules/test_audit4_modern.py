"""Fourth rules audit, modern American canasta (docs/RULES.md, modern-american): the end of the stock,
asking partner once per hand and what a "yes" leaves open, no concealed bonus, the minimum
of a side below zero and a tie past the target. The earlier audits' cases are not
repeated. Every test names the paragraph it checks and asks both `check()` and
`legal_actions()`."""

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase
from game.rules.actions import AnswerGoOut, AskGoOut, NextHand, TakePile
from tests.rules.scripting import C, accepted_and_listed, c1, hands_with, lines_of, refused, went_out

MA = VARIANTS["modern-american"]
hands = hands_with(("4S 6D 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H"))
TWO_CANASTAS = ["QH QD QC QS QH QD QC", "JH JD JC JS JH JD 2C"]


# modern-american Stock end, "No play on the pile after the stock runs out: the hand ends when the
# player who drew the last card has finished the turn": the next player holds a pair of
# the top card's rank beside the side's 3-card meld, yet the hand is over
def test_the_hand_ends_after_the_turn_of_the_last_card():
    g = Game.scripted(MA, hands("KC 4C 5C 9S", "9D 9H 5S 6S"), stock="KD", rest="pile",
                      pile="9C", melds={1: ["9S 9C 9D"]})
    g.apply(Draw())
    assert not g.stock and g.phase is Phase.MELD
    g.apply(Discard(c1("9S")))
    assert g.phase is Phase.HAND_OVER
    assert g.legal_actions() == [NextHand()]
    assert g.check(TakePile(C("9D 9H"))) is not None


# modern-american Asking partner, "Once per hand ... a 'no' forbids going out this turn": the next
# turn may go out without asking, but the question is not offered (nor accepted) again
def test_partner_is_asked_once_per_hand():
    g = Game.scripted(MA, hands("9C 9D 5S 6S"), stock="9H 7C 7D 7H 9S",
                      melds={0: TWO_CANASTAS})
    g.apply(Draw())
    accepted_and_listed(g, AskGoOut())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(False))
    g.apply(Meld([C("9C 9D 9H")]))
    g.apply(Discard(c1("5S")))
    for _ in range(3):
        g.apply(Draw())
        g.apply(Discard(g.hands[g.to_play][0]))
    g.apply(Draw())
    assert g.to_play == 0
    refused(g, AskGoOut(), "ask.once_per_hand")
    accepted_and_listed(g, Meld([C("9S")], [c1("9S").rank]))
    g.apply(Meld([C("9S")], [c1("9S").rank]))
    assert went_out(g.apply(Discard(c1("6S"))))


# modern-american Asking partner, '"yes" permits but does not oblige': after a yes the player may go
# out, and may as well discard and play on (classic's binding yes does not apply)
def test_a_yes_permits_but_does_not_oblige():
    g = Game.scripted(MA, hands("9C 9D 5S"), stock="9H", melds={0: TWO_CANASTAS})
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(True))
    accepted_and_listed(g, Meld([C("9C 9D 9H")]))
    accepted_and_listed(g, Discard(c1("9C")))
    g.apply(Discard(c1("9C")))
    assert g.phase is not Phase.HAND_OVER and g.to_play == 1


# modern-american Going out, "Bonus 100; no concealed bonus": a player who had melded nothing goes out
# in one turn beside partner's two canastas and scores 100
def test_no_concealed_bonus():
    g = Game.scripted(MA, hands("9C 9D 5S"), stock="9H", melds={0: TWO_CANASTAS})
    g.apply(Draw())
    g.apply(Meld([C("9C 9D 9H")]))
    assert went_out(g.apply(Discard(c1("5S"))))
    got = lines_of(g, 0)
    assert got["score.went_out"] == 100 and "score.went_out_concealed" not in got
    # queens 70 + six jacks 60 + 2C 20 + nines 30; the partner's 4H 6C 10S 8C: -30
    assert got["score.melded_cards"] == 180 and got["score.cards_in_hand"] == -30


# modern-american Initial meld, "below 3,000 (negative included) -> 125 ... Only cards from the hand
# count": at -500, A-A-A K-K-K Q-Q-Q (120) falls short, adding 9-9-9 (150) opens
def test_a_side_below_zero_needs_125():
    g = Game.scripted(MA, hands("QS QH QD KS KH KD AS AH AD 5S 6S 9C 9D"), stock="9H",
                      scores=(-500, 0))
    g.apply(Draw())
    assert g.minimum(0) == 125
    refused(g, Meld([C("AS AH AD"), C("KS KH KD"), C("QS QH QD")]), "meld.minimum_hand")
    accepted_and_listed(g, Meld([C("AS AH AD"), C("KS KH KD"), C("QS QH QD"), C("9C 9D 9H")]))


# modern-american Scoring "Game to 8,500" with classic's "an exact tie plays another hand"
def test_tie_past_the_target_plays_another_hand():
    def hand_from(scores):
        g = Game.scripted(MA, hands("9C 9D 5S"), stock="9H", melds={0: TWO_CANASTAS},
                          scores=scores)
        g.apply(Draw())
        g.apply(Meld([C("9C 9D 9H")]))
        assert went_out(g.apply(Discard(c1("5S"))))
        return g

    g = hand_from((8500, 8500))
    won = g.scores[0] - 8500
    lost = g.scores[1] - 8500
    assert won > lost and g.is_over and g.winners == (0,)
    g = hand_from((8500, 8500 + won - lost))
    assert g.scores[0] == g.scores[1]
    assert not g.is_over and g.winners == ()
