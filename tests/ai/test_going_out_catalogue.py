"""A scripted catalogue of going-out decisions, in every variant: positions where going
out now is clearly best (it wins the game) and positions where it is clearly wrong (the
hand's end would hand the game to the opponents, whose table already holds enough to
pass the target). The hint must go out in the first and stay in in the second, and the
coach must warn against the other choice and keep quiet about the hint's; every fact
either states is true of the real game (game/ai/fact_check.py)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from game.ai import hints
from game.ai.analysis import HINT, analyse, ends_hand, ways_out
from game.ai.evaluate import table_points
from game.ai.fact_check import Checker, warning_said
from game.ai.heuristic import HeuristicPlayer
from game.rules import VARIANTS, Game
from game.rules.actions import Action, AskGoOut, Discard, Draw, Meld
from game.rules.ruleset import RuleSet

PER_KIND = 30
RANKS = ("4", "5", "6", "8", "9")
SUITS = ("S", "H", "D", "C")
PILES = ("7C 7D", "7H 7S", "7C 7H", "7D 7S", "7S 7C", "7H 7D")


def _ours(rules: RuleSet) -> list[str]:
    """Our side's table: the canastas going out needs (a natural one, a mixed one)."""
    kings = "KS KH KD KC KS KH KD"
    if rules.canastas_to_go_out >= 2 or rules.go_out_needs_natural_and_mixed:
        return [kings, "QS QH QD QC QS 2C 2D"]
    return [kings]


def _theirs(rules: RuleSet) -> list[str]:
    """The opponents' table: worth well over a hundred points, one canasta short of
    going out (a canasta where the variant needs two, none where it needs one)."""
    tens = "10S 10H 10D 10C 2H"
    if rules.canastas_to_go_out >= 2 or rules.go_out_needs_natural_and_mixed:
        return ["JS JH JD JC JS JH JD", tens]
    return ["JS JH JD JC JS JH", tens]


def _their_threes(rules: RuleSet, melds: dict[int, list[str]]) -> dict[int, str] | None:
    """Four red 3s for the opponents where the variant counts them for their table as it
    is (so the end of the hand carries them past the target whatever they hold)."""
    def table(threes: dict[int, str] | None) -> int:
        hands = [r + "S" for r in RANKS][:rules.players]
        g = Game.scripted(rules, hands, pile="7C", melds=melds, red_threes=threes)
        return table_points(rules, g.melds[1], g.red_threes[1])

    four = {1: "3H 3D 3H 3D"}
    return four if table(four) > table(None) else None


def _position(rules: RuleSet, rank: str, other: str, pile: str, good: bool) -> Game:
    """Seat 0 after its draw: three cards of `rank`, the drawn ones of `rank` too, and one
    `other` card to throw last: it can go out. `good`: our side is 100 short of the
    target (going out wins the game); else the opponents are 40 short and the hand's end
    would carry them past it while we are far behind."""
    x = [rank + s for s in SUITS]
    hand = " ".join([x[0], x[1], x[2], other + "C"])
    stock = " ".join((x[3], rank + "S", rank + "H")[:rules.draw_count])
    # the other seats hold four small cards each, of the ranks left
    spare = [r + s for r in RANKS if r not in (rank, other) for s in SUITS]
    hands = [hand] + [" ".join(spare[4 * i:4 * i + 4]) for i in range(rules.players - 1)]
    sides = rules.sides
    low = rules.target // 5
    scores = [low] * sides
    if good:
        scores[0] = rules.target - 100
    else:
        scores[1] = rules.target - 40
    melds = {0: _ours(rules), 1: _theirs(rules)}
    threes = None if good else _their_threes(rules, melds)
    g = Game.scripted(rules, hands, stock=stock, pile=pile, seed=len(pile) + ord(rank[0]),
                      melds=melds, scores=tuple(scores), red_threes=threes)
    g.apply(Draw())
    return g


def positions(rules: RuleSet, good: bool) -> Iterator[Game]:
    combos = ((r, o, p) for r, o in itertools.permutations(RANKS, 2) for p in PILES)
    made = 0
    for rank, other, pile in combos:
        if made == PER_KIND:
            return
        try:
            g = _position(rules, rank, other, pile, good)
        except ValueError:  # a card the variant's decks hold too few of
            continue
        if any(ends_hand(g.view(0), a) for a in g.legal_actions()):
            made += 1
            yield g


def _goes_out(view, action: Action) -> bool:
    return ends_hand(view, action) or isinstance(action, AskGoOut)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("good", [True, False], ids=["out-best", "out-wrong"])
def test_hint_and_coach_get_every_going_out_decision_right(variant: str, good: bool) -> None:
    rules = VARIANTS[variant]
    seen = 0
    normal = HeuristicPlayer("normal")
    for g in positions(rules, good):
        view = g.view(0)
        judged = analyse(view, HINT)
        hint = hints.advise(judged)
        assert _goes_out(view, hint.action) == good, (variant, hint.reason)
        out = max((a for a in ways_out(view) if isinstance(a, Meld)),
                  key=lambda a: sum(map(len, a.groups)))
        # staying in: the turn ended by a discard (a meld that leaves a lay-off and a
        # discard still goes out this turn)
        stay = next(a for _, a in normal.ranked(view) if isinstance(a, Discard))
        wrong, right = (stay, out) if good else (out, stay)
        warning = hints.coach(view, wrong, judged)
        assert warning is not None and warning.better is not None, (variant, wrong)
        assert _goes_out(view, warning.better) == good
        assert hints.coach(view, hint.action, judged) is None
        # and what they say of the position is true of the real game
        checker = Checker(g, 0)
        assert checker.false_statements(hint) == []
        assert checker.false_statements(warning_said(warning, wrong)) == []
        seen += 1
    assert seen == PER_KIND
