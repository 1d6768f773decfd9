"""`hard`'s search: common worlds, inference-weighted worlds, wider candidates, the fast
rollout policy, determinism."""

from __future__ import annotations

import random

from game.ai.analysis import RACE_FIRST, Worlds, play_out, race
from game.ai.base import act
from game.ai.heuristic import HeuristicPlayer
from game.ai.inference import PAIR_WEIGHT, Inference
from game.ai.rollout import fast_move
from game.ai.sampling import Sampler
from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, parse_cards

HANDS = ["8H 8D 5S 9C JD 4H 2C", "6S 6D 7C 9H", "4D 5C 5H 10H", "10C 9D 8C 7H"]


def _game(hands=HANDS, pile="5D 9S 10D 6H 7S QD 4C", melds=None) -> Game:
    g = Game.scripted(VARIANTS["classic"], hands, pile=pile,
                      melds=melds if melds is not None else {0: ["KS KH KD"]}, stock="AS",
                      seed=1)
    g.apply(Draw())
    return g


def _candidates(view) -> list:
    return Sampler(1, cap=100.0).candidates(view, HeuristicPlayer("hard", seed=1).ranked(view))


def test_every_candidate_is_played_out_in_the_same_worlds():
    # the same move listed twice must score exactly alike: same worlds, same rollouts
    view = _game().view(0)
    five, nine = (Discard(parse_cards(c)[0]) for c in ("5S", "9C"))
    margins, _draws, _capped = play_out(view, [five, nine, five], 12, random.Random(11),
                                        protect=3)
    assert margins[0] == margins[2] and len(margins[0]) == 12


def test_a_seat_that_passed_a_rank_seldom_holds_a_pair_of_it():
    # counting down the pile from seat 0's turn: seat 1 threw the 7 and the 5 and let
    # the 6 lie, so worlds in which it holds a pair of them are unlikely
    view = _game().view(0)
    inference = Inference.of(view)
    passed = dict((s, ranks) for s, ranks, _ in inference.passed)
    assert passed[1] == frozenset({5, 6, 7})

    def pairs(g: Game) -> bool:
        ranks = [int(c.rank) for c in g.hands[1]]
        return any(ranks.count(r) >= 2 for r in passed[1])

    uniform = [Game.resample(view, random.Random(i)) for i in range(300)]
    assert all(inference.weight(g) <= PAIR_WEIGHT for g in uniform if pairs(g))
    worlds = Worlds(random.Random(5))
    kept = [worlds.next(view, inference)[1] for _ in range(300)]
    assert sum(map(pairs, kept)) < 0.7 * sum(map(pairs, uniform))


def test_candidates_reach_past_the_close_discards():
    # a wild card to freeze a big pile, and a wild lay-off onto a meld near a canasta
    view = _game(pile="5D 9S 10D 6H 7S", melds={0: ["KS KH KD", "QS QH QC QD"]}).view(0)
    cands = _candidates(view)
    assert isinstance(cands[0], Discard) and not cands[0].card.is_wild
    assert Discard(parse_cards("2C")[0]) in cands
    assert any(isinstance(a, Meld) and a.onto == (12,) for a in cands)


def test_a_meld_that_melts_the_hand_is_weighed_against_holding_back():
    hands = ["8H 8D 8S 9C JD"] + HANDS[1:]
    view = _game(hands, melds={0: ["KS KH KD 2H"]}).view(0)
    cands = _candidates(view)
    assert isinstance(cands[0], Meld) and len(cands) == 2 and isinstance(cands[1], Discard)


def test_a_small_meld_is_weighed_against_holding_its_cards_back():
    # three 8s with a full hand: melding them, or keeping the pair to take a pile with
    view = _game(["8H 8D 8S 9C JD 4S 5D 6C 10S"] + HANDS[1:]).view(0)
    cands = _candidates(view)
    assert isinstance(cands[0], Meld)
    assert any(isinstance(a, Discard) and not a.card.is_wild for a in cands[1:])


def test_the_fast_policy_does_not_feed_the_next_players_meld():
    g = Game.scripted(VARIANTS["classic"], ["6C KD QS", "6S 6D 7C 9H", "4D 5C 5H 10H",
                                            "10C 9D 8C 7H"],
                      pile="5D 9S 4C", melds={1: ["6H 6D 6S"]}, stock="4S", seed=1)
    g.apply(Draw())
    move = fast_move(g)
    assert move in g.legal_actions()
    assert isinstance(move, Discard) and move.card.rank != 6


def test_the_fast_policy_plays_a_whole_hand_legally():
    g = Game.new(VARIANTS["italian"], seed=3)
    while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        move = fast_move(g)
        assert move in g.legal_actions()
        g.apply(move)


def test_same_seed_same_decisions_in_a_played_hand():
    g = Game.new(VARIANTS["classic"], seed=8)
    normal = HeuristicPlayer("normal", seed=2)
    # a cap far beyond any wait: the world count alone bounds the search
    first, second = (HeuristicPlayer("hard", seed=4, budget=100.0) for _ in range(2))
    sampled = 0
    while g.phase is not Phase.HAND_OVER and sampled < 3:
        view = g.view(g.to_play)
        if g.to_play == 0 and g.phase is not Phase.ASK_PARTNER:
            move = first.choose(view)
            assert second.choose(view) == move
            a, b = first._sampler, second._sampler  # the players' own searches
            assert (a is None) == (b is None)
            if a is not None and b is not None:
                assert [(r.action, r.mean) for r in a.last] == \
                    [(r.action, r.mean) for r in b.last]
                sampled += bool(a.last)
        else:
            move = act(normal, view)
        g.apply(move)
    assert sampled >= 1


def test_the_race_drops_a_move_clearly_behind_and_a_twin_and_keeps_a_close_one():
    lead = [100.0, -50.0, 300.0, 0.0, 80.0, 20.0, 150.0, -10.0]
    close = [x - d for x, d in zip(lead, [30, -20, 10, 0, -15, 25, 5, -30], strict=True)]
    behind = [x - 400.0 - 10.0 * k for k, x in enumerate(lead)]
    margins = [close, behind, lead, list(lead)]
    assert race([0, 1, 2, 3], margins, 0, [0.0] * 4) == [0, 2]
    # a protected move stays whatever it scored, and credit can make another the leader
    assert race([0, 1, 2, 3], margins, 2, [0.0] * 4) == [0, 1, 2]
    assert race([0, 1, 2, 3], margins, 0, [60.0, 0.0, 0.0, 0.0]) == [0]


def test_a_race_with_one_move_left_plays_no_more_worlds():
    # the same move twice: the twin leaves the race after its first worlds, and the
    # other is not played on alone
    view = _game().view(0)
    five = Discard(parse_cards("5S")[0])
    margins, _draws, capped = play_out(view, [five, five], 40, random.Random(3))
    assert [len(m) for m in margins] == [RACE_FIRST, RACE_FIRST] and not capped
