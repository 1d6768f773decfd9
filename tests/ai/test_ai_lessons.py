"""Scripted positions for the lessons a club player teaches the `normal` computer player.

Each position is one a strong player would not get wrong: the test names the move
`normal` must make or must not make, and why, in words.
"""

from __future__ import annotations

import dataclasses

import game.ai  # noqa: F401 - registers the players
from game.ai.base import act
from game.ai.heuristic import HeuristicPlayer
from game.rules import (
    VARIANTS,
    AskGoOut,
    Discard,
    Draw,
    Game,
    Meld,
    Phase,
    Rank,
    TakePile,
)
from game.rules.cards import parse_cards

CLASSIC = VARIANTS["classic"]


def normal() -> HeuristicPlayer:
    return HeuristicPlayer("normal", seed=5)


def after_draw(g: Game):
    g.apply(Draw())
    return g.view(g.to_play)


def play_turn(g: Game, seat: int = 0) -> list:
    """Let `normal` play the rest of `seat`'s turn (partner answers as `normal` too)."""
    moves = []
    players = {s: HeuristicPlayer("normal", seed=5 + s) for s in range(g.rules.players)}
    while not g.is_over and g.phase is not Phase.HAND_OVER and (
            g.to_play == seat or g.phase is Phase.ASK_PARTNER):
        view = g.view(g.to_play)
        action = act(players[g.to_play], view)
        moves.append(action)
        g.apply(action)
    return moves


def card(label: str):
    return parse_cards(label)[0]


# ---------------------------------------------------------------------------- discarding
def test_keeps_a_safe_discard_instead_of_feeding_a_lay_off_take():
    # The opponents (next seat) have 5s and the pile is not frozen: a 5 lets them lay it
    # off and take the pile. Laying off both 7s leaves nothing but 5s to throw; a 7 is
    # the safe discard (our own rank, and they have no 7s).
    g = Game.scripted(CLASSIC, ["5D 5H 7C", "4D 6D 9D JD", "4C 6C 8H 9H", "4H 6H 8D JH KH"],
                      pile="7S", stock="7D",
                      melds={0: ["JS JH JD", "7S 7H 7D", "QS QH QD QC QS QH 2D"],
                             1: ["AS AH AD", "5S 5H 5D"]})
    g.apply(Draw())
    moves = play_turn(g)
    thrown = moves[-1]
    assert isinstance(thrown, Discard)
    assert thrown.card.rank != 5


def test_does_not_meld_away_the_safe_discard_over_a_big_unfrozen_pile():
    # Eleven cards lie unfrozen; the opponents have melded kings and 9s, and everything
    # in our hand but the 8s goes onto those melds. Melding the three 8s would leave a
    # king or a 9 to throw, a lay-off that hands them the pile: keep the 8s and throw one
    # (nobody has melded 8s).
    moves = play_turn(_eights_over("4S 5D 6S 7D 10C JC 4C 5C 6D 7C"))
    thrown = moves[-1]
    assert isinstance(thrown, Discard)
    assert thrown.card.rank not in (Rank.NINE, Rank.KING), f"fed the pile: {moves}"


def test_melds_the_same_hand_when_a_frozen_pile_makes_the_lay_offs_safe():
    # The same hand over the same pile frozen by a 2: a king or a 9 no longer takes it
    # (a natural pair from the hand would), so the 8s go down.
    moves = play_turn(_eights_over("4S 5D 6S 7D 10C 2C JC 4C 5C 6D 7C"))
    assert isinstance(moves[0], Meld), moves


def _eights_over(pile: str) -> Game:
    """Three 8s, a king and a 9 in hand, drawn; the opponents have melded kings and 9s."""
    g = Game.scripted(CLASSIC, ["8S 8H 8D KH 9C", "4D 6D 10D JD", "4C 6C 10H JH 3S 7S 5S",
                                "4H 6H 7H JS 5H 10S 3S"],
                      pile=pile, stock="9D",
                      melds={0: ["QS QH QD QC QS QH 2D", "AS AH AD"],
                             1: ["KS KD KC", "9S 9H 9S"]})
    g.apply(Draw())
    return g


def test_never_completes_an_opponent_canasta_when_a_wild_card_will_do():
    # Their six 9s and an unfrozen pile: the 9 is laid off, completes a natural canasta
    # (500) and takes the pile. The king only feeds a lay-off, and the 2 freezes the pile
    # for 20 points.
    g = Game.scripted(CLASSIC, ["2C JK KS", "4D 6D 8D JD", "4C 6C 8H 10H", "4H 6H 7H JH 5H"],
                      pile="5S 6S", stock="9D",
                      melds={0: ["QS QH QD"], 1: ["9S 9H 9C 9C 9H 9S", "KH KD KC"]})
    g.apply(Draw())
    thrown = play_turn(g)[-1]
    assert isinstance(thrown, Discard)
    assert thrown.card.rank != 9


def test_a_one_card_pile_is_still_dangerous_when_the_lay_off_makes_a_canasta():
    # Every card feeds a lay-off take of a one-card pile, but only the 9 turns their six 9s
    # into a canasta: the danger is what the card does for them, not the pile's size.
    g = Game.scripted(CLASSIC, ["5D 4D", "4S 6D 8D JD", "4C 6C 8H 10H", "6H 7H JH KH KS"],
                      pile="10S", stock="9D",
                      melds={0: ["QS QH QD QC QS QH 2D"],
                             1: ["9S 9H 9C 9C 9H 9S", "5S 5H 5C", "4H 4C 4S"]})
    view = after_draw(g)
    action = normal().choose(view)
    assert isinstance(action, Discard)
    assert action.card.rank != 9


def test_freezes_when_every_discard_feeds_and_we_hold_the_pairs():
    # Kings, queens and nines all go onto their melds of an unfrozen pile; we hold two
    # natural pairs to take a frozen pile later: the 2 freezes it.
    g = Game.scripted(CLASSIC, ["2C KS KH QS QH", "4D 6D 8D JD", "4C 6C 8H 10H",
                                "4H 6H 7H JH 5S"],
                      pile="5C 6S", stock="9D",
                      melds={0: ["AS AH AD"],
                             1: ["KD KC KD", "QD QC QD", "9S 9H 9C 9C"]})
    g.apply(Draw())
    thrown = play_turn(g)[-1]
    assert isinstance(thrown, Discard)
    assert thrown.card.is_wild, f"fed the pile with {thrown.card}"


# ---------------------------------------------------------------------------- taking
def test_draws_rather_than_take_a_one_card_pile_for_a_lay_off():
    # The pile is a lone 4 that would go onto our 4s: five points on the table for giving
    # up the stock card and showing what we collect. Draw. With five more cards under the
    # 4 the same take is worth it.
    hands = ["5D 6H 8C 9S JD KS QH", "4S 6D 8D JD 9C", "4C 6C 8H 10H 9D", "4H 6S 7H JH KH"]
    melds = {0: ["4S 4H 4C"], 1: ["AS AH AD"]}
    g = Game.scripted(CLASSIC, hands, pile="4D", stock="7D 10C", melds=melds)
    assert isinstance(normal().choose(g.view(0)), Draw)
    g = Game.scripted(CLASSIC, hands, pile="KC 9H 8S QD 5S 4D", stock="7D 10C", melds=melds)
    assert isinstance(normal().choose(g.view(0)), TakePile)


# ---------------------------------------------------------------------------- hand size
def test_does_not_meld_the_hand_down_before_the_first_canasta():
    # Six cards, no canasta yet, a full stock: melding Q-Q-2 leaves three cards that can
    # neither take the pile nor go out.
    g = Game.scripted(CLASSIC, ["QS 2C 2S 10S 3S", "4D 6D 8D JD 5D 7D", "4C 6C 8H 10H 9C",
                                "4H 6H 7H JH KH 5S 9S"],
                      pile="", stock="QC",
                      melds={0: ["5C 5H JK 5H", "KC KH JK KD", "JD JS 2D", "AC AD 2H"],
                             1: ["JS JH JC", "8D 8C 8H 8S 8C 2H"]})
    view = after_draw(g)
    action = normal().choose(view)
    if isinstance(action, Meld):
        left = len(view.hand) - sum(len(grp) for grp in action.groups)
        assert left >= 4, f"melded down to {left} cards: {action}"


# ---------------------------------------------------------------------------- melding
def test_does_not_open_with_both_twos_on_three_card_melds_early():
    # K-K-2 + 5-5-2 reaches 50, but ties both 2s to three-card melds on the first round
    # while the pile holds one card: wait for a better opening.
    g = Game.scripted(CLASSIC, ["5H QS JC 8C 6H 2D AC 2S 5S KC KS",
                                "4D 6D 8D JD 9D 10D 7D 4S 6S 8S 9S",
                                "4C 6C 8H 10H 9C JH QH 7H 4H 6H 10S",
                                "7S 9H JS QD QC KD 7C 10C 8D 5D 5C"],
                      pile="AS", stock="4C")
    view = after_draw(g)
    assert any(isinstance(a, Meld) for a in view.legal)
    action = normal().choose(view)
    assert not isinstance(action, Meld)


def test_opens_with_wild_cards_when_the_opponents_are_about_to_go_out():
    # A minimum of 120 takes three wild cards, which early on would wait for a cleaner
    # opening. But the opponents have their canasta and one of them holds a single card
    # beside two melds of six: unopened, our side would keep every card in hand.
    g = Game.scripted(CLASSIC, ["JK 2S 2C 5H 5D 5D 6D 7H 7H KH KC", "4S",
                                "4C 6C 8H 6S JC QC 10S", "4H 6H 8D JH"],
                      pile="AH 10D 10S JH", stock="10H 4D 6C", scores=(3200, 1500),
                      melds={1: ["9S 9H 9C 9C 9H 9S 9D", "8D 8C 8H 8S 2H 2D",
                                 "QS QH QD QC 2C JK"]})
    view = after_draw(g)
    assert view.minimums[view.side] == 120
    assert any(isinstance(a, Meld) for a in view.legal)
    action = normal().choose(view)
    assert isinstance(action, Meld), f"stayed unopened: {action}"


def test_opens_with_the_wild_cards_a_high_minimum_needs():
    # At 3,000 points the minimum is 120: no hand reaches it without wild cards, so they
    # are the price of opening, not a waste. Waiting for a cleaner opening in this early,
    # quiet position has left whole hands unopened when the opponents went out (-1,200).
    g = Game.scripted(CLASSIC, ["JK JK AS AH KS KH 9C 7D 6C 4S 8D",
                                "4D 6D 8H JD 9D 10D 7H 4H 6S 8S 9S",
                                "4C 8C 10H 9H JH QH 7S 5H 10S 5S 5D",
                                "9S JS QC KD 7C 10C 8S 5C QS QD AC"],
                      pile="6H", stock="10C", scores=(3200, 1500))
    view = after_draw(g)
    assert view.minimums[view.side] == 120
    assert any(isinstance(a, Meld) for a in view.legal)
    action = normal().choose(view)
    assert isinstance(action, Meld), f"stayed unopened: {action}"


def test_unopened_against_a_high_minimum_keeps_the_high_cards():
    # Unopened at a minimum of 120, the hand's count is what opens it: an ace adds 20 to
    # a meld, a 5 adds 5. Throw the low single, keep the single ace that may still pair.
    g = Game.scripted(CLASSIC, ["JK 2C KS KH 9C 9D 7D 7C AS 5D 4S",
                                "4D 6D 8H JD 9S 10D 7H 4H 6S 8S JS",
                                "4C 8C 10H 9H JH QH 7S 5H 10S 5S QC",
                                "6H KD 10C 8D 5C QS QD AC 6C 8C 10S"],
                      pile="JC", stock="4D", scores=(3200, 1500),
                      melds={1: ["QH QD QC", "6C 6S 6D"]})
    view = after_draw(g)
    assert view.minimums[view.side] == 120
    assert not any(isinstance(a, Meld) for a in view.legal)
    action = normal().choose(view)
    assert isinstance(action, Discard)
    assert action.card.rank != 1, f"threw the ace: {action}"


def test_opens_with_twos_rather_than_a_joker():
    # Two openings reach the minimum: A-A-JK and A-A-2. The 2 is the cheaper wild card.
    g = Game.scripted(CLASSIC, ["6H 7D 4S AD JC 7C AH 2D 6C QD KS",
                                "4D 6D 8D JD 9D 10D 7H 4H 6S 8S 9S",
                                "4C 8H 10H 9C JH QH 7S 5H 10S 5S 5D",
                                "9H JS QC KD 7C 10C 8C 5C KH QS AC"],
                      pile="3C", stock="JK")
    view = after_draw(g)
    joker = Meld([[card("AD"), card("AH"), card("JK")]])
    two = Meld([[card("AD"), card("AH"), card("2D")]])
    assert g.why_illegal(two) is None and g.why_illegal(joker) is None
    # both openings offered, as a complete move list offers them
    view = dataclasses.replace(view, legal=tuple(view.legal) + (two,) * (two not in view.legal)
                               + (joker,) * (joker not in view.legal))
    action = normal().choose(view)
    assert action != joker
    if isinstance(action, Meld):
        assert not any(c.rank == 0 for grp in action.groups for c in grp), str(action)


def test_does_not_tie_a_joker_to_a_three_card_meld():
    # Already open, nothing urgent: K-K-JK, or 5-JK on our three 5s, would spend the
    # joker on a short meld far from a canasta.
    g = Game.scripted(CLASSIC, ["6S KC 7C 5D KH 6H 4C JK 4H QC 9C",
                                "4D 6D 8D JD 9D 10D 7H 4S 6C 8S 9S",
                                "8H 10H JH QH 7S 10S 5S 5D 8C AC",
                                "9H JS QS KD 10C 5C KS AD AH 8D QD"],
                      pile="10S 3S AD", stock="9H",
                      melds={0: ["5C 5H 5H"], 1: ["JS JH JK"]})
    view = after_draw(g)
    action = normal().choose(view)
    if isinstance(action, Meld):
        for i, grp in enumerate(action.groups):
            rank = action.target(i) or next(c.rank for c in grp if c.is_natural)
            size = len(grp) + (view.my_melds[rank].size if rank in view.my_melds else 0)
            assert not (size < 6 and any(c.rank == 0 for c in grp)), str(action)


# ---------------------------------------------------------------------------- going out
def test_goes_out_when_an_opponent_with_one_card_has_two_six_card_melds():
    # No opponent canasta yet, but the player with one card sits beside two melds of six:
    # any card drawn or taken may finish one and let them go out with a big table.
    g = Game.scripted(CLASSIC, ["9S 9H 9C", "KD", "4C 6C 8H 10H 4H 6H 7H JH 10C 5C",
                                "4D 6D 8H 7H 7D 4S 6S 7C"],
                      pile="7S 10S", stock="5D",
                      melds={0: ["QS QH QD QC QS QH 2D"],
                             1: ["AS AH AD AC AS AH", "KS KH KD KC KS KH",
                                 "JS JD JC JS JD JC", "8S 8D 8C 8S 8D 8C"]},
                      red_threes={1: "3H 3D 3H 3D"})
    g.apply(Draw())
    play_turn(g)
    assert g.phase is Phase.HAND_OVER or g.is_over
    assert len(g.hands[0]) == 0


def test_partner_says_yes_while_an_opponent_holds_one_card():
    # Partner asks; my hand is heavy but our side is well ahead on the table, and the
    # opponent holding one card beside a meld of six may go out next turn.
    g = Game.scripted(CLASSIC, ["9S 9H 9C", "KD", "AS AH AC KS KH KC JK",
                                "4D 6D 8H JD 7D 4S 6S 5H"],
                      pile="7S 6C", stock="5D",
                      melds={0: ["QS QH QD QC QS QH QD", "10S 10H 10D 10C 10S 10H 10D"],
                             1: ["8S 8D 8C 8S 8D 8C", "5S 5C 5S"]})
    g.apply(Draw())
    assert AskGoOut() in g.legal_actions()
    g.apply(AskGoOut())
    assert g.phase is Phase.ASK_PARTNER
    assert normal().answer_go_out(g.view(g.to_play)) is True


def test_lays_down_the_meld_partner_needs_to_go_out():
    # Partner holds one card and our side has its canasta: a meld on the table is a place
    # for partner's last card. Holding the triple back for a frozen pile only leaves the
    # cards in hand when partner ends the hand.
    g = Game.scripted(CLASSIC, ["9S 9H 9C 4D 6D 8D KD KC", "4C 6C 8H 10H 5C 7C", "9D",
                                "4H 6H 7H JH 10C 5H"],
                      pile="2C 5S 6S 7S 8S 10S JS", stock="KS",
                      melds={0: ["QS QH QD QC QS QH QD"], 1: ["AS AH AD"]})
    view = after_draw(g)
    assert view.pile_frozen
    moves = play_turn(g)
    assert any(isinstance(m, Meld) and any(c.rank == 9 for grp in m.groups for c in grp)
               for m in moves)


# ---------------------------------------------------------------------------- inference
def test_reads_who_threw_a_rank_when_choosing_a_discard():
    # From the top of the pile down: 6S was thrown by seat 3, 5H by seat 2, 9C by seat 1
    # (the next player), KD by us. Seat 1 threw a 9, so it seldom holds a pair of them,
    # while nothing is known about its jacks: the 9 is the safer of our two singletons,
    # though more 9s than jacks are still unseen.
    g = Game.scripted(CLASSIC, ["9D JD QS QH 4C 4D 7C 7D 8C 8D",
                                "4S 6D 8H 10D AH KC QC 5D 6C 7H 10C",
                                "4H 6H 7S 10H AC KH QD 5C 8S 10S",
                                "AS AD 4S 5S 6S 7H 8H KS QS AH"],
                      pile="JS JH KD 9C 5H 6S", stock="KD",
                      melds={0: ["10C 10D 10S"], 1: ["AC AD AS"]})
    view = after_draw(g)
    action = normal().choose(view)
    assert action == Discard(card("9D"))


def test_two_players_freezes_against_a_hand_melded_down():
    # Two players: the opponent has melded down to three cards and takes an unfrozen pile
    # with any card it can lay off. Frozen, the pile asks for a natural pair of its top
    # card, which three cards seldom hold and our hand does (the 9s): throw the 2.
    two_p = VARIANTS["classic-2p"]
    g = Game.scripted(two_p, ["2C 9S 9H 5D KC JS 8H", "4D 6H 7C"],
                      pile="4C 6D 8S", stock="7D",
                      melds={0: ["QS QH QD"], 1: ["AS AH AD", "10S 10H 10D"]})
    g.apply(Draw())
    thrown = play_turn(g)[-1]
    assert isinstance(thrown, Discard)
    assert thrown.card.rank == 2, f"left the pile open: {thrown}"


def test_memory_reads_the_pile_order():
    # 6S by seat 3, 5H by seat 2, 9C by seat 1, KD by seat 0: seat 1 let the KD lie and
    # threw the 9C; seat 2 let the 9C lie and threw the 5H.
    from game.ai.memory import Memory

    g = Game.scripted(CLASSIC, ["9D JD QS QH 4C", "4S 6D 8H 10D AH", "4H 6H 7S 10H AC",
                                "AS AD 4D 5S 6C"],
                      pile="KD 9C 5H 6S", stock="7D", melds={0: ["10C 10D 10S"],
                                                             1: ["AC AD AS"]})
    mem = Memory(after_draw(g))
    assert mem.passed[1] == {13, 9}
    assert mem.passed[2] == {9, 5}
    assert mem.passed[3] == {5, 6}
    # the same unknown hand size, but seat 1 threw a 9: it holds a pair of them less often
    assert mem.p_holds(1, 9, 2) < mem.p_holds(3, 9, 2)


# ---------------------------------------------------------------------------- modern
MODERN = VARIANTS["modern-american"]


def test_melds_six_sevens_rather_than_holding_a_punished_group():
    # Modern american: three or more 7s left in hand cost 1,500, an unfinished meld of
    # 7s 2,500. Six 7s are one card from a 2,500 canasta: melding them is the better risk
    # than carrying the group (which would also take six turns to throw away).
    g = Game.scripted(MODERN, ["7D 7C 7D 7S 7S 7H QH QS KH 4C", "4S 5S 6S 8S 9S",
                               "4D 6C 8H 9H JC QC 10S", "4H 6H 8D JH 9D"],
                      pile="10D 10S", stock="5D 5C 6D 6H 8C 8S 9C JD JS KD KS",
                      melds={0: ["AC AS AD AH AD AH AC", "5H 5H 5S"],
                             1: ["JH JC JS", "10H 10C 10C"]})
    view = after_draw(g)
    action = normal().choose(view)
    assert isinstance(action, Meld), f"kept the 7s: {action}"
    assert sum(1 for grp in action.groups for c in grp if c.rank == 7) == 6, str(action)


# ---------------------------------------------------------------------------- three players
def test_three_players_freezes_the_pile_the_next_player_passes_on():
    # Three players: a card kept from the next seat leaves the pile growing for the seat
    # after it, which takes an unfrozen pile with any lay-off. Holding two natural pairs,
    # a 2 freezes the five-card pile for both opponents.
    g = Game.scripted(VARIANTS["classic-3p"],
                      ["2C 6S 6H 9D 9C KH 4C 8D", "4D 5S 7S JS QD 10D",
                       "4H 5H 7H JH QH 10H"],
                      pile="5C 7C JC QC 10C", stock="AS AH",
                      melds={0: ["AD AC AC"], 1: ["5D 5D 5H"], 2: ["7D 7D 7H"]})
    view = after_draw(g)
    thrown = play_turn(g)[-1]
    assert isinstance(thrown, Discard)
    assert thrown.card.rank == 2, f"left the pile open with {thrown.card}"
    assert view.stock_size > 0


def test_three_players_freezes_a_small_pile_with_one_pair():
    # The pile the next seat leaves goes on to the seat after it even when it is small,
    # and one natural pair is enough to take it back frozen: freeze the two-card pile.
    g = Game.scripted(VARIANTS["classic-3p"],
                      ["2C 6S 6H 9D KC KH 4C 8D", "4D 5S 7S JS QD 10D",
                       "4H 5H 7H JH QH 10H"],
                      pile="5C 10C", stock="AS AH",
                      melds={0: ["AD AC AC"], 1: ["5D 5D 5H"], 2: ["7D 7D 7H"]})
    g.apply(Draw())
    thrown = play_turn(g)[-1]
    assert isinstance(thrown, Discard)
    assert thrown.card.rank == 2, f"left the pile open with {thrown.card}"


def test_three_players_does_not_throw_onto_the_melds_of_the_seat_after_next():
    # Three players: the next seat seldom takes a pile kept safe from it, so our discards
    # pile up for the seat after it, which takes them with any lay-off. Its five kings
    # make the king a gift (its value and a canasta brought within one card) though the
    # next seat has no use for it: throw a low card instead.
    g = Game.scripted(VARIANTS["classic-3p"],
                      ["KC 6D 9H 9S JH JD QS QH", "4D 5S 7S JS QD 10D",
                       "4H 5H 7H JC QC 10H"],
                      pile="5C 7C 10C", stock="8C 4S",
                      melds={0: ["AD AC AC"], 1: ["5D 5D 5H"], 2: ["KD KH KS KS KH"]})
    g.apply(Draw())
    thrown = play_turn(g)[-1]
    assert isinstance(thrown, Discard)
    assert thrown.card.rank != 13, "fed the kings of the seat after next"


def test_opens_with_six_wild_cards_one_short_of_a_wild_canasta():
    # Modern american, minimum 180: the only opening is a meld of six wild cards. Left
    # unfinished it costs 2,000, but it is one card from a wild canasta worth as much,
    # and an unopened side keeps every card in hand and its 3s count against it.
    g = Game.scripted(MODERN, ["JK JK 2H 2C 2S 2S 4D 4C 4H 5D 6C 9S 10S",
                               "4S 5S 6S 8S 9D", "6D 8H 9H JC QC 10D", "4H 6H 8D JH 9C"],
                      pile="KD 10H", stock="JH QS KS QD", scores=(5200, 3000),
                      melds={1: ["JS JC JD", "10C 10C 10S"]})
    view = after_draw(g)
    assert view.minimums[view.side] == 180
    opening = [a for a in view.legal if isinstance(a, Meld)]
    assert opening, "no opening offered"
    action = normal().choose(view)
    assert isinstance(action, Meld), f"stayed unopened: {action}"


def test_partner_holding_three_aces_answers_no():
    # Modern american: three or more aces left in hand cost 1,500 when the hand ends. The
    # partner who holds them says "no" to going out; the hand is light otherwise.
    g = Game.scripted(MODERN, ["KS 7C 9H", "4S 5S 6S 8S 9S 10S",
                               "AS AH AD 5C", "4H 6H 8D JH 9D 10D"],
                      pile="10C 10H", stock="5D 5H 6D 6C",
                      melds={0: ["KS KH KD KC KH KD KC", "QS QH QD QC QH QD QC", "9S 9C 9D"],
                             1: ["JC JS JD"]})
    g.apply(Draw())
    g.apply(AskGoOut())
    assert g.phase is Phase.ASK_PARTNER and g.to_play == 2
    assert normal().answer_go_out(g.view(2)) is False


def test_asks_partner_who_may_hold_a_punished_group():
    # Going out would end the hand with partner's hand unseen: only partner knows whether
    # it holds three aces or 7s (1,500 in modern american), so normal asks first.
    g = Game.scripted(MODERN, ["KS 9H", "4S 5S 6S 8S 9S 10S",
                               "AS AH AD 5C", "4H 6H 8D JH 9D 10D"],
                      pile="10C 10H", stock="4D 4C 5H 6D 6C 8C 8H JH 5D",
                      melds={0: ["KS KH KD KC KH KD", "QS QH QD QC QH QD QC", "9S 9C 9D"],
                             1: ["JC JS JD"]})
    view = after_draw(g)
    assert AskGoOut() in view.legal
    assert normal().choose(view) == AskGoOut()


def test_takes_the_ace_that_makes_a_canasta_with_the_aces_in_hand():
    # Modern american: a meld of aces left short costs 2,500, so a take that starts one is
    # usually wrong. Here the hand holds five aces: the pair takes the ace on top, the other
    # three join the new meld in the same turn, and the pile's ace makes seven - a natural
    # canasta of aces (2,500) instead of a group in hand that costs 1,500.
    g = Game.scripted(MODERN, ["AS AH AD AC AS 5C 9H 10D", "4S 5S 6S 8S 9S 10S",
                               "4D 6C 8H 9D JC QC", "4H 6H 8D JH 9C 10C"],
                      pile="QD AH KD AD", stock="5D 5H 6D 6S 8C 8S JD JS KH KS",
                      melds={0: ["KS KH KD KC"], 1: ["JH JC JS"]})
    view = g.view(0)
    action = normal().choose(view)
    assert isinstance(action, TakePile), f"let the aces lie: {action}"
    g.apply(action)
    play_turn(g)
    aces = g.melds[0].get(1)
    assert aces is not None and aces.size == 7, "the aces were not laid off into a canasta"


def test_waits_for_partner_to_throw_away_the_aces_seen_taken():
    # Partner took a pile with three aces in it (everybody saw them) and has not melded
    # or thrown them since; going out now would cost the side 1,500 for the group in
    # partner's hand. The stock is far from its end and the opponents cannot go out:
    # one more round lets partner throw an ace.
    g = Game.scripted(MODERN, ["9H 9D", "4S 5S 6S 8S 9S 10S 4C",
                               "AS AH AD 5C 6C", "4H 6H 8D JH 9D 10D 8C"],
                      pile="10C 10H", stock="4D 5H 6D 6H 8H JH 5S 7C 7D 4H 5D 4S",
                      melds={0: ["KS KH KD KC KH KD KC", "QS QH QD QC QH QD QC",
                                 "9S 9C 9C"],
                             1: ["JC JS JD"]})
    g.known[2] = [card("AS"), card("AH"), card("AD")]
    g.asked_in_hand[0] = True  # the one question of the hand is spent
    view = after_draw(g)
    assert any(isinstance(a, Meld) and sum(len(x) for x in a.groups) >= 2 for a in view.legal)
    moves = play_turn(g)
    assert g.phase is not Phase.HAND_OVER, f"went out over partner's aces: {moves}"


def test_starts_throwing_away_four_aces_while_the_pile_is_big():
    # Four aces in hand cost 1,500 if three of them are still there when the hand ends, and
    # one can go per turn: two discards are needed. The big pile makes every card a little
    # dangerous (the next player already showed one ace), but a harmless 9 can wait; an
    # ace cannot.
    g = Game.scripted(MODERN, ["AS AH AD AC 4C 9H 10D 6S", "4S 5S 6D 8S 9S 10S 4H AD",
                               "5C 6C 8H 9D JC QC 4D", "4H 6H 8D JH 9C 10C QH"],
                      pile="QD 5H KD 8C 9C 10H 6C QS 5C 8D 9D 10C 6H QC 5S 8H 9S 10S",
                      stock="5D 7H 7D", melds={0: ["KS KH KD KC"], 1: ["JH JC JS"]})
    g.known[1] = [card("AD")]
    view = after_draw(g)
    action = normal().choose(view)
    assert isinstance(action, Discard), str(action)
    assert action.card.rank == 1, f"kept all four aces and threw {action.card}"


def test_does_not_take_an_ace_it_cannot_finish_the_canasta_with():
    # Six aces and nothing else in hand, one ace on the pile: the pair takes it, but the
    # turn must end with a discard, so only three of the other four aces can join - a
    # meld of six aces that costs 2,500 if the seventh never comes. Draw instead.
    g = Game.scripted(MODERN, ["AS AH AD AC AS AH", "4S 5S 6S 8S 9S 10S",
                               "4D 6C 8H 9D JC QC", "4H 6H 8D JH 9C 10C"],
                      pile="AD", stock="5D 5H 6D 6S 8C 8S JD JS KH KS",
                      melds={0: ["KS KH KD KC"], 1: ["JH JC JS"]})
    action = normal().choose(g.view(0))
    assert not isinstance(action, TakePile), f"took the ace: {action}"


def test_does_not_go_out_through_a_short_meld_of_sevens_while_nothing_presses():
    # Going out here means melding three 7s, which costs 2,500 unless four more come. Our
    # side is far ahead in the hand, the stock is long and the opponents hold many cards
    # and no canasta: nothing forces the hand to end now, so keep the 7s (a canasta or
    # a discard a turn are still possible) rather than pay for them.
    g = Game.scripted(MODERN, ["7C 7D 7H 9H", "4S 5S 6S 8S 9S 10S 4C 5C",
                               "5D 6C 8H 9D JC QC", "4H 6H 8D JH 10S 10C 6D"],
                      pile="10D 10H", stock="4D 5H 6S 8C 8S JD JS QS QH QD 4S 5S",
                      melds={0: ["AS AH AD AC AS AH AD", "KS KH KD KC KH KD KC", "9S 9C 9C"],
                             1: ["JH JC JS"]})
    view = after_draw(g)
    assert any(isinstance(a, Meld) and sum(len(x) for x in a.groups) == 4 for a in view.legal)
    moves = play_turn(g)
    assert g.phase is not Phase.HAND_OVER, f"went out through a short meld of 7s: {moves}"


def test_throws_the_lone_ace_a_pair_would_seldom_start_a_meld_with():
    # The next player showed an ace and a 4, but taking the pile with a pair of aces starts
    # a meld of aces that costs 2,500 unless it reaches seven: a pair of aces is seldom
    # spent on that. The ace (20 points in hand) is a safer throw than the 4.
    g = Game.scripted(MODERN, ["AS 4C", "4S 5S 6D 8S 9S 10S 4H AD",
                               "5C 6C 8H 9D JC QC 4D", "4H 6H 8D JH 9C 10C QH"],
                      pile="QD 5H KD 8C 9C 10H 6C QS 5C 8D 9D 10C 6H 4D 5S 8H 9S 10S",
                      stock="2C 4S 7D",
                      melds={0: ["KS KH KC KD KS KH KC", "QS QH QD"], 1: ["JH JC JS"]})
    g.known[1] = [card("AD"), card("4S")]
    g.apply(Draw())
    thrown = play_turn(g)[-1]
    assert isinstance(thrown, Discard)
    assert thrown.card.rank == 1, f"kept the ace and threw {thrown.card}"
