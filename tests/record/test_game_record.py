"""A game record replays from its seeds alone, and `verify_record` names the first place a
tampered one disagrees: a card swapped in a draw, a score changed, a move made illegal."""

from __future__ import annotations

import copy
import json

import pytest

from game.record_text import disagreement_text
from game.rules.record import Checked, Disagreement, Place, verify_record
from tests.record.records import game_record


@pytest.fixture(scope="module")
def record() -> dict:
    return json.loads(json.dumps(game_record()))


def _refused(rec: dict) -> Disagreement:
    found = verify_record(rec)
    assert isinstance(found, Disagreement), found
    return found


def _moves(rec: dict, hand: int):
    return list(enumerate(rec["hands"][hand - 1]["moves"], 1))


def test_a_whole_games_record_verifies(record):
    checked = verify_record(record)
    assert isinstance(checked, Checked)
    assert checked.hands == len(record["hands"]) >= 2
    assert record["winners"] and all(h["totals"] for h in record["hands"])


def test_a_card_swapped_in_a_draw_is_refused_at_that_move(record):
    rec = copy.deepcopy(record)
    index, move = next((i, m) for i, m in _moves(rec, 2) if "drew" in m)
    move["drew"][-1] = "KS" if move["drew"][-1] != "KS" else "QH"
    found = _refused(rec)
    assert found.place == Place(2, index, move["seat"])
    assert found.params["what"] == "drew"
    text = disagreement_text(found, rec)
    assert f"hand 2, move {index}" in text and found.params["recorded"] in text


def test_a_changed_score_is_refused_at_its_hand(record):
    rec = copy.deepcopy(record)
    rec["hands"][1]["totals"][0] += 5
    found = _refused(rec)
    assert found.place == Place(2) and found.params["what"] == "totals"
    assert "hand 2" in disagreement_text(found, rec)


def test_a_move_made_illegal_is_refused_at_that_move(record):
    rec = copy.deepcopy(record)
    index, move = next((i, m) for i, m in _moves(rec, 2) if m["action"]["type"] == "discard")
    held = set(rec["hands"][1]["dealt"][move["seat"]])
    move["action"]["card"] = next(c for c in ("JK", "2S", "AS", "KH", "7D") if c not in held)
    found = _refused(rec)
    # the card is not in the hand (a card drawn since could be it: then a later move is)
    assert found.key == "verify.record.illegal" and found.place.hand == 2
    assert found.place.move is not None and found.place.move >= index


def test_a_server_seed_that_is_not_the_committed_one_is_refused(record):
    rec = copy.deepcopy(record)
    rec["server_seed"] = "00" * 32
    found = _refused(rec)
    assert found.place == Place() and found.key == "verify.record.commitment"


def test_another_players_seed_deals_other_cards(record):
    rec = copy.deepcopy(record)
    rec["player_seed"] += "!"
    found = _refused(rec)
    assert found.place == Place(1) and found.params["what"] == "seed"


def test_cli_verify_record_exits_0_only_when_all_agrees(record, tmp_path, capsys, monkeypatch):
    from game.cli import main
    from saves.settings import Settings, save_settings

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    save_settings(Settings(language="en"))
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record), "utf-8")
    assert main(["verify", "--record", str(good)]) == 0
    assert "The record checks" in capsys.readouterr().out
    tampered = copy.deepcopy(record)
    index, move = next((i, m) for i, m in _moves(tampered, 3) if "drew" in m)
    move["drew"][0] = "JK" if move["drew"][0] != "JK" else "AS"
    bad.write_text(json.dumps(tampered), "utf-8")
    assert main(["verify", "--record", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"hand 3, move {index} (" in out and "the cards drawn" in out
    bad.write_text("{", "utf-8")
    assert main(["verify", "--record", str(bad)]) == 2
