"""The computer players only ever see a PlayerView: no other hand reaches them."""

from __future__ import annotations

import dataclasses
import random

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai.heuristic import HeuristicPlayer
from game.ai.hints import judge, suggest
from game.rules import VARIANTS, Draw, Game
from game.rules.view import PlayerView


def test_player_view_holds_no_other_hand():
    g = Game.new(VARIANTS["classic"], seed=5)
    view = g.view(0)
    names = {f.name for f in dataclasses.fields(PlayerView)}
    assert "hands" not in names and "stock" not in names
    # nor anything the deal could be worked out from: the hand's seed, the game's key
    # (server seed) or generator
    assert not names & {"seed", "hand_seed", "deal_key", "rng"}
    assert g.hand_seed is not None and str(g.hand_seed) not in repr(view)
    assert g.deal_key is not None and g.deal_key.server_seed.hex() not in repr(view)
    assert view.hand == tuple(g.hands[0])
    others = [c for s in (1, 2, 3) for c in g.hands[s]]
    # the view's card fields are its own hand, the table and public knowledge only
    assert view.hand_sizes == tuple(len(h) for h in g.hands)
    assert all(len(k) == 0 for k in view.known)  # nothing taken from a pile yet
    assert len(others) == 33


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_players_refuse_anything_but_a_view(level):
    g = Game.new(VARIANTS["classic"], seed=5)
    p = HeuristicPlayer(level, seed=1)
    with pytest.raises(TypeError):
        p.choose(g)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        p.answer_go_out(g)  # type: ignore[arg-type]


def _same_public_position(other_hands: list[str]) -> Game:
    # seat 0 holds the same cards and sees the same table; only hidden cards differ
    return Game.scripted(VARIANTS["classic"], ["8H 8D 5S 9C JD 4H 6C"] + other_hands,
                         pile="5D 9S 10D 6H 7S QD 4C", melds={0: ["KS KH KD"]}, stock="7D",
                         seed=1)


def test_hard_decides_the_same_whatever_the_hidden_cards():
    a = _same_public_position(["AS AH AD JK", "QS QH QD QC", "JS JH JC 10S"])
    b = _same_public_position(["6S 6D 7C 9H", "4D 5C 5H 10H", "10C 9D 8C 7H"])
    for g in (a, b):
        g.apply(Draw())
    # hidden hands differ, the public view (apart from nothing) is the same
    va, vb = a.view(0), b.view(0)
    assert va.hand == vb.hand and va.pile == vb.pile and va.hand_sizes == vb.hand_sizes
    pa = HeuristicPlayer("hard", seed=9, budget=100.0)  # capped by worlds, not time, on any machine
    pb = HeuristicPlayer("hard", seed=9, budget=100.0)
    assert pa.choose(va) == pb.choose(vb)
    # a sampled world deals the unseen cards, never the real ones: same seed, same world
    wa = Game.resample(va, random.Random(4))
    wb = Game.resample(vb, random.Random(4))

    def labels(cards) -> list[str]:  # without the deck a copy came from
        return [c.label for c in cards]

    assert [labels(h) for h in wa.hands] == [labels(h) for h in wb.hands]
    assert labels(wa.stock) == labels(wb.stock)


def test_hints_take_a_view_only():
    g = Game.new(VARIANTS["classic"], seed=2)
    view = g.view(g.to_play)
    hint = suggest(view)
    assert hint.action in view.legal
    assert judge(view, hint.action) is None
