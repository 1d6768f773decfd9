"""Autosave, named slots and the loader's refusals."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

import saves
from game.rules import Game
from saves import store
from saves.messages import MESSAGES, list_problems_message


def _doc(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _write_doc(path: Path, doc: Any) -> None:
    path.write_text(json.dumps(doc), encoding="utf-8")


def _refused(path: Path, key: str) -> saves.SaveError:
    before = path.read_bytes()
    stat = path.stat()
    with pytest.raises(saves.SaveError) as info:
        saves.load_file(path)
    err = info.value
    assert err.key == key, err.message
    assert str(path) in err.message and err.message.endswith(".")
    assert path.read_bytes() == before and path.stat().st_mtime_ns == stat.st_mtime_ns
    return err


# ------------------------------------------------------------------ autosave

def test_autosave_round_trip_is_exact(home: Path, game) -> None:
    extra = {"human_seat": 0, "ai_level": "normal", "practice": False, "seen": {"1": ["KH"]}}
    path = saves.autosave(game, extra)
    assert path == home / "data" / "autosave.json"
    assert saves.has_autosave()
    loaded = saves.load_autosave()
    assert loaded is not None and not loaded.from_backup and loaded.warning is None
    assert loaded.game.to_dict() == game.to_dict()
    assert loaded.extra == extra
    # the same seeded future: the next card drawn is the same
    assert loaded.game.legal_actions() == game.legal_actions()
    assert [c.label for c in loaded.game.stock[-5:]] == [c.label for c in game.stock[-5:]]
    doc = _doc(path)
    assert doc["format"] == saves.SAVE_FORMAT and doc["kind"] == "canasta-save"
    assert doc["variant"] == "classic" and doc["scores"] == list(game.scores)
    assert datetime.fromisoformat(doc["saved_at"]).tzinfo is not None


def test_no_autosave(home: Path) -> None:
    assert not saves.has_autosave()
    assert saves.load_autosave() is None
    saves.clear_autosave()  # nothing to clear is fine


def test_damaged_autosave_falls_back_to_bak(home: Path, helpers) -> None:
    g, players = helpers.midgame(moves=30)
    saves.autosave(g, {"moves": 30})
    helpers.step(g, players)
    path = saves.autosave(g, {"moves": 31})
    path.write_bytes(path.read_bytes()[:500])
    loaded = saves.load_autosave()
    assert loaded is not None and loaded.from_backup
    assert loaded.extra == {"moves": 30}
    assert loaded.warning and "autosave.json" in loaded.warning and "autosave.bak" in loaded.warning
    assert path.read_bytes()  # untouched: still the damaged bytes, not deleted


def test_both_autosaves_bad(home: Path, game) -> None:
    saves.autosave(game)
    path = saves.autosave(game)
    path.write_text("{")
    path.with_suffix(".bak").write_text("[]")
    with pytest.raises(saves.SaveError) as info:
        saves.load_autosave()
    assert info.value.key == "saves.autosave_both_bad"
    assert "autosave.json" in info.value.message and "autosave.bak" in info.value.message
    assert [c.key for c in info.value.causes] == ["saves.not_json", "saves.not_object"]


def test_damaged_autosave_without_bak_raises(home: Path, game) -> None:
    path = saves.autosave(game)
    path.write_text("")
    with pytest.raises(saves.SaveError, match="empty"):
        saves.load_autosave()


def test_newer_autosave_is_not_replaced_by_its_bak(home: Path, game) -> None:
    saves.autosave(game)
    path = saves.autosave(game)
    doc = _doc(path)
    doc["format"] = 7
    _write_doc(path, doc)
    with pytest.raises(saves.SaveError) as info:
        saves.load_autosave()
    assert info.value.key == "saves.newer_format"
    moved = saves.set_aside_autosave()
    assert moved is not None and _doc(moved)["format"] == 7
    assert not saves.has_autosave() and saves.load_autosave() is None


def test_clear_autosave_removes_it_and_stray_bak_is_ignored(home: Path, game) -> None:
    saves.autosave(game)
    path = saves.autosave(game)
    saves.clear_autosave()
    assert not path.exists() and not path.with_suffix(".bak").exists()
    path.with_suffix(".bak").write_bytes(b"{}")
    assert saves.load_autosave() is None


def test_unwritable_autosave_raises_save_error(home: Path, game, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*a: object, **k: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "write_json_atomic", full)
    with pytest.raises(saves.SaveError, match="No space left"):
        saves.autosave(game)


def test_extra_that_is_not_json_is_refused_before_writing(home: Path, game) -> None:
    path = saves.autosave(game, {"a": 1})
    before = path.read_bytes()
    with pytest.raises(saves.SaveError) as info:
        saves.autosave(game, {"a": {1, 2}})
    assert info.value.key == "saves.not_serialisable"
    assert path.read_bytes() == before


# ------------------------------------------------------------------ bad files

def test_hand_edited_extra_card_is_refused(home: Path, game) -> None:
    path = saves.autosave(game)
    doc = _doc(path)
    doc["game"]["hands"][0].append("KH/0")  # a 109th card
    _write_doc(path, doc)
    err = _refused(path, "saves.bad_game")
    assert "109" in err.message


def test_removed_card_is_refused(home: Path, game) -> None:
    path = saves.autosave(game)
    doc = _doc(path)
    doc["game"]["stock"].pop()
    _write_doc(path, doc)
    assert "107" in _refused(path, "saves.bad_game").message


def test_newer_format_message(home: Path, game) -> None:
    path = saves.autosave(game)
    doc = _doc(path)
    doc["format"] = 7
    _write_doc(path, doc)
    err = _refused(path, "saves.newer_format")
    assert ("made by a newer version of Canasta (format 7); this version reads up to "
            f"format {saves.SAVE_FORMAT}") in err.message


@pytest.mark.parametrize(("content", "key"), [
    (b"", "saves.empty"),
    (b"   \n", "saves.empty"),
    (b"\xff\xfe\x00garbage", "saves.not_text"),
    (b'{"format": 1, "kind": "canasta-save", "game": {', "saves.not_json"),
    (b"[1, 2, 3]", "saves.not_object"),
    (b'"text"', "saves.not_object"),
    (b'{"kind": "something-else", "format": 1}', "saves.wrong_kind"),
    (b'{"hello": "world"}', "saves.wrong_kind"),
    (b'{"kind": "canasta-save"}', "saves.missing_field"),
    (b'{"kind": "canasta-save", "format": "1"}', "saves.bad_format"),
    (b'{"kind": "canasta-save", "format": true}', "saves.bad_format"),
    (b'{"kind": "canasta-save", "format": -1}', "saves.bad_format"),
    (b'{"kind": "canasta-save", "format": NaN}', "saves.bad_game"),
    (b'{"kind": "canasta-save", "format": 1e999}', "saves.bad_game"),
    (b"[" * 100000 + b"]" * 100000, "saves.too_deep"),
])
def test_refusals(tmp_path: Path, content: bytes, key: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    _refused(path, key)


@pytest.mark.parametrize("field", ["kind", "saved_at", "variant", "scores", "game", "extra"])
def test_missing_and_wrong_typed_fields(home: Path, game, field: str) -> None:
    path = saves.autosave(game)
    doc = _doc(path)
    wrong = doc.pop(field)
    _write_doc(path, doc)
    _refused(path, "saves.missing_field")
    doc[field] = [wrong] if field != "scores" else ["0"]
    _write_doc(path, doc)
    _refused(path, "saves.wrong_kind" if field == "kind" else "saves.bad_field")


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(saves.SaveError) as info:
        saves.load_file(tmp_path / "nope.json")
    assert info.value.key == "saves.not_found" and "nope.json" in info.value.message
    with pytest.raises(saves.SaveError) as info:
        saves.load_file(tmp_path)
    assert info.value.key == "saves.unreadable"


def test_too_large_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 200)
    _refused(path, "saves.too_large")


def test_byte_order_mark_is_accepted(home: Path, game) -> None:
    path = saves.autosave(game)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert saves.load_file(path).game.to_dict() == game.to_dict()


def test_unexpected_engine_exception_becomes_save_error(home: Path, game, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saves.autosave(game)

    def boom(d: object) -> None:
        raise OverflowError("int too large")

    monkeypatch.setattr(Game, "from_dict", staticmethod(boom))
    err = _refused(path, "saves.bad_game")
    assert "OverflowError" in err.message


# ------------------------------------------------------------------ migrations

def test_migration_from_format_0(home: Path, game) -> None:
    """Format 0 (prototype): no "kind", the game under "state", no "extra"."""
    path = home / "old.json"
    _write_doc(path, {"format": 0, "saved_at": "2024-01-02T03:04:05", "variant": "classic",
                      "scores": list(game.scores), "state": game.to_dict()})
    before = path.read_bytes()
    loaded = saves.load_file(path)
    assert loaded.game.to_dict() == game.to_dict()
    assert loaded.extra == {}
    assert path.read_bytes() == before  # migration happens in memory only


def test_every_old_format_has_a_migration() -> None:
    assert sorted(saves.MIGRATIONS) == list(range(saves.SAVE_FORMAT))


def test_broken_migration_is_a_save_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.json"
    _write_doc(path, {"format": 0})
    monkeypatch.setitem(store.MIGRATIONS, 0, lambda d: d)  # makes no progress
    _refused(path, "saves.migration_failed")

    def explode(d: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("state")

    monkeypatch.setitem(store.MIGRATIONS, 0, explode)
    _refused(path, "saves.migration_failed")


# ------------------------------------------------------------------ slots

def test_slots_save_list_load_delete(home: Path, helpers) -> None:
    g1, _ = helpers.midgame("classic", seed=1, moves=10)
    g2, _ = helpers.midgame("classic-2p", seed=2, moves=300)
    p1 = saves.save_slot("Sunday game", g1, {"note": 1})
    p2 = saves.save_slot("Città: partita/2 ☃", g2)
    assert p1.parent == p2.parent == home / "data" / "saves"
    slots = saves.list_slots()
    assert [s.name for s in slots] == ["Città: partita/2 ☃", "Sunday game"]  # newest first
    s2 = slots[0]
    assert s2.variant == "classic-2p" and s2.scores == tuple(g2.scores)
    assert s2.hand_number == g2.hand_number and s2.path == p2
    assert s2.saved_at.tzinfo is not None
    assert saves.load_slot("Sunday game").extra == {"note": 1}
    assert saves.load_slot("Città: partita/2 ☃").game.to_dict() == g2.to_dict()
    saves.save_slot("Sunday game", g2)  # overwrite keeps the old one as .bak
    assert p1.with_suffix(".bak").exists()
    assert saves.list_slots()[0].name == "Sunday game"
    saves.delete_slot("Sunday game")
    assert not p1.exists() and not p1.with_suffix(".bak").exists()
    saves.delete_slot("Sunday game")  # idempotent
    assert [s.name for s in saves.list_slots()] == ["Città: partita/2 ☃"]
    with pytest.raises(saves.SaveError) as info:
        saves.load_slot("Sunday game")
    assert info.value.key == "saves.slot_not_found" and "Sunday game" in info.value.message


def test_unreadable_slot_files_are_reported_not_listed(home: Path, game) -> None:
    saves.save_slot("good", game)
    d = home / "data" / "saves"
    (d / "broken.json").write_text("{")
    (d / "other.json").write_text("[]")
    (d / "notes.txt").write_text("ignored")
    (d / ".good.json.x.tmp").write_text("ignored")
    slots, problems = saves.scan_slots()
    assert [s.name for s in slots] == ["good"]
    assert sorted(p.path.name for p in problems) == ["broken.json", "other.json"]
    assert [p.path.name for p in saves.list_problems()] == ["broken.json", "other.json"]
    assert list_problems_message(len(problems)) == "2 saved games could not be read."
    assert list_problems_message(1) == "One saved game could not be read."
    assert list_problems_message(0) == ""


def test_damaged_slot_is_listed_and_loaded_from_its_backup(home: Path, helpers) -> None:
    g1, players = helpers.midgame("classic", seed=4, moves=20)
    saves.save_slot("club night", g1, {"moves": 20})
    helpers.step(g1, players)
    path = saves.save_slot("club night", g1, {"moves": 21})
    path.write_bytes(path.read_bytes()[:300])  # cut short by a crash of the disk, say
    slots, problems = saves.scan_slots()
    assert [s.name for s in slots] == ["club night"] and problems == []
    for loaded in (saves.load_slot("club night"), saves.load_with_backup(slots[0].path)):
        assert loaded.from_backup and loaded.extra == {"moves": 20}
        assert loaded.warning and "club night.json" in loaded.warning and "club night.bak" in loaded.warning
    assert len(path.read_bytes()) == 300  # the damaged file is left as it was
    path.with_suffix(".bak").write_text("[]")
    assert saves.scan_slots()[0] == []
    with pytest.raises(saves.SaveError) as info:
        saves.load_slot("club night")
    assert info.value.key == "saves.slot_both_bad"


@pytest.mark.parametrize(("name", "stem"), [
    ("plain", "plain"),
    ("a/b\\c:d*e?f\"g<h>i|j", "a_b_c_d_e_f_g_h_i_j"),
    ("  spaced\tout \n name  ", "spaced out name"),
    ("...hidden", "hidden"),
    ("trailing. . ", "trailing"),
    ("CON", "_CON"),
    ("lpt1.txt", "_lpt1.txt"),
    ("日本語のゲーム", "日本語のゲーム"),
    ("e\u0301", "\u00e9"),  # NFC: the same name typed two ways is one slot
    ("../../etc/passwd", "_.._etc_passwd"),
])
def test_slot_names_are_sanitised(name: str, stem: str) -> None:
    assert store.safe_file_name(name) == stem


def test_long_names_are_cut_on_a_character_boundary() -> None:
    stem = store.safe_file_name("ü" * 500)
    assert len(stem.encode("utf-8")) <= 120 and set(stem) == {"ü"}


@pytest.mark.parametrize("name", ["", "   ", "...", "///", "\x00\x01"])
def test_unusable_slot_names(home: Path, game, name: str) -> None:
    with pytest.raises(saves.SaveError) as info:
        saves.save_slot(name, game)
    assert info.value.key == "saves.bad_slot_name"


def test_slot_file_stays_inside_the_saves_directory(home: Path, game) -> None:
    path = saves.save_slot("../../escape", game)
    assert path.parent == home / "data" / "saves"
    assert os.listdir(home) == ["data"] or sorted(os.listdir(home)) == ["config", "data"]


def test_every_message_is_one_sentence() -> None:
    for key, text in MESSAGES.items():
        assert key.startswith("saves.") and text.endswith("."), key
        assert "{" not in text.replace("%{", ""), key


# ------------------------------------------------------------------ background autosave

def test_autosave_writer_writes_the_latest_state(home: Path, helpers) -> None:
    g, players = helpers.midgame(moves=5)
    writer = saves.AutosaveWriter()
    try:
        for n in range(40):
            helpers.step(g, players)
            writer.submit(g, {"moves": n})
        assert writer.flush()
        assert writer.last_error is None
        loaded = saves.load_autosave()
        assert loaded is not None and loaded.extra == {"moves": 39}
        assert loaded.game.to_dict() == g.to_dict()
        with pytest.raises(saves.SaveError):
            writer.submit(g, {"bad": {1}})
        writer.clear()
        assert not saves.has_autosave()
    finally:
        assert writer.close()
    with pytest.raises(RuntimeError):
        writer.submit(g)


def test_autosave_writer_reports_disk_errors(home: Path, game, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*a: object, **k: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "write_bytes_atomic", full)
    writer = saves.AutosaveWriter()
    writer.submit(game)
    assert writer.close()
    assert writer.last_error is not None and "No space left" in writer.last_error.message
