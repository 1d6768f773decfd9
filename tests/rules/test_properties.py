"""Property tests over every variant: invariants under random play, illegal moves refused
without a trace, and save/restore at any point continuing identically."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.i18n import say
from game.rules import VARIANTS, AnswerGoOut, AskGoOut, Discard, Draw, Game, IllegalMove, Meld, NextHand, PassPile, Phase, Rank, TakePile
from game.rules.cards import make_decks

NAMES = sorted(VARIANTS)


def random_move(g: Game, rng: random.Random):
    return rng.choice(g.legal_actions())


def check_state(g: Game) -> None:
    problems = g.invariant_violations()
    assert not problems, problems
    if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        for side in g.hand_score():
            assert side.total == sum(line.points for line in side.lines)


@pytest.mark.parametrize("name", NAMES)
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_random_legal_play_keeps_every_invariant(name, seed, choice_seed):
    g = Game.new(VARIANTS[name], seed=seed)
    rng = random.Random(choice_seed)
    hands = 0
    while not g.is_over and hands < 6:
        legal = g.legal_actions()
        assert legal, f"no legal move in phase {g.phase}"
        if rng.random() < 0.05:  # every generated move must be accepted as legal
            for a in legal:
                assert g.why_illegal(a) is None, (a, g.why_illegal(a))
        before = g.phase
        g.apply(rng.choice(legal))
        check_state(g)
        if before is Phase.HAND_OVER:
            hands += 1
    check_state(g)


def random_action(g: Game, rng: random.Random):
    """Any move at all, most of them nonsense: cards from anywhere, any shape."""
    pool = make_decks(g.rules.decks, g.rules.jokers_per_deck)
    hand = g.hands[g.to_play]

    def cards(k):
        src = hand if hand and rng.random() < 0.7 else pool
        return [rng.choice(src) for _ in range(k)]

    kind = rng.randrange(9)
    if kind == 0:
        return Draw()
    if kind == 1:
        return TakePile(cards(rng.randrange(4)), [cards(3) for _ in range(rng.randrange(2))])
    if kind == 2:
        groups = [cards(rng.randrange(1, 5)) for _ in range(rng.randrange(1, 3))]
        onto = [rng.choice([None, *list(Rank)]) for _ in groups]
        return Meld(groups, onto)
    if kind == 3:
        return Discard(cards(1)[0])
    if kind == 4:
        return AskGoOut()
    if kind == 5:
        return AnswerGoOut(rng.random() < 0.5)
    if kind == 6:
        return PassPile()
    if kind == 7:
        return NextHand()
    return Meld([cards(rng.randrange(3, 8))])


@pytest.mark.parametrize("name", NAMES)
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_illegal_moves_are_refused_with_a_reason_and_change_nothing(name, seed, choice_seed):
    g = Game.new(VARIANTS[name], seed=seed)
    rng = random.Random(choice_seed)
    for _ in range(150):
        if g.is_over:
            break
        action = random_action(g, rng)
        reason = g.why_illegal(action)
        if reason is None:
            g.apply(action)
            check_state(g)
            continue
        before = json.dumps(g.to_dict(), sort_keys=True)
        with pytest.raises(IllegalMove) as e:
            g.apply(action)
        assert str(e.value) == reason
        assert say(e.value.key, e.value.params, e.value.alone) != e.value.key, "a key with no sentence"
        assert json.dumps(g.to_dict(), sort_keys=True) == before
        g.apply(random_move(g, rng))  # move on with a legal move


@pytest.mark.parametrize("name", NAMES)
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31),
       stop=st.integers(0, 400))
def test_restored_game_continues_identically(name, seed, choice_seed, stop):
    g = Game.new(VARIANTS[name], seed=seed)
    rng = random.Random(choice_seed)
    for _ in range(stop):
        if g.is_over:
            break
        g.apply(random_move(g, rng))
    restored = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert restored.to_dict() == g.to_dict()
    rng_a = random.Random(choice_seed + 1)
    rng_b = random.Random(choice_seed + 1)
    for _ in range(300):
        if g.is_over:
            break
        la, lb = g.legal_actions(), restored.legal_actions()
        assert la == lb
        a = rng_a.choice(la)
        assert rng_b.choice(lb) == a
        assert g.apply(a) == restored.apply(a)
    assert restored.to_dict() == g.to_dict()
