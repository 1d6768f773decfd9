"""A small tournament and a small duplicate match run end to end, quickly."""

from __future__ import annotations

import json
import math

import game.ai  # noqa: F401 - registers the players
from game.cli.main import main
from game.cli.tournament import (
    mean_ci,
    paired_difference,
    run_duplicate,
    run_tournament,
    seat_pattern,
    wilson,
)


def test_wilson_interval_brackets_the_rate():
    lo, hi = wilson(75, 100)
    assert lo < 0.75 < hi and 0.6 < lo and hi < 0.85
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_alternate_and_pairs_swap():
    assert seat_pattern(4, 0, False) == ("a", "b", "a", "b")
    assert seat_pattern(4, 0, True) == ("b", "a", "b", "a")
    assert seat_pattern(4, 1, False) == ("b", "a", "b", "a")
    assert seat_pattern(3, 1, False) == ("b", "a", "b")
    assert seat_pattern(3, 1, True) == ("a", "b", "a")


def test_small_tournament_runs_and_reports():
    r = run_tournament("classic-2p", "normal", "random", games=4, seed=3)
    assert r["games"] == 4 and r["errors"] == 0
    assert r["a_wins"] + r["b_wins"] + r["unfinished"] == 4
    lo, hi = r["ci95"]
    assert 0.0 <= lo <= hi <= 1.0


def test_small_duplicate_runs_and_reports():
    r = run_duplicate("classic", "normal", "greedy", deals=2, seed=3)
    assert r["deals"] == 2 and r["hands"] == 4 and r["errors"] == 0
    mean, lo, hi = mean_ci([1.0, 3.0])  # standard deviation √2 over √2 values: half-width 1.96
    assert mean == 2.0 and math.isclose(mean - lo, 1.96) and math.isclose(hi - mean, 1.96)


def test_duplicate_deals_cancel_the_luck_of_the_cards():
    # the same player on both sides plays a deal's two games alike: every margin cancels
    same = run_duplicate("classic", "greedy", "greedy", deals=2, seed=3)
    assert same["mean_margin_per_deal"] == 0.0 and same["ci95"] == [0.0, 0.0]
    assert same["a_better_deals"] == same["b_better_deals"] == 0
    # naming the players the other way round replays the same games: the margin's sign flips
    ab = run_duplicate("classic", "normal", "greedy", deals=2, seed=3)
    ba = run_duplicate("classic", "greedy", "normal", deals=2, seed=3)
    assert ab["mean_margin_per_deal"] == -ba["mean_margin_per_deal"] != 0.0
    assert (ab["a_better_deals"], ab["b_better_deals"]) == (ba["b_better_deals"], ba["a_better_deals"])
    # A's worst deals are named with their seeds, worst first; B's are A's best
    worst = ab["worst_deals"]
    assert [m for _, m in worst] == sorted(m for _, m in worst)
    assert math.isclose(sum(m for _, m in worst) / len(worst), ab["mean_margin_per_deal"], abs_tol=0.1)
    assert {s: -m for s, m in worst} == dict(ba["worst_deals"])


def test_cli_prints_one_json_object(capsys):
    code = main(["tournament", "--variant", "classic-2p", "--games", "2", "--a", "normal",
                 "--b", "greedy", "--seed", "5", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert {"games", "a_wins", "b_wins", "a_win_rate", "ci95"} <= set(out)


def test_two_matches_over_the_same_deals_compare_deal_by_deal():
    # a change is told from noise by each deal's margin against the old version's on the
    # same deal: normal's margin over greedy less greedy's own (0 on every deal)
    ab = run_duplicate("classic", "normal", "greedy", deals=3, seed=3)
    same = run_duplicate("classic", "greedy", "greedy", deals=3, seed=3)
    assert [s for s, _ in ab["per_deal"]] == [s for s, _ in same["per_deal"]]
    d = paired_difference(ab, same)
    assert d["deals"] == 3 and d["second"] == 0.0 and d["correlation"] is None
    assert d["difference"] == d["first"] == ab["mean_margin_per_deal"]
    assert d["deals_differing"] == sum(1 for _, m in ab["per_deal"] if m)
    assert paired_difference(ab, ab)["difference"] == 0.0
    assert paired_difference(ab, ab)["correlation"] == 1.0
