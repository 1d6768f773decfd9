"""`Game.resample(view, rng)`: a world consistent with everything one seat's view shows.

The property test resamples positions reached by random play and by `normal` play in
every variant and demands, for every world: no invariant violation (the whole deck is
there exactly once, no hand holds a three it must lay out), the viewer's view of the
world equals the original view, and the world plays on legally. 10,000 worlds in CI;
`-m soak` runs ten times as many.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.ai  # noqa: F401 - registers the computer players
from game.ai.base import act
from game.ai.heuristic import HeuristicPlayer
from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, Rank, TakePile
from game.rules.resample import unseen_cards
from game.rules.view import PlayerView
from tests.rules.scripting import C, c1, went_out

NAMES = sorted(VARIANTS)
# per hypothesis example (25 per variant in CI): 25 * 5 * 72 = 9,000 worlds from random
# play, and 5 * 200 = 1,000 more from games played by `normal`
RANDOM_WORLDS = 72
NORMAL_WORLDS = 200
PLAY_ON = 3


def _view_diff(a: PlayerView, b: PlayerView) -> list[str]:
    return [f.name for f in dataclasses.fields(PlayerView)
            if getattr(a, f.name) != getattr(b, f.name)]


def check_world(g: Game, seat: int, rng: random.Random) -> None:
    """Resample `g` as `seat` sees it; raise on anything short of a perfect world."""
    view = g.view(seat)
    world = Game.resample(view, rng)
    problems = world.invariant_violations()
    assert not problems, (g.rules.name, seat, g.phase, problems)
    again = world.view(seat)
    assert again == view, (g.rules.name, seat, g.phase, _view_diff(view, again))
    # the world is a position the engine plays on from, with legal moves only
    for _ in range(PLAY_ON):
        if world.is_over:
            break
        legal = world.legal_actions()
        assert legal, (g.rules.name, world.phase)
        world.apply(rng.choice(legal))
        problems = world.invariant_violations()
        assert not problems, (g.rules.name, seat, world.phase, problems)


def resample_along_random_play(name: str, seed: int, worlds: int) -> int:
    """Play random legal moves (across hands and games) and resample along the way."""
    rng = random.Random(seed)
    g = Game.new(VARIANTS[name], seed=seed)
    done = 0
    while done < worlds:
        if g.is_over:
            g = Game.new(VARIANTS[name], seed=rng.getrandbits(32))
        if rng.random() < 0.3:
            check_world(g, rng.randrange(g.players), rng)
            done += 1
        g.apply(rng.choice(g.legal_actions()))
    return done


def resample_along_normal_play(name: str, seed: int, worlds: int) -> int:
    """`normal` plays every seat; every decision's position is resampled for one seat."""
    rng = random.Random(seed)
    rules = VARIANTS[name]
    g = Game.new(rules, seed=seed)
    players = [HeuristicPlayer("normal", seed=seed * 10 + s) for s in range(rules.players)]
    done = 0
    while done < worlds:
        if g.is_over:
            g = Game.new(rules, seed=rng.getrandbits(32))
        check_world(g, rng.randrange(g.players), rng)
        done += 1
        seat = g.to_play
        if g.phase is Phase.HAND_OVER:
            g.apply(g.legal_actions()[0])
        else:
            g.apply(act(players[seat], g.view(seat)))
    return done


@pytest.mark.parametrize("name", NAMES)
@given(seed=st.integers(0, 2**31))
def test_resampled_worlds_show_the_same_view_and_play_on(name, seed):
    assert resample_along_random_play(name, seed, RANDOM_WORLDS) == RANDOM_WORLDS


@pytest.mark.parametrize("name", NAMES)
def test_resampled_worlds_of_normal_play(name):
    assert resample_along_normal_play(name, 7, NORMAL_WORLDS) == NORMAL_WORLDS


@pytest.mark.soak
@pytest.mark.parametrize("name", NAMES)
def test_soak_resampled_worlds(name):
    @settings(max_examples=250)
    @given(seed=st.integers(0, 2**31))
    def run(seed: int) -> None:
        assert resample_along_random_play(name, seed, RANDOM_WORLDS) == RANDOM_WORLDS
        assert resample_along_normal_play(name, seed, 8) == 8

    run()


# ---------------------------------------------------------------- what a world may hold


def _hidden_labels(world: Game, seat: int) -> list[list[str]]:
    return [sorted(c.label for c in h) for s, h in enumerate(world.hands) if s != seat]


def test_same_view_and_rng_same_world_whatever_the_hidden_cards():
    # seat 0 sees the same position; the other hands differ between the two games
    def position(others: list[str]) -> Game:
        return Game.scripted(VARIANTS["classic"], ["8H 8D 5S 9C JD 4H 6C", *others],
                             pile="5D 9S 10D 6H 7S QD 4C", melds={0: ["KS KH KD"]}, seed=1)

    a = position(["AS AH AD JK", "QS QH QD QC", "JS JH JC 10S"])
    b = position(["6S 6D 7C 9H", "4D 5C 5H 10H", "10C 9D 8C 7H"])
    assert a.view(0) == b.view(0)
    wa = Game.resample(a.view(0), random.Random(5))
    wb = Game.resample(b.view(0), random.Random(5))
    assert _hidden_labels(wa, 0) == _hidden_labels(wb, 0)
    assert [c.label for c in wa.stock] == [c.label for c in wb.stock]


def test_worlds_vary_and_keep_the_known_cards():
    g = Game.scripted(VARIANTS["classic"], ["8H 8D 5S", "9H 9D 6C 7C", "QS QH 4D", "JS JH 10C"],
                      pile="5D 9S 10D 6H 7S QD 9C", melds={0: ["KS KH KD"], 1: ["AS AH AD"]},
                      to_play=1)
    g.apply(TakePile(C("9H 9D")))  # seat 1 takes: the six cards under the 9C are seen
    g.apply(Discard(c1("7C")))
    known = sorted(c.label for c in g.known[1])
    assert known == sorted("5D 9S 10D 6H 7S QD".split())
    rng = random.Random(3)
    deals = set()
    for _ in range(20):
        world = Game.resample(g.view(2), rng)
        hand1 = [c.label for c in world.hands[1]]
        assert all(hand1.count(k) >= known.count(k) for k in known)
        assert len(hand1) == 7 and world.hands[2] == g.hands[2]
        deals.add((tuple(sorted(hand1)), tuple(sorted(c.label for c in world.hands[3]))))
    assert len(deals) == 20  # the hidden cards are dealt afresh, not copied


@pytest.mark.parametrize("name", ["classic", "modern-american", "italian"])
def test_no_hidden_hand_is_dealt_a_three_it_would_lay_out(name):
    rules = VARIANTS[name]
    g = Game.new(rules, seed=11)
    rng = random.Random(2)
    lays_out = g.lays_out
    for _ in range(300):
        world = Game.resample(g.view(0), rng)
        for h in world.hands:
            assert not any(lays_out(c) for c in h)
    assert any(lays_out(c) for c in unseen_cards(g.view(0)))


def test_italian_face_down_cards_are_dealt_from_the_unseen_cards():
    g = Game.new(VARIANTS["italian"], seed=4)
    hidden = g.pile.hidden
    assert hidden >= 3
    view = g.view(g.to_play)
    assert view.pile_hidden == hidden and len(view.pile) == len(g.pile) - hidden
    seen_under = set()
    rng = random.Random(9)
    for _ in range(30):
        world = Game.resample(view, rng)
        assert world.pile.hidden == hidden
        assert world.pile.cards[hidden:] == g.pile.cards[hidden:]
        seen_under.add(tuple(c.label for c in world.pile.cards[:hidden]))
    assert len(seen_under) == 30


def test_modern_three_kept_as_last_stock_card_stays_in_that_hand():
    rules = VARIANTS["modern-american"]
    g = Game.scripted(rules, ["5H 6D 8C", "4S 6S 8S 10D", "4H 6C 10S 8C", "4D 8D 10H 6H"],
                      stock="3C", melds={0: ["KS KH KD"]}, rest="pile")
    g.apply(Draw())
    assert g.end_reason == "stock_three" and g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    rng = random.Random(1)
    for seat in (1, 2, 3):
        world = Game.resample(g.view(seat), rng)
        assert sum(1 for c in world.hands[0] if c.rank == 3) == 1
        assert not world.invariant_violations()
        assert world.view(seat) == g.view(seat)


def test_a_turn_half_played_is_resampled_as_it_stands():
    g = Game.new(VARIANTS["classic"], seed=21)
    g.apply(Draw())
    seat = g.to_play
    view = g.view(seat)
    world = Game.resample(view, random.Random(0))
    assert world.phase is Phase.MELD and world.drew_from_stock and world.to_play == seat
    assert world.legal_actions() == g.legal_actions()


def test_a_player_down_to_its_last_card_mid_turn_holds_one_it_can_go_out_with():
    # seat 0 melded down to one card, which the engine allows only because that card
    # goes out next (it completes the 7s canasta): every world must give it such a card
    g = Game.scripted(VARIANTS["classic"], ["5S 5C 5H 7D", "9H 9D 6C 8C", "QS QH 4D", "JS JH 10C"],
                      stock="5D KC KD 8S", pile="4C 9S 10D", melds={0: ["7S 7H 7C 7S 7H 7C"]})
    g.apply(Draw())
    g.apply(Meld.of((C("5S 5C 5H 5D"),)))
    assert [c.label for c in g.hands[0]] == ["7D"]
    rng = random.Random(11)
    for _ in range(60):
        world = Game.resample(g.view(1), rng)
        assert world.view(1) == g.view(1)
        assert world.hands[0][0].rank in (Rank.SEVEN, Rank.JOKER, Rank.TWO)
        assert any(went_out(Game.from_dict(world.to_dict()).apply(a)) for a in world.legal_actions())
