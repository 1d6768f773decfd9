"""Settings: defaults, a forgiving load, an atomic save."""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from pathlib import Path

import pytest

from saves import Settings, load_settings, save_settings
from saves import settings as settings_mod


def _path(home: Path) -> Path:
    return home / "config" / "settings.json"


def test_defaults_when_there_is_no_file(home: Path) -> None:
    s = load_settings()
    assert s == Settings()
    assert (s.animation_speed, s.sound_volume, s.muted) == (1.0, 0.8, False)
    assert (s.card_style, s.ai_level, s.variant, s.language) == ("classic", "normal", "classic", "")
    assert s.window_size is None and s.coach and s.show_hints and not s.fullscreen
    assert s.hand_sort == "rank" and s.house_rules == {}


def test_round_trip(home: Path) -> None:
    s = Settings(animation_speed=2.5, sound_volume=0.25, muted=True, card_style="four_colour",
                 back_colour="green", ai_level="hard", variant="classic-2p", target=7500,
                 house_rules={"classic": {"wild_canasta": True, "black3_in_hand_penalty": 100}},
                 language="it", window_size=(1920, 1080), window_pos=(-8, 40), fullscreen=True, coach=False,
                 show_hints=False, hand_sort="suit", seen_tutorial=True)
    save_settings(s)
    assert load_settings() == s
    doc = json.loads(_path(home).read_text())
    assert doc["format"] == settings_mod.SETTINGS_FORMAT and doc["kind"] == "canasta-settings"
    save_settings(Settings())
    assert _path(home).with_suffix(".bak").exists()


def test_bad_values_fall_back_one_by_one(home: Path) -> None:
    path = _path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "settings": {
        "animation_speed": "fast", "sound_volume": 0.3, "muted": 1, "card_style": "neon",
        "back_colour": "red", "ai_level": "Hard; rm -rf", "variant": "no-such-variant", "target": 1234,
        "house_rules": {"classic": {"wild_canasta": True, "cutthroat": "yes", "bogus": 1},
                        "nope": {"wild_canasta": True}, "classic-3p": []},
        "language": "xx", "window_size": [10, 10], "window_pos": [1, "2"], "fullscreen": None, "coach": False,
        "show_hints": True, "hand_sort": "suit", "unknown_field": 42,
    }}))
    s = load_settings()
    d = Settings()
    assert s.animation_speed == d.animation_speed and s.sound_volume == 0.3
    assert s.muted is False and s.card_style == d.card_style and s.back_colour == "red"
    assert s.ai_level == d.ai_level and s.variant == d.variant and s.target is None
    assert s.house_rules == {"classic": {"wild_canasta": True}}
    assert s.language == "" and s.window_size == d.window_size and s.fullscreen is False
    assert s.window_pos is None
    assert s.coach is False and s.hand_sort == "suit"


@pytest.mark.parametrize("content", [b"", b"{", b"[]", b"\xff\xff", b'{"format": 1}',
                                     b'{"format": 1, "settings": 3}', b"NaN", b"[" * 50000])
def test_corrupt_file_means_defaults(home: Path, content: bytes) -> None:
    path = _path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    assert load_settings() == Settings()
    assert path.read_bytes() == content


def test_corrupt_file_falls_back_to_bak(home: Path) -> None:
    save_settings(Settings(sound_volume=0.1))
    save_settings(Settings(sound_volume=0.2))
    _path(home).write_text("{ cut sh")
    assert load_settings().sound_volume == 0.1


def test_newer_format_keeps_known_fields(home: Path) -> None:
    path = _path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 9, "settings": {"muted": True, "new_thing": [1]}}))
    assert load_settings().muted is True


def test_every_field_has_a_check() -> None:
    assert {f.name for f in fields(Settings)} == set(settings_mod._CHECKS)
    # and every default passes its own check
    for name, value in asdict(Settings()).items():
        settings_mod._CHECKS[name](value)


def test_back_colours_match_the_card_art() -> None:
    from sprites.palette import BACKS

    assert set(settings_mod.BACK_COLOURS) == set(BACKS)
