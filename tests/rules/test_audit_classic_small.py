"""Rules audit, classic canasta for two and three (docs/RULES.md, classic-2p and
classic-3p, cut-throat included): edge cases the named scenarios leave out, on scripted
positions."""

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, TakePile
from game.rules import events as ev
from game.rules.actions import NextHand
from tests.rules.scripting import C, c1, lines_of, refused

TWO = VARIANTS["classic-2p"]
THREE = VARIANTS["classic-3p"]
CUT = THREE.with_options(cutthroat=True)
KINGS7 = "KS KH KD KC KS KH KD"


# classic-2p: a stock draw takes two cards, one if only one is left
def test_two_players_draw_one_when_one_card_is_left():
    g = Game.scripted(TWO, ["5H 6D 8C", "9H 5S 6S 7S"], stock="9D", rest="pile")
    out = g.apply(Draw())
    drawn = [e for e in out if isinstance(e, ev.CardsDrawn)][0]
    assert len(drawn.cards) == 1 and not g.stock
    assert g.phase is Phase.MELD  # the player finishes the turn


# classic End of the stock with classic-2p's draw of two: a red 3 as the very last card
# ends the hand
def test_two_players_red_three_as_the_last_of_two_cards_ends_the_hand():
    g = Game.scripted(TWO, ["5H 6D 8C", "9H 5S 6S 7S"], stock="9D 3H", rest="pile",
                      melds={0: ["KS KH KD"]})
    out = g.apply(Draw())
    laid = [e for e in out if isinstance(e, ev.RedThreeLaidOut)]
    assert len(laid) == 1 and not laid[0].replaced
    assert any(isinstance(e, ev.HandEnded) and e.reason == "stock_red_three" for e in out)
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


# classic-2p: two canastas to go out; classic Concealed holds for a player alone: 200
def test_two_players_concealed_going_out_with_two_canastas():
    g = Game.scripted(TWO, ["QS QH QD QC QS QH 8S 8H 8D 8C 8S 8H 4D", "9H 5S 6S 7S"],
                      stock="QD 8D 5C", scores=(0, 0))
    g.apply(Draw())  # QD and 8D: 15 cards
    g.apply(Meld([C("QS QH QD QC QS QH QD"), C("8S 8H 8D 8C 8S 8H 8D")]))
    out = g.apply(Discard(c1("4D")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    got = lines_of(g, 0)
    assert got["score.went_out_concealed"] == 200 and got["score.natural_canasta"] == 1000


# classic-2p: one canasta does not let the player go out; the last card may not be
# discarded
def test_two_players_one_canasta_keeps_a_card():
    g = Game.scripted(TWO, ["KC", "9H 5S 6S 7S"], stock="5D 6D",
                      melds={0: ["KS KH KD KS KH KD", "5S 5H 5C"]})
    g.apply(Draw())
    refused(g, Meld([C("KC"), C("5D")]), "meld.keep_cards")
    g.apply(Meld([C("KC")]))
    assert g.canastas(0) == 1
    refused(g, Meld([C("5D")]), "meld.keep_cards")


# classic-2p "Everything else as in 1": each player's own minimum from their own score
def test_two_players_each_has_their_own_minimum():
    g = Game.scripted(TWO, ["AS AH AD 5C 9D", "KS KH KD 5S 9C"], stock="7D 7H 8S 8H",
                      scores=(1500, -20))
    assert (g.minimum(0), g.minimum(1)) == (90, 15)
    g.apply(Draw())
    refused(g, Meld([C("AS AH AD")]), "meld.minimum")  # 60 < 90
    g.apply(Discard(c1("9D")))
    g.apply(Draw())
    assert g.why_illegal(Meld([C("KS KH KD")])) is None  # 30 >= 15


# classic-3p: three players, each alone, one canasta to go out, game to 7,500
def test_three_players_one_canasta_goes_out_and_game_to_7500():
    assert THREE.target == 7500
    g = Game.scripted(THREE, ["KC 9C", "5H 6D", "QS 4C"], stock="9D 5D",
                      melds={0: ["KS KH KD KS KH KD", "9S 9H 9D"]}, scores=(7000, 0, 0))
    g.apply(Draw())
    g.apply(Meld([C("KC"), C("9C 9D")]))
    out = g.apply(Discard(c1("5D")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    assert g.scores[0] >= 7500 and g.phase is Phase.GAME_OVER
    g = Game.scripted(THREE, ["KC 9C", "5H 6D", "QS 4C"], stock="9D 5D",
                      melds={0: ["KS KH KD KS KH KD", "9S 9H 9D"]}, scores=(4500, 0, 0))
    g.apply(Draw())
    g.apply(Meld([C("KC"), C("9C 9D")]))
    g.apply(Discard(c1("5D")))
    assert g.scores[0] >= 5000 and g.phase is Phase.HAND_OVER  # 5,000 is not the target


# classic-3p: without cut-throat, taking the pile forms no partnership
def test_three_players_without_cutthroat_stay_alone():
    g = Game.scripted(THREE, ["9H 9D 5S 6S", "5H 6D 8C", "QS 4C 8H"], pile="4D 9C",
                      melds={0: ["KS KH KD"]})
    out = g.apply(TakePile(C("9H 9D")))
    assert not any(isinstance(e, ev.PartnershipFormed) for e in out)
    assert len({g.side_of[s] for s in range(3)}) == 3


# classic-3p cut-throat: partners meld on each other's melds and share the go-out
# condition
def test_cutthroat_partner_goes_out_on_the_other_partners_canasta():
    g = Game.scripted(CUT, ["9H 9D 5S 6S", "JC", "QS 4C 8H"], pile="4D 9C",
                      stock="JD 8D", melds={0: ["AS AH AD"], 1: ["JS JH JD"], 2: [KINGS7]},
                      scores=(0, 0, 0))
    g.apply(TakePile(C("9H 9D")))  # seat 0 alone; seats 1 and 2 partners
    g.apply(Discard(c1("5S")))
    g.apply(Draw())
    g.apply(Meld([C("JC JD")]))
    out = g.apply(Discard(c1("8D")))  # the canasta of kings is seat 2's: shared
    assert any(isinstance(e, ev.WentOut) for e in out)
    for seat in (1, 2):
        got = lines_of(g, seat)
        assert got["score.went_out"] == 100 and got["score.natural_canasta"] == 500
    assert "score.went_out" not in lines_of(g, 0)


# classic-3p cut-throat: a partner who never melded goes out concealed; the partnership's
# earlier melds do not take the 200 away (classic Concealed: partner may have melded)
def test_cutthroat_partner_going_out_concealed():
    g = Game.scripted(CUT, ["9H 9D 5S 6S", "4C 6D 8H", "QS QH QD QC QS QH 7S 7H 7D 5D"],
                      pile="4D 9C", stock="8D 5H QD 7C",
                      melds={0: ["AS AH AD"], 1: ["JS JH JD"]}, scores=(0, 0, 0))
    g.apply(TakePile(C("9H 9D")))
    g.apply(Discard(c1("5S")))
    g.apply(Draw())
    g.apply(Discard(c1("8D")))
    g.apply(Draw())
    g.apply(Meld([C("QS QH QD QC QS QH QD"), C("7S 7H 7D 7C")]))
    out = g.apply(Discard(c1("5D")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    for seat in (1, 2):  # the partnership's line, on both partners' sheets
        assert lines_of(g, seat)["score.went_out_concealed"] == 200


# classic-3p cut-throat: "each red 3 counts only for the player who laid it out"; it is
# positive once the partnership has melded, even if that partner melded nothing
def test_cutthroat_red_three_of_a_partner_who_did_not_meld():
    g = Game.scripted(CUT, ["9H 9D 8S", "4C 6D 8H", "QS 4H"], pile="KC 9C",
                      melds={0: ["KS KH KD KS KH KD"], 1: ["JS JH JD"]},
                      red_threes={2: "3D"}, scores=(0, 0, 0))
    g.apply(TakePile(C("9H 9D")))  # seat 0 alone; seats 1 and 2 partners
    g.apply(Meld([C("KC")]))
    out = g.apply(Discard(c1("8S")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    two = lines_of(g, 2)
    assert two["score.own_red_threes"] == 100
    assert "score.own_red_threes" not in lines_of(g, 1)
    assert "score.red_threes_unmelded" not in two


# classic-3p cut-throat: the running totals go on per player into the next hand
def test_cutthroat_next_hand_starts_everyone_alone():
    g = Game.scripted(CUT, ["9H 9D 9S 5H", "4C 6D", "QS"], stock="5S 5C",
                      melds={0: [KINGS7], 1: ["JS JH JD"]}, scores=(0, 0, 0))
    g.apply(Draw())
    g.apply(Meld([C("9H 9D 9S"), C("5H 5S 5C")]))
    g.apply(NextHand())
    assert len({g.side_of[s] for s in range(3)}) == 3


# classic-3p cut-throat with classic The discard pile: once a partner has melded, the pile
# is no longer frozen for the other partner, who may take it with a natural and a wild
# card
def test_cutthroat_pile_unfrozen_for_a_partner_once_the_other_melded():
    g = Game.scripted(CUT, ["9H 9D 5S 6S", "8C 2D 5H 7C", "QS 4C 8H"], pile="4D 9C",
                      stock="KC KD", melds={0: ["AS AH AD"], 2: ["JS JH JD"]},
                      scores=(0, 0, 0))
    g.apply(TakePile(C("9H 9D")))
    g.apply(Discard(c1("5S")))  # seat 1, partner of seat 2, has melded nothing
    assert TakePile(C("5H 2D")) in g.legal_actions()
    g.apply(TakePile(C("5H 2D")))
    assert set(g.melds[g.side_of[1]]) == {5, 11}


# classic-2p with classic Scoring: all four red 3s of one player in two-handed play: 800
def test_two_players_all_four_red_threes():
    g = Game.scripted(TWO, ["KC 9C", "8H 5S 6S 7S"], stock="9D 5D",
                      melds={0: ["KS KH KD KS KH KD", "9S 9H 9D 9C 9S 9H"]},
                      red_threes={0: "3H 3D 3H 3D"})
    g.apply(Draw())
    g.apply(Meld([C("KC"), C("9C 9D")]))
    out = g.apply(Discard(c1("5D")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    assert lines_of(g, 0)["score.red_threes"] == 800
