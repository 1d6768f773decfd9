"""Every sentence the coach and the review state is checked against the real game: each
warning of the coach's catalogue carries fact objects for what it says, and the checker
(game/ai/fact_check.py) finds them true; forged claims of each kind are caught."""

from __future__ import annotations

import pytest

from game.ai import facts as F
from game.ai.analysis import HINT, analyse
from game.ai.coach import Blunder, judge
from game.ai.coach_cases import CASES
from game.ai.fact_check import Checker, Said, normal_decisions, warning_said
from game.ai.facts import Claim
from game.ai.hints import coach
from game.ai.review import rating, reason_and_facts
from game.rules.actions import TakePile
from game.rules.cards import Rank


def _case(kind: Blunder):
    case = next(c for c in CASES if c.kind is kind)
    g = case.build()
    return g, g.view(g.to_play), case


@pytest.mark.parametrize("case", CASES, ids=[c.kind.value for c in CASES])
def test_every_catalogue_warning_carries_true_facts(case):
    g = case.build()
    seat = g.to_play
    action = case.blunder(g)
    warning = judge(g.view(seat), action)
    assert warning is not None
    # what the sentence says travels with it: never a warning without a fact to check
    assert warning.facts
    assert Checker(g, seat).false_statements(warning_said(warning, action)) == []


# (the kind whose scripted position is used, the move the statement is about, the
# forged fact: false in that position)
FORGED = [
    (Blunder.BREAKS_PAIR_DISCARD, "blunder", lambda g, c: Claim("holds", (Rank.NINE, 3))),
    (Blunder.BREAKS_PAIR_DISCARD, "blunder", lambda g, c: Claim("pile_count", 5)),
    # a pile with no wild card in classic: one natural and a wild card take it too
    (Blunder.FEEDS_PILE, "blunder", lambda g, c: Claim("pair_only", Rank.FIVE)),
    (Blunder.FEEDS_PILE, "blunder", lambda g, c: Claim("not_opened")),
    (Blunder.DRAWS_INSTEAD_OF_TAKING, "blunder", lambda g, c: Claim("top_rank", Rank.KING)),
    (Blunder.WILD_FOR_SMALL_PILE, "blunder", lambda g, c: Claim("spends_wild", TakePile(()))),
    (Blunder.SPOILS_NATURAL_CANASTA, "blunder", lambda g, c: Claim("no_canasta")),
    (Blunder.WILD_ON_SMALL_MELD, "reasonable", lambda g, c: Claim("wild_in_new_small_meld")),
    (Blunder.SPOILS_NATURAL_CANASTA, "reasonable", lambda g, c: Claim("spoils_natural")),
    (Blunder.MELDS_HAND_AWAY, "blunder", lambda g, c: Claim("cards_left", 1)),
    (Blunder.SKIPS_OPENING, "blunder",
     lambda g, c: Claim("refusal_after_draw", (c.reasonable(g), "meld.too_few", ()))),
    (Blunder.GOES_OUT_LOSING, "blunder", lambda g, c: Claim("game_end", (c.blunder(g), "won"))),
    (Blunder.REFUSES_WINNING_OUT, "blunder",
     lambda g, c: Claim("game_end", (c.reasonable(g), "lost"))),
    (Blunder.REFUSES_WINNING_OUT, "blunder", lambda g, c: F.GoOutNow(False, "discard.keep_card")),
    (Blunder.ASKS_WHEN_CANNOT_GO_OUT, "blunder", lambda g, c: F.GoOutNow(True)),
    # the side has no canasta: the table, not the melding, is what stops it
    (Blunder.ASKS_WHEN_CANNOT_GO_OUT, "blunder",
     lambda g, c: F.GoOutNow(False, "hint.goout.cannot_meld_all")),
]


@pytest.mark.parametrize(("kind", "about", "make"), FORGED,
                         ids=[f"{k.value}-{i}" for i, (k, _a, _m) in enumerate(FORGED)])
def test_a_false_coach_claim_is_caught(kind, about, make):
    g, _view, case = _case(kind)
    move = case.blunder(g) if about == "blunder" else case.reasonable(g)
    fact = make(g, case)
    assert Checker(g, g.to_play).check(fact, Said(move, (fact,), "")) is not None


def test_a_rated_warning_states_the_label_of_its_own_measurement():
    """The coach's "Mistake: ... lost about N points" is checked twice: the points and the
    label, both measured again in the same worlds; a forged label is caught."""
    g, view, case = _case(Blunder.FEEDS_PILE)
    action = case.blunder(g)
    judged = analyse(view, HINT, own=action)
    warning = coach(view, action, judged)
    assert warning is not None
    checker = Checker(g, g.to_play)
    said = warning_said(warning, action)
    assert checker.false_statements(said) == []
    (rated,) = [f for f in warning.facts if isinstance(f, Claim) and f.what == "rating"]
    best, move, label, worlds, seed = rated.value
    other = "blunder" if label != "blunder" else "best"
    assert checker.check(Claim("rating", (best, move, other, worlds, seed)), said) is not None


def test_a_review_line_carries_its_facts_and_they_hold():
    g, view, case = _case(Blunder.FEEDS_PILE)
    action = case.blunder(g)
    judged, _loss, label = rating(view, action, worlds=16, seed=5)
    sentences, facts = reason_and_facts(judged, action, label)
    assert sentences and facts
    said = Said(action, facts, "")
    checker = Checker(g, g.to_play)
    assert checker.false_statements(said) == []
    analysis = next(f for f in facts if isinstance(f, Claim) and f.what == "analysis")
    better, worse, points, worlds, seed = analysis.value
    forged = Claim("analysis", (better, worse, points + 40, worlds, seed))
    assert checker.check(forged, said) is not None


def _reached(variant: str, index: int, seed: int):
    """The `index`-th position of `normal_decisions` as it stands (the generator plays on
    in the same game)."""
    for i, (g, seat, _played) in enumerate(normal_decisions(variant, index + 1, seed=seed)):
        if i == index:
            return g, seat
    raise AssertionError("no such position")


def test_a_review_line_names_the_reviews_own_label():
    """Regression (benchmarks/hint_facts.py, classic-2p): the review rated a discard that
    feeds the pile a mistake, while its line said "Inaccuracy": the coach, lacking the
    catalogue's better discard in the review's analysis, analysed the position afresh at
    the hint's budget and rated the move from that. The review's rating now stands and
    the catalogue's move is played beside the move in the review's own worlds."""
    from game.ai.review import WORLDS
    from game.rules.actions import Discard

    g, seat = _reached("classic-2p", 130, seed=7)
    view = g.view(seat)
    move = next(a for a in view.legal if isinstance(a, Discard) and a.card.label == "8S")
    judged, _loss, label = rating(view, move, WORLDS, 7 * 1000 + 2 * 130 + 1)
    caught = judge(view, move)
    assert caught is not None and judged.find(caught.better) is None  # the case in point
    sentences, facts = reason_and_facts(judged, move, label)
    assert sentences[0][0] == f"coach.rated.{label}"
    assert Checker(g, seat).false_statements(Said(move, facts, "")) == []


def test_a_hands_cost_is_the_engines_score_sheet_with_its_held_group_penalty():
    """Regression (benchmarks/hint_facts.py, modern-american): "Say no: you still hold 1590
    points that would count against your side" was checked against the cards' values
    alone (90), while the engine's score sheet charges three 7s held 1,500 more: the
    hint was right and the checker wrong. The checker now reads the engine's own sheet."""
    from game.ai.evaluate import hand_cost
    from game.rules import VARIANTS, Game

    rules = VARIANTS["modern-american"]
    g = Game.scripted(rules, ["7S 7H 7D 5C 9H", "4S 6D 8S JD", "4H 6C 10S QC", "4D 8C 10H JC"],
                      pile="5D 10C", stock="4D")
    cards = hand_cost(rules, g.hands[0])
    said = Said(g.legal_actions()[0], (), "")
    checker = Checker(g, 0)
    assert checker.check(Claim("hand_points", cards + rules.held_group_penalty, 0), said) is None
    assert checker.check(Claim("hand_points", cards, 0), said) is not None
