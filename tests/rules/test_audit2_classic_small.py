"""Second rules audit, classic canasta for two and three (docs/RULES.md, classic-2p and
classic-3p, cut-throat included): asking partner without partners, the end of the stock,
whole-hand scores and the game's end, on scripted positions; the first audit's cases
are not repeated."""

from game.rules import VARIANTS, AskGoOut, Discard, Draw, Game, Meld, PassPile, Phase, TakePile
from game.rules import events as ev
from tests.rules.scripting import C, c1, lines_of, refused

TWO = VARIANTS["classic-2p"]
THREE = VARIANTS["classic-3p"]
CUT = THREE.with_options(cutthroat=True)
KINGS7 = "KS KH KD KC KS KH KD"


# classic Ask partner, for players alone: there is nobody to ask, in 3p before and after
# cut-throat partners form (the question belongs to the four-handed partnership game)
def test_no_question_in_three_handed_play_even_between_cutthroat_partners():
    g = Game.scripted(THREE, ["KC 8D", "5S 6S", "4C 7C"], stock="8H 9H")
    g.apply(Draw())
    refused(g, AskGoOut(), "ask.no_partner")
    g = Game.scripted(CUT, ["9H 9D 5S 6S", "5H 6D 8C", "QS 4C 8H"], pile="4D 9C",
                      stock="JD 8D", melds={0: ["AS AH AD"]}, scores=(0, 0, 0))
    g.apply(TakePile(C("9H 9D")))
    g.apply(Discard(c1("5S")))
    g.apply(Draw())  # seat 1, now seat 2's partner
    refused(g, AskGoOut(), "ask.no_partner")


# classic-2p Scoring: each player's whole hand, line by line, and the running totals
def test_two_players_whole_hand_score():
    g = Game.scripted(TWO, ["KC 9C", "AS 3S 2D JK 5H"], stock="9D 5D",
                      melds={0: ["KS KH KD KS KH KD", "9S 9H 9D 9C 9S 9H"],
                             1: ["QS QH QD 2C", "8S 8H 8D"]},
                      red_threes={0: "3H", 1: "3D 3H"}, scores=(300, -50))
    assert (g.minimum(0), g.minimum(1)) == (50, 15)
    g.apply(Draw())
    g.apply(Meld([C("KC"), C("9C 9D")]))
    assert any(isinstance(e, ev.WentOut) for e in g.apply(Discard(c1("5D"))))
    # kings 70 + nines 80; two natural canastas 1,000; a red 3 100; out 100; no hand left
    assert lines_of(g, 0) == {"score.melded_cards": 150, "score.natural_canasta": 1000,
                              "score.red_threes": 100, "score.went_out": 100}
    # queens 30 + 20, eights 30; two red 3s 200; A 3S 2 JK 5H = 20 + 5 + 20 + 50 + 5
    assert lines_of(g, 1) == {"score.melded_cards": 80, "score.red_threes": 200,
                              "score.cards_in_hand": -100}
    assert g.scores == [300 + 1350, -50 + 180]


# classic-3p Scoring, game end: two players tied on the highest total past 7,500 play
# another hand, whoever of them went out
def test_three_players_tie_past_the_target_plays_on():
    g = Game.scripted(THREE, ["KC 9C", "5H 6D", "QS 4C"], stock="9D 5D",
                      melds={0: ["KS KH KD KS KH KD", "9S 9H 9D"]},
                      scores=(6800, 7530, 0))
    g.apply(Draw())
    g.apply(Meld([C("KC"), C("9C 9D")]))
    g.apply(Discard(c1("5D")))
    # kings 70 + nines 50, natural canasta 500, out 100; the others' hands 5H 6D, QS 4C
    assert [s.total for s in g.hand_score()] == [720, -10, -15]
    assert g.scores == [7520, 7520, -15]
    assert g.phase is Phase.HAND_OVER and not g.is_over and g.winners == ()


# classic End of the stock with classic-3p: each player in turn, alone, must or may take
def test_three_players_stock_end_pass_ends_the_hand():
    g = Game.scripted(THREE, ["5H 6D 9C", "9H 5S 6S 7S", "7H 7D 8C 10D"], stock="JS 8S",
                      pile="4C", melds={0: ["KS KH KC"], 1: ["9S 9C 9D"], 2: ["QS QH QD"]},
                      rest="pile", pile_frozen=False)
    g.apply(Draw())
    g.apply(Discard(c1("9C")))
    assert g.phase is Phase.STOCK_END
    refused(g, PassPile(), "stockend.must_take")
    g.apply(TakePile([]))
    g.apply(Discard(c1("7S")))
    assert g.to_play == 2 and PassPile() in g.legal_actions()
    g.apply(PassPile())
    assert g.phase is Phase.HAND_OVER and g.end_reason == "pile_passed"


# classic End of the stock with classic-3p's draw of two: a red 3 as the very last card is
# laid out unreplaced and the hand ends at once; one drawn with a card still behind it in
# the stock's last two is not replaced either, and the turn goes on
def test_three_players_red_three_at_the_end_of_the_stock():
    g = Game.scripted(THREE, ["5H 6D 8C", "9H 5S 6S", "QS 4C 8H"], stock="9D 3H",
                      rest="pile", melds={0: ["KS KH KD"]})
    out = g.apply(Draw())
    assert [(e.card.label, e.replaced) for e in out if isinstance(e, ev.RedThreeLaidOut)] \
        == [("3H", False)]
    assert g.end_reason == "stock_red_three" and g.phase is Phase.HAND_OVER
    g = Game.scripted(THREE, ["5H 6D 8C", "9H 5S 6S", "QS 4C 8H"], stock="3H 9D",
                      rest="pile", melds={0: ["KS KH KD"]})
    out = g.apply(Draw())
    assert [(e.card.label, e.replaced) for e in out if isinstance(e, ev.RedThreeLaidOut)] \
        == [("3H", False)]
    assert g.phase is Phase.MELD and not g.stock and len(g.hands[0]) == 4
