"""The meld list asks `plan_go_out` for a way out only where a cheap count says one may
exist (`_might_go_out`); that count must be a necessary condition, or a way out would go
missing from `legal_actions()`."""

import pytest

from game.rules import VARIANTS, Game, Phase, options
from game.rules.openings import sort_hand
from tests.rules.completeness import positions

NAMES = sorted(VARIANTS)


def _filter_passes(g: Game) -> bool:
    seat = g.to_play
    by_rank, wilds, _, _, black3 = sort_hand(g.hands[seat])
    return options.might_go_out(g, seat, by_rank, len(wilds), len(black3), g.dead_ranks())


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("agent, count", [("random", 1500), ("normal", 300)])
def test_a_way_out_is_never_filtered(name, agent, count):
    planned = 0
    for g in positions(name, agent, seed=5, count=count, every=0.6):
        if g.phase is not Phase.MELD:
            continue
        if options.go_out_plan(g, g.to_play) is not None:
            planned += 1
            assert _filter_passes(g), (name, g.hands[g.to_play], g.melds[g.side_of[g.to_play]])
    if agent == "random":
        assert planned > 0  # the sample holds positions with a way out to judge
