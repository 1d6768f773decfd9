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

    from game.i18n import placeholders

    root = Path(game.ai.__file__).resolve().parents[1] / "locale"
    cats = {lang: json.loads((root / f"canasta.{lang}.json").read_text(encoding="utf-8"))[lang]
            for lang in ("en", "it", "es")}
    for kind in Blunder:
        key = f"coach.{kind.value}"
        for lang, cat in cats.items():
            assert cat.get(key, "").strip(), (lang, key)
            assert placeholders(cat[key]) == placeholders(cats["en"][key]), (lang, key)
