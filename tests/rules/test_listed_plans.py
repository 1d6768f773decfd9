"""The move list's plans: `apply` must play a listed object (its plan kept, or made
when played) exactly as it plays the same move validated afresh; an edited, restored or
resampled game must list what a fresh game lists; and the binding-"yes" unit, handed
the way out the list of the same position found, must judge as a fresh game does."""

import random

import pytest

from game.rules import VARIANTS, AnswerGoOut, AskGoOut, Discard, Draw, Game, Meld, Phase
from tests.rules.completeness import positions
from tests.rules.scripting import C, c1, hands_with

NAMES = sorted(VARIANTS)
CLASSIC = VARIANTS["classic"]
KINGS6 = "KS KH KD KS KH KD"
hands = hands_with(["4C 6D 9H 10S", "4D 6H 9S 10C", "4H 6C 9D 10H"])


def _fresh(g: Game) -> Game:
    return Game.from_dict(g.to_dict())


def _same_meld(a: Meld) -> Meld:
    """An equal move built apart from the list (so `apply` validates it)."""
    return Meld([list(g) for g in a.groups], list(a.onto))


@pytest.mark.parametrize("name", NAMES)
def test_a_listed_group_plays_as_the_same_move_validated(name):
    played = 0
    for g in positions(name, "random", seed=11, count=120, every=0.4):
        if g.phase not in (Phase.MELD, Phase.DRAW):
            continue
        singles = [a for a in g.legal_actions() if isinstance(a, Meld) and len(a.groups) == 1]
        for a in singles[:3]:
            listed, apart = _fresh(g), _fresh(g)
            move = next(m for m in listed.legal_actions() if m == a)
            assert repr(listed.apply(move)) == repr(apart.apply(_same_meld(a)))
            assert listed.to_dict() == apart.to_dict()
            played += 1
    assert played > 0


@pytest.mark.parametrize("name", NAMES)
def test_edited_restored_and_resampled_games_list_what_a_fresh_game_lists(name):
    rng = random.Random(3)
    for i, g in enumerate(positions(name, "random", seed=17, count=60, every=0.5)):
        if g.phase is Phase.GAME_OVER:
            continue
        listed = repr(g.legal_actions())
        assert repr(_fresh(g).legal_actions()) == listed  # restored
        world = Game.resample(g.view(g.to_play), rng)
        assert repr(world.legal_actions()) == repr(_fresh(world).legal_actions())
        if i % 3 == 0 and g.phase is Phase.MELD and g.hands[g.to_play]:
            # a hand edited by hand (a new list: the engine's position key sees it)
            hand = g.hands[g.to_play]
            g.hands[g.to_play] = hand[1:] + hand[:1]
            assert repr(g.legal_actions()) == repr(_fresh(g).legal_actions())
            g.hands[g.to_play] = hand


def test_binding_yes_is_judged_with_the_lists_own_way_out():
    g = Game.scripted(CLASSIC, hands("KC 5S 5H 5D 8C"), stock="5C", melds={0: [KINGS6]})
    g.apply(Draw())
    g.apply(AskGoOut())
    g.apply(AnswerGoOut(True))
    listed = g.legal_actions()
    way = g.go_out_meld(0)
    assert way is not None and way in listed
    assert not any(isinstance(a, Discard) for a in listed)
    assert g.why_illegal(Discard(c1("8C"))) is not None
    # after a move the shared answer is stale: the way out is worked out again
    g.apply(Meld([C("KC")]))
    again = g.go_out_meld(0)
    assert again is not None and again is not way
    assert again == _fresh(g).go_out_meld(0)


@pytest.mark.parametrize("name", NAMES)
def test_every_listed_single_group_plays_as_the_same_move_validated(name):
    """Single groups no unit may refuse are listed without a plan (`listed_plan` makes it
    when one is played, from the move: its rank, or `onto`, or the meld of wild cards):
    wild cards alone, groups before the draw, every one of a list, not only the first."""
    kinds: set[str] = set()
    for g in positions(name, "random", seed=23, count=60, every=0.5):
        if g.phase not in (Phase.MELD, Phase.OPEN):
            continue
        for a in g.legal_actions():
            if not isinstance(a, Meld) or len(a.groups) != 1:
                continue
            listed, apart = _fresh(g), _fresh(g)
            move = next(m for m in listed.legal_actions() if m == a)
            assert repr(listed.apply(move)) == repr(apart.apply(_same_meld(a)))
            assert listed.to_dict() == apart.to_dict()
            wild = all(c.is_wild for c in a.groups[0])
            kinds.add(("onto" if a.onto else "own") if wild else g.phase.value)
    assert "meld" in kinds and ("onto" in kinds or "own" in kinds)
