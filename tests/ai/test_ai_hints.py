"""Hints: a legal move with a plain reason; the coach flags clear mistakes only."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai.base import act
from game.ai.heuristic import HeuristicPlayer
from game.ai.hints import Hint, Warning, judge, suggest
from game.i18n import texts
from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase

CLASSIC = VARIANTS["classic"]
OTHERS = ["4S 6D 8S JD", "4H 6C 10S QC", "4D 7C 10H JC"]
CATALOG = Path(__file__).resolve().parents[2] / "game" / "i18n" / "canasta.en.json"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_suggest_gives_a_legal_move_and_a_sentence_all_through_a_game(variant):
    g = Game.new(VARIANTS[variant], seed=21)
    others = [HeuristicPlayer("normal", seed=s) for s in range(g.rules.players)]
    for _ in range(160):
        if g.phase is Phase.HAND_OVER or g.is_over:
            break
        seat = g.to_play
        view = g.view(seat)
        if g.phase is Phase.ASK_PARTNER:
            g.apply(act(others[seat], view))
            continue
        hint = suggest(view)
        assert isinstance(hint, Hint)
        assert hint.action in view.legal
        assert hint.reason and hint.reason != hint.reason_key and "%{" not in hint.reason
        g.apply(hint.action)


def _feeding_position() -> Game:
    g = Game.scripted(CLASSIC, ["9D 5S 6C JH KD QS 7H"] + OTHERS, pile="5D 10C 6H 7S QD 4C",
                      melds={0: ["AS AH AD"], 1: ["9S 9H 9C"]}, stock="4D")
    g.apply(Draw())
    return g


def test_judge_flags_discarding_into_the_next_opponents_meld():
    view = _feeding_position().view(0)
    nine = next(c for c in view.hand if c.rank == 9)
    w = judge(view, Discard(nine))
    assert isinstance(w, Warning) and w.key == "coach.feeds_pile"
    assert "9♦" in w.reason and "7" in w.reason  # the card and the pile size


def test_judge_is_silent_on_the_suggested_move():
    view = _feeding_position().view(0)
    hint = suggest(view)
    assert isinstance(hint.action, Discard) and hint.action.card.rank != 9
    assert judge(view, hint.action) is None


def test_judge_flags_a_needless_wild_discard_and_breaking_the_frozen_pair():
    g = Game.scripted(CLASSIC, ["QH QD 5S 9C JD 4H 2C KH 3S"] + OTHERS,
                      pile="5D 2D 9S 10D 6H 7S JS KC 4C AS",
                      melds={0: ["KS KC KD"]}, stock="8C")
    g.apply(Draw())
    view = g.view(0)
    two = next(c for c in view.hand if c.rank == 2)
    w = judge(view, Discard(two))
    # the black 3 stops the next player as surely as the 2, and keeps the wild card
    assert w is not None and w.key == "coach.wild_discard_needless" and "3♠" in w.reason
    queens = Meld([[*(c for c in view.hand if c.rank == 12), two]])
    assert g.check(queens) is None
    w = judge(view, queens)
    assert w is not None and w.key == "coach.breaks_pair_meld" and "Q" in w.reason


def test_take_hint_names_the_pile_and_the_pair():
    g = Game.scripted(CLASSIC, ["8H 8D 5S 9C JD 4H 6C"] + OTHERS,
                      pile="5D 2C 9S 10D 6H 7S QD KC 4C AS JH 8C", melds={0: ["KS KH KD"]})
    hint = suggest(g.view(0))
    assert hint.reason_key == "hint.take_pair"
    assert "12 cards" in hint.reason and "Eights" in hint.reason


def test_every_hint_and_coach_key_is_in_the_catalog_with_its_placeholders():
    catalog = json.loads(CATALOG.read_text(encoding="utf-8"))["en"]
    source = "".join(p.read_text(encoding="utf-8")
                     for p in (Path(game.ai.__file__).parent).glob("*.py"))
    used = set(re.findall(r'"((?:hint|coach)\.[a-z_]+)"', source))
    assert used, "no hint keys found"
    for key in used:
        assert key in catalog, key
        assert all(t.strip() for t in texts(catalog[key]))


def test_the_reason_beside_a_hint_names_a_real_alternative_and_no_thin_count():
    """Positions of normal play where the race ended early: the hint said "…about as good:
    0 points apart over 8 simulated deals" of a move reaching the same position (a twin),
    and once "The best move (…) scores more" of a twin of another move, beside its own
    suggestion. A clear lead is said without the count of the few deals that settled it."""
    from game.ai.analysis import RACE_FIRST
    from game.ai.fact_check import Checker, normal_positions

    wanted = {5, 19, 34}
    seen = 0
    for i, (g, seat) in enumerate(normal_positions("classic", 35, seed=3)):
        if i not in wanted:
            continue
        seen += 1
        hint = suggest(g.view(seat))
        last = hint.sentences[-1]
        assert last.key in ("hint.why.clear", "hint.why.beats", "hint.why.close"), (i, last)
        assert dict(last.params).get("count", RACE_FIRST + 1) > RACE_FIRST, (i, hint.reason)
        assert Checker(g, seat).false_statements(hint) == []
    assert seen == len(wanted)
