"""The `expert` reference opponent: legal in every variant, selectable by name, and
following the published advice it was written from in plain positions."""

from __future__ import annotations

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai.base import REGISTRY, act, make_player
from game.ai.expert import ExpertPlayer, Reading
from game.cli.tournament import run_duplicate
from game.rules import VARIANTS, Discard, Draw, Game, Phase, parse_cards

CLASSIC = VARIANTS["classic"]
RULES = [*VARIANTS.values(), VARIANTS["classic-3p"].with_options(cutthroat=True)]


def card(label: str):
    return parse_cards(label)[0]


def test_expert_is_an_agent_name():
    assert "expert" in REGISTRY
    assert isinstance(make_player("expert", 3), ExpertPlayer)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name + ("-ct" if r.cutthroat else ""))
def test_expert_plays_whole_hands_of_every_variant_legally(rules):
    for seed in range(2):
        g = Game.new(rules, seed=seed)
        players = [make_player("expert", seed * 10 + s) for s in range(rules.players)]
        moves = 0
        while g.phase is not Phase.HAND_OVER and not g.is_over:
            view = g.view(g.to_play)
            action = act(players[g.to_play], view)
            assert action in view.legal
            g.apply(action)
            moves += 1
            assert moves < 3000
        assert g.phase is Phase.HAND_OVER or g.is_over


def test_duplicate_deals_against_the_expert_run():
    result = run_duplicate("classic", "normal", "expert", deals=2, seed=4)
    assert result["errors"] == 0 and result["deals"] == 2


def test_expert_does_not_throw_onto_the_next_players_meld_of_an_unfrozen_pile():
    g = Game.scripted(CLASSIC, ["9D 5S 6C JH KD QS 7H", "4D 6D 8D JD", "4C 6C 8H 10H",
                                "4H 6H 7S JS KH"],
                      pile="5D 10C 6H 7S QD 4C", stock="4S",
                      melds={0: ["AS AH AD"], 1: ["9S 9H 9C"]})
    g.apply(Draw())
    action = make_player("expert", 1).choose(g.view(0))
    assert isinstance(action, Discard) and action.card.rank != 9


def test_expert_reads_the_pile_order():
    g = Game.scripted(CLASSIC, ["9D JD QS QH 4C", "4S 6D 8H 10D AH", "4H 6H 7S 10H AC",
                                "AS AD 4D 5S 6C"],
                      pile="KD 9C 5H 6S", stock="7D", melds={0: ["10C 10D 10S"],
                                                             1: ["AC AD AS"]})
    g.apply(Draw())
    r = Reading(g.view(0))
    assert r.threw[1][9] == 1 and r.declined[1][13] == 1
    assert r.p_pair(1, 9) < r.p_pair(3, 9)
