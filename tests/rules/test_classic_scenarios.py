"""Classic canasta (docs/RULES.md, classic and classic-2p), scenarios 1–13 of the positions every
engine must get right: each as a named test on a scripted position."""

import pytest

from game.i18n import refusal_text
from game.rules import (
    VARIANTS,
    AskGoOut,
    Discard,
    Draw,
    Game,
    IllegalMove,
    Meld,
    Phase,
    TakePile,
)
from game.rules import events as ev
from tests.rules.scripting import C, c1, hands_with

CLASSIC = VARIANTS["classic"]
FILL = "4S 6D 8S JD"  # filler for a hand the test does not look at
FILLERS = ("4S 6D 8S JD", "4H 6C 10S QC", "4D 7C 10H JC")
hands = hands_with(FILLERS)


def test_scenario_01_frozen_pile_minimum_counts_top_card_only():
    # side at 0 needs 50; pile frozen (a 2 buried), top KS; aces buried in the pile
    g = Game.scripted(CLASSIC, hands("KH KD 5S 5H 5C AS AH 2D 9C"),
                      pile="AD AC 2C 7D KS", scores=(0, 0))
    assert g.pile.frozen
    no_aces = TakePile(C("KH KD"), [C("5S 5H 5C")])  # 10+10+10 + 15 = 45
    reason = g.why_illegal(no_aces)
    assert reason and "45" in reason and "50" in reason
    with_aces = TakePile(C("KH KD"), [C("5S 5H 5C"), C("AS AH 2D")])  # + 60
    assert g.why_illegal(with_aces) is None
    g.apply(with_aces)
    # the buried aces came to the hand, they were never counted
    assert sum(1 for c in g.hands[0] if c.label in ("AD", "AC")) == 2
    assert g.phase is Phase.MELD


def test_scenario_02_unfrozen_pile_taken_onto_existing_meld():
    g = Game.scripted(CLASSIC, hands("5H 6D 8C JD"), pile="4C 7H 9C",
                      melds={0: ["9S 9H 9D"]})
    assert not g.pile.frozen
    assert g.why_illegal(TakePile([])) is None
    g.apply(TakePile([]))
    assert g.melds[0][9].size == 4
    # with a 2 anywhere in the pile it is frozen: a natural pair is needed
    g = Game.scripted(CLASSIC, hands("5H 6D 8C JD"), pile="4C 2H 7H 9C",
                      melds={0: ["9S 9H 9D"]})
    reason = g.why_illegal(TakePile([]))
    assert reason and "frozen" in reason.lower() and "9" in reason


def test_scenario_03_natural_and_wild_refused_on_frozen_pile():
    g = Game.scripted(CLASSIC, hands("7H JK 5S 6D 9C"), pile="2C 7S",
                      melds={0: ["KS KH KD"]})
    assert g.pile.frozen
    assert g.why_illegal(TakePile(C("7H JK"))) is not None


@pytest.mark.parametrize("top", ["2C", "3S", "3C"])
def test_scenario_04_wild_or_black_three_on_top_blocks_everyone(top):
    pile = "9D 9S " + top
    for seat in range(4):
        hs = list(FILLERS) + ["6S 7S"]
        hs.insert(seat, "9H 9C JK 5S")
        g = Game.scripted(CLASSIC, hs[:4], pile=pile,
                          melds={0: ["9S 9H 9D"], 1: ["QS QH QD"]}, to_play=seat)
        assert not any(isinstance(a, TakePile) for a in g.legal_actions())
        assert g.why_illegal(TakePile(C("9H 9C"))) is not None


def test_scenario_05_one_card_in_hand_cannot_take_a_one_card_pile():
    g = Game.scripted(CLASSIC, hands("6D"), pile="9C", melds={0: ["9S 9H 9D 9H"]})
    err = g.check(TakePile([]))
    assert err is not None and "1" in refusal_text(err)
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())


def test_scenario_06_eights_with_a_two_join_the_existing_meld():
    g = Game.scripted(CLASSIC, hands("8H 8C 2D 5S 6D"), stock="KC",
                      melds={0: ["8S 8D 8C"]})
    g.apply(Draw())
    g.apply(Meld([C("8H 8C 2D")]))
    melds = g.melds[0]
    assert list(melds) == [8]
    assert melds[8].naturals == 5 and melds[8].wilds == 1


def test_scenario_07_going_out_needs_a_canasta_and_keeps_a_card_otherwise():
    g = Game.scripted(CLASSIC, hands("KC"), stock="8D",
                      melds={0: ["KS KH KD KS KH KD"]})
    g.apply(Draw())
    g.apply(Meld([C("KC")]))
    out = g.apply(Discard(c1("8D")))
    assert any(isinstance(e, ev.WentOut) for e in out)
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)

    g = Game.scripted(CLASSIC, hands("5H"), stock="5D", melds={0: ["5S 5C 5S"]})
    g.apply(Draw())
    assert g.why_illegal(Meld([C("5H 5D")])) is not None
    assert g.why_illegal(Meld([C("5H")])) is not None  # would leave one card, no canasta
    assert g.why_illegal(Discard(c1("5H"))) is None


def test_scenario_08_black_threes_only_melded_when_going_out():
    g = Game.scripted(CLASSIC, hands("3S"), stock="3C", melds={0: ["KS KH KD"]})
    g.apply(Draw())
    assert g.why_illegal(Meld([C("3S 3C")])) is not None
    assert not any(isinstance(a, Meld) for a in g.legal_actions())


def test_scenario_09_concealed_bonus_200_and_100_after_partners_meld():
    # seat 0 melds the whole hand (a canasta of queens + 4s) and discards: concealed
    g = Game.scripted(CLASSIC, hands("QS QH QD QC QS QH 4D 4H 4C JD"), stock="2C",
                      scores=(0, 0))
    g.apply(Draw())
    g.apply(Meld([C("QS QH QD QC QS QH 2C"), C("4D 4H 4C")]))
    g.apply(Discard(c1("JD")))
    lines = {line.key: line.points for line in g.hand_score()[0].lines}
    assert lines["score.went_out_concealed"] == 200
    assert "score.went_out" not in lines

    # partner had melded: the player had not, and adds nothing to partner's 9s: still 200
    g = Game.scripted(CLASSIC, hands("QS QH QD QC QS QH 4D 4H 4C JD"), stock="2C",
                      melds={0: ["9S 9H 9D"]})
    g.apply(Draw())
    g.apply(Meld([C("QS QH QD QC QS QH 2C"), C("4D 4H 4C")]))
    g.apply(Discard(c1("JD")))
    lines = {line.key: line.points for line in g.hand_score()[0].lines}
    assert lines["score.went_out_concealed"] == 200

    # adding one card to partner's meld makes it an ordinary going out
    g = Game.scripted(CLASSIC, hands("QS QH QD QC QS QH 4D 4H 4C 9C"), stock="2C",
                      melds={0: ["9S 9H 9D"]})
    g.apply(Draw())
    g.apply(Meld([C("QS QH QD QC QS QH 2C"), C("4D 4H 4C"), C("9C")]))
    assert g.phase is Phase.HAND_OVER
    lines = {line.key: line.points for line in g.hand_score()[0].lines}
    assert lines["score.went_out"] == 100 and "score.went_out_concealed" not in lines


def test_scenario_10_last_stock_card_red_three_ends_the_hand():
    g = Game.scripted(CLASSIC, hands("5H 6D 8C"), stock="3H", pile="9C",
                      melds={0: ["KS KH KD"]}, rest="pile")
    assert [c.label for c in g.stock] == ["3H"]
    out = g.apply(Draw())
    assert any(isinstance(e, ev.RedThreeLaidOut) and not e.replaced for e in out)
    assert any(isinstance(e, ev.HandEnded) and e.reason == "stock_red_three" for e in out)
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert g.why_illegal(Meld([C("5H 6D 8C")])) is not None
    assert g.why_illegal(Discard(c1("5H"))) is not None
    assert not g.invariant_violations()


def test_scenario_11_red_threes_count_against_a_side_that_never_melded():
    g = Game.scripted(CLASSIC, hands(FILL, "QC"), stock="9D", pile="5C",
                      melds={1: ["QS QH QD QH QS QD 2C"]}, red_threes={0: "3H 3D"},
                      to_play=1)
    g.apply(Draw())
    g.apply(Meld([C("QC")]))
    g.apply(Discard(c1("9D")))
    ours = {line.key: line.points for line in g.hand_score()[0].lines}
    assert ours["score.red_threes_unmelded"] == -200


@pytest.mark.parametrize("score,minimum", [(1495, 50), (1500, 90), (-10, 15), (0, 50),
                                           (2995, 90), (3000, 120)])
def test_scenario_12_minimum_follows_the_score(score, minimum):
    g = Game.scripted(CLASSIC, hands(FILL), scores=(score, 0))
    assert g.minimum(0) == minimum


def test_scenario_13_two_players_draw_two_and_need_two_canastas():
    two = VARIANTS["classic-2p"]
    g = Game.scripted(two, ["KC 5S 6D", "9H 9C 5S"], stock="8D 8H")
    out = g.apply(Draw())
    drawn = [e for e in out if isinstance(e, ev.CardsDrawn)][0]
    assert len(drawn.cards) == 2 and len(g.hands[0]) == 5

    # one canasta is not enough to go out in 2p
    g = Game.scripted(two, ["KC JS", "9H 9C 5S"], stock="JH 5D",
                      melds={0: ["KS KH KD KS KH KD", "JS JH JD JC"]})
    g.apply(Draw())
    g.apply(Meld([C("KC")]))
    assert g.canastas(0) == 1
    assert g.why_illegal(Meld([C("JS JH")])) is not None

    # with two canastas she goes out
    g = Game.scripted(two, ["KC JS", "9H 9C 5S"], stock="JH 5D",
                      melds={0: ["KS KH KD KS KH KD", "JS JH JD JC JD"]})
    g.apply(Draw())
    g.apply(Meld([C("KC"), C("JS JH")]))
    out = g.apply(Discard(c1("5D")))
    assert any(isinstance(e, ev.WentOut) for e in out)


def test_ask_partner_yes_binds_and_no_forbids():
    from game.rules import AnswerGoOut

    g = Game.scripted(CLASSIC, hands("KC 8D"), stock="9S",
                      melds={0: ["KS KH KD KS KH KD", "8S 8H 8C"]})
    g.apply(Draw())
    g.apply(AskGoOut())
    assert g.phase is Phase.ASK_PARTNER and g.to_play == 2
    g.apply(AnswerGoOut(False))
    assert g.to_play == 0
    reason = g.why_illegal(Meld([C("KC"), C("8D")]))
    assert reason and "no" in reason.lower()
    g.apply(Meld([C("KC")]))
    assert g.why_illegal(Discard(c1("8D"))) is None  # keeps the 9: not going out

    g = Game.scripted(CLASSIC, hands("KC 8D 8S"), stock="8H",
                      melds={0: ["KS KH KD KS KH KD"]})
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(True))
    err = g.check(Discard(c1("KC")))
    assert err is not None and "go out" in refusal_text(err).lower()


def test_illegal_move_reason_and_state_unchanged():
    g = Game.scripted(CLASSIC, hands("KH KD 5S"), pile="2C 9S")
    before = g.to_dict()
    with pytest.raises(IllegalMove) as e:
        g.apply(TakePile(C("KH KD")))
    assert e.value.key and refusal_text(e.value) != e.value.key
    assert g.to_dict() == before
