"""Every rule of classic canasta (docs/RULES.md, classic, classic-2p and classic-3p) beyond the
named scenarios of test_classic_scenarios.py, and bad input."""

import pytest

from game.rules import (
    VARIANTS,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Game,
    GameStateError,
    Meld,
    NextHand,
    PassPile,
    Phase,
    Rank,
    TakePile,
    parse_cards,
)
from game.rules import events as ev
from tests.rules.scripting import C, c1, hands_with

CLASSIC = VARIANTS["classic"]
FILLERS = ("4S 6D 8S JD", "4H 6C 10S QC", "4D 7C 10H JC")
hands = hands_with(FILLERS)


# ---------------------------------------------------------------- deck and deal

@pytest.mark.parametrize("name,each,cards", [("classic", 11, 108), ("classic-2p", 15, 108),
                                             ("classic-3p", 13, 108)])
def test_deal_sizes_and_whole_deck(name, each, cards):
    for seed in range(20):
        g = Game.new(VARIANTS[name], seed=seed)
        assert len(g.all_cards()) == cards
        assert not g.invariant_violations()
        for seat, h in enumerate(g.hands):
            assert len(h) == each, (seed, seat)  # red threes were replaced
            assert not any(c.is_red_three for c in h)
        assert g.to_play == (g.dealer + 1) % g.players
        assert g.phase is Phase.DRAW


def test_turned_up_wild_or_red_three_freezes_and_another_is_turned():
    seen_frozen = seen_black_three_top = False
    for seed in range(300):
        g = Game.new(CLASSIC, seed=seed)
        top = g.pile.top
        assert not (top.is_wild or top.is_red_three)
        below = g.pile.cards[:-1]
        assert all(c.is_wild or c.is_red_three for c in below)
        assert g.pile.frozen == bool(below)
        seen_frozen |= bool(below)
        seen_black_three_top |= top.is_black_three
    assert seen_frozen and seen_black_three_top


def test_dealt_red_threes_laid_out_and_replaced_in_seat_order():
    for seed in range(200):
        g = Game.new(CLASSIC, seed=seed)
        laid = [e for e in g.history if isinstance(e, ev.RedThreeLaidOut)]
        if len(laid) >= 2:
            first = (g.dealer + 1) % 4
            order = [(e.seat - first) % 4 for e in laid]
            assert order == sorted(order)
            assert all(e.replaced for e in laid)
            assert sum(len(r) for r in g.red_threes) == len(laid)
            return
    pytest.fail("no deal with two red threes in 200 seeds")


def test_deal_rotates_and_first_player_is_left_of_dealer():
    g = Game.scripted(CLASSIC, hands("KC"), stock="8D", melds={0: ["KS KH KD KS KH KD"]},
                      dealer=3)
    g.apply(Draw())
    g.apply(Meld([C("KC")]))
    g.apply(Discard(c1("8D")))
    assert g.phase is Phase.HAND_OVER
    g.apply(NextHand())
    assert g.dealer == 0 and g.to_play == 1 and g.hand_number == 2
    assert all(len(h) == 11 for h in g.hands)


# ---------------------------------------------------------------- red threes during play

def test_drawn_red_three_is_laid_out_and_replaced():
    g = Game.scripted(CLASSIC, hands("5H 6D 8C"), stock="3D 9S")
    out = g.apply(Draw())
    assert [c.label for c in g.red_threes[0]] == ["3D"]
    assert any(isinstance(e, ev.RedThreeLaidOut) and e.replaced for e in out)
    assert sorted(c.label for c in g.hands[0]) == ["5H", "6D", "8C", "9S"]


def test_red_three_in_a_taken_pile_is_laid_out_not_replaced():
    g = Game.scripted(CLASSIC, hands("9H 9D 5S"), pile="3H 7C 9C",
                      melds={0: ["KS KH KD"]})
    assert g.pile.frozen  # a red three in the pile freezes it
    stock_before = len(g.stock)
    out = g.apply(TakePile(C("9H 9D")))
    assert [c.label for c in g.red_threes[0]] == ["3H"]
    assert any(isinstance(e, ev.RedThreeLaidOut) and not e.replaced for e in out)
    assert len(g.stock) == stock_before
    assert sorted(c.label for c in g.hands[0]) == ["5S", "7C"]


# ---------------------------------------------------------------- melds

def test_meld_needs_more_naturals_than_wilds_and_at_most_three_wilds():
    g = Game.scripted(CLASSIC, hands("9H 9D 2C 2D JK JK 5S 6S"), stock="KC",
                      melds={0: ["QS QH QD"]})
    g.apply(Draw())
    assert g.check(Meld([C("9H 2C 2D")])).key == "meld.ratio"
    assert g.why_illegal(Meld([C("9H 9D 2C")])) is None
    g2 = Game.scripted(CLASSIC, hands("9H 9D 9S 9C 2C 2D JK JK 5S"), stock="KC",
                       melds={0: ["QS QH QD"]})
    g2.apply(Draw())
    assert g2.check(Meld([C("9H 9D 9S 9C 2C 2D JK JK")])).key == "meld.too_many_wilds"
    assert g2.why_illegal(Meld([C("9H 9D 9S 9C 2C 2D JK")])) is None


def test_hoyle_option_allows_two_naturals_three_wilds():
    hoyle = CLASSIC.with_options(wild_ratio="hoyle")
    g = Game.scripted(hoyle, hands("5H 5D 2C 2D 2S 8S 9S"), stock="KC",
                      melds={0: ["QS QH QD"]})
    g.apply(Draw())
    assert g.why_illegal(Meld([C("5H 5D 2C 2D 2S")])) is None
    g = Game.scripted(CLASSIC, hands("5H 5D 2C 2D 2S 8S 9S"), stock="KC",
                      melds={0: ["QS QH QD"]})
    g.apply(Draw())
    assert g.check(Meld([C("5H 5D 2C 2D 2S")])).key == "meld.ratio"


def test_wild_canasta_only_with_the_option_and_laid_complete():
    hand = "2C 2D 2S 2H JK JK 2C 8S 9S"
    g = Game.scripted(CLASSIC, hands(hand), stock="KC", melds={0: ["QS QH QD"]})
    g.apply(Draw())
    assert g.why_illegal(Meld([C("2C 2D 2S 2H JK JK 2C")])) is not None
    opt = CLASSIC.with_options(wild_canasta=True)
    g = Game.scripted(opt, hands(hand), stock="KC", melds={0: ["QS QH QD"]})
    g.apply(Draw())
    assert g.check(Meld([C("2C 2D 2S")])).key == "meld.wild_canasta_complete"
    out = g.apply(Meld([C("2C 2D 2S 2H JK JK 2C")]))
    assert any(isinstance(e, ev.CanastaCompleted) and e.wild for e in out)


def test_one_meld_per_rank_and_wild_lay_off_turns_natural_canasta_mixed():
    g = Game.scripted(CLASSIC, hands("KC 2C 5S 6S"), stock="8D",
                      melds={0: ["KS KH KD KS KH KD KC"]})
    g.apply(Draw())
    assert g.melds[0][Rank.KING].is_natural
    g.apply(Meld([C("KC")]))
    assert len(g.melds[0]) == 1 and g.melds[0][Rank.KING].size == 8
    g.apply(Meld([C("2C")], onto=[Rank.KING]))
    assert not g.melds[0][Rank.KING].is_natural
    assert g.check(Meld([C("5S")], onto=[Rank.KING])).key == "meld.one_rank"


def test_nobody_adds_to_the_opponents_melds():
    g = Game.scripted(CLASSIC, hands("QC QD 5S 6S"), stock="8D",
                      melds={0: ["9S 9H 9D"], 1: ["QS QH QD"]})
    g.apply(Draw())
    assert g.check(Meld([C("QC")])).key == "meld.too_small"  # would be a new meld of ours


def test_initial_minimum_several_melds_add_up():
    g = Game.scripted(CLASSIC, hands("KS KH KD 9S 9H 9D 8S 5S"), stock="4C")
    g.apply(Draw())
    assert g.check(Meld([C("KS KH KD")])).key == "meld.minimum"  # 30 < 50
    assert g.why_illegal(Meld([C("KS KH KD"), C("9S 9H 9D")])) is None  # 30 + 30
    g.apply(Meld([C("KS KH KD"), C("9S 9H 9D")]))
    # once the side has melded, no minimum applies to later melds
    assert g.minimum(0) == 50 and len(g.melds[0]) == 2


def test_initial_minimum_counts_card_values_only():
    g = Game.scripted(CLASSIC, hands("KS KH KD AS AH 2C 9S 8S"), stock="4C")
    g.apply(Draw())
    # K K K (30) + A A 2 (60) = 90 >= 50
    assert g.why_illegal(Meld([C("KS KH KD"), C("AS AH 2C")])) is None
    assert g.check(Meld([C("KS KH KD")])).params == {"value": 30, "minimum": 50}


# ---------------------------------------------------------------- the pile

def test_black_three_blocks_only_the_next_player():
    g = Game.scripted(CLASSIC, hands("3S 5H 6D", "9H 9D 5S 6S"), stock="8C 7D",
                      pile="9C", melds={0: ["KS KH KD"], 1: ["QS QH QD"]})
    g.apply(Draw())
    g.apply(Discard(c1("3S")))
    assert g.to_play == 1
    assert g.check(TakePile(C("9H 9D"))).key == "pile.blocked_black_three"
    g.apply(Draw())
    g.apply(Discard(c1("7D")))  # covers the black three
    assert g.pile.top.label == "7D"
    assert not g.pile.frozen


def test_unfrozen_pile_taken_with_natural_and_wild():
    g = Game.scripted(CLASSIC, hands("7H JK 5S 6D 9C"), pile="4C 7S",
                      melds={0: ["KS KH KD"]})
    assert g.why_illegal(TakePile(C("7H JK"))) is None
    g.apply(TakePile(C("7H JK")))
    assert g.melds[0][Rank.SEVEN].wilds == 1


def test_pile_frozen_for_a_side_that_has_not_melded():
    g = Game.scripted(CLASSIC, hands("7H JK 7D 5S 6D 9C KS KH KD"), pile="4C 7S")
    assert g.check(TakePile(C("7H JK"), [C("KS KH KD")])).key == "pile.unopened_need_pair"
    assert g.check(TakePile(C("7H 7D"), [C("KS KH KD")])).key == "meld.minimum"  # 45
    assert g.why_illegal(TakePile(C("7H 7D JK"), [C("KS KH KD")])) is None  # 95


def test_legal_take_options_cover_the_usual_ways():
    g = Game.scripted(CLASSIC, hands("9H 9D JK 5S 6D"), pile="4C 9C",
                      melds={0: ["9S 9H 9D"]})
    takes = [a for a in g.legal_actions() if isinstance(a, TakePile)]
    kinds = {len(a.cards) for a in takes}
    assert 0 in kinds and 2 in kinds
    for a in takes:
        assert g.why_illegal(a) is None


def test_take_options_include_a_wild_card_that_lifts_the_pile_meld_to_the_minimum():
    # Q Q + the top Q make 30; only a wild card added to that meld reaches 50
    g = Game.scripted(CLASSIC, hands("QH QC 2D 5S 7C 9D 4H"), pile="5D 2C 9S 10D QD")
    assert g.pile.frozen
    takes = [a for a in g.legal_actions() if isinstance(a, TakePile)]
    assert takes == [TakePile(C("QH QC 2D"))]
    assert g.why_illegal(takes[0]) is None


# ---------------------------------------------------------------- going out

def test_concealed_going_out_needs_no_minimum_after_a_stock_draw():
    g = Game.scripted(CLASSIC, hands("5S 5H 5D 5C 5S 5H 4D 4H 4C 6D"), stock="5D",
                      scores=(3000, 0))
    g.apply(Draw())
    # 7 fives (35) + 4 4 4 (15) = 50 < 120, but she goes out concealed
    assert g.why_illegal(Meld([C("5S 5H 5D 5C 5S 5H 5D"), C("4D 4H 4C")])) is None
    g.apply(Meld([C("5S 5H 5D 5C 5S 5H 5D"), C("4D 4H 4C")]))
    out = g.apply(Discard(c1("6D")))
    assert any(isinstance(e, ev.WentOut) and e.concealed for e in out)


def test_go_out_yes_binds_option_off():
    opt = CLASSIC.with_options(go_out_yes_binds=False)
    g = Game.scripted(opt, hands("KC 8D 8S"), stock="8H", melds={0: ["KS KH KD KS KH KD"]})
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(True))
    assert g.why_illegal(Discard(c1("KC"))) is None


def test_ask_partner_only_after_a_stock_draw_and_once():
    g = Game.scripted(CLASSIC, hands("KC 8D 8S"), stock="8H", melds={0: ["KS KH KD KS KH KD"]})
    assert g.check(AskGoOut()).key == "turn.draw_first"
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(True))
    assert g.check(AskGoOut()).key == "ask.already"
    two = VARIANTS["classic-2p"]
    g = Game.scripted(two, ["KC 8D", "5S 6S"], stock="8H 9H")
    g.apply(Draw())
    assert g.check(AskGoOut()).key == "ask.no_partner"


# ---------------------------------------------------------------- end of the stock

def _stock_end_game(opts=None, hand1="9H 9D 5S 6S", top="9C", melds1=None):
    rules = CLASSIC.with_options(**(opts or {}))
    return Game.scripted(rules, hands("5H 6D 8C", hand1), stock="KD", pile=top,
                         melds={0: ["KS KH KC"], 1: melds1 or ["9S 9C 9D"]},
                         rest="pile", pile_frozen=False)


def test_stock_end_must_take_when_top_matches_own_meld():
    g = _stock_end_game()
    g.apply(Draw())
    g.apply(Discard(c1("KD")))  # top is now KD; seat 1 has no K meld
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)  # nobody could take: hand ends
    g = _stock_end_game()
    g.apply(Draw())
    g.apply(Discard(c1("5H")))
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def test_stock_end_forced_take_and_pass():
    g = Game.scripted(CLASSIC, hands("5H 6D 8C", "9H 5S 6S 7S"), stock="9D", pile="4C",
                      melds={0: ["KS KH KC"], 1: ["9S 9C 9D"]}, rest="pile", pile_frozen=False)
    g.apply(Draw())
    g.apply(Discard(c1("9D")))
    assert g.phase is Phase.STOCK_END and g.to_play == 1
    assert g.check(PassPile()).key == "stockend.must_take"
    assert PassPile() not in g.legal_actions()
    g.apply(TakePile([]))
    assert g.phase is Phase.MELD


def test_stock_out_ends_hand_option():
    rules = CLASSIC.with_options(stock_out_ends_hand=True)
    g = Game.scripted(rules, hands("5H 6D 8C", "9H 5S 6S 7S"), stock="9D", pile="4C",
                      melds={0: ["KS KH KC"], 1: ["9S 9C 9D"]}, rest="pile", pile_frozen=False)
    g.apply(Draw())
    out = g.apply(Discard(c1("9D")))
    assert any(isinstance(e, ev.HandEnded) and e.reason == "stock_out" for e in out)


def test_two_players_red_three_among_last_two_not_replaced():
    two = VARIANTS["classic-2p"]
    g = Game.scripted(two, ["5H 6D 8C", "9H 5S 6S 7S"], stock="3H 9D 4C", rest="pile")
    out = g.apply(Draw())  # draws 3H (two cards remain after it: replaced) and 9D
    laid = [e for e in out if isinstance(e, ev.RedThreeLaidOut)]
    assert laid and laid[0].replaced
    g = Game.scripted(two, ["5H 6D 8C", "9H 5S 6S 7S"], stock="9D 3H 4C", rest="pile")
    out = g.apply(Draw())  # 3H is second to last: not replaced
    laid = [e for e in out if isinstance(e, ev.RedThreeLaidOut)]
    assert laid and not laid[0].replaced
    assert len(g.stock) == 1 and g.phase is Phase.MELD


# ---------------------------------------------------------------- scoring

def test_itemised_score_lines_and_totals():
    g = Game.scripted(CLASSIC, hands("KC", "AS AH 3S"), stock="8D",
                      melds={0: ["KS KH KD KS KH KD", "5S 5H 2C"], 1: ["QS QH QD"]},
                      red_threes={0: "3H 3D", 1: "3H"})
    g.apply(Draw())
    g.apply(Meld([C("KC")]))
    g.apply(Discard(c1("8D")))
    ours, theirs = g.hand_score()
    lines = {line.key: line.points for line in ours.lines}
    assert lines == {"score.melded_cards": 70 + 10 + 20, "score.natural_canasta": 500,
                     "score.red_threes": 200, "score.went_out": 100,
                     "score.cards_in_hand": -30}  # partner's filler 4H 6C 10S QC
    assert ours.total == sum(lines.values())
    them = {line.key: line.points for line in theirs.lines}
    # opponents: QQQ 30, red three 100, hands: A A 3S (45) + 4D 7C 10H JC (30)
    assert them["score.melded_cards"] == 30 and them["score.red_threes"] == 100
    assert sum(p for line in theirs.lines if line.key == "score.cards_in_hand"
               for p in [line.points]) == -75
    assert g.scores == [ours.total, theirs.total]


def test_all_four_red_threes_score_800_and_black_three_penalty_option():
    opts = CLASSIC.with_options(black3_in_hand_penalty=100)
    g = Game.scripted(opts, hands("KC", "3S 3C 5H"), stock="8D",
                      melds={0: ["KS KH KD KS KH KD"]}, red_threes={0: "3H 3D 3H 3D"})
    g.apply(Draw())
    g.apply(Meld([C("KC")]))
    g.apply(Discard(c1("8D")))
    ours, theirs = g.hand_score()
    assert {line.key: line.points for line in ours.lines}["score.red_threes"] == 800
    hand_lines = [line for line in theirs.lines if line.key == "score.cards_in_hand"]
    assert min(line.points for line in hand_lines) == -205  # 3S 3C at 100 each + 5H


def test_game_ends_at_target_with_the_higher_total_and_ties_play_on():
    g = Game.scripted(CLASSIC, hands("KC"), stock="8D", melds={0: ["KS KH KD KS KH KD"]},
                      scores=(4900, 4000))
    g.apply(Draw())
    g.apply(Meld([C("KC")]))
    out = g.apply(Discard(c1("8D")))
    assert g.is_over and g.winners == (0,)
    assert any(isinstance(e, ev.GameWon) for e in out)
    assert g.legal_actions() == []
    # both sides past the target with the same total: another hand is played
    g = Game.scripted(CLASSIC, hands("KC"), stock="8D", melds={0: ["KS KH KD KS KH KD"]},
                      scores=(5000, 5700))
    g.apply(Draw())
    g.apply(Meld([C("KC")]))
    g.apply(Discard(c1("8D")))
    assert g.scores[0] == g.scores[1], g.scores
    assert g.phase is Phase.HAND_OVER and not g.is_over


def test_three_players_deal_draw_and_target():
    three = VARIANTS["classic-3p"]
    assert three.target == 7500 and three.canastas_to_go_out == 1
    g = Game.new(three, seed=3)
    assert [len(h) for h in g.hands] == [13, 13, 13]
    g.apply(Draw())
    assert len(g.hands[g.to_play]) >= 15 - len(g.red_threes[g.to_play])


def test_cutthroat_first_taker_plays_alone():
    cut = VARIANTS["classic-3p"].with_options(cutthroat=True)
    g = Game.scripted(cut, ["9H 9D 5S 6S KS KH KD", "5H 6D 8C 7C", "QS QH QD 4C"],
                      pile="4D 9C", melds={1: ["JS JH JD"], 2: ["AS AH AD"]},
                      scores=(0, 0, 0))
    out = g.apply(TakePile(C("9H 9D"), [C("KS KH KD")]))
    formed = [e for e in out if isinstance(e, ev.PartnershipFormed)]
    assert formed and formed[0].lone_seat == 0 and set(formed[0].partners) == {1, 2}
    assert g.side_of[1] == g.side_of[2] != g.side_of[0]
    alliance = g.melds[g.side_of[1]]
    assert set(alliance) == {Rank.JACK, Rank.ACE}
    assert not g.invariant_violations()


# ---------------------------------------------------------------- bad input

def test_parse_cards_names_the_bad_token():
    with pytest.raises(ValueError, match="XX"):
        parse_cards("KH XX")
    assert [c.label for c in parse_cards("KH 10S JK")] == ["KH", "10S", "JK"]


def test_scripted_refuses_impossible_positions():
    with pytest.raises(ValueError, match="more often"):
        Game.scripted(CLASSIC, hands("KH KH KH"))
    with pytest.raises(ValueError, match="red threes"):
        Game.scripted(CLASSIC, hands("3H 5S"))


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("hands"),
    lambda d: d.__setitem__("hands", "nonsense"),
    lambda d: d["hands"][0].append("KH/0"),
    lambda d: d["hands"][0].pop(),
    lambda d: d.__setitem__("phase", "dancing"),
    lambda d: d.__setitem__("to_play", 9),
    lambda d: d.__setitem__("state_format", 99),
    lambda d: d["melds"][0].__setitem__("13", ["KH/0", "QS/0"]),
    lambda d: d.__setitem__("rules", {"name": "classic", "players": "four"}),
    lambda d: d["stock"].__setitem__(0, "ZZ/0"),
])
def test_from_dict_damaged_raises_a_clear_error(damage):
    g = Game.new(CLASSIC, seed=5)
    d = g.to_dict()
    damage(d)
    with pytest.raises(GameStateError) as e:
        Game.from_dict(d)
    assert str(e.value)
    assert not isinstance(e.value, KeyError)


def test_frozen_pile_pair_and_top_join_the_existing_meld():
    g = Game.scripted(CLASSIC, hands("9H 9C 5S 6S"), pile="2C 7H 9D",
                      melds={0: ["9S 9H 9D"]})
    assert g.pile.frozen
    g.apply(TakePile(C("9H 9C")))
    assert list(g.melds[0]) == [Rank.NINE] and g.melds[0][Rank.NINE].size == 6
    assert sorted(c.label for c in g.hands[0]) == ["2C", "5S", "6S", "7H"]
    assert not g.pile.frozen and len(g.pile) == 0


def test_stock_end_optional_take_and_pass_ends_the_hand():
    g = Game.scripted(CLASSIC, hands("5H 6D 8C", "7H 7D 5S 6S"), stock="7C", pile="4C",
                      melds={0: ["KS KH KC"], 1: ["9S 9C 9D"]}, rest="pile", pile_frozen=False)
    g.apply(Draw())
    g.apply(Discard(c1("7C")))
    assert g.phase is Phase.STOCK_END
    legal = g.legal_actions()
    assert PassPile() in legal and any(isinstance(a, TakePile) for a in legal)
    out = g.apply(PassPile())
    assert any(isinstance(e, ev.HandEnded) and e.reason == "pile_passed" for e in out)
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def test_wild_canasta_scores_2000():
    opt = CLASSIC.with_options(wild_canasta=True)
    g = Game.scripted(opt, hands("2C 2D 2S 2H JK JK 2C 8S"), stock="KC",
                      melds={0: ["QS QH QD QC QS QH QD"]})
    g.apply(Draw())
    g.apply(Meld([C("2C 2D 2S 2H JK JK 2C")]))
    g.apply(Discard(c1("KC")))
    # the hand goes on; hand_score() itemises what the side holds right now
    lines = {line.key: line.points for line in g.hand_score()[0].lines}
    assert lines["score.wild_canasta"] == 2000 and lines["score.natural_canasta"] == 500


@pytest.mark.parametrize("target", CLASSIC.target_options)
def test_target_options(target):
    rules = CLASSIC.with_options(target=target)
    g = Game.scripted(rules, hands("KC"), stock="8D", melds={0: ["KS KH KD KS KH KD"]},
                      scores=(target - 100, 0))
    g.apply(Draw())
    g.apply(Meld([C("KC")]))
    g.apply(Discard(c1("8D")))
    assert g.is_over and g.winners == (0,)


def test_unknown_rule_option_is_refused():
    with pytest.raises(ValueError, match="wild_ratios"):
        CLASSIC.with_options(wild_ratios="hoyle")


def test_a_merged_cut_throat_meld_with_four_wild_cards_still_takes_naturals():
    # a real position (cut-throat, seed 2000158): the partners' 9s merged into a meld of
    # 10 cards with 4 wild ones; a natural 9 may still be laid on it, as legal_actions offers
    import json
    from pathlib import Path

    state = json.loads((Path(__file__).parent / "data" / "cutthroat_merged_meld.json").read_text())
    g = Game.from_dict(state)
    side = g.side_of_seat(g.to_play)
    assert g.melds[side][Rank.NINE].wilds == 4
    lay = Meld([C("9S")])
    assert lay in g.legal_actions() and g.why_illegal(lay) is None
    g.apply(lay)
    assert g.melds[side][Rank.NINE].naturals == 7 and g.invariant_violations() == []
