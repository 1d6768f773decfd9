"""Statistics: counted from real games, kept across restarts, never lost to a bad file."""

from __future__ import annotations

import json

import pytest

import game.ai  # noqa: F401 - registers the players
from game.ai.base import act, make_player
from game.i18n import set_locale
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import AnswerGoOut, NextHand
from saves import stats as store
from saves.stats import RECENT_GAMES, Stats, StatsError, note_events


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))
    set_locale("en")


def _play_recording(stats: Stats, seed: int, variant: str = "classic", max_hands: int = 40,
                    game_id: str | None = None) -> Game:
    """A whole game between greedy players, seat 0 counted as the human."""
    rules = (VARIANTS["classic-3p"].with_options(cutthroat=True) if variant == "classic-3p-cutthroat"
             else VARIANTS[variant])
    g = Game.new(rules, seed=seed)
    players = [make_player("greedy", seed + s) for s in range(g.players)]
    gid = game_id or f"{variant}:{seed}"
    while not g.is_over and g.hand_number <= max_hands:
        if g.phase is Phase.HAND_OVER:
            events = g.apply(NextHand())
        else:
            events = g.apply(act(players[g.to_play], g.view(g.to_play)))
        note_events(stats, g, events, gid, "normal", 0)
    return g


@pytest.mark.parametrize("variant", ["classic", "classic-2p", "classic-3p-cutthroat"])
def test_a_game_is_counted_hand_by_hand(variant):
    s = Stats()
    g = _play_recording(s, 4, variant)
    assert g.is_over
    t = s.summary(g.rules.name, "normal")
    p = s.progress
    assert p is not None and p.finished
    assert t.games == 1 and t.hands == g.hand_number == len(p.scores)
    assert p.scores[-1] == list(g.scores)  # the last point of the chart is the final score
    assert t.won == (0 in g.winners) and t.best_game == (g.scores[0] if t.won else None)
    assert s.recent[-1].ours == g.scores[0] and s.recent[-1].theirs == max(g.scores[1:])
    # the hands' scores add up to the final score
    assert t.hand_points == g.scores[0]
    assert 0 <= t.went_out <= t.hands and t.canastas >= t.went_out
    assert t.average_hand == pytest.approx(g.scores[0] / g.hand_number)


def test_a_hand_counted_twice_is_counted_once():
    # a game resumed from an earlier autosave plays a hand already counted again
    s = Stats()
    g = Game.new(VARIANTS["classic"], seed=8)
    players = [make_player("greedy", s_) for s_ in range(4)]
    before_end = None
    while g.phase is not Phase.HAND_OVER and not g.is_over:
        before_end = g.to_dict()
        events = g.apply(players[g.to_play].choose(g.view(g.to_play)) if g.phase is not Phase.ASK_PARTNER
                         else AnswerGoOut(True))
        last = events
    assert note_events(s, g, last, "classic:8", "normal", 0)
    again = Game.from_dict(before_end)
    events = again.apply(players[again.to_play].choose(again.view(again.to_play)))
    assert not note_events(s, again, events, "classic:8", "normal", 0)
    assert s.summary().hands == 1


def test_a_game_loaded_again_from_an_earlier_save_counts_no_hand_twice():
    s = Stats()
    s.record_hand("classic:1", "classic", "normal", 0, 1, (500, 100), (500, 100), 1, True)
    s.record_hand("classic:1", "classic", "normal", 0, 2, (400, 200), (900, 300), 1, True)
    # another game in between replaces the chart's game...
    s.record_hand("classic:2", "classic", "normal", 0, 1, (50, 700), (50, 700), 0, False)
    # ...then the first one is loaded from a save made after its first hand
    assert not s.record_hand("classic:1", "classic", "normal", 0, 2, (300, 300), (800, 400), 1, False)
    assert s.record_hand("classic:1", "classic", "normal", 0, 3, (100, 0), (1000, 300), 0, False)
    assert s.summary().hands == 4
    assert s.record_game("classic:1", (0,), (1000, 300))
    assert not s.record_game("classic:1", (0,), (1000, 300))
    back = Stats.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back.counted == s.counted and back.to_dict() == s.to_dict()


def test_statistics_survive_a_restart():
    s = Stats()
    _play_recording(s, 4)
    _play_recording(s, 5, "classic-2p")
    assert store.save_stats(s) is None
    loaded = store.load_stats()  # what a new process reads
    assert loaded.message is None
    assert loaded.stats.to_dict() == s.to_dict()
    assert loaded.stats.summary().games == 2
    assert loaded.stats.variants() == ["classic", "classic-2p"]


@pytest.mark.parametrize("damage", [
    b"{\"kind\": \"canasta-stats\", \"format\": 1, \"tot",  # cut short
    b"\xff\xfe not text",
    b"[1, 2, 3]",
    json.dumps({"kind": "canasta-stats", "format": 1, "totals": [{"variant": "classic"}],
                "recent": [], "progress": None, "counted": []}).encode(),
    json.dumps({"kind": "canasta-stats", "format": 1, "recent": [], "progress": None, "counted": [],
                "totals": [{"variant": "classic", "level": "normal", "games": 1, "won": 5,
                            "hands": 1, "hands_won": 0, "hand_points": 0, "canastas": 0,
                            "went_out": 0, "best_game": None}]}).encode(),
    json.dumps({"kind": "canasta-stats", "format": 99, "totals": []}).encode(),
])
def test_a_damaged_file_is_set_aside_and_a_fresh_one_started(damage):
    path = store.stats_path()
    path.write_bytes(damage)
    loaded = store.load_stats()
    assert loaded.stats.empty
    assert loaded.message and "statistics" in loaded.message.lower()
    aside = [p for p in path.parent.iterdir() if p.name.startswith("stats.unreadable-")]
    assert len(aside) == 1 and aside[0].read_bytes() == damage  # kept, untouched
    assert not path.exists()
    # the game goes on recording into a fresh file
    s = loaded.stats
    _play_recording(s, 6)
    assert store.save_stats(s) is None
    assert store.load_stats().stats.summary().games == 1


def test_reset_starts_from_nothing_and_keeps_the_old_file_as_backup():
    s = Stats()
    _play_recording(s, 4)
    store.save_stats(s)
    assert store.reset_stats() is None
    assert store.load_stats().stats.empty
    assert json.loads(store.stats_path().with_suffix(".bak").read_text())["totals"]


def test_only_the_last_games_are_kept_for_the_chart():
    s = Stats()
    for i in range(RECENT_GAMES + 3):
        s.record_hand(f"g{i}", "classic", "easy", 0, 1, (100 + i, 50), (5000 + i, 50),
                      1, True)
        assert s.record_game(f"g{i}", (0,), (5000 + i, 50))
    assert len(s.recent) == RECENT_GAMES and s.recent[-1].ours == 5000 + RECENT_GAMES + 2
    assert s.summary().games == RECENT_GAMES + 3
    assert s.summary().best_game == 5000 + RECENT_GAMES + 2
    assert Stats.from_dict(json.loads(json.dumps(s.to_dict()))).to_dict() == s.to_dict()


def test_a_newer_file_is_refused_as_newer():
    with pytest.raises(StatsError) as e:
        Stats.from_dict({"kind": "canasta-stats", "format": 2})
    assert e.value.newer


def test_the_table_session_records_finished_hands(tmp_path):
    from game.ui.shell.session import Session

    s = Session.new(VARIANTS["classic"], "greedy", 12)
    assert s.counts_in_stats and "counted" not in s.extra()
    bots = [make_player("greedy", i) for i in range(4)]
    g = s.game
    while g.phase is not Phase.HAND_OVER and not g.is_over:
        v = g.view(g.to_play)
        s.apply(act(bots[g.to_play], v))
    store.flush_stats()  # written off the table's thread
    got = store.load_stats().stats
    assert got.summary("classic", "greedy").hands == 1
    assert got.progress is not None and got.progress.game_id == "classic:12"
    # practice games and sessions made for other purposes (the tutorial) are not counted
    other = Session(Game.new(VARIANTS["classic"], seed=1), "greedy", 1)
    assert not other.counts_in_stats and other.extra()["counted"] is False


def test_the_table_hears_when_the_file_was_set_aside():
    from game.ui.shell.session import Session

    store.stats_path().write_text("{ damaged", encoding="utf-8")
    s = Session.new(VARIANTS["classic-2p"], "greedy", 5)
    bots = [make_player("greedy", i) for i in range(2)]
    g = s.game
    while g.phase is not Phase.HAND_OVER and not g.is_over:
        s.apply(bots[g.to_play].choose(g.view(g.to_play)))
    store.flush_stats()
    assert s.save_warning and "statistics" in s.save_warning.lower()
    assert store.load_stats().stats.summary().hands == 1  # counted in the fresh file


def test_the_best_game_is_the_best_game_won():
    s = Stats()
    for gid, scores, winners in (("a", (4000, 5200), (1,)), ("b", (3100, 900), (0,))):
        assert s.record_hand(gid, "classic", "normal", 0, 1, scores, scores, 1, False)
        assert s.record_game(gid, winners, scores)
    assert s.summary("classic", "normal").best_game == 3100  # not the lost game's 4,000
