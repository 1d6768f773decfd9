"""Cut-throat three-handed canasta (docs/RULES.md, classic-3p, cut-throat): own minimums,
own red 3s, the lone hand and the partners' shared lines, individual running totals."""

import random

from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, TakePile
from game.rules import events as ev
from game.rules.actions import NextHand
from tests.rules.scripting import C, c1, lines_of

CUT = VARIANTS["classic-3p"].with_options(cutthroat=True)
KINGS = "KS KH KD KC KS KH KD"


def test_each_partner_opens_with_their_own_minimum():
    # seat 1 stands at 1,500 (needs 90), seat 2 at 0 (needs 50)
    g = Game.scripted(CUT, ["9H 9D 5S 6S", "AS AH AD 7C", "AC AH AD 4H"], pile="4D 9C",
                      stock="7D 8D 7S 8S", melds={0: ["KS KH KD"]}, scores=(0, 1500, 0))
    g.apply(TakePile(C("9H 9D")))  # seat 0 plays alone, seats 1 and 2 are partners
    g.apply(Discard(c1("5S")))
    assert g.side_of_seat(1) == g.side_of_seat(2) != g.side_of_seat(0)
    assert (g.minimum(1), g.minimum(2)) == (90, 50)
    g.apply(Draw())
    err = g.check(Meld([C("AS AH AD")]))  # 60 < 90
    assert err is not None and err.key == "meld.minimum"
    assert g.view(1).minimums[g.view(1).side] == 90
    g.apply(Discard(c1("8D")))
    g.apply(Draw())
    assert g.view(2).minimums[g.view(2).side] == 50
    assert g.why_illegal(Meld([C("AC AH AD")])) is None  # 60 >= 50: seat 2's own minimum
    g.apply(Meld([C("AC AH AD")]))
    assert not g.invariant_violations()


def test_red_threes_count_only_for_the_player_who_laid_them_out():
    g = Game.scripted(CUT, ["9H 9D 5S 6S", "5H 6D", "QS 4C"], pile="9C",
                      stock="3D 7D 8D 7S 8S 6H 6C",
                      melds={0: [KINGS], 1: ["JS JH JD"], 2: ["AS AH AD"]},
                      red_threes={1: "3H", 2: "3D"}, scores=(0, 0, 0))
    g.apply(TakePile(C("9H 9D")))
    g.apply(Discard(c1("5S")))
    out = g.apply(Draw())  # seat 1, now a partner, lays out the 3D and draws the 8D
    assert any(isinstance(e, ev.RedThreeLaidOut) and e.seat == 1 for e in out)
    g.apply(Discard(c1("8D")))
    g.apply(Draw())
    g.apply(Discard(c1("8S")))
    g.apply(Draw())
    g.apply(Meld([C("6S 6H 6C")]))  # seat 0 goes out
    assert g.phase is Phase.HAND_OVER
    one, two = lines_of(g, 1), lines_of(g, 2)
    assert one["score.own_red_threes"] == 200 and two["score.own_red_threes"] == 100
    # everything else is the partnership's: the same lines for both
    del one["score.own_red_threes"], two["score.own_red_threes"]
    assert one == two == {"score.melded_cards": 90, "score.cards_in_hand": -15 - 20}
    assert g.scores == [70 + 500 + 30 + 15 + 100, 255, 155]


def test_going_out_before_the_pile_is_taken_makes_the_other_two_partners():
    g = Game.scripted(CUT, ["9H 9D 9S 5H", "4C 6D", "QS"], stock="5S 5C",
                      melds={0: [KINGS], 1: ["JS JH JD"], 2: ["AS AH AD", "JC JS JH"]},
                      red_threes={1: "3H"}, scores=(0, 0, 0))
    g.apply(Draw())
    out = g.apply(Meld([C("9H 9D 9S"), C("5H 5S 5C")]))
    formed = [e for e in out if isinstance(e, ev.PartnershipFormed)]
    assert formed == [ev.PartnershipFormed(0, (1, 2))]
    kinds = [type(e) for e in out]
    assert kinds.index(ev.WentOut) < kinds.index(ev.PartnershipFormed) < kinds.index(ev.HandScored)
    scores = g.hand_score()
    assert scores[0].alone and scores[1].partner == 2 and scores[2].partner == 1
    # each partner: both tables (two separate melds of jacks), both hands left
    shared = {"score.melded_cards": 30 + 60 + 30, "score.cards_in_hand": -10 - 10}
    assert lines_of(g, 1) == {**shared, "score.own_red_threes": 100}
    assert lines_of(g, 2) == shared
    hand_lines = [ln.params["seat"] for ln in scores[2].lines if ln.key == "score.cards_in_hand"]
    assert hand_lines == [1, 2]
    assert g.scores == [70 + 500 + 30 + 15 + 100, 200, 100]


def test_stock_exhausted_with_the_pile_never_taken_everyone_scores_alone():
    g = Game.scripted(CUT, ["5S 6S 7S", "5H 6D", "QS 4C"], stock="7D 8D", rest="pile",
                      melds={0: ["KS KH KD"], 1: ["JS JH JD"], 2: ["AS AH AD"]},
                      red_threes={1: "3H"}, scores=(0, 0, 0))
    g.apply(Draw())
    out = g.apply(Discard(c1("8D")))
    assert g.end_reason == "pile_passed"
    assert not any(isinstance(e, ev.PartnershipFormed) for e in g.history + out)
    scores = g.hand_score()
    assert all(s.partner is None and not s.alone for s in scores)
    assert lines_of(g, 1) == {"score.melded_cards": 30, "score.red_threes": 100,
                              "score.cards_in_hand": -10}
    assert lines_of(g, 2) == {"score.melded_cards": 60, "score.cards_in_hand": -15}


def test_every_player_keeps_an_individual_running_total_across_hands():
    g = Game.scripted(CUT, ["9H 9D 9S 5H", "4C 6D", "QS"], stock="5S 5C",
                      melds={0: [KINGS], 1: ["JS JH JD"], 2: ["AS AH AD", "JC JS JH"]},
                      red_threes={1: "3H"}, scores=(0, 1350, 1350))
    g.apply(Draw())
    g.apply(Meld([C("9H 9D 9S"), C("5H 5S 5C")]))
    first = [s.total for s in g.last_scores]
    assert g.scores == [first[0], 1350 + first[1], 1350 + first[2]] == [715, 1550, 1450]
    g.apply(NextHand())
    # the next deal's minimums come from each player's own total
    assert [g.minimum(s) for s in range(3)] == [50, 90, 50]
    rng = random.Random(5)
    while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        g.apply(rng.choice(g.legal_actions()))
        assert not g.invariant_violations()
    second = [s.total for s in g.last_scores]
    assert g.scores == [715 + second[0], 1550 + second[1], 1450 + second[2]]
    d = Game.from_dict(g.to_dict())
    assert [s.total for s in d.hand_score()] == second


def test_partnership_formed_names_the_lone_player_and_both_partners():
    g = Game.scripted(CUT, ["5H 6D 8C", "9H 9D 5S 6S", "QS 4C 8H"], pile="4D 9C",
                      melds={1: ["JS JC JD"]}, red_threes={2: "3D"}, scores=(0, 0, 0),
                      to_play=1)
    out = g.apply(TakePile(C("9H 9D")))
    assert [e for e in out if isinstance(e, ev.PartnershipFormed)] == [
        ev.PartnershipFormed(1, (0, 2))]
    assert g.red_threes[2] and not g.red_threes[3]  # seat 2's red 3 stays seat 2's
