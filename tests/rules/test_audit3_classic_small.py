"""Third rules audit, classic canasta for two and three (docs/RULES.md, classic-2p and
classic-3p, cut-throat included): the draw of two against red 3s near the end of the
stock, red 3s split between cut-throat partners or never melded, the partnership formed
by a take at the end of the stock, the game's end on individual totals, and three-handed
play without cut-throat; the earlier audits' cases are not repeated. Every test names the
paragraph it checks."""

from game.rules import VARIANTS, Discard, Draw, Game, Meld, PassPile, Phase, TakePile
from game.rules import events as ev
from tests.rules.scripting import C, accepted_and_listed, c1, lines_of, refused

TWO = VARIANTS["classic-2p"]
THREE = VARIANTS["classic-3p"]
CUT = THREE.with_options(cutthroat=True)
KINGS7 = "KS KH KD KC KS KH KD"


def laid(out) -> list[tuple[str, bool]]:
    return [(e.card.label, e.replaced) for e in out if isinstance(e, ev.RedThreeLaidOut)]


# classic-2p, "A red 3 among the last two stock cards is not replaced": a red 3 drawn
# with two cards still under it (the second one drawn is one of them) is replaced by
# the last card
def test_two_players_red_three_third_from_the_end_is_replaced():
    g = Game.scripted(TWO, ["5H 6D 8C", "9H 5S 6S 7S"], stock="3H 9D 4C", rest="pile",
                      melds={0: ["KS KH KD"]})
    out = g.apply(Draw())
    assert laid(out) == [("3H", True)]
    assert not g.stock and g.phase is Phase.MELD  # the player finishes the turn
    assert sorted(c.label for c in g.hands[0]) == ["4C", "5H", "6D", "8C", "9D"]


# classic-2p: the same red 3 as the last-but-one card (one card under it) is laid out
# unreplaced; the last card is drawn with it and the turn goes on
def test_two_players_red_three_second_from_the_end_is_not_replaced():
    g = Game.scripted(TWO, ["5H 6D 8C", "9H 5S 6S 7S"], stock="3H 9D", rest="pile",
                      melds={0: ["KS KH KD"]})
    out = g.apply(Draw())
    assert laid(out) == [("3H", False)]
    assert not g.stock and g.phase is Phase.MELD
    assert sorted(c.label for c in g.hands[0]) == ["5H", "6D", "8C", "9D"]


# classic-3p: thirteen cards each and a stock draw of two
def test_three_players_deal_thirteen_and_draw_two():
    for seed in range(5):
        g = Game.new(THREE, seed=seed)
        assert [len(h) for h in g.hands] == [13, 13, 13]
        before = len(g.stock)
        out = g.apply(Draw())
        drawn = [e for e in out if isinstance(e, ev.CardsDrawn)]
        assert len(drawn[0].cards) == 2
        assert before - len(g.stock) == sum(len(e.cards) for e in drawn)


# classic-3p without the cut-throat option: "Each plays alone" - taking the pile forms
# no partnership, and each player scores their own table
def test_three_players_without_cutthroat_a_take_makes_no_partners():
    g = Game.scripted(THREE, ["9H 9D 5S 6S", "5H 6D 8C 7C", "QS QH QD 4C"], pile="4D 9C",
                      melds={0: ["KS KH KD"], 1: ["JS JH JD"], 2: ["AS AH AD"]},
                      scores=(0, 0, 0))
    out = g.apply(TakePile(C("9H 9D")))
    assert not any(isinstance(e, ev.PartnershipFormed) for e in out)
    assert len(set(g.side_of)) == 3
    assert set(g.melds[0]) == {9, 13} and set(g.melds[1]) == {11} and set(g.melds[2]) == {1}


# classic-3p cut-throat, "each red 3 counts only for the player who laid it out": all
# four red 3s split two and two between the partners are 200 each, not 800
def test_cutthroat_four_red_threes_split_between_partners_are_not_a_set():
    g = Game.scripted(CUT, ["9H 9D 8C 8H", "4C 6D", "QS 4H"], pile="8D 9C",
                      melds={0: [KINGS7], 2: ["AS AH AD"]},
                      red_threes={1: "3H 3D", 2: "3H 3D"}, scores=(0, 0, 0))
    g.apply(TakePile(C("9H 9D")))  # seat 0 alone; seats 1 and 2 partners
    assert g.apply(Meld([C("8C 8H 8D")])) and g.phase is Phase.HAND_OVER
    one, two = lines_of(g, 1), lines_of(g, 2)
    assert one["score.own_red_threes"] == two["score.own_red_threes"] == 200
    # one partner holding all four scores the set
    g = Game.scripted(CUT, ["9H 9D 8C 8H", "4C 6D", "QS 4H"], pile="8D 9C",
                      melds={0: [KINGS7], 2: ["AS AH AD"]},
                      red_threes={1: "3H 3D 3H 3D"}, scores=(0, 0, 0))
    g.apply(TakePile(C("9H 9D")))
    g.apply(Meld([C("8C 8H 8D")]))
    assert lines_of(g, 1)["score.own_red_threes"] == 800
    assert "score.own_red_threes" not in lines_of(g, 2)


# classic-3p cut-throat with classic Scoring ("negative instead if the side has made no
# meld at all"): partners whose shared table is empty each pay for their own red 3s
def test_cutthroat_partners_without_melds_pay_their_own_red_threes():
    g = Game.scripted(CUT, ["9H 9D 8C 8H", "4C 6D", "QS 4H"], pile="8D 9C",
                      melds={0: [KINGS7]}, red_threes={1: "3H", 2: "3D 3H"},
                      scores=(0, 0, 0))
    g.apply(TakePile(C("9H 9D")))
    g.apply(Meld([C("8C 8H 8D")]))
    assert lines_of(g, 1) == {"score.own_red_threes_unmelded": -100,
                              "score.cards_in_hand": -10 - 15}
    assert lines_of(g, 2) == {"score.own_red_threes_unmelded": -200,
                              "score.cards_in_hand": -10 - 15}


# classic-3p cut-throat with classic End of the stock: the first take of the pile forms
# the partnership even when it is the forced take after the stock ran out
def test_cutthroat_forced_take_at_the_end_of_the_stock_forms_the_partnership():
    g = Game.scripted(CUT, ["5H 6D 9C", "9H 5S 6S 7S", "QS QD 5C"], stock="JS 8S",
                      pile="4C", rest="pile", melds={0: ["KS KH KC"], 1: ["9S 9C 9D"]},
                      pile_frozen=False, scores=(0, 0, 0))
    g.apply(Draw())
    g.apply(Discard(c1("9C")))
    assert g.phase is Phase.STOCK_END and g.to_play == 1
    refused(g, PassPile(), "stockend.must_take")
    out = g.apply(TakePile())
    assert [e for e in out if isinstance(e, ev.PartnershipFormed)] == [
        ev.PartnershipFormed(1, (0, 2))]
    assert g.side_of[0] == g.side_of[2] != g.side_of[1]


# classic-3p cut-throat, "every player keeps an individual running total": the game
# ends after the hand in which someone reaches 7,500, won by the highest total alone
def test_cutthroat_game_won_by_the_highest_individual_total():
    g = Game.scripted(CUT, ["9H 9D 9S 5H", "4C 6D", "QS"], stock="5S 5C",
                      melds={0: [KINGS7], 1: ["JS JH JD"], 2: ["AS AH AD"]},
                      scores=(6900, 7400, 7450))
    g.apply(Draw())
    g.apply(Meld([C("9H 9D 9S"), C("5H 5S 5C")]))
    assert g.phase is Phase.GAME_OVER
    assert g.scores == [6900 + 715, 7400 + 70, 7450 + 70] and g.winners == (0,)


# classic-3p cut-throat: two players tied on the highest total past 7,500 play on
def test_cutthroat_tie_for_the_highest_total_plays_another_hand():
    g = Game.scripted(CUT, ["9H 9D 9S 5H", "4C 6D", "QS"], stock="5S 5C",
                      melds={0: [KINGS7], 1: ["JS JH JD"], 2: ["AS AH AD"]},
                      scores=(6885, 7530, 7000))
    g.apply(Draw())
    g.apply(Meld([C("9H 9D 9S"), C("5H 5S 5C")]))
    assert g.scores[0] == g.scores[1] == 7600
    assert g.phase is Phase.HAND_OVER and g.winners == ()


# classic-2p with classic Going out: two canastas between - with one, the player who
# could meld the hand down to a discard keeps a card instead
def test_two_players_one_canasta_lay_off_keeps_two_cards():
    g = Game.scripted(TWO, ["5H", "9H 6S 7S 8S"], stock="5D 8D",
                      melds={0: [KINGS7, "5S 5C 5S"]})
    g.apply(Draw())
    refused(g, Meld([C("5H 5D")]), "meld.keep_cards")
    accepted_and_listed(g, Meld([C("5H")]))
