"""Second rules audit, classic canasta for four (docs/RULES.md, classic): the turn flow
(asking partner), the end of the stock, the pile and whole-hand scores, each on a
scripted position; the first audit's cases are not repeated. Every test names the
section it checks."""

import pytest

from game.rules import (
    VARIANTS,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Game,
    Meld,
    PassPile,
    Phase,
    Rank,
    TakePile,
)
from game.rules import events as ev
from tests.rules.scripting import C, c1, hands_with, lines_of, refused, went_out

CLASSIC = VARIANTS["classic"]
FILLERS = ("4S 6D 8S JD", "4H 6C 10S QC", "4D 7C 10H JC")
hands = hands_with(FILLERS)
KINGS6 = "KS KH KD KS KH KD"


def ended(events, reason: str) -> bool:
    return any(isinstance(e, ev.HandEnded) and e.reason == reason for e in events)


# ---------------------------------------------------------------- asking partner

# classic Going out, Ask partner: "right after drawing, before melding": taking the pile
# melds its top card, so the question comes too late after a take
def test_no_question_after_taking_the_pile():
    g = Game.scripted(CLASSIC, hands("9H 9D KC 5S"), pile="4C 9C",
                      melds={0: [KINGS6]}, pile_frozen=False)
    g.apply(TakePile(C("9H 9D")))
    refused(g, AskGoOut(), "ask.after_draw")


# classic Ask partner: not before the draw, not after a meld, once a turn
def test_question_only_between_the_draw_and_the_first_meld():
    g = Game.scripted(CLASSIC, hands("9H 9D 9S KC 5S"), stock="8D", melds={0: [KINGS6]})
    refused(g, AskGoOut(), "turn.draw_first")
    g.apply(Draw())
    assert AskGoOut() in g.legal_actions()
    g.apply(Meld([C("9H 9D 9S")]))
    refused(g, AskGoOut(), "ask.after_draw")


# classic Ask partner: the partner answers (and only with yes or no); the asker then
# goes on with the turn
def test_the_partner_answers_then_the_asker_plays_on():
    g = Game.scripted(CLASSIC, hands("KC 5S 5H 5D 8C"), stock="5C", melds={0: [KINGS6]})
    g.apply(Draw())
    out = g.apply(AskGoOut())
    assert any(isinstance(e, ev.AskedToGoOut) and e.seat == 0 and e.partner == 2
               for e in out)
    assert g.phase is Phase.ASK_PARTNER and g.to_play == 2
    assert g.legal_actions() == [AnswerGoOut(True), AnswerGoOut(False)]
    refused(g, Discard(c1("4H")), "turn.waiting_partner")
    refused(g, Meld([C("KC")]), "turn.waiting_partner")
    g.apply(AnswerGoOut(True))
    assert g.to_play == 0 and g.phase is Phase.MELD
    refused(g, AskGoOut(), "ask.already")


# classic Ask partner: after "yes" the player must go out this turn: a discard that
# keeps cards is refused while the way out is open, and going out scores as usual
def test_binding_yes_leaves_only_the_way_out():
    g = Game.scripted(CLASSIC, hands("KC 5S 5H 5D 8C"), stock="5C", melds={0: [KINGS6]})
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(True))
    for card in ("8C", "KC", "5S"):
        refused(g, Discard(c1(card)), "goout.must_go_out")
    assert not any(isinstance(a, Discard) for a in g.legal_actions())
    assert any(isinstance(a, Meld) and sum(map(len, a.groups)) == 5
               for a in g.legal_actions())
    g.apply(Meld([C("KC"), C("5S 5H 5D 5C")]))
    assert went_out(g.apply(Discard(c1("8C"))))
    assert lines_of(g)["score.went_out"] == 100


# classic Ask partner: "no" forbids going out this turn, but the player melds on and
# keeps a card; on the next turn the player may go out
def test_no_forbids_this_turn_only():
    g = Game.scripted(CLASSIC, hands("KC 5S 5H 5D 8C"), stock="5C 9C 9D 9H 8D",
                      melds={0: [KINGS6]})
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(False))
    refused(g, Meld([C("KC"), C("5S 5H 5D 5C")]), "goout.partner_said_no")
    assert not any(isinstance(a, Meld) and sum(map(len, a.groups)) >= 5
                   for a in g.legal_actions())
    g.apply(Meld([C("5S 5H 5D 5C")]))  # keeps KC and 8C
    g.apply(Discard(c1("8C")))
    for seat in (1, 2, 3):
        assert g.to_play == seat
        g.apply(Draw())
        g.apply(Discard(g.hands[seat][0]))
    g.apply(Draw())  # 8D
    assert g.answer is None
    g.apply(Meld([C("KC")]))
    assert went_out(g.apply(Discard(c1("8D"))))


# classic Ask partner: "yes" binds only with the option on; a player who cannot go out
# after "yes" still discards (there is no way out to be bound to)
def test_yes_without_a_way_out_binds_nothing():
    g = Game.scripted(CLASSIC, hands("KC 5S 5H 8C"), stock="9D", melds={0: [KINGS6]})
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(True))
    assert g.why_illegal(Discard(c1("8C"))) is None


# ---------------------------------------------------------------- the end of the stock

def _last_card_game(h1="9H 5S 6S 7S", h2="7H 7D 8C 10D", pile="4C", frozen=False, **kw):
    return Game.scripted(CLASSIC, hands("5H 6D 9C", h1, h2, "QS QD 5C"), stock="JS",
                         pile=pile, melds={0: ["KS KH KC"], 1: ["9S 9C 9D"]},
                         rest="pile", pile_frozen=frozen, **kw)


# classic End of the stock: the last drawer finishes the turn; the next player must take
# a pile whose top fits the side's meld, the one after may take it or pass, and the hand
# ends at the first player who does not take it, with no going-out bonus
def test_stock_end_must_take_then_may_take_then_pass_ends_the_hand():
    g = _last_card_game()
    g.apply(Draw())
    assert not g.stock and g.phase is Phase.MELD
    g.apply(Discard(c1("9C")))
    assert g.phase is Phase.STOCK_END and g.to_play == 1
    refused(g, PassPile(), "stockend.must_take")
    refused(g, Draw(), "draw.stock_empty")
    g.apply(TakePile([]))
    g.apply(Discard(c1("7S")))
    assert g.phase is Phase.STOCK_END and g.to_play == 2
    legal = g.legal_actions()
    assert TakePile(C("7H 7D")) in legal and PassPile() in legal  # may, not must
    out = g.apply(PassPile())
    assert ended(out, "pile_passed") and g.phase is Phase.HAND_OVER
    assert g.went_out is None
    assert "score.went_out" not in lines_of(g, 0) and "score.went_out" not in lines_of(g, 1)


# classic End of the stock: a black 3 discarded by the last drawer blocks the pile, so
# the next player cannot take it and the hand ends at once
def test_stock_end_black_three_on_top_ends_the_hand_at_once():
    g = Game.scripted(CLASSIC, hands("5H 6D 3S", "9H 9D 6S 7S"), stock="JS", pile="9C",
                      melds={0: ["KS KH KC"], 1: ["9S 9C 9D"]}, rest="pile",
                      pile_frozen=False)
    g.apply(Draw())
    out = g.apply(Discard(c1("3S")))
    assert ended(out, "pile_passed") and g.phase is Phase.HAND_OVER


# classic End of the stock: "must" only while the pile is not frozen; a frozen pile
# whose top fits the side's meld may be taken with a pair, or passed
def test_stock_end_frozen_pile_may_be_passed():
    g = _last_card_game(h1="9H 9D 6S 7S", pile="2C 4C", frozen=True)
    g.apply(Draw())
    g.apply(Discard(c1("9C")))
    assert g.pile.frozen and g.to_play == 1
    legal = g.legal_actions()
    assert PassPile() in legal and TakePile(C("9H 9D")) in legal
    refused(g, TakePile([]), "pile.frozen_need_pair")
    assert g.why_illegal(PassPile()) is None


# classic End of the stock: a red 3 drawn with the last-but-one card is replaced by the
# last card; when that is a red 3 too it is laid out unreplaced and the hand ends
def test_red_three_replaced_by_a_last_red_three_ends_the_hand():
    g = Game.scripted(CLASSIC, hands("5H 6D 9C"), stock="3H 3D", pile="4C",
                      melds={0: ["KS KH KC"]}, rest="pile")
    out = g.apply(Draw())
    laid = [e for e in out if isinstance(e, ev.RedThreeLaidOut)]
    assert [(e.card.label, e.replaced) for e in laid] == [("3H", True), ("3D", False)]
    assert ended(out, "stock_red_three") and g.phase is Phase.HAND_OVER
    assert lines_of(g)["score.red_threes"] == 200
    assert len(g.hands[0]) == 3  # no meld, no discard


# classic End of the stock with classic-2p: the player alone must take a fitting pile too
def test_two_players_stock_end_must_take():
    two = VARIANTS["classic-2p"]
    g = Game.scripted(two, ["5H 6D 9C", "9H 5S 6S 7S"], stock="JS 8S", pile="4C",
                      melds={0: ["KS KH KC"], 1: ["9S 9C 9D"]}, rest="pile",
                      pile_frozen=False)
    g.apply(Draw())
    assert not g.stock
    g.apply(Discard(c1("9C")))
    assert g.phase is Phase.STOCK_END and g.to_play == 1
    refused(g, PassPile(), "stockend.must_take")


# ---------------------------------------------------------------- the discard pile

# classic The discard pile: frozen "until someone takes it": after a pair takes the
# frozen pile, the next discard starts an unfrozen pile that a natural and a wild card
# may take
def test_taking_the_frozen_pile_unfreezes_it():
    g = Game.scripted(CLASSIC, hands("9H 9D JK 5S 6C", "5H 2D 8C 10C"), stock="KC 4H",
                      pile="4C 2C 9C", melds={0: ["9S 9H 9D"], 1: ["QS QH QD"]})
    assert g.pile.frozen
    refused(g, TakePile(C("9H JK")), "pile.frozen_need_pair")
    g.apply(TakePile(C("9H 9D")))
    assert not g.pile.cards and not g.pile.frozen
    g.apply(Discard(c1("5S")))
    assert g.to_play == 1 and not g.pile.frozen
    assert TakePile(C("5H 2D")) in g.legal_actions()


# classic The discard pile: "A player holding exactly 1 card may not take a pile of
# exactly 1 card" - a pile of two is fine, even by the top card alone
def test_one_card_in_hand_takes_a_pile_of_two():
    g = Game.scripted(CLASSIC, hands("9H"), pile="5C 9C", melds={0: ["9S 9H 9D"]},
                      pile_frozen=False)
    assert TakePile([]) in g.legal_actions()
    # laying the 9H too would leave only the 5C, a discard that empties the hand
    refused(g, TakePile(C("9H")), "meld.keep_cards")
    g.apply(TakePile([]))
    assert sorted(c.label for c in g.hands[0]) == ["5C", "9H"]
    g = Game.scripted(CLASSIC, hands("9H"), pile="9C", melds={0: ["9S 9H 9D"]})
    refused(g, TakePile([]), "pile.one_card")


# classic Initial meld with a negative score: 15, and the pile's top card counts - a
# pair of 4s on a 4 is exactly 15
def test_negative_score_pair_of_fours_and_the_top_four_open():
    g = Game.scripted(CLASSIC, hands("4H 4D 9C 8D"), pile="7S 4C", scores=(-200, 0))
    assert g.minimum(0) == 15
    assert TakePile(C("4H 4D")) in g.legal_actions()
    g = Game.scripted(CLASSIC, hands("4H 4D 9C 8D"), pile="7S 4C", scores=(0, 0))
    refused(g, TakePile(C("4H 4D")), "meld.minimum")


# ---------------------------------------------------------------- scoring

def _full_hand(scores=(1200, 800)) -> Game:
    """Seat 0 lays KC on six kings and 9-9-9, discards 8D and goes out."""
    g = Game.scripted(CLASSIC, hands("KC 9S 9H 9D", "4S 6D 8S JD 3C"), stock="8D",
                      melds={0: [KINGS6, "5S 5H 2C"],
                             1: ["QS QH QD QC 2D 2H JK", "7S 7H 7D"]},
                      red_threes={0: "3H", 1: "3D 3H"}, scores=scores)
    g.apply(Draw())
    g.apply(Meld([C("KC"), C("9S 9H 9D")]))
    assert went_out(g.apply(Discard(c1("8D"))))
    return g


# classic Scoring, every line of both sides worked out by hand
def test_whole_hand_score_both_sides():
    g = _full_hand()
    # side 0: kings 70 + 5-5-2 30 + 9-9-9 30; natural canasta 500; one red 3 100; out
    # 100; partner's 4H 6C 10S QC -30
    assert lines_of(g, 0) == {"score.melded_cards": 130, "score.natural_canasta": 500,
                           "score.red_threes": 100, "score.went_out": 100,
                           "score.cards_in_hand": -30}
    # side 1: queens 40 + 2 2 JK 90, sevens 15; mixed canasta 300; two red 3s 200;
    # hands 4S 6D 8S JD 3C (35) and 4D 7C 10H JC (30)
    assert lines_of(g, 1) == {"score.melded_cards": 145, "score.mixed_canasta": 300,
                           "score.red_threes": 200, "score.cards_in_hand": -65}
    assert [s.total for s in g.hand_score()] == [800, 580]
    assert g.scores == [2000, 1380]


# classic Scoring, game end: "after the hand in which a side reaches the target, the
# higher total wins" - even when the other side went out in that hand
@pytest.mark.parametrize("scores,winner", [((4900, 4950), 0), ((4500, 5200), 1)])
def test_both_sides_past_the_target_the_higher_total_wins(scores, winner):
    g = _full_hand(scores)
    assert g.is_over and g.winners == (winner,)
    assert g.scores == [scores[0] + 800, scores[1] + 580]


# classic Scoring, game end: one side reaching the target is not enough while the other
# side's total is the same: another hand follows
def test_a_tie_above_the_target_plays_another_hand():
    g = _full_hand((4400, 4620))
    assert g.scores == [5200, 5200]
    assert g.phase is Phase.HAND_OVER and not g.is_over and g.winners == ()


# classic Melds and Concealed: black 3s melded by a player going out concealed count
# 5 each, and the concealed bonus stands
def test_concealed_going_out_with_black_threes_melded():
    g = Game.scripted(CLASSIC, hands("QS QH QD QC QS QH 3S 3C 3S 5H"), stock="QD")
    g.apply(Draw())
    g.apply(Meld([C("QS QH QD QC QS QH QD"), C("3S 3C 3S")]))
    assert went_out(g.apply(Discard(c1("5H"))))
    got = lines_of(g)
    assert got["score.went_out_concealed"] == 200
    assert got["score.melded_cards"] == 70 + 15 and got["score.natural_canasta"] == 500
    assert Rank.QUEEN in g.melds[0]
