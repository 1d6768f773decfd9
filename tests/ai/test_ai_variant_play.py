"""Scripted positions for what the heuristic does differently by variant: italian's
opening from the hand and stopper pile, three players each for themselves, cut-throat's
lone player, and not ending a hand that would end the game in an opponent's favour."""

from __future__ import annotations

from dataclasses import replace

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai.discarding import OPEN_THEN_TAKE, feed_weight, take_chance, threat
from game.ai.heuristic import HeuristicPlayer
from game.ai.melding import goes_out
from game.ai.memory import Memory
from game.ai.taking import LONE_HAND_COST, take_value
from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, TakePile, parse_cards

ITALIAN = VARIANTS["italian"]
THREE = VARIANTS["classic-3p"]
CUTTHROAT = THREE.with_options(cutthroat=True)
CLASSIC = VARIANTS["classic"]


@pytest.fixture
def normal() -> HeuristicPlayer:
    return HeuristicPlayer("normal", seed=3)


# ---------------------------------------------------------------------------- italian
# Side 1 (seats 1 and 3) has opened; a big pile with a discarded black 3 in it.
IT_PILE = "4D 9H 3S QD 8C KC 6H 10S 7C JD 5S"
IT_OTHERS = ["4S 6D 8S JD 5C 6S 8D 9S 10S JS QS 4H 5H 6C 7D",
             "4C 7C 10H JC 5H 6H 8H 9C 10C JH QH 4D 5D 6D 7H",
             "4H 7S 10D JC 5D 6C 8C 9D 10D JH QD 4S 5C 6S 7S"]


def test_italian_keeps_the_triples_that_make_its_opening(normal):
    # Scores of 3,000 ask for 90 from the hand, in natural melds. The draw brings the
    # third king: A-A-A and K-K-K now make the opening for next turn (drawn cards wait a
    # turn), so an ace or a king is the last thing to throw, though every card is paired.
    g = Game.scripted(ITALIAN, ["AS AH AD KS KH 5C 5D 7H 7S 9C 9D QC QD 4C 4H"] + IT_OTHERS,
                      pile="6H 8D JS 10C", scores=(3000, 3000), stock="KD 5H",
                      pile_frozen=False)
    assert g.phase is Phase.OPEN and not any(isinstance(a, Meld) for a in g.legal_actions())
    g.apply(Draw())
    view = g.view(0)
    assert not view.my_melds and view.minimums[0] == 90
    action = normal.choose(view)
    assert isinstance(action, Discard)
    assert action.card.rank not in (1, 13), action


BIG_OPEN_PILE = "4D 9H QD 8C KC 6H 10S 7C JD 5S 4S 9S QH 8D KH 6C 10H 7D JH 5C"


def test_italian_keeps_its_wild_cards_while_the_next_side_has_not_opened(normal):
    # Nobody has opened: the next player could take the pile only after opening from the
    # hand in the same turn, so a wild card is not thrown to keep even a big pile from it.
    g = Game.scripted(ITALIAN, ["2C 9C 5D 8H 6S 7H QC 10D 4C JS KD AS 6D 5H 4H"] + IT_OTHERS,
                      pile=BIG_OPEN_PILE, scores=(0, 0), stock="9D 7S", pile_frozen=False)
    g.apply(Draw())
    view = g.view(0)
    action = normal.choose(view)
    assert isinstance(action, Discard) and not action.card.is_wild, action


def test_italian_stopper_pile_needs_three_naturals_to_take():
    g = Game.scripted(ITALIAN, ["9C 5D 8H 6S 7H QC 10D 4C JS KD AS 6D 5H 4H 7D"] + IT_OTHERS,
                      pile=IT_PILE, melds={1: ["9S 9D 9C"]}, stock="9D 7S")
    g.apply(Draw())
    view = g.view(0)
    assert view.pile_frozen  # the discarded black 3 lies in the pile
    mem = Memory(view)
    card = next(c for c in view.hand if c.rank == 5)
    chance = take_chance(view, mem, card, True, True)
    assert chance == pytest.approx(mem.p_holds(1, 5, 3))
    assert chance < mem.p_holds(1, 5, 2)


def test_italian_unopened_next_side_must_open_before_it_can_take():
    def chance(melds: dict) -> tuple[float, float]:
        g = Game.scripted(ITALIAN, ["9C 5D 8H 6S 7H QC 10D 4C JS KD AS 6D 5H 4H 7D"]
                          + IT_OTHERS, pile="4D 9H QD 8C", melds=melds, stock="9D 7S",
                          pile_frozen=False)
        g.apply(Draw())
        view = g.view(0)
        mem = Memory(view)
        card = view.hand[1]
        return take_chance(view, mem, card, True, False), mem.p_holds(1, card.rank, 2)

    opened, pair = chance({1: ["KS KD KC"]})
    assert opened == pytest.approx(pair)
    unopened, pair = chance({})
    assert unopened == pytest.approx(OPEN_THEN_TAKE * pair)


# ---------------------------------------------------------------------------- 3 players
def three_player_view(scores: tuple[int, int, int]):
    g = Game.scripted(THREE, ["9D 5S 6C JH KD QS 7H", "4S 6D 8S JD 4C 6S",
                              "4H 7C 10S QC 5C 8D"],
                      pile="5D 10C 6H 7S QD 4C", melds={0: ["AS AH AD"], 1: ["9S 9H 9C"],
                                                        2: ["KS KH KC"]},
                      stock="4D 8C", scores=scores)
    g.apply(Draw())
    return g.view(0)


def test_three_players_feeding_a_trailing_player_matters_less_than_feeding_the_leader():
    trailing_next = three_player_view((2000, 0, 4000))
    leading_next = three_player_view((2000, 4000, 0))
    assert threat(trailing_next, 1) < 1.0 < threat(leading_next, 1)
    assert feed_weight(trailing_next) < feed_weight(leading_next)
    # level scores: the pile the next player leaves may still go to the one after
    assert feed_weight(three_player_view((0, 0, 0))) < 1.0


def test_partnerships_weigh_feeding_the_next_opponent_in_full():
    g = Game.scripted(CLASSIC, ["9D 5S 6C JH KD QS 7H", "4S 6D 8S JD", "4C 5S",
                                "4D 7C 10H JC"], pile="5D 10C", scores=(0, 3000))
    g.apply(Draw())
    assert feed_weight(g.view(0)) == 1.0


def discard_of_seat0(g: Game, player: HeuristicPlayer) -> Discard:
    while True:
        action = player.choose(g.view(0))
        if isinstance(action, Discard):
            return action
        g.apply(action)


@pytest.mark.parametrize("scores, gives_nine", [((3000, 0, 6000), True),
                                                ((3000, 6000, 0), False)])
def test_three_players_feeds_the_trailing_next_player_rather_than_the_leader(
        normal, scores, gives_nine):
    # The next player (seat 1) has 9s on the table and takes the pile with our 9. While
    # it trails far behind and the player after it leads, keeping the 9 back (and
    # breaking the pair of queens instead) would mostly pass the pile on to the leader.
    g = Game.scripted(THREE, ["9D QS QH 5S 5H 7C 7D", "4S 6D 8S JD 4C 6S",
                              "4H 7C 10S QC 5C 8D"],
                      pile="5D 10C 6H", melds={0: ["AS AH AD"], 1: ["9S 9H 9C"],
                                               2: ["KS KH KC", "JS JH JC"]},
                      stock="5C 7H", scores=scores)
    g.apply(Draw())
    action = discard_of_seat0(g, normal)
    assert (action.card.rank == 9) is gives_nine, action


# ---------------------------------------------------------------------------- cut-throat
def cutthroat_take(rules):
    g = Game.scripted(rules, ["9H 9D 5S 6C JH 7D 8S", "4S 6D 8S JD 4C 6S",
                              "4H 7C 10S QC 5C 8D"],
                      pile="5D 7C 9C", melds={0: ["KS KH KD"]}, stock="4D 8C",
                      pile_frozen=False)
    return g


def test_cutthroat_does_not_take_a_small_pile_to_play_alone(normal):
    g = cutthroat_take(CUTTHROAT)
    view = g.view(0)
    assert any(isinstance(a, TakePile) for a in view.legal)
    assert isinstance(normal.choose(view), Draw)
    # the same pile without cut-throat is worth taking
    g = cutthroat_take(THREE)
    assert isinstance(normal.choose(g.view(0)), TakePile)


def test_cutthroat_takes_freely_once_the_partnership_is_formed():
    g = cutthroat_take(CUTTHROAT)
    pending = g.view(0)
    take = next(a for a in pending.legal if isinstance(a, TakePile))
    plain = take_value(replace(pending, rules=THREE), take)
    assert take_value(pending, take) == pytest.approx(plain - LONE_HAND_COST)
    # seat 2 takes the pile first and plays alone; seats 0 and 1 become partners
    g = Game.scripted(CUTTHROAT, ["9H 9D 5S 6C JH 7D 8S", "4S 6D 8S JD 4C 6S",
                                  "8H 8D 4H 7C 10S 9S 5C"],
                      pile="5D 7C 8C", melds={1: ["QS QH QD"], 2: ["KS KH KD"]},
                      stock="4D 8C 6H 5H", pile_frozen=False, to_play=2)
    g.apply(next(a for a in g.legal_actions() if isinstance(a, TakePile)))
    g.apply(Discard(parse_cards("9S")[0]))
    formed = g.view(0)
    assert formed.to_play == 0
    assert formed.side_of[0] == formed.side_of[1] != formed.side_of[2]
    take = next(a for a in formed.legal if isinstance(a, TakePile))
    assert take_value(formed, take) == pytest.approx(
        take_value(replace(formed, rules=THREE), take))


# ---------------------------------------------------------------------------- game end
def test_does_not_go_out_when_that_ends_the_game_with_an_opponent_ahead(normal):
    # Going out banks seat 1's big table and takes it past the target, far ahead of us;
    # playing on keeps the game alive.
    g = Game.scripted(THREE, ["QS QH QD 5C", "4S 6D 8S JD 4C", "4H 7C 9S QC 5C 8D"],
                      melds={0: ["KS KH KD KC KH KD KC"],
                             1: ["10S 10H 10D 10C 10S 10H 10D", "AS AH AD"]},
                      pile="5D 7C", stock="QC KS", scores=(3000, 7400, 1000))
    g.apply(Draw())
    view = g.view(0)
    assert any(isinstance(a, Meld) and goes_out(view, a) for a in view.legal)
    while g.phase is Phase.MELD and g.to_play == 0:
        g.apply(normal.choose(g.view(0)))
    assert g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER)


def test_goes_out_when_that_wins_the_game_with_three_players(normal):
    g = Game.scripted(THREE, ["QS QH QD 5C", "4S 6D 8S JD 4C", "4H 7C 9S QC 5C 8D"],
                      melds={0: ["KS KH KD KC KH KD KC"], 1: ["AS AH AD"]},
                      pile="5D 7C", stock="QC KS", scores=(7400, 3000, 1000))
    g.apply(Draw())
    while g.phase is Phase.MELD and g.to_play == 0:
        g.apply(normal.choose(g.view(0)))
    assert g.is_over and g.winners == (0,)
