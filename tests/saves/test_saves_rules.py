"""Save files and their rules: the variant plus house options on disk, older files that
hold every rule field still loading, and hostile rule values refused with a sentence that
names the field, without holding up the slot list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import saves
from game.i18n import set_locale
from game.rules import VARIANTS, Game
from game.rules.actions import action_from_dict
from saves import store


def _doc(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _write_doc(path: Path, doc: Any) -> None:
    path.write_text(json.dumps(doc), encoding="utf-8")


def format_1(doc: dict[str, Any], game: Game, **rule_changes: Any) -> dict[str, Any]:
    """A document as format 1 wrote it: the game's every rule field under "rules"."""
    state = dict(doc["game"])
    state.pop("variant")
    state.pop("options")
    state["state_format"] = 1
    state["rules"] = {**json.loads(json.dumps(game.rules.to_dict())), **rule_changes}
    return {**doc, "format": 1, "game": state}


def test_a_save_file_names_the_variant_and_its_house_options(home: Path, helpers) -> None:
    g, _ = helpers.midgame("classic-3p", seed=3, moves=30)
    path = saves.save_slot("three", g)
    doc = _doc(path)
    assert doc["format"] == saves.SAVE_FORMAT == 4
    assert doc["game"]["variant"] == "classic-3p" and "rules" not in doc["game"]
    assert doc["game"]["options"]["cutthroat"] is False
    assert saves.load_file(path).game.to_dict() == g.to_dict()


def test_a_format_1_file_still_loads_and_plays_on(home: Path, helpers) -> None:
    g, players = helpers.midgame("modern-american", seed=9, moves=40)
    path = saves.save_slot("old one", g, {"note": "kept"})
    _write_doc(path, format_1(_doc(path), g))
    before = path.read_bytes()
    loaded = saves.load_slot("old one")
    assert loaded.game.rules is VARIANTS["modern-american"]
    assert loaded.game.to_dict() == g.to_dict() and loaded.extra == {"note": "kept"}
    assert path.read_bytes() == before  # read, never rewritten behind the player's back
    assert [s.name for s in saves.list_slots()] == ["old one"]
    # and it plays on exactly as the game it was saved from
    for _ in range(30):
        if g.is_over:
            break
        move = helpers.step(g, players)
        loaded.game.apply(action_from_dict(move["action"]))
    assert loaded.game.to_dict() == g.to_dict()


@pytest.mark.parametrize(("changes", "field"), [
    ({"decks": 10**8}, "game.rules.decks"),
    ({"decks": 100_000}, "game.rules.decks"),
    ({"target": -5}, "game.rules.target"),
    ({"hand_size": 10**9}, "game.rules.hand_size"),
    ({"players": "four"}, "game.rules.players"),
])
def test_a_hostile_rule_value_in_a_file_is_refused_naming_the_field(home: Path, game, changes,
                                                                   field) -> None:
    path = saves.autosave(game)
    _write_doc(path, format_1(_doc(path), game, **changes))
    with pytest.raises(saves.SaveError) as info:
        saves.load_file(path)
    err = info.value
    assert err.key == "saves.bad_value"
    assert err.message == (f'The save file {path} is damaged: the field "{field}" holds a '
                           "value this game cannot use.")


def test_an_unknown_variant_or_house_option_is_named(home: Path, game) -> None:
    path = saves.autosave(game)
    doc = _doc(path)
    _write_doc(path, {**doc, "game": {**doc["game"], "variant": "poker"}})
    with pytest.raises(saves.SaveError) as info:
        saves.load_file(path)
    assert info.value.key == "saves.unknown_variant"
    assert '("poker" in the field "game.variant")' in info.value.message
    _write_doc(path, {**doc, "game": {**doc["game"], "options": {"jokers_wild_forever": True}}})
    with pytest.raises(saves.SaveError) as info:
        saves.load_file(path)
    assert info.value.key == "saves.unknown_option"
    assert 'house rule this version does not know ("jokers_wild_forever"' in info.value.message
    _write_doc(path, {**doc, "game": {**doc["game"], "options": {"target": -5}}})
    with pytest.raises(saves.SaveError) as info:
        saves.load_file(path)
    assert info.value.key == "saves.bad_value" and '"game.options.target"' in info.value.message


def test_the_refusal_is_in_the_players_language(home: Path, game) -> None:
    path = saves.autosave(game)
    _write_doc(path, format_1(_doc(path), game, decks=10**8))
    set_locale("it")
    try:
        with pytest.raises(saves.SaveError) as info:
            saves.load_file(path)
        message = info.value.message
    finally:
        set_locale("en")
    assert "il campo \"game.rules.decks\" contiene un valore" in message


def test_the_slot_list_reads_past_hostile_files(home: Path, helpers) -> None:
    good, _ = helpers.midgame("classic", seed=1, moves=10)
    saves.save_slot("good", good)
    hostile = {
        "huge decks": {"decks": 10**8},
        "many decks": {"decks": 100_000},
        "negative target": {"target": -5},
        "huge hand": {"hand_size": 10**9},
    }
    for name, changes in hostile.items():
        path = saves.save_slot(name, good)
        _write_doc(path, format_1(_doc(path), good, **changes))
    # a slot damaged the same way but with a sound backup is listed from the backup
    saves.save_slot("with backup", good)
    path = saves.save_slot("with backup", good)
    _write_doc(path, format_1(_doc(path), good, decks=10**8))
    slots, problems = store.scan_slots()
    assert sorted(s.name for s in slots) == ["good", "with backup"]
    assert sorted(p.path.stem for p in problems) == sorted(hostile)
    assert all(p.key == "saves.bad_value" and '"game.rules.' in p.message for p in problems)
