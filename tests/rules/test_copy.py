"""`Game.copy()`: the game `Game.from_dict(g.to_dict())` restores, made without the save
form, and independent of the original."""

import random

import pytest

from game.rules import VARIANTS, Game, NextHand, Phase


def _positions(variant: str, count: int, seed: int) -> list[Game]:
    """Positions of random play (every phase, hands over and games won included); each
    is kept as the live game object at that moment, then play goes on in a copy."""
    rng = random.Random(seed)
    out: list[Game] = []
    g = Game.new(VARIANTS[variant], seed=seed)
    while len(out) < count:
        if rng.random() < 0.2:
            out.append(g)
            g = Game.from_dict(g.to_dict())  # play goes on in another object
        if g.is_over:
            g = Game.new(VARIANTS[variant], seed=rng.randrange(10**6))
        elif g.phase is Phase.HAND_OVER:
            g.apply(NextHand())
        else:
            g.apply(rng.choice(g.legal_actions()))
    return out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_copy_is_the_game_a_save_restores(variant):
    for g in _positions(variant, 60, 5):
        restored, copied = Game.from_dict(g.to_dict()), g.copy()
        assert copied.to_dict() == restored.to_dict() == g.to_dict()
        assert copied.invariant_violations() == []
        assert copied.history == restored.history == []
        assert copied.last_scores == restored.last_scores
        assert [m.cards for side in copied.melds for m in side.values()] == [
            m.cards for side in restored.melds for m in side.values()]
        assert [(m.naturals, m.wilds) for side in copied.melds for m in side.values()] == [
            (m.naturals, m.wilds) for side in restored.melds for m in side.values()]
        # the same move list, in the same order, and the same play from there
        assert repr(copied.legal_actions()) == repr(restored.legal_actions())
        rng_a, rng_b = random.Random(1), random.Random(1)
        for _ in range(6):
            if copied.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                break
            a = rng_a.choice(copied.legal_actions())
            b = rng_b.choice(restored.legal_actions())
            assert repr(copied.apply(a)) == repr(restored.apply(b))
        assert copied.to_dict() == restored.to_dict()


def test_a_copy_shares_no_state_with_the_original():
    for g in _positions("classic-3p", 40, 9) + _positions("italian", 40, 9):
        before = g.to_dict()
        listed = repr(g.legal_actions())
        c = g.copy()
        if c.phase is Phase.HAND_OVER:
            c.apply(NextHand())
        elif not c.is_over:
            for _ in range(4):
                if c.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                    break
                c.apply(random.Random(3).choice(c.legal_actions()))
        c.rng.random()
        assert g.to_dict() == before
        assert repr(g.legal_actions()) == listed  # its kept move list still holds
