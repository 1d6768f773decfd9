"""The coach's catalogue: every blunder kind flagged in its scripted position, as that
kind and with a better move the engine accepts; the near-identical reasonable move in the
same position not flagged."""

from __future__ import annotations

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai.coach import Blunder, judge
from game.ai.coach_cases import CASES


def test_the_catalogue_has_a_position_for_every_kind():
    assert {c.kind for c in CASES} == set(Blunder)
    assert len(Blunder) >= 12


@pytest.mark.parametrize("case", CASES, ids=[c.kind.value for c in CASES])
def test_the_blunder_is_flagged_with_a_better_move(case):
    g = case.build()
    view = g.view(g.to_play)
    action = case.blunder(g)
    assert g.check(action) is None, f"the blunder {action} is not even legal"
    w = judge(view, action)
    assert w is not None and w.kind is case.kind, w
    assert w.reason and "%{" not in w.reason
    assert w.better is not None and g.check(w.better) is None, w.better
    assert judge(view, w.better) is None, "the better move is itself flagged"


@pytest.mark.parametrize("case", CASES, ids=[c.kind.value for c in CASES])
def test_the_reasonable_move_is_not_flagged(case):
    g = case.build()
    action = case.reasonable(g)
    assert g.check(action) is None, f"the reasonable move {action} is not legal"
    assert judge(g.view(g.to_play), action) is None


def test_every_kind_has_its_sentence_in_every_language():
    import json
    from pathlib import Path

    from game.i18n import placeholders, texts

    root = Path(game.ai.__file__).resolve().parents[1] / "i18n"
    cats = {lang: json.loads((root / f"canasta.{lang}.json").read_text(encoding="utf-8"))[lang]
            for lang in ("en", "it", "es")}
    for kind in Blunder:
        key = f"coach.{kind.value}"
        for lang, cat in cats.items():
            assert all(t.strip() for t in texts(cat.get(key, ""))), (lang, key)
            assert placeholders(cat[key]) == placeholders(cats["en"][key]), (lang, key)


def test_a_draw_two_variant_weighs_the_pile_against_every_card_drawn():
    # the same position in a variant that draws two: the sentence names both cards, chosen
    # by the rule set's draw count
    from game.i18n import tr
    from game.rules import VARIANTS
    from game.rules.actions import Draw
    from game.rules.engine import Game

    pile = "5D 10C 6H 9S QD 4C KH 8D 9H 5H 7S"
    judged = set()
    for name in VARIANTS:
        rules = VARIANTS[name]
        others = ["4S 6D 8S JD", "4H 6C 10S QC", "4D 7C 10H JC"][:rules.players - 1]
        g = Game.scripted(rules, ["5S 6C 9D 8H", *others], pile=pile, stock="4D",
                          melds={0: ["7H 7D 7C"]}, pile_frozen=False)
        w = judge(g.view(0), Draw())
        if w is None:  # this variant's own rules may not make it a blunder
            continue
        assert w.kind is Blunder.DRAWS_INSTEAD_OF_TAKING
        many = rules.draw_count > 1
        judged.add(many)
        assert w.key.endswith("_many") == many, (name, w.key)
        assert ("a card from the stock" in tr(w.key, count=11, rank="7", draw=2)) != many
        if many:
            assert f"drawing {rules.draw_count} from the stock" in w.reason, w.reason
    assert judged == {True, False}  # both wordings were put to the test
