"""A move read back from a file (a save's move log, a game record) is checked before use:
anything that is not what `to_dict` writes is refused with ValueError."""

from __future__ import annotations

import pytest

from game.rules import Discard, Draw, Meld, TakePile, parse_cards
from game.rules.actions import action_from_dict


@pytest.mark.parametrize("action", [
    Draw(), Discard(parse_cards("KH")[0]), TakePile(parse_cards("7S 7D"), [parse_cards("8S 8D 8C")]),
    Meld([parse_cards("9S 9D 2C"), parse_cards("JK")], [None, 9]),
])
def test_a_move_reads_back_as_written(action) -> None:
    assert action_from_dict(action.to_dict()) == action


@pytest.mark.parametrize("data", [
    {"type": "discard", "card": 5},
    {"type": "take_pile", "cards": ["7S", 7]},
    {"type": "take_pile", "cards": "7S 7D"},
    {"type": "meld", "groups": [["9S", "9D", None]]},
    {"type": "meld", "groups": [["9S", "9D", "9C"]], "onto": ["nine"]},
    ["type", "draw"],
    {"type": "fly"},
])
def test_a_move_that_is_not_one_is_refused(data) -> None:
    with pytest.raises(ValueError):
        action_from_dict(data)
