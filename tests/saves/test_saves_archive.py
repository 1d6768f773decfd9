"""Past games: every finished game's record is archived atomically, bounded (oldest
dropped first), listed from one index, exported and imported as one JSON file; damaged
files are set aside with a sentence; a SIGKILL in the middle of writes loses nothing
that was archived."""

from __future__ import annotations

import copy
import importlib.util
import json
import random
import signal
from pathlib import Path

import pytest

from game.rules.record import Checked, verify_record
from saves.archive import INDEX_NAME, add_game, archive_dir, export_game, import_game, list_games, load_game
from saves.messages import SaveError
from tests.record.records import game_record
from tests.saves.killing import kill_midway

CHILD = Path(__file__).with_name("archive_child.py")


def _finished():
    spec = importlib.util.spec_from_file_location("archive_child", CHILD)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.finished


finished = _finished()


@pytest.fixture(scope="module")
def record() -> dict:
    return game_record()


def _add(record: dict, number: int, keep: int = 500) -> str:
    return add_game({**record, "finished": finished(number)}, keep)


def test_games_are_listed_newest_first_with_their_summary(home, record):
    names = [_add(record, n) for n in range(3)]
    listing = list_games()
    assert [g.file for g in listing.games] == names[::-1] and not listing.messages
    game = listing.games[0]
    assert game.variant == "classic" and game.hands == len(record["hands"])
    assert game.scores == tuple(record["scores"]) and game.won == (0 in record["winners"])
    assert load_game(names[1])["finished"] == finished(1)


def test_the_oldest_games_go_first_beyond_the_chosen_size(home, record):
    for n in range(7):
        _add(record, n, keep=4)
    assert [g.file for g in list_games().games] == [
        _name(record, n) for n in (6, 5, 4, 3)]
    assert len([p for p in archive_dir().iterdir() if p.name.startswith("game-") and p.suffix == ".json"]) == 4


def _name(record: dict, n: int) -> str:
    from saves.archive import _record_name

    return _record_name({**record, "finished": finished(n)})


def test_a_damaged_game_file_is_set_aside_with_a_message(home, record):
    good = _add(record, 1)
    bad = archive_dir() / "game-20261201000009-0123456789ab.json"
    bad.write_text('{"format": "canasta-record/1", "hands": [', "utf-8")
    listing = list_games()
    assert [g.file for g in listing.games] == [good]
    assert len(listing.messages) == 1 and bad.name in listing.messages[0]
    assert not bad.exists() and any(p.name.startswith("unreadable-") for p in archive_dir().iterdir())
    # a listed file damaged afterwards: loading it says so and sets it aside
    (archive_dir() / good).write_text("not json", "utf-8")
    with pytest.raises(SaveError) as e:
        load_game(good)
    assert good in e.value.message and "unreadable-" in e.value.message
    assert list_games().games == []


def test_a_damaged_index_is_set_aside_and_rebuilt_from_the_games(home, record):
    names = [_add(record, n) for n in range(2)]
    (archive_dir() / INDEX_NAME).write_text("{[", "utf-8")
    listing = list_games()
    assert [g.file for g in listing.games] == names[::-1]
    assert len(listing.messages) == 1 and INDEX_NAME in listing.messages[0]


def test_export_and_import_one_documented_file(home, record, tmp_path):
    name = _add(record, 1)
    out = tmp_path / "game.json"
    export_game(name, out)
    exported = json.loads(out.read_text("utf-8"))
    assert exported == load_game(name) and isinstance(verify_record(exported), Checked)
    (archive_dir() / name).unlink()
    assert import_game(out) == name
    assert [g.file for g in list_games().games] == [name]
    tampered = copy.deepcopy(exported)
    tampered["hands"][0]["totals"][0] += 10
    out.write_text(json.dumps(tampered), "utf-8")
    with pytest.raises(SaveError) as e:
        import_game(out)
    assert "hand 1" in e.value.message


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_while_archiving_loses_no_archived_game(home, child_env):
    rng = random.Random(20261207)
    keep, done, kills = 6, 0, 0
    number_of = {_name(game_record(), n): n for n in range(200)}
    while done < 40:
        printed = kill_midway(CHILD, [str(done), str(keep)], child_env, rng, most_lines=6, jitter=0.004)
        kills += 1
        if printed:
            done = printed[-1] + 1
        listing = list_games()
        assert not listing.messages, listing.messages
        numbers = [number_of[g.file] for g in listing.games]
        # the newest `keep` games (one more when the kill came between a game's file and
        # the index), newest first, ending with the last printed or one not yet printed
        newest = numbers[0] if numbers else -1
        assert newest in (done - 1, done), (kills, done, numbers)
        assert numbers[:keep] == list(range(newest, max(-1, newest - keep), -1))
        assert len(numbers) <= keep + 1 and numbers == sorted(numbers, reverse=True)
        for name in (g.file for g in listing.games):
            load_game(name)
        done = newest + 1
    assert kills >= 5
