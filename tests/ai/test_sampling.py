"""`hard`'s search: worlds from `Game.resample`, a budget counted in rollouts."""

from __future__ import annotations

import random

from game.ai import sampling
from game.ai.analysis import HARD, play_out
from game.ai.heuristic import HeuristicPlayer
from game.ai.sampling import Sampler, careful_players, is_legal, playout
from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, parse_cards


def _position() -> Game:
    g = Game.scripted(VARIANTS["classic"], ["8H 8D 5S 9C JD 4H 6C", "6S 6D 7C 9H", "4D 5C 5H 10H",
                                            "10C 9D 8C 7H"],
                      pile="5D 9S 10D 6H 7S QD 4C", melds={0: ["KS KH KD"]}, seed=1)
    g.apply(Draw())
    return g


def test_a_sampled_decision_plays_its_rollouts_in_the_same_worlds_every_time():
    view = _position().view(0)
    options = HeuristicPlayer("hard").ranked(view)
    first, second = Sampler(7, cap=100.0), Sampler(7, cap=100.0)
    assert first.decide(view, options) == second.decide(view, options)
    assert first.last and [(r.action, r.mean, r.worlds) for r in first.last] == \
        [(r.action, r.mean, r.worlds) for r in second.last]
    d = first.decisions[-1]
    assert d.rollouts == sum(r.worlds for r in first.last) and not d.capped
    assert d.worlds <= HARD.worlds and d.candidates == len(first.last)


def test_the_wall_clock_cap_only_shortens_the_search():
    view = _position().view(0)
    cands = [Discard(parse_cards(c)[0]) for c in ("5S", "JD")]
    margins, draws, capped = play_out(view, cands, 40, random.Random(7), cap=0.0)
    assert capped and [len(m) for m in margins] == [1, 1] and draws >= 1


def test_hard_is_deterministic_given_its_seed():
    g = _position()
    view = g.view(0)
    picks = {HeuristicPlayer("hard", seed=3, budget=100.0).choose(view) for _ in range(2)}
    assert len(picks) == 1 and picks.pop() in view.legal


def test_is_legal_judges_on_a_resampled_world():
    view = _position().view(0)
    assert is_legal(view, Discard(parse_cards("5S")[0]))
    assert not is_legal(view, Discard(parse_cards("AS")[0]))
    assert not is_legal(view, Meld([parse_cards("8H 8D")]))


def test_a_deeper_rollout_plays_on_past_the_usual_cut_off():
    # from the deal, the usual cut-off comes long before anyone can go out; a rollout
    # ten times as deep is played to the hand's end and scored as the hand scores
    g = Game.new(VARIANTS["classic"], seed=0)
    view = g.view(g.to_play)
    shallow = Game.resample(view, random.Random(1))
    deep = shallow.copy()
    playout(shallow, view.seat, careful_players())
    playout(deep, view.seat, careful_players(), depth=10.0)
    assert shallow.phase not in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert deep.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert len(deep.stock) < len(shallow.stock)


def test_a_thorough_rollout_is_played_by_normal_alone(monkeypatch):
    def no_fast_moves(g, w=None):
        raise AssertionError("the fast policy moved in a thorough rollout")

    monkeypatch.setattr(sampling, "fast_move", no_fast_moves)
    view = _position().view(0)
    world = Game.resample(view, random.Random(2))
    world.apply(Discard(parse_cards("5S")[0]))
    assert isinstance(playout(world, view.seat, careful_players(), thorough=True), float)
