"""A score line's one-sentence explanation stands where it is true: a sentence to "you"
under the player's own column only, a neutral one under the first column with the line."""

from __future__ import annotations

import re

from game.i18n import catalog
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import Discard, Draw, Meld
from game.rules.cards import parse_cards
from game.ui.screens.score import NEUTRAL_EXPLANATIONS, HandEndScene, explanation_columns


def seat_0_goes_out() -> Game:
    """Two players: seat 0 goes out (no cards left), seat 1 is caught with seven."""
    g = Game.scripted(VARIANTS["classic-2p"], ["KS 5S 5H 5D 9C 4C", "4H 6H 10S 7C 5C 8C 8D"],
                      stock="9S 9H", melds={0: ["KH KD KC KS KH KD", "QH QD QC QS QH QD QC"]},
                      pile="JD 8S", pile_frozen=False)
    g.apply(Draw())
    g.apply(Meld([parse_cards("KS"), parse_cards("5S 5H 5D"), parse_cards("9C 9S 9H")]))
    g.apply(Discard(parse_cards("4C")[0]))
    assert g.phase is Phase.HAND_OVER
    return g


def test_an_opponents_line_is_not_explained_to_you_under_their_column():
    g = seat_0_goes_out()
    sides, rules = g.last_scores, g.rules
    assert [line.key for line in sides[1].lines] == ["score.cards_in_hand"]
    # the human went out: "cards still in your hand count against you" is not true of
    # them, so it waits for a hand where the human holds cards at the end
    mine = explanation_columns(sides, 0, rules, alone=True)
    assert "score.cards_in_hand" not in mine
    assert mine["score.went_out"] == 0 and mine["score.melded_cards"] == 0
    # seen from seat 1: its own penalty is explained under its column; seat 0's going
    # out and canastas are explained neutrally under seat 0's; "every card you put on the
    # table" is not said of seat 0's melds
    theirs = explanation_columns(sides, 1, rules, alone=True)
    assert theirs["score.cards_in_hand"] == 1
    assert theirs["score.went_out"] == 0 and theirs["score.natural_canasta"] == 0
    assert "score.melded_cards" not in theirs
    assert "score.went_out" not in explanation_columns(sides, 1, rules, True, seen={"score.went_out"})


def test_the_hand_end_sheet_draws_each_explanation_in_its_column(table):
    t = table(seat_0_goes_out())
    t.app.prefs.explained_lines = []
    end = HandEndScene(t.app, t.scene)
    t.app.push(end)
    t.frames(2)
    human = t.scene.view.human
    assert human == 0 and "score.cards_in_hand" not in end.explain
    assert set(end.explain) == set(end.explain_at) and end.sheet.explained == set(end.explain)
    end.leave()  # only what was shown counts as explained
    assert "score.cards_in_hand" not in t.app.prefs.explained_lines


def test_the_neutral_explanations_say_nothing_of_you():
    you = re.compile(r"(?i)\byou(r)?\b")
    en = catalog("en")
    keys = {k for k in en if k.startswith("explain.")}
    assert NEUTRAL_EXPLANATIONS <= keys
    for key in keys:
        assert bool(you.search(en[key])) == (key not in NEUTRAL_EXPLANATIONS), key
