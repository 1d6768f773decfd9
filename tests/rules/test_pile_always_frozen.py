"""The classic house rule "the discard pile is always frozen" (`pile_always_frozen`): taking
the pile always needs a natural pair of the top card's rank, in every classic variant, and
the option is saved, described and offered only where it changes something."""

from __future__ import annotations

import json
import random

import pytest

from game.rules import VARIANTS, Draw, Game, Phase, TakePile
from game.rules.ruleset import offered_house_options
from game.rules_text import plain_text
from tests.rules.completeness import compare, describe
from tests.rules.scripting import C, refused

CLASSICS = ("classic", "classic-2p", "classic-3p")
FILLERS = ("5S 6D 10S QD", "5H 6C 10D QH", "5C 8C 10H JC")


def _frozen(name: str):
    return VARIANTS[name].with_options(pile_always_frozen=True)


def _position(rules, hand: str) -> Game:
    """Seat 0 to draw, its side holding a meld of 7s and one of kings, a 7 on a pile that
    holds no wild card."""
    hands = [hand, *FILLERS[:rules.players - 1]]
    return Game.scripted(rules, hands, pile="4C 9D 7S", melds={0: ["7C 7D 7S", "KS KH KD"]})


@pytest.mark.parametrize("name", CLASSICS)
def test_without_the_option_the_pile_is_taken_with_one_natural_and_a_wild_card(name):
    g = _position(VARIANTS[name], "7H JK 5D 6C 9C")
    assert not g.pile.frozen
    assert g.check(TakePile(C("7H JK"))) is None
    assert g.check(TakePile(())) is None  # the top card onto the side's 7s


@pytest.mark.parametrize("name", CLASSICS)
def test_with_the_option_a_pile_without_wild_cards_needs_a_natural_pair(name):
    g = _position(_frozen(name), "7H JK 5D 6C 9C")
    assert g.pile.frozen and g.view(0).pile_frozen
    reason = refused(g, TakePile(C("7H JK")), "pile.frozen_need_pair")
    assert "frozen" in reason and "natural pair" in reason
    refused(g, TakePile(()), "pile.frozen_need_pair")
    assert not any(isinstance(a, TakePile) for a in g.legal_actions())


@pytest.mark.parametrize("name", CLASSICS)
def test_with_the_option_a_natural_pair_takes_the_pile_as_a_frozen_one(name):
    g = _position(_frozen(name), "7H 7D JK 5D 6C 9C")
    takes = {a for a in g.legal_actions() if isinstance(a, TakePile)}
    # a pair, with or without a wild card beside it, as for a pile a wild card froze
    assert takes == {TakePile(C("7H 7D")), TakePile(C("7H 7D JK"))}
    g.apply(TakePile(C("7H 7D")))
    assert len(g.pile) == 0 and g.pile.frozen  # the next discard starts a frozen pile


def test_a_game_with_the_option_is_saved_and_loaded_with_it():
    rules = _frozen("classic")
    g = Game.new(rules, seed=5)
    g.apply(Draw())
    d = json.loads(json.dumps(g.to_dict()))
    assert d["options"]["pile_always_frozen"] is True
    loaded = Game.from_dict(d)
    assert loaded.rules == rules and loaded.rules.pile_always_frozen
    assert loaded.pile.frozen and loaded.to_dict() == d
    plain = Game.from_dict(json.loads(json.dumps(Game.new(VARIANTS["classic"], seed=5).to_dict())))
    assert not plain.rules.pile_always_frozen


def test_the_rules_text_says_the_pile_is_always_frozen():
    for name in CLASSICS:
        assert "always frozen" in plain_text(_frozen(name))
        assert "always frozen" not in plain_text(VARIANTS[name])
        # no sentence about taking an unfrozen pile, which never happens
        assert "When it is not frozen" not in plain_text(_frozen(name))


def test_offered_for_the_classic_variants_only():
    for name in CLASSICS:
        assert "pile_always_frozen" in offered_house_options(VARIANTS[name])
    # modern american and italian always take the pile with a natural pair already
    for name in ("modern-american", "italian"):
        assert "pile_always_frozen" not in offered_house_options(VARIANTS[name])


@pytest.mark.parametrize("name", CLASSICS)
def test_legal_actions_are_complete_with_the_option(name):
    """Every listed move passes check() and every legal move of the brute-force
    enumerator is listed, over positions of random play."""
    rules = _frozen(name)
    rng = random.Random(11)
    checked = 0
    for seed in range(3):
        g = Game.new(rules, seed=seed)
        while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) and checked < 30 * (seed + 1):
            if g.phase is Phase.DRAW and rng.random() < 0.5:
                problems = compare(g)
                assert not problems, (describe(g), problems[:5])
                checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked >= 30
